"""Data shaping for the dashboard (dashboard/views/), on hand-built translation results."""

import re

import numpy as np
import pytest
from conftest import shown

from dashboard import views
from dashboard.views import comparison, formulas, pieces
from nmt_core.translate import AttentionView, Hypothesis, Translation

SOURCE = ("▁Der", "▁Haus", "tür", ".", "</s>")  # words "Der", "Haustür.", "</s>"
TARGET = ("▁The", "▁front", "▁door", ".", "</s>")


def hypothesis(target=TARGET, attention=True, seed=0) -> Hypothesis:
    """A hypothesis over SOURCE with random scores and their softmax as attention."""
    rng = np.random.default_rng(seed)
    scores = rng.normal(size=(len(target), len(SOURCE))) * 2
    weights = np.exp(scores) / np.exp(scores).sum(axis=1, keepdims=True)
    return Hypothesis(
        target_pieces=target,
        text=" ".join(target[:-1]),
        score=-1.5,
        log_probs=np.full(len(target), -0.5),
        attention=weights if attention else None,
        scores=scores if attention else None,
        contexts=rng.normal(size=(len(target), 6)),
        topk_pieces=tuple(("▁The", "▁A") for _ in target),
        topk_probs=np.tile([0.6, 0.3], (len(target), 1)),
    )


def translation(*hypotheses: Hypothesis, reference: Hypothesis | None = None) -> Translation:
    return Translation("Der Haustür.", SOURCE, hypotheses, reference, False)


def test_subword_view_is_the_hypothesis_attention_with_piece_labels():
    hyp = hypothesis()
    view = translation(hyp).attention_view()
    assert view.matrix is hyp.attention
    assert view.source_tokens == SOURCE and view.target_tokens == TARGET


def test_word_view_merges_pieces_and_keeps_rows_summing_to_one():
    view = translation(hypothesis()).attention_view(word_level=True)
    assert view.source_tokens == ("Der", "Haustür.", "</s>")
    assert view.target_tokens == ("The", "front", "door.", "</s>")
    assert view.shape == (4, 3)
    np.testing.assert_allclose(view.matrix.sum(axis=1), 1.0)


def test_view_of_a_chosen_hypothesis_and_of_no_attention():
    second = hypothesis(target=("▁A", "▁door", "</s>"), seed=1)
    result = translation(hypothesis(), second)
    assert result.attention_view(second).target_tokens == ("▁A", "▁door", "</s>")
    assert translation(hypothesis(attention=False)).attention_view() is None


def test_labels_that_do_not_fit_are_rejected():
    with pytest.raises(ValueError, match="shape"):
        AttentionView(np.ones((2, 3)), ("a", "b"), ("x", "y"))


def test_without_eos_drops_the_end_token_only_where_present():
    view = translation(hypothesis()).attention_view()
    trimmed = view.without_eos()
    assert trimmed.shape == (4, 4) and "</s>" not in trimmed.source_tokens + trimmed.target_tokens
    np.testing.assert_array_equal(trimmed.matrix, view.matrix[:4, :4])
    unfinished = AttentionView(np.ones((2, 2)) / 2, ("a", "</s>"), ("x", "y"))
    assert unfinished.without_eos().shape == (2, 1)


def test_pairs_only_views_with_the_same_tokens():
    a = translation(hypothesis(seed=1)).attention_view()
    b = translation(hypothesis(seed=2)).attention_view()
    pair = comparison.pair_views(a, b, "forced")
    assert pair.how == "forced"
    # Worked out here from the two matrices: JS per row in nats, Jaccard of the argmax links.
    p_rows, q_rows = a.matrix, b.matrix
    mid = (p_rows + q_rows) / 2
    kl = lambda x, y: np.sum(np.where(x > 0, x * np.log(x / y), 0.0), axis=1)  # noqa: E731
    np.testing.assert_allclose(pair.divergence, (kl(p_rows, mid) + kl(q_rows, mid)) / 2, atol=1e-9)
    np.testing.assert_allclose(pair.entropy[1], -np.sum(q_rows * np.log(q_rows), axis=1))
    links_a, links_b = (set(enumerate(m.argmax(axis=1))) for m in (p_rows, q_rows))
    assert pair.agreement == pytest.approx(len(links_a & links_b) / len(links_a | links_b))
    assert comparison.pair_views(a, a, "same output").agreement == 1.0
    np.testing.assert_allclose(
        comparison.pair_views(a, a, "same output").divergence, 0.0, atol=1e-12
    )
    shorter = translation(hypothesis(target=TARGET[2:])).attention_view()
    assert comparison.pair_views(a, shorter, "forced") is None


def test_nbest_rows_rank_best_first():
    result = translation(hypothesis(), hypothesis(target=("▁A", "</s>")))
    rows = views.nbest_rows(result)
    assert [r["rank"] for r in rows] == [1, 2]
    assert rows[1] == {"rank": 2, "translation": "▁A", "score": -1.5, "log_prob": -1.0, "pieces": 2}


@pytest.mark.parametrize(
    ("scorer", "decoder", "expected"),
    [
        ("additive", "bahdanau", r"v_a^\top \tanh\left(W_a s_{t-1} + U_a h_j + b_a\right)"),
        ("general", "luong", r"s_t^\top W_a\, h_j"),
        ("dot", "luong", r"s_t^\top h_j"),
        ("scaled_dot", "luong", r"\sqrt{d}"),
    ],
)
def test_score_formula_names_the_state_the_decoder_attends_from(scorer, decoder, expected):
    assert expected in formulas.score_formula(scorer, decoder)


def test_score_formula_of_unknown_scorer_lists_the_known_ones():
    with pytest.raises(ValueError, match="additive, general"):
        formulas.score_formula("bilinear", "bahdanau")
    with pytest.raises(ValueError, match="no attention"):
        formulas.score_formula("none", "bahdanau")


def test_step_equations_show_this_steps_numbers():
    hyp = hypothesis()
    lines = views.step_equations(hyp, 2)
    assert list(lines) == ["scores", "softmax", "weights", "context"]
    e, alpha = hyp.scores[2], hyp.attention[2]
    best = int(alpha.argmax())
    assert rf"(e_{{3,1}}, \dots, e_{{3,{len(e)}}}) = \\ " in lines["scores"]  # then the values
    assert f"{e[0]:.2f}" in lines["scores"]
    # the worked softmax divides exp(e_{t,j*}) by the sum, from the scores as shown, and lands
    # on the model's own weight
    shown = np.round(e, 2)
    assert rf"\alpha_{{3,{best + 1}}}" in lines["softmax"]
    assert f"{np.exp(shown[best]):#.4g}".rstrip(".") in lines["softmax"]
    assert f"{np.exp(shown).sum():#.4g}".rstrip(".") in lines["softmax"]
    assert float(lines["softmax"].rsplit("= ", 1)[1]) == pytest.approx(alpha[best], abs=0.002)
    assert f"{np.linalg.norm(hyp.contexts[2]):.2f}" in lines["context"]
    assert r"\mathbb{R}^{6}" in lines["context"]


def test_step_equations_with_large_scores_subtract_the_maximum():
    hyp = hypothesis()
    big = Hypothesis(**{**hyp.__dict__, "scores": hyp.scores * 100})
    assert r"m = \max_k" in views.step_equations(big, 0)["softmax"]


def test_step_equations_without_attention_show_only_the_context():
    assert list(views.step_equations(hypothesis(attention=False), 0)) == ["context"]


def test_vectors_up_to_twenty_pieces_are_shown_whole_in_rows_that_fit():
    """D3: a sentence of up to 20 pieces shows every score, wrapped, never elided."""
    whole = views._vector(np.arange(20.0))
    assert r"\dots" not in whole and all(f"{v:.2f}" in whole for v in range(20))
    rows = whole.split(r"\\")
    assert len(rows) == 4 and all(row.count(".") <= views.PER_ROW for row in rows)
    assert r"\dots" in views._vector(np.arange(30.0))
    assert r"\dots" not in views._vector(np.arange(3.0))


def worked_numbers(latex: str) -> list[float]:
    """The numbers of a worked softmax line, as a reader reads them (10^k written out)."""
    import re

    found = re.findall(r"(-?\d+(?:\.\d+)?)(?: \\times 10\^\{(-?\d+)\})?", latex)
    return [float(m) * 10 ** int(k or 0) for m, k in found]


@pytest.mark.parametrize("scale", [1.0, 100.0])
def test_the_worked_softmax_redone_from_the_shown_numbers_gives_the_shown_numbers(scale):
    """D14: exp of the scores as displayed, summed, divided: what the page displays (the
    numerator and denominator to their 3 digits, the weight to its 3 decimals)."""
    hyp = hypothesis()
    hyp = Hypothesis(**{**hyp.__dict__, "scores": hyp.scores * scale})
    for step in range(len(hyp.target_pieces)):
        lines = views.step_equations(hyp, step)
        best = int(hyp.attention[step].argmax())
        shown = [float(f"{v:.2f}") for v in hyp.scores[step]]  # as the scores line shows them
        shift = max(shown) if "m = " in lines["softmax"] else 0.0
        numerator = np.exp(shown[best] - shift)
        denominator = np.exp(np.array(shown) - shift).sum()
        numbers = worked_numbers(lines["softmax"].split(r"\frac", 2)[-1])
        top, bottom, alpha = numbers[0], numbers[1], numbers[2]
        assert top == pytest.approx(numerator, rel=5e-4)
        assert bottom == pytest.approx(denominator, rel=5e-4)
        assert alpha == pytest.approx(top / bottom, abs=5e-4)  # to its 3 decimals


def test_the_attended_element_is_shown_in_the_vectors_whatever_the_elision():
    """The worked softmax uses e_{t,j*}: the vectors above it show j* and its neighbours."""
    scores = np.linspace(0.0, 5.0, 12)
    scores[8] = 15.42  # j* = 9: inside what "first values, ..., last" would hide
    weights = np.exp(scores) / np.exp(scores).sum()
    hyp = Hypothesis(
        target_pieces=("▁a", "</s>"),
        text="a",
        score=-1.0,
        log_probs=np.zeros(2),
        attention=np.stack([weights, weights]),
        scores=np.stack([scores, scores]),
        contexts=np.zeros((2, 4)),
        topk_pieces=(("▁a",), ("</s>",)),
        topk_probs=np.ones((2, 1)),
    )
    lines = views.step_equations(hyp, 0)
    assert r"\exp(15.42)" in lines["softmax"] and r"\alpha_{1,9}" in lines["softmax"]
    assert r"\underset{j=9}{\mathbf{15.42}}" in lines["scores"]
    neighbours = (f"{scores[7]:.2f}", f"{scores[9]:.2f}", f"{scores[11]:.2f}")
    assert all(value in lines["scores"] for value in neighbours)  # j*-1, j*+1 and the last
    assert rf"\mathbf{{{weights[8]:.2f}}}" in lines["weights"]


def test_a_gold_line_must_be_one_line_of_links_inside_the_sentence():
    view = AttentionView(np.full((3, 2), 0.5), ("Der", "Hund"), ("The", "dog", "barks"))
    sure, possible = views.gold_for_sentence("0-0 1-1 1?2\n\n", "gold.txt", view)
    assert sure == {(0, 0), (1, 1)} and possible == {(0, 0), (1, 1), (1, 2)}
    with pytest.raises(ValueError, match=r"gold\.txt has 2 lines, but this page scores one"):
        views.gold_for_sentence("0-0\n1-1\n", "gold.txt", view)  # once silently cut to line 1
    with pytest.raises(ValueError, match=r"gold\.txt, line 1: link 2-0 is out of range"):
        views.gold_for_sentence("0-0 2-0", "gold.txt", view)  # 2 source words: 0 and 1
    with pytest.raises(ValueError, match="bad alignment token"):
        views.gold_for_sentence("\x00\x89PNG", "picture.png", view)


def test_a_bare_word_start_piece_is_named_for_what_it_is():
    assert shown(views.piece_description("▁Hund")) == "'▁Hund'"
    assert "start of a new word" in views.piece_description("▁")


def test_directions_and_prompts_name_the_languages():
    assert views.direction_label("de-en") == "German → English"
    assert views.direction_label("en-de") == "English → German"
    assert views.sentence_prompt("de-en") == "Type a German sentence above"
    assert views.sentence_prompt("en-de") == "Type an English sentence above"
    assert views.direction_label("fr-en") == "fr → English"  # an unknown code is shown as it is


@pytest.mark.parametrize(
    ("data", "said"),
    [
        ("0-0 1-1\n".encode("utf-16"), "is UTF-16 text: save it as UTF-8"),
        ("0-0 1-1 Größe\n".encode("latin-1"), "is not UTF-8 text (byte 10)"),
    ],
)
def test_an_upload_in_another_encoding_is_named_as_such(data, said):
    # a UTF-16 gold file was once read as garbage and blamed for its number of lines
    with pytest.raises(ValueError, match=re.escape(f"gold.txt {said}")):
        views.uploaded_text(data, "gold.txt")
    assert views.uploaded_text("\ufeff0-0 1-1".encode(), "gold.txt") == "0-0 1-1"


HEUTE = ("▁He", "ute", "▁ko", "cht", "▁Mama", ".", "</s>")  # "Heute kocht Mama."


def test_a_piece_of_a_longer_word_is_named_with_its_word():
    """ "▁He" of "Heute" reads as English "He" to a class: the word comes with it."""
    assert pieces.piece_name(HEUTE, 0) == "“▁He” (of Heute)"
    assert pieces.piece_name(HEUTE, 3) == "“cht” (of kocht)"
    assert pieces.piece_name(HEUTE, 4) == "“▁Mama”"  # a word of one piece is named alone
    assert shown(pieces.piece_name(HEUTE, 6)) == "“</s>”"
    listed = pieces.pieces_by_word(HEUTE)
    assert listed == "1:▁He+2:ute = Heute  3:▁ko+4:cht = kocht  5:▁Mama+6:. = Mama.  7:</s>"


def test_the_reveal_says_a_words_weight_is_the_sum_of_its_pieces():
    """The formulas give each piece's α (0.77 for "▁ko"); the guess is about words, so the
    reveal's α for "kocht" (0.99) says that it adds up "▁ko" and "cht"."""
    weights = np.array([0.0, 0.01, 0.77, 0.22, 0.0, 0.0, 0.0])
    guess = views.Guess(
        ("Heute", "kocht", "Mama."), np.array([0.01, 0.99, 0.0, 0.0]), 1, HEUTE, weights
    )
    assert shown(guess.verdict(None)) == (
        "The model looks most at **kocht**: α = 0.99, the sum of its pieces: “▁ko” 0.77 + “cht” "
        "0.22."
    )
    whole = np.array([0.9, 0.05, 0.05])  # words of one piece each: the word's α is the piece's
    one_piece = views.Guess(("Heute", "kocht"), whole, 0, ("▁Heute", "▁kocht", "</s>"), whole)
    assert shown(one_piece.verdict(None)) == "The model looks most at **Heute**: α = 0.90."

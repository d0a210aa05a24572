"""Tests for nmt_core.analysis.alignment: hard links, Pharaoh I/O, AER and tidy tables."""

import numpy as np
import pytest

from nmt_core.analysis.alignment import (
    AlignmentScores,
    alignment_agreement,
    alignment_error_rate,
    alignment_error_rate_after_the_first_word,
    alignment_table,
    format_pharaoh,
    hard_alignment,
    later_target_words,
    parse_pharaoh,
    read_pharaoh_file,
    scores_by_class,
)
from nmt_core.analysis.symmetrization import symmetrize

# (tgt_len=3, src_len=4); rows are target tokens. The argmax links {0-0, 3-1, 1-2} are not
# symmetric, so an implementation that swaps source and target gives different links.
ATTENTION = np.array(
    [
        [0.6, 0.3, 0.1, 0.0],
        [0.1, 0.1, 0.1, 0.7],
        [0.0, 0.5, 0.0, 0.5],  # a tie: argmax picks the lowest source index
    ]
)


# ---------------------------------------------------------------- hard alignment


def test_hard_alignment_argmax_links_source_to_target():
    # row 0 -> src 0, row 1 -> src 3, row 2 -> src 1 (tie with 3)
    assert hard_alignment(ATTENTION) == frozenset({(0, 0), (3, 1), (1, 2)})


def test_hard_alignment_threshold():
    # weights >= 0.5: (t0, s0)=0.6, (t1, s3)=0.7, (t2, s1)=0.5, (t2, s3)=0.5
    links = hard_alignment(ATTENTION, method="threshold", threshold=0.5)
    assert links == frozenset({(0, 0), (3, 1), (1, 2), (3, 2)})
    assert hard_alignment(ATTENTION, method="threshold", threshold=0.9) == frozenset()


def test_hard_alignment_unknown_method_lists_valid_names():
    with pytest.raises(ValueError, match="argmax, argmax-null, threshold"):
        hard_alignment(ATTENTION, method="argmin")


@pytest.mark.parametrize("threshold", [0.0, -1.0, float("nan")])
def test_hard_alignment_bad_threshold(threshold):
    with pytest.raises(ValueError, match="threshold"):
        hard_alignment(ATTENTION, method="threshold", threshold=threshold)


def test_hard_alignment_rejects_non_2d():
    with pytest.raises(ValueError, match="2-D"):
        hard_alignment(np.ones(4))


# ---------------------------------------------------------------- Pharaoh format


def test_format_pharaoh_sorted_by_source_then_target():
    links = frozenset({(2, 1), (0, 0), (1, 2), (0, 1)})
    assert format_pharaoh(links) == "0-0 0-1 1-2 2-1"
    assert format_pharaoh(frozenset()) == ""


def test_format_pharaoh_possible_links():
    text = format_pharaoh({(0, 0)}, possible={(0, 0), (1, 1)})
    assert text == "0-0 1?1"  # (0, 0) is sure, so written once as sure


def test_parse_pharaoh_sure_and_both_possible_marks():
    sure, possible = parse_pharaoh("0-0 1?2 2p1\n")
    assert sure == frozenset({(0, 0)})
    assert possible == frozenset({(0, 0), (1, 2), (2, 1)})  # S ⊆ P
    assert parse_pharaoh("   ") == (frozenset(), frozenset())


def test_pharaoh_round_trip():
    sure = frozenset({(0, 0), (1, 2), (2, 1), (10, 11)})
    possible = sure | {(3, 3)}
    assert parse_pharaoh(format_pharaoh(sure, possible)) == (sure, possible)


@pytest.mark.parametrize("token", ["0:1", "a-1", "1-", "-1-2", "1x2", "0-0-0"])
def test_parse_pharaoh_bad_token_named(token):
    with pytest.raises(ValueError, match=f"bad alignment token '{token}'"):
        parse_pharaoh(f"0-0 {token}")


def test_format_pharaoh_rejects_bad_links():
    with pytest.raises(ValueError, match="-1"):
        format_pharaoh({(0, -1)})


def test_pharaoh_file_round_trip(tmp_path):
    alignments = [frozenset({(0, 0), (1, 1)}), frozenset(), frozenset({(2, 0)})]
    path = tmp_path / "align.txt"
    path.write_text("".join(format_pharaoh(links) + "\n" for links in alignments), "utf-8")
    assert path.read_text(encoding="utf-8") == "0-0 1-1\n\n2-0\n"
    assert read_pharaoh_file(path) == [(links, links) for links in alignments]


def test_read_pharaoh_file_reports_line(tmp_path):
    path = tmp_path / "gold.txt"
    path.write_text("0-0\n0-0 oops\n", encoding="utf-8")
    with pytest.raises(ValueError, match="line 2: bad alignment token 'oops'"):
        read_pharaoh_file(path)


# ---------------------------------------------------------------- AER


def test_aer_hand_example():
    # Sentence 1: S = {0-0, 1-1}, P = S ∪ {1-2}; A = {0-0, 1-2, 2-2}
    # Sentence 2: S = {0-0},      P = S;         A = {0-0}
    # |A| = 4, |S| = 3, |A∩S| = 1 + 1 = 2, |A∩P| = 2 + 1 = 3
    # precision = 3/4, recall = 2/3, AER = 1 - (2 + 3) / (4 + 3) = 2/7
    s1, s2 = frozenset({(0, 0), (1, 1)}), frozenset({(0, 0)})
    p1, p2 = s1 | {(1, 2)}, s2
    a1, a2 = frozenset({(0, 0), (1, 2), (2, 2)}), frozenset({(0, 0)})
    scores = alignment_error_rate([a1, a2], [s1, s2], [p1, p2])
    assert scores == AlignmentScores(
        precision=pytest.approx(0.75),
        recall=pytest.approx(2 / 3),
        aer=pytest.approx(2 / 7),
        predicted=4,
        sure=3,
        sure_hits=2,
        possible_hits=3,
    )


def test_aer_uses_possible_union_sure():
    # possible passed without the sure links still counts them: A = S gives AER 0
    sure = frozenset({(0, 0), (1, 1)})
    scores = alignment_error_rate([sure], [sure], [frozenset({(2, 2)})])
    assert scores.aer == 0.0
    assert scores.precision == 1.0


def test_aer_perfect_is_zero():
    sure = frozenset({(0, 0), (1, 2), (2, 1)})
    scores = alignment_error_rate([sure], [sure], [sure])
    assert (scores.precision, scores.recall, scores.aer) == (1.0, 1.0, 0.0)


def test_aer_empty_prediction():
    # |A| = 0: precision 0 (empty denominator), recall 0, AER = 1 - 0 / (0 + 1) = 1
    sure = frozenset({(0, 0)})
    scores = alignment_error_rate([frozenset()], [sure], [sure])
    assert (scores.precision, scores.recall, scores.aer) == (0.0, 0.0, 1.0)


def test_aer_everything_empty_is_perfect():
    scores = alignment_error_rate([frozenset()], [frozenset()], [frozenset()])
    assert (scores.precision, scores.recall, scores.aer) == (1.0, 1.0, 0.0)
    assert alignment_error_rate([], [], []).aer == 0.0


def test_aer_mismatched_lengths_and_bare_set():
    links = frozenset({(0, 0)})
    with pytest.raises(ValueError, match="one to one"):
        alignment_error_rate([links, links], [links], [links])
    with pytest.raises(ValueError, match="one-element list"):
        alignment_error_rate(links, [links], [links])


# ---------------------------------------------------------------- agreement and table


def test_alignment_agreement_is_jaccard():
    a = frozenset({(0, 0), (1, 1), (2, 2)})
    b = frozenset({(0, 0), (1, 1), (2, 1)})
    assert alignment_agreement(a, b) == pytest.approx(2 / 4)  # |∩| = 2, |∪| = 4
    assert alignment_agreement(a, a) == 1.0
    assert alignment_agreement(frozenset(), frozenset()) == 1.0
    assert alignment_agreement(a, frozenset()) == 0.0


def test_alignment_table_rows_sorted_by_target():
    links = hard_alignment(ATTENTION)  # {(0, 0), (3, 1), (1, 2)}
    rows = alignment_table(links, ["das", "ist", "gut", "."], ["this", ".", "is"], ATTENTION)
    assert rows == [
        {
            "source_index": 0,
            "source_token": "das",
            "target_index": 0,
            "target_token": "this",
            "weight": 0.6,
        },
        {
            "source_index": 3,
            "source_token": ".",
            "target_index": 1,
            "target_token": ".",
            "weight": 0.7,
        },
        {
            "source_index": 1,
            "source_token": "ist",
            "target_index": 2,
            "target_token": "is",
            "weight": 0.5,
        },
    ]


def test_alignment_table_without_attention_and_errors():
    rows = alignment_table({(1, 0)}, ["a", "b"], ["x"])
    assert rows == [
        {
            "source_index": 1,
            "source_token": "b",
            "target_index": 0,
            "target_token": "x",
            "weight": None,
        }
    ]
    with pytest.raises(ValueError, match="out of range"):
        alignment_table({(2, 0)}, ["a", "b"], ["x"])
    with pytest.raises(ValueError, match="shape"):
        alignment_table({(0, 0)}, ["a", "b"], ["x"], attention=np.eye(2))


def test_argmax_null_leaves_a_row_that_attends_to_the_end_unlinked():
    """A row whose mass sits on </s> (here row 1: 0.8 there) links nowhere, not to a weak cell."""
    full = np.array([[0.7, 0.2, 0.1], [0.05, 0.15, 0.8], [0.1, 0.5, 0.4]])  # last column: </s>
    words, null = full[:, :2], full[:, 2]
    assert hard_alignment(words, "argmax") == {(0, 0), (1, 1), (1, 2)}
    assert hard_alignment(words, "argmax-null", null=null) == {(0, 0), (1, 2)}
    assert hard_alignment(words, "argmax-null") == hard_alignment(words, "argmax")  # no null


# ---------------------------------------------------------------- symmetrization
# Links are (source, target). Drawn as a grid, rows are target words, columns source words.

FORWARD = frozenset({(0, 0), (1, 1), (1, 2)})
REVERSE = frozenset({(0, 0), (1, 1), (2, 2)})


def test_symmetrize_intersection_and_union():
    assert symmetrize(FORWARD, REVERSE, "intersection") == {(0, 0), (1, 1)}
    assert symmetrize(FORWARD, REVERSE, "union") == {(0, 0), (1, 1), (1, 2), (2, 2)}


def test_grow_diag_adds_union_neighbours_that_align_a_new_word():
    # From the intersection {0-0, 1-1}: 1-2 is 1-1's neighbour below (target 2 unaligned), then
    # 2-2 is 1-2's neighbour to the right (source 2 still unaligned): both grow in.
    assert symmetrize(FORWARD, REVERSE) == {(0, 0), (1, 1), (1, 2), (2, 2)}


def test_grow_diag_skips_a_union_link_between_two_aligned_words():
    # 0-1 neighbours both 0-0 and 1-1, but source 0 and target 1 are aligned already.
    forward = frozenset({(0, 0), (1, 1)})
    reverse = forward | {(0, 1)}
    assert symmetrize(forward, reverse) == forward
    assert symmetrize(forward, reverse, "union") == reverse


def test_grow_diag_grows_along_the_diagonal():
    # 1-1 touches the intersection 0-0 only diagonally: grow-diag takes it, and then 2-2.
    forward = frozenset({(0, 0), (1, 1), (2, 2)})
    reverse = frozenset({(0, 0)})
    assert symmetrize(forward, reverse) == forward


def test_final_and_adds_a_far_link_only_between_two_unaligned_words():
    # 3-3 and 3-4 are nowhere near 0-0, so only final-and can add them. It goes through the
    # forward links by target: 3-3 links two unaligned words (added); then 3-4's source word 3
    # is aligned, so it is not added (plain "final" would add it).
    forward = frozenset({(0, 0), (3, 3), (3, 4)})
    reverse = frozenset({(0, 0)})
    assert symmetrize(forward, reverse) == {(0, 0), (3, 3)}
    # the same link proposed by the reverse direction only is found too
    assert symmetrize(reverse, forward) == {(0, 0), (3, 3)}


def test_symmetrize_empty_and_errors():
    assert symmetrize(frozenset(), frozenset()) == frozenset()
    assert symmetrize(frozenset({(2, 1)}), frozenset()) == {(2, 1)}  # final-and, nothing else
    with pytest.raises(ValueError, match="intersection, union, grow-diag-final-and"):
        symmetrize(FORWARD, REVERSE, "grow-diag-final")
    with pytest.raises(ValueError, match="-1"):
        symmetrize(frozenset({(0, -1)}), REVERSE)


# ---------------------------------------------------------------- scores by class


def test_scores_by_class_splits_links_by_their_class():
    # Class of a link: "near" when |source - target| <= 1, else "far".
    # Sentence 1: S = {0-0, 3-1}, P = S ∪ {2-2};  A = {0-0, 2-2, 1-3}
    # Sentence 2: S = {0-2},      P = S;          A = {0-2}
    # near: A = {0-0, 2-2}, S = {0-0}, |A∩S| = 1, |A∩P| = 2 -> P = 1, R = 1, AER = 0
    # far:  A = {1-3, 0-2}, S = {3-1, 0-2}, |A∩S| = 1, |A∩P| = 1 -> P = 1/2, R = 1/2
    sure = [frozenset({(0, 0), (3, 1)}), frozenset({(0, 2)})]
    possible = [sure[0] | {(2, 2)}, sure[1]]
    predicted = [frozenset({(0, 0), (2, 2), (1, 3)}), frozenset({(0, 2)})]

    def near_or_far(sentence: int, link: tuple[int, int]) -> str:
        return "near" if abs(link[0] - link[1]) <= 1 else "far"

    scores = scores_by_class(predicted, sure, possible, near_or_far)
    assert list(scores) == ["far", "near"]
    assert (scores["near"].precision, scores["near"].recall, scores["near"].aer) == (1, 1, 0)
    assert scores["far"].precision == pytest.approx(0.5)
    assert scores["far"].recall == pytest.approx(0.5)
    assert (scores["far"].predicted, scores["far"].sure) == (2, 2)


def test_scores_by_class_passes_the_sentence_index():
    links = [frozenset({(0, 0)}), frozenset({(0, 0)})]
    scores = scores_by_class(links, links, links, lambda k, link: f"sentence {k}")
    assert {name: s.sure for name, s in scores.items()} == {"sentence 0": 1, "sentence 1": 1}
    with pytest.raises(ValueError, match="one to one"):
        scores_by_class(links, links[:1], links[:1], lambda k, link: "all")


def test_english_function_words_are_told_from_content_words():
    from nmt_core.analysis.alignment import is_function_word

    for word in ("The", "is", "to", "don't", "it's", "(of", "not."):
        assert is_function_word(word), word
    for word in ("dog", "sleeping.", "Hund", "house"):
        assert not is_function_word(word), word


def test_the_first_target_words_links_are_scored_apart():
    # an additive model's first step links the wrong word while the rest align: 0.5 AER whole,
    # 0 after the first word
    predicted = [frozenset({(2, 0), (1, 1)})]
    sure = [frozenset({(0, 0), (1, 1)})]
    assert alignment_error_rate(predicted, sure, sure).aer == pytest.approx(0.5)
    later = alignment_error_rate_after_the_first_word(predicted, sure, sure)
    assert later.aer == 0.0 and later.predicted == later.sure == 1
    assert later_target_words(frozenset({(0, 0), (3, 1), (0, 2)})) == {(3, 1), (0, 2)}

"""Which source words a translation attended to, and GNMT's coverage penalty in beam search:
each word's coverage is the attention it received over all steps, the words no step looked at
are named, and beam search can prefer the hypothesis that leaves no word out."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np
import pytest
import torch
from conftest import TOY_SENTENCE, untrained

from nmt_core.__main__ import main
from nmt_core.analysis.coverage import (
    LEFT_OUT_BELOW,
    WordCoverage,
    attention_by_step,
    left_out,
    source_coverage,
    unaligned_words,
    word_coverage,
)
from nmt_core.checkpoint import load_checkpoint
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import COVERAGE_FLOOR, beam_search, coverage_penalty
from nmt_core.network.config import DecodeConfig
from nmt_core.text.tokenization import word_groups
from nmt_core.translate import normalised_score, prepare_source, translate

SENTENCES = [TOY_SENTENCE, "Mo Ka .", "Tu Tu Ka Ti Mo Ka Ti ."]


def test_the_penalty_is_beta_times_the_log_of_each_tokens_coverage_capped_at_one():
    assert coverage_penalty(torch.tensor([1.0, 2.5, 1.0]), 0.2) == 0.0  # all read: no penalty
    expected = 0.2 * (math.log(0.5) + math.log(0.1))
    assert coverage_penalty(torch.tensor([0.5, 0.1, 3.0]), 0.2) == pytest.approx(expected)
    # a token whose weights underflowed to 0 costs log(floor), not -inf
    assert coverage_penalty(torch.tensor([0.0, 1.0]), 1.0) == pytest.approx(
        math.log(COVERAGE_FLOOR)
    )


def search(model, sentences, beta, beam=4):
    tokenizer = model.tokenizer
    ids = [prepare_source(tokenizer, s)[0] for s in sentences]
    src, mask = pad_batch(ids, model.model.config.pad_id, torch.device("cpu"))
    config = DecodeConfig(beam_size=beam, n_best=beam, coverage_penalty=beta)
    return beam_search(model.model.eval(), src, mask, config), [len(i) for i in ids]


def test_each_hypothesis_is_scored_with_the_coverage_of_its_own_attention(toy_model):
    # A batch of sentences of different lengths, so that sentences leave the batch and rows are
    # reordered: the coverage a hypothesis was ranked by must be that of its own attention.
    nbests, lengths = search(toy_model, SENTENCES, 0.7)
    for nbest, length in zip(nbests, lengths, strict=True):
        for result in nbest:
            assert result.attention.shape[1] == length
            own = coverage_penalty(result.attention.sum(dim=0), 0.7)
            plain = normalised_score(float(result.log_probs.sum()), len(result.tokens), 1.0)
            assert result.score == pytest.approx(plain + own, abs=1e-4)
        assert [r.score for r in nbest] == sorted((r.score for r in nbest), reverse=True)


def test_the_penalty_picks_the_best_score_plus_penalty_among_the_finished_hypotheses(toy_model):
    """The penalty ranks the hypotheses that finished and does not change which finish, so the
    best with it scores at least as well, penalty included, as any of the n-best without it."""
    plain, _ = search(toy_model, SENTENCES, 0.0)
    covered, _ = search(toy_model, SENTENCES, 5.0)
    moved = 0
    for without, with_ in zip(plain, covered, strict=True):
        rescored = [r.score + coverage_penalty(r.attention.sum(dim=0), 5.0) for r in without]
        assert with_[0].score >= max(rescored) - 1e-4
        moved += with_[0].tokens != without[0].tokens
    assert moved  # a large beta changes some sentence's best translation


def test_translate_and_the_cli_take_the_penalty_and_refuse_it_where_it_means_nothing(
    toy_model, toy_checkpoint, tmp_path, capsys
):
    penalised = translate(toy_model, TOY_SENTENCE, beam_size=3, coverage_penalty=0.5)
    assert len(penalised.hypotheses) == 3
    with pytest.raises(ValueError, match="needs a beam"):
        translate(toy_model, TOY_SENTENCE, coverage_penalty=0.5)
    for bad in (-0.1, math.nan, math.inf):
        with pytest.raises(ValueError, match="coverage_penalty"):
            translate(toy_model, TOY_SENTENCE, beam_size=3, coverage_penalty=bad)
    untrained(tmp_path, toy_checkpoint, "none", "bahdanau")
    blind = load_checkpoint(tmp_path / "toy-none")
    with pytest.raises(ValueError, match="no attention"):
        translate(blind, TOY_SENTENCE, beam_size=3, coverage_penalty=0.5)

    flags = ["translate", "--checkpoint", str(toy_checkpoint), "--quiet", TOY_SENTENCE]
    assert main([*flags, "--beam", "3", "--coverage-penalty", "0.5"]) == 0
    out = capsys.readouterr()
    assert "beam 3, coverage penalty 0.5" in out.err and out.out.strip()
    assert main([*flags, "--coverage-penalty", "0.5"]) == 2
    assert "--beam 2 or more" in capsys.readouterr().err
    blind_flags = ["translate", "--checkpoint", str(tmp_path / "toy-none"), TOY_SENTENCE]
    assert main([*blind_flags, "--beam", "3", "--coverage-penalty", "0.5"]) == 2
    assert "no attention" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main([*flags, "--beam", "3", "--coverage-penalty", "nan"])
    assert "--coverage-penalty" in capsys.readouterr().err


def test_a_words_coverage_is_its_pieces_attention_summed_over_every_step(toy_model):
    translation = translate(toy_model, "Kamo Ti Tu .")  # "Kamo": a word of several pieces
    attention, pieces = translation.attention, translation.source_pieces
    words = word_coverage(translation)
    groups = word_groups(pieces)
    assert any(len(g) > 1 for g in groups), pieces
    assert [w.word for w in words] == translation.source_words
    for word, group in zip(words, groups, strict=True):
        assert word.coverage == pytest.approx(float(attention[:, group].sum()), abs=1e-5)
    # every step's weights sum to 1, so the coverages sum to the number of steps
    assert sum(w.coverage for w in words) == pytest.approx(len(translation.target_pieces))
    assert [w.word for w in words if not w.has_letters] == [".", "</s>"]


def test_the_words_left_out_are_those_with_letters_under_the_threshold(toy_model, monkeypatch):
    translation = translate(toy_model, TOY_SENTENCE)
    words = word_coverage(translation)
    assert left_out(translation) == [w for w in words if w.has_letters and w.coverage < 0.25]
    assert LEFT_OUT_BELOW == 0.25
    everything = left_out(translation, threshold=math.inf)
    assert [w.word for w in everything] == ["Ka", "Mo", "Ti", "Tu"]  # never "." or "</s>"
    # unaligned: no output word's strongest attention points at it
    matrix = translation.word_attention()
    linked = set(np.argmax(matrix, axis=1).tolist())
    assert unaligned_words(translation) == set(range(len(words))) - linked


def test_the_model_without_attention_has_no_coverage(toy_checkpoint, tmp_path: Path):
    untrained(tmp_path, toy_checkpoint, "none", "bahdanau")
    translation = translate(load_checkpoint(tmp_path / "toy-none"), TOY_SENTENCE)
    assert word_coverage(translation) is None
    assert left_out(translation) == [] and unaligned_words(translation) == set()
    assert source_coverage(translation, word_level=False, steps=1) is None
    assert attention_by_step(translation) is None


def test_the_coverage_so_far_sums_the_first_steps_and_fills_up_to_the_whole(toy_model):
    """Step through shows each word's coverage after step t: the attention of steps 1..t
    summed, per word (its pieces') or per piece; it never shrinks, and after the last step it
    is the coverage of the whole translation."""
    translation = translate(toy_model, "Kamo Ti Tu .")  # "Kamo": a word of several pieces
    attention, pieces = translation.attention, translation.source_pieces
    groups, steps = word_groups(pieces), len(translation.target_pieces)
    before = np.zeros(len(groups))
    for t in range(steps + 1):
        words = source_coverage(translation, steps=t)
        assert [w.word for w in words] == translation.source_words
        now = np.array([w.coverage for w in words])
        expected = [attention[:t, group].sum() for group in groups]
        np.testing.assert_allclose(now, expected, atol=1e-5)
        assert (now >= before - 1e-9).all()
        before = now
    assert source_coverage(translation, steps=steps) == word_coverage(translation)
    each_piece = source_coverage(translation, word_level=False, steps=2)
    assert tuple(c.word for c in each_piece) == pieces
    np.testing.assert_allclose([c.coverage for c in each_piece], attention[:2].sum(axis=0))
    for wrong in (-1, steps + 1):
        with pytest.raises(ValueError, match="steps"):
            source_coverage(translation, steps=wrong)


def test_attention_by_step_keeps_the_decoders_steps_as_rows_and_adds_up_each_words_pieces(
    toy_model,
):
    """Step through follows one source word over the decoder's steps (pieces), whatever the
    sidebar's level: each column is one source token's weight at every step."""
    translation = translate(toy_model, "Kamo Ti Tu .")
    attention, pieces = translation.attention, translation.source_pieces
    by_piece = attention_by_step(translation)
    assert by_piece.matrix is attention and by_piece.source_tokens == pieces
    by_word = attention_by_step(translation, word_level=True)
    assert by_word.target_tokens == translation.target_pieces  # the steps, not target words
    assert by_word.source_tokens == tuple(translation.source_words)
    for column, group in enumerate(word_groups(pieces)):
        np.testing.assert_allclose(by_word.matrix[:, column], attention[:, group].sum(axis=1))
    np.testing.assert_allclose(by_word.matrix.sum(axis=1), 1.0, atol=1e-5)
    second = translation.hypotheses[0]
    assert attention_by_step(translation, second, True).target_tokens == second.target_pieces


def test_a_word_counts_as_possibly_left_out_only_with_letters_and_under_the_threshold():
    assert WordCoverage(0, "Park", 0.1).under()
    assert not WordCoverage(0, "Park", 0.1).under(0.05)
    assert not WordCoverage(0, "Park", LEFT_OUT_BELOW).under()  # at the line: looked at
    for sign in (".", "</s>", "▁", "«"):
        assert not WordCoverage(1, sign, 0.0).under(), sign
    assert WordCoverage(2, "▁Pa", 0.0).under()  # a piece with letters

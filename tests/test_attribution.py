"""Attention beside attribution (nmt_core/attribution.py), on the toy reversal model, whose right
answer is known: the piece written at step t comes from the mirrored source piece."""

from __future__ import annotations

import numpy as np
import pytest
import torch
from conftest import TOY_SENTENCE as SENTENCE

from nmt_core.attribution import (
    _forward_for_step,
    agreement,
    attribute,
    kendall_tau,
    relevance,
)
from nmt_core.tokenization import word_attention
from nmt_core.translate import translate


@pytest.fixture(scope="module")
def checkpoint(toy_model):
    return toy_model


@pytest.fixture(scope="module")
def greedy(toy_greedy):
    assert toy_greedy.hypothesis == "Tu Ti Mo Ka ."  # the toy model has learnt its task
    return toy_greedy


@pytest.mark.parametrize("method", ["gradient_x_input", "leave_one_out"])
def test_the_mirrored_source_word_matters_most(checkpoint, greedy, method):
    rows = attribute(checkpoint, greedy, method)
    assert rows.shape == (len(greedy.target_pieces), len(greedy.source_pieces))
    # the four words written, among the four source words ("." and "</s>" left out: zeroing
    # the end of the sentence upsets every step)
    words = word_attention(relevance(rows), greedy.source_pieces, greedy.target_pieces)[:4, :4]
    assert words.argmax(axis=1).tolist() == [3, 2, 1, 0], np.round(words, 2)


def test_integrated_gradients_add_up_to_the_change_in_log_probability(checkpoint, greedy):
    step = 1
    total = attribute(checkpoint, greedy, "integrated_gradients", steps=[step], ig_steps=64).sum()
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    src = torch.tensor([tokenizer.encode(SENTENCE) + [3]])
    targets = tokenizer.ids(list(greedy.best.target_pieces))
    log_prob = _forward_for_step(
        model, src != 0, torch.tensor([[2, *targets[:-1]]]), step, targets[step]
    )
    with torch.no_grad():
        embeddings = model.embedding(src)
        real = float(log_prob(embeddings))
        change = real - float(log_prob(torch.zeros_like(embeddings)))
    assert total == pytest.approx(change, abs=0.05 * abs(change) + 1e-3)
    assert real == pytest.approx(greedy.best.log_probs[step], abs=1e-4)  # the translation's own


def test_leave_one_out_is_the_drop_when_one_piece_is_zeroed(checkpoint, greedy):
    step, piece = 0, 6  # '▁T' of 'Tu', the first piece written
    drop = attribute(checkpoint, greedy, "leave_one_out", steps=[step])[0, piece]
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    src = torch.tensor([tokenizer.encode(SENTENCE) + [3]])
    targets = tokenizer.ids(list(greedy.best.target_pieces))
    log_prob = _forward_for_step(
        model, src != 0, torch.tensor([[2, *targets[:-1]]]), step, targets[0]
    )
    with torch.no_grad():
        embeddings = model.embedding(src)
        zeroed = embeddings.clone()
        zeroed[0, piece] = 0
        expected = float(log_prob(embeddings) - log_prob(zeroed))
    assert drop == pytest.approx(expected, abs=1e-4) and drop > 0


def test_a_forced_reference_is_attributed_piece_by_piece(checkpoint):
    forced = translate(checkpoint, SENTENCE, reference="Tu Ti Ka Mo .")
    rows = attribute(checkpoint, forced, "leave_one_out", hypothesis=forced.reference)
    assert rows.shape == (len(forced.reference.target_pieces), len(forced.source_pieces))
    words = word_attention(relevance(rows), forced.source_pieces, forced.reference.target_pieces)
    assert words[:2, :4].argmax(axis=1).tolist() == [3, 2]  # "Tu Ti": the mirror, as before


def test_bad_method_or_step_is_refused(checkpoint, greedy):
    with pytest.raises(ValueError, match="unknown attribution method"):
        attribute(checkpoint, greedy, "saliency")
    with pytest.raises(ValueError, match="steps must lie in"):
        attribute(checkpoint, greedy, "leave_one_out", steps=[len(greedy.target_pieces)])


def test_relevance_rows_sum_to_one_and_a_zero_row_is_uniform():
    rows = relevance(np.array([[1.0, -3.0, 0.0], [0.0, 0.0, 0.0]]))
    np.testing.assert_allclose(rows, [[0.25, 0.75, 0.0], [1 / 3, 1 / 3, 1 / 3]])


def test_agreement_measures_on_known_cases():
    assert kendall_tau([1, 2, 3], [10, 20, 30]) == pytest.approx(1)
    assert kendall_tau([1, 2, 3], [3, 2, 1]) == pytest.approx(-1)
    assert kendall_tau([1, 1, 1], [1, 2, 3]) == 0
    same = agreement(np.array([[0.7, 0.2, 0.1]]), np.array([[0.6, 0.3, 0.1]]))
    assert (same.kendall_tau, same.top1, same.steps) == (pytest.approx(1), 1.0, 1)
    crossed = agreement(np.array([[0.9, 0.1], [0.2, 0.8]]), np.array([[0.1, 0.9], [0.2, 0.8]]))
    assert crossed.top1 == 0.5 and crossed.kendall_tau == pytest.approx(0)
    disjoint = agreement(np.array([[1.0, 0.0]]), np.array([[0.0, 1.0]]))
    assert disjoint.jensen_shannon == pytest.approx(np.log(2)) and same.jensen_shannon < 0.01
    with pytest.raises(ValueError):
        agreement(np.ones((2, 3)) / 3, np.ones((2, 4)) / 4)

"""What if? (nmt_core/analysis/whatif.py): a changed step, decoded on, on the toy reversal model."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
import torch
from conftest import TOY_SENTENCE as SENTENCE

from nmt_core.analysis.whatif import edited_attention, what_if
from nmt_core.network.model import build_model
from nmt_core.translate import encoder_annotations, translate


@pytest.fixture(scope="module")
def checkpoint(toy_model):
    return toy_model


@pytest.fixture(scope="module")
def greedy(toy_greedy):
    return toy_greedy


@pytest.mark.parametrize("step", [0, 2])
def test_no_change_and_the_models_own_weights_give_the_greedy_translation_back(
    checkpoint, greedy, step
):
    for change in (what_if(checkpoint, greedy, step),
                   what_if(checkpoint, greedy, step, weights=greedy.attention[step])):  # fmt: skip
        assert change.changed.target_pieces == greedy.best.target_pieces
        np.testing.assert_allclose(change.changed.log_probs, greedy.best.log_probs, atol=1e-4)
        assert change.first_difference is None and abs(change.log_prob_change) < 1e-3


def test_another_piece_is_written_at_the_step_and_the_rest_follows_from_it(checkpoint, greedy):
    step = 1
    piece = next(p for p in greedy.best.topk_pieces[step] if p != greedy.best.target_pieces[step])
    change = what_if(checkpoint, greedy, step, piece=piece)
    changed = change.changed
    assert changed.target_pieces[:step] == greedy.best.target_pieces[:step]
    assert changed.target_pieces[step] == piece and change.first_difference == step
    assert change.log_prob_change < 0  # the model's own choice was its likeliest
    np.testing.assert_allclose(changed.attention[:step], greedy.best.attention[:step], atol=1e-5)


def test_edited_attention_builds_the_context_from_the_edited_weights(checkpoint, greedy):
    step, values = 2, encoder_annotations(checkpoint, SENTENCE)
    uniform = edited_attention(greedy.attention[step], "uniform")
    change = what_if(checkpoint, greedy, step, weights=uniform)
    np.testing.assert_allclose(change.changed.attention[step], uniform, atol=1e-6)
    np.testing.assert_allclose(change.changed.contexts[step], values.mean(axis=0), atol=1e-5)
    # the scores are still the scorer's own: only the weights were replaced
    np.testing.assert_allclose(change.changed.scores[step], greedy.scores[step], atol=1e-4)
    one = edited_attention(greedy.attention[step], "one", source=0)
    np.testing.assert_allclose(
        what_if(checkpoint, greedy, step, weights=one).changed.contexts[step], values[0], atol=1e-5
    )


def test_the_attention_edits():
    weights = np.array([0.1, 0.2, 0.3, 0.4])
    assert edited_attention(weights, "one", source=2).tolist() == [0, 0, 1, 0]
    assert edited_attention(weights, "uniform").tolist() == [0.25] * 4
    shuffled = edited_attention(weights, "shuffled", seed=3)
    assert sorted(shuffled) == sorted(weights) and shuffled.tolist() != weights.tolist()
    assert edited_attention(weights, "shuffled", seed=3).tolist() == shuffled.tolist()  # seeded
    with pytest.raises(ValueError, match="between 0 and 3"):
        edited_attention(weights, "one", source=4)
    with pytest.raises(ValueError, match="valid: one, uniform, shuffled"):
        edited_attention(weights, "reverse")


def test_impossible_changes_are_clear_errors(checkpoint, greedy):
    with pytest.raises(ValueError, match="outside"):
        what_if(checkpoint, greedy, len(greedy.target_pieces))
    with pytest.raises(ValueError, match="not in the vocabulary"):
        what_if(checkpoint, greedy, 0, piece="▁Zebra")
    with pytest.raises(ValueError, match="sum to 1"):
        what_if(checkpoint, greedy, 0, weights=np.ones(len(greedy.source_pieces)))
    torch.manual_seed(0)
    model = build_model(replace(checkpoint.config, scorer="none", decoder="bahdanau")).eval()
    fixed = replace(checkpoint, model=model, config=model.config)
    plain = translate(fixed, SENTENCE)
    with pytest.raises(ValueError, match="no attention to edit"):
        what_if(
            fixed, plain, 0, weights=np.ones(len(plain.source_pieces)) / len(plain.source_pieces)
        )
    assert what_if(fixed, plain, 0).first_difference is None  # a piece change still works

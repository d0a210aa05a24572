"""Attention beside attribution (nmt_core/analysis/attribution.py), on the toy reversal model,
whose right answer is known: the piece written at step t comes from the mirrored source piece."""

from __future__ import annotations

import sys

import numpy as np
import pytest
import torch
from conftest import TOY_SENTENCE as SENTENCE
from torch.overrides import TorchFunctionMode

from nmt_core.analysis import attribution
from nmt_core.analysis.attribution import (
    agreement,
    attribute,
    completeness_error,
    kendall_tau,
    relevance,
)
from nmt_core.text.tokenization import word_attention, word_groups
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
    mirrored = [3, 2, 1, 0]
    ranks = [int((row > row[j]).sum()) for row, j in zip(words, mirrored, strict=True)]
    if method == "leave_one_out":  # the effect of removing a word: exact at every step
        assert ranks == [0, 0, 0, 0], np.round(words, 2)
    else:  # a local linear guess (Ancona et al. 2018): noisy, so most steps, never far off
        assert sum(r == 0 for r in ranks) >= 3 and max(ranks) <= 1, np.round(words, 2)


def log_prob_with(checkpoint, embeddings, greedy, step: int) -> float:
    """log p(the greedy piece at ``step``) with these source embeddings (1, S, E), by hand, on
    the model's device and with the kernels attribute() uses (no cuDNN: its RNN may run TF32)."""
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    targets = tokenizer.ids(list(greedy.best.target_pieces))
    mask = torch.ones(embeddings.shape[:2], dtype=torch.bool, device=embeddings.device)
    with torch.no_grad(), torch.backends.cudnn.flags(enabled=False):
        memory = model.memory_of(embeddings, mask)
        tgt_in = model.embedding(torch.tensor([[2, *targets[:-1]]], device=embeddings.device))
        out = model.decoder(tgt_in, model.decoder.init_state(memory), memory)
        return float(torch.log_softmax(model.logits(out.outputs[0, step]), -1)[targets[step]])


def source_embeddings(checkpoint):
    ids = torch.tensor([checkpoint.tokenizer.encode(SENTENCE) + [3]], device=checkpoint.device)
    return checkpoint.model.embedding(ids)


def test_integrated_gradients_add_up_to_the_change_in_log_probability(checkpoint, greedy):
    rows = attribute(checkpoint, greedy, "integrated_gradients", ig_steps=64)
    embeddings = source_embeddings(checkpoint).detach()
    for step in (0, 1, 2):  # (at some steps 64 points miss the integral by more than 5 %)
        real = log_prob_with(checkpoint, embeddings, greedy, step)
        assert real == pytest.approx(greedy.best.log_probs[step], abs=1e-4)  # the model's own
        change = real - log_prob_with(checkpoint, torch.zeros_like(embeddings), greedy, step)
        assert rows[step].sum() == pytest.approx(change, abs=0.05 * abs(change) + 1e-3)
    errors = completeness_error(checkpoint, greedy, rows)
    assert errors.shape == (len(greedy.target_pieces),) and np.median(errors) < 0.05


def test_leave_one_out_is_the_drop_when_one_piece_is_zeroed(checkpoint, greedy):
    # the first piece of 'Tu', the source word the first piece written mirrors (found, not
    # counted: another sentencepiece version cuts the toy's words differently)
    step, piece = 0, word_groups(greedy.source_pieces)[3][0]
    drop = attribute(checkpoint, greedy, "leave_one_out", steps=[step])[0, piece]
    embeddings = source_embeddings(checkpoint).detach()
    zeroed = embeddings.clone()
    zeroed[0, piece] = 0
    expected = log_prob_with(checkpoint, embeddings, greedy, step) - log_prob_with(
        checkpoint, zeroed, greedy, step
    )
    assert drop == pytest.approx(expected, abs=1e-4) and drop > 0


@pytest.mark.parametrize("method", ["gradient_x_input", "integrated_gradients", "leave_one_out"])
def test_some_steps_give_the_rows_of_all_steps(checkpoint, greedy, method):
    every = attribute(checkpoint, greedy, method)
    some = attribute(checkpoint, greedy, method, steps=[5, 1])
    np.testing.assert_allclose(some, every[[5, 1]], atol=1e-5)


def test_a_forced_reference_is_attributed_piece_by_piece(checkpoint):
    forced = translate(checkpoint, SENTENCE, reference="Tu Ti Ka Mo .")
    rows = attribute(checkpoint, forced, "leave_one_out", hypothesis=forced.reference)
    assert rows.shape == (len(forced.reference.target_pieces), len(forced.source_pieces))
    words = word_attention(relevance(rows), forced.source_pieces, forced.reference.target_pieces)
    assert words[:2, :4].argmax(axis=1).tolist() == [3, 2]  # "Tu Ti": the mirror, as before


class UnplacedTensors(TorchFunctionMode):
    """Records each tensor that ``module``'s own lines make with no device named: on a GPU it
    lands on the CPU beside a model on CUDA. Copies of a tensor (zeros_like, new_*) keep its
    device and are not factories here."""

    FACTORIES = (torch.tensor, torch.arange, torch.zeros, torch.ones, torch.full, torch.empty)

    def __init__(self, module) -> None:
        super().__init__()
        self.file, self.found = module.__file__, []

    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        caller = sys._getframe(1)
        if (
            func in self.FACTORIES
            and "device" not in kwargs
            and caller.f_code.co_filename == self.file
        ):
            self.found.append(f"{func.__name__} at line {caller.f_lineno}")
        return func(*args, **kwargs)


@pytest.mark.parametrize("method", ["gradient_x_input", "integrated_gradients", "leave_one_out"])
def test_every_tensor_attribution_makes_is_on_the_models_device(checkpoint, greedy, method):
    with UnplacedTensors(attribution) as unplaced:
        rows = attribute(checkpoint, greedy, method, steps=[0, 2], ig_steps=4)
        errors = completeness_error(checkpoint, greedy, attribute(checkpoint, greedy, method))
    assert not unplaced.found, unplaced.found  # a GPU run would mix CPU and CUDA tensors
    assert isinstance(rows, np.ndarray) and rows.dtype == np.float32 and rows.shape[0] == 2
    assert errors.shape == (len(greedy.target_pieces),)


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

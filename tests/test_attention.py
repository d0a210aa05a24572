"""Each scoring function equals its formula on small hand-built tensors."""

import math

import pytest
import torch

from nmt_core.network.attention import (
    AdditiveAttention,
    DotAttention,
    GeneralAttention,
    NoAttention,
    build_attention,
    masked_softmax,
)

# Two source tokens h_1 = [1, 0], h_2 = [0, 1] and a padding position; one query s = [0.5, -0.5].
VALUES = torch.tensor([[[1.0, 0.0], [0.0, 1.0], [9.0, 9.0]]])  # (B=1, S=3, 2)
MASK = torch.tensor([[True, True, False]])
QUERY = torch.tensor([[[0.5, -0.5]]])  # (B=1, T=1, 2)


def attend(attention, query=QUERY, values=VALUES, mask=MASK):
    return attention(query, attention.prepare_keys(values, mask), values, mask)


def expected_weights(e1: float, e2: float) -> list[float]:
    z = math.exp(e1) + math.exp(e2)
    return [math.exp(e1) / z, math.exp(e2) / z, 0.0]


def test_additive_equals_bahdanau_formula():
    attention = AdditiveAttention(query_size=2, value_size=2, attention_size=2)
    with torch.no_grad():
        attention.W_a.weight.copy_(torch.eye(2))
        attention.U_a.weight.copy_(torch.tensor([[2.0, 0.0], [0.0, 1.0]]))
        attention.U_a.bias.zero_()
        attention.v_a.weight.copy_(torch.tensor([[1.0, -1.0]]))
    context, weights, scores = attend(attention)
    # e_j = v^T tanh(W s + U h_j): W s = [0.5, -0.5]; U h_1 = [2, 0]; U h_2 = [0, 1]
    e1 = math.tanh(2.5) - math.tanh(-0.5)
    e2 = math.tanh(0.5) - math.tanh(0.5)
    assert scores[0, 0, :2].tolist() == pytest.approx([e1, e2], abs=1e-6)
    assert weights[0, 0].tolist() == pytest.approx(expected_weights(e1, e2), abs=1e-6)
    w1, w2, _ = expected_weights(e1, e2)
    assert context[0, 0].tolist() == pytest.approx([w1, w2], abs=1e-6)


def test_general_equals_luong_formula():
    attention = GeneralAttention(query_size=2, value_size=2)
    with torch.no_grad():
        attention.W_a.weight.copy_(torch.tensor([[1.0, 2.0], [3.0, 4.0]]))
    _, weights, scores = attend(attention)
    # s^T W h: W h_1 = [1, 3] -> 0.5 - 1.5 = -1; W h_2 = [2, 4] -> 1 - 2 = -1
    assert scores[0, 0, :2].tolist() == pytest.approx([-1.0, -1.0])
    assert weights[0, 0].tolist() == pytest.approx([0.5, 0.5, 0.0])


@pytest.mark.parametrize("scaled", [False, True])
def test_dot_and_scaled_dot(scaled):
    _, weights, scores = attend(DotAttention(2, 2, scaled=scaled))
    scale = 1 / math.sqrt(2) if scaled else 1.0
    assert scores[0, 0, :2].tolist() == pytest.approx([0.5 * scale, -0.5 * scale])
    assert weights[0, 0].tolist() == pytest.approx(expected_weights(0.5 * scale, -0.5 * scale))


def test_dot_needs_equal_sizes():
    with pytest.raises(ValueError, match="query_size == value_size"):
        DotAttention(3, 4)


@pytest.mark.parametrize("name", ["additive", "general", "dot", "scaled_dot"])
def test_rows_sum_to_one_and_padding_is_exactly_zero(name):
    torch.manual_seed(0)
    attention = build_attention(name, query_size=6, value_size=6, attention_size=5)
    values = torch.randn(3, 7, 6)
    mask = torch.tensor([[True] * 7, [True] * 4 + [False] * 3, [True] * 1 + [False] * 6])
    query = torch.randn(3, 4, 6)  # four decoder steps at once
    context, weights, scores = attend(attention, query, values, mask)
    assert context.shape == (3, 4, 6) and weights.shape == scores.shape == (3, 4, 7)
    assert torch.allclose(weights.sum(-1), torch.ones(3, 4))
    assert (weights[~mask[:, None, :].expand_as(weights)] == 0).all()
    assert torch.isinf(scores[1, :, 4:]).all()
    assert torch.equal(weights[2, :, 0], torch.ones(4))


def test_no_attention_gives_the_same_fixed_vector_at_every_step():
    values = torch.arange(2 * 4 * 4, dtype=torch.float).reshape(2, 4, 4)
    mask = torch.tensor([[True] * 4, [True, True, False, False]])
    query = torch.zeros(2, 3, 4)
    context, weights, scores = attend(NoAttention(), query, values, mask)
    assert weights is None and scores is None
    # [forward half at the last real token ; backward half at position 0]
    assert context[0, 0].tolist() == values[0, 3, :2].tolist() + values[0, 0, 2:].tolist()
    assert context[1, 0].tolist() == values[1, 1, :2].tolist() + values[1, 0, 2:].tolist()
    assert torch.equal(context[:, 0], context[:, 2])


def test_factory_lists_valid_names():
    with pytest.raises(ValueError, match="additive, general, dot, scaled_dot, none"):
        build_attention("bahdanau", 4, 4)


def test_masked_softmax_fully_masked_rows_cannot_happen_with_eos():
    # Every real source ends in EOS, so a row always has one real token; check that case.
    weights, _ = masked_softmax(torch.tensor([[[5.0, -3.0]]]), torch.tensor([[True, False]]))
    assert weights.tolist() == [[[1.0, 0.0]]]

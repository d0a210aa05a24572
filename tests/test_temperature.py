"""α = softmax(e / T) (nmt_core.measures.temperature): T = 1 is the model's own α, T → 0 the
argmax, T → ∞ uniform, the entropy grows with T, masks and bad temperatures."""

import math

import numpy as np
import pytest

from nmt_core.measures.temperature import entropy_bits, tempered_softmax, tempered_weights


def test_at_t_1_the_weights_are_the_models_own_alpha(toy_greedy):
    hyp = toy_greedy.best
    for scores, alpha in zip(hyp.scores, hyp.attention, strict=True):
        what_if = tempered_weights(scores, 1.0)
        np.testing.assert_allclose(what_if.weights, alpha, atol=1e-6)
        assert what_if.entropy == what_if.model_entropy == pytest.approx(entropy_bits(alpha))
        assert tempered_weights(scores, 0.5).model_entropy == pytest.approx(what_if.entropy)


def test_as_t_goes_to_0_all_weight_goes_to_the_argmax(toy_greedy):
    for scores in toy_greedy.best.scores:
        top, second = np.sort(scores)[::-1][:2]
        # a temperature far below the gap between the two best scores, whatever the toy learnt
        # (a fixed one failed where a training ended with two scores 4e-4 apart)
        weights = tempered_softmax(scores, (top - second) / 50)
        expected = np.zeros(len(scores))
        expected[int(np.argmax(scores))] = 1.0
        np.testing.assert_allclose(weights, expected, atol=1e-9)
        assert entropy_bits(weights) == pytest.approx(0.0, abs=1e-6)
    # tied maxima share the weight evenly
    np.testing.assert_allclose(tempered_softmax([1.0, 3.0, 3.0, 0.0], 1e-3), [0, 0.5, 0.5, 0])


def test_as_t_grows_the_weights_become_uniform(toy_greedy):
    for scores in toy_greedy.best.scores:
        what_if = tempered_weights(scores, 1e6)
        np.testing.assert_allclose(what_if.weights, 1 / len(scores), atol=1e-5)
        assert what_if.entropy == pytest.approx(math.log2(len(scores)), abs=1e-6)
        assert what_if.max_entropy == pytest.approx(math.log2(len(scores)))


def test_the_entropy_grows_with_the_temperature(toy_greedy):
    temperatures = [0.01, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 100]
    for scores in toy_greedy.best.scores:
        entropies = [tempered_weights(scores, t).entropy for t in temperatures]
        assert all(b >= a - 1e-12 for a, b in zip(entropies, entropies[1:], strict=False))
        assert 0 <= entropies[0] < entropies[-1] <= math.log2(len(scores)) + 1e-9


def test_stable_for_large_scores_and_small_temperatures():
    scores = np.array([900.0, 1000.0, -1000.0])  # exp(1000 / 0.01) overflows unshifted
    weights = tempered_softmax(scores, 0.01)
    assert np.all(np.isfinite(weights)) and weights[1] == 1.0
    np.testing.assert_allclose(tempered_softmax(scores / 100, 1.0), tempered_softmax(scores, 100))


def test_masked_positions_get_no_weight_at_any_temperature():
    scores = np.array([0.5, -np.inf, 2.0, -np.inf])
    for t in (0.1, 1.0, 1e6):
        weights = tempered_softmax(scores, t)
        assert weights[1] == weights[3] == 0.0
        np.testing.assert_allclose(weights[[0, 2]], tempered_softmax(scores[[0, 2]], t))
    spread = tempered_weights(scores, 1e6)
    assert spread.entropy == pytest.approx(1.0) and spread.max_entropy == 1.0  # two, uniform


@pytest.mark.parametrize("temperature", [0, -1.0, math.nan, math.inf, -math.inf, "warm", None])
def test_a_temperature_that_is_not_a_finite_positive_number_is_refused(temperature):
    with pytest.raises(ValueError, match="temperature must be"):
        tempered_softmax([0.0, 1.0], temperature)


def test_scores_that_are_not_scores_are_refused():
    for scores, message in [
        ([-np.inf, -np.inf], "no finite score"),
        ([0.0, np.nan], "finite, or -inf"),
        ([0.0, np.inf], "finite, or -inf"),
        ([[0.0, 1.0]], "shape"),
    ]:
        with pytest.raises(ValueError, match=message):
            tempered_softmax(scores, 1.0)


def test_entropy_in_bits():
    assert entropy_bits([0.0, 1.0, 0.0]) == 0.0
    assert entropy_bits(np.full(8, 1 / 8)) == pytest.approx(3.0)
    assert entropy_bits([0.5, 0.5]) == pytest.approx(1.0)

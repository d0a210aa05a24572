"""Attention at another temperature: α = softmax(e / T) from one step's raw scores, a "what if".

The model itself always uses T = 1: α_{t,j} = exp(e_{t,j}) / Σ_k exp(e_{t,k}) (Bahdanau et al.
2015, eq. 6). Dividing the scores by a temperature T before the softmax (Hinton et al. 2015,
"Distilling the knowledge in a neural network", eq. 1) keeps their order and changes how
sharply the weights pick: as T → 0 all the weight goes to the highest score (the argmax
alignment; tied maxima share it evenly), as T → ∞ the weights become uniform, 1 / S each. The
Step and Lesson pages let a class drag T and see this; the entropy says how spread the weights
are, in bits: 0 for one-hot, log₂ S for uniform.

numpy only, like ``step_arithmetic``: the dashboard draws what these functions return.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class TemperedWeights:
    """One step's weights at temperature T beside the model's own (T = 1).

    weights: (S,) softmax(e / T); 0 where a score is -inf (padding, masked out).
    entropy: of ``weights``, in bits. model_entropy: of softmax(e), the model's α, in bits.
    max_entropy: log₂ of the number of unmasked positions, the entropy of uniform weights.
    """

    temperature: float
    weights: np.ndarray
    entropy: float
    model_entropy: float
    max_entropy: float


def tempered_softmax(scores: np.ndarray, temperature: float) -> np.ndarray:
    """α = softmax(e / T) of one step's raw ``scores`` (S,) at ``temperature`` T > 0.

    Stable at any T: the largest score is subtracted before exp(), so a small T neither
    overflows nor divides 0 by 0. Scores of -inf (masked-out positions) get weight 0.
    Raises ValueError for a T that is not a finite positive number, or no finite score.
    """
    try:
        temperature = float(temperature)
    except (TypeError, ValueError):
        raise ValueError(f"the temperature must be a number > 0; got {temperature!r}") from None
    if not math.isfinite(temperature) or temperature <= 0:
        raise ValueError(
            f"the temperature must be a finite number > 0 (T → 0 is the argmax); got {temperature}"
        )
    scores = np.asarray(scores, dtype=np.float64)
    if scores.ndim != 1:
        raise ValueError(f"one step's scores, shape (S,); got shape {scores.shape}")
    kept = np.isfinite(scores)
    if np.any(np.isnan(scores) | (np.isinf(scores) & (scores > 0))):
        raise ValueError("scores must be finite, or -inf where masked out")
    if not kept.any():
        raise ValueError("no finite score: every position is masked out")
    shifted = np.where(kept, (scores - scores[kept].max()) / temperature, -np.inf)
    exps = np.exp(shifted)  # the top score gives exp(0) = 1: the sum is >= 1
    return exps / exps.sum()


def entropy_bits(weights: np.ndarray) -> float:
    """H(α) = -Σ_j α_j log₂ α_j, in bits (0 log 0 = 0): 0 for one-hot, log₂ S for uniform."""
    weights = np.asarray(weights, dtype=np.float64)
    positive = weights[weights > 0]
    return float(-(positive * np.log2(positive)).sum())


def tempered_weights(scores: np.ndarray, temperature: float) -> TemperedWeights:
    """One step's what-if at ``temperature`` (see :func:`tempered_softmax`), with the entropy
    of its weights and of the model's own α (T = 1), both in bits."""
    weights = tempered_softmax(scores, temperature)
    own = tempered_softmax(scores, 1.0)
    most = math.log2(int(np.isfinite(np.asarray(scores, dtype=np.float64)).sum()))
    return TemperedWeights(
        float(temperature), weights, entropy_bits(weights), entropy_bits(own), most
    )

"""One decoder step's arithmetic, worked out term by term as the Lesson and Step pages write it.

The pages show how α_t comes from the scores e_t and how c_t is built from the annotations h_j.
The dashboard only renders, so the arithmetic behind those worked examples lives here (numpy,
no torch), and tests check that it reproduces the α_t and c_t the model itself returned.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

# Beyond |e| = 50, exp(e) has too many digits to read (and overflows float32 near 88), so the
# worked softmax subtracts the largest score first, as softmax code does.
READABLE_SCORE = 50.0


@dataclass(frozen=True)
class SoftmaxTerms:
    """α_{t,j} = numerator / denominator, every score shifted by ``shift`` (m) first."""

    numerator: float  # exp(e_{t,j} - m)
    denominator: float  # sum_k exp(e_{t,k} - m)
    shift: float  # m: 0 while the raw exp() are readable, else max_k e_{t,k}

    @property
    def weight(self) -> float:
        """α_{t,j}."""
        return self.numerator / self.denominator


def softmax_terms(scores: np.ndarray, j: int) -> SoftmaxTerms:
    """The softmax of one step's ``scores`` (S,) written out for source position ``j``."""
    scores = np.asarray(scores, dtype=np.float64)
    shift = 0.0 if np.abs(scores).max() <= READABLE_SCORE else float(scores.max())
    exps = np.exp(scores - shift)
    return SoftmaxTerms(float(exps[j]), float(exps.sum()), shift)


@dataclass(frozen=True)
class WeightedSum:
    """c_t = sum_j α_{t,j} h_j, term by term.

    weighted: (S, H) α_{t,j} h_j, each annotation scaled by its weight.
    partial_sums: (S, H) row k = sum_{j<=k} α_{t,j} h_j, so the last row is c_t.
    """

    weighted: np.ndarray
    partial_sums: np.ndarray

    @property
    def context(self) -> np.ndarray:
        """(H,) c_t."""
        return self.partial_sums[-1]


def weighted_sum(weights: np.ndarray, values: np.ndarray) -> WeightedSum:
    """The terms of c_t from one step's attention ``weights`` (S,) and annotations ``values``
    (S, H)."""
    weights, values = np.asarray(weights, dtype=np.float64), np.asarray(values, dtype=np.float64)
    if weights.shape != values.shape[:1]:
        raise ValueError(f"{weights.shape[0]} weights for {values.shape[0]} annotations")
    weighted = weights[:, None] * values
    return WeightedSum(weighted, np.cumsum(weighted, axis=0))


def vector_norm(vector: np.ndarray) -> float:
    """‖v‖, the Euclidean length the pages print for c_t."""
    return float(np.linalg.norm(np.asarray(vector, dtype=np.float64)))

"""Every attention scoring function, behind one interface.

Shapes used throughout (B = batch, T = queries, i.e. decoder steps, S = source length):

    query   (B, T, query_size)    decoder states: s_{i-1} (Bahdanau), s_t (Luong) or s'_i
                                  (conditional GRU; scorers.DECODERS)
    values  (B, S, value_size)    encoder annotations h_j = [forward h_j ; backward h_j]
    keys    (B, S, ...)           ``prepare_keys(values, mask)``: the part of the score that does
                                  not depend on the decoder step, computed once per sentence
    mask    (B, S) bool           True on real source tokens, False on padding

and ``forward(query, keys, values, mask) -> (context, weights, scores)`` returns

    context (B, T, value_size)    c_i = sum_j alpha_ij h_j
    weights (B, T, S)             alpha_ij = softmax_j(e_ij); exactly 0 on padding
    scores  (B, T, S)             e_ij, the raw scores before the softmax; -inf on padding

and, for a scorer built with coverage (Tu et al. 2016; additive only),

    coverage (B, S)               C_{i-1,j} = sum_{k<i} alpha_kj, the attention each source token
                                  has had so far, which the score reads (one decoder step: T = 1)

Each score is ``combine(project_query(query), keys)``: the query moved into the keys' space,
then met with each key (general and dot: an inner product; additive: v_a^T tanh of the sum).
The query–key map (``nmt_core.analysis.querykey``) reads the two sides through the same calls.

``build_attention(name, ...)`` makes one by name: additive, general, dot, scaled_dot, none.
"""

from __future__ import annotations

import math

import torch
from torch import Tensor, nn

from nmt_core.network.encoder import sentence_summary
from nmt_core.network.scorers import scorer


def masked_softmax(scores: Tensor, mask: Tensor) -> tuple[Tensor, Tensor]:
    """Softmax over the last axis that gives padding exactly zero weight.

    Args:
        scores: (B, T, S) raw scores e_ij.
        mask: (B, S) True on real tokens.
    Returns:
        (weights, masked_scores), both (B, T, S); masked_scores holds -inf on padding.
    """
    masked_scores = scores.masked_fill(~mask[:, None, :], float("-inf"))
    return torch.softmax(masked_scores, dim=-1), masked_scores


class Attention(nn.Module):
    """Base class: subclasses define ``prepare_keys`` and ``score``; the rest is shared."""

    reads_coverage = False  # True: this one's ``score`` reads C_{i-1,j} (the decoder keeps it)
    attends = True  # False: no weights, one fixed context (``prepare_keys`` makes it)

    def prepare_keys(self, values: Tensor, mask: Tensor) -> Tensor:
        """The step-independent part of the score, computed once per sentence. (B, S, ...)"""
        return values

    def project_query(self, query: Tensor) -> Tensor:
        """The query moved into the keys' space, (B, T, query_size) -> (B, T, ...): what
        ``combine`` meets the keys with (the query itself, unless the scorer maps it)."""
        return query

    def combine(self, projected: Tensor, keys: Tensor, coverage: Tensor | None = None) -> Tensor:
        """Raw scores e from projected queries (B, T, ...) and keys (B, S, ...) -> (B, T, S);
        ``coverage`` (B, S) only when it ``reads_coverage``. The query–key map
        (``nmt_core.analysis.querykey``) scores its 2D points through here too."""
        raise NotImplementedError

    def score(self, query: Tensor, keys: Tensor, coverage: Tensor | None = None) -> Tensor:
        """Raw scores e: (B, T, query_size) x (B, S, ...) -> (B, T, S); ``coverage`` (B, S)
        only when it ``reads_coverage``."""
        return self.combine(self.project_query(query), keys, coverage)

    def forward(
        self,
        query: Tensor,
        keys: Tensor,
        values: Tensor,
        mask: Tensor,
        coverage: Tensor | None = None,
    ) -> tuple[Tensor, Tensor | None, Tensor | None]:
        """Attend from each query over the source; see the module docstring for shapes.
        Without attention: (the fixed context at every step, None, None)."""
        if not self.attends:
            return keys.expand(-1, query.size(1), -1), None, None
        weights, scores = masked_softmax(self.score(query, keys, coverage), mask)
        context = torch.bmm(weights, values)  # (B, T, value_size)
        return context, weights, scores


class AdditiveAttention(Attention):
    """Bahdanau et al. (2015), "Neural Machine Translation by Jointly Learning to Align and
    Translate", eq. (6) and appendix A.1.2:

        e_ij = v_a^T tanh(W_a s_{i-1} + U_a h_j + b_a)

    U_a h_j + b_a does not depend on i, so ``prepare_keys`` computes it once per sentence. The
    bias b_a (U_a's) is not in the paper's formula; the dashboard shows it, because it shows
    what is computed (dropping it changes the weights: a decision for the next retraining).

    With ``coverage=True`` the score also reads how much attention h_j has had so far (Tu et
    al. 2016, "Modeling Coverage for NMT", eq. 6 with their linguistic coverage, no fertility):

        e_ij = v_a^T tanh(W_a s_{i-1} + U_a h_j + w_c C_{i-1,j} + b_a)
        C_{i-1,j} = sum_{k<i} alpha_kj

    so the model can learn to look away from words it has already translated.
    """

    def __init__(
        self, query_size: int, value_size: int, attention_size: int, coverage: bool = False
    ) -> None:
        super().__init__()
        self.W_a = nn.Linear(query_size, attention_size, bias=False)
        self.U_a = nn.Linear(value_size, attention_size, bias=True)
        self.v_a = nn.Linear(attention_size, 1, bias=False)
        self.reads_coverage = coverage
        self.w_c = nn.Linear(1, attention_size, bias=False) if coverage else None

    def prepare_keys(self, values: Tensor, mask: Tensor) -> Tensor:
        return self.U_a(values)  # (B, S, attention_size)

    def project_query(self, query: Tensor) -> Tensor:
        return self.W_a(query)  # (B, T, attention_size)

    def combine(self, projected: Tensor, keys: Tensor, coverage: Tensor | None = None) -> Tensor:
        hidden = projected[:, :, None, :] + keys[:, None, :, :]  # (B, T, S, A)
        if self.w_c is not None:
            if coverage is None:
                raise ValueError("this additive scorer reads the coverage: pass it")
            hidden = hidden + self.w_c(coverage[:, None, :, None].to(hidden.dtype))
        return self.v_a(torch.tanh(hidden)).squeeze(-1)


class GeneralAttention(Attention):
    """Luong et al. (2015), "Effective Approaches to Attention-based NMT", eq. (8), *general*:

        score(s_t, h_j) = s_t^T W_a h_j

    W_a h_j does not depend on t, so ``prepare_keys`` computes it once per sentence.
    """

    def __init__(self, query_size: int, value_size: int) -> None:
        super().__init__()
        self.W_a = nn.Linear(value_size, query_size, bias=False)

    def prepare_keys(self, values: Tensor, mask: Tensor) -> Tensor:
        return self.W_a(values)  # (B, S, query_size)

    def combine(self, projected: Tensor, keys: Tensor, coverage: Tensor | None = None) -> Tensor:
        return torch.bmm(projected, keys.transpose(1, 2))


class DotAttention(Attention):
    """Luong et al. (2015), eq. (8), *dot*: score(s_t, h_j) = s_t^T h_j.

    Needs query_size == value_size; with ``scaled=True`` the score is divided by
    sqrt(query_size), as in Vaswani et al. (2017), to keep the softmax from saturating.
    """

    def __init__(self, query_size: int, value_size: int, scaled: bool = False) -> None:
        super().__init__()
        if query_size != value_size:
            raise ValueError(
                f"dot attention needs query_size == value_size; got {query_size} and {value_size}"
            )
        self.scale = 1.0 / math.sqrt(query_size) if scaled else 1.0

    def project_query(self, query: Tensor) -> Tensor:
        return query * self.scale if self.scale != 1.0 else query  # q / sqrt(d): e = q' . h

    def combine(self, projected: Tensor, keys: Tensor, coverage: Tensor | None = None) -> Tensor:
        return torch.bmm(projected, keys.transpose(1, 2))


class NoAttention(Attention):
    """The encoder–decoder without attention (Cho et al. 2014; Sutskever et al. 2014).

    The whole sentence is squeezed into one fixed-length vector c = [forward h_S ; backward h_1]
    (each direction's final state) and the decoder gets the same c at every step: the
    bottleneck that attention removes. There are no weights and no scores, so both are None.
    """

    attends = False

    def prepare_keys(self, values: Tensor, mask: Tensor) -> Tensor:
        return sentence_summary(values, mask)[:, None, :]  # (B, 1, value_size)


def build_attention(
    name: str, query_size: int, value_size: int, attention_size: int = 256, coverage: bool = False
) -> Attention:
    """Make the scoring function called ``name`` (an entry of ``scorers.SCORERS``); with
    ``coverage`` (only a scorer whose table entry ``covers``) its score reads C_{i-1,j}."""
    entry = scorer(name)  # an unknown name: the error lists the valid ones
    if coverage and not entry.covers:
        raise ValueError(f"scorer {name!r} has no coverage term (scorers.SCORERS: covers)")
    if name == "additive":
        return AdditiveAttention(query_size, value_size, attention_size, coverage)
    if name == "general":
        return GeneralAttention(query_size, value_size)
    if name in ("dot", "scaled_dot"):
        return DotAttention(query_size, value_size, scaled=name == "scaled_dot")
    if name == "none":
        return NoAttention()
    raise NotImplementedError(f"scorer {name!r} is in the table but has no class here")

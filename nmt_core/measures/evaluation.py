"""Translation quality and attention diagnostics.

Two kinds of measurement live here:

* corpus metrics on detokenised text (BLEU and chrF through sacrebleu), overall and per
  source-length bucket, and one sentence's chrF against several references (the example bank's
  vetting rule);
* per-sentence statistics of one attention matrix (entropy, coverage, Jensen–Shannon divergence
  and the attention-based confidence of Rikters & Fishel, 2017).

Every attention matrix has shape ``(tgt_len, src_len)``: row ``i`` is decoder step ``i`` (target
token ``i``), column ``j`` is source token ``j``, and each row is a distribution (sums to 1).
The functions take numpy arrays, never torch tensors. All logarithms are natural, and
``0 log 0 = 0`` throughout.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from itertools import pairwise
from typing import Any

import numpy as np
import sacrebleu
from sacrebleu.metrics import CHRF

DEFAULT_LENGTH_EDGES = (0, 5, 10, 15, 20, 30, 1000)  # source word counts; low <= n < high


# --------------------------------------------------------------------------------------------
# Input validation
# --------------------------------------------------------------------------------------------


def validate_attention(attention: np.ndarray, name: str = "attention") -> np.ndarray:
    """Check that ``attention`` is a usable attention matrix and return it as float64.

    Args:
        attention: array-like of shape ``(tgt_len, src_len)``, both at least 1.
        name: what to call the argument in error messages.

    Returns:
        The same values as a float64 array of shape ``(tgt_len, src_len)``.

    Raises:
        ValueError: if it is not 2-D, is empty, or holds NaN, inf or negative weights.
            Rows are *not* required to sum to 1 (padding and renormalisation differ by caller).
    """
    matrix = np.asarray(attention, dtype=np.float64)
    if matrix.ndim != 2:
        raise ValueError(f"{name} must be 2-D (tgt_len, src_len); got shape {matrix.shape}")
    if matrix.shape[0] == 0 or matrix.shape[1] == 0:
        raise ValueError(f"{name} must have at least one row and column; got {matrix.shape}")
    if not np.all(np.isfinite(matrix)):
        raise ValueError(f"{name} contains NaN or infinite weights")
    if np.any(matrix < 0):
        raise ValueError(f"{name} contains negative weights (min {matrix.min():g})")
    return matrix


def _xlogx(values: np.ndarray) -> np.ndarray:
    """Elementwise ``x log x`` with the limit ``0 log 0 = 0``; same shape as ``values``."""
    safe = np.where(values > 0, values, 1.0)  # log(1) = 0 stands in for the zero entries
    return values * np.log(safe)


# --------------------------------------------------------------------------------------------
# Corpus metrics
# --------------------------------------------------------------------------------------------


def corpus_scores(hypotheses: Sequence[str], references: Sequence[str]) -> dict[str, float]:
    """Corpus BLEU and chrF of detokenised hypotheses against one reference each.

    BLEU (Papineni et al., 2002) uses sacrebleu's defaults: ``13a`` tokenisation, exponential
    smoothing, up to 4-grams, so a corpus whose sentences are all shorter than 4 words scores
    0 even when it matches exactly. chrF (Popović, 2015) uses sacrebleu's defaults: character
    6-grams, beta = 2. Both are on a 0–100 scale.

    Args:
        hypotheses: ``N`` system outputs, one string per sentence.
        references: ``N`` reference translations, aligned with ``hypotheses``.

    Returns:
        ``{"bleu": float, "chrf": float}``.

    Raises:
        ValueError: if the lists differ in length or are empty.
    """
    hypotheses, references = list(hypotheses), list(references)
    if len(hypotheses) != len(references):
        raise ValueError(
            f"got {len(hypotheses)} hypotheses but {len(references)} references; "
            "they must be aligned one to one"
        )
    if not hypotheses:
        raise ValueError("cannot score an empty corpus")
    return {
        "bleu": float(sacrebleu.corpus_bleu(hypotheses, [references]).score),
        "chrf": float(sacrebleu.corpus_chrf(hypotheses, [references]).score),
    }


# English contractions written out, so that "I'm" and "I am" score alike: a matter of style,
# not of translation. "'s" is expanded only after a pronoun ("she's" = "she is"; "Tom's" may
# be a possessive) and "'d" (would or had) is left alone.
_CONTRACTIONS = (
    (r"\b([Ww])on't\b", r"\1ill not"),
    (r"\b([Cc])an't\b", r"\1annot"),
    (r"n't\b", " not"),
    (r"'m\b", " am"),
    (r"'re\b", " are"),
    (r"'ll\b", " will"),
    (r"'ve\b", " have"),
    (r"\b((?i:he|she|it|that|there|what|who|where|here))'s\b", r"\1 is"),
)


def expand_contractions(text: str) -> str:
    """English ``text`` with its contractions written out ("I'm" -> "I am"; see above)."""
    text = text.replace("’", "'")
    for pattern, replacement in _CONTRACTIONS:
        text = re.sub(pattern, replacement, text)
    return text


def sentence_chrf(hypothesis: str, references: Sequence[str], english: bool = False) -> float:
    """Sentence chrF (sacrebleu's defaults, 0-100) of ``hypothesis`` against the best of
    ``references``; for ``english`` text, contractions are written out on both sides first."""
    if not references:
        raise ValueError("a sentence needs at least one reference")
    norm = expand_contractions if english else str
    metric = CHRF()
    return max(metric.sentence_score(norm(hypothesis), [norm(r)]).score for r in references)


def length_buckets(
    lengths: Sequence[int], edges: Sequence[int] = DEFAULT_LENGTH_EDGES
) -> list[list[int]]:
    """Group sentence indices by length into half-open buckets ``edges[k] <= n < edges[k+1]``.

    Args:
        lengths: ``N`` non-negative lengths, one per sentence.
        edges: ``B + 1`` strictly increasing bucket boundaries.

    Returns:
        ``B`` lists of sentence indices (ascending), one per bucket; a bucket may be empty.

    Raises:
        ValueError: if the edges are not strictly increasing, there are fewer than two, or a
            length falls outside ``[edges[0], edges[-1])``.
    """
    edges = [int(edge) for edge in edges]
    if len(edges) < 2 or any(low >= high for low, high in pairwise(edges)):
        raise ValueError(f"edges must be at least two strictly increasing numbers; got {edges}")
    buckets: list[list[int]] = [[] for _ in edges[:-1]]
    for index, length in enumerate(lengths):
        if not edges[0] <= length < edges[-1]:
            raise ValueError(
                f"length {length} of sentence {index} is outside [{edges[0]}, {edges[-1]})"
            )
        bucket = int(np.searchsorted(edges, length, side="right")) - 1
        buckets[bucket].append(index)
    return buckets


@dataclass(frozen=True)
class BucketScore:
    """Corpus scores of the sentences whose source length ``n`` satisfies ``low <= n < high``."""

    low: int  # inclusive lower bound on source words
    high: int  # exclusive upper bound on source words
    count: int  # sentences in the bucket
    bleu: float  # corpus BLEU of the bucket, 0–100
    chrf: float  # corpus chrF of the bucket, 0–100


def bleu_by_length(
    source_lengths: Sequence[int],
    hypotheses: Sequence[str],
    references: Sequence[str],
    edges: Sequence[int] = DEFAULT_LENGTH_EDGES,
) -> list[BucketScore]:
    """BLEU and chrF per source-length bucket, to show how quality falls with length.

    Bahdanau et al. (2015, Fig. 2) plot BLEU against sentence length to show that attention
    holds up on long sentences; this is the same analysis on our test set.

    Args:
        source_lengths: ``N`` source word counts (the caller decides what a word is).
        hypotheses: ``N`` system outputs.
        references: ``N`` references.
        edges: bucket boundaries; bucket ``k`` is ``edges[k] <= length < edges[k+1]``.

    Returns:
        One :class:`BucketScore` per non-empty bucket, in increasing length order.

    Raises:
        ValueError: if the three sequences differ in length, or see :func:`length_buckets`.
    """
    hypotheses, references = list(hypotheses), list(references)
    if not len(source_lengths) == len(hypotheses) == len(references):
        raise ValueError(
            f"got {len(source_lengths)} lengths, {len(hypotheses)} hypotheses and "
            f"{len(references)} references; they must be aligned one to one"
        )
    scores = []
    buckets = length_buckets(source_lengths, edges)
    for (low, high), members in zip(pairwise(edges), buckets, strict=True):
        if not members:
            continue
        bucket = corpus_scores([hypotheses[k] for k in members], [references[k] for k in members])
        scores.append(BucketScore(int(low), int(high), len(members), **bucket))
    return scores


# --------------------------------------------------------------------------------------------
# Attention statistics
# --------------------------------------------------------------------------------------------


def attention_entropy(attention: np.ndarray) -> np.ndarray:
    """Entropy of each decoder step's attention distribution.

    ``H_i = -Σ_j α_ij log α_ij`` (natural log, ``0 log 0 = 0``). It is 0 for a one-hot row and
    ``ln(src_len)`` for a uniform row.

    Args:
        attention: ``(tgt_len, src_len)`` attention weights.

    Returns:
        ``(tgt_len,)`` entropies in nats.
    """
    matrix = validate_attention(attention)
    return -_xlogx(matrix).sum(axis=1)


def coverage(attention: np.ndarray) -> np.ndarray:
    """Total attention each source token received: ``c_j = Σ_i α_ij``.

    This is the coverage (or fertility) of Tu et al. (2016): about 1 for a token translated
    once, near 0 for a dropped token, above 1 for a token translated repeatedly. When every
    row sums to 1 the coverages sum to ``tgt_len``.

    Args:
        attention: ``(tgt_len, src_len)`` attention weights.

    Returns:
        ``(src_len,)`` coverage per source token.
    """
    return validate_attention(attention).sum(axis=0)


def jensen_shannon(p_att: np.ndarray, q_att: np.ndarray) -> np.ndarray:
    """Jensen–Shannon divergence between matching rows of two attention matrices.

    ``JS(p, q) = ½ KL(p ‖ m) + ½ KL(q ‖ m)`` with ``m = ½ (p + q)`` and
    ``KL(p ‖ m) = Σ_j p_j log(p_j / m_j)`` (Lin, 1991). With natural logs and rows that are
    distributions it lies in ``[0, ln 2]``: 0 for identical rows, ``ln 2`` for rows with
    disjoint support. Useful to compare two models, or two decoding settings, on one sentence.

    Args:
        p_att: ``(tgt_len, src_len)`` attention weights.
        q_att: ``(tgt_len, src_len)`` attention weights, same shape as ``p_att``.

    Returns:
        ``(tgt_len,)`` divergences in nats.

    Raises:
        ValueError: if the shapes differ.
    """
    p = validate_attention(p_att, "p_att")
    q = validate_attention(q_att, "q_att")
    if p.shape != q.shape:
        raise ValueError(f"p_att and q_att must have the same shape; got {p.shape} and {q.shape}")
    m = 0.5 * (p + q)
    # Σ_j p log(p/m) = Σ_j p log p - Σ_j p log m; m > 0 wherever p > 0, so split the terms.
    safe_m = np.where(m > 0, m, 1.0)
    kl_pm = (_xlogx(p) - p * np.log(safe_m)).sum(axis=1)
    kl_qm = (_xlogx(q) - q * np.log(safe_m)).sum(axis=1)
    return np.maximum(0.5 * (kl_pm + kl_qm), 0.0)  # clip -1e-17 rounding noise


@dataclass(frozen=True)
class Confidence:
    """Attention-based confidence of one translation (Rikters & Fishel, 2017).

    Every field is ``<= 0``; 0 is the most confident value and more negative is less confident.
    See :func:`attention_confidence` for the formulas.
    """

    coverage_deviation_penalty: float  # CDP: source tokens attended much less or more than once
    absentmindedness_out: float  # AP_out: how spread out each target token's attention is
    absentmindedness_in: float  # AP_in: how spread out the attention to each source token is
    total: float  # CDP + AP_out + AP_in


def attention_confidence(attention: np.ndarray) -> Confidence:
    """Confidence of a translation from its attention alone (Rikters & Fishel, 2017).

    From "Confidence through Attention" (MT Summit 2017), with ``I = tgt_len``, ``J = src_len``,
    ``α_ij`` the weight of target step ``i`` on source token ``j``:

        CDP    = -(1/J) Σ_j log(1 + (1 - Σ_i α_ij)²)
        AP_out =  (1/I) Σ_i Σ_j α_ij log α_ij
        AP_in  =  (1/J) Σ_j Σ_i β_ij log β_ij,   β_ij = α_ij / Σ_i' α_i'j
        total  =  CDP + AP_out + AP_in

    Sign convention: every term is ``<= 0`` and 0 means most confident. CDP is 0 when every
    source token receives a total attention of exactly 1. AP_out is minus the mean entropy of
    the rows, so it is 0 when each target token attends to one source token. AP_in is minus the
    mean entropy of the columns renormalised to distributions β (so the attention *to* a source
    token is judged apart from how much it gets; an unattended column counts as 0 and is left
    to CDP), and it is 0 when each source token is attended from one target step only. This
    follows the authors' reference implementation (SoftAlignments), which reports negated
    entropies averaged over the distributions they are taken of; without the renormalisation
    the double sum of AP_in would equal that of AP_out.

    Args:
        attention: ``(tgt_len, src_len)`` attention weights; rows should sum to 1.

    Returns:
        A :class:`Confidence` whose fields are all ``<= 0``.
    """
    matrix = validate_attention(attention)
    num_target, num_source = matrix.shape

    # 1. Coverage deviation: log(1 + (1 - c_j)^2) >= 0, averaged over source tokens.
    cdp = -float(np.log1p((1.0 - matrix.sum(axis=0)) ** 2).sum() / num_source)

    # 2. Output absentmindedness: negated mean row entropy.
    ap_out = float(_xlogx(matrix).sum() / num_target)

    # 3. Input absentmindedness: negated mean entropy of the renormalised columns.
    column_mass = matrix.sum(axis=0, keepdims=True)  # (1, src_len)
    beta = matrix / np.where(column_mass > 0, column_mass, 1.0)  # (tgt_len, src_len)
    ap_in = float(_xlogx(beta).sum() / num_source)

    return Confidence(cdp, ap_out, ap_in, cdp + ap_out + ap_in)


def sentence_attention_stats(attention: np.ndarray) -> dict[str, Any]:
    """Every per-sentence attention statistic, as plain JSON-ready Python values.

    Built from the same functions the dashboard shows (:func:`attention_entropy`,
    :func:`attention_confidence`), so ``evaluate --stats`` and the pages agree.

    Args:
        attention: ``(tgt_len, src_len)`` attention weights.

    Returns:
        A dict with keys

        * ``"entropy"``: list of ``tgt_len`` floats, :func:`attention_entropy`;
        * ``"mean_entropy"``: float, their mean;
        * ``"coverage"``: list of ``src_len`` floats, :func:`coverage`;
        * ``"coverage_deviation_penalty"``, ``"absentmindedness_out"``,
          ``"absentmindedness_in"``, ``"total"``: floats, :func:`attention_confidence`.
    """
    entropy = attention_entropy(attention)
    return {
        "entropy": entropy.tolist(),
        "mean_entropy": float(entropy.mean()),
        "coverage": coverage(attention).tolist(),
        **asdict(attention_confidence(attention)),
    }

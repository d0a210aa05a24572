"""The numbers widgets show beside the charts: agreements, gold scores, confidence, what-if
weights, an attribution beside the attention.

Rule: a view, like ``views``: it calls ``nmt_core`` for every number and shapes the result
for a widget; no Streamlit. Widgets and pages take their numbers from here or ``views``, never
from ``nmt_core`` directly, so a test can see where each number comes from.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dashboard.views import attribution_summary
from dashboard.views.markdown_text import literal
from nmt_core.analysis.alignment import (
    DEFAULT_THRESHOLD,
    HARD_ALIGNMENT_METHODS,
    Alignment,
    AlignmentScores,
    alignment_agreement,
    alignment_error_rate,
    alignment_error_rate_after_the_first_word,
    format_pharaoh,
)
from nmt_core.analysis.attribution import IG_STEPS, agreement, by_source_word, relevance
from nmt_core.analysis.attribution import METHODS as ATTRIBUTION_METHODS
from nmt_core.analysis.eflomal import PRIORS_COMMAND as EFLOMAL_PRIORS_COMMAND
from nmt_core.analysis.whatif import edited_attention
from nmt_core.learning.probes import ProbeLog, TrainingCurve, training_curve
from nmt_core.measures.evaluation import attention_confidence, attention_entropy
from nmt_core.measures.step_arithmetic import WeightedSum, weighted_sum
from nmt_core.measures.temperature import TemperedWeights, tempered_weights
from nmt_core.translate import Hypothesis, Translation

__all__ = [  # nmt_core's constants that widgets name, handed on from here
    "ATTRIBUTION_METHODS",
    "DEFAULT_THRESHOLD",
    "EFLOMAL_PRIORS_COMMAND",
    "HARD_ALIGNMENT_METHODS",
    "IG_STEPS",
]


def step_context(hyp: Hypothesis, step: int, values: np.ndarray) -> WeightedSum:
    """The terms of c_t at decoder step ``step`` (0-based): α_t times the annotations
    ``values`` (S, H), as the Lesson's animation adds them up."""
    return weighted_sum(hyp.attention[step], values)


def step_temperature(hyp: Hypothesis, step: int, temperature: float) -> TemperedWeights:
    """What if decoder step ``step`` (0-based) divided its raw scores by ``temperature`` before
    the softmax: the weights, their entropy and the model's own (T = 1), in bits."""
    return tempered_weights(hyp.scores[step], temperature)


def temperature_entropies(tempered: TemperedWeights) -> str:
    """The line over the temperature chart (Markdown): plainly a what-if, and both entropies."""
    return (
        f"**What if** T = {tempered.temperature:g}: entropy **{tempered.entropy:.2f} bits** "
        f"(the model's own α, T = 1: {tempered.model_entropy:.2f} bits)"
    )


def temperature_caption(tempered: TemperedWeights, source: tuple[str, ...]) -> str:
    """What the temperature chart shows (Markdown): the entropy's ends, where each limit goes."""
    top = literal(repr(source[int(tempered.weights.argmax())]))
    count = len(source)
    return (
        f"α = softmax(e / T) from this step's raw scores. Entropy 0 bits: all weight on one "
        f"piece; {tempered.max_entropy:.2f} bits: the same on all {count}. As T → 0 the weights "
        f"become the argmax, all on the top score ({top}); as T grows they even out to 1/{count} "
        "each. The model itself always uses T = 1: the worked numbers are its own."
    )


def edited_weights(hyp: Hypothesis, step: int, edit: str | None, source: int) -> np.ndarray | None:
    """(S,) the attention a what-if puts at ``step`` (``edit``: "one", "uniform", "shuffled";
    None, the piece is changed instead: no weights)."""
    return None if edit is None else edited_attention(hyp.attention[step], edit, source)


@dataclass(frozen=True)
class AttributionShown:
    """An attribution's relevance beside the attention at one step, ready to draw."""

    series: dict[str, np.ndarray]  # bar series over ``tokens``: attention α_t and relevance
    tokens: tuple[str, ...]  # the source words or pieces the bars stand on
    title: str
    summary: str | None  # Markdown: how far the two agree; None for a model without attention


def attribution_beside_attention(
    result: Translation, attributions: np.ndarray, step: int, words: bool, method: str
) -> AttributionShown:
    """``attributions`` (T, S pieces) of ``result`` as relevance (rows summing to 1, per word
    when ``words``) beside the attention at ``step`` (0-based), with their agreement."""
    tokens = result.source_words if words else result.source_pieces
    relevant = relevance(attributions)
    if words:
        relevant = by_source_word(relevant, result.source_pieces)
    if result.attention is None:
        title = f"Step {step + 1}: relevance of each source token ({method})"
        return AttributionShown({"relevance": relevant[step]}, tokens, title, None)
    attention = result.attention
    if words:
        attention = by_source_word(attention, result.source_pieces)
    series = {f"attention α{step + 1}": attention[step], "relevance": relevant[step]}
    title = f"Step {step + 1}: blue = attention α{step + 1}, orange = relevance ({method})"
    summary = attribution_summary(
        method, agreement(attention, relevant), agreement(attention[step], relevant[step]), step
    )
    return AttributionShown(series, tokens, title, summary)


def pharaoh_line(links: Alignment) -> str:
    """One sentence's links as a Pharaoh line ("0-0 1-2")."""
    return format_pharaoh(links)


@dataclass(frozen=True)
class GoldScores:
    """One sentence's links against its gold: over every target word, and over all but the
    first (the first decoder step has no previous word to look from)."""

    every_word: AlignmentScores
    after_the_first_word: AlignmentScores


def gold_alignment_scores(links: Alignment, sure: Alignment, possible: Alignment) -> GoldScores:
    """Precision, recall and AER of one sentence's ``links`` against its gold links."""
    return GoldScores(
        alignment_error_rate([links], [sure], [possible]),
        alignment_error_rate_after_the_first_word([links], [sure], [possible]),
    )


@dataclass(frozen=True)
class LinkAgreement:
    """Two sentences' worth of links side by side: how many both draw, how many only one."""

    both: int
    only_first: int
    only_second: int
    jaccard: float  # |A∩B| / |A∪B|, 1 = the same links


def link_agreement(first: Alignment, second: Alignment) -> LinkAgreement:
    """How far two alignments of one sentence agree (attention's links and eflomal's, say)."""
    return LinkAgreement(
        len(first & second),
        len(first - second),
        len(second - first),
        alignment_agreement(first, second),
    )


def confidence_values(matrix: np.ndarray) -> list[tuple[str, float]]:
    """Rikters & Fishel's confidence measures of one attention matrix (T, S), named as the
    page's formulas name them."""
    values = attention_confidence(matrix)
    return [
        ("CDP", values.coverage_deviation_penalty),
        ("AP out", values.absentmindedness_out),
        ("AP in", values.absentmindedness_in),
        ("Total", values.total),
    ]


def step_entropy(matrix: np.ndarray) -> np.ndarray:
    """(T,) the entropy of each step's attention row, in nats."""
    return attention_entropy(matrix)


def probe_curve(log: ProbeLog) -> TrainingCurve:
    """The probes' AER, entropy and dev BLEU at each recorded training step."""
    return training_curve(log)

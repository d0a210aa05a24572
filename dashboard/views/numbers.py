"""The numbers widgets show beside the charts, shaped from nmt_core's: agreements, gold scores,
confidence, what the temperature chart says, the shortcut votes' line, an attribution beside
the attention.

A number nmt_core gives as it is drawn (a weighted sum, tempered weights, an entropy) is taken
from nmt_core where it is shown; here, the ones that need shaping first.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dashboard.views import attribution_summary
from dashboard.views.markdown_text import literal
from nmt_core.analysis.alignment import (
    Alignment,
    AlignmentScores,
    alignment_agreement,
    alignment_error_rate,
    alignment_error_rate_after_the_first_word,
)
from nmt_core.analysis.attribution import agreement, by_source_word, relevance
from nmt_core.measures.evaluation import attention_confidence
from nmt_core.measures.temperature import TemperedWeights
from nmt_core.translate import Translation


def temperature_entropies(tempered: TemperedWeights) -> str:
    """The line over the temperature chart (Markdown): plainly a what-if, and both entropies."""
    return (
        f"**What if** T = {tempered.temperature:g}: entropy **{tempered.entropy:.2f} bits** "
        f"(the model's own α, T = 1: {tempered.model_entropy:.2f} bits)"
    )


def votes_line(voted: tuple[int, ...], step: int) -> str:
    """One plain line on the lexical shortcut's votes at decoder step ``step`` (0-based):
    what the chart is where it is drawn (``voted``: the steps where the attended words alone
    vote for the piece written), else the steps where it is."""
    if step in voted:
        return (
            "What the attended words vote for by their meaning alone, before the rest of the "
            "sentence has a say (this model's lexical shortcut): here they pick the piece "
            "written, in red."
        )
    where = ", ".join(str(t + 1) for t in voted) or "none of this translation"
    return (
        "What the attended words vote for by their meaning alone (this model's lexical "
        f"shortcut) is drawn at the steps where they pick the piece written: {where}."
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

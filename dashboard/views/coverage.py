"""Coverage and one followed word, shaped for Translate, Step through and Beam search: the
bars, the line naming the words possibly left out, and one source token's weight at each step.

Coverage is each source token's attention summed over the output steps, so far or in all; a
followed token's weights are of one model or of several over the same tokens. Every number
comes from ``nmt_core.analysis.coverage``; here it is only arranged. Markdown: every word goes
through ``literal``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dashboard.views.markdown_text import literal
from nmt_core.analysis import coverage
from nmt_core.text.tokenization import word_groups
from nmt_core.translate import AttentionView, Hypothesis, Translation


@dataclass(frozen=True)
class CoverageBars:
    """What a coverage chart draws: a value per source token, the threshold, the bars marked
    (once every step is counted: the words possibly left out, or each of their pieces), and the
    top of the axis, the same at every step of a sentence so that the bars visibly fill up."""

    tokens: tuple[str, ...]
    values: np.ndarray  # (S,) coverage of each token
    threshold: float
    marked: tuple[int, ...]
    top: float  # the most any token gets over all the steps, at least 1
    steps: int  # the output steps counted
    complete: bool  # every step counted: the marks are the words possibly left out


def coverage_bars(
    translation: Translation,
    hypothesis: Hypothesis | None = None,
    *,
    word_level: bool,
    steps: int | None = None,
) -> CoverageBars | None:
    """``hypothesis``' (default: the best) coverage per source word, or per piece without
    ``word_level``, after its first ``steps`` output steps (default: all); None without
    attention."""
    full = coverage.source_coverage(translation, hypothesis, word_level=word_level)
    if full is None:
        return None
    total = len((hypothesis or translation.best).target_pieces)
    counted = total if steps is None else steps
    shown = coverage.source_coverage(translation, hypothesis, word_level=word_level, steps=counted)
    threshold, complete = coverage.LEFT_OUT_BELOW, counted == total
    # the same words the left-out line names: a piece is marked for its word's coverage, not
    # its own (a word of two pieces may be read through one of them)
    words = coverage.left_out(translation, hypothesis, threshold) if complete else []
    groups = word_groups(translation.source_pieces)
    return CoverageBars(
        tokens=tuple(c.word for c in shown),
        values=np.array([c.coverage for c in shown]),
        threshold=threshold,
        marked=tuple(w.index for w in words)
        if word_level
        else tuple(k for w in words for k in groups[w.index]),
        top=max(1.0, *(c.coverage for c in full)),
        steps=counted,
        complete=complete,
    )


def _names(words: Sequence[coverage.WordCoverage]) -> str:
    """“**Park** (0.08)”, “**Park** (0.08) or **gestern** (0.11)”, “A, B or C”."""
    named = [f"**{literal(w.word)}** ({w.coverage:.2f})" for w in words]
    return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} or {named[-1]}"


def left_out_line(translation: Translation, hypothesis: Hypothesis | None = None) -> str:
    """One line (Markdown) naming the words of ``hypothesis`` (default: the best) whose
    coverage stayed under the threshold, as possibly missing from the translation; or that
    every word was looked at. "" without attention."""
    if coverage.word_coverage(translation, hypothesis) is None:
        return ""
    words = coverage.left_out(translation, hypothesis, threshold=coverage.LEFT_OUT_BELOW)
    if not words:
        return (
            f"Every word was looked at: each got a coverage of at least "
            f"{coverage.LEFT_OUT_BELOW:g}, so none seems missing from the translation."
        )
    which = "it" if len(words) == 1 else "they"
    return f"Nothing looked at {_names(words)}: {which} may be missing."


def bars_caption(bars: CoverageBars, word_level: bool) -> str:
    """What the coverage bars show (Markdown): in all (Translate) or so far (Step through)."""
    tokens = "word got (the sum of its pieces')" if word_level else "piece got"
    if bars.complete:
        return (
            f"Coverage, the bars: the attention each source {tokens} over every output step, "
            f"about 1 for a word translated once. Red: a word whose coverage stayed under the "
            f"dashed line at {bars.threshold:g}"
            + ("" if word_level else " (each of its pieces)")
            + ": hardly any step looked at it."
        )
    steps = "step 1" if bars.steps == 1 else f"steps 1–{bars.steps}"
    return (
        f"Coverage so far: the attention each source {tokens} over {steps}. It fills up step "
        f"by step; a word still under the dashed line ({bars.threshold:g}) after the last step "
        "may be missing from the translation."
    )


def same_output_line(without: Translation, with_penalty: Translation, beta: float) -> str | None:
    """One line when the penalised search picks the same translation as the plain one; None
    when it picks another."""
    if without.best.target_pieces != with_penalty.best.target_pieces:
        return None
    if beta == 0:
        return "β = 0 is no penalty at all: the search picks the same translation."
    return (
        f"With β = {beta:g} the search still picks the same translation: the penalty changes "
        "nothing for this sentence. Try a larger β."
    )


def follow_options(view: AttentionView) -> list[str]:
    """The source tokens one can follow, as a box lists them: “3: Park” (a token that occurs
    twice keeps its own entry)."""
    return [f"{k + 1}: {token}" for k, token in enumerate(view.source_tokens)]


def clicked_token(points: Sequence[Mapping[str, Any]], count: int) -> int | None:
    """The source token (1-based) of the first clicked point that stands in one of ``count``
    columns (a coverage bar's ``x`` is its token's 0-based index), or None: a click on no
    column (a heatmap cell, or nothing) follows nothing."""
    for point in points:
        x = point.get("x")
        if isinstance(x, int | float) and float(x).is_integer() and 0 <= x < count:
            return int(x) + 1
    return None


def followed(views: Mapping[str, AttentionView], index: int) -> dict[str, np.ndarray]:
    """Source token ``index``'s weight at every output step of each named view (a column of
    its matrix): what ``figures.followed_word`` draws, one line per view. The views share
    their source tokens (one model; or Compare's A and B, paired)."""
    return {name: view.matrix[:, index] for name, view in views.items()}


def followed_title(view: AttentionView, index: int) -> str:
    """The chart's title: which token it follows."""
    return f"Attention to “{view.source_tokens[index]}” at each output step"

"""Coverage bars: each source token's attention summed over the output steps, a dashed line at
the threshold, the bars under it in red with their value; under the heatmap's columns, or alone.
A click anywhere in a token's column of the bars' plot is a click on that token (``COLUMNS``).

Under the heatmap the bars share its x axis, so each stands under its own column whatever the
page's width, and the source tokens above the heatmap head the columns of both. Alone (Step
through's coverage so far) the axis stays put while they fill up."""

from __future__ import annotations

import textwrap
from collections.abc import Collection, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import HIGHLIGHT
from dashboard.figures.heatmaps import COMPACT_ROW, _weights
from dashboard.figures.layout import (
    TITLE_CHARACTERS,
    _check_matrix,
    _finish,
    _font_size,
    _labels,
    _row_height,
    _text,
    _token_axis,
)

COVERED_COLOUR = "#7f7f7f"  # a bar of a word looked at: grey, so the red ones stand out
THRESHOLD_COLOUR = "#555555"
# the name of the see-through bars, one a column and as tall as the plot, that take a click
# anywhere in a token's column (a short bar alone would be a target too small to hit)
COLUMNS = "columns"
# px of the bars' plot under a heatmap (on a page, in presentation mode, and fitted to a
# projector's first screen with the heatmap), and of the space between the two
COVERAGE_PANEL, FIT_SCREEN_PANEL, PANEL_GAP = {False: 110, True: 150}, 100, 16
# How far above a one-line title's place Plotly sets a wrapped one anchored at the top, in its
# type size (measured in Chromium): 1.35, and 1.3 more (its line spacing) for each line
WRAPPED_TITLE_RISE, TITLE_LINE = 1.35, 1.3


def _values(coverage: np.ndarray, tokens: Sequence[str]) -> np.ndarray:
    values = np.asarray(coverage, dtype=float)
    if values.shape != (len(tokens),):
        raise ValueError(f"{values.shape[0]} coverages but {len(tokens)} token labels")
    return values


def _columns(tokens: Sequence[str]) -> list[float]:
    """The x range of one column per token, edge to edge: the red values' text must not widen
    it (Plotly pads a range for text), or the heatmap's columns would no longer fill the plot."""
    return [-0.5, len(tokens) - 0.5]


def _bars(
    values: np.ndarray,
    tokens: Sequence[str],
    marked: Collection[int],
    threshold: float,
    axes: tuple[str, str],
    top: float,
) -> list[dict[str, Any]]:
    """One bar per token on the axes ``axes`` (x, y), the ``marked`` ones red; their values
    written in red just above the threshold's line, where a bar too short to read has room;
    under them the see-through ``COLUMNS``, each up to ``top`` (the axis' top), which show a
    token's value on hover and take its clicks (the bars themselves are skipped by both)."""
    x, labels = list(range(len(tokens))), _labels(tokens)
    columns = {
        "type": "bar", "name": COLUMNS, "x": x, "y": [top] * len(x), "width": 1,
        "xaxis": axes[0], "yaxis": axes[1], "marker": {"color": "rgba(0,0,0,0)"},
        "customdata": [[label, float(v)] for label, v in zip(labels, values, strict=True)],
        "hovertemplate": "%{customdata[0]}: coverage %{customdata[1]:.2f}<br>click: follow it"
        "<extra></extra>",
        "unselected": {"marker": {"opacity": 1}}, "showlegend": False,
    }  # fmt: skip
    bars = {
        "type": "bar", "x": x, "y": values.tolist(), "xaxis": axes[0], "yaxis": axes[1],
        "marker": {"color": [HIGHLIGHT if k in marked else COVERED_COLOUR for k in x]},
        "width": 0.7, "hoverinfo": "skip", "showlegend": False,
        "unselected": {"marker": {"opacity": 1}},  # a click selects a column: no bar dims
    }  # fmt: skip
    shown = sorted(k for k in marked if 0 <= k < len(tokens))
    values_of_marked = {
        "type": "scatter", "mode": "text", "x": shown, "y": [threshold] * len(shown),
        "text": [f"{values[k]:.2f}" for k in shown], "textposition": "top center",
        "textfont": {"color": HIGHLIGHT}, "xaxis": axes[0], "yaxis": axes[1],
        "hoverinfo": "skip", "showlegend": False, "cliponaxis": False,
    }  # fmt: skip
    return [columns, bars, values_of_marked]


def _value_axis(top: float, threshold: float, presentation: bool) -> dict[str, Any]:
    """The coverage axis from 0 to ``top`` and room above it, numbered at the threshold and at
    every whole number (1: a word translated once)."""
    ticks = [threshold, *range(1, int(top) + 1)]
    return {
        "range": [0, top * 1.15], "tickmode": "array", "tickvals": ticks,
        "ticktext": [f"{t:g}" for t in ticks], "title": _text("coverage"), "zeroline": True,
        "showgrid": False, "fixedrange": True, "tickfont": {"size": _font_size(presentation)},
    }  # fmt: skip


def _threshold_line(threshold: float, axes: tuple[str, str]) -> dict[str, Any]:
    """The dashed line at ``threshold`` across the bars' plot."""
    x, y = axes
    return {"type": "line", "name": "threshold", "xref": f"{x} domain", "x0": 0, "x1": 1,
            "yref": y, "y0": threshold, "y1": threshold,
            "line": {"color": THRESHOLD_COLOUR, "width": 2, "dash": "dash"}}  # fmt: skip


def coverage_chart(
    coverage: np.ndarray,
    tokens: Sequence[str],
    *,
    threshold: float,
    marked: Collection[int] = (),
    top: float = 1.0,
    title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """Each token's coverage (S,) as bars over its label, a dashed line at ``threshold``, the
    ``marked`` bars red; the axis reaches ``top`` whatever the values (a chart that fills up
    step by step keeps its scale)."""
    values = _values(coverage, tokens)
    axis = _value_axis(max(top, float(values.max(initial=0))), threshold, presentation)
    return _finish(
        _bars(values, tokens, set(marked), threshold, ("x", "y"), axis["range"][1]),
        title,
        presentation,
        380 if presentation else 280,
        xaxis={**_token_axis(tokens, presentation, share=1.0), "range": _columns(tokens)},
        yaxis=axis,
        shapes=[_threshold_line(threshold, ("x", "y"))],
        barmode="overlay",
    )


def attention_with_coverage(
    matrix: np.ndarray,
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    coverage: np.ndarray,
    *,
    threshold: float,
    marked: Collection[int] = (),
    title: str = "",
    presentation: bool = False,
    fit_screen: bool = False,
) -> go.Figure:
    """The attention heatmap (``figures.attention_heatmap``), the source tokens above it, and
    under it the columns' coverage (S,) as bars on its x axis, each under its own column
    whatever the page's width; a dashed line at ``threshold``, the ``marked`` bars red.
    ``fit_screen``: rows of ``COMPACT_ROW`` px and a lower panel of bars, so that a
    projector's first screen holds the heatmap and its bars."""
    _check_matrix(matrix, target_tokens, source_tokens, "attention")
    values = _values(coverage, source_tokens)
    trace, axes = _weights(matrix, source_tokens, target_tokens, presentation)
    rows = len(target_tokens)
    panel = FIT_SCREEN_PANEL if fit_screen else COVERAGE_PANEL[presentation]
    heat = rows * COMPACT_ROW if fit_screen else _row_height(rows, presentation) - 120
    if fit_screen:
        axes["yaxis"]["tickfont"] = {"size": min(17, axes["yaxis"]["tickfont"]["size"])}
    axes["xaxis"].update(side="top")  # the labels head the columns of both
    plot = heat + PANEL_GAP + panel
    axes["xaxis"]["range"] = _columns(source_tokens)
    axes["yaxis"]["domain"] = [(panel + PANEL_GAP) / plot, 1.0]
    trace["colorbar"].update(len=heat / plot, y=1.0, yanchor="top")
    value_axis = _value_axis(max(1.0, float(values.max(initial=0))), threshold, presentation)
    layout = {
        **axes,
        "yaxis2": {**value_axis, "domain": [0.0, panel / plot], "anchor": "x"},
        "shapes": [_threshold_line(threshold, ("x", "y2"))],
        "barmode": "overlay",
    }
    bars = _bars(values, source_tokens, set(marked), threshold, ("x", "y2"), value_axis["range"][1])
    data = [trace, *bars]
    fig = _finish(data, title, presentation, plot + 100 + 40 * bool(title), **layout)
    # the title at the figure's top edge, so that its automargin keeps the labels below it;
    # a wrapped one rises above that edge: the padding brings its first line back in
    lines = len(textwrap.wrap(title, TITLE_CHARACTERS[presentation])) or 1
    size = _font_size(presentation) + 3  # the title's, as _finish sets it
    rise = (WRAPPED_TITLE_RISE + TITLE_LINE * (lines - 1)) * size if lines > 1 else 0
    return fig.update_layout(
        title_yref="container",
        title_y=1 - rise / fig.layout.height,
        title_yanchor="top",
        title_pad_t=10,
        title_pad_b=0,
    )

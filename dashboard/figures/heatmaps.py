"""Heatmaps on token axes: attention weights (target rows by source columns), the difference
of two models' attention, and the context vectors c_t."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import (
    ATTENTION_SCALE,
    DIFFERENCE_SCALE,
    HIGHLIGHT,
    PROJECTOR_SCALE,
)
from dashboard.figures.layout import (
    LEAST_PLOT_WIDTH,
    _check_matrix,
    _finish,
    _font_size,
    _label_band,
    _labels,
    _row_height,
    _text,
    _token_axis,
)

COMPACT_ROW = 20  # px a row of a heatmap sized to fit a screen, its labels in 17-px type


def _heatmap(
    z: np.ndarray,
    cols: Sequence[str],
    rows: Sequence[str],
    *,
    colorscale: str,
    zmin: float,
    zmax: float,
    names: tuple[str, str, str],
    presentation: bool,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A heatmap trace on token axes, and its layout (axes); hover shows the row token, the
    column token and the value."""
    row_name, col_name, value_name = names
    row_labels, col_labels = _labels(rows), _labels(cols)
    trace = {
        "type": "heatmap",
        "z": np.asarray(z, dtype=float).tolist(),
        "x": list(range(len(cols))),
        "y": list(range(len(rows))),
        "customdata": [[[r, c] for c in col_labels] for r in row_labels],
        "hovertemplate": (
            f"{row_name}: %{{customdata[0]}}<br>{col_name}: %{{customdata[1]}}"
            f"<br>{value_name}: %{{z:.3f}}<extra></extra>"
        ),
        "colorscale": colorscale,
        "zmin": zmin,
        "zmax": zmax,
        # the title along the bar (above it, the top tick's "1" ran into it), and half an em
        # between the numbers and it (Plotly leaves 2 px)
        "colorbar": {"title": {"text": value_name, "side": "right"}, "ticksuffix": "\u2002"},
    }
    axes = {
        "xaxis": {**_token_axis(cols, presentation, share=1.0), "automargin": True},
        "yaxis": {**_token_axis(rows, presentation), "autorange": "reversed"},
    }
    return trace, axes


def _weights(
    matrix: np.ndarray, cols: Sequence[str], rows: Sequence[str], presentation: bool
) -> tuple[dict[str, Any], dict[str, Any]]:
    """An attention heatmap trace and its axes: weights 0..1 on the attention scale (the
    projector's in presentation mode), so two models' heatmaps compare by eye."""
    scale = PROJECTOR_SCALE if presentation else ATTENTION_SCALE
    names = ("target", "source", "weight")
    return _heatmap(matrix, cols, rows, colorscale=scale, zmin=0.0, zmax=1.0, names=names,
                    presentation=presentation)  # fmt: skip


def _link_marks(
    links: Iterable[tuple[int, int]], reference_links: Iterable[tuple[int, int]]
) -> list[dict[str, Any]]:
    """Scatter traces over a heatmap: hard links as crosses, another aligner's as rings (a cross
    in a ring: both)."""
    cross = {"symbol": "x", "size": 9, "color": HIGHLIGHT}
    ring = {"symbol": "circle-open", "size": 20, "color": HIGHLIGHT, "line": {"width": 2}}
    traces = []
    for name, found, marker in (
        ("hard alignment", links, cross),
        ("reference aligner", reference_links, ring),
    ):
        found = sorted(found)
        if found:
            traces.append(
                {
                    "type": "scatter",
                    "x": [j for j, _ in found],
                    "y": [i for _, i in found],
                    "mode": "markers",
                    "name": name,
                    "marker": marker,
                    "hoverinfo": "skip",
                    "showlegend": False,
                }
            )
    return traces


def attention_heatmap(
    matrix: np.ndarray,
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    *,
    title: str = "",
    highlight_row: int | None = None,
    links: Iterable[tuple[int, int]] = (),
    reference_links: Iterable[tuple[int, int]] = (),
    presentation: bool = False,
    height_rows: int | None = None,
    fit_screen: bool = False,
) -> go.Figure:
    """Attention weights: rows = target tokens, columns = source tokens, colour 0..1.

    Args:
        matrix: (T, S) weights.
        highlight_row: decoder step (0-based) to frame with a rectangle.
        links: hard alignment links (source_index, target_index) to mark with a cross.
        reference_links: another aligner's links, marked with a ring (a cross in a ring: both).
        height_rows: size the figure for this many rows (>= T), so that heatmaps shown side by
            side line up.
        fit_screen: the source tokens above the matrix and rows of ``COMPACT_ROW`` px, so that a
            sentence of 12 words fits a projector's first screen under the translation.
    """
    _check_matrix(matrix, target_tokens, source_tokens, "attention")
    trace, layout = _weights(matrix, source_tokens, target_tokens, presentation)
    data = [trace]
    if highlight_row is not None:
        if not 0 <= highlight_row < len(target_tokens):
            raise ValueError(f"highlight_row {highlight_row} outside 0..{len(target_tokens) - 1}")
        frame = {
            "type": "rect",
            "name": "step",
            "x0": -0.5,
            "x1": len(source_tokens) - 0.5,
            "y0": highlight_row - 0.5,
            "y1": highlight_row + 0.5,
            "line": {"color": HIGHLIGHT, "width": 3},
        }
        layout["shapes"] = [frame]
    data += _link_marks(links, reference_links)
    rows = max(len(target_tokens), height_rows or 0)
    if fit_screen:
        layout["xaxis"].update(side="top")
        layout["yaxis"]["tickfont"] = {"size": min(17, layout["yaxis"]["tickfont"]["size"])}
        # a title (one line: Plotly puts a wrapped one's first line above the figure) at the
        # figure's top edge, so that the title's automargin keeps the source tokens below it
        fig = _finish(
            data, title, presentation, 100 + rows * COMPACT_ROW + 40 * bool(title), **layout
        )
        return fig.update_layout(
            title_yref="container", title_y=1, title_yanchor="top", title_pad_t=10, title_pad_b=0
        )
    return _finish(data, title, presentation, _row_height(rows, presentation), **layout)


def difference_heatmap(
    a: np.ndarray,
    b: np.ndarray,
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    *,
    title: str = "A − B",
    presentation: bool = False,
) -> go.Figure:
    """``a - b`` for two attention matrices of the same shape, on a fixed -1..1 diverging scale."""
    _check_matrix(a, target_tokens, source_tokens, "matrix A")
    _check_matrix(b, target_tokens, source_tokens, "matrix B")
    trace, layout = _heatmap(
        np.asarray(a, dtype=float) - np.asarray(b, dtype=float),
        source_tokens,
        target_tokens,
        colorscale=DIFFERENCE_SCALE,
        zmin=-1.0,
        zmax=1.0,
        names=("target", "source", "A − B"),
        presentation=presentation,
    )
    height = _row_height(len(target_tokens), presentation)
    return _finish([trace], title, presentation, height, **layout)


def context_heatmap(
    contexts: np.ndarray,
    target_tokens: Sequence[str],
    *,
    title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """Context vectors c_t, one row per decoder step: (T, H), coloured around 0."""
    dims = [str(d) for d in range(np.shape(contexts)[-1])]
    _check_matrix(contexts, target_tokens, dims, "contexts")
    limit = float(np.abs(contexts).max()) or 1.0
    trace, layout = _heatmap(
        contexts,
        dims,
        target_tokens,
        colorscale=DIFFERENCE_SCALE,
        zmin=-limit,
        zmax=limit,
        names=("step", "dimension", "value"),
        presentation=presentation,
    )
    # dimensions are numbered by Plotly's own ticks (a label per dimension would crowd), in the
    # page's type: a few numbers, not one per column, so never cut to a column's width
    layout["xaxis"].update(
        tickmode="auto",
        title=_text("dimension of c_t"),
        tickangle=0,
        tickfont={"size": _font_size(presentation)},
    )
    height = _row_height(len(target_tokens), presentation, 260)
    return _finish([trace], title, presentation, height, **layout)


# Each of pair_heatmaps' two panels: this share of a chart's least plot width.
PANEL_SHARE = 0.6


def _pair_traces(
    a: np.ndarray,
    b: np.ndarray,
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    names: tuple[str, str],
    presentation: bool,
) -> list[dict[str, Any]]:
    """A's and B's heatmap traces on x and x2, one y; each cell's hover names both weights."""
    rows, cols = _labels(target_tokens), _labels(source_tokens)
    both = [
        [[rows[t], cols[j], a[t, j], b[t, j]] for j in range(len(cols))] for t in range(len(rows))
    ]
    first, second = _labels(names)
    hovers = (  # one box for the hovered row (layout: "y unified"), A's line naming the column
        f"source %{{customdata[1]}} · A {first}: %{{z:.3f}}<extra></extra>",
        f"B {second}: %{{z:.3f}}<extra></extra>",
    )
    # the bar along the figure's bottom edge, under the labels (pair_heatmaps sizes the margin)
    scale = {"orientation": "h", "yref": "container", "y": 0.0, "yanchor": "bottom",
             "thickness": 12, "len": 0.6, "title": _text("weight")}  # fmt: skip
    traces = []
    for k, matrix in enumerate((a, b)):
        trace, _ = _weights(matrix, source_tokens, target_tokens, presentation)
        trace.update(customdata=both, hovertemplate=hovers[k], xaxis="x" if k == 0 else "x2",
                     yaxis="y", showscale=k == 0, colorbar=scale, name=names[k])  # fmt: skip
        traces.append(trace)
    return traces


def pair_heatmaps(
    a: np.ndarray,
    b: np.ndarray,
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    *,
    names: tuple[str, str],
    title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """Models A and B's attention side by side in one figure: the same rows and columns on one
    colour scale (its bar below both, so that each panel keeps half the width), the y axis
    shared, the x axes matched (zooming one zooms both). Hovering a cell in either panel draws
    a line along its row across both panels and one box with that cell's weight in A and in B,
    so the two panels are read as one (Streamlit sends no hover events back to Python: the
    link lives in the figure: ``hovermode="y unified"`` with ``hoversubplots="axis"``).

    a, b: (T, S) weights over ``target_tokens`` x ``source_tokens``; names: (A's, B's).
    """
    _check_matrix(a, target_tokens, source_tokens, "matrix A")
    _check_matrix(b, target_tokens, source_tokens, "matrix B")
    first, second = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    data = _pair_traces(first, second, source_tokens, target_tokens, names, presentation)
    x_axis = {**_token_axis(source_tokens, presentation, share=PANEL_SHARE), "automargin": True}
    labels_px = _label_band(
        source_tokens, x_axis["tickfont"]["size"], PANEL_SHARE * LEAST_PLOT_WIDTH[presentation]
    )
    size = 16 if presentation else 13
    labels = _labels([f"{letter} · {name}" for letter, name in zip("AB", names, strict=True)])
    layout = {
        "xaxis": {**x_axis, "domain": [0.0, 0.49]},
        "xaxis2": {**x_axis, "domain": [0.51, 1.0], "matches": "x"},
        "hovermode": "y unified",  # the hovered row, in both panels: one box, one line
        "hoversubplots": "axis",
        "yaxis": {**_token_axis(target_tokens, presentation), "autorange": "reversed"},
        "annotations": [
            {
                "text": text,
                "x": x,
                "xref": "paper",
                "y": 1.0,
                "yref": "paper",
                "yanchor": "bottom",
                "xanchor": "center",
                "showarrow": False,
                "font": {"size": size},
            }
            for text, x in zip(labels, (0.245, 0.755), strict=True)
        ],  # fmt: skip
        # the names above; below, the labels, then the colour bar (70 px with its numbers)
        "margin": {"l": 5, "r": 5, "t": 40, "b": labels_px + 70},
    }
    height = _row_height(len(target_tokens), presentation) + labels_px + 20
    fig = _finish(data, title, presentation, height, **layout)
    # a title (an exported image's caption is one) stands above the names, never on them
    return fig.update_layout(title_pad_b=12 + round(1.5 * size))

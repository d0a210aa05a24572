"""One decoder step as an animation that plays in the browser: the scores e_t, the softmax α_t,
each annotation h_j weighted and added into c_t, then the next piece's probabilities.

The grid of annotations is drawn as cells (one bar each), not as a heatmap: Plotly paints a
heatmap as one PNG image, a new one at every frame, and the browser shows nothing there until
it has decoded it, so the grid went blank at every frame change while playing. Cells are
vector shapes whose colours change in place."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import FADE_SCALE, HIGHLIGHT
from dashboard.figures.layout import (
    LEAST_PLOT_WIDTH,
    _finish,
    _font_size,
    _label_band,
    _labels,
    _text,
    _token_axis,
    subscript,
)
from nmt_core.measures.step_arithmetic import WeightedSum

ANIMATION_DIMENSIONS = 32  # of h_j's numbers drawn: enough to see rows fade, few enough to read


SOURCE_SHARE = 0.6  # of the chart's width: the source bars (the next-piece bars on the right)

# One frame of the step animation: its description, the source bars' update, the annotation
# grid's numbers (rows of the source pieces, then c_t), the next-piece bars' update and the
# source bars' y range (None: fitted).
Frame = tuple[str, dict[str, Any], list[list[float]], dict[str, Any], list[float] | None]


def step_animation(
    scores: np.ndarray,
    weights: np.ndarray,
    terms: WeightedSum,
    values: np.ndarray,
    source_tokens: Sequence[str],
    topk_pieces: Sequence[str],
    topk_probs: np.ndarray,
    *,
    chosen: str,
    step: int,
    presentation: bool = False,
) -> go.Figure:
    """One decoder step as an animation that plays in the browser (no server round trips):
    the scores e_t → the softmax α_t → each annotation h_j weighted by α_j and added into
    c_t → the next piece's probabilities.

    Args:
        scores, weights: (S,) e_{t,j} and α_{t,j} over the source pieces.
        terms: α_j h_j (S, H) and their running sums, the last one c_t
            (``step_arithmetic.weighted_sum``).
        values: (S, H) the annotations h_j.
        topk_pieces, topk_probs: the likeliest next pieces and their probabilities.
        step: the decoder step, 1-based, for the labels.
    """
    scores, weights = np.asarray(scores, float), np.asarray(weights, float)
    values = np.asarray(values, float)
    size = len(source_tokens)
    if not scores.shape == weights.shape == (size,) or values.shape[0] != size:
        raise ValueError(f"scores, weights and annotations must have {size} source rows")
    if terms.weighted.shape != values.shape:  # weighted_sum makes the running sums alike
        raise ValueError(f"terms {terms.weighted.shape} but annotations {values.shape}")
    dims = min(ANIMATION_DIMENSIONS, values.shape[1])
    frames = _animation_frames(scores, weights, terms, values[:, :dims], topk_probs, chosen, step)
    rows = [*source_tokens, f"= c{subscript(step)}"]
    layout, height = _animation_layout(
        source_tokens, topk_pieces, rows, (dims, values.shape[1]), presentation
    )
    limit = float(np.abs(values[:, :dims]).max()) or 1.0
    colour_bar = {"len": layout["yaxis3"]["domain"][1], "font": _font_size(presentation)}
    data = _animation_traces(frames[0], source_tokens, topk_pieces, chosen, rows, limit, colour_bar)
    layout.update(_animation_controls([name for name, *_ in frames], layout["margin"]["b"],
                                      _font_size(presentation), height))  # fmt: skip
    title = (
        f"Step {step}, animated: scores → softmax → weighted sum c{subscript(step)} → next piece"
    )
    specs = [  # every frame updates all three traces, the grid's every cell
        {
            "name": name,
            "data": [
                {"type": "bar", **bar_update},
                {"type": "bar", **topk_update},
                _grid_cells(grid, limit, colour_bar),
            ],
            "traces": [0, 1, 2],
            "layout": {"yaxis": {"range": y_range, "autorange": y_range is None}},
        }
        for name, bar_update, grid, topk_update, y_range in frames
    ]
    return _finish(data, title, presentation, height + 20 + layout["margin"]["b"], specs, **layout)


def _animation_frames(
    scores: np.ndarray,
    weights: np.ndarray,
    terms: WeightedSum,
    values: np.ndarray,
    topk_probs: np.ndarray,
    chosen: str,
    t: int,
) -> list[Frame]:
    """The animation's frames: the scores, the softmax, one frame per weighted annotation added
    into c_t, then the next piece. ``values``: (S, D) the annotations' first D numbers."""
    size, dims = values.shape
    weighted = np.asarray(terms.weighted, float)
    partial_sums = np.asarray(terms.partial_sums, float)

    def bars(y: np.ndarray, red: int | None) -> dict[str, Any]:
        colours = [HIGHLIGHT if j == red else "#1f77b4" for j in range(size)]
        return {"y": y.tolist(), "marker": {"color": colours}}

    def grid(weighted_up_to: int) -> list[list[float]]:
        """h_j rows, the first ``weighted_up_to`` of them multiplied by α_j, and c_t so far."""
        z = np.vstack([weighted[:weighted_up_to, :dims], values[weighted_up_to:]])
        total = partial_sums[weighted_up_to - 1, :dims] if weighted_up_to else np.zeros(dims)
        return np.vstack([z, total]).tolist()

    hidden = {"x": [0.0] * len(topk_probs)}
    c, e, alpha = f"c{subscript(t)}", f"e{subscript(t)},{subscript('j')}", f"α{subscript(t)}"
    return [
        (f"1 · the scores {e}: any real numbers", bars(scores, None), grid(0), hidden, None),
        (f"2 · softmax: weights {alpha},{subscript('j')} ≥ 0 that sum to 1", bars(weights, None),
         grid(0), hidden, [0, 1]),
        *(
            (f"3 · {c} += {alpha},{subscript(j + 1)} · h{subscript(j + 1)}  "
             f"(α = {weights[j]:.2f})", bars(weights, j), grid(j + 1), hidden, [0, 1])
            for j in range(size)
        ),
        (f"4 · {c} is complete; the decoder writes {chosen}", bars(weights, None), grid(size),
         {"x": np.asarray(topk_probs, float).tolist()}, [0, 1]),
    ]  # fmt: skip


def _animation_traces(
    first: Frame,
    source_tokens: Sequence[str],
    topk_pieces: Sequence[str],
    chosen: str,
    rows: Sequence[str],
    limit: float,
    colour_bar: dict[str, Any],
) -> list[dict[str, Any]]:
    """The three traces as the ``first`` frame shows them: the source bars, the next-piece bars
    and the grid of annotations (``rows``: the source pieces, then c_t), one cell a number,
    coloured in ±limit, with its ``colour_bar``."""
    _, first_bars, first_grid, hidden, _ = first
    dims = len(first_grid[0])
    return [
        {
            "type": "bar",
            "x": list(range(len(source_tokens))),
            **first_bars,
            "customdata": _labels(source_tokens),
            "hovertemplate": "%{customdata}: %{y:.3f}<extra></extra>",
            "xaxis": "x",
            "yaxis": "y",
        },
        {
            "type": "bar",
            "orientation": "h",
            "y": list(range(len(topk_pieces))),
            **hidden,
            "marker": {"color": [HIGHLIGHT if p == chosen else "#7f7f7f" for p in topk_pieces]},
            "customdata": _labels(topk_pieces),
            "hovertemplate": "%{customdata}: p = %{x:.3f}<extra></extra>",
            "xaxis": "x2",
            "yaxis": "y2",
        },
        {  # cell (row i, number d): a bar one wide and one high, centred on (d, i)
            **_grid_cells(first_grid, limit, colour_bar),
            "orientation": "h",
            "y": [i for i in range(len(rows)) for _ in range(dims)],
            "x": [1] * (len(rows) * dims),
            "base": [d - 0.5 for _ in rows for d in range(dims)],
            "width": 1,
            "customdata": [[label, d] for label in _labels(rows) for d in range(dims)],
            "hovertemplate": "%{customdata[0]}, number %{customdata[1]}: "
            "%{marker.color:.3f}<extra></extra>",
            "xaxis": "x3",
            "yaxis": "y3",
        },
    ]


def _grid_cells(
    grid: list[list[float]], limit: float, colour_bar: dict[str, Any]
) -> dict[str, Any]:
    """The grid's cells coloured by ``grid``'s numbers (row by row) on a scale from -limit (red)
    through 0 (white) to +limit (blue), and the colour bar that says so, beside the grid
    (``colour_bar``: its length, a share of the plot's height from the bottom, and type size)."""
    return {
        "type": "bar",
        "marker": {
            "color": [value for row in grid for value in row],
            "colorscale": FADE_SCALE,
            "cmin": -limit,
            "cmax": limit,
            "line": {"width": 0},
            "showscale": True,
            "colorbar": {
                "title": {"text": "value", "side": "top", "font": {"size": colour_bar["font"]}},
                "tickfont": {"size": colour_bar["font"]},
                "len": colour_bar["len"],
                "y": 0,
                "yanchor": "bottom",
                "thickness": 16,
                "outlinewidth": 0,
            },
        },
    }


def _animation_layout(
    source_tokens: Sequence[str],
    topk_pieces: Sequence[str],
    rows: Sequence[str],
    dims: tuple[int, int],
    presentation: bool,
) -> tuple[dict[str, Any], int]:
    """The three panels' axes (source bars and next-piece bars on top, the grid of ``rows``
    below it, showing ``dims`` = (shown, all) numbers of each h_j) and the plot area's height.

    Heights are in pixels, so that the grid's rows stay legible however long the sentence: the
    bars on top, room for their labels, then one row per annotation and c_t."""
    shown, total = dims
    grid = len(rows) * (26 if presentation else 20)
    source_axis = _token_axis(source_tokens, presentation, share=SOURCE_SHARE)
    labels = _label_band(
        source_tokens,
        source_axis["tickfont"]["size"],
        SOURCE_SHARE * LEAST_PLOT_WIDTH[presentation],
    )
    # between the bars and the grid: the source labels (upright when crowded: as long as the
    # longest) and room to spare, or the next-piece axis's numbers and title, if more
    top, gap, below = (200, 85, 160) if presentation else (180, 75, 150)
    gap = max(gap, labels + 15)
    area = top + gap + grid
    upper = [(grid + gap) / area, 1]
    layout = {
        "xaxis": {**source_axis, "domain": [0, SOURCE_SHARE], "anchor": "y"},
        "yaxis": {"domain": upper, "anchor": "x", "title": _text("e, then α")},
        "xaxis2": {
            "domain": [0.78, 1], "anchor": "y2", "range": [0, 1], "title": _text("p(next piece)")
        },
        "yaxis2": {
            **_token_axis(topk_pieces, presentation),
            "domain": upper, "anchor": "x2", "autorange": "reversed",
        },
        "xaxis3": {
            "domain": [0, 1],
            "anchor": "y3",
            "range": [-0.5, shown - 0.5],
            "showgrid": False,
            "zeroline": False,
            "title": _text(f"the first {shown} of the {total} numbers of each h{subscript('j')}"),
        },
        "yaxis3": {
            **_token_axis(rows, presentation),
            "domain": [0, grid / area], "anchor": "x3", "range": [len(rows) - 0.5, -0.5],
        },
        "margin": {"l": 20, "r": 20, "t": 20, "b": below},
        "showlegend": False,
    }  # fmt: skip
    return layout, area


def _animation_controls(names: Sequence[str], below: int, font: int, area: int) -> dict[str, Any]:
    """The slider over the frames ``names`` (each frame's description shown above it), placed
    in the ``below`` pixels under a plot ``area`` pixels high, and the Play / Pause buttons above
    the plot (the layout leaves them a top margin)."""
    slider = {
        "active": 0,
        # the frame's description above the slider; its own tick labels hidden
        "currentvalue": {"prefix": "", "font": {"size": font + 2, "color": "#262730"}},
        "font": {"color": "rgba(0,0,0,0)"},
        "x": 0,
        "len": 1,
        "y": -(below - 100) / area,
        "yanchor": "top",
        "pad": {"t": 10},
        "steps": [
            {
                "label": name,
                "method": "animate",
                "args": [[name], {"mode": "immediate", "frame": {"duration": 0}}],
            }
            for name in names
        ],
    }
    # no transition: a heatmap cannot tween, and a 300 ms one blanked the h_j grid each frame
    play = {"frame": {"duration": 1200, "redraw": True}, "transition": {"duration": 0},
            "fromcurrent": False}  # fmt: skip
    buttons = {  # above the chart, right of its title: a class sees them with the chart
        "type": "buttons",
        "direction": "left",
        "x": 0.62,
        "y": 1,
        "xanchor": "left",
        "yanchor": "bottom",
        "pad": {"b": 10},
        "font": {"size": font},
        "buttons": [
            {"label": "▶ Play", "method": "animate", "args": [None, play]},
            {
                "label": "❚❚ Pause",
                "method": "animate",
                "args": [[None], {"mode": "immediate", "frame": {"duration": 0}}],
            },
        ],
    }
    return {"sliders": [slider], "updatemenus": [buttons]}

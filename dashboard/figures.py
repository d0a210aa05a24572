"""Pure functions from results to Plotly figures: no Streamlit, no model, tested on their own.

Conventions, shared by every chart so that they can be read side by side:

* An attention matrix is ``(tgt_len, src_len)``: rows are target tokens (top to bottom), columns
  source tokens (left to right). Builders raise ``ValueError`` when the labels do not fit it.
* Tokens sit on numeric axes (0, 1, 2, ...) with the tokens as tick text, so a token that
  occurs twice keeps two rows instead of being merged into one category.
* Token text is HTML-escaped before it reaches Plotly: Plotly reads a few tags in labels (it
  would render "</s>" as a strikethrough tag and drop it), and user text must stay text.
* Attention heatmaps share one colour scale, 0 to 1, so two models' heatmaps compare by eye.
* ``presentation=True`` gives large fonts and a colour scale that survives a projector.
"""

from __future__ import annotations

import html
import itertools
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import plotly.colors
import plotly.graph_objects as go
import plotly.io as pio

from nmt_core.measures.step_arithmetic import WeightedSum


def _even(colours: Sequence[str]) -> list[list[float | str]]:
    """A Plotly colour scale from a list of colours, spaced evenly from the low end (0) to the
    high end (1).

    Every scale here is such an explicit list, never a scale's name: the figures reach the
    browser unvalidated (``_figure``), and plotly.js's tables run some named scales the other
    way from plotly.py's ("RdBu" is blue to red there, red to blue here; "Blues" dark to light).
    tests/test_figures_in_the_browser.py reads the colours back from Chromium's pixels.
    """
    return [[k / (len(colours) - 1), colour] for k, colour in enumerate(colours)]


# White (0) to dark blue (1): no attention is no ink, easy to read on a screen. ColorBrewer.
ATTENTION_SCALE = _even(plotly.colors.sequential.Blues)
# Dark blue (0) to yellow (1): perceptually uniform, colour-blind safe, keeps contrast when a
# projector washes it out.
PROJECTOR_SCALE = _even(plotly.colors.sequential.Cividis)
# Red (low, < 0) through light grey (0) to blue (high, > 0). Captions name the ends with
# POSITIVE_COLOUR and NEGATIVE_COLOUR, so a legend cannot say the opposite of the scale.
DIFFERENCE_SCALE = _even(plotly.colors.diverging.RdBu)
POSITIVE_COLOUR, NEGATIVE_COLOUR = "blue", "red"
# The same ends with white at 0: an annotation weighted by a small α fades to white.
FADE_SCALE = [[0.0, "#b2182b"], [0.5, "#ffffff"], [1.0, "#2166ac"]]
HIGHLIGHT = "#d62728"  # the current step / chosen token
PAIRED_COLOURS = {"blue": "#1f77b4", "orange": "#ff7f0e"}  # paired_bars' series, named in titles
# A scorer's usual colour, so the shipped models keep theirs in every chart (Compare, Why
# attention); grey is for the model without attention only.
SCORER_COLOURS = {
    "additive": "#1f77b4",
    "general": "#2ca02c",
    "dot": "#ff7f0e",
    "scaled_dot": "#9467bd",
    "none": "#7f7f7f",
}
SPARE_COLOURS = ("#d62728", "#8c564b", "#e377c2", "#17becf", "#bcbd22")  # for further models


def model_colours(models: Sequence[tuple[str, str]]) -> dict[str, str]:
    """A line colour for each model of ``models`` ((name, scorer) pairs, in the sidebar's
    order), different for every model: the first model of a scorer gets the scorer's colour,
    any other (a second additive model, a scorer not in the table) the next spare colour."""
    colours: dict[str, str] = {}
    spare = itertools.cycle(SPARE_COLOURS)
    for name, scorer in models:
        usual = SCORER_COLOURS.get(scorer)
        colours[name] = usual if usual and usual not in colours.values() else next(spare)
    return colours


def _template() -> dict[str, Any]:
    """Plotly's "plotly_white", cut to what the figures drawn here use (a spec).

    The template travels in every figure sent to a browser, so the parts for trace types and
    subplots never drawn here (polar, ternary, 3-D, maps, default colour scales) are left out.
    """
    white = pio.templates["plotly_white"].to_plotly_json()
    used = ("autotypenumbers", "colorway", "font", "hovermode", "hoverlabel", "paper_bgcolor",
            "plot_bgcolor", "xaxis", "yaxis", "shapedefaults", "title")  # fmt: skip
    heatmap = {k: v for k, v in white["data"]["heatmap"][0].items() if k != "colorscale"}
    return {
        "layout": {key: white["layout"][key] for key in used},
        "data": {
            "heatmap": [heatmap],
            "bar": white["data"]["bar"],
            "scatter": white["data"]["scatter"],
        },
    }


TEMPLATE = _template()  # built once; the same look as "plotly_white" for these figures


def _figure(
    data: list[dict[str, Any]], layout: dict[str, Any], frames: Sequence[dict[str, Any]] = ()
) -> go.Figure:
    """A Figure from plain trace and layout specs, taken as they are.

    Plotly validates and copies every property it is given, and the template with it: 10-15 ms
    a figure, most of a page run under a class's load (bench/RESULTS.md 4), against 0.5 ms
    for the same specs unvalidated. tests/test_figures.py validates every builder's output in
    full instead, once.
    """
    spec = {"data": data, "layout": layout, **({"frames": list(frames)} if frames else {})}
    return go.Figure(spec, _validate=False)


# Characters a title line may hold: what fits a chart in half the page at 1024 px wide (on a
# projector, with larger type, the page's charts are stacked and get the whole width).
TITLE_CHARACTERS = {False: 34, True: 40}


def _font_size(presentation: bool) -> int:
    return 20 if presentation else 13


def _text(text: str) -> dict[str, str]:
    return {"text": text}


def _labels(tokens: Iterable[str]) -> list[str]:
    return [html.escape(str(token)) for token in tokens]


def _token_axis(
    tokens: Sequence[str], presentation: bool, angle: int | None = None
) -> dict[str, Any]:
    """Token labels on a numeric axis; ``angle=None`` lets Plotly tilt them only when crowded."""
    axis = {
        "tickmode": "array",
        "tickvals": list(range(len(tokens))),
        "ticktext": _labels(tokens),
        "tickfont": {"size": _font_size(presentation)},
        "showgrid": False,
        "zeroline": False,
    }
    return axis if angle is None else {**axis, "tickangle": angle}


def _line_colour(colours: Mapping[str, str] | None, name: str) -> dict[str, Any]:
    """The line and marker colour of series ``name``, if ``colours`` fixes one."""
    if not colours or name not in colours:
        return {}
    return {"line": {"color": colours[name]}, "marker": {"color": colours[name]}}


def _check_matrix(matrix: np.ndarray, rows: Sequence[str], cols: Sequence[str], what: str) -> None:
    shape = np.shape(matrix)
    if len(shape) != 2 or shape != (len(rows), len(cols)):
        raise ValueError(
            f"{what} has shape {shape} but there are {len(rows)} row and {len(cols)} column labels"
        )


def _finish(
    data: list[dict[str, Any]],
    title: str,
    presentation: bool,
    height: int,
    frames: Sequence[dict[str, Any]] = (),
    **layout: Any,
) -> go.Figure:
    """The figure of ``data`` with the look every chart shares; ``layout`` adds axes etc.,
    ``frames`` animation frames.

    The title is wrapped onto as many lines as it needs (Plotly would cut it at the edge of a
    narrow chart), and the plot moves down to make room.
    """
    size = _font_size(presentation) + 3
    lines = textwrap.wrap(title, TITLE_CHARACTERS[presentation]) or [""]
    return _figure(
        data,
        {
            "template": TEMPLATE,
            "title": {
                "text": "<br>".join(html.escape(line) for line in lines),
                "font": {"size": size},
                "x": 0,
                "xref": "paper",
                "y": 1,
                "yref": "paper",
                "yanchor": "bottom",
                "pad": {"b": 12},
                "automargin": True,  # the top margin grows with the title's lines
            },
            "font": {"size": _font_size(presentation)},
            "height": height + (len(lines) - 1) * round(1.3 * size),
            "margin": {"l": 20, "r": 20, "t": 20, "b": 20},
            **layout,
        },
        frames,
    )


def _row_height(rows: int, presentation: bool, minimum: int = 320) -> int:
    """A heatmap's height: its rows legible, and on a projector at least 250 px of plot for
    a short sentence too (what the title, labels and margins leave of 440)."""
    if presentation:
        return max(minimum, 440, 120 + rows * 34)
    return max(minimum, 120 + rows * 24)


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
        "colorbar": {"title": _text(value_name)},
    }
    axes = {
        "xaxis": {**_token_axis(cols, presentation), "automargin": True},
        "yaxis": {**_token_axis(rows, presentation), "autorange": "reversed"},
    }
    return trace, axes


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
) -> go.Figure:
    """Attention weights: rows = target tokens, columns = source tokens, colour 0..1.

    Args:
        matrix: (T, S) weights.
        highlight_row: decoder step (0-based) to frame with a rectangle.
        links: hard alignment links (source_index, target_index) to mark with a cross.
        reference_links: another aligner's links, marked with a ring (a cross in a ring: both).
        height_rows: size the figure for this many rows (>= T), so that heatmaps shown side by
            side line up.
    """
    _check_matrix(matrix, target_tokens, source_tokens, "attention")
    trace, layout = _heatmap(
        matrix,
        source_tokens,
        target_tokens,
        colorscale=PROJECTOR_SCALE if presentation else ATTENTION_SCALE,
        zmin=0.0,
        zmax=1.0,
        names=("target", "source", "weight"),
        presentation=presentation,
    )
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
    cross = {"symbol": "x", "size": 9, "color": HIGHLIGHT}
    ring = {"symbol": "circle-open", "size": 20, "color": HIGHLIGHT, "line": {"width": 2}}
    for name, found, marker in (
        ("hard alignment", links, cross),
        ("reference aligner", reference_links, ring),
    ):
        found = sorted(found)
        if found:
            data.append(
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
    height = _row_height(max(len(target_tokens), height_rows or 0), presentation)
    return _finish(data, title, presentation, height, **layout)


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
    # dimensions are numbered by Plotly's own ticks: a label per dimension would crowd
    layout["xaxis"].update(tickmode="auto", title=_text("dimension of c_t"), tickangle=0)
    height = _row_height(len(target_tokens), presentation, 260)
    return _finish([trace], title, presentation, height, **layout)


ANIMATION_DIMENSIONS = 32  # of h_j's numbers drawn: enough to see rows fade, few enough to read


# One frame of the step animation: its description, then the updates of the three traces (the
# source bars, the annotation grid, the next-piece bars) and the bars' y range (None: fitted).
Frame = tuple[str, dict[str, Any], dict[str, Any], dict[str, Any], list[float] | None]


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
    rows = [*source_tokens, f"= c_{step}"]
    limit = float(np.abs(values[:, :dims]).max()) or 1.0
    data = _animation_traces(frames[0], source_tokens, topk_pieces, chosen, rows, limit)
    layout, height = _animation_layout(
        source_tokens, topk_pieces, rows, (dims, values.shape[1]), presentation
    )
    layout.update(_animation_controls([name for name, *_ in frames], layout["margin"]["b"],
                                      _font_size(presentation), height))  # fmt: skip
    title = f"Step {step}, animated: scores → softmax → weighted sum c_{step} → next piece"
    specs = [
        {
            "name": name,
            "data": [
                {"type": "bar", **bar_update},
                {"type": "bar", **topk_update},
                {"type": "heatmap", **grid_update},
            ],
            "traces": [0, 1, 2],
            "layout": {"yaxis": {"range": y_range, "autorange": y_range is None}},
        }
        for name, bar_update, grid_update, topk_update, y_range in frames
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

    def grid(weighted_up_to: int) -> dict[str, Any]:
        """h_j rows, the first ``weighted_up_to`` of them multiplied by α_j, and c_t so far."""
        z = np.vstack([weighted[:weighted_up_to, :dims], values[weighted_up_to:]])
        total = partial_sums[weighted_up_to - 1, :dims] if weighted_up_to else np.zeros(dims)
        return {"z": np.vstack([z, total]).tolist()}

    hidden = {"x": [0.0] * len(topk_probs)}
    return [
        (f"1 · the scores e_{t},j: any real numbers", bars(scores, None), grid(0), hidden, None),
        (f"2 · softmax: weights α_{t},j ≥ 0 that sum to 1", bars(weights, None), grid(0), hidden,
         [0, 1]),
        *(
            (f"3 · c_{t} += α_{t},{j + 1} · h_{j + 1}  (α = {weights[j]:.2f})", bars(weights, j),
             grid(j + 1), hidden, [0, 1])
            for j in range(size)
        ),
        (f"4 · c_{t} is complete; the decoder writes {chosen}", bars(weights, None), grid(size),
         {"x": np.asarray(topk_probs, float).tolist()}, [0, 1]),
    ]  # fmt: skip


def _animation_traces(
    first: Frame,
    source_tokens: Sequence[str],
    topk_pieces: Sequence[str],
    chosen: str,
    rows: Sequence[str],
    limit: float,
) -> list[dict[str, Any]]:
    """The three traces as the ``first`` frame shows them: the source bars, the next-piece bars
    and the grid of annotations (``rows``: the source pieces, then c_t), coloured in ±limit."""
    _, first_bars, first_grid, hidden, _ = first
    dims = len(first_grid["z"][0])
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
        {
            "type": "heatmap",
            **first_grid,
            "x": list(range(dims)),
            "y": list(range(len(rows))),
            "colorscale": FADE_SCALE,
            "zmin": -limit,
            "zmax": limit,
            "showscale": False,
            "customdata": [[label] * dims for label in _labels(rows)],
            "hovertemplate": "%{customdata}, dimension %{x}: %{z:.3f}<extra></extra>",
            "xaxis": "x3",
            "yaxis": "y3",
        },
    ]


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
    top, gap, below = (200, 85, 160) if presentation else (180, 75, 150)
    area = top + gap + grid
    upper = [(grid + gap) / area, 1]
    layout = {
        "xaxis": {**_token_axis(source_tokens, presentation), "domain": [0, 0.6], "anchor": "y"},
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
            "title": _text(f"the first {shown} of the {total} numbers of each h_j"),
        },
        "yaxis3": {
            **_token_axis(rows, presentation),
            "domain": [0, grid / area], "anchor": "x3", "autorange": "reversed",
        },
        "margin": {"l": 20, "r": 20, "t": 20, "b": below},
        "showlegend": False,
    }  # fmt: skip
    return layout, area


def _animation_controls(names: Sequence[str], below: int, font: int, area: int) -> dict[str, Any]:
    """The slider over the frames ``names`` (each frame's description shown above it) and the
    Play / Pause buttons, placed in the ``below`` pixels under a plot ``area`` pixels high."""
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
    play = {"frame": {"duration": 900, "redraw": True}, "transition": {"duration": 300},
            "fromcurrent": False}  # fmt: skip
    buttons = {
        "type": "buttons",
        "direction": "left",
        "x": 0,
        "y": -(below - 10) / area,
        "xanchor": "left",
        "yanchor": "top",
        "pad": {"t": 30},
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


def weights_chart(
    weights: np.ndarray,
    tokens: Sequence[str],
    *,
    title: str = "",
    y_title: str = "α",
    presentation: bool = False,
) -> go.Figure:
    """One step's attention weights α_t (S,) as bars on a 0–1 axis, the most attended in red:
    the same chart on Step through, Lesson and Beam."""
    weights = np.asarray(weights, dtype=float)
    return bar_chart(
        weights,
        tokens,
        title=title,
        y_title=y_title,
        highlight=int(weights.argmax()),
        y_range=(0, 1),
        presentation=presentation,
    )


def bar_chart(
    values: np.ndarray,
    tokens: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    highlight: int | None = None,
    y_range: tuple[float, float] | None = None,
    presentation: bool = False,
) -> go.Figure:
    """One bar per token (e.g. α_t or e_t over the source); ``highlight`` colours one bar."""
    values = np.asarray(values, dtype=float)
    if values.shape != (len(tokens),):
        raise ValueError(f"{values.shape[0]} values but {len(tokens)} token labels")
    bars = {
        "type": "bar",
        "x": list(range(len(tokens))),
        "y": values.tolist(),
        "marker": {
            "color": [HIGHLIGHT if k == highlight else "#1f77b4" for k in range(len(tokens))]
        },
        "customdata": _labels(tokens),
        "hovertemplate": "%{customdata}: %{y:.3f}<extra></extra>",
    }
    y_axis: dict[str, Any] = {"title": _text(y_title)}
    if y_range:
        y_axis["range"] = list(y_range)
    height = 420 if presentation else 300
    return _finish(
        [bars], title, presentation, height, xaxis=_token_axis(tokens, presentation), yaxis=y_axis
    )


def paired_bars(
    series: Mapping[str, np.ndarray],
    tokens: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """Named series over the same tokens as grouped bars (e.g. α_t beside an attribution's
    relevance) in the colours of PAIRED_COLOURS, in order; no legend (a legend above the plot
    collides with a wrapped title on a projector): the title names the colours."""
    bars = []
    if len(series) > len(PAIRED_COLOURS):
        raise ValueError(f"at most {len(PAIRED_COLOURS)} series; got {len(series)}")
    for (name, values), colour in zip(series.items(), PAIRED_COLOURS.values(), strict=False):
        values = np.asarray(values, dtype=float)
        if values.shape != (len(tokens),):
            raise ValueError(f"{name}: {values.shape[0]} values but {len(tokens)} token labels")
        bars.append(
            {
                "type": "bar",
                "name": html.escape(name),
                "x": list(range(len(tokens))),
                "y": values.tolist(),
                "marker": {"color": colour},
                "customdata": _labels(tokens),
                "hovertemplate": f"{html.escape(name)}, %{{customdata}}: %{{y:.3f}}<extra></extra>",
            }
        )
    return _finish(
        bars,
        title,
        presentation,
        440 if presentation else 320,
        xaxis=_token_axis(tokens, presentation),
        yaxis={"title": _text(y_title), "range": [0, 1]},
        barmode="group",
        showlegend=False,
    )


def topk_chart(
    pieces: Sequence[str],
    values: np.ndarray,
    *,
    chosen: str | None = None,
    title: str = "",
    presentation: bool = False,
    value_title: str = "probability",
    value_range: tuple[float, float] | None = (0.0, 1.0),
) -> go.Figure:
    """The likeliest next pieces as horizontal bars, likeliest on top; ``chosen`` in red.

    ``values``: (K,) one per piece, probabilities by default; for other values (scores added
    to the logits) pass ``value_range=None`` and the axis fits them."""
    values = np.asarray(values, dtype=float)
    if values.shape != (len(pieces),):
        raise ValueError(f"{values.shape[0]} values but {len(pieces)} pieces")
    bars = {
        "type": "bar",
        "x": values.tolist(),
        "y": list(range(len(pieces))),
        "orientation": "h",
        "marker": {"color": [HIGHLIGHT if piece == chosen else "#7f7f7f" for piece in pieces]},
        "customdata": _labels(pieces),
        "hovertemplate": "%{customdata}: %{x:.3f}<extra></extra>",
    }
    value_axis = {
        "title": _text(value_title),
        **({"range": list(value_range)} if value_range else {}),
    }
    return _finish(
        [bars],
        title,
        presentation,
        420 if presentation else 300,
        xaxis=value_axis,
        yaxis={**_token_axis(pieces, presentation), "autorange": "reversed"},
    )


def step_lines(
    series: Mapping[str, np.ndarray],
    *,
    tokens: Sequence[str] | None = None,
    title: str = "",
    y_title: str = "",
    presentation: bool = False,
    colours: Mapping[str, str] | None = None,
) -> go.Figure:
    """One line per named series over decoder steps; ``tokens`` label the steps if given;
    ``colours`` fixes a series' colour by its name (see ``model_colours``)."""
    data = []
    for name, values in series.items():
        values = np.asarray(values, dtype=float)
        if tokens is not None and values.shape != (len(tokens),):
            raise ValueError(f"series {name!r} has {values.shape[0]} steps, {len(tokens)} labels")
        data.append(
            {
                "type": "scatter",
                "x": list(range(len(values))),
                "y": values.tolist(),
                "mode": "lines+markers",
                "name": html.escape(name),
                **_line_colour(colours, name),
            }
        )
    x_axis = (
        _token_axis(tokens, presentation)
        if tokens is not None
        else {"title": _text("decoder step")}
    )
    return _finish(
        data,
        title,
        presentation,
        420 if presentation else 320,
        xaxis=x_axis,
        yaxis={"title": _text(y_title)},
    )


def training_curves(
    steps: Sequence[int],
    series: Mapping[str, Sequence[float | None]],
    *,
    current: int,
    title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """One small chart per named series over training steps, stacked on a shared step axis,
    with a line at the ``current`` step. ``None`` values (e.g. dev BLEU between evaluations)
    are left out of their line."""
    names = list(series)
    if not names:
        raise ValueError("no series to draw")
    rows = len(names)
    data, layout = [], {}
    for k, name in enumerate(names):
        values = list(series[name])
        if len(values) != len(steps):
            raise ValueError(f"series {name!r} has {len(values)} values for {len(steps)} steps")
        kept = [(x, y) for x, y in zip(steps, values, strict=True) if y is not None]
        axis = "" if k == 0 else str(k + 1)
        data.append(
            {
                "type": "scatter",
                "x": [x for x, _ in kept],
                "y": [float(y) for _, y in kept],
                "mode": "lines+markers",
                "name": html.escape(name),
                "xaxis": f"x{axis}",
                "yaxis": f"y{axis}",
                "hovertemplate": f"step %{{x}}: {html.escape(name)} %{{y:.3f}}<extra></extra>",
            }
        )
        top = 1 - k / rows
        layout[f"yaxis{axis}"] = {
            "domain": [top - 1 / rows + 0.07, top],
            "anchor": f"x{axis}",
            "title": _text(html.escape(name)),
        }
        layout[f"xaxis{axis}"] = {
            "anchor": f"y{axis}",
            "matches": "x" if k else None,
            "showticklabels": k == rows - 1,
            "title": _text("training step (updates)") if k == rows - 1 else None,
        }
        layout[f"xaxis{axis}"] = {
            key: v for key, v in layout[f"xaxis{axis}"].items() if v is not None
        }
    layout["shapes"] = [
        {
            "type": "line",
            "name": "current step",
            "x0": current,
            "x1": current,
            "xref": "x",
            "y0": 0,
            "y1": 1,
            "yref": "paper",
            "line": {"color": HIGHLIGHT, "width": 2},
        }
    ]
    layout["showlegend"] = False
    height = rows * (200 if presentation else 150) + 80
    return _finish(data, title, presentation, height, **layout)


TREE_COLOURS = {"kept": "#1f77b4", "ended": "#2ca02c", "pruned": "#c7c7c7"}


def beam_tree(
    places: Mapping[int, tuple[int, float]],
    parents: Mapping[int, int],
    labels: Mapping[int, str],
    statuses: Mapping[int, str],
    best: Sequence[int],
    *,
    title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """A search tree: one marker per node at ``places[id]`` = (step, row), labelled with its
    piece, coloured by its status (kept, ended, pruned: grey), with a line to its parent; the
    best hypothesis' path in red. Each marker's customdata is its node id (for clicks)."""
    data = []
    for path, colour, width, name in (
        (list(parents), "#c7c7c7", 1, ""),
        (list(best), HIGHLIGHT, 3, "best hypothesis"),
    ):
        xs: list[float | None] = []
        ys: list[float | None] = []
        for node in path:
            (x0, y0), (x1, y1) = places[parents[node]], places[node]
            xs += [x0, x1, None]
            ys += [y0, y1, None]
        data.append({"type": "scatter", "x": xs, "y": ys, "mode": "lines", "name": name,
                     "showlegend": bool(name), "line": {"color": colour, "width": width},
                     "hoverinfo": "skip"})  # fmt: skip
    for status, colour in TREE_COLOURS.items():
        nodes = [n for n in labels if statuses[n] == status]
        data.append(
            {
                "type": "scatter",
                "name": status,
                "x": [places[n][0] for n in nodes],
                "y": [places[n][1] for n in nodes],
                "mode": "markers+text",
                "text": _labels(labels[n] for n in nodes),
                "textposition": "middle right",
                "textfont": {"size": _font_size(presentation), "color": "#262730"},
                "marker": {"color": colour, "size": 14 if presentation else 10},
                "customdata": nodes,
                "hovertemplate": "%{text} (" + status + ")<extra></extra>",
            }
        )
    rows = max((y for _, y in places.values()), default=0) + 1
    height = max(320, int(rows * (30 if presentation else 22)) + 120)
    return _finish(
        data,
        title,
        presentation,
        height,
        # room on the right for the last step's labels
        xaxis={
            "title": _text("decoder step"),
            "dtick": 1,
            "zeroline": False,
            "range": [-0.5, max(x for x, _ in places.values()) + 1.5],
        },
        yaxis={"visible": False, "autorange": "reversed"},
        legend={"orientation": "h", "y": -0.15},
    )


def alignment_links(
    links: Iterable[tuple[int, int]],
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    attention: np.ndarray | None = None,
    *,
    title: str = "",
    presentation: bool = False,
) -> go.Figure:
    """The source sentence in a column on the left, the target on the right, one line per link.

    Links are (source j, target i). With ``attention`` ((T, S) weights) a line is as thick and
    opaque as the link's weight. Columns (not rows) keep long sentences legible.
    """
    links = sorted(links)
    if attention is not None:
        _check_matrix(attention, target_tokens, source_tokens, "attention")
    for j, i in links:
        if not (0 <= j < len(source_tokens) and 0 <= i < len(target_tokens)):
            raise ValueError(f"link {j}-{i} is out of range for the tokens")
    # Both sentences span the same height, so a long and a short one still face each other.
    span = max(len(source_tokens), len(target_tokens)) - 1 or 1

    def spread(n: int) -> list[float]:
        return [k * span / (n - 1) if n > 1 else span / 2 for k in range(n)]

    ys, yt = spread(len(source_tokens)), spread(len(target_tokens))
    src_labels, tgt_labels = _labels(source_tokens), _labels(target_tokens)
    data = []
    for j, i in links:
        weight = 1.0 if attention is None else float(attention[i][j])
        data.append(
            {
                "type": "scatter",
                "x": [0, 1],
                "y": [ys[j], yt[i]],
                "mode": "lines",
                "name": "link",
                "line": {"color": HIGHLIGHT, "width": 1 + 5 * weight},
                "opacity": 0.35 + 0.65 * weight,
                "hovertemplate": (
                    f"{src_labels[j]} → {tgt_labels[i]}<br>weight {weight:.3f}<extra></extra>"
                ),
                "showlegend": False,
            }
        )
    for x, positions, labels, side in ((0, ys, src_labels, "left"), (1, yt, tgt_labels, "right")):
        data.append(
            {
                "type": "scatter",
                "x": [x] * len(labels),
                "y": positions,
                "mode": "markers+text",
                "name": "source" if x == 0 else "target",
                "text": labels,
                "textposition": f"middle {side}",
                "marker": {"color": "#1f77b4", "size": 8},
                "hoverinfo": "text",
                "showlegend": False,
            }
        )
    # no axis labels: the title says which side is which (labels on top collided with it)
    x_axis = {"range": [-0.6, 1.6], "visible": False}
    height = _row_height(max(len(source_tokens), len(target_tokens)), presentation, 260)
    return _finish(
        data,
        title,
        presentation,
        height,
        xaxis=x_axis,
        yaxis={"visible": False, "autorange": "reversed"},
    )


def length_bucket_label(bucket: Mapping[str, Any]) -> str:
    """'5–9' for words 5 to 9; '20+' for the open-ended last bucket."""
    if bucket["high"] >= 1000:
        return f"{bucket['low']}+"
    return f"{bucket['low']}–{bucket['high'] - 1}"


def bleu_by_length(
    buckets_by_model: Mapping[str, Sequence[Mapping[str, Any]]],
    *,
    title: str = "BLEU by source length",
    presentation: bool = False,
    colours: Mapping[str, str] | None = None,
) -> go.Figure:
    """Test BLEU per source-length bucket (rows with low, high, count, bleu), one line per model.

    The last bucket's upper edge is open-ended and shown as "low+"; each tick also gives the
    bucket's sentence count, since a BLEU on a few dozen sentences is a rough figure.
    """
    data = []
    for name, buckets in buckets_by_model.items():
        labels = [f"{length_bucket_label(b)}<br>n={b.get('count', '?')}" for b in buckets]
        data.append(
            {
                "type": "scatter",
                "x": labels,
                "y": [b["bleu"] for b in buckets],
                "customdata": [[length_bucket_label(b), b.get("count")] for b in buckets],
                "mode": "lines+markers",
                "name": html.escape(name),
                "hovertemplate": (
                    "%{customdata[0]} words: BLEU %{y:.1f} (%{customdata[1]} sentences)"
                ),
                **_line_colour(colours, name),
            }
        )
    return _finish(
        data,
        title,
        presentation,
        420 if presentation else 340,
        xaxis={"title": _text("source sentence length (words)"), "type": "category"},
        yaxis={"title": _text("BLEU"), "rangemode": "tozero"},
    )


def to_html(fig: go.Figure, notes: Sequence[str] = ()) -> str:
    """A standalone HTML page of ``fig`` with plotly.js inlined, so it opens offline (that is
    4.6 MB of the file: a page that fetched Plotly instead would not open without internet,
    as in many classrooms). ``notes``: lines above the chart (sentence, model, settings, date),
    shown as text."""
    chart = fig.to_html(include_plotlyjs=True, full_html=False)
    lines = "".join(f"<p>{html.escape(note)}</p>\n" for note in notes)
    return (
        '<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>Attention Lab</title></head>'
        f'\n<body style="font-family: sans-serif">\n{lines}{chart}\n</body>\n</html>\n'
    )

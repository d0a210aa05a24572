"""The look every figure shares: the template, fonts, wrapped titles, token axes and heights;
token labels escaped for Plotly; a matrix checked against its labels; and ``_figure``, which
hands Plotly the specs unvalidated."""

from __future__ import annotations

import html
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio


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


# Subscripts as the dashboard writes them in plain text (chart titles, labels, captions): c₃,
# α₃,ⱼ, hⱼ, sₜ₋₁. Unicode has no subscript comma, so an index pair keeps a plain one.
_SUBSCRIPTS = str.maketrans("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ")


def subscript(text: object) -> str:
    """``text`` in subscript characters: ``subscript(12)`` is "₁₂", ``subscript("t-1")`` "ₜ₋₁"."""
    return str(text).translate(_SUBSCRIPTS)


# A piece's word-start mark, drawn at this share of the label's size: at full size the glyph
# (from a fallback font: the chart fonts lack it) is half as wide as a short word, leaves a gap
# before the word and runs into the next label (D11). The hover keeps the plain piece.
WORD_START, WORD_START_SIZE = "\u2581", "60%"


# Around each label of a horizontal token axis: Plotly sets labels side by side as long as
# their boxes are 2 px apart, so "▁park" and "▁yesterday" ran together; with a space on
# either side, neighbours keep two spaces between them, or Plotly turns them upright.
LABEL_SPACE = "\u00a0"  # a space that SVG text keeps at the ends of a label


def _tick_labels(tokens: Iterable[str], spaced: bool = False) -> list[str]:
    """Axis labels: each token escaped, a leading word-start mark drawn small; ``spaced``:
    with a space either side (labels set side by side)."""
    pad = LABEL_SPACE if spaced else ""
    return [
        pad
        + (
            f'<span style="font-size:{WORD_START_SIZE}">{WORD_START}</span>{label[1:]}'
            if label.startswith(WORD_START) and len(label) > 1
            else label
        )
        + pad
        for label in _labels(tokens)
    ]


# The least width of a chart's plot area (px) on a 1024-px screen: the page beside the open
# sidebar, or on a projector the page with the sidebar collapsed (the chart's own labels and
# colour bar take the rest). Labels along a token axis shrink to fit it (D11).
LEAST_PLOT_WIDTH = {False: 440, True: 700}
SMALLEST_LABEL = 8


def _token_axis(
    tokens: Sequence[str], presentation: bool, share: float | None = None
) -> dict[str, Any]:
    """Token labels on a numeric axis. ``share=None``: a vertical axis (its rows are sized for
    the labels). Otherwise a horizontal axis over ``share`` of the chart's least plot width:
    Plotly turns crowded labels upright, never diagonal (slanted labels ran into their
    neighbours' ends, D11), and upright labels are a line high each, so their size is cut to
    what one column of that width holds.
    """
    size = _font_size(presentation)
    axis = {
        "tickmode": "array",
        "tickvals": list(range(len(tokens))),
        "ticktext": _tick_labels(tokens, spaced=share is not None),
        "showgrid": False,
        "zeroline": False,
    }
    if share is not None:
        column = share * LEAST_PLOT_WIDTH[presentation] / max(len(tokens), 1)
        size = min(size, max(SMALLEST_LABEL, int(column / 1.2)))
        axis["autotickangles"] = [0, 90]
    return {**axis, "tickfont": {"size": size}}


# A label's width per character, as a share of its type size: wide enough for the widest
# fallback fonts a class's browser may use (the word-start mark counts as a character).
CHARACTER_WIDTH = 0.62


def _label_band(tokens: Sequence[str], size: int, width: float) -> int:
    """The height (px) that a horizontal token axis's labels take below a plot ``width`` px
    wide: a line when they fit side by side, else (drawn upright) the longest label's length.
    For what Plotly's automargin cannot place: a colour bar below the labels."""
    lengths = [(len(str(token)) + 1) * CHARACTER_WIDTH * size for token in tokens]  # + spaces
    fits = sum(lengths) + 8 * len(lengths) <= width
    return round(1.5 * size if fits else max(lengths, default=0) + 0.5 * size)


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
            # the toolbar down the right edge, never over a title (D9)
            "modebar": {"orientation": "v", "bgcolor": "rgba(255, 255, 255, 0.8)"},
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

"""Bar charts over tokens: one step's weights α_t, any value per token, two series side by
side, a class's votes, and the likeliest next pieces."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import HIGHLIGHT, PAIRED_COLOURS
from dashboard.figures.layout import _finish, _labels, _text, _token_axis


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
        [bars],
        title,
        presentation,
        height,
        xaxis=_token_axis(tokens, presentation, share=1.0),
        yaxis=y_axis,
    )


def paired_bars(
    series: Mapping[str, np.ndarray],
    tokens: Sequence[str],
    *,
    title: str = "",
    y_title: str = "",
    presentation: bool = False,
    height: int | None = None,
) -> go.Figure:
    """Named series over the same tokens as grouped bars (e.g. α_t beside an attribution's
    relevance) in the colours of PAIRED_COLOURS, in order; no legend (a legend above the plot
    collides with a wrapped title on a projector): the title names the colours. ``height``:
    px for a one-line title (default 440 in presentation mode, else 320)."""
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
        height or (440 if presentation else 320),
        xaxis=_token_axis(tokens, presentation, share=1.0),
        yaxis={"title": _text(y_title), "range": [0, 1]},
        barmode="group",
        showlegend=False,
    )


def votes_chart(
    counts: Sequence[int],
    words: Sequence[str],
    *,
    title: str = "",
    presentation: bool = False,
    height: int | None = None,
) -> go.Figure:
    """A class's votes so far, one bar per source word with its count above it, in the blue
    that the class's share keeps beside the model's α after the reveal (``paired_bars``); whole
    numbers on the axis. ``height``: px (default 300 on a projector, else 260)."""
    values = np.asarray(counts, dtype=int)
    if values.shape != (len(words),):
        raise ValueError(f"{values.shape[0]} counts but {len(words)} words")
    top = int(values.max(initial=0))
    bars = {
        "type": "bar",
        "x": list(range(len(words))),
        "y": values.tolist(),
        "text": [str(v) for v in values.tolist()],
        "textposition": "outside",
        "cliponaxis": False,
        "marker": {"color": PAIRED_COLOURS["blue"]},
        "customdata": _labels(words),
        "hovertemplate": "%{customdata}: %{y} votes<extra></extra>",
    }
    y_axis = {"title": _text("votes"), "range": [0, max(top, 1) * 1.2]}
    y_axis["dtick"] = max(1, -(-top // 4))  # whole votes: at most 5 ticks
    return _finish(
        [bars],
        title,
        presentation,
        height or (300 if presentation else 260),
        xaxis=_token_axis(words, presentation, share=0.6),
        yaxis=y_axis,
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

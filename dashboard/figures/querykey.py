"""The query–key map: decoder queries and encoder keys of many sentences on one plane."""

from __future__ import annotations

import html
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import PAIRED_COLOURS
from dashboard.figures.layout import _finish, _font_size
from nmt_core.analysis.querykey import QueryKeyMap

HOVER_CHARACTERS = 60  # a sentence is cut here in a point's hover box


def _sentence(text: str) -> str:
    cut = text if len(text) <= HOVER_CHARACTERS else text[: HOVER_CHARACTERS - 1] + "…"
    return html.escape(cut)


def _points(
    xy: np.ndarray, hover: list[str], links: np.ndarray, name: str, colour: str, symbol: str,
    size: int,
) -> dict[str, Any]:  # fmt: skip
    """One set of points; ``links`` (N, 2): the sentence index and 1-based step each opens."""
    return {
        "type": "scatter",
        "x": xy[:, 0].tolist(),
        "y": xy[:, 1].tolist(),
        "mode": "markers",
        "name": name,
        "marker": {
            "color": colour,
            "symbol": symbol,
            "size": size,
            "opacity": 0.7,
            "line": {"width": 0.5, "color": "white"},
        },  # fmt: skip
        "customdata": links.tolist(),
        "text": hover,
        "hovertemplate": "%{text}<extra></extra>",
    }


def query_key_map(found: QueryKeyMap, *, title: str, presentation: bool = False) -> go.Figure:
    """Queries (blue circles) and keys (orange diamonds) of ``found`` on its plane, one unit
    the same length on both axes; the black cross marks the plane's centre: the origin when
    the scorer's score is an inner product, the points' mean for the additive one.

    Each point carries (sentence index, 1-based step) as ``customdata``: a query its own step,
    a key the step that attended to it most, which a click opens on Step through.
    """
    sentences = [_sentence(text) for text in found.sentences]
    query_hover = [
        f"query: step {t + 1} writes “{html.escape(piece)}”<br>sentence {s + 1}: {sentences[s]}"
        for s, t, piece in zip(
            found.query_sentence, found.query_step, found.query_piece, strict=True
        )  # fmt: skip
    ]
    key_hover = [
        f"key: source piece {j + 1}, “{html.escape(piece)}”<br>sentence {s + 1}: "
        f"{sentences[s]}<br>attended most at step {t + 1}"
        for s, j, t, piece in zip(
            found.key_sentence, found.key_position, found.key_step, found.key_piece, strict=True
        )  # fmt: skip
    ]
    size = 11 if presentation else 8
    query_links = np.stack([found.query_sentence, found.query_step + 1], axis=1)
    key_links = np.stack([found.key_sentence, found.key_step + 1], axis=1)
    centre = "the points' mean" if found.centred else "the origin"
    data = [
        _points(found.keys, key_hover, key_links, "keys (source pieces)",
                PAIRED_COLOURS["orange"], "diamond", size),
        _points(found.queries, query_hover, query_links, "queries (decoder steps)",
                PAIRED_COLOURS["blue"], "circle", size),
        {"type": "scatter", "x": [0], "y": [0], "mode": "markers", "name": centre,
         "marker": {"color": "black", "symbol": "x-thin", "size": 2 * size,
                    "line": {"width": 3, "color": "black"}},
         "hovertemplate": f"{centre}<extra></extra>"},
    ]  # fmt: skip
    axis = {"zeroline": False, "showticklabels": False, "ticks": ""}
    return _finish(
        data,
        title,
        presentation,
        560 if presentation else 500,
        xaxis={**axis, "title": {"text": "first direction"}},
        yaxis={**axis, "title": {"text": "second direction"}, "scaleanchor": "x"},
        legend={
            "orientation": "h",
            "y": -0.08,
            "yanchor": "top",
            "x": 0,
            "font": {"size": _font_size(presentation)},
        },  # fmt: skip
        hoverlabel={"font": {"size": _font_size(presentation)}},
    )

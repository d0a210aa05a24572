"""The query–key map: decoder queries and encoder keys of many sentences on one plane."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import PAIRED_COLOURS, TYPED_COLOURS
from dashboard.figures.layout import _finish, _font_size
from nmt_core.analysis.querykey import QueryKeyMap

HOVER_CHARACTERS = 60  # a sentence is cut here in a point's hover box


def _sentence(text: str) -> str:
    cut = text if len(text) <= HOVER_CHARACTERS else text[: HOVER_CHARACTERS - 1] + "…"
    return html.escape(cut)


def _kept(values: Sequence[str], mask: np.ndarray) -> list[str]:
    return [value for value, keep in zip(values, mask, strict=True) if keep]


def _escaped(pieces: Sequence[str], mask: np.ndarray) -> list[str]:
    return [html.escape(piece) for piece in _kept(pieces, mask)]  # "</s>" is text, not a tag


def _points(
    xy: np.ndarray, hover: list[str], links: np.ndarray, name: str, colour: str, symbol: str,
    size: int, opacity: float = 0.7,
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
            "opacity": opacity,
            "line": {"width": 0.5, "color": "white"},
        },  # fmt: skip
        "customdata": links.tolist(),
        "text": hover,
        "hovertemplate": "%{text}<extra></extra>",
    }


def _labelled(
    points: dict[str, Any], pieces: list[str], where: str, presentation: bool
) -> dict[str, Any]:
    """``points`` with each point's piece written beside it (queries above, keys below)."""
    return {
        **points, "mode": "markers+text", "text": pieces, "hovertext": points["text"],
        "hovertemplate": "%{hovertext}<extra></extra>", "textposition": where,
        "textfont": {"size": _font_size(presentation), "color": points["marker"]["color"]},
    }  # fmt: skip


def query_key_map(
    found: QueryKeyMap, *, title: str, presentation: bool = False, highlight: int | None = None
) -> go.Figure:
    """Queries (blue circles) and keys (orange diamonds) of ``found`` on its plane, one unit
    the same length on both axes; the black cross marks the plane's centre: the origin when
    the scorer's score is an inner product, the points' mean for the additive one. The points
    of sentence ``highlight`` (the one the class typed) are drawn on top, larger and opaque,
    each labelled with its piece; the others then fade.

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
    keys = found.key_sentence != highlight  # every point when nothing is highlighted
    queries = found.query_sentence != highlight
    fade = 0.35 if highlight is not None else 0.7
    data = [
        _points(found.keys[keys], _kept(key_hover, keys), key_links[keys],
                "keys (source pieces)", PAIRED_COLOURS["orange"], "diamond", size, fade),
        _points(found.queries[queries], _kept(query_hover, queries), query_links[queries],
                "queries (decoder steps)", PAIRED_COLOURS["blue"], "circle", size, fade),
    ]  # fmt: skip
    if highlight is not None:
        data += [
            _labelled(_points(found.keys[~keys], _kept(key_hover, ~keys), key_links[~keys],
                              "your sentence: keys", TYPED_COLOURS["keys"], "diamond",
                              size + 5, 1.0),
                      _escaped(found.key_piece, ~keys), "bottom center", presentation),
            _labelled(_points(found.queries[~queries], _kept(query_hover, ~queries),
                              query_links[~queries], "your sentence: queries",
                              TYPED_COLOURS["queries"], "circle", size + 5, 1.0),
                      _escaped(found.query_piece, ~queries), "top center", presentation),
        ]  # fmt: skip
    data += [
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

"""The query–key map: decoder queries and encoder keys of many sentences on one plane."""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
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


def _hover_texts(found: QueryKeyMap) -> tuple[list[str], list[str]]:
    """What hovering each query and each key says: its step or piece and its sentence."""
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
    return query_hover, key_hover


@dataclass(frozen=True)
class _Side:
    """The queries or the keys of a map: (N, 2) points, their hover texts, sentence, the step
    each opens (0-based) and piece; how the legend names them and how they are drawn."""

    xy: np.ndarray
    hover: list[str]
    sentence: np.ndarray
    step: np.ndarray
    pieces: tuple[str, ...]
    name: str
    typed_name: str  # "queries" or "keys": the TYPED_COLOURS entry and the legend's word
    colour: str  # a PAIRED_COLOURS entry
    symbol: str
    label_at: str | None  # where a typed point's piece is written; None: on hover only

    def traces(self, highlight: int | None, size: int, presentation: bool) -> list[dict]:
        """The side's points, faded when sentence ``highlight``'s are drawn on top of them,
        larger and opaque, each labelled with its piece where the side has a ``label_at``."""
        links = np.stack([self.sentence, self.step + 1], axis=1)
        rest = self.sentence != highlight  # every point when nothing is highlighted
        fade = 0.35 if highlight is not None else 0.7
        traces = [_points(self.xy[rest], _kept(self.hover, rest), links[rest], self.name,
                          PAIRED_COLOURS[self.colour], self.symbol, size, fade)]  # fmt: skip
        if highlight is not None:
            typed = _points(self.xy[~rest], _kept(self.hover, ~rest), links[~rest],
                            f"your sentence: {self.typed_name}", TYPED_COLOURS[self.typed_name],
                            self.symbol, size + 5, 1.0)  # fmt: skip
            if self.label_at is None:
                traces.append(typed)
            else:
                pieces = [html.escape(piece) for piece in _kept(self.pieces, ~rest)]  # "</s>"
                traces.append(_labelled(typed, pieces, self.label_at, presentation))
        return traces


def query_key_map(
    found: QueryKeyMap, *, title: str, presentation: bool = False, highlight: int | None = None
) -> go.Figure:
    """Queries (blue circles) and keys (orange diamonds) of ``found`` on its plane, one unit
    the same length on both axes; the black cross marks the plane's centre: the origin when
    the scorer's score is an inner product, the points' mean for the additive one. The points
    of sentence ``highlight`` (the one the class typed) are drawn on top, larger and opaque,
    each query labelled with the piece it writes (its keys, often crowded near the centre,
    would pile their labels up: a key names its piece on hover); the others then fade.

    Each point carries (sentence index, 1-based step) as ``customdata``: a query its own step,
    a key the step that attended to it most, which a click opens on Step through.
    """
    query_hover, key_hover = _hover_texts(found)
    size = 11 if presentation else 8
    centre = "the points' mean" if found.centred else "the origin"
    # a key names its piece on hover only: the keys crowd near the centre, and labels would pile
    keys = _Side(found.keys, key_hover, found.key_sentence, found.key_step, found.key_piece,
                 "keys (source pieces)", "keys", "orange", "diamond", None)  # fmt: skip
    queries = _Side(found.queries, query_hover, found.query_sentence, found.query_step,
                    found.query_piece, "queries (decoder steps)", "queries", "blue", "circle",
                    "top center")  # fmt: skip
    data = [
        *keys.traces(highlight, size, presentation),
        *queries.traces(highlight, size, presentation),
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

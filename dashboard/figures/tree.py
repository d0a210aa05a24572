"""The beam search tree: one marker per hypothesis piece, a line to its parent, the best
hypothesis' path in red."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import plotly.graph_objects as go

from dashboard.figures.colours import HIGHLIGHT
from dashboard.figures.layout import _finish, _font_size, _labels, _text

TREE_COLOURS = {"kept": "#1f77b4", "ended": "#2ca02c", "pruned": "#c7c7c7"}


def _step_columns(places: Mapping[int, tuple[int, float]], labels: Mapping[int, str]) -> dict:
    """The x of each decoder step, in characters of label (the axis' unit): a step starts after
    the longest label of the step before, so that no label runs into the next step's nodes and
    lines (D10: labels overlapped the nodes of the next step)."""
    steps = sorted({step for step, _ in places.values()})
    widest = {step: 1 for step in steps}
    for node, (step, _) in places.items():
        widest[step] = max(widest[step], len(labels.get(node, "")))
    columns, at = {}, 0.0
    for step in steps:
        columns[step] = at
        at += widest[step] + 3  # the marker, then a gap
    return columns


def _step_axis(columns: Mapping[int, float], widest: int) -> dict:
    """The x axis of the tree: each step's number at its column; room on the right for the
    last step's labels, ``widest`` characters at most."""
    return {
        "title": _text("decoder step"),
        "tickmode": "array",
        "tickvals": list(columns.values()),
        "ticktext": [str(step) for step in columns],
        "zeroline": False,
        "range": [-1.5, max(columns.values()) + widest + 2],
    }


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
    columns = _step_columns(places, labels)
    places = {node: (columns[step], row) for node, (step, row) in places.items()}
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
        xaxis=_step_axis(columns, max(map(len, labels.values()))),
        yaxis={"visible": False, "autorange": "reversed"},
        legend={"orientation": "h", "y": -0.15},
    )

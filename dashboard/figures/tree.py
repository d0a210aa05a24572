"""The beam search tree: one marker per hypothesis piece, a line to its parent, the best
hypothesis' path in red; as many piece labels as fit without running into each other."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence

import plotly.graph_objects as go

from dashboard.figures.colours import HIGHLIGHT
from dashboard.figures.layout import CHARACTER_WIDTH, _finish, _font_size, _labels, _text

TREE_COLOURS = {"kept": "#1f77b4", "ended": "#2ca02c", "pruned": "#c7c7c7"}

# px: the least width of the tree's plot (the page beside the open sidebar on a 1024-px
# screen), a row of leaves, a marker. Labels are placed for the least width: a wider plot only
# moves them further apart.
TREE_WIDTH = {False: 520, True: 620}
ROW = {False: 22, True: 30}
MARKER = {False: 10, True: 14}
LABEL_GAP = 3  # px kept clear between a label and anything else; and after its marker


def _step_columns(places: Mapping[int, tuple[int, float]], labels: Mapping[int, str]) -> dict:
    """The x of each decoder step, in characters of label (the axis' unit): a step starts after
    the longest label of the step before (labels overlapped the nodes of the next step);
    a label that the plot's width cannot hold there is cut or left to the hover."""
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


def _cuts(label: str) -> Iterator[str]:
    """``label``, then ever shorter starts of it ending in "…", three characters at least (a
    short piece, "</s>" or "▁the", is shown whole or not at all)."""
    yield label
    for end in range(len(label) - 1, 2, -1):
        yield label[:end] + "…"


# Where a label may go, in the order tried: right of its marker (along its branch), above,
# below, left; Plotly's names for them.
PLACES = ("middle right", "top center", "bottom center", "middle left")


def _box(place: str, x: float, y: float, width: float, height: float, marker: float) -> tuple:
    """The box (left, right, top, bottom) in px of a label ``width`` x ``height`` at ``place``
    beside a marker at (x, y)."""
    side, middle = marker / 2 + LABEL_GAP, (x - width / 2, x + width / 2)
    return {
        "middle right": (x + side, x + side + width, y - height / 2, y + height / 2),
        "middle left": (x - side - width, x - side, y - height / 2, y + height / 2),
        "top center": (*middle, y - side - height, y - side),
        "bottom center": (*middle, y + side, y + side + height),
    }[place]


def _clash(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether boxes (left, right, top, bottom) overlap or come within LABEL_GAP px."""
    return (
        a[0] < b[1] + LABEL_GAP
        and b[0] < a[1] + LABEL_GAP
        and a[2] < b[3] + LABEL_GAP
        and b[2] < a[3] + LABEL_GAP
    )


def _fitting_labels(
    places: Mapping[int, tuple[float, float]],
    labels: Mapping[int, str],
    order: Sequence[int],
    span: tuple[float, float],
    presentation: bool,
) -> dict[int, tuple[str, str]]:
    """Each node's label and where it goes (``PLACES``): whole where it clears every marker and
    every label placed before it (in ``order``: the best path first), else cut to a start that
    does ("▁yester…"), else none (its hover still names it). Boxes are measured in px of the
    least plot width, ``span`` (the axis range) across it, a row 95% of ``ROW`` px high (in
    case the margins take more), type ``CHARACTER_WIDTH`` wide and 1.3 lines high: what a
    browser draws is never larger, and a wider plot only moves labels apart."""
    size, marker, width = _font_size(presentation), MARKER[presentation], TREE_WIDTH[presentation]
    unit, row = width / (span[1] - span[0]), 0.95 * ROW[presentation]
    spots = {node: ((x - span[0]) * unit, y * row) for node, (x, y) in places.items()}
    taken = [(x - marker / 2, x + marker / 2, y - marker / 2, y + marker / 2)
             for x, y in spots.values()]  # fmt: skip
    shown = {}
    for node in order:
        shown[node] = ("", PLACES[0])
        for cut in _cuts(labels[node]):
            boxes = [(_box(p, *spots[node], len(cut) * CHARACTER_WIDTH * size, 1.3 * size,
                           marker), p) for p in PLACES]  # fmt: skip
            fits = [(box, p) for box, p in boxes if box[0] >= 0 and box[1] <= width
                    and not any(_clash(box, other) for other in taken)]  # fmt: skip
            if fits:
                taken.append(fits[0][0])
                shown[node] = (cut, fits[0][1])
                break
    return shown


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
    piece where the label fits (no two labels overlap; the hover always names the piece),
    coloured by its status (kept, ended, pruned: grey), with a line to its parent; the best
    hypothesis' path in red. Each marker's customdata is its node id (for clicks)."""
    columns = _step_columns(places, labels)
    places = {node: (columns[step], row) for node, (step, row) in places.items()}
    axis = _step_axis(columns, max(map(len, labels.values())))
    rank = {"kept": 0, "ended": 1, "pruned": 2}  # after the best path: the beam, then the rest
    order = sorted(places, key=lambda n: (n not in best, rank[statuses[n]], places[n][0]))
    shown = _fitting_labels(places, labels, order, tuple(axis["range"]), presentation)
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
                "text": _labels(shown[n][0] for n in nodes),
                "hovertext": _labels(labels[n] for n in nodes),
                "textposition": [shown[n][1] for n in nodes],
                "textfont": {"size": _font_size(presentation), "color": "#262730"},
                "marker": {"color": colour, "size": MARKER[presentation]},
                "customdata": nodes,
                "hovertemplate": "%{hovertext} (" + status + ")<extra></extra>",
            }
        )
    height, frame = _tree_frame(places, presentation)
    return _finish(data, title, presentation, height, xaxis=axis, **frame)


def _tree_frame(places: Mapping[int, tuple[float, float]], presentation: bool) -> tuple:
    """The tree's height for ``ROW`` px a row of leaves (a title line, the step axis and the
    legend beside it), and its layout: rows top down, the legend along the figure's bottom."""
    size = _font_size(presentation)
    rows = max((y for _, y in places.values()), default=0) + 1
    bottom = round(5 * size)  # the step numbers, the axis title, then the legend
    height = max(320, round(rows * ROW[presentation]) + bottom + 2 * size + 60)
    legend = {"orientation": "h", "x": 0, "y": 0, "yref": "container", "yanchor": "bottom"}
    return height, {
        "yaxis": {"visible": False, "autorange": "reversed"},
        "legend": legend,
        "margin": {"l": 20, "r": 20, "t": 20, "b": bottom},
    }

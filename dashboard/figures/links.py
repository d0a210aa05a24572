"""Alignment links: the source sentence in a column on the left, the target on the right, one
line per link."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import HIGHLIGHT
from dashboard.figures.layout import _check_matrix, _finish, _labels, _row_height


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

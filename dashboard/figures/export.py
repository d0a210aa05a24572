"""A figure as a standalone HTML page that opens offline."""

from __future__ import annotations

import html
from collections.abc import Sequence

import plotly.graph_objects as go


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

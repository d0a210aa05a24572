"""Line charts: named series over decoder steps (one source word's attention at each step, of
one model or several), training curves over training steps, and BLEU by source length, one
line per model."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import plotly.graph_objects as go

from dashboard.figures.colours import HIGHLIGHT
from dashboard.figures.layout import (
    LEAST_PLOT_WIDTH,
    _finish,
    _font_size,
    _label_band,
    _text,
    _token_axis,
)


def _line_colour(colours: Mapping[str, str] | None, name: str) -> dict[str, Any]:
    """The line and marker colour of series ``name``, if ``colours`` fixes one."""
    if not colours or name not in colours:
        return {}
    return {"line": {"color": colours[name]}, "marker": {"color": colours[name]}}


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
    height = 420 if presentation else 320  # with one line of labels below the plot
    if tokens is None:
        x_axis = {"title": _text("decoder step")}
    else:
        x_axis = _token_axis(tokens, presentation, share=1.0)
        # upright labels take their length from the plot: the chart grows by it, so that the
        # plot keeps its height and the axis title its room ("log probabili" was cut)
        size = x_axis["tickfont"]["size"]
        band = _label_band(tokens, size, LEAST_PLOT_WIDTH[presentation])
        height += band - round(1.5 * size)
    return _finish(
        data,
        title,
        presentation,
        height,
        xaxis=x_axis,
        yaxis={"title": _text(y_title)},
    )


def followed_word(
    series: Mapping[str, np.ndarray],
    tokens: Sequence[str],
    *,
    title: str = "",
    current: int | None = None,
    presentation: bool = False,
    colours: Mapping[str, str] | None = None,
) -> go.Figure:
    """One source word's attention at every output step: a line per named series (one model,
    or Compare's A and B over the same output ``tokens``), on a fixed 0-1 weight axis so that
    two sentences or two models read alike; ``current``: a step (0-based) marked with a red
    line, as Step through shows it; ``colours`` by series name (see ``model_colours``)."""
    fig = step_lines(
        series,
        tokens=tokens,
        title=title,
        y_title="weight (0–1)",
        presentation=presentation,
        colours=colours,
    )
    shapes = []
    if current is not None:
        if not 0 <= current < len(tokens):
            raise ValueError(f"current step {current} outside 0..{len(tokens) - 1}")
        shapes.append({"type": "line", "name": "current step", "x0": current, "x1": current,
                       "xref": "x", "y0": 0, "y1": 1, "yref": "y domain",
                       "line": {"color": HIGHLIGHT, "width": 2}})  # fmt: skip
    return fig.update_layout(
        yaxis_range=[0, 1.05],
        yaxis_fixedrange=True,
        showlegend=len(series) > 1,  # the legend at the right, as on Compare's other lines
        shapes=shapes,
    )


def training_curves(
    steps: Sequence[int],
    series: Mapping[str, Sequence[float | None]],
    *,
    current: int,
    title: str = "",
    presentation: bool = False,
    fine_tuned_at: int | None = None,
) -> go.Figure:
    """One small chart per named series over training steps, stacked on a shared step axis,
    with a line at the ``current`` step. ``None`` values (e.g. dev BLEU between evaluations)
    are left out of their line. ``fine_tuned_at``: the step a fine-tuned model's own training
    began (its probe log's), marked with a dashed line across every chart and a label."""
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
    bottom = layout[f"yaxis{'' if rows == 1 else rows}"]["domain"][0]  # the lowest chart's
    current_line = {"color": HIGHLIGHT, "width": 2}
    layout["shapes"] = [_step_line(current, "current step", current_line, bottom)]
    if fine_tuned_at is not None:  # a date on the axis, not a series or the current step: grey
        dashed = {"color": FINE_TUNING_COLOUR, "width": 2, "dash": "dash"}
        layout["shapes"].append(_step_line(fine_tuned_at, "fine-tuning begins", dashed, bottom))
        layout["annotations"] = [_fine_tuning_label(fine_tuned_at, steps, presentation)]
    layout["showlegend"] = False
    height = rows * (200 if presentation else 150) + 80
    return _finish(data, title, presentation, height, **layout)


FINE_TUNING_COLOUR = "#555555"


def _step_line(step: int, name: str, line: dict[str, Any], bottom: float) -> dict[str, Any]:
    """A line named ``name`` down every stacked chart at training step ``step``, ending at the
    lowest chart's ``bottom`` (paper coordinates): below it stand the step axis's tick labels
    and title, which a line through them would cross out."""
    return {"type": "line", "name": name, "x0": step, "x1": step, "xref": "x",
            "y0": bottom, "y1": 1, "yref": "paper", "line": line}  # fmt: skip


def _fine_tuning_label(step: int, steps: Sequence[int], presentation: bool) -> dict[str, Any]:
    """The line's label, inside the top chart beside the line, on the side with more room
    (the chart's title stays clear of it)."""
    middle = (min(steps, default=step) + max(steps, default=step)) / 2
    before = step > middle  # most fine-tunings come late: the label reads towards the line
    return {
        "text": "fine-tuning →" if before else "← fine-tuning",
        "x": step,
        "xref": "x",
        "xanchor": "right" if before else "left",
        "xshift": -4 if before else 4,
        "y": 1,
        "yref": "paper",
        "yanchor": "top",
        "showarrow": False,
        "font": {"size": _font_size(presentation), "color": FINE_TUNING_COLOUR},
        "bgcolor": "rgba(255, 255, 255, 0.85)",
    }


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

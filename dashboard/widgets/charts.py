"""Charts and tables as every page shows them: export, sizes, side by side or stacked."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from dashboard import figures, views
from dashboard.views.coverage import CoverageBars
from dashboard.views.settings import Settings
from dashboard.widgets import exports
from dashboard.widgets.results import no_attention_note
from nmt_core.checkpoint import CheckpointInfo
from nmt_core.translate import AttentionView, Hypothesis, Translation


def table(frame: pd.DataFrame, presentation: bool) -> None:
    """A table: sortable (``st.dataframe``) on a screen; in presentation mode plain text that
    grows with the page's type (``st.dataframe`` draws on a canvas in fixed pixels)."""
    if presentation:
        st.table(frame, hide_index=True)
    else:
        st.dataframe(frame, hide_index=True)


def side_by_side(count: int, stacked: bool, widths: list[int] | None = None) -> list[Any]:
    """``count`` places for content: columns (relative ``widths``), or, in presentation mode
    (``stacked``), containers one under another, so that every chart gets the page's width."""
    if stacked:
        return [st.container() for _ in range(count)]
    return list(st.columns(widths or count))


# Places under a figure's panels (``under_panels``): side by side, one under each panel, as long
# as each place's content fits its half; a wider one (a formula at projector size beside the
# open sidebar) moves the second place under the first rather than scroll inside its half. A
# formula there keeps a quarter of its usual margin: it belongs to the panel right above it.
UNDER_PANELS_CSS = """
.st-key-{key} [data-testid="stHorizontalBlock"] {{ flex-wrap: wrap; }}
.st-key-{key} [data-testid="stColumn"] {{ min-width: min-content; }}
.st-key-{key} .katex-display {{ margin: 0.25em 0; }}
"""


def under_panels(count: int, key: str) -> list[Any]:
    """``count`` places right under a figure of ``count`` equal panels side by side (Compare's
    A and B), each under its panel, also in presentation mode: what belongs to a panel (its
    formula) stays beside it, on the screen it is on. ``key``: the places' container's key."""
    with st.container(key=key):
        st.html(f"<style>{UNDER_PANELS_CSS.format(key=key)}</style>")
        return list(st.columns(count))


@dataclass(frozen=True)
class Drawn:
    """What a chart draws, as its exports name it (the file name, the line under an image's
    title, the notes above an HTML page): handed to :func:`chart` by the page that knows it."""

    models: tuple[CheckpointInfo, ...]  # the model it draws; Compare's A and B; or several
    settings: Settings  # the sentence and the decoding the charts are drawn with
    lettered: bool = False  # Compare's A and B: "A: name", "B: name", as the charts call them
    sentence: str | None = None  # the sentence it draws, when not the sidebar's

    @classmethod
    def sidebar(cls, chosen: Settings) -> Drawn:
        """The sidebar's model on its sentence: what most charts draw."""
        return cls((chosen.model,), chosen)

    def names(self) -> tuple[str, ...]:
        """The models' names as the exports give them (``A: de-en-dot`` on Compare)."""
        if self.lettered:
            pairs = zip("AB", self.models, strict=True)
            return tuple(f"{letter}: {model.name}" for letter, model in pairs)
        return tuple(model.name for model in self.models)

    def source(self) -> str:
        """The sentence the chart draws."""
        return self.settings.sentence if self.sentence is None else self.sentence


def chart(
    fig: go.Figure,
    key: str,
    drawn: Drawn,
    step: int | None = None,
    on_select: str | Callable[[], None] = "ignore",
    beneath: Callable[[], None] | None = None,
    beside: Callable[[], None] | None = None,
) -> Any:
    """Show ``fig`` with buttons that save it for slides as PNG and SVG (the sentence and the
    model or models it draws, ``drawn``, and ``step``, 1-based, in the file name and in a line
    under the title: ``widgets.exports``) and as a standalone (offline) HTML file, which names
    the sentence, the models, the decoding settings and the date above the chart. The camera in
    the chart's toolbar saves a PNG under the same name, without that line.

    ``on_select`` ("rerun" or a callback) makes a click on a point an event, as in
    ``st.plotly_chart``; the chart's state (its ``selection.points``) is returned.
    ``beneath`` draws what belongs to the figure's panels (Compare's formulas) right under it,
    above the export buttons, so that it shares the figure's screen; ``beside`` draws a line
    about the figure in the buttons' row, right of them (Translate's words left out: under the
    buttons, it fell below a projector's first screen).
    """
    name = figures.file_name(figures.plain_title(fig), drawn.source(), drawn.names(), step)
    camera = {"toImageButtonOptions": {"filename": name, "scale": 2}}
    clicks = {} if on_select == "ignore" else {"on_select": on_select, "selection_mode": "points"}
    event = st.plotly_chart(fig, theme=None, key=key, config=camera, **clicks)
    if beneath is not None:
        beneath()
    caption = figures.image_caption(drawn.source(), drawn.names(), step)
    notes = export_notes(drawn)

    def page() -> str:
        return figures.to_html(fig, notes)

    with st.container(horizontal=True, gap="small"):
        exports.image_buttons(key, figures.image_spec(fig, caption, name))
        st.download_button(
            "⬇ HTML",
            data=page,
            file_name=f"{name}.html",
            mime="text/html",
            on_click="ignore",
            key=f"{key}_html",
            help="The figure as a web page that opens offline (about 5 MB: Plotly's code is "
            "inside)",
        )
        if beside is not None:
            # the row's remaining width, wrapping there: sized to its text, a long line went
            # under the buttons (with the sidebar open), below a projector's first screen
            with st.container(width="stretch"):
                beside()
    return event


def export_notes(drawn: Drawn) -> list[str]:
    """What an exported figure says about itself: sentence, model or models, decoding, date."""
    chosen = drawn.settings
    tokens = "words" if chosen.word_level else "subword pieces"
    heads = ("Model A", "Model B") if drawn.lettered else ("Model",) * len(drawn.models)
    models = [
        f"{head}: {views.model_label(model)}"  # the label starts with the name
        for head, model in zip(heads, drawn.models, strict=True)
    ]
    return [
        f"Sentence: {drawn.source()}",
        *models,
        f"Decoding: beam size {chosen.beam_size}; tokens shown: {tokens}",
        f"Exported from Attention Lab on {datetime.date.today().isoformat()}",
    ]


def attention_chart(
    result: Translation,
    drawn: Drawn,
    key: str,
    title: str = "",
    hypothesis: Hypothesis | None = None,
    height_rows: int | None = None,
    fit_screen: bool = False,
    coverage: CoverageBars | None = None,
    on_select: str | Callable[[], None] = "ignore",
    beside: Callable[[], None] | None = None,
) -> AttentionView | None:
    """The heatmap of ``hypothesis`` (default: the best) at the chosen token level, or a note;
    ``height_rows``: size it for that many rows, to line up with heatmaps beside it;
    ``fit_screen``: compact, the source tokens on top (``figures.attention_heatmap``);
    ``coverage``: its columns' coverage as bars under them, at the same level;
    ``drawn``: the model that translated ``result``, for the exports; ``on_select``: what a
    click on the chart does and ``beside`` what stands in the export buttons' row
    (:func:`chart`)."""
    view = result.attention_view(hypothesis, drawn.settings.word_level)
    if view is None:
        no_attention_note()
        return None
    presentation = drawn.settings.presentation
    if coverage is None:
        fig = figures.attention_heatmap(
            view.matrix, view.source_tokens, view.target_tokens, title=title,
            presentation=presentation, height_rows=height_rows, fit_screen=fit_screen,
        )  # fmt: skip
    else:
        if coverage.tokens != view.source_tokens:
            raise ValueError("the coverage bars and the heatmap's columns are not the same tokens")
        fig = figures.attention_with_coverage(
            view.matrix, view.source_tokens, view.target_tokens, coverage.values,
            threshold=coverage.threshold, marked=coverage.marked, title=title,
            presentation=presentation, fit_screen=fit_screen,
        )  # fmt: skip
    chart(fig, key, drawn, on_select=on_select, beside=beside)
    return view

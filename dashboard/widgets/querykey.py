"""The Query–key map's widgets: which sentences, and the map with its numbers, whose points open
their sentence at their step on Step through.
"""

from __future__ import annotations

import streamlit as st

from dashboard import figures
from dashboard.state import inputs, session
from dashboard.views import querykey
from dashboard.views.markdown_text import literal
from dashboard.widgets.charts import Drawn, chart
from nmt_core.analysis.querykey import QueryKeyMap


def map_sentences(direction: str) -> tuple[str, ...] | None:
    """The sentences to map: our everyday ones or an uploaded TSV's, as many as the slider
    says; None, with a line saying why, while there is no usable file."""
    everyday, upload = querykey.SOURCES
    ours = querykey.everyday_sentences(direction)
    named = {everyday: ours.name, upload: upload}  # what each choice holds
    source = st.radio(
        "Sentences", querykey.SOURCES, format_func=named.get, key="qk_source", horizontal=True
    )
    if source == everyday:
        sentences = ours.texts
    else:
        file = st.file_uploader(
            "A TSV file, UTF-8: on each line a sentence in the model's source language, a tab, "
            "and its translation (the map follows the model's own translation)",
            type=["tsv", "txt"],
            key="qk_tsv",
        )
        if file is None:
            st.caption(f"No file yet: upload one, or choose {named[everyday]}.")
            return None
        try:
            sentences = querykey.sentences_from_tsv(file.getvalue(), file.name)
        except ValueError as error:
            st.error(literal(str(error)))
            return None
    if len(sentences) < 2:
        return sentences
    session.QK_COUNT.set(min(session.QK_COUNT.get(querykey.DEFAULT_COUNT), len(sentences)))
    count = st.slider(
        "How many sentences (the first ones; more take longer)", 1, len(sentences), key="qk_count"
    )
    return sentences[:count]


def query_key_panel(found: QueryKeyMap, keeps: str, drawn: Drawn, typed: bool) -> None:
    """The map, its rank agreement and what it keeps (``keeps``, Markdown from the scorer
    table); a click on a point opens its sentence at its step on Step through. ``drawn``: the
    model whose queries and keys ``found`` holds; ``typed``: its first sentence is the one the
    class typed, drawn large with its pieces. A map that keeps little of how a step ranks its
    keys says so first and draws its points only when asked."""

    def open_clicked() -> None:  # a callback: runs before the next run draws the sentence box
        opened = querykey.clicked_step(found.sentences, session.QK_CHART.value().selection.points)
        if opened is not None:
            inputs.open_at(*opened)
            session.QK_OPEN.set(True)  # the page turns to Step through

    fig = figures.query_key_map(
        found,
        title="Click a point to open its step",
        presentation=drawn.settings.presentation,
        highlight=0 if typed else None,
    )
    if querykey.shows_little(found):
        st.info(
            f"{querykey.map_verdict(found)} For this model the points would be a blob: no step's "
            "choice can be read off them. Step through shows each step's scores instead."
        )
        with st.expander("Draw the points anyway"):
            chart(fig, "qk_chart", drawn, on_select=open_clicked)
    else:
        if typed:
            st.markdown(querykey.typed_line(found))
        chart(fig, "qk_chart", drawn, on_select=open_clicked)
    columns = st.columns(3)
    for column, (label, value) in zip(columns, querykey.map_numbers(found).items(), strict=True):
        column.metric(label, value)
    st.markdown(f"**{querykey.map_verdict(found)}**")
    st.caption(
        f"{querykey.map_counts(found)}. ρ is Spearman's rank correlation between the "
        "model's scores e and the scores the map's points give (1: the map orders them exactly "
        "as the model does). Within a step: the mean of ρ over the steps, each step's keys "
        "ranked alone, which is the order the softmax turns into weights. Length kept: the share "
        "of the points' squared length, about the cross, that lies on the plane."
    )
    st.markdown(keeps)

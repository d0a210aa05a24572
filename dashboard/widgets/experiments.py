"""Experiments on one step, computed on demand: what-if, attribution beside attention."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from dashboard import figures, views
from dashboard.state import session
from dashboard.views import numbers
from dashboard.views.markdown_text import literal
from dashboard.widgets.charts import Drawn, chart
from dashboard.widgets.results import no_attention_note
from nmt_core.analysis.attribution import IG_STEPS
from nmt_core.analysis.attribution import METHODS as ATTRIBUTION_METHODS
from nmt_core.analysis.whatif import WhatIf, edited_attention
from nmt_core.translate import Translation

WHAT_IF_EDITS = {  # the radio's choices -> nmt_core.analysis.whatif.edited_attention's names
    "another piece here": None,
    "all attention on one source piece": "one",
    "uniform attention": "uniform",
    "the same weights, shuffled": "shuffled",
}


def what_if_panel(
    result: Translation,
    step: int,
    drawn: Drawn,
    decode_changed: Callable[[int, str | None, Any], WhatIf],
) -> None:
    """Change step ``step`` (0-based) of the greedy translation, the piece written or its
    attention, and show what the model writes from there on, computed on demand by
    ``decode_changed(step, piece, weights)`` (``state.caches.changed_step``); ``drawn``: the
    model that translated ``result``."""
    hyp, presentation = result.best, drawn.settings.presentation
    edits = [e for e, name in WHAT_IF_EDITS.items() if name is None or hyp.attention is not None]
    with st.form("what_if"):
        edit = st.radio("Change", edits, key="whatif_edit", horizontal=not presentation)
        others = [p for p in hyp.topk_pieces[step] if p != hyp.target_pieces[step]]
        piece = st.selectbox("Another piece (for 'another piece here')", others, key="whatif_piece")
        source = st.selectbox(
            "Source piece (for 'all attention on one source piece')",
            range(len(result.source_pieces)),
            format_func=lambda j: f"{j + 1}: {result.source_pieces[j]}",
            key="whatif_source",
        )
        asked = st.form_submit_button(f"Decode from step {step + 1}", type="primary")
    if asked:
        session.WHATIF_ASKED.set((result.source, result.hypothesis, step, edit, piece, source))
    if session.WHATIF_ASKED.get(())[:3] != (result.source, result.hypothesis, step):
        st.caption("Choose a change and decode: nothing is computed until you ask.")
        return
    *_, edit, piece, source = session.WHATIF_ASKED.value()
    name = WHAT_IF_EDITS[edit]
    weights = None if name is None else edited_attention(hyp.attention[step], name, source)
    change = decode_changed(step, piece if name is None else None, weights)
    changed = change.changed
    st.markdown(f"**Before:** {literal(hyp.text)}  \n**After:** {literal(changed.text)}")
    st.caption(views.what_if_caption(change))
    if changed.attention is not None:
        chart(
            figures.attention_heatmap(
                changed.attention,
                result.source_pieces,
                changed.target_pieces,
                title=f"Attention after the change at step {step + 1} (framed)",
                highlight_row=step,
                presentation=presentation,
            ),
            "whatif_heatmap",
            drawn,
        )


def attribution_panel(
    result: Translation, step: int, drawn: Drawn, attributions: Callable[[str], Any]
) -> None:
    """Attention α at step ``step`` (0-based) beside an attribution's relevance over the same
    source tokens (words at the sidebar's word level), with their agreement; computed on
    demand by ``attributions(method)`` (``state.caches.attributions``: (T, S) pieces);
    ``drawn``: the model that translated ``result``."""
    presentation, words = drawn.settings.presentation, drawn.settings.word_level
    st.caption(views.ATTRIBUTION_POINT)
    method = st.radio(
        "Attribution method",
        list(ATTRIBUTION_METHODS),
        format_func=ATTRIBUTION_METHODS.get,
        key="attribution_method",
        horizontal=not presentation,
        help=f"Integrated gradients: {IG_STEPS} steps from all-zero source "
        "embeddings. Leave one out: one source piece's embedding zeroed at a time.",
    )
    asked = (drawn.settings.model.name, result.source, result.hypothesis)
    if st.button("Compute the attributions", key="attribution_go"):
        session.ATTRIBUTION_ASKED.set(asked)
    if session.ATTRIBUTION_ASKED.get() != asked:
        st.caption("Nothing is computed until you ask (about a second for a short sentence).")
        return
    shown = numbers.attribution_beside_attention(
        result,
        attributions(method),
        step,
        words,
        ATTRIBUTION_METHODS[method],
    )
    if shown.summary is None:
        no_attention_note()
    else:
        st.markdown(shown.summary)
    chart(
        figures.paired_bars(
            shown.series,
            shown.tokens,
            title=shown.title,
            y_title="share (0–1)",
            presentation=presentation,
        ),
        "attribution_bars",
        drawn,
    )

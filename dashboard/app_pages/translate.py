"""Translate: the translation and the attention heatmap of the current model."""

import streamlit as st

from dashboard import state, views, widgets
from dashboard.markdown_text import literal

chosen = state.settings()
st.header("Translate")
result = widgets.current(chosen)

st.caption(f"{literal(views.model_label(chosen.model))} · beam size {chosen.beam_size}")
st.code(result.hypothesis or "(empty translation)", language=None, wrap_lines=True)

title = "Where the decoder looks: rows = output tokens, columns = input tokens"
if widgets.attention_chart(result, chosen, "heatmap", title) is None:
    st.stop()
st.caption(
    "Each row is one output token (a piece, or a word when *words* is chosen) and sums to 1. "
    "The source ends with </s>: the model may "
    "attend to the end of the sentence too. Pieces starting with ▁ begin a new word; switch "
    "to words in the sidebar to add up each word's pieces."
)

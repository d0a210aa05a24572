"""Translate: the translation, the attention heatmap of the current model with each source
word's coverage under it, and one word followed step by step."""

import streamlit as st

from dashboard import views, widgets
from dashboard.state import caches, session
from dashboard.views import coverage
from dashboard.views.markdown_text import literal

chosen = session.settings()
drawn, big = widgets.Drawn.sidebar(chosen), chosen.presentation
if not big:  # on a projector the sidebar names the page: its height goes to the heatmap
    st.header("Translate")
result = widgets.current(chosen, caches.translation)

label = f"{literal(views.model_label(chosen.model))} · beam size {chosen.beam_size}"
if not big:
    st.caption(label)
st.code(result.hypothesis or "(empty translation)", language=None, wrap_lines=True)

# On a projector the whole heatmap, its labels too, fits the first screen for a sentence of up
# to 12 words: source tokens on top, compact rows, the coverage bars and explanations below it.
title, axes = "Where the decoder looks", "Rows = output tokens, columns = input tokens."
bars = coverage.coverage_bars(result, word_level=chosen.word_level)
clicked = "ignore" if bars is None else widgets.follow_clicked("heatmap", bars)
view = widgets.attention_chart(
    result, drawn, "heatmap", "" if big else title, fit_screen=big, coverage=bars,
    on_select=clicked, beside=lambda: widgets.left_out(result),  # the words no step looked at
)  # fmt: skip
if view is None or bars is None:
    st.stop()
if big:  # the title would sit on the source tokens above the matrix: it goes below
    st.caption(f"{title}. {label}.")
st.caption(
    f"{axes} Each row is one output token (a piece, or a word when *words* is chosen) and "
    "sums to 1. "
    "The source ends with </s>: the model may "
    "attend to the end of the sentence too. Pieces starting with ▁ begin a new word; switch "
    "to words in the sidebar to add up each word's pieces. "
    + coverage.bars_caption(bars, chosen.word_level)
    + " Click a word's column of bars to follow it step by step (below)."
)
widgets.follow_one_word({chosen.model.name: view}, drawn, "translate_follow")

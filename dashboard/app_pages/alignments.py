"""Alignments: force-decode a reference translation and turn its attention into word links."""

import pandas as pd
import streamlit as st

from dashboard import figures, views, widgets
from dashboard.state import caches, session
from nmt_core.measures.evaluation import attention_entropy
from nmt_core.text.data import language_names

chosen = session.settings()
drawn = widgets.Drawn.sidebar(chosen)
source_language, target_language = language_names(chosen.model.direction)
st.header("Alignments from attention")
st.write(
    f"Type a human {target_language} translation and see which {source_language} tokens the "
    f"model links to each {target_language} one. Links mostly follow the diagonal, except where "
    "word order differs (e.g. the verb at the end of a German clause)."
)
own = widgets.current(chosen, caches.translation)
typed = st.text_input(f"Reference translation ({target_language})", key="reference")
reference = typed.strip()
if not reference:
    st.info(
        "No reference typed, so the model's own translation is used. Force-decoding: the "
        "decoder is fed this translation token by token instead of choosing its own words, "
        "and we record where it looks."
    )
    reference = own.hypothesis
result = widgets.forced(chosen.model, chosen, caches.translation, reference)
if result is None or result.reference.attention is None:
    st.info("No alignment to show: this model has no attention, or the reference is empty.")
    st.stop()

if chosen.presentation:  # the heatmap first and full width, the controls under it
    right, left = widgets.side_by_side(2, stacked=True)
else:
    left, right = widgets.side_by_side(2, stacked=False, widths=[1, 3])
with left:
    method, threshold = widgets.hard_alignment_choice()
report = views.alignment_report(result, method, threshold, chosen.word_level)
full, view, links = report.aligned.full, report.aligned.view, report.aligned.links
with right:
    widgets.chart(
        figures.attention_heatmap(
            full.matrix,
            full.source_tokens,
            full.target_tokens,
            links=links,
            title="Forced-decoding attention (× = hard link)",
            presentation=chosen.presentation,
        ),
        "align_heatmap",
        drawn,
    )
widgets.chart(
    figures.alignment_links(
        links,
        view.source_tokens,
        view.target_tokens,
        view.matrix,
        title="Links from the source (left) to the target (right); thicker = more attention",
        presentation=chosen.presentation,
    ),
    "align_links",
    drawn,
)
rows = report.rows
widgets.table(pd.DataFrame(rows), chosen.presentation)
if chosen.word_level:
    st.caption(
        "Indices count words from 0 without </s>, as `python -m nmt_core align` writes them "
        "(the formulas on Step through and Lesson count j from 1)."
    )
else:
    st.caption(
        "Indices count subword pieces from 0 without </s>. `python -m nmt_core align` and gold "
        "alignments count words: switch *Tokens* in the sidebar to *words* to match them."
    )
widgets.alignment_downloads(links, view, rows)

st.subheader("Compare with a gold alignment")
if chosen.word_level:
    widgets.gold_scores(links, view)
else:
    st.info("Gold alignments link words: set *Tokens* in the sidebar to *words* to score these.")

st.subheader("Beside a statistical aligner (eflomal)")
if st.toggle("Draw eflomal's links over the attention", key="align_eflomal"):
    if chosen.word_level:
        priors, found = caches.eflomal_priors(chosen.model), None  # None: not built here
        if priors is not None:
            found = caches.eflomal_links(priors, view.source_tokens, view.target_tokens)
        widgets.eflomal_comparison(view, links, found, drawn)
    else:
        st.info("eflomal links words: set *Tokens* in the sidebar to *words* to compare.")

st.subheader("How sure is the model? (Rikters & Fishel, 2017)")
widgets.confidence(full)
widgets.chart(
    figures.step_lines(
        {"entropy": attention_entropy(full.matrix)},
        tokens=full.target_tokens,
        title="Entropy of each step's attention (0 = looks at one token)",
        y_title="nats",
        presentation=chosen.presentation,
    ),
    "align_entropy",
    drawn,
)

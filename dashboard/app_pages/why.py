"""Why attention: one fixed context vector versus one per step, and quality by length."""

import streamlit as st

from dashboard import figures, views, widgets
from dashboard.state import caches, session
from dashboard.views.markdown_text import literal

chosen = session.settings()
st.header("Why attention?")
st.write(
    "Without attention (Cho et al. 2014) the encoder squeezes the whole sentence into one "
    "vector c, and the decoder reads that same c at every step: each row below is identical. "
    "With attention the decoder builds a new context $c_t$ at every step from the words it "
    "needs now (Bahdanau et al. 2015), so the rows change."
)
widgets.current(chosen, caches.translation)  # stops with a hint when there is no sentence
fixed = next((m for m in chosen.models if not m.attends), None)
attentive = next((m for m in (chosen.model, *chosen.models) if m.attends), None)
shown = [m for m in (fixed, attentive) if m is not None]
if fixed is None:
    st.info("No model without attention (scorer 'none') is available for this direction.")
for column, model in zip(widgets.side_by_side(len(shown), chosen.presentation), shown, strict=True):
    hyp = widgets.translated(model, chosen, caches.translation).best
    with column:
        st.subheader(literal(views.model_label(model)))
        st.code(hyp.text or "(empty translation)", language=None, wrap_lines=True)
        title = "a new cₜ at every step" if model.attends else "one c for all steps"
        widgets.chart(
            figures.context_heatmap(
                hyp.contexts,
                hyp.target_pieces,
                title=f"Context vectors: {title}",
                presentation=chosen.presentation,
            ),
            f"why_contexts_{model.name}",
            widgets.Drawn((model,), chosen),
        )

st.caption(
    "Each row is the context vector the decoder receives at that step; the columns are its "
    f"numbers ({figures.POSITIVE_COLOUR} > 0, {figures.NEGATIVE_COLOUR} < 0; each chart has its "
    "own colour scale)."
)
st.subheader("Does it matter for long sentences?")
cards = {m.name: caches.model_card(m).get("by_length") for m in chosen.models}
cards = {name: buckets for name, buckets in cards.items() if buckets}
if not cards:
    st.info("The model cards have no BLEU-by-length figures yet.")
    st.stop()
colours = figures.model_colours([(m.name, m.scorer) for m in chosen.models])
widgets.chart(
    figures.bleu_by_length(cards, presentation=chosen.presentation, colours=colours),
    "why_length",
    widgets.Drawn(tuple(m for m in chosen.models if m.name in cards), chosen),
)
st.caption(
    "Test-set BLEU (0–100, higher is better) per source-length bucket, from each model's "
    "training record; n = sentences per bucket. Does the model without attention fall further "
    "behind as sentences get longer? That is the bottleneck of Bahdanau et al. (2015, Fig. 2)."
)

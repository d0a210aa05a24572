"""Query–key map: every decoder step's query and every source piece's key, of many sentences,
on one plane; a click on a point opens its sentence at its step on Step through."""

import streamlit as st

from dashboard import widgets
from dashboard.state import caches, session
from dashboard.views import querykey
from nmt_core.network.scorers import scorer

if session.QK_OPEN.pop(False):  # a point was clicked: its sentence and step are set
    # the link app.py wrote for them, so that a projector's sidebar stays folded
    st.switch_page("app_pages/step.py", query_params=st.query_params.to_dict())
chosen = session.settings()
config = chosen.model.config
st.header("Query–key map")
st.write(
    "At each step the decoder's state asks a question, its *query*, and each source piece "
    "offers an answer, its *key*; the score e says how well they match. Here the queries and "
    "keys of many sentences share one plane, each drawn where the model's scorer sees it."
)
if not scorer(config.scorer).attends:
    st.info("This model has no attention, so no queries or keys: choose another model.")
    st.stop()
if config.coverage:
    st.info("This model's score also reads its coverage, so a key changes at every step.")
    st.stop()
others = widgets.map_sentences(chosen.model.direction)
if not others:
    st.stop()
sentences, typed = querykey.with_typed(chosen.sentence, others)  # the class's own first
if st.button("Draw the map", key="qk_draw", type="primary"):
    session.QK_ASKED.set((chosen.model.name, sentences))
if session.QK_ASKED.get() != (chosen.model.name, sentences):
    st.caption(
        f"{len(sentences)} sentences are translated greedily and their queries and keys placed "
        "on one plane when you press Draw (about a second for 40 on 2 cores)."
    )
    st.stop()
found = caches.query_keys(chosen, sentences)
keeps = querykey.what_it_keeps(found, config.decoder)
widgets.query_key_panel(found, keeps, widgets.Drawn.sidebar(chosen), typed)

"""Step through: one decoder step at a time, with the scorer's formula and this step's numbers,
the coverage so far, and one word followed step by step."""

from functools import partial

import streamlit as st

from dashboard import figures, views, widgets
from dashboard.state import caches, session
from dashboard.views import formulas
from dashboard.views.markdown_text import literal
from nmt_core.analysis.coverage import attention_by_step

chosen = session.settings()
drawn = widgets.Drawn.sidebar(chosen)
st.header("Step through the decoder")
result = widgets.current(chosen, caches.translation)
hyp, source = result.best, result.source_pieces
t = widgets.step_player(len(hyp.target_pieces)) - 1  # 0-based row of the matrices
st.caption(
    f"Step {t + 1} of {len(hyp.target_pieces)}: the decoder writes "
    f"{views.piece_description(hyp.target_pieces[t])}. "
    "Steps are subword pieces, whatever the word/subword setting."
)
big = chosen.presentation
# On a projector this step's numbers come right under the controls, so that Next and what it
# changes are on one screen, and the temperature what-if right under the softmax it re-computes
# (it was 4,000 px below); then the charts, stacked. On a screen, side by side.
numbers_area = st.container()
if big:
    heatmap_area, formula_area, bars_area, topk_area = (st.container() for _ in range(4))
else:
    heatmap_area, topk_area = st.columns(2)
    bars_area, formula_area = st.container(), st.container()

votes = caches.current_shortcut_votes(chosen)
with topk_area:
    widgets.next_piece_chart(hyp, t, drawn, "step_topk")
    if votes is not None:  # a model with the lexical shortcut: what the attended words say alone
        voted = votes.steps_voting_for(hyp.target_pieces)  # drawn only where it teaches
        widgets.shortcut_votes_chart(votes, voted, hyp.target_pieces[t], t, drawn)
if hyp.attention is None:
    with heatmap_area:
        widgets.no_attention_note()
else:
    with heatmap_area:
        title = "Attention, current step framed"
        heatmap = figures.attention_heatmap(
            hyp.attention, source, hyp.target_pieces, title=title, highlight_row=t, presentation=big
        )
        widgets.chart(heatmap, "step_heatmap", drawn, t + 1)
        widgets.coverage_so_far(result, t, drawn)  # fills up as the class steps on
    with heatmap_area if big else topk_area:  # on a screen, the column beside it
        by_step = {chosen.model.name: attention_by_step(result, word_level=chosen.word_level)}
        widgets.follow_one_word(by_step, drawn, "step_follow", current=t)
    alpha, scores = hyp.attention[t], hyp.scores[t]
    j_star = int(alpha.argmax())  # 0-based
    one, two = (bars_area, bars_area) if big else bars_area.columns(2)
    with one:
        weights = figures.weights_chart(
            alpha,
            source,
            title=f"Weights {formulas.subscripted('α', t + 1)} (after softmax)",
            y_title="weight α (0–1)",
            presentation=big,
        )
        widgets.chart(weights, "step_alpha", drawn, t + 1)
    with two:
        raw = figures.bar_chart(
            scores,
            source,
            title=f"Raw scores {formulas.subscripted('e', t + 1)} (before softmax)",
            y_title="score e (any real number)",
            highlight=int(scores.argmax()),
            presentation=big,
        )
        widgets.chart(raw, "step_scores", drawn, t + 1)
    with formula_area:
        config = chosen.model.config
        query = formulas.decoder_state_formula(config.decoder, config.input_feeding)
        if query is not None:  # the state the scorer reads, unless simply the previous one
            st.latex(query)
        st.latex(formulas.score_formula(config.scorer, config.decoder, config.coverage))
        st.latex(formulas.SOFTMAX_FORMULA + r"\qquad " + formulas.CONTEXT_FORMULA)
        st.caption(
            f"j counts source pieces from 1: the red bar, j* = {j_star + 1} "
            f"({literal(repr(source[j_star]))}), is the most attended piece. With beam search the "
            "piece written is not always the likeliest."
        )
equations = views.step_equations(hyp, t)  # scores, softmax, weights (with attention), context
for name, line in equations.items():
    with numbers_area if big and name != "context" else formula_area:
        st.latex(line)
if hyp.attention is not None:  # right under the worked softmax: the what-if of its T
    with numbers_area if big else formula_area:
        widgets.temperature_what_if(hyp, t, source, drawn, "step_temperature")
with st.expander(f"What if? Change step {t + 1} and decode on"):
    if chosen.beam_size == 1:  # the change is made to the greedy translation shown
        widgets.what_if_panel(result, t, drawn, partial(caches.changed_step, chosen))
    else:
        st.caption("What if? changes the greedy translation: set the beam size to 1.")
with st.expander(f"Is attention an explanation? Step {t + 1} beside an attribution"):
    widgets.attribution_panel(result, t, drawn, partial(caches.attributions, chosen))
widgets.keep_playing(caches.page_turns().leave)

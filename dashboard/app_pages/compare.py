"""Compare models: one sentence through every scorer, and two of them cell by cell."""

import streamlit as st

from dashboard import figures, state, views, widgets
from dashboard.markdown_text import literal

chosen = state.settings()
st.header("Compare attention scorers")
widgets.current(chosen)  # stops with a hint when there is no sentence
results = [(model, widgets.translated(model, chosen)) for model in chosen.models]

shown = [result.attention_view(word_level=chosen.word_level) for _, result in results]
rows = max((len(view.target_tokens) for view in shown if view is not None), default=0)
# two columns on a screen; on a projector one panel under another
places = widgets.side_by_side(len(results) if chosen.presentation else 2, chosen.presentation)
for k, (model, result) in enumerate(results):
    with places[k % len(places)]:
        # a one-line name, then heatmaps of one height: panels side by side line up; the
        # texts that wrap differently (label, translation) come after
        st.subheader(literal(model.name))
        widgets.attention_chart(result, chosen, f"compare_heatmap_{k}", model.name, None, rows)
        st.caption(literal(views.model_label(model)))
        st.code(result.hypothesis or "(empty translation)", language=None, wrap_lines=True)

attentive = {m.name: m for m in chosen.models if m.attends}
if len(attentive) < 2:
    st.info("Cell-by-cell comparison needs two models with attention for this direction.")
    st.stop()
st.subheader("Two models, cell by cell")
names = list(attentive)
if st.session_state.get("compare_a") not in names:
    st.session_state.pop("compare_a", None)  # kept from a direction or folder with other models
left, right = st.columns(2)
a = left.selectbox("Model A", names, key="compare_a")
others = [n for n in names if n != a]
if st.session_state.get("compare_b") not in others:
    st.session_state.pop("compare_b", None)
b = right.selectbox("Model B", others, key="compare_b")
pair = widgets.paired(attentive[a], attentive[b], chosen)
if pair is None:
    st.info("These two cannot be compared cell by cell (different tokenizers or no output).")
    st.stop()
if pair.how == "forced":
    st.write(
        "The models translated the sentence differently, so their matrices have different "
        "rows. Both are therefore force-decoded on model A's translation: each model is fed "
        "A's output token by token and we record where it looks. Now the rows match."
    )
else:
    st.write("Both models produced the same tokens, so their own matrices are compared.")
widgets.chart(
    figures.difference_heatmap(
        pair.a.matrix,
        pair.b.matrix,
        pair.a.source_tokens,
        pair.a.target_tokens,
        title=(
            f"Attention of A ({a}) minus B ({b}): {figures.POSITIVE_COLOUR} = A looks there "
            f"more, {figures.NEGATIVE_COLOUR} = B"
        ),
        presentation=chosen.presentation,
    ),
    "compare_difference",
)
entropy_a, entropy_b = pair.entropy
colours = figures.model_colours([(m.name, m.scorer) for m in chosen.models])  # as on Why
left, right = widgets.side_by_side(2, chosen.presentation)
left.plotly_chart(
    figures.step_lines(
        {a: entropy_a, b: entropy_b},
        tokens=pair.a.target_tokens,
        title="Entropy per step (0 = looks at one token)",
        y_title="nats",
        presentation=chosen.presentation,
        colours={name: colours[name] for name in (a, b)},
    ),
    theme=None,
    key="compare_entropy",
)
right.plotly_chart(
    figures.step_lines(
        {"JS(A, B)": pair.divergence},
        tokens=pair.a.target_tokens,
        title="A vs B per step: Jensen–Shannon divergence",
        y_title="nats",
        presentation=chosen.presentation,
    ),
    theme=None,
    key="compare_js",
)
st.caption(
    "Entropy: 0 = the step looks at one token, ln S = spread evenly over all S source tokens. "
    "Jensen–Shannon divergence: how differently A and B attend at a step, from 0 (the same "
    "weights) to ln 2 ≈ 0.69 (no overlap)."
)
st.metric(
    "Share of identical argmax links, A vs B (Jaccard |A∩B| / |A∪B|: 1 = all the same)",
    f"{pair.agreement:.2f}",
)

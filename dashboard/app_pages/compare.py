"""Compare models: two scorers side by side with their formulas and decoders, the difference
cell by cell, and every model of the direction on request."""

import streamlit as st

from dashboard import figures, views, widgets
from dashboard.state import caches, inputs, session
from dashboard.views import comparison, formulas
from dashboard.views.markdown_text import literal

chosen = session.settings()
st.header("Compare attention scorers")
widgets.current(chosen, caches.translation)  # stops with a hint when there is no sentence

attentive = {m.name: m for m in chosen.models if m.attends}
if len(attentive) >= 2:
    # 1. The pair: by default two models that differ in the scorer only, when there are such.
    names, default = list(attentive), comparison.default_pair(chosen.models)
    if session.COMPARE_A.get() not in names:
        session.COMPARE_A.set(default[0])  # kept from a direction or folder with other models
    left, right = st.columns(2)
    a = left.selectbox("Model A", names, key="compare_a")
    others = [n for n in names if n != a]
    if session.COMPARE_B.get() not in others:
        session.COMPARE_B.set(default[1] if default[1] in others else others[0])
    b = right.selectbox("Model B", others, key="compare_b")
    inputs.show_in_link(a=a, b=b)  # a shared link opens this pair
    st.caption(literal(comparison.difference(attentive[a], attentive[b]).sentence))
    pair = widgets.paired(attentive[a], attentive[b], chosen, caches.translation)
    both = widgets.Drawn((attentive[a], attentive[b]), chosen, lettered=True)  # named on exports
    if pair is None:
        st.info("These two cannot be compared cell by cell (different tokenizers or no output).")
        st.stop()

    # 2. A beside B, one figure (hover a cell: both weights), and right under each panel its
    # model's formula: on a projector's one screen the class sees each map with its formula.
    def formulas_under_the_panels() -> None:
        places = widgets.under_panels(2, "compare_formulas")
        for place, letter, model in zip(places, "AB", (attentive[a], attentive[b]), strict=True):
            config = model.config
            place.latex(formulas.score_formula(config.scorer, config.decoder, config.coverage))
            label = literal(views.model_label(model))
            place.caption(f"{letter} · {label}; on the {comparison.decoder_name(model)}")

    widgets.chart(
        figures.pair_heatmaps(
            pair.a.matrix,
            pair.b.matrix,
            pair.a.source_tokens,
            pair.a.target_tokens,
            names=(a, b),
            presentation=chosen.presentation,
        ),
        "compare_pair",
        both,
        beneath=formulas_under_the_panels,
    )
    if pair.how == "forced":
        st.caption(
            "The models translated the sentence differently, so both are force-decoded on model "
            "A's translation: each is fed A's output token by token and we record where it "
            "looks. Now the rows match. Hover a cell: both weights."
        )
    else:
        st.caption("Both models wrote the same tokens: their own matrices. Hover a cell: both.")

    # 3. The difference, cell by cell, and step by step.
    widgets.chart(
        figures.difference_heatmap(
            pair.a.matrix,
            pair.b.matrix,
            pair.a.source_tokens,
            pair.a.target_tokens,
            title=(
                f"Attention of A ({a}) minus B ({b}): {figures.POSITIVE_COLOUR} = A looks "
                f"there more, {figures.NEGATIVE_COLOUR} = B"
            ),
            presentation=chosen.presentation,
        ),
        "compare_difference",
        both,
    )
    entropy_a, entropy_b = pair.entropy
    line_a, line_b = f"A: {a}", f"B: {b}"  # A and B in the difference map's blue and red
    left, right = widgets.side_by_side(2, chosen.presentation)
    with left:
        widgets.chart(
            figures.step_lines(
                {line_a: entropy_a, line_b: entropy_b},
                tokens=pair.a.target_tokens,
                title=(
                    f"Entropy per step (0 = looks at one token): A {figures.POSITIVE_COLOUR}, "
                    f"B {figures.NEGATIVE_COLOUR}"
                ),
                y_title="nats",
                presentation=chosen.presentation,
                colours={line_a: figures.MODEL_A_COLOUR, line_b: figures.MODEL_B_COLOUR},
            ),
            "compare_entropy",
            both,
        )
    with right:
        widgets.chart(
            figures.step_lines(
                {"JS(A, B)": pair.divergence},
                tokens=pair.a.target_tokens,
                title="A vs B per step: Jensen–Shannon divergence",
                y_title="nats",
                presentation=chosen.presentation,
            ),
            "compare_js",
            both,
        )
    st.caption(
        "Entropy: 0 = the step looks at one token, ln S = spread evenly over all S source "
        "tokens. Jensen–Shannon divergence: how differently A and B attend at a step, from 0 "
        "(the same weights) to ln 2 ≈ 0.69 (no overlap)."
    )
    # 4. One source word, followed step by step in A and in B (their colours as above).
    widgets.follow_one_word(
        {line_a: pair.a, line_b: pair.b},
        both,
        "compare_follow",
        colours={line_a: figures.MODEL_A_COLOUR, line_b: figures.MODEL_B_COLOUR},
    )
    st.metric(
        "Share of identical argmax links, A vs B (Jaccard |A∩B| / |A∪B|: 1 = all the same)",
        f"{pair.agreement:.2f}",
    )
else:
    st.info("Two models side by side need two models with attention for this direction.")

# 5. Every model of the direction, on request (four heatmaps do not fit a projector's screen).
if st.toggle("Show every model of this direction", key="compare_all"):
    translations = [widgets.translated(m, chosen, caches.translation) for m in chosen.models]
    results = list(zip(chosen.models, translations, strict=True))
    shown = [result.attention_view(word_level=chosen.word_level) for _, result in results]
    rows = max((len(view.target_tokens) for view in shown if view is not None), default=0)
    places = widgets.side_by_side(2, False)  # a grid of two columns, also on a projector
    for k, (model, result) in enumerate(results):
        with places[k % len(places)]:
            # a one-line name, then heatmaps of one height: panels side by side line up; the
            # texts that wrap differently (label, translation) come after
            st.subheader(literal(model.name))
            drawn, key = widgets.Drawn((model,), chosen), f"compare_heatmap_{k}"
            widgets.attention_chart(result, drawn, key, model.name, None, rows)
            st.caption(literal(views.model_label(model)))
            st.code(result.hypothesis or "(empty translation)", language=None, wrap_lines=True)

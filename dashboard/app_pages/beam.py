"""Beam search: the n-best list, the attention of any candidate in it, what a coverage
penalty would pick, and the search as a tree."""

import hashlib
from functools import partial

import pandas as pd
import streamlit as st

from dashboard import figures, views, widgets
from dashboard.state import caches, session
from dashboard.views.markdown_text import literal

chosen = session.settings()
drawn = widgets.Drawn.sidebar(chosen)
st.header("Beam search: the n-best list")


def use_beam_of_five() -> None:
    session.BEAM.set(5)  # the sidebar slider's key: the whole app then decodes with beam 5


if chosen.beam_size == 1:
    st.info(
        "Greedy search keeps a single candidate. Choose a beam size above 1 in the sidebar to "
        "see the candidates a beam search keeps."
    )
    st.button("Use beam size 5", key="use_beam", on_click=use_beam_of_five)
    st.stop()
result = widgets.current(chosen, caches.translation)
widgets.table(pd.DataFrame(views.nbest_rows(result)), chosen.presentation)
st.caption(
    "score = sum of the pieces' log-probabilities divided by their number (the pieces column; "
    "higher is better); "
    "log_prob is the plain sum, which favours short outputs."
)
ranks = list(range(1, len(result.hypotheses) + 1))
# A box of its own for each sentence and beam: the browser never shows the labels of the last.
sentence_id = hashlib.blake2b(result.source.encode(), digest_size=6).hexdigest()
rank = st.selectbox(
    "Candidate",
    ranks,
    key=session.CANDIDATE.key(sentence_id, len(ranks)).name,
    format_func=lambda r: f"{r}. {result.hypotheses[r - 1].text or '(empty)'}",
)
hyp = result.hypotheses[rank - 1]
widgets.attention_chart(result, drawn, "beam_heatmap", f"Attention of candidate {rank}", hyp)
widgets.chart(
    figures.step_lines(
        {f"candidate {rank}": hyp.log_probs},
        tokens=hyp.target_pieces,
        title="log p of each piece",
        y_title="log probability",
        presentation=chosen.presentation,
    ),
    "beam_log_probs",
    drawn,
)

st.subheader("What if? A coverage penalty")
st.caption(
    "Beam search ranks finished candidates by their score; GNMT's coverage penalty takes score "
    "from one whose steps left a source word unread, so that a translation leaving no word "
    "out can win."
)
if chosen.model.attends:
    widgets.coverage_penalty_what_if(result, drawn, partial(caches.penalised_translation, chosen))
else:
    st.info("This model has no attention, so there is no coverage to penalise: choose a model "
            "with attention in the sidebar.")  # fmt: skip

st.subheader("The search as a tree")
if st.toggle("Draw every candidate the search weighed", key="beam_tree_on"):
    tree = caches.search_tree(chosen)
    places = views.tree_layout(tree)
    nodes = tree.nodes[1:]
    figure = figures.beam_tree(
        places,
        {n.id: n.parent for n in nodes},
        {**{n.id: n.piece for n in nodes}, 0: "<s>"},
        {**{n.id: n.status for n in nodes}, 0: "kept"},
        tree.best,
        title=f"Beam {chosen.beam_size}: kept, ended (green) and pruned (grey); red = the best",
        presentation=chosen.presentation,
    )
    event = widgets.chart(figure, "beam_tree", drawn, on_select="rerun")
    picked = [p["customdata"] for p in event.selection.points if "customdata" in p]
    node = tree.nodes[picked[0] if picked and picked[0] else tree.best[-1]]
    st.caption(
        f"Click a node. Shown: {literal(repr(' '.join(tree.prefix(node.id))))} ({node.status}, "
        f"cumulative log p {node.score:.2f}). The charts are the step that proposed its last piece."
    )
    if node.attention is not None:
        left, right = widgets.side_by_side(2, chosen.presentation)
        with left:
            widgets.chart(
                figures.weights_chart(
                    node.attention,
                    tree.source_pieces,
                    title="Attention of that step",
                    presentation=chosen.presentation,
                ),
                "beam_tree_alpha",
                drawn,
            )
        with right:
            widgets.chart(
                figures.topk_chart(
                    [p for p, _ in node.topk],
                    [q for _, q in node.topk],
                    chosen=node.piece,
                    title="Its likeliest pieces (red = this node)",
                    presentation=chosen.presentation,
                ),
                "beam_tree_topk",
                drawn,
            )

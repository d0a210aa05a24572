"""Widget groups that several pages use, or that would make a page script too long.

Layout only: the numbers come from ``nmt_core`` and the figures from ``dashboard/figures.py``.
"""

from __future__ import annotations

import datetime
import json
import time
from typing import Any

import numpy as np
import pandas as pd
import plotly.graph_objects as go
import streamlit as st

from dashboard import figures, state, views
from dashboard.formulas import CONFIDENCE_FORMULAS
from dashboard.markdown_text import literal
from nmt_core.analysis.alignment import (
    DEFAULT_THRESHOLD,
    HARD_ALIGNMENT_METHODS,
    Alignment,
    alignment_agreement,
    alignment_error_rate,
    format_pharaoh,
)
from nmt_core.analysis.attribution import IG_STEPS, METHODS, agreement, by_source_word, relevance
from nmt_core.analysis.eflomal import PRIORS_COMMAND
from nmt_core.analysis.votes import Votes
from nmt_core.analysis.whatif import edited_attention
from nmt_core.measures.evaluation import attention_confidence
from nmt_core.measures.step_arithmetic import weighted_sum
from nmt_core.translate import AttentionView, Hypothesis, Translation

NO_ATTENTION = (
    "This model has no attention: the decoder reads one fixed summary of the whole sentence "
    "at every step, so there is no attention matrix. The page Why attention shows that vector:"
)
PLAY_SECONDS = 1.0  # pause between steps while playing


def no_attention_note() -> None:
    """Why a model without attention has no heatmap, with a link to the page that shows why."""
    st.info(NO_ATTENTION)
    st.page_link("app_pages/why.py", label="Why attention", icon=":material/help:")


def table(frame: pd.DataFrame, presentation: bool) -> None:
    """A table: sortable (``st.dataframe``) on a screen; in presentation mode plain text that
    grows with the page's type (``st.dataframe`` draws on a canvas in fixed pixels)."""
    if presentation:
        st.table(frame, hide_index=True)
    else:
        st.dataframe(frame, hide_index=True)


def side_by_side(count: int, stacked: bool, widths: list[int] | None = None) -> list[Any]:
    """``count`` places for content: columns (relative ``widths``), or, in presentation mode
    (``stacked``), containers one under another, so that every chart gets the page's width."""
    if stacked:
        return [st.container() for _ in range(count)]
    return list(st.columns(widths or count))


def chart(fig: go.Figure, key: str) -> None:
    """Show ``fig`` with a button that downloads it as a standalone (offline) HTML file, which
    names the sentence, the model, the decoding settings and the date above the chart.

    For a PNG, use the camera button in the chart's toolbar (drawn by the browser).
    """
    st.plotly_chart(fig, theme=None, key=key)
    chosen, sentence = state.settings(), state.sentence()

    def page() -> str:
        return figures.to_html(fig, export_notes(chosen, sentence))

    st.download_button(
        "⬇ HTML",
        data=page,
        file_name=f"{key}.html",
        mime="text/html",
        on_click="ignore",
        key=f"{key}_html",
        help="The figure as a web page that opens offline (about 5 MB: Plotly's code is inside)",
    )


def export_notes(chosen: state.Settings, sentence: str) -> list[str]:
    """What an exported figure says about itself: sentence, model, decoding, date."""
    tokens = "words" if chosen.word_level else "subword pieces"
    return [
        f"Sentence: {sentence}",
        f"Model: {views.model_label(chosen.model)}",  # the label starts with the name
        f"Decoding: beam size {chosen.beam_size}; tokens shown: {tokens}",
        f"Exported from Attention Lab on {datetime.date.today().isoformat()}",
    ]


def attention_chart(
    result: Translation,
    settings: state.Settings,
    key: str,
    title: str = "",
    hypothesis: Hypothesis | None = None,
    height_rows: int | None = None,
) -> AttentionView | None:
    """The heatmap of ``hypothesis`` (default: the best) at the chosen token level, or a note;
    ``height_rows``: size it for that many rows, to line up with heatmaps beside it."""
    view = result.attention_view(hypothesis, settings.word_level)
    if view is None:
        no_attention_note()
        return None
    fig = figures.attention_heatmap(
        view.matrix,
        view.source_tokens,
        view.target_tokens,
        title=title,
        presentation=settings.presentation,
        height_rows=height_rows,
    )
    chart(fig, key)
    return view


def predict_then_reveal(result: Translation, step: int, presentation: bool, asked: str) -> bool:
    """Students guess the source word decoder step ``step`` (0-based) looks at most, by clicking
    it; returns whether the answer is revealed (the page shows the weights only then).

    In presentation mode only the Reveal button reveals, so that a class can argue first; on a
    screen the click on a word is the reveal. ``asked`` names the question (the model, the
    sentence): a new question, or another step, hides the answer again.
    """
    ss = st.session_state
    question = views.guess_for_step(result, step)
    if ss.get("quiz_asked") != (asked, step):
        ss.quiz_asked, ss.quiz_revealed = (asked, step), False
        ss.pop("quiz_guess", None)
    st.markdown("**Guess first:** which source word does it look at most? Click one.")
    guess = st.pills(
        "Your guess",
        range(len(question.words)),
        format_func=lambda k: literal(question.words[k]),
        key="quiz_guess",
        label_visibility="collapsed",
    )
    if presentation:
        if st.button("Reveal the answer", key="quiz_reveal", type="primary"):
            ss.quiz_revealed = True
    elif guess is not None:
        ss.quiz_revealed = True
    if not ss.quiz_revealed:
        hint = "Reveal shows" if presentation else "Your click shows"
        st.caption(f"{hint} the attention weights, the animation and the formulas.")
        return False
    right = guess == question.best
    (st.success if right else st.info)(question.verdict(guess))
    return True


WHAT_IF_EDITS = {  # the radio's choices -> nmt_core.analysis.whatif.edited_attention's names
    "another piece here": None,
    "all attention on one source piece": "one",
    "uniform attention": "uniform",
    "the same weights, shuffled": "shuffled",
}


def animated_step(hyp: Hypothesis, source: tuple[str, ...], step: int, presentation: bool) -> None:
    """Decoder step ``step`` (0-based) of ``hyp`` played in the browser: scores → softmax →
    each annotation h_j weighted into c_t → the next piece (``figures.step_animation``)."""
    values = state.current_annotations()
    st.plotly_chart(
        figures.step_animation(
            hyp.scores[step],
            hyp.attention[step],
            weighted_sum(hyp.attention[step], values),
            values,
            source,
            *views.topk_rows(hyp, step),
            chosen=hyp.target_pieces[step],
            step=step + 1,
            presentation=presentation,
        ),
        theme=None,
        key="lesson_animation",
    )
    st.caption(
        "Press ▶ Play, or drag the slider. Rows of the lower chart are the annotations $h_j$; "
        "each fades by its weight $\\alpha_{t,j}$ as it is added into $c_t$, the bottom row."
    )


def next_piece_chart(hyp: Hypothesis, step: int, presentation: bool, key: str) -> None:
    """The likeliest pieces at decoder step ``step`` (0-based), the one written in red."""
    pieces, probs = views.topk_rows(hyp, step)
    title = f"Step {step + 1}: the {len(pieces)} likeliest pieces (red = the one written)"
    fig = figures.topk_chart(
        pieces, probs, chosen=hyp.target_pieces[step], title=title, presentation=presentation
    )
    st.plotly_chart(fig, theme=None, key=key)


def shortcut_votes_chart(votes: Votes, written: str, step: int, presentation: bool) -> None:
    """What the lexical shortcut alone adds to the likeliest pieces' logits at decoder step
    ``step`` (0-based); ``written``, the piece the decoder wrote, in red."""
    fig = figures.topk_chart(
        list(votes.pieces[step]),
        votes.logit_gains[step],
        chosen=written,
        title=f"Step {step + 1}: what the attended source words vote for by themselves",
        presentation=presentation,
        value_title="score added to the piece's logit",
        value_range=None,
    )
    st.plotly_chart(fig, theme=None, key="step_votes")
    st.caption(
        "The lexical shortcut adds E ℓₜ to every piece's logit, where ℓₜ is made from the "
        "source embeddings weighted by this step's attention alone, past the decoder's RNN: "
        "the pieces it favours most."
    )


def what_if_panel(result: Translation, step: int, presentation: bool) -> None:
    """Change step ``step`` (0-based) of the greedy translation, the piece written or its
    attention, and show what the model writes from there on (computed on demand)."""
    hyp = result.best
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
        st.session_state.whatif_asked = (
            result.source,
            result.hypothesis,
            step,
            edit,
            piece,
            source,
        )
    if st.session_state.get("whatif_asked", ())[:3] != (result.source, result.hypothesis, step):
        st.caption("Choose a change and decode: nothing is computed until you ask.")
        return
    *_, edit, piece, source = st.session_state.whatif_asked
    name = WHAT_IF_EDITS[edit]
    weights = None if name is None else edited_attention(hyp.attention[step], name, source)
    change = state.changed_step(step, piece if name is None else None, weights)
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
        )


def attribution_panel(result: Translation, step: int, presentation: bool, words: bool) -> None:
    """Attention α at step ``step`` (0-based) beside an attribution's relevance over the same
    source tokens (words when ``words``), with their agreement; computed on demand."""
    st.caption(views.ATTRIBUTION_POINT)
    method = st.radio(
        "Attribution method",
        list(METHODS),
        format_func=METHODS.get,
        key="attribution_method",
        horizontal=not presentation,
        help=f"Integrated gradients: {IG_STEPS} steps from all-zero source embeddings. "
        "Leave one out: one source piece's embedding zeroed at a time.",
    )
    asked = (state.settings().model.name, result.source, result.hypothesis)
    if st.button("Compute the attributions", key="attribution_go"):
        st.session_state.attribution_asked = asked
    if st.session_state.get("attribution_asked") != asked:
        st.caption("Nothing is computed until you ask (about a second for a short sentence).")
        return
    source = result.source_words if words else result.source_pieces
    relevant = relevance(state.attributions(method))
    if words:
        relevant = by_source_word(relevant, result.source_pieces)
    name = METHODS[method]
    if result.attention is None:
        no_attention_note()
        series = {"relevance": relevant[step]}
        title = f"Step {step + 1}: relevance of each source token ({name})"
    else:
        attention = result.attention
        if words:
            attention = by_source_word(attention, result.source_pieces)
        series = {f"attention α{step + 1}": attention[step], "relevance": relevant[step]}
        title = f"Step {step + 1}: blue = attention α{step + 1}, orange = relevance ({name})"
        st.markdown(
            views.attribution_summary(
                name,
                agreement(attention, relevant),
                agreement(attention[step], relevant[step]),
                step,
            )
        )
    chart(
        figures.paired_bars(
            series,
            source,
            title=title,
            y_title="share (0–1)",
            presentation=presentation,
        ),
        "attribution_bars",
    )


def step_player(steps: int) -> int:
    """A step slider with previous / play / next buttons; returns the step (1..steps).

    The slider's key "step" is locked once the slider is drawn, so buttons change it in their
    callbacks and playing hands the next step over in "step_next" before a rerun.
    """
    ss = st.session_state

    def move(delta: int) -> None:
        ss.step = min(max(ss.get("step", 1) + delta, 1), steps)

    def toggle_play() -> None:
        ss.playing = not ss.get("playing", False)
        if ss.playing and ss.get("step", 1) >= steps:
            ss.step = 1  # play again from the start

    ss.step = min(max(ss.pop("step_next", None) or ss.get("step", 1), 1), steps)
    if ss.step == steps:
        ss.playing = False  # played to the end
    if steps > 1:
        st.slider("Decoder step t", 1, steps, key="step")
    back, play, forward = st.columns(3)
    back.button("◀ Previous", on_click=move, args=(-1,), key="step_prev", width="stretch")
    label = "⏸ Pause" if ss.get("playing") else "▶ Play"
    play.button(label, on_click=toggle_play, key="step_play", width="stretch")
    forward.button("Next ▶", on_click=move, args=(1,), key="step_forward", width="stretch")
    st.query_params["step"] = str(ss.step)
    return ss.step


def keep_playing() -> None:
    """Call last on the page: while playing, wait, then rerun at the next step."""
    if st.session_state.get("playing"):
        state.page_turns().leave()  # nobody need queue behind a page that is only waiting
        time.sleep(PLAY_SECONDS)
        st.session_state.step_next = st.session_state.step + 1
        st.rerun()


def hard_alignment_choice() -> tuple[str, float]:
    """The Alignments page's choice of how soft attention becomes links: (method, threshold)."""
    method = st.radio(
        "Hard alignment",
        HARD_ALIGNMENT_METHODS,
        key="align_method",
        help="Yes/no links between tokens, read off the soft attention weights.",
    )
    # the default goes in through session state: the value is kept across pages (inputs.py)
    st.session_state.setdefault("align_threshold", DEFAULT_THRESHOLD)
    threshold = st.slider(
        "Threshold",
        0.05,
        1.0,
        step=0.05,
        key="align_threshold",
        disabled=method != "threshold",
        help="Used by the threshold method only.",
    )
    st.caption(
        "argmax: each target token links to its most attended source token. "
        "argmax-null: the same, but a target token that attends to the end of the sentence "
        "(</s>) more than to any word gets no link, as a word with nothing to translate. "
        "threshold: every pair with at least this weight."
    )
    return method, threshold


def alignment_downloads(links: Alignment, view: AttentionView, rows: list[dict]) -> None:
    """CSV, JSON and Pharaoh downloads of one sentence's hard alignment."""
    pharaoh = format_pharaoh(links)
    document = {
        "source": list(view.source_tokens),
        "target": list(view.target_tokens),
        "pharaoh": pharaoh,
        "links": rows,
    }
    csv, js, ph = st.columns(3)
    table = pd.DataFrame(
        rows, columns=["source_index", "source_token", "target_index", "target_token", "weight"]
    )
    csv.download_button(
        "⬇ CSV", table.to_csv(index=False), "alignment.csv", "text/csv", key="align_csv"
    )
    js.download_button(
        "⬇ JSON",
        json.dumps(document, ensure_ascii=False, indent=2),
        "alignment.json",
        "application/json",
        key="align_json",
    )
    ph.download_button(
        "⬇ Pharaoh", pharaoh + "\n", "alignment.txt", "text/plain", key="align_pharaoh"
    )


def gold_scores(links: Alignment, view: AttentionView) -> None:
    """Upload or paste a gold Pharaoh line for ``view``'s sentence and show precision, recall
    and AER of ``links``; a file or line that does not fit gets one message saying why."""
    upload = st.file_uploader(
        "Gold alignment, Pharaoh format: source-target word indices from 0 "
        "(0-1 = sure link, 0?1 = possible link)",
        key="gold",
    )
    typed = st.text_input("… or paste it here", key="gold_text", placeholder="0-0 1-2 2?1")
    name = upload.name if upload else "the pasted line"
    text = upload.getvalue().decode("utf-8", "replace") if upload else typed
    if not text.strip():
        return
    try:
        sure, possible = views.gold_for_sentence(text, name, view)
    except ValueError as error:
        st.error("That gold alignment does not fit this sentence:")
        st.code(str(error), language=None)
        return
    scores = alignment_error_rate([links], [sure], [possible])
    precision, recall, aer = st.columns(3)
    precision.metric("Precision |A∩P| / |A|", f"{scores.precision:.2f}")
    recall.metric("Recall |A∩S| / |S|", f"{scores.recall:.2f}")
    aer.metric("AER (0 is perfect)", f"{scores.aer:.2f}")
    st.caption(
        "A = the links shown above, S = the gold sure links, P = the sure and possible gold "
        "links. AER = 1 − (|A∩S| + |A∩P|) / (|A| + |S|), the alignment error rate of Och & Ney "
        "(2003)."
    )


def eflomal_comparison(view: AttentionView, links: Alignment, presentation: bool) -> None:
    """eflomal's links over ``view``'s attention (words, no </s>) beside the attention's own
    ``links``, with how far they agree; says how to build eflomal's priors when missing."""
    priors = state.eflomal_priors(state.settings().model)
    if priors is None:
        st.info(
            "eflomal needs priors built from this model's training pairs, once per machine "
            "(about a minute; eflomal installs itself into your cache first if needed, and "
            f"nothing goes into the repository): `{PRIORS_COMMAND}`"
        )
        return
    reference = state.eflomal_links(priors, view.source_tokens, view.target_tokens)
    chart(
        figures.attention_heatmap(
            view.matrix,
            view.source_tokens,
            view.target_tokens,
            links=links,
            reference_links=reference,
            title="Attention links (×) and eflomal's links (○); × in ○ = both",
            presentation=presentation,
        ),
        "align_eflomal_heatmap",
    )
    both, jaccard = len(links & reference), alignment_agreement(links, reference)
    shared, only_attention, only_eflomal = st.columns(3)
    shared.metric("Links both draw", f"{both}")
    only_attention.metric("Only attention", f"{len(links - reference)}")
    only_eflomal.metric("Only eflomal", f"{len(reference - links)}")
    st.caption(
        f"Agreement |A∩E| / |A∪E| = {jaccard:.2f} (1 = the same links). eflomal is a "
        "statistical aligner (Östling & Tiedemann 2016) that learnt from the same training "
        "pairs: where attention and eflomal differ, attention is not acting as an alignment "
        "(or eflomal errs: aligning our gold test set one sentence at a time like this, its "
        "alignment error rate was 0.23; `bench/alignment.py` scores attention there too)."
    )


def confidence(matrix: np.ndarray) -> None:
    """The attention confidence measures: their formulas, then this sentence's values."""
    for formula in CONFIDENCE_FORMULAS:
        st.latex(formula)
    values = attention_confidence(matrix)
    named = [
        ("CDP", values.coverage_deviation_penalty),
        ("AP out", values.absentmindedness_out),
        ("AP in", values.absentmindedness_in),
        ("Total", values.total),
    ]
    for column, (name, value) in zip(st.columns(4), named, strict=True):
        column.metric(name, f"{value:.3f}")
    st.caption(
        "t = output token (T rows), j = source token (S columns), as on the other pages. Every "
        "term is ≤ 0 and 0 is the most confident. CDP (coverage deviation penalty) falls when a "
        "source token gets a total attention far from 1: ignored, or attended many times. "
        "AP out (absentmindedness) is minus the mean entropy of each output token's attention: "
        "near 0 when each output token looks at one source token. AP in does the same for each "
        "source token's attention over the output. Very negative totals mark translations worth "
        "checking."
    )

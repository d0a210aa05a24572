"""One decoder step at a time: the class's guess, the animation, the step player, the
temperature what-if.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import streamlit as st

from dashboard import figures, views
from dashboard.state import inputs, session
from dashboard.views import numbers
from dashboard.views.markdown_text import literal
from dashboard.widgets.charts import Drawn, chart
from nmt_core.analysis.votes import Votes
from nmt_core.measures.step_arithmetic import weighted_sum
from nmt_core.measures.temperature import tempered_weights
from nmt_core.translate import Hypothesis, Translation

PLAY_SECONDS = 1.0  # pause between steps while playing


def predict_then_reveal(result: Translation, step: int, presentation: bool, asked: str) -> bool:
    """Students guess the source word decoder step ``step`` (0-based) looks at most, by clicking
    it; returns whether the answer is revealed (the page shows the weights only then).

    In presentation mode only the Reveal button reveals, so that a class can argue first; on a
    screen the click on a word is the reveal. ``asked`` names the question (the model, the
    sentence): a new question, or another step, hides the answer again.
    """
    question = views.guess_for_step(result, step)
    new_question(asked, step)
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
            session.QUIZ_REVEALED.set(True)
    elif guess is not None:
        session.QUIZ_REVEALED.set(True)
    if not session.QUIZ_REVEALED.value():
        hint = "Reveal shows" if presentation else "Your click shows"
        st.caption(f"{hint} the attention weights, the animation and the formulas.")
        return False
    right = guess == question.best
    (st.success if right else st.info)(question.verdict(guess))
    return True


def new_question(asked: str, step: int) -> None:
    """Hide the answer again, and forget the guess, when the question is new: another model or
    sentence (``asked``) or another decoder ``step``."""
    if session.QUIZ_ASKED.get() != (asked, step):
        session.QUIZ_ASKED.set((asked, step))
        session.QUIZ_REVEALED.set(False)
        session.QUIZ_GUESS.pop()


def animated_step(
    hyp: Hypothesis, source: tuple[str, ...], step: int, drawn: Drawn, values: Any
) -> None:
    """Decoder step ``step`` (0-based) of ``hyp`` played in the browser: scores → softmax →
    each annotation h_j (``values``, (S, H)) weighted into c_t → the next piece
    (``figures.step_animation``); ``drawn``: the model whose hypothesis ``hyp`` is."""
    presentation = drawn.settings.presentation
    chart(
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
        "lesson_animation",
        drawn,
        step + 1,
    )
    st.caption(
        "Press ▶ Play, or drag the slider. Rows of the lower chart are the annotations $h_j$; "
        "each fades by its weight $\\alpha_{t,j}$ as it is added into $c_t$, the bottom row."
    )


def next_piece_chart(hyp: Hypothesis, step: int, drawn: Drawn, key: str) -> None:
    """The likeliest pieces at decoder step ``step`` (0-based), the one written in red;
    ``drawn``: the model whose hypothesis ``hyp`` is."""
    pieces, probs = views.topk_rows(hyp, step)
    title = f"Step {step + 1}: the {len(pieces)} likeliest pieces (red = the one written)"
    fig = figures.topk_chart(
        pieces,
        probs,
        chosen=hyp.target_pieces[step],
        title=title,
        presentation=drawn.settings.presentation,
    )
    chart(fig, key, drawn, step + 1)


def shortcut_votes_chart(
    votes: Votes, voted: tuple[int, ...], written: str, step: int, drawn: Drawn
) -> None:
    """What the lexical shortcut alone adds to the likeliest pieces' logits at decoder step
    ``step`` (0-based), drawn only where it teaches something: at the steps ``voted``, where
    the attended words' votes include ``written``, the piece the decoder wrote (in red);
    elsewhere one line says where it is drawn. ``drawn``: the model whose ``votes`` they are."""
    if step in voted:
        fig = figures.topk_chart(
            list(votes.pieces[step]),
            votes.logit_gains[step],
            chosen=written,
            title=f"Step {step + 1}: what the attended source words vote for, by meaning alone",
            presentation=drawn.settings.presentation,
            value_title="score added to the piece's logit",
            value_range=None,
        )
        chart(fig, "step_votes", drawn, step + 1)
    st.caption(numbers.votes_line(voted, step))


def moved(step: session.Key[int], delta: int, steps: int) -> None:
    """Move the 1-based ``step`` by ``delta`` within 1..steps: a button's callback, since the
    slider keyed by ``step`` is locked once it is drawn."""
    step.set(min(max(step.get(1) + delta, 1), steps))


def lesson_step_control(steps: int) -> None:
    """The Lesson's decoder step: a slider between Previous and Next, on one row, so that a
    teacher walks the class through the sentence one step at a time and the guess below stays
    on the first screen."""
    back, slider, forward = st.columns([1, 8, 1], vertical_alignment="bottom")
    t = session.LESSON_STEP.get(1)
    back.button("◀", on_click=moved, args=(session.LESSON_STEP, -1, steps), key="lesson_prev",
                help="Previous step", width="stretch", disabled=t <= 1)  # fmt: skip
    slider.slider("Follow decoder step t", 1, steps, key="lesson_step")
    forward.button("▶", on_click=moved, args=(session.LESSON_STEP, 1, steps), key="lesson_next",
                   help="Next step", width="stretch", disabled=t >= steps)  # fmt: skip


def step_player(steps: int) -> int:
    """A step slider with previous / play / next buttons; returns the step (1..steps).

    The slider's key "step" is locked once the slider is drawn, so buttons change it in their
    callbacks and playing hands the next step over in "step_next" before a rerun.
    """

    def toggle_play() -> None:
        session.PLAYING.set(not session.PLAYING.get(False))
        if session.PLAYING.value() and session.STEP.get(1) >= steps:
            session.STEP.set(1)  # play again from the start

    session.STEP.set(min(max(session.STEP_NEXT.pop() or session.STEP.get(1), 1), steps))
    if session.STEP.value() == steps:
        session.PLAYING.set(False)  # played to the end
    if steps > 1:
        st.slider("Decoder step t", 1, steps, key="step")
    back, play, forward = st.columns(3)
    back.button("◀ Previous", on_click=moved, args=(session.STEP, -1, steps), key="step_prev",
                width="stretch")  # fmt: skip
    label = "⏸ Pause" if session.PLAYING.get() else "▶ Play"
    play.button(label, on_click=toggle_play, key="step_play", width="stretch")
    forward.button("Next ▶", on_click=moved, args=(session.STEP, 1, steps), key="step_forward",
                   width="stretch")  # fmt: skip
    step = session.STEP.value()
    inputs.show_in_link(step=step)
    return step


def keep_playing(leave_turn: Callable[[], None]) -> None:
    """Call last on the page: while playing, give the page's turn back (``leave_turn``: nobody
    need queue behind a page that is only waiting), wait, then rerun at the next step."""
    if session.PLAYING.get():
        leave_turn()
        time.sleep(PLAY_SECONDS)
        session.STEP_NEXT.set(session.STEP.value() + 1)
        st.rerun()


# px: the slider, its entropy line and this chart fit above the Lesson tour's panel on 768 px
TEMPERATURE_CHART_HEIGHT = {False: 280, True: 330}


def temperature_what_if(
    hyp: Hypothesis, step: int, source: tuple[str, ...], drawn: Drawn, key: str
) -> None:
    """What if decoder step ``step`` (0-based) divided its raw scores by a temperature T before
    the softmax: a "Temperature" slider, α = softmax(e / T) drawn beside the model's own α
    (T = 1), and both entropies. The worked numbers elsewhere stay the model's own. ``drawn``:
    the model whose hypothesis ``hyp`` is."""
    if session.TEMPERATURE.get() not in inputs.TEMPERATURES:
        session.TEMPERATURE.set(1.0)  # the model's own
    # Each page has its own slider (a widget key belongs to one page), set from the one T that
    # both share before it is drawn, and handing a new T back to it when moved.
    slider = session.TEMPERATURE_SLIDERS[key]
    slider.set(session.TEMPERATURE.value())

    def keep() -> None:
        session.TEMPERATURE.set(slider.value())

    temperature = session.TEMPERATURE.value()  # moving the slider set it before this run
    if temperature != 1.0:  # the model's own, the default, is left out of the link
        inputs.show_in_link(temperature=temperature)
    tempered = tempered_weights(hyp.scores[step], temperature)
    st.markdown(numbers.temperature_entropies(tempered))  # plainly a what-if, first
    st.select_slider(
        "Temperature",
        inputs.TEMPERATURES,
        key=slider.name,
        on_change=keep,
        format_func="{:g}".format,
        help="What if: α = softmax(e / T), from this step's raw scores e. Below 1 the weights "
        "sharpen towards the top score, above 1 they even out; the model itself uses T = 1.",
    )
    series = {"model's α (T = 1)": hyp.attention[step], f"T = {temperature:g}": tempered.weights}
    fig = figures.paired_bars(
        series,
        source,
        title=f"orange: T = {temperature:g}; blue: the model, T = 1",
        y_title=f"weight α{step + 1}",
        presentation=drawn.settings.presentation,
        height=TEMPERATURE_CHART_HEIGHT[drawn.settings.presentation],
    )
    chart(fig, key, drawn, step + 1)
    st.caption(numbers.temperature_caption(tempered, source))

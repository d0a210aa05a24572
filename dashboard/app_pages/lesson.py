"""Lesson: encoder → alignment model → softmax → context vector, with this sentence's numbers;
a guided tour through them, and a temperature to try; the class guesses first, on the projector
or on its phones (a class vote). Each part the tour points at is a container keyed by one of
``tour.TARGETS``."""

import contextlib
from functools import partial

import streamlit as st

from dashboard import figures, views, widgets
from dashboard.export import lesson
from dashboard.state import caches, inputs, session
from dashboard.state.classroom import Teacher
from dashboard.views import classroom, formulas, pieces
from dashboard.views.classroom import ClassRefused
from nmt_core.network.scorers import scorer
from nmt_core.translate import Translation


def open_class() -> None:
    """Open a class vote for this tab (the one it had ends); the key stays in its session state."""
    if (old := session.CLASS_TEACHER.pop()) is not None:
        close_class(old)
    try:
        session.CLASS_TEACHER.set(caches.classes().open())
    except ClassRefused as full:
        session.CLASS_NOTICE.set(str(full))
    session.QUIZ_REVEALED.set(False)  # the class votes on this step first


def close_class(teacher: Teacher) -> None:
    session.CLASS_TEACHER.pop()
    with contextlib.suppress(ClassRefused):  # it may have ended by itself
        caches.classes().close(teacher)


def class_vote(result: Translation, t: int, model: str) -> widgets.ClassVote | None:
    """The class vote this tab opened, asked step ``t``'s question of ``model``'s ``result``
    (the phones follow); None without one, or once it has ended (said once)."""
    if (teacher := session.CLASS_TEACHER.get()) is None:
        return None
    classes = caches.classes()
    question = classroom.question_for_step(result, t, model)
    answer = classroom.answer_for_step(result, t)
    try:
        classes.ask(teacher, question)
    except ClassRefused:  # three hours are up
        session.CLASS_TEACHER.pop()
        session.CLASS_NOTICE.set(classroom.ENDED)
        return None
    return widgets.ClassVote(
        classroom.join_link(st.context.url, teacher.code),
        question,
        answer,
        partial(classes.tally, teacher),
        partial(classes.reveal, teacher, answer),
        partial(close_class, teacher),
    )


chosen = session.settings()
drawn = widgets.Drawn.sidebar(chosen)
st.header("Lesson: attention in four steps")
result = widgets.current(chosen, caches.translation)
hyp, source = result.best, result.source_pieces
steps = len(hyp.target_pieces)
session.LESSON_STEP.set(min(session.LESSON_STEP.get(1), steps))
if steps > 1:
    widgets.lesson_step_control(steps)
t = session.LESSON_STEP.value() - 1
inputs.show_in_link(step=t + 1)  # a shared link opens the lesson here
numbers = views.step_equations(hyp, t)
st.caption(
    f"At step {t + 1} the decoder writes {views.piece_description(hyp.target_pieces[t])} "
    "(▁ marks the start of a word)."
)
export_page = partial(lesson.lesson_page, result, chosen.model, chosen.presentation)
annotations = partial(caches.current_annotations, chosen)  # h_j: model work, when shown
attends = hyp.attention is not None
guessing, vote = False, None
# one row of controls, so that a class's guess and its Reveal stay on a projector's first screen
with st.container(horizontal=True, vertical_alignment="center", gap="small"):
    widgets.lesson_download(export_page, lesson.lesson_file_name(result, chosen.model))  # slides
    touring = widgets.guided_tour(result, t, chosen, annotations)
    if attends and not touring:  # the tour walks through the answer: no guessing while it runs
        if session.LESSON_PREDICT_FOR.get() != chosen.presentation:  # a class guesses first:
            session.LESSON_PREDICT.set(chosen.presentation)  # on with the projector
            session.LESSON_PREDICT_FOR.set(chosen.presentation)
        guessing = st.toggle("Guess first, then reveal", key="lesson_predict")
        vote = class_vote(result, t, chosen.model.name) if guessing else None
        if guessing and vote is None:  # or each student on a phone: a class vote
            widgets.class_opener(open_class)
if guessing:
    asked = f"{chosen.model.name}\0{result.source}"
    if vote is None:
        revealed = widgets.predict_then_reveal(result, t, chosen.presentation, asked)
    else:  # the class votes on its phones, and sees what the projector shows
        revealed = widgets.class_guess(vote, asked, t, chosen.presentation)
    if not revealed:
        st.stop()
if attends:
    st.subheader("The whole step, animated")
    widgets.animated_step(hyp, source, t, drawn, annotations())

with st.container(key="tour_encoder"):
    st.subheader("1. The encoder reads the sentence")
    st.latex(formulas.ENCODER_FORMULA)
    st.write(
        f"The source has S = {len(source)} pieces; each annotation $h_j$ has "
        f"{hyp.contexts.shape[1]} numbers, half from each reading direction:"
    )
with st.container(key="tour_pieces"):  # a word's pieces with the word: "▁He" is of "Heute"
    st.code(pieces.pieces_by_word(source), language=None, wrap_lines=True)

config = chosen.model.config  # the one source of the architecture
if hyp.attention is None:
    with st.container(key="tour_fixed"):
        st.subheader("2.–4. No attention: one fixed context")
        st.latex(formulas.FIXED_CONTEXT_FORMULA)
        st.latex(numbers["context"])
    with st.container(key="tour_next"):
        for formula in formulas.FIXED_CONTEXT_OUTPUT_FORMULAS:
            st.latex(formula)
        st.caption("The same c goes in at every step, whichever word is being written.")
        widgets.next_piece_chart(hyp, t, drawn, "lesson_topk")
    st.stop()

st.subheader("2. The alignment model scores every source piece")
with st.container(key="tour_state"):
    state_formula = formulas.decoder_state_formula(config.decoder, config.input_feeding)
    if state_formula is not None:
        st.latex(state_formula)
    st.caption(formulas.state_caption(config.decoder, config.input_feeding))
with st.container(key="tour_scores"):
    st.latex(formulas.score_formula(config.scorer, config.decoder, config.coverage))
    st.caption(
        f"$h_j$ is the encoder's annotation of source piece $j$; {scorer(config.scorer).learned} "
        "Bahdanau et al. call this scoring network the alignment model and write i for the "
        "output step; we write t, as Luong et al. do."
    )
    st.latex(numbers["scores"])
st.subheader("3. A softmax turns the scores into weights that sum to 1")
with st.container(key="tour_softmax"):
    st.latex(formulas.SOFTMAX_FORMULA)
    st.latex(numbers["softmax"])
alpha_title = f"Attention weights {formulas.subscripted('α', t + 1)}: one per source piece, sum 1"
with st.container(key="tour_alpha"):
    alpha_chart = figures.weights_chart(
        hyp.attention[t], source, title=alpha_title, presentation=chosen.presentation
    )
    widgets.chart(alpha_chart, "lesson_alpha", drawn, t + 1)
with st.container(key="tour_heatmap"):
    matrix = figures.attention_heatmap(
        hyp.attention,
        source,
        hyp.target_pieces,
        title=f"Row {t + 1} of the attention matrix",  # one line
        highlight_row=t,
        presentation=chosen.presentation,
        fit_screen=True,
    )
    widgets.chart(matrix, "lesson_heatmap", drawn, t + 1)
with st.container(key="tour_temperature"):
    widgets.temperature_what_if(hyp, t, source, drawn, "lesson_temperature")
with st.container(key="tour_context"):
    st.subheader("4. The context vector is the weighted sum of the annotations")
    st.latex(formulas.CONTEXT_FORMULA)
    st.latex(numbers["context"])
st.subheader("… and the decoder uses it to choose the next word")
for formula in formulas.output_formulas(config.decoder, config.lexical):
    st.latex(formula)
with st.container(key="tour_next"):
    widgets.next_piece_chart(hyp, t, drawn, "lesson_topk")

"""The class vote on screen: on the Lesson's projector, the join link with its QR code, the
votes arriving and, on Reveal, the class's votes beside the model's α; on a phone, the question
and the source words as big buttons.

Both refresh by themselves (``st.fragment(run_every=...)``): the projector reads the tally
twice a second, a phone its ballot every second, and only the fragment runs, never the page.
What a class vote is and does comes down from the pages as values and functions
(:class:`ClassVote`, the ballot's two functions); every line from ``views.classroom``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st

from dashboard import figures
from dashboard.state import session
from dashboard.views.classroom import (
    Answer,
    Ballot,
    ClassRefused,
    Question,
    Tally,
    ballot_line,
    beside_the_model,
    only_this_computer,
    question_line,
    reveal_line,
    votes_line,
    word_name,
)
from dashboard.views.markdown_text import literal
from dashboard.widgets.steps import moved, new_question

PROJECTOR_SECONDS = 0.5  # the projector reads the votes again: a vote shows within a second
PHONE_SECONDS = 1.0  # a phone asks for the teacher's question again
QR_PIXELS = {False: 180, True: 240}  # the QR code: read by a phone from the back of a room
CHART_HEIGHT = {False: 250, True: 290}  # px: the votes beside the QR code, on one screen
NO_TOOLBAR = {"displayModeBar": False}

# A phone: the words as big buttons that flow like the sentence, wrapping at the screen's edge
# (nothing scrolls sideways); the page's top margin cut to what the toolbar needs.
PHONE_STYLE = """<style>
[data-testid="stMainBlockContainer"] { padding: 3.75rem 1rem 2rem 1rem; }
.st-key-ballot { flex-wrap: wrap; }
.st-key-ballot button { min-height: 3.25rem; padding: 0.35rem 1.1rem; max-width: 100%; }
.st-key-ballot button p { font-size: 1.4rem; overflow-wrap: anywhere; }
</style>"""


# The class vote on the projector's one screen: scrolled to the top, under Streamlit's header,
# once for each question and once for its reveal (the script is a new element then, so
# Streamlit runs it again; the comment after it names the moment).
IN_VIEW_JS = """
setTimeout(() => requestAnimationFrame(() => {
  const vote = document.querySelector(".st-key-class_vote");
  if (vote) { vote.style.scrollMarginTop = "4.25rem"; vote.scrollIntoView({block: "start"}); }
}), 300);
"""


@dataclass(frozen=True)
class ClassVote:
    """A class vote as its teacher's Lesson shows it, handed down by the page."""

    link: str  # the join link the phones open
    question: Question  # this step's question, as the phones show it
    answer: Answer  # the model's answer, sent to the phones only on Reveal
    tally: Callable[[], Tally]  # the votes so far, read at each refresh
    reveal: Callable[[], None]  # sends the answer to the phones; their votes close
    close: Callable[[], None]  # ends the class vote


def class_opener(open_class: Callable[[], None]) -> None:
    """The button that opens a class vote (``open_class``: its callback), and the line that
    says why the last one could not open or has ended."""
    if notice := session.CLASS_NOTICE.pop():
        st.info(notice)
    st.button(
        "Let the class vote on their phones",
        key="class_open",
        icon=":material/smartphone:",
        on_click=open_class,
        help="Shows a link and its QR code for the students' phones: each phone votes on the "
        "word this step looks at, the votes arrive here, and Reveal shows them beside the "
        "model's α. The phones follow the step you show.",
    )


def class_guess(vote: ClassVote, asked: str, step: int, presentation: bool) -> bool:
    """The Lesson's guess when the class votes on its phones: the join link and its QR code
    beside the votes as they arrive, the teacher's Reveal and End; after the reveal the votes
    beside the model's α. ``asked`` and ``step`` name the question, as for
    ``predict_then_reveal``. Returns whether the answer is revealed."""
    new_question(asked, step)
    revealed = session.QUIZ_REVEALED.value()
    with st.container(key="class_vote"):
        st.markdown(f"**Vote on your phones.** {question_line(vote.question)}")
        join, votes = st.columns([2, 3], gap="medium")
        with join:
            _join_panel(vote.link, presentation)
        with votes:
            if revealed:
                _beside_the_model(vote, presentation)
            else:
                _live_votes(vote.tally, vote.question, presentation)
        with st.container(horizontal=True, gap="small"):
            if not revealed:
                st.button(
                    "Reveal the answer", key="quiz_reveal", type="primary", on_click=_reveal,
                    args=(vote.reveal,),
                )  # fmt: skip
            else:  # the class's next question, without scrolling up to the step slider
                last = vote.question.step >= vote.question.steps
                st.button(
                    "Next step ▶", key="class_next", type="primary", disabled=last, on_click=moved,
                    args=(session.LESSON_STEP, 1, vote.question.steps),
                )  # fmt: skip
            st.button("End the class vote", key="class_close", on_click=vote.close)
    # the moment in the script's last line: a digest, never the sentence (user text) itself
    moment = hashlib.sha256(f"{asked}\0{step}\0{revealed}".encode()).hexdigest()[:16]
    st.html(f"<script>{IN_VIEW_JS}/* {moment} */</script>", unsafe_allow_javascript=True)
    return revealed


def _reveal(reveal: Callable[[], None]) -> None:
    try:
        reveal()
    except ClassRefused as refused:  # the class ended meanwhile: the Lesson reveals alone
        session.CLASS_NOTICE.set(str(refused))
    session.QUIZ_REVEALED.set(True)


def _join_panel(link: str, presentation: bool) -> None:
    """The QR code of ``link`` and the link itself, to type where a camera cannot read."""
    st.image(figures.join_qr(link, QR_PIXELS[presentation]))
    st.code(link, language=None, wrap_lines=True)
    if only_this_computer(link):
        st.warning(
            "No phone can open this computer's own address: open this page at the one "
            "`attention-lab --lan` printed."
        )


def _live_votes(tally: Callable[[], Tally], question: Question, presentation: bool) -> None:
    """The votes as they arrive, read again every PROJECTOR_SECONDS (the fragment alone)."""

    @st.fragment(run_every=PROJECTOR_SECONDS)
    def arriving() -> None:
        try:
            now = tally()
        except ClassRefused as ended:
            st.info(str(ended))
            return
        with st.container(key="class_tally"):
            st.markdown(votes_line(now))
        counts = now.counts if now.question == question else (0,) * len(question.words)
        fig = figures.votes_chart(
            counts, question.words, presentation=presentation, height=CHART_HEIGHT[presentation]
        )
        st.plotly_chart(fig, theme=None, key="class_votes", config=NO_TOOLBAR)

    arriving()


def _beside_the_model(vote: ClassVote, presentation: bool) -> None:
    """The one line of the reveal, and the class's share of votes beside the model's α."""
    try:
        now = vote.tally()
    except ClassRefused as ended:
        st.info(str(ended))
        return
    st.markdown(reveal_line(vote.question, now, vote.answer))
    fig = figures.paired_bars(
        beside_the_model(vote.question, now, vote.answer),
        vote.question.words,
        title="blue: the class's share of votes; orange: the model's α",
        presentation=presentation,
        height=CHART_HEIGHT[presentation],
    )
    st.plotly_chart(fig, theme=None, key="class_beside_model", config=NO_TOOLBAR)


def class_refused(message: str) -> None:
    """A phone's link that opens no class vote: the one line that says why."""
    st.html(PHONE_STYLE)
    st.subheader("Class vote")
    st.info(message)


def ballot(read: Callable[[], Ballot], vote: Callable[[int, int], None]) -> None:
    """A phone in a class vote: the sentence, the word being written and the source words as
    big buttons, read again every PHONE_SECONDS (``read``); a tap votes (``vote(round, word)``)
    and another tap changes it, until the teacher's Reveal, which shows the answer."""
    st.html(PHONE_STYLE)

    @st.fragment(run_every=PHONE_SECONDS)
    def phone() -> None:
        try:
            now = read()
        except ClassRefused as ended:
            st.info(str(ended))
            return
        if notice := session.CLASS_NOTICE.pop():
            st.warning(notice)
        if now.question is None:
            st.subheader("Class vote")
            st.info("You are in. Wait for your teacher's question: it appears here by itself.")
            return
        _question(now, vote)

    phone()


def _question(now: Ballot, vote: Callable[[int, int], None]) -> None:
    question = now.question
    st.subheader(literal(question.sentence), anchor=False)
    st.markdown(question_line(question))
    best = None if now.answer is None else now.answer.best  # marked ✓ once revealed
    with st.container(key="ballot", horizontal=True, gap="small"):
        for k, word in enumerate(question.words):
            st.button(
                literal(word) + " ✓" * (k == best), key=f"ballot_{k}",
                type="primary" if now.mine == k else "secondary", disabled=best is not None,
                on_click=_cast, args=(vote, now.round, k),
            )  # fmt: skip
    if now.answer is not None:
        (st.success if now.mine == now.answer.best else st.info)(ballot_line(now))
    elif now.mine is None:
        st.caption("Tap a word. You can change your vote until your teacher reveals the answer.")
    else:
        st.caption(
            f"Your vote: {word_name(question, now.mine)}. Tap another word to change it, until "
            "your teacher reveals the answer."
        )


def _cast(vote: Callable[[int, int], None], round_: int, choice: int) -> None:
    try:
        vote(round_, choice)
    except ClassRefused as refused:
        session.CLASS_NOTICE.set(str(refused))

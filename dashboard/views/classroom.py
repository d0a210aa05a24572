"""The class vote: what a class votes on and what it sees, from the translation the Lesson shows:
the question every phone gets at one decoder step, the model's answer sent to them on Reveal,
and the lines that put the class's votes beside the model's α.

Plain values, so that every layer may name them: ``state.classroom`` keeps a class's votes and
raises :class:`ClassRefused`, pages hand both down, widgets say what went wrong. A word's α is
the sum of its pieces' (``views.guess_for_step``, as the Lesson's guess), and every line says so
where a word has more than one piece. Markdown: every word and sentence goes through
``literal``.
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from dashboard.views import guess_for_step
from dashboard.views.markdown_text import literal
from dashboard.views.pieces import word_weight_sum
from nmt_core.text.tokenization import WORD_START
from nmt_core.translate import Translation

ENDED = "The class vote has ended (a class vote lasts 3 hours): open a new one for the class."
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")  # links no phone can open


class ClassRefused(ValueError):
    """A class vote refused an action, with the one line to show for it (the class has ended,
    a vote came too late, a link was made up)."""


@dataclass(frozen=True)
class Question:
    """What every phone shows at one decoder step: the source sentence, the step (1-based, of
    ``steps``), the piece being written as a class reads it, and the source words to vote among
    (the sentence's end, "</s>", is not one); and the model that answers it, so that another
    model's answer to the same words is another question."""

    sentence: str
    step: int
    steps: int
    writes: str
    words: tuple[str, ...]
    model: str = ""


@dataclass(frozen=True)
class Answer:
    """The model's answer to a :class:`Question`: ``weights`` (words + 1,) the step's α per
    word, each the sum of its pieces', the last the sentence's end; ``best`` the most attended
    (``len(words)``: the end); ``made`` per word how its α adds up ("" for one piece)."""

    weights: tuple[float, ...]
    best: int
    made: tuple[str, ...]


@dataclass(frozen=True)
class Tally:
    """A class's votes on its current question, as the projector shows them (no names):
    ``counts`` one per word of the question; ``joined`` phones in the class."""

    question: Question | None
    joined: int
    counts: tuple[int, ...]
    revealed: bool

    @property
    def voted(self) -> int:
        return sum(self.counts)


@dataclass(frozen=True)
class Ballot:
    """What one phone sees: the question of round ``round`` (None: none asked yet), its own
    vote (a word's index, or None), and the model's answer once the teacher revealed it."""

    question: Question | None
    round: int
    mine: int | None
    answer: Answer | None


def piece_as_read(piece: str) -> str:
    """A target piece as a class reads it: "▁sister" is "sister", the rest of a word "…ter"."""
    if piece == "</s>":
        return "the end of the sentence"
    if piece.startswith(WORD_START):
        return piece[len(WORD_START) :] or "the start of a new word"
    return f"…{piece}"


def question_for_step(result: Translation, step: int, model: str = "") -> Question:
    """The question of decoder step ``step`` (0-based) of ``result``'s best hypothesis, which
    the checkpoint named ``model`` translated."""
    guess = guess_for_step(result, step)
    target = result.best.target_pieces
    writes = piece_as_read(target[step])
    return Question(result.source, step + 1, len(target), writes, guess.words, model)


def answer_for_step(result: Translation, step: int) -> Answer:
    """The model's answer at decoder step ``step`` (0-based): the same α the Lesson reveals."""
    guess = guess_for_step(result, step)
    made = tuple(
        word_weight_sum(guess.pieces, guess.piece_weights, k) for k in range(len(guess.words))
    )
    return Answer(tuple(float(w) for w in guess.weights), guess.best, made)


def word_name(question: Question, index: int) -> str:
    """Word ``index`` of the question as a line names it (Markdown), or the sentence's end."""
    if index >= len(question.words):
        return "the end of the sentence"
    return f"**{literal(question.words[index])}**"


def shares(tally: Tally) -> tuple[float, ...]:
    """Each word's share of the votes cast (0 for all when no one voted)."""
    return tuple(count / tally.voted if tally.voted else 0.0 for count in tally.counts)


def beside_the_model(question: Question, tally: Tally, answer: Answer) -> dict[str, tuple]:
    """The reveal's two series over the question's words: the class's share of the votes and
    the model's α (the sentence's end, not a choice, left out)."""
    return {
        "the class's share of votes": shares(tally),
        "the model's α": answer.weights[: len(question.words)],
    }


def votes_line(tally: Tally) -> str:
    """How far the vote is: "9 of 12 have voted" (Markdown)."""
    if not tally.joined:
        return "No phone has joined yet: scan the code or open the link."
    return f"**{tally.voted}** of {tally.joined} who joined have voted."


def question_line(question: Question) -> str:
    """The question as the projector and the phones ask it (Markdown)."""
    return (
        f"Step {question.step} of {question.steps}: the model writes "
        f"“{literal(question.writes)}”. Which word does it look at most?"
    )


def reveal_line(question: Question, tally: Tally, answer: Answer) -> str:
    """The one line the projector says on Reveal (Markdown): "14 of 27 guessed **Schwester**;
    the model gave it 0.96", how that α adds up, and the class's favourite when it differs."""
    best, voted = answer.best, tally.voted
    if best < len(question.words):
        made = f", {answer.made[best]}" if answer.made[best] else ""
        line = (
            f"{tally.counts[best]} of {voted} guessed {word_name(question, best)}; the model "
            f"gave it {answer.weights[best]:.2f}{made}."
        )
    else:
        line = (
            f"The model looks most at the end of the sentence (α = {answer.weights[best]:.2f}), "
            "which was not a choice."
        )
    if not voted:
        return f"{line} No one voted."
    favourite = max(range(len(tally.counts)), key=tally.counts.__getitem__)
    if favourite == best:
        return line
    pieces = " (the sum of its pieces)" if answer.made[favourite] else ""
    return (
        f"{line} The class's favourite, {word_name(question, favourite)} "
        f"({tally.counts[favourite]} of {voted}), got {answer.weights[favourite]:.2f}{pieces}."
    )


def ballot_line(ballot: Ballot) -> str:
    """What a phone says once the answer is out (Markdown): the model's word, its α and how it
    adds up, and this phone's own vote."""
    question, answer = ballot.question, ballot.answer
    assert question is not None and answer is not None, "a ballot without its answer"
    best = answer.best
    made = f", {answer.made[best]}" if best < len(question.words) and answer.made[best] else ""
    line = (
        f"The model looked most at {word_name(question, best)}: "
        f"α = {answer.weights[best]:.2f}{made}."
    )
    if ballot.mine is None:
        return f"{line} You did not vote."
    if ballot.mine == best:
        return f"{line} Your vote, {word_name(question, best)}, is right."
    return (
        f"{line} You voted {word_name(question, ballot.mine)} "
        f"(α = {answer.weights[ballot.mine]:.2f})."
    )


def join_link(page_url: str | None, code: str) -> str:
    """The link a student opens to join class ``code``: the app's own address as the projector's
    browser opened it, ``http://HOST:PORT/?class=CODE`` (app.py shows a link with ``class=`` the
    vote alone); a path alone without that address."""
    return urljoin(page_url or "/", f"./?class={code}")


def only_this_computer(link: str) -> bool:
    """Whether ``link`` names this computer only (127.0.0.1, localhost): no phone can open it."""
    return (urlsplit(link).hostname or "localhost") in LOCAL_HOSTS

"""The class vote's registry (dashboard/state/classroom.py) on its own, with a clock of the test's
own: codes, expiry, caps, one vote per phone per question, changes until the reveal, and
hostile requests that get one line and change nothing; and the lines the projector and the
phones show (dashboard/views/classroom.py)."""

from __future__ import annotations

import ast
import threading
from dataclasses import astuple
from pathlib import Path

import numpy as np
import pytest

from dashboard.state import classroom
from dashboard.state.classroom import Classes, Teacher
from dashboard.views.classroom import (
    Answer,
    ClassRefused,
    Question,
    Tally,
    answer_for_step,
    ballot_line,
    join_link,
    only_this_computer,
    piece_as_read,
    question_for_step,
    reveal_line,
    shares,
    votes_line,
)

QUESTION = Question("Meine Schwester wohnt in Berlin.", 2, 6, "sister",
                    ("Meine", "Schwester", "wohnt", "in", "Berlin", "."))  # fmt: skip
SCHWESTER = "the sum of its pieces: “▁Schw” 0.50 + “ester” 0.46"
ANSWER = Answer((0.01, 0.96, 0.01, 0.0, 0.01, 0.0, 0.01), 1, ("", SCHWESTER, "", "", "", ""))


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def classes(clock: Clock) -> Classes:
    return Classes(clock=clock, max_classes=3, max_voters=5, max_changes=4)


def asked(classes: Classes) -> tuple[Teacher, list[str]]:
    """A class asked QUESTION, with three phones in it."""
    teacher = classes.open()
    classes.ask(teacher, QUESTION)
    return teacher, [classes.join(teacher.code) for _ in range(3)]


def refused(call, *args) -> str:
    """The one line ``call(*args)`` is refused with."""
    with pytest.raises(ClassRefused) as caught:
        call(*args)
    message = str(caught.value)
    assert message and "\n" not in message
    return message


# --- codes and the teacher's key --------------------------------------------------------------


def test_codes_are_random_unambiguous_and_the_key_never_shows(classes):
    codes = set()
    for _ in range(50):
        teacher = classes.open()
        codes.add(teacher.code)
        assert classroom.is_code(teacher.code) and len(teacher.code) == 12
        assert not set(teacher.code) & set("lo01")  # nothing to misread off a projector
        assert teacher.key not in repr(teacher) and teacher.key not in teacher.code
        classes.close(teacher)
    assert len(codes) == 50
    assert len(classroom.CODE_ALPHABET) ** classroom.CODE_LENGTH >= 2**60


def test_only_the_teachers_key_asks_reveals_counts_and_closes(classes):
    teacher, voters = asked(classes)
    other = classes.open()
    for impostor in (
        Teacher(teacher.code, voters[0]),  # a phone's own token as the key
        Teacher(teacher.code, other.key),  # another class's key
        Teacher(teacher.code, ""),
        Teacher(teacher.code, "ключ"),  # not ASCII
        Teacher(teacher.code, None),  # type: ignore[arg-type]
        (teacher.code, teacher.key),  # not a Teacher at all
    ):
        for call, args in (
            (classes.reveal, (impostor, ANSWER)),
            (classes.ask, (impostor, QUESTION)),
            (classes.tally, (impostor,)),
            (classes.close, (impostor,)),
        ):
            assert refused(call, *args) == classroom.NOT_TEACHER
    assert classes.ballot(teacher.code, voters[0]).answer is None  # nothing was revealed
    assert classes.tally(teacher).question == QUESTION


# --- expiry and caps ------------------------------------------------------------------------------


def test_a_class_ends_three_hours_after_it_opened(classes, clock):
    teacher, voters = asked(classes)
    clock.now += classroom.LIFETIME_SECONDS - 1
    classes.vote(teacher.code, voters[0], 1, 1)
    clock.now += 1
    assert refused(classes.vote, teacher.code, voters[1], 1, 1) == classroom.NOT_OPEN
    assert refused(classes.join, teacher.code) == classroom.NOT_OPEN
    assert refused(classes.ballot, teacher.code, voters[0]) == classroom.NOT_OPEN
    assert refused(classes.tally, teacher) == classroom.NOT_OPEN
    assert classes.open_classes() == 0


def test_a_server_holds_a_bounded_number_of_classes(classes, clock):
    teachers = [classes.open() for _ in range(3)]
    assert refused(classes.open) == classroom.SERVER_FULL
    classes.close(teachers[0])  # a closed class makes room
    classes.open()
    assert refused(classes.open) == classroom.SERVER_FULL
    clock.now += classroom.LIFETIME_SECONDS  # and so do ended ones
    assert classes.open_classes() == 0
    classes.open()


def test_a_class_holds_a_bounded_number_of_phones_and_a_reload_is_the_same_phone(classes):
    teacher, voters = asked(classes)
    assert classes.join(teacher.code, voters[0]) == voters[0]  # the link's voter= kept
    voters += [classes.join(teacher.code), classes.join(teacher.code, "made-up")]
    assert classes.tally(teacher).joined == 5
    assert refused(classes.join, teacher.code) == classroom.FULL
    assert classes.join(teacher.code, voters[4]) == voters[4]  # already in: still in
    assert classes.tally(teacher).joined == 5


def test_the_default_bounds_suit_a_class():
    assert classroom.LIFETIME_SECONDS == 3 * 3600
    assert 30 <= classroom.MAX_VOTERS <= 500 and 1 <= classroom.MAX_CLASSES <= 50


# --- votes: one per phone per question, changed until the reveal ----------------------------


def test_one_vote_per_phone_per_question_changed_until_the_reveal(classes):
    teacher, voters = asked(classes)
    assert classes.ballot(teacher.code, voters[0]).mine is None
    classes.vote(teacher.code, voters[0], 1, 1)
    classes.vote(teacher.code, voters[0], 1, 1)  # the same vote again
    classes.vote(teacher.code, voters[1], 1, 1)
    classes.vote(teacher.code, voters[2], 1, 4)
    classes.vote(teacher.code, voters[2], 1, 2)  # a change, not a second vote
    tally = classes.tally(teacher)
    assert tally.counts == (0, 2, 1, 0, 0, 0) and tally.voted == 3 and not tally.revealed
    assert classes.ballot(teacher.code, voters[2]).mine == 2
    classes.reveal(teacher, ANSWER)
    assert refused(classes.vote, teacher.code, voters[2], 1, 1) == classroom.CLOSED
    assert classes.tally(teacher).counts == (0, 2, 1, 0, 0, 0) and classes.tally(teacher).revealed


def test_the_answer_reaches_a_phone_only_after_the_reveal(classes):
    teacher, voters = asked(classes)
    classes.vote(teacher.code, voters[0], 1, 3)
    before = classes.ballot(teacher.code, voters[0])
    assert before.answer is None and before.question == QUESTION and before.round == 1
    classes.reveal(teacher, ANSWER)
    after = classes.ballot(teacher.code, voters[0])
    assert after.answer == ANSWER and after.mine == 3


def test_a_new_question_is_a_new_round_and_an_old_rounds_vote_gets_nothing(classes):
    teacher, voters = asked(classes)
    classes.vote(teacher.code, voters[0], 1, 1)
    classes.ask(teacher, QUESTION)  # asked again on the teacher's next page run: the same round
    assert classes.tally(teacher).voted == 1
    classes.reveal(teacher, ANSWER)
    step3 = Question(QUESTION.sentence, 3, 6, "lives", QUESTION.words)
    classes.ask(teacher, step3)
    tally = classes.tally(teacher)
    assert tally.question == step3 and tally.voted == 0 and not tally.revealed
    ballot = classes.ballot(teacher.code, voters[0])
    assert ballot.round == 2 and ballot.mine is None and ballot.answer is None
    assert refused(classes.vote, teacher.code, voters[0], 1, 1) == classroom.STALE
    classes.vote(teacher.code, voters[0], 2, 2)
    assert classes.tally(teacher).counts[2] == 1


def test_another_models_answer_to_the_same_words_is_another_question(classes):
    teacher, voters = asked(classes)
    classes.vote(teacher.code, voters[0], 1, 1)
    classes.reveal(teacher, ANSWER)
    classes.ask(teacher, Question(*astuple(QUESTION)[:-1], model="de-en-dot"))
    ballot = classes.ballot(teacher.code, voters[0])
    assert ballot.round == 2 and ballot.answer is None and ballot.mine is None


def test_nothing_to_vote_on_before_the_first_question(classes):
    teacher = classes.open()
    voter = classes.join(teacher.code)
    ballot = classes.ballot(teacher.code, voter)
    assert ballot.question is None and ballot.round == 0
    assert refused(classes.vote, teacher.code, voter, 0, 0) == classroom.NOT_ASKED
    assert refused(classes.reveal, teacher, ANSWER) == classroom.NOT_ASKED
    assert classes.tally(teacher) == Tally(None, 1, (), False)


# --- hostile requests: one line each, and nothing changes ---------------------------------------

HOSTILE_CODES = ["", "x", "<script>alert(1)</script>", "**bold**", "[a](http://127.0.0.1:9/)",
                 "ABCDEFGHIJKL", "abcdefghijk\u0430", "a" * 20_000, None, 12, ["abc"]]  # fmt: skip


def test_made_up_and_hostile_codes_get_one_message(classes):
    teacher, voters = asked(classes)
    for code in [*HOSTILE_CODES, teacher.code[:-1] + ("a" if teacher.code[-1] != "a" else "b")]:
        assert refused(classes.join, code) == classroom.NOT_OPEN
        assert refused(classes.vote, code, voters[0], 1, 1) == classroom.NOT_OPEN
        assert refused(classes.ballot, code, voters[0]) == classroom.NOT_OPEN
    assert classes.tally(teacher).voted == 0


def test_hostile_votes_get_one_message_and_change_nothing(classes):
    teacher, voters = asked(classes)
    other = classes.open()
    stranger = classes.join(other.code)  # a phone of another class
    classes.vote(teacher.code, voters[0], 1, 1)
    for voter, round_, choice, message in (
        (voters[1], 1, -1, classroom.NO_SUCH_WORD),
        (voters[1], 1, 6, classroom.NO_SUCH_WORD),  # one past the last word: the sentence's end
        (voters[1], 1, 10**100, classroom.NO_SUCH_WORD),
        (voters[1], 1, True, classroom.NO_SUCH_WORD),
        (voters[1], 1, "1", classroom.NO_SUCH_WORD),
        (voters[1], 1, 1.0, classroom.NO_SUCH_WORD),
        (voters[1], 1, None, classroom.NO_SUCH_WORD),
        (voters[1], 0, 1, classroom.STALE),  # another step's vote
        (voters[1], 2, 1, classroom.STALE),  # a step not asked yet
        (voters[1], "1", 1, classroom.STALE),
        (voters[1], True, 1, classroom.STALE),
        (stranger, 1, 1, classroom.NOT_JOINED),
        ("made-up", 1, 1, classroom.NOT_JOINED),
        ("<b>x</b>" * 1000, 1, 1, classroom.NOT_JOINED),
        (None, 1, 1, classroom.NOT_JOINED),
    ):
        assert refused(classes.vote, teacher.code, voter, round_, choice) == message
    assert classes.tally(teacher).counts == (0, 1, 0, 0, 0, 0)
    assert refused(classes.ballot, teacher.code, stranger) == classroom.NOT_JOINED


def test_a_flood_of_votes_is_cut_off(classes):
    teacher, voters = asked(classes)
    for k in range(4):
        classes.vote(teacher.code, voters[0], 1, k)
    assert refused(classes.vote, teacher.code, voters[0], 1, 5) == classroom.TOO_MANY
    assert classes.ballot(teacher.code, voters[0]).mine == 3
    classes.ask(teacher, Question(QUESTION.sentence, 3, 6, "lives", QUESTION.words))
    classes.vote(teacher.code, voters[0], 2, 5)  # a new question, a new allowance


def test_votes_from_many_threads_at_once_are_each_counted_once():
    classes = Classes()
    teacher = classes.open()
    classes.ask(teacher, QUESTION)
    voters = [classes.join(teacher.code) for _ in range(60)]

    def vote(voter: str, k: int) -> None:
        for choice in (0, k % 6, (k + 1) % 6, k % 6):  # three changes, ending on k % 6
            classes.vote(teacher.code, voter, 1, choice)

    threads = [threading.Thread(target=vote, args=(v, k)) for k, v in enumerate(voters)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert classes.tally(teacher).counts == tuple(10 for _ in range(6))


def test_the_registry_keeps_nothing_on_disk_and_nothing_personal():
    """Standard library modules that touch no file, and the views' plain values: nothing else."""
    source = Path(classroom.__file__).read_text()
    imported = {
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported == {"__future__", "secrets", "threading", "time", "collections.abc",
                        "dataclasses", "dashboard.views.classroom"}  # fmt: skip
    calls = [node.func for node in ast.walk(ast.parse(source)) if isinstance(node, ast.Call)]
    writes = {"open", "write", "write_text", "write_bytes", "dump", "print"}
    named = {getattr(func, "id", None) or getattr(func, "attr", None) for func in calls}
    assert not named & writes


# --- what the projector and the phones say --------------------------------------------------------


def test_the_reveal_line_names_the_word_its_alpha_and_its_pieces():
    tally = Tally(QUESTION, 30, (3, 14, 4, 0, 6, 0), True)
    assert reveal_line(QUESTION, tally, ANSWER) == (
        "14 of 27 guessed **Schwester**; the model gave it 0.96, the sum of its pieces: "
        "“▁Schw” 0.50 + “ester” 0.46."
    )
    fooled = Tally(QUESTION, 30, (3, 4, 4, 0, 16, 0), True)
    assert reveal_line(QUESTION, fooled, ANSWER).endswith(
        "The class's favourite, **Berlin** (16 of 27), got 0.01."
    )
    assert reveal_line(QUESTION, Tally(QUESTION, 3, (0,) * 6, True), ANSWER).endswith(
        "No one voted."
    )
    at_end = Answer((0.1, 0.1, 0.0, 0.0, 0.0, 0.0, 0.8), 6, ("",) * 6)
    assert reveal_line(QUESTION, tally, at_end).startswith(
        "The model looks most at the end of the sentence (α = 0.80), which was not a choice."
    )
    assert shares(tally) == pytest.approx((3 / 27, 14 / 27, 4 / 27, 0, 6 / 27, 0))
    assert shares(Tally(QUESTION, 0, (0,) * 6, False)) == (0.0,) * 6
    assert votes_line(tally) == "**27** of 30 who joined have voted."


def test_a_phone_hears_the_answer_and_its_own_vote():
    from dashboard.views.classroom import Ballot

    assert ballot_line(Ballot(QUESTION, 1, 1, ANSWER)).endswith(
        "Your vote, **Schwester**, is right."
    )
    wrong = ballot_line(Ballot(QUESTION, 1, 4, ANSWER))
    assert wrong.startswith("The model looked most at **Schwester**: α = 0.96, the sum of its")
    assert wrong.endswith("You voted **Berlin** (α = 0.01).")
    assert ballot_line(Ballot(QUESTION, 1, None, ANSWER)).endswith("You did not vote.")


def test_words_from_a_link_stay_text_in_every_line():
    question = Question("x", 1, 1, "[a](http://127.0.0.1:9/)", ("**b**", "<img src=x>"))
    answer = Answer((0.5, 0.5, 0.0), 0, ("", ""))
    tally = Tally(question, 2, (0, 2), True)
    from test_hostile_input import markup_in

    from dashboard.views.classroom import Ballot, question_line

    for line in (
        reveal_line(question, tally, answer),
        ballot_line(Ballot(question, 1, 1, answer)),
        question_line(question),
    ):
        assert not markup_in(line) and "**b**" not in line, line


def test_the_question_and_answer_are_the_lessons_translation(toy_greedy):
    """The same words and α as the Lesson's guess: a word's α is the sum of its pieces'."""
    from dashboard.views import guess_for_step
    from nmt_core.text.tokenization import word_weights

    for step in range(len(toy_greedy.best.target_pieces)):
        question, answer = question_for_step(toy_greedy, step), answer_for_step(toy_greedy, step)
        guess = guess_for_step(toy_greedy, step)
        assert question.words == guess.words == ("Ka", "Mo", "Ti", "Tu", ".")
        assert question.step == step + 1 and question.steps == len(toy_greedy.best.target_pieces)
        pieces = toy_greedy.source_pieces  # a word's α: the sum of its pieces' at this step
        expected = word_weights(toy_greedy.attention[step], pieces)
        np.testing.assert_allclose(answer.weights, expected, atol=1e-6)
        assert answer.best == guess.best and sum(answer.weights) == pytest.approx(1, abs=1e-5)
    first = toy_greedy.best.target_pieces[0]
    assert first.startswith("▁") and question_for_step(toy_greedy, 0).writes == first[1:]


def test_a_piece_reads_as_a_class_reads_it():
    assert piece_as_read("▁sister") == "sister"
    assert piece_as_read("ter") == "…ter"
    assert piece_as_read("▁") == "the start of a new word"
    assert piece_as_read("</s>") == "the end of the sentence"


def test_the_join_link_is_the_teachers_address_with_the_vote_page():
    assert join_link("http://10.0.0.5:8501/lesson?s=Der+Hund.&presentation=1", "abc") == (
        "http://10.0.0.5:8501/?class=abc"
    )
    assert join_link("http://school.example/lab/lesson", "abc") == (
        "http://school.example/lab/?class=abc"  # a server under a path keeps it
    )
    assert join_link(None, "abc") == "/?class=abc"
    assert only_this_computer("http://127.0.0.1:8501/vote?class=abc")
    assert only_this_computer("http://localhost:8501/vote?class=abc")
    assert only_this_computer("/vote?class=abc")
    assert not only_this_computer("http://10.0.0.5:8501/vote?class=abc")

"""The class vote through the real app (AppTest): the teacher's Lesson opens a class and shows
its join link, QR code and the votes; phones join from the link, vote, change their vote and
follow the teacher's steps; and nothing a student does from a phone's session, whatever link it
opens, reveals the answer or moves the class. Every session of one test process shares the
server's registry (``caches.classes``), as the sessions of one server do."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import shown
from streamlit.testing.v1 import AppTest
from test_hostile_input import markup_in

from dashboard.state import caches, classroom
from dashboard.views.classroom import ENDED, question_for_step
from nmt_core.__main__ import main
from nmt_core.checkpoint import load_checkpoint
from nmt_core.translate import translate

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")
SENTENCE = "Ka Mo Ti Tu ."
WORDS = ["Ka", "Mo", "Ti", "Tu", "."]


@pytest.fixture(scope="module")
def root(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("class-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    return root


@pytest.fixture
def teacher(root: Path, monkeypatch: pytest.MonkeyPatch) -> AppTest:
    """The teacher's projector: the Lesson in presentation mode, a class vote opened on it."""
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, presentation="1")
    at.switch_page("app_pages/lesson.py").run()
    assert at.toggle(key="lesson_predict").value is True  # a projector asks the class first
    at.button(key="class_open").click().run()
    assert not at.exception, at.exception
    return at


def code_of(teacher: AppTest) -> str:
    (code,) = re.findall(r"/\?class=([a-z2-9]{12})$", teacher.code[0].value)
    return code


def phone(root: Path, monkeypatch: pytest.MonkeyPatch, **query: str) -> AppTest:
    """A student's phone that opened a link with ``query``."""
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=30)
    at.query_params.update(query)
    at.run()
    assert not at.exception, at.exception
    return at


def ballot(at: AppTest) -> list:
    """The word buttons of a phone's ballot, in the sentence's order."""
    return [b for b in at.button if b.key and b.key.startswith("ballot_")]


def votes(teacher: AppTest) -> list[int]:
    """The counts the projector's votes chart draws."""
    import json

    (chart,) = [c for c in teacher.get("plotly_chart") if c.proto.id.endswith("-class_votes")]
    return json.loads(chart.proto.spec)["data"][0]["y"]


def everything_sent(at: AppTest) -> bytes:
    """Every element the run sent to the browser, serialised, and its URL's query."""
    found = []

    def walk(node) -> None:
        if getattr(node, "proto", None) is not None:
            found.append(node.proto.SerializeToString())
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return b"".join(found) + repr(dict(at.query_params)).encode()


def test_the_teacher_opens_a_class_and_the_projector_shows_its_link_qr_and_phones(
    teacher, root, monkeypatch
):
    code = code_of(teacher)
    assert classroom.is_code(code)
    (qr,) = teacher.get("image")  # the QR code, drawn here as SVG
    assert qr.proto.imgs[0].url.startswith("data:image/svg+xml;base64,")
    assert any(m.value.startswith("**Vote on your phones.**") for m in teacher.markdown)
    assert any("No phone has joined yet" in m.value for m in teacher.markdown)
    # AppTest's page has no address of its own: the link says so, as 127.0.0.1 would
    assert "No phone can open this computer's own address" in teacher.warning[0].value
    assert not teacher.get("plotly_chart") or votes(teacher) == [0] * len(WORDS)
    key = teacher.session_state["class_teacher"].key
    assert key.encode() not in everything_sent(teacher)  # the secret stays on the server
    phones = [phone(root, monkeypatch, **{"class": code}) for _ in range(2)]
    teacher.run()
    assert any(m.value == "**0** of 2 who joined have voted." for m in teacher.markdown)
    assert all(at.query_params["voter"] for at in phones)  # a reload is the same phone


def test_phones_vote_change_their_vote_and_see_the_answer_only_after_the_reveal(
    teacher, root, monkeypatch
):
    code = code_of(teacher)
    a, b, c = (phone(root, monkeypatch, **{"class": code}) for _ in range(3))
    assert [shown(button.label) for button in ballot(a)] == WORDS
    result = translate(load_checkpoint(root / "toy-additive"), SENTENCE)
    steps, first = len(result.best.target_pieces), result.best.target_pieces[0].lstrip("▁")
    assert f"Step 1 of {steps}: the model writes “{first}”" in shown(a.markdown[0].value)
    assert not a.success and not a.info and "looked most" not in str(everything_sent(a))
    ballot(a)[1].click().run()
    ballot(b)[1].click().run()
    ballot(c)[4].click().run()
    ballot(c)[2].click().run()  # a change, not a second vote
    assert [button.proto.type for button in ballot(c)][2] == "primary"  # its vote, marked
    teacher.run()
    assert votes(teacher) == [0, 2, 1, 0, 0]
    assert any(m.value == "**3** of 3 who joined have voted." for m in teacher.markdown)
    # Reveal: the class beside the model, with the model's α of the Lesson's own translation
    teacher.button(key="quiz_reveal").click().run()
    question = question_for_step(result, 0)
    from dashboard.views import guess_for_step

    guess = guess_for_step(result, 0)
    best = guess.best
    counted = [0, 2, 1, 0, 0][best]
    line = next(m.value for m in teacher.markdown if "guessed" in m.value)
    assert shown(line).startswith(
        f"{counted} of 3 guessed **{WORDS[best]}**; the model gave it {guess.weights[best]:.2f}"
    )
    assert teacher.get("plotly_chart") and question.words == tuple(WORDS)
    for at in (a, b, c):
        at.run()
        assert all(button.disabled for button in ballot(at)), "votes close on the reveal"
        said = shown((at.success or at.info)[0].value)
        assert said.startswith(f"The model looked most at **{WORDS[best]}**: α = ")
    assert ("Your vote, " in shown((c.success or c.info)[0].value)) == (best == 2)


def test_the_phones_follow_the_teachers_next_step(teacher, root, monkeypatch):
    code = code_of(teacher)
    student = phone(root, monkeypatch, **{"class": code})
    ballot(student)[0].click().run()
    teacher.button(key="lesson_next").click().run()  # the teacher alone moves on
    student.run()
    assert "Step 2 of " in student.markdown[0].value
    assert all(button.proto.type == "secondary" for button in ballot(student))  # a new vote
    teacher.run()
    assert votes(teacher) == [0] * len(WORDS)
    teacher.button(key="quiz_reveal").click().run()  # after the reveal, Next is in the panel
    teacher.button(key="class_next").click().run()
    student.run()
    assert "Step 3 of " in student.markdown[0].value and not student.info


def test_a_reload_is_the_same_phone_with_its_vote(teacher, root, monkeypatch):
    code = code_of(teacher)
    student = phone(root, monkeypatch, **{"class": code})
    ballot(student)[2].click().run()
    voter = student.query_params["voter"]
    again = phone(root, monkeypatch, **{"class": code, "voter": voter})  # the same link
    assert [b.proto.type for b in ballot(again)][2] == "primary"
    assert again.query_params["voter"] == voter
    teacher.run()
    assert any(m.value == "**1** of 1 who joined have voted." for m in teacher.markdown)
    made_up = phone(root, monkeypatch, **{"class": code, "voter": "<b>" + voter[3:]})
    assert made_up.query_params["voter"] != voter  # a token it was not given: a new phone
    assert all(b.proto.type == "secondary" for b in ballot(made_up))


def test_a_student_cannot_reveal_or_move_the_class_whatever_link_it_opens(
    teacher, root, monkeypatch
):
    code = code_of(teacher)
    classes = caches.classes()
    the_teacher = teacher.session_state["class_teacher"]
    student = phone(root, monkeypatch, **{"class": code})
    ballot(student)[3].click().run()
    before = classes.tally(the_teacher)
    crafted = [
        {"class": code, "role": "teacher", "reveal": "1", "step": "3", "presentation": "1"},
        {"class": code, "key": code, "teacher": "1", "s": SENTENCE, "tour": "2"},
        {"class": code, "voter": student.query_params["voter"], "reveal": "true"},
    ]
    for query in crafted:
        at = phone(root, monkeypatch, **query)
        # the vote alone: no reveal, no step, no sidebar, no sentence box, no answer
        assert ballot(at) and not at.slider and not at.text_input and not at.sidebar.toggle
        keys = {button.key for button in at.button}
        assert not keys & {"quiz_reveal", "lesson_next", "lesson_prev", "class_close"}
        assert "class_teacher" not in at.session_state
    # a student's own Lesson with the teacher's link reveals its own screen, not the class's
    own = phone(root, monkeypatch, s=SENTENCE, step="1", presentation="1", model="toy-additive")
    own.switch_page("app_pages/lesson.py").run()
    own.button(key="quiz_reveal").click().run()
    own.button(key="lesson_next").click().run()
    assert "class_teacher" not in own.session_state
    after = classes.tally(the_teacher)  # the crafted links joined as phones, and no more
    assert (after.question, after.counts, after.revealed) == (before.question, before.counts, False)
    student.run()
    assert "Step 1 of " in student.markdown[0].value and not student.success
    with pytest.raises(classroom.ClassRefused):  # nor by the registry itself, with its code
        classes.reveal(classroom.Teacher(code, student.query_params["voter"]), None)


HOSTILE = ["<script>alert(1)</script>", "**bold** [x](http://127.0.0.1:9/)", "x" * 20_000,
           "![m](http://127.0.0.1:9/t.png)", "", "abcdefghijkm"]  # fmt: skip


@pytest.mark.parametrize("code", HOSTILE, ids=range(len(HOSTILE)))
def test_a_made_up_or_hostile_code_gets_one_message_and_nothing_else(root, monkeypatch, code):
    at = phone(root, monkeypatch, **{"class": code, "voter": code, "role": "teacher"})
    assert [shown(i.value) for i in at.info] == [classroom.NOT_OPEN]
    assert not at.button and not at.warning and not at.error
    bodies = [m.value for m in (*at.markdown, *at.info, *at.caption, *at.subheader)]
    assert not [found for body in bodies for found in markup_in(body)]


def test_an_ended_class_says_so_on_the_phones_and_on_the_projector(teacher, root, monkeypatch):
    code = code_of(teacher)
    student = phone(root, monkeypatch, **{"class": code})
    caches.classes().close(teacher.session_state["class_teacher"])  # as 3 hours would
    student.run()
    assert [shown(i.value) for i in student.info] == [classroom.NOT_OPEN] and not ballot(student)
    teacher.run()
    assert any(i.value == ENDED for i in teacher.info)
    assert teacher.button(key="class_open")  # the teacher may open a new one
    fresh = phone(root, monkeypatch, **{"class": code})  # a phone that arrives late
    assert [shown(i.value) for i in fresh.info] == [classroom.NOT_OPEN]


def test_the_teacher_ends_the_class(teacher, root, monkeypatch):
    code = code_of(teacher)
    teacher.button(key="class_close").click().run()
    assert "class_teacher" not in teacher.session_state and teacher.button(key="class_open")
    student = phone(root, monkeypatch, **{"class": code})
    assert [shown(i.value) for i in student.info] == [classroom.NOT_OPEN]


def test_without_a_class_the_lesson_guesses_as_before(root, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(s=SENTENCE, presentation="1")
    at.switch_page("app_pages/lesson.py").run()
    assert at.button(key="class_open") and at.button_group(key="quiz_guess")
    at.button(key="quiz_reveal").click().run()
    assert (at.success or at.info) and at.get("plotly_chart")

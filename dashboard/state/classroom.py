"""The class votes of this server: every open class, its phones and their votes, shared by all
sessions (``caches.classes`` holds the one registry). Pure Python and thread-safe: each session
runs in a thread of its own, and every call takes one lock.

A teacher opens a class on the Lesson and gets a :class:`Teacher`: the class's code, which the
join link and its QR code show, and a secret key, which stays in the teacher's session (never
in a URL, never sent to a browser). Only that key asks a question, reveals the answer, reads
the tally or closes the class. A phone joins with the code alone and gets an anonymous voter
token; it votes once per question, and may change its vote until the reveal.

Bounded and anonymous: codes and keys come from ``secrets``; a class ends 3 hours after it
opened; a server holds at most ``max_classes`` classes, a class at most ``max_voters`` phones,
and a phone changes its vote at most ``max_changes`` times a question. Nothing is written to
disk and nothing about a student is kept but a random token and a word's index. Whatever a
request holds that it should not (a made-up code, another question's round, a word the
sentence does not have, a flood) gets ``ClassRefused`` with one line, and changes nothing.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from dashboard.views.classroom import Answer, Ballot, ClassRefused, Question, Tally

CODE_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"  # no l, o, 0 or 1: copied off a projector
CODE_LENGTH = 12  # 32 ** 12 = 2 ** 60 codes
TOKEN_BYTES = 16  # voter tokens and teacher keys: 128 random bits
LIFETIME_SECONDS = 3 * 3600  # a lesson, with time to spare
MAX_CLASSES = 10  # open at once on one server (a 2-core server serves one or two)
MAX_VOTERS = 300  # phones in one class
MAX_CHANGES = 20  # votes one phone casts on one question (its first and its changes)

NOT_OPEN = (
    "This class vote is not open: it has ended, or the link is not the one on the projector. "
    "Ask your teacher for the link."
)
FULL = f"This class vote is full ({MAX_VOTERS} phones have joined)."
SERVER_FULL = (
    f"No more class votes can be opened on this server now ({MAX_CLASSES} are open): one ends "
    "when its teacher closes it, or 3 hours after it opened."
)
NOT_TEACHER = "Only the teacher who opened this class vote can do that."
NOT_JOINED = "This phone is not in the class vote: open the link on the projector again."
NOT_ASKED = "Nothing to vote on yet: wait for the teacher's question."
STALE = "The teacher has moved on: vote on the new question."
CLOSED = "The answer is out: votes on this step are closed."
NO_SUCH_WORD = "That is not one of the sentence's words."
TOO_MANY = f"You have voted {MAX_CHANGES} times on this step: that is the most."


@dataclass(frozen=True)
class Teacher:
    """A class's code and its teacher's secret key (left out of the repr, so that no log or
    message shows it)."""

    code: str
    key: str = field(repr=False)


@dataclass
class _Class:
    key: str
    opened: float
    voters: set[str] = field(default_factory=set)
    question: Question | None = None
    round: int = 0  # the number of questions asked; a vote names the round it is for
    answer: Answer | None = None  # sent on Reveal, never before
    votes: dict[str, int] = field(default_factory=dict)  # voter -> word index, this round
    cast: dict[str, int] = field(default_factory=dict)  # voter -> votes cast, this round


def _well_formed(text: object, alphabet: str, length: int) -> bool:
    """``text`` is a string of ``length`` characters of ``alphabet`` (looked at in that order,
    so that a 20,000-character link value costs nothing)."""
    return isinstance(text, str) and len(text) == length and all(c in alphabet for c in text)


TOKEN_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
TOKEN_LENGTH = len(secrets.token_urlsafe(TOKEN_BYTES))


def is_code(text: object) -> bool:
    """Whether ``text`` could be a class code (the link's ``class=``), before any look-up."""
    return _well_formed(text, CODE_ALPHABET, CODE_LENGTH)


def is_token(text: object) -> bool:
    """Whether ``text`` could be a voter token (the link's ``voter=``), before any look-up."""
    return _well_formed(text, TOKEN_ALPHABET, TOKEN_LENGTH)


class Classes:
    """Every open class vote of this server (see the module docstring); ``clock``: seconds,
    monotonic (a test's own clock)."""

    def __init__(
        self,
        *,
        lifetime: float = LIFETIME_SECONDS,
        max_classes: int = MAX_CLASSES,
        max_voters: int = MAX_VOTERS,
        max_changes: int = MAX_CHANGES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._lifetime, self._clock = lifetime, clock
        self._max_classes, self._max_voters, self._max_changes = (
            max_classes,
            max_voters,
            max_changes,
        )
        self._classes: dict[str, _Class] = {}
        self._lock = threading.Lock()

    # --- the teacher's side: every call takes the Teacher that open() gave ----------------------

    def open(self) -> Teacher:
        """A new class, with no question yet; ``ClassRefused`` when the server holds its most."""
        with self._lock:
            self._forget_ended()
            if len(self._classes) >= self._max_classes:
                raise ClassRefused(SERVER_FULL)
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            while code in self._classes:  # 2 ** -60 per open class: never, but never twice
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            teacher = Teacher(code, secrets.token_urlsafe(TOKEN_BYTES))
            self._classes[code] = _Class(teacher.key, self._clock())
            return teacher

    def close(self, teacher: Teacher) -> None:
        """End the class: its phones see that it is not open any more."""
        with self._lock:
            self._taught(teacher)
            del self._classes[teacher.code]

    def ask(self, teacher: Teacher, question: Question) -> None:
        """Put ``question`` to the phones: a new round, its votes empty and its answer hidden;
        the question already asked changes nothing (a page run asks at every run)."""
        with self._lock:
            room = self._taught(teacher)
            if room.question != question:
                room.question, room.answer = question, None
                room.round += 1
                room.votes.clear()
                room.cast.clear()

    def reveal(self, teacher: Teacher, answer: Answer) -> None:
        """Send the model's ``answer`` to the current question to the phones; votes close."""
        with self._lock:
            room = self._taught(teacher)
            if room.question is None:
                raise ClassRefused(NOT_ASKED)
            if len(answer.weights) != len(room.question.words) + 1:
                raise ValueError("an answer for another question")
            room.answer = answer

    def tally(self, teacher: Teacher) -> Tally:
        """The votes on the current question, counted per word, and how many phones joined."""
        with self._lock:
            room = self._taught(teacher)
            words = len(room.question.words) if room.question else 0
            counts = [0] * words
            for choice in room.votes.values():
                counts[choice] += 1
            return Tally(room.question, len(room.voters), tuple(counts), room.answer is not None)

    # --- a phone's side: the code, and the token join() gave -----------------------------------

    def join(self, code: object, voter: object = None) -> str:
        """The voter token of a phone in class ``code``: ``voter`` again when it is already in
        it (a reload keeps its vote), else a new one."""
        with self._lock:
            room = self._room(code)
            if is_token(voter) and voter in room.voters:
                return voter
            if len(room.voters) >= self._max_voters:
                raise ClassRefused(FULL)
            token = secrets.token_urlsafe(TOKEN_BYTES)
            room.voters.add(token)
            return token

    def ballot(self, code: object, voter: object) -> Ballot:
        """What phone ``voter`` sees: the question, its own vote, and the answer once revealed."""
        with self._lock:
            room = self._voted_in(code, voter)
            return Ballot(room.question, room.round, room.votes.get(voter), room.answer)

    def vote(self, code: object, voter: object, round_: object, choice: object) -> None:
        """Phone ``voter``'s vote for word ``choice`` of round ``round_``'s question: its only
        vote on it, which it may change until the reveal."""
        with self._lock:
            room = self._voted_in(code, voter)
            if room.question is None:
                raise ClassRefused(NOT_ASKED)
            if type(round_) is not int or round_ != room.round:
                raise ClassRefused(STALE)
            if room.answer is not None:
                raise ClassRefused(CLOSED)
            if type(choice) is not int or not 0 <= choice < len(room.question.words):
                raise ClassRefused(NO_SUCH_WORD)
            if room.cast.get(voter, 0) >= self._max_changes:
                raise ClassRefused(TOO_MANY)
            room.cast[voter] = room.cast.get(voter, 0) + 1
            room.votes[voter] = choice

    def open_classes(self) -> int:
        """How many classes are open now."""
        with self._lock:
            self._forget_ended()
            return len(self._classes)

    # --- under the lock --------------------------------------------------------------------------

    def _forget_ended(self) -> None:
        now = self._clock()
        for code in [c for c, room in self._classes.items() if now - room.opened >= self._lifetime]:
            del self._classes[code]

    def _room(self, code: object) -> _Class:
        self._forget_ended()
        if not is_code(code) or code not in self._classes:
            raise ClassRefused(NOT_OPEN)
        return self._classes[code]

    def _taught(self, teacher: object) -> _Class:
        if not isinstance(teacher, Teacher):
            raise ClassRefused(NOT_TEACHER)
        room = self._room(teacher.code)
        key = teacher.key.encode() if isinstance(teacher.key, str) else b""
        if not secrets.compare_digest(key, room.key.encode()):
            raise ClassRefused(NOT_TEACHER)
        return room

    def _voted_in(self, code: object, voter: object) -> _Class:
        room = self._room(code)
        if not (is_token(voter) and voter in room.voters):
            raise ClassRefused(NOT_JOINED)
        return room

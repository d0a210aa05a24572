"""Every key this app keeps in ``st.session_state``, declared once: its type, what it holds, and
how long it lives; read and written only through these declarations.

Nothing outside ``dashboard/state/`` touches ``st.session_state``: a page or widget reads
``session.STEP.get(1)`` and writes ``session.STEP.set(3)``. An input widget's ``key=`` is a
declared name written out (``key="step"``) or made by a declared family
(``session.CANDIDATE.key(...).name``). tests/test_structure.py checks both, so that it sees
every key. ``inputs`` reads which keys survive a page change and which reset with a new
sentence. Charts' and buttons' own keys are not session state the app reads, and are not listed.

Lifetimes:

* ``session``: as long as the browser tab; a page change keeps it (the sidebar, the sentence).
* ``kept``: a page's input. Streamlit forgets a widget's value on every page change; ``inputs``
  copies it and brings it back.
* ``sentence``: belongs to the sentence it was made for, cleared when the sentence changes.
* ``page``: a page's own bookkeeping, used while that page is shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import streamlit as st

from dashboard import views
from dashboard.state.classroom import Teacher
from dashboard.views.settings import Settings

T = TypeVar("T")


@dataclass(frozen=True)
class Key(Generic[T]):
    """One session-state key, its value of type ``T``, and the only ways to read and write it."""

    name: str
    what: str
    kept: bool = False  # survives a page change (copied by inputs.remember / restore)
    per_sentence: bool = False  # cleared when the sentence changes

    def exists(self) -> bool:
        return self.name in st.session_state

    def get(self, default: T | None = None) -> T | None:
        return st.session_state.get(self.name, default)

    def value(self) -> T:
        """The value; KeyError while the key is not set."""
        return st.session_state[self.name]

    def set(self, value: T) -> None:
        st.session_state[self.name] = value

    def setdefault(self, value: T) -> T:
        """The value, set to ``value`` first when the key is not set."""
        return st.session_state.setdefault(self.name, value)

    def pop(self, default: T | None = None) -> T | None:
        """The value, and the key removed; ``default`` when it is not set."""
        return st.session_state.pop(self.name, default)


@dataclass(frozen=True)
class Family(Generic[T]):
    """Keys made from a prefix and values, all of the same type and lifetime."""

    prefix: str
    what: str

    def key(self, *values: object) -> Key[T]:
        """The family's key for ``values`` (``prefix`` + the values joined by ":")."""
        return Key(self.prefix + ":".join(map(str, values)), self.what)


# the sidebar and the sentence box (app.py): the session's own
SENTENCE = Key[str]("sentence", "the sentence box")
DIRECTION = Key[str]("direction", "the sidebar's Direction, 'de-en' or 'en-de'")
SENTENCE_DIRECTION = Key[str]("sentence_direction", "the direction of the sentence box's sentence")
MODEL = Key[str]("model", "the sidebar's model, a checkpoint name")
BEAM = Key[int]("beam", "the sidebar's beam size, 1..inputs.MAX_BEAM")
LEVEL = Key[str]("level", "the sidebar's token level, a value of inputs.LEVELS")
PRESENTATION = Key[bool]("presentation", "presentation mode")
FORCE_CPU = Key[bool]("force_cpu", "the sidebar's Force CPU")
EXAMPLE = Key[str]("example", "the Examples box ('…' when none is chosen)")
SETTINGS = Key[Settings]("settings", "the sidebar's choices and the sentence, for the pages")
ASKED_MODEL = Key[str]("asked_model", "the model a link asked for, said once if unknown")
LINK_IGNORED = Key[list[str]]("link_ignored", "a link's values that could not be used, said once")
OPENED_ON_PROJECTOR = Key[bool]("opened_on_projector", "a presentation=1 link opened the tab")
# page inputs kept across page changes
REFERENCE = Key[str]("reference", "Alignments: the reference translation", True, True)
GOLD_TEXT = Key[str]("gold_text", "Alignments: a pasted gold Pharaoh line", True, True)
ALIGN_METHOD = Key[str]("align_method", "Alignments: how attention becomes links", True)
ALIGN_THRESHOLD = Key[float]("align_threshold", "Alignments: the threshold method's weight", True)
ALIGN_EFLOMAL = Key[bool]("align_eflomal", "Alignments: draw eflomal's links", True)
COMPARE_A = Key[str]("compare_a", "Compare: model A", True)
COMPARE_B = Key[str]("compare_b", "Compare: model B", True)
COMPARE_ALL = Key[bool]("compare_all", "Compare: every model of the direction as a grid", True)
STEP = Key[int]("step", "Step through: the decoder step, 1-based", True, True)
LESSON_STEP = Key[int]("lesson_step", "Lesson: the decoder step, 1-based", True, True)
LESSON_PREDICT = Key[bool]("lesson_predict", "Lesson: guess first, then reveal", True)
QUIZ_GUESS = Key[int | None]("quiz_guess", "Lesson: the word a class guessed", True, True)
QK_SOURCE = Key[str]("qk_source", "Query–key map: whose sentences, of querykey.SOURCES", True)
QK_COUNT = Key[int]("qk_count", "Query–key map: how many sentences", True)
FOLLOW = Key[int | None](
    "follow", "Translate, Step through: the source token followed, 1-based; None: none", True, True
)
COVERAGE_BETA = Key[float]("coverage_beta", "Beam search: β of the coverage penalty what-if", True)
# a page's own bookkeeping
STEP_NEXT = Key[int]("step_next", "Step through: the step a playing run hands on", False, True)
PLAYING = Key[bool]("playing", "Step through: the steps play by themselves", False, True)
LESSON_PREDICT_FOR = Key[bool]("lesson_predict_for", "Lesson: the mode the guess toggle is set for")
QUIZ_ASKED = Key[tuple]("quiz_asked", "Lesson: the guess's question (model, sentence, step)")
QUIZ_REVEALED = Key[bool]("quiz_revealed", "Lesson: the answer is shown")
TOUR_STEP = Key[int]("tour_step", "Lesson: the guided tour's step, 1-based; absent: no tour")
CLASS_TEACHER = Key[Teacher](
    "class_teacher", "Lesson: the class vote this tab opened, with its secret key (never in a URL)"
)
CLASS_VOTER = Key[tuple[str, str]]("class_voter", "Class vote: this phone's (class, voter token)")
CLASS_NOTICE = Key[str]("class_notice", "Class vote: why a vote or a class was refused, said once")
# a teaching setting, not the sentence's (the model's own α is drawn beside it): kept
TEMPERATURE = Key[float]("temperature", "Step through and Lesson: the what-if temperature T")
TEMPERATURE_SLIDERS = {  # each page's own Temperature slider, set from T
    "step_temperature": Key[float]("step_temperature_slider", "Step through: its slider, from T"),
    "lesson_temperature": Key[float]("lesson_temperature_slider", "Lesson: its slider, from T"),
}
FOLLOW_BOXES = {  # each page's own Follow box (a widget key belongs to one page), set from follow
    "translate_follow": Key[int | None]("translate_follow_box", "Translate: its Follow box"),
    "step_follow": Key[int | None]("step_follow_box", "Step through: its Follow box"),
    "compare_follow": Key[int | None]("compare_follow_box", "Compare: its Follow box"),
}
COVERAGE_CLICKS = {  # the charts whose coverage columns a click follows: their selections
    "heatmap": Key[Any]("heatmap", "Translate: the heatmap's selection (PlotlyState)"),
    "step_coverage": Key[Any](
        "step_coverage", "Step through: the coverage chart's selection (PlotlyState)"
    ),
}
WHATIF_EDIT = Key[str]("whatif_edit", "Step through: the what-if change")
WHATIF_PIECE = Key[str]("whatif_piece", "Step through: another piece for the what-if")
WHATIF_SOURCE = Key[int]("whatif_source", "Step through: the source piece all attention goes to")
WHATIF_ASKED = Key[tuple]("whatif_asked", "Step through: the what-if asked for, computed on demand")
ATTRIBUTION_METHOD = Key[str]("attribution_method", "Step through: the attribution method")
ATTRIBUTION_ASKED = Key[tuple]("attribution_asked", "Step through: the attribution asked for")
TRAINING_STEP = Key[int]("training_step", "Across training: the training step shown")
TRAINING_PROBE = Key[int]("training_probe", "Across training: the probe sentence shown")
GOLD = Key[Any]("gold", "Alignments: an uploaded gold Pharaoh file (UploadedFile or None)")
BEAM_TREE_ON = Key[bool]("beam_tree_on", "Beam search: draw every candidate as a tree")
QK_TSV = Key[Any]("qk_tsv", "Query–key map: an uploaded TSV of sentences (UploadedFile or None)")
QK_ASKED = Key[tuple]("qk_asked", "Query–key map: the map asked for (model, sentences), on demand")
QK_CHART = Key[Any]("qk_chart", "Query–key map: the chart's selection (PlotlyState), when clicked")
QK_OPEN = Key[bool]("qk_open", "Query–key map: a click asked for Step through at its step")

# Keys made at run time, each family declared once
SENTENCE_IN = Family[str]("sentence:", "the sentence last typed in a direction ('sentence:de-en')")
COPY = Family[Any]("kept:", "inputs' copy of a kept key, and the sentence the copies belong to")
CANDIDATE = Family[int](
    "candidate:",
    "Beam search: the Candidate box, one per sentence and beam (the browser never shows the "
    "labels of another's)",
)

KEYS = tuple(
    value
    for value in [
        *dict(globals()).values(),
        *TEMPERATURE_SLIDERS.values(),
        *FOLLOW_BOXES.values(),
        *COVERAGE_CLICKS.values(),
    ]
    if isinstance(value, Key)
)
FAMILIES = tuple(value for value in dict(globals()).values() if isinstance(value, Family))
BY_NAME = {key.name: key for key in KEYS}
KEPT = tuple(key for key in KEYS if key.kept)
PER_SENTENCE = tuple(key for key in KEYS if key.per_sentence)
# The sidebar's and the sentence box's widgets. A page turned by the server (st.switch_page,
# after a click on the Query–key map) gets no widget values from the browser, and Streamlit
# then drops every widget's value; ``inputs.open_at`` keeps these as plain values first.
SIDEBAR = (DIRECTION, MODEL, BEAM, LEVEL, PRESENTATION, FORCE_CPU, EXAMPLE)


def settings() -> Settings:
    """The settings ``app.py`` stored for this run (pages run after it)."""
    return SETTINGS.value()


def sentence() -> str:
    """The sentence in the input box, cut to MAX_CHARS characters."""
    return SENTENCE.get("")[: views.MAX_CHARS]

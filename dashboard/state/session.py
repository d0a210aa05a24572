"""Every key this app keeps in ``st.session_state``, declared once: its type, what it holds, and
how long it lives.

A declaration, read by ``inputs`` (which keys survive a page change, which reset with a
new sentence) and by tests/test_structure.py, which fails when code reads or writes a key, or
gives an input widget a key, that is not declared here. Charts' and buttons' own keys are not
session state the app reads, and are not listed.

Lifetimes:

* ``session``: as long as the browser tab; a page change keeps it (the sidebar, the sentence).
* ``kept``: a page's input. Streamlit forgets a widget's value on every page change; ``inputs``
  copies it and brings it back.
* ``sentence``: belongs to the sentence it was made for, cleared when the sentence changes.
* ``page``: a page's own bookkeeping, used while that page is shown.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Key:
    """One session-state key."""

    name: str
    type: str  # of its value, as a type hint
    what: str
    kept: bool = False  # survives a page change (copied by inputs.remember / restore)
    per_sentence: bool = False  # cleared when the sentence changes


KEYS = (
    # the sidebar and the sentence box (app.py): the session's own
    Key("sentence", "str", "the sentence box"),
    Key("direction", "str", "the sidebar's Direction, 'de-en' or 'en-de'"),
    Key("sentence_direction", "str", "the direction the sentence box's sentence is in"),
    Key("model", "str", "the sidebar's model, a checkpoint name"),
    Key("beam", "int", "the sidebar's beam size, 1..inputs.MAX_BEAM"),
    Key("level", "str", "the sidebar's token level, a value of inputs.LEVELS"),
    Key("presentation", "bool", "presentation mode"),
    Key("force_cpu", "bool", "the sidebar's Force CPU"),
    Key("example", "str", "the Examples box ('…' when none is chosen)"),
    Key("settings", "caches.Settings", "the sidebar's choices and the sentence, for the pages"),
    Key("asked_model", "str", "the model a link asked for, said once if unknown"),
    Key("link_ignored", "list[str]", "a link's values that could not be used, said once"),
    Key("opened_on_projector", "bool", "the tab was opened by a presentation=1 link"),
    # page inputs kept across page changes
    Key("reference", "str", "Alignments: the reference translation", True, True),
    Key("gold_text", "str", "Alignments: a pasted gold Pharaoh line", True, True),
    Key("align_method", "str", "Alignments: how attention becomes links", True),
    Key("align_threshold", "float", "Alignments: the threshold method's weight", True),
    Key("align_eflomal", "bool", "Alignments: draw eflomal's links", True),
    Key("compare_a", "str", "Compare: model A", True),
    Key("compare_b", "str", "Compare: model B", True),
    Key("compare_all", "bool", "Compare: every model of the direction as a grid", True),
    Key("step", "int", "Step through: the decoder step, 1-based", True, True),
    Key("lesson_step", "int", "Lesson: the decoder step, 1-based", True, True),
    Key("lesson_predict", "bool", "Lesson: guess first, then reveal", True),
    Key("quiz_guess", "int | None", "Lesson: the word a class guessed", True, True),
    # a page's own bookkeeping
    Key("step_next", "int", "Step through: the step a playing run hands on", per_sentence=True),
    Key("playing", "bool", "Step through: the steps play by themselves", per_sentence=True),
    Key("lesson_predict_for", "bool", "Lesson: the mode the guess toggle was set for"),
    Key("quiz_asked", "tuple", "Lesson: the question the guess answers (model, sentence, step)"),
    Key("quiz_revealed", "bool", "Lesson: the answer is shown"),
    Key("tour_step", "int", "Lesson: the guided tour's step, 1-based; absent: no tour"),
    # a teaching setting, not the sentence's (the model's own α is drawn beside it): kept
    Key("temperature", "float", "Step through and Lesson: the what-if temperature T"),
    Key("step_temperature_slider", "float", "Step through: its Temperature slider, from T"),
    Key("lesson_temperature_slider", "float", "Lesson: its Temperature slider, from T"),
    Key("whatif_edit", "str", "Step through: the what-if change"),
    Key("whatif_piece", "str", "Step through: another piece for the what-if"),
    Key("whatif_source", "int", "Step through: the source piece all attention goes to"),
    Key("whatif_asked", "tuple", "Step through: the what-if asked for, computed on demand"),
    Key("attribution_method", "str", "Step through: the attribution method"),
    Key("attribution_asked", "tuple", "Step through: the attribution asked for"),
    Key("training_step", "int", "Across training: the training step shown"),
    Key("training_probe", "int", "Across training: the probe sentence shown"),
    Key("gold", "UploadedFile | None", "Alignments: an uploaded gold Pharaoh file"),
    Key("beam_tree_on", "bool", "Beam search: draw every candidate as a tree"),
    Key("qk_source", "str", "Query–key map: whose sentences, a value of querykey.SOURCES", True),
    Key("qk_count", "int", "Query–key map: how many sentences", True),
    Key("qk_tsv", "UploadedFile | None", "Query–key map: an uploaded TSV of sentences"),
    Key("qk_asked", "tuple", "Query–key map: the map asked for (model, sentences), on demand"),
    Key("qk_chart", "PlotlyState", "Query–key map: the chart's selection, read when clicked"),
    Key("qk_open", "bool", "Query–key map: a click asked for Step through at its step"),
)
# The sidebar's and the sentence box's widgets. A page turned by the server (st.switch_page,
# after a click on the Query–key map) gets no widget values from the browser, and Streamlit
# then drops every widget's value; ``inputs.open_at`` keeps these as plain values first.
SIDEBAR = ("direction", "model", "beam", "level", "presentation", "force_cpu", "example")
BY_NAME = {key.name: key for key in KEYS}
KEPT = tuple(key.name for key in KEYS if key.kept)
PER_SENTENCE = tuple(key.name for key in KEYS if key.per_sentence)
# Keys made from a prefix and a value: the sentence last typed in each direction, and inputs'
# copies of the kept keys.
PREFIXES = ("sentence:", "kept:")

"""Caches: where the dashboard loads models, translates and does all other model work.

* Models go in ``st.cache_resource``: loaded once per (folder, device), in eval mode, and never
  changed, so every user shares them safely.
* Translations go in ``st.cache_data``, keyed by checkpoint, sentence and settings; each call
  returns a fresh copy of the frozen ``Translation``. A forced decoding is cached on its own
  and reuses the cached greedy translation.
* Page runs take turns (:class:`PageTurns`), as many at a time as there are cores, and the
  checkpoint list is read again only when the folder changes.
* The class votes of the server live in one registry (:func:`classes`), shared by all sessions.
* Every function of the page's model takes the one frozen ``Settings`` of this run
  (``views.settings``, kept in ``session``), never widget keys.

It draws nothing (no ``st.info``, ``st.error``, ``st.stop``): what goes wrong is raised, and
``widgets`` says it. What the pages show is shaped in ``views``. All model work runs through
:func:`_model_work`, the one place that decides where (a translation worker or this process).
"""

from __future__ import annotations

import collections
import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import numpy as np
import streamlit as st

from dashboard.state.classroom import Classes
from dashboard.views.settings import NothingToTranslate, Settings
from nmt_core.analysis.alignment import Alignment
from nmt_core.analysis.attribution import attribute
from nmt_core.analysis.beamtree import BeamTree, beam_tree
from nmt_core.analysis.eflomal import align_sentence, priors_path
from nmt_core.analysis.querykey import QueryKeyMap, query_key_map
from nmt_core.analysis.votes import Votes, shortcut_votes
from nmt_core.analysis.whatif import WhatIf, what_if
from nmt_core.checkpoint import (
    Checkpoint,
    CheckpointError,
    CheckpointInfo,
    Scan,
    load_checkpoint,
    read_config,
    scan_checkpoints,
)
from nmt_core.folders import CONFIG
from nmt_core.learning.probes import PROBES, ProbeLog, read_probes
from nmt_core.network.config import TrainConfig
from nmt_core.serving.workers import MAX_MODELS, TranslationWorkers, configured_workers
from nmt_core.translate import Translation, encoder_annotations, translate, with_reference

T = TypeVar("T")


def _stamp(path: Path) -> float:
    """Changes when a checkpoint folder is replaced, so caches never serve a stale model."""
    return (path / CONFIG).stat().st_mtime


@st.cache_resource(show_spinner="Loading the model…", max_entries=MAX_MODELS)
def _load(path: str, device: str, stamp: float) -> Checkpoint:
    return load_checkpoint(path, device=device)


class PageTurns:
    """Lets as many page runs through at a time as the machine has cores; the others queue,
    first come, first served.

    Streamlit runs every session's page in its own thread, and all of them need the GIL. With
    thirty sessions running at once on 2 cores they spent their time handing it to each other
    (every torch kernel and file read gives it up and waits to get it back), and the server's
    event loop, which sends the finished pages, waited with them. Queued here instead, two
    runs at a time, the same class of thirty gets its pages sooner (bench/RESULTS.md 4).
    """

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._lock = threading.Lock()
        self._queue: collections.deque[threading.Event] = collections.deque()
        self._mine = threading.local()  # .held: this thread's run has a slot

    @contextlib.contextmanager
    def turn(self) -> Iterator[None]:
        """Around one page run: waits for a slot, and gives it back at the end."""
        self._take_slot()
        self._mine.held = True
        try:
            yield
        finally:
            self.leave()

    def leave(self) -> None:
        """Gives this thread's slot back before its run ends (before waiting, say)."""
        if getattr(self._mine, "held", False):
            self._mine.held = False
            self._give_slot()

    def _take_slot(self) -> None:
        with self._lock:
            if self._free and not self._queue:
                self._free -= 1
                return
            handed_over = threading.Event()
            self._queue.append(handed_over)
        handed_over.wait()  # a run that ends gives its slot to the first in the queue

    def _give_slot(self) -> None:
        with self._lock:
            if self._queue:
                self._queue.popleft().set()
            else:
                self._free += 1


@st.cache_resource
def page_turns() -> PageTurns:
    """The one ``PageTurns`` of this server, shared by every session: a turn per core, and one
    more per translation worker, since a run that waits for its worker leaves its core to
    another run (bench/RESULTS.md section 4)."""
    return PageTurns((os.cpu_count() or 1) + configured_workers())


@st.cache_resource
def classes() -> Classes:
    """The one registry of this server's class votes (``state.classroom``), shared by every
    session: the teacher's Lesson and the students' phones meet there."""
    return Classes()


@st.cache_data(max_entries=8)
def _scan(root: str, stamp: int) -> Scan:
    return scan_checkpoints(root)


def checkpoints(root: Path) -> Scan:
    """The checkpoints in ``root`` and the folders that are not usable (``scan_checkpoints``),
    read again only when a folder is added, removed or replaced there; not on every page run."""
    try:
        stamp = root.stat().st_mtime_ns
    except OSError:
        return Scan([], [])
    return _scan(str(root), stamp)


@st.cache_resource
def translation_workers() -> TranslationWorkers | None:
    """The server's translation workers (``attention-lab --workers``), started at the first
    page run; None when it has none (``streamlit run`` alone, the AppTest tests)."""
    count = configured_workers()
    return TranslationWorkers(count) if count else None


def _model_work(work: Callable[..., T], path: str, device: str, stamp: float, *args, **kwargs) -> T:
    """``work(checkpoint, *args, **kwargs)``, ``work`` an nmt_core function of the model in
    ``path``. The one rule for all model work (translations, forced decodings, annotations,
    votes, what-if, attributions, beam trees, query-key maps): in the translation workers when
    the server has them, so that its kernels never wait for the server's GIL and the server's
    memory never holds a request's tensors; else (``streamlit run`` alone) here. Work that a
    worker could not finish raises ``WorkNotDone`` and is never run again here."""
    workers = translation_workers()
    if workers is not None:
        return workers.run(work, path, device, stamp, *args, **kwargs)
    return work(_load(path, device, stamp), *args, **kwargs)


@st.cache_data(show_spinner="Translating…", max_entries=1024)  # about 30 kB each
def _translate(path: str, device: str, stamp: float, sentence: str, beam_size: int) -> Translation:
    return _model_work(translate, path, device, stamp, sentence, beam_size)


@st.cache_data(show_spinner="Searching with the coverage penalty…", max_entries=256)
def _penalised(
    path: str, device: str, stamp: float, sentence: str, beam_size: int, beta: float
) -> Translation:
    return _model_work(translate, path, device, stamp, sentence, beam_size, coverage_penalty=beta)


def penalised_translation(chosen: Settings, beta: float) -> Translation:
    """The current model's beam search of the current sentence at the sidebar's beam, with
    GNMT's coverage penalty ``beta`` (``translate(coverage_penalty=)``); cached like
    translations. Raises ValueError for greedy search or a model without attention."""
    return _penalised(*_chosen_key(chosen), chosen.beam_size, round(beta, 2))


@st.cache_data(show_spinner="Translating…", max_entries=512)
def _forced(path: str, device: str, stamp: float, sentence: str, reference: str) -> Translation:
    # the greedy translation comes from its own cache: a page that shows it has made it already
    greedy = _translate(path, device, stamp, sentence, 1)
    return _model_work(with_reference, path, device, stamp, greedy, reference)


def _work_key(model: CheckpointInfo, device: str, text: str) -> tuple[str, str, float, str]:
    """The cache key of a model's work on ``text``: folder, device, weights' stamp, sentence."""
    return str(model.path), device, _stamp(model.path), text


def _chosen_key(chosen: Settings) -> tuple[str, str, float, str]:
    """:func:`_work_key` for the chosen model, device and sentence."""
    return _work_key(chosen.model, chosen.device, chosen.sentence)


@st.cache_data(max_entries=64)  # (S, 512) floats: a few kB each
def _annotations(path: str, device: str, stamp: float, sentence: str) -> np.ndarray:
    return _model_work(encoder_annotations, path, device, stamp, sentence)


def current_annotations(chosen: Settings) -> np.ndarray:
    """(S, H) encoder annotations h_j of the current sentence under the current model."""
    return _annotations(*_chosen_key(chosen))


@st.cache_data(max_entries=16)
def _probe_log(path: str, stamp: int) -> ProbeLog:
    return read_probes(path)


def probe_log(model: CheckpointInfo) -> ProbeLog | None:
    """The model's record of its probe sentences during training; None if it has none.
    Raises ``ProbeError`` for a damaged record."""
    path = model.path / PROBES
    try:
        stamp = path.stat().st_mtime_ns
    except OSError:
        return None
    return _probe_log(str(path), stamp)


@st.cache_data(show_spinner="Decoding from the changed step…", max_entries=256)
def _what_if(
    path: str,
    device: str,
    stamp: float,
    sentence: str,
    step: int,
    piece: str | None,
    weights: tuple[float, ...] | None,
) -> WhatIf:
    greedy = _translate(path, device, stamp, sentence, 1)
    edited = None if weights is None else np.array(weights)
    return _model_work(what_if, path, device, stamp, greedy, step, piece=piece, weights=edited)


def changed_step(
    chosen: Settings, step: int, piece: str | None, weights: np.ndarray | None
) -> WhatIf:
    """The current model's greedy translation of the current sentence with ``step`` (0-based)
    changed (``nmt_core.analysis.whatif``), decoded on; cached like translations."""
    kept = None if weights is None else tuple(float(w) for w in weights)
    return _what_if(*_chosen_key(chosen), step, piece, kept)


@st.cache_data(show_spinner="Computing attributions…", max_entries=128)  # (T, S) floats
def _attributions(
    path: str, device: str, stamp: float, sentence: str, beam_size: int, method: str
) -> np.ndarray:
    translation = _translate(path, device, stamp, sentence, beam_size)
    return _model_work(attribute, path, device, stamp, translation, method)


def attributions(chosen: Settings, method: str) -> np.ndarray:
    """(T, S) ``method``'s attributions of every piece of the current translation (the one the
    pages show, at the sidebar's beam) to its source pieces (``nmt_core.analysis.attribution``)."""
    return _attributions(*_chosen_key(chosen), chosen.beam_size, method)


@st.cache_data(max_entries=128)  # (T, k) pieces and floats
def _votes(path: str, device: str, stamp: float, sentence: str, beam_size: int) -> Votes | None:
    translation = _translate(path, device, stamp, sentence, beam_size)
    return _model_work(shortcut_votes, path, device, stamp, translation)


def current_shortcut_votes(chosen: Settings) -> Votes | None:
    """What the current model's lexical shortcut votes for at each step of the translation the
    pages show (``nmt_core.analysis.votes``); None for a model without the shortcut."""
    if not chosen.model.config.lexical:
        return None
    return _votes(*_chosen_key(chosen), chosen.beam_size)


def eflomal_priors(model: CheckpointInfo) -> Path | None:
    """The priors eflomal needs to align one sentence as if it had seen ``model``'s training
    pairs (``nmt_core.analysis.eflomal``); None when they are not built on this machine."""
    train = model_card(model).get("train_config")
    if train is None:
        return None
    path = priors_path(TrainConfig.from_dict(train))
    return path if path.is_file() else None


@st.cache_data(show_spinner="Aligning with eflomal…", max_entries=256)
def _eflomal(
    priors: str, stamp: int, source: tuple[str, ...], target: tuple[str, ...]
) -> Alignment:
    return align_sentence(source, target, Path(priors)).symmetric[0]


def eflomal_links(priors: Path, source: tuple[str, ...], target: tuple[str, ...]) -> Alignment:
    """eflomal's grow-diag-final-and links between two token lists, with ``priors``."""
    return _eflomal(str(priors), priors.stat().st_mtime_ns, source, target)


@st.cache_data(show_spinner="Searching…", max_entries=64)
def _beam_tree(path: str, device: str, stamp: float, sentence: str, beam_size: int) -> BeamTree:
    return _model_work(beam_tree, path, device, stamp, sentence, beam_size)


def search_tree(chosen: Settings) -> BeamTree:
    """The current model's beam search tree for the current sentence, at the sidebar's beam."""
    return _beam_tree(*_chosen_key(chosen), chosen.beam_size)


@st.cache_data(show_spinner="Placing queries and keys…", max_entries=16)  # ≤ 1 MB each
def _query_keys(path: str, device: str, stamp: float, sentences: tuple[str, ...]) -> QueryKeyMap:
    return _model_work(query_key_map, path, device, stamp, sentences)


def query_keys(chosen: Settings, sentences: tuple[str, ...]) -> QueryKeyMap:
    """The current model's queries and keys of ``sentences`` on one plane
    (``nmt_core.analysis.querykey``; greedy translations). Raises ValueError for a model
    without attention or with coverage."""
    return _query_keys(*_work_key(chosen.model, chosen.device, "")[:3], sentences)


def translation(
    model: CheckpointInfo, device: str, text: str, beam_size: int = 1, reference: str | None = None
) -> Translation:
    """``model``'s translation of ``text`` (with ``reference`` force-decoded when given).

    Raises ``NothingToTranslate`` for an empty text, ``CheckpointError`` or ``OSError`` for a
    checkpoint that fails to load.
    """
    if not text.strip():
        raise NothingToTranslate("nothing to translate")
    key = _work_key(model, device, text)
    try:
        return _translate(*key, beam_size) if reference is None else _forced(*key, reference)
    except CheckpointError:
        raise
    except ValueError as error:  # e.g. only invisible characters: empty after normalising
        raise NothingToTranslate(str(error)) from error


def model_card(model: CheckpointInfo) -> dict[str, Any]:
    """The checkpoint's metadata (direction, scores, "by_length", ...) without loading weights."""
    return read_config(model.path)[1]

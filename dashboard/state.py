"""Caches and the page settings: where the dashboard loads models and translates.

* Models go in ``st.cache_resource``: loaded once per (folder, device), in eval mode, and never
  changed, so every user shares them safely.
* Translations go in ``st.cache_data``, keyed by checkpoint, sentence and settings; each call
  returns a fresh copy of the frozen ``Translation``.
* The sidebar choices (``app.py``) are collected into one frozen :class:`Settings` kept in
  session state, so pages read them instead of widget keys.

What the pages show is shaped in ``views.py``; nothing here decides a rule.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st

from dashboard import views
from nmt_core.checkpoint import (
    CONFIG,
    Checkpoint,
    CheckpointError,
    CheckpointInfo,
    load_checkpoint,
    read_config,
)
from nmt_core.translate import Translation, translate


@dataclass(frozen=True)
class Settings:
    """The sidebar's choices for this run of the page."""

    model: CheckpointInfo  # the checkpoint the pages show
    models: tuple[CheckpointInfo, ...]  # every checkpoint of the same direction
    device: str  # "cpu" or "cuda"
    beam_size: int  # 1 = greedy
    word_level: bool  # attention per word instead of per subword piece
    presentation: bool  # big fonts and a projector-safe colour scale


def settings() -> Settings:
    """The settings ``app.py`` stored for this run (pages run after it)."""
    return st.session_state["settings"]


def _stamp(path: Path) -> float:
    """Changes when a checkpoint folder is replaced, so caches never serve a stale model."""
    return (path / CONFIG).stat().st_mtime


@st.cache_resource(show_spinner="Loading the model…", max_entries=8)
def _load(path: str, device: str, stamp: float) -> Checkpoint:
    return load_checkpoint(path, device=device)


@st.cache_data(show_spinner="Translating…", max_entries=512)
def _translate(
    path: str, device: str, stamp: float, sentence: str, beam_size: int, reference: str | None
) -> Translation:
    model = _load(path, device, stamp)
    return translate(model, sentence, beam_size=beam_size, reference=reference)


def sentence() -> str:
    """The sentence in the input box, cut to MAX_CHARS characters."""
    return st.session_state.get("sentence", "")[: views.MAX_CHARS]


def run(
    model: CheckpointInfo, device: str, beam_size: int = 1, reference: str | None = None
) -> Translation | None:
    """Translate the current sentence with ``model``; None (with a hint shown) if there is none.

    A checkpoint that fails to load stops the page with its error message.
    """
    text = sentence()
    if not text.strip():
        st.info("Type a German sentence above, or pick one of the examples.")
        return None
    try:
        return _translate(str(model.path), device, _stamp(model.path), text, beam_size, reference)
    except ValueError as error:  # e.g. only invisible characters: empty after normalising
        st.info(str(error).capitalize() + ". Type a German sentence above.")
        return None
    except (CheckpointError, OSError) as error:
        st.error(f"Could not load the checkpoint {model.name}:")
        st.code(str(error), language=None)
        st.stop()


def current() -> Translation:
    """The current model's translation of the current sentence; stops the page if there is none."""
    chosen = settings()
    result = run(chosen.model, chosen.device, chosen.beam_size)
    if result is None:
        st.stop()
    if result.truncated:
        st.warning("The sentence is too long for the model: only its beginning was translated.")
    return result


def forced(model: CheckpointInfo, device: str, reference: str) -> Translation | None:
    """The current sentence with ``reference`` force-decoded by ``model`` (see ``.reference``)."""
    result = run(model, device, 1, reference)
    return result if result is not None and result.reference is not None else None


def paired(a: CheckpointInfo, b: CheckpointInfo, chosen: Settings) -> views.Pairing | None:
    """Models A and B compared cell by cell by the rule of ``views.pairing``."""
    first, second = run(a, chosen.device, chosen.beam_size), run(b, chosen.device, chosen.beam_size)
    if first is None or second is None:
        return None

    def force_both(text: str) -> tuple[Translation | None, Translation | None]:
        return forced(a, chosen.device, text), forced(b, chosen.device, text)

    return views.pairing(first, second, chosen.word_level, force_both)


def model_card(model: CheckpointInfo) -> dict[str, Any]:
    """The checkpoint's metadata (direction, scores, "by_length", ...) without loading weights."""
    return read_config(model.path)[1]

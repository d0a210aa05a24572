"""Caches and shared page state: where the dashboard loads models and translates.

* Models go in ``st.cache_resource``: loaded once per (folder, device), in eval mode, and never
  changed, so every user shares them safely.
* Translations go in ``st.cache_data``, keyed by checkpoint, sentence and settings; each call
  returns a fresh copy of the frozen ``Translation``.
* The sidebar choices (``app.py``) are collected into one frozen :class:`Settings` kept in
  session state, so pages read them instead of widget keys.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import streamlit as st

from dashboard.views import MAX_CHARS, SCORER_NAMES, Pairing, attention_view, pair_views
from nmt_core.checkpoint import (
    CONFIG,
    SHIPPED_ROOT,
    Checkpoint,
    CheckpointError,
    CheckpointInfo,
    load_checkpoint,
    read_config,
)
from nmt_core.config import ModelConfig
from nmt_core.translate import Translation, translate

ROOT_VARIABLE = "ATTENTION_LAB_CHECKPOINTS"

EXAMPLES = {
    "verb-final clause": "Ich glaube, dass er morgen kommt.",
    "separable verb": "Der Zug fährt um acht Uhr ab.",
    "noun compound": "Die Haustürschlüssel liegen auf dem Küchentisch.",
    "long sentence": (
        "Als wir gestern Abend nach einem langen Tag in der Stadt endlich nach Hause kamen, "
        "stellten wir fest, dass jemand die Tür offen gelassen hatte."
    ),
}

HOW_TO_TRAIN = """\
# every option, with its default
python -m nmt_core train --help
# the four shipped German->English models (additive, general, dot, none)
bash checkpoints/recipes/train_all.sh
# copy a finished run's chosen weights (written by `python -m nmt_core average`) here,
# where the dashboard looks for them
python -m nmt_core export --checkpoint runs/additive/averaged --output checkpoints/de-en-additive
"""


def checkpoints_root() -> Path:
    """Where the dashboard looks for checkpoint folders: $ATTENTION_LAB_CHECKPOINTS or shipped."""
    return Path(os.environ.get(ROOT_VARIABLE) or SHIPPED_ROOT)


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
    return st.session_state.get("sentence", "")[:MAX_CHARS]


def run(
    model: CheckpointInfo, beam_size: int = 1, reference: str | None = None
) -> Translation | None:
    """Translate the current sentence with ``model``; None (with a hint shown) if there is none.

    A checkpoint that fails to load stops the page with its error message.
    """
    text = sentence()
    if not text.strip():
        st.info("Type a German sentence above, or pick one of the examples.")
        return None
    try:
        return _translate(
            str(model.path),
            settings().device,
            _stamp(model.path),
            text,
            beam_size,
            reference,
        )
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
    result = run(chosen.model, chosen.beam_size)
    if result is None:
        st.stop()
    if result.truncated:
        st.warning("The sentence is too long for the model: only its beginning was translated.")
    return result


def model_label(info: CheckpointInfo) -> str:
    """``de-en-general: Luong multiplicative (general)``; the decoder is named only when it is
    not the one the scorer's paper uses (e.g. additive scoring with a Luong decoder)."""
    label = f"{info.name}: {SCORER_NAMES.get(info.scorer, info.scorer)}"
    usual = "bahdanau" if info.scorer in ("additive", "none") else "luong"
    return label if info.decoder == usual else f"{label}, {info.decoder.capitalize()} decoder"


def model_config(model: CheckpointInfo) -> ModelConfig:
    """The checkpoint's architecture (e.g. whether a Luong decoder feeds h~_{t-1} back in)."""
    return read_config(model.path)[0]


def forced(model: CheckpointInfo, reference: str) -> Translation | None:
    """The current sentence with ``reference`` force-decoded by ``model`` (see ``.reference``)."""
    result = run(model, 1, reference)
    return result if result is not None and result.reference is not None else None


def paired(a: CheckpointInfo, b: CheckpointInfo, word_level: bool) -> Pairing | None:
    """Models A and B's attention over the same source and target tokens, or None.

    If both translate the sentence into the same tokens their matrices compare directly.
    Otherwise both are force-decoded on A's translation, so the rows match again. None when
    even that fails (different tokenizers, or A's translation is empty).
    """
    beam = settings().beam_size
    first, second = run(a, beam), run(b, beam)
    if first is None or second is None:
        return None
    if first.target_pieces == second.target_pieces:
        pair = pair_views(
            attention_view(first, word_level=word_level),
            attention_view(second, word_level=word_level),
            "same output",
        )
        if pair is not None:
            return pair
    forced_a, forced_b = forced(a, first.hypothesis), forced(b, first.hypothesis)
    if forced_a is None or forced_b is None:
        return None
    return pair_views(
        attention_view(forced_a, forced_a.reference, word_level),
        attention_view(forced_b, forced_b.reference, word_level),
        "forced",
    )


def model_card(model: CheckpointInfo) -> dict[str, Any]:
    """The checkpoint's metadata (direction, scores, "by_length", ...) without loading weights."""
    return read_config(model.path)[1]

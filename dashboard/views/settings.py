"""What a page run is asked for: the sidebar's choices and the sentence (:class:`Settings`),
collected once a run by ``app.py``, and a sentence box that asks for nothing
(:class:`NothingToTranslate`).

Plain values, so that every layer may name them: state keeps the settings and raises the error,
pages hand both down, widgets say what went wrong.
"""

from __future__ import annotations

from dataclasses import dataclass

from nmt_core.checkpoint import CheckpointInfo


@dataclass(frozen=True)
class Settings:
    """The sidebar's choices for this run of the page."""

    model: CheckpointInfo  # the checkpoint the pages show
    models: tuple[CheckpointInfo, ...]  # every checkpoint of the same direction
    device: str  # "cpu" or "cuda"
    beam_size: int  # 1 = greedy
    word_level: bool  # attention per word instead of per subword piece
    presentation: bool  # big fonts and a projector-safe colour scale
    sentence: str  # the sentence box, cut to views.MAX_CHARS: read once a run, in app.py


class NothingToTranslate(ValueError):
    """The sentence box is empty, or holds nothing once normalised (invisible characters)."""

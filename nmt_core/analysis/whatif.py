"""What if? Change one decoder step — the piece written, or the attention — and decode on.

Seq2Seq-Vis (``force_attn``) and NMTVis let users do this on stacks that no longer run. Here a
step of a translation is changed in one of two ways and greedy decoding continues from it:

* another piece is written at step t (say the second likeliest), so the rest of the sentence
  follows from that choice;
* the attention α_t is replaced (all weight on one source piece, uniform, or the same weights
  shuffled), so the context c_t, and everything after it, comes from the edited weights.

Steps before t are the original translation's, fed in unchanged, so any difference starts at t.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import torch

from nmt_core.checkpoint import Checkpoint
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import decode_what_if
from nmt_core.translate import Hypothesis, Translation, hypothesis_of, prepare_source

EDITS = ("one", "uniform", "shuffled")  # how α_t can be edited


def edited_attention(
    weights: np.ndarray, edit: str, source: int | None = None, seed: int = 0
) -> np.ndarray:
    """(S,) weights that sum to 1: all on piece ``source`` ("one"), the same for every piece
    ("uniform"), or ``weights`` in a seeded random order ("shuffled"; never the same order
    when S > 1). ``weights``: (S,) one step's attention."""
    weights = np.asarray(weights, dtype=np.float64)
    size = len(weights)
    if edit == "one":
        if source is None or not 0 <= source < size:
            raise ValueError(f"'one' needs a source piece between 0 and {size - 1}; got {source}")
        return np.eye(size)[source]
    if edit == "uniform":
        return np.full(size, 1.0 / size)
    if edit == "shuffled":
        rng = np.random.default_rng(seed)
        order = rng.permutation(size)
        while size > 1 and (order == np.arange(size)).all():
            order = rng.permutation(size)
        return weights[order]
    raise ValueError(f"unknown attention edit {edit!r}; valid: {', '.join(EDITS)}")


@dataclass(frozen=True)
class WhatIf:
    """A translation changed at ``step`` and decoded on: ``original`` and ``changed`` share
    their pieces before ``step``; ``log_prob_change`` is how much likelier (> 0) or less likely
    the model finds the changed sentence, as summed log-probabilities of its pieces."""

    step: int
    original: Hypothesis
    changed: Hypothesis

    @property
    def log_prob_change(self) -> float:
        return float(self.changed.log_probs.sum() - self.original.log_probs.sum())

    @property
    def first_difference(self) -> int | None:
        """The first step whose piece differs (None: the same sentence)."""
        a, b = self.original.target_pieces, self.changed.target_pieces
        t = next((t for t, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), None)
        return t if t is not None or len(a) == len(b) else min(len(a), len(b))


def what_if(
    checkpoint: Checkpoint,
    translation: Translation,
    step: int,
    *,
    piece: str | None = None,
    weights: np.ndarray | None = None,
) -> WhatIf:
    """``translation``'s best hypothesis up to ``step`` (0-based), then ``piece`` written there
    and/or ``weights`` (S,) as α_step, then greedy decoding on.

    Raises ValueError for a step outside the translation, a piece outside the vocabulary, weights
    of the wrong size or not summing to 1, or a model without attention given weights.
    """
    original = translation.best
    if not 0 <= step < len(original.target_pieces):
        raise ValueError(f"step {step} is outside 0..{len(original.target_pieces) - 1}")
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    forced = None
    if weights is not None:
        if original.attention is None:
            raise ValueError("this model has no attention to edit")
        forced = np.asarray(weights, dtype=np.float32)
        size = len(translation.source_pieces)
        if forced.shape != (size,) or not np.isclose(forced.sum(), 1):
            raise ValueError(f"weights must be {size} numbers that sum to 1")
    ids, _ = prepare_source(tokenizer, translation.source)
    src, mask = pad_batch([ids], model.config.pad_id, checkpoint.device)
    prefix = tokenizer.ids(original.target_pieces[:step])
    result = decode_what_if(
        model,
        src,
        mask,
        prefix,
        token=None if piece is None else tokenizer.ids([piece])[0],
        weights=None if forced is None else torch.from_numpy(forced).to(checkpoint.device),
    )
    return WhatIf(step, original, hypothesis_of(result, tokenizer))

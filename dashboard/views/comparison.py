"""Two models side by side: what they differ in, which pair to open on, and their attention
over the same tokens, so that a class compares them cell by cell.

It shapes nmt_core's results and the checkpoints' configs for the Compare page.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from nmt_core.analysis.alignment import alignment_agreement, hard_alignment
from nmt_core.checkpoint import CheckpointInfo
from nmt_core.measures.evaluation import attention_entropy, jensen_shannon
from nmt_core.network.scorers import DECODERS, scorer
from nmt_core.translate import AttentionView, Translation


@dataclass(frozen=True)
class Difference:
    """What two models differ in, from their configs: the scorer only (same decoder), or the
    scorer and the decoder too (then a difference in attention may come from either)."""

    scorer_only: bool
    sentence: str  # one line for the page, naming both models' scorer and decoder


def decoder_name(model: CheckpointInfo) -> str:
    """The decoder a model runs on, as the page names it ("Luong decoder")."""
    label = DECODERS[model.config.decoder].label
    return label.split(":")[0]  # the conditional GRU's label goes on with its formula


def difference(a: CheckpointInfo, b: CheckpointInfo) -> Difference:
    """What models ``a`` and ``b`` differ in (their scorers, their decoders)."""
    same_decoder = a.config.decoder == b.config.decoder
    names = f"{scorer(a.config.scorer).label} and {scorer(b.config.scorer).label}"
    if same_decoder:
        sentence = f"Only the scorer differs: {names}, both on the {decoder_name(a)}."
    else:
        sentence = (
            f"The scorer and the decoder differ: {names}, on the {decoder_name(a)} and the "
            f"{decoder_name(b)}. A difference in attention can come from either."
        )
    return Difference(same_decoder and a.config.scorer != b.config.scorer, sentence)


def default_pair(models: Sequence[CheckpointInfo]) -> tuple[str, str] | None:
    """The pair Compare opens on (names, A first): two models with attention that differ in the
    scorer only, when there are such; else the first two with attention, in the list's order.
    None with fewer than two models with attention."""
    attentive = [m for m in models if m.attends]
    pairs = list(combinations(attentive, 2))
    if not pairs:
        return None
    scorer_only = [(a, b) for a, b in pairs if difference(a, b).scorer_only]
    a, b = (scorer_only or pairs)[0]
    return a.name, b.name


@dataclass(frozen=True)
class Pairing:
    """Two models' attention on one source and one target, so they can be compared cell by cell.

    how: "same output" when both models produced the same tokens, "forced" when both were
    force-decoded on model A's translation.
    """

    a: AttentionView
    b: AttentionView
    how: str

    @property
    def entropy(self) -> tuple[np.ndarray, np.ndarray]:
        return attention_entropy(self.a.matrix), attention_entropy(self.b.matrix)

    @property
    def divergence(self) -> np.ndarray:
        """(T,) Jensen–Shannon divergence between the two models' rows, in nats."""
        return jensen_shannon(self.a.matrix, self.b.matrix)

    @property
    def agreement(self) -> float:
        """Jaccard agreement of the two argmax alignments."""
        return alignment_agreement(
            hard_alignment(self.a.matrix, "argmax"), hard_alignment(self.b.matrix, "argmax")
        )


def pair_views(a: AttentionView | None, b: AttentionView | None, how: str) -> Pairing | None:
    """A :class:`Pairing` when both views exist and have the same tokens on both axes."""
    if a is None or b is None:
        return None
    same_axes = a.source_tokens == b.source_tokens and a.target_tokens == b.target_tokens
    return Pairing(a, b, how) if same_axes else None


def pairing(
    first: Translation,
    second: Translation,
    word_level: bool,
    force_both: Callable[[str], tuple[Translation | None, Translation | None]],
) -> Pairing | None:
    """Models A and B's attention over the same source and target tokens, or None.

    If both translated the sentence into the same tokens their matrices compare directly.
    Otherwise both are force-decoded on A's translation (``force_both(text)`` returns the two
    forced translations), so the rows match again. None when even that fails (different
    tokenizers, no attention, or A's translation is empty).
    """
    if first.target_pieces == second.target_pieces:
        own = pair_views(
            first.attention_view(word_level=word_level),
            second.attention_view(word_level=word_level),
            "same output",
        )
        if own is not None:
            return own
    forced_a, forced_b = force_both(first.hypothesis)
    if forced_a is None or forced_b is None:
        return None
    return pair_views(
        forced_a.attention_view(forced_a.reference, word_level),
        forced_b.attention_view(forced_b.reference, word_level),
        "forced",
    )

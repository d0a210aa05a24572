"""From pairs to tensors: encoding, length-bucketed batches, padding, and word dropout.

An example is (source ids + EOS, target ids + EOS). Batches are lists of example indices; a
collated batch is the four tensors the model's teacher-forced forward pass and the loss take.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import numpy as np
import torch

from nmt_core.network.config import ModelConfig
from nmt_core.text.data import Pair
from nmt_core.text.tokenization import BOS_ID, EOS_ID, Tokenizer


def pad_batch(
    sequences: Sequence[Sequence[int]], pad_id: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor]:
    """(B, longest) padded ids and their (B, longest) mask, True on real tokens."""
    longest = max(len(s) for s in sequences)
    ids = torch.full((len(sequences), longest), pad_id, dtype=torch.long)
    for row, seq in enumerate(sequences):
        ids[row, : len(seq)] = torch.tensor(seq, dtype=torch.long)
    return ids.to(device), (ids != pad_id).to(device)


Example = tuple[list[int], list[int]]  # (source ids + EOS, target ids + EOS)


def encode_pairs(
    tokenizer: Tokenizer,
    pairs: Sequence[Pair],
    alpha: float = 0.0,
    seed: int = 0,
    tagged_kinds: Sequence[str] = (),
) -> list[Example]:
    """Pairs as (source ids + EOS, target ids + EOS); ``alpha`` > 0 samples the segmentations
    (``Tokenizer.sample_batch``) with ``seed``, else each text gets its usual one. Sources of
    ``tagged_kinds`` pairs start with BOS, an id no untagged source contains."""
    texts = ([p.source for p in pairs], [p.target for p in pairs])
    if alpha:
        sources, targets = (
            tokenizer.sample_batch(side, alpha, seed + i) for i, side in enumerate(texts)
        )
    else:
        sources, targets = (tokenizer.encode_batch(side) for side in texts)
    encoded = (as_example(*row, tagged_kinds) for row in zip(pairs, sources, targets, strict=True))
    return [example for example in encoded if example is not None]


def as_example(
    pair: Pair, source: list[int], target: list[int], tagged_kinds: Sequence[str] = ()
) -> Example | None:
    """``pair``'s encoded sides as an example (BOS in front of a tagged kind's source, EOS at
    the end of both); None when a side encodes to nothing."""
    if not (source and target):
        return None
    return ([BOS_ID] if pair.kind in tagged_kinds else []) + source + [EOS_ID], target + [EOS_ID]


def make_batches(examples: Sequence[Example], batch_tokens: int, seed: int) -> list[np.ndarray]:
    """Length-bucketed batches (arrays of example indices) of at most ``batch_tokens`` padded
    tokens (batch size times the longest source or target in it), in a seeded order.

    Examples are shuffled, then sorted by length inside large pools, so a batch holds sentences
    of similar length (little padding) while the epoch order stays random. Indices live in
    numpy arrays, not lists: 10 million of them take 80 MB instead of 360.
    """
    rng = random.Random(seed)
    sources, targets = lengths_of(examples)
    order = np.arange(len(sources), dtype=np.int32)
    rng.shuffle(order)  # type: ignore[arg-type]  # the same draws as for a list
    pool = 100 * max(1, batch_tokens // 20)
    batches: list[np.ndarray] = []
    for start in range(0, len(order), pool):
        chunk = order[start : start + pool]
        chunk = chunk[np.lexsort((sources[chunk], targets[chunk]))]  # stable: by target, source
        ends, size, longest = [], 0, 0
        for k, length in enumerate(np.maximum(sources[chunk], targets[chunk]).tolist()):
            if size and max(longest, length) * (size + 1) > batch_tokens:
                ends.append(k)
                size, longest = 0, 0
            size, longest = size + 1, max(longest, length)
        batches.extend(np.split(chunk, ends))
    rng.shuffle(batches)
    return batches


def lengths_of(examples: Sequence[Example]) -> tuple[np.ndarray, np.ndarray]:
    """(source lengths, target lengths) of the examples; a store on disk
    (``streaming.StoredExamples``) gives them without reading its examples."""
    stored = getattr(examples, "lengths", None)
    if stored is not None:
        return stored()
    sources = np.fromiter((len(s) for s, _ in examples), dtype=np.int32, count=len(examples))
    targets = np.fromiter((len(t) for _, t in examples), dtype=np.int32, count=len(examples))
    return sources, targets


def collate(
    examples: Sequence[Example], pad_id: int, bos_id: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """src (B, S), src_mask (B, S), tgt_in (B, T) = BOS y..., tgt_out (B, T) = y... EOS."""
    src, src_mask = pad_batch([s for s, _ in examples], pad_id, device)
    tgt_in, _ = pad_batch([[bos_id] + t[:-1] for _, t in examples], pad_id, device)
    tgt_out, _ = pad_batch([t for _, t in examples], pad_id, device)
    return src, src_mask, tgt_in, tgt_out


def drop_tokens(ids: torch.Tensor, rate: float, unk_id: int, keep: Sequence[int]) -> torch.Tensor:
    """(B, T) ids with each token not in ``keep`` (pad, BOS, EOS) replaced by ``unk_id`` with
    probability ``rate``; draws from torch's generator, so a resumed run draws the same."""
    if rate == 0.0:
        return ids
    droppable = ~torch.isin(ids, torch.tensor(list(keep), device=ids.device))
    return ids.masked_fill(droppable & (torch.rand(ids.shape, device=ids.device) < rate), unk_id)


def with_token_dropout(
    batch: tuple[torch.Tensor, ...], rate: float, config: ModelConfig
) -> tuple[torch.Tensor, ...]:
    """A collated batch with word dropout on the model's inputs (source, target history);
    the tokens to predict stay as they are."""
    src, src_mask, tgt_in, tgt_out = batch
    keep = (config.pad_id, config.bos_id, config.eos_id)
    return (
        drop_tokens(src, rate, config.unk_id, keep),
        src_mask,
        drop_tokens(tgt_in, rate, config.unk_id, keep),
        tgt_out,
    )

"""Guided alignment (Chen et al. 2016): attention trained towards a statistical aligner's links.

An optional training objective, one of the alignment levers tried (docs/model-history.md), never
a silent replacement: a run with ``guided_alignment`` = λ > 0 adds to the translation loss λ
times the cross-entropy between a guide G and the attention α, over the target pieces that have
a link:

    L = CE(y) + λ · (1 / |guided rows|) · Σ_{t guided} Σ_j −G_tj · log α_tj

G comes from eflomal's grow-diag-final-and links between the whitespace words of each training
pair (``nmt_core.analysis.eflomal``, all distinct training pairs aligned together once): the row of
a target piece is spread evenly over the pieces of the source words its word is linked to. A
target word without a link, and </s>, is not guided. The links are kept in the run folder
(``guidance.json``), so a resumed run trains towards the same links (eflomal's sampler seeds
itself at random) and nothing derived from the corpus leaves the run.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
import torch

from nmt_core.analysis.alignment import Alignment, format_pharaoh, parse_pharaoh
from nmt_core.analysis.eflomal import align_corpus
from nmt_core.decoding.batching import Example, as_example
from nmt_core.text.data import Pair
from nmt_core.text.tokenization import BOS_ID, Tokenizer, word_groups

GUIDANCE = "guidance.json"  # in the run folder: the links, one Pharaoh line per distinct pair
Key = tuple[tuple[int, ...], tuple[int, ...]]  # an example's ids: (source, target)
Guides = dict[Key, np.ndarray]  # example ids -> (K, 2) guided cells (target piece, source piece)
Aligner = Callable[[Sequence[tuple[str, str]]], list[Alignment]]


def eflomal_links(texts: Sequence[tuple[str, str]]) -> list[Alignment]:
    """eflomal's grow-diag-final-and links for every (source, target) text pair."""
    return align_corpus(texts).symmetric


def word_links(
    pairs: Sequence[Pair], path: Path, aligner: Aligner | None = None
) -> list[Alignment]:
    """Each pair's word links: read from ``path`` when a run saved them, else aligned now
    (``aligner``; by default :func:`eflomal_links`) and saved there. Raises ValueError when
    ``path`` holds the links of other pairs (the corpus or the recipe changed under a resumed
    run)."""
    texts = list(dict.fromkeys((p.source, p.target) for p in pairs))
    digest = hashlib.sha256(json.dumps(texts, ensure_ascii=False).encode()).hexdigest()
    if path.is_file():
        saved = json.loads(path.read_text(encoding="utf-8"))
        if saved.get("pairs_sha256") != digest:
            raise ValueError(
                f"{path} holds guided-alignment links for other training pairs: the corpus or "
                "the recipe changed; delete the file to align these pairs again"
            )
        found = [parse_pharaoh(line)[0] for line in saved["links"]]
    else:
        found = (aligner or eflomal_links)(texts)  # looked up now: tests replace it
        record = {
            "pairs_sha256": digest,
            "method": "given" if aligner else "eflomal grow-diag-final-and",
            "links": [format_pharaoh(links) for links in found],
        }
        partial = path.with_suffix(".partial")
        partial.write_text(json.dumps(record), encoding="utf-8")
        os.replace(partial, path)  # whole or absent, even if the run is killed here
    by_text = dict(zip(texts, found, strict=True))
    return [by_text[(p.source, p.target)] for p in pairs]


def piece_cells(
    links: Alignment,
    source_pieces: Sequence[str],
    target_pieces: Sequence[str],
    words: tuple[int, int],
    offset: int = 0,
) -> np.ndarray:
    """(K, 2) int32 guided cells (target piece, source piece + ``offset``) of word ``links``.

    ``links``: (source word, target word) pairs over the texts' whitespace tokens, of which
    there are ``words`` (source, target); the pieces are those of the texts alone (no BOS or
    EOS). Empty when the pieces make other words than the whitespace tokens (then the pair is
    not guided rather than guided wrongly).
    """
    sources, targets = word_groups(source_pieces), word_groups(target_pieces)
    if (len(sources), len(targets)) != words or any(
        s >= words[0] or t >= words[1] for s, t in links
    ):
        return np.zeros((0, 2), dtype=np.int32)
    cells = [
        (t, s + offset)
        for source, target in sorted(links)
        for t in targets[target]
        for s in sources[source]
    ]
    return np.array(cells, dtype=np.int32).reshape(-1, 2)


def guides_for(
    tokenizer: Tokenizer,
    pairs: Sequence[Pair],
    links: Sequence[Alignment],
    tagged_kinds: Sequence[str] = (),
) -> Guides:
    """The guided cells of every example the pairs encode to (as ``encode_pairs`` encodes
    them, with their usual segmentation), keyed by the example's ids."""
    sources = tokenizer.encode_batch([p.source for p in pairs])
    targets = tokenizer.encode_batch([p.target for p in pairs])
    guides: Guides = {}
    for pair, words, source, target in zip(pairs, links, sources, targets, strict=True):
        example = as_example(pair, source, target, tagged_kinds)
        if example is None:
            continue
        offset = int(example[0][0] == BOS_ID)  # a tagged source starts with BOS
        counts = len(pair.source.split()), len(pair.target.split())
        cells = piece_cells(
            words, tokenizer.pieces(source), tokenizer.pieces(target), counts, offset
        )
        guides[example_key(example)] = cells
    return guides


def example_key(example: Example) -> Key:
    return tuple(example[0]), tuple(example[1])


def guide_tensor(
    cells: Sequence[np.ndarray | None], targets: int, sources: int, device: torch.device
) -> torch.Tensor:
    """(B, T, S) guide: each guided row spread evenly over its cells, other rows all zero."""
    guide = torch.zeros(len(cells), targets, sources)
    for row, found in enumerate(cells):
        if found is not None and len(found):
            index = torch.from_numpy(found).long()
            guide[row, index[:, 0], index[:, 1]] = 1.0
    guide = guide / guide.sum(-1, keepdim=True).clamp(min=1.0)
    return guide.to(device)


def alignment_loss(attention: torch.Tensor, guide: torch.Tensor) -> torch.Tensor:
    """Mean over guided rows of −Σ_j G_tj log α_tj (0 when no row is guided).

    attention: (B, T, S) weights, rows summing to 1; guide: (B, T, S) from :func:`guide_tensor`.
    """
    rows = guide.sum(-1) > 0
    if not bool(rows.any()):
        return attention.new_zeros(())
    log_attention = attention.float().clamp(min=1e-9).log()
    return -(guide * log_attention).sum() / rows.sum()

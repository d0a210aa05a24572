"""Corpora larger than memory: a TSV read in passes, its training pairs kept as token ids on disk.

With ``TrainConfig.stream`` the corpus (a TSV: ``source TAB target``) is never held in memory
as text:

1. **The split, by hash** (:func:`stream_split`). Every text gets a seeded hash in [0, 1). A pair
   is *held out* when the hashes of both its sides fall below a share h, and trained on when
   neither does; a pair with just one side below h is dropped. So no source and no target of a
   held-out pair occurs in training (leak-free, as the in-memory split), without a table of the
   texts seen. h is chosen from the corpus's line count so that about twice dev + test pairs
   are held out (h^2 of the lines) and about 2h of them dropped. Dev, then test, are the held-out
   pairs of the smallest hashes. Pairs are filtered as in memory (kinds, ``max_words``, length
   ratio) but not deduplicated.
2. **The tokenizer** is trained on a seeded reservoir sample of the training texts.
3. **The training pairs as ids** (:func:`write_examples`): encoded in chunks and appended to
   ``RUN/stream/ids.int32``, with each pair's two lengths in ``lengths.int32``; written once per
   run (a ``done`` marker last), reused on resume.

:class:`StoredExamples` reads them back one pair at a time with ``os.pread``: nothing of the file
is mapped or cached in the process, so memory stays with the lengths (8 bytes a pair), their
offsets (8) and the batch order (8), whatever the corpus size. The in-memory mode and every
recorded split are unchanged.
"""

from __future__ import annotations

import hashlib
import logging
import math
import os
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import numpy as np

from nmt_core.network.config import TrainConfig
from nmt_core.text.data import (
    CorpusError,
    Pair,
    Split,
    classify,
    filter_pairs,
    normalize_text,
)
from nmt_core.text.tokenization import EOS_ID, Tokenizer

log = logging.getLogger(__name__)
SAMPLE_TEXTS = 300_000  # training texts the tokenizer learns from
CHUNK = 10_000  # pairs encoded at a time
DONE = "done"


def text_hash(text: str, seed: int) -> float:
    """A seeded hash of ``text`` (case-insensitive) in [0, 1)."""
    digest = hashlib.blake2b(f"{seed}\t{text.casefold()}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") / 2**64


def count_lines(path: Path) -> int:
    """Lines of a file, read in binary blocks (a second per few hundred MB)."""
    with path.open("rb") as data:
        return sum(block.count(b"\n") for block in iter(lambda: data.read(1 << 24), b""))


def held_out_share(lines: int, cfg: TrainConfig) -> float:
    """h such that about twice dev + test of ``lines`` pairs have both sides' hashes below h."""
    wanted = 2 * (cfg.dev_size + cfg.test_size)
    return min(0.5, math.sqrt(wanted / max(lines, 1)))


def tsv_pairs(cfg: TrainConfig) -> Iterator[Pair]:
    """The usable pairs of the TSV ``cfg.corpus``, one at a time, filtered as in memory."""
    path = Path(cfg.corpus)
    if not path.is_file():
        raise CorpusError(f"Corpus file not found at {path}: pass an existing TSV of pairs")
    with path.open(encoding="utf-8-sig", errors="replace") as lines:
        for line in lines:
            columns = line.rstrip("\r\n").split("\t")
            if len(columns) < 2:
                continue
            source, target = (normalize_text(c) for c in columns[:2])  # a TSV's own order
            if not (source and target):
                continue
            pair = Pair(source, target, classify(source))
            if pair.kind in cfg.kinds and filter_pairs([pair], max_words=cfg.max_words):
                yield pair


def part_of(pair: Pair, share: float, seed: int) -> str:
    """ "held out", "train" or "dropped" (one side's hash below ``share``, the other's not)."""
    below = (text_hash(pair.source, seed) < share, text_hash(pair.target, seed) < share)
    return "held out" if all(below) else "dropped" if any(below) else "train"


def stream_split(cfg: TrainConfig) -> tuple[Split, list[str]]:
    """Dev and test pairs (train left empty: it stays on disk) and a seeded sample of training
    texts for the tokenizer; one pass over the corpus."""
    share = held_out_share(count_lines(Path(cfg.corpus)), cfg)
    held: dict[tuple[str, str], float] = {}
    sample: list[str] = []
    rng = random.Random(cfg.seed)
    seen = dropped = 0
    for pair in tsv_pairs(cfg):
        part = part_of(pair, share, cfg.seed)
        if part == "held out":
            held[pair.source, pair.target] = text_hash(pair.source + "\t" + pair.target, cfg.seed)
        elif part == "dropped":
            dropped += 1
        else:
            for text in (pair.source, pair.target):  # reservoir sampling (Algorithm R)
                seen += 1
                if len(sample) < SAMPLE_TEXTS:
                    sample.append(text)
                elif (k := rng.randrange(seen)) < SAMPLE_TEXTS:
                    sample[k] = text
    if not (held or seen):
        raise CorpusError(f"{cfg.corpus} has no usable pairs of kinds {cfg.kinds}: --stream "
                          "reads a TSV (source TAB target)")  # fmt: skip
    order = sorted(held, key=held.__getitem__)
    pairs = [Pair(s, t, "sentence") for s, t in order]
    dev, test = pairs[: cfg.dev_size], pairs[cfg.dev_size : cfg.dev_size + cfg.test_size]
    log.info("stream split: share %.4f, %d held out, %d dropped, %d training texts seen",
             share, len(held), dropped, seen)  # fmt: skip
    return Split([], dev, test), sample


def write_examples(cfg: TrainConfig, tokenizer: Tokenizer, folder: Path) -> StoredExamples:
    """Encode the training pairs into ``folder`` (once; a finished folder is reused)."""
    if (folder / DONE).is_file():
        return StoredExamples(folder)
    folder.mkdir(parents=True, exist_ok=True)
    share = held_out_share(count_lines(Path(cfg.corpus)), cfg)
    pairs = (p for p in tsv_pairs(cfg) if part_of(p, share, cfg.seed) == "train")
    written = 0
    with (folder / "ids.int32").open("wb") as ids, (folder / "lengths.int32").open("wb") as lens:
        while chunk := [p for _, p in zip(range(CHUNK), pairs, strict=False)]:
            sources = tokenizer.encode_batch([p.source for p in chunk])
            targets = tokenizer.encode_batch([p.target for p in chunk])
            for s, t in zip(sources, targets, strict=True):
                if s and t:
                    ids.write(np.array([*s, EOS_ID, *t, EOS_ID], dtype=np.int32).tobytes())
                    lens.write(np.array([len(s) + 1, len(t) + 1], dtype=np.int32).tobytes())
                    written += 1
    (folder / DONE).write_text(f"{written}\n")
    log.info("stream: %d training pairs encoded into %s", written, folder)
    return StoredExamples(folder)


class StoredExamples(Sequence[tuple[list[int], list[int]]]):
    """The training pairs :func:`write_examples` stored: (source ids + EOS, target ids + EOS),
    read from disk when asked for."""

    def __init__(self, folder: Path) -> None:
        lengths = np.fromfile(folder / "lengths.int32", dtype=np.int32).reshape(-1, 2)
        self._sources, self._targets = lengths[:, 0].copy(), lengths[:, 1].copy()
        starts = np.zeros(len(lengths) + 1, dtype=np.int64)
        np.cumsum(lengths.sum(axis=1), out=starts[1:])
        self._starts = starts
        self._fd = os.open(folder / "ids.int32", os.O_RDONLY)

    def __len__(self) -> int:
        return len(self._sources)

    def __getitem__(self, i: int) -> tuple[list[int], list[int]]:  # type: ignore[override]
        source, target = int(self._sources[i]), int(self._targets[i])
        raw = os.pread(self._fd, 4 * (source + target), 4 * int(self._starts[i]))
        ids = np.frombuffer(raw, dtype=np.int32).tolist()
        return ids[:source], ids[source:]

    def lengths(self) -> tuple[np.ndarray, np.ndarray]:
        """(source lengths, target lengths), EOS included, without reading the pairs."""
        return self._sources, self._targets

    def __del__(self) -> None:
        if hasattr(self, "_fd"):
            os.close(self._fd)

"""Tatoeba's everyday sentence pairs as a corpus of their own (``TrainConfig.tatoeba``): read in
either direction, filtered, split by English sentence into train, choose and report, and the
train part, its names capped, added to a run's training pairs.

Users type short everyday sentences; Tatoeba (tatoeba.org) is a large collection of exactly
those, translated by people. The file is manythings.org's ``deu-eng`` (``English TAB German
[TAB attribution]``, one pair a line), whole (~270,000 pairs) or a part of it. Several German
translations of one English sentence are separate lines and stay separate pairs. Whatever is
trained on it credits :data:`CREDIT`.

Filters (:func:`read_tatoeba`), each counted under its name in the reader's report:

* ``malformed``: fewer than two columns, or a side empty once normalized (a side of zero-width
  characters is empty); a third column (the attribution) is ignored.
* ``markup``: a URL (``http://``, ``www.``), a tag (``<i>``) or one of ``[ ] { } |`` on either
  side: notes and formatting, nothing a user types.
* ``archaic``: an English side with "thou", "thee", "thy", "thine", "ye", "hath", "doth" or
  "shalt" (Tatoeba holds some archaic sentences; users do not write them).
* ``vulgar``: a word that starts with one of :data:`VULGAR` on either side (case-insensitive):
  the dashboard serves classes.
* ``too_long``: a side over ``max_words`` words, or sides whose lengths differ oddly
  (:func:`~nmt_core.text.data.filter_pairs`, the main corpus's rule).
* ``duplicate``: a pair seen before.

The split (:func:`tatoeba_parts`) is :func:`~nmt_core.text.data.split_pairs` keyed on the English
side in both directions: pairs that share an English (or a German) sentence form one group, and
groups go to choose, then report, in the order of a seeded blake2b hash of their smallest English
sentence (stable across processes, unlike ``hash()``), so no sentence is on two sides, all the
translations of one English sentence go to one part, and de-en and en-de hold out the same pairs.
Train drops every pair that shares a side with choose or report. The split never depends on the
name cap, the repeats or the avoided fixtures, which act on the train part only.
"""

from __future__ import annotations

import logging
import math
import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from nmt_core.corpora.generated import measured_texts
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import (
    DIRECTIONS,
    Pair,
    ReadReport,
    Split,
    deduplicate,
    drop_held_out,
    filter_pairs,
    read_tsv,
    split_pairs,
)

log = logging.getLogger(__name__)

CREDIT = "Tatoeba contributors (tatoeba.org), CC BY 2.0 FR"
HELD_OUT_FILES = ("choose.tsv", "report.tsv")  # what write_held_out writes
# The names Tatoeba's sentences use far more than people do, with their German spellings: in the
# first 50,001 pairs of deu-eng, "Tom" is in 23.4% of the pairs and "Mary"/"Maria" in 0.9%.
CAPPED_NAMES = {"Tom": ("Tom",), "Mary": ("Mary", "Maria")}
VULGAR = (
    "fuck", "shit", "bitch", "cunt", "asshole", "bastard", "whore", "slut", "wank",
    "scheiß", "scheiss", "fick", "arsch", "hure", "schlampe", "fotze", "wichs",
)  # fmt: skip
_MARKUP = re.compile(r"https?://|www\.|<[^<>]+>|[\[\]{}|]")
_ARCHAIC = re.compile(r"\b(?:thou|thee|thy|thine|ye|hath|doth|shalt)\b", re.IGNORECASE)
_VULGAR = re.compile(r"\b(?:" + "|".join(VULGAR) + ")", re.IGNORECASE)
# Whole words only: "Tom", not "Tomate".
_NAMES = {
    name: re.compile(r"\b(?:" + "|".join(forms) + r")\b") for name, forms in CAPPED_NAMES.items()
}


@dataclass(frozen=True)
class TatoebaParts:
    """Tatoeba's pairs in a run's direction: ``train`` (trained on), ``choose`` (to choose models
    and mixes on) and ``report`` (only to report on); no sentence is in two parts."""

    train: list[Pair]
    choose: list[Pair]
    report: list[Pair]

    def sizes(self) -> dict[str, int]:
        """Number of pairs per part."""
        return {"train": len(self.train), "choose": len(self.choose), "report": len(self.report)}


def odd_reason(english: str, german: str) -> str | None:
    """The filter (module docstring) that drops the pair ``english`` :: ``german``, or None."""
    if _MARKUP.search(english) or _MARKUP.search(german):
        return "markup"
    if _ARCHAIC.search(english):
        return "archaic"
    if _VULGAR.search(english) or _VULGAR.search(german):
        return "vulgar"
    return None


def read_tatoeba(path: str | Path, direction: str, max_words: int) -> tuple[list[Pair], ReadReport]:
    """The pairs of a Tatoeba file (``English TAB German``) that pass the filters of the module
    docstring, German sources for "de-en" and English ones for "en-de", in the file's order.

    A pair's kind is that of its English side in both directions. Raises
    :class:`~nmt_core.text.data.CorpusError` when the file is missing or not UTF-8.
    """
    if direction not in DIRECTIONS:
        raise ValueError(
            f"Tatoeba is English-German: direction must be one of {', '.join(DIRECTIONS)}; "
            f"got {direction!r}"
        )
    pairs, report = read_tsv(path)  # English sources: the file's first column
    short = set(filter_pairs(pairs, max_words=max_words))
    kept = []
    for pair in pairs:
        reason = odd_reason(pair.source, pair.target) or (None if pair in short else "too_long")
        if reason:
            report.skip(reason)
        else:
            kept.append(pair)
    unique = deduplicate(kept)
    if len(unique) < len(kept):
        report.skipped["duplicate"] = len(kept) - len(unique)
    report.pairs_by_kind = dict(Counter(pair.kind for pair in unique))  # what is kept
    return [p.swapped() for p in unique] if direction == "de-en" else unique, report


def tatoeba_parts(cfg: TrainConfig) -> TatoebaParts:
    """``cfg.tatoeba``'s pairs split by English sentence (module docstring) into
    ``cfg.tatoeba_choose`` choose pairs, ``cfg.tatoeba_report`` report pairs and train, by
    ``cfg.seed``, in ``cfg.direction``.

    The split is made on English sources and then swapped for de-en, so both directions hold
    out the same pairs and list every part in the same order (and the name cap draws alike).
    """
    pairs, report = read_tatoeba(cfg.tatoeba, "en-de", cfg.max_words)
    log.info("read %s", report.summary())
    split = split_pairs(pairs, cfg.tatoeba_choose, cfg.tatoeba_report, cfg.seed)
    parts = (split.train, split.dev, split.test)
    if cfg.direction == "de-en":
        parts = tuple([pair.swapped() for pair in part] for part in parts)
    return TatoebaParts(*parts)


def mentions(pair: Pair, name: str) -> bool:
    """Whether either side of ``pair`` holds ``name`` of :data:`CAPPED_NAMES`, in either of its
    spellings, as a whole word ("Tom", not "Tomate")."""
    pattern = _NAMES[name]
    return bool(pattern.search(pair.source) or pattern.search(pair.target))


def cap_names(pairs: Sequence[Pair], share: float, seed: int) -> list[Pair]:
    """``pairs`` (in their order) less a seeded draw of those that mention a name of
    :data:`CAPPED_NAMES`, so that at most ``share`` of the pairs kept mention any one name.

    Of ``n`` pairs that mention a name among ``n + rest``, ``k = floor(share * rest /
    (1 - share))`` are kept, the largest ``k`` with ``k <= share * (rest + k)``. Names are capped
    in turn until none is over: dropping one name's pairs raises another's share. ``share`` 1
    keeps every pair.
    """
    if not 0 <= share <= 1:
        raise ValueError(f"share must be in [0, 1]; got {share}")
    kept, rng = list(pairs), random.Random(seed)
    ratio = Fraction(share).limit_denominator(1_000_000)  # exact: 0.05 is 1/20, not 0.05000...01
    over = ratio < 1
    while over:
        over = False
        for name in CAPPED_NAMES:
            named = [i for i, pair in enumerate(kept) if mentions(pair, name)]
            allowed = math.floor(ratio * (len(kept) - len(named)) / (1 - ratio))
            if len(named) > allowed:
                dropped = set(rng.sample(named, len(named) - allowed))
                kept = [pair for i, pair in enumerate(kept) if i not in dropped]
                over = True
    return kept


def tatoeba_train(train: Sequence[Pair], held_out: Sequence[Pair], cfg: TrainConfig) -> list[Pair]:
    """Tatoeba's train pairs a run learns from, once: less each pair that shows a sentence of
    ``cfg.generated_avoid`` (the measuring fixtures) on either side or shares a side with
    ``held_out`` (the run's dev and test pairs), its names capped to ``cfg.tatoeba_name_share``."""
    # a measured text as both sides of a pair: no side of a kept pair may equal it, either way
    shown = [Pair(text, text) for text in measured_texts(cfg.generated_avoid)]
    unseen = drop_held_out(train, [*held_out, *shown])
    return cap_names(unseen, cfg.tatoeba_name_share, cfg.seed)


def with_tatoeba(pairs: Sequence[Pair], split: Split, cfg: TrainConfig) -> list[Pair]:
    """A run's other training ``pairs`` plus Tatoeba's train pairs ``cfg.tatoeba_repeats``
    times, when ``cfg.tatoeba`` names the file; the other pairs then lose each pair that shares
    a side with a choose or report pair, so those stay unseen whatever else the run trains on."""
    if not cfg.tatoeba:
        return list(pairs)
    parts = tatoeba_parts(cfg)
    others = drop_held_out(pairs, parts.choose + parts.report)
    train = tatoeba_train(parts.train, split.dev + split.test, cfg)
    log.info(
        "tatoeba: %s; %d train pairs after the fixtures and the name cap, x%d; %d other "
        "pairs dropped for showing a held-out sentence",
        parts.sizes(), len(train), cfg.tatoeba_repeats, len(pairs) - len(others),
    )  # fmt: skip
    return others + train * cfg.tatoeba_repeats


def write_held_out(cfg: TrainConfig, folder: str | Path) -> list[Path]:
    """Write ``cfg.tatoeba``'s choose and report parts into ``folder`` as :data:`HELD_OUT_FILES`
    (``source TAB reference``, the direction's sources; ``nmt-core evaluate --tsv`` reads them).
    Returns the files written."""
    parts = tatoeba_parts(cfg)
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, part in zip(HELD_OUT_FILES, (parts.choose, parts.report), strict=True):
        path = folder / name
        path.write_text("".join(f"{p.source}\t{p.target}\n" for p in part), encoding="utf-8")
        written.append(path)
    return written

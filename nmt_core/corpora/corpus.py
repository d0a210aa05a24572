"""Which pairs a run uses: the cleaned corpus, its recorded split, extra corpora, the tokenizer.

A run's split is rebuilt from its ``TrainConfig`` alone (same corpus, sizes and seed give the
same split), so a checkpoint's metadata is enough to find its dev and test pairs again.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from nmt_core.checkpoint import CheckpointError, read_config
from nmt_core.corpora.generated import fixed_phrase_copies, generated_pairs
from nmt_core.corpora.streaming import stream_split
from nmt_core.corpora.tatoeba import with_tatoeba
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import (
    CorpusError,
    Pair,
    Split,
    deduplicate,
    drop_held_out,
    filter_pairs,
    pronoun_sentences,
    read_corpus,
    split_pairs,
)
from nmt_core.text.tokenization import Tokenizer, train_tokenizer

log = logging.getLogger(__name__)


def cleaned_pairs(path: str, cfg: TrainConfig) -> list[Pair]:
    """The pairs of a corpus file, read, length-filtered and deduplicated as ``cfg`` says."""
    pairs, report = read_corpus(path, cfg.direction)
    log.info("read %s", report.summary())
    return deduplicate(filter_pairs(pairs, max_words=cfg.max_words))


def prepare_split(cfg: TrainConfig) -> Split:
    """Read, clean, filter and split the corpus deterministically (the same split every run).
    A streamed corpus (``cfg.stream``) is split by hash and its train part stays on disk."""
    if cfg.stream:
        return stream_split(cfg)[0]
    pairs = cleaned_pairs(cfg.corpus, cfg)
    # en-de holds out the same sentences as de-en, swapped (see split_pairs)
    split = split_pairs(pairs, cfg.dev_size, cfg.test_size, cfg.seed, cfg.direction == "en-de")
    log.info("split sizes %s", split.sizes())
    return split


def recorded_split(meta: dict[str, Any]) -> Split:
    """The split a checkpoint was trained beside, from the train config in its ``meta``."""
    if "train_config" not in meta:
        raise CheckpointError("the checkpoint does not record its training data")
    return prepare_split(TrainConfig.from_dict(meta["train_config"]))


def training_pairs(split: Split, cfg: TrainConfig) -> list[Pair]:
    """The pairs trained on: chosen kinds, full sentences repeated, plus extra TSV corpora,
    augmented pairs and Tatoeba's train part (``cfg.tatoeba``: :mod:`nmt_core.corpora.tatoeba`).

    Ding's 513k single words would outnumber its 20k sentences 25 to 1, so ``word_sample``
    keeps a seeded sample of them: vocabulary for the model without drowning the sentences.
    """
    chosen = [p for p in split.train if p.kind in cfg.kinds]
    if cfg.word_sample:
        words = [p for p in chosen if p.kind == "word"]
        sample = random.Random(cfg.seed).sample(words, min(cfg.word_sample, len(words)))
        chosen = [p for p in chosen if p.kind != "word"] + sample
    sentences = [p for p in chosen if p.kind == "sentence"]
    pairs = chosen + sentences * (cfg.sentence_repeats - 1) + extra_pairs(split, cfg)
    return with_tatoeba(pairs + augmented_pairs(split, cfg), split, cfg)


def augmented_pairs(split: Split, cfg: TrainConfig) -> list[Pair]:
    """The pairs ``cfg.augment`` makes (from the corpus's own entries, or written by the
    generator), of ``cfg.kinds``, that train does not hold yet and that share no side with a
    dev or test sentence.

    They are made after the split, so the split (and every recorded one) stays the same.
    """
    if not cfg.augment:
        return []
    made: list[Pair] = []
    phrases = [p for p in split.train if p.kind == "phrase"]
    if "slash_alternatives" in cfg.augment:
        pairs, _ = read_corpus(cfg.corpus, cfg.direction, expand_slashes=True)
        expanded = deduplicate(filter_pairs(pairs, max_words=cfg.max_words))
        made += expanded
        phrases += [p for p in expanded if p.kind == "phrase"]
    if "pronoun_sentences" in cfg.augment:
        made += pronoun_sentences(phrases)
    if "generated_sentences" in cfg.augment:
        made += generated_pairs(cfg)
    known = {(p.source, p.target) for p in split.train}
    fresh = [
        p for p in deduplicate(made) if p.kind in cfg.kinds and (p.source, p.target) not in known
    ]
    kept = drop_held_out(fresh, split.dev + split.test)
    if "generated_sentences" in cfg.augment:  # (after deduplicate, which would undo them)
        kept += fixed_phrase_copies([*split.train, *kept], cfg)
    log.info("augment %s: %d new training pairs", ",".join(cfg.augment), len(kept))
    return kept


def extra_pairs(split: Split, cfg: TrainConfig) -> list[Pair]:
    """The pairs of ``cfg.extra_corpora``, cleaned and filtered like the main corpus, without
    any pair that shares a side with a dev or test sentence (the scores would count it)."""
    pairs = deduplicate([p for path in cfg.extra_corpora for p in cleaned_pairs(path, cfg)])
    kept = drop_held_out(pairs, split.dev + split.test)
    if pairs:
        log.info("extra corpora: %d pairs after cleaning, %d trained on", len(pairs), len(kept))
    return kept


def build_tokenizer(
    cfg: TrainConfig, pairs: Sequence[Pair], sample: Sequence[str] | None = None
) -> Tokenizer:
    """Reuse ``cfg.tokenizer`` (same vocabulary across compared models) or train a joint one
    on the pairs' texts (or on ``sample``, a streamed corpus's sample of them)."""
    if cfg.tokenizer:
        return Tokenizer.load(cfg.tokenizer)
    if sample is None:
        sample = [text for p in pairs for text in (p.source, p.target)]
    texts = sorted(set(sample))
    return train_tokenizer(texts, cfg.vocab_size)


def dev_pairs(meta: dict[str, Any]) -> list[Pair]:
    """The dev pairs a run was evaluated on while training (``meta`` of its checkpoint)."""
    eval_sentences = TrainConfig.from_dict(meta.get("train_config", {})).eval_sentences
    return recorded_split(meta).dev[:eval_sentences]


def pairs_from_file(path: str | Path) -> list[Pair]:
    """The pairs of a TSV (or Ding) file to score or align.

    Malformed lines are skipped with one warning that counts them and gives their numbers;
    a file without a single usable pair is an error, not an empty result.
    """
    pairs, report = read_corpus(path)
    malformed = report.skipped.get("malformed", 0)
    if malformed:
        lines = ", ".join(map(str, report.malformed_lines[:10])) + (
            ", ..." if malformed > 10 else ""
        )
        log.warning(
            "%s: skipped %d malformed line(s) (%s): each line needs 'source TAB target'",
            path, malformed, lines,
        )  # fmt: skip
    if not pairs:
        raise CorpusError(
            f"{path} holds no usable pair ({report.lines} lines, {malformed} malformed): "
            "each line needs 'source TAB target'"
        )
    return pairs


def test_pairs(checkpoint_path: Path, tsv: str | None) -> list[Pair]:
    """Pairs from ``tsv``, or the held-out test split the checkpoint was trained beside."""
    if tsv:
        return pairs_from_file(tsv)
    try:
        return recorded_split(read_config(checkpoint_path)[1]).test
    except (CheckpointError, CorpusError) as error:
        # e.g. a shipped checkpoint, whose corpus path is where it was trained
        raise CheckpointError(
            f"{checkpoint_path}: its test split cannot be rebuilt ({error}); "
            "pass --tsv FILE (source TAB reference, one pair per line) to score those pairs"
        ) from error

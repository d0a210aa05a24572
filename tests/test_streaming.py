"""Corpora larger than memory (nmt_core/corpora/streaming.py): the split by hash, the pairs as ids
on disk, and a run trained with --stream, on toy corpora."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from conftest import metrics_log, toy_configs, toy_pairs

from nmt_core.corpora.corpus import prepare_split
from nmt_core.corpora.streaming import (
    StoredExamples,
    part_of,
    stream_split,
    tsv_pairs,
    write_examples,
)
from nmt_core.decoding.batching import encode_pairs, make_batches
from nmt_core.learning.training import train
from nmt_core.text.tokenization import train_tokenizer


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Toy pairs, plus pairs that share a source or a target with another (the leak risk)."""
    pairs = toy_pairs(4000, seed=3)
    sharing = [(s, t.replace(" .", " !")) for s, t in pairs[:300]]  # same source
    sharing += [(s.replace(" .", " ?"), t) for s, t in pairs[300:600]]  # same target
    path = tmp_path_factory.mktemp("stream") / "pairs.tsv"
    path.write_text("".join(f"{s}\t{t}\n" for s, t in pairs + sharing), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cfg(corpus: Path, tmp_path_factory: pytest.TempPathFactory):
    base, _ = toy_configs(tmp_path_factory.mktemp("runs") / "stream", corpus)
    return replace(base, stream=True, dev_size=50, test_size=50, max_steps=300)


def test_the_split_by_hash_holds_out_dev_and_test_without_a_leak(cfg):
    split, sample = stream_split(cfg)
    assert len(split.dev) == 50 and len(split.test) == 50 and not split.train
    held = split.dev + split.test
    trained = [p for p in tsv_pairs(cfg) if part_of(p, _share(cfg), cfg.seed) == "train"]
    sources, targets = {p.source for p in trained}, {p.target for p in trained}
    assert not any(p.source in sources or p.target in targets for p in held)
    # h = sqrt(2 (50 + 50) / 4600) = 0.21 drops about 2h of the pairs here (at 10M lines, 3 %)
    assert 2500 < len(trained) < 3500
    assert set(sample) <= sources | targets and len(sample) == 2 * len(trained)
    assert prepare_split(cfg).dev == split.dev  # what a checkpoint's recorded split gives back
    assert stream_split(replace(cfg, seed=8))[0].dev != split.dev


def _share(cfg) -> float:
    from nmt_core.corpora.streaming import count_lines, held_out_share

    return held_out_share(count_lines(Path(cfg.corpus)), cfg)


def test_stored_examples_are_the_encoded_training_pairs(cfg, tmp_path):
    _, sample = stream_split(cfg)
    tokenizer = train_tokenizer(sorted(set(sample)), cfg.vocab_size)
    stored = write_examples(cfg, tokenizer, tmp_path / "ids")
    trained = [p for p in tsv_pairs(cfg) if part_of(p, _share(cfg), cfg.seed) == "train"]
    expected = encode_pairs(tokenizer, trained)
    assert len(stored) == len(expected)
    assert [stored[i] for i in (0, 7, len(stored) - 1)] == [expected[i] for i in (0, 7, -1)]
    batches = [b.tolist() for b in make_batches(stored, 600, seed=1)]
    assert batches == [b.tolist() for b in make_batches(expected, 600, seed=1)]
    again = write_examples(cfg, tokenizer, tmp_path / "ids")  # done: reused, not rewritten
    assert len(again) == len(stored) and isinstance(again, StoredExamples)


@pytest.mark.training
def test_a_streamed_run_trains_and_resumes_on_its_stored_pairs(cfg):
    best = train(cfg, toy_configs(Path("unused"), Path(cfg.corpus))[1])
    run = Path(cfg.output_dir)
    log = metrics_log(run)
    assert [r["step"] for r in log] == [250, 300] and log[-1]["dev_bleu"] > 50
    stamp = (run / "stream" / "ids.int32").stat().st_mtime_ns
    train(replace(cfg, max_steps=350), toy_configs(Path("unused"), Path(cfg.corpus))[1], True)
    assert (run / "stream" / "ids.int32").stat().st_mtime_ns == stamp
    assert metrics_log(run)[-1]["step"] == 350 and best.is_dir()


def test_streaming_refuses_what_needs_the_text(cfg):
    with pytest.raises(ValueError, match="stream keeps no text in memory: drop augment"):
        replace(cfg, augment=("pronoun_sentences",)).validate()

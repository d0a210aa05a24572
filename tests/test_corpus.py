"""Which pairs a run trains on (nmt_core/corpus.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nmt_core.config import TrainConfig
from nmt_core.corpus import training_pairs


def test_training_pairs_repeat_sentences_and_sample_words():
    from nmt_core.data import Pair, Split

    train = (
        [Pair(f"Satz {i} ist hier.", f"Sentence {i} is here.", "sentence") for i in range(3)]
        + [Pair(f"rote Sache {i}", f"red thing {i}", "phrase") for i in range(4)]
        + [Pair(f"Wort{i}", f"word{i}", "word") for i in range(50)]
    )
    split = Split(train=train, dev=[], test=[])
    cfg = TrainConfig(kinds=("sentence", "phrase", "word"), sentence_repeats=2, word_sample=10)
    pairs = training_pairs(split, cfg)
    kinds = [p.kind for p in pairs]
    assert (kinds.count("sentence"), kinds.count("phrase"), kinds.count("word")) == (6, 4, 10)
    assert pairs == training_pairs(split, cfg)  # seeded
    assert pairs != training_pairs(split, replace(cfg, seed=cfg.seed + 1))
    everything = training_pairs(split, replace(cfg, word_sample=0))
    assert [p.kind for p in everything].count("word") == 50
    with pytest.raises(ValueError, match="add 'word' to kinds"):
        TrainConfig(word_sample=10).validate()


def test_extra_corpora_are_filtered_and_never_hold_a_dev_or_test_sentence(tmp_path):
    from nmt_core.__main__ import TRAIN_FLAGS, _config_overrides, build_parser
    from nmt_core.data import Pair, Split

    dev, test = Pair("Wie spät ist es?", "What time is it?"), Pair("Ich bin müde.", "I am tired.")
    split = Split(train=[Pair("Ja.", "Yes.")], dev=[dev], test=[test])
    extra = tmp_path / "tatoeba.tsv"
    extra.write_text(
        "Es regnet.\tIt is raining.\tCC-BY 2.0 (France) Attribution: tatoeba.org\n"
        "wie spät ist es?\tHow late is it?\n"  # the dev source, another case and translation
        "Ich bin so müde.\tI am tired.\n"  # the test target
        + "lang "
        * 50
        + "\tlong\n"  # over max_words
        "Es regnet.\tIt is raining.\n",  # a duplicate
        encoding="utf-8",
    )
    args = build_parser().parse_args(["train", "--extra-corpora", str(extra)])
    cfg = TrainConfig.from_dict({**_config_overrides(args, TRAIN_FLAGS), "sentence_repeats": 1})
    assert training_pairs(split, cfg) == [Pair("Ja.", "Yes."), Pair("Es regnet.", "It is raining.")]

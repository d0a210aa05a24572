"""Which pairs a run trains on (nmt_core/corpora/corpus.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from nmt_core.corpora.corpus import training_pairs
from nmt_core.network.config import TrainConfig


def test_training_pairs_repeat_sentences_and_sample_words():
    from nmt_core.text.data import Pair, Split

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
    from nmt_core.__main__ import build_parser
    from nmt_core.cli.options import TRAIN_FLAGS, config_overrides
    from nmt_core.text.data import Pair, Split

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
    cfg = TrainConfig.from_dict({**config_overrides(args, TRAIN_FLAGS), "sentence_repeats": 1})
    assert training_pairs(split, cfg) == [Pair("Ja.", "Yes."), Pair("Es regnet.", "It is raining.")]


def test_augmented_pairs_go_to_train_only_and_leave_the_split_alone(tmp_path):
    from nmt_core.corpora.corpus import prepare_split
    from nmt_core.text.data import Pair

    ding = tmp_path / "de-en"
    sentences = [f"Satz Nummer {i} ist kurz. :: Sentence number {i} is short." for i in range(12)]
    ding.write_text(
        "\n".join(sentences)
        + "\nschlafen | er/sie schläft | du schläfst :: to sleep | he/she sleeps | you sleep\n"
        "gehen | er/sie geht :: to go | he/she goes\n",
        encoding="utf-8",
    )
    base = TrainConfig(corpus=str(ding), dev_size=2, test_size=2, sentence_repeats=1)
    split = prepare_split(base)
    dev_target = split.dev[0].target
    augmented = replace(base, augment=("slash_alternatives", "pronoun_sentences"))
    assert prepare_split(augmented) == split  # the split never depends on augment
    plain, more = training_pairs(split, base), training_pairs(split, augmented)
    added = more[len(plain) :]
    assert more[: len(plain)] == plain
    assert {(p.source, p.target) for p in added} == {
        ("er schläft", "he sleeps"),
        ("sie schläft", "she sleeps"),
        ("er geht", "he goes"),
        ("sie geht", "she goes"),
        ("Er schläft.", "He sleeps."),
        ("Sie schläft.", "She sleeps."),
        ("Du schläfst.", "You sleep."),  # from an unexpanded phrase of train
        ("Er geht.", "He goes."),
        ("Sie geht.", "She goes."),
    }
    # a dev sentence never comes back through augmentation, whatever makes it
    poisoned = replace(split, dev=[*split.dev, Pair("Er geht.", "He goes.")])
    assert ("Er geht.", "He goes.") not in {
        (p.source, p.target) for p in training_pairs(poisoned, augmented)
    }
    assert dev_target not in {p.target for p in added}
    with pytest.raises(ValueError, match="augment must be one of"):
        TrainConfig(augment=("back_translation",)).validate()

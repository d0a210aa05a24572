"""Tatoeba's everyday pairs as a corpus kind (nmt_core/corpora/tatoeba.py): the reader in both
directions and its filters, the name cap, the split by English sentence, and the train part in a
run's training pairs. Read from tests/fixtures/tatoeba/deu.txt, 33 lines of our own in
manythings.org's format (English TAB German [TAB attribution])."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from nmt_core.corpora.corpus import training_pairs
from nmt_core.corpora.tatoeba import (
    cap_names,
    mentions,
    odd_reason,
    read_tatoeba,
    tatoeba_parts,
    with_tatoeba,
    write_held_out,
)
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import Pair, Split

REPO = Path(__file__).resolve().parents[1]
FIXTURE = REPO / "tests" / "fixtures" / "tatoeba" / "deu.txt"
EVERYDAY = REPO / "tests" / "fixtures" / "everyday_de_en.tsv"  # holds "Der Hund schläft."
CLOSE = "Close the door."  # three German translations in the fixture
DOG = Pair("Der Hund schläft.", "The dog is sleeping.")  # a fixture line and an everyday pair


def small(**changes) -> TrainConfig:
    """A config reading the fixture, with held-out parts small enough for its 26 pairs."""
    return replace(TrainConfig(tatoeba=str(FIXTURE), tatoeba_choose=4, tatoeba_report=4), **changes)


def test_the_reader_gives_german_or_english_sources_and_counts_each_filter():
    de_en, report = read_tatoeba(FIXTURE, "de-en", max_words=40)
    en_de, _ = read_tatoeba(FIXTURE, "en-de", max_words=40)
    assert report.lines == 33 and len(de_en) == 26
    assert report.skipped == {
        "malformed": 2, "markup": 2, "archaic": 1, "vulgar": 1, "duplicate": 1
    }  # fmt: skip
    assert de_en == [pair.swapped() for pair in en_de]
    assert en_de[0] == Pair("Good morning.", "Guten Morgen.")
    # the attribution column is dropped; the three translations of one sentence stay three pairs
    assert Pair("Der Laden öffnet um neun.", "The shop opens at nine.") in de_en
    assert [p.source for p in de_en if p.target == CLOSE] == [
        "Schließ die Tür.", "Mach die Tür zu.", "Schließen Sie die Tür."
    ]  # fmt: skip
    shorter, short_report = read_tatoeba(FIXTURE, "en-de", max_words=15)
    assert len(shorter) == 25 and short_report.skipped["too_long"] == 1
    with pytest.raises(ValueError, match="de-en, en-de"):
        read_tatoeba(FIXTURE, "fr-en", max_words=40)


@pytest.mark.parametrize(
    ("english", "german", "reason"),
    [
        ("See www.example.org.", "Siehe www.example.org.", "markup"),
        ("Go to http://example.org!", "Geh auf http://example.org!", "markup"),
        ("Stop <i>now</i>.", "Hör jetzt auf.", "markup"),
        ("Take it [sic].", "Nimm es.", "markup"),
        ("Where art thou?", "Wo bist du?", "archaic"),
        ("You have it.", "Du hast es.", None),  # "hast" is German, not archaic English
        ("What a shitty day!", "Was für ein Tag!", "vulgar"),
        ("What weather!", "So ein Scheißwetter!", "vulgar"),
        ("The cat is fat.", "Die Katze ist dick.", None),
        ("I bought tomatoes.", "Ich habe Tomaten gekauft.", None),
    ],
)
def test_each_filter_drops_what_it_names_and_nothing_else(english, german, reason):
    assert odd_reason(english, german) == reason


def test_the_name_cap_keeps_an_exact_seeded_share():
    pairs, _ = read_tatoeba(FIXTURE, "en-de", max_words=40)
    toms = [p for p in pairs if mentions(p, "Tom")]
    assert len(toms) == 8  # "Tomaten" is no Tom; "Maria" is Mary
    assert [p.source for p in pairs if mentions(p, "Mary")] == ["Mary likes apples."]
    capped = cap_names(pairs, 0.25, seed=7)
    # 18 pairs without Tom: at most k with k <= 0.25 * (18 + k), so 6 of the 8 stay
    assert len([p for p in capped if mentions(p, "Tom")]) == 6 and len(capped) == 24
    assert [p for p in capped if not mentions(p, "Tom")] == [
        p for p in pairs if not mentions(p, "Tom")
    ]  # everything else is kept, in order
    assert cap_names(pairs, 0.25, seed=7) == capped
    assert any(cap_names(pairs, 0.25, seed=s) != capped for s in range(8, 12))
    assert cap_names(pairs, 1.0, seed=7) == pairs
    nameless = cap_names(pairs, 0.0, seed=7)
    assert len(nameless) == 17 and not any(
        mentions(p, n) for p in nameless for n in ("Tom", "Mary")
    )


def english_of(pairs: list[Pair]) -> set[str]:
    return {pair.target for pair in pairs}  # de-en: English targets


def test_the_split_is_by_english_sentence_and_the_same_in_both_directions():
    held_out_close = False
    for seed in range(12):
        parts = tatoeba_parts(small(seed=seed))
        assert {name: len(part) for name, part in vars(parts).items()} == parts.sizes()
        assert parts.sizes() == {"train": 18, "choose": 4, "report": 4}
        named = {"train": parts.train, "choose": parts.choose, "report": parts.report}
        for one, other in [("train", "choose"), ("train", "report"), ("choose", "report")]:
            assert not english_of(named[one]) & english_of(named[other]), (seed, one, other)
            assert not {p.source for p in named[one]} & {p.source for p in named[other]}
        for part in named.values():  # all three translations of CLOSE in one part
            assert [p.target for p in part].count(CLOSE) in (0, 3)
        held_out_close |= CLOSE in english_of(parts.choose + parts.report)
        swapped = tatoeba_parts(small(seed=seed, direction="en-de"))
        assert [p.swapped() for p in swapped.report] == parts.report
        assert [p.swapped() for p in swapped.train] == parts.train
    assert held_out_close


SPLIT_SCRIPT = """
import json, sys
from nmt_core.corpora.tatoeba import tatoeba_parts
from nmt_core.network.config import TrainConfig
parts = tatoeba_parts(TrainConfig(tatoeba=sys.argv[1], tatoeba_choose=4, tatoeba_report=4))
named = vars(parts).items()
print(json.dumps({name: [[p.source, p.target] for p in part] for name, part in named}))
"""


@pytest.mark.slow  # splits in Pythons of their own
def test_the_split_is_stable_across_processes_and_hash_seeds():
    here = tatoeba_parts(small())
    expected = {name: [[p.source, p.target] for p in part] for name, part in vars(here).items()}
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(REPO)}
        done = subprocess.run(
            [sys.executable, "-c", SPLIT_SCRIPT, str(FIXTURE)],
            capture_output=True, text=True, timeout=120, env=env, cwd=REPO, check=True,
        )  # fmt: skip
        assert json.loads(done.stdout) == expected


def test_measuring_fixtures_and_the_runs_dev_and_test_never_reach_the_tatoeba_train_part():
    cfg = small(seed=2)
    assert DOG in tatoeba_parts(cfg).train  # the split leaves it in train at this seed
    dev = Pair("Wo ist der Bahnhof?", "Where is the station?")  # also a Tatoeba line
    split = Split(train=[], dev=[dev], test=[])
    plain = with_tatoeba([], split, cfg)
    assert DOG in plain and dev not in plain
    avoiding = with_tatoeba([], split, replace(cfg, generated_avoid=(str(EVERYDAY),)))
    assert DOG not in avoiding and set(avoiding) == set(plain) - {DOG}


def test_the_train_part_reaches_the_training_pairs_when_the_config_names_the_file():
    cfg = small(seed=2, sentence_repeats=1, tatoeba_name_share=1.0)
    parts = tatoeba_parts(cfg)
    held_out = parts.choose[0]
    ding = [Pair("Ja.", "Yes."), Pair(held_out.source, "Something else.")]  # shows a held-out side
    split = Split(train=ding, dev=[], test=[])
    assert training_pairs(split, replace(cfg, tatoeba="")) == ding
    pairs = training_pairs(split, replace(cfg, tatoeba_repeats=2))
    assert pairs == [ding[0], *parts.train, *parts.train]
    assert not set(pairs) & set(parts.choose + parts.report)
    capped = training_pairs(split, replace(cfg, tatoeba_name_share=0.05))
    assert len([p for p in capped if mentions(p, "Tom")]) < len(
        [p for p in pairs if mentions(p, "Tom")]
    )


def test_the_tatoeba_options_are_checked():
    with pytest.raises(ValueError, match="tatoeba_repeats must be >= 1"):
        TrainConfig.from_dict({"tatoeba": str(FIXTURE), "tatoeba_repeats": 0})
    with pytest.raises(ValueError, match="tatoeba_name_share must be in"):
        TrainConfig.from_dict({"tatoeba_name_share": 1.5})
    with pytest.raises(ValueError, match="drop tatoeba"):
        TrainConfig.from_dict({"tatoeba": str(FIXTURE), "stream": True})
    with pytest.raises(ValueError, match="unknown TrainConfig option"):
        TrainConfig.from_dict({"tatoeba_repeat": 2})


@pytest.mark.slow  # runs the command line in a Python of its own
def test_the_held_out_parts_are_written_for_evaluate(tmp_path):
    from nmt_core.corpora.corpus import pairs_from_file

    cfg = small()
    written = write_held_out(cfg, tmp_path / "held-out")
    assert [p.name for p in written] == ["choose.tsv", "report.tsv"]
    parts = tatoeba_parts(cfg)
    assert [(p.source, p.target) for p in pairs_from_file(written[1])] == [
        (p.source, p.target) for p in parts.report
    ]
    script = REPO / "checkpoints" / "recipes" / "tatoeba_split.py"
    inside = [sys.executable, str(script), "--tatoeba", str(FIXTURE), "--direction", "en-de"]
    done = subprocess.run(
        [*inside, "--output", str(REPO / "held-out")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 2 and "inside the repository" in done.stderr
    assert not (REPO / "held-out").exists()

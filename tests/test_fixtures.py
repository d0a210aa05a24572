"""The hand-written fixtures: the English→German files are exactly the German→English ones
swapped (tests/fixtures/swap_direction.py writes them), links and all."""

from __future__ import annotations

import sys
from pathlib import Path

from nmt_core.analysis.alignment import parse_pharaoh, read_gold_file, swapped
from nmt_core.corpora.corpus import pairs_from_file

FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.path.insert(0, str(FIXTURES))
from swap_direction import swapped_pharaoh, swapped_tsv, views  # noqa: E402


def test_the_english_german_files_are_the_german_english_ones_swapped():
    for path, text in views().items():
        assert path.is_file(), f"{path} is missing: run python tests/fixtures/swap_direction.py"
        assert path.read_text(encoding="utf-8") == text, (
            f"{path} differs from the swapped German→English file: "
            "run python tests/fixtures/swap_direction.py"
        )


def test_swapping_twice_gives_the_file_back_and_keeps_sure_apart_from_possible():
    assert swapped_tsv("a b\tc d\tverb-final\n") == "c d\ta b\tverb-final\n"
    assert swapped_tsv(swapped_tsv("a\tb\n")) == "a\tb\n"
    assert swapped_pharaoh("0-1 2?0\n\n") == "0?2 1-0\n\n"  # an empty line stays a sentence
    assert swapped(swapped({(0, 3), (2, 1)})) == {(0, 3), (2, 1)}
    sure, possible = parse_pharaoh(swapped_pharaoh("0-1 2?0"))
    assert sure == {(1, 0)} and possible == {(1, 0), (0, 2)}


def test_the_english_german_gold_fits_its_sentences():
    gold_dir = FIXTURES / "alignment_en_de"
    for split in ("test", "probe"):
        pairs = pairs_from_file(gold_dir / f"{split}.tsv")
        gold = read_gold_file(gold_dir / f"{split}.pharaoh", len(pairs))
        for pair, (sure, possible) in zip(pairs, gold, strict=True):
            assert pair.source.split()[0][0].isupper() and sure <= possible
            assert all(s < len(pair.source.split()) and t < len(pair.target.split())
                       for s, t in possible)  # fmt: skip
    everyday = pairs_from_file(FIXTURES / "everyday_en_de.tsv")
    assert len(everyday) >= 120

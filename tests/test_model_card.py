"""The model card (checkpoints/README.md) is short, shaped like a model card, and its tables
are what checkpoints/recipes/model_card.py writes from the files the code writes: results.json,
alignment.json (of the shipped weights, as the align command measures them) and verdicts.json.
After new models ship, ``python checkpoints/recipes/model_card.py --write`` brings it back."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RECIPES = REPO / "checkpoints" / "recipes"
CARD = REPO / "checkpoints" / "README.md"
sys.path.insert(0, str(RECIPES))

import model_card  # noqa: E402  (checkpoints/recipes/, beside ship.py)
import pick_default  # noqa: E402

SECTIONS = (
    "Intended use",
    "The models",
    "Data",
    "Training",
    "Metrics",
    "Known limitations",
    "Reproduce",
    "Licence",
)


def test_the_card_is_one_screen_of_sections_a_reader_expects():
    text = CARD.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 250
    assert re.findall(r"^## (.+)$", text, re.MULTILINE) == list(SECTIONS)
    assert "](../docs/model-history.md)" in text  # what was tried lives there


def test_the_cards_tables_are_what_model_card_py_writes():
    text = CARD.read_text(encoding="utf-8")
    assert text.count(model_card.START) == 1 and text.count(model_card.END) == 1
    written = model_card.START + text.split(model_card.START, 1)[1].split(model_card.END, 1)[0]
    assert written + model_card.END == model_card.tables(), (
        "checkpoints/README.md's tables are stale: run python checkpoints/recipes/model_card.py "
        "--write"
    )


def test_every_shipped_output_read_for_acceptable_has_a_verdict():
    """A table saying '≥ 7 of 10 (3 unread)' is honest but unfinished: new outputs are read
    with blind_reading.py before a card ships."""
    assert "unread" not in model_card.tables()


def test_the_alignment_figures_are_of_the_shipped_weights():
    figures = model_card.read_alignment()
    assert model_card.stale_alignment(figures) == []
    for direction in model_card.DIRECTION_NAMES:
        gold = REPO / "tests" / "fixtures" / f"alignment_{direction.replace('-', '_')}"
        for name in model_card.attending(direction):
            for split in model_card.SPLITS:
                sure = sum(
                    len(re.findall(r"\d+-\d+", line))
                    for line in (gold / f"{split}.pharaoh").read_text().splitlines()
                )
                assert figures[f"{direction}-{name}"][split]["sure"] == sure


@pytest.mark.slow
def test_the_alignment_figures_are_what_the_align_command_prints_now():
    """About a minute: every attention model aligned again (a change to how links are read
    from attention makes alignment.json stale too)."""
    figures = model_card.read_alignment()
    assert model_card.measure_alignment({}) == figures


def test_each_directions_default_is_what_the_rule_gives_on_the_cards_figures():
    """pick_default.py applied to the figures in the card: probe AER from alignment.json, the
    even half from results.json. Models measured without Tatoeba's choose part are ruled by
    the even half alone (it stands in for the Tatoeba floor, which then decides a tie too)."""
    figures = model_card.read_alignment()
    for direction, results in model_card.read_results().items():
        names = [n for n in model_card.attending(direction)]
        aer = {n: figures[f"{direction}-{n}"]["probe"]["aer"] for n in names}
        chrf = {}
        for key in pick_default.FLOORS:
            source = key if all(key in results[n] for n in names) else "everyday_even_beam5"
            chrf[key] = {n: results[n][source]["chrf"] for n in names}
        defaults = [
            n
            for n in model_card.SHOWN
            if (model_card.folder(direction, n) / "config.json").is_file()
            and json.loads((model_card.folder(direction, n) / "config.json").read_text())[
                "meta"
            ].get("default")
        ]
        assert defaults == [pick_default.pick_default(aer, chrf)], direction

"""Export trained runs into checkpoints/ and measure them for the model card.

    python checkpoints/recipes/ship.py --runs runs            # export + evaluate all of them
    python checkpoints/recipes/ship.py --runs runs --no-export  # re-measure shipped ones
    python checkpoints/recipes/ship.py --runs runs --names dot  # one model; keeps the others'
    python checkpoints/recipes/ship.py --runs runs-en-de --direction en-de

For each model: fp16 export of ``RUNS/NAME/averaged`` (written by train_all.sh: the best
checkpoint or the mean of the last snapshots, chosen on dev) to ``checkpoints/DIRECTION-NAME``;
BLEU/chrF on the held-out Ding test split (greedy and beam 5) and on our everyday sentences
(tests/fixtures/everyday_de_en.tsv, or everyday_en_de.tsv: the same pairs swapped), whole and
by halves: its even-numbered lines choose (the default rule reads them), its odd-numbered ones
report; BLEU by source length (beam 5); the outputs for the first 12 everyday sentences (beam 5)
and, greedy as the Translate page opens (read the other way for en-de), for the ten of
tests/fixtures/everyday_ten_de_en.tsv, the 50 of students_de_en.tsv and the 49 of
students_blind_de_en.tsv (with their scores); the scores alone of the later blind sets
(students_blind2_de_en.tsv to students_blind6_de_en.tsv) and, when ``--recipe`` names Tatoeba's
file, of its choose and report parts (``tatoeba_choose_beam1``: the default rule reads it).
Scores go into each checkpoint's metadata (so the dashboard and ``python -m nmt_core list``
show them) and all figures into checkpoints/results.json, one section per direction.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere, no install

import argparse
import json
import time
from dataclasses import asdict

from nmt_core.__main__ import main as cli
from nmt_core.checkpoint import load_checkpoint
from nmt_core.corpora.tatoeba import tatoeba_parts
from nmt_core.folders import CONFIG
from nmt_core.learning.training import prepare_split
from nmt_core.measures.evaluation import bleu_by_length, corpus_scores
from nmt_core.network.config import DecodeConfig, TrainConfig
from nmt_core.text.data import DIRECTIONS, read_corpus
from nmt_core.translate import translate_texts

ROOT = Path(__file__).resolve().parents[2]
# the five shipped per direction (train_all.sh's default MODELS); additive-bahdanau is a "What
# was tried" contrast, shipped only when --names asks for it
NAMES = ("additive", "general", "dot", "none", "additive-luong")
RECIPE = ROOT / "checkpoints" / "recipes" / "everyday.json"
FIXTURES = ROOT / "tests" / "fixtures"
RESULTS = ROOT / "checkpoints" / "results.json"


def read_results() -> dict[str, dict]:
    """checkpoints/results.json: direction -> its figures (a file from before en-de, which
    held the de-en figures alone, is read as the de-en section)."""
    data = json.loads(RESULTS.read_text()) if RESULTS.is_file() else {}
    return {"de-en": data} if "classroom_sources" in data else data


def everyday_sets(direction: str) -> dict[str, list]:
    """The everyday fixture whole and by halves, counting lines from 1 as ``awk NR%2`` does:
    ``everyday_even`` (lines 2, 4, ...: for choices) and ``everyday_odd`` (1, 3, ...: to
    report)."""
    pairs = read_corpus(FIXTURES / f"everyday_{direction.replace('-', '_')}.tsv")[0]
    return {"everyday": pairs, "everyday_even": pairs[1::2], "everyday_odd": pairs[0::2]}


# sentences read greedy, as the Translate page opens: name -> fixture (German TAB English)
READ_GREEDY = {"ten": "everyday_ten_de_en.tsv", "students": "students_de_en.tsv",
               "blind": "students_blind_de_en.tsv"}  # fmt: skip
# the later blind sets of students' sentences (German TAB English): scores only
BLIND_SETS = {f"blind{n}": f"students_blind{n}_de_en.tsv" for n in range(2, 7)}


def fixture_sets(direction: str, files: dict[str, str]) -> dict[str, list]:
    """``files`` (name -> fixture of German TAB English) read as pairs, swapped for en-de."""
    return {
        name: read_corpus(FIXTURES / file, reverse=direction == "en-de")[0]
        for name, file in files.items()
    }


def tatoeba_sets(cfg: TrainConfig) -> dict[str, list]:
    """Tatoeba's held-out parts in ``cfg.direction`` (``tatoeba_choose``: choices, the default
    rule reads it; ``tatoeba_report``: to report), when the recipe names Tatoeba's file."""
    if not cfg.tatoeba:
        return {}
    parts = tatoeba_parts(cfg)
    return {"tatoeba_choose": parts.choose, "tatoeba_report": parts.report}


def measure(path: Path, test_sets: dict[str, list], classroom: list[str]) -> dict:
    """Scores of every set at beam 1 and 5; the greedy outputs of the READ_GREEDY sets, kept
    verbatim (one decoding serves both)."""
    checkpoint = load_checkpoint(path)
    figures: dict = {}
    for set_name, pairs in test_sets.items():
        sources, references = [p.source for p in pairs], [p.target for p in pairs]
        for beam in (1, 5):
            start = time.monotonic()
            outputs = translate_texts(
                checkpoint.model, checkpoint.tokenizer, sources, DecodeConfig(beam_size=beam)
            )
            key = f"{set_name}_beam{beam}"
            figures[key] = {
                **corpus_scores(outputs, references),
                "sentences": len(pairs),
                "seconds": round(time.monotonic() - start, 1),
            }
            if set_name in READ_GREEDY and beam == 1:
                figures[set_name] = outputs
            if set_name == "test" and beam == 5:
                lengths = [len(s.split()) for s in sources]
                figures["by_length"] = [
                    asdict(b) for b in bleu_by_length(lengths, outputs, references)
                ]
    figures["classroom"] = translate_texts(
        checkpoint.model, checkpoint.tokenizer, classroom, DecodeConfig(beam_size=5)
    )
    return figures


def store_in_meta(path: Path, figures: dict) -> None:
    config = json.loads((path / CONFIG).read_text())
    # 4 decimals: rounded again for display, 2 would turn 8.254 into 8.25 and then "8.2"
    config["meta"].update(
        test_bleu=round(figures["test_beam5"]["bleu"], 4),
        test_chrf=round(figures["test_beam5"]["chrf"], 4),
        everyday_bleu=round(figures["everyday_beam5"]["bleu"], 4),
        everyday_chrf=round(figures["everyday_beam5"]["chrf"], 4),
        everyday_odd_chrf=round(figures["everyday_odd_beam5"]["chrf"], 4),
        by_length=figures["by_length"],
    )
    if "tatoeba_report_beam1" in figures:
        config["meta"]["tatoeba_report_chrf"] = round(figures["tatoeba_report_beam1"]["chrf"], 4)
    (path / CONFIG).write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", default="runs")
    parser.add_argument("--no-export", action="store_true")
    parser.add_argument("--names", nargs="*", default=list(NAMES))
    parser.add_argument("--direction", choices=DIRECTIONS, default="de-en")
    parser.add_argument("--default", help="the model the dashboard opens on (meta.default)")
    parser.add_argument(
        "--recipe", type=Path, default=RECIPE, help="the recipe the runs were trained with"
    )
    args = parser.parse_args()
    recipe = json.loads(args.recipe.read_text())["train"]
    cfg = TrainConfig.from_dict({**recipe, "direction": args.direction})
    split = prepare_split(cfg)
    greedy = fixture_sets(args.direction, READ_GREEDY)
    test_sets = {
        "test": split.test, "dev": split.dev, **everyday_sets(args.direction), **greedy,
        **fixture_sets(args.direction, BLIND_SETS), **tatoeba_sets(cfg),
    }  # fmt: skip
    everyday = test_sets["everyday"]
    classroom = [p.source for p in everyday[:12]]
    # --names re-measures some models and keeps the figures of the others (ship each as it ends)
    every_direction = read_results()
    results = {
        **every_direction.get(args.direction, {}),
        "classroom_sources": classroom,
        "classroom_references": [p.target for p in everyday[:12]],
        **{f"{name}_sources": [p.source for p in pairs] for name, pairs in greedy.items()},
        **{f"{name}_references": [p.target for p in pairs] for name, pairs in greedy.items()},
    }
    for name in args.names:
        shipped = ROOT / "checkpoints" / f"{args.direction}-{name}"
        if not args.no_export:
            source = f"{args.runs}/{name}/averaged"
            if not Path(source).is_dir():
                sys.exit(f"{source} is missing: run `python -m nmt_core average --run "
                         f"{args.runs}/{name}` first (train_all.sh does)")  # fmt: skip
            cli(["export", "--checkpoint", source, "--output", str(shipped)])
        figures = measure(shipped, test_sets, classroom)
        store_in_meta(shipped, figures)
        results[name] = figures
        print(
            name, json.dumps({k: v for k, v in figures.items() if k.endswith(("beam1", "beam5"))})
        )
    every_direction[args.direction] = results
    RESULTS.write_text(json.dumps(every_direction, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {RESULTS}")
    if args.default:
        mark_default(args.direction, args.default)


def mark_default(direction: str, name: str) -> None:
    """``"default": true`` in DIRECTION-NAME's meta, and in no other folder of that direction's
    (the dashboard opens on de-en's default; each direction's default vets its examples)."""
    for folder in sorted((ROOT / "checkpoints").glob(f"{direction}-*")):
        config = json.loads((folder / CONFIG).read_text())
        config["meta"]["default"] = folder.name == f"{direction}-{name}"
        (folder / CONFIG).write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()

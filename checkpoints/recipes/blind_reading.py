"""Read models' outputs the way the replacement rules ask: every distinct output once, all
models together, shuffled, without names; then count each model's acceptable outputs.

    python checkpoints/recipes/blind_reading.py outputs --swap --out /tmp/b6 \
        --tsv tests/fixtures/students_blind6_de_en.tsv EXPORT...  # /tmp/b6/NAME.json, greedy
    python checkpoints/recipes/blind_reading.py list --verdicts /tmp/v.json /tmp/b6/*.json
    python checkpoints/recipes/blind_reading.py judge --verdicts /tmp/v.json "0:y 1:n 2:y"
    python checkpoints/recipes/blind_reading.py count --verdicts /tmp/v.json /tmp/b6/*.json

``list`` prints the (source, output) pairs not yet judged, numbered, in a seeded shuffle that
shows no model name, and keeps that numbering beside the verdicts file (``NAME.listing.json``)
for ``judge``, which records "number:y" (acceptable: the meaning right and the sentence
grammatical, paraphrase allowed) or "number:n". A verdict belongs to the pair, not to a model:
two models that write the same output get the same verdict, read once. ``count`` says, per
outputs file, how many are acceptable and how many are still unjudged. ``outputs`` keeps every
output (``python -m nmt_core evaluate --output`` keeps ten); ``--swap`` reads a de-en fixture
English->German.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere, no install

import argparse
import json
import random
from collections.abc import Sequence

SEP = "\u241e"  # between source and output in a verdict's key: in neither text


def verdict_key(source: str, output: str) -> str:
    """The key of one (source, output) pair in the verdicts file."""
    return f"{source}{SEP}{output}"


def read_json(path: Path, default: object) -> object:
    """The JSON in ``path``, or ``default`` before the first ``list`` or ``judge`` wrote it."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else default


def listing_path(verdicts: Path) -> Path:
    """Where ``list`` keeps the numbering that ``judge`` reads."""
    return verdicts.with_suffix(".listing.json")


def pairs_of(outputs_file: Path) -> list[tuple[str, str]]:
    """(source, output) per sentence of one outputs file, in order."""
    data = json.loads(outputs_file.read_text(encoding="utf-8"))
    return list(zip(data["sources"], data["hypotheses"], strict=True))


def unjudged(
    outputs_files: Sequence[Path], verdicts: dict[str, bool], seed: int
) -> list[list[str]]:
    """The distinct pairs of all files that have no verdict yet, shuffled (no file order, no
    model order: a reader cannot tell which model wrote what)."""
    pairs = {pair for path in outputs_files for pair in pairs_of(path)}
    waiting = sorted(pair for pair in pairs if verdict_key(*pair) not in verdicts)
    random.Random(seed).shuffle(waiting)
    return [list(pair) for pair in waiting]


def with_verdicts(
    verdicts: dict[str, bool], listing: list[list[str]], marks: str
) -> dict[str, bool]:
    """``verdicts`` plus the marks "3:y 4:n ..." given to ``listing``'s numbered pairs."""
    updated = dict(verdicts)
    for mark in marks.split():
        number, _, answer = mark.partition(":")
        if answer not in ("y", "n") or not number.isdigit() or int(number) >= len(listing):
            raise SystemExit(f"bad mark {mark!r}: NUMBER:y or NUMBER:n, NUMBER < {len(listing)}")
        updated[verdict_key(*listing[int(number)])] = answer == "y"
    return updated


def acceptable_count(outputs_file: Path, verdicts: dict[str, bool]) -> tuple[int, int, int]:
    """(acceptable, sentences, unjudged) of one outputs file."""
    marks = [verdicts.get(verdict_key(*pair)) for pair in pairs_of(outputs_file)]
    return sum(m is True for m in marks), len(marks), sum(m is None for m in marks)


def write_outputs(exports: Sequence[Path], tsv: Path, swap: bool, beam: int, out: Path) -> None:
    """OUT/NAME.json per export: corpus chrF and BLEU, and every source, reference, output."""
    # imported here: list, judge and count read JSON only and need no torch
    from nmt_core.checkpoint import load_checkpoint
    from nmt_core.corpora.corpus import pairs_from_file
    from nmt_core.text.data import Pair
    from nmt_core.translate import score_pairs

    pairs = pairs_from_file(str(tsv))
    if swap:
        pairs = [Pair(p.target, p.source) for p in pairs]
    out.mkdir(parents=True, exist_ok=True)
    for export in exports:
        checkpoint = load_checkpoint(export, device="cpu")
        scores = score_pairs(checkpoint.model, checkpoint.tokenizer, pairs, beam)
        record = {"checkpoint": str(export), "tsv": str(tsv), "swap": swap, "beam": beam,
                  "chrf": scores.chrf, "bleu": scores.bleu,
                  "sources": [p.source for p in pairs], "references": [p.target for p in pairs],
                  "hypotheses": list(scores.hypotheses)}  # fmt: skip
        target = out / f"{export.name}.json"
        target.write_text(json.dumps(record, ensure_ascii=False, indent=1), encoding="utf-8")
        print(f"{target}: chrF {scores.chrf:.1f}, BLEU {scores.bleu:.1f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    outputs = commands.add_parser("outputs", help="translate a fixture with each export")
    outputs.add_argument("exports", type=Path, nargs="+")
    outputs.add_argument("--tsv", type=Path, required=True)
    outputs.add_argument("--swap", action="store_true", help="read the fixture English->German")
    outputs.add_argument("--beam", type=int, default=1)
    outputs.add_argument("--out", type=Path, required=True)
    for name in ("list", "judge", "count"):
        command = commands.add_parser(name)
        command.add_argument("--verdicts", type=Path, required=True)
        if name == "judge":
            command.add_argument("marks", nargs="+")
        else:
            command.add_argument("outputs_files", type=Path, nargs="+")
    commands.choices["list"].add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    if args.command == "outputs":
        write_outputs(args.exports, args.tsv, args.swap, args.beam, args.out)
        return
    verdicts: dict[str, bool] = read_json(args.verdicts, {})  # type: ignore[assignment]
    if args.command == "list":
        listing = unjudged(args.outputs_files, verdicts, args.seed)
        text = json.dumps(listing, ensure_ascii=False)
        listing_path(args.verdicts).write_text(text, encoding="utf-8")
        for number, (source, output) in enumerate(listing):
            print(f"{number}\t{source}\t=> {output}")
    elif args.command == "judge":
        listing: list[list[str]] = read_json(listing_path(args.verdicts), [])  # type: ignore[no-redef]
        verdicts = with_verdicts(verdicts, listing, " ".join(args.marks))
        text = json.dumps(verdicts, ensure_ascii=False, indent=0)
        args.verdicts.write_text(text, encoding="utf-8")
        print(f"{len(verdicts)} verdicts in {args.verdicts}")
    else:
        for path in args.outputs_files:
            good, total, waiting = acceptable_count(path, verdicts)
            print(
                f"{path.name}: {good} of {total} acceptable"
                + (f", {waiting} unjudged" if waiting else "")
            )


if __name__ == "__main__":
    main()

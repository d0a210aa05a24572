"""Read models' outputs the way the replacement rules ask: every distinct output once, all
models together, shuffled, without names; then count each model's acceptable outputs.

    python -m nmt_core evaluate --checkpoint EXPORT --beam 1 --tsv FIXTURE \
        --output /tmp/b6/NAME.json                      # every translation, for each model
    python checkpoints/recipes/blind_reading.py list --verdicts /tmp/v.json /tmp/b6/*.json
    python checkpoints/recipes/blind_reading.py judge --verdicts /tmp/v.json "0:y 1:n 2:y"
    python checkpoints/recipes/blind_reading.py count --verdicts /tmp/v.json /tmp/b6/*.json

(en->de reads a de-en fixture swapped: ``awk -F'\t' '{print $2"\t"$1}'``.) ``list`` prints the
(source, output) pairs of the evaluate reports not yet judged, numbered, in a seeded shuffle
that shows no model name, and keeps that numbering beside the verdicts file
(``NAME.listing.json``) for ``judge``, which records "number:y" (acceptable: the meaning right
and the sentence grammatical, paraphrase allowed) or "number:n". A verdict belongs to the pair,
not to a model: two models that write the same output get the same verdict, read once.
``count`` says, per report, how many are acceptable and how many are still unjudged.
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Sequence
from pathlib import Path

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


def pairs_of(report: Path) -> list[tuple[str, str]]:
    """(source, output) per sentence of one ``nmt_core evaluate --output`` report, in order."""
    translations = json.loads(report.read_text(encoding="utf-8"))["translations"]
    return [(t["source"], t["hypothesis"]) for t in translations]


def unjudged(reports: Sequence[Path], verdicts: dict[str, bool], seed: int) -> list[list[str]]:
    """The distinct pairs of all files that have no verdict yet, shuffled (no file order, no
    model order: a reader cannot tell which model wrote what)."""
    pairs = {pair for path in reports for pair in pairs_of(path)}
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


def acceptable_count(report: Path, verdicts: dict[str, bool]) -> tuple[int, int, int]:
    """(acceptable, sentences, unjudged) of one report."""
    marks = [verdicts.get(verdict_key(*pair)) for pair in pairs_of(report)]
    return sum(m is True for m in marks), len(marks), sum(m is None for m in marks)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    for name in ("list", "judge", "count"):
        command = commands.add_parser(name)
        command.add_argument("--verdicts", type=Path, required=True)
        if name == "judge":
            command.add_argument("marks", nargs="+")
        else:
            command.add_argument("reports", type=Path, nargs="+")
    commands.choices["list"].add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)

    verdicts: dict[str, bool] = read_json(args.verdicts, {})  # type: ignore[assignment]
    if args.command == "list":
        listing = unjudged(args.reports, verdicts, args.seed)
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
        for path in args.reports:
            good, total, waiting = acceptable_count(path, verdicts)
            print(
                f"{path.name}: {good} of {total} acceptable"
                + (f", {waiting} unjudged" if waiting else "")
            )


if __name__ == "__main__":
    main()

"""``python -m everyday --size N --seed S``: a draw of the generator as TSV (German TAB English,
one pair a line), to stdout or ``--output``, for reading what a run would train on. The same
size and seed give the pairs a run draws before it leaves out what shows an evaluation sentence
(``nmt_core.corpora.generated``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from everyday.generator import ding_lexicon, generate

DING = Path("/usr/share/trans/de-en")  # where Debian's trans-de-en installs the dictionary


def build_parser() -> argparse.ArgumentParser:
    """The command's options: how many pairs, the seed, the dictionary, where to write."""
    parser = argparse.ArgumentParser(prog="python -m everyday", description=__doc__)
    parser.add_argument("--size", type=int, required=True, help="how many distinct pairs")
    parser.add_argument("--seed", type=int, required=True, help="the draw's seed")
    parser.add_argument("--ding", type=Path, default=DING, help=f"Ding's file (default {DING})")
    parser.add_argument("--output", type=Path, help="a TSV to write (default: stdout)")
    return parser


def main(argv: list[str] | None = None) -> None:
    """Draw ``--size`` pairs with ``--seed`` and write them as TSV."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.size < 1:
        parser.error(f"--size must be >= 1; got {args.size}")
    if not args.ding.is_file():
        parser.error(f"no Ding dictionary at {args.ding}: apt-get install trans-de-en")
    pairs = generate(ding_lexicon(args.ding), args.size, args.seed)
    text = "".join(f"{german}\t{english}\n" for german, english in pairs)
    if args.output:
        args.output.write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()

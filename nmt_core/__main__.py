"""Command line: ``python -m nmt_core COMMAND --help``.

Commands: train, tokenizer, translate, evaluate, align, eflomal-priors, probes, average, list,
export, one module each in :mod:`nmt_core.cli`. A wrong flag, file or checkpoint name is one line
on stderr and exit code 2, found before any work starts (argparse's checks, then
:func:`nmt_core.cli.files.prepared`).
"""

from __future__ import annotations

import argparse
import logging
import sys

from nmt_core.analysis.eflomal import EflomalError
from nmt_core.checkpoint import CheckpointError
from nmt_core.cli import (
    align,
    average,
    eflomal_priors,
    evaluate,
    export,
    listing,
    probes,
    train,
    translate,
)
from nmt_core.cli.files import prepared
from nmt_core.cli.parser import Parser, UsageError
from nmt_core.text.data import CorpusError

DESCRIPTION = (
    "Attention Lab's command line: train RNN translation models with attention, translate "
    "with them, and measure and inspect their attention."
)
# The command modules, in the order --help lists their commands.
COMMANDS = (train, translate, evaluate, align, eflomal_priors, probes, average, listing, export)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every command, each added by its module."""
    parser = Parser(
        prog="nmt-core",
        description=DESCRIPTION,
        epilog="nmt-core COMMAND --help shows a command's options.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=Parser, title="commands", metavar="COMMAND"
    )
    for command in COMMANDS:
        command.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command of ``argv``; its exit code (2, with one line on stderr, for a mistake)."""
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    try:
        return args.run(prepared(args))
    except UsageError as error:
        print(f"nmt-core {args.command}: error: {error}", file=sys.stderr)
        return 2
    except (CorpusError, CheckpointError, EflomalError, ValueError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

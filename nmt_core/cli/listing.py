"""The list command: the checkpoints of a folder, one row each with its metadata."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from nmt_core.checkpoint import (
    CheckpointInfo,
    checkpoints_root,
    default_checkpoint,
    scan_checkpoints,
)
from nmt_core.cli.parser import add_command

TITLES = ("name", "direction", "scorer", "decoder", "parameters", "default", "test BLEU")


def command_list(args: argparse.Namespace) -> int:
    """One row per checkpoint on stdout, its name first (scripts read the names with a split);
    the header goes to stderr, which a terminal shows above the rows and a pipe leaves out."""
    root = Path(args.root)
    if not root.is_dir():
        what = "is a file" if root.exists() else "does not exist"
        print(f"error: {root} {what}: give --root a folder of checkpoints", file=sys.stderr)
        return 1
    scan = scan_checkpoints(root)
    for problem in scan.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    for warning in scan.warnings:
        print(f"warning: {warning}", file=sys.stderr)
    if not scan.infos:
        print(f"no checkpoints in {root}: train one with: python -m nmt_core train --help")
        return 1
    header, *rows = checkpoint_table(scan.infos)
    print(header, file=sys.stderr, flush=True)
    print("\n".join(rows))
    return 0


def checkpoint_table(infos: Sequence[CheckpointInfo]) -> list[str]:
    """A header naming every column, then a row per checkpoint: name, direction, scorer,
    decoder, parameters, whether it is its direction's default (the one translate and the
    dashboard open on), test BLEU. Columns are as wide as their longest entry or title, so
    that "conditional" keeps them aligned; numbers are right-aligned."""
    defaults = {default_checkpoint([i for i in infos if i.direction == d]).path
                for d in {i.direction for i in infos}}  # fmt: skip
    cells = [
        (i.name, i.direction, i.scorer, i.decoder,
         "-" if i.parameters is None else f"{i.parameters / 1e6:.2f}M",
         "default" if i.path in defaults else "",
         "-" if i.test_bleu is None else f"{i.test_bleu:.1f}")
        for i in infos
    ]  # fmt: skip
    rows = [TITLES, *cells]
    widths = [max(len(row[k]) for row in rows) for k in range(len(TITLES))]
    aligns = ["<", "<", "<", "<", ">", "<", ">"]
    return [
        "  ".join(f"{cell:{a}{w}}" for cell, a, w in zip(row, aligns, widths, strict=True)).rstrip()
        for row in rows
    ]


def register(sub: Any) -> None:
    """The list command's parser."""
    p = add_command(sub, "list", "list checkpoints with their metadata", command_list)
    p.add_argument(
        "--root",
        default=str(checkpoints_root()),
        help="default: $ATTENTION_LAB_CHECKPOINTS or the shipped ones",
    )

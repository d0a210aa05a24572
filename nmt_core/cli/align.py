"""The align command: word alignments from forced-decoding attention, as Pharaoh lines, and
their AER against a gold file."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from nmt_core.analysis.alignment import (
    DEFAULT_THRESHOLD,
    HARD_ALIGNMENT_METHODS,
    align_view,
    alignment_error_rate,
    alignment_error_rate_after_the_first_word,
    check_gold_in_range,
    format_pharaoh,
    read_gold_file,
)
from nmt_core.checkpoint import load_checkpoint
from nmt_core.cli.files import written
from nmt_core.cli.parser import add_checkpoint, add_command, add_device
from nmt_core.corpora.corpus import pairs_from_file
from nmt_core.translate import forced_views


def command_align(args: argparse.Namespace) -> int:
    """Write each pair's links (Pharaoh i-j); with --gold, print their AER on stderr, over
    every target word and over all but the first (``after_the_first_word``)."""
    checkpoint = load_checkpoint(args.checkpoint, device=args.device)
    if not checkpoint.attends:
        print("this model has no attention, so it gives no alignments", file=sys.stderr)
        return 2
    pairs = pairs_from_file(args.tsv)
    gold = read_gold_file(args.gold, len(pairs)) if args.gold else None  # before any work
    views = forced_views(checkpoint, pairs, word_level=True)  # forced decoding alone, batched
    aligned = [align_view(view, args.method, args.threshold) for view in views]
    if gold is not None:
        check_gold_in_range(gold, [a.view.shape if a else (0, 0) for a in aligned], args.gold)
    predicted = [a.links if a else frozenset() for a in aligned]
    text = "".join(format_pharaoh(links) + "\n" for links in predicted)
    if args.output:
        written(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    if gold is not None:
        sure, possible = [g[0] for g in gold], [g[1] for g in gold]
        scores = alignment_error_rate(predicted, sure, possible)
        # the first decoder step looks from no previous word: its links are scored apart too
        later = alignment_error_rate_after_the_first_word(predicted, sure, possible)
        report = {**asdict(scores), "after_the_first_word": asdict(later)}
        print(json.dumps(report), file=sys.stderr)
    return 0


def _weight(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.0 < value <= 1.0:  # also false for nan
        raise argparse.ArgumentTypeError(f"must be an attention weight in (0, 1]; got {text!r}")
    return value


def register(sub: Any) -> None:
    """The align command's parser."""
    p = add_command(sub, "align", "word alignments from forced-decoding attention (Pharaoh i-j)",
                    command_align, inputs=("tsv", "gold"), outputs=("output",))  # fmt: skip
    add_checkpoint(p)
    p.add_argument("--tsv", required=True, help="source TAB reference translation, one per line")
    p.add_argument("--method", choices=HARD_ALIGNMENT_METHODS, default="argmax",
                   help=f"default argmax; choices {', '.join(HARD_ALIGNMENT_METHODS)}")  # fmt: skip
    p.add_argument("--threshold", type=_weight, default=DEFAULT_THRESHOLD,
                   help=f"in (0, 1] (default {DEFAULT_THRESHOLD})")  # fmt: skip
    p.add_argument("--gold", help="gold Pharaoh file (i-j sure, i?j or ipj possible): print AER")
    p.add_argument("--output", help="write alignments here (default: stdout)")
    add_device(p)

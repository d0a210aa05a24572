"""The translate command: sentences in, their translations and attention tables out."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.cli.options import BEAMS
from nmt_core.cli.parser import add_checkpoint, add_command, add_device
from nmt_core.translate import MAX_SOURCE_PIECES, attention_table, translate


def command_translate(args: argparse.Namespace) -> int:
    """Print each sentence's translation and, unless --quiet, its attention table; say which
    model ran on stderr (a pipe keeps the translations alone)."""
    checkpoint = load_checkpoint(args.checkpoint, device=args.device)
    sentences = args.sentences or [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not sentences:
        print("nothing to translate: give a sentence or pipe lines in", file=sys.stderr)
        return 2
    print(model_line(checkpoint, args.beam), file=sys.stderr)
    for sentence in sentences:
        result = translate(checkpoint, sentence, beam_size=args.beam, reference=args.reference)
        print(result.hypothesis)
        if result.truncated:
            print(f"(input was cut to the first {MAX_SOURCE_PIECES} subword pieces)")
        if not args.quiet:
            print(attention_table(result, word_level=args.words))
            print()
    return 0


def model_line(checkpoint: Checkpoint, beam: int) -> str:
    """Which model translates, and how: its name, direction, scorer and decoder, the search,
    and its folder."""
    config, search = checkpoint.config, "greedy" if beam == 1 else f"beam {beam}"
    direction = checkpoint.meta.get("direction", "?")
    return (
        f"model {checkpoint.name} ({direction}, {config.scorer} scorer, {config.decoder} "
        f"decoder, {search}): {checkpoint.path}"
    )


def register(sub: Any) -> None:
    """The translate command's parser."""
    p = add_command(sub, "translate", "translate and print the attention table", command_translate)
    p.add_argument("sentences", nargs="*", help="sentences (default: lines from stdin)")
    add_checkpoint(p)
    p.add_argument(
        "--beam", type=BEAMS.parse, default=1, help="beam size, 1-64 (default 1: greedy)"
    )
    p.add_argument("--reference", help="also force-decode this translation")
    p.add_argument("--words", action="store_true", help="attention per word, not per subword")
    p.add_argument("--quiet", action="store_true", help="translations only")
    add_device(p)

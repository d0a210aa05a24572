"""The translate command: sentences in, their translations and attention tables out."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.cli.options import BEAMS, PENALTIES
from nmt_core.cli.parser import add_checkpoint, add_command, add_device
from nmt_core.translate import MAX_SOURCE_PIECES, Translation, translate


def command_translate(args: argparse.Namespace) -> int:
    """Print each sentence's translation and, unless --quiet, its attention table; say which
    model ran on stderr (a pipe keeps the translations alone)."""
    if args.coverage_penalty and args.beam == 1:
        print("--coverage-penalty ranks beam search's hypotheses: give --beam 2 or more",
              file=sys.stderr)  # fmt: skip
        return 2
    checkpoint = load_checkpoint(args.checkpoint, device=args.device)
    if args.coverage_penalty and not checkpoint.attends:
        print(f"{checkpoint.name} has no attention: --coverage-penalty needs a model with it",
              file=sys.stderr)  # fmt: skip
        return 2
    sentences = args.sentences or [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not sentences:
        print("nothing to translate: give a sentence or pipe lines in", file=sys.stderr)
        return 2
    print(model_line(checkpoint, args.beam, args.coverage_penalty), file=sys.stderr)
    for sentence in sentences:
        result = translate(
            checkpoint, sentence, args.beam, args.reference, coverage_penalty=args.coverage_penalty
        )
        print(result.hypothesis)
        if result.truncated:
            print(f"(input was cut to the first {MAX_SOURCE_PIECES} subword pieces)")
        if not args.quiet:
            print(attention_table(result, word_level=args.words))
            print()
    return 0


def model_line(checkpoint: Checkpoint, beam: int, coverage_penalty: float = 0.0) -> str:
    """Which model translates, and how: its name, direction, scorer and decoder, the search,
    and its folder."""
    config, search = checkpoint.config, "greedy" if beam == 1 else f"beam {beam}"
    if coverage_penalty:
        search += f", coverage penalty {coverage_penalty:g}"
    direction = checkpoint.meta.get("direction", "?")
    return (
        f"model {checkpoint.name} ({direction}, {config.scorer} scorer, {config.decoder} "
        f"decoder, {search}): {checkpoint.path}"
    )


def attention_table(translation: Translation, word_level: bool = False) -> str:
    """The attention matrix as text under a line that says how to read it: one row per target
    token, weights in percent (a row sums to 100, give or take rounding)."""
    if translation.attention is None:
        return "(this model has no attention: one fixed context vector for every step)"
    if word_level:
        matrix = translation.word_attention()
        sources, targets = translation.source_words, translation.best.target_words
    else:
        matrix = translation.attention
        sources, targets = list(translation.source_pieces), list(translation.target_pieces)
    width = max(4, *(len(s) for s in sources))
    label = max(len(t) for t in targets)
    unit = "word" if word_level else "piece"
    lines = [
        f"attention in percent: a row per output {unit} (each sums to 100), a column per "
        f"input {unit}",
        " " * label + " " + " ".join(s.rjust(width) for s in sources),
    ]
    for target, row in zip(targets, matrix, strict=True):
        cells = " ".join(f"{100 * w:.0f}".rjust(width) for w in row)
        lines.append(target.ljust(label) + " " + cells)
    return "\n".join(lines)


def register(sub: Any) -> None:
    """The translate command's parser."""
    p = add_command(sub, "translate", "translate and print the attention table", command_translate)
    p.add_argument("sentences", nargs="*", help="sentences (default: lines from stdin)")
    add_checkpoint(p)
    p.add_argument(
        "--beam", type=BEAMS.parse, default=1, help="beam size, 1-64 (default 1: greedy)"
    )
    p.add_argument(
        "--coverage-penalty",
        type=PENALTIES.parse,
        default=0.0,
        help="beam search prefers translations that attend to every source word: GNMT's beta, "
        "0-5 (default 0: none; needs --beam 2 or more)",
    )
    p.add_argument("--reference", help="also force-decode this translation")
    p.add_argument("--words", action="store_true", help="attention per word, not per subword")
    p.add_argument("--quiet", action="store_true", help="translations only")
    add_device(p)

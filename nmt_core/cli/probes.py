"""The probes command: a run's probe record, its AER and first translation at each step."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from nmt_core.analysis.alignment import HARD_ALIGNMENT_METHODS, read_gold_file
from nmt_core.cli.parser import add_command
from nmt_core.learning.probes import PROBES, alignment_errors, read_probes


def command_probes(args: argparse.Namespace) -> int:
    """Attention across training: each record's probe AER (when gold is known) and translations."""
    log = read_probes(Path(args.folder) / PROBES)
    gold = read_gold_file(args.gold, len(log.sentences)) if args.gold else None
    known = gold is not None or all(s.gold is not None for s in log.sentences)
    scores = alignment_errors(log, gold, args.method) if known else None
    print("step    dev BLEU  " + ("AER    P      R      " if scores else "") + "first probe")
    for k, evaluation in enumerate(log.evaluations):
        bleu = "-" if evaluation.dev_bleu is None else f"{evaluation.dev_bleu:.2f}"
        aer = ""
        if scores is not None:
            aer = f"{scores[k].aer:.3f}  {scores[k].precision:.3f}  {scores[k].recall:.3f}  "
        print(f"{evaluation.step:<7} {bleu:>8}  {aer}{evaluation.hypotheses[0]}")
    return 0


def register(sub: Any) -> None:
    """The probes command's parser."""
    p = add_command(sub, "probes", "a run's probe record: AER and translations per step",
                    command_probes, inputs=("gold",))  # fmt: skip
    p.add_argument("folder", help="a training OUTPUT_DIR or a checkpoint with probes.json")
    p.add_argument("--gold", help="gold Pharaoh file for the probe sentences (default: the gold "
                   "recorded with them, if any)")  # fmt: skip
    p.add_argument("--method", choices=HARD_ALIGNMENT_METHODS, default="argmax",
                   help="how each target word's attention becomes links for the AER (default "
                   f"argmax; choices {', '.join(HARD_ALIGNMENT_METHODS)})")  # fmt: skip

"""The average command: a run's weights to ship, its best checkpoint or a mean of its last
snapshots, chosen on dev."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from nmt_core.checkpoint import read_config
from nmt_core.cli.options import BEAMS
from nmt_core.cli.parser import UsageError, add_command, add_device
from nmt_core.folders import writing_problem


def command_average(args: argparse.Namespace) -> int:
    """Choose, on dev, between a run's best checkpoint and means of its last snapshots."""
    from nmt_core.corpora.corpus import dev_pairs
    from nmt_core.learning.averaging import rank_candidates, write_chosen

    run = Path(args.run_dir)
    output = Path(args.output) if args.output else run / "averaged"
    problem = writing_problem(output)
    if problem:  # said before the dev decoding, whose minutes would be lost
        raise UsageError(f"--output: {problem}")
    pairs = dev_pairs(read_config(run / "best")[1])
    scored = rank_candidates(run, pairs, args.max_last, args.beam, args.device)
    for candidate in scored:
        steps = ",".join(str(s) for s in candidate.steps)
        print(
            f"{candidate.label:8} steps {steps:40} dev BLEU {candidate.dev_bleu:6.2f}"
            f"  chrF {candidate.dev_chrf:6.2f}  (beam {args.beam})"
        )
    write_chosen(run, scored, output, pairs, args.beam, args.device)
    print(f"chose {scored[0].label}: wrote {output}")
    return 0


def _positive_int(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1; got {text!r}")
    return int(text)


def register(sub: Any) -> None:
    """The average command's parser."""
    p = add_command(sub, "average", "average a run's last snapshots (chosen on dev)",
                    command_average, folders=("output",))  # fmt: skip
    p.add_argument(
        "--run", dest="run_dir", required=True, help="a training OUTPUT_DIR with best/, snapshots/"
    )
    p.add_argument(
        "--max-last",
        type=_positive_int,
        default=6,
        help="try the means of the last 1..N snapshots against the best checkpoint (default 6)",
    )
    p.add_argument(
        "--beam",
        type=BEAMS.parse,
        default=5,
        help="beam size of the dev comparison, 1-64 (default 5)",
    )
    p.add_argument(
        "--output",
        help="where to write the chosen checkpoint: a new or empty folder, or a checkpoint to "
        "replace (default RUN/averaged)",
    )
    add_device(p)

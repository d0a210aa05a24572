"""Our side of the peer benchmark: train with the CLI under a clock, then translate and time.

    python -m bench.peers.ours_side train --stats S.json -- train --config ... (nmt_core CLI)
    python -m bench.peers.ours_side evaluate --checkpoint DIR --probe probe.json --out-dir DIR

``train`` runs ``python -m nmt_core train`` in-process, unchanged, with timers wrapped around
three of its helpers (nothing in nmt_core is edited): ``make_batches`` marks the start of the
loop, ``batch_loss`` counts target tokens, ``_evaluate_and_save`` brackets each validation.
``evaluate`` translates the test sources (greedy and beam), times single-sentence ``translate()``
calls, and writes hypotheses and timings for ``compare.py`` to score.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import torch

from bench.peers.timing import (
    TrainClock,
    latency_table,
    peak_rss_mib,
    timed,
    write_json,
    write_lines,
)
from nmt_core.__main__ import main as nmt_main
from nmt_core.checkpoint import load_checkpoint
from nmt_core.learning import training
from nmt_core.network.config import DecodeConfig
from nmt_core.translate import translate, translate_texts


def train(stats_path: str, cli_args: list[str]) -> int:
    """Run the nmt_core training CLI with a TrainClock attached; write its report."""
    clock = TrainClock()
    make_batches, batch_loss, evaluate = (
        training.make_batches,
        training.batch_loss,
        training.evaluate_and_save,
    )

    def timed_make_batches(*args: Any, **kwargs: Any) -> Any:
        clock.start()  # the first epoch's batches: the loop starts here
        return make_batches(*args, **kwargs)

    def counted_batch_loss(*args: Any, **kwargs: Any) -> Any:
        loss, tokens = batch_loss(*args, **kwargs)
        clock.tokens(tokens)
        return loss, tokens

    def timed_evaluate(*args: Any, **kwargs: Any) -> Any:
        clock.validation_started()
        try:
            return evaluate(*args, **kwargs)
        finally:
            clock.validation_ended()

    training.make_batches = timed_make_batches
    training.batch_loss = counted_batch_loss
    training.evaluate_and_save = timed_evaluate
    status = nmt_main(cli_args)
    write_json({"threads": torch.get_num_threads(), **clock.report()}, stats_path)
    return status


def evaluate(args: argparse.Namespace) -> int:
    torch.set_num_threads(args.threads)
    probe = json.loads(Path(args.probe).read_text(encoding="utf-8"))
    sources = probe["test_sources"]
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    checkpoint, load_seconds = timed(lambda: load_checkpoint(args.checkpoint, device="cpu"))
    model, tokenizer = checkpoint.model, checkpoint.tokenizer

    report: dict[str, Any] = {"threads": torch.get_num_threads(), "load_seconds": load_seconds}
    for beam in args.beams:
        config = DecodeConfig(beam_size=beam)
        hypotheses, seconds = timed(lambda c=config: translate_texts(model, tokenizer, sources, c))
        write_lines(hypotheses, out / f"beam{beam}.hyp")
        report[f"beam{beam}"] = {
            "seconds": round(seconds, 2),
            "sentences_per_s": round(len(sources) / seconds, 2),
        }
    # translate(): the one entry point (attention, top-k and all); text-only for comparison.
    report["latency"] = latency_table(
        lambda s: translate(checkpoint, s).hypothesis, probe["latency"], args.repeats
    )
    report["latency_text_only"] = latency_table(
        lambda s: translate_texts(model, tokenizer, [s])[0], probe["latency"], args.repeats
    )
    report["peak_rss_mib"] = peak_rss_mib()
    write_json(report, out / "eval.json")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("train", help="nmt_core's train CLI with a clock (args after --)")
    p.add_argument("--stats", required=True)
    p = sub.add_parser("evaluate", help="translate the test set and time single sentences")
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--probe", required=True, help="JSON with test_sources and latency probes")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--beams", type=int, nargs="+", default=[1, 5])
    p.add_argument("--repeats", type=int, default=20)
    p.add_argument("--threads", type=int, default=2)
    if argv and argv[0] == "train":
        split = argv.index("--") if "--" in argv else len(argv)
        args = parser.parse_args(argv[:split])
        return train(args.stats, argv[split + 1 :])
    return evaluate(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())

"""Row-major against column-major output matrix for decoding (``Seq2Seq.set_decoding_layout``).

    python bench/decoding_layout.py                                  # random bench-recipe model
    python bench/decoding_layout.py --checkpoint checkpoints/de-en-additive

Two figures, both at 1 torch thread by default:

    product    one (1, E) row times the (V, E) matrix, ``F.linear``, as one greedy step does it
    translate  median ms of a greedy ``translate()`` for 5-, 20- and 50-piece sources

The two layouts alternate round by round in one process, so that a busy machine slows both
alike; the ratio column is column-major / row-major (below 1: the decoding layout is faster).
The model without a checkpoint is the Joey comparison's (bench/peers/recipe.json, random
weights, never emits </s>: it decodes 2 x source + 10 steps). Prints figures; asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse
import json
import statistics
import time
from collections.abc import Callable

import torch
import torch.nn.functional as F

from bench.core_speed import probe_sentences
from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.network.config import ModelConfig
from nmt_core.network.model import build_model
from nmt_core.text.tokenization import Tokenizer
from nmt_core.translate import translate

ROOT = Path(__file__).resolve().parents[1]
LAYOUTS = {"row-major": False, "column-major": True}


def seconds_per_call(call: Callable[[], object], calls: int) -> float:
    start = time.perf_counter()
    for _ in range(calls):
        call()
    return (time.perf_counter() - start) / calls


def alternate(
    checkpoint: Checkpoint, call: Callable[[], object], rounds: int, calls: int
) -> dict[str, float]:
    """Median seconds per call of ``call`` under each layout, the layouts taking turns."""
    times: dict[str, list[float]] = {name: [] for name in LAYOUTS}
    for _ in range(rounds):
        for name, decoding in LAYOUTS.items():
            checkpoint.model.set_decoding_layout(decoding)
            call()  # warm-up after the change of layout
            times[name].append(seconds_per_call(call, calls))
    return {name: statistics.median(values) for name, values in times.items()}


def bench_model(tokenizer_path: Path) -> Checkpoint:
    recipe = json.loads((ROOT / "bench/peers/recipe.json").read_text())["model"]
    tokenizer = Tokenizer.load(tokenizer_path)
    torch.manual_seed(0)
    config = ModelConfig(**recipe, vocab_size=tokenizer.vocab_size)
    model = build_model(config).eval()
    return Checkpoint(Path("random"), model, tokenizer, config, {"name": "bench recipe, random"})


def print_row(label: str, medians: dict[str, float], unit: float, unit_name: str) -> None:
    row, col = medians["row-major"] * unit, medians["column-major"] * unit
    print(f"{label:34} {row:9.1f} {col:12.1f} {unit_name:3} {col / row:6.2f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--checkpoint", help="default: the bench recipe with random weights")
    parser.add_argument("--tokenizer", default="checkpoints/de-en-additive/spm.model")
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    if args.checkpoint:
        checkpoint = load_checkpoint(args.checkpoint)
    else:
        checkpoint = bench_model(ROOT / args.tokenizer)
    matrix = checkpoint.model.output_matrix()
    shape, threads = tuple(matrix.shape), torch.get_num_threads()
    print(f"{checkpoint.name}: output matrix {shape}, {threads} threads")
    print(f"{'':34} {'row-major':>9} {'column-major':>12} {'':3} {'ratio':>6}")

    row = torch.randn(1, matrix.size(1))
    with torch.inference_mode():
        product = alternate(checkpoint, lambda: F.linear(row, matrix.data), args.rounds, 200)
    print_row("product (1, E) x (V, E)^T", product, 1e6, "us")
    for n, sentence in probe_sentences(checkpoint).items():
        steps = len(translate(checkpoint, sentence).target_pieces)
        medians = alternate(checkpoint, lambda s=sentence: translate(checkpoint, s), args.rounds, 3)
        print_row(f"translate(), {n:2} pieces -> {steps:2} steps", medians, 1e3, "ms")
    checkpoint.model.set_decoding_layout(True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

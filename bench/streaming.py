"""Training on a corpus larger than memory: peak memory and speed of `train --stream`.

    python bench/streaming.py                        # 1M and 10M synthetic lines
    python bench/streaming.py --lines 100000 --steps 50

For each size, a synthetic TSV of made-up sentence pairs (random words; no real data) is
written under bench/out/ (git-ignored), then ``python -m nmt_core train --stream`` runs on it in
a child process: the split by hash, the tokenizer from a sample, the training pairs encoded to
disk, ``--steps`` updates of a small model and one evaluation. Reported: the child's peak
resident memory (getrusage), the wall time of each phase (from its log), and the training
speed (target tokens per second, from its progress bar). The files are deleted afterwards.

Target: peak RSS <= 2 GB at 10M lines. Prints a Markdown table; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "bench" / "out" / "streaming"
SYLLABLES = ("ka", "mo", "ti", "ru", "se", "la", "ne", "po", "fi", "du", "gre", "sch", "an")


def words(rng: random.Random, count: int) -> list[str]:
    """``count`` made-up words of 1-3 syllables."""
    return ["".join(rng.choices(SYLLABLES, k=rng.randint(1, 3))) for _ in range(count)]


def write_corpus(path: Path, lines: int, seed: int = 0) -> None:
    """``lines`` pairs: a sentence of 3-20 words of a 20,000-word vocabulary, and its reverse
    with each word respelled (a made-up translation)."""
    rng = random.Random(seed)
    vocabulary = words(rng, 20_000)
    with path.open("w", encoding="utf-8") as out:
        for _ in range(lines):
            source = rng.choices(vocabulary, k=rng.randint(3, 20))
            target = [w[::-1] for w in reversed(source)]
            out.write(f"{' '.join(source).capitalize()}.\t{' '.join(target).capitalize()}.\n")


def run_training(corpus: Path, steps: int, folder: Path) -> tuple[float, str]:
    """Train --stream in a child process; returns its wall time and its stderr."""
    command = [
        sys.executable, "-m", "nmt_core", "train", "--stream", "--corpus", str(corpus),
        "--output-dir", str(folder), "--max-steps", str(steps), "--eval-every", str(steps),
        "--vocab-size", "8000", "--embed-size", "128", "--hidden-size", "256",
        "--batch-tokens", "4000", "--threads", "2", "--snapshots", "0", "--eval-sentences", "100",
    ]  # fmt: skip
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    if done.returncode:
        raise SystemExit(f"training failed:\n{done.stderr[-2000:]}")
    return time.perf_counter() - start, done.stderr


def measure(lines: int, steps: int) -> dict[str, str]:
    OUT.mkdir(parents=True, exist_ok=True)
    corpus, folder = OUT / f"pairs-{lines}.tsv", OUT / f"run-{lines}"
    shutil.rmtree(folder, ignore_errors=True)
    start = time.perf_counter()
    write_corpus(corpus, lines)
    written = time.perf_counter() - start
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    seconds, log = run_training(corpus, steps, folder)
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    rates = re.findall(r"tok_s=(\d+)", log)
    encoded = re.search(r"stream: (\d+) training pairs", log)
    ids = folder / "stream" / "ids.int32"
    row = {
        "lines": f"{lines:,}",
        "corpus MB": f"{corpus.stat().st_size / 1e6:.0f}",
        "pairs trained on": f"{int(encoded.group(1)):,}" if encoded else "?",
        "ids on disk MB": f"{ids.stat().st_size / 1e6:.0f}",
        "peak RSS MB": f"{peak_kib / 1024:.0f}" if peak_kib > before else "(below an earlier run)",
        "train command s": f"{seconds:.0f}",
        "target tokens/s": rates[-1] if rates else "?",
        "writing the TSV s": f"{written:.0f}",
    }
    corpus.unlink()
    shutil.rmtree(folder)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, nargs="+", default=[1_000_000, 10_000_000])
    parser.add_argument("--steps", type=int, default=200)
    args = parser.parse_args(argv)
    print(f"{os.cpu_count()} cores; {args.steps} updates of a 128/256 GRU model per size; "
          "peak RSS is the training process's.\n")  # fmt: skip
    rows = [measure(n, args.steps) for n in sorted(args.lines)]  # smallest first: its peak
    print("| " + " | ".join(rows[0]) + " |")  # is then not hidden by a bigger one's
    print("|" + " --- |" * len(rows[0]))
    for row in rows:
        print("| " + " | ".join(row.values()) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

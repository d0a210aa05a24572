"""How long does ``nmt-core align`` take to align the gold set's 75 pairs?

    python bench/align_speed.py                    # the shipped de-en attention models
    python bench/align_speed.py --repeats 5 --checkpoints checkpoints/de-en-dot

Two ways to get each pair's force-decoded attention, timed in one process on the same pairs
(tests/fixtures/alignment_de_en/test.tsv), best of ``--repeats``:

* ``search + forced``: ``translate(checkpoint, source, reference=target)`` one pair at a time,
  as ``align`` did before: a greedy search, then forced decoding of the reference;
* ``forced, batched``: ``forced_views`` in length-sorted batches, as ``align`` does now: forced
  decoding alone (alignment reads the reference's attention, never the search's).

Both give the same links (checked here, and in tests/test_translate.py). Whole-command figures
(process start, imports and loading included) are in bench/RESULTS.md beside these.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse
import time
from collections.abc import Callable

from nmt_core.analysis.alignment import Alignment, align, align_view
from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.corpora.corpus import pairs_from_file
from nmt_core.network.scorers import scorer
from nmt_core.text.data import Pair
from nmt_core.translate import forced_views, translate

ROOT = Path(__file__).resolve().parents[1]
GOLD_PAIRS = ROOT / "tests" / "fixtures" / "alignment_de_en" / "test.tsv"


def best_seconds(work: Callable[[], object], repeats: int) -> tuple[float, object]:
    """The shortest of ``repeats`` timings of ``work()`` and its last result."""
    times, result = [], None
    for _ in range(repeats):
        start = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - start)
    return min(times), result


def one_by_one(checkpoint: Checkpoint, pairs: list[Pair]) -> list[Alignment]:
    """Each pair's links the way align made them before: a search, then forced decoding."""
    return [align(translate(checkpoint, p.source, reference=p.target)).links for p in pairs]


def batched(checkpoint: Checkpoint, pairs: list[Pair]) -> list[Alignment]:
    """Each pair's links the way align makes them now: batched forced decoding alone."""
    return [align_view(view).links for view in forced_views(checkpoint, pairs, True)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoints", nargs="*", type=Path,
                        default=sorted((ROOT / "checkpoints").glob("de-en-*")))  # fmt: skip
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    pairs = pairs_from_file(GOLD_PAIRS)
    print(f"{len(pairs)} pairs of {GOLD_PAIRS.relative_to(ROOT)}, best of {args.repeats}")
    print("| model | search + forced (s) | forced, batched (s) | faster |")
    print("| --- | --- | --- | --- |")
    for folder in args.checkpoints:
        checkpoint = load_checkpoint(folder)
        if not scorer(checkpoint.config.scorer).attends:
            continue

        before, old_links = best_seconds(lambda c=checkpoint: one_by_one(c, pairs), args.repeats)
        after, new_links = best_seconds(lambda c=checkpoint: batched(c, pairs), args.repeats)
        same = "" if old_links == new_links else " (links differ!)"
        print(f"| {folder.name} | {before:.2f} | {after:.2f} | {before / after:.1f}x{same} |")


if __name__ == "__main__":
    main()

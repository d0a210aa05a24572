"""How long the costly panels take for a 20-piece sentence: the work behind each.

    python bench/panels.py                      # every shipped model, 5 repeats each
    python bench/panels.py --repeats 9 --checkpoints checkpoints/de-en-dot

Each panel computes only when asked (a button, a toggle or an expander); this times the
``nmt_core`` call behind it on the shipped models, the model already loaded as on a running
server: what-if with another piece and with uniform attention (at the middle step), the
three attributions for every step of the translation, the beam tree (beam 5), eflomal
aligning the sentence with its priors (when they are built: ``python -m nmt_core
eflomal-priors``), the temperature what-if at the middle step and the query–key map of the
page's default number of everyday sentences (``MAPPED_SENTENCES`` below; ``--threads 1`` is
what a class server's translation workers use). The Across training page only reads a file
and is not timed.

Target: each panel within 1 s on 2 cores, so that a class does not wait. Prints a Markdown
table of the median and the slowest of ``--repeats`` runs; asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse  # noqa: E402
import os  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402

import torch  # noqa: E402

from nmt_core.analysis import eflomal  # noqa: E402
from nmt_core.analysis.attribution import IG_STEPS, METHODS, attribute  # noqa: E402
from nmt_core.analysis.beamtree import beam_tree  # noqa: E402
from nmt_core.analysis.querykey import query_key_map  # noqa: E402
from nmt_core.analysis.whatif import edited_attention, what_if  # noqa: E402
from nmt_core.checkpoint import load_checkpoint, scan_checkpoints  # noqa: E402
from nmt_core.measures.temperature import tempered_weights  # noqa: E402
from nmt_core.network.config import TrainConfig  # noqa: E402
from nmt_core.text.data import read_tsv  # noqa: E402
from nmt_core.translate import translate  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
# 20 pieces with the shipped 8k tokenizer (checked below), an everyday sentence of our own
SENTENCE = (
    "Gestern Abend habe ich mit meiner kleinen Schwester lange über ihre neue Arbeit in Berlin "
    "gesprochen."
)
TARGET_SECONDS = 1.0
MAPPED_SENTENCES = 40  # the query–key map's default (dashboard/views/querykey.DEFAULT_COUNT)


def timed(work: Callable[[], object], repeats: int) -> tuple[float, float]:
    """Median and slowest wall time of ``work`` over ``repeats`` runs, after one warm-up."""
    work()
    seconds = []
    for _ in range(repeats):
        start = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds), max(seconds)


def panels(folder: Path) -> dict[str, Callable[[], object]]:
    """The work behind each panel, for one model."""
    checkpoint = load_checkpoint(folder)
    greedy = translate(checkpoint, SENTENCE)
    middle = len(greedy.target_pieces) // 2
    hyp = greedy.best
    other = next(p for p in hyp.topk_pieces[middle] if p != hyp.target_pieces[middle])
    work: dict[str, Callable[[], object]] = {
        "what if: another piece": lambda: what_if(checkpoint, greedy, middle, piece=other),
    }
    if hyp.attention is not None:
        uniform = edited_attention(hyp.attention[middle], "uniform")
        work["what if: uniform α"] = lambda: what_if(checkpoint, greedy, middle, weights=uniform)
        work["temperature T = 0.5"] = lambda: tempered_weights(hyp.scores[middle], 0.5)
        if not checkpoint.config.coverage:
            everyday = everyday_sentences(checkpoint)
            work[f"query–key map, {len(everyday)} sentences"] = lambda: query_key_map(
                checkpoint, everyday
            )
    for method, name in METHODS.items():
        work[f"attribution: {name}, all steps"] = lambda m=method: attribute(checkpoint, greedy, m)
    work["beam tree, beam 5"] = lambda: beam_tree(checkpoint, SENTENCE, 5)
    train = checkpoint.meta.get("train_config")
    priors = eflomal.priors_path(TrainConfig.from_dict(train)) if train else None
    if priors is not None and priors.is_file():
        source, target = SENTENCE.split(), greedy.hypothesis.split()
        work["eflomal, one sentence"] = lambda: eflomal.align_sentence(source, target, priors)
    return work


def everyday_sentences(checkpoint) -> list[str]:
    """The first sentences of the everyday fixture in the model's direction."""
    direction = checkpoint.meta["train_config"]["direction"].replace("-", "_")
    pairs, _ = read_tsv(ROOT / f"tests/fixtures/everyday_{direction}.tsv")
    return [pair.source for pair in pairs[:MAPPED_SENTENCES]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoints", type=Path, nargs="+")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--threads", type=int, help="torch threads (default: torch's own)")
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    folders = args.checkpoints or [i.path for i in scan_checkpoints(ROOT / "checkpoints").infos]
    pieces = len(load_checkpoint(folders[0]).tokenizer.encode(SENTENCE))
    print(f"Sentence: {SENTENCE!r} ({pieces} pieces + </s>); {os.cpu_count()} cores, "
          f"{torch.get_num_threads()} torch threads, load average {os.getloadavg()[0]:.2f}; "
          f"integrated gradients with {IG_STEPS} steps; {args.repeats} repeats.\n")  # fmt: skip
    print("| model | panel | median s | slowest s | within 1 s |")
    print("| --- | --- | --- | --- | --- |")
    for folder in folders:
        for name, work in panels(folder).items():
            median, slowest = timed(work, args.repeats)
            ok = "yes" if slowest <= TARGET_SECONDS else "no"
            print(f"| {folder.name} | {name} | {median:.3f} | {slowest:.3f} | {ok} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Is attention an explanation? Attention beside three attributions, on our gold alignments.

    python bench/attribution.py                       # every shipped model, the gold test split
    python bench/attribution.py --split probe --checkpoints checkpoints/de-en-dot

For every pair of the gold set (tests/fixtures/alignment_de_en, our own sentences), each model
force-decodes the English reference, as the alignment benchmark does, and for every English
piece computes gradient × input, integrated gradients and leave-one-out attributions to the
German pieces (``nmt_core.analysis.attribution``, Captum). Relevance (|attribution| normalised) and
attention are merged into words the same way. Per model and method:

* agreement with attention, per English word: how often the most attended German word is the
  most relevant one (top-1), Kendall τ between the two rankings, Jensen–Shannon divergence;
* each as an aligner: the argmax links of relevance, scored against the gold (AER), beside
  attention's own argmax AER (the no-attention model has attributions, but no attention);
* integrated gradients' error: |Σ attributions − (log p(x) − log p(0))| / |log p(x) − log p(0)|
  over the pieces, at ``--ig-steps``.

Prints Markdown tables; asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install
sys.path.insert(0, str(Path(__file__).resolve().parent))

import argparse  # noqa: E402
import time  # noqa: E402
from collections import defaultdict  # noqa: E402

import numpy as np  # noqa: E402
from alignment import (  # noqa: E402
    ROOT,
    checkpoint_folders,
    gold_dir_of,
    load_gold,
    machine,
    table,
)

from nmt_core.analysis.alignment import alignment_error_rate, links_from_view  # noqa: E402
from nmt_core.analysis.attribution import (  # noqa: E402
    IG_STEPS,
    METHODS,
    agreement,
    attribute,
    completeness_error,
    relevance,
)
from nmt_core.checkpoint import load_checkpoint  # noqa: E402
from nmt_core.text.data import DIRECTIONS  # noqa: E402
from nmt_core.text.tokenization import word_attention  # noqa: E402
from nmt_core.translate import AttentionView, Translation, translate  # noqa: E402


def word_view(translation: Translation, rows: np.ndarray) -> AttentionView:
    """The reference's (T, S) piece rows as a labelled word-level matrix, as attention is."""
    reference = translation.reference
    matrix = word_attention(rows, translation.source_pieces, reference.target_pieces)
    return AttentionView(matrix, tuple(translation.source_words), tuple(reference.target_words))


def without_eos_rows(view: AttentionView) -> np.ndarray:
    """The word matrix without the "</s>" row and column, rows renormalised (for agreement)."""
    inner = view.without_eos().matrix
    return inner / np.maximum(inner.sum(axis=1, keepdims=True), 1e-12)


def run_model(folder: Path, gold, methods: list[str], ig_steps: int) -> dict:
    """Links and agreement of one model on every gold pair."""
    checkpoint = load_checkpoint(folder)
    links: dict[str, list] = defaultdict(list)
    agree: dict[str, list] = defaultdict(list)
    ig_errors: list[float] = []
    seconds: dict[str, float] = defaultdict(float)
    for pair in gold.pairs:
        forced = translate(checkpoint, pair.source, reference=pair.target)
        reference = forced.reference
        attention = None
        if reference.attention is not None:
            attention = word_view(forced, reference.attention)
            links["attention"].append(links_from_view(attention))
        for method in methods:
            start = time.perf_counter()
            rows = attribute(checkpoint, forced, method, hypothesis=reference, ig_steps=ig_steps)
            seconds[method] += time.perf_counter() - start
            view = word_view(forced, relevance(rows))
            links[method].append(links_from_view(view))
            if attention is not None:
                agree[method].append(agreement(without_eos_rows(attention), without_eos_rows(view)))
            if method == "integrated_gradients":
                ig_errors.extend(completeness_error(checkpoint, forced, rows, reference))
    return {"links": links, "agree": agree, "ig_errors": ig_errors, "seconds": seconds}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("test", "probe"), default="test")
    parser.add_argument(
        "--direction", choices=DIRECTIONS, default="de-en",
        help="the models scored and the gold's view (en-de: each pair and its links swapped)",
    )  # fmt: skip
    parser.add_argument("--gold-dir", type=Path, help="default: the direction's gold fixture")
    parser.add_argument("--checkpoints", type=Path, nargs="+", default=[ROOT / "checkpoints"])
    parser.add_argument("--methods", nargs="+", choices=list(METHODS), default=list(METHODS))
    parser.add_argument("--ig-steps", type=int, default=IG_STEPS)
    args = parser.parse_args(argv)
    gold = load_gold(args.gold_dir or gold_dir_of(args.direction), args.split, args.direction)
    print(f"Gold {args.split} ({args.direction}): {len(gold.pairs)} pairs. {machine()}\n")
    scores, agreements, errors, timing = [], [], [], []
    for folder in checkpoint_folders(args.checkpoints, args.direction):
        print(f"[attribution] {folder.name}", file=sys.stderr, flush=True)
        found = run_model(folder, gold, args.methods, args.ig_steps)
        for label, links in found["links"].items():
            s = alignment_error_rate(links, gold.sure, gold.possible)
            scores.append(
                (folder.name, label, *(f"{x:.3f}" for x in (s.aer, s.precision, s.recall)))
            )
        for method, rows in found["agree"].items():
            words = sum(a.steps for a in rows)
            means = [
                sum(getattr(a, k) * a.steps for a in rows) / words
                for k in ("top1", "kendall_tau", "jensen_shannon")
            ]
            agreements.append((folder.name, METHODS[method], words, *(f"{x:.3f}" for x in means)))
        if found["ig_errors"]:
            e = np.array(found["ig_errors"])
            errors.append((folder.name, len(e), f"{np.median(e):.3f}", f"{np.mean(e < 0.05):.1%}"))
        pieces = sum(len(p.target.split()) for p in gold.pairs)
        timing.append((folder.name, *(f"{found['seconds'][m]:.1f}" for m in args.methods)))
    print("## Each as an aligner (argmax per English word, word level)\n")
    print(table(("model", "from", "AER", "precision", "recall"), scores))
    print("## Agreement of relevance with attention (per English word, </s> left out)\n")
    header = ("model", "method", "English words", "top-1 same", "Kendall τ", "JS divergence (nats)")
    print(table(header, agreements))
    print(f"## Integrated gradients' completeness error ({args.ig_steps} steps)\n")
    print(table(("model", "pieces", "median relative error", "under 5%"), errors))
    print(f"## Seconds for all {len(gold.pairs)} pairs (about {pieces} English words)\n")
    print(table(("model", *(METHODS[m] for m in args.methods)), timing))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

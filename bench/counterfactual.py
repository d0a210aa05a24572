"""What if the attention were different? Uniform and shuffled α_t at every step of test sentences.

    python bench/counterfactual.py                      # every shipped model with attention
    python bench/counterfactual.py --sentences 300 --checkpoints checkpoints/de-en-dot

For each model: greedy translations of the first N held-out Ding test sentences (the split the
model was trained beside); at every step t but the last (which writes "</s>"), α_t is replaced by
uniform weights, and by the same weights shuffled (seeded), the original pieces before t are fed
in, and decoding goes on from t (``nmt_core.analysis.whatif``). Counted: how often the piece
written at t changes, for pieces of English function words and of content words
(``nmt_core.analysis.alignment.is_function_word``), and how often the rest of the sentence changes.

The perturbation studies this follows (Jain & Wallace 2019 on text classifiers; Moradi et al.
2019 on NMT) measured it on other models and data; their figures are not repeated here.
Prints a Markdown table; asserts nothing.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse
import json
import time
from collections import Counter
from collections.abc import Sequence

from nmt_core.analysis.alignment import is_function_word
from nmt_core.analysis.whatif import edited_attention, what_if
from nmt_core.checkpoint import load_checkpoint, read_config, scan_checkpoints
from nmt_core.corpora.corpus import recorded_split
from nmt_core.text.tokenization import word_groups, words_from_pieces
from nmt_core.translate import Translation, translate

ROOT = Path(__file__).resolve().parents[1]
EDITS = ("uniform", "shuffled")


def word_class_of_step(pieces: Sequence[str], step: int) -> str:
    """ "function" or "content": the English word that the piece at ``step`` belongs to."""
    words = words_from_pieces(pieces)
    group = next(k for k, g in enumerate(word_groups(pieces)) if step in g)
    return "function" if is_function_word(words[group]) else "content"


def perturb(checkpoint, result: Translation, counts: Counter, seed: int) -> None:
    """Every step of ``result`` but the last, with each edit: count what changes."""
    pieces = result.best.target_pieces
    for step in range(len(pieces) - 1):
        kind = word_class_of_step(pieces, step)
        for edit in EDITS:
            weights = edited_attention(result.attention[step], edit, seed=seed + step)
            change = what_if(checkpoint, result, step, weights=weights).changed
            counts[edit, kind, "steps"] += 1
            counts[edit, kind, "piece"] += change.target_pieces[step] != pieces[step]
            counts[edit, kind, "sentence"] += change.target_pieces != pieces


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "-"


def rows(name: str, counts: Counter) -> list[str]:
    out = []
    for edit in EDITS:
        steps = {k: counts[edit, k, "steps"] for k in ("function", "content")}
        total = sum(steps.values())
        piece = sum(counts[edit, k, "piece"] for k in steps)
        sentence = sum(counts[edit, k, "sentence"] for k in steps)
        out.append(
            f"| {name} | {edit} | {total} | {percent(piece, total)} | "
            f"{percent(counts[edit, 'function', 'piece'], steps['function'])} | "
            f"{percent(counts[edit, 'content', 'piece'], steps['content'])} | "
            f"{percent(sentence, total)} |"
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sentences", type=int, default=100, help="test sentences per model")
    parser.add_argument("--checkpoints", nargs="*", type=Path, help="default: the shipped ones")
    parser.add_argument("--seed", type=int, default=0, help="of the shuffled weights")
    parser.add_argument("--json", type=Path, help="also write the counts here")
    args = parser.parse_args(argv)
    folders = args.checkpoints or [i.path for i in scan_checkpoints(ROOT / "checkpoints").infos]
    print(
        "| model | α_t replaced by | steps | piece at t changes | function-word pieces | "
        "content-word pieces | rest of the sentence changes |\n" + "| --- " * 7 + "|"
    )
    figures = {}
    for folder in folders:
        checkpoint = load_checkpoint(folder, device="cpu")
        if checkpoint.config.scorer == "none":
            continue
        pairs = recorded_split(read_config(folder)[1]).test[: args.sentences]
        counts: Counter = Counter()
        start = time.monotonic()
        for pair in pairs:
            perturb(checkpoint, translate(checkpoint, pair.source), counts, args.seed)
        print("\n".join(rows(checkpoint.name, counts)), flush=True)
        print(f"({checkpoint.name}: {time.monotonic() - start:.0f} s)", file=sys.stderr)
        figures[checkpoint.name] = {"|".join(key): n for key, n in counts.items()}
    if args.json:
        args.json.write_text(json.dumps(figures, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The evaluate command: BLEU and chrF, overall and by source length, on test pairs, with every
translation and, if asked, each sentence's attention statistics."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

from nmt_core.checkpoint import Checkpoint, load_checkpoint
from nmt_core.cli.files import written
from nmt_core.cli.options import BEAMS
from nmt_core.cli.parser import add_checkpoint, add_command, add_device
from nmt_core.corpora.corpus import test_pairs
from nmt_core.measures.evaluation import (
    DEFAULT_LENGTH_EDGES,
    bleu_by_length,
    sentence_attention_stats,
)
from nmt_core.text.data import Pair
from nmt_core.translate import score_pairs, translate


def evaluate_pairs(
    checkpoint: Checkpoint, checkpoint_path: Path, pairs: list[Pair], beam: int
) -> dict[str, Any]:
    """BLEU/chrF overall and by source length, and every translation (what a reader judges:
    the blind readings of checkpoints/recipes/blind_reading.py)."""
    scores = score_pairs(checkpoint.model, checkpoint.tokenizer, pairs, beam)
    hypotheses = list(scores.hypotheses)
    references = [p.target for p in pairs]
    lengths = [len(p.source.split()) for p in pairs]
    return {
        "checkpoint": str(checkpoint_path),
        "sentences": len(pairs),
        "beam": beam,
        "bleu": scores.bleu,
        "chrf": scores.chrf,
        "by_length": [asdict(b) for b in bleu_by_length(lengths, hypotheses, references)],
        "translations": [
            {"source": p.source, "reference": p.target, "hypothesis": h}
            for p, h in zip(pairs, hypotheses, strict=True)
        ],
    }


def score_table(report: dict[str, Any], pairs_from: str) -> str:
    """The report's scores as a reader reads them (sacreBLEU's way): the model and the test
    pairs, BLEU and chrF to one decimal (0-100), then a row per source-length bucket. The
    report itself, every digit and every translation, is for ``--output``."""
    lines = [
        f"model      {report['checkpoint']}",
        f"pairs      {report['sentences']} ({pairs_from}), beam {report['beam']}",
        f"BLEU       {report['bleu']:.1f}",
        f"chrF       {report['chrf']:.1f}",
        "",
        "source words   pairs    BLEU    chrF",
    ]
    for bucket in report["by_length"]:
        last = bucket["high"] >= DEFAULT_LENGTH_EDGES[-1]  # the open-ended bucket
        words = f"{bucket['low']}+" if last else f"{bucket['low']}-{bucket['high'] - 1}"
        lines.append(
            f"{words:<12} {bucket['count']:>7} {bucket['bleu']:>7.1f} {bucket['chrf']:>7.1f}"
        )
    return "\n".join(lines)


def command_evaluate(args: argparse.Namespace) -> int:
    """Print the scores as a table; write the full report (JSON) and the attention statistics
    if asked."""
    path = Path(args.checkpoint)
    pairs = test_pairs(path, args.tsv)
    checkpoint = load_checkpoint(path, device=args.device)
    report = evaluate_pairs(checkpoint, path, pairs, args.beam)
    if args.stats:
        with written(args.stats).open("w", encoding="utf-8") as f:
            for pair in pairs:
                result = translate(checkpoint, pair.source, reference=pair.target)
                attention = result.reference.attention  # None without attention
                stats = sentence_attention_stats(attention) if attention is not None else {}
                f.write(json.dumps({"source": pair.source, **stats}) + "\n")
    print(score_table(report, args.tsv or "the held-out test split"))
    if args.output:
        written(args.output).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return 0


def register(sub: Any) -> None:
    """The evaluate command's parser."""
    p = add_command(sub, "evaluate", "BLEU/chrF (overall and by length) on the test split",
                    command_evaluate, inputs=("tsv",), outputs=("output", "stats"))  # fmt: skip
    add_checkpoint(p)
    p.add_argument("--tsv", help="test pairs (source TAB target); default: the held-out test split")
    p.add_argument("--beam", type=BEAMS.parse, default=5, help="beam size, 1-64 (default 5)")
    p.add_argument(
        "--output", help="write the full report here (JSON: every score, every translation)"
    )
    p.add_argument("--stats", help="write per-sentence attention statistics (JSONL) here")
    add_device(p)

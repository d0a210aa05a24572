"""Print the model card's tables (markdown) from checkpoints/results.json and each model's meta,
one set of tables per direction.

python checkpoints/recipes/model_card.py > /tmp/tables.md
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere, no install

from ship import NAMES, read_results  # noqa: E402  (beside this script)

from nmt_core.checkpoint import read_config
from nmt_core.network.config import ModelConfig

ROOT = Path(__file__).resolve().parents[2]
SHOWN = (*NAMES, "additive-bahdanau")  # the five shipped, and the contrast if it was measured


def weights_label(meta: dict) -> str:
    """'step 7000 (epoch 12)' or 'mean of steps 10000–12000 (3)' (see
    nmt_core/learning/averaging.py)."""
    steps = meta.get("averaged_steps", [meta["step"]])
    if len(steps) == 1:
        return f"step {steps[0]} (epoch {meta['epoch']})"
    return f"mean of steps {steps[0]}–{steps[-1]} ({len(steps)})"


def decoder_label(config: ModelConfig) -> str:
    """'conditional', or 'conditional + lexical shortcut' (and coverage) when trained with it."""
    extras = [
        name
        for name, on in (("lexical shortcut", config.lexical), ("coverage", config.coverage))
        if on
    ]
    return " + ".join([config.decoder, *extras])


def scores_table(results: dict, direction: str) -> str:
    head = (
        "| model | decoder | params | weights shipped | time to that step | "
        "test BLEU greedy / beam 5 | test chrF greedy / beam 5 | dev BLEU beam 5 | "
        "everyday BLEU / chrF (beam 5) | everyday chrF even / odd half |\n|" + " --- |" * 10
    )
    rows = [head]
    for name in SHOWN:
        if name not in results:
            continue
        r = results[name]
        config, meta = read_config(ROOT / "checkpoints" / f"{direction}-{name}")
        rows.append(
            f"| {direction}-{name} | {decoder_label(config)} | {meta['parameters'] / 1e6:.2f}M | "
            f"{weights_label(meta)} | {meta['train_seconds'] / 60:.0f} min | "
            f"{r['test_beam1']['bleu']:.1f} / {r['test_beam5']['bleu']:.1f} | "
            f"{r['test_beam1']['chrf']:.1f} / {r['test_beam5']['chrf']:.1f} | "
            f"{r['dev_beam5']['bleu']:.1f} | "
            f"{r['everyday_beam5']['bleu']:.1f} / {r['everyday_beam5']['chrf']:.1f} | "
            f"{half_chrf(r, 'even')} / {half_chrf(r, 'odd')} |"
        )
    return "\n".join(rows)


def half_chrf(figures: dict, half: str) -> str:
    """chrF (beam 5) on one half of the everyday fixture, or '–' for a model measured before
    ship.py measured halves."""
    scores = figures.get(f"everyday_{half}_beam5")
    return f"{scores['chrf']:.1f}" if scores else "–"


def length_table(results: dict) -> str:
    names = [n for n in ("none", "additive", "general") if n in results]
    if not names:
        return "(no results for none, additive or general yet)"
    buckets = results[names[0]]["by_length"]
    head = "| source words | sentences | " + " | ".join(f"{n} BLEU" for n in names) + " |"
    rows = [head, "|" + " --- |" * (2 + len(names))]
    for i, bucket in enumerate(buckets):
        cells = [f"{results[n]['by_length'][i]['bleu']:.1f}" for n in names]
        span = f"{bucket['low']}–{bucket['high'] - 1}"
        rows.append(f"| {span} | {bucket['count']} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def ten_table(results: dict) -> str:
    """The issue-45 ten sentences (greedy, as the Translate page opens): source, reference and
    each model's output, verbatim."""
    names = [n for n in SHOWN if n in results and "ten" in results[n]]
    if "ten_sources" not in results or not names:
        return "(not measured yet: ship.py measures the ten)"
    head = "| source | reference | " + " | ".join(names) + " |"
    rows = [head, "|" + " --- |" * (2 + len(names))]
    for i, source in enumerate(results["ten_sources"]):
        outputs = " | ".join(results[n]["ten"][i] for n in names)
        rows.append(f"| {source} | {results['ten_references'][i]} | {outputs} |")
    return "\n".join(rows)


def classroom_table(results: dict) -> str:
    names = [n for n in SHOWN if n in results]
    rows = []
    for i, source in enumerate(results["classroom_sources"]):
        rows.append(f"**{source}** — reference: *{results['classroom_references'][i]}*\n")
        rows.extend(f"- {n}: {results[n]['classroom'][i]}" for n in names)
        rows.append("")
    return "\n".join(rows)


def main() -> None:
    for direction, results in read_results().items():
        for title, table in (
            ("Scores", scores_table(results, direction)),
            ("BLEU by source length (test, beam 5)", length_table(results)),
            ("Classroom sentences (beam 5)", classroom_table(results)),
            ("The ten sentences of issue 45 (greedy)", ten_table(results)),
        ):
            print(f"### {title}, {direction}\n\n{table}\n")


if __name__ == "__main__":
    main()

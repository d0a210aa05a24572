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
    nmt_core/learning/averaging.py); a fine-tuned model's starts with its parent's: 'mean of
    steps 10000–12000 (3), then fine-tuned: mean of steps 2000–3000 (2)'."""
    steps = meta.get("averaged_steps", [meta["step"]])
    if len(steps) == 1:
        own = f"step {steps[0]} (epoch {meta['epoch']})"
    else:
        own = f"mean of steps {steps[0]}–{steps[-1]} ({len(steps)})"
    parent = meta.get("fine_tuned_from")
    return f"{weights_label(parent)}, then fine-tuned: {own}" if parent else own


def training_minutes(meta: dict) -> float:
    """Minutes of training to the shipped weights, a fine-tuned model's parent's included."""
    parent = meta.get("fine_tuned_from")
    return meta["train_seconds"] / 60 + (training_minutes(parent) if parent else 0.0)


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
        "everyday BLEU / chrF (beam 5) | everyday chrF even / odd half | "
        "students' chrF greedy (the 50 / blind) |\n|" + " --- |" * 11
    )
    rows = [head]
    for name in SHOWN:
        if name not in results:
            continue
        r = results[name]
        config, meta = read_config(ROOT / "checkpoints" / f"{direction}-{name}")
        rows.append(
            f"| {direction}-{name} | {decoder_label(config)} | {meta['parameters'] / 1e6:.2f}M | "
            f"{weights_label(meta)} | {training_minutes(meta):.0f} min | "
            f"{r['test_beam1']['bleu']:.1f} / {r['test_beam5']['bleu']:.1f} | "
            f"{r['test_beam1']['chrf']:.1f} / {r['test_beam5']['chrf']:.1f} | "
            f"{r['dev_beam5']['bleu']:.1f} | "
            f"{r['everyday_beam5']['bleu']:.1f} / {r['everyday_beam5']['chrf']:.1f} | "
            f"{half_chrf(r, 'even')} / {half_chrf(r, 'odd')} | "
            f"{chrf_of(r, 'students_beam1')} / {chrf_of(r, 'blind_beam1')} |"
        )
    return "\n".join(rows)


def half_chrf(figures: dict, half: str) -> str:
    """chrF (beam 5) on one half of the everyday fixture, or '–' for a model measured before
    ship.py measured halves."""
    return chrf_of(figures, f"everyday_{half}_beam5")


def chrf_of(figures: dict, key: str) -> str:
    """chrF of one measured set (``everyday_odd_beam5``, ``students_beam1``), or '–' for a model
    measured before ship.py measured it."""
    scores = figures.get(key)
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


def greedy_table(results: dict, set_name: str) -> str:
    """Sentences read greedy, as the Translate page opens (ship.READ_GREEDY: the issue-45 ten,
    the students' own): source, reference and each model's output, verbatim."""
    names = [n for n in SHOWN if n in results and set_name in results[n]]
    if f"{set_name}_sources" not in results or not names:
        return f"(not measured yet: ship.py measures the {set_name} sentences)"
    head = "| source | reference | " + " | ".join(names) + " |"
    rows = [head, "|" + " --- |" * (2 + len(names))]
    for i, source in enumerate(results[f"{set_name}_sources"]):
        outputs = " | ".join(results[n][set_name][i] for n in names)
        rows.append(f"| {source} | {results[f'{set_name}_references'][i]} | {outputs} |")
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
            ("The ten sentences of issue 45 (greedy)", greedy_table(results, "ten")),
            ("The students' own sentences (greedy)", greedy_table(results, "students")),
            ("The students' sentences written blind (greedy)", greedy_table(results, "blind")),
        ):
            print(f"### {title}, {direction}\n\n{table}\n")


if __name__ == "__main__":
    main()

"""The model card's tables (checkpoints/README.md, "Metrics"), written from the files the code
writes: checkpoints/results.json (ship.py), each model's config.json, checkpoints/alignment.json
(the ``align`` command on the gold set, run here) and checkpoints/verdicts.json (the readings of
the students' sentences, blind_reading.py).

    python checkpoints/recipes/model_card.py             # the card's tables, as the card has them
    python checkpoints/recipes/model_card.py --write     # align the models whose weights changed,
                                                         # then write the tables into the card
    python checkpoints/recipes/model_card.py --sentences # every greedy output, verbatim

After ship.py has measured new models, ``--write`` is the one command that brings the card's
tables up to date; tests/test_model_card.py fails while they are not.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere, no install

import argparse  # noqa: E402
import contextlib  # noqa: E402
import hashlib  # noqa: E402
import io  # noqa: E402
import json  # noqa: E402
import tempfile  # noqa: E402

from blind_reading import verdict_key  # noqa: E402  (beside this script)
from ship import NAMES, read_results  # noqa: E402  (beside this script)

from nmt_core.__main__ import main as cli  # noqa: E402
from nmt_core.checkpoint import read_config  # noqa: E402
from nmt_core.network.config import ModelConfig  # noqa: E402
from nmt_core.network.scorers import scorer  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CHECKPOINTS = ROOT / "checkpoints"
CARD = CHECKPOINTS / "README.md"
ALIGNMENT = CHECKPOINTS / "alignment.json"
VERDICTS = CHECKPOINTS / "verdicts.json"
SHOWN = (*NAMES, "additive-bahdanau")  # the five shipped, and the contrast if it was measured
SPLITS = ("test", "probe")  # the gold set's report split and the one the default rule reads
# the sets read greedy whose outputs ship.py keeps (ship.READ_GREEDY): name -> the card's name
READ = {"ten": "the ten", "students": "students' 50", "blind": "blind 49"}
START = "<!-- The tables below are written by python checkpoints/recipes/model_card.py --write -->"
END = "<!-- end of the written tables -->"
DIRECTION_NAMES = {"de-en": "German→English", "en-de": "English→German"}


# --------------------------------------------------------------------------------------------
# What each model is and how it was trained: its config.json
# --------------------------------------------------------------------------------------------


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


def training_label(meta: dict) -> str:
    """The updates and the data beside Ding of each training, the parent's first:
    '12,000 updates, 20,000 generated pairs; then 3,000, 80,000 generated'; Tatoeba's train
    part is named with its repeats where the recorded settings have it."""
    config = meta.get("train_config", {})
    extras = []
    if "generated_sentences" in config.get("augment", []):
        extras.append(f"{config.get('generated_pairs', 0):,} generated")
    if config.get("tatoeba"):
        extras.append(f"Tatoeba ×{config.get('tatoeba_repeats', 1)}")
    parent = meta.get("fine_tuned_from")
    own = f"{config.get('max_steps', meta['step']):,} updates" + "".join(f", {e}" for e in extras)
    return f"{training_label(parent)}; then {own}" if parent else own


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


def folder(direction: str, name: str) -> Path:
    return CHECKPOINTS / f"{direction}-{name}"


def label(direction: str, name: str) -> str:
    """The model's folder name, marked where it is its direction's default."""
    default = read_config(folder(direction, name))[1].get("default")
    return f"{direction}-{name}" + (" (default)" if default else "")


def models(every: dict[str, dict]) -> list[tuple[str, str]]:
    """(direction, name) of every model with results, a direction's models together."""
    return [(direction, name) for direction, results in every.items() for name in shown(results)]


def shown(results: dict, key: str | None = None) -> list[str]:
    """The models of a direction's results to show (with ``key`` measured, if given)."""
    return [n for n in SHOWN if n in results and (key is None or key in results[n])]


def training_table(every: dict[str, dict]) -> str:
    head = (
        "| model | scorer | decoder | parameters | training | weights shipped | "
        "training time |\n|" + " --- |" * 7
    )
    rows = [head]
    for direction, name in models(every):
        config, meta = read_config(folder(direction, name))
        rows.append(
            f"| {label(direction, name)} | {config.scorer} | {decoder_label(config)} | "
            f"{meta['parameters'] / 1e6:.2f}M | {training_label(meta)} | {weights_label(meta)} | "
            f"{training_minutes(meta):.0f} min |"
        )
    return "\n".join(rows)


# --------------------------------------------------------------------------------------------
# Translation: ship.py's checkpoints/results.json
# --------------------------------------------------------------------------------------------


def score(figures: dict, key: str, measure: str = "chrf") -> str:
    """One measure of one set (``test_beam5``, ``blind2_beam1``) to one decimal, or '–' where
    ship.py has not measured that set for the model."""
    scores = figures.get(key)
    return f"{scores[measure]:.1f}" if scores else "–"


def translation_table(every: dict[str, dict]) -> str:
    """Ding's held-out test split, the everyday fixture's halves, and our held-out parts of
    Tatoeba (*choose*, which the default rule reads, and *report*)."""
    head = (
        "| model | test BLEU greedy / beam 5 | test chrF greedy / beam 5 | "
        "everyday chrF even / odd half | Tatoeba report BLEU greedy / beam 5 | "
        "Tatoeba chrF choose / report greedy / report beam 5 |\n|" + " --- |" * 6
    )
    rows = [head]
    for direction, name in models(every):
        r = every[direction][name]
        rows.append(
            f"| {label(direction, name)} | "
            f"{score(r, 'test_beam1', 'bleu')} / {score(r, 'test_beam5', 'bleu')} | "
            f"{score(r, 'test_beam1')} / {score(r, 'test_beam5')} | "
            f"{score(r, 'everyday_even_beam5')} / {score(r, 'everyday_odd_beam5')} | "
            f"{score(r, 'tatoeba_report_beam1', 'bleu')} / "
            f"{score(r, 'tatoeba_report_beam5', 'bleu')} | "
            f"{score(r, 'tatoeba_choose_beam1')} / {score(r, 'tatoeba_report_beam1')} / "
            f"{score(r, 'tatoeba_report_beam5')} |"
        )
    return "\n".join(rows)


def read_verdicts(path: Path = VERDICTS) -> dict[str, bool]:
    """blind_reading.py's verdicts: (source, output) key -> acceptable."""
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def acceptable(results: dict, name: str, set_name: str, verdicts: dict[str, bool]) -> str:
    """'7 of 10' acceptable greedy outputs of one read set; '≥ 7 of 10 (3 unread)' while some
    of the model's outputs have no verdict yet (blind_reading.py list, judge)."""
    sources = results[f"{set_name}_sources"]
    marks = [
        verdicts.get(verdict_key(source, output))
        for source, output in zip(sources, results[name][set_name], strict=True)
    ]
    good, unread = sum(m is True for m in marks), sum(m is None for m in marks)
    if unread:
        return f"≥ {good} of {len(marks)} ({unread} unread)"
    return f"{good} of {len(marks)}"


def students_table(every: dict[str, dict], verdicts: dict[str, bool]) -> str:
    blind_sets = [f"blind{n}" for n in range(2, 7)]
    head = (
        "| model | "
        + " | ".join(f"{title}: acceptable / chrF" for title in READ.values())
        + " | blind 2 / 3 / 4 / 5 / 6 chrF |\n|"
        + " --- |" * (2 + len(READ))
    )
    rows = [head]
    for direction, name in models(every):
        results = every[direction]
        r = results[name]
        read = [
            f"{acceptable(results, name, s, verdicts)} / {score(r, f'{s}_beam1')}"
            if s in r
            else "–"
            for s in READ
        ]
        blind = " / ".join(score(r, f"{s}_beam1") for s in blind_sets)
        rows.append(f"| {label(direction, name)} | " + " | ".join(read) + f" | {blind} |")
    return "\n".join(rows)


def length_table(every: dict[str, dict]) -> str:
    """BLEU by source length (test, beam 5) of the model without attention and three with it,
    a row per direction and length bucket."""
    names = ("none", "additive", "general", "dot")
    head = "| direction | source words | sentences | " + " | ".join(names) + " |"
    rows = [head, "|" + " --- |" * (3 + len(names))]
    for direction, results in every.items():
        measured = [n for n in names if n in results]
        for i, bucket in enumerate(results[measured[0]]["by_length"] if measured else []):
            cells = [
                f"{results[n]['by_length'][i]['bleu']:.1f}" if n in results else "–" for n in names
            ]
            span = f"{bucket['low']}–{bucket['high'] - 1}"
            rows.append(f"| {direction} | {span} | {bucket['count']} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


# --------------------------------------------------------------------------------------------
# Alignment: the align command on the gold set, kept in checkpoints/alignment.json
# --------------------------------------------------------------------------------------------


def weights_digest(path: Path) -> str:
    """SHA-256 of a checkpoint's model.safetensors: the figures of other weights are stale."""
    return hashlib.sha256((path / "model.safetensors").read_bytes()).hexdigest()


def attending(direction: str) -> list[str]:
    """The shipped models of ``direction`` that have attention, in card order."""
    return [
        name
        for name in SHOWN
        if (folder(direction, name) / "config.json").is_file()
        and scorer(read_config(folder(direction, name))[0].scorer).attends
    ]


def align_report(path: Path, direction: str, split: str) -> dict:
    """``nmt-core align --method argmax`` on the gold ``split`` of ``direction``: its JSON
    report (AER, precision, recall; the same without the first target word)."""
    gold = ROOT / "tests" / "fixtures" / f"alignment_{direction.replace('-', '_')}"
    with tempfile.TemporaryDirectory() as tmp:
        said = io.StringIO()
        with contextlib.redirect_stderr(said):
            code = cli(
                ["align", "--checkpoint", str(path), "--tsv", str(gold / f"{split}.tsv"),
                 "--gold", str(gold / f"{split}.pharaoh"), "--method", "argmax",
                 "--device", "cpu", "--output", str(Path(tmp) / "links.txt")]
            )  # fmt: skip
    if code:
        raise SystemExit(f"align failed on {path.name}: {said.getvalue().strip()}")
    return json.loads(said.getvalue().strip().splitlines()[-1])


def read_alignment(path: Path = ALIGNMENT) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def stale_alignment(figures: dict) -> list[str]:
    """The attention models whose alignment figures are missing or of other weights."""
    return [
        f"{direction}-{name}"
        for direction in DIRECTION_NAMES
        for name in attending(direction)
        if figures.get(f"{direction}-{name}", {}).get("weights_sha256")
        != weights_digest(folder(direction, name))
    ]


def measure_alignment(figures: dict) -> dict:
    """``figures`` with every stale model aligned again (about 10 s a model on 2 cores)."""
    updated = dict(figures)
    for model in stale_alignment(figures):
        direction, path = model[:5], CHECKPOINTS / model
        print(f"aligning {model}", file=sys.stderr)
        updated[model] = {
            "weights_sha256": weights_digest(path),
            **{split: align_report(path, direction, split) for split in SPLITS},
        }
    return dict(sorted(updated.items()))


def wrong_first_words(report: dict) -> tuple[int, int]:
    """(wrong links of the first target word, first target words): the links no gold allows,
    |A| − |A∩P|, over all words less over the later words. argmax links each word once."""
    later = report["after_the_first_word"]
    wrong = (report["predicted"] - report["possible_hits"]) - (
        later["predicted"] - later["possible_hits"]
    )
    return wrong, report["predicted"] - later["predicted"]


def alignment_table(figures: dict, directions: list[str]) -> str:
    stale = stale_alignment(figures)
    if stale:
        raise SystemExit(
            f"{ALIGNMENT.name} has no figures of the shipped weights of {', '.join(stale)}: "
            "run python checkpoints/recipes/model_card.py --write"
        )
    head = (
        "| model | test AER | precision | recall | first target word: wrong links | "
        "AER without the first word | probe AER |\n|" + " --- |" * 7
    )
    rows = [head]
    for direction, name in ((d, n) for d in directions for n in attending(d)):
        found = figures[f"{direction}-{name}"]
        test, probe = found["test"], found["probe"]
        wrong, first = wrong_first_words(test)
        rows.append(
            f"| {label(direction, name)} | {test['aer']:.3f} | {test['precision']:.3f} | "
            f"{test['recall']:.3f} | {wrong} of {first} | "
            f"{test['after_the_first_word']['aer']:.3f} | {probe['aer']:.3f} |"
        )
    return "\n".join(rows)


# --------------------------------------------------------------------------------------------
# The card's tables, and the verbatim outputs
# --------------------------------------------------------------------------------------------


def tables(results: dict | None = None, alignment: dict | None = None) -> str:
    """The card's written tables, Markdown, between :data:`START` and :data:`END`."""
    every = read_results() if results is None else results
    figures = read_alignment() if alignment is None else alignment
    verdicts = read_verdicts()
    parts = [START, ""]
    for title, table in (
        ("The models and their training", training_table(every)),
        ("Translation: BLEU and chrF (sacreBLEU)", translation_table(every)),
        ("The students' sentences, greedy", students_table(every, verdicts)),
        ("Alignment: argmax links against the gold set", alignment_table(figures, list(every))),
        ("BLEU by source length (test, beam 5)", length_table(every)),
    ):
        parts.append(f"#### {title}\n\n{table}\n")
    parts.append(END)
    return "\n".join(parts)


def write_card(text: str, card: Path = CARD) -> None:
    """Replace the card's written tables with ``text``."""
    old = card.read_text(encoding="utf-8")
    if START not in old or END not in old:
        raise SystemExit(f"{card} has lost its markers: {START} ... {END}")
    head, rest = old.split(START, 1)
    tail = rest.split(END, 1)[1]
    card.write_text(head + text + tail, encoding="utf-8")


def greedy_table(results: dict, set_name: str) -> str:
    """Sentences read greedy, as the Translate page opens (ship.READ_GREEDY: the ten, the
    students' own, the blind ones): source, reference and each model's output, verbatim."""
    names = shown(results, set_name)
    if f"{set_name}_sources" not in results or not names:
        return f"(not measured yet: ship.py measures the {set_name} sentences)"
    head = "| source | reference | " + " | ".join(names) + " |"
    rows = [head, "|" + " --- |" * (2 + len(names))]
    for i, source in enumerate(results[f"{set_name}_sources"]):
        outputs = " | ".join(results[n][set_name][i] for n in names)
        rows.append(f"| {source} | {results[f'{set_name}_references'][i]} | {outputs} |")
    return "\n".join(rows)


def classroom_table(results: dict) -> str:
    rows = []
    for i, source in enumerate(results["classroom_sources"]):
        rows.append(f"**{source}** — reference: *{results['classroom_references'][i]}*\n")
        rows.extend(f"- {n}: {results[n]['classroom'][i]}" for n in shown(results))
        rows.append("")
    return "\n".join(rows)


def sentences() -> str:
    """Every output results.json keeps, verbatim, per direction."""
    parts = []
    for direction, results in read_results().items():
        parts.append(f"### Classroom sentences (beam 5), {direction}\n\n{classroom_table(results)}")
        for set_name, title in READ.items():
            table = greedy_table(results, set_name)
            parts.append(f"### {title.capitalize()} (greedy), {direction}\n\n{table}\n")
    return "\n".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    what = parser.add_mutually_exclusive_group()
    what.add_argument(
        "--write", action="store_true", help="align what changed, write the tables into the card"
    )
    what.add_argument("--sentences", action="store_true", help="every greedy output, verbatim")
    args = parser.parse_args()
    if args.sentences:
        print(sentences())
    elif args.write:
        figures = measure_alignment(read_alignment())
        ALIGNMENT.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")
        write_card(tables(alignment=figures))
        print(f"wrote {ALIGNMENT.relative_to(ROOT)} and the tables of {CARD.relative_to(ROOT)}")
    else:
        print(tables())


if __name__ == "__main__":
    main()

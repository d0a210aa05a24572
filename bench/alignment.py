"""How well does attention align words? The shipped models against gold alignments and eflomal.

    python bench/alignment.py                        # test split: every model, eflomal, tables
    python bench/alignment.py --split probe          # the 20 development sentences
    python bench/alignment.py --no-eflomal --checkpoints checkpoints/de-en-dot
    python bench/alignment.py --json bench/out/alignment-test.json   # the figures, for reuse
    python bench/alignment.py --direction en-de      # the en-de models on the swapped gold

Gold: ``--gold-dir`` (tests/fixtures/alignment_de_en) holds ``SPLIT.tsv`` (``German TAB English
TAB tags``, tags comma-separated: verb-final, separable, perfect, modal, reordering, compound,
question, negation, simple) and ``SPLIT.pharaoh`` (one line per pair: links over whitespace
tokens, 0-based, sure ``src-tgt`` and possible ``src?tgt``). ``--direction en-de`` reads
tests/fixtures/alignment_en_de, the same pairs and links swapped
(tests/fixtures/swap_direction.py), and scores the en-de checkpoints.

1. **Attention.** Every checkpoint with attention (``--checkpoints``: checkpoint folders or
   folders of them; default the shipped ones) force-decodes each gold reference, exactly as
   ``nmt_core align --gold`` does, and its word-level attention becomes links by ``argmax``,
   ``argmax-null`` (a target word whose largest weight is on the source's </s> gets no link)
   and ``threshold`` (``--threshold``). Also: the share of target words whose row is
   </s>-dominated.
2. **eflomal** (Östling & Tiedemann, 2016), a statistical aligner, trained on the same pairs as
   the shipped models (rebuilt from ``checkpoints/recipes/base.json`` and the Ding dictionary
   where Debian installs it), deduplicated, with the gold sentences appended (unsupervised,
   the standard practice), through ``nmt_core.analysis.eflomal``. It is installed on first use into
   its own virtual environment, ``~/.cache/attention-lab/eflomal-2.0.0-venv`` (pip, from the
   configured index; it compiles C and Cython, so gcc and make are needed), never into this
   repository. Its forward and
   reverse links for the gold sentences are cached under ``~/.cache/attention-lab/eflomal/``
   by a hash of its input; ``--refresh`` aligns again. eflomal's sampler seeds itself from
   /dev/urandom, so a fresh alignment moves its AER by about 0.01; the cache keeps one run.
   Scored: forward, reverse, their intersection and grow-diag-final-and
   (``nmt_core.analysis.symmetrization.symmetrize``).
3. **Breakdowns** of each model's argmax and eflomal's grow-diag-final-and: AER by tag, recall
   of sure links by reordering distance ``|source index - target index|`` in words, and
   precision / recall for English function words against content words; and the **first
   target word** apart from the rest: how many of its links are wrong, and the AER of the
   later words alone. The first decoder step's query has read no target word yet, so it is
   where a decoder's attention looks away from the word it writes (docs/model-history.md,
   "Why the additive models align worst").
4. Published AER figures on another gold set, for scale.

Prints Markdown tables on stdout and one progress line per phase on stderr; asserts nothing.
Exit status 2, with one line, when the gold files are missing or do not match. Nothing derived
from the Ding corpus is written into the repository.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse  # noqa: E402
import datetime  # noqa: E402
import hashlib  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import platform  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402
from dataclasses import asdict, dataclass, field  # noqa: E402
from typing import Any  # noqa: E402

from nmt_core.analysis import eflomal  # noqa: E402
from nmt_core.analysis.alignment import (  # noqa: E402
    HARD_ALIGNMENT_METHODS,
    Alignment,
    AlignmentScores,
    Link,
    align,
    alignment_error_rate,
    check_gold_in_range,
    is_function_word,
    read_gold_file,
    scores_by_class,
)
from nmt_core.analysis.symmetrization import symmetrize  # noqa: E402
from nmt_core.checkpoint import load_checkpoint, read_config, scan_checkpoints  # noqa: E402
from nmt_core.corpora.corpus import pairs_from_file  # noqa: E402
from nmt_core.network.config import TrainConfig  # noqa: E402
from nmt_core.network.scorers import scorer  # noqa: E402
from nmt_core.text.data import DIRECTIONS, CorpusError, Pair  # noqa: E402
from nmt_core.translate import translate  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests/fixtures"
RECIPE = ROOT / "checkpoints/recipes/base.json"
EFLOMAL_VARIANTS = ("forward", "reverse", "intersection", "grow-diag-final-and")
TAGS = (
    "verb-final", "separable", "perfect", "modal", "reordering", "compound", "question",
    "negation", "simple",
)  # fmt: skip
DISTANCES = ((1, "0-1"), (3, "2-3"), (None, "4+"))  # (largest |source - target|, name) in words
POSITIONS = ("first target word", "later target words")
# Published AER on the RWTH German-English Europarl gold (508 sentences), for scale.
ANCHORS = (
    ("Luong et al. (2015), attention models", "0.34-0.39"),
    ("Berkeley aligner", "0.32"),
    ("GIZA++", "0.21-0.23"),
    ("eflomal", "0.23"),
)


def progress(message: str) -> None:
    """One progress line on stderr (stdout holds only the tables)."""
    print(f"[alignment] {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------------
# Gold
# --------------------------------------------------------------------------------------------


class InputError(Exception):
    """Gold files missing or inconsistent, or no checkpoint where one was named: one line."""


@dataclass(frozen=True)
class Gold:
    """One split of the gold set: pairs, their tags and their sure / possible links."""

    name: str
    pairs: list[Pair]
    tags: list[tuple[str, ...]]
    sure: list[Alignment]
    possible: list[Alignment]
    direction: str = "de-en"

    def english_word(self, k: int, link: Link) -> str | None:
        """The English whitespace token of ``link`` in pair ``k`` (the target for de-en, the
        source for en-de); None when the link points outside the sentence."""
        english_is_source = self.direction.startswith("en")
        side = self.pairs[k].source if english_is_source else self.pairs[k].target
        words, index = side.split(), link[0] if english_is_source else link[1]
        return words[index] if index < len(words) else None


def tsv_lines(path: Path) -> list[str]:
    """The lines of a TSV without their line ends (a last empty line is no pair)."""
    text = path.read_text(encoding="utf-8-sig")
    return text.removesuffix("\n").split("\n") if text.strip() else []


def read_tags(lines: Sequence[str]) -> list[tuple[str, ...]]:
    """The comma-separated tags in the third column of each line (none when it is absent)."""
    tags = []
    for line in lines:
        columns = line.rstrip("\r").split("\t")
        third = columns[2] if len(columns) > 2 else ""
        tags.append(tuple(tag.strip() for tag in third.split(",") if tag.strip()))
    return tags


def gold_dir_of(direction: str) -> Path:
    """The direction's view of our gold set: tests/fixtures/alignment_de_en or _en_de."""
    return FIXTURES / f"alignment_{direction.replace('-', '_')}"


def load_gold(gold_dir: Path, split: str, direction: str = "de-en") -> Gold:
    """Read ``SPLIT.tsv`` and ``SPLIT.pharaoh``; InputError when they are missing or disagree."""
    tsv, pharaoh = gold_dir / f"{split}.tsv", gold_dir / f"{split}.pharaoh"
    missing = [str(p) for p in (tsv, pharaoh) if not p.is_file()]
    if missing:
        raise InputError(f"gold file(s) missing: {', '.join(missing)}")
    lines = tsv_lines(tsv)
    try:
        pairs = pairs_from_file(tsv)
        gold = read_gold_file(pharaoh, len(lines))
    except (CorpusError, ValueError) as error:
        raise InputError(str(error).replace("\n", " ")) from error
    if len(pairs) != len(lines):
        raise InputError(f"{tsv} has {len(lines)} lines but {len(pairs)} usable pairs")
    shapes = [(len(p.target.split()), len(p.source.split())) for p in pairs]
    try:
        check_gold_in_range(gold, shapes, str(pharaoh))
    except ValueError as error:
        raise InputError(str(error)) from error
    tags = read_tags(lines)
    unknown = sorted({t for sentence in tags for t in sentence} - set(TAGS))
    if unknown:
        progress(f"note: tags outside the list: {', '.join(unknown)}")
    return Gold(split, pairs, tags, [g[0] for g in gold], [g[1] for g in gold], direction)


# --------------------------------------------------------------------------------------------
# Attention: forced decoding of the gold references
# --------------------------------------------------------------------------------------------


@dataclass
class ModelResult:
    """One model's links per method, and how many target rows sit on the source's </s>."""

    name: str
    links: dict[str, list[Alignment]]
    target_words: int = 0
    eos_dominated: int = 0
    shape_mismatches: int = 0  # pairs whose model word counts differ from whitespace tokens
    seconds: float = 0.0


def checkpoint_folders(paths: Sequence[Path], direction: str) -> list[Path]:
    """Each path that is a checkpoint folder, and the checkpoint folders of ``direction`` inside
    the others (a folder named directly is taken whatever its direction: its gold must fit)."""
    folders = []
    for path in paths:
        if (path / "config.json").is_file():
            folders.append(path)
            continue
        scan = scan_checkpoints(path)
        for problem in scan.problems:
            progress(f"skipped: {problem}")
        found = [info.path for info in scan.infos if info.direction == direction]
        if not found:
            raise InputError(f"no {direction} checkpoint folder at or under {path}")
        folders.extend(found)
    return folders


def align_with_model(folder: Path, gold: Gold, threshold: float, device: str) -> ModelResult:
    """Force-decode every gold pair and read links off the attention with each method."""
    start = time.perf_counter()
    checkpoint = load_checkpoint(folder, device=device)
    result = ModelResult(folder.name, {m: [] for m in HARD_ALIGNMENT_METHODS})
    for pair in gold.pairs:
        translation = translate(checkpoint, pair.source, reference=pair.target)
        for method in HARD_ALIGNMENT_METHODS:
            forced = align(translation, method, threshold)
            result.links[method].append(forced.links)
        words = forced.view.shape[0]
        result.target_words += words
        # argmax links every target word once; argmax-null leaves out the </s>-dominated ones
        result.eos_dominated += words - len(result.links["argmax-null"][-1])
        expected = (len(pair.target.split()), len(pair.source.split()))
        result.shape_mismatches += forced.view.shape != expected
    result.seconds = time.perf_counter() - start
    return result


def attends(folder: Path) -> bool:
    """False for a checkpoint without attention (it gives no alignment)."""
    return scorer(read_config(folder)[0].scorer).attends


# --------------------------------------------------------------------------------------------
# eflomal: its own virtual environment, its input, the cached links
# --------------------------------------------------------------------------------------------


def eflomal_links(gold: Gold, recipe: Path, refresh: bool) -> dict[str, Any]:
    """eflomal's forward and reverse links for the gold sentences, aligned together with the
    recipe's training pairs in the gold's direction (``nmt_core.analysis.eflomal``), cached by their
    text."""
    progress(f"eflomal: rebuilding the {gold.direction} training pairs from {recipe}")
    train = json.loads(recipe.read_text())["train"]
    cfg = TrainConfig.from_dict({**train, "direction": gold.direction})
    pairs = [*eflomal.training_texts(cfg), *((p.source, p.target) for p in gold.pairs)]
    key = hashlib.sha256(json.dumps([eflomal.VERSION, eflomal.ARGS, pairs]).encode()).hexdigest()
    cache = eflomal.CACHE / "eflomal" / key[:16]
    if (cache / "links.json").is_file() and not refresh:
        progress(f"eflomal: cached links {cache}")
        return {**json.loads((cache / "links.json").read_text()), "cached": True}
    eflomal.ensure_installed(progress)
    progress(f"eflomal: aligning {len(pairs)} pairs (training + gold), both ways")
    start = time.perf_counter()
    links = eflomal.align_corpus(pairs)
    count = len(gold.pairs)
    found = {
        "forward": [sorted(x) for x in links.forward[-count:]],
        "reverse": [sorted(x) for x in links.reverse[-count:]],
        "training_pairs": len(pairs) - count,
        "seconds": round(time.perf_counter() - start, 1),
    }
    cache.mkdir(parents=True, exist_ok=True)
    (cache / "links.json").write_text(json.dumps(found))  # links only: no Ding text is kept
    return found


def eflomal_variants(found: dict[str, Any]) -> dict[str, list[Alignment]]:
    """Forward, reverse, intersection and grow-diag-final-and links per gold sentence."""
    forward = [frozenset(map(tuple, x)) for x in found["forward"]]
    reverse = [frozenset(map(tuple, x)) for x in found["reverse"]]
    both = list(zip(forward, reverse, strict=True))
    return {
        "forward": forward,
        "reverse": reverse,
        "intersection": [symmetrize(f, r, "intersection") for f, r in both],
        "grow-diag-final-and": [symmetrize(f, r) for f, r in both],
    }


# --------------------------------------------------------------------------------------------
# Breakdowns
# --------------------------------------------------------------------------------------------


def distance_bucket(link: Link) -> str:
    """The reordering-distance bucket of a link: ``|source index - target index|`` in words."""
    distance = abs(link[0] - link[1])
    return next(name for high, name in DISTANCES if high is None or distance <= high)


def target_position(k: int, link: Link) -> str:
    """The class of a link by its target word: the sentence's first word, or a later one."""
    return POSITIONS[0] if link[1] == 0 else POSITIONS[1]


def word_class(gold: Gold) -> Callable[[int, Link], str]:
    """The class of a link by its English word: "function" or "content"."""

    def classify(k: int, link: Link) -> str:
        word = gold.english_word(k, link)
        if word is None:
            return "outside the sentence"
        return "function" if is_function_word(word) else "content"

    return classify


def by_tag(links: list[Alignment], gold: Gold) -> dict[str, AlignmentScores]:
    """AER over the sentences carrying each tag."""
    scores = {}
    found = {t for sentence in gold.tags for t in sentence}
    for tag in [*(t for t in TAGS if t in found), *sorted(found - set(TAGS))]:
        chosen = [k for k, tags in enumerate(gold.tags) if tag in tags]
        scores[tag] = alignment_error_rate(
            [links[k] for k in chosen], [gold.sure[k] for k in chosen],
            [gold.possible[k] for k in chosen],
        )  # fmt: skip
    return scores


@dataclass
class Report:
    """Everything the tables show, keyed by aligner label ("de-en-additive argmax", ...)."""

    overall: dict[str, AlignmentScores] = field(default_factory=dict)
    tags: dict[str, dict[str, AlignmentScores]] = field(default_factory=dict)
    distance: dict[str, dict[str, AlignmentScores]] = field(default_factory=dict)
    words: dict[str, dict[str, AlignmentScores]] = field(default_factory=dict)
    positions: dict[str, dict[str, AlignmentScores]] = field(default_factory=dict)

    def add(self, label: str, links: list[Alignment], gold: Gold, breakdown: bool) -> None:
        """Score ``links``; with ``breakdown`` also by tag, distance, word class and target
        position."""
        self.overall[label] = alignment_error_rate(links, gold.sure, gold.possible)
        if breakdown:
            self.tags[label] = by_tag(links, gold)
            self.distance[label] = scores_by_class(
                links, gold.sure, gold.possible, lambda k, link: distance_bucket(link)
            )
            self.words[label] = scores_by_class(links, gold.sure, gold.possible, word_class(gold))
            self.positions[label] = scores_by_class(
                links, gold.sure, gold.possible, target_position
            )


# --------------------------------------------------------------------------------------------
# Markdown
# --------------------------------------------------------------------------------------------


def table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + " --- |" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def overall_table(report: Report) -> str:
    """AER, precision and recall of every aligner."""
    rows = [
        (label, f"{s.aer:.3f}", f"{s.precision:.3f}", f"{s.recall:.3f}", s.predicted)
        for label, s in report.overall.items()
    ]
    return table(("aligner", "AER", "precision", "recall", "links"), rows)


def eos_table(models: Sequence[ModelResult]) -> str:
    """Per model: target words whose largest weight is on the source's </s>, and the time."""
    rows = [
        (
            m.name, m.target_words, m.eos_dominated,
            f"{m.eos_dominated / max(m.target_words, 1):.1%}", f"{m.seconds:.1f}",
        )
        for m in models
    ]  # fmt: skip
    header = ("model", "target words", "</s>-dominated", "share", "seconds (load + decode)")
    return table(header, rows)


def tag_table(report: Report, gold: Gold) -> str:
    """AER by tag, one column per broken-down aligner."""
    labels = list(report.tags)
    tags = list(report.tags[labels[0]]) if labels else []
    rows = [
        (
            tag,
            sum(tag in t for t in gold.tags),
            report.tags[labels[0]][tag].sure,
            *(f"{report.tags[label][tag].aer:.3f}" for label in labels),
        )
        for tag in tags
    ]
    return table(("tag", "sentences", "sure links", *(f"{x} AER" for x in labels)), rows)


def class_rows(
    breakdown: dict[str, dict[str, AlignmentScores]],
    classes: Sequence[str],
    cell: Callable[[AlignmentScores], str],
) -> list[tuple[Any, ...]]:
    """One row per link class: its name, its sure gold links, ``cell`` of each aligner."""
    rows = []
    for name in classes:
        cells = [scores.get(name) for scores in breakdown.values()]
        sure = next((c.sure for c in cells if c is not None), 0)
        rows.append((name, sure, *("-" if c is None else cell(c) for c in cells)))
    return rows


def distance_table(report: Report) -> str:
    """Recall of sure links by reordering distance."""
    rows = class_rows(report.distance, [b for _, b in DISTANCES], lambda s: f"{s.recall:.3f}")
    header = ("distance in words", "sure links", *(f"{x} recall" for x in report.distance))
    return table(header, rows)


def word_table(report: Report) -> str:
    """Precision / recall of function-word and content-word links (by the English word)."""
    rows = class_rows(
        report.words, ("function", "content"), lambda s: f"{s.precision:.3f} / {s.recall:.3f}"
    )
    return table(("English word", "sure links", *(f"{x} P / R" for x in report.words)), rows)


def wrong_links(scores: AlignmentScores) -> int:
    """Predicted links that are not even possible in the gold: |A| - |A∩P|."""
    return scores.predicted - scores.possible_hits


def position_table(report: Report) -> str:
    """Per aligner: its wrong links on the first target word (predicted, not even possible in
    the gold) and the AER of the later target words alone."""
    rows = []
    for label, scores in report.positions.items():
        first, later = (scores.get(name) for name in POSITIONS)
        wrong = "-" if first is None else f"{wrong_links(first)} of {first.predicted}"
        rows.append((label, wrong, "-" if later is None else f"{later.aer:.3f}"))
    header = ("aligner", "wrong links of the first target word", "AER of the later words")
    return table(header, rows)


def anchor_table() -> str:
    """Published AER figures, for scale only."""
    return table(("system (published)", "AER"), ANCHORS)


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


def machine() -> str:
    """CPU model and cores, Python and torch versions, load average."""
    import torch

    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown CPU",
    )
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{cpu}, {os.cpu_count()} cores, {torch.get_num_threads()} torch threads; Python "
        f"{platform.python_version()}, torch {torch.__version__}; load average {load}"
    )


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--split", choices=("test", "probe"), default="test")
    parser.add_argument(
        "--direction", choices=DIRECTIONS, default="de-en",
        help="the models scored and the gold's view: en-de swaps each pair and its links",
    )  # fmt: skip
    parser.add_argument(
        "--gold-dir", type=Path,
        help="SPLIT.tsv and SPLIT.pharaoh (default tests/fixtures/alignment_de_en or _en_de)",
    )  # fmt: skip
    parser.add_argument(
        "--checkpoints", type=Path, nargs="+", default=[ROOT / "checkpoints"],
        help="checkpoint folders, or folders of them (default: the shipped models)",
    )  # fmt: skip
    parser.add_argument("--threshold", type=float, default=0.5, help="for the threshold method")
    parser.add_argument("--device", default="cpu")
    parser.add_argument("--recipe", type=Path, default=RECIPE, help="eflomal's training pairs")
    parser.add_argument("--no-eflomal", action="store_true", help="attention models only")
    parser.add_argument("--refresh", action="store_true", help="align with eflomal again")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    if args.gold_dir is None:
        args.gold_dir = gold_dir_of(args.direction)
    if not args.threshold > 0:
        parser.error(f"--threshold must be positive; got {args.threshold}")
    return args


def score_models(
    args: argparse.Namespace, gold: Gold, report: Report, notes: list[str]
) -> list[ModelResult]:
    """Align with every checkpoint that attends; adds a note for each of the others."""
    models = []
    for folder in checkpoint_folders(args.checkpoints, args.direction):
        if not attends(folder):
            notes.append(f"{folder.name}: no attention, so no alignment: skipped")
            progress(notes[-1])
            continue
        progress(f"{folder.name}: forced decoding of {len(gold.pairs)} references")
        model = align_with_model(folder, gold, args.threshold, args.device)
        if model.shape_mismatches:
            notes.append(
                f"{model.name}: its word count differs from the whitespace tokens in "
                f"{model.shape_mismatches} pairs"
            )
            progress(notes[-1])
        for method, links in model.links.items():
            report.add(f"{model.name} {method}", links, gold, breakdown=method == "argmax")
        models.append(model)
    return models


def print_report(
    report: Report,
    models: Sequence[ModelResult],
    gold: Gold,
    args: argparse.Namespace,
    notes: Sequence[str],
) -> None:
    """All tables, Markdown, on stdout."""
    sure = sum(map(len, gold.sure))
    possible = sum(len(p - s) for s, p in zip(gold.sure, gold.possible, strict=True))
    print(f"## Alignment benchmark, {gold.direction}: {gold.name} split, {len(gold.pairs)} pairs\n")
    print(f"Gold: {args.gold_dir}, {sure} sure and {possible} possible-only links. {machine()}.")
    print(f"Hard links: argmax, argmax-null, threshold >= {args.threshold}.\n")
    print(overall_table(report))
    print("Per model: target words whose largest attention weight is on the source's </s> (the")
    print("rows argmax-null leaves unlinked), and the time to load the model and force-decode:\n")
    print(eos_table(models))
    print("AER by tag:\n\n" + tag_table(report, gold))
    print("Recall of sure links by reordering distance, |source index - target index|:\n")
    print(distance_table(report))
    print("Function words against content words (English side), precision / recall:\n")
    print(word_table(report))
    print("The first target word apart from the rest (its decoder step has read no target word):\n")
    print(position_table(report))
    print("Published AER on the RWTH German-English Europarl gold (508 sentences), a different")
    print("gold set and far more (and different) training data: for scale only.\n")
    print(anchor_table())
    for note in notes:
        print(f"- {note}")


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    start = time.perf_counter()
    report, notes = Report(), []
    try:
        gold = load_gold(args.gold_dir, args.split, args.direction)
        models = score_models(args, gold, report, notes)
    except InputError as error:
        print(f"bench/alignment.py: {error}", file=sys.stderr)
        return 2
    found = None
    if not args.no_eflomal:
        found = eflomal_links(gold, args.recipe, args.refresh)
        for variant, links in eflomal_variants(found).items():
            label = f"eflomal {variant}"
            report.add(label, links, gold, breakdown=variant == "grow-diag-final-and")
        notes.append(
            f"eflomal {eflomal.VERSION} ({' '.join(eflomal.ARGS)}) on {found['training_pairs']} "
            f"distinct training pairs + the {len(gold.pairs)} gold pairs, aligned in "
            f"{found['seconds']:.0f} s{' (cached)' if found.get('cached') else ''}"
        )
    notes.append(f"{time.perf_counter() - start:.0f} s in all")
    print_report(report, models, gold, args, notes)
    if args.json:
        write_json(args.json, report, models, gold, found, args)
    return 0


def write_json(
    path: Path,
    report: Report,
    models: Sequence[ModelResult],
    gold: Gold,
    found: dict[str, Any] | None,
    args: argparse.Namespace,
) -> None:
    """The figures of every table, for reuse."""

    def scores(table: dict[str, AlignmentScores]) -> dict[str, dict]:
        return {name: asdict(s) for name, s in table.items()}

    figures = {
        "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
        "machine": machine(),
        "direction": gold.direction,
        "split": gold.name,
        "sentences": len(gold.pairs),
        "threshold": args.threshold,
        "overall": scores(report.overall),
        "eos_dominated": {m.name: [m.eos_dominated, m.target_words] for m in models},
        "by_tag": {k: scores(v) for k, v in report.tags.items()},
        "by_distance": {k: scores(v) for k, v in report.distance.items()},
        "by_word_class": {k: scores(v) for k, v in report.words.items()},
        "by_target_position": {k: scores(v) for k, v in report.positions.items()},
        "eflomal": None if found is None else {
            "version": eflomal.VERSION, "args": eflomal.ARGS,
            "training_pairs": found["training_pairs"], "seconds": found["seconds"],
        },
        "anchors": dict(ANCHORS),
    }  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())

"""The Query–key map's shaping: which sentences it maps, what its numbers say, where a click on
one of its points leads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from dashboard.views import uploaded_text
from dashboard.views.examples import BANKS
from nmt_core.analysis.querykey import (
    MAX_CHARACTERS,
    MAX_SENTENCES,
    QueryKeyMap,
    size_problem,
    steps_found,
)
from nmt_core.network.scorers import scorer
from nmt_core.text.data import CorpusError, normalize_text, read_tsv, tsv_pairs

SOURCES = ("our everyday sentences", "my TSV file")  # the page's choice of sentences
DEFAULT_COUNT = 40  # sentences mapped unless asked for more: within 1 s on 2 cores
TRUSTED, LITTLE = 0.8, 0.5  # rank agreement within a step: a map keeps most / little below


def sentences_from_tsv(data: bytes, name: str) -> tuple[str, ...]:
    """The source sentences (first column) of an uploaded TSV of ``source TAB target`` lines,
    read by ``nmt_core``'s TSV reader, the first ``MAX_SENTENCES`` of them; a file with none, or
    with one longer than a map takes, raises ValueError saying why (before any work)."""
    text = uploaded_text(data, name)
    pairs, report = tsv_pairs(enumerate(text.splitlines(), start=1), name)
    if not pairs:
        lines = report.malformed_lines[:5]
        where = f" (lines {', '.join(map(str, lines))} have no tab)" if lines else ""
        raise ValueError(
            f"{name} has no line 'sentence TAB translation'{where}: the first column is the "
            "sentence, in the model's source language"
        )
    sentences = tuple(pair.source for pair in pairs[:MAX_SENTENCES])
    problem = size_problem(sentences)
    if problem:
        raise ValueError(f"{name}: {problem}")
    return sentences


def clicked_step(
    sentences: Sequence[str], points: Sequence[Mapping[str, Any]]
) -> tuple[str, int] | None:
    """(sentence, 1-based step) of the first clicked point of the map (its ``customdata``:
    sentence index, step), or None for a click on the centre cross or on nothing."""
    for point in points:
        data = point.get("customdata")
        if isinstance(data, Sequence) and len(data) == 2:
            index, step = int(data[0]), int(data[1])
            if 0 <= index < len(sentences) and step >= 1:
                return sentences[index], step
    return None


def map_numbers(found: QueryKeyMap) -> dict[str, str]:
    """The map's numbers as the page shows them: label -> value."""
    return {
        "ρ, all pairs": f"{found.rho:.2f}",
        "ρ within a step": f"{found.rho_within:.2f}",
        "length kept": f"{found.kept:.0%}",
    }


def map_verdict(found: QueryKeyMap) -> str:
    """How far to trust the map's picture of the scores, from how well it ranks each step's
    keys (what the softmax compares)."""
    rho = found.rho_within
    if rho >= TRUSTED:
        return "The map keeps most of how each step ranks its keys."
    if rho >= LITTLE:
        return "The map keeps part of how each step ranks its keys: read scores off it with care."
    return (
        "The map keeps little of how each step ranks its keys: read it as where queries and "
        "keys lie, not as which key a step prefers (Step through shows that)."
    )


def map_counts(found: QueryKeyMap) -> str:
    """How much the map shows, in words."""
    return (
        f"{len(found.queries)} queries and {len(found.keys)} keys of {len(found.sentences)} "
        f"sentences; ρ over their {len(found.pairs):,} (query, key) pairs"
    )


def what_it_keeps(found: QueryKeyMap, decoder: str) -> str:
    """What the map keeps of this scorer's scores (Markdown, the scorer table's words), with
    the state the ``decoder`` style attends from."""
    return scorer(found.scorer).map_keeps(decoder)


def with_typed(typed: str, sentences: Sequence[str]) -> tuple[tuple[str, ...], bool]:
    """The sentences to map: the sentence box's first, then ``sentences`` without it, as many
    as ``sentences`` (the slider's count), so that the class finds its own sentence on the map;
    and whether it is in (not when it is longer than a map takes)."""
    text = normalize_text(typed)
    if not text or len(text) > MAX_CHARACTERS:
        return tuple(sentences), False
    others = [sentence for sentence in sentences if normalize_text(sentence) != text]
    return (text, *others)[: max(len(sentences), 1)], True


def shows_little(found: QueryKeyMap) -> bool:
    """Whether the map keeps so little of how each step ranks its keys that its points would
    be a blob to a class (:func:`map_verdict`'s lowest band)."""
    return not found.rho_within >= LITTLE  # NaN (no step with two keys) too


def typed_line(found: QueryKeyMap) -> str:
    """What a student should see of the typed sentence, the map's first (Markdown): its
    points are drawn large with their pieces, and for how many of its steps the map's highest
    score goes to the key the step looks at most."""
    hits, steps = steps_found(found, 0)
    return (
        f"**Your sentence is drawn large: each dark circle is a step's query, labelled with the "
        f"piece it writes; the dark diamonds are its keys (hover one for its piece).** For {hits} "
        f"of its {steps} steps the key the step looks at most is the one its query scores "
        "highest on the map: find a query, then the key it points to."
    )


# Our everyday pairs (tests/fixtures/everyday_de_en.tsv, and en_de: the same pairs swapped),
# in a clone of the repository; an installed wheel has no tests/ folder
EVERYDAY = Path(__file__).resolve().parents[2] / "tests" / "fixtures"


class EverydaySentences(NamedTuple):
    """The sentences the Query–key map's first choice maps, and that choice's name."""

    name: str
    texts: tuple[str, ...]


def everyday_sentences(direction: str) -> EverydaySentences:
    """The source sentences of our everyday pairs in ``direction`` (the Query–key map's
    default); where they cannot be read (``pip install .`` installs no tests/), the direction's
    example bank, named as such rather than passed off as the everyday set."""
    file = EVERYDAY / f"everyday_{direction.replace('-', '_')}.tsv"
    try:
        pairs, _ = read_tsv(file)
    except CorpusError:
        bank = tuple(example.source for example in BANKS.get(direction, ()))
        return EverydaySentences("the example sentences (the everyday set is not installed)", bank)
    return EverydaySentences("our everyday sentences", tuple(pair.source for pair in pairs))

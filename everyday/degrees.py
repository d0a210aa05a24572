"""Adjective degrees as the Ding dictionary gives them: the comparative and the superlative in
an adjective entry's second and third segments (``alt {adj} | älter | am ältesten :: old |
older; elder | oldest; eldest``), read for the German word and for the English one; English by
rule (:func:`everyday.english_forms.english_degrees`) where Ding gives none. The comparisons
of the sentence generator are made of them (:mod:`everyday.comparisons`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from everyday import english_forms
from everyday.ding_entries import Segments, aligned, clean


@dataclass(frozen=True)
class Degrees:
    """An adjective's comparative and superlative stem: "älter", "ältest" ("am ältesten",
    "der älteste") :: "older", "oldest"; "interessanter" :: "more interesting"."""

    comparative: str
    superlative: str


def is_adjective_entry(segments: Segments) -> bool:
    """An entry of adjectives with their degrees: "{adj}" on the headword, three segments."""
    return len(segments) >= 3 and any("{adj}" in alt for alt in segments[0][0])


def german_degrees(lines: list[Segments], adjective: str) -> Degrees | None:
    """The comparative and superlative stem of ``adjective`` from ``lines``, the entries it
    heads (those headed by it first): "älter" and "ältest" from "alt {adj} | älter | am
    ältesten". A form that is not one word in -er, or a superlative not "am ...sten"
    ("kleinste/r/s"), is passed over."""
    ranked = []
    for segments in lines:
        heads = [clean(alt) for alt in segments[0][0]]
        if adjective in heads and is_adjective_entry(segments):
            ranked.append((heads.index(adjective), segments))
    for index, segments in sorted(ranked, key=lambda item: item[0]):
        count = len(segments[0][0])
        comparative = clean(aligned(segments[1][0], index, count))
        superlative = clean(aligned(segments[2][0], index, count))
        stem = re.fullmatch(r"am ([a-zäöüß]+[sß]t)en", superlative)
        if re.fullmatch(r"[a-zäöüß]+er", comparative) and stem:
            return Degrees(comparative, stem.group(1))
    return None


def collect_english_degrees(
    segments: Segments, adjectives: set[str], found: dict[str, Degrees]
) -> None:
    """Record in ``found`` the degrees an adjective entry gives for ``adjectives`` (English),
    first wins; forms that do not continue the word ("small" -> "littler", from a segment
    listing them in another order) are passed over."""
    if not is_adjective_entry(segments):
        return
    english_heads = segments[0][1]
    for index, raw in enumerate(english_heads):
        word = clean(raw)
        if word not in adjectives or word in found:
            continue
        comparative = clean(aligned(segments[1][1], index, len(english_heads)))
        superlative = clean(aligned(segments[2][1], index, len(english_heads)))
        if english_degree_of(word, comparative, "er") and english_degree_of(
            word, superlative, "est"
        ):
            found[word] = Degrees(comparative, superlative)


def english_degree_of(word: str, form: str, ending: str) -> bool:
    """Whether ``form`` is a comparative (``ending`` "er") or superlative ("est") of ``word``:
    "more tired", "older", "nicer", "bigger", "happier", "better" (grammar's irregular degrees);
    not "kindlier" of "kind"."""
    if form in english_forms.IRREGULAR_DEGREES.get(word, ()):
        return True
    if form == ("more " if ending == "er" else "most ") + word:
        return True
    stem = word.removesuffix("e")
    return form in (stem + ending, stem + word[-1] + ending, word[:-1] + "i" + ending)

"""The Ding dictionary's line format, which the lexicon and the adjective degrees read.

A line is ``German :: English``; ``|`` aligns segments across the two sides (the headword, then
its forms: ``Katze {f} | Katzen {pl} :: cat | cats``) and ``;`` separates alternatives within a
segment; annotations in ``{} [] <> ()`` and placeholders ("etw.", "sb.") are not words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

_ANNOTATION = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]|<[^<>]*>|\([^()]*\)")
_ABBREVIATION = re.compile(r"(?<!\S)/[^/]+/(?!\S)")  # "Zimmer {n} /Zi./"
_PLACEHOLDER = re.compile(r"\b(etw|jdn|jdm|jds|jd|sth|sb)\.(?:/\S*)?\s*")


def split_top(text: str, separator: str) -> list[str]:
    """Split at ``separator`` outside brackets: "to read {read; read}; to peruse" gives two."""
    parts, depth, current = [], 0, []
    for char in text:
        depth += char in "{[(<"
        depth -= char in "}])>"
        if char == separator and depth <= 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return [part.strip() for part in parts]


def clean(text: str) -> str:
    """A Ding alternative without annotations, placeholders or "to ": "etw. nehmen {vt}" ->
    "nehmen", "to take sth. {took; taken}" -> "take"."""
    removed = 1
    while removed:
        text, removed = _ANNOTATION.subn("", text)
    text = _PLACEHOLDER.sub("", _ABBREVIATION.sub("", text))
    return " ".join(text.split()).removeprefix("to ")


Segments = list[tuple[list[str], list[str]]]  # per "|" segment: German, English alternatives


def entries(path: Path, heads: set[str]) -> Iterator[Segments]:
    """The lines whose headword (a first-segment alternative, cleaned) is in ``heads`` on
    either side, split into segments of raw alternatives."""
    with path.open(encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("#") or " :: " not in line:
                continue
            german, _, english = line.rstrip("\n").partition(" :: ")
            firsts = _ANNOTATION.sub(
                "", german.split(" | ", 1)[0] + ";" + english.split(" | ", 1)[0]
            )
            if not any(clean(alt) in heads for alt in firsts.split(";")):
                continue
            sides = [split_top(side, "|") for side in (german, english)]
            if len(sides[0]) == len(sides[1]):
                yield [(split_top(g, ";"), split_top(e, ";")) for g, e in zip(*sides, strict=True)]


def by_german_head(lines: list[Segments]) -> dict[str, list[Segments]]:
    """The lines under each German headword (a first-segment alternative, cleaned), in the
    file's order: each word's entries are then looked up, not found by a pass over every line
    for every word of the sense table."""
    headed: dict[str, list[Segments]] = {}
    for segments in lines:
        for head in dict.fromkeys(clean(alt) for alt in segments[0][0]):
            headed.setdefault(head, []).append(segments)
    return headed


def aligned(alternatives: list[str], index: int, count: int) -> str:
    """The ``index``-th alternative when the segment lists as many as the headword does (or
    more), the first one for index 0, else ""."""
    if index < len(alternatives) and (len(alternatives) >= count or index == 0):
        return alternatives[index]
    return ""

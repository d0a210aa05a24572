"""The most frequent German nouns, verbs and adjectives that Ding has and the sense table lacks:
what a person extending everyday/senses.py looks at first.

    pip install wordfreq==3.1.1       # build time only: its data is CC-BY-SA, never shipped
    python checkpoints/recipes/rank_senses.py --top 60

Frequencies are wordfreq's Zipf scale for German (3.0: once in a million words; the test of the
sense table asks every word to reach it). The list is a starting point, not a choice: a word
goes into the table by hand, with its everyday English and the kinds it combines with, only if
a class talks about it. Nothing printed here is stored in the repository.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from wordfreq import zipf_frequency

from everyday import grammar, senses
from everyday.lexicon import headwords
from nmt_core.text.data import DING_PATH

WORD_CLASSES = {"noun": ("m", "f", "n"), "verb": ("verb",), "adj": ("adj",)}


def in_table() -> set[str]:
    """Every German word the sense table (and its places) already has, and the closed classes
    the grammar writes itself (sein, haben, werden, the modals, prepositions, separable
    prefixes: Ding marks "zu" and "ohne" as adjectives)."""
    words = set(senses.nouns()) | {verb.german for verb in senses.verbs()}
    words |= {adjective.german for adjective in senses.adjectives()}
    words |= {*grammar.IRREGULAR_PRESENT, *grammar.MODALS, grammar.FUTURE}
    words |= {*grammar.PREPOSITION_CASES, *grammar.SEPARABLE_PREFIXES, "ein", "kein"}
    return words | {place.noun for place in senses.places()}


def ranked(ding: Path, word_class: str, top: int, floor: float) -> list[tuple[float, str, str]]:
    """(Zipf frequency, word, Ding's class) of the ``top`` most frequent words of ``word_class``
    that Ding has and the table lacks, at or above ``floor``. A noun must be capitalised and
    the others not, so that "Essen" and "essen" are counted where they belong."""
    known = in_table()
    rows = []
    for word, marked in headwords(ding).items():
        if marked not in WORD_CLASSES[word_class] or word in known:
            continue
        if word[0].isupper() != (word_class == "noun"):
            continue
        frequency = zipf_frequency(word, "de")
        if frequency >= floor:
            rows.append((frequency, word, marked))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--ding", type=Path, default=DING_PATH)
    parser.add_argument("--top", type=int, default=50, help="words per class")
    parser.add_argument("--floor", type=float, default=3.0, help="lowest Zipf frequency")
    args = parser.parse_args()
    for word_class in WORD_CLASSES:
        print(f"# {word_class}")
        for frequency, word, marked in ranked(args.ding, word_class, args.top, args.floor):
            print(f"{frequency:.2f}\t{word}\t{marked}")


if __name__ == "__main__":
    main()

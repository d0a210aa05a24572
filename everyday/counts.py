"""Counting for the sentence generator: "Ich habe zwei Schwestern und einen Bruder." :: "I have
two sisters and a brother."; "Im Park sind zehn Kinder." :: "There are ten children in the
park."; "Wie viele Katzen habt ihr?" :: "How many cats do you have?".

A class counts what it has and what is where from its first lesson, and a model trained on the
dictionary's idioms read "vierzehn Mädchen und elf Jungen" as "fourfteen girls and elf boys".
German counts with the plural after the number and says where with "sein" or "es gibt",
English with "there are"; "one" is the indefinite article in both ("einen Bruder" :: "a
brother"). The numbers are :func:`everyday.grammar.number`'s, the nouns the sense
table's (with Ding's plurals), the places the clauses'.
"""

from __future__ import annotations

import random

from everyday import english_forms, grammar, senses
from everyday.clauses import place_phrase
from everyday.pairs import Pair, join_words, sentence
from everyday.phrases import Noun, Vocabulary, determined, subject

# What one has a number of ("zwei Brüder", "drei Hunde", "vier Stifte"), and what is counted
# somewhere ("Im Zoo sind drei Elefanten.")
HAD = frozenset({"family", "pet", "toy", "clothes", "small", "instrument", "ball", "gift",
                 "luggage", "plant", "book"})  # fmt: skip
# people and pets at a place (not "Wie viele Züge sind in der Schule?", no whales in the kitchen)
THERE = frozenset({"person", "pet"})
# relatives one has one of, or is ("zwei Ehefrauen", "vier Familien", "drei Zwillinge")
UNCOUNTED = frozenset({"Ehefrau", "Ehemann", "Familie", "Zwilling"})
# The counts a class says most: small ones more often; at most five brothers or cousins
COUNTS = (2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 20)
MOST_RELATIVES = 5


def _countable(words: Vocabulary, kinds: frozenset[str]) -> list[Noun]:
    """Nouns of ``kinds`` with a plural: not "Milch", "Mutter" or "Fußball"."""
    return [
        noun
        for noun in words.nouns
        if noun.sense.kinds & kinds
        and noun.plural
        and not (noun.sense.mass or noun.sense.single or noun.sense.bare)
        and noun.sense.german not in UNCOUNTED
    ]


def _number_of(rng: random.Random, noun: Noun) -> tuple[str, str]:
    """ "zwei Brüder" :: "two brothers", "zwölf Stifte" :: "twelve pens"."""
    most = MOST_RELATIVES if "family" in noun.sense.kinds else max(COUNTS)
    german, english = grammar.number(rng.choice([n for n in COUNTS if n <= most]))
    return f"{german} {noun.plural}", f"{english} {noun.english_plural}"


def _and_one(rng: random.Random, nouns: list[Noun], first: Noun, case: str) -> tuple[str, str]:
    """Sometimes one more of another noun: "und einen Bruder" :: "and a brother"."""
    others = [  # "einen Nachbarn" (a weak noun) is left to the noun phrases
        noun
        for noun in nouns
        if noun.sense.kinds & first.sense.kinds
        and noun.sense.english != first.sense.english  # not "two cousins and a cousin"
        and not noun.sense.weak
    ]
    if not others or rng.random() < 0.6:
        return "", ""
    other = rng.choice(others)
    return f"und {determined(other, 'indef', case)}", "and " + english_forms.with_indefinite(
        other.sense.english
    )


def counted(rng: random.Random, words: Vocabulary) -> Pair | None:
    """What someone has, or what is somewhere, counted: "Mein Onkel hat drei Hunde." :: "My
    uncle has three dogs."; "Am Strand sind zwei Schafe und ein Wolf." :: "There are two sheep
    and a wolf on the beach."; "Wie viele Brüder hast du?" :: "How many brothers do you
    have?"."""
    if rng.random() < 0.55:
        return _having(rng, words)
    return _somewhere(rng, words)


def _having(rng: random.Random, words: Vocabulary) -> Pair | None:
    nouns = _countable(words, HAD)
    if not nouns:
        return None
    noun = rng.choice(nouns)
    who = subject(rng, words, frozenset({"person"}), definite=True)
    have = grammar.present("haben", who.person)
    english_have = english_forms.english_present("have", who.person)
    if rng.random() < 0.25:  # "Wie viele Hunde hat dein Onkel?"
        does = english_forms.english_present("do", who.person)
        return sentence(
            f"Wie viele {noun.plural} {have} {who.german['nom']}",
            f"How many {noun.english_plural} {does} {who.english} have",
            "?",
        )
    german_many, english_many = _number_of(rng, noun)
    german_one, english_one = _and_one(rng, nouns, noun, "acc")
    return sentence(
        join_words(who.german["nom"], have, german_many, german_one),
        join_words(who.english, english_have, english_many, english_one),
    )


def _somewhere(rng: random.Random, words: Vocabulary) -> Pair | None:
    nouns = [noun for noun in _countable(words, THERE) if "family" not in noun.sense.kinds]
    if not nouns:
        return None
    noun = rng.choice(nouns)
    where = place_phrase(rng, words, senses.BEING, False, "pet" in noun.sense.kinds)
    towns = {name for name, _ in senses.CITIES + senses.COUNTRIES}
    if where is None or where[0] == senses.HOME[0] or where[0].split()[-1] in towns:
        return None  # "In Spanien sind neun Könige."
    german_where, english_where = where
    if rng.random() < 0.2:
        return sentence(
            f"Wie viele {noun.plural} sind {german_where}",
            f"How many {noun.english_plural} are there {english_where}",
            "?",
        )
    german_many, english_many = _number_of(rng, noun)
    there_is = rng.random() < 0.3  # "Es gibt drei Hunde im Park." (accusative after "gibt")
    german_one, english_one = _and_one(rng, nouns, noun, "acc" if there_is else "nom")
    english = join_words("there are", english_many, english_one, english_where)
    if there_is:
        return sentence(join_words("es gibt", german_many, german_one, german_where), english)
    return sentence(join_words(german_where, "sind", german_many, german_one), english)

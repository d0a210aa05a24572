"""English inflection for generated sentences, by rule and from small tables: a verb's five
forms, plurals, comparative and superlative, agreement with the person (am/is/are, was/were,
has/have) and the indefinite article.

Persons are numbered as in :mod:`everyday.grammar`: 0..5, I, you, he/she/it, we, you,
they; 2 is the only third person singular.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class EnglishVerb:
    """An English verb's five forms; several words inflect their first ("get up")."""

    base: str
    third: str
    past: str
    participle: str
    gerund: str


def english_regular(base: str) -> EnglishVerb:
    """Forms of a regular English verb by rule (cook, cooks, cooked, cooked, cooking)."""
    head, _, rest = base.partition(" ")
    tail = f" {rest}" if rest else ""
    if head.endswith("ie"):  # lie, lied, lying
        past, gerund = head + "d", head[:-2] + "ying"
    elif head.endswith("e") and not head.endswith(("ee", "ye", "oe")):
        past, gerund = head + "d", head[:-1] + "ing"
    elif head.endswith("y") and head[-2] not in "aeiou":
        past, gerund = head[:-1] + "ied", head + "ing"
    else:
        past, gerund = head + "ed", head + "ing"
    return EnglishVerb(base, english_third(head) + tail, past + tail, past + tail, gerund + tail)


def english_third(head: str) -> str:
    """cooks, watches, tries, goes, has."""
    if head == "have":
        return "has"
    if head.endswith(("s", "sh", "ch", "x", "z", "o")):
        return head + "es"
    if head.endswith("y") and head[-2] not in "aeiou":
        return head[:-1] + "ies"
    return head + "s"


# English plurals no rule gives, and the everyday one of "person" (Ding's first is "persons")
IRREGULAR_PLURALS = {"tooth": "teeth", "foot": "feet", "person": "people", "man": "men",
                     "woman": "women", "child": "children", "mouse": "mice", "goose": "geese",
                     "sheep": "sheep", "fish": "fish", "deer": "deer"}  # fmt: skip


def english_plural(noun: str) -> str:
    """dogs, boxes, babies by rule; teeth, people, sheep from IRREGULAR_PLURALS."""
    if noun in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[noun]
    return english_third(noun) if not noun.endswith("o") else noun + "s"


# English degrees no rule gives (a form Ding gives for these is taken as it is)
IRREGULAR_DEGREES = {"good": ("better", "best"), "bad": ("worse", "worst"),
                     "well": ("better", "best"), "far": ("further", "furthest")}  # fmt: skip


def english_degrees(adjective: str) -> tuple[str, str]:
    """Comparative and superlative by rule, where Ding gives none: "taller", "bigger",
    "nicer", "happier", "more famous" (two syllables or more, bar those in -y; any word of a
    phrase or a participle: "more hard-working", "more tired")."""
    if adjective in IRREGULAR_DEGREES:
        return IRREGULAR_DEGREES[adjective]
    syllables = len(re.findall(r"[aeiouy]+", adjective.removesuffix("e")))
    if adjective.endswith("y") and syllables <= 2 and adjective[-2] not in "aeiou":
        return adjective[:-1] + "ier", adjective[:-1] + "iest"
    if syllables > 1 or not adjective.isalpha() or adjective.endswith("ed"):
        return f"more {adjective}", f"most {adjective}"
    if adjective.endswith("e"):
        return adjective + "r", adjective + "st"
    if re.search(r"[^aeiou][aeiou][bdgmnpt]$", adjective):  # big -> bigger, thin -> thinner
        return adjective + adjective[-1] + "er", adjective + adjective[-1] + "est"
    return adjective + "er", adjective + "est"


def english_present(base: str, person: int) -> str:
    """ "has", "does", "plays" for person 2 (the only third singular), else the base ("have")."""
    return english_third(base) if person == 2 else base


def be(person: int) -> str:
    """am, is or are: person 2 (he, she, it, a singular noun) is the only third singular."""
    return "am" if person == 0 else "is" if person == 2 else "are"


def was(person: int) -> str:
    """was or were: the first and third person singular take "was"."""
    return "was" if person in (0, 2) else "were"


def with_indefinite(noun: str) -> str:
    """ "a dog", "an apple", "an hour", "a uniform", "a euro" (a vowel letter said as "you")."""
    vowel = noun[0] in "aeiou" and not noun.startswith(("uni", "use", "usu", "eu"))
    return ("an " if vowel or noun.startswith("hour") else "a ") + noun

"""English clauses for generated sentences: the tense, negation and question forms that German
marks on one verb and English spreads over do/be/have ("Isst du?" :: "Are you eating?").

Tenses: "simple" (she eats), "progressive" (she is eating), "perfect" (she has eaten),
"perfect_progressive" (she has been eating: German's present with "seit"), "past" (she ate)
and "modal" with the English of a German modal or of the future's "werden" ("can eat", "wants
to eat", "had to eat", "will eat").
"""

from __future__ import annotations

from everyday.english_forms import EnglishVerb, be, english_present

# take "not" and invert themselves ("cannot", "Will you ...?", "Are you allowed to ...?"); the
# others take do-support
_AUXILIARY_MODALS = ("can", "could", "should", "would", "will", "am", "are", "is")
# English object pronouns, and the particles of phrasal verbs they go before ("pick me up")
OBJECT_PRONOUNS = frozenset({"me", "you", "him", "her", "it", "us", "them"})
PARTICLES = frozenset({"up", "on", "off", "out", "down", "away", "back"})
_DO_SUPPORTED = {"has to": "have to", "wants to": "want to", "had to": "have to",
                 "wanted to": "want to"}  # fmt: skip


def clause(
    subject: str,
    person: int,
    verb: EnglishVerb,
    tense: str,
    negated: bool = False,
    question: bool = False,
    adverb: str = "",
    modal: str = "",
) -> str:
    """Subject and verb in ``tense``: "he is not eating", "does he eat", "I often eat".

    ``adverb`` is a frequency adverb or "already", placed before the main verb; ``modal`` is
    the English of the modal for this person ("has to", "could", "will").
    """
    third = person == 2
    if tense == "modal":
        auxiliary, main = _modal(person, modal, verb, negated or question)
    elif tense == "progressive":
        auxiliary, main = be(person), verb.gerund
    elif tense == "perfect":
        auxiliary, main = english_present("have", person), verb.participle
    elif tense == "perfect_progressive":  # "has been playing"; asked "Has she been playing"
        auxiliary, main = english_present("have", person) + " been", verb.gerund
    elif negated or question:  # simple and past take do-support
        auxiliary, main = ("did" if tense == "past" else english_present("do", person)), verb.base
    else:
        auxiliary, main = "", (verb.past if tense == "past" else verb.third if third else verb.base)
    first, _, rest = auxiliary.partition(" ")  # "would like to": only "would" moves
    middle = " ".join(w for w in ("not" if negated else "", rest, adverb, main) if w)
    if question:
        return f"{first} {subject} {middle}"
    if first == "can" and negated:
        return f"{subject} cannot {' '.join(w for w in (rest, adverb, main) if w)}"
    return " ".join(w for w in (subject, first, middle) if w)


def _modal(person: int, english: str, verb: EnglishVerb, do_support: bool) -> tuple[str, str]:
    """(auxiliary, main verb) of a modal: ("can", "eat"); "want to" and "have to" are not
    auxiliaries, so they take do-support when negated or asked: ("does", "want to eat"),
    ("did", "have to eat")."""
    if english.split(" ")[0] in _AUXILIARY_MODALS:
        return english, verb.base
    if not do_support:
        return "", f"{english} {verb.base}"
    do_form = "did" if english.startswith(("had", "wanted")) else english_present("do", person)
    return do_form, f"{_DO_SUPPORTED.get(english, english)} {verb.base}"

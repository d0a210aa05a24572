"""The words the sentence generator draws from and the noun phrases it makes of them.

:func:`vocabulary` joins the hand-written sense table (:mod:`everyday.senses`) with the
genders, plurals and verb forms the installed Ding gives (:mod:`everyday.lexicon`); a
:class:`Phrase` is a noun phrase in every case with its English ("den Hund", "dem Hund" :: "the
dog"), or a pronoun. Clauses are built from these in :mod:`everyday.clauses`, sentences
in :mod:`everyday.generator`.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from everyday import english_forms, grammar, senses
from everyday.degrees import Degrees
from everyday.english_forms import (
    IRREGULAR_PLURALS,
    EnglishVerb,
    english_degrees,
    english_plural,
)
from everyday.grammar import PRONOUNS, GermanVerb
from everyday.lexicon import Lexicon

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Noun:
    """A sense-table noun with Ding's grammar: gender, German and English plural."""

    sense: senses.NounSense
    gender: str
    plural: str
    english_plural: str


@dataclass(frozen=True)
class Verb:
    sense: senses.VerbSense
    german: GermanVerb
    english: EnglishVerb


@dataclass(frozen=True)
class Phrase:
    """A noun phrase in every case, its English, the verb person it takes (0-5: ich ...
    sie; a noun 2 or 5, a pronoun its own, "Anna und ich" 3), and how its English is
    determined."""

    german: dict[str, str]
    english: str
    person: int
    kinds: frozenset[str]
    kein: dict[str, str] | None = None  # "keinen Apfel": how it is negated, else with "nicht"
    # "def" (the dog), "poss" (my dog), "indef" (a dog), "bare" (milk), "name" (Anna, and Mum
    # for "die Mama": no article in English); "" for a pronoun
    determiner: str = ""


@dataclass(frozen=True)
class Comparable:
    """An adjective with its degrees in both languages: "alt" :: "old", "älter", "ältest" ::
    "older", "oldest"."""

    sense: senses.AdjectiveSense
    german: Degrees
    english: Degrees


@dataclass
class Vocabulary:
    """The words the templates draw from: the sense table's words that Ding could inflect."""

    nouns: list[Noun] = field(default_factory=list)
    verbs: list[Verb] = field(default_factory=list)
    adjectives: list[senses.AdjectiveSense] = field(default_factory=list)
    places: list[tuple[senses.Place, Noun]] = field(default_factory=list)
    # the gradable ones Ding gives German degrees of (English from Ding or by rule)
    comparables: list[Comparable] = field(default_factory=list)

    def verbs_for(self, test: Callable[[Verb], bool]) -> list[Verb]:
        return [verb for verb in self.verbs if test(verb)]


def vocabulary(lexicon: Lexicon) -> Vocabulary:
    """The sense table joined with Ding's grammar; words Ding lacks are left out (logged)."""
    words = Vocabulary()
    table = senses.nouns()
    for sense in table.values():
        found = lexicon.nouns.get(sense.german)
        if found or sense.bare:
            gender, plural = (found.gender, found.plural) if found else ("n", sense.german)
            plural_en = lexicon.english_plurals.get(sense.english)
            if plural_en == sense.english:  # "pizza" :: "pizza": a segment out of line
                plural_en = None
            plural_en = IRREGULAR_PLURALS.get(sense.english, plural_en)  # not "tooths"
            words.nouns.append(
                Noun(sense, gender, plural, plural_en or english_plural(sense.english))
            )
    known = {noun.sense.german: noun for noun in words.nouns}
    for verb_sense in senses.verbs():
        german, english_verb = (
            lexicon.verbs.get(verb_sense.german),
            lexicon.english_verb(verb_sense.english),
        )
        if german and english_verb:
            if verb_sense.sein:
                german = GermanVerb(
                    german.infinitive,
                    german.present,
                    german.participle,
                    "sein",
                    german.prefix,
                    german.imperative,
                )
            words.verbs.append(Verb(verb_sense, german, english_verb))
    words.adjectives = senses.adjectives()
    for adjective in words.adjectives:
        german_degrees = lexicon.degrees.get(adjective.german)
        english = lexicon.english_degrees.get(adjective.english)
        if german_degrees and adjective.german not in senses.UNGRADED:  # not "roter"
            english = english or Degrees(*english_degrees(adjective.english))
            words.comparables.append(Comparable(adjective, german_degrees, english))
    for place in senses.places():
        found = lexicon.nouns.get(place.noun)
        if found:
            name = place.english_at.split(" ")[-1]  # "in the park": park
            sense = senses.NounSense(place.noun, name, frozenset({"place"}), single=True)
            words.places.append((place, Noun(sense, found.gender, "", name)))
    left_out = sorted(set(table) - set(known)) + sorted(
        {v.german for v in senses.verbs()} - {v.sense.german for v in words.verbs}
    )
    if left_out:
        log.info("generator: Ding lacks the grammar of %s; left out", ", ".join(left_out))
    return words


# --- noun phrases ----------------------------------------------------------------------------


ATTRIBUTIVE_SHARE = 0.2  # of the noun phrases that could take an adjective: some, not all
# Nouns English says as names, without "the": "die Mama" is the speaker's own, "Mum", not "the
# mum"; "der Weihnachtsmann" is "Father Christmas" (reviewers' findings, 2026-11-28)
NAMED = {"Mama": "Mum", "Papa": "Dad", "Weihnachtsmann": "Father Christmas"}


def noun_phrase(
    rng: random.Random,
    noun: Noun,
    plural: bool | None = None,
    definite: bool = False,
    adjectives: Sequence[senses.AdjectiveSense] = (),
    generic: bool = False,
) -> Phrase:
    """The noun with a determiner drawn at random: der/ein/mein/none (mass nouns and plurals
    also go without), in every case; ``definite``: der or mein only (a subject described);
    ``generic``: a thing in general, with no determiner ("Ich esse gern Äpfel", "Milch").

    In a share of phrases (ATTRIBUTIVE_SHARE) one of ``adjectives`` that suits the noun stands
    before it, declined after its determiner: "der kleine Hund", "einen kleinen Hund", "kalte
    Milch" :: "the little dog", "a little dog", "cold milk".
    """
    sense = noun.sense
    if sense.bare:
        german = {c: sense.german for c in grammar.CASES}
        return Phrase(german, sense.english, 2, sense.kinds, determiner="bare")
    generic = generic and "person" not in sense.kinds
    if plural is None:
        countable = bool(noun.plural) and not (sense.mass or sense.single)
        plural = countable and (generic or rng.random() < 0.2)
    kinds = ["bare"] if generic else _determiners(sense, plural)
    kind = rng.choice([k for k in kinds if k in ("def", "poss")] if definite else kinds)
    owner = rng.choice(list(grammar.POSSESSIVES))
    suited = [adjective for adjective in adjectives if adjective.describes(sense.kinds)]
    described = rng.choice(suited) if suited and rng.random() < ATTRIBUTIVE_SHARE else None
    before = described.german if described else ""
    german = {c: determined(noun, kind, c, plural, before, owner) for c in grammar.CASES}
    name = noun.english_plural if plural else sense.english
    name = f"{described.english} {name}" if described else name
    named = None if plural or described else NAMED.get(sense.german)
    english = {
        "def": named or f"the {name}",
        "poss": f"{grammar.POSSESSIVES[owner][1]} {name}",
        "bare": name,
        "indef": english_forms.with_indefinite(name),
    }[kind]
    kein = None
    if kind in ("indef", "bare"):
        kein = {c: determined(noun, "kein", c, plural, before, owner) for c in grammar.CASES}
    determiner = "name" if named and kind == "def" else kind
    return Phrase(german, english, 5 if plural else 2, sense.kinds, kein, determiner)


def _determiners(sense: senses.NounSense, plural: bool) -> list[str]:
    """The determiners a noun is used with: "meine Mutter" rather than "eine Mutter", "der
    Lehrer" rather than "dein Lehrer", "Wasser" and "das Wasser" rather than "mein Wasser"."""
    some = "bare" if plural or sense.mass else "indef"
    if "family" in sense.kinds:
        return ["poss", "poss", "def"]
    if "person" in sense.kinds:
        return ["def"] if plural else ["def", "indef"]
    if sense.kinds & {"food", "drink"}:
        return ["def", some]
    return ["def", "poss", some]


def determined(
    noun: Noun,
    kind: str,
    case: str,
    plural: bool = False,
    adjective: str = "",
    owner: str = "ich",
) -> str:
    """ "den Hund", "meinem Vater", "einen Apfel", "keine großen Äpfel", "Kindern": determiner
    (def, poss of ``owner``, indef, kein or bare), the adjective if any, declined after it, and
    the noun in ``case`` (weak masculines and the dative plural included): the one place a
    German noun phrase is put together."""
    gender = "pl" if plural else noun.gender
    word = _noun_form(noun, case, plural)
    if adjective:
        declension = {"def": "weak", "bare": "strong"}.get(kind, "mixed")
        word = f"{grammar.attributive(adjective, declension, case, gender)} {word}"
    if kind == "def":
        return f"{grammar.definite(case, gender)} {word}"
    if kind == "poss":
        return f"{grammar.possessive(owner, case, gender)[0]} {word}"
    if kind in ("indef", "kein"):
        return f"{grammar.ein_word(kind.replace('indef', 'ein'), case, gender)} {word}"
    return word


def _noun_form(noun: Noun, case: str, plural: bool) -> str:
    """Katze, Jungen, Bauern (weak masculine outside the nominative), Kindern (dative plural
    -n)."""
    if plural:
        form = noun.plural
        return form + "n" if case == "dat" and form[-1] not in "ns" else form
    if noun.sense.weak and case != "nom":
        return noun.sense.german + ("n" if noun.sense.german.endswith(("e", "ar", "er")) else "en")
    return noun.sense.german


def in_number(rng: random.Random, noun: Noun, plural_share: float) -> tuple[bool, str, str]:
    """Whether ``noun`` is drawn plural (a countable one, in ``plural_share`` of draws), and its
    German and English in that number: (True, "Schuhe", "shoes")."""
    plural = bool(noun.plural) and not noun.sense.mass and rng.random() < plural_share
    if plural:
        return True, noun.plural, noun.english_plural
    return False, noun.sense.german, noun.sense.english


def name_phrase(name: str) -> Phrase:
    """A person's name, the same in every case and in English: "Anna" :: "Anna"."""
    german = {c: name for c in grammar.CASES}
    return Phrase(german, name, 2, frozenset({"person"}), determiner="name")


def pronoun(key: str) -> Phrase:
    """ich, du, er, sie, wir, ihr, sie (they), Sie: German in each case, English as a subject
    ("I"; the object form "me" is :func:`object_pronoun`'s)."""
    nom, acc, dat, english_subject, _, person = PRONOUNS[key]
    return Phrase(
        {"nom": nom, "acc": acc, "dat": dat}, english_subject, person, frozenset({"person"})
    )


def object_pronoun(key: str) -> tuple[dict[str, str], str]:
    """German case forms and English object form: mich/mir :: me."""
    nom, acc, dat, _, english_object, _ = PRONOUNS[key]
    return {"nom": nom, "acc": acc, "dat": dat}, english_object


def subject(
    rng: random.Random, words: Vocabulary, kinds: frozenset[str], definite: bool = False
) -> Phrase:
    """A pronoun, a name or a noun phrase of one of ``kinds`` ("person", "animal", "event":
    "Das Konzert fängt an."); ``definite``: not "ein Mann" (a habit said of someone: "Der Mann
    liest gern.")."""
    roll = rng.random()
    if "person" in kinds and roll < 0.5:
        return pronoun(rng.choice(list(PRONOUNS)))
    if "person" in kinds and roll < 0.65:
        name = rng.choice(senses.NAMES)
        return name_phrase(name)
    nouns = [n for n in words.nouns if n.sense.kinds & kinds]
    if not nouns:
        return pronoun("er")  # only when Ding lacks every noun of these kinds
    return noun_phrase(rng, rng.choice(nouns), definite=definite, adjectives=words.adjectives)


Degree = tuple[str, str]  # ("sehr", "very"), ("zu", "too"), ("nicht", "not") or ("", "")


def described(
    rng: random.Random, words: Vocabulary
) -> tuple[Phrase, senses.AdjectiveSense, Degree] | None:
    """Something and an adjective said of it, with a degree that suits the adjective: "die
    Suppe" + "heiß" + "zu", "du" + "müde"; the sentence around it is the caller's ("ist",
    "war"). None when no noun of the adjective's kinds is in the vocabulary."""
    sense = rng.choice([said for said in words.adjectives if said.kinds])
    if "person" in sense.kinds and rng.random() < 0.4:
        phrase = pronoun(rng.choice(list(PRONOUNS)))
    else:
        nouns = [n for n in words.nouns if n.sense.kinds & sense.kinds and not n.sense.bare]
        if not nouns:
            return None
        phrase = noun_phrase(rng, rng.choice(nouns), definite=True)
    degree = rng.choice((("", ""), ("", ""), ("sehr", "very"), ("zu", "too"), ("nicht", "not")))
    too = degree[0] == "zu" and sense.german not in senses.EXCESSIVE
    if too or degree[0] == "sehr" and sense.german in senses.UNGRADED:
        degree = ("", "")
    return phrase, sense, degree

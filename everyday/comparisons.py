"""Comparisons for the sentence generator: "Mein Bruder ist größer als ich." :: "My brother is
taller than me."; "Meine Schwester ist zwei Jahre älter als ich."; "Der Zug ist nicht so
schnell wie das Auto." :: "The train is not as fast as the car."; "Welcher Hund ist am
kleinsten?" :: "Which dog is the smallest?"; "Das ist die teuerste Jacke." :: "That is the most
expensive jacket.".

A class compares in its first year, and a model trained on the dictionary's idioms read "zwei
Jahre älter als ich" as "two years when I am". German compares with "als" and the nominative
("als ich"), English with "than" and the object form ("than me"); German's superlative is "am
...sten" after "sein" and declined before a noun, English's "the ...est" or "the most ...".
The degrees come from Ding (:attr:`everyday.phrases.Vocabulary.comparables`), the
adjectives a class compares from :data:`COMPARED`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from everyday import english_forms, grammar, senses
from everyday.pairs import Pair, join_words, sentence
from everyday.phrases import (
    Comparable,
    Noun,
    Vocabulary,
    determined,
    in_number,
    noun_phrase,
)

# The adjectives a class compares people, animals and things by (not "krank", "wach",
# "pünktlich" or "falsch")
COMPARED = frozenset(
    {"groß", "klein", "alt", "jung", "neu", "nett", "lustig", "müde", "schnell", "langsam",
     "teuer", "billig", "warm", "kalt", "heiß", "lecker", "süß", "interessant", "langweilig",
     "schön", "gut", "einfach", "schwierig", "wichtig", "gesund", "stark", "schwach", "ruhig",
     "laut", "dunkel", "hell", "kurz", "lang", "gefährlich", "faul", "fleißig", "klug", "schlau",
     "dick", "dünn", "bequem", "reich", "arm", "berühmt", "schwer", "leicht", "höflich", "mutig",
     "beliebt", "ordentlich", "hart", "weich", "gemütlich", "sauber", "schmutzig", "glücklich",
     "traurig", "freundlich", "hübsch", "witzig", "ungesund", "praktisch", "nützlich",
     "gruselig"}
)  # fmt: skip
# How much more: "viel größer" :: "much bigger", "ein bisschen älter" :: "a bit older"
MARGINS = (("viel", "much"), ("ein bisschen", "a bit"), ("noch", "even"))
# Where the most is: "in meiner Klasse am größten" :: "the tallest in my class"
GROUPS = {
    "person": (("in meiner Klasse", "in my class"), ("in unserer Familie", "in our family"),
               ("in der Schule", "in the school")),
}  # fmt: skip
YEARS_APART = range(1, 11)  # "zwei Jahre älter als ich": a sibling's or a friend's age


@dataclass(frozen=True)
class Compared:
    """One side of a comparison: German nominative, English as a subject and after "than",
    the verb person, the kinds it is of, and for a noun the noun and its determiner."""

    german: str
    english: str
    english_after: str
    person: int
    kinds: frozenset[str]
    noun: Noun | None = None  # the sense table's noun, if it is one
    determiner: str = ""  # the noun's: "def" (the dog), "poss" (my dog), "name" (Mum)


def _pronoun(key: str) -> Compared:
    nom, _, _, english, english_object, person = grammar.PRONOUNS[key]
    return Compared(nom, english, english_object, person, frozenset({"person"}))


def _name(rng: random.Random, besides: str = "") -> Compared:
    name = rng.choice([name for name in senses.NAMES if name != besides])
    return Compared(name, name, name, 2, frozenset({"person"}))


def _noun(rng: random.Random, noun: Noun, plural: bool | None = None) -> Compared:
    phrase = noun_phrase(rng, noun, plural, definite=True)
    german = phrase.german["nom"]
    english, person, determiner = phrase.english, phrase.person, phrase.determiner
    return Compared(german, english, english, person, noun.sense.kinds, noun, determiner)


def compared(rng: random.Random, words: Vocabulary, kind: str, besides: str = "") -> Compared:
    """Someone or something of ``kind`` ("person", "animal", ...) other than ``besides`` (an
    English subject): a pronoun, a name or the sense table's noun with der or mein."""
    roll = rng.random()
    if kind == "person" and roll < 0.4:
        key = rng.choice([k for k in grammar.PRONOUNS if grammar.PRONOUNS[k][3] != besides])
        return _pronoun(key)
    if kind == "person" and roll < 0.6:
        return _name(rng, besides)
    nouns = [n for n in words.nouns if kind in n.sense.kinds and not n.sense.bare]
    nouns = [n for n in nouns if besides not in (n.sense.english, n.english_plural)] or nouns
    return _noun(rng, rng.choice(nouns))


def _other(rng: random.Random, words: Vocabulary, kind: str, first: Compared) -> Compared:
    """What ``first`` is compared with: the same thing of another owner ("Mein Fahrrad ist
    neuer als dein Fahrrad."), or one of the same kinds ("der Hund" and "die Katze", not "das
    Rezept" and "der Brief" for "dick")."""
    if first.noun is None or kind == "person":
        return compared(rng, words, kind, besides=first.english)
    if first.determiner != "def" and rng.random() < 0.3:
        for _ in range(5):  # "mein Fahrrad" and "dein Fahrrad", both singular or both plural
            other = _noun(rng, first.noun, plural=first.person == 5)
            if other.determiner != "def" and other.english != first.english:
                return other
    alike = [n for n in words.nouns if n.sense.kinds == first.kinds and n != first.noun]
    return _noun(rng, rng.choice(alike)) if alike else _noun(rng, first.noun)


def _comparable(rng: random.Random, words: Vocabulary) -> tuple[Comparable, str] | None:
    """An adjective of COMPARED and one kind it is said of."""
    suited = [c for c in words.comparables if c.sense.german in COMPARED and c.sense.kinds]
    if not suited:
        return None
    chosen = rng.choice(suited)
    kinds = [k for k in sorted(chosen.sense.kinds) if any(k in n.sense.kinds for n in words.nouns)]
    return (chosen, rng.choice(kinds)) if kinds else None


def _be(person: int, past: bool) -> tuple[str, str]:
    """ "ist" :: "is", "waren" :: "were"."""
    if past:
        return grammar.simple_past("sein", person), english_forms.was(person)
    return grammar.present("sein", person), english_forms.be(person)


def comparison(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Two of a kind compared: "Der Hund ist schneller als die Katze." :: "The dog is faster
    than the cat."; "Ich bin viel größer als du." :: "I am much taller than you."; "Ist Tom
    älter als Anna?"; "Sie war nicht so müde wie er." :: "She was not as tired as him."; "Mein
    Cousin ist drei Jahre jünger als ich." :: "My cousin is three years younger than me."."""
    chosen = _comparable(rng, words)
    if chosen is None:
        return None
    adjective, kind = chosen
    first = compared(rng, words, kind)
    second = _other(rng, words, kind, first)
    if first.english.lower() == second.english_after.lower() or first.german == second.german:
        return None
    if {first.german, second.german} == {"ich", "wir"}:  # "Sind wir größer als ich?"
        return None
    past = rng.random() < 0.2
    verb, be = _be(first.person, past)
    form = rng.choice(("than", "than", "than", "as", "asked"))
    if form == "as":  # "(nicht) so groß wie" :: "(not) as tall as"
        nicht, english_not = ("nicht", "not") if rng.random() < 0.6 else ("", "")
        german = join_words(first.german, verb, nicht, "so", adjective.sense.german, "wie")
        english = join_words(first.english, be, english_not, "as", adjective.sense.english, "as")
        return sentence(f"{german} {second.german}", f"{english} {second.english_after}")
    margin = ("", "")
    if adjective.sense.german in ("alt", "jung") and kind == "person" and rng.random() < 0.5:
        years = rng.choice(YEARS_APART)
        margin = ("ein Jahr", "a year") if years == 1 else _years(years)
    elif rng.random() < 0.25:
        margin = rng.choice(MARGINS)
    more = join_words(margin[0], adjective.german.comparative, "als", second.german)
    english_more = join_words(margin[1], adjective.english.comparative, "than")
    if form == "asked":
        return sentence(
            join_words(verb, first.german, more),
            join_words(be, first.english, english_more, second.english_after),
            "?",
        )
    return sentence(
        join_words(first.german, verb, more),
        join_words(first.english, be, english_more, second.english_after),
    )


def _years(years: int) -> tuple[str, str]:
    german, english = grammar.number(years)
    return f"{german} Jahre", f"{english} years"


def superlative(rng: random.Random, words: Vocabulary) -> Pair | None:
    """The most of a kind: "Wer ist am größten?" :: "Who is the tallest?"; "Welche Jacke ist
    am teuersten?" :: "Which jacket is the most expensive?"; "Das ist der schnellste Hund." ::
    "That is the fastest dog."; "Lisa ist in meiner Klasse am jüngsten." :: "Lisa is the
    youngest in my class."."""
    chosen = _comparable(rng, words)
    if chosen is None:
        return None
    adjective, kind = chosen
    most_german = f"am {adjective.german.superlative}en"
    most_english = f"the {adjective.english.superlative}"
    roll = rng.random()
    if kind == "person" and roll < 0.25:
        return sentence(f"Wer ist {most_german}", f"Who is {most_english}", "?")
    if kind == "person" and roll < 0.5:
        who = _pronoun(rng.choice(list(grammar.PRONOUNS))) if roll < 0.35 else _name(rng)
        verb, be = _be(who.person, False)
        where, english_where = rng.choice(GROUPS["person"])
        return sentence(
            join_words(who.german, verb, where, most_german),
            join_words(who.english, be, most_english, english_where),
        )
    nouns = [n for n in words.nouns if kind in n.sense.kinds and not n.sense.bare]
    noun = rng.choice(nouns)
    plural, german_noun, english_noun = in_number(rng, noun, 0.25)
    gender = "pl" if plural else noun.gender
    if roll < 0.75:
        verb, be = _be(5 if plural else 2, False)
        return sentence(
            f"{grammar.der_word('welch', 'nom', gender)} {german_noun} {verb} {most_german}",
            f"Which {english_noun} {be} {most_english}",
            "?",
        )
    most = determined(noun, "def", "nom", plural, adjective.german.superlative)
    this, english_this = ("Das sind", "Those are") if plural else ("Das ist", "That is")
    return sentence(
        f"{this} {most}",
        f"{english_this} {most_english} {english_noun}",
    )

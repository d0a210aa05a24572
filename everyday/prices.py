"""Prices as a class says them in a shop role-play: "Eine Pizza kostet acht Euro fünfzig." ::
"A pizza costs eight euros fifty."; "Wie viel kosten die Schuhe?" :: "How much are the
shoes?".

German says a price in words ("acht Euro fünfzig") or writes it with a decimal comma ("8,50
Euro"), English with a point ("8.50 euros"); "Euro" has no plural in German. A model trained on
the dictionary's idioms read "kostet" as "cooks". The things priced are the sense table's
food, drink, clothes and things.
"""

from __future__ import annotations

import random

from everyday import english_forms, grammar
from everyday.pairs import sentence
from everyday.phrases import Noun, Vocabulary, determined, in_number

# what a shop prices (not a door, a tree or a passport: the table's "thing" is too wide), and
# what it never sells a class ("Der Zug kostet drei Euro", "Das Schiff kostet einen Euro")
SOLD = frozenset({"food", "drink", "clothes", "small", "machine", "toy", "luggage", "gift",
                  "instrument", "grocery", "cup", "furniture"})  # fmt: skip
UNSOLD = frozenset({"vehicle", "transport", "person", "animal", "body", "room", "building",
                    "picture", "money"})  # fmt: skip
EUROS = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 99)
CENTS = (50, 20, 80, 90, 99)  # the cents a price ends in, when it has some
# the most a kind costs, in whole euros: no pizza for eighty, no apple for eight
MOST = {"fruit": 2, "vegetable": 2, "sweet": 3, "drink": 4, "food": 9}
# the least: no laptop for a euro, no television for ninety cents
LEAST = {"machine": 20, "furniture": 20, "instrument": 20}
WRITTEN_SHARE = 0.35  # of prices written in digits ("8,50 Euro"), as on a price tag
CENTS_SHARE = 0.4  # of prices under twenty euros that end in cents ("acht Euro fünfzig")


def price_range(kinds: frozenset[str]) -> tuple[int, int]:
    """The least and the most a thing of ``kinds`` costs, in whole euros (1-99 for clothes,
    toys, bags and the like)."""
    least = max((LEAST[kind] for kind in kinds & LEAST.keys()), default=1)
    most = min((MOST[kind] for kind in kinds & MOST.keys()), default=99)
    return least, most


def amount(rng: random.Random, least: int = 1, most: int = 99) -> tuple[str, str]:
    """A price of ``least`` to ``most`` euros as the object of "kosten" (accusative: "einen
    Euro"), in words or digits: "acht Euro fünfzig" :: "eight euros fifty", "8,50 Euro" :: "8.50
    euros", "einen Euro" :: "one euro", "20 Euro" :: "20 euros"; under a euro ("fünfzig Cent" ::
    "fifty cents") only what costs at most four."""
    euros = rng.choice([euros for euros in EUROS if least <= euros <= most])
    cents = rng.choice(CENTS) if euros < 20 and rng.random() < CENTS_SHARE else 0
    if rng.random() < WRITTEN_SHARE:
        if cents:
            return f"{euros},{cents:02d} Euro", f"{euros}.{cents:02d} euros"
        return f"{euros} Euro", f"{euros} euro" + ("s" if euros > 1 else "")
    if most <= 4 and euros == 1 and not cents:
        german_cents, english_cents = grammar.number(rng.choice((20, 50, 80, 90)))
        return f"{german_cents} Cent", f"{english_cents} cents"
    german, english = grammar.number(euros)
    german = "einen" if euros == 1 else german  # "kostet einen Euro (fünfzig)"
    english = f"{english} euro" + ("s" if euros > 1 else "")
    if not cents:
        return f"{german} Euro", english
    german_cents, english_cents = grammar.number(cents)
    return f"{german} Euro {german_cents}", f"{english} {english_cents}"


def priced(rng: random.Random, noun: Noun) -> tuple[str, str, bool]:
    """The thing priced as the subject, its English, and whether it is plural: "die Jacke" ::
    "the jacket", "diese Schuhe" :: "these shoes", "ein Eis" :: "an ice cream"."""
    plural, german_noun, english_noun = in_number(rng, noun, 0.25)
    gender = "pl" if plural else noun.gender
    kind = rng.choice(("def", "def", "this") + (() if plural or noun.sense.mass else ("indef",)))
    if kind == "def":
        return determined(noun, "def", "nom", plural), f"the {english_noun}", plural
    if kind == "indef":
        return determined(noun, "indef", "nom"), english_forms.with_indefinite(english_noun), plural
    this = grammar.der_word("dies", "nom", gender)
    return f"{this} {german_noun}", ("these " if plural else "this ") + english_noun, plural


def price(rng: random.Random, words: Vocabulary) -> tuple[str, str] | None:
    """What a thing costs, or the question: "Das T-Shirt kostet zwölf Euro." :: "The T-shirt
    costs twelve euros."; "Wie viel kostet der Rucksack?" :: "How much is the rucksack?"; "Das
    kostet 3,50 Euro." :: "That costs 3.50 euros."."""
    sold = [
        noun
        for noun in words.nouns
        if noun.sense.kinds & SOLD and not noun.sense.kinds & UNSOLD and not noun.sense.bare
    ]
    if not sold:
        return None
    noun = rng.choice(sold)
    german, english, plural = priced(rng, noun)
    person = 5 if plural else 2
    cost = grammar.present("kosten", person)
    costs, be = english_forms.english_present("cost", person), english_forms.be(person)
    roll = rng.random()
    if roll < 0.3:
        asked = rng.choice(("Wie viel", "Was"))
        return sentence(f"{asked} {cost} {german}", f"How much {be} {english}", "?")
    german_amount, english_amount = amount(rng, *price_range(noun.sense.kinds))
    if roll < 0.4:
        return sentence(f"das kostet {german_amount}", f"that costs {english_amount}")
    return sentence(f"{german} {cost} {german_amount}", f"{english} {costs} {english_amount}")

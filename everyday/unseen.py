"""Keeps measured sentences unseen: a generated pair is left out when either side is a measured
sentence (any case), or when its German holds every content word of one, in any form.

A sentence's content words are its words less the closed classes (articles, pronouns,
possessives, prepositions, conjunctions, question words, sein/haben/werden and the modals) and
less the words of time expressions that are not themselves words the generator writes
("heute Abend", "jeden Tag", but not the "Schule" of "nach der Schule"). "Ihr esst morgen
Nudeln." holds both content words of "Wir essen heute Abend Nudeln." (essen, Nudeln) and is
left out, so that the ten sentences a class would type (a measuring set) measure how a model
combines words it learnt apart, never a combination it was shown. A word's forms are those the
generator writes (each verb's conjugation and participle, each noun's plural, each adjective's
endings): "isst" stands for "essen"; a word the generator never writes stands only for itself.
A sentence with one content word ("Es ist heute sehr kalt.") is only kept out whole.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from everyday import grammar, senses
from everyday.phrases import Vocabulary
from everyday.times import clock_words

WORD = re.compile(r"[^\W\d_]+")
CLOSED = frozenset(
    {"und", "oder", "aber", "dass", "weil", "wenn", "ob", "nicht", "auch", "sehr", "zu", "es",
     "man", "ja", "nein", "bitte", "schon", "noch", "gern", "gerne", "ein", "eine", "einen",
     "einem", "einer", "eines", "in", "an", "auf", "unter", "über", "vor", "hinter", "neben",
     "zwischen", "aus", "um", "durch", "gegen", "seit", "bis", "sich", "wieder", "so", "dann",
     "hier", "da", "dort", "jetzt", "immer", "oft", "mal", "denn", "doch", "nur"}
)  # fmt: skip


def closed_words() -> frozenset[str]:
    """Every form of the closed classes the generator inflects, case-folded."""
    words = set(CLOSED)
    words |= {form for forms in grammar.DEFINITE.values() for form in forms}
    stems = [stem for stem, _ in grammar.POSSESSIVES.values()] + ["kein"]
    words |= {
        grammar.ein_word(stem, case, gender)
        for stem in stems
        for case in grammar.CASES
        for gender in grammar.GENDERS
    }
    words |= {form for forms in grammar.PRONOUNS.values() for form in forms[:3]}
    for verb in ("sein", "haben", "werden", *grammar.MODALS):
        present, participle = grammar.IRREGULAR_PRESENT[verb]
        words |= {verb, participle, *present, *grammar.SIMPLE_PAST.get(verb, ())}
    words |= set(grammar.PREPOSITION_CASES) | set(grammar.CONTRACTIONS.values())
    words |= set(grammar.QUESTION_WORDS)
    return frozenset(word.casefold() for word in words if word)


def time_words() -> frozenset[str]:
    """The words of the generator's time expressions ("heute", "abend", "jeden", "tag", "uhr",
    "halb")."""
    times = [german for group in senses.TIMES.values() for german, _ in group]
    times += [german for german, _ in senses.MONTHS]
    words = {word.casefold() for time in times for word in WORD.findall(time)}
    return frozenset(words | clock_words())


def written_forms(words: Vocabulary) -> dict[str, frozenset[str]]:
    """Each form the generator writes of a noun, verb or adjective (case-folded) -> the words it
    is a form of (two at times: "fängt" of "fangen" and "anfangen")."""
    found: dict[str, set[str]] = {}

    def add(lemma: str, forms: Iterable[str]) -> None:
        for form in forms:
            if form:
                found.setdefault(form.casefold(), set()).add(lemma.casefold())

    for noun in [*words.nouns, *(noun for _, noun in words.places)]:
        german = noun.sense.german
        add(german, (german, noun.plural, noun.plural + "n", german + "s", german + "es"))
    for verb in words.verbs:
        forms = verb.german
        add(forms.infinitive, (forms.infinitive, forms.participle, forms.imperative))
        add(forms.infinitive, forms.present)
        add(forms.infinitive, (forms.prefix + form for form in forms.present))
    for adjective in words.adjectives:
        add(adjective.german, declined(adjective.german))
    for comparable in words.comparables:
        degrees = comparable.german
        superlatives = (f"{degrees.superlative}en", *declined(degrees.superlative))  # am ...en
        add(comparable.sense.german, (*declined(degrees.comparative), *superlatives))
    return {form: frozenset(lemmas) for form, lemmas in found.items()}


def declined(adjective: str) -> set[str]:
    """``adjective`` as it stands after "ist" and in each declension, case and gender, spelt
    by ``grammar.attributive`` as the templates spell it ("müde", "müden"; "teuer", "teure")."""
    return {adjective} | {
        grammar.attributive(adjective, declension, case, gender)
        for declension in grammar.ADJECTIVE_ENDINGS
        for case in grammar.CASES
        for gender in grammar.GENDERS
    }


@dataclass(frozen=True)
class Unseen:
    """What no generated pair may be: a measured text, or hold every content word of one."""

    texts: frozenset[str]  # both sides of each measured pair, case-folded
    contents: tuple[tuple[frozenset[str], ...], ...]  # per measured text: its words' lemmas
    forms: dict[str, frozenset[str]]

    def lemmas(self, text: str) -> set[str]:
        """Every word of ``text`` that a form of it may stand for."""
        found: set[str] = set()
        for word in WORD.findall(text.casefold()):
            found |= self.forms.get(word, frozenset({word}))
        return found

    def allows(self, german: str, english: str) -> bool:
        if german.casefold() in self.texts or english.casefold() in self.texts:
            return False
        held = self.lemmas(german)
        return not any(all(word & held for word in content) for content in self.contents)


def unseen(measured: Iterable[str], words: Vocabulary) -> Unseen:
    """The rule for the texts ``measured`` (both sides of the evaluation pairs), with the forms
    of ``words``."""
    texts = frozenset(text.casefold() for text in measured)
    forms = written_forms(words)
    skip = closed_words() | (time_words() - set(forms))  # "nach der Schule": Schule counts
    contents = []
    for text in texts:
        content = [w for w in WORD.findall(text) if w not in skip]
        if len(content) >= 2:
            contents.append(tuple(forms.get(w, frozenset({w})) for w in content))
    return Unseen(texts, tuple(contents), forms)

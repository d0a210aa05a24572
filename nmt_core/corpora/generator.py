"""Everyday German-English sentence pairs written from grammar templates (augment kind
"generated_sentences").

Ding's 19k example sentences are idiomatic, and everyday words rarely occur in simple sentences,
so a model trained on them turns "Ich heiße Anna." into "I mean a slap.". This module writes the
sentences a class types, from three sources:

* the closed classes and inflection rules (:mod:`nmt_core.corpora.grammar`,
  :mod:`nmt_core.corpora.english`),
* the hand-written sense table of everyday words and what goes with what
  (:mod:`nmt_core.corpora.senses`) and phrasebook (:mod:`nmt_core.corpora.phrasebook`),
* the genders, plurals and verb forms Ding gives for those words, read where Debian installs
  it at run time (:mod:`nmt_core.corpora.lexicon`).

The templates are those a lesson shows: present with subject, verb, object; the perfect with
the participle last; a modal with the infinitive last; separable verbs; verb second after a
time expression; dass/weil/wenn clauses with the verb last; yes/no and wh-questions;
imperatives; predicative adjectives; places and times. The pairs depend only on the dictionary,
the seed and the size (:func:`generate`); a run writes them into its folder
(:func:`generated_pairs`), nothing of them is kept in the repository.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from nmt_core.corpora import english, grammar, phrasebook, senses
from nmt_core.corpora.grammar import PRONOUNS, EnglishVerb, GermanVerb
from nmt_core.corpora.lexicon import Lexicon, read_lexicon
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import DING_PATH, CorpusError, classify, looks_like_ding, read_tsv
from nmt_core.text.data import Pair as DataPair

log = logging.getLogger(__name__)
GENERATED_FILE = "generated_pairs.tsv"  # in the run folder: what the run trained on
ATTEMPTS_PER_PAIR = 20  # tries before a size the templates cannot fill is given up


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
    """A noun phrase in every case, its English, and the verb person it takes (2 or 5)."""

    german: dict[str, str]
    english: str
    person: int
    kinds: frozenset[str]
    kein: dict[str, str] | None = None  # "keinen Apfel": how it is negated, else with "nicht"


@dataclass
class Vocabulary:
    """The words the templates draw from: the sense table's words that Ding could inflect."""

    nouns: list[Noun] = field(default_factory=list)
    verbs: list[Verb] = field(default_factory=list)
    adjectives: list[senses.AdjectiveSense] = field(default_factory=list)
    places: list[tuple[senses.Place, Noun]] = field(default_factory=list)
    modals: dict[str, GermanVerb] = field(default_factory=dict)

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
            words.nouns.append(
                Noun(sense, gender, plural, plural_en or grammar.english_plural(sense.english))
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
    for place in senses.places():
        found = lexicon.nouns.get(place.noun)
        if found:
            name = place.english_at.split(" ")[-1]  # "in the park": park
            sense = senses.NounSense(place.noun, name, frozenset({"place"}), single=True)
            words.places.append((place, Noun(sense, found.gender, "", name)))
    words.modals = {m: grammar.GermanVerb(m, *grammar.IRREGULAR_PRESENT[m]) for m in grammar.MODALS}
    left_out = sorted(set(table) - set(known)) + sorted(
        {v.german for v in senses.verbs()} - {v.sense.german for v in words.verbs}
    )
    if left_out:
        log.info("generator: Ding lacks the grammar of %s; left out", ", ".join(left_out))
    return words


# --- noun phrases ----------------------------------------------------------------------------


def noun_phrase(
    rng: random.Random, noun: Noun, plural: bool | None = None, definite: bool = False
) -> Phrase:
    """The noun with a determiner drawn at random: der/ein/mein/none (mass nouns and plurals
    also go without), in every case; ``definite``: der or mein only (a subject described)."""
    sense = noun.sense
    if sense.bare:
        return Phrase({c: sense.german for c in grammar.CASES}, sense.english, 2, sense.kinds)
    if plural is None:
        plural = bool(noun.plural) and not (sense.mass or sense.single) and rng.random() < 0.2
    gender = "pl" if plural else noun.gender
    kinds = _determiners(sense, plural)
    kind = rng.choice([k for k in kinds if k in ("def", "poss")] if definite else kinds)
    owner = rng.choice(list(grammar.POSSESSIVES))
    german = {case: _determined(noun, kind, owner, case, gender) for case in grammar.CASES}
    name = noun.english_plural if plural else sense.english
    english = {
        "def": f"the {name}",
        "poss": f"{grammar.POSSESSIVES[owner][1]} {name}",
        "bare": name,
        "indef": grammar.with_indefinite(name),
    }[kind]
    kein = None
    if kind in ("indef", "bare"):
        kein = {c: _determined(noun, "kein", owner, c, gender) for c in grammar.CASES}
    return Phrase(german, english, 5 if plural else 2, sense.kinds, kein)


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


def _determined(noun: Noun, kind: str, owner: str, case: str, gender: str) -> str:
    """ "den Hund", "meinem Vater", "einen Apfel", "keine Äpfel", "Kindern": determiner
    (def, poss, indef, kein or bare) and noun in ``case``."""
    word = _noun_form(noun, case, gender == "pl")
    if kind == "def":
        return f"{grammar.definite(case, gender)} {word}"
    if kind == "poss":
        return f"{grammar.ein_word(grammar.POSSESSIVES[owner][0], case, gender)} {word}"
    if kind in ("indef", "kein"):
        return f"{grammar.ein_word(kind.replace('indef', 'ein'), case, gender)} {word}"
    return word


def _noun_form(noun: Noun, case: str, plural: bool) -> str:
    """Katze, Jungen (weak masculine outside the nominative), Kindern (dative plural -n)."""
    if plural:
        form = noun.plural
        return form + "n" if case == "dat" and form[-1] not in "ns" else form
    if noun.sense.weak and case != "nom":
        return noun.sense.german + ("n" if noun.sense.german.endswith(("e", "ar")) else "en")
    return noun.sense.german


def pronoun(key: str) -> Phrase:
    """ich, du, er, sie, wir, ihr, sie (they), Sie as a subject or object phrase."""
    nom, acc, dat, english_subject, _, person = PRONOUNS[key]
    return Phrase(
        {"nom": nom, "acc": acc, "dat": dat}, english_subject, person, frozenset({"person"})
    )


def object_pronoun(key: str) -> tuple[dict[str, str], str]:
    """German case forms and English object form: mich/mir :: me."""
    nom, acc, dat, _, english_object, _ = PRONOUNS[key]
    return {"nom": nom, "acc": acc, "dat": dat}, english_object


def subject(rng: random.Random, words: Vocabulary, kinds: frozenset[str]) -> Phrase:
    """A pronoun, a name or a noun phrase of one of ``kinds`` ("person", "animal")."""
    roll = rng.random()
    if "person" in kinds and roll < 0.5:
        return pronoun(rng.choice(list(PRONOUNS)))
    if "person" in kinds and roll < 0.65:
        name = rng.choice(senses.NAMES)
        return Phrase({c: name for c in grammar.CASES}, name, 2, frozenset({"person"}))
    nouns = [n for n in words.nouns if n.sense.kinds & kinds & {"person", "animal"}]
    if not nouns:
        return pronoun("er")  # only when Ding lacks every noun of these kinds
    return noun_phrase(rng, rng.choice(nouns))


# --- clauses ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class German:
    """A German clause in pieces, so that one clause gives every word order: subject,
    finite verb, middle field, verb-final words, and the separable prefix (present only)."""

    subject: str
    finite: str
    middle: tuple[str, ...] = ()
    tail: tuple[str, ...] = ()
    prefix: str = ""

    def main(self) -> str:
        return _words(self.subject, self.finite, *self.middle, *self.tail, self.prefix)

    def inverted(self, first: str) -> str:
        """Verb second after ``first`` (a time expression, a question word)."""
        return _words(first, self.finite, self.subject, *self.middle, *self.tail, self.prefix)

    def question(self) -> str:
        return _words(self.finite, self.subject, *self.middle, *self.tail, self.prefix)

    def subordinate(self) -> str:
        """Verb last, the prefix joined to it: "dass er heute anruft"."""
        return _words(self.subject, *self.middle, *self.tail, self.prefix + self.finite)


def _words(*words: str) -> str:
    return " ".join(word for word in words if word)


Time = tuple[str, str, str]  # German, English, category ("habit", "plan", "past")


@dataclass(frozen=True)
class Predicate:
    """What a clause says, in both languages: the verb, its tense and what goes with it. The
    pieces stay apart, so a question can leave out the one it asks about."""

    verb: Verb
    tense: str  # "present", "perfect" or "modal"
    modal: str = ""
    time: Time | None = None
    object: tuple[str, str] | None = None  # German in its case, English
    place: tuple[str, str] | None = None
    negated: bool = False  # with "nicht", or with the object when it starts with "kein"

    def middle(self) -> tuple[str, ...]:
        """The German middle field: time, object, nicht, place ("dich" before the time)."""
        obj = self.object[0] if self.object else ""
        nicht = "nicht" if self.negated and not obj.startswith("kein") else ""
        time = self.time[0] if self.time else ""
        first = (obj, time) if obj in _OBJECT_PRONOUNS else (time, obj)
        words = (*first, nicht, self.place[0] if self.place else "")
        return tuple(word for word in words if word)

    def frequency(self) -> str:
        """An English adverb that stands before the verb ("often"), else ""."""
        return self.time[1] if self.time and self.time[1] in senses.FREQUENCY else ""

    def english_after(self) -> str:
        """English object, place and time, after the verb."""
        time = self.time[1] if self.time and not self.frequency() else ""
        return _words(
            self.object[1] if self.object else "", self.place[1] if self.place else "", time
        )

    def german(self, subject: Phrase) -> German:
        verb, person, nominative = self.verb.german, subject.person, subject.german["nom"]
        if self.tense == "present":
            return German(nominative, verb.finite(person), self.middle(), (), verb.prefix)
        if self.tense == "perfect":
            auxiliary = grammar.IRREGULAR_PRESENT[verb.auxiliary][0][person]
            return German(nominative, auxiliary, self.middle(), (verb.participle,))
        finite = grammar.IRREGULAR_PRESENT[self.modal][0][person]
        return German(nominative, finite, self.middle(), (verb.infinitive,))

    def english_tense(self) -> str:
        category = self.time[2] if self.time else ""
        if self.tense == "perfect":
            return "past" if category == "past" else "perfect"
        if self.tense == "modal":
            return "modal"
        return "simple" if self.verb.sense.stative or category == "habit" else "progressive"

    def english(self, subject: str, person: int, question: bool = False) -> str:
        """ "she is not eating an apple today", "does she eat apples"."""
        head = english.clause(
            subject, person, self.verb.english, self.english_tense(), self.negated, question,
            self.frequency(), self.modal,
        )  # fmt: skip
        return _words(head, self.english_after())


_OBJECT_PRONOUNS = frozenset(form for forms in PRONOUNS.values() for form in forms[1:3])
MOTION = frozenset({"gehen", "fahren", "fliegen", "kommen"})  # need a "where to"
NEEDS_PLACE = frozenset({"wohnen", "bleiben"})  # need a "where"
ANIMAL_PLACES = frozenset({"Garten", "Park", "Wald", "Küche", "Strand"})


def place_phrase(
    rng: random.Random, words: Vocabulary, verb: str, direction: bool, animal: bool
) -> tuple[str, str] | None:
    """(German, English) of a place where ``verb`` is done, or where to when ``direction``:
    "im Park" :: "in the park", "zum Bahnhof" :: "to the station", "nach Hause" :: "home"."""
    options: list[tuple[str, str]] = []
    for place, noun in words.places:
        if verb in place.verbs and (not animal or place.noun in ANIMAL_PLACES):
            preposition = place.to if direction else place.at
            case = "acc" if direction and preposition != "zu" else "dat"
            article = grammar.with_preposition(preposition, grammar.definite(case, noun.gender))
            english_place = place.english_to if direction else place.english_at
            options.append((f"{article} {noun.sense.german}", english_place))
    if verb in senses.HOME_VERBS:
        german_home, to_home, english_home, english_to_home = senses.HOME
        options += [(to_home, english_to_home) if direction else (german_home, english_home)] * 3
    if verb in senses.CITY_VERBS and not animal:
        city, city_english = rng.choice(senses.CITIES)
        options += [
            (f"nach {city}", f"to {city_english}")
            if direction
            else (f"in {city}", f"in {city_english}")
        ] * 3
    return rng.choice(options) if options else None


def object_phrase(
    rng: random.Random, words: Vocabulary, verb: senses.VerbSense, subject: Phrase
) -> tuple[str, str, str] | None:
    """(German object in its case, its "kein" form or "", English) for ``verb``: a noun phrase
    of a kind it takes, or a pronoun for a person; None when nothing fits."""
    case = verb.preposition[1] if verb.preposition else verb.case
    if "person" in verb.objects and rng.random() < 0.3:
        key = rng.choice([k for k in PRONOUNS if PRONOUNS[k][5] != subject.person])
        german, english_object = object_pronoun(key)
        phrase = Phrase(german, english_object, 2, frozenset({"person"}))
    else:
        nouns = [n for n in words.nouns if n.sense.kinds & verb.objects]
        nouns = [n for n in nouns if n.sense.german not in subject.german["nom"]]
        if not nouns:
            return None
        noun = rng.choice(nouns)
        liked = verb.english in ("like", "love") and bool(noun.plural) and not noun.sense.single
        phrase = noun_phrase(rng, noun, True if liked else None)  # "Ich mag Äpfel", not "einen"
    german, kein = phrase.german[case], phrase.kein[case] if phrase.kein else ""
    english_object = phrase.english
    if verb.preposition:
        preposition, _, english_preposition = verb.preposition
        german, kein = f"{preposition} {german}", ""
        english_object = f"{english_preposition} {english_object}"
    return german, kein, english_object


def predicate(
    rng: random.Random,
    words: Vocabulary,
    verb: Verb,
    subject: Phrase,
    tense: str,
    negate: bool | None = None,
    with_time: bool = True,
) -> Predicate | None:
    """A predicate of ``verb`` for ``subject``: an object if the verb takes one, a place
    where the verb needs or allows one, a time expression that fits the tense, sometimes
    a negation. None when the verb cannot make one here."""
    sense = verb.sense
    obj = object_phrase(rng, words, sense, subject) if sense.objects else None
    if sense.objects and obj is None:
        return None
    animal = "animal" in subject.kinds
    place = None
    if sense.german in MOTION or sense.german in NEEDS_PLACE or rng.random() < 0.3:
        place = place_phrase(rng, words, sense.german, sense.german in MOTION, animal)
        if place is None and (sense.german in MOTION or sense.german in NEEDS_PLACE):
            return None
    category = "past" if tense == "perfect" else "plan" if tense == "modal" else ""
    category = category or ("habit" if rng.random() < 0.4 else "plan")
    time = None
    if with_time and not (sense.stative or sense.timeless) and rng.random() < 0.5:
        time = (*rng.choice(senses.TIMES[category]), category)
    bare = obj is not None and not obj[1] and obj[0] in {n.sense.german for n in words.nouns}
    if negate is None:  # "nicht Klavier" is odd: no negation of a bare noun
        negate = rng.random() < 0.15 and not (time and time[1] in senses.FREQUENCY) and not bare
    if obj and negate and obj[1]:
        obj = (obj[1], obj[2])  # "keinen Apfel"
    elif obj:
        obj = (obj[0], obj[2])
    modal = rng.choice(list(grammar.MODALS)) if tense == "modal" else ""
    return Predicate(verb, tense, modal, time, obj, place, negate)  # type: ignore[arg-type]


# --- templates -------------------------------------------------------------------------------

Pair = tuple[str, str]  # (German, English)


def sentence(german: str, english_text: str, mark: str = ".") -> Pair:
    """Capitalised first letters and the final mark on both sides."""
    return german[0].upper() + german[1:] + mark, english_text[0].upper() + english_text[1:] + mark


def _clause(
    rng: random.Random,
    words: Vocabulary,
    tense: str,
    test: Callable[[Verb], bool] = bool,
    negate: bool | None = None,
    with_time: bool = True,
    question: bool = False,
) -> tuple[Phrase, Predicate] | None:
    """A subject and a predicate for a random verb that passes ``test``. What has happened
    ("verlieren") is said in the perfect, a state ("mögen") in the present; a question is not
    asked about "ich" but with a modal ("Kann ich ...?")."""
    verbs = words.verbs_for(test)
    if not verbs:
        return None
    verb = rng.choice(verbs)
    tense = "perfect" if verb.sense.past else tense
    tense = "present" if verb.sense.stative else tense
    subject_phrase = subject(rng, words, verb.sense.subjects)
    if question and tense != "modal" and subject_phrase.german["nom"] in ("ich", "wir"):
        return None
    made = predicate(rng, words, verb, subject_phrase, tense, negate, with_time)
    return (subject_phrase, made) if made else None


def statement(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Present, perfect or modal, subject first: "Ich habe gestern einen Apfel gegessen."."""
    made = _clause(rng, words, rng.choice(("present", "present", "perfect", "modal")))
    if made is None:
        return None
    subject_phrase, said = made
    german = said.german(subject_phrase).main()
    return sentence(german, said.english(subject_phrase.english, subject_phrase.person))


def time_first(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Verb second after a time expression: "Morgen besucht Anna ihre Oma."."""
    test = lambda v: not (v.sense.stative or v.sense.timeless)  # noqa: E731
    made = _clause(rng, words, rng.choice(("present", "perfect")), test, False, False)
    if made is None:
        return None
    subject_phrase, said = made
    tense = said.tense
    category = "past" if tense == "perfect" else rng.choice(("plan", "habit"))
    time = rng.choice([t for t in senses.TIMES[category] if t[1] not in senses.FREQUENCY])
    said = replace(said, time=(*time, category))
    german = replace(said, time=None).german(subject_phrase).inverted(time[0])
    return sentence(german, said.english(subject_phrase.english, subject_phrase.person))


def yes_no_question(rng: random.Random, words: Vocabulary) -> Pair | None:
    """ "Isst du gern Äpfel?" no: "Trinkst du Kaffee?", "Hast du den Brief geschrieben?"."""
    made = _clause(
        rng, words, rng.choice(("present", "perfect", "modal")), negate=False, question=True
    )
    if made is None:
        return None
    subject_phrase, said = made
    german = said.german(subject_phrase).question()
    return sentence(german, said.english(subject_phrase.english, subject_phrase.person, True), "?")


def subordinate(rng: random.Random, words: Vocabulary) -> Pair | None:
    """A dass clause, verb last: "Ich glaube, dass der Hund schläft."."""
    made = _clause(rng, words, rng.choice(("present", "perfect", "modal")))
    if made is None:
        return None
    subject_phrase, said = made
    speaker = pronoun(rng.choice(list(PRONOUNS)))
    german_verb, english_verb = rng.choice(senses.THAT_VERBS)
    present = grammar.IRREGULAR_PRESENT.get(german_verb, (grammar.regular_present(german_verb),))[0]
    opener = _words(speaker.german["nom"], present[speaker.person])
    opener_english = english.clause(
        speaker.english, speaker.person, grammar.english_regular(english_verb), "simple"
    )
    inner = said.german(subject_phrase).subordinate()
    inner_english = said.english(subject_phrase.english, subject_phrase.person)
    return sentence(f"{opener}, dass {inner}", f"{opener_english} that {inner_english}")


def because(rng: random.Random, words: Vocabulary) -> Pair | None:
    """weil or wenn with a reason: "Ich trinke Wasser, weil ich Durst habe.", "Wenn du müde
    bist, schläfst du."."""
    state, english_state, verbs = rng.choice(senses.REASONS)
    made = _clause(rng, words, "present", lambda v: v.sense.german in verbs, False, False)
    if made is None:
        return None
    _, said = made
    speaker = pronoun(rng.choice(list(PRONOUNS)))
    person = speaker.person
    reason_verb = "haben" if state[0].isupper() else "sein"
    reason = German(
        speaker.german["nom"], grammar.IRREGULAR_PRESENT[reason_verb][0][person], (state,)
    )
    reason_english = _words(speaker.english, grammar.be(person), english_state)
    if rng.random() < 0.5:
        main, main_english = said.german(speaker).main(), said.english(speaker.english, person)
        return sentence(
            f"{main}, weil {reason.subordinate()}", f"{main_english} because {reason_english}"
        )
    habit = replace(said, time=("", "", "habit"))
    main = habit.german(speaker).inverted(f"wenn {reason.subordinate()},")
    return sentence(main, f"when {reason_english}, {habit.english(speaker.english, person)}")


def wh_question(rng: random.Random, words: Vocabulary) -> Pair | None:
    """was/wer/wo/wohin/wann/warum: "Was isst du?", "Wer hat den Kuchen gebacken?"."""
    word = rng.choice(("was", "wer", "wo", "wann", "warum"))
    tense = rng.choice(("present", "present", "perfect", "modal"))
    test = {
        "was": lambda v: (
            v.sense.objects
            and not v.sense.preposition
            and not v.sense.objects & {"person", "family", "pet", "animal"}
        ),
        "wo": lambda v: v.sense.german in MOTION or v.sense.german == "wohnen",
    }.get(word, lambda v: not v.sense.stative)
    made = _clause(rng, words, tense, test, False, word not in ("wann", "wo"), question=True)
    if made is None:
        return None
    subject_phrase, said = made
    if word == "wer":
        who = Phrase({"nom": "wer"}, "who", 2, subject_phrase.kinds)
        return sentence(said.german(who).main(), said.english("who", 2), "?")
    if word == "was":
        said = replace(said, object=None)
    if word == "wann" and said.tense == "perfect":  # "When did you ...?", not "When have you"
        said = replace(said, time=("", "", "past"))
    if word == "wo":
        word = "wohin" if said.verb.sense.german in MOTION else "wo"
        said = replace(said, place=None)
    question = said.english(subject_phrase.english, subject_phrase.person, True)
    german = said.german(subject_phrase).inverted(word)
    return sentence(german, f"{grammar.QUESTION_WORDS[word]} {question}", "?")


def _commandable(verb: Verb) -> bool:
    """A verb one tells a person to do: not a state ("mag!"), not "fliegen"."""
    sense = verb.sense
    return "person" in sense.subjects and not sense.stative and sense.german != "fliegen"


def imperative(rng: random.Random, words: Vocabulary) -> Pair | None:
    """du/ihr/Sie imperatives, the prefix last: "Ruf deine Oma an!", "Esst bitte die Suppe!"."""
    made = _clause(rng, words, "present", _commandable, negate=False, with_time=False)
    if made is None:
        return None
    _, said = made
    verb = said.verb.german
    regular = grammar.regular_present(verb.infinitive.removeprefix(verb.prefix))
    du = verb.imperative or (
        grammar.regular_imperative(verb)
        if verb.present[1] == regular[1] or "ä" in verb.present[1]
        else ""
    )
    forms = [(verb.present[4], "")] + [(du, "")] * bool(du) + [(verb.present[5], "Sie")]
    finite, polite = rng.choice(forms)
    text = " ".join(said.middle())
    for owners, form in ((("dein",), (du, "")), (("euer", "eure"), (verb.present[4], ""))):
        if any(word.startswith(owners) for word in text.split()):  # "Iss deine Suppe!"
            finite, polite = form
    if not finite or " Ihr" in f" {text}":
        finite, polite = verb.present[5], "Sie"
    please = rng.random() < 0.3
    middle = list(said.middle())
    middle.insert(int(bool(middle) and middle[0] in _OBJECT_PRONOUNS), "bitte" if please else "")
    german = _words(finite, polite, *middle, verb.prefix)
    english_text = _words("please" if please else "", said.verb.english.base, said.english_after())
    return sentence(german, english_text, "!")


def adjective(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Predicative adjectives: "Die Suppe ist zu heiß.", "Bist du müde?"."""
    sense = rng.choice(words.adjectives)
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
    verb = grammar.IRREGULAR_PRESENT["sein"][0][phrase.person]
    be = grammar.be(phrase.person)
    if rng.random() < 0.3:
        return sentence(_words(verb, phrase.german["nom"], degree[0], sense.german),
                        _words(be, phrase.english, degree[1], sense.english), "?")  # fmt: skip
    return sentence(_words(phrase.german["nom"], verb, degree[0], sense.german),
                    _words(phrase.english, be, degree[1], sense.english))  # fmt: skip


def phrase_book(rng: random.Random, words: Vocabulary) -> Pair | None:
    """A fixed everyday expression, or a name, age, time or hunger (nmt_core.corpora.phrasebook)."""
    del words
    return phrasebook.expression(rng)


# template -> weight: how often it is drawn
TEMPLATES: dict[Callable[[random.Random, Vocabulary], Pair | None], int] = {
    statement: 30, time_first: 12, yes_no_question: 12, wh_question: 10, subordinate: 8,
    because: 6, imperative: 8, adjective: 10, phrase_book: 4,
}  # fmt: skip


def generate(lexicon: Lexicon, size: int, seed: int) -> list[Pair]:
    """Up to ``size`` distinct (German, English) pairs, the same for the same lexicon, size
    and seed. Fewer when the templates run out of new combinations."""
    rng = random.Random(seed)
    words = vocabulary(lexicon)
    templates, weights = list(TEMPLATES), list(TEMPLATES.values())
    made: dict[Pair, None] = {}
    for _ in range(size * ATTEMPTS_PER_PAIR):
        if len(made) >= size:
            break
        pair = rng.choices(templates, weights)[0](rng, words)
        if pair:
            made.setdefault(pair)
    return list(made)


def avoided_texts(paths: tuple[str, ...]) -> set[str]:
    """Both sides of every pair in the TSVs ``paths``, case-folded: what is never generated."""
    texts = set()
    for path in paths:
        pairs, _ = read_tsv(path)
        texts |= {text.casefold() for pair in pairs for text in (pair.source, pair.target)}
    return texts


def ding_lexicon(path: Path) -> Lexicon:
    """What Ding at ``path`` says about the sense table's words."""
    nouns = [(sense.german, sense.english) for sense in senses.nouns().values()]
    nouns += [(place.noun, place.english_at.split(" ")[-1]) for place in senses.places()]
    verbs = [(sense.german, sense.english) for sense in senses.verbs()]
    return read_lexicon(path, nouns, verbs)


def generated_pairs(cfg: TrainConfig) -> list[DataPair]:
    """The ``cfg.generated_pairs`` pairs of a run, in its direction, written to
    OUTPUT_DIR/generated_pairs.tsv when the run folder exists (the record of what it trained
    on; elsewhere, e.g. for eflomal's priors, they are only made in memory). Pairs with a side
    in one of ``cfg.generated_avoid`` (evaluation sentences) are left out.

    Ding's grammar is read from ``cfg.corpus`` when it is a Ding file, else from where Debian
    installs it.
    """
    corpus = Path(cfg.corpus)
    ding = corpus if corpus.is_file() and looks_like_ding(corpus) else DING_PATH
    if not ding.is_file():
        raise CorpusError(
            f"generated_sentences reads the grammar of its words from the Ding dictionary, not "
            f"found at {ding}: install it with `apt-get install trans-de-en`"
        )
    made = generate(ding_lexicon(ding), cfg.generated_pairs, cfg.seed)
    avoided = avoided_texts(cfg.generated_avoid)
    made = [p for p in made if p[0].casefold() not in avoided and p[1].casefold() not in avoided]
    log.info("generated_sentences: %d pairs from %s", len(made), ding)
    folder = Path(cfg.output_dir)
    if folder.is_dir():
        written = folder / GENERATED_FILE
        written.with_suffix(".tmp").write_text("".join(f"{g}\t{e}\n" for g, e in made), "utf-8")
        written.with_suffix(".tmp").replace(written)  # whole or not at all
    pairs = [DataPair(german, english_text, classify(german)) for german, english_text in made]
    return [pair.swapped() for pair in pairs] if cfg.direction == "en-de" else pairs

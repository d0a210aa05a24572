"""Clauses of the sentence generator: what a sentence says (:class:`Predicate`: a verb, its
tense, object, place, time and negation, in both languages) and the German word orders one
clause gives (:class:`German`: verb second, verb first, verb last).

A predicate is drawn for a verb and a subject by :func:`predicate`, from the sense table's
objects and places (:mod:`everyday.senses`) and the noun phrases of
:mod:`everyday.phrases`; the templates of :mod:`everyday.generator` put clauses
into sentences.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from everyday import english, english_forms, grammar, senses, times
from everyday.grammar import PRONOUNS
from everyday.pairs import join_words
from everyday.phrases import (
    Degree,
    Phrase,
    Verb,
    Vocabulary,
    noun_phrase,
    object_pronoun,
    subject,
)


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
        return join_words(self.subject, self.finite, *self.middle, *self.tail, self.prefix)

    def inverted(self, first: str) -> str:
        """Verb second after ``first`` (a time expression, a question word)."""
        return join_words(first, self.finite, self.subject, *self.middle, *self.tail, self.prefix)

    def question(self) -> str:
        return join_words(self.finite, self.subject, *self.middle, *self.tail, self.prefix)

    def subordinate(self) -> str:
        """Verb last, the prefix joined to it: "dass er heute anruft"."""
        return join_words(self.subject, *self.middle, *self.tail, self.prefix + self.finite)


def predicative(
    who: Phrase, sense: senses.AdjectiveSense, degree: Degree, past: bool = False
) -> tuple[German, str]:
    """An adjective said of ``who`` with sein (war when ``past``), as a German clause, and the
    English after the verb: "die Suppe ist zu heiß" and "too hot" (from :func:`described`)."""
    verb = grammar.simple_past("sein", who.person) if past else grammar.present("sein", who.person)
    said = German(who.german["nom"], verb, (degree[0],), (sense.german,))
    return said, join_words(degree[1], sense.english)


Time = tuple[str, str, str]  # German, English, category ("habit", "plan", "past")


@dataclass(frozen=True)
class Predicate:
    """What a clause says, in both languages: the verb, its tense and what goes with it. The
    pieces stay apart, so a question can leave out the one it asks about."""

    verb: Verb
    tense: str  # one of TENSES
    modal: str = ""  # the German modal of "modal" and "past_modal", "werden" of "future"
    time: Time | None = None
    object: tuple[str, str] | None = None  # German in its case, English
    place: tuple[str, str] | None = None
    negated: bool = False  # with "nicht", or with the object when it starts with "kein"
    liking: str = ""  # with "gern", English "like playing" ("ing") or "like to play" ("to")
    extra: tuple[str, str] | None = None  # a prepositional phrase: "mit meiner Schwester"

    def __post_init__(self) -> None:
        if self.tense not in TENSES:  # a misspelt tense would otherwise read as the present
            raise ValueError(f"tense must be one of {', '.join(TENSES)}, not {self.tense!r}")

    def middle(self) -> tuple[str, ...]:
        """The German middle field: time, object, nicht, place ("dich" before the time);
        "gern" after "nicht" and before a noun ("Ich esse nicht gern Äpfel"), after a pronoun
        ("Ich besuche sie gern"); a prepositional phrase before the place ("Ich gehe nicht mit
        ihr ins Kino")."""
        obj = self.object[0] if self.object else ""
        nicht = "nicht" if self.negated and not obj.startswith("kein") else ""
        time, place = self.time[0] if self.time else "", self.place[0] if self.place else ""
        gern, extra = "gern" if self.liking else "", self.extra[0] if self.extra else ""
        if obj in GERMAN_OBJECT_PRONOUNS:
            words = (obj, time, nicht, gern, extra, place)
        elif gern:
            words = (time, nicht, gern, obj, extra, place)
        elif self.verb.sense.preposition:  # "Ich warte nicht auf den Bus"
            words = (time, nicht, obj, extra, place)
        else:
            words = (time, obj, nicht, extra, place)
        return tuple(word for word in words if word)

    def frequency(self) -> str:
        """An English adverb that stands before the verb ("often"), else ""."""
        return self.time[1] if self.time and self.time[1] in senses.FREQUENCY else ""

    def english_after(self) -> str:
        """English object, place, prepositional phrase and time, after the verb: "a present
        for my mother today", "to the cinema with my sister"."""
        time = self.time[1] if self.time and not self.frequency() else ""
        return join_words(
            self.object[1] if self.object else "",
            self.place[1] if self.place else "",
            self.extra[1] if self.extra else "",
            time,
        )

    def english_with_verb(self, verb_part: str) -> str:
        """``verb_part`` (ending in the English verb) and what follows it; a pronoun object
        stands before the particle of a phrasal verb: "pick you up", not "pick up you"."""
        after = self.english_after()
        obj = self.object[1] if self.object else ""
        particle = verb_part.rsplit(" ", 1)[-1]
        if particle in english.PARTICLES and obj in english.OBJECT_PRONOUNS:
            verb_part = verb_part.removesuffix(f" {particle}")
            after = join_words(obj, particle, after.removeprefix(obj).strip())
        return join_words(verb_part, after)

    def german(self, subject: Phrase) -> German:
        verb, person, nominative = self.verb.german, subject.person, subject.german["nom"]
        if self.tense == "present":
            return German(nominative, verb.finite(person), self.middle(), (), verb.prefix)
        if self.tense == "perfect":
            auxiliary = grammar.present(verb.auxiliary, person)
            return German(nominative, auxiliary, self.middle(), (verb.participle,))
        if self.tense == "past":  # "ich hatte einen Hund"
            return German(nominative, grammar.simple_past(verb.infinitive, person), self.middle())
        if self.tense == "past_modal":
            finite = grammar.simple_past(self.modal, person)
        else:  # "modal", "future": the infinitive last
            finite = grammar.present(self.modal, person)
        return German(nominative, finite, self.middle(), (verb.infinitive,))

    def english_tense(self) -> str:
        category = self.time[2] if self.time else ""
        if category == "since":  # German present, English "has been playing"
            return "perfect_progressive"
        if self.tense == "perfect":
            return "past" if category == "past" else "perfect"
        if self.tense in ("past", "modal"):
            return self.tense
        if self.tense in ("past_modal", "future"):
            return "modal"
        simple = self.verb.sense.stative or self.verb.sense.simple or category == "habit"
        return "simple" if simple else "progressive"

    def english_modal(self, person: int) -> str:
        """The English of the modal or the future for ``person``: "has to", "could", "will"."""
        if self.tense == "future":
            return "will"
        if self.tense == "past_modal":
            return grammar.PAST_MODALS[self.modal]
        return grammar.MODALS[self.modal][person] if self.tense == "modal" else ""

    def english(self, subject: str, person: int, question: bool = False) -> str:
        """ "she is not eating an apple today", "does she eat apples", "she likes reading"."""
        if self.liking:
            like = english.clause(subject, person, LIKE, "simple", self.negated, question)
            verb = self.verb.english
            doing = verb.gerund if self.liking == "ing" else f"to {verb.base}"
            return self.english_with_verb(join_words(like, doing))
        head = english.clause(
            subject, person, self.verb.english, self.english_tense(), self.negated, question,
            self.frequency(), self.english_modal(person),
        )  # fmt: skip
        return self.english_with_verb(head)


# "present", "perfect" (the participle last), "past" (hatte: the simple past of a verb in
# grammar.SIMPLE_PAST), "modal" and "past_modal" (kann, konnte: the infinitive last),
# "future" (werden and the infinitive last)
TENSES = ("present", "perfect", "past", "modal", "past_modal", "future")
# the time expressions that go with a tense (senses.TIMES); the present's vary
TIME_CATEGORIES = {"perfect": "past", "past": "past", "past_modal": "past", "modal": "plan",
                   "future": "plan"}  # fmt: skip
LIKE = english_forms.english_regular("like")  # gern: "Ich lese gern." :: "I like reading."
ADDRESSED = frozenset({"du", "ihr", "Sie"})  # the pronouns that say "you"
GERMAN_OBJECT_PRONOUNS = frozenset(form for forms in PRONOUNS.values() for form in forms[1:3])
MOTION = frozenset({"gehen", "fahren", "fliegen", "kommen", "reisen"})  # need a "where to"
TOWARDS = MOTION | {"zurückkommen"}  # a place they take is where to: "nach Hause", not "zu Hause"
NEEDS_PLACE = frozenset({"wohnen", "bleiben", "sitzen", "liegen"})  # need a "where"
WILLING = frozenset({"wollen", "möchten", "dürfen"})  # modals only a being is the subject of
# what one does for weeks or years, said with "seit": "Ich lerne seit zwei Jahren Deutsch."
LASTING = frozenset({"lernen", "üben", "spielen", "unterrichten", "arbeiten", "wohnen", "lesen",
                     "malen", "zeichnen", "tanzen", "singen", "schwimmen", "sprechen", "joggen",
                     "wandern", "kochen", "backen"})  # fmt: skip
ON_FOOT = ("zu Fuß", "on foot")  # how one goes: "Ich gehe zu Fuß in den Park."
ANIMAL_PLACES = frozenset({"Garten", "Park", "Wald", "Küche", "Strand"})


def _liked_times(time: tuple[str, str]) -> bool:
    """Whether one says of liking something that one does it at ``time`` ("abends", not
    "oft")."""
    return time[1] in senses.LIKED_TIMES


def place_phrase(
    rng: random.Random, words: Vocabulary, verb: str, direction: bool, animal: bool
) -> tuple[str, str] | None:
    """(German, English) of a place where ``verb`` is done, or where to when ``direction``:
    "im Park" :: "in the park", "zum Bahnhof" :: "to the station", "nach Hause" :: "home"."""
    options: list[tuple[str, str]] = []
    for place, noun in words.places:
        if verb in place.verbs | {senses.BEING} and (not animal or place.noun in ANIMAL_PLACES):
            preposition = place.to if direction else place.at
            case = "acc" if direction and preposition != "zu" else "dat"
            article = grammar.with_preposition(preposition, grammar.definite(case, noun.gender))
            english_place = place.english_to if direction else place.english_at
            options.append((f"{article} {noun.sense.german}", english_place))
    if verb in senses.HOME_VERBS:
        german_home, to_home, english_home, english_to_home = senses.HOME
        options += [(to_home, english_to_home) if direction else (german_home, english_home)] * 3
    if verb in senses.CITY_VERBS and not animal:
        city, city_english = rng.choice(senses.CITIES + senses.COUNTRIES)
        options += [
            (f"nach {city}", f"to {city_english}")
            if direction
            else (f"in {city}", f"in {city_english}")
        ] * 3
    return rng.choice(options) if options else None


def object_phrase(
    rng: random.Random,
    words: Vocabulary,
    verb: senses.VerbSense,
    subject: Phrase,
    generic: bool = False,
) -> tuple[str, str, str] | None:
    """(German object in its case, its "kein" form or "", English) for ``verb``: a noun phrase
    of a kind it takes, or a pronoun for a person; None when nothing fits. ``generic``: things
    in general ("Äpfel", "Milch"), what one likes doing something with."""
    case = verb.preposition[1] if verb.preposition else verb.case
    if "person" in verb.objects and rng.random() < 0.3:
        # not "you" twice ("Holen Sie dich ab?"), nor the subject itself
        addressed = subject.german["nom"] in ADDRESSED
        keys = [k for k in PRONOUNS if not (addressed and k in ADDRESSED)]
        key = rng.choice([k for k in keys if not oneself(subject.person, k)])
        german, english_object = object_pronoun(key)
        phrase = Phrase(german, english_object, 2, frozenset({"person"}))
    else:
        nouns = [n for n in words.nouns if n.sense.kinds & verb.objects]
        nouns = [n for n in nouns if n.sense.german not in subject.german["nom"]]
        if generic:  # "Ich lese gern Bücher", not "Buch"
            nouns = [n for n in nouns if n.plural or n.sense.mass or n.sense.single]
        if not nouns:
            return None
        noun = rng.choice(nouns)
        liked = verb.english in ("like", "love") and bool(noun.plural) and not noun.sense.single
        phrase = noun_phrase(  # "Ich mag Äpfel", not "einen Apfel"
            rng, noun, True if liked else None, adjectives=words.adjectives, generic=generic
        )
    german, kein = phrase.german[case], phrase.kein[case] if phrase.kein else ""
    english_object = phrase.english
    if verb.preposition:
        preposition, _, english_preposition = verb.preposition
        german, kein = f"{preposition} {german}", ""
        english_object = f"{english_preposition} {english_object}"
    return german, kein, english_object


def oneself(person: int, key: str) -> bool:
    """Whether the pronoun ``key`` names (part of) a subject of ``person``, or the subject part
    of it: "er" and "ihn", "wir" and "mich", "ich" and "uns" ("Ich habe uns getroffen" is not
    said)."""
    overlapping = ((3, "ich"), (4, "du"), (0, "wir"), (1, "ihr"))
    return PRONOUNS[key][5] == person or (person, key) in overlapping


def predicate(
    rng: random.Random,
    words: Vocabulary,
    verb: Verb,
    subject: Phrase,
    tense: str,
    negate: bool | None = None,
    with_time: bool = True,
    liking: str = "",
) -> Predicate | None:
    """A predicate of ``verb`` for ``subject``: an object if the verb takes one, a place
    where the verb needs or allows one, a time expression that fits the tense, sometimes
    a negation. ``liking`` (see :class:`Predicate`): with "gern", a generic object and a
    habit's time. None when the verb cannot make one here."""
    sense = verb.sense
    # what one has done for a while, said of things in general: "Ich lerne seit zwei Jahren
    # Deutsch.", "Sie liest seit langem Bücher." (not "ein Buch")
    lasting = tense == "present" and sense.german in LASTING and not liking and with_time
    lasting = lasting and rng.random() < 0.3
    generic = bool(liking) or lasting
    obj = object_phrase(rng, words, sense, subject, generic) if sense.objects else None
    if sense.objects and obj is None:
        return None
    animal = "animal" in subject.kinds
    place = None
    if sense.german in MOTION or sense.german in NEEDS_PLACE or rng.random() < 0.3:
        place = place_phrase(rng, words, sense.german, sense.german in TOWARDS, animal)
        if place is None and (sense.german in MOTION or sense.german in NEEDS_PLACE):
            return None
    if place and sense.german == "gehen" and rng.random() < 0.2:  # ":: to the park on foot"
        place = (f"{ON_FOOT[0]} {place[0]}", f"{place[1]} {ON_FOOT[1]}")
    category = TIME_CATEGORIES.get(tense, "")
    category = category or ("habit" if liking or rng.random() < 0.4 else "plan")
    if tense == "perfect" and not liking and rng.random() < 0.2:  # "schon" :: "already"
        category = "done"
    if lasting:
        category = "since"
    time = None
    if lasting or with_time and not (sense.stative or sense.timeless) and rng.random() < 0.5:
        time = (
            *times.time_for(rng, category, _liked_times if liking else bool, not liking),
            category,
        )
    bare = obj is not None and not obj[1] and obj[0] in {n.sense.german for n in words.nouns}
    if negate is None:  # "nicht Klavier" is odd: no negation of a bare noun
        steady = lasting or (time and time[1] in senses.FREQUENCY)
        negate = rng.random() < 0.15 and not steady and not bare
    if obj and negate and obj[1] and not liking:
        obj = (obj[1], obj[2])  # "keinen Apfel"
    elif obj:
        obj = (obj[0], obj[2])
    modals = {"modal": grammar.MODALS, "past_modal": grammar.PAST_MODALS}.get(tense, ())
    if not subject.kinds & {"person", "animal"}:  # "Das Spiel kann beginnen", not "will"
        modals = [modal for modal in modals if modal not in WILLING]
    modal = rng.choice(list(modals)) if modals else grammar.FUTURE if tense == "future" else ""
    return Predicate(verb, tense, modal, time, obj, place, negate, liking)  # type: ignore[arg-type]


def draw_clause(
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
    asks_self = subject_phrase.german["nom"] in ("ich", "wir")
    if question and tense not in ("modal", "future") and asks_self:
        return None
    made = predicate(rng, words, verb, subject_phrase, tense, negate, with_time)
    return (subject_phrase, made) if made else None

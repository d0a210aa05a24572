"""Everyday German-English sentence pairs written from grammar templates (augment kind
"generated_sentences").

Ding's 19k example sentences are idiomatic, and everyday words rarely occur in simple sentences,
so a model trained on them turns "Ich heiße Anna." into "I mean a slap.". This module writes the
sentences a class types, from three sources:

* the closed classes and inflection rules (:mod:`everyday.grammar`,
  :mod:`everyday.english`),
* the hand-written sense table of everyday words and what goes with what
  (:mod:`everyday.senses`) and phrasebook (:mod:`everyday.phrasebook`),
* the genders, plurals and verb forms Ding gives for those words, read where Debian installs
  it at run time (:mod:`everyday.lexicon`).

The templates are those a lesson shows: present with subject, verb, object; the perfect with
the participle last; a modal with the infinitive last; separable verbs; verb second after a
time expression; dass/weil/wenn clauses with the verb last; yes/no and wh-questions;
imperatives; predicative adjectives; places and times: here (the tenses of one clause in
:func:`statement`, places and times inside the clauses they qualify). Those of later
lessons are in :mod:`~everyday.constructions` (the future, the simple past,
coordination, prepositions), :mod:`~everyday.weather`, :mod:`~everyday.times`
(clock times, dates, timetables), :mod:`~everyday.prices`,
:mod:`~everyday.comparisons` and :mod:`~everyday.counts`; noun phrases come
from :mod:`~everyday.phrases`, clauses from :mod:`~everyday.clauses`. The
pairs depend only on the dictionary, the seed and the size (:func:`generate`); a run writes
them into its folder (the library's ``nmt_core.corpora.generated``), none is kept in the repository.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from everyday import (
    comparisons,
    counts,
    english,
    english_forms,
    grammar,
    phrasebook,
    senses,
    times,
)
from everyday.clauses import (
    GERMAN_OBJECT_PRONOUNS,
    MOTION,
    German,
    draw_clause,
    predicate,
    predicative,
)
from everyday.constructions import (
    coordinated,
    future,
    joined_phrases,
    modal_past,
    past_state,
    prepositional,
)
from everyday.grammar import PRONOUNS
from everyday.lexicon import Lexicon, read_lexicon
from everyday.pairs import Pair, join_words, sentence
from everyday.phrases import (
    Phrase,
    Verb,
    Vocabulary,
    described,
    noun_phrase,
    pronoun,
    subject,
    vocabulary,
)
from everyday.prices import price
from everyday.weather import weather

log = logging.getLogger(__name__)
ATTEMPTS_PER_PAIR = 20  # tries before a size the templates cannot fill is given up


# --- templates -------------------------------------------------------------------------------


def statement(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Present, perfect or modal, subject first: "Ich habe gestern einen Apfel gegessen."."""
    made = draw_clause(rng, words, rng.choice(("present", "present", "perfect", "modal")))
    if made is None:
        return None
    subject_phrase, said = made
    german = said.german(subject_phrase).main()
    return sentence(german, said.english(subject_phrase.english, subject_phrase.person))


def time_first(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Verb second after a time expression: "Morgen besucht Anna ihre Oma."."""
    test = lambda v: not (v.sense.stative or v.sense.timeless)  # noqa: E731
    made = draw_clause(rng, words, rng.choice(("present", "perfect")), test, False, False)
    if made is None:
        return None
    subject_phrase, said = made
    tense = said.tense
    category = "past" if tense == "perfect" else rng.choice(("plan", "habit"))
    time = times.time_for(rng, category, lambda t: t[1] not in senses.FREQUENCY, not said.liking)
    said = replace(said, time=(*time, category))
    german = replace(said, time=None).german(subject_phrase).inverted(time[0])
    return sentence(german, said.english(subject_phrase.english, subject_phrase.person))


def yes_no_question(rng: random.Random, words: Vocabulary) -> Pair | None:
    """ "Isst du gern Äpfel?" no: "Trinkst du Kaffee?", "Hast du den Brief geschrieben?"."""
    made = draw_clause(
        rng, words, rng.choice(("present", "perfect", "modal")), negate=False, question=True
    )
    if made is None:
        return None
    subject_phrase, said = made
    german = said.german(subject_phrase).question()
    return sentence(german, said.english(subject_phrase.english, subject_phrase.person, True), "?")


def subordinate(rng: random.Random, words: Vocabulary) -> Pair | None:
    """A dass clause, verb last: "Ich glaube, dass der Hund schläft."."""
    made = draw_clause(rng, words, rng.choice(("present", "perfect", "modal")))
    if made is None:
        return None
    subject_phrase, said = made
    speaker = pronoun(rng.choice(list(PRONOUNS)))
    german_verb, english_verb = rng.choice(senses.THAT_VERBS)
    opener = join_words(speaker.german["nom"], grammar.present(german_verb, speaker.person))
    opener_english = english.clause(
        speaker.english, speaker.person, english_forms.english_regular(english_verb), "simple"
    )
    inner = said.german(subject_phrase).subordinate()
    inner_english = said.english(subject_phrase.english, subject_phrase.person)
    return sentence(f"{opener}, dass {inner}", f"{opener_english} that {inner_english}")


def because(rng: random.Random, words: Vocabulary) -> Pair | None:
    """weil or wenn with a reason: "Ich trinke Wasser, weil ich Durst habe.", "Wenn du müde
    bist, schläfst du."."""
    state, english_state, reason_verb, verbs = rng.choice(senses.REASONS)
    made = draw_clause(rng, words, "present", lambda v: v.sense.german in verbs, False, False)
    if made is None:
        return None
    _, said = made
    speaker = pronoun(rng.choice(list(PRONOUNS)))
    person = speaker.person
    reason = German(speaker.german["nom"], grammar.present(reason_verb, person), (state,))
    reason_english = join_words(speaker.english, english_forms.be(person), english_state)
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
        "wer": lambda v: not v.sense.stative and bool(v.sense.subjects & {"person", "animal"}),
    }.get(word, lambda v: not v.sense.stative)
    made = draw_clause(rng, words, tense, test, False, word not in ("wann", "wo"), question=True)
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
    """A verb one tells a person to do: not a state ("mag!"), not what only happens to one
    ("Verschlaf!"), not "fliegen"."""
    sense = verb.sense
    return (
        "person" in sense.subjects
        and not (sense.stative or sense.past)
        and sense.german != "fliegen"
    )


def imperative(rng: random.Random, words: Vocabulary) -> Pair | None:
    """du/ihr/Sie imperatives, the prefix last: "Ruf deine Oma an!", "Esst bitte die Suppe!"."""
    made = draw_clause(rng, words, "present", _commandable, negate=False, with_time=False)
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
    middle.insert(
        int(bool(middle) and middle[0] in GERMAN_OBJECT_PRONOUNS), "bitte" if please else ""
    )
    german = join_words(finite, polite, *middle, verb.prefix)
    english_text = join_words(
        "please" if please else "", said.english_with_verb(said.verb.english.base)
    )
    return sentence(german, english_text, "!")


def adjective(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Predicative adjectives: "Die Suppe ist zu heiß.", "Bist du müde?"."""
    made = described(rng, words)
    if made is None:
        return None
    who = made[0]
    said, state = predicative(*made)
    be = english_forms.be(who.person)
    if rng.random() < 0.3:
        return sentence(said.question(), join_words(be, who.english, state), "?")
    return sentence(said.main(), join_words(who.english, be, state))


def liking(rng: random.Random, words: Vocabulary) -> Pair | None:
    """What one likes doing, with "gern": "Ich spiele gern Fußball." :: "I like playing
    football." (or "I like to play football."), "Isst du gern Äpfel?" :: "Do you like eating
    apples?", "Sie liest nicht gern." :: "She does not like reading.", "Was isst du gern?"."""
    verb = rng.choice(words.verbs_for(lambda v: v.sense.liked))
    who = subject(rng, words, verb.sense.subjects, definite=True)
    asked = rng.choice(("", "", "", "yes", "yes", "what"))
    if asked == "what" and (verb.sense.preposition or not verb.sense.objects & _THINGS):
        asked = "yes"
    if asked and who.german["nom"] in ("ich", "wir"):  # "Esse ich gern Äpfel?"
        return None
    how = "ing" if rng.random() < 0.7 else "to"
    negate = not asked and rng.random() < 0.3
    said = predicate(rng, words, verb, who, "present", negate, not asked, how)
    if said is None:
        return None
    if asked == "yes":
        return sentence(said.german(who).question(), said.english(who.english, who.person, True),
                        "?")  # fmt: skip
    if asked == "what":
        said = replace(said, object=None)
        question = said.english(who.english, who.person, True)
        return sentence(said.german(who).inverted("was"), f"what {question}", "?")
    german = said.german(who).main()
    if said.time and rng.random() < 0.5:  # "Am Wochenende spiele ich gern Fußball."
        german = replace(said, time=None).german(who).inverted(said.time[0])
    return sentence(german, said.english(who.english, who.person))


# what one asks for with "möchte" and a noun: food, drink and what a shop sells
_WANTED = frozenset({"food", "drink", "clothes", "gift"})


def wanting(rng: random.Random, words: Vocabulary) -> Pair | None:
    """What one would like, "möchte" with a noun (how a class asks for something): "Ich möchte
    einen Apfel, bitte." :: "I would like an apple, please.", "Möchtest du Tee?" :: "Would you
    like tea?", "Was möchte deine Schwester?" :: "What would your sister like?". Not one's own
    ("Ich möchte meinen Tee")."""
    nouns = [n for n in words.nouns if n.sense.kinds & _WANTED and not n.sense.bare]
    wanted = noun_phrase(rng, rng.choice(nouns), adjectives=words.adjectives)
    if wanted.determiner == "poss":
        return None
    who = subject(rng, words, frozenset({"person"}), definite=True)
    verb = grammar.present("möchten", who.person)
    asked = rng.choice(("", "", "", "yes", "what"))
    if asked and who.german["nom"] in ("ich", "wir"):  # "Möchte ich Tee?"
        asked = ""
    if asked == "yes":
        question = f"{verb} {who.german['nom']} {wanted.german['acc']}"
        return sentence(question, f"would {who.english} like {wanted.english}", "?")
    if asked == "what":
        return sentence(f"was {verb} {who.german['nom']}", f"what would {who.english} like", "?")
    please = ("", "")
    if who.german["nom"] == "ich" and rng.random() < 0.4:
        please = (", bitte", ", please")
    return sentence(
        f"{who.german['nom']} {verb} {wanted.german['acc']}{please[0]}",
        f"{who.english} would like {wanted.english}{please[1]}",
    )


# what a "was" question may ask for: things, not persons or animals ("Was besuchst du?")
_THINGS = frozenset({"food", "drink", "text", "written", "picture", "clothes", "gift", "sport",
                     "instrument", "language", "meal", "baked", "machine"})  # fmt: skip


def phrase_book(rng: random.Random, words: Vocabulary) -> Pair | None:
    """A fixed everyday expression, or a name, age, time or hunger (everyday.phrasebook)."""
    del words
    return phrasebook.expression(rng)


# template -> weight: how often it is drawn
TEMPLATES: dict[Callable[[random.Random, Vocabulary], Pair | None], int] = {
    statement: 30, time_first: 12, yes_no_question: 12, wh_question: 10, subordinate: 8,
    because: 6, imperative: 8, adjective: 10, liking: 8, wanting: 4, phrase_book: 4,
    future: 6, modal_past: 5, past_state: 7, coordinated: 6, joined_phrases: 6,
    prepositional: 9, weather: 4, times.date_sentence: 3, times.schedule: 3, price: 3,
    comparisons.comparison: 5, comparisons.superlative: 3, counts.counted: 4,
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


def ding_lexicon(path: Path) -> Lexicon:
    """What Ding at ``path`` says about the sense table's words."""
    nouns = [(sense.german, sense.english) for sense in senses.nouns().values()]
    nouns += [(place.noun, place.english_at.split(" ")[-1]) for place in senses.places()]
    verbs = [(sense.german, sense.english) for sense in senses.verbs()]
    adjectives = [(sense.german, sense.english) for sense in senses.adjectives()]
    return read_lexicon(path, nouns, verbs, adjectives)

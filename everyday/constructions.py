"""The templates of the sentence generator for what a class says after its first lessons: the
future with werden, the simple past of sein, haben and the modals, coordination with und, aber
and oder, and phrases with für/ohne (accusative) and mit/bei/von/nach (dative).

Like the templates of :mod:`everyday.generator`, each function draws one sentence pair
(or None when its draw does not fit) from the words of :mod:`everyday.phrases` and the
clauses of :mod:`everyday.clauses`; the generator's template list weighs them.
"""

from __future__ import annotations

import random
from dataclasses import replace

from everyday import english_forms, grammar, senses
from everyday.clauses import (
    German,
    Predicate,
    draw_clause,
    object_phrase,
    oneself,
    place_phrase,
    predicate,
    predicative,
)
from everyday.grammar import POSSESSIVES, PRONOUNS
from everyday.pairs import Pair, join_words, sentence
from everyday.phrases import (
    Phrase,
    Verb,
    Vocabulary,
    described,
    determined,
    name_phrase,
    noun_phrase,
    object_pronoun,
    subject,
)


def told(rng: random.Random, who: Phrase, said: Predicate) -> Pair:
    """One clause as a statement, with its time first (verb second), or as a yes/no question:
    not negated, not asked of "ich", and of "wir" (or "Anna und ich") only with an auxiliary
    ("Werden wir ...?", not "Essen wir ...?")."""
    roll = rng.random()
    helped = said.tense in ("modal", "past_modal", "future")
    askable = who.person != 0 and (who.person != 3 or helped) and not said.negated
    if roll < 0.25 and askable:
        return sentence(
            said.german(who).question(), said.english(who.english, who.person, True), "?"
        )
    english_text = said.english(who.english, who.person)
    if said.time and said.time[0] and not said.frequency() and roll < 0.6:
        first = replace(said, time=None).german(who).inverted(said.time[0])
        return sentence(first, english_text)
    return sentence(said.german(who).main(), english_text)


def _eventful(verb: Verb) -> bool:
    """A verb that says what someone does, not a state or what just happened."""
    return not (verb.sense.stative or verb.sense.past)


def future(rng: random.Random, words: Vocabulary) -> Pair | None:
    """werden with the infinitive last: "Morgen werde ich meine Oma besuchen." :: "I will visit
    my grandma tomorrow.", "Wirst du das Fahrrad reparieren?" :: "Will you fix the bike?"."""
    made = draw_clause(rng, words, "future", _eventful)
    return told(rng, *made) if made else None


def modal_past(rng: random.Random, words: Vocabulary) -> Pair | None:
    """konnte, musste, wollte with the infinitive last: "Gestern musste ich arbeiten." :: "I
    had to work yesterday.", "Konntest du schlafen?" :: "Could you sleep?"."""
    made = draw_clause(rng, words, "past_modal", lambda v: _eventful(v) and not v.sense.timeless)
    return told(rng, *made) if made else None


def past_state(rng: random.Random, words: Vocabulary) -> Pair | None:
    """The simple past of sein and haben: "Die Suppe war zu heiß.", "Wir waren gestern im Zoo."
    :: "We were at the zoo yesterday.", "Ich hatte einen Hund." :: "I had a dog.", "Hattest du
    Hunger?" :: "Were you hungry?"."""
    kind = rng.choice(("adjective", "place", "place", "haben", "hunger"))
    time = rng.choice(senses.TIMES["past"]) if rng.random() < 0.5 else ("", "")
    if kind == "haben":
        having = words.verbs_for(lambda v: v.sense.german == "haben")
        who = subject(rng, words, frozenset({"person"}))
        said = predicate(rng, words, having[0], who, "past") if having else None
        return told(rng, who, said) if said else None
    if kind == "adjective":
        made = described(rng, words)
        if made is None:
            return None
        who = made[0]
        said, state = predicative(*made, past=True)
    elif kind == "hunger":
        who = subject(rng, words, frozenset({"person"}))
        german_state, state, state_verb, _ = rng.choice(senses.REASONS)
        if state_verb != "haben":  # "müde", "krank": said as adjectives
            return None
        had = grammar.simple_past("haben", who.person)
        said = German(who.german["nom"], had, (), (german_state,))
    else:
        who = subject(rng, words, frozenset({"person"}))
        negated = rng.random() < 0.2
        place = place_phrase(rng, words, senses.BEING, False, False)
        if rng.random() < 0.3:
            place = _preposition_phrase(rng, words, "bei", who) or place
        if place is None:
            return None
        middle = ("nicht" if negated else "", place[0])
        state = join_words("not" if negated else "", place[1])
        said = German(who.german["nom"], grammar.simple_past("sein", who.person), middle)
    english_state = join_words(state, time[1])
    was = english_forms.was(who.person)
    if rng.random() < 0.25 and who.german["nom"] != "ich":
        asked = replace(said, middle=(time[0], *said.middle)).question()
        return sentence(asked, join_words(was, who.english, english_state), "?")
    german = said.inverted(time[0]) if time[0] else said.main()
    return sentence(german, join_words(who.english, was, english_state))


CONJUNCTIONS = {"und": "and", "aber": "but", "oder": "or"}
PRONOUN_SUBJECTS = frozenset(forms[0] for forms in PRONOUNS.values())


def coordinated(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Two main clauses in one tense: "Ich koche und mein Bruder liest ein Buch.", with aber the
    second one negated ("Anna schläft, aber ihr Hund schläft nicht."), with oder the same
    pronoun twice, with a modal ("Wir können ins Kino gehen oder wir können zu Hause
    bleiben.")."""
    word = rng.choice(("und", "und", "aber", "oder"))
    tense = "modal" if word == "oder" else rng.choice(("present", "present", "perfect", "modal"))
    made = draw_clause(rng, words, tense, _eventful, negate=False)
    if made is None:
        return None
    first_subject, first = made
    if first.time and first.time[2] == "since":  # its tense is not the second clause's
        return None
    if word == "oder":  # the same subject, something else to do: "wir ... oder wir ..."
        if first_subject.german["nom"] not in PRONOUN_SUBJECTS:  # "Felix ... oder Felix"
            return None
        second_subject = first_subject
        verbs = words.verbs_for(
            lambda v: _eventful(v) and bool(v.sense.subjects & first_subject.kinds)
        )
        others = [v for v in verbs if v.sense != first.verb.sense]
        if not others:
            return None
        verb = rng.choice(others)
    else:
        verb = first.verb if word == "aber" else rng.choice(words.verbs_for(_eventful))
        second_subject = subject(rng, words, verb.sense.subjects)
        both = {second_subject.german["nom"], first_subject.german["nom"]}
        if len(both) == 1 or both in ({"ich", "wir"}, {"du", "ihr"}):  # "I ..., but we ..."
            return None
    second = predicate(rng, words, verb, second_subject, first.tense, word == "aber", False)
    if second is None:
        return None
    # one time for both: the second clause takes the first's tense ("I cooked yesterday and
    # you read", not "and you have read")
    second = replace(
        second, modal=first.modal, time=("", "", first.time[2]) if first.time else None
    )
    comma = "," if word == "aber" else ""
    german = f"{first.german(first_subject).main()}{comma} {word} "
    english_text = f"{first.english(first_subject.english, first_subject.person)}{comma} "
    return sentence(
        german + second.german(second_subject).main(),
        english_text
        + f"{CONJUNCTIONS[word]} {second.english(second_subject.english, second_subject.person)}",
    )


def joined_phrases(rng: random.Random, words: Vocabulary) -> Pair | None:
    """Two subjects or two objects with und, or a choice with oder: "Anna und mein Bruder
    spielen Fußball.", "Mein Vater und ich kochen.", "Ich kaufe Äpfel und Milch.", "Trinkst du
    Tee oder Kaffee?"."""
    kind = rng.choice(("subjects", "objects", "choice"))
    tense = rng.choice(("present", "present", "perfect", "modal"))
    if kind == "subjects":
        verbs = words.verbs_for(lambda v: "person" in v.sense.subjects and not v.sense.past)
        verb = rng.choice(verbs)
        both = _two_people(rng, words, allow_me="person" not in verb.sense.objects)
        if both is None:
            return None
        tense = "present" if verb.sense.stative else tense
        said = predicate(rng, words, verb, both, tense, negate=False)
        return told(rng, both, said) if said else None
    made = draw_clause(
        rng,
        words,
        tense,
        _things_done,
        negate=False,
        question=kind == "choice",
    )
    if made is None:
        return None
    who, said = made
    other = object_phrase(rng, words, said.verb.sense, who)
    if other is None or said.object is None or _same_thing(other[2], said.object[1]):
        return None
    word = "und" if kind == "objects" else "oder"
    both = (
        f"{said.object[0]} {word} {other[0]}",
        f"{said.object[1]} {CONJUNCTIONS[word]} {other[2]}",
    )
    said = replace(said, object=both)
    if kind == "objects":
        return sentence(said.german(who).main(), said.english(who.english, who.person))
    return sentence(said.german(who).question(), said.english(who.english, who.person, True), "?")


def _things_done(verb: Verb) -> bool:
    """A verb done to things, so that two objects make sense together ("Äpfel und Milch",
    not "eine Wurst und den Vater")."""
    sense = verb.sense
    people = {"person", "family", "pet", "animal"}
    return bool(sense.objects) and not (sense.objects & people or sense.preposition or sense.past)


def _same_thing(english_one: str, english_other: str) -> bool:
    """Whether two English noun phrases name the same thing ("the house", "houses")."""
    one, other = english_one.split()[-1], english_other.split()[-1]
    return (
        one == other
        or english_forms.english_plural(one) == other
        or english_forms.english_plural(other) == one
    )


def _two_people(rng: random.Random, words: Vocabulary, allow_me: bool) -> Phrase | None:
    """Two people as one subject: "Anna und Tom" (sie, they), "mein Bruder und ich" (wir)."""
    first = _someone(rng, words, subject(rng, words, frozenset({"person"})))
    if first is None:
        return None
    if allow_me and rng.random() < 0.3:
        german, english_text, person = "ich", "I", 3
    else:
        second = _someone(rng, words, first)
        if second is None or second.german["nom"] == first.german["nom"]:
            return None
        german, english_text, person = second.german["nom"], second.english, 5
    return Phrase(
        {"nom": f"{first.german['nom']} und {german}"},
        f"{first.english} and {english_text}",
        person,
        frozenset({"person"}),
    )


def _someone(rng: random.Random, words: Vocabulary, besides: Phrase) -> Phrase | None:
    """A name or a person's noun phrase (not a pronoun), other than ``besides``."""
    if rng.random() < 0.4:
        who = name_phrase(rng.choice(senses.NAMES))
    else:
        nouns = [n for n in words.nouns if "person" in n.sense.kinds]
        who = noun_phrase(rng, rng.choice(nouns), definite=True) if nouns else None
    if who is None or who.german["nom"] == besides.german["nom"]:
        return None
    return who


# the verbs each preposition goes with in a generated sentence
PREPOSITION_VERBS = {
    "für": frozenset({"kaufen", "kochen", "backen", "schreiben", "malen", "bringen", "machen",
                      "holen", "bestellen", "zeichnen", "singen"}),
    "ohne": frozenset({"gehen", "fahren", "kommen", "reisen", "essen", "frühstücken",
                       "einkaufen", "wandern"}),
    "mit": frozenset({"gehen", "fahren", "kommen", "reisen", "spielen", "tanzen", "lernen",
                      "kochen", "backen", "schwimmen", "wandern", "laufen", "einkaufen",
                      "frühstücken", "feiern"}),
    "bei": frozenset({"essen", "schlafen", "bleiben", "spielen", "lernen", "frühstücken"}),
    "von": frozenset({"bekommen"}),
}  # fmt: skip
ENGLISH_PREPOSITIONS = {"für": "for", "ohne": "without", "mit": "with", "von": "from"}
TRANSPORT_VERBS = frozenset({"fahren", "kommen", "reisen"})  # "mit dem Bus" :: "by bus"


def prepositional(rng: random.Random, words: Vocabulary) -> Pair | None:
    """für/ohne + accusative, mit/bei/von/nach + dative: "Ich backe einen Kuchen für meine
    Mutter.", "Wir gehen mit meiner Schwester ins Kino.", "Er fährt mit dem Bus zur Schule." ::
    "He is going to school by bus.", "Ich esse bei meiner Oma." :: "I am eating at my
    grandma's.", "Ich habe einen Brief von meinem Onkel bekommen.", "Nach dem Frühstück lese
    ich die Zeitung." :: "I read the newspaper after breakfast."."""
    preposition = rng.choice(list(grammar.PREPOSITION_CASES))
    if preposition == "nach":
        made = draw_clause(rng, words, "present", _eventful, with_time=False)
        if made is None:
            return None
        who, said = made
        after = _after(rng, words)
        return told(rng, who, replace(said, time=after)) if after else None
    verbs = PREPOSITION_VERBS[preposition]
    made = draw_clause(
        rng,
        words,
        rng.choice(("present", "perfect", "modal", "future")),
        lambda v: v.sense.german in verbs and _eventful(v) and not v.sense.preposition,
    )
    if made is None:
        return None
    who, said = made
    if preposition == "mit" and said.verb.sense.german in TRANSPORT_VERBS and rng.random() < 0.5:
        extra = _transport(rng, words)
    else:
        extra = _preposition_phrase(rng, words, preposition, who)
    if extra is None:
        return None
    said = replace(said, extra=extra, place=None if preposition == "bei" else said.place)
    return told(rng, who, said)


def _preposition_phrase(
    rng: random.Random, words: Vocabulary, preposition: str, who: Phrase
) -> tuple[str, str] | None:
    """(German, English) of ``preposition`` with a person other than ``who``: "für meine
    Mutter" :: "for my mother", "mit dir" :: "with you", "bei meiner Oma" :: "at my grandma's",
    "bei uns" :: "at our place"."""
    case = grammar.PREPOSITION_CASES[preposition]
    roll = rng.random()
    if roll < 0.3:
        keys = [k for k in PRONOUNS if not oneself(who.person, k)]
        key = rng.choice(keys)
        german, english_object = object_pronoun(key)
        if preposition == "bei":
            return f"bei {german[case]}", f"at {POSSESSIVES[key][1]} place"
        return (
            f"{preposition} {german[case]}",
            f"{ENGLISH_PREPOSITIONS[preposition]} {english_object}",
        )
    pets = preposition in ("für", "mit", "ohne")  # "mit dem Hund", not "von den Katzen"
    kinds = {"family"} if roll < 0.6 or not pets else {"person", "pet"}
    if roll < 0.45:
        other = name_phrase(rng.choice(senses.NAMES))
    else:
        nouns = [n for n in words.nouns if n.sense.kinds & kinds]
        nouns = [n for n in nouns if n.sense.german not in who.german["nom"]]
        if not nouns:
            return None
        other = noun_phrase(rng, rng.choice(nouns), definite=True)
    if other.german["nom"] == who.german["nom"]:
        return None
    german = grammar.governed(preposition, other.german[case])
    if preposition == "bei":  # "at my grandma's", not "at the grandma's" or "daughters's"
        if other.determiner == "def" or other.person != 2:
            return None
        return german, f"at {other.english}'s"
    return german, f"{ENGLISH_PREPOSITIONS[preposition]} {other.english}"


def _transport(rng: random.Random, words: Vocabulary) -> tuple[str, str] | None:
    """ "mit dem Bus" :: "by bus"."""
    vehicles = [n for n in words.nouns if "transport" in n.sense.kinds]
    if not vehicles:
        return None
    vehicle = rng.choice(vehicles)
    return f"mit {determined(vehicle, 'def', 'dat')}", f"by {vehicle.sense.english}"


def _after(rng: random.Random, words: Vocabulary) -> tuple[str, str, str] | None:
    """A time after something: "nach dem Frühstück" :: "after breakfast" (a habit, English
    simple present), "nach dem Film" :: "after the film" (a plan, English progressive)."""
    events = [n for n in words.nouns if n.sense.kinds & {"daily", "event"}]
    if not events:
        return None
    event = rng.choice(events)
    daily = "daily" in event.sense.kinds
    german = grammar.governed("nach", determined(event, "def", "dat"))
    english_text = f"after {'' if daily else 'the '}{event.sense.english}"
    return german, english_text, "habit" if daily else "plan"

"""Weather sentences for the sentence generator: "Es regnet.", "Die Sonne scheint.", "Morgen wird
es schneien.", "Das Wetter war schön." A class talks about the weather in every first lesson,
and German says it with an "es" that English says with "it".

Written by hand for this project: the three weather verbs' forms (weather verbs have no person
but the third, so the sense table, whose verbs take people and animals, does not hold them),
the weather's adjectives and the times that suit each (no snow in July). The clauses are
:class:`everyday.clauses.Predicate`s like every other, so tense, negation and
questions follow the same rules in both languages.
"""

from __future__ import annotations

import random
from dataclasses import replace

from everyday import english_forms, grammar, senses
from everyday.clauses import German, Predicate
from everyday.english_forms import EnglishVerb
from everyday.grammar import GermanVerb
from everyday.pairs import Pair, join_words, sentence
from everyday.phrases import Phrase, Verb, Vocabulary


def _weather_verb(german: str, participle: str, english: EnglishVerb) -> Verb:
    """A verb said only in the third person: "es regnet", "die Sonne scheint"."""
    sense = senses.VerbSense(german, english.base, frozenset({"weather"}), frozenset())
    return Verb(sense, GermanVerb(german, grammar.regular_present(german), participle), english)


# the subject, its English, and the verb: "es regnet" :: "it is raining"
WEATHER = (
    ("es", "it", _weather_verb("regnen", "geregnet", english_forms.english_regular("rain"))),
    ("es", "it", _weather_verb("schneien", "geschneit", english_forms.english_regular("snow"))),
    ("die Sonne", "the sun", _weather_verb(
        "scheinen", "geschienen", EnglishVerb("shine", "shines", "shone", "shone", "shining"))),
)  # fmt: skip
# what "es ist" says of the weather ("Es ist windig." :: "It is windy.")
WEATHER_STATES = (("warm", "warm"), ("heiß", "hot"), ("sonnig", "sunny"), ("windig", "windy"),
                  ("kühl", "cool"), ("nass", "wet"))  # fmt: skip
# what "das Wetter ist" says ("Das Wetter ist schön." :: "The weather is nice.")
WEATHER_WORDS = (("schön", "nice"), ("gut", "good"), ("schlecht", "bad"), ("toll", "great"))
# seasons and months without snow
SNOWLESS = frozenset({"in spring", "in summer", "in May", "in June", "in July", "in August",
                      "in September"})  # fmt: skip
SEASONS = (("im Frühling", "in spring"), ("im Sommer", "in summer"), ("im Herbst", "in autumn"),
           ("im Winter", "in winter"))  # fmt: skip
NOW = (("heute", "today"), ("jetzt", "now"), ("heute Abend", "tonight"))
LATER = (("morgen", "tomorrow"), ("am Wochenende", "at the weekend"),
         ("nächste Woche", "next week"), ("morgen früh", "tomorrow morning"))  # fmt: skip
OFTEN = (("oft", "often"), ("manchmal", "sometimes"), ("", ""))


def weather(rng: random.Random, words: Vocabulary) -> Pair | None:
    """ "Heute regnet es." :: "It is raining today.", "Im Winter schneit es oft." :: "It often
    snows in winter.", "Gestern hat die Sonne geschienen." :: "The sun shone yesterday.",
    "Morgen wird es windig." :: "It will be windy tomorrow.", "Wie ist das Wetter?"."""
    del words
    if rng.random() < 0.55:
        return _happening(rng)
    return _state(rng)


def _happening(rng: random.Random) -> Pair | None:
    """Rain, snow or sunshine now, as a habit, yesterday or tomorrow."""
    german_subject, english_subject, verb = rng.choice(WEATHER)
    who = Phrase({"nom": german_subject}, english_subject, 2, frozenset({"weather"}))
    when = rng.choice(("now", "habit", "past", "future"))
    negated = rng.random() < 0.15
    if when == "habit":  # "Im Winter schneit es oft." :: "It often snows in winter."
        season = rng.choice(SEASONS + senses.MONTHS)
        if verb.sense.german == "schneien" and season[1] in SNOWLESS:
            return None
        often = rng.choice(OFTEN)
        said = Predicate(verb, "present", time=(*often, "habit"), negated=negated and not often[0])
        english_text = join_words(said.english(who.english, 2), season[1])
        return sentence(said.german(who).inverted(season[0]), english_text)
    tense, times = {"now": ("present", NOW), "past": ("perfect", senses.TIMES["past"]),
                    "future": ("future", LATER)}[when]  # fmt: skip
    time = rng.choice(times)
    if verb.sense.german == "schneien" and time[1] in SNOWLESS:
        return None
    category = {"now": "plan", "past": "past", "future": "plan"}[when]
    modal = grammar.FUTURE if tense == "future" else ""
    said = Predicate(verb, tense, modal, (*time, category), negated=negated)
    if rng.random() < 0.25:
        return sentence(said.german(who).question(), said.english(who.english, 2, True), "?")
    german = replace(said, time=None).german(who).inverted(time[0])
    return sentence(german, said.english(who.english, 2))


def _state(rng: random.Random) -> Pair | None:
    """ "Es ist windig.", "Das Wetter war gestern schön.", "Morgen wird es warm.", "Wie ist das
    Wetter heute?" :: "What is the weather like today?"."""
    when = rng.choice(("now", "past", "future"))
    time = rng.choice({"now": NOW, "past": senses.TIMES["past"], "future": LATER}[when])
    verbs = {  # of "es"
        "now": grammar.present("sein", 2),
        "past": grammar.simple_past("sein", 2),
        "future": grammar.present("werden", 2),
    }
    will, _, be = {"now": "is", "past": "was", "future": "will be"}[when].partition(" ")
    if rng.random() < 0.15:  # "Wie war das Wetter gestern?" :: "What was the weather like ..."
        how = German("das Wetter", verbs[when], (time[0],)).inverted("wie")
        return sentence(how, join_words("what", will, "the weather", be, "like", time[1]), "?")
    if rng.random() < 0.4:
        (german_word, english_word), who = rng.choice(WEATHER_WORDS), ("das Wetter", "the weather")
    else:
        (german_word, english_word), who = rng.choice(WEATHER_STATES), ("es", "it")
    degree = rng.choice((("", ""), ("", ""), ("sehr", "very"), ("nicht", "not")))
    said = German(who[0], verbs[when], (degree[0],), (german_word,))
    # "will be": "not" after will, "very" after be
    negation, very = ("not", "") if degree[1] == "not" else ("", degree[1])
    state = join_words(be, very, english_word, time[1])
    if rng.random() < 0.2:
        asked = replace(said, middle=(time[0], degree[0])).question()
        return sentence(asked, join_words(will, who[1], negation, state), "?")
    return sentence(said.inverted(time[0]), join_words(who[1], will, negation, state))

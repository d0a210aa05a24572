"""A short phrasebook of fixed everyday expressions, written by hand for this project: greetings,
thanks, names, age, hunger and thirst, the time, favourites, aches. What a class says first,
and what a model trained on the dictionary's idioms gets wrong ("Ich heiße Anna." :: "I mean a
slap."). Also that a draw holds every fixed expression once when a run repeats them (the
copies themselves are the library's: ``nmt_core.corpora.generated.fixed_phrase_copies``).
"""

from __future__ import annotations

import random

from everyday import times
from everyday.english_forms import be, english_present
from everyday.grammar import (
    NUMBERS,
    PRONOUNS,
    SINGLE_OWNERS,
    number,
    possessive,
    present,
)
from everyday.pairs import sentence
from everyday.phrases import pronoun
from everyday.senses import CITIES, COUNTRIES, NAME_GENDERS, NAMES, REASONS, nouns

FIXED = (
    ("Hallo!", "Hello!"), ("Guten Morgen!", "Good morning!"), ("Guten Abend!", "Good evening!"),
    ("Gute Nacht!", "Good night!"), ("Tschüss!", "Bye!"), ("Auf Wiedersehen!", "Goodbye!"),
    ("Bis morgen!", "See you tomorrow!"), ("Bis später!", "See you later!"),
    ("Danke!", "Thank you!"), ("Danke schön!", "Thank you very much!"),
    ("Vielen Dank!", "Thanks a lot!"), ("Gern geschehen!", "You are welcome!"),
    ("Entschuldigung!", "Excuse me!"), ("Es tut mir leid.", "I am sorry."),
    ("Wie geht es dir?", "How are you?"), ("Wie geht es Ihnen?", "How are you?"),
    ("Mir geht es gut.", "I am fine."), ("Mir geht es nicht gut.", "I am not well."),
    ("Ja, gern.", "Yes, please."), ("Nein, danke.", "No, thank you."),
    ("Ich weiß es nicht.", "I do not know."), ("Ich verstehe das nicht.", "I do not understand."),
    ("Kannst du mir helfen?", "Can you help me?"), ("Wie bitte?", "Pardon?"),
    ("Wie heißt du?", "What is your name?"), ("Wie heißen Sie?", "What is your name?"),
    ("Wie alt bist du?", "How old are you?"), ("Woher kommst du?", "Where are you from?"),
    ("Wo wohnst du?", "Where do you live?"), ("Wie viel Uhr ist es?", "What time is it?"),
    ("Guten Appetit!", "Enjoy your meal!"), ("Viel Spaß!", "Have fun!"),
    ("Gute Besserung!", "Get well soon!"), ("Alles Gute zum Geburtstag!", "Happy birthday!"),
    ("Frohe Weihnachten!", "Merry Christmas!"), ("Schönes Wochenende!", "Have a nice weekend!"),
    ("Was ist das?", "What is that?"), ("Wo ist die Toilette?", "Where is the toilet?"),
    ("Ich habe keine Zeit.", "I have no time."), ("Bis bald!", "See you soon!"),
    ("Wann hast du Geburtstag?", "When is your birthday?"),
    ("Hast du Geschwister?", "Do you have any brothers or sisters?"),
    ("Ich habe Kopfschmerzen.", "I have a headache."),
    ("Ich habe Bauchschmerzen.", "I have a stomach ache."),
    ("Ich habe Zahnschmerzen.", "I have toothache."),
)  # fmt: skip
# where one comes from ("aus der Schweiz": the dative of those with an article)
ORIGINS = COUNTRIES + (("der Schweiz", "Switzerland"), ("der Türkei", "Turkey"))
# Whom one introduces by name or gives an age: the noun, its gender, its English, the English
# pronoun of an age clause, and the youngest and oldest age one would say of them (no grandma of
# twelve, no brother of eighty)
INTRODUCED = (
    ("Bruder", "m", "brother", "he", 2, 19), ("Schwester", "f", "sister", "she", 2, 19),
    ("Freund", "m", "friend", "he", 8, 16), ("Freundin", "f", "friend", "she", 8, 16),
    ("Sohn", "m", "son", "he", 1, 19), ("Tochter", "f", "daughter", "she", 1, 19),
    ("Cousin", "m", "cousin", "he", 2, 25), ("Cousine", "f", "cousin", "she", 2, 25),
    ("Vater", "m", "father", "he", 30, 60), ("Mutter", "f", "mother", "she", 30, 60),
    ("Onkel", "m", "uncle", "he", 25, 70), ("Tante", "f", "aunt", "she", 25, 70),
    ("Opa", "m", "grandpa", "he", 55, 99), ("Oma", "f", "grandma", "she", 55, 99),
    ("Lehrer", "m", "teacher", "he", 25, 65), ("Lehrerin", "f", "teacher", "she", 25, 65),
    ("Hund", "m", "dog", "it", 1, 15), ("Katze", "f", "cat", "it", 1, 15),
)  # fmt: skip


# "Mein Lieblingsfach ist Mathe.": the compound, its gender, its English, and what it may be
FAVOURITES = (
    ("Lieblingsfach", "n", "subject", (
        ("Mathe", "maths"), ("Deutsch", "German"), ("Englisch", "English"), ("Kunst", "art"),
        ("Sport", "PE"), ("Geschichte", "history"), ("Biologie", "biology"),
        ("Physik", "physics"), ("Chemie", "chemistry"), ("Erdkunde", "geography"))),
    ("Lieblingsessen", "n", "food", (
        ("Pizza", "pizza"), ("Nudeln", "pasta"), ("Suppe", "soup"), ("Reis", "rice"),
        ("Fisch", "fish"), ("Salat", "salad"), ("Kuchen", "cake"), ("Eis", "ice cream"))),
    ("Lieblingstier", "n", "animal", (
        ("der Hund", "the dog"), ("die Katze", "the cat"), ("das Pferd", "the horse"),
        ("der Löwe", "the lion"), ("der Elefant", "the elephant"), ("die Maus", "the mouse"))),
    ("Lieblingsfarbe", "f", "colour", (
        ("Blau", "blue"), ("Rot", "red"), ("Grün", "green"), ("Gelb", "yellow"),
        ("Schwarz", "black"), ("Lila", "purple"), ("Rosa", "pink"), ("Orange", "orange"))),
    ("Lieblingssport", "m", "sport", (
        ("Fußball", "football"), ("Tennis", "tennis"), ("Schwimmen", "swimming"),
        ("Basketball", "basketball"), ("Reiten", "riding"))),
)  # fmt: skip
# "Mein Kopf tut weh." :: "My head hurts.": body parts, gender, English, plural and its English
ACHES = (
    ("Kopf", "m", "head", "", ""), ("Bauch", "m", "tummy", "", ""),
    ("Rücken", "m", "back", "", ""), ("Hals", "m", "throat", "", ""),
    ("Arm", "m", "arm", "Arme", "arms"), ("Fuß", "m", "foot", "Füße", "feet"),
    ("Hand", "f", "hand", "Hände", "hands"), ("Bein", "n", "leg", "Beine", "legs"),
    ("Ohr", "n", "ear", "Ohren", "ears"), ("Auge", "n", "eye", "Augen", "eyes"),
    ("Zahn", "m", "tooth", "Zähne", "teeth"),
)  # fmt: skip


DIGITS_SHARE = 0.25  # of the ages: written in digits ("Ich bin 12 Jahre alt.")
HOMEWORK_STATES = (
    ("schwer", "difficult"),
    ("leicht", "easy"),
    ("langweilig", "boring"),
    ("lang", "long"),
    ("fertig", "finished"),
    ("interessant", "interesting"),
)


def with_every_fixed_expression(
    drawn: list[tuple[str, str]], repeats: int
) -> list[tuple[str, str]]:
    """``drawn`` and, when fixed expressions are repeated (``repeats`` > 1), after it each fixed
    phrasebook expression the draw lacks: the draw's pairs and order stay. The repeats
    themselves are added to the training pairs after their deduplication
    (``nmt_core.corpora.generated.fixed_phrase_copies``)."""
    if repeats == 1:
        return drawn
    present = set(drawn)
    return drawn + [pair for pair in FIXED if pair not in present]


def expression(rng: random.Random) -> tuple[str, str]:
    """One phrasebook pair: fixed, or made with a name, a number, a pronoun or a country."""
    makers = (_fixed, _name, _age, _age_of, _hunger, _clock, _origin, _favourite, _ache,
              _homework, _introduction)  # fmt: skip
    return rng.choice(makers)(rng)


def _favourite(rng: random.Random) -> tuple[str, str]:
    """ "Mein Lieblingsfach ist Mathe." :: "My favourite subject is maths."; "Was ist deine
    Lieblingsfarbe?" :: "What is your favourite colour?"."""
    compound, gender, english_kind, choices = rng.choice(FAVOURITES)
    german_owner, english_owner = possessive(rng.choice(SINGLE_OWNERS), "nom", gender)
    if rng.random() < 0.25 and english_owner == "your":
        return sentence(
            f"Was ist {german_owner} {compound}", f"What is your favourite {english_kind}", "?"
        )
    german_one, english_one = rng.choice(choices)
    return sentence(
        f"{german_owner} {compound} ist {german_one}",
        f"{english_owner} favourite {english_kind} is {english_one}",
    )


def _ache(rng: random.Random) -> tuple[str, str]:
    """ "Mein Kopf tut weh." :: "My head hurts."; "Tun deine Füße weh?" :: "Do your feet
    hurt?"."""
    german, gender, english, plural, english_plural = rng.choice(ACHES)
    if plural and rng.random() < 0.5:
        german, gender, english = plural, "pl", english_plural
    german_owner, english_owner = possessive(rng.choice(SINGLE_OWNERS), "nom", gender)
    verb = "tun" if gender == "pl" else "tut"
    if rng.random() < 0.3 and english_owner == "your":
        english_verb = "do" if gender == "pl" else "does"
        return sentence(
            f"{verb} {german_owner} {german} weh", f"{english_verb} your {english} hurt", "?"
        )
    english_verb = "hurt" if gender == "pl" else "hurts"
    return sentence(
        f"{german_owner} {german} {verb} weh", f"{english_owner} {english} {english_verb}"
    )


def _fixed(rng: random.Random) -> tuple[str, str]:
    return rng.choice(FIXED)


def _name(rng: random.Random) -> tuple[str, str]:
    """ "Ich heiße Anna." :: "My name is Anna."; "Sie heißt Lena." :: "Her name is Lena."."""
    name = rng.choice(NAMES)
    third = ("Sie heißt", "Her name is") if NAME_GENDERS.get(name) else ("Er heißt", "His name is")
    german, english = rng.choice((("Ich heiße", "My name is"), ("Das ist", "This is"), third))
    return sentence(f"{german} {name}", f"{english} {name}")


def _introduction(rng: random.Random) -> tuple[str, str]:
    """Two things about oneself, the second without its subject in German: "Ich heiße Lena und
    bin zwölf Jahre alt." :: "My name is Lena and I am twelve years old."; or someone by name:
    "Mein Bruder heißt Tom und ist acht Jahre alt." :: "My brother is called Tom and he is eight
    years old."."""
    if rng.random() < 0.5:
        german_age, english_age = _years_old(rng.randrange(8, 17), rng.random() < DIGITS_SHARE)
        country, english_country = rng.choice(ORIGINS)
        city, english_city = rng.choice(CITIES)
        name = rng.choice(NAMES)
        parts = (  # (German without "ich", English clause)
            (f"heiße {name}", f"my name is {name}"),
            (f"bin {german_age}", f"I am {english_age}"),
            (f"komme aus {country}", f"I am from {english_country}"),
            (f"wohne in {city}", f"I live in {english_city}"),
        )
        first, second = rng.sample(parts, 2)
        return sentence(f"ich {first[0]} und {second[0]}", f"{first[1]} and {second[1]}")
    noun, gender, english, pronoun, youngest, oldest = rng.choice(INTRODUCED)
    german_owner, english_owner = possessive(rng.choice(SINGLE_OWNERS), "nom", gender)
    pet = "pet" in nouns()[noun].kinds  # (the sense table's kinds)
    named = [n for n in NAMES if pet or bool(NAME_GENDERS.get(n)) == (gender == "f")]
    name = rng.choice(named)
    german = f"{german_owner} {noun} heißt {name}"
    english = f"{english_owner} {english} is called {name}"
    if rng.random() < 0.5:
        german_age, english_age = _years_old(
            rng.randint(youngest, oldest), rng.random() < DIGITS_SHARE
        )
        german += f" und ist {german_age}"
        english += f" and {pronoun} is {english_age}"
    return sentence(german, english)


def _years_old(age: int, digits: bool = False) -> tuple[str, str]:
    """ "zwölf Jahre alt" :: "twelve years old", or in ``digits`` "12 Jahre alt" :: "12 years
    old" (as a class often writes it); one year is "ein Jahr alt" :: "one year old"."""
    if age == 1:
        return "ein Jahr alt", "one year old"
    german, english = (str(age), str(age)) if digits else number(age)
    return f"{german} Jahre alt", f"{english} years old"


def _age_of(rng: random.Random) -> tuple[str, str]:
    """Someone's age at an age one would say of them: "Mein Opa ist achtzig Jahre alt." :: "My
    grandpa is eighty years old."; "Wie alt ist deine Schwester?" :: "How old is your
    sister?"."""
    noun, gender, english, _, youngest, oldest = rng.choice(INTRODUCED)
    german_owner, english_owner = possessive(rng.choice(SINGLE_OWNERS), "nom", gender)
    if rng.random() < 0.3 and english_owner == "your":
        return sentence(f"Wie alt ist {german_owner} {noun}", f"How old is your {english}", "?")
    german_age, english_age = _years_old(rng.randint(youngest, oldest), rng.random() < DIGITS_SHARE)
    return sentence(
        f"{german_owner} {noun} ist {german_age}", f"{english_owner} {english} is {english_age}"
    )


def _age(rng: random.Random) -> tuple[str, str]:
    """ "Ich bin zwölf Jahre alt." :: "I am twelve years old."."""
    subject = pronoun(rng.choice(list(PRONOUNS)))
    german_age, english_age = _years_old(
        rng.randrange(2, len(NUMBERS)), rng.random() < DIGITS_SHARE
    )
    verb = present("sein", subject.person)
    return sentence(
        f"{subject.german['nom']} {verb} {german_age}",
        f"{subject.english} {be(subject.person)} {english_age}",
    )


def _hunger(rng: random.Random) -> tuple[str, str]:
    """ "Hast du Hunger?" :: "Are you hungry?"; "Wir haben Durst." :: "We are thirsty."."""
    subject = pronoun(rng.choice(list(PRONOUNS)))
    nom, english, person = subject.german["nom"], subject.english, subject.person
    had = [(state, english) for state, english, verb, _ in REASONS if verb == "haben"]
    german_state, english_state = rng.choice(had)
    verb = present("haben", person)
    if rng.random() < 0.4:
        return sentence(
            f"{verb} {nom} {german_state}", f"{be(person)} {english} {english_state}", "?"
        )
    return sentence(f"{nom} {verb} {german_state}", f"{english} {be(person)} {english_state}")


def _clock(rng: random.Random) -> tuple[str, str]:
    """ "Es ist drei Uhr." :: "It is three o'clock."; "Es ist Viertel nach vier." :: "It is
    quarter past four." (:func:`everyday.times.clock`)."""
    german, english = times.clock(rng)
    return sentence(f"es ist {german}", f"it is {english}")


def _origin(rng: random.Random) -> tuple[str, str]:
    """ "Ich komme aus Österreich." :: "I am from Austria."; "Ich wohne in Wien." :: "I live in
    Vienna."."""
    if rng.random() < 0.5:
        country, english = rng.choice(ORIGINS)
        return sentence(f"ich komme aus {country}", f"I am from {english}")
    city, english = rng.choice(CITIES)
    return sentence(f"ich wohne in {city}", f"I live in {english}")


def _homework(rng: random.Random) -> tuple[str, str]:
    """German's plural "Hausaufgaben" is English's uncountable "homework": "Ich habe meine
    Hausaufgaben vergessen." :: "I have forgotten my homework."; "Die Hausaufgaben sind
    schwer." :: "The homework is difficult."; "Hast du heute Hausaufgaben?" :: "Do you have
    homework today?"."""
    key = rng.choice(list(PRONOUNS))
    subject = pronoun(key)
    nom, english, person = subject.german["nom"], subject.english, subject.person
    german_have = present("haben", person)
    roll = rng.random()
    if roll < 0.4:
        owner, english_owner = possessive(key, "acc", "pl")
        english_have = english_present("have", person)
        return sentence(
            f"{nom} {german_have} {owner} Hausaufgaben vergessen",
            f"{english} {english_have} forgotten {english_owner} homework",
        )
    if roll < 0.7:
        german_state, english_state = rng.choice(HOMEWORK_STATES)
        return sentence(f"die Hausaufgaben sind {german_state}", f"the homework is {english_state}")
    do = english_present("do", person)
    return sentence(
        f"{german_have} {nom} heute Hausaufgaben", f"{do} {english} have homework today", "?"
    )

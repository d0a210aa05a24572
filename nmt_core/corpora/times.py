"""Clock times, days and dates as a class says them: "um Viertel nach sieben" :: "at quarter
past seven", "Heute ist Mittwoch, der 14. Mai." :: "Today is Wednesday, the 14th of May.".

German counts the half hour towards the next hour ("halb sieben" is half past six), and a class
writes hours both in words and in digits ("um 18 Uhr" :: "at 6 pm"); a model trained on the
dictionary's idioms got every such time and date wrong. The clauses draw their time
expressions through :func:`time_for` (a table time from :data:`senses.TIMES`, or a clock time,
alone or after a day), and :func:`dates` is a template of its own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from nmt_core.corpora import grammar, senses
from nmt_core.corpora.phrases import Vocabulary

CLOCK_SHARE = 0.2  # of the times drawn for a habit, a plan or the past: a clock time
# the table times a clock time may follow, and the hours that suit them: "jeden Morgen um
# halb sieben" :: "every morning at half past six", not "jeden Morgen um zehn vor elf"
BEFORE_CLOCK = {
    "every day": range(1, 13), "every morning": range(6, 10), "every evening": range(6, 11),
    "today": range(1, 13), "tomorrow": range(1, 13), "tomorrow morning": range(6, 12),
    "tonight": range(6, 12), "yesterday": range(1, 13), "this morning": range(6, 12),
    "last night": range(6, 12), **{f"on {day}": range(1, 13) for day in (
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")},
}  # fmt: skip
WEEKDAYS = (
    ("Montag", "Monday"), ("Dienstag", "Tuesday"), ("Mittwoch", "Wednesday"),
    ("Donnerstag", "Thursday"), ("Freitag", "Friday"), ("Samstag", "Saturday"),
    ("Sonntag", "Sunday"),
)  # fmt: skip
MONTH_NAMES = tuple(
    (german.removeprefix("im "), english.removeprefix("in ")) for german, english in senses.MONTHS
)
DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
MINUTES = ((5, "fünf", "five"), (10, "zehn", "ten"), (20, "zwanzig", "twenty"))


def hour_word(hour: int, alone: bool = False) -> tuple[str, str]:
    """The German and English of ``hour`` (1-12): "ein" before "Uhr", "eins" ``alone`` ("halb
    eins", "Viertel nach eins")."""
    german, english = grammar.NUMBERS[hour]
    return ("eins" if alone else "ein") if hour == 1 else german, english


def clock(rng: random.Random, hours: range = range(1, 13)) -> tuple[str, str]:
    """A clock time at one of ``hours`` (1-12), as said or as written: "drei Uhr" :: "three
    o'clock", "halb vier" :: "half past three", "Viertel vor acht" :: "quarter to eight", "zehn
    nach neun" :: "ten past nine", "7:30 Uhr" :: "7:30"; when ``hours`` are all of them, also
    an afternoon's or evening's in 24 hours: "18 Uhr" :: "6 pm"."""
    hour = rng.choice(hours)
    following = hour % 12 + 1
    forms = {"full": 4, "half": 3, "past": 2, "to": 2, "minutes": 1, "digits": 2, "pm": 1}
    if len(hours) < 12 or hour == 12:  # "jeden Morgen um 18 Uhr" contradicts itself
        del forms["pm"]
    form = rng.choices(list(forms), list(forms.values()))[0]
    if form == "full":
        return f"{hour_word(hour)[0]} Uhr", f"{hour_word(hour)[1]} o'clock"
    if form == "half":
        return f"halb {hour_word(following, True)[0]}", f"half past {hour_word(hour)[1]}"
    if form == "past":
        return f"Viertel nach {hour_word(hour, True)[0]}", f"quarter past {hour_word(hour)[1]}"
    if form == "to":
        german, english = hour_word(following, True)
        return f"Viertel vor {german}", f"quarter to {english}"
    if form == "minutes":
        _, german_minutes, english_minutes = rng.choice(MINUTES)
        if rng.random() < 0.5:
            return (f"{german_minutes} nach {hour_word(hour, True)[0]}",
                    f"{english_minutes} past {hour_word(hour)[1]}")  # fmt: skip
        german, english = hour_word(following, True)
        return f"{german_minutes} vor {german}", f"{english_minutes} to {english}"
    if form == "digits":
        minutes = rng.choice((0, 0, 15, 30, 45))
        if minutes == 0:
            return f"{hour} Uhr", f"{hour} o'clock"
        return f"{hour}:{minutes} Uhr", f"{hour}:{minutes}"
    return f"{hour + 12} Uhr", f"{hour} pm"


def time_for(
    rng: random.Random,
    category: str,
    keep: Callable[[tuple[str, str]], bool] = bool,
    clock_time: bool = True,
) -> tuple[str, str]:
    """A time expression for a clause of ``category`` (a key of senses.TIMES): from the table
    (those ``keep`` allows), or, when ``clock_time``, for CLOCK_SHARE of a habit's, a plan's or
    the past's, a clock time, alone or after a day: "am Samstag um acht Uhr" :: "on Saturday at
    eight o'clock". (Not for what one likes doing: "Ich lese gern um 8:15 Uhr." is odd.)"""
    table = [time for time in senses.TIMES[category] if keep(time)]
    clocked = clock_time and category in ("habit", "plan", "past")
    if not clocked or rng.random() >= CLOCK_SHARE:
        return rng.choice(table)
    days = [time for time in table if time[1] in BEFORE_CLOCK]
    if days and rng.random() < 0.4:
        german_day, english_day = rng.choice(days)
        german, english = clock(rng, BEFORE_CLOCK[english_day])
        return f"{german_day} um {german}", f"{english_day} at {english}"
    german, english = clock(rng)
    return f"um {german}", f"at {english}"


def clock_words() -> frozenset[str]:
    """The words of clock times, case-folded: "um", "uhr", "halb", "viertel", the hours."""
    hours = {hour_word(hour, alone)[0] for hour in range(1, 13) for alone in (False, True)}
    minutes = {german for _, german, _ in MINUTES}
    return frozenset(w.casefold() for w in {"um", "Uhr", "halb", "Viertel", *hours, *minutes})


def ordinal(day: int) -> str:
    """English ordinal in digits: 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 22nd."""
    if day % 100 in (11, 12, 13):
        return f"{day}th"
    return f"{day}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th') }"


def date(rng: random.Random) -> tuple[str, str]:
    """A day of a month as a class writes it: "14. Mai" :: "14th of May" (on its own the
    German reads "der vierzehnte Mai")."""
    month = rng.randrange(12)
    day = rng.randint(1, DAYS_IN_MONTH[month])
    german_month, english_month = MONTH_NAMES[month]
    return f"{day}. {german_month}", f"{ordinal(day)} of {english_month}"


def dates(rng: random.Random, words: Vocabulary) -> tuple[str, str]:
    """The day, the date, a birthday: "Heute ist Mittwoch, der 14. Mai." :: "Today is Wednesday,
    the 14th of May."; "Gestern war Sonntag." :: "Yesterday was Sunday."; "Mein Geburtstag ist
    am 3. Juni." :: "My birthday is on the 3rd of June."; "Sie hat im Oktober Geburtstag." ::
    "Her birthday is in October."."""
    del words
    roll = rng.random()
    german_day, english_day = rng.choice(WEEKDAYS)
    if roll < 0.25:
        german_when, english_when, german_is, english_is = rng.choice((
            ("Heute", "Today", "ist", "is"), ("Morgen", "Tomorrow", "ist", "is"),
            ("Gestern", "Yesterday", "war", "was")))  # fmt: skip
        return (
            f"{german_when} {german_is} {german_day}.",
            f"{english_when} {english_is} {english_day}.",
        )
    if roll < 0.45:
        german_date, english_date = date(rng)
        if rng.random() < 0.5:
            return f"Heute ist der {german_date}.", f"Today is the {english_date}."
        return (f"Heute ist {german_day}, der {german_date}.",
                f"Today is {english_day}, the {english_date}.")  # fmt: skip
    if roll < 0.5:
        return rng.choice((("Welcher Tag ist heute?", "What day is it today?"),
                           ("Der Wievielte ist heute?", "What is the date today?")))  # fmt: skip
    german_when, english_when = rng.choice(senses.MONTHS)
    if rng.random() < 0.5:
        german_date, english_date = date(rng)
        german_when, english_when = f"am {german_date}", f"on the {english_date}"
    key = rng.choice(("ich", "du", "er", "sie", "Sie"))  # one birthday: one owner
    stem, english_owner = grammar.POSSESSIVES[key]
    if rng.random() < 0.5:
        owner = grammar.ein_word(stem, "nom", "m").capitalize()
        return (f"{owner} Geburtstag ist {german_when}.",
                f"{english_owner.capitalize()} birthday is {english_when}.")  # fmt: skip
    nom, _, _, _, _, person = grammar.PRONOUNS[key]
    have = grammar.IRREGULAR_PRESENT["haben"][0][person]
    return (f"{nom.capitalize()} {have} {german_when} Geburtstag.",
            f"{english_owner.capitalize()} birthday is {english_when}.")  # fmt: skip

"""Clock times, days and dates as a class says them: "um Viertel nach sieben" :: "at quarter
past seven", "Heute ist Mittwoch, der 14. Mai." :: "Today is Wednesday, the 14th of May.".

German counts the half hour towards the next hour ("halb sieben" is half past six), and a class
writes hours both in words and in digits ("um 18 Uhr" :: "at 6 pm"); a model trained on the
dictionary's idioms got every such time and date wrong. The clauses draw their time
expressions through :func:`time_for` (a table time from :data:`senses.TIMES`, or a clock time,
alone or after a day); :func:`date_sentence` and :func:`schedule` ("Wann fängt das Konzert an?"
:: "When does the concert start?") are templates of their own.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from everyday import grammar, senses
from everyday.pairs import Pair, join_words, sentence
from everyday.phrases import Noun, Vocabulary, determined, pronoun

CLOCK_SHARE = 0.2  # of the times drawn for a habit, a plan or the past: a clock time
AFTER_DAY_SHARE = 0.4  # of those clock times: after a day ("am Samstag um acht Uhr")
WEEKDAYS = (
    ("Montag", "Monday"), ("Dienstag", "Tuesday"), ("Mittwoch", "Wednesday"),
    ("Donnerstag", "Thursday"), ("Freitag", "Friday"), ("Samstag", "Saturday"),
    ("Sonntag", "Sunday"),
)  # fmt: skip
ANY_TIME, MORNING, EVENING = range(1, 13), "morning", "evening"
# the table times (senses.TIMES, by their English) a clock time may follow, the hours that suit
# them and the part of the day they name: "jeden Morgen um halb sieben" :: "every morning at
# half past six", not "jeden Morgen um zehn vor elf"; an evening's written hour is 24-hour
# ("jeden Abend um 18:45 Uhr" :: "every evening at 6:45 pm")
BEFORE_CLOCK = {
    "every day": (ANY_TIME, ""), "every morning": (range(6, 10), MORNING),
    "every evening": (range(6, 11), EVENING), "today": (ANY_TIME, ""),
    "tomorrow": (ANY_TIME, ""), "tomorrow morning": (range(6, 12), MORNING),
    "tonight": (range(6, 12), EVENING), "yesterday": (ANY_TIME, ""),
    "this morning": (range(6, 12), MORNING), "last night": (range(6, 12), EVENING),
    **{f"on {english}": (ANY_TIME, "") for _, english in WEEKDAYS},
}  # fmt: skip
MONTH_NAMES = tuple(
    (german.removeprefix("im "), english.removeprefix("in ")) for german, english in senses.MONTHS
)
DAYS_IN_MONTH = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
MINUTES = (("fünf", "five"), ("zehn", "ten"), ("zwanzig", "twenty"))
# how often each way of saying a time is drawn: the full and the half hour most, as a class
# says them; the 24-hour "pm" form only for a time of day not already named
CLOCK_FORMS = {"full": 4, "half": 3, "past": 2, "to": 2, "minutes": 1, "digits": 2, "pm": 1}


def hour_word(hour: int, *, alone: bool = False) -> tuple[str, str]:
    """The German and English of ``hour`` (1-12): "ein" before "Uhr", "eins" ``alone`` ("halb
    eins", "Viertel nach eins")."""
    german, english = grammar.NUMBERS[hour]
    return ("eins" if alone else "ein") if hour == 1 else german, english


def clock(rng: random.Random, hours: range = ANY_TIME, part: str = "") -> tuple[str, str]:
    """A clock time at one of ``hours`` (1-12) of the day's ``part`` ("" for any), as said or
    as written: "drei Uhr" :: "three o'clock", "halb vier" :: "half past three", "Viertel vor
    acht" :: "quarter to eight", "zehn nach neun" :: "ten past nine", "7:30 Uhr" :: "7:30"; for
    the evening written in 24 hours ("18:45 Uhr" :: "6:45 pm"), and for any time of day also an
    afternoon's or evening's whole hour ("18 Uhr" :: "6 pm")."""
    hour = rng.choice(hours)
    following = hour % 12 + 1
    forms = dict(CLOCK_FORMS)
    if hours != ANY_TIME or hour == 12:  # "jeden Morgen um 18 Uhr" contradicts itself
        del forms["pm"]
    form = rng.choices(list(forms), list(forms.values()))[0]
    said, english_hour = hour_word(hour, alone=True)
    if form == "full":
        return f"{hour_word(hour)[0]} Uhr", f"{english_hour} o'clock"
    if form == "half":
        return f"halb {hour_word(following, alone=True)[0]}", f"half past {english_hour}"
    if form == "past":
        return f"Viertel nach {said}", f"quarter past {english_hour}"
    if form == "to":
        german, english = hour_word(following, alone=True)
        return f"Viertel vor {german}", f"quarter to {english}"
    if form == "minutes":
        german_minutes, english_minutes = rng.choice(MINUTES)
        if rng.random() < 0.5:
            return f"{german_minutes} nach {said}", f"{english_minutes} past {english_hour}"
        german, english = hour_word(following, alone=True)
        return f"{german_minutes} vor {german}", f"{english_minutes} to {english}"
    if form == "digits":
        minutes = rng.choice((0, 0, 15, 30, 45))
        return written_time(hour, minutes, part == EVENING)
    return f"{hour + 12} Uhr", f"{hour} pm"


def written_time(hour: int, minutes: int, evening: bool) -> tuple[str, str]:
    """A time as a class writes it, German in 24 hours: "7 Uhr" :: "7 o'clock", "7:30 Uhr" ::
    "7:30", and in the evening "19:30 Uhr" :: "7:30 pm"."""
    if evening:
        time = f"{hour + 12}:{minutes:02d}" if minutes else f"{hour + 12}"
        return f"{time} Uhr", f"{hour}:{minutes:02d} pm" if minutes else f"{hour} pm"
    if minutes == 0:
        return f"{hour} Uhr", f"{hour} o'clock"
    return f"{hour}:{minutes} Uhr", f"{hour}:{minutes}"


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
    if days and rng.random() < AFTER_DAY_SHARE:
        german_day, english_day = rng.choice(days)
        german, english = clock(rng, *BEFORE_CLOCK[english_day])
        return f"{german_day} um {german}", f"{english_day} at {english}"
    german, english = clock(rng)
    return f"um {german}", f"at {english}"


def clock_words() -> frozenset[str]:
    """The words of clock times, case-folded: "um", "uhr", "halb", "viertel", the hours."""
    hours = {hour_word(hour, alone=alone)[0] for hour in range(1, 13) for alone in (False, True)}
    minutes = {german for german, _ in MINUTES}
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


def date_sentence(rng: random.Random, words: Vocabulary) -> tuple[str, str]:
    """A template (``words`` unused: dates need no vocabulary): the day, the date, or a
    birthday, in the shares a class talks about them: "Gestern war Sonntag." :: "Yesterday was
    Sunday."; "Heute ist Mittwoch, der 14. Mai." :: "Today is Wednesday, the 14th of May.";
    "Welcher Tag ist heute?"; "Mein Geburtstag ist am 3. Juni." :: "My birthday is on the 3rd of
    June."."""
    del words
    roll = rng.random()
    weekday = rng.choice(WEEKDAYS)
    if roll < 0.25:
        return _day_is(rng, weekday)
    if roll < 0.45:
        return _date_is(rng, weekday)
    if roll < 0.5:
        return rng.choice((("Welcher Tag ist heute?", "What day is it today?"),
                           ("Der Wievielte ist heute?", "What is the date today?")))  # fmt: skip
    return _birthday(rng)


def _day_is(rng: random.Random, weekday: tuple[str, str]) -> tuple[str, str]:
    """ "Heute ist Freitag." :: "Today is Friday."; "Gestern war Sonntag."."""
    german_when, english_when, german_is, english_is = rng.choice((
        ("Heute", "Today", "ist", "is"), ("Morgen", "Tomorrow", "ist", "is"),
        ("Gestern", "Yesterday", "war", "was")))  # fmt: skip
    return sentence(
        f"{german_when} {german_is} {weekday[0]}", f"{english_when} {english_is} {weekday[1]}"
    )


def _date_is(rng: random.Random, weekday: tuple[str, str]) -> tuple[str, str]:
    """ "Heute ist der 14. Mai." :: "Today is the 14th of May.", with the weekday or not."""
    german_date, english_date = date(rng)
    if rng.random() < 0.5:
        return sentence(f"heute ist der {german_date}", f"today is the {english_date}")
    return sentence(
        f"heute ist {weekday[0]}, der {german_date}", f"today is {weekday[1]}, the {english_date}"
    )


def _birthday(rng: random.Random) -> tuple[str, str]:
    """One person's birthday in a month or on a date, said either German way: "Mein Geburtstag
    ist im Oktober." / "Sie hat am 3. Juni Geburtstag." :: "Her birthday is on the 3rd of
    June."."""
    german_when, english_when = rng.choice(senses.MONTHS)
    if rng.random() < 0.5:
        german_date, english_date = date(rng)
        german_when, english_when = f"am {german_date}", f"on the {english_date}"
    key = rng.choice(grammar.SINGLE_OWNERS)  # one birthday: one owner
    owner, english_owner = grammar.possessive(key, "nom", "m")
    english = f"{english_owner} birthday is {english_when}"
    if rng.random() < 0.5:
        return sentence(f"{owner} Geburtstag ist {german_when}", english)
    subject = pronoun(key)
    have = grammar.present("haben", subject.person)
    return sentence(f"{subject.german['nom']} {have} {german_when} Geburtstag", english)


# The verbs of a timetable (their English is the sense table's: start, begin, end)
SCHEDULE_VERBS = frozenset({"anfangen", "beginnen", "enden"})
# an event no timetable starts, and the film: the ten's "Wann fängt der Film an?" measures
# whether a model puts together words it learnt apart
UNSCHEDULED = frozenset({"Gewitter", "Film"})
SCHEDULE_DAYS = (("heute", "today"), ("morgen", "tomorrow"), ("am Freitag", "on Friday"),
                 ("am Samstag", "on Saturday"), ("am Montag", "on Monday"))  # fmt: skip
DURATIONS = (("eine Stunde", "an hour"), ("zwei Stunden", "two hours"),
             ("dreißig Minuten", "thirty minutes"), ("45 Minuten", "45 minutes"))  # fmt: skip
# what lasts days, not hours (no week-long flight, a reviewer's finding), and so starts on a day,
# not at a time ("Der Urlaub fängt am Samstag an.", not "um 6:45 Uhr"); nor does a flight
LONG_EVENTS = frozenset({"Reise", "Urlaub", "Klassenfahrt"})
UNTIMED = LONG_EVENTS | {"Flug"}
LONG_DURATIONS = (("drei Tage", "three days"), ("eine Woche", "a week"),
                  ("zwei Wochen", "two weeks"))  # fmt: skip


def _event(rng: random.Random, words: Vocabulary) -> Noun | None:
    """An event (what the sense table's "anfangen" takes): "Konzert", "Party", "Reise"."""
    events = [
        noun
        for noun in words.nouns
        if "event" in noun.sense.kinds
        and not noun.sense.bare
        and noun.sense.german not in UNSCHEDULED
    ]
    return rng.choice(events) if events else None


def schedule(rng: random.Random, words: Vocabulary) -> Pair | None:
    """When an event starts or ends, and how long it lasts, in the simple present English says
    timetables in: "Wann fängt das Konzert an?" :: "When does the concert start?"; "Die Party
    beginnt am Freitag um halb acht." :: "The party begins at half past seven on Friday.";
    "Um wie viel Uhr endet die Pause?" :: "What time does the break end?"; "Wie lange dauert
    die Reise?" :: "How long does the trip last?"."""
    event = _event(rng, words)
    verbs = [verb for verb in words.verbs if verb.german.infinitive in SCHEDULE_VERBS]
    if event is None or not verbs:
        return None
    german_event = determined(event, "def", "nom")
    english_event = f"the {event.sense.english}"
    verb = rng.choice(verbs)
    day, english_day = rng.choice(SCHEDULE_DAYS) if rng.random() < 0.3 else ("", "")
    roll = rng.random()
    if roll < 0.15:
        long = event.sense.german in LONG_EVENTS
        length, english_length = rng.choice(LONG_DURATIONS if long else DURATIONS)
        if rng.random() < 0.5:
            return sentence(
                f"Wie lange dauert {german_event}", f"How long does {english_event} last", "?"
            )
        return sentence(
            f"{german_event} dauert {length}", f"{english_event} lasts {english_length}"
        )
    finite, prefix = verb.german.finite(2), verb.german.prefix
    untimed = event.sense.german in UNTIMED
    if roll < 0.55 or untimed and not day:
        asked, english_asked = ("Wann", "When") if untimed or rng.random() < 0.75 else (
            "Um wie viel Uhr", "What time")  # fmt: skip
        german = join_words(asked, finite, german_event, day, prefix)
        english = join_words(english_asked, "does", english_event, verb.english.base, english_day)
        return sentence(german, english, "?")
    if untimed:  # "Der Urlaub fängt am Samstag an."
        return sentence(join_words(german_event, finite, day, prefix),
                        join_words(english_event, verb.english.third, english_day))  # fmt: skip
    hour, english_hour = clock(rng)
    german = join_words(german_event, finite, day, "um", hour, prefix)
    return sentence(
        german, join_words(english_event, verb.english.third, "at", english_hour, english_day)
    )

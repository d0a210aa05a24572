"""Clock times, days and dates in the sentence generator (everyday/times.py): what a
class says of them, in both languages, and that the clauses use them."""

from __future__ import annotations

import random
import re

import pytest

from nmt_core.text.data import DING_PATH


def needs_ding(test):
    """Reads the whole installed dictionary (the slow tier); skipped where Debian has none."""
    missing = pytest.mark.skipif(not DING_PATH.exists(), reason="Ding (trans-de-en) not installed")
    return pytest.mark.slow(missing(test))


HOURS = {"ein": 1, "eins": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6,
         "sieben": 7, "acht": 8, "neun": 9, "zehn": 10, "elf": 11, "zwölf": 12}  # fmt: skip
ENGLISH_HOURS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12}  # fmt: skip


def clock_minutes(german: str) -> int:
    """Minutes after midnight (mod 12 hours) a German clock time says, by the rules a textbook
    gives: "halb sieben" is 6:30, "Viertel vor acht" 7:45, "zehn nach neun" 9:10."""
    if m := re.fullmatch(r"(\d+)(?::(\d+))? Uhr", german):
        return int(m[1]) % 12 * 60 + int(m[2] or 0)
    if m := re.fullmatch(r"(\w+) Uhr", german):
        return HOURS[m[1]] % 12 * 60
    if m := re.fullmatch(r"halb (\w+)", german):
        return (HOURS[m[1]] - 1) % 12 * 60 + 30
    offsets = {"Viertel": 15, "fünf": 5, "zehn": 10, "zwanzig": 20}
    m = re.fullmatch(r"(\w+) (nach|vor) (\w+)", german)
    assert m, german
    offset = offsets[m[1]] if m[2] == "nach" else -offsets[m[1]]
    return (HOURS[m[3]] % 12 * 60 + offset) % 720


def english_clock_minutes(english: str) -> int:
    """The same for the English: "half past six", "quarter to eight", "6 pm", "7:30"."""
    if m := re.fullmatch(r"(\d+)(?::(\d+))?(?: o'clock| pm)?", english):
        return int(m[1]) % 12 * 60 + int(m[2] or 0)
    if m := re.fullmatch(r"(\w+) o'clock", english):
        return ENGLISH_HOURS[m[1]] % 12 * 60
    offsets = {"half": 30, "quarter": 15, "five": 5, "ten": 10, "twenty": 20}
    m = re.fullmatch(r"(\w+) (past|to) (\w+)", english)
    assert m, english
    offset = offsets[m[1]] if m[2] == "past" else -offsets[m[1]]
    return (ENGLISH_HOURS[m[3]] % 12 * 60 + offset) % 720


def test_clock_times_say_the_same_time_in_both_languages():
    """German counts the half hour towards the next hour: "halb sieben" :: "half past six"."""
    from everyday.times import clock

    rng = random.Random(0)
    seen = set()
    for _ in range(2000):
        german, english = clock(rng)
        assert clock_minutes(german) == english_clock_minutes(english), (german, english)
        written = re.match(r"(\d+)", german)  # German writes 24 hours, English says "pm"
        assert bool(written and int(written[1]) > 12) == english.endswith(" pm"), german
        seen.add(re.sub(r"\w+$", "", german).strip() or german)
    assert {"halb", "Viertel nach", "Viertel vor"} <= seen
    assert clock(random.Random(1), range(6, 7))[1] != "6 pm"
    afternoon = {clock(rng) for _ in range(2000)}
    assert ("18 Uhr", "6 pm") in afternoon and ("halb eins", "half past twelve") in afternoon
    assert ("ein Uhr", "one o'clock") in afternoon


def test_a_clock_time_after_a_day_suits_it():
    """ "jeden Morgen um halb sieben" :: "every morning at half past six"; never a morning at
    18 Uhr."""
    from everyday.times import time_for

    rng = random.Random(2)
    drawn = [time_for(rng, "habit") for _ in range(4000)]
    mornings = [(g, e) for g, e in drawn if g.startswith("jeden Morgen um")]
    assert mornings and all(e.startswith("every morning at ") for _, e in mornings)
    for german, english in mornings:  # hours 6-9: from 5:35 ("fünf vor sechs") to 9:55
        assert 335 <= clock_minutes(german.removeprefix("jeden Morgen um ")) <= 595, german
        assert "pm" not in english, english
    evenings = [(g, e) for g, e in drawn if re.match(r"jeden Abend um \d", g)]
    assert evenings  # written in 24 hours: "jeden Abend um 18:45 Uhr" :: "... at 6:45 pm"
    for german, english in evenings:
        assert 18 <= int(re.search(r"um (\d+)", german)[1]) <= 22 and english.endswith("pm")
    for german, english in drawn:
        if " um " in f" {german}":
            assert english.count(" at ") + english.startswith("at ") == 1, (german, english)
    share = sum(" um " in f" {german}" for german, _ in drawn) / len(drawn)
    assert 0.1 < share < 0.3
    assert all(" um " not in f" {time_for(rng, 'since')[0]}" for _ in range(200))


OWNERS = {"Ich": "My", "Mein": "My", "Du": "Your", "Dein": "Your", "Er": "His", "Sein": "His"}


def test_dates_use_english_ordinals_and_birthdays_take_am_or_im():
    from everyday.times import date_sentence, ordinal

    days = (1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 31)
    assert (
        " ".join(ordinal(d) for d in days) == "1st 2nd 3rd 4th 11th 12th 13th 21st 22nd 23rd 31st"
    )
    rng = random.Random(4)
    drawn = {date_sentence(rng, None) for _ in range(3000)}
    for german, english in drawn:
        if m := re.search(r"(\d+)\. (\w+)", german):
            assert f"{m[1]}" == re.search(r"(\d+)(st|nd|rd|th) of", english)[1], (german, english)
            assert not (m[2] == "Februar" and int(m[1]) > 29), german
        if "Geburtstag" in german:
            assert " am " in german and " on the " in english or " im " in german, german
            assert (" im " in german) == bool(re.search(r" in [A-Z]", english)), german
            owner = german.split()[0]  # "Mein Geburtstag ...", "Er hat ... Geburtstag."
            assert english.split()[0] == OWNERS.get(owner, english.split()[0]), (german, english)
    assert ("Heute ist Mittwoch.", "Today is Wednesday.") in drawn
    assert ("Gestern war Sonntag.", "Yesterday was Sunday.") in drawn


@needs_ding
def test_clauses_and_the_phrasebook_say_clock_times(draw_with_times):
    """The templates put clock times where a time goes, verb second after one too: "Um halb
    sieben steht er auf." :: "He gets up at half past six."; not with what one likes doing."""
    clock = [(g, e) for g, e in draw_with_times if re.search(r"\b[Uu]m (halb|Viertel|\w+ Uhr)", g)]
    assert len(clock) > len(draw_with_times) / 50
    assert any(g.startswith("Um ") for g, _ in clock)
    assert not [g for g, _ in clock if " gern " in g]  # "Ich lese gern um 8:15 Uhr." is odd
    assert any(g.startswith("Es ist Viertel") for g, _ in draw_with_times)
    assert any(" kostet " in g for g, _ in draw_with_times)
    assert any(re.search(r"\b\d+ Jahre alt", g) for g, _ in draw_with_times)


@pytest.fixture(scope="module")
def draw_with_times(ding):
    from everyday.generator import generate

    return generate(ding, 6000, 3)


@needs_ding
def test_a_timetable_says_when_does_it_start_and_ends_with_the_separable_prefix(ding):
    """ "Wann fängt das Konzert an?" :: "When does the concert start?" (not "catching": every
    model read "fängt ... an" so in three blind sets); "Der Unterricht fängt um Viertel vor acht
    an." :: "Class starts at quarter to eight."."""
    from everyday.phrases import vocabulary
    from everyday.times import schedule

    words = vocabulary(ding)
    rng = random.Random(4)
    drawn = [p for p in (schedule(rng, words) for _ in range(1500)) if p]
    assert len(drawn) > 1400
    for german, english in drawn:
        if " fängt " in german:
            assert german.endswith((" an?", " an.")), german
            assert re.search(r"\b(start|starts)\b", english), (german, english)
        if german.startswith(("Wann ", "Um wie viel Uhr ")):
            assert english.startswith(("When does ", "What time does ")), (german, english)
        assert not re.search(r"Gewitter|Film", german), german
        if re.search(r"(Urlaub|Reise|Flug) \w+ (\w+ )?um ", german):  # a holiday at 6:45
            raise AssertionError(german)
        if re.search(r"dauert .*(Tage|Woche)", german):
            assert re.search(r"(Reise|Urlaub|Klassenfahrt) dauert", german), german
    assert any(g.startswith("Wann fängt ") for g, _ in drawn)

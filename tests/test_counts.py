"""Counting in the sentence generator (everyday/counts.py): the plural after the
number in both languages, "there are" for what is somewhere."""

from __future__ import annotations

import random
import re

import pytest

from nmt_core.text.data import DING_PATH


def needs_ding(test):
    """Reads the whole installed dictionary (the slow tier); skipped where Debian has none."""
    missing = pytest.mark.skipif(not DING_PATH.exists(), reason="Ding (trans-de-en) not installed")
    return pytest.mark.slow(missing(test))


@needs_ding
def test_counts_put_the_plural_after_the_number_and_say_there_are(ding):
    """ "Ich habe zwei Schwestern und einen Bruder." :: "I have two sisters and a brother.";
    "Im Park sind zehn Kinder." :: "There are ten children in the park." (nmt_core/corpora/
    counts.py); no more than five brothers."""
    from everyday import grammar
    from everyday.counts import counted
    from everyday.grammar import NUMBERS
    from everyday.phrases import vocabulary

    words = vocabulary(ding)
    plurals = {noun.plural: noun.english_plural for noun in words.nouns}
    numbers = dict(NUMBERS)
    rng = random.Random(8)
    drawn = [p for p in (counted(rng, words) for _ in range(3000)) if p]
    assert len(drawn) > 2000
    for german, english in drawn:
        m = re.search(r"\b(\w+) (\w+)( und|[.?])", german)
        if m and m[1] in numbers and m[2] in plurals:
            assert f"{numbers[m[1]]} {plurals[m[2]]}" in english, (german, english)
        if re.match(r"(Im|In|Am|Auf|An|Es gibt) ", german) and not german.endswith("?"):
            assert english.startswith("There are "), (german, english)
        assert not re.search(
            r"\b(sechs|sieben|acht|neun|zehn|elf|zwölf) (Brüder|Schwestern)", german
        )
        counted_ones = rf"\b({'|'.join(numbers)}) (Wale|Löwen|Ehefrauen|Familien)\b"
        assert not re.search(counted_ones, german), german
        assert not re.search(r"\b(tooths|persons)\b", english), english
    genders = {noun.sense.german: noun.gender for noun in words.nouns}
    checked = 0
    for german, _ in drawn:  # "Es gibt … und einen Hund", "Im Park sind … und ein Hund"
        m = re.search(r"und (einen|eine|ein) (\w+)", german)
        if m and m[2] in genders:
            accusative = not re.search(r"\bsind\b", german)  # hat/habe/es gibt
            case = "acc" if accusative else "nom"
            assert m[1] == grammar.ein_word("ein", case, genders[m[2]]), german
            checked += 1
    assert checked > 200

"""Comparisons in the sentence generator (everyday/comparisons.py) and the degrees
they are made of (Ding's, read by everyday/lexicon.py; English by rule where Ding
gives none)."""

from __future__ import annotations

import random
import re

import pytest

from nmt_core.text.data import DING_PATH


def needs_ding(test):
    """Reads the whole installed dictionary (the slow tier); skipped where Debian has none."""
    missing = pytest.mark.skipif(not DING_PATH.exists(), reason="Ding (trans-de-en) not installed")
    return pytest.mark.slow(missing(test))


def test_english_degrees_by_rule():
    from everyday.english_forms import english_degrees

    assert [english_degrees(w)[0] for w in ("tall", "big", "nice", "happy", "thin", "good")] == [
        "taller", "bigger", "nicer", "happier", "thinner", "better"]  # fmt: skip
    assert [english_degrees(w)[1] for w in ("famous", "tired", "hard-working", "fast")] == [
        "most famous", "most tired", "most hard-working", "fastest"]  # fmt: skip


@needs_ding
def test_ding_gives_the_degrees_of_the_sense_table_s_adjectives(ding):
    """ "alt {adj} | älter | am ältesten :: old | older; elder | oldest; eldest"; "größt"
    (am größten) with its ß; no "kindlier" for "kind" from a segment out of line."""
    from everyday.degrees import Degrees

    lexicon = ding
    assert lexicon.degrees["alt"] == Degrees("älter", "ältest")
    assert lexicon.degrees["groß"] == Degrees("größer", "größt")
    assert lexicon.degrees["gut"] == Degrees("besser", "best")
    assert lexicon.degrees["teuer"] == Degrees("teurer", "teuerst")
    assert lexicon.english_degrees["old"] == Degrees("older", "oldest")
    assert lexicon.english_degrees["expensive"] == Degrees("more expensive", "most expensive")
    assert lexicon.english_degrees.get("kind", Degrees("", "")).comparative != "kindlier"


@needs_ding
def test_comparisons_say_als_ich_as_than_me_and_decline_the_superlative(ding):
    """ "Meine Schwester ist zwei Jahre älter als ich." :: "My sister is two years older than
    me."; "so groß wie" :: "as tall as"; "am größten" :: "the tallest"; "Das ist der
    schnellste Hund." (weak declension after der)."""
    from everyday.comparisons import comparison, superlative
    from everyday.grammar import definite
    from everyday.phrases import vocabulary

    words = vocabulary(ding)
    rng = random.Random(3)
    compared = [p for p in (comparison(rng, words) for _ in range(3000)) if p]
    assert len(compared) > 2500
    objects = {"ich": "me", "du": "you", "er": "him", "wir": "us"}
    for german, english in compared:
        assert (" als " in german) == (" than " in english), (german, english)
        assert (" so " in german) == (" as " in english), (german, english)
        if m := re.search(r" als (ich|du|er|wir)[.?]$", german):
            assert english.endswith(f" than {objects[m[1]]}{german[-1]}"), (german, english)
        if m := re.search(r"(\w+) Jahre? (älter|jünger) als", german):
            assert re.search(r"\w+ years? (older|younger) than", english), (german, english)
    assert [p for p in compared if re.search(r" Jahre (älter|jünger) als ", p[0])]
    most = [p for p in (superlative(rng, words) for _ in range(2000)) if p]
    genders = {noun.sense.german: noun.gender for noun in words.nouns}
    for german, english in most:
        assert german.startswith("Das") or ("am " in german and " the " in english), german
        if m := re.match(r"Das (ist|sind) (der|die|das) (\w+) (\w+)", german):
            gender = "pl" if m[1] == "sind" else genders.get(m[4])
            assert gender is None or m[2] == definite("nom", gender), german
            assert re.search(r"[sß]ten$" if m[1] == "sind" else r"[sß]te$", m[3]), german
            assert english.startswith("That is the " if m[1] == "ist" else "Those are the ")
    assert ("Wer ist am größten?", "Who is the tallest?") in most


@needs_ding
def test_only_gradable_adjectives_are_comparable(ding):
    """Ding gives "rot | röter" and "riesig | riesiger", but a colour or "huge" is not graded
    in the sentences a class writes: the vocabulary leaves the sense table's ungraded ones out,
    so a template need not know them (no "redder", "huger")."""
    from everyday import senses
    from everyday.phrases import vocabulary

    comparable = {c.sense.german for c in vocabulary(ding).comparables}
    assert {"alt", "groß", "teuer"} <= comparable
    assert not comparable & senses.UNGRADED

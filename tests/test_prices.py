"""Prices in the sentence generator (everyday/prices.py): amounts each language's way,
at prices that suit the thing, agreeing with it."""

from __future__ import annotations

import random
import re

import pytest

from nmt_core.text.data import DING_PATH


def needs_ding(test):
    """Reads the whole installed dictionary (the slow tier); skipped where Debian has none."""
    missing = pytest.mark.skipif(not DING_PATH.exists(), reason="Ding (trans-de-en) not installed")
    return pytest.mark.slow(missing(test))


def test_an_amount_keeps_to_its_range_and_says_einen_euro():
    """A fruit for a euro or two, a laptop for twenty or more, never "ein Euro" after
    "kostet", cents alone only for what costs at most four euros."""
    from everyday.english_forms import with_indefinite
    from everyday.prices import amount, price_range

    rng = random.Random(6)
    assert price_range(frozenset({"food", "fruit"})) == (1, 2)
    assert price_range(frozenset({"machine", "small"})) == (20, 99)
    cheap = [amount(rng, 1, 2) for _ in range(2000)]
    assert {"einen Euro fünfzig", "fünfzig Cent"} <= {german for german, _ in cheap}
    assert not [e for _, e in cheap if re.search(r"\b([3-9]|three|four|five|six|seven)\b", e)]
    dear = [amount(rng, 20, 99) for _ in range(2000)]
    assert not [g for g, _ in dear if "Cent" in g or re.match(r"(einen|zwei|1|2|zehn)\b", g)]
    for german, english in cheap + dear:
        assert not re.search(r"\bein Euro|\b1 euros|\bone euros", f"{german} {english}")
    assert [with_indefinite(w) for w in ("uniform", "euro", "apple", "hour", "umbrella")] == [
        "a uniform", "a euro", "an apple", "an hour", "an umbrella"]  # fmt: skip


@needs_ding
def test_prices_agree_with_the_thing_and_write_their_decimals_each_language_s_way(ding):
    """ "Die Äpfel kosten zwei Euro." :: "The apples cost two euros."; "8,50 Euro" :: "8.50
    euros"; "kostet einen Euro" (accusative); an apple for a euro or two, no bus for sale."""
    from everyday.phrases import vocabulary
    from everyday.prices import price

    words = vocabulary(ding)
    rng = random.Random(5)
    drawn = [price(rng, words) for _ in range(3000)]
    for german, english in drawn:
        assert (" kosten " in german) == (" cost " in english or " are " in english), german
        if m := re.search(r"(\d+),(\d\d) Euro", german):
            assert f"{m[1]}.{m[2]} euros" in english, (german, english)
        assert " ein Euro" not in german, german
        assert not re.search(r"\b1 euros|\bone euros", english), english
    apples = [english for german, english in drawn if re.match(r"\w+ Apfel kostet", german)]
    assert apples and not [e for e in apples if re.search(r"\b([3-9]|eight|three|ten)\b", e)]
    assert not [german for german, _ in drawn if re.match(r"\w+ (Zug|Bus) kostet", german)]
    from everyday.prices import SOLD, UNSOLD

    for noun in words.nouns:  # a ship, a lorry, a door: not for sale
        if noun.sense.kinds & {"vehicle", "door", "building"}:
            assert not noun.sense.kinds & SOLD or noun.sense.kinds & UNSOLD, noun.sense.german
    assert any(german.startswith("Wie viel kosten") for german, _ in drawn)

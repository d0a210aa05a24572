"""A link's text read as a value: what each parser takes, what it refuses, and that it never
raises, whatever the text (hypothesis)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dashboard.state.link_values import choice, flag, real_number, whole_number

# Text that looks like a number to some of Python's string methods: "²" and "³" are digits to
# str.isdigit() but int() refuses them; "٣" (Arabic-Indic three) is decimal; "Ⅻ" and "½" are
# numeric; and any text at all.
NUMBER_LIKE = st.characters(categories=("Nd", "No", "Nl"))
LINK_TEXT = st.one_of(st.text(NUMBER_LIKE, min_size=1, max_size=8), st.text(max_size=40))


@pytest.mark.parametrize(
    "text, number",
    [("3", 3), ("1", 1), ("8", 8), ("007", 7), ("٣", 3), ("0" * 5000 + "5", 5)],
)
def test_whole_numbers_in_range_are_read(text, number):
    assert whole_number(text, 1, 8) == number


@pytest.mark.parametrize(
    "text",
    ["²", "³", "1²", "Ⅻ", "½", "0", "9", "-1", "+3", " 3", "3 ", "3.0", "1_0", "", "x", "9" * 5000],
)
def test_other_text_is_no_whole_number(text):
    assert whole_number(text, 1, 8) is None


@pytest.mark.parametrize(
    "text, number", [("0.5", 0.5), ("5e-1", 0.5), ("100", 100.0), ("0.01", 0.01), (" 2 ", 2.0)]
)
def test_finite_numbers_in_range_are_read(text, number):
    assert real_number(text, 0.01, 100.0) == number


@pytest.mark.parametrize(
    "text", ["nan", "inf", "-inf", "1e400", "0", "101", "0,5", "½", "²", "", "x", "1" * 5000]
)
def test_other_text_is_no_finite_number_in_range(text):
    assert real_number(text, 0.01, 100.0) is None


def test_a_choice_is_one_of_the_options_written_exactly():
    options = {"pieces": "subword pieces", "words": "words"}
    assert choice("words", options) == "words"
    assert choice("pieces", options) == "subword pieces"
    for text in ("Words", "word", " words", "", "²"):
        assert choice(text, options) is None


@pytest.mark.parametrize(
    "text, value",
    [("1", True), ("true", True), ("Yes", True), ("ON", True)]
    + [("0", False), ("false", False), ("No", False), ("off", False)],
)
def test_flags_have_the_usual_spellings_in_any_case(text, value):
    assert flag(text) is value


@pytest.mark.parametrize("text", ["", "2", "¹", "y", "truth", "İ", "١"])
def test_other_text_is_no_flag(text):
    assert flag(text) is None


@given(text=LINK_TEXT)
def test_every_parser_takes_any_text_and_keeps_its_range(text):
    number = whole_number(text, 1, 9999)
    assert number is None or (1 <= number <= 9999 and isinstance(number, int))
    real = real_number(text, 0.01, 100.0)
    assert real is None or (math.isfinite(real) and 0.01 <= real <= 100.0)
    assert choice(text, {"words": 1}) in (None, 1)
    assert flag(text) in (None, True, False)

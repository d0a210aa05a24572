"""Text from a link's query (``?step=3&beam=4&tokens=words``) read as a value, one function per
type; each returns None for a text it cannot use, and never raises.

Pure functions of text, no streamlit; ``inputs`` says which link key takes which type.

Anyone can type anything into an address bar: ``?step=²`` once broke a session, because
``str.isdigit()`` accepts "²" and ``int()`` does not. Digits are read with ``str.isdecimal()``,
which accepts exactly what ``int()`` reads ("3", and "٣" too), and only as many as the range
needs (``int()`` refuses a number of over 4,300 digits).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TypeVar

T = TypeVar("T")

# the spellings of a yes or no that a link may use, in any case
YES, NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")
FLAGS = {**dict.fromkeys(YES, True), **dict.fromkeys(NO, False)}


def whole_number(text: str, low: int, high: int) -> int | None:
    """The whole number ``text`` writes in decimal digits, if ``low <= number <= high``."""
    digits = text.lstrip("0") or "0"  # "007" is 7 and "000" is 0, whatever the range
    if not (text.isdecimal() and len(digits) <= len(str(high))):
        return None
    number = int(digits)
    return number if low <= number <= high else None


def real_number(text: str, low: float, high: float) -> float | None:
    """The finite number ``text`` writes ("0.5", "5e-1"), if ``low <= number <= high``."""
    try:
        number = float(text)
    except ValueError:  # not a number ("½", "0,5", "")
        return None
    return number if math.isfinite(number) and low <= number <= high else None


def choice(text: str, options: Mapping[str, T]) -> T | None:
    """The value of the option ``text`` names, written exactly as the option (case and all)."""
    return options.get(text)


def flag(text: str) -> bool | None:
    """Yes or no: "1", "true", "yes", "on" or "0", "false", "no", "off", in any case."""
    return choice(text.lower(), FLAGS)

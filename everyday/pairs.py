"""A generated sentence pair and how its words are put together, shared by every template
module (the clauses, the times, the prices and the rest): words joined without the empty
ones, a sentence capitalised and closed on both sides."""

from __future__ import annotations

Pair = tuple[str, str]  # (German, English)


def join_words(*words: str) -> str:
    """The words that are not empty, with one space between: a template leaves out a time or
    a negation by passing ""."""
    return " ".join(word for word in words if word)


def sentence(german: str, english_text: str, mark: str = ".") -> Pair:
    """Capitalised first letters and the final mark on both sides."""
    return german[0].upper() + german[1:] + mark, english_text[0].upper() + english_text[1:] + mark

"""Source pieces named with their words: a piece such as "▁He" (of "Heute") reads as English
"He" to a class, so wherever a page names a piece of a longer word it names the word too, and a
word's weight says which pieces it adds up.

The models read subword pieces; guesses and alignments are about words. A word's weight is the
sum of its pieces' (``nmt_core.text.tokenization.word_weights``), a piece's weight is its own:
the two differ whenever a word has more than one piece, and every page says which one a number
is in the same words.
"""

from __future__ import annotations

import string
from collections.abc import Sequence

import numpy as np

from dashboard.views.markdown_text import literal
from nmt_core.text.tokenization import WORD_START, word_groups, words_from_pieces


def _word_of(pieces: Sequence[str], j: int) -> tuple[list[int], str]:
    """The positions of the word piece ``j`` belongs to, and the word they spell."""
    groups, words = word_groups(pieces), words_from_pieces(pieces)
    return next((group, word) for group, word in zip(groups, words, strict=True) if j in group)


def piece_name(pieces: Sequence[str], j: int) -> str:
    """Piece ``j`` as a text names it (Markdown): “▁He” (of Heute) when it is part of a longer
    word, else the piece alone (“▁Hund”, also when only punctuation follows it: “▁Mama” of
    "Mama.")."""
    _, word = _word_of(pieces, j)
    quoted = f"“{literal(pieces[j])}”"
    piece = pieces[j].replace(WORD_START, "")
    whole = piece in (word, word.rstrip(string.punctuation))  # "</s>" is a word of its own
    return quoted if whole else f"{quoted} (of {literal(word)})"


def pieces_by_word(pieces: Sequence[str]) -> str:
    """The numbered pieces, a word's pieces joined by "+" and followed by the word they spell
    ("1:▁He+2:ute = Heute  3:▁kocht"), for a code box (plain text, not Markdown)."""
    shown = []
    for group, word in zip(word_groups(pieces), words_from_pieces(pieces), strict=True):
        numbered = "+".join(f"{k + 1}:{pieces[k]}" for k in group)
        shown.append(f"{numbered} = {word}" if len(group) > 1 else numbered)
    return "  ".join(shown)


def word_weight_sum(pieces: Sequence[str], weights: np.ndarray, word: int) -> str:
    """How word ``word``'s weight (the sum of its pieces') is made (Markdown): "" for a word of
    one piece, else "the sum of its pieces: “▁ko” 0.77 + “cht” 0.22"."""
    group = word_groups(pieces)[word]
    if len(group) == 1:
        return ""
    terms = " + ".join(f"“{literal(pieces[k])}” {weights[k]:.2f}" for k in group)
    return f"the sum of its pieces: {terms}"

"""Which source words a translation attended to, and which no step looked at.

The words no step looked at are the likely ones to be missing from the output
(under-translation).

A word's coverage is the attention its pieces received, summed over every output step
(Tu et al. 2016): about 1 for a word translated once, near 0 for a word no step read. Summed
over the first t steps only, it is the coverage so far, which fills up as the decoder writes;
one word's weight at each step (:func:`attention_by_step`, a column) is what it adds up.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nmt_core.measures.evaluation import coverage
from nmt_core.text.tokenization import EOS_PIECE, word_weights, words_from_pieces
from nmt_core.translate import AttentionView, Hypothesis, Translation

# Below this coverage a word counts as possibly left out: a word translated once gets about 1,
# and a word the output renders was read for at least one step with a weight well above it.
LEFT_OUT_BELOW = 0.25


@dataclass(frozen=True)
class WordCoverage:
    """One source word (or piece, per :func:`source_coverage`) and the attention it received
    over the output steps."""

    index: int  # its position among the source words (or pieces)
    word: str
    coverage: float

    @property
    def has_letters(self) -> bool:
        """Whether the word can be left out of a translation (punctuation and "</s>" cannot)."""
        return self.word != EOS_PIECE and any(char.isalpha() for char in self.word)

    def under(self, threshold: float = LEFT_OUT_BELOW) -> bool:
        """Whether it has letters and its coverage stayed under ``threshold``: possibly left out."""
        return self.has_letters and self.coverage < threshold


def attention_by_step(
    translation: Translation, hypothesis: Hypothesis | None = None, word_level: bool = False
) -> AttentionView | None:
    """(output pieces, source tokens): the weight each output step gave each source piece, or
    each source word (the sum of its pieces'), with the labels of both axes. The rows are the
    decoder's steps whatever ``word_level``: a column is one source token's attention step by
    step, and its sum over the rows is the token's coverage. None without attention."""
    hyp = hypothesis or translation.best
    if hyp.attention is None:
        return None
    pieces = translation.source_pieces
    if not word_level:
        return AttentionView(hyp.attention, pieces, hyp.target_pieces)
    matrix = np.stack([word_weights(row, pieces) for row in hyp.attention])  # (T, words)
    return AttentionView(matrix, tuple(words_from_pieces(pieces)), hyp.target_pieces)


def source_coverage(
    translation: Translation,
    hypothesis: Hypothesis | None = None,
    *,
    word_level: bool = True,
    steps: int | None = None,
) -> list[WordCoverage] | None:
    """Each source word's (or, without ``word_level``, piece's) coverage in ``hypothesis``
    (default: the best), "</s>" included, after its first ``steps`` output steps (default: all
    of them; 0: none yet, all zeros). None for the model without attention, whose steps all
    read one fixed context."""
    view = attention_by_step(translation, hypothesis, word_level)
    if view is None:
        return None
    rows = len(view.target_tokens) if steps is None else steps
    if not 0 <= rows <= len(view.target_tokens):
        raise ValueError(f"steps {steps} outside 0..{len(view.target_tokens)}")
    totals = coverage(view.matrix[:rows]) if rows else np.zeros(len(view.source_tokens))
    return [
        WordCoverage(i, token, float(total))
        for i, (token, total) in enumerate(zip(view.source_tokens, totals, strict=True))
    ]


def word_coverage(
    translation: Translation, hypothesis: Hypothesis | None = None
) -> list[WordCoverage] | None:
    """Each source word's coverage in ``hypothesis`` (default: the best) over every step,
    "</s>" included; None for the model without attention."""
    return source_coverage(translation, hypothesis)


def left_out(
    translation: Translation,
    hypothesis: Hypothesis | None = None,
    threshold: float = LEFT_OUT_BELOW,
) -> list[WordCoverage]:
    """The words with letters whose coverage stayed under ``threshold``: no step looked at
    them, so the output may lack them. [] for the model without attention."""
    words = word_coverage(translation, hypothesis) or []
    return [w for w in words if w.under(threshold)]


def unaligned_words(translation: Translation, hypothesis: Hypothesis | None = None) -> set[int]:
    """The source words (by index) that no output word's strongest attention points at: the
    argmax link of each output word, as the Alignments page draws it. Empty without attention."""
    matrix = translation.word_attention(hypothesis)  # (target words, source words)
    if matrix is None:
        return set()
    return set(range(matrix.shape[1])) - set(matrix.argmax(axis=1).tolist())

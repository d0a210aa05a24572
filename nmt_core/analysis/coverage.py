"""Which source words a translation attended to, and which no step looked at.

The words no step looked at are the likely ones to be missing from the output
(under-translation).

A word's coverage is the attention its pieces received, summed over every output step
(Tu et al. 2016): about 1 for a word translated once, near 0 for a word no step read.
"""

from __future__ import annotations

from dataclasses import dataclass

from nmt_core.measures.evaluation import coverage
from nmt_core.text.tokenization import EOS_PIECE, word_weights, words_from_pieces
from nmt_core.translate import Hypothesis, Translation

# Below this coverage a word counts as possibly left out: a word translated once gets about 1,
# and a word the output renders was read for at least one step with a weight well above it.
LEFT_OUT_BELOW = 0.25


@dataclass(frozen=True)
class WordCoverage:
    """One source word and the attention it received over all output steps."""

    index: int  # its position among the source words
    word: str
    coverage: float

    @property
    def has_letters(self) -> bool:
        """Whether the word can be left out of a translation (punctuation and "</s>" cannot)."""
        return self.word != EOS_PIECE and any(char.isalpha() for char in self.word)


def word_coverage(
    translation: Translation, hypothesis: Hypothesis | None = None
) -> list[WordCoverage] | None:
    """Each source word's coverage in ``hypothesis`` (default: the best), "</s>" included;
    None for the model without attention, whose steps all read one fixed context."""
    hyp = hypothesis or translation.best
    if hyp.attention is None:
        return None
    pieces = translation.source_pieces
    totals = word_weights(coverage(hyp.attention), pieces)
    return [
        WordCoverage(i, word, float(total))
        for i, (word, total) in enumerate(zip(words_from_pieces(pieces), totals, strict=True))
    ]


def left_out(
    translation: Translation,
    hypothesis: Hypothesis | None = None,
    threshold: float = LEFT_OUT_BELOW,
) -> list[WordCoverage]:
    """The words with letters whose coverage stayed under ``threshold``: no step looked at
    them, so the output may lack them. [] for the model without attention."""
    words = word_coverage(translation, hypothesis) or []
    return [w for w in words if w.has_letters and w.coverage < threshold]


def unaligned_words(translation: Translation, hypothesis: Hypothesis | None = None) -> set[int]:
    """The source words (by index) that no output word's strongest attention points at: the
    argmax link of each output word, as the Alignments page draws it. Empty without attention."""
    matrix = translation.word_attention(hypothesis)  # (target words, source words)
    if matrix is None:
        return set()
    return set(range(matrix.shape[1])) - set(matrix.argmax(axis=1).tolist())

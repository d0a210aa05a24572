"""Data shaping for the dashboard: results from ``nmt_core`` -> labelled matrices, rows, LaTeX.

Nothing here runs a model or draws a chart. Every function takes what ``translate`` returned
(a :class:`~nmt_core.translate.Translation` or one of its hypotheses) and arranges it for
``dashboard/figures.py`` or for a table, so the page scripts stay short and the shaping is
tested without Streamlit.

Matrices keep the library's convention: shape ``(tgt_len, src_len)``, row ``t`` = decoder step
``t`` (target token), column ``j`` = source token ``j``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from nmt_core.alignment import alignment_agreement, hard_alignment
from nmt_core.evaluation import attention_entropy, jensen_shannon
from nmt_core.tokenization import EOS_PIECE
from nmt_core.translate import Hypothesis, Translation

MAX_CHARS = 500  # the input box is cut here (decoding time and the heatmap grow with length)

# The alignment model of each scorer, as in the papers (Bahdanau et al. 2015, Sec. 3.1 and
# App. A.1.2; Luong et al. 2015, eq. 8, writing s_t for their h_t). "{q}" is the decoder state
# the scorer reads: s_{t-1} for the Bahdanau decoder (attend, then update), s_t for Luong's.
SCORE_FORMULAS = {
    "additive": r"e_{t,j} = v_a^\top \tanh\left(W_a {q} + U_a h_j\right)",
    "general": r"e_{t,j} = {q}^\top W_a\, h_j",
    "dot": r"e_{t,j} = {q}^\top h_j",
    "scaled_dot": r"e_{t,j} = \frac{{q}^\top h_j}{\sqrt{d}}",
}
SOFTMAX_FORMULA = r"\alpha_{t,j} = \frac{\exp(e_{t,j})}{\sum_{k=1}^{S} \exp(e_{t,k})}"
CONTEXT_FORMULA = r"c_t = \sum_{j=1}^{S} \alpha_{t,j}\, h_j"
ENCODER_FORMULA = (
    r"h_j = \left[\overrightarrow{h}_j ; \overleftarrow{h}_j\right], \quad "
    r"\overrightarrow{h}_j = \mathrm{RNN}(\overrightarrow{h}_{j-1}, x_j), \quad "
    r"\overleftarrow{h}_j = \mathrm{RNN}(\overleftarrow{h}_{j+1}, x_j)"
)
# How the context vector reaches the next word: Bahdanau et al. (2015, Sec. 3.1) feed c_t into
# the RNN; Luong et al. (2015, eq. 5 and 6) combine it with s_t after the RNN.
OUTPUT_FORMULAS = {
    "bahdanau": [
        r"s_t = f(s_{t-1}, y_{t-1}, c_t)",
        r"p(y_t \mid y_{<t}, x) = g(y_{t-1}, s_t, c_t)",
    ],
    "luong": [
        r"\tilde{h}_t = \tanh\left(W_c [c_t ; s_t]\right)",
        r"p(y_t \mid y_{<t}, x) = \mathrm{softmax}(W_s \tilde{h}_t)",
    ],
}
# Where the state the scorer reads comes from. Bahdanau: attend from s_{t-1}, then update with
# c_t (OUTPUT_FORMULAS). Luong: update first, from the previous word and (input feeding) the
# previous attentional state h~_{t-1}, then attend from the new s_t.
LUONG_STATE_FORMULAS = {
    True: r"s_t = f\left(s_{t-1},\ [\,y_{t-1} ; \tilde{h}_{t-1}\,]\right)",
    False: r"s_t = f(s_{t-1}, y_{t-1})",
}
# Without attention (Cho et al. 2014): one summary c of the whole sentence, the same at every step.
FIXED_CONTEXT_FORMULA = (
    r"c_t = c = \left[\overrightarrow{h}_S ; \overleftarrow{h}_1\right]"
    r" \quad \text{for every step } t"
)
FIXED_CONTEXT_OUTPUT_FORMULAS = [
    r"s_t = f(s_{t-1}, y_{t-1}, c)",
    r"p(y_t \mid y_{<t}, x) = g(y_{t-1}, s_t, c)",
]
# What the scorer learns, for the Lesson's gloss of its formula.
SCORER_WEIGHTS = {
    "additive": "W_a, U_a and v_a are learned weights (a small network with one hidden layer).",
    "general": "W_a is a learned matrix.",
    "dot": "nothing is learned here: the score is a plain dot product.",
    "scaled_dot": "nothing is learned here: a dot product divided by the square root of its size.",
}
# Readable names for the scorers, after the papers.
SCORER_NAMES = {
    "additive": "Bahdanau (additive)",
    "general": "Luong multiplicative (general)",
    "dot": "Luong multiplicative (dot)",
    "scaled_dot": "scaled dot product",
    "none": "no attention (Cho et al. 2014)",
}


@dataclass(frozen=True)
class AttentionView:
    """An attention matrix with the labels of its axes.

    matrix: (T, S) weights; target_tokens: T row labels; source_tokens: S column labels.
    """

    matrix: np.ndarray
    source_tokens: tuple[str, ...]
    target_tokens: tuple[str, ...]

    def __post_init__(self) -> None:
        expected = (len(self.target_tokens), len(self.source_tokens))
        if self.matrix.shape != expected:
            raise ValueError(
                f"attention has shape {self.matrix.shape} but the labels need (tgt_len, src_len)"
                f" = {expected}"
            )

    @property
    def shape(self) -> tuple[int, int]:
        return self.matrix.shape  # type: ignore[return-value]

    def without_eos(self) -> AttentionView:
        """Drop the "</s>" row and column (if present), as ``python -m nmt_core align`` does.

        Alignment files count words from 0 and have no end-of-sentence token. The rows then may
        sum to less than 1; hard alignment only compares weights within a row, so that is fine.
        """
        rows = len(self.target_tokens) - (self.target_tokens[-1:] == (EOS_PIECE,))
        cols = len(self.source_tokens) - (self.source_tokens[-1:] == (EOS_PIECE,))
        return AttentionView(
            self.matrix[:rows, :cols], self.source_tokens[:cols], self.target_tokens[:rows]
        )


def attention_view(
    translation: Translation, hypothesis: Hypothesis | None = None, word_level: bool = False
) -> AttentionView | None:
    """The attention of ``hypothesis`` (default: the best) per subword piece or per word.

    Word level uses ``Translation.word_attention``: a source word gets the sum of its pieces'
    weights, a target word the mean of its pieces' rows. None for the no-attention model.
    """
    hyp = hypothesis or translation.best
    if hyp.attention is None:
        return None
    if word_level:
        return AttentionView(
            translation.word_attention(hyp),
            tuple(translation.source_words),
            tuple(hyp.target_words),
        )
    return AttentionView(hyp.attention, translation.source_pieces, hyp.target_pieces)


@dataclass(frozen=True)
class Pairing:
    """Two models' attention on one source and one target, so they can be compared cell by cell.

    how: "same output" when both models produced the same tokens, "forced" when both were
    force-decoded on model A's translation.
    """

    a: AttentionView
    b: AttentionView
    how: str

    @property
    def entropy(self) -> tuple[np.ndarray, np.ndarray]:
        return attention_entropy(self.a.matrix), attention_entropy(self.b.matrix)

    @property
    def divergence(self) -> np.ndarray:
        """(T,) Jensen–Shannon divergence between the two models' rows, in nats."""
        return jensen_shannon(self.a.matrix, self.b.matrix)

    @property
    def agreement(self) -> float:
        """Jaccard agreement of the two argmax alignments."""
        return alignment_agreement(
            hard_alignment(self.a.matrix, "argmax"), hard_alignment(self.b.matrix, "argmax")
        )


def pair_views(a: AttentionView, b: AttentionView, how: str) -> Pairing | None:
    """A :class:`Pairing` when both views have the same tokens on both axes, else None."""
    same_axes = a.source_tokens == b.source_tokens and a.target_tokens == b.target_tokens
    return Pairing(a, b, how) if same_axes else None


def nbest_rows(translation: Translation) -> list[dict[str, Any]]:
    """One row per hypothesis of the n-best list, best first, for a table."""
    return [
        {
            "rank": rank,
            "translation": hyp.text,
            "score": round(float(hyp.score), 4),
            "log_prob": round(float(hyp.log_probs.sum()), 4),
            "pieces": len(hyp.target_pieces),
        }
        for rank, hyp in enumerate(translation.hypotheses, start=1)
    ]


def topk_rows(hypothesis: Hypothesis, step: int) -> tuple[list[str], np.ndarray]:
    """The likeliest next pieces at ``step`` (0-based) and their probabilities."""
    return list(hypothesis.topk_pieces[step]), hypothesis.topk_probs[step]


# --------------------------------------------------------------------------------------------
# Formulas with this sentence's numbers (LaTeX for st.latex; indices only, never user text)
# --------------------------------------------------------------------------------------------


def score_formula(scorer: str, decoder: str) -> str:
    """The alignment model e_{t,j} of ``scorer``, reading s_{t-1} (Bahdanau) or s_t (Luong)."""
    if scorer not in SCORE_FORMULAS:
        raise ValueError(f"no formula for scorer {scorer!r}; known: {', '.join(SCORE_FORMULAS)}")
    query = "s_{t-1}" if decoder == "bahdanau" else "s_t"
    return SCORE_FORMULAS[scorer].replace("{q}", query)


def _vector(values: np.ndarray, shown: int = 8, more: bool = False) -> str:
    """``(0.12, -1.30, ..., 0.05)``: all values when few, else the first ones and the last.

    more: end with an ellipsis (the values are the head of a longer vector).
    """
    numbers = [f"{v:.2f}" for v in np.asarray(values, dtype=float)]
    if len(numbers) > shown:
        numbers = [*numbers[: shown - 2], r"\dots", numbers[-1]]
    if more:
        numbers.append(r"\dots")
    return r"\left(" + r",\ ".join(numbers) + r"\right)"


def _number(value: float) -> str:
    """A number for LaTeX: 3 significant digits, powers of ten written out."""
    mantissa, _, exponent = f"{value:.3g}".partition("e")
    return mantissa if not exponent else rf"{mantissa} \times 10^{{{int(exponent)}}}"


def step_equations(hypothesis: Hypothesis, step: int) -> dict[str, str]:
    """LaTeX lines that put decoder step ``step``'s (0-based) numbers into the formulas.

    Keys, in order: "scores" (the raw scores e_{t,j} over j), "softmax" (worked for the most
    attended source token j*), "weights" (α_{t,j} over j) and "context" (norm and first
    dimensions of c_t), all taken from what ``translate`` returned. Without attention there is
    only "context".
    """
    t = step + 1  # the formulas count from 1
    context = hypothesis.contexts[step]
    head = _vector(context[:4], more=len(context) > 4)
    context_line = (
        rf"\lVert c_{{{t}}} \rVert = {np.linalg.norm(context):.2f}, \quad "
        rf"c_{{{t}}} = {head} \in \mathbb{{R}}^{{{len(context)}}}"
    )
    if hypothesis.attention is None or hypothesis.scores is None:
        return {"context": context_line}
    scores, weights = hypothesis.scores[step], hypothesis.attention[step]
    best = int(weights.argmax())
    j = best + 1
    if np.abs(scores).max() <= 50:  # exp() stays readable: show the plain softmax
        denominator = float(np.exp(scores.astype(np.float64)).sum())
        softmax = (
            rf"\alpha_{{{t},{j}}} = \frac{{\exp({scores[best]:.2f})}}"
            rf"{{\sum_k \exp(e_{{{t},k}})}} = \frac{{{_number(np.exp(scores[best]))}}}"
            rf"{{{_number(denominator)}}} = {weights[best]:.3f}"
        )
    else:  # large scores (dot product): subtract the maximum first, as softmax code does
        shifted = scores.astype(np.float64) - scores.max()
        softmax = (
            rf"\alpha_{{{t},{j}}} = \frac{{\exp(e_{{{t},{j}}} - m)}}"
            rf"{{\sum_k \exp(e_{{{t},k}} - m)}}"
            rf" = \frac{{{_number(np.exp(shifted[best]))}}}{{{_number(np.exp(shifted).sum())}}}"
            rf" = {weights[best]:.3f}, \quad m = \max_k e_{{{t},k}} = {scores.max():.2f}"
        )
    last = len(scores)
    return {
        "scores": rf"(e_{{{t},1}}, \dots, e_{{{t},{last}}}) = {_vector(scores)}",
        "softmax": softmax,
        "weights": rf"(\alpha_{{{t},1}}, \dots, \alpha_{{{t},{last}}}) = {_vector(weights)}",
        "context": context_line,
    }

"""Views shape results into what is drawn: nothing here runs a model, draws a chart or touches
Streamlit.

Here, the shaping every page shares: results from ``nmt_core`` -> labelled matrices, rows,
LaTeX. Every function takes what ``translate`` returned (a
:class:`~nmt_core.translate.Translation` or one of its hypotheses) and arranges it for
``dashboard/figures/`` or for a table, so the page scripts stay short and the shaping is tested
without Streamlit. Callers use ``from dashboard import views``. The modules beside it, one
concern each:

* ``numbers``: the numbers widgets show beside the charts.
* ``querykey``, ``comparison``, ``tour``: the Query–key map, Compare and the Lesson's tour.
* ``formulas``: every LaTeX formula; ``markdown_text``: outside text shown literally.
* ``examples``: the example sentences a teacher can pick.

Matrices keep the library's convention: shape ``(tgt_len, src_len)``, row ``t`` = decoder step
``t`` (target token), column ``j`` = source token ``j``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from dashboard.views.markdown_text import literal
from dashboard.views.pieces import word_weight_sum
from nmt_core.analysis.alignment import (
    Alignment,
    ForcedAlignment,
    align,
    alignment_table,
    check_gold_in_range,
    parse_pharaoh,
)
from nmt_core.analysis.attribution import Agreement
from nmt_core.analysis.beamtree import ROOT, BeamTree
from nmt_core.analysis.whatif import WhatIf
from nmt_core.checkpoint import CheckpointInfo
from nmt_core.measures.step_arithmetic import softmax_terms, vector_norm
from nmt_core.network.scorers import DECODERS, scorer
from nmt_core.text.data import language_names
from nmt_core.text.tokenization import word_weights
from nmt_core.translate import AttentionView, Hypothesis, Translation

MAX_CHARS = 500  # the input box is cut here (decoding time and the heatmap grow with length)


def uploaded_text(data: bytes, name: str) -> str:
    """An uploaded file's text (UTF-8, a byte-order mark dropped); ValueError saying how to
    save it otherwise (a UTF-16 file was once read as garbage and blamed for its line count)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ValueError(f"{name} is UTF-16 text: save it as UTF-8 and upload it again")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise ValueError(
            f"{name} is not UTF-8 text (byte {error.start}): save it as UTF-8 and upload it again"
        ) from None


def gold_for_sentence(text: str, name: str, view: AttentionView) -> tuple[Alignment, Alignment]:
    """The (sure, possible) links of a gold Pharaoh ``text`` for the one sentence of ``view``.

    Raises ValueError, naming ``name`` (the file, or "the pasted line"), for more than one
    non-empty line, anything that is not a link, or a link outside ``view``'s tokens.
    """
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) != 1:
        raise ValueError(
            f"{name} has {len(lines)} lines, but this page scores one sentence: give its line "
            "alone (`python -m nmt_core align --gold FILE` scores a whole file)"
        )
    sure, possible = parse_pharaoh(lines[0])
    shape = (len(view.target_tokens), len(view.source_tokens))
    check_gold_in_range([(sure, possible)], [shape], name)
    return sure, possible


@dataclass(frozen=True)
class AlignmentReport:
    """A forced alignment and its links as table rows (see ``alignment_table``)."""

    aligned: ForcedAlignment
    rows: list[dict[str, Any]]


def alignment_report(
    forced: Translation, method: str, threshold: float, word_level: bool
) -> AlignmentReport | None:
    """The links of ``forced.reference`` as ``nmt_core align`` finds them, with table rows;
    None when there is nothing to align (no attention, or no reference)."""
    aligned = align(forced, method, threshold, word_level)
    if aligned is None:
        return None
    view = aligned.view
    rows = alignment_table(aligned.links, view.source_tokens, view.target_tokens, view.matrix)
    return AlignmentReport(aligned, rows)


def direction_label(direction: str) -> str:
    """``German → English`` for "de-en"."""
    return " → ".join(language_names(direction))


def sentence_prompt(direction: str) -> str:
    """``Type a German sentence above`` (``an English`` one for "en-de")."""
    language = language_names(direction)[0]
    article = "an" if language[0] in "AEIOU" else "a"
    return f"Type {article} {language} sentence above"


def models_help(models: Sequence[CheckpointInfo]) -> str:
    """The model box's help (Markdown): each listed model's scorer and decoder with their
    papers, from the scorer table, and where their formulas are shown."""
    lines = []
    for info in models:
        entry, style = scorer(info.config.scorer), DECODERS[info.config.decoder]
        text = entry.label if entry.paper in entry.label else f"{entry.label}, {entry.paper}"
        if info.config.decoder != entry.decoder:  # not the wiring of the scorer's own paper
            text = f"{text}; {style.label}, {style.paper}"
        lines.append(f"**{literal(info.name)}**: {text}")
    lines.append("Every formula, with the chosen model's own numbers: the Lesson page.")
    return "  \n".join(lines)


def model_label(info: CheckpointInfo) -> str:
    """``de-en-general: Luong multiplicative (general)``: the name, then :func:`model_summary`."""
    return f"{info.name}: {model_summary(info)}"


def model_summary(info: CheckpointInfo) -> str:
    """``Luong multiplicative (general)``; the decoder is named only when it is not the one the
    scorer's paper uses (e.g. additive scoring with a Luong decoder), and coverage, the lexical
    shortcut or guided alignment when the model was trained with them."""
    entry = scorer(info.config.scorer)
    label = entry.label
    decoder = info.config.decoder
    if decoder != entry.decoder:
        label = f"{label}, {DECODERS[decoder].label}"
    if info.config.coverage:
        label = f"{label}, with coverage (the score reads Cₜ₋₁,ⱼ: the attention word j has had)"
    if info.config.lexical:
        label = f"{label}, with the lexical shortcut (Σⱼ αₜⱼ xⱼ to the output)"
    if info.guided_alignment:
        label = f"{label}, attention guided by eflomal links (λ = {info.guided_alignment:g})"
    return label


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


def piece_description(piece: str) -> str:
    """A piece as a caption names it (Markdown); the bare word-start mark "▁" is said to be one."""
    if piece == "▁":
        return "'▁' alone: the start of a new word, whose letters come in the next pieces"
    return literal(repr(piece))


@dataclass(frozen=True)
class Guess:
    """A student's guess of the source word step ``step`` attends to most, and the answer.

    words: the source words (no "</s>"); weights: (words + 1,) the step's attention per word
    (the sum of its pieces'), the last entry the end of the sentence; best: index of the most
    attended (may be the end); pieces, piece_weights: the source pieces and their own weights,
    to say what a word's weight adds up.
    """

    words: tuple[str, ...]
    weights: np.ndarray
    best: int
    pieces: tuple[str, ...]
    piece_weights: np.ndarray

    def verdict(self, guess: int | None) -> str:
        """What the reveal says (Markdown): the answer, its weight and what that weight adds up
        (a word of several pieces: their sum, as the formulas show each piece's), and whether
        ``guess`` was it."""
        answer = self.label(self.best)
        made = word_weight_sum(self.pieces, self.piece_weights, self.best)
        text = f"The model looks most at {answer}: α = {self.weights[self.best]:.2f}" + (
            f", {made}." if made else "."
        )
        if guess is None:
            return text
        if guess == self.best:
            return f"{text} Your guess, {answer}, is right."
        share = f"α = {self.weights[guess]:.2f}"
        return f"{text} Your guess was {self.label(guess)} ({share})."

    def label(self, index: int) -> str:
        return (
            "the end of the sentence"
            if index == len(self.words)
            else f"**{literal(self.words[index])}**"
        )


def guess_for_step(translation: Translation, step: int) -> Guess:
    """The words to guess among at decoder step ``step`` (0-based) of the best hypothesis."""
    if translation.attention is None:
        raise ValueError("a model without attention does not look at any word")
    pieces = translation.source_pieces
    weights = word_weights(translation.attention[step], pieces)
    words = tuple(translation.source_words)
    if words[-1:] == ("</s>",):
        words = words[:-1]
    return Guess(words, weights, int(weights.argmax()), pieces, translation.attention[step])


def what_if_caption(change: WhatIf) -> str:
    """Where the changed translation departs from the original and how likely the model finds
    it (Markdown)."""
    first = change.first_difference
    where = (
        "The model writes exactly the same sentence: this change does not matter here."
        if first is None
        else f"The output changes from step {first + 1} on."
    )
    delta = change.log_prob_change
    if first is None:
        return where
    direction = "more" if delta > 0 else "less"
    return (
        f"{where} The model finds the changed sentence {direction} likely: its log-probability "
        f"(the sum over its pieces) is {abs(delta):.2f} {'higher' if delta > 0 else 'lower'}."
    )


ATTRIBUTION_POINT = (
    "Attention says where the decoder looked, not why it wrote this piece: an attribution asks "
    "instead how much the written piece depended on each source piece (Jain & Wallace 2019 "
    "found the two often disagree; Wiegreffe & Pinter 2019 answered that attention can still "
    "explain, within limits)."
)


def attribution_summary(method: str, sentence: Agreement, step: Agreement, t: int) -> str:
    """The page's second sentence on attention and attribution, with this translation's numbers
    (Markdown): how often the two agree over the sentence and at step ``t`` (0-based)."""
    same = round(sentence.top1 * sentence.steps)
    here = "the same" if step.top1 else "a different"
    return (
        f"Here, {method} puts the most relevant source token on the most attended one at "
        f"**{same} of {sentence.steps} steps** (rankings: Kendall τ {sentence.kendall_tau:.2f}, "
        f"1 = the same order; Jensen–Shannon divergence {sentence.jensen_shannon:.2f}, "
        f"0 = the same weights, 0.69 = none shared); at step {t + 1} it is {here} token "
        f"(τ {step.kendall_tau:.2f})."
    )


def tree_layout(tree: BeamTree) -> dict[int, tuple[int, float]]:
    """Where each node of a beam tree goes: x = its step + 1 (the root at 0); y = the mean row
    of its leaves, leaves numbered in depth-first order, so branches do not cross."""
    places: dict[int, tuple[int, float]] = {}
    leaves = 0

    def place(node: int, depth: int) -> float:
        nonlocal leaves
        children = tree.children(node)
        if children:
            y = float(np.mean([place(child.id, depth + 1) for child in children]))
        else:
            y, leaves = float(leaves), leaves + 1
        places[node] = (depth, y)
        return y

    place(ROOT, 0)
    return places


def topk_rows(hypothesis: Hypothesis, step: int) -> tuple[list[str], np.ndarray]:
    """The likeliest next pieces at ``step`` (0-based) and their probabilities."""
    return list(hypothesis.topk_pieces[step]), hypothesis.topk_probs[step]


# --------------------------------------------------------------------------------------------
# Formulas with this sentence's numbers (LaTeX for st.latex; indices only, never user text)
# --------------------------------------------------------------------------------------------


SHOWN_IN_FULL = 20  # a vector of up to this many pieces is shown whole (the Step page)
PER_ROW = 5  # values a row of a vector holds: five fit a 664-px column at a projector's type


def _vector(
    values: np.ndarray, shown: int = SHOWN_IN_FULL, more: bool = False, mark: int | None = None
) -> str:
    """``(0.12, -1.30, ..., 0.05)`` as rows of ``PER_ROW`` values, one under another (a long
    vector wraps instead of running off the page): every value up to ``shown``, else the first
    ones and the last.

    mark: an index (0-based) to show in bold, labelled j = mark + 1, with its neighbours,
        whatever the elision (the worked softmax below a vector uses that element).
    more: end with an ellipsis (the values are the head of a longer vector).
    """
    numbers = [f"{v:.2f}" for v in np.asarray(values, dtype=float)]
    if mark is not None:
        numbers[mark] = rf"\underset{{j={mark + 1}}}{{\mathbf{{{numbers[mark]}}}}}"
    last = len(numbers) - 1
    if len(numbers) > shown:
        head = 1 if mark is not None else shown - 2
        around = {mark - 1, mark, mark + 1} if mark is not None else set()
        keep = sorted(({*range(head), last} | around) & set(range(last + 1)))
        parts = []
        for k, index in enumerate(keep):
            if k and index > keep[k - 1] + 1:
                parts.append(r"\dots")
            parts.append(numbers[index])
        numbers = parts
    if more:
        numbers.append(r"\dots")
    rows = [r",\ ".join(numbers[k : k + PER_ROW]) for k in range(0, len(numbers), PER_ROW)]
    return "(" + r",\\ ".join(rows) + ")"


def _lines(*lines: str) -> str:
    """LaTeX lines centred one under another: a worked formula fits a projector's width."""
    return r"\begin{gathered}" + r" \\ ".join(lines) + r"\end{gathered}"


def _number(value: float) -> str:
    """A number for LaTeX: 4 significant digits (a quotient of two of them still gives the
    weight to 3 decimals), powers of ten written out."""
    mantissa, _, exponent = f"{value:#.4g}".partition("e")  # '#': 7.000, not 7
    mantissa = mantissa.rstrip(".")
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
    context_line = _lines(
        rf"\lVert c_{{{t}}} \rVert = {vector_norm(context):.2f}",
        rf"c_{{{t}}} = {head} \in \mathbb{{R}}^{{{len(context)}}}",
    )
    if hypothesis.attention is None or hypothesis.scores is None:
        return {"context": context_line}
    scores, weights = hypothesis.scores[step], hypothesis.attention[step]
    best = int(weights.argmax())
    j = best + 1
    # Worked from the scores as shown (2 decimals), and the weight is the quotient of the
    # numerator and denominator as shown, so that a class can redo it by hand: the result may
    # differ from the model's own alpha in the last decimal.
    terms = softmax_terms(np.round(scores, 2), best)
    shown_alpha = float(f"{terms.numerator:.4g}") / float(f"{terms.denominator:.4g}")
    if not terms.shift:  # exp() of the raw scores stays readable: the plain softmax
        softmax = (
            rf"\alpha_{{{t},{j}}} = \frac{{\exp({scores[best]:.2f})}}"
            rf"{{\sum_k \exp(e_{{{t},k}})}} = \frac{{{_number(terms.numerator)}}}"
            rf"{{{_number(terms.denominator)}}} = {shown_alpha:.3f}"
        )
    else:  # large scores (dot product): the maximum m is subtracted first
        softmax = _lines(
            rf"\alpha_{{{t},{j}}} = \frac{{\exp(e_{{{t},{j}}} - m)}}"
            rf"{{\sum_k \exp(e_{{{t},k}} - m)}}"
            rf" = \frac{{{_number(terms.numerator)}}}{{{_number(terms.denominator)}}}"
            rf" = {shown_alpha:.3f}",
            rf"m = \max_k e_{{{t},k}} = {terms.shift:.2f}",
        )
    last = len(scores)
    return {
        "scores": _lines(rf"(e_{{{t},1}}, \dots, e_{{{t},{last}}}) =", _vector(scores, mark=best)),
        "softmax": softmax,
        "weights": _lines(
            rf"(\alpha_{{{t},1}}, \dots, \alpha_{{{t},{last}}}) =", _vector(weights, mark=best)
        ),
        "context": context_line,
    }

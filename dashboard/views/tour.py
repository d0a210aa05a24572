"""The Lesson's guided tour: its steps, from the pieces the encoder reads to the next word, each
with this sentence's own numbers and the page element it points at.

How the tour works:

* "Take the tour" on the Lesson page sets the session key ``tour_step`` (1-based); a link with
  ``?tour=3`` does the same (``inputs.from_link``), and the page writes the step back into its
  URL, so the address bar always reopens the tour where it is.
* :func:`tour_steps` (here: no Streamlit, tested on its own) builds the steps for the decoder
  step the Lesson shows, from the translation and the model's facts: the scorer's formula from
  the scorer table, the numbers from the result and ``nmt_core``.
* ``widgets.tour_panel`` draws the current step in a panel fixed at the bottom of the screen
  with Back / Next / End, outlines the element the step names (each is a container of the
  Lesson keyed by one of :data:`TARGETS`: constant CSS, never user text) and scrolls it into
  view above the panel, so that both are on a projector's one screen.

A model without attention gets a shorter tour that says so: no scores, no weights, one fixed
context. Markdown: every piece, word and model name goes through ``literal``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from dashboard.views.formulas import score_formula, subscripted
from dashboard.views.markdown_text import literal
from dashboard.views.pieces import piece_name
from nmt_core.analysis.coverage import source_coverage
from nmt_core.checkpoint import CheckpointInfo
from nmt_core.measures.step_arithmetic import vector_norm
from nmt_core.measures.temperature import tempered_weights
from nmt_core.network.scorers import DECODERS, scorer
from nmt_core.translate import Translation

# The keys of the Lesson's containers a step can point at, top to bottom.
TARGETS = (
    "tour_pieces",  # section 1: the pieces the encoder reads
    "tour_encoder",  # section 1: the encoder's formula, h_j
    "tour_state",  # section 2: the decoder state the scorer reads
    "tour_scores",  # section 2: the scorer's formula and this step's scores
    "tour_softmax",  # section 3: the softmax and the weights
    "tour_alpha",  # section 3: the bar chart of α_t
    "tour_heatmap",  # section 3: the attention matrix, this step's row framed
    "tour_temperature",  # section 3: the temperature what-if
    "tour_context",  # section 4: c_t
    "tour_next",  # the next word's chart
    "tour_fixed",  # without attention: the one fixed context
)
SHOWN_PIECES = 8  # pieces named in a step's text; of a longer sentence, how many more


@dataclass(frozen=True)
class TourStep:
    """One step of the tour: a title, its text (Markdown with inline LaTeX) and what it
    points at: a container key of :data:`TARGETS`, and/or a page to go on to."""

    title: str
    text: str
    target: str | None = None
    page: str | None = None  # a page script ("app_pages/compare.py") linked from the panel
    page_label: str = ""

    def __post_init__(self) -> None:
        if self.target is not None and self.target not in TARGETS:
            raise ValueError(f"unknown tour target {self.target!r}; valid: {', '.join(TARGETS)}")


def _piece(piece: str) -> str:
    return f"“{literal(piece)}”"


def _numbers(values: np.ndarray, count: int = 3) -> str:
    head = ", ".join(f"{v:.2f}" for v in np.asarray(values, dtype=float)[:count])
    return f"({head}, …)"


def tour_steps(
    result: Translation,
    step: int,
    model: CheckpointInfo,
    models: Sequence[CheckpointInfo],
    annotations: np.ndarray,
) -> tuple[TourStep, ...]:
    """The tour at decoder step ``step`` (0-based) of ``result``'s best hypothesis, made by
    ``model``; ``models``: the models of its direction (the comparison, the model without
    attention); ``annotations``: (S, H) the encoder's h_j of the sentence."""
    first = _reading(result, model, annotations, step)
    written, last = _next_word(result, step), _others(model, models)
    if result.best.attention is None or result.best.scores is None:
        return (*first, _fixed_context(result, model, step), written, *last)
    return (*first, *_scoring(result, step, model), *_weighing(result, step), written, *last)


def _most_attended(result: Translation, step: int) -> tuple[np.ndarray, int, str]:
    """The source positions by their weight at ``step``, most attended first; the first; and
    that piece as the text names it."""
    order = np.argsort(-result.best.attention[step], kind="stable")
    return order, int(order[0]), piece_name(result.source_pieces, int(order[0]))


def _scoring(result: Translation, step: int, model: CheckpointInfo) -> tuple[TourStep, ...]:
    """The decoder's state, this model's scores, and the softmax that makes them weights."""
    hyp, source, t = result.best, result.source_pieces, step + 1
    alpha, scores = hyp.attention[step], hyp.scores[step]
    _, best, top = _most_attended(result, step)
    low, j = int(np.argmin(scores)), best + 1
    config = model.config
    style, entry = DECODERS[config.decoder], scorer(config.scorer)
    formula = score_formula(config.scorer, config.decoder, config.coverage)
    before = hyp.target_pieces[:step]
    so_far = (
        "nothing yet: this is its first piece"
        if not before
        else f"{len(before)} piece{'s' * (len(before) > 1)} so far, the last {_piece(before[-1])}"
    )
    return (
        TourStep(
            "The decoder's state",
            f"At step t = {t} the decoder has written {so_far}. Its state "
            f"${style.query}$ ({literal(style.label)}) holds what it has written: the "
            "attention asks, from that state, which source pieces matter now.",
            "tour_state",
        ),
        TourStep(
            "Scores e: how well each piece fits",
            f"This model's alignment model, {literal(entry.label)}: ${formula}$. It gives each "
            f"of the {len(source)} pieces a score: the highest, "
            f"$e_{{{t},{j}}} = {scores[best]:.2f}$, for {top}; the lowest, {scores[low]:.2f}, "
            f"for {piece_name(source, low)}. A score can be any real number.",
            "tour_scores",
        ),
        TourStep(
            "Softmax: scores become weights",
            f"exp() makes every score positive and the sum divides: {top}'s score "
            f"{scores[best]:.2f} becomes the weight $\\alpha_{{{t},{j}}} = {alpha[best]:.2f}$. "
            f"All {len(source)} weights lie between 0 and 1 and sum to 1; a higher score always "
            "gets the higher weight.",
            "tour_softmax",
        ),
    )


def _weighing(result: Translation, step: int) -> tuple[TourStep, ...]:
    """The weights as bars and as a row of the matrix, at another temperature, and c_t."""
    hyp, t, big = result.best, step + 1, len(result.source_pieces)
    alpha, context = hyp.attention[step], hyp.contexts[step]
    order, best, top = _most_attended(result, step)
    source = result.source_pieces
    runners = ", ".join(f"{piece_name(source, k)} ({alpha[k]:.2f})" for k in order[1:3])
    covered = source_coverage(result, word_level=False)[best].coverage  # its column's sum
    sharp, flat = tempered_weights(hyp.scores[step], 0.1), tempered_weights(hyp.scores[step], 10)
    return (
        TourStep(
            "The weights, one bar per piece",
            f"The chart “Attention weights {subscripted('α', t)}”: the red bar is {top} with "
            f"{alpha[best]:.2f}; next come {runners}. This is where step {t} looks, what a class "
            "guesses first (on its phones too).",
            "tour_alpha",
        ),
        TourStep(
            "One row of the attention matrix",
            f"The same {big} weights are row {t} of the attention matrix (framed): the row of "
            f"{_piece(hyp.target_pieces[step])}, the piece step {t} writes. Every row is one "
            f"decoder step and sums to 1; the heatmap on Translate shows all "
            f"{len(hyp.target_pieces)} rows. A column summed over them is a piece's coverage: "
            f"{covered:.2f} for {top}. Translate draws it under each column: a word that no "
            "row looks at may be missing from the translation. A click on a column's bar "
            "follows that word through every step.",
            "tour_heatmap",
        ),
        TourStep(
            "What if? The temperature",
            f"The model's weights have entropy {sharp.model_entropy:.2f} bits (0 bits: all on "
            f"one piece; {sharp.max_entropy:.2f} bits: the same on all {big}). Drag Temperature: "
            f"α = softmax(e / T). At T = 0.1 {top} would get {sharp.weights[best]:.2f} "
            f"({sharp.entropy:.2f} bits), at T = 10 only {flat.weights[best]:.2f} "
            f"({flat.entropy:.2f} bits). The model itself always uses T = 1.",
            "tour_temperature",
        ),
        TourStep(
            "The context vector cₜ",
            f"$c_{{{t}}} = \\sum_j \\alpha_{{{t},j}} h_j$ mixes the annotations by their "
            f"weights, mostly $h_{{{best + 1}}}$ of {top} (α = {alpha[best]:.2f}). It has "
            f"{len(context)} numbers, length ‖c{t}‖ = {vector_norm(context):.2f}, and begins "
            f"{_numbers(context)}. The animation at the top adds it up piece by piece.",
            "tour_context",
        ),
    )


def _reading(
    result: Translation, model: CheckpointInfo, annotations: np.ndarray, step: int
) -> tuple[TourStep, TourStep]:
    """The first two steps, for every model: the pieces, and the encoder's annotations."""
    source, hyp = result.source_pieces, result.best
    shown = ", ".join(_piece(p) for p in source[:SHOWN_PIECES])
    more = f" and {len(source) - SHOWN_PIECES} more" if len(source) > SHOWN_PIECES else ""
    looked = int(np.argmax(hyp.attention[step])) if hyp.attention is not None else 0
    size = annotations.shape[1]
    return (
        TourStep(
            "The encoder reads the sentence",
            f"{literal(model.name)} does not read words but the S = {len(source)} pieces in the "
            f"box below: {shown}{more}. “▁” marks the start of a word; the last, {_piece('</s>')}, "
            "is the end of the sentence, and attention may look there too.",
            "tour_pieces",
        ),
        TourStep(
            "The encoder's annotations hⱼ",
            f"Two RNNs read the pieces, one left to right, one right to left. Piece j's "
            f"annotation $h_j$ joins their two states: {size} numbers, {size // 2} from each "
            f"direction. $h_{{{looked + 1}}}$, of {piece_name(source, looked)}, begins "
            f"{_numbers(annotations[looked])}",
            "tour_encoder",
        ),
    )


def _next_word(result: Translation, step: int) -> TourStep:
    """The step that ends a decoder step: the piece written and how likely the model found it."""
    hyp = result.best
    pieces, probs = hyp.topk_pieces[step], hyp.topk_probs[step]
    written = hyp.target_pieces[step]
    likely = (
        f"with probability {probs[pieces.index(written)]:.2f}"
        if written in pieces
        else "although it is not among its likeliest (beam search chose it)"
    )
    other = next((k for k, piece in enumerate(pieces) if piece != written), None)
    runner = (
        "" if other is None else f"; the runner-up, {_piece(pieces[other])}, has {probs[other]:.2f}"
    )
    then = (
        "the end of the sentence: decoding stops here"
        if step == len(hyp.target_pieces) - 1
        else f"then step {step + 2} starts again from the scores"
    )
    return TourStep(
        "The next word",
        f"From the context and its state the decoder scores every piece it knows: it writes "
        f"{_piece(written)} {likely}{runner}; {then}.",
        "tour_next",
    )


def _fixed_context(result: Translation, model: CheckpointInfo, step: int) -> TourStep:
    context = result.best.contexts[step]
    return TourStep(
        "No attention here",
        f"{literal(model.name)} has no attention: no scores, no weights, no heatmap. Its "
        "decoder reads one vector c, the last state of each reading direction, at every step: "
        f"‖c‖ = {vector_norm(context):.2f}, beginning {_numbers(context)}. The steps on scores "
        "and weights need a model with attention: choose one in the sidebar.",
        "tour_fixed",
    )


def _others(model: CheckpointInfo, models: Sequence[CheckpointInfo]) -> tuple[TourStep, ...]:
    """The tour's last steps: the other scorers on Compare, the model without attention on
    Why attention (each when the direction has one); for the model without attention, the
    models with it on Why attention."""
    attentive = [m for m in models if m.attends and m.name != model.name]
    if not model.attends:
        if not attentive:
            return ()
        text = (
            f"{literal(attentive[0].name)} has attention: a new context $c_t$ at every step, "
            "made from the pieces it needs now. Why attention shows its contexts beside this "
            "model's one vector; choose it in the sidebar to take the tour with attention."
        )
        return (
            TourStep("With attention", text, page="app_pages/why.py", page_label="Why attention"),
        )
    steps = []
    if attentive:
        names = ", ".join(literal(m.name) for m in attentive)
        steps.append(
            TourStep(
                "Other scorers, the same sentence",
                f"{literal(model.name)} scores with {literal(scorer(model.config.scorer).label)}. "
                f"{names} score the same pieces with other formulas: Compare models puts their "
                "attention beside this one's, on this sentence.",
                page="app_pages/compare.py",
                page_label="Compare models",
            )
        )
    fixed = next((m for m in models if not m.attends), None)
    if fixed is not None:
        text = (
            f"{literal(fixed.name)} has no attention: one fixed vector for the whole sentence, "
            "the same at every step. Why attention shows it beside this model's changing "
            "context, and how each copes with long sentences."
        )
        steps.append(
            TourStep("Without attention", text, page="app_pages/why.py", page_label="Why attention")
        )
    return tuple(steps)

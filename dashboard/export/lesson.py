"""The Lesson of one sentence as one HTML file, for slides and for a class without a server or
a network: the sentence, the model and its formulas, the whole attention, then every decoder
step with its row of the attention, its worked numbers and the likeliest next pieces.

Every number comes from the calls the Lesson and Step pages make to ``views``, every formula
from ``views.formulas``, every chart from ``figures``, and ``figures.export`` writes the page.
"""

from __future__ import annotations

from dashboard import figures, views
from dashboard.figures.export import Block, Chart, Formula, Heading, Paragraph, Table
from dashboard.views import formulas
from nmt_core.checkpoint import CheckpointInfo
from nmt_core.translate import Translation

WHOLE_ATTENTION = "Attention: one row per decoder step"


def lesson_file_name(result: Translation, model: CheckpointInfo) -> str:
    """``attention-lab_lesson_Meine-Schwester-liest-ein-Buch-im-Garten_de-en-additive.html``."""
    return figures.file_name("lesson", result.source, (model.name,)) + ".html"


def lesson_page(result: Translation, model: CheckpointInfo, presentation: bool = False) -> str:
    """The standalone HTML page of the Lesson for ``result``'s best translation by ``model``
    (``presentation``: the charts' projector fonts and colours, as on the page)."""
    hyp = result.best
    title = f"Attention Lab: how {model.name} translates one sentence"
    blocks: list[Block | list[Block]] = [
        Heading(title, 1),
        Paragraph(result.source, "Sentence:"),
        Paragraph(hyp.text, "Translation:"),
        Paragraph(
            f"{views.direction_label(model.direction)}; {views.model_label(model)}", "Model:"
        ),
    ]
    if result.truncated:
        blocks.append(Paragraph("The sentence was cut to the pieces the model reads.", "Note:"))
    blocks += _model_formulas(model, hyp.attention is not None)
    if hyp.attention is not None:
        rows = slice(0, len(hyp.target_pieces))
        blocks += [
            Heading("The whole attention"),
            _chart(result, model, rows, WHOLE_ATTENTION, None, presentation),
        ]
    blocks.append(Heading("Step by step"))
    for t in range(len(hyp.target_pieces)):
        blocks.append(_step(result, model, t, presentation))
    return figures.page(title, blocks)


def _model_formulas(model: CheckpointInfo, attends: bool) -> list[Block]:
    """The Lesson's formulas for ``model``, in its order: encoder, scores, softmax, context,
    output; for a model without attention, its one fixed context."""
    config = model.config
    blocks: list[Block] = [Heading("The model"), Formula(formulas.ENCODER_FORMULA)]
    if not attends:
        shown = (formulas.FIXED_CONTEXT_FORMULA, *formulas.FIXED_CONTEXT_OUTPUT_FORMULAS)
        return blocks + [Formula(line) for line in shown]
    state = formulas.decoder_state_formula(config.decoder, config.input_feeding)
    shown = (
        *([state] if state is not None else []),
        formulas.score_formula(config.scorer, config.decoder, config.coverage),
        formulas.SOFTMAX_FORMULA,
        formulas.CONTEXT_FORMULA,
        *formulas.output_formulas(config.decoder, config.lexical),
    )
    return blocks + [Formula(line) for line in shown]


def _step(result: Translation, model: CheckpointInfo, t: int, presentation: bool) -> list[Block]:
    """Decoder step ``t`` (0-based): the piece written, the attention with its row framed, the
    worked numbers (scores, softmax, weights, context) and the likeliest next pieces."""
    hyp = result.best
    written = hyp.target_pieces[t]
    blocks: list[Block] = [
        Heading(f"Step {t + 1} of {len(hyp.target_pieces)}: the decoder writes “{written}”", 3)
    ]
    if hyp.attention is not None:  # its row alone: the whole matrix at every step grew the
        # file with the cube of the sentence's length (29 MB for 300 characters)
        title = f"Step {t + 1}: its row of the attention"
        blocks.append(_chart(result, model, slice(t, t + 1), title, t + 1, presentation))
    blocks += [Formula(line) for line in views.step_equations(hyp, t).values()]
    pieces, probs = views.topk_rows(hyp, t)
    rows = tuple(
        (piece, f"{prob:.3f}", "written" if piece == written else "")
        for piece, prob in zip(pieces, probs, strict=True)
    )
    return [*blocks, Table(("next piece", "probability", ""), rows)]


def _chart(
    result: Translation,
    model: CheckpointInfo,
    rows: slice,
    title: str,
    step: int | None,
    presentation: bool,
) -> Chart:
    """The attention heatmap of the best translation's ``rows`` (decoder steps), with the name
    and caption its PNG and SVG are saved with (``step``: 1-based, None for the whole)."""
    hyp = result.best
    assert hyp.attention is not None
    fig = figures.attention_heatmap(
        hyp.attention[rows],
        result.source_pieces,
        hyp.target_pieces[rows],
        title=title,
        presentation=presentation,
    )
    name = figures.file_name(title, result.source, (model.name,), step)
    caption = figures.image_caption(result.source, (model.name,), step)
    return Chart(fig, figures.image_spec(fig, caption, name))

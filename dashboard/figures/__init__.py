"""Figures draw: pure functions from results to Plotly figures; no Streamlit, no model, no
arithmetic on results beyond laying them out. Tested on their own (tests/test_figures.py).

Rule: imports numpy and Plotly (segno for the one QR code), and from nmt_core only the result
types it draws (WeightedSum, QueryKeyMap); never streamlit, a model or another dashboard module
(tests/test_structure.py checks it).

Conventions, shared by every chart so that they can be read side by side:

* An attention matrix is ``(tgt_len, src_len)``: rows are target tokens (top to bottom), columns
  source tokens (left to right). Builders raise ``ValueError`` when the labels do not fit it.
* Tokens sit on numeric axes (0, 1, 2, ...) with the tokens as tick text, so a token that
  occurs twice keeps two rows instead of being merged into one category.
* Token text is HTML-escaped before it reaches Plotly: Plotly reads a few tags in labels (it
  would render "</s>" as a strikethrough tag and drop it), and user text must stay text.
* Attention heatmaps share one colour scale, 0 to 1, so two models' heatmaps compare by eye.
* ``presentation=True`` gives large fonts and a colour scale that survives a projector.

One module per kind of figure; callers use ``from dashboard import figures`` and the names below:

* ``colours``: the colour scales, the highlight, paired and per-model colours.
* ``layout``: the look all figures share (template, fonts, titles, token axes, heights).
* ``heatmaps``: attention, the difference of two attentions, context vectors.
* ``coverage``: each source token's coverage as bars, alone or under the heatmap's columns.
* ``animation``: one decoder step, animated in the browser.
* ``bars``: weights, values per token, paired bars, a class's votes, the likeliest next pieces.
* ``qr_code``: the class vote's join link as a QR code (SVG).
* ``lines``: series over decoder steps (one word followed), training curves, BLEU by length.
* ``tree``: the beam search tree.
* ``links``: alignment links between the two sentences.
* ``querykey``: the decoder's queries and the encoder's keys on one plane.
* ``export``: file names and captions of exported images; a figure, or a lesson, as a
  standalone HTML page.
"""

from dashboard.figures.animation import ANIMATION_DIMENSIONS, step_animation
from dashboard.figures.bars import bar_chart, paired_bars, topk_chart, votes_chart, weights_chart
from dashboard.figures.colours import (
    ATTENTION_SCALE,
    DIFFERENCE_SCALE,
    FADE_SCALE,
    HIGHLIGHT,
    MODEL_A_COLOUR,
    MODEL_B_COLOUR,
    NEGATIVE_COLOUR,
    PAIRED_COLOURS,
    POSITIVE_COLOUR,
    PROJECTOR_SCALE,
    SCORER_COLOURS,
    SPARE_COLOURS,
    model_colours,
)
from dashboard.figures.coverage import attention_with_coverage, coverage_chart
from dashboard.figures.export import (
    SAVE_IMAGE_JS,
    file_name,
    image_caption,
    image_spec,
    page,
    plain_title,
    to_html,
)
from dashboard.figures.heatmaps import (
    attention_heatmap,
    context_heatmap,
    difference_heatmap,
    pair_heatmaps,
)
from dashboard.figures.layout import TEMPLATE, TITLE_CHARACTERS, subscript
from dashboard.figures.layout import _labels as _labels  # tests/test_hostile_input.py reads it
from dashboard.figures.lines import (
    bleu_by_length,
    followed_word,
    length_bucket_label,
    step_lines,
    training_curves,
)
from dashboard.figures.links import alignment_links
from dashboard.figures.qr_code import join_qr
from dashboard.figures.querykey import query_key_map
from dashboard.figures.tree import TREE_COLOURS, beam_tree

__all__ = [
    "ANIMATION_DIMENSIONS",
    "ATTENTION_SCALE",
    "DIFFERENCE_SCALE",
    "FADE_SCALE",
    "HIGHLIGHT",
    "MODEL_A_COLOUR",
    "MODEL_B_COLOUR",
    "NEGATIVE_COLOUR",
    "PAIRED_COLOURS",
    "POSITIVE_COLOUR",
    "PROJECTOR_SCALE",
    "SAVE_IMAGE_JS",
    "SCORER_COLOURS",
    "SPARE_COLOURS",
    "TEMPLATE",
    "TITLE_CHARACTERS",
    "TREE_COLOURS",
    "alignment_links",
    "attention_heatmap",
    "attention_with_coverage",
    "bar_chart",
    "beam_tree",
    "bleu_by_length",
    "context_heatmap",
    "coverage_chart",
    "difference_heatmap",
    "file_name",
    "followed_word",
    "image_caption",
    "image_spec",
    "join_qr",
    "pair_heatmaps",
    "length_bucket_label",
    "model_colours",
    "page",
    "paired_bars",
    "query_key_map",
    "plain_title",
    "step_animation",
    "step_lines",
    "subscript",
    "to_html",
    "topk_chart",
    "training_curves",
    "votes_chart",
    "weights_chart",
]

"""The colours of every figure: the explicit colour scales, the highlight, and a line colour
for each model. Captions and legends name colours from here, so they cannot contradict a scale."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import plotly.colors


def _even(colours: Sequence[str]) -> list[list[float | str]]:
    """A Plotly colour scale from a list of colours, spaced evenly from the low end (0) to the
    high end (1).

    Every scale here is such an explicit list, never a scale's name: the figures reach the
    browser unvalidated (``_figure``), and plotly.js's tables run some named scales the other
    way from plotly.py's ("RdBu" is blue to red there, red to blue here; "Blues" dark to light).
    tests/test_colours_in_the_browser.py reads the colours back from Chromium's pixels.
    """
    return [[k / (len(colours) - 1), colour] for k, colour in enumerate(colours)]


# White (0) to dark blue (1): no attention is no ink, easy to read on a screen. ColorBrewer.
ATTENTION_SCALE = _even(plotly.colors.sequential.Blues)
# Dark blue (0) to yellow (1): perceptually uniform, colour-blind safe, keeps contrast when a
# projector washes it out.
PROJECTOR_SCALE = _even(plotly.colors.sequential.Cividis)
# Red (low, < 0) through light grey (0) to blue (high, > 0). Captions name the ends with
# POSITIVE_COLOUR and NEGATIVE_COLOUR, so a legend cannot say the opposite of the scale.
DIFFERENCE_SCALE = _even(plotly.colors.diverging.RdBu)
POSITIVE_COLOUR, NEGATIVE_COLOUR = "blue", "red"
# Compare's models A and B, one colour each across the page: the difference map's blue (A looks
# there more) and its red (B), so every line and legend agrees with the map. Blue against red
# stays apart for red-green colour blindness and on a washed-out projector.
MODEL_A_COLOUR, MODEL_B_COLOUR = plotly.colors.diverging.RdBu[-2], plotly.colors.diverging.RdBu[1]
# The same ends with white at 0: an annotation weighted by a small α fades to white.
FADE_SCALE = [[0.0, "#b2182b"], [0.5, "#ffffff"], [1.0, "#2166ac"]]
HIGHLIGHT = "#d62728"  # the current step / chosen token
PAIRED_COLOURS = {"blue": "#1f77b4", "orange": "#ff7f0e"}  # paired_bars' series, named in titles
# the query-key map's typed sentence: the darker shades of its other points' blue and orange
TYPED_COLOURS = {"queries": "#08306b", "keys": "#a63603"}
# A scorer's usual colour, so the shipped models keep theirs in every chart (Compare, Why
# attention); grey is for the model without attention only.
SCORER_COLOURS = {
    "additive": "#1f77b4",
    "general": "#2ca02c",
    "dot": "#ff7f0e",
    "scaled_dot": "#9467bd",
    "none": "#7f7f7f",
}
SPARE_COLOURS = ("#d62728", "#8c564b", "#e377c2", "#17becf", "#bcbd22")  # for further models


def model_colours(models: Sequence[tuple[str, str]]) -> dict[str, str]:
    """A line colour for each model of ``models`` ((name, scorer) pairs, in the sidebar's
    order), different for every model: the first model of a scorer gets the scorer's colour,
    any other (a second additive model, a scorer not in the table) the next spare colour."""
    colours: dict[str, str] = {}
    spare = itertools.cycle(SPARE_COLOURS)
    for name, scorer in models:
        usual = SCORER_COLOURS.get(scorer)
        colours[name] = usual if usual and usual not in colours.values() else next(spare)
    return colours

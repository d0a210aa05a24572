"""Coverage on the pages: the left-out line, one source word followed step by step, and Beam
search's coverage penalty what-if, without and with it side by side."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import streamlit as st

from dashboard import figures
from dashboard.state import inputs, session
from dashboard.views import coverage
from dashboard.views.coverage import CoverageBars
from dashboard.widgets.charts import Drawn, attention_chart, chart, side_by_side
from nmt_core.translate import AttentionView, Hypothesis, Translation

FOLLOW_HELP = (
    "Pin one source word (or piece), here or by a click on its column of coverage bars: the "
    "chart draws its weight at every output step, so you see when the decoder reads it and "
    "whether it comes back to it. Summed over the steps it is the word's coverage."
)


def left_out(result: Translation, hypothesis: Hypothesis | None = None) -> None:
    """The line that names the words possibly left out of ``hypothesis`` (default: the best),
    or says every word was looked at; nothing without attention."""
    line = coverage.left_out_line(result, hypothesis)
    if line:
        st.markdown(line)


def coverage_so_far(result: Translation, step: int, drawn: Drawn) -> None:
    """The coverage after decoder step ``step`` (0-based) of the best hypothesis, per source
    word or piece as the sidebar says, on an axis that stays put while it fills up; after the
    last step, the line naming the words possibly left out. Nothing without attention."""
    chosen = drawn.settings
    bars = coverage.coverage_bars(result, word_level=chosen.word_level, steps=step + 1)
    if bars is None:
        return
    fig = figures.coverage_chart(
        bars.values,
        bars.tokens,
        threshold=bars.threshold,
        marked=bars.marked,
        top=bars.top,
        title=f"Coverage after step {step + 1}: each source token's attention so far",
        presentation=chosen.presentation,
    )
    chart(fig, "step_coverage", drawn, step + 1, on_select=follow_clicked("step_coverage", bars))
    st.caption(coverage.bars_caption(bars, chosen.word_level))
    if bars.complete:
        left_out(result)


def follow_clicked(key: str, bars: CoverageBars) -> Callable[[], None]:
    """The callback of chart ``key`` (of ``session.COVERAGE_CLICKS``), whose coverage columns
    are ``bars``: a click in a token's column follows that token on every page (the Follow
    box shows it). It runs only when the selection changes, so a box chosen later wins."""

    def follow() -> None:
        state = session.COVERAGE_CLICKS[key].get()
        points = state.selection.points if state is not None else []
        clicked = coverage.clicked_token(points, len(bars.tokens))
        if clicked is not None:
            session.FOLLOW.set(clicked)

    return follow


def follow_one_word(
    views: Mapping[str, AttentionView],
    drawn: Drawn,
    key: str,
    current: int | None = None,
    colours: Mapping[str, str] | None = None,
) -> int | None:
    """A box of the source tokens (the one token the session follows on every page, in the
    link); once one is chosen, its weight at every output step, one line per named view (one
    model, or two over the same tokens), ``current`` (0-based) marked. ``key``: the chart's, a
    key of ``session.FOLLOW_BOXES``. Returns the token (1-based) or None."""
    first = next(iter(views.values()))
    options = coverage.follow_options(first)
    if (session.FOLLOW.get() or 0) > len(options):  # of a longer level (pieces, then words)
        session.FOLLOW.set(None)
    # Each page has its own box (a widget key belongs to one page), set from the one token all
    # share before it is drawn, and handing a new choice back to it.
    box = session.FOLLOW_BOXES[key]
    box.set(session.FOLLOW.get())

    def keep() -> None:
        session.FOLLOW.set(box.value())

    chosen = st.selectbox(
        "Follow one word step by step",
        range(1, len(options) + 1),
        index=None,
        key=box.name,
        on_change=keep,
        format_func=lambda k: options[k - 1],
        placeholder="Choose a source word",
        help=FOLLOW_HELP,
    )
    if chosen is None:
        return None
    inputs.show_in_link(follow=chosen)
    fig = figures.followed_word(
        coverage.followed(views, chosen - 1),
        first.target_tokens,
        title=coverage.followed_title(first, chosen - 1),
        current=current,
        presentation=drawn.settings.presentation,
        colours=colours,
    )
    chart(fig, key, drawn, None if current is None else current + 1)
    return chosen


def coverage_penalty_what_if(
    result: Translation, drawn: Drawn, penalised: Callable[[float], Translation]
) -> None:
    """What if the beam search added GNMT's coverage penalty: a β slider (in the link), and
    the translation without and with it side by side, each with its heatmap and its left-out
    line; one line when both are the same. ``penalised(beta)``: the search with it."""
    presentation = drawn.settings.presentation
    session.COVERAGE_BETA.setdefault(inputs.BETA_DEFAULT)
    beta = st.slider(
        "Coverage penalty β",
        *inputs.BETA_RANGE,
        step=inputs.BETA_STEP,
        key="coverage_beta",
        help="β · Σⱼ log min(coverageⱼ, 1) is added to each finished candidate's score (Wu et "
        "al. 2016): a candidate whose steps left a source word unread loses score. 0: none.",
    )
    if round(beta, 2) != inputs.BETA_DEFAULT:
        inputs.show_in_link(beta=round(beta, 2))
    with_penalty = penalised(beta)
    same = coverage.same_output_line(result, with_penalty, beta)
    if same is not None:
        st.info(same)
        left_out(result)
        return
    both = [
        ("Without the penalty", "beam_plain", result),
        (f"With β = {beta:g}", "beam_penalised", with_penalty),
    ]
    for place, (label, key, shown) in zip(side_by_side(2, presentation), both, strict=True):
        with place:
            st.markdown(f"**{label}**")
            st.code(shown.hypothesis or "(empty translation)", language=None, wrap_lines=True)
            attention_chart(shown, drawn, key, f"{label}: its attention")
            left_out(shown)

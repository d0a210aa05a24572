"""The Lesson's guided tour on screen: "Take the tour", then one step at a time in a panel fixed
at the bottom of the screen, the element it names outlined and scrolled into view above it
(``views/tour.py`` says how the tour works and builds its steps).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from dashboard.state import inputs, session
from dashboard.views import tour
from dashboard.views.settings import Settings
from dashboard.views.tour import TARGETS, TourStep
from nmt_core.translate import Translation

# Constant CSS only: the panel, room under the page so that its last element can scroll above
# the panel, and the outline of the element a step points at (a key of TARGETS, never user
# text). 48 vh: a projector's 768 px keep 400 px above the panel for what it points at. The
# panel is as wide as the page beside the sidebar at most (--tour-main-width, kept by
# TOUR_JS): fixed to the screen, it would otherwise reach under an open sidebar.
PANEL_CSS = """
.st-key-tour_panel {
  position: fixed; right: 1rem; bottom: 0.5rem; z-index: 999990;
  width: min(52rem, calc(var(--tour-main-width, 100vw) - 2rem)); max-height: 40vh;
  overflow-y: auto;
  background: #ffffff; border: 0.15rem solid #d62728; border-radius: 0.75rem;
  box-shadow: 0 0.25rem 1.5rem rgba(0, 0, 0, 0.3); padding: 0.5rem 1rem; gap: 0.4rem;
  font-size: 0.9rem;
}
.st-key-tour_panel p { font-size: 0.9rem; line-height: 1.5; }
[data-testid="stMainBlockContainer"] { padding-bottom: 48vh !important; }
"""
TARGET_CSS = """
.st-key-{target} {{
  outline: 0.25rem solid #d62728; outline-offset: 0.35rem; border-radius: 0.25rem;
  scroll-margin-top: 4.25rem;
}}
"""
# Each step's script (a new element: Streamlit runs it once, when the step changes; it ends
# the previous step's). It keeps --tour-main-width at the width of the page beside the sidebar,
# which changes when the sidebar opens or shuts. On a step that names an element, it scrolls
# that element to the top of the screen, and again whenever the page changes size (charts
# above it drawn late on a busy server move it), until the teacher scrolls, clicks or types,
# or a minute has passed.
TOUR_JS = """
(() => {{
  window.attentionLabTour?.stop();
  const main = document.querySelector('[data-testid="stMain"]');
  const fit = () => document.documentElement.style.setProperty(
    "--tour-main-width", `${{main.getBoundingClientRect().width}}px`);
  const width = new ResizeObserver(fit);
  if (main) width.observe(main);
  const target = "{target}";
  const handsOn = ["wheel", "touchstart", "keydown", "pointerdown"];
  let frame = 0;
  const place = () => {{
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() =>
      document.querySelector(`.st-key-${{target}}`)?.scrollIntoView({{block: "start"}}));
  }};
  const pin = new ResizeObserver(place);
  const unpin = () => {{
    pin.disconnect(); cancelAnimationFrame(frame); clearTimeout(timer);
    handsOn.forEach(kind => window.removeEventListener(kind, unpin, true));
  }};
  const timer = target ? setTimeout(unpin, 60000) : 0;
  if (target) {{
    pin.observe(document.querySelector('[data-testid="stMainBlockContainer"]') ?? document.body);
    handsOn.forEach(kind => window.addEventListener(kind, unpin, true));
    place();
  }}
  window.attentionLabTour = {{stop: () => {{ width.disconnect(); unpin(); }}}};
}})(); /* tour step {number} */
"""


def guided_tour(
    result: Translation, step: int, chosen: Settings, annotations: Callable[[], Any]
) -> bool:
    """The tour at decoder step ``step`` (0-based) of ``result``, or the button that starts it;
    returns whether the tour is on (the Lesson then asks no guess first). ``annotations``: the
    encoder's h_j of the sentence (``state.caches.current_annotations``), asked for only while
    the tour runs."""
    if session.TOUR_STEP.get() is None:
        st.button(
            "Take the tour", key="tour_start_button", on_click=_go_to, args=(1,), type="primary"
        )
        return False
    steps = tour.tour_steps(result, step, chosen.model, chosen.models, annotations())
    number = min(max(session.TOUR_STEP.value(), 1), len(steps))
    session.TOUR_STEP.set(number)
    inputs.show_in_link(tour=number)  # the address bar reopens the tour here
    _panel(steps, number)
    return True


def _go_to(number: int | None) -> None:
    session.TOUR_STEP.set(number)


def _panel(steps: Sequence[TourStep], number: int) -> None:
    """Step ``number`` (1-based) of ``steps`` in the fixed panel, with Back / Next / End."""
    shown = steps[number - 1]
    with st.container(key="tour_panel"):
        head = st.container(horizontal=True, vertical_alignment="center")
        head.markdown(f"**Tour {number} of {len(steps)}: {shown.title}**", width="stretch")
        back, last = number == 1, number == len(steps)
        head.button(
            "◀ Back", key="tour_back_button", on_click=_go_to, args=(number - 1,), disabled=back
        )
        if last:
            head.button(
                "Done ✓", key="tour_next_button", on_click=_go_to, args=(None,), type="primary"
            )
        else:
            head.button("Next ▶", key="tour_next_button", on_click=_go_to, args=(number + 1,),
                        type="primary")  # fmt: skip
            head.button("✕ End", key="tour_end_button", on_click=_go_to, args=(None,))
        st.markdown(shown.text)
        if shown.page is not None:
            st.page_link(shown.page, label=f"Go to {shown.page_label}", icon=":material/east:")
        css = PANEL_CSS
        if shown.target is not None:
            assert shown.target in TARGETS  # constant CSS: a key of ours, never user text
            css += TARGET_CSS.format(target=shown.target)
        st.html(f"<style>{css}</style>")
        script = TOUR_JS.format(target=shown.target or "", number=number)
        st.html(f"<script>{script}</script>", unsafe_allow_javascript=True)

"""Presentation mode: the whole page readable from the back of a room on a projector.

Streamlit sizes its text in rem (body, captions, code, the sidebar, widget labels), so one
larger root font scales them together; tables are drawn with ``st.table`` (text, in rem) instead
of the canvas of ``st.dataframe`` (see ``widgets.table``);
KaTeX sizes formulas in em of the text around them, so they grow too (to at least 24 px). The
page's side margins shrink, so that the charts keep their size beside the sidebar on a
1024-pixel projector. The figures take their larger fonts and a projector-safe colour scale
from ``figures`` (``presentation=True``), and pages that put charts side by side stack them
instead, the heatmap and its formula first. Streamlit's header at the top is see-through (its
buttons still work), so a view scrolled to the top of the screen is seen whole. The navigation
and the mode's own toggle stay where they are; the sidebar can be collapsed as usual.
"""

from __future__ import annotations

import streamlit as st

ROOT_FONT_PX = 20  # Streamlit's default is 16
FORMULA_EM = 1.25  # KaTeX's text is 1.21 em of its parent: 20 px x 1.21 x 1.25 = 30 px

STYLE = f"""
<style>
html {{ font-size: {ROOT_FONT_PX}px; }}
.katex {{ font-size: {FORMULA_EM * 1.21:.2f}em !important; }}
.katex-display {{ overflow-x: auto; overflow-y: hidden; }}  /* scroll, never cut */
/* The header lets what scrolls under it show: opaque, it hid the top 75 px of the screen. */
[data-testid="stHeader"], [data-testid="stHeader"] div {{
  background: transparent !important; pointer-events: none !important;
}}
[data-testid="stHeader"] button, [data-testid="stHeader"] a {{ pointer-events: auto; }}
[data-testid="stMainBlockContainer"] {{
  padding-left: 1.5rem !important; padding-right: 1.5rem !important; padding-top: 3.5rem !important;
}}
</style>
"""


def style_page() -> None:
    """Apply presentation mode's type sizes to this page run (call it when the mode is on)."""
    st.html(STYLE)

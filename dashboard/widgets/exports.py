"""Downloads for slides: a chart's PNG and SVG, and the Lesson as one HTML file.

A chart's images are made in the browser by plotly.js (``figures.export`` says why not on the
server): Streamlit's plotly.js, which it loads as ``window.Plotly`` with the first chart of a
page, draws a copy of the chart with its caption under the title and saves it. A Streamlit
button cannot run code in the browser, so the two buttons are a small component (Streamlit's
components v2: inline HTML and JavaScript, served by our own server, nothing fetched). It finds
its chart by the chart's key, which Streamlit puts on the chart's element as the class
``st-key-<key>``. tests/test_dashboard_browser.py saves both from a live chart.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from dashboard import figures

BUTTONS = """<div class="row">
<button type="button" data-format="png" title="Save this chart as a PNG image">⬇ PNG</button>
<button type="button" data-format="svg" title="Save it as an SVG drawing: sharp at any size"
  >⬇ SVG</button>
</div>"""
STYLE = """
.row { display: flex; gap: 0.5rem; }
button { font: inherit; color: inherit; background: transparent; cursor: pointer;
         border: 1px solid rgba(49, 51, 63, 0.2); border-radius: 0.5rem;
         padding: 0.25rem 0.75rem; min-height: 2.5rem; }
button:hover { border-color: #ff4b4b; color: #ff4b4b; }
"""
SCRIPT = (
    figures.SAVE_IMAGE_JS
    + """
export default function ({ parentElement, data }) {
  for (const button of parentElement.querySelectorAll("button")) {
    button.onclick = () => {
      const chart = `.st-key-${CSS.escape(data.chart)} .js-plotly-plot`;
      const gd = document.querySelector(chart);
      if (!gd || !gd.data || !window.Plotly) return;  // the chart is not drawn yet
      saveImage(window.Plotly, gd, button.dataset.format, data.image);
    };
  }
}
"""
)
_IMAGE_BUTTONS = st.components.v2.component(
    "attention_lab.chart_images", html=BUTTONS, css=STYLE, js=SCRIPT
)


def image_buttons(key: str, image: dict[str, Any]) -> None:
    """PNG and SVG buttons for the chart drawn with ``key``; ``image``: its file name and
    caption (``figures.image_spec``)."""
    _IMAGE_BUTTONS(key=f"{key}_images", data={"chart": key, "image": image}, width="content")


def lesson_download(page: Callable[[], str], file_name: str) -> None:
    """A button that saves the Lesson (every step, its heatmap, formulas and numbers) as one
    HTML file that opens offline, ``file_name``; ``page`` (``export.lesson.lesson_page``) builds
    it, only when clicked."""
    st.download_button(
        "⬇ Export this lesson",
        data=page,
        file_name=file_name,
        mime="text/html",
        on_click="ignore",
        key="lesson_export",
        help="Every step of this sentence with its heatmap, formulas and numbers, as one web "
        "page (about 6 MB) that opens without a server or internet. Each chart in it saves as "
        "PNG or SVG from its toolbar.",
    )

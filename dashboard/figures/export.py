"""Exports for slides and for use offline: file names, images that say what they show, and
standalone HTML pages (one figure, or a whole lesson) that open with no server and no network.

Images are made in the browser, by plotly.js's own ``toImage``. The alternative,
Plotly's server-side ``fig.to_image``, needs kaleido, which since 1.0 drives a Chrome or
Chromium that must be installed on the server (kaleido would download one, which a classroom
machine offline cannot), and starts it for each image: seconds on a teacher's laptop, where the
browser already has plotly.js and draws the same chart in a fraction of that. So:

* a live chart's camera button (Plotly's one built-in image button, which takes one format)
  saves a PNG, at twice the size for slides, under the name :func:`file_name` makes;
* beside each live chart, buttons save a PNG and an SVG through :data:`SAVE_IMAGE_JS` (the
  dashboard runs it with Streamlit's plotly.js; ``widgets.exports``). Those images carry
  :func:`image_caption` (sentence, model or models, step) under their title, which the
  camera cannot add;
* the exported HTML pages carry plotly.js themselves and give every chart the same two buttons
  in its toolbar, so a teacher can still take a PNG or SVG from the file offline.

Formulas in a lesson page are rendered by KaTeX, the renderer Streamlit's ``st.latex`` uses, so
they look as they do in the app; KaTeX 0.18.10 (MIT) is vendored in ``dashboard/assets/katex``
(its npm package's ``dist/``: the script, the style sheet and the woff2 fonts) and inlined,
fonts as data URIs. Every text from outside (sentence, pieces, model names) is escaped.
"""

from __future__ import annotations

import base64
import datetime
import functools
import html
import json
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import plotly.graph_objects as go
import plotly.offline

KATEX = Path(__file__).resolve().parents[1] / "assets" / "katex"
PART_CHARACTERS = 40  # of each part of a file name: a sentence may be 10,000 characters
CAPTION_SENTENCE = 90  # characters of the sentence an image's caption quotes


def to_html(fig: go.Figure, notes: Sequence[str] = ()) -> str:
    """A standalone HTML page of ``fig`` with plotly.js inlined, so it opens offline (that is
    4.6 MB of the file: a page that fetched Plotly instead would not open without internet,
    as in many classrooms). ``notes``: lines above the chart (sentence, model, settings, date),
    shown as text."""
    chart = fig.to_html(include_plotlyjs=True, full_html=False)
    lines = "".join(f"<p>{html.escape(note)}</p>\n" for note in notes)
    return (
        '<!DOCTYPE html>\n<html>\n<head><meta charset="utf-8"><title>Attention Lab</title></head>'
        f'\n<body style="font-family: sans-serif">\n{lines}{chart}\n</body>\n</html>\n'
    )


# --------------------------------------------------------------------------------------------
# Names and captions of exported images
# --------------------------------------------------------------------------------------------


def _visible(text: str) -> str:
    """``text`` without control, format (bidi overrides) or unassigned characters; line and
    paragraph separators become spaces."""
    kept = []
    for char in text:
        kind = unicodedata.category(char)
        if kind in ("Zl", "Zp", "Cc"):
            kept.append(" ")
        elif not kind.startswith("C"):
            kept.append(char)
    return "".join(kept)


def _slug(text: str, limit: int = PART_CHARACTERS) -> str:
    """``text`` in letters, digits and hyphens only, at most ``limit`` characters: accents
    dropped (ä -> a, ß -> ss), any other run of characters one hyphen."""
    ascii_text = unicodedata.normalize("NFKD", text.replace("ß", "ss")).encode("ascii", "ignore")
    slug = re.sub(r"[^A-Za-z0-9]+", "-", ascii_text.decode()).strip("-")
    return slug[:limit].strip("-")


def file_name(title: str, sentence: str, models: Sequence[str], step: int | None = None) -> str:
    """The name (without extension) an exported image or page is saved under: what it shows,
    the sentence, the model or models it draws (each whole, in order, joined by ``-vs-``) and
    the step, as safe characters only (no dot, slash or space; at most ``PART_CHARACTERS`` of
    the title, the sentence and each model), e.g.
    ``attention-lab_Attention-current-step-framed_Meine-Schwester-liest_de-en-additive_step-3``.
    """
    assert not isinstance(models, str), "models: a sequence of names, not one name"
    drawn = "-vs-".join(slug for slug in map(_slug, models) if slug)
    parts = ["attention-lab", _slug(title), _slug(sentence), drawn]
    if step is not None:
        parts.append(f"step-{step}")
    return "_".join(part for part in parts if part)


def plain_title(fig: go.Figure) -> str:
    """The title of ``fig`` as text: its line breaks spaces, its escapes read."""
    text = re.sub(r"<br\s*/?>", " ", fig.layout.title.text or "")
    return html.unescape(re.sub(r"<[^>]*>", "", text))


def image_caption(sentence: str, models: Sequence[str], step: int | None = None) -> str:
    """The line an exported image carries under its title (plain text): the sentence (cut to
    ``CAPTION_SENTENCE`` characters), the model or models it draws (joined by "vs"), the
    step."""
    assert not isinstance(models, str), "models: a sequence of names, not one name"
    shown = " ".join(_visible(sentence).split())
    if len(shown) > CAPTION_SENTENCE:
        shown = shown[:CAPTION_SENTENCE] + "…"
    drawn = " vs ".join(_visible(model) for model in models)
    parts = [f"“{shown}”", drawn] + ([f"step {step}"] if step is not None else [])
    return " · ".join([*parts, "Attention Lab"])


def image_spec(fig: go.Figure, caption: str, name: str) -> dict[str, Any]:
    """What :data:`SAVE_IMAGE_JS` needs to save ``fig`` as drawn, with ``caption`` (plain
    text, escaped here for Plotly) in a smaller line under its title: the file ``name``, the
    title's text and the height the extra line takes."""
    title = fig.layout.title
    size = (title.font.size if title.font and title.font.size else None) or 16
    small = max(10, round(0.75 * size))
    line = f'<span style="font-size:{small}px">{html.escape(caption)}</span>'
    text = title.text or ""
    return {
        "filename": name,
        "title": f"{text}<br>{line}" if text else line,
        "extra": round(1.4 * small),
    }


# saveImage(Plotly, gd, format, spec): save the chart drawn in ``gd`` as ``format`` ("png" at
# twice its size, or "svg"), with the title and file name of ``spec`` (image_spec). Standard
# plotly.js calls only: downloadImage draws a copy of the figure; the page's chart is untouched.
SAVE_IMAGE_JS = """
function saveImage(Plotly, gd, format, spec) {
  const layout = Object.assign({}, gd.layout, {
    title: Object.assign({}, gd.layout.title, {text: spec.title}),
  });
  return Plotly.downloadImage({data: gd.data, layout: layout}, {
    format: format,
    filename: spec.filename,
    width: gd.clientWidth,
    height: gd.clientHeight + spec.extra,
    scale: format === "png" ? 2 : 1,
  });
}
"""


# --------------------------------------------------------------------------------------------
# A standalone page of text, formulas and charts
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 2  # 1: the page's title; 2: a part; 3: a decoder step


@dataclass(frozen=True)
class Paragraph:
    text: str
    label: str = ""  # shown in bold before the text ("Sentence:")


@dataclass(frozen=True)
class Formula:
    latex: str  # ours, never user text (dashboard/views/formulas.py, views.step_equations)


@dataclass(frozen=True)
class Chart:
    figure: go.Figure
    image: dict[str, Any]  # image_spec: the name and caption of its PNG and SVG


@dataclass(frozen=True)
class Table:
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


Block = Heading | Paragraph | Formula | Chart | Table


def _script_safe(spec: str) -> str:
    """JSON ``spec`` made safe inside <script>: no "<" that could close it (in JSON a "<"
    stands only inside a string, where \\u003c reads the same)."""
    return spec.replace("<", "\\u003c")


def _block(block: Block, number: int) -> str:
    if isinstance(block, Heading):
        level = min(max(block.level, 1), 3)
        return f"<h{level}>{html.escape(block.text)}</h{level}>"
    if isinstance(block, Paragraph):
        label = f"<b>{html.escape(block.label)}</b> " if block.label else ""
        return f"<p>{label}{html.escape(block.text)}</p>"
    if isinstance(block, Formula):
        return f'<div class="math">{html.escape(block.latex)}</div>'
    if isinstance(block, Table):
        head = "".join(f"<th>{html.escape(cell)}</th>" for cell in block.header)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>"
            for row in block.rows
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
    spec = f'{{"figure": {block.figure.to_json()}, "image": {json.dumps(block.image)}}}'
    return (
        f'<div class="chart" id="chart-{number}"></div>\n'
        f'<script type="application/json" class="chart-spec" data-for="chart-{number}">'
        f"{_script_safe(spec)}</script>"
    )


@functools.cache
def _katex_css() -> str:
    """KaTeX's style sheet with its woff2 fonts inlined as data URIs (the woff and ttf
    fallbacks dropped: every browser that runs the page reads woff2)."""
    css = (KATEX / "katex.min.css").read_text(encoding="utf-8")
    css = re.sub(r',url\(fonts/[\w-]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)', "", css)

    def inline(match: re.Match[str]) -> str:
        data = base64.b64encode((KATEX / "fonts" / match.group(1)).read_bytes()).decode()
        return f"url(data:font/woff2;base64,{data})"

    return re.sub(r"url\(fonts/([\w-]+\.woff2)\)", inline, css)


@functools.cache
def _scripts() -> str:
    """plotly.js and KaTeX, inlined (checked to hold nothing that would end the tag early)."""
    code = [plotly.offline.get_plotlyjs(), (KATEX / "katex.min.js").read_text(encoding="utf-8")]
    assert not any("</script" in part.lower() for part in code)
    return "".join(f"<script>{part}</script>\n" for part in code)


PAGE_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 62rem; margin: 1rem auto; padding: 0 1rem;
       line-height: 1.45; color: #222; }
h1 { font-size: 1.6rem; } h2 { margin-top: 2.2rem; } h3 { margin-top: 2rem; }
.math { overflow-x: auto; font-size: 1.1rem; }
.math .katex-display { margin: 0.5em 0; }
.chart { margin: 0.8rem 0; }
table { border-collapse: collapse; margin: 0.6rem 0; }
th, td { border: 1px solid #ccc; padding: 0.2rem 0.7rem; text-align: left; }
section.step { break-inside: avoid; border-top: 1px solid #ddd; }
"""
# Draws every formula with KaTeX and every chart with plotly.js, each chart's toolbar saving
# PNG (its camera) and SVG with the chart's caption (saveImage).
PAGE_SCRIPT = (
    SAVE_IMAGE_JS
    + """
for (const el of document.querySelectorAll(".math")) {
  katex.render(el.textContent, el, {displayMode: true, throwOnError: false});
}
for (const el of document.querySelectorAll("script.chart-spec")) {
  const spec = JSON.parse(el.textContent);
  const gd = document.getElementById(el.dataset.for);
  const save = (format, title) => ({
    name: "save-" + format, title: title, icon: Plotly.Icons.camera,
    click: () => saveImage(Plotly, gd, format, spec.image),
  });
  Plotly.newPlot(gd, spec.figure.data, spec.figure.layout, {
    responsive: true, displaylogo: false,
    modeBarButtonsToRemove: ["toImage"],
    modeBarButtonsToAdd: [save("png", "Download as PNG"), save("svg", "Download as SVG")],
  });
}
"""
)


def page(title: str, blocks: Sequence[Block | Sequence[Block]]) -> str:
    """A standalone HTML page of ``blocks``, in order (a sequence of blocks: one section, kept
    on one printed page where it fits): plotly.js, KaTeX and its fonts inlined, so it opens
    from disk with no network; it asks for nothing outside itself. A lesson of 10 to 20 pieces
    is 5.6 to 6 MB: plotly.js 4.8 MB, KaTeX 0.65 MB (its fonts 0.37 MB), the charts the rest."""
    parts, number = [], 0
    for item in blocks:
        group = [item] if isinstance(item, Block) else list(item)
        shown = []
        for block in group:
            number += 1
            shown.append(_block(block, number))
        body = "\n".join(shown)
        parts.append(body if isinstance(item, Block) else f'<section class="step">{body}</section>')
    made = datetime.date.today().isoformat()
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)}</title>\n"
        f'<meta name="generator" content="Attention Lab, {made}">\n'
        f"<style>{_katex_css()}</style>\n<style>{PAGE_STYLE}</style>\n{_scripts()}</head>\n"
        "<body>\n" + "\n".join(parts) + f"\n<script>{PAGE_SCRIPT}</script>\n</body>\n</html>\n"
    )

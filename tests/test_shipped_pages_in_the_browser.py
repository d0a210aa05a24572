"""What a class sees on a projector, with the shipped models, in Debian's Chromium: the
dashboard served on 127.0.0.1 over checkpoints/, each page opened at 1024 x 768 and 1280 x 720
in presentation mode, and what the browser drew measured: type sizes, the boxes of labels and
axis titles, what is on one screen, which charts are drawn.

The defects were found on the shipped models' own sentences (a toy model's pieces are too short
to crowd a label), so these tests skip where checkpoints/ holds no model (a device machine's
checkout) and when /usr/bin/chromium or playwright is missing.
"""

from __future__ import annotations

import base64
import contextlib
import io
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import numpy as np
import pytest
from live_server import CHROMIUM, serve_dashboard

from dashboard import figures
from nmt_core.checkpoint import SHIPPED_ROOT, list_checkpoints
from nmt_core.learning.probes import read_probes

pytestmark = pytest.mark.browser  # the whole module drives Chromium

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
SHIPPED = {info.name: info for info in list_checkpoints(SHIPPED_ROOT)}
if not {"de-en-additive", "en-de-additive"} <= SHIPPED.keys():
    pytest.skip(f"no shipped models in {SHIPPED_ROOT}", allow_module_level=True)

SCREENS = [(1024, 768), (1280, 720)]  # a school's projector, a newer one
PROJECTOR_TYPE = 20  # px: chart type in presentation mode (dashboard/figures/layout.py)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on the shipped models, as `attention-lab` serves a class; yields its URL."""
    log = tmp_path_factory.mktemp("shipped-log") / "streamlit.log"
    with serve_dashboard(SHIPPED_ROOT, log, timeout=180) as (url, _):
        yield url


CHART_DRAWN = "() => document.querySelector('.js-plotly-plot .nsewdrag')"


@contextlib.contextmanager
def opened(
    browser, url: str, width: int, height: int, ready: str = CHART_DRAWN
) -> Iterator[sync_api.Page]:
    """``url`` in a page of ``width`` x ``height``, once ``ready`` (a script) holds: by default
    once its first chart is drawn."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(120_000)  # a shipped model's first translation on a busy CPU
    try:
        page.goto(url)
        page.wait_for_function(ready)
        yield page
    finally:
        page.close()


def settled(page) -> None:
    """Wait until the page has stopped running and Plotly has drawn."""
    page.wait_for_function("() => !document.querySelector('[data-testid=stStatusWidget]')")
    time.sleep(1.5)


HEATMAP_DRAWN = "() => document.querySelector('.js-plotly-plot .heatmaplayer image')"


def shipped_default(direction: str) -> str:
    return next(i.name for i in SHIPPED.values() if i.direction == direction and i.default)


def link(path: str, sentence: str, model: str, **more: object) -> str:
    query = "&".join(f"{key}={value}" for key, value in more.items())
    return f"/{path}?s={quote(sentence)}&model={model}&presentation=1&{query}"


# --- Why attention: the context vectors' dimensions ----------------------------------------------

TICK_TYPE = """() => [...document.querySelectorAll('.js-plotly-plot')].filter(
    p => p.querySelector('.heatmaplayer')).map(p => ({
  title: p.querySelector('.gtitle').textContent,
  x: [...p.querySelectorAll('.xtick text')].map(t => parseFloat(getComputedStyle(t).fontSize)),
  y: [...p.querySelectorAll('.ytick text')].map(t => parseFloat(getComputedStyle(t).fontSize)),
}))"""


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize(
    "direction, sentence", [("de-en", "Das Auto ist neu."), ("en-de", "The house is big.")]
)
def test_the_context_vectors_numbers_are_projector_type(
    server, browser, direction, sentence, width, height
):
    """On a projector the dimensions under Why attention's context-vector heatmaps were
    numbered in 8-px type (cut to what one of 512 columns holds); now in the projector's type,
    as large as their rows' labels and every other chart's."""
    url = server + link("why", sentence, f"{direction}-additive")
    with opened(browser, url, width, height) as page:
        page.wait_for_function(f"() => ({TICK_TYPE})().length >= 2")
        settled(page)
        charts = page.evaluate(TICK_TYPE)
    assert len(charts) >= 2, charts  # the model without attention, and one with it
    for chart in charts:
        assert chart["x"] and min(chart["x"]) >= PROJECTOR_TYPE, chart
        assert min(chart["x"]) >= max(chart["y"]) - 0.5, chart


# --- Beam search: the log p chart's axis title ---------------------------------------------------

AXIS_TITLE = """() => [...document.querySelectorAll('.js-plotly-plot')].filter(
    p => p.querySelector('.gtitle')?.textContent.startsWith('log p')).map(p => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {chart: box(p), plot: box(p.querySelector('.nsewdrag')),
          title: box(p.querySelector('.ytitle')), text: p.querySelector('.ytitle').textContent,
          labels: [...p.querySelectorAll('.xtick text')].map(box)}; })"""
# Translations full of the vocabulary's longest pieces (16 characters), upright under the chart.
LONG_PIECES = [
    ("en-de", "The pregnancy was a challenge for the pharmaceutical company."),
    ("de-en", "Die parlamentarische Schlussfolgerung war charakteristisch."),
]


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize("direction, sentence", LONG_PIECES)
def test_the_log_p_charts_axis_title_is_whole_beside_its_axis(
    server, browser, direction, sentence, width, height
):
    """The axis title was cut ("log probabili"): upright labels of long pieces took their
    length from the chart's plot. The chart grows by its labels' band: the axis title lies
    whole beside its axis, inside the chart, and every label too."""
    url = server + link("beam", sentence, f"{direction}-additive", beam=5)
    with opened(browser, url, width, height) as page:
        page.locator(".gtitle", has_text="log p of each piece").wait_for()
        settled(page)
        (chart,) = page.evaluate(AXIS_TITLE)
    frame, plot, title = chart["chart"], chart["plot"], chart["title"]
    assert chart["text"] == "log probability"
    assert plot["top"] <= title["top"] and title["bottom"] <= plot["bottom"], chart
    assert frame["left"] <= title["left"], chart
    assert all(frame["top"] <= b["top"] and b["bottom"] <= frame["bottom"] for b in chart["labels"])


# --- Across training: where fine-tuning began ----------------------------------------------------

FINE_TUNING = """() => { const p = [...document.querySelectorAll('.js-plotly-plot')].find(
    p => p.querySelector('.gtitle')?.textContent === 'While training');
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const line = p.layout.shapes.find(s => s.name === 'fine-tuning begins');
  const L = p._fullLayout, frame = p.getBoundingClientRect();
  const label = [...p.querySelectorAll('.annotation')].find(
    a => a.textContent.includes('fine-tuning'));
  return {step: line && line.x0, dash: line && line.line.dash,
          at: line && frame.left + L.xaxis._offset + L.xaxis.l2p(line.x0),
          drawn: p.querySelectorAll('.shapelayer path').length,
          lines: [...p.querySelectorAll('.shapelayer path')].map(box),
          ticks: [...p.querySelectorAll('.xaxislayer-above text')].filter(t => t.textContent)
            .map(box),
          label: label && {text: label.textContent, box: box(label)},
          title: box(p.querySelector('.gtitle')), chart: box(p)}; }"""


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize("direction", ["de-en", "en-de"])
def test_the_training_curves_mark_where_fine_tuning_began(
    server, browser, direction, width, height
):
    """The caption named the fine-tuning step but no chart marked it. The curves now have
    a dashed line at the probe log's ``fine_tuned_at``, labelled, inside the chart and clear of
    its title; the current step keeps its own line. Both lines end above the step axis's
    labels (they ran through "4500" and the axis title)."""
    model = f"{direction}-additive"
    tuned = read_probes(SHIPPED[model].path / "probes.json").fine_tuned_at
    assert tuned is not None  # the shipped models are fine-tuned on Tatoeba
    with opened(browser, f"{server}/training?model={model}&presentation=1", width, height) as page:
        page.locator(".gtitle", has_text="While training").wait_for()
        settled(page)
        marked = page.evaluate(FINE_TUNING)
    assert marked["step"] == tuned and marked["dash"] == "dash", marked
    assert marked["drawn"] >= 2, marked  # the current step's line and this one
    label, chart, title = marked["label"], marked["chart"], marked["title"]
    assert label is not None and "fine-tuning" in label["text"], marked
    box = label["box"]
    assert chart["left"] <= box["left"] and box["right"] <= chart["right"], marked
    clear = (box["top"] >= title["bottom"], box["left"] >= title["right"])
    assert any(clear), marked  # below the chart's title, or beside it
    assert min(abs(box["left"] - marked["at"]), abs(box["right"] - marked["at"])) < 12, marked
    labels_top = min(tick["top"] for tick in marked["ticks"])
    assert max(line["bottom"] for line in marked["lines"]) <= labels_top, marked


# --- Translate: column labels apart --------------------------------------------------------------

# Each text's ink: the box of its visible characters (the spaces around it left out), from
# SVG's own per-character extents, in page pixels (upright and turned text too); the texts are
# those that ``selector`` finds in the first element that ``scope`` finds.
INK = """([scope, selector]) => [...document.querySelector(scope).querySelectorAll(selector)]
  .filter(t => t.textContent.trim()).map(t => {
    const m = t.getScreenCTM(), s = t.textContent, point = t.ownerSVGElement.createSVGPoint();
    const xs = [], ys = [];
    for (let i = 0; i < t.getNumberOfChars(); i++) {
      if (/\\s/.test(s[i])) continue;
      const e = t.getExtentOfChar(i);
      for (const [x, y] of [[e.x, e.y], [e.x + e.width, e.y + e.height]]) {
        point.x = x; point.y = y; const q = point.matrixTransform(m); xs.push(q.x); ys.push(q.y);
      }
    }
    return [s.trim(), Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
  })"""
APART = 6  # px: a space of the projector's type (5.6 px); less, and "▁park▁yesterday" reads as one


def crowded(boxes: list[list]) -> list[tuple[str, str, float]]:
    """The pairs of labels whose ink overlaps or comes within APART px, with their gap."""
    pairs = []
    for k, a in enumerate(boxes):
        for b in boxes[k + 1 :]:
            across = max(a[1], b[1]) - min(a[3], b[3])  # < 0: they share columns of pixels
            down = max(a[2], b[2]) - min(a[4], b[4])
            if across < APART and down < APART:
                pairs.append((a[0], b[0], round(max(across, down), 1)))
    return pairs


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize("level", ["pieces", "words"])
@pytest.mark.parametrize(
    "direction, sentence",
    [
        ("en-de", "I met my friend in the park yesterday."),
        ("en-de", "We played football in the park yesterday evening."),
        ("de-en", "Mein Vater fährt jeden Morgen mit dem Fahrrad zur Arbeit."),
    ],
)
def test_no_two_column_labels_of_translate_touch(
    server, browser, direction, sentence, level, width, height
):
    """The labels "▁park" and "▁yesterday" ran together on Translate's heatmap (Plotly keeps
    labels side by side while their boxes are 2 px apart). Now each label has a space either
    side: neighbours side by side stay a space apart, or stand upright."""
    url = server + link("", sentence, f"{direction}-additive", tokens=level)
    with opened(browser, url, width, height) as page:
        page.wait_for_function(HEATMAP_DRAWN)
        settled(page)
        ink = page.evaluate(INK, [".js-plotly-plot", ".xtick text"])
    assert len(ink) >= 8, ink
    assert not crowded(ink), crowded(ink)


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize(
    "direction, sentence", [("de-en", "Ich weiß, dass er krank ist."), ("en-de", "The cat sleeps.")]
)
def test_the_colour_bars_title_stands_clear_of_its_numbers(
    server, browser, direction, sentence, width, height
):
    """The title "weight" stood on top of the colour bar and its "1" touched it, on every
    heatmap. The title now runs along the bar: it, and every number, a space from the rest."""
    default = shipped_default(direction)
    with opened(browser, server + link("", sentence, default), width, height) as page:
        page.wait_for_function(HEATMAP_DRAWN)
        settled(page)
        texts = page.evaluate(INK, [".js-plotly-plot", ".colorbar text"])
    assert any(text[0] == "weight" for text in texts) and len(texts) >= 4, texts
    assert not crowded(texts), crowded(texts)


FIRST_SCREEN = """() => { const box = e => e && e.getBoundingClientRect();
  const line = [...document.querySelectorAll('[data-testid=stMarkdownContainer] p')].find(
    p => p.textContent.startsWith('Nothing looked at'));
  const html = [...document.querySelectorAll('button')].find(b => b.innerText.includes('HTML'));
  return {line: line && line.textContent, bottom: line && box(line).bottom,
          buttons: box(html).bottom, screen: innerHeight}; }"""


@pytest.mark.parametrize("sidebar", [False, True], ids=["sidebar-closed", "sidebar-open"])
@pytest.mark.parametrize("width, height", SCREENS)
def test_the_words_left_out_are_named_on_translates_first_screen(
    server, browser, width, height, sidebar
):
    """At 1280 x 720 the line naming the words no step looked at stood under the fold, below
    the export buttons. It now stands in the buttons' row: both on the first screen. With the
    sidebar open (a teacher choosing another model) the row was too narrow for the line, which
    went under the buttons again, cut by the screen's edge: it now wraps beside them."""
    sentence = "Ich habe den Hund gestern im Park gesehen."  # "habe" and "Park" left out
    with opened(browser, server + link("", sentence, "de-en-general"), width, height) as page:
        page.wait_for_function(HEATMAP_DRAWN)
        if sidebar:
            page.get_by_test_id("stExpandSidebarButton").click()
            page.get_by_test_id("stSidebar").wait_for()
        settled(page)
        shown = page.evaluate(FIRST_SCREEN)
    assert shown["line"] and "Park" in shown["line"], shown
    assert max(shown["bottom"], shown["buttons"]) <= shown["screen"], shown


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize(
    "direction, sentence",
    [
        ("de-en", "Meine Schwester liest ein Buch im Garten."),
        ("en-de", "My sister is reading a book in the garden."),
    ],
)
def test_the_lessons_guess_and_its_reveal_are_on_the_first_screen(
    server, browser, direction, sentence, width, height
):
    """On a projector the class guesses first: at 1024 x 768 "Reveal the answer" stood cut by
    the screen's bottom edge (745-793 px) under the export and tour buttons, one row each. They
    now share a row, and the guess's words and Reveal are on the first screen."""
    url = server + link("lesson", sentence, shipped_default(direction))
    asked = "() => [...document.querySelectorAll('button')].some(b => /Reveal/.test(b.innerText))"
    with opened(browser, url, width, height, ready=asked) as page:  # no chart before the reveal
        settled(page)
        box = page.get_by_role("button", name="Reveal the answer").bounding_box()
    assert box is not None and box["y"] + box["height"] <= height, box


# --- Step through: the temperature what-if beside the softmax ------------------------------------

WHAT_IF = """() => { const box = e => e && e.getBoundingClientRect();
  const formulas = [...document.querySelectorAll('.katex-display')];
  const slider = [...document.querySelectorAll('[data-testid=stSlider]')].find(
    s => s.innerText.includes('Temperature'));
  const chart = [...document.querySelectorAll('.js-plotly-plot')].find(
    p => p.querySelector('.gtitle')?.textContent.startsWith('orange: T'));
  const heatmap = [...document.querySelectorAll('.js-plotly-plot')].find(
    p => p.querySelector('.heatmaplayer'));
  return {softmax: box(formulas[1]).top, softmax_text: formulas[1].textContent,
          slider: box(slider).bottom, chart: box(chart).top, heatmap: box(heatmap).top,
          next: box([...document.querySelectorAll('button')].find(
            b => b.innerText.includes('Next'))).top}; }"""


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize(
    "direction, sentence",
    [("de-en", "Ich rufe morgen meinen Vater an."), ("en-de", "I want to read a book.")],
)
def test_the_temperature_slider_is_on_one_screen_with_the_softmax(
    server, browser, direction, sentence, width, height
):
    """The Temperature slider was some 4,000 px below the worked softmax it re-computes.
    Now the what-if comes right under this step's worked numbers: the softmax and the slider on
    one screen, the what-if's chart right under the slider, Next still above them all."""
    url = server + link("step", sentence, f"{direction}-additive", step=2)
    with opened(browser, url, width, height) as page:
        page.get_by_text("Temperature", exact=True).wait_for()
        settled(page)
        where = page.evaluate(WHAT_IF)
    assert "exp" in where["softmax_text"], where  # the worked softmax: this step's numbers
    assert where["next"] < where["softmax"] < where["slider"], where
    assert where["slider"] - where["softmax"] <= height, where
    assert 0 < where["chart"] - where["slider"] < height / 2, where


# --- Beam search: the tree's labels --------------------------------------------------------------

TREE_LABELS = """() => { const p = [...document.querySelectorAll('.js-plotly-plot')].find(
    p => p.querySelector('.legend')?.textContent.includes('pruned'));
  const shown = [...p.querySelectorAll('.scatterlayer .textpoint text')]
    .filter(t => t.textContent.trim()).map(t => { const r = t.getBoundingClientRect();
      return [t.textContent, r.left, r.top, r.right, r.bottom]; });
  const path = p.data.find(t => t.name === 'best hypothesis'), root = Math.min(...path.x);
  const on = new Set(path.x.map((x, k) => x === null || x === root ? null : x + ',' + path.y[k]));
  const nodes = p.data.filter(t => t.mode === 'markers+text');
  return {shown, nodes: nodes.reduce((n, t) => n + t.x.length, 0),
          best: nodes.flatMap(t => t.x.map((x, k) => [x + ',' + t.y[k], t.text[k]]))
                     .filter(([at]) => on.has(at)).map(([, text]) => text),
          width: p.querySelector('.nsewdrag').getBoundingClientRect().width}; }"""


def overlapping(boxes: list[list]) -> list[tuple[str, str]]:
    """The pairs of labels whose boxes share any area."""
    return [
        (a[0], b[0])
        for k, a in enumerate(boxes)
        for b in boxes[k + 1 :]
        if min(a[3], b[3]) > max(a[1], b[1]) and min(a[4], b[4]) > max(a[2], b[2])
    ]


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize("presentation", [0, 1])
def test_no_two_labels_of_the_beam_tree_overlap(server, browser, presentation, width, height):
    """At beam 5 on this sentence 18 of the tree's 141 labels overlapped another. Now each
    label goes where it clears every marker and label (right of its node, above, below or left
    of it), cut short ("▁morn…") or left to the hover where none does; the best hypothesis is
    labelled whole. At 1024 px the sidebar is open: the narrowest tree."""
    sentence = "Mein Vater fährt jeden Morgen mit dem Fahrrad zur Arbeit."
    url = f"{server}/beam?s={quote(sentence)}&model=de-en-additive&beam=5"
    url += f"&presentation={presentation}"
    with opened(browser, url, width, height) as page:
        sidebar = page.get_by_test_id("stSidebar")
        if width == 1024 and sidebar.bounding_box()["x"] < 0:  # a projector's link shuts it
            time.sleep(1)
            page.get_by_test_id("stExpandSidebarButton").click()
            page.wait_for_function(
                "() => document.querySelector('[data-testid=stSidebar]')"
                ".getBoundingClientRect().left >= 0"
            )
        page.get_by_text("Draw every candidate").click()
        page.get_by_text("Click a node").wait_for()
        settled(page)
        tree = page.evaluate(TREE_LABELS)
    assert tree["nodes"] >= 100 and len(tree["shown"]) >= tree["nodes"] / 2, tree["nodes"]
    assert not overlapping(tree["shown"]), overlapping(tree["shown"])
    assert len(tree["best"]) >= 10 and all(tree["best"]), tree["best"]  # each piece of it
    if width == 1024:
        assert tree["width"] < 700  # beside the open sidebar


# --- Step through: the shortcut's votes only where they teach ------------------------------------

VOTES = """() => ({
  charts: [...document.querySelectorAll('.js-plotly-plot')].filter(
    p => p.querySelector('.gtitle')?.textContent.includes('vote for')).map(
      p => p.data[0].customdata.map((piece, k) => [piece, p.data[0].marker.color[k]])),
  lines: [...document.querySelectorAll('[data-testid=stCaptionContainer]')].map(
    c => c.innerText).filter(t => t.includes('vote for')),
})"""


def test_the_shortcut_votes_are_drawn_only_where_they_point_at_the_word_written(server, browser):
    """For "The" the chart of what the attended words vote for by meaning alone showed
    "train", "Zug", "ress", "bought" and baffled a class. It is drawn only at the steps where
    the votes include the piece written ("Milch" votes for "milk"), with one plain line; at
    the other steps one line says where it is drawn."""
    sentence = "Die Milch ist im Kühlschrank."  # "▁The ▁milk ▁is ▁in ▁the ▁fri d ge ."
    shown = {}
    for step in (1, 2):
        url = server + link("step", sentence, "de-en-additive", step=step)
        with opened(browser, url, 1024, 768) as page:
            page.get_by_text(f"Step {step} of").wait_for()
            page.get_by_text("by their meaning alone").first.wait_for()
            settled(page)
            shown[step] = page.evaluate(VOTES)
    (the, milk) = shown[1], shown[2]
    assert the["charts"] == [], the  # "▁The": the votes go elsewhere; nothing to learn
    (bars,) = milk["charts"]
    assert ["▁milk", figures.HIGHLIGHT] in bars, bars  # red: the piece written
    for line in (*the["lines"], *milk["lines"]):
        assert len(line) <= 200 and "ℓ" not in line and line.count(". ") == 0, line
    assert len(the["lines"]) == 1 and "2" in the["lines"][0], the
    assert len(milk["lines"]) == 1, milk


# --- Compare: each model's formula with its map ---------------------------------------------------

FIND_PAIR = """() => [...document.querySelectorAll('.js-plotly-plot')].find(
    p => p._fullLayout && p.data?.length === 2 && p.data.every(t => t.type === 'heatmap'))"""
# Of the pair's chart: its box, its panels' left and right edges, and the first two formulas'
# boxes (page pixels), and how wide the page is.
PAIR_AND_FORMULAS = """pair => { const box = e => { const r = e.getBoundingClientRect();
                                 return {left: r.left, top: r.top, right: r.right,
                                         bottom: r.bottom}; };
  const L = pair._fullLayout, frame = pair.getBoundingClientRect();
  return {pair: box(pair),
          panels: ['xaxis', 'xaxis2'].map(k => ({left: frame.left + L[k]._offset,
                                                right: frame.left + L[k]._offset + L[k]._length})),
          formulas: [...document.querySelectorAll('.katex-display')].slice(0, 2).map(f => ({
            ...box(f.querySelector('.katex')), cut: f.scrollWidth > f.clientWidth + 8})),
          widest: document.documentElement.scrollWidth}; }"""
# The pair scrolled to the top of the screen, as a teacher shows it: what is drawn at points
# along its top edge (the panels' titles) and how opaque Streamlit's header is over it.
PAIR_AT_THE_TOP = """pair => { pair.scrollIntoView({block: 'start'});
  const r = pair.getBoundingClientRect(), y = r.top + 6;
  const header = document.querySelector('[data-testid=stHeader]');
  const over = x => [header, ...header.querySelectorAll('*')].filter(e => {
    const b = e.getBoundingClientRect();
    return b.left <= x && x <= b.right && b.top <= y && y <= b.bottom; });
  const opaque = e => !['rgba(0, 0, 0, 0)', 'transparent'].includes(
    getComputedStyle(e).backgroundColor);
  return {top: r.top, points: [0.1, 0.3, 0.5, 0.7].map(f => r.left + f * r.width).map(x => ({
    x, hit: pair.contains(document.elementFromPoint(x, y)),
    opaque: over(x).filter(opaque).map(e => e.dataset.testid || e.className)}))}; }"""


@pytest.mark.parametrize(
    "direction, sentence",
    [
        ("de-en", "Ich rufe morgen meinen Vater an."),
        ("en-de", "I met my friend in the park yesterday."),
    ],
)
def test_compare_shows_both_maps_and_their_formulas_on_one_screen(
    server, browser, direction, sentence
):
    """Each model's scoring formula stood far below the pair of maps, B's under A's (at
    1024 x 768 the four spanned 950 px and more): a class never saw a map with its formula. Now
    each formula stands right under its own panel, A's under A and B's under B: the two maps and
    the two formulas lie within one 768-px screen, seen whole once scrolled to its top (under a
    see-through header), and nothing is wider than the screen."""
    width, height = 1024, 768
    url = server + link("compare", sentence, f"{direction}-additive")
    with opened(browser, url, width, height) as page:
        page.wait_for_function(
            f"() => ({FIND_PAIR})() && document.querySelectorAll('.katex-display').length >= 2"
        )
        settled(page)
        pair = page.evaluate_handle(FIND_PAIR).as_element()
        shown = pair.evaluate(PAIR_AND_FORMULAS)
        at_the_top = pair.evaluate(PAIR_AT_THE_TOP)
    boxes = [shown["pair"], *shown["formulas"]]
    span = max(b["bottom"] for b in boxes) - min(b["top"] for b in boxes)
    assert span <= height, shown
    assert shown["pair"]["top"] < height, shown  # and the maps start on the first screen
    for formula, panel in zip(shown["formulas"], shown["panels"], strict=True):
        middle = (formula["left"] + formula["right"]) / 2
        assert panel["left"] <= middle <= panel["right"], shown  # under its own panel
        assert not formula["cut"], shown
    assert shown["widest"] <= width, shown
    # scrolled to the top, nothing covers the maps: the header is see-through (it hid their
    # titles, and the formulas' last lines fell under the screen's edge)
    assert at_the_top["top"] < 2, at_the_top
    for point in at_the_top["points"]:  # the maps' titles seen, and a hover reaches the map
        assert point["hit"] and not point["opaque"], at_the_top


# --- Lesson: the animation of one step ----------------------------------------------------------

FIND_ANIMATION = """() => [...document.querySelectorAll('.js-plotly-plot')].find(
    p => p._fullLayout?.sliders?.length && p._transitionData?._frames?.length)"""


@contextlib.contextmanager
def revealed_animation(browser, url: str, width: int, height: int) -> Iterator[tuple]:
    """The Lesson at ``url`` (it asks the class first: Reveal), its animation's chart scrolled
    to the top of the screen, under Streamlit's header: yields (page, the chart's handle)."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(120_000)  # a shipped model's first translation on a busy CPU
    try:
        page.goto(url)
        page.get_by_role("button", name="Reveal the answer").click()
        page.wait_for_function(FIND_ANIMATION)
        settled(page)
        chart = page.evaluate_handle(FIND_ANIMATION).as_element()
        chart.evaluate(
            "el => { el.scrollIntoView({block: 'start'});"
            " document.querySelector('[data-testid=stMain]').scrollBy(0, -80); }"
        )
        time.sleep(0.5)
        yield page, chart
    finally:
        page.close()


# The grid of annotations (the third subplot) and, in page pixels, the ink of the source bars'
# labels (their visible characters, from SVG's per-character extents) and the colour bar.
GRID_AND_LABELS = """el => { const L = el._fullLayout, frame = el.getBoundingClientRect();
  const ink = t => { const m = t.getScreenCTM(), s = t.textContent, q = t.ownerSVGElement
      .createSVGPoint(); const ys = [];
    for (let i = 0; i < t.getNumberOfChars(); i++) {
      if (/\\s/.test(s[i])) continue;
      const e = t.getExtentOfChar(i);
      for (const y of [e.y, e.y + e.height]) {
        q.x = e.x; q.y = y; ys.push(q.matrixTransform(m).y);
      }
    }
    return [s.trim(), Math.min(...ys), Math.max(...ys)]; };
  const bar = el.querySelector('.colorbar')?.getBoundingClientRect();
  const top = frame.top + L.yaxis3._offset;
  return {top, bottom: top + L.yaxis3._length,
          right: frame.left + L.xaxis3._offset + L.xaxis3._length,
          left: frame.left + L.xaxis3._offset,
          labels: [...el.querySelectorAll('.subplot.xy .xaxislayer-above .xtick text')].map(ink),
          bar: bar && {left: bar.left, top: bar.top, bottom: bar.bottom},
          bar_title: el.querySelector('.colorbar .cbtitle')?.textContent}; }"""
LESSON_SENTENCES = [
    ("de-en", "Mein Vater fährt jeden Morgen mit dem Fahrrad zur Arbeit."),
    ("en-de", "The pregnancy was a challenge for the pharmaceutical company."),
]


@pytest.mark.parametrize("width, height", SCREENS)
@pytest.mark.parametrize("direction, sentence", LESSON_SENTENCES)
def test_the_animations_source_labels_stand_clear_of_its_grid_and_the_grid_has_a_colour_bar(
    server, browser, direction, sentence, width, height
):
    """The source pieces under the animation's bars stand upright, and the grid of annotations
    below cut them ("▁Morgen" read "▁Morge"); nothing said what the grid's colours mean. Now
    every label's ink ends above the grid, and a colour bar beside the grid gives the scale."""
    url = server + link("lesson", sentence, f"{direction}-additive", step=2)
    with revealed_animation(browser, url, width, height) as (_, chart):
        shown = chart.evaluate(GRID_AND_LABELS)
    labels = shown["labels"]
    assert len(labels) >= 8 and max(len(label) for label, *_ in labels) >= 6, shown
    cut = [label for label in labels if label[2] > shown["top"] - 2]
    assert not cut, (shown["top"], cut)
    bar = shown["bar"]
    assert bar is not None and bar["left"] >= shown["right"], shown  # beside the grid
    middle = (bar["top"] + bar["bottom"]) / 2
    assert shown["top"] < middle < shown["bottom"], shown
    assert shown["bar_title"], shown


def strongly_coloured(png: bytes, box: dict) -> float:
    """The share of ``box``'s pixels (the grid, in a screenshot) far from white: some cells."""
    Image = pytest.importorskip("PIL.Image")
    pixels = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"), dtype=int)
    inside = pixels[
        int(box["top"]) + 3 : int(box["bottom"]) - 3, int(box["left"]) + 3 : int(box["right"]) - 3
    ]
    return float((np.abs(inside - 255).sum(axis=2) > 90).mean())


def test_the_animations_grid_never_goes_blank_while_it_plays(server, browser):
    """While the animation played, the grid of annotations went blank at every frame change
    (for 0.05-0.43 s in a screencast): Plotly paints a heatmap as an image, a new one each frame,
    and Chromium shows nothing there until it has decoded it. Recorded frame by frame while it
    plays from the first frame to the last, the grid always shows coloured cells."""
    url = server + link("lesson", "Das Auto ist neu.", "de-en-additive", step=2)
    with revealed_animation(browser, url, 1024, 768) as (page, chart):
        grid = chart.evaluate(GRID_AND_LABELS)
        frames = chart.evaluate("el => el._transitionData._frames.length")
        cdp = page.context.new_cdp_session(page)
        shots: list[bytes] = []

        def keep(event: dict) -> None:
            shots.append(base64.b64decode(event["data"]))
            cdp.send("Page.screencastFrameAck", {"sessionId": event["sessionId"]})

        cdp.on("Page.screencastFrame", keep)
        cdp.send("Page.startScreencast", {"format": "png"})
        chart.query_selector("text=▶ Play").click()
        page.wait_for_function(
            "el => el._fullLayout.sliders[0].active === el._transitionData._frames.length - 1",
            arg=chart,
        )
        time.sleep(1.5)
        cdp.send("Page.stopScreencast")
        played = chart.evaluate(GRID_AND_LABELS)
    assert played["top"] == grid["top"], (grid, played)  # the page stood still
    assert len(shots) >= frames, (len(shots), frames)  # a picture at every frame change at least
    coloured = [strongly_coloured(shot, grid) for shot in shots]
    assert min(coloured) > 0.002, coloured

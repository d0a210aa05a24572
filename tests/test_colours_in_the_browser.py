"""Colours where the class sees them: the dashboard in Debian's Chromium, a cell whose value is
known, and the pixel the browser painted there.

A scale's direction cannot be checked in Python: the figures reach the browser unvalidated, and
plotly.js reads a named scale ("RdBu", "Blues") the other way from plotly.py. So each test opens
a page, takes a heatmap's own numbers from the browser (``el.data``), finds the cells with the
highest and lowest value, and reads their pixels from a screenshot: the colour must be the one
the legend, title or caption names. Skipped only when /usr/bin/chromium or playwright is missing.
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import untrained
from live_server import CHROMIUM, serve_dashboard

from dashboard import figures
from nmt_core.__main__ import main

SENTENCE = "Ka Mo Ti Tu ."

pytestmark = pytest.mark.browser  # the whole module drives Chromium

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
Image = pytest.importorskip("PIL.Image")

# The page coordinates of heatmap cells (row i, column j) of the plot ``el``, through Plotly's
# own axis mapping; and the plot's z values and title.
CELL_CENTRES = """([el, cells]) => {
  const L = el._fullLayout, box = el.getBoundingClientRect();
  return cells.map(([i, j]) => [box.left + L.xaxis._offset + L.xaxis.l2p(j),
                                box.top + L.yaxis._offset + L.yaxis.l2p(i)]);
}"""
HEATMAP = "el => ({z: el.data[0].z, title: el.layout.title.text.replaceAll('<br>', ' ')})"


@pytest.fixture(scope="module")
def server(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on the trained toy model (A, additive) and an untrained Luong general one (B),
    which attends quite differently: the difference map has cells of both signs."""
    root = tmp_path_factory.mktemp("colour-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    untrained(root, root / "toy-additive", "general", "luong")
    log = tmp_path_factory.mktemp("colour-log") / "streamlit.log"
    with serve_dashboard(root, log, timeout=60) as (url, _):
        yield url


def choose(page, label: str, option: str, tries: int = 5) -> None:
    """Pick ``option`` in the select box ``label`` (a rerun of the page can close its list
    before the click lands: then open it again)."""
    for _ in range(tries):
        page.get_by_role("combobox", name=label).click()
        try:
            page.get_by_role("option", name=option).click(timeout=5_000)
            return
        except sync_api.TimeoutError:
            page.keyboard.press("Escape")
    raise AssertionError(f"could not choose {option!r} in {label!r}")


CENTRE_CELL = """([el, cell]) => {
  const L = el._fullLayout, box = el.getBoundingClientRect();
  const y = box.top + L.yaxis._offset + L.yaxis.l2p(cell[0]);
  let pane = el.parentElement;
  while (pane && !(pane.scrollHeight > pane.clientHeight + 1
                   && getComputedStyle(pane).overflowY !== 'visible')) pane = pane.parentElement;
  (pane || document.scrollingElement).scrollBy(0, y - innerHeight / 2);
}"""


def colour_of(page, plot, cell: tuple[int, int], tries: int = 20) -> tuple[int, int, int]:
    """The colour painted at the centre of ``cell`` (row, column) of ``plot``, read after
    scrolling it to the middle of the screen (a tall chart's rows can be under the header)
    from a screenshot taken while it stayed put (a page still re-running moves its charts)."""
    for _ in range(tries):
        page.evaluate(CENTRE_CELL, [plot.element_handle(), list(cell)])
        time.sleep(0.3)
        ((x, y),) = page.evaluate(CELL_CENTRES, [plot.element_handle(), [list(cell)]])
        shot = Image.open(io.BytesIO(page.screenshot())).convert("RGB")
        if page.evaluate(CELL_CENTRES, [plot.element_handle(), [list(cell)]]) == [[x, y]]:
            return shot.getpixel((round(x), round(y)))
        time.sleep(0.5)
    raise AssertionError("the chart kept moving")


def painted(
    browser, url: str, title_has: str | None, model_a: str | None = None
) -> tuple[list[list[float]], str, dict]:
    """Open ``url`` (and choose ``model_a`` as Compare's model A); for the heatmap whose title
    contains ``title_has``: its z values, its title, and the RGB colour painted at its highest
    and its lowest cell ({"high", "low"})."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.set_default_timeout(60_000)
    try:
        page.goto(url)
        titled = page.locator(".gtitle", has_text=title_has) if title_has else None
        plot = page.locator(".js-plotly-plot", has=titled).first  # no title: the first chart
        plot.wait_for()
        if model_a is not None:
            choose(page, "Model A", model_a)
            page.locator(".gtitle", has_text=f"A ({model_a})").wait_for()
        page.wait_for_function(
            "el => el.data && el.querySelector('.heatmaplayer image')", arg=plot.element_handle()
        )
        plot.scroll_into_view_if_needed()
        time.sleep(1)  # let Plotly finish drawing
        heatmap = plot.evaluate(HEATMAP)
        z = heatmap["z"]
        cells = [(i, j) for i, row in enumerate(z) for j, _ in enumerate(row)]
        high = max(cells, key=lambda c: z[c[0]][c[1]])
        low = min(cells, key=lambda c: z[c[0]][c[1]])
        colours = {"high": colour_of(page, plot, high), "low": colour_of(page, plot, low)}
        return z, heatmap["title"], colours
    finally:
        page.close()


def blue(rgb: tuple[int, int, int]) -> bool:
    return rgb[2] > rgb[0] + 40


def red(rgb: tuple[int, int, int]) -> bool:
    return rgb[0] > rgb[2] + 40


def luminance(rgb: tuple[int, int, int]) -> float:
    return 0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]


@pytest.mark.parametrize("presentation", [False, True])
@pytest.mark.parametrize("model_a, sign", [(None, 1), ("toy-general", -1)])
def test_the_difference_map_paints_what_its_title_says(
    server, browser, model_a, sign, presentation
):
    """Compare: the trained additive model attends sharply, the untrained general one evenly.
    With additive as A (the first model, Compare's default), a cell where A attends far more
    than B (A − B > 0.5) is the colour the title gives A; with general as A, a cell where B
    attends far more, the colour it gives B."""
    query = f"?s={SENTENCE}&model=toy-additive" + ("&presentation=1" if presentation else "")
    z, title, colour = painted(browser, f"{server}/compare{query}", "minus", model_a)
    assert f"{figures.POSITIVE_COLOUR} = A looks there more" in title
    assert f"{figures.NEGATIVE_COLOUR} = B" in title
    named = {"blue": blue, "red": red}
    if sign > 0:
        assert max(map(max, z)) > 0.5
        assert named[figures.POSITIVE_COLOUR](colour["high"]), colour
    else:
        assert min(map(min, z)) < -0.5
        assert named[figures.NEGATIVE_COLOUR](colour["low"]), colour


def test_more_attention_is_more_ink_on_a_screen(server, browser):
    """Translate, normal mode: the most attended cell is dark blue, the least almost white."""
    z, _, colour = painted(browser, f"{server}/?s={SENTENCE}", "Where the decoder looks")
    assert max(map(max, z)) > 0.8 and min(map(min, z)) < 0.05
    assert blue(colour["high"]) and luminance(colour["high"]) < 80, colour
    assert luminance(colour["low"]) > 235, colour


def test_more_attention_is_brighter_on_a_projector(server, browser):
    """Translate, presentation mode (Cividis): the most attended cell yellow, the least dark
    blue."""
    url = f"{server}/?s={SENTENCE}&presentation=1"
    _, _, colour = painted(browser, url, None)  # on a projector its title goes below it
    r, g, b = colour["high"]
    assert r > 200 and g > 200 and b < 120, colour
    assert blue(colour["low"]) and luminance(colour["low"]) < 60, colour


def test_context_vectors_are_painted_as_the_caption_says(server, browser):
    """Why attention: the caption's sign colours, read on the context-vector heatmap."""
    page = browser.new_page()
    try:
        page.goto(f"{server}/why?s={SENTENCE}&model=toy-additive")
        caption = page.get_by_text("Each row is the context vector")
        caption.wait_for()
        text = caption.inner_text()
    finally:
        page.close()
    assert f"{figures.POSITIVE_COLOUR} > 0, {figures.NEGATIVE_COLOUR} < 0" in text
    z, _, colour = painted(browser, f"{server}/why?s={SENTENCE}", "Context vectors")
    assert max(map(max, z)) > 0 > min(map(min, z))
    named = {"blue": blue, "red": red}
    assert named[figures.POSITIVE_COLOUR](colour["high"]), colour
    assert named[figures.NEGATIVE_COLOUR](colour["low"]), colour


PAIR_LAYOUT = """() => [...document.querySelectorAll('.js-plotly-plot')].filter(p => p.data
  && p.data.length === 2 && p.data.every(t => t.type === 'heatmap')).map(p => {
    const L = p._fullLayout, box = p.getBoundingClientRect();
    return {top: box.top, panels: ['xaxis', 'xaxis2'].map(k => ({left: box.left + L[k]._offset,
            width: L[k]._length, top: box.top + L.yaxis._offset}))};
  })"""


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_compare_puts_a_beside_b_on_a_projector(server, browser, width, height):
    """A link in presentation mode (the sidebar opens collapsed): A and B's heatmaps share a
    row, each at least 420 px wide; nothing is wider than the screen; their formulas below, each
    whole, with the sidebar open too."""
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/compare?s={SENTENCE}&model=toy-additive&presentation=1")
        page.wait_for_function(f"() => ({PAIR_LAYOUT})().length > 0")
        time.sleep(1)
        (pair,) = page.evaluate(PAIR_LAYOUT)
        widest = page.evaluate("() => document.documentElement.scrollWidth")
        formulas = page.locator(".katex-display").count()
        # linked views: hovering a cell of A shows that row's weights of A and B in one box
        plot = page.locator(".js-plotly-plot", has=page.locator(".heatmaplayer")).first
        plot.scroll_into_view_if_needed()
        ((x, y),) = page.evaluate(CELL_CENTRES, [plot.element_handle(), [[1, 1]]])
        page.mouse.move(x, y)
        page.locator(".hoverlayer .legend, .hoverlayer .hovertext").first.wait_for()
        hovered = page.locator(".hoverlayer").first.text_content()
        # the teacher opens the sidebar (the page narrows): each formula stays whole, none
        # scrolls inside its place by more than KaTeX's own overhang of a few pixels (an
        # italic's tail); a cut formula hides a glyph or more
        page.get_by_test_id("stExpandSidebarButton").click()
        page.get_by_test_id("stSidebar").get_by_text("Presentation mode").wait_for()
        time.sleep(1)
        cut = page.evaluate(
            "() => [...document.querySelectorAll('.katex-display')]"
            ".filter(f => f.scrollWidth > f.clientWidth + 8).map(f => f.textContent)"
        )
    finally:
        page.close()
    a, b = pair["panels"]
    assert a["top"] == b["top"] and a["left"] + a["width"] <= b["left"]  # one row, A first
    assert min(a["width"], b["width"]) >= 420, pair
    assert widest <= width and formulas >= 2 and not cut, cut
    assert "A toy-additive" in hovered and "B toy-general" in hovered, hovered


# Each axis's tick labels as the browser laid them out: one list of boxes per axis of each chart.
TICK_BOXES = """() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(p =>
  [...p.querySelectorAll('.xaxislayer-above, .yaxislayer-above')].map(axis =>
    [...axis.querySelectorAll('text')].map(t => { const r = t.getBoundingClientRect();
      return [t.textContent, r.left, r.top, r.right, r.bottom]; })))"""


# Per chart: its labels' boxes and its colour bars' boxes.
LABELS_AND_BARS = """() => [...document.querySelectorAll('.js-plotly-plot')].map(p => {
  const box = (e, name) => { const r = e.getBoundingClientRect();
                             return [name, r.left, r.top, r.right, r.bottom]; };
  return [[...p.querySelectorAll('.xtick text, .ytick text')].map(e => box(e, e.textContent)),
          [...p.querySelectorAll('.colorbar')].map(e => box(e, 'colour bar'))]; })"""


def overlapping(boxes: list[list]) -> list[tuple[str, str]]:
    """The pairs of labels whose boxes share more than one pixel of width and of height."""
    return [
        (a[0], b[0])
        for k, a in enumerate(boxes)
        for b in boxes[k + 1 :]
        if min(a[3], b[3]) - max(a[1], b[1]) > 1 and min(a[4], b[4]) - max(a[2], b[2]) > 1
    ]


@pytest.mark.parametrize("page_path", ["", "compare"])
def test_no_token_label_runs_into_another(server, browser, page_path):
    """D11: a long sentence of pieces ("▁Ka", "▁Mo", ...) at 1024x768 on a projector: no two
    labels of an axis overlap. Plotly slants crowded labels, and a slanted label's end ran into
    its neighbour's word-start mark; upright labels too when a column was narrower than a line
    of text. Labels now stand upright, the mark is small and the type fits a column."""
    sentence = " ".join(["Ka Mo Ti Tu"] * 4) + " ."
    page = browser.new_page(viewport={"width": 1024, "height": 768})
    page.set_default_timeout(60_000)
    try:
        page.goto(f"{server}/{page_path}?s={sentence}&model=toy-additive&presentation=1")
        page.wait_for_function("() => document.querySelector('.js-plotly-plot .heatmaplayer')")
        time.sleep(1)
        axes = page.evaluate(TICK_BOXES)
        charts = page.evaluate(LABELS_AND_BARS)
    finally:
        page.close()
    assert max(map(len, axes)) >= 17, axes  # the sentence's pieces are labelled
    assert all("\u2581" in box[0] for axis in axes for box in axis[:1] if len(axis) >= 17)
    clashes = [pair for axis in axes for pair in overlapping(axis)]
    assert not clashes, clashes
    # nor a colour bar (Compare's sits under A and B, below their upright labels)
    under_bars = [
        pair
        for labels, bars in charts
        for pair in overlapping(labels + bars)
        if "colour bar" in pair
    ]
    assert not under_bars, under_bars

"""What Chromium draws of coverage: on Translate each coverage bar stands under its own column of
the heatmap, the dashed line at the threshold spans the bars' plot, and the bars of the words
possibly left out are painted red, on a projector (1024 x 768, presentation mode) and on a
screen (1280 x 720); a click in a word's column of bars follows that word, on Translate and on
Step through; and no page that shows coverage or a followed word scrolls sideways.
Skipped only when /usr/bin/chromium or playwright is missing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, quote, urlparse

import pytest
from conftest import TOY_WORDS, untrained
from live_server import playwright_or_skip, serve_dashboard

from dashboard import figures
from nmt_core.__main__ import main
from nmt_core.analysis.coverage import left_out
from nmt_core.checkpoint import load_checkpoint
from nmt_core.text.tokenization import word_groups
from nmt_core.translate import translate

pytestmark = pytest.mark.browser
sync_api = playwright_or_skip()
SCREENS = [(1024, 768, True), (1280, 720, False)]  # a projector; a laptop with the sidebar


@pytest.fixture(scope="module")
def root(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The trained toy model and an untrained one, which leaves words out."""
    root = tmp_path_factory.mktemp("coverage-browser-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    untrained(root, root / "toy-additive", "general", "luong")
    return root


@pytest.fixture(scope="module")
def server(root: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    log = tmp_path_factory.mktemp("coverage-browser-log") / "streamlit.log"
    with serve_dashboard(root, log, timeout=60) as (url, _):
        yield url


SETTLED = """() => !document.querySelector('[data-testid="stStatusWidget"], [data-stale="true"]')"""


def opened(browser: sync_api.Browser, url: str, width: int, height: int) -> sync_api.Page:
    page = browser.new_page(viewport={"width": width, "height": height})
    page.set_default_timeout(60_000)
    page.goto(url)
    page.wait_for_function("() => document.querySelector('.js-plotly-plot .nsewdrag')")
    page.wait_for_function(SETTLED)
    time.sleep(1.5)  # Plotly's last drawing
    return page


def a_sentence_with_words_left_out(root: Path) -> tuple[str, set[int]]:
    """A toy sentence the untrained model leaves words out of, and the source pieces (by
    index) of those words: the bars Translate paints red at the piece level."""
    checkpoint = load_checkpoint(root / "toy-general")
    rng = random.Random(1)
    for _ in range(100):
        sentence = " ".join(rng.choice(TOY_WORDS) for _ in range(rng.randint(4, 8))) + " ."
        result = translate(checkpoint, sentence)
        words = left_out(result)
        if words and len(words) < len(result.source_words) - 2:
            groups = word_groups(result.source_pieces)
            return sentence, {k for w in words for k in groups[w.index]}
    raise AssertionError("the untrained model leaves no toy word out")


# The heatmap's picture, its columns, the coverage bars and the dashed line, in page pixels.
DRAWN = """el => { const box = e => { const r = e.getBoundingClientRect();
    return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const bars = [...el.querySelectorAll('.barlayer .point path')]
    .filter(p => getComputedStyle(p).fillOpacity !== '0')  // not the see-through columns
    .map(p => ({...box(p), fill: getComputedStyle(p).fill}));
  const dashed = [...el.querySelectorAll('.shapelayer path')].filter(
    p => getComputedStyle(p).strokeDasharray !== 'none').map(box);
  return {image: box(el.querySelector('.heatmaplayer image')), columns: el.data[0].z[0].length,
          bars, dashed}; }"""


def rgb(colour: str) -> str:
    """'#d62728' as the browser writes a fill: 'rgb(214, 39, 40)'."""
    red, green, blue = (int(colour[k : k + 2], 16) for k in (1, 3, 5))
    return f"rgb({red}, {green}, {blue})"


@pytest.mark.parametrize("width, height, presentation", SCREENS)
def test_each_coverage_bar_stands_under_its_column_and_the_left_out_ones_are_red(
    server, root, browser, width, height, presentation
):
    sentence, left_out_pieces = a_sentence_with_words_left_out(root)
    url = f"{server}/?s={quote(sentence)}&model=toy-general&presentation={int(presentation)}"
    page = opened(browser, url, width, height)
    try:
        drawn = page.locator(".js-plotly-plot").first.evaluate(DRAWN)
    finally:
        page.close()
    image, columns, bars = drawn["image"], drawn["columns"], drawn["bars"]
    assert len(bars) == columns >= 5, drawn
    width_of = (image["right"] - image["left"]) / columns
    for j, bar in enumerate(bars):
        centre = (bar["left"] + bar["right"]) / 2
        assert abs(centre - (image["left"] + (j + 0.5) * width_of)) <= 1.5, (j, bar, image)
        assert bar["top"] > image["bottom"], (j, bar, image)  # under the heatmap
    red = [j for j, bar in enumerate(bars) if bar["fill"] == rgb(figures.HIGHLIGHT)]
    assert set(red) == left_out_pieces, (red, left_out_pieces)
    (line,) = drawn["dashed"]
    assert line["bottom"] - line["top"] <= 4  # across, not up
    assert abs(line["left"] - image["left"]) <= 2 and abs(line["right"] - image["right"]) <= 2
    base = max(bar["bottom"] for bar in bars)
    assert image["bottom"] < line["top"] < base


@pytest.mark.parametrize("path, chart", [("", 0), ("step", 1)])
def test_a_click_in_a_words_column_of_bars_follows_that_word(server, root, browser, path, chart):
    """On Translate (the bars under the heatmap) and on Step through (the coverage so far), a
    click above a column's bar, where only its see-through column is, follows that word: the
    followed-word chart names it, the link carries it, and no bar fades (Plotly dims the
    points a click does not select)."""
    sentence, column = "Ka Mo Ti Tu .", 2
    piece = translate(load_checkpoint(root / "toy-additive"), sentence).source_pieces[column]
    page = opened(browser, f"{server}/{path}?s={quote(sentence)}&model=toy-additive", 1280, 720)
    try:
        plot = page.locator(".js-plotly-plot").nth(chart)
        plot.scroll_into_view_if_needed()
        time.sleep(1)
        where = plot.evaluate(COLUMN_TOPS)
        x = where["left"] + (column + 0.5) * (where["right"] - where["left"]) / where["columns"]
        page.mouse.move(x, where["top"] + 6)
        time.sleep(0.5)
        page.mouse.click(x, where["top"] + 6)
        title = f"Attention to “{piece}”"  # (a title wraps: its text has no space at a break)
        page.locator(".js-plotly-plot .gtitle", has_text=title).wait_for()
        page.wait_for_function(SETTLED)
        follow = parse_qs(urlparse(page.url).query).get("follow")
        faded = plot.evaluate(FADED)
    finally:
        page.close()
    assert follow == [str(column + 1)]
    assert faded == [], faded


# The see-through columns (the first bars): their left and right edges, their top, how many
COLUMN_TOPS = """el => { const bars = el.querySelector('.barlayer .trace');  // the columns
  const boxes = [...bars.querySelectorAll('.point path')].map(p => p.getBoundingClientRect());
  return {left: Math.min(...boxes.map(b => b.left)), right: Math.max(...boxes.map(b => b.right)),
          top: Math.min(...boxes.map(b => b.top)), columns: boxes.length}; }"""


# the bars drawn paler than opaque (the see-through columns aside)
FADED = """el => [...el.querySelectorAll('.barlayer .point path')].map(p => getComputedStyle(p))
  .filter(s => s.fillOpacity !== '0' && Number(s.opacity) * Number(s.fillOpacity) < 1)
  .map(s => [s.opacity, s.fillOpacity])"""


SIDEWAYS = """() => { const main = document.querySelector('[data-testid="stMain"]');
  return {main: main.scrollWidth - main.clientWidth,
          page: document.documentElement.scrollWidth - window.innerWidth}; }"""


@pytest.mark.parametrize("presentation", [True, False])
@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
@pytest.mark.parametrize("path", ["", "step", "beam"])
def test_no_page_with_coverage_scrolls_sideways(server, browser, path, width, height, presentation):
    """Translate, Step through and Beam search with a word followed, the coverage so far and
    the penalty what-if fit the screen's width: nothing to scroll to on either side."""
    query = f"s={quote('Ka Mo Ti Tu Ka Mo Ti Tu .')}&follow=2&beam=3&beta=1&step=4"
    page = opened(browser, f"{server}/{path}?{query}&presentation={int(presentation)}", width,
                  height)  # fmt: skip
    try:
        if path != "beam":
            page.locator(".js-plotly-plot .gtitle", has_text="Attention to").wait_for()
        else:
            page.get_by_text("Coverage penalty β").wait_for()
        time.sleep(1)
        overflow = page.evaluate(SIDEWAYS)
    finally:
        page.close()
    assert overflow["main"] <= 1 and overflow["page"] <= 1, overflow

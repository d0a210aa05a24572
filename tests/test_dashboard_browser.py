"""The dashboard in a real browser: `streamlit run` on localhost, driven by Debian's Chromium.

Skipped only when /usr/bin/chromium or the playwright package is missing (CI installs both).
Set ATTENTION_LAB_SCREENSHOT=/path/to/file.png to keep the screenshot.
"""

import contextlib
import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit
from xml.etree import ElementTree

import pytest
from live_server import CHROMIUM, CHROMIUM_ARGS, free_port, serve_dashboard

from dashboard import navigation
from nmt_core.__main__ import main

SENTENCE, REVERSED = "Ka Mo Ti Tu .", "Tu Ti Mo Ka ."

pytestmark = pytest.mark.browser  # the whole module drives Chromium

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")


@pytest.fixture(scope="module")
def server(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app served on a free localhost port, reading the toy checkpoint; yields its URL."""
    root = tmp_path_factory.mktemp("browser-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    log = tmp_path_factory.mktemp("browser-log") / "streamlit.log"
    with serve_dashboard(root, log, timeout=60) as (url, _):
        yield url


@pytest.fixture
def requested_urls() -> list[str]:
    """Every URL the page of this test asked for (filled by the ``page`` fixture)."""
    return []


@pytest.fixture
def page(server: str, requested_urls: list[str]) -> Iterator["sync_api.Page"]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
        )
        page = browser.new_page(viewport={"width": 1400, "height": 1100})
        page.set_default_timeout(60_000)
        page.on("request", lambda request: requested_urls.append(request.url))
        page.goto(server)
        yield page
        browser.close()


def type_sentence(page: "sync_api.Page", text: str) -> None:
    box = page.get_by_label("German sentence")
    box.fill(text)
    box.press("Enter")


def test_typing_a_sentence_shows_its_translation_and_heatmap(page, tmp_path):
    type_sentence(page, SENTENCE)
    page.locator('[data-testid="stCode"]', has_text=REVERSED).wait_for()
    plot = page.locator(".js-plotly-plot").first
    # the element gets its class before Plotly has attached the traces: wait for the data
    page.wait_for_function("el => el.data && el.data.length > 0", arg=plot.element_handle())
    # the heatmap drawn in the browser: one row per target piece, one column per source piece
    shape = plot.evaluate(
        "el => [el.data[0].type, el.data[0].z.length, el.data[0].z[0].length,"
        " el.layout.yaxis.ticktext.length, el.layout.xaxis.ticktext.length]"
    )
    assert shape[0] == "heatmap" and shape[1:3] == shape[3:5]
    assert page.locator('[data-testid="stException"]').count() == 0
    time.sleep(1)  # let Plotly finish drawing before the picture
    shot = tmp_path / "translate.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    if os.environ.get("ATTENTION_LAB_SCREENSHOT"):
        shutil.copy(shot, os.environ["ATTENTION_LAB_SCREENSHOT"])


def test_html_typed_in_stays_text(page):
    dialogs = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    markup = '<b id="probe">Ka</b><img id="probe-img" src=x onerror="window.hacked=1">'
    type_sentence(page, markup + "<script>window.hacked=1</script>")
    page.wait_for_function("() => new URL(location.href).searchParams.get('s')?.includes('img')")
    page.locator(".js-plotly-plot").first.wait_for()
    time.sleep(1)
    # no element of the typed markup made it into the page, and nothing of it ran
    assert page.evaluate("() => document.querySelector('#probe, #probe-img')") is None
    assert page.evaluate("() => window.hacked") is None and not dialogs
    assert page.locator('[data-testid="stException"]').count() == 0


def test_nothing_leaves_the_machine_and_the_toolbar_has_no_deploy_button(
    page, requested_urls, server
):
    """A classroom tool: the page asks only our server for anything (no usage statistics, no
    favicon from Google's font host), and the toolbar offers no "Deploy"."""
    type_sentence(page, SENTENCE)
    page.locator('[data-testid="stCode"]', has_text=REVERSED).wait_for()
    page.get_by_role("link", name="Step through").click()
    page.locator(".js-plotly-plot").first.wait_for()
    time.sleep(3)  # Streamlit's statistics go out shortly after a page loads
    hosts = {urlsplit(url).netloc for url in requested_urls if url.startswith("http")}
    assert hosts == {urlsplit(server).netloc}
    assert page.get_by_text("Deploy", exact=True).count() == 0


def test_a_planted_image_link_fetches_nothing(page, requested_urls, server):
    """A stranger's link on the board (?model=![m](http://.../t.png), ?beam=[log in](...)):
    every student's browser shows the values as text and asks no other host for anything."""
    outside = f"http://127.0.0.1:{free_port()}"
    query = urlencode(
        {"s": SENTENCE, "model": f"![m]({outside}/t.png)", "beam": f"[Log in]({outside}/login)"}
    )
    page.goto(f"{server}/?{query}")
    warnings = page.locator('[data-testid="stAlertContainer"]')
    warnings.filter(has_text="The link asks for the model").wait_for()
    page.locator('[data-testid="stCode"]', has_text=REVERSED).wait_for()
    time.sleep(2)  # time for an image to be asked for
    text = " ".join(warnings.all_inner_texts()).replace("\u2060", "")  # the invisible joiner
    assert f"![m]({outside}/t.png)" in text and f"[Log in]({outside}/login)" in text
    planted = page.locator("img[src*='t.png'], a[href*='login']")
    assert planted.count() == 0, [
        planted.nth(k).evaluate("e => e.outerHTML") for k in range(planted.count())
    ]
    assert not [url for url in requested_urls if url.startswith(outside)]
    assert {urlsplit(url).netloc for url in requested_urls if url.startswith("http")} == {
        urlsplit(server).netloc
    }


ALL_CHARTS_DRAWN = """() => {
  const plots = [...document.querySelectorAll('.js-plotly-plot')];
  return plots.length >= 2
    && plots.every(p => p.querySelector('.nsewdrag') && p.querySelector('.gtitle'));
}"""
MEASURE_PAGE = """() => {
  const box = el => { const r = el.getBoundingClientRect();
                      return {left: r.left, right: r.right, top: r.top, width: r.width,
                              height: r.height}; };
  const plots = [...document.querySelectorAll('.js-plotly-plot')].map(p => ({
    box: box(p),
    heatmap: !!p.querySelector('.heatmaplayer image'),
    area: box(p.querySelector('.nsewdrag')),
    title: p.querySelector('.gtitle') ? box(p.querySelector('.gtitle')) : null,
    title_text: p.querySelector('.gtitle') ? p.querySelector('.gtitle').textContent : '',
  }));
  const formulas = [...document.querySelectorAll('.katex-display .katex')];
  const next = [...document.querySelectorAll('button')].find(b => b.innerText.includes('Next'));
  return {
    next_top: next ? box(next).top : null,
    third_formula_bottom: formulas.length > 2 ? box(formulas[2]).top + box(formulas[2]).height
                                              : null,
    plots,
    formula_px: formulas.map(k => parseFloat(getComputedStyle(k).fontSize)),
    first_formula_top: formulas.length ? box(formulas[0]).top : null,
    caption_px: parseFloat(getComputedStyle(
      document.querySelector('[data-testid="stCaptionContainer"]')).fontSize),
  };
}"""


@contextlib.contextmanager
def screen(width: int, height: int) -> Iterator["sync_api.Page"]:
    """A page of Debian's Chromium with a screen of ``width`` x ``height`` (a projector's)."""
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.set_default_timeout(60_000)
            yield page
        finally:
            browser.close()


def guess_and_reveal(page: "sync_api.Page", word: str) -> None:
    """Click ``word`` among the Lesson's guesses, then the teacher's Reveal button."""
    page.get_by_role("radio", name=word, exact=True).click()
    page.get_by_role("button", name="Reveal the answer").click()


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
@pytest.mark.parametrize("name", ["step", "lesson"])
def test_presentation_mode_fits_a_projector(server, tmp_path, name, width, height):
    """A lecturer's projector: every chart title whole, formulas >= 24 px, the Step heatmap
    first and at least 400 x 250 px of plot, the navigation and the mode's toggle in view."""
    with screen(width, height) as page:
        page.goto(f"{server}/{name}?s={SENTENCE}&step=2&presentation=1")
        if name == "lesson":  # the Lesson asks the class first
            guess_and_reveal(page, "Ka")
        page.locator(".katex-display").first.wait_for()
        page.wait_for_function(ALL_CHARTS_DRAWN)
        time.sleep(1)  # let Plotly finish drawing
        shot = tmp_path / f"{name}-{width}x{height}.png"
        page.screenshot(path=str(shot))
        measured = page.evaluate(MEASURE_PAGE)
        nav = page.locator('[data-testid="stSidebarNavLink"]')
        pages = len(navigation.PAGES)
        assert nav.count() == pages and all(nav.nth(k).is_visible() for k in range(pages))
        assert page.get_by_text("Presentation mode").is_visible()
        if name == "step" and width == 1024:  # PNG export: the chart toolbar's camera
            chart = page.locator(".js-plotly-plot").first
            chart.hover()
            with page.expect_download() as download:
                chart.locator('[data-title="Download plot as a PNG"]').click()
            png = tmp_path / download.value.suggested_filename
            download.value.save_as(png)
            assert png.suffix == ".png" and png.read_bytes()[:4] == b"\x89PNG"
    if os.environ.get("ATTENTION_LAB_SCREENSHOT"):
        shutil.copy(shot, Path(os.environ["ATTENTION_LAB_SCREENSHOT"]).parent / shot.name)
    assert min(measured["formula_px"]) >= 24 and measured["caption_px"] >= 16
    for plot in measured["plots"]:  # titles whole: inside their chart, not cut at its edge
        assert plot["title"]["right"] <= plot["box"]["right"] + 1
        assert plot["title"]["top"] >= plot["box"]["top"] - 1
    if name == "step":
        heatmap = next(plot for plot in measured["plots"] if plot["heatmap"])
        if width == 1024:
            assert heatmap["area"]["width"] >= 400 and heatmap["area"]["height"] >= 250
        # D6: Next and this step's worked numbers (scores, softmax, weights) on one screen,
        # the temperature what-if right under them, then the charts, stacked: the heatmap first
        assert measured["third_formula_bottom"] - measured["next_top"] <= height
        assert measured["third_formula_bottom"] < heatmap["box"]["top"]
        what_if = [p for p in measured["plots"] if p["title_text"].startswith("orange: T")]
        others = [p["box"]["top"] for p in measured["plots"] if p not in [heatmap, *what_if]]
        assert len(what_if) == 1 and what_if[0]["box"]["top"] < heatmap["box"]["top"]
        assert heatmap["box"]["top"] < min(others)


HEATMAP_LABELS = """() => { const p = document.querySelector('.js-plotly-plot');
  const ticks = [...p.querySelectorAll('.xtick text, .ytick text')].map(t =>
    t.getBoundingClientRect());
  return {rows: p.data[0].z.length, top: Math.min(...ticks.map(t => t.top)),
          bottom: Math.max(...ticks.map(t => t.bottom))}; }"""


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_translate_shows_the_whole_heatmap_on_a_projectors_first_screen(server, width, height):
    """D7: on a projector, a sentence as long as 12 words of the shipped models (17 rows of
    pieces: here 8 toy words of two pieces each) shows its heatmap with every source and target
    label in the first screen, without scrolling."""
    sentence = "Ka Mo Ti Tu Ka Mo Ti Tu ."
    with screen(width, height) as page:
        page.goto(f"{server}/?s={sentence}&presentation=1")
        page.wait_for_function(
            "() => document.querySelector('.js-plotly-plot .heatmaplayer image')"
        )
        time.sleep(1)
        labels = page.evaluate(HEATMAP_LABELS)
    assert labels["rows"] >= 17
    assert labels["top"] >= 0 and labels["bottom"] <= height, labels


# The coverage bars' plot (the chart's lower subplot) and the number of rows above it.
COVERAGE_BARS = """() => { const p = document.querySelector('.js-plotly-plot');
  const bars = p.querySelector('.xy2 .nsewdrag, .xy2 .bg') || p.querySelectorAll('.nsewdrag')[1];
  return {rows: p.data[0].z.length, bottom: bars.getBoundingClientRect().bottom}; }"""


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_translate_shows_a_sentences_coverage_bars_on_a_projectors_first_screen(
    server, width, height
):
    """On a projector, a sentence of a dozen pieces shows its coverage bars under the heatmap
    in the first screen too: on a panel as tall as the page's (150 px), they fell below it."""
    with screen(width, height) as page:
        page.goto(f"{server}/?s=Ka Mo Ti Tu Ka .&presentation=1")
        page.wait_for_function(
            "() => document.querySelector('.js-plotly-plot .heatmaplayer image')"
        )
        time.sleep(1)
        shown = page.evaluate(COVERAGE_BARS)
    assert 10 <= shown["rows"] <= 12 and shown["bottom"] <= height, shown


OPTIONS_SHOWN = """() => [...document.querySelectorAll('[role=option]')].map(o => {
  const text = o.firstElementChild;
  const box = o.getBoundingClientRect();
  return {label: o.innerText, whole: text.scrollWidth <= text.clientWidth + 1,
          left: box.left, right: box.right}; })"""


def sidebar_is_open(page: "sync_api.Page") -> bool:
    box = page.get_by_test_id("stSidebar").bounding_box()
    return box is not None and box["x"] >= 0 and box["width"] > 100


@pytest.mark.parametrize("presentation", [False, True])
def test_the_open_examples_list_shows_its_sentences_whole_beside_the_sidebar(server, presentation):
    """A teacher at 1024 x 768 with the sidebar open opens Examples: the list lies on the screen
    and every entry of up to 64 characters (all but the bank's deliberately long ones) is whole,
    not cut mid-sentence as it was in a list as narrow as its box."""
    with screen(1024, 768) as page:
        page.goto(f"{server}/?presentation={int(presentation)}")
        box = page.get_by_role("combobox", name="Examples")
        page.wait_for_function("() => document.querySelector('.js-plotly-plot')")
        if presentation:  # a projector link opens with the sidebar shut: the teacher opens it
            time.sleep(1)  # once the page has drawn, as a teacher would
            page.get_by_test_id("stExpandSidebarButton").click()
            page.wait_for_function(
                "() => document.querySelector('[data-testid=stSidebar]')"
                ".getBoundingClientRect().left >= 0"
            )
        assert sidebar_is_open(page)
        box.click()
        page.locator("[role=option]").nth(4).wait_for()
        time.sleep(0.5)
        options = page.evaluate(OPTIONS_SHOWN)
    short = [o for o in options if len(o["label"]) <= 64]
    assert len(short) >= 6, options
    assert all(o["left"] >= 0 and o["right"] <= 1024 for o in options), options
    assert [o["label"] for o in short if not o["whole"]] == []


def test_turning_presentation_mode_on_leaves_the_sidebar_open(server):
    """The teacher turns the mode on in the sidebar and picks an example: the sidebar stays
    open (it used to shut on the first click after the toggle)."""
    with screen(1024, 768) as page:
        page.goto(server)
        page.get_by_role("combobox", name="Examples").wait_for()
        page.get_by_test_id("stSidebar").get_by_text("Presentation mode").click()
        page.wait_for_url("**presentation=1**")
        time.sleep(1)
        page.get_by_role("combobox", name="Examples").click()
        page.locator("[role=option]").nth(2).click()
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=stSidebar] [data-testid=stSkeleton]')"
        )
        time.sleep(2)  # the rerun that shut it came right after the pick
        assert page.get_by_label("German sentence").input_value() != ""
        assert sidebar_is_open(page)


ANIMATION_STATE = """el => ({frames: el._transitionData._frames.length,
                            active: el._fullLayout.sliders[0].active,
                            label: el._fullLayout.sliders[0].steps[
                                     el._fullLayout.sliders[0].active].label})"""


def test_a_class_guesses_then_the_teacher_reveals_and_plays_the_step(server, tmp_path):
    """Predict -> reveal -> animate on a 1024 x 768 projector, with a picture of each stage."""
    shots = []
    with screen(1024, 768) as page:
        page.goto(f"{server}/lesson?s={SENTENCE}&step=1&presentation=1")
        guesses = page.get_by_role("radio", name="Mo", exact=True)
        guesses.wait_for()
        assert guesses.is_visible()  # the question fits the projector without scrolling
        assert page.locator(".js-plotly-plot").count() == 0  # nothing gives it away
        assert page.locator(".katex-display").count() == 0
        guesses.click()
        time.sleep(1)  # a guess alone reveals nothing on a projector
        assert page.locator(".js-plotly-plot").count() == 0
        shots.append(tmp_path / "1-guess.png")
        page.screenshot(path=str(shots[-1]))
        page.get_by_role("button", name="Reveal the answer").click()
        page.get_by_text("The model looks most at").wait_for()
        chart = page.locator(".js-plotly-plot").first
        page.wait_for_function("el => el._transitionData && el._fullLayout.sliders",
                               arg=chart.element_handle())  # fmt: skip
        chart.scroll_into_view_if_needed()
        time.sleep(1)
        shots.append(tmp_path / "2-revealed.png")
        page.screenshot(path=str(shots[-1]))
        before = chart.evaluate(ANIMATION_STATE)
        assert before["active"] == 0 and before["label"].startswith("1 · the scores")
        chart.get_by_text("▶ Play").click()
        page.wait_for_function(
            "el => el._fullLayout.sliders[0].active === el._transitionData._frames.length - 1",
            arg=chart.element_handle(),
            timeout=60_000,
        )
        time.sleep(1)
        after = chart.evaluate(ANIMATION_STATE)
        shots.append(tmp_path / "3-played.png")
        page.screenshot(path=str(shots[-1]))
    assert after["frames"] == before["frames"] >= 5 and after["label"].startswith("4 · c₁")
    if os.environ.get("ATTENTION_LAB_SCREENSHOT"):
        for shot in shots:
            shutil.copy(shot, Path(os.environ["ATTENTION_LAB_SCREENSHOT"]).parent / shot.name)


def test_clicking_a_node_of_the_beam_tree_shows_that_prefix(page, server):
    page.goto(f"{server}/beam?s={SENTENCE}&beam=3")
    page.get_by_text("Draw every candidate").click()
    caption = page.get_by_text("Click a node")
    caption.wait_for()
    assert "(ended" in caption.inner_text()  # the best hypothesis' last node, at first
    tree = page.locator(".js-plotly-plot", has=page.locator(".legend", has_text="pruned"))
    page.wait_for_function("el => el.data && el.data.length >= 5", arg=tree.element_handle())
    pruned = tree.locator(".scatterlayer .trace").nth(4).locator(".point").first
    shown = "() => [...document.querySelectorAll('p')].some(p => p.innerText.includes('(pruned'))"
    for _ in range(3):  # a click Plotly got before it listened, or that a late redraw moved
        page.locator('[data-testid="stStatusWidget"]').wait_for(state="hidden")
        pruned.evaluate("point => point.scrollIntoView({block: 'center'})")  # not under the header
        box = pruned.bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        try:
            page.wait_for_function(shown, timeout=20_000)
            return
        except sync_api.TimeoutError:
            continue
    captions = page.locator('[data-testid="stCaptionContainer"]').all_inner_texts()
    pytest.fail(f"no pruned node shown at {page.url}; captions: {captions}")


TOUR_BOXES = """target => {
  const box = selector => { const element = document.querySelector(selector);
    if (!element) return null; const r = element.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom}; };
  return {panel: box('.st-key-tour_panel'), target: box('.st-key-' + target),
          header: box('[data-testid="stHeader"]')}; }"""


# Whether the panel lies on the screen and the element it names between the header and it.
TOUR_IN_VIEW = """([target, height]) => {
  const box = selector => document.querySelector(selector)?.getBoundingClientRect();
  const panel = box('.st-key-tour_panel'), element = box('.st-key-' + target),
        header = box('[data-testid="stHeader"]');
  return Boolean(panel && element && header && panel.top >= 0 && panel.bottom <= height
                 && element.top >= header.bottom && element.bottom <= panel.top); }"""
# What a chart drawn late above the element does on a slow machine: the page grows above it.
GROW_ABOVE = """target => {
  const element = document.querySelector('.st-key-' + target);
  const late = document.createElement('div'); late.style.height = '160px';
  element.parentElement.insertBefore(late, element); }"""


def test_the_tour_points_at_its_element_on_a_projectors_one_screen(server, tmp_path):
    """On a 1024 x 768 projector the teacher starts the tour and clicks Next; the
    panel and the element its step names (the bar chart of α) are both on the screen, the
    element above the panel, and stay so when the page grows above the element afterwards (a
    chart drawn late on a busy server: CI's run once left the element under the panel); the
    address bar then reopens the tour at that step."""
    with screen(1024, 768) as page:
        page.goto(f"{server}/lesson?s={SENTENCE}&step=2&presentation=1")
        page.get_by_role("button", name="Take the tour").click()
        panel = page.locator(".st-key-tour_panel")
        panel.get_by_text("Tour 1 of").wait_for()
        for number in range(2, 7):  # to "The weights, one bar per piece"
            panel.get_by_role("button", name="Next ▶").click()
            panel.get_by_text(f"Tour {number} of").wait_for()
        assert "one bar per piece" in panel.inner_text()
        page.wait_for_function(ALL_CHARTS_DRAWN)
        page.wait_for_function("() => new URL(location.href).searchParams.get('tour') === '6'")
        in_view = ["tour_alpha", 768]
        page.wait_for_function(TOUR_IN_VIEW, arg=in_view, timeout=20_000)
        time.sleep(2)  # the page settles; then something above the element grows late
        page.evaluate(GROW_ABOVE, "tour_alpha")
        try:
            page.wait_for_function(TOUR_IN_VIEW, arg=in_view, timeout=5_000)
            back_in_view = True
        except sync_api.TimeoutError:
            back_in_view = False
        boxes = page.evaluate(TOUR_BOXES, "tour_alpha")
        shot = tmp_path / "tour-1024x768.png"
        page.screenshot(path=str(shot))
        link = page.url
    if os.environ.get("ATTENTION_LAB_SCREENSHOT"):
        shutil.copy(shot, Path(os.environ["ATTENTION_LAB_SCREENSHOT"]).parent / shot.name)
    assert back_in_view, f"after the page grew above it: {boxes}"
    with screen(1024, 768) as page:  # the link, opened anew: the same step of the tour
        page.goto(link)
        page.locator(".st-key-tour_panel").get_by_text("Tour 6 of").wait_for()


# The panel's and the sidebar's left and right edges.
PANEL_BESIDE_SIDEBAR = """() => {
  const box = selector => { const r = document.querySelector(selector).getBoundingClientRect();
    return {left: r.left, right: r.right}; };
  return {panel: box('.st-key-tour_panel'), sidebar: box('[data-testid="stSidebar"]')}; }"""
PANEL_CLEAR_OF_SIDEBAR = (
    f"() => {{ const b = ({PANEL_BESIDE_SIDEBAR})(); return b.panel.left >= b.sidebar.right; }}"
)


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_the_tour_panel_stays_beside_the_open_sidebar(server, width, height):
    """In presentation mode (larger type) the teacher opens the sidebar during the tour: the
    panel shrinks to the page beside it instead of reaching under it, where its title and the
    start of every line were hidden (at 1280 x 720 it began at x = 220, under a 300-px
    sidebar)."""
    with screen(width, height) as page:
        page.goto(f"{server}/lesson?s={SENTENCE}&step=2&presentation=1")
        page.get_by_role("button", name="Take the tour").click()
        panel = page.locator(".st-key-tour_panel")
        panel.get_by_text("Tour 1 of").wait_for()
        time.sleep(1)  # once the page has drawn, as a teacher would
        page.get_by_test_id("stExpandSidebarButton").click()
        page.wait_for_function(
            "() => document.querySelector('[data-testid=stSidebar]')"
            ".getBoundingClientRect().left >= 0"
        )
        with contextlib.suppress(sync_api.TimeoutError):  # the assertions say where they lie
            page.wait_for_function(PANEL_CLEAR_OF_SIDEBAR, timeout=5_000)
        boxes = page.evaluate(PANEL_BESIDE_SIDEBAR)
        panel.get_by_role("button", name="Next ▶").click()  # and on the next step too
        panel.get_by_text("Tour 2 of").wait_for()
        time.sleep(1)
        after = page.evaluate(PANEL_BESIDE_SIDEBAR)
    for shown in (boxes, after):
        assert shown["sidebar"]["right"] >= 200, shown  # the sidebar is open
        assert shown["sidebar"]["right"] <= shown["panel"]["left"], shown
        assert shown["panel"]["right"] <= width, shown


# The query that lies farthest from every other point (a click picks the nearest point, and
# two points may overlap): [its index, its customdata (sentence, step)].
LONELY_QUERY = """el => {
  const traces = el.data.slice(0, -1);  // the points' traces; the last is the centre's cross
  const points = traces.flatMap((trace, t) => trace.x.map((x, i) => [t, i, x, trace.y[i]]));
  let best = null, room = -1;
  for (const p of points.filter(p => traces[p[0]].name.includes('queries'))) {
    const near = Math.min(...points.filter(o => o !== p).map(
      o => Math.hypot(o[2] - p[2], o[3] - p[3])));
    if (near > room) { room = near; best = p; }
  }
  return [best[0], best[1], traces[best[0]].customdata[best[1]]];
}"""


def test_a_click_on_the_query_key_map_opens_its_sentence_at_its_step(server, tmp_path):
    """A query of the map (of an uploaded TSV) opens its sentence at its step on Step through,
    greedy, the projector's settings kept; on a projector the map needs no side scroll."""
    sentences = ["Ka Mo Ti Tu .", "Tu Ka .", "Mo Ti ."]
    tsv = tmp_path / "toy.tsv"
    tsv.write_text("".join(f"{s}\t{s}\n" for s in sentences), encoding="utf-8")
    with screen(1024, 768) as page:
        page.goto(f"{server}/query-key?s={SENTENCE}&beam=3&presentation=1")
        page.get_by_text("my TSV file").click()
        page.locator('input[type="file"]').set_input_files(str(tsv))
        page.get_by_role("button", name="Draw the map").click()
        anyway = page.get_by_text("Draw the points anyway")  # a map that keeps little
        page.locator(".js-plotly-plot").or_(anyway).first.wait_for()
        if anyway.count():
            anyway.click()
        plot = page.locator(".js-plotly-plot").first
        # the typed sentence (also the file's first) drawn apart: keys, its keys, queries, its
        # queries, the centre
        page.wait_for_function("el => el.data && el.data.length === 5", arg=plot.element_handle())
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024
        trace, index, (sentence, step) = plot.evaluate(LONELY_QUERY)
        plot.scroll_into_view_if_needed()
        points = plot.locator(".scatterlayer .trace").nth(trace).locator(".point")
        points.nth(index).click(force=True)
        page.wait_for_url("**/step?**")
        page.get_by_text(f"Step {step} of").wait_for()
        query = dict(parse_qsl(urlsplit(page.url).query))
        assert query["s"] == sentences[sentence] and query["step"] == str(step)
        assert "beam" not in query and query["presentation"] == "1"
        assert page.get_by_label("German sentence").input_value() == sentences[sentence]


# --- export for slides -----------------------------------------------------------------------

STEP_HEATMAP = "attention-lab_Attention-current-step-framed_Ka-Mo-Ti-Tu_toy-additive_step-2"


def test_a_live_chart_saves_as_png_and_svg_with_what_it_shows(server, tmp_path):
    """Every chart's PNG and SVG buttons, on a projector: files named for the chart, sentence,
    model and step; the image says sentence, model and step under its title."""
    with screen(1024, 768) as page:
        page.goto(f"{server}/step?s={SENTENCE}&step=2&presentation=1")
        page.wait_for_function(ALL_CHARTS_DRAWN)
        buttons = page.locator(".st-key-step_heatmap_images")
        buttons.scroll_into_view_if_needed()
        time.sleep(1)
        shot = tmp_path / "chart-downloads-1024x768.png"
        page.screenshot(path=str(shot))
        saved = {}
        for kind in ("PNG", "SVG"):
            with page.expect_download() as download:
                buttons.get_by_role("button", name=f"⬇ {kind}").click()
            saved[kind] = tmp_path / download.value.suggested_filename
            download.value.save_as(saved[kind])
        chart = page.locator(".st-key-step_heatmap .js-plotly-plot")
        chart.hover()
        with page.expect_download() as download:  # the toolbar's camera: the same name
            chart.locator('[data-title="Download plot as a PNG"]').click()
        camera = download.value.suggested_filename
    if os.environ.get("ATTENTION_LAB_SCREENSHOT"):
        shutil.copy(shot, Path(os.environ["ATTENTION_LAB_SCREENSHOT"]).parent / shot.name)
    assert saved["PNG"].name == camera == f"{STEP_HEATMAP}.png"
    assert saved["PNG"].read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert saved["PNG"].stat().st_size > 20_000  # drawn at twice the size, for slides
    assert saved["SVG"].name == f"{STEP_HEATMAP}.svg"
    svg = ElementTree.parse(saved["SVG"]).getroot()
    assert svg.tag == "{http://www.w3.org/2000/svg}svg"
    text = " ".join(
        "".join(node.itertext()) for node in svg.iter() if node.get("class") == "gtitle"
    )
    assert "Attention, current step framed" in text
    assert f"“{SENTENCE}” · toy-additive · step 2 · Attention Lab" in text


ASSETS_DRAWN = """() => ({
  formulas: document.querySelectorAll('.math').length,
  rendered: document.querySelectorAll('.math .katex-display .katex-html').length,
  errors: document.querySelectorAll('.katex-error').length,
  charts: document.querySelectorAll('.chart').length,
  drawn: [...document.querySelectorAll('.chart')].filter(
    el => el.data && el.data[0].z.length && el.querySelector('.heatmaplayer image')).length,
  katex_fonts: [...document.fonts].filter(
    f => f.family.includes('KaTeX') && f.status === 'loaded').length,
})"""


@pytest.mark.parametrize("width, height", [(1024, 768), (1280, 720)])
def test_the_exported_lesson_opens_offline_with_every_chart_and_formula(
    server, tmp_path, width, height
):
    """ "Export this lesson" from a projector's Lesson page, then the file opened from disk with
    the network cut: every heatmap drawn, every formula typeset by the KaTeX inside it, and
    nothing asked of any server."""
    with screen(width, height) as page:
        page.goto(f"{server}/lesson?s={SENTENCE}&step=2&presentation=1")
        with page.expect_download() as download:
            page.get_by_role("button", name="Export this lesson").click()
        exported = tmp_path / download.value.suggested_filename
        download.value.save_as(exported)
    assert exported.name == "attention-lab_lesson_Ka-Mo-Ti-Tu_toy-additive.html"
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            context = browser.new_context(viewport={"width": width, "height": height})
            context.set_offline(True)
            outside, failed, errors = [], [], []

            def cut(route: "sync_api.Route") -> None:
                if route.request.url.startswith(("file:", "data:", "blob:")):
                    route.continue_()
                else:
                    outside.append(route.request.url)
                    route.abort()

            context.route("**/*", cut)
            page = context.new_page()
            page.on("requestfailed", lambda request: failed.append(request.url))
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(exported.as_uri())
            page.wait_for_function(
                "() => [...document.querySelectorAll('.chart')].every(el => el.data)"
            )
            time.sleep(1)  # let Plotly finish drawing
            drawn = page.evaluate(ASSETS_DRAWN)
            shot = tmp_path / f"exported-lesson-{width}x{height}.png"
            page.locator("section.step").first.scroll_into_view_if_needed()
            page.screenshot(path=str(shot))
            if width == 1024:  # the file's own SVG button, offline
                chart = page.locator(".chart").nth(1)
                chart.hover()
                with page.expect_download() as download:
                    chart.locator('[data-title="Download as SVG"]').click()
                svg = ElementTree.parse(download.value.path()).getroot()
                assert "step 1" in "".join(svg.itertext())
        finally:
            browser.close()
    if os.environ.get("ATTENTION_LAB_SCREENSHOT"):
        shutil.copy(shot, Path(os.environ["ATTENTION_LAB_SCREENSHOT"]).parent / shot.name)
    assert not outside and not failed and not errors, (outside, failed, errors)
    assert drawn["formulas"] > 10 and drawn["rendered"] == drawn["formulas"]
    assert drawn["errors"] == 0 and drawn["katex_fonts"] >= 2  # from the file: data URIs
    assert drawn["charts"] >= 5 and drawn["drawn"] == drawn["charts"]


def peak_megabytes(pid: int) -> float:
    """The most memory process ``pid`` has held (VmHWM), in MB."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    return int(next(line for line in status if line.startswith("VmHWM:")).split()[1]) / 1024


def family(pid: int) -> list[int]:
    """``pid`` and the processes it started (a server's translation workers)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [pid, *(grandchild for child in children for grandchild in family(int(child)))]


def test_a_students_largest_upload_is_refused_in_one_line_and_the_server_holds(
    toy_checkpoint, tmp_path
):
    """200 sentences of 500 characters on the Query–key map once ran 20 s, took a worker to
    6.7 GB and, when it died, the server too: now one message names the lines before any work,
    a file of sentences as long as allowed is mapped, and the server's and workers' memory
    stay small (bench/largest_request.py measures the largest map with the shipped models)."""
    root = tmp_path / "checkpoints"
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    hostile, largest = tmp_path / "hostile.tsv", tmp_path / "largest.tsv"
    hostile.write_text("".join(f"{'Ka Mo Ti ' * 55}{k}\tKa\n" for k in range(200)), "utf-8")
    largest.write_text("".join(f"{'Ka Mo Ti ' * 21}{k} .\tKa\n" for k in range(100)), "utf-8")
    with serve_dashboard(root, tmp_path / "server.log", timeout=60) as (url, server):
        with screen(1024, 768) as page:
            page.goto(f"{url}/query-key?s={SENTENCE}")
            page.get_by_text("my TSV file").click()
            page.locator('input[type="file"]').set_input_files(str(hostile))
            page.get_by_text("are longer than 200 characters").wait_for()
            assert page.get_by_role("button", name="Draw the map").count() == 0
            page.locator('input[type="file"]').set_input_files(str(largest))
            page.get_by_role("button", name="Draw the map").click()  # the first 40 of them
            page.get_by_text("ρ within a step").wait_for()  # mapped: its numbers under the map
            assert not page.get_by_text("Traceback").count()
        peaks = {pid: peak_megabytes(pid) for pid in family(server.pid)}
    assert len(peaks) >= 2 and max(peaks.values()) < 1500, peaks

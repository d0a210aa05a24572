"""The dashboard in a real browser: `streamlit run` on localhost, driven by Debian's Chromium.

Skipped only when /usr/bin/chromium or the playwright package is missing (CI installs both).
Set ATTENTION_LAB_SCREENSHOT=/path/to/file.png to keep the screenshot.
"""

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from dashboard.serve import CHROMIUM, CHROMIUM_ARGS, serve_dashboard
from nmt_core.__main__ import main

SENTENCE, REVERSED = "Ka Mo Ti Tu .", "Tu Ti Mo Ka ."

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

"""A copied link, opened in a fresh browser, shows what the page showed: Compare's models A and
B, and Step through's what-if temperature, chosen in Debian's Chromium with the mouse and the
keyboard as a teacher does, then the address bar's link opened in a new browser context (no
cookies, no session) and every control read back. Skipped only when /usr/bin/chromium or
playwright is missing.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import untrained
from live_server import CHROMIUM, CHROMIUM_ARGS, playwright_or_skip, serve_dashboard

from nmt_core.__main__ import main

SENTENCE = "Ka Mo Ti Tu ."
pytestmark = pytest.mark.browser
sync_api = playwright_or_skip()


@pytest.fixture(scope="module")
def server(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The toy model (additive) and two untrained ones with attention: three for A and B."""
    root = tmp_path_factory.mktemp("link-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    for scorer, decoder in (("dot", "luong"), ("general", "bahdanau")):
        untrained(root, root / "toy-additive", scorer, decoder)
    log = tmp_path_factory.mktemp("link-log") / "streamlit.log"
    with serve_dashboard(root, log, timeout=60) as (url, _):
        yield url


@pytest.fixture
def browser() -> Iterator[sync_api.Browser]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


SETTLED = """() => !document.querySelector('[data-testid="stStatusWidget"], [data-stale="true"]')"""
# Every select box and slider the page shows, by its label: the chosen text, the slider's value
# (both are the value of an input: a combo box's text field, a slider's range input).
CONTROLS = """() => Object.fromEntries([...document.querySelectorAll(
    '[data-testid="stSelectbox"], [data-testid="stSlider"]')].map(e => {
  const label = e.querySelector('[data-testid="stWidgetLabel"]').innerText.trim();
  const input = e.querySelector('input[role="combobox"], input[type="range"]');
  return [label, input.value]; }))"""


def opened(browser: sync_api.Browser, url: str) -> sync_api.Page:
    """``url`` in a new browser context (a fresh session), at 1024 x 768, once it has run."""
    page = browser.new_context(viewport={"width": 1024, "height": 768}).new_page()
    page.set_default_timeout(60_000)
    page.goto(url)
    page.locator(".js-plotly-plot").first.wait_for()
    page.wait_for_function(SETTLED)
    return page


def reopened(browser: sync_api.Browser, page: sync_api.Page, part: str) -> tuple[dict, dict]:
    """The page's controls, and those of its link (once it holds ``part``) in a fresh browser."""
    page.wait_for_function(f"() => window.location.search.includes({part!r})")
    page.wait_for_function(SETTLED)
    time.sleep(1)  # the last run's elements leave
    before = page.evaluate(CONTROLS)
    fresh = opened(browser, page.url)
    try:
        time.sleep(1)
        return before, fresh.evaluate(CONTROLS)
    finally:
        fresh.context.close()


def test_a_compare_link_opens_models_a_and_b_in_a_fresh_browser(server, browser):
    page = opened(browser, f"{server}/compare?s={SENTENCE}")
    try:
        # A writes something (the untrained dot model writes nothing, so nothing to compare)
        page.get_by_role("combobox", name="Model A").click()
        page.locator("[role=option]", has_text="toy-general").click()
        page.wait_for_function(SETTLED)
        page.get_by_role("combobox", name="Model B").click()
        page.locator("[role=option]", has_text="toy-dot").click()
        before, after = reopened(browser, page, "b=toy-dot")
    finally:
        page.context.close()
    assert (before["Model A"], before["Model B"]) == ("toy-general", "toy-dot"), before
    assert after == before


def test_a_step_link_opens_the_what_if_temperature_in_a_fresh_browser(server, browser):
    page = opened(browser, f"{server}/step?s={SENTENCE}")
    try:
        thumb = page.get_by_role("slider", name="Temperature")
        thumb.scroll_into_view_if_needed()
        thumb.focus()
        for _ in range(3):  # T from 1 down, as a teacher's arrow keys would
            page.keyboard.press("ArrowLeft")
        page.wait_for_function(SETTLED)
        before, after = reopened(browser, page, "temperature=")
    finally:
        page.context.close()
    temperature = next(value for label, value in before.items() if "Temperature" in label)
    assert temperature not in ("1", "1.0"), before
    assert after == before

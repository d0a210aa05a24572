"""A copied link, opened in a fresh browser, shows what the page showed: Compare's models A and
B, Step through's what-if temperature, Translate's word followed step by step and Beam search's
coverage penalty, chosen in Debian's Chromium with the mouse and the
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


def pick(page: sync_api.Page, label: str, option: sync_api.Locator | str) -> None:
    """Open the select box ``label`` and click ``option`` (its text, or a locator of the list):
    a click on the box may only focus it, and then the arrow key opens its list."""
    page.get_by_role("combobox", name=label).click()
    listed = page.locator("[role=option]")
    try:
        listed.first.wait_for(timeout=3_000)
    except sync_api.TimeoutError:
        page.keyboard.press("ArrowDown")
    (listed.filter(has_text=option) if isinstance(option, str) else option).click()


def test_a_compare_link_opens_models_a_and_b_in_a_fresh_browser(server, browser):
    page = opened(browser, f"{server}/compare?s={SENTENCE}")
    try:
        # A writes something (the untrained dot model writes nothing, so nothing to compare)
        pick(page, "Model A", "toy-general")
        page.wait_for_function(SETTLED)
        pick(page, "Model B", "toy-dot")
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


def test_a_link_opens_the_followed_word_and_the_coverage_penalty_in_a_fresh_browser(
    server, browser
):
    """Translate's word followed step by step, picked with the mouse, and Beam search's β,
    moved with the arrow keys: the address bar's link reopens both."""
    page = opened(browser, f"{server}/?s={SENTENCE}")
    try:
        third = page.locator("[role=option]").nth(2)  # the third source piece, "▁M"
        pick(page, "Follow one word step by step", third)
        page.locator(".gtitle", has_text="Attention to").wait_for()
        before, after = reopened(browser, page, "follow=3")
    finally:
        page.context.close()
    assert before["Follow one word step by step"] == "3: ▁M", before
    assert after == before
    page = opened(browser, f"{server}/beam?s={SENTENCE}&beam=3")
    try:
        thumb = page.get_by_role("slider", name="Coverage penalty β")
        thumb.scroll_into_view_if_needed()
        thumb.focus()
        for _ in range(2):  # β from 0.2 up by two steps, as a teacher's arrow keys would
            page.keyboard.press("ArrowRight")
        page.wait_for_function(SETTLED)
        before, after = reopened(browser, page, "beta=0.3")
    finally:
        page.context.close()
    beta = next(value for label, value in before.items() if "Coverage penalty" in label)
    assert float(beta) == pytest.approx(0.3), before
    assert after == before

"""A class vote in Debian's Chromium: the dashboard served on 127.0.0.1 over the toy model, the
teacher's Lesson on a 1024 x 768 projector in presentation mode, and three phones at 390 x 844
that join from its link. The phones vote, one changes its vote, the teacher reveals and moves
on, and the phones follow by themselves; a phone's tries to reveal or move the class change
nothing.

Set ATTENTION_LAB_SCREENSHOTS=/some/folder to keep the projector's and a phone's screenshots.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest
from live_server import CHROMIUM, serve_dashboard

from nmt_core.__main__ import main

pytestmark = pytest.mark.browser  # the whole module drives Chromium

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")

SENTENCE = "Ka Mo Ti Tu ."
PROJECTOR, PHONE = {"width": 1024, "height": 768}, {"width": 390, "height": 844}
WAIT = 30_000  # ms: a phone follows within a second or two; a busy CI machine gets more


@pytest.fixture(scope="module")
def server(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("class-browser-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    log = tmp_path_factory.mktemp("class-browser-log") / "streamlit.log"
    with serve_dashboard(root, log, timeout=120) as (url, _):
        yield url


def projector_tally(page) -> tuple[str, list[int]]:
    """The projector's votes line and the counts its chart draws."""
    return page.evaluate(
        """() => [document.querySelector('.st-key-class_tally')?.innerText ?? '',
                  document.querySelector('.st-key-class_vote .js-plotly-plot')?.data?.[0]?.y
                  ?? []]"""
    )


def wait_for_tally(page, line: str, counts: list[int]) -> None:
    page.wait_for_function(
        """([line, counts]) => {
             const text = document.querySelector('.st-key-class_tally')?.innerText ?? '';
             const y = document.querySelector('.st-key-class_vote .js-plotly-plot')?.data?.[0]?.y;
             return text.includes(line) && JSON.stringify(y) === JSON.stringify(counts); }""",
        arg=[line, counts],
        timeout=WAIT,
    )


def word_buttons(phone):
    return phone.locator(".st-key-ballot button")


def nothing_scrolls_sideways(phone) -> bool:
    return phone.evaluate(
        """() => [document.documentElement, document.body,
                  document.querySelector('[data-testid=stMain]')].every(
                    e => !e || e.scrollWidth <= e.clientWidth + 1)"""
    )


def on_the_screen(page, selector: str) -> bool:
    """Whether the element ``selector`` lies wholly inside the window."""
    return page.evaluate(
        """(selector) => { const r = document.querySelector(selector).getBoundingClientRect();
             return r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
           }""",
        selector,
    )


def keep(page, name: str, tmp_path: Path) -> None:
    shot = tmp_path / name
    page.screenshot(path=str(shot))
    if folder := os.environ.get("ATTENTION_LAB_SCREENSHOTS"):
        Path(folder).mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, Path(folder) / name)


def test_three_phones_vote_change_and_follow_the_teachers_reveal_and_next_step(
    server, browser, tmp_path
):
    projector = browser.new_page(viewport=PROJECTOR)
    projector.set_default_timeout(120_000)
    projector.goto(f"{server}/lesson?s={quote(SENTENCE)}&presentation=1")
    projector.get_by_role("button", name=re.compile("Let the class vote")).click()
    link = projector.locator(".st-key-class_vote [data-testid=stCode]").inner_text(timeout=WAIT)
    link = link.strip().replace("\n", "")
    assert re.fullmatch(rf"{re.escape(server)}/\?class=[a-z2-9]{{12}}", link), link
    projector.locator(".st-key-class_vote img").wait_for()  # the QR code
    wait_for_tally(projector, "No phone has joined yet", [0, 0, 0, 0, 0])

    phones = []
    for _ in range(3):
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        phone = context.new_page()
        phone.set_default_timeout(WAIT)
        phone.goto(link)
        word_buttons(phone).first.wait_for()
        assert word_buttons(phone).all_inner_texts() == ["Ka", "Mo", "Ti", "Tu", "."]
        assert nothing_scrolls_sideways(phone)
        phones.append(phone)
    wait_for_tally(projector, "0 of 3 who joined have voted", [0, 0, 0, 0, 0])

    for phone, word in zip(phones, (1, 1, 4), strict=True):
        word_buttons(phone).nth(word).click()
    wait_for_tally(projector, "3 of 3 who joined have voted", [0, 2, 0, 0, 1])
    word_buttons(phones[2]).nth(2).click()  # a change of mind, not a second vote
    wait_for_tally(projector, "3 of 3 who joined have voted", [0, 2, 1, 0, 0])
    chosen = phones[2].locator(".st-key-ballot [data-testid=stBaseButton-primary]")
    assert chosen.inner_text(timeout=WAIT) == "Ti"
    for selector in (".st-key-class_vote img", ".st-key-class_tally", ".st-key-quiz_reveal"):
        assert on_the_screen(projector, selector), selector  # the vote on one screen
    keep(projector, "projector-votes-1024x768.png", tmp_path)
    keep(phones[2], "phone-voted-390x844.png", tmp_path)

    # a phone cannot reveal or move the class: a crafted link opens the vote alone, and a
    # student's own Lesson reveals its own screen only
    crafted = phones[0].context.new_page()
    crafted.goto(f"{link}&role=teacher&reveal=1&step=3&presentation=1&s={quote(SENTENCE)}")
    word_buttons(crafted).first.wait_for()
    assert crafted.get_by_role("button", name="Reveal the answer").count() == 0
    assert crafted.locator("[data-testid=stSlider], [data-testid=stSidebar]").count() == 0
    own = phones[1].context.new_page()
    own.goto(f"{server}/lesson?s={quote(SENTENCE)}&presentation=1&step=1")
    own.get_by_role("button", name="Reveal the answer").click()
    own.locator(".js-plotly-plot").first.wait_for()  # its own answer, on its own screen
    time.sleep(3)  # longer than a phone and the projector take to follow
    assert projector.get_by_role("button", name="Reveal the answer").is_visible()
    assert projector_tally(projector)[1] == [0, 2, 1, 0, 0]
    assert phones[2].get_by_text("The model looked most at").count() == 0
    assert all(button.is_enabled() for button in word_buttons(phones[2]).all())
    crafted.close()
    own.close()

    # the teacher reveals: the class beside the model, and each phone its answer
    projector.get_by_role("button", name="Reveal the answer").click()
    projector.get_by_text(re.compile(r"of 3 guessed")).wait_for(timeout=WAIT)
    for phone in phones:
        phone.get_by_text("The model looked most at").wait_for()
        assert not any(button.is_enabled() for button in word_buttons(phone).all())
        assert nothing_scrolls_sideways(phone)
    keep(projector, "projector-revealed-1024x768.png", tmp_path)
    keep(phones[2], "phone-revealed-390x844.png", tmp_path)
    projector.set_viewport_size({"width": 1280, "height": 720})
    time.sleep(1.5)
    keep(projector, "projector-revealed-1280x720.png", tmp_path)

    # the teacher moves on: the phones follow by themselves, with a new vote each
    projector.get_by_role("button", name="Next step ▶").click()
    for phone in phones:
        phone.get_by_text(re.compile(r"Step 2 of \d+")).wait_for()
        phone.wait_for_function(
            """() => [...document.querySelectorAll('.st-key-ballot button')].every(
                 b => !b.disabled && b.dataset.testid === 'stBaseButton-secondary')"""
        )
    # four phones joined: the crafted link's tab counts as one, with no more say than any
    wait_for_tally(projector, "0 of 4 who joined have voted", [0, 0, 0, 0, 0])
    keep(projector, "projector-votes-1280x720.png", tmp_path)
    for phone in phones:
        phone.context.close()
    projector.close()

"""Take the README's picture: the Translate page on the shipped models, at 1280x720.

    python docs/screenshot.py docs/screenshot.png      (from the repository root)

Serves the dashboard on a free 127.0.0.1 port with attention-lab's settings (tests/live_server.py),
opens it in Debian's /usr/bin/chromium, waits for the heatmap of the example sentence it opens
on, scrolls from the example's caption to the heatmap's labels and stops the server.
"""

import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the clone: tests/ is not installed
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, REPO, serve_dashboard  # noqa: E402


def take(out: Path, log: Path) -> None:
    with (
        serve_dashboard(REPO / "checkpoints", log, timeout=180) as (url, _),
        sync_playwright() as playwright,
    ):
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.set_default_timeout(120_000)
        page.goto(f"{url}/?tokens=words")  # words, not pieces: the heatmap fits the picture
        plot = page.locator(".js-plotly-plot").first
        page.wait_for_function("el => el.data && el.data.length > 0", arg=plot.element_handle())
        page.mouse.move(1240, 400)  # beside the chart: no Plotly toolbar in the picture
        page.mouse.wheel(0, 125)
        time.sleep(2)  # let Plotly finish drawing
        page.screenshot(path=str(out))
        browser.close()


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "docs/screenshot.png")
    with tempfile.TemporaryDirectory() as folder:
        take(target, Path(folder) / "streamlit.log")
    print(f"{target}: {target.stat().st_size // 1024} KB")

"""Speed and memory of the dashboard as a user meets it: a real browser on a local server.

    python bench/dashboard_speed.py                            # the shipped checkpoints/
    python bench/dashboard_speed.py --checkpoints /path/root --sentences 10

Starts ``streamlit run dashboard/app.py`` on a free localhost port, opens it in Debian's
headless Chromium (/usr/bin/chromium, driven by the ``playwright`` package) and measures:

* cold start: from starting the server process, and from opening the page, until the first
  heatmap is drawn (the first model is loaded); the browser is already open, as in a class;
* latency: typing a new sentence + Enter until the heatmap of *that* sentence is drawn, i.e.
  until the x tick labels rendered in the Plotly SVG spell its source pieces. Every sentence is
  new, so each one is translated; a few are then typed again to time a cache hit;
* memory: RSS and peak RSS (VmHWM) of the server and its children after the Compare page has
  loaded every model of the direction shown.

Target (issue): median latency <= 1 s and server memory <= 1 GB on a 2-core machine.
Prints figures and saves a screenshot; asserts nothing. p95 is the nearest-rank quantile, so
with 20 sentences it is the slowest one.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime
import os
import platform
import re
import statistics
import sys
import time
import unicodedata
from importlib import metadata
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported in main(): --help answers where playwright is not installed
    from playwright.sync_api import Browser, Page

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, REPO, serve_dashboard  # noqa: E402

TIMEOUT_MS = 120_000  # per step; a cold model load on a busy machine can take a while
CACHED_REPEATS = 5  # sentences typed a second time to time a cache hit

# Short and medium sentences, all different from each other and from the app's default.
SENTENCES = [
    "Der Hund schläft im Garten.",
    "Meine Schwester wohnt in Berlin.",
    "Das Wetter ist heute schön.",
    "Wir essen um sieben Uhr zu Abend.",
    "Er liest jeden Morgen die Zeitung.",
    "Die Kinder spielen im Park.",
    "Ich habe meinen Schlüssel verloren.",
    "Kannst du mir bitte helfen?",
    "Der Zug hat zehn Minuten Verspätung.",
    "Sie trinkt ihren Kaffee ohne Zucker.",
    "Das Buch liegt auf dem Tisch.",
    "Morgen fahren wir an die See.",
    "Mein Bruder arbeitet in einem Krankenhaus.",
    "Die Katze sitzt vor der Tür.",
    "Wir haben das Spiel gestern verloren.",
    "Im Winter ist es hier sehr kalt.",
    "Der Lehrer erklärt die Aufgabe noch einmal.",
    "Ich möchte ein Zimmer für zwei Nächte reservieren.",
    "Nach der Arbeit gehen wir oft ins Kino.",
    "Die neue Brücke wurde im letzten Sommer eröffnet.",
]

# True once a heatmap's x tick labels, as drawn in the SVG, spell the expected source.
HEATMAP_DRAWN = """expected => {
  for (const plot of document.querySelectorAll('.js-plotly-plot')) {
    if (!plot.data || plot.data[0].type !== 'heatmap') continue;
    if (!plot.querySelector('.heatmaplayer image')) continue;
    const ticks = [...plot.querySelectorAll('.xaxislayer-above .xtick text')];
    const text = ticks.map(t => t.textContent).filter(t => t !== '</s>').join('');
    if (text.replace(/\\u2581/g, '').replace(/\\s/g, '') === expected) return true;
  }
  return false;
}"""
IDLE = '[data-testid="stApp"][data-test-script-state="notRunning"]'


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def process_tree(pid: int) -> list[int]:
    """``pid`` and all its descendants, read from /proc."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError):
            fields = stat.read_text().rsplit(")", 1)[1].split()
            children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    tree, todo = [], [pid]
    while todo:
        tree.append(todo.pop())
        todo += children.get(tree[-1], [])
    return tree


def memory_mb(pid: int) -> tuple[float, float]:
    """(RSS, peak RSS) in MB of ``pid`` and its children, summed (VmRSS, VmHWM)."""
    rss = peak = 0
    for member in process_tree(pid):
        with contextlib.suppress(OSError):
            status = Path(f"/proc/{member}/status").read_text()
            rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
            peak += int(re.search(r"VmHWM:\s+(\d+)", status).group(1))
    return rss / 1024, peak / 1024


def machine() -> dict[str, str]:
    """What the figures depend on: cores, CPU model, and the load from other processes."""
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = re.search(r"model name\s*:\s*(.+)", cpuinfo)
    training = sum(
        b"nmt_core\x00train" in cmdline.read_bytes()
        for cmdline in Path("/proc").glob("[0-9]*/cmdline")
        if cmdline.exists()
    )
    versions = f"Python {platform.python_version()}, streamlit {metadata.version('streamlit')}"
    return {
        "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
        "cpu": f"{os.cpu_count()} cores (nproc {len(os.sched_getaffinity(0))}), "
        f"{model.group(1) if model else platform.processor()}",
        "background": f"load average {' '.join(Path('/proc/loadavg').read_text().split()[:3])}, "
        f"{training} 'nmt_core train' processes running",
        "software": versions,
    }


def source_key(sentence: str) -> str:
    """What the heatmap's x labels spell once ▁ and spaces are dropped (the app normalises NFC)."""
    return re.sub(r"\s+", "", unicodedata.normalize("NFC", sentence))


def submit(page: Page, sentence: str) -> float:
    """Type ``sentence``, press Enter; milliseconds until its heatmap is drawn."""
    box = page.get_by_label("German sentence")
    box.fill(sentence)
    start = time.perf_counter()
    box.press("Enter")
    page.wait_for_function(HEATMAP_DRAWN, arg=source_key(sentence), timeout=TIMEOUT_MS)
    elapsed = 1000 * (time.perf_counter() - start)
    page.locator(IDLE).wait_for(timeout=TIMEOUT_MS)  # let the run finish before the next one
    return elapsed


def run_browser(
    browser: Browser, url: str, pid: int, server_started: float, args: argparse.Namespace
) -> dict[str, object]:
    """Drive the app in Chromium; returns the figures."""
    sentences = SENTENCES[: args.sentences]
    figures: dict[str, object] = {"server idle": memory_mb(pid), "chromium": browser.version}
    page = browser.new_page(viewport={"width": 1400, "height": 1100})
    page.set_default_timeout(TIMEOUT_MS)

    # 1. Cold: open the page; the default sentence is translated by a freshly loaded model.
    start = time.perf_counter()
    page.goto(url + (f"/?model={args.model}" if args.model else ""))
    page.wait_for_function(
        "() => [...document.querySelectorAll('.js-plotly-plot')]"
        ".some(p => p.querySelector('.heatmaplayer image'))"
    )
    figures["cold"] = 1000 * (time.perf_counter() - start)
    figures["from process start"] = 1000 * (time.perf_counter() - server_started)
    page.locator(IDLE).wait_for()

    # 2. New sentences, then a few of them again (served from st.cache_data).
    figures["new"] = [submit(page, s) for s in sentences]
    figures["cached"] = [submit(page, s) for s in sentences[:CACHED_REPEATS]]
    figures["after translate"] = memory_mb(pid)
    if page.locator('[data-testid="stException"]').count():
        figures["odd"] = "the Translate page shows an exception"
    time.sleep(1)  # let Plotly settle before the picture
    page.screenshot(path=str(args.screenshot), full_page=True)

    # 3. Compare: every model of this direction translates the sentence.
    start = time.perf_counter()
    page.locator('[data-testid="stSidebarNavLink"]', has_text="Compare models").click()
    page.get_by_role("heading", name="Compare attention scorers").wait_for()
    page.locator(IDLE).wait_for()
    figures["compare"] = 1000 * (time.perf_counter() - start)
    figures["models shown"] = page.locator('[data-testid="stCode"]').count()
    figures["after compare"] = memory_mb(pid)
    if page.locator('[data-testid="stException"]').count():
        figures["odd"] = "the Compare page shows an exception"
    time.sleep(1)
    compare_shot = args.screenshot.with_name(args.screenshot.stem + "-compare.png")
    page.screenshot(path=str(compare_shot), full_page=True)
    figures["screenshots"] = f"{args.screenshot}, {compare_shot}"
    return figures


def report(figures: dict[str, object], checkpoints: Path) -> None:
    new, cached = figures["new"], figures["cached"]
    folders = sorted(p.parent.name for p in checkpoints.glob("*/config.json"))
    rows = [
        ("cold: page open -> first heatmap", f"{figures['cold']:8.0f} ms  (loads the model)"),
        (
            "cold: server process start -> first heatmap",
            f"{figures['from process start']:8.0f} ms  (target 3000)",
        ),
        (f"new sentence, median of {len(new)}", f"{statistics.median(new):8.0f} ms  (target 1000)"),
        (f"new sentence, p95 of {len(new)}", f"{percentile(new, 0.95):8.0f} ms"),
        ("new sentence, first / min / max", f"{new[0]:.0f} / {min(new):.0f} / {max(new):.0f} ms"),
        (f"cached repeat, median of {len(cached)}", f"{statistics.median(cached):8.0f} ms"),
        ("Compare page, click -> done", f"{figures['compare']:8.0f} ms  (loads the others)"),
    ]
    for stage in ("server idle", "after translate", "after compare"):
        rss, peak = figures[stage]
        note = "  (target 1024)" if stage == "after compare" else ""
        rows.append((f"server RSS {stage}", f"{rss:8.0f} MB, peak {peak:.0f} MB{note}"))
    rows.append(("models loaded (Compare page)", f"{figures['models shown']} of {len(folders)}"))
    rows += list(machine().items())
    rows += [
        ("chromium", str(figures["chromium"])),
        ("checkpoints", f"{checkpoints}: {', '.join(folders) or '(none)'}"),
        ("screenshots", str(figures["screenshots"])),
    ]
    if "odd" in figures:
        rows.append(("odd", str(figures["odd"])))
    width = max(len(name) for name, _ in rows)
    print("Attention Lab dashboard in headless Chromium")
    for name, value in rows:
        print(f"  {name:<{width}}  {value}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--checkpoints", type=Path, default=REPO / "checkpoints")
    parser.add_argument("--sentences", type=int, default=len(SENTENCES), help="at most 20")
    parser.add_argument("--model", help="checkpoint name to show (default: the app's choice)")
    parser.add_argument("--screenshot", type=Path, default=REPO / "bench/out/dashboard.png")
    args = parser.parse_args()
    if not 1 <= args.sentences <= len(SENTENCES):
        parser.error(f"--sentences must be 1..{len(SENTENCES)}")
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} is missing (apt-get install -y chromium)")
    args.checkpoints = args.checkpoints.resolve()
    args.screenshot = args.screenshot.resolve()
    args.screenshot.parent.mkdir(parents=True, exist_ok=True)
    log = args.screenshot.with_name("dashboard_speed-streamlit.log")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        # the browser is open before the server starts, as in a class
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            server_started = time.perf_counter()
            with serve_dashboard(args.checkpoints, log, poll=0.05) as (url, process):
                figures = run_browser(browser, url, process.pid, server_started, args)
        finally:
            browser.close()
    report(figures, args.checkpoints)


if __name__ == "__main__":
    main()

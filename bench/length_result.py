"""The source paper's length result on our shipped models: BLEU by source-length bucket.

    python bench/length_result.py        # after checkpoints/recipes/ship.py has measured them

Bahdanau et al. (2015, fig. 2) show the encoder-decoder without attention losing BLEU as
sentences grow, while the attention model holds up. This reads the per-bucket test BLEU that
``ship.py`` stored in each checkpoint's metadata (beam 5, 1,000 held-out Ding sentences) for
none, additive and general, and writes

* ``bench/length_bleu.md``: the table, with the number of sentences in each bucket;
* ``bench/length_bleu.json``: the Plotly chart (``plotly.io.read_json`` opens it);
* ``bench/length_bleu.png``: the same chart drawn by Debian's headless Chromium, for the model
  card (markdown cannot embed an interactive chart);
* ``bench/out/length_bleu.html``: the chart as an offline web page (plotly.js inlined, 4.8 MB,
  so git-ignored).

The chart is the dashboard's own figure (``dashboard.figures.bleu_by_length``), so the card and
the "Why attention" page show the same thing.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

from dashboard import figures  # noqa: E402
from nmt_core.checkpoint import read_config  # noqa: E402
from tests.live_server import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
MODELS = ("none", "additive", "general")
OUT = ROOT / "bench"


def buckets_by_model() -> dict[str, list[dict]]:
    """{model name: [{low, high, count, bleu}, ...]} from the shipped checkpoints' metadata."""
    found = {}
    for name in MODELS:
        _, meta = read_config(ROOT / "checkpoints" / f"de-en-{name}")
        if "by_length" not in meta:
            raise SystemExit(f"de-en-{name} has no by_length: run checkpoints/recipes/ship.py")
        found[f"de-en-{name}"] = meta["by_length"]
    return found


def markdown_table(buckets: dict[str, list[dict]]) -> str:
    names = list(buckets)
    first = buckets[names[0]]
    lines = [
        "| source words | test sentences | " + " | ".join(f"{n} BLEU" for n in names) + " |",
        "|" + " --- |" * (2 + len(names)),
    ]
    for i, bucket in enumerate(first):
        cells = " | ".join(f"{buckets[n][i]['bleu']:.1f}" for n in names)
        lines.append(f"| {figures.length_bucket_label(bucket)} | {bucket['count']} | {cells} |")
    return "\n".join(lines) + "\n"


def save_png(html: Path, png: Path) -> None:
    from playwright.sync_api import sync_playwright  # here: --help answers without playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 900, "height": 520})
        page.goto(html.as_uri())
        page.wait_for_selector(".main-svg")
        page.locator(".plot-container").first.screenshot(path=str(png))
        browser.close()


def main(argv: list[str] | None = None) -> None:
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0]).parse_args(argv)  # --help
    buckets = buckets_by_model()
    (OUT / "length_bleu.md").write_text(markdown_table(buckets), encoding="utf-8")
    fig = figures.bleu_by_length(buckets, title="Test BLEU by source length (beam 5)")
    (OUT / "length_bleu.json").write_text(fig.to_json(), encoding="utf-8")
    html = OUT / "out" / "length_bleu.html"
    html.parent.mkdir(exist_ok=True)
    html.write_text(figures.to_html(fig), encoding="utf-8")
    save_png(html, OUT / "length_bleu.png")
    print(markdown_table(buckets))
    print(f"wrote bench/length_bleu.md, .json, .png and {html.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

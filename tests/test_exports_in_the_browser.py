"""What a chart's exports say they show, saved from the dashboard in Debian's Chromium: every
PNG, SVG, HTML page and toolbar camera of Compare and Why attention names the model or models
its chart draws (Compare's A and B, in that order), never the sidebar's model when the chart
draws another; and the caption a PNG or SVG adds under its title runs into nothing.

Four models: the trained toy (additive, Bahdanau's decoder), an untrained general one on the
same decoder (Compare's default pair with it, since they differ in the scorer only), an untrained
dot one on Luong's decoder (Compare's sidebar model, in neither panel) and one without
attention. Skipped only when /usr/bin/chromium or playwright is missing.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from xml.etree import ElementTree

import pytest
from conftest import untrained
from live_server import CHROMIUM, CHROMIUM_ARGS, serve_dashboard

from nmt_core.__main__ import main

SENTENCE = "Ka Mo Ti Tu ."
MODELS = ("toy-additive", "toy-dot", "toy-general", "toy-none")  # as the sidebar lists them
PAIR = ("toy-additive", "toy-general")  # Compare's A and B
PAIR_PART = "A-toy-additive-vs-B-toy-general"
PAIR_CAPTION = "A: toy-additive vs B: toy-general"
BY_LENGTH = [{"low": 0, "high": 1000, "count": 3, "bleu": 40.0, "chrf": 50.0}]
pytestmark = pytest.mark.browser

if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")


@pytest.fixture(scope="module")
def server(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    root = tmp_path_factory.mktemp("export-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / MODELS[0])])
    for scorer, decoder in (("dot", "luong"), ("general", "bahdanau"), ("none", "bahdanau")):
        untrained(root, root / MODELS[0], scorer, decoder, BY_LENGTH)
    log = tmp_path_factory.mktemp("export-log") / "streamlit.log"
    with serve_dashboard(root, log, timeout=60) as (url, _):
        yield url


@pytest.fixture
def page(server: str) -> Iterator[sync_api.Page]:
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(60_000)
            yield page
        finally:
            browser.close()


SETTLED = """() => !document.querySelector('[data-testid="stStatusWidget"], [data-stale="true"]')"""


def settled(page: sync_api.Page, key: str) -> None:
    """Wait until the chart drawn with ``key`` has its title and the page is done running
    (a page still running keeps the last run's elements beside the new ones)."""
    page.locator(f".st-key-{key} .js-plotly-plot .gtitle").wait_for()
    page.wait_for_function(SETTLED)


def download(page: sync_api.Page, button: sync_api.Locator, folder: Path) -> Path:
    """Click ``button`` and keep the file it saves, under the name the page gave it."""
    with page.expect_download() as saving:
        button.click()
    folder.mkdir(exist_ok=True)
    saved = folder / saving.value.suggested_filename
    saving.value.save_as(saved)
    return saved


def exports(page: sync_api.Page, key: str, folder: Path) -> dict[str, Path]:
    """Every export of the chart drawn with ``key``: its PNG and SVG buttons, its HTML page
    and its toolbar's camera."""
    buttons = page.locator(f".st-key-{key}_images")
    buttons.scroll_into_view_if_needed()
    saved = {
        kind: download(page, buttons.get_by_role("button", name=f"⬇ {kind.upper()}"), folder)
        for kind in ("png", "svg")
    }
    html = page.locator(f".st-key-{key}_html").get_by_role("button", name="⬇ HTML")
    saved["html"] = download(page, html, folder)
    chart = page.locator(f".st-key-{key} .js-plotly-plot")
    chart.hover()
    camera = chart.locator('[data-title="Download plot as a PNG"]')
    saved["camera"] = download(page, camera, folder / "camera")  # the PNG's name, without caption
    return saved


def title_text(svg: Path) -> str:
    """The text of an exported SVG's title: the chart's own, then the caption."""
    root = ElementTree.parse(svg).getroot()
    return " ".join("".join(n.itertext()) for n in root.iter() if n.get("class") == "gtitle")


def check_named(saved: dict[str, Path], models: tuple[str, ...], part: str, caption: str) -> None:
    """Each file is named for the sentence and ``models`` (``part`` of its name); the images'
    caption names them as ``caption`` says, the HTML page's notes each; no other model
    anywhere."""
    names = {kind: path.name for kind, path in saved.items()}
    stem = names["png"].removesuffix(".png")
    assert stem.endswith(f"_Ka-Mo-Ti-Tu_{part}"), names
    assert names == {"png": f"{stem}.png", "svg": f"{stem}.svg", "html": f"{stem}.html",
                     "camera": f"{stem}.png"}  # fmt: skip
    assert f"“{SENTENCE}” · {caption} · Attention Lab" in title_text(saved["svg"])
    notes = saved["html"].read_text(encoding="utf-8").split("<script", 1)[0]
    assert all(f"{model}: " in notes for model in models), notes
    others = set(MODELS) - set(models)
    assert not any(other in notes or other in stem for other in others), (names, notes)


# Each text of a Plotly SVG that stands above the plot (title lines, the panels' names): its box
# as the browser lays the file out.
TEXT_BOXES = """() => [...document.querySelectorAll('.gtitle, .annotation-text')].map(t => {
  const r = t.getBoundingClientRect();
  return [t.textContent, r.left, r.top, r.right, r.bottom]; })"""


def test_compares_exports_name_a_and_b_and_the_caption_clears_their_names(page, server, tmp_path):
    """The sidebar on a third model: the pair of heatmaps, the difference map and the two step
    charts are of A and B, and each export names both, A first, never the sidebar's model; each
    heatmap of every model names its own. In the pair's image the caption under the title
    stays clear of the panels' names (it was drawn over A's)."""
    page.goto(f"{server}/compare?s={SENTENCE}&model=toy-dot")  # in neither panel
    settled(page, "compare_js")
    page.get_by_text("Show every model of this direction").click()
    settled(page, "compare_heatmap_2")
    for key in ("compare_pair", "compare_difference", "compare_entropy", "compare_js"):
        check_named(exports(page, key, tmp_path), PAIR, PAIR_PART, PAIR_CAPTION)
    for k, model in enumerate(MODELS[:3]):  # toy-none has no heatmap
        check_named(exports(page, f"compare_heatmap_{k}", tmp_path), (model,), model, model)
    pair = exports(page, "compare_pair", tmp_path)["svg"]
    page.goto(pair.as_uri())
    boxes = page.evaluate(TEXT_BOXES)
    names = [box for box in boxes if box[0] in (f"A · {PAIR[0]}", f"B · {PAIR[1]}")]
    titles = [box for box in boxes if box not in names]
    assert len(names) == 2 and any(PAIR_CAPTION in box[0] for box in titles), boxes
    assert all(title[4] <= min(name[2] for name in names) for title in titles), boxes


def test_why_attentions_exports_name_the_model_each_chart_draws(page, server, tmp_path):
    """The sidebar shows the additive model; the fixed context beside it is the model without
    attention's, and its exports say so; the BLEU-by-length chart names the models it draws."""
    page.goto(f"{server}/why?s={SENTENCE}&model=toy-additive")
    settled(page, "why_length")
    for model in ("toy-none", "toy-additive"):
        check_named(exports(page, f"why_contexts_{model}", tmp_path), (model,), model, model)
    drawn = MODELS[1:]  # the models whose card has BLEU by length
    check_named(
        exports(page, "why_length", tmp_path), drawn, "-vs-".join(drawn), " vs ".join(drawn)
    )

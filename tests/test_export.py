"""Exports for slides: image file names and captions, and the Lesson as one HTML file
that opens offline (dashboard/figures/export.py, dashboard/export/lesson.py). The browser side,
the file opened from disk with the network cut and a live chart's PNG and SVG, is in
tests/test_dashboard_browser.py."""

from __future__ import annotations

import html
import json
import re
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import numpy as np
import pytest

from dashboard import figures, views
from dashboard.export import lesson
from nmt_core.checkpoint import SHIPPED_ROOT, checkpoint_info, load_checkpoint
from nmt_core.translate import MAX_SOURCE_PIECES, translate

SAFE_NAME = re.compile(r"^[A-Za-z0-9_-]+$")
HOSTILE = [
    "<script>alert(1)</script></script><img src=x onerror=alert(2)>",
    "../../etc/passwd .bashrc C:\\Windows\\system32",
    "**bold** [link](http://example.com/x.png) ![img](https://example.com/t.png) $x$",
    "\u202eevil\u202c \u2066isolate\u2069 tab\tnew\nline\x00nul \u2028sep",
    "Gäste aßen Crème brûlée 🍰 日本語 ",
    "Ka " * 3400,  # 10,200 characters
]


@pytest.mark.parametrize("text", HOSTILE)
def test_an_exported_file_name_is_safe_characters_only_and_bounded(text):
    name = figures.file_name(text, text, (text,), 3)
    assert SAFE_NAME.match(name), name
    assert name.startswith("attention-lab_") and name.endswith("_step-3")
    assert len(name) <= 14 + 3 * (figures.export.PART_CHARACTERS + 1) + 7
    assert ".." not in name and "/" not in name and "\\" not in name


def test_a_file_name_names_title_sentence_model_and_step():
    name = figures.file_name(
        "Attention, current step framed",
        "Meine Schwester liest ein Buch im Garten.",
        ("de-en-additive",),
        3,
    )
    assert name == (
        "attention-lab_Attention-current-step-framed_Meine-Schwester-liest-ein-Buch-im-Garten"
        "_de-en-additive_step-3"
    )
    assert figures.file_name("Größe", "Gäste", ("m",)) == "attention-lab_Grosse_Gaste_m"
    assert figures.file_name("", "日本語", ("",)) == "attention-lab"  # nothing left: still a name


def test_an_image_caption_keeps_the_sentence_visible_and_short():
    caption = figures.image_caption(HOSTILE[3], ("de-en-dot",), 2)
    assert not re.search(r"[\u202a-\u202e\u2066-\u2069\x00\t\n\u2028]", caption)
    assert caption.endswith("de-en-dot · step 2 · Attention Lab") and "evil" in caption
    long = figures.image_caption(HOSTILE[-1], ("m",))
    assert len(long) < figures.export.CAPTION_SENTENCE + 40 and "…" in long


def test_an_export_of_two_models_names_both_whole_in_its_file_name_and_caption():
    """Compare draws models A and B: its images name both, in that order, each name whole
    (two shipped names together are longer than one part of a file name)."""
    models = ("A: de-en-additive-luong", "B: de-en-general")
    assert figures.file_name("A minus B", "Ein Satz.", models) == (
        "attention-lab_A-minus-B_Ein-Satz_A-de-en-additive-luong-vs-B-de-en-general"
    )
    assert figures.image_caption("Ein Satz.", models, 2) == (
        "“Ein Satz.” · A: de-en-additive-luong vs B: de-en-general · step 2 · Attention Lab"
    )


def test_an_image_spec_puts_the_escaped_caption_under_the_title():
    fig = figures.attention_heatmap(np.eye(2), ["a", "b"], ["c", "d"], title="Weights <b>")
    spec = figures.image_spec(fig, figures.image_caption(HOSTILE[0], ("m",), 1), "name")
    assert spec["filename"] == "name" and spec["extra"] > 0
    title, caption = spec["title"].split("<br>", 1)
    assert title == "Weights &lt;b&gt;"  # the figure's own (escaped) title first
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in caption and "<script" not in caption
    assert figures.plain_title(fig) == "Weights <b>"


class Tags(HTMLParser):
    """Every start tag of a page with its attributes; the text of its headings."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.headings: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in = tag if tag in {"h1", "h2", "h3"} else None

    def handle_data(self, data):
        if self._in:
            self.headings.append(data)
            self._in = None


def parsed(page: str) -> Tags:
    tags = Tags()
    tags.feed(page)
    return tags


@pytest.fixture(scope="module")
def toy_info(toy_checkpoint: Path):
    return replace(checkpoint_info(toy_checkpoint), name="toy-additive")


def test_the_lesson_page_holds_every_step_with_its_heatmap_numbers_and_formulas(
    toy_model, toy_greedy, toy_info
):
    page = lesson.lesson_page(toy_greedy, toy_info)
    hyp = toy_greedy.best
    steps = len(hyp.target_pieces)
    tags = parsed(page)
    sections = [a for tag, a in tags.tags if tag == "section"]
    charts = [a for tag, a in tags.tags if tag == "div" and a.get("class") == "chart"]
    formulas_shown = [a for tag, a in tags.tags if tag == "div" and a.get("class") == "math"]
    assert len(sections) == steps and len(charts) == steps + 1  # the whole attention, each step
    assert len(formulas_shown) >= 4 * steps + 5  # the model's, then 4 worked lines a step
    for t, piece in enumerate(hyp.target_pieces):
        heading = f"Step {t + 1} of {steps}: the decoder writes “{piece}”"
        assert html.escape(heading) in page
        for line in views.step_equations(hyp, t).values():  # the pages' own numbers
            assert f'<div class="math">{html.escape(line)}</div>' in page
        top_piece, top_prob = views.topk_rows(hyp, t)[0][0], views.topk_rows(hyp, t)[1][0]
        assert f"<td>{html.escape(top_piece)}</td><td>{top_prob:.3f}</td>" in page
    assert str(toy_greedy.source) in page and hyp.text in page and toy_info.name in page
    assert r"\tanh" in page  # the scorer's formula, from the scorer table
    # the heatmaps are the model's attention, as the pages draw it
    specs = re.findall(r'class="chart-spec" data-for="chart-\d+">(.*?)</script>', page)
    assert len(specs) == steps + 1
    for k, spec in enumerate(map(json.loads, specs)):
        (trace,) = [t for t in spec["figure"]["data"] if t["type"] == "heatmap"]
        rows = hyp.attention if k == 0 else hyp.attention[k - 1 : k]  # a step: its own row
        np.testing.assert_allclose(trace["z"], rows, atol=1e-6)
        assert spec["image"]["filename"].endswith("" if k == 0 else f"_step-{k}")
        assert SAFE_NAME.match(spec["image"]["filename"])


def test_the_lesson_page_needs_nothing_from_outside_and_its_size_is_bounded(toy_greedy, toy_info):
    page = lesson.lesson_page(toy_greedy, toy_info)
    for tag, attrs in parsed(page).tags:
        for name in ("src", "href", "data", "action", "poster"):
            assert not attrs.get(name), (tag, attrs)  # inline only: nothing is fetched
    css = re.findall(r"<style>(.*?)</style>", page, re.S)
    assert css and not re.search(r"url\((?!data:)", "".join(css))  # fonts as data URIs
    assert "@import" not in "".join(css)
    assert 4_000_000 < len(page.encode()) < 7_000_000  # plotly.js 4.6 MB, KaTeX 0.7 MB
    assert lesson.lesson_file_name(toy_greedy, toy_info) == (
        "attention-lab_lesson_Ka-Mo-Ti-Tu_toy-additive.html"
    )


@pytest.mark.slow  # builds the lesson file of a long sentence, every step of it
def test_a_long_sentences_lesson_grows_with_its_steps_not_their_cube(toy_model, toy_info):
    # a 300-character sentence once exported a 29 MB lesson: the whole matrix at every step
    sentence = "Ka Mo Ti Tu " * 60
    # both cut at the length limit: a long reversal forced, so that neither the toy's output
    # length nor how its tokenizer cuts a word matters
    forced = translate(toy_model, sentence, reference=" ".join(reversed(sentence.split())))
    result = replace(forced, hypotheses=(forced.reference,), reference=None)
    steps, pieces = len(result.best.target_pieces), len(result.source_pieces)
    assert steps > MAX_SOURCE_PIECES and pieces > MAX_SOURCE_PIECES  # and their ends
    page = lesson.lesson_page(result, toy_info)
    # plotly.js and KaTeX are 5.3 MB; then 28-36 kB a step (its row and its labels, longer
    # where the tokenizer cuts more): the whole matrix at every step would be over 60 MB here
    assert len(page.encode()) < 5_300_000 + 60_000 * steps


PAGE_TAGS = {"h1", "h2", "h3", "p", "b", "div", "section", "table", "thead", "tbody", "tr",
             "th", "td", "script", "body"}  # fmt: skip


@pytest.mark.parametrize("sentence", HOSTILE[:4])
def test_hostile_text_in_the_lesson_page_stays_text(toy_model, toy_info, sentence):
    result = translate(toy_model, sentence)
    bad = replace(toy_info, name="<b>evil</b></script><img src=x>")
    page = lesson.lesson_page(result, bad)
    head, body = page.split("</head>", 1)  # the inlined libraries stand in the head
    tags = [tag for tag, _ in parsed(body).tags]
    assert set(tags) <= PAGE_TAGS, set(tags) - PAGE_TAGS  # none planted
    assert tags.count("b") == 3  # the labels "Sentence:", "Translation:", "Model:"
    assert tags.count("script") == len(result.best.target_pieces) + 1 + 1  # charts, drawing
    assert "<img" not in body and "<b>evil" not in body and "alert(1)</script>" not in page
    assert "&lt;b&gt;evil&lt;/b&gt;&lt;/script&gt;&lt;img src=x&gt;" in head  # the <title>
    if "<script>" in sentence:
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_a_model_without_attention_exports_its_fixed_context_and_next_pieces(toy_greedy, toy_info):
    hyp = replace(toy_greedy.best, attention=None, scores=None)
    result = replace(toy_greedy, hypotheses=(hyp,))
    info = replace(toy_info, config=replace(toy_info.config, scorer="none"))
    page = lesson.lesson_page(result, info)
    assert 'class="chart"' not in page and r"\overleftarrow{h}_1" in page
    assert page.count('<section class="step">') == len(hyp.target_pieces)
    assert page.count("next piece") == len(hyp.target_pieces)


SHIPPED_LESSONS = {  # both directions, on the shipped models
    "de-en-additive": "Meine Schwester liest ein Buch im Garten.",
    "en-de-additive": "My sister reads a book in the garden.",
}


@pytest.mark.parametrize("name", sorted(SHIPPED_LESSONS))
def test_a_shipped_model_of_each_direction_exports_its_lesson(name):
    folder = SHIPPED_ROOT / name
    if not folder.is_dir():
        pytest.skip(f"{folder} is not shipped here")
    info = checkpoint_info(folder)
    result = translate(load_checkpoint(folder), SHIPPED_LESSONS[name])
    page = lesson.lesson_page(result, info, presentation=True)
    assert page.count('<section class="step">') == len(result.best.target_pieces) > 5
    assert html.escape(views.direction_label(info.direction)) in page
    assert html.escape(result.best.text) in page and result.best.text
    assert page.count('class="chart-spec"') == len(result.best.target_pieces) + 1

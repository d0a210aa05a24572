"""Hostile input: whatever a student types or a researcher feeds in, no exception
escapes but the documented one-line errors, every call returns within a bound, and what a page
shows is escaped text. Property-based, with hypothesis: HYPOTHESIS_PROFILE=full runs 2,000
cases per property (6 properties: 12,000 cases); CI runs the "ci" profile (conftest.py)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from dashboard import figures, navigation
from dashboard.state import inputs
from nmt_core.analysis.alignment import align, alignment_table, parse_pharaoh
from nmt_core.checkpoint import load_checkpoint
from nmt_core.text.data import CorpusError, normalize_text, read_tsv
from nmt_core.translate import MAX_SOURCE_PIECES, translate

# Seconds one call may take: a bound that catches a hang, not a timing (timings are bench/'s).
# A 200-piece source takes ~1 s on an idle 2-core machine; 20 s failed once on a loaded one.
BOUND = 60.0
APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")
PAYLOADS = [
    "",
    "   \t\n ",
    "\x00\x00",
    "<script>alert('x')</script>",
    '<img src=x onerror="alert(1)">',
    "Der Hund \u200b\u200d\ufeff schläft.",  # zero-width characters and a BOM
    "\u202eDer Hund\u202c schläft.",  # right-to-left override
    "שלום עולם مرحبا",  # right-to-left scripts
    "e\u0301\u0301\u0301 Z\u0336a\u0336",  # stacked combining marks
    "😀🐕‍🦺 🇩🇪",  # emoji, ZWJ sequences, flags
    "Der " * 25_000,  # 100,000 characters
]
# Any code point but surrogates (they cannot be encoded): controls, NUL, format characters.
ANY_TEXT = st.one_of(st.text(max_size=300), st.sampled_from(PAYLOADS))
quick = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.fixture(scope="module")
def checkpoint(toy_checkpoint: Path):
    return load_checkpoint(toy_checkpoint)


def translated_or_refused(checkpoint, sentence: str, reference: str | None = None):
    """translate(), which may only refuse an input that is empty once normalised."""
    started = time.monotonic()
    try:
        result = translate(checkpoint, sentence, beam_size=2, reference=reference)
    except ValueError as error:
        assert not normalize_text(sentence), f"refused a non-empty input: {error}"
        return None
    assert time.monotonic() - started < BOUND
    return result


@quick
@given(sentence=ANY_TEXT)
@example(sentence="Der " * 25_000)
def test_translate_takes_any_text(checkpoint, sentence):
    result = translated_or_refused(checkpoint, sentence)
    if result is not None:
        assert len(result.source_pieces) <= MAX_SOURCE_PIECES + 1  # + </s>
        assert result.attention.shape == (len(result.target_pieces), len(result.source_pieces))


@quick
@given(sentence=ANY_TEXT, reference=ANY_TEXT)
def test_forced_decoding_and_alignment_take_any_reference(checkpoint, sentence, reference):
    result = translated_or_refused(checkpoint, sentence, reference)
    if result is None:
        return
    for word_level in (True, False):
        aligned = align(result, "argmax", word_level=word_level)
        if aligned is None:  # no reference left after normalising
            assert not normalize_text(reference)
            continue
        view = aligned.view
        rows = alignment_table(aligned.links, view.source_tokens, view.target_tokens, view.matrix)
        assert len(rows) == len(aligned.links)


@given(text=ANY_TEXT)
def test_pharaoh_parser_takes_any_text_or_says_which_token(text):
    try:
        sure, possible = parse_pharaoh(text)
    except ValueError as error:
        assert "bad alignment token" in str(error)
    else:
        assert sure <= possible


@quick
@given(lines=st.lists(ANY_TEXT, max_size=20))
def test_tsv_reader_takes_any_file(tmp_path_factory, lines):
    path = tmp_path_factory.mktemp("tsv") / "pairs.tsv"
    path.write_bytes("\n".join(lines).encode("utf-8", "surrogatepass"))
    try:
        pairs, report = read_tsv(path)
    except CorpusError as error:  # e.g. not UTF-8: one sentence for the user
        assert "\n" not in str(error)
        return
    assert all(pair.source and pair.target for pair in pairs)
    assert report.lines >= len(pairs)


@given(text=ANY_TEXT)
def test_normalised_text_is_idempotent_and_has_no_control_characters(text):
    once = normalize_text(text)
    assert normalize_text(once) == once
    assert once.isprintable() or not once


@given(tokens=st.lists(ANY_TEXT, min_size=1, max_size=6))
def test_figure_labels_are_escaped_text(tokens):
    labels = figures._labels(tokens)
    assert not any("<" in label or ">" in label for label in labels)
    fig = figures.bar_chart([1.0 / len(tokens)] * len(tokens), tokens, title="<b>t</b>")
    assert "<b>" not in fig.layout.title.text


HOSTILE_PAGE_INPUT = "<script>alert('x')</script> [a](javascript:alert(1)) \u202eDer\u200b\x00"


@pytest.mark.parametrize(
    "sentence", [HOSTILE_PAGE_INPUT, pytest.param("Der " * 25_000, marks=pytest.mark.slow)]
)
def test_pages_show_hostile_sentences_as_text(toy_checkpoint, tmp_path, monkeypatch, sentence):
    """The real app (AppTest) on HTML, markdown, bidi and NUL payloads and 100,000 characters:
    no exception on any page, and no markdown element renders the payload as markup."""
    from streamlit.testing.v1 import AppTest

    from nmt_core.__main__ import main

    assert (
        main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(tmp_path / "m")]) == 0
    )
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.text_input(key="sentence").input(sentence).run()
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        for element in (*at.markdown, *at.caption):
            assert "<script>" not in element.value and "](javascript:" not in element.value, page


# What a stranger can put in a link on the board: markdown that would fetch an outside image
# or plant a link (127.0.0.1:9 stands for the outside host), HTML, and very long values.
OUTSIDE = "127.0.0.1:9"
LINK_ATTACKS = [
    f"![m](http://{OUTSIDE}/t.png)",
    f"[Log in again](http://{OUTSIDE}/login)",
    f"<img src=http://{OUTSIDE}/t.png>",
    f"http://{OUTSIDE}/a www.example.com",
    "**bold** `code` $x$ :red[red] # heading",
    "x" * 20_000,
]
LINK_KEYS = inputs.LINK_KEYS  # every key a link carries
LINK_VALUE = st.one_of(st.sampled_from(LINK_ATTACKS), st.text(max_size=40))
PAGES = [page.script for page in navigation.PAGES]  # every page, as the sidebar lists them
MARKUP_TOKENS = {"image", "link_open", "html_inline", "html_block", "math_inline"}
OWN_HTML = {"</s>", "<s>"}  # the end-of-sentence piece, named in our own captions


def markup_in(body: str) -> list[str]:
    """The markup a CommonMark + GFM parser finds in ``body``: links (autolinks too), images,
    HTML (but for the sentence-end piece our captions name), as ``type: content``."""
    from markdown_it import MarkdownIt
    from test_markdown_text import GFM_AUTOLINKS

    tokens = MarkdownIt("gfm-like").enable(["linkify"]).parse(body)
    found = [t for token in tokens for t in [token, *(token.children or [])]]
    markup = [t for t in found if t.type in MARKUP_TOKENS and t.content.strip() not in OWN_HTML]
    # remark-gfm, Streamlit's renderer, also links "http://", "www." and "a@b.c" in text
    links = [t for t in found if t.type == "text" and GFM_AUTOLINKS.search(t.content)]
    return [f"{t.type}: {t.content or t.attrs}" for t in markup + links]


def shown_markdown(at) -> list[str]:
    """Every text of the run that Streamlit renders as markdown: text elements, widget labels
    and help, and the options of pills and radios."""
    kinds = ("markdown", "caption", "warning", "info", "error", "success", "subheader", "header")
    bodies = [element.value for kind in kinds for element in getattr(at, kind)]
    for widget in (*at.radio, *at.selectbox, *at.text_input, *at.slider, *at.toggle, *at.button):
        bodies += [widget.label, widget.help or ""]
    bodies += [option for radio in at.radio for option in radio.options]
    bodies += [o.content for group in at.get("button_group") for o in group.proto.options]
    return bodies


@pytest.fixture(scope="module")
def two_models(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The toy model and an untrained Luong model beside it, so that Compare compares."""
    from conftest import untrained

    from nmt_core.__main__ import main

    root = tmp_path_factory.mktemp("link-checkpoints")
    main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")])
    untrained(root, root / "toy-additive", "general", "luong")
    return root


@pytest.mark.slow  # the whole app run once per generated link
@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(query=st.dictionaries(st.sampled_from(LINK_KEYS), LINK_VALUE, min_size=1))
@example(query={"s": "Der Hund.", "model": LINK_ATTACKS[0]})
@example(query=dict(zip(LINK_KEYS, LINK_ATTACKS, strict=False)))
def test_pages_show_every_link_value_as_text(two_models, monkeypatch, query):
    """A crafted link (?s=, ?model=, ?beam=, ...) opened on every page: no exception, and
    nothing the app sends as markdown holds a link, an image or HTML (AppTest sees the markdown
    source: it is parsed here as the browser's renderer would)."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(two_models))
    at = AppTest.from_file(APP, default_timeout=60)
    at.query_params.update(query)
    at.run()
    assert not at.exception, at.exception
    found = {"app": [m for body in shown_markdown(at) for m in markup_in(body)]}
    for page in PAGES:
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        found[page] = [m for body in shown_markdown(at) for m in markup_in(body)]
    assert not any(found.values()), found


# Link text that looks like a number to some string methods: "²" is a digit to str.isdigit()
# but int() refuses it, "٣" is a decimal digit, "Ⅻ" and "½" are numeric; and any text at all.
NUMBER_LIKE = st.text(st.characters(categories=("Nd", "No", "Nl")), min_size=1, max_size=6)
ANY_LINK = st.fixed_dictionaries(
    {}, optional=dict.fromkeys(LINK_KEYS, st.one_of(NUMBER_LIKE, st.text(max_size=20)))
)


@pytest.mark.slow  # eight made-up links through every page of the app
@pytest.mark.parametrize("page", PAGES)
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(query=ANY_LINK)
@example(query=dict.fromkeys(LINK_KEYS, "²"))
def test_a_link_opens_every_page_whatever_its_values(two_models, monkeypatch, page, query):
    """Any Unicode text in any of a link's values, opened on any page: the page runs, each
    value it cannot use left at its default."""
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(two_models))
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page(page)
    at.query_params.update(query)
    at.run()
    assert not at.exception, (page, query, at.exception)


def test_a_link_with_a_superscript_step_is_named_and_the_session_goes_on(two_models, monkeypatch):
    """?step=² once raised on every page, and every page after it, until the link was edited."""
    from conftest import shown
    from streamlit.testing.v1 import AppTest

    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(two_models))
    at = AppTest.from_file(APP, default_timeout=60)
    at.switch_page("app_pages/step.py")
    at.query_params.update(s="Ka Mo Ti Tu .", step="²", beam="³")
    at.run()
    assert not at.exception, at.exception
    assert "“step=²”, “beam=³” could not be used" in shown(at.warning[0].value)
    assert at.slider(key="step").value == 1 and at.sidebar.slider(key="beam").value == 1
    for page in ("app_pages/compare.py", "app_pages/lesson.py", "app_pages/translate.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
    assert at.code[0].value  # the translation is there

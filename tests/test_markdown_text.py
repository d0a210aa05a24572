"""dashboard.markdown_text: any text, once through ``literal``, is read by a CommonMark parser
(with GitHub's autolinks, as Streamlit's remark-gfm makes them) as that same text and nothing
else: no link, image, HTML, emphasis, code or block."""

from __future__ import annotations

import re
import unicodedata

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from dashboard.views.markdown_text import BIDI_CONTROLS, WORD_JOINER, literal, quoted

MARKDOWN = MarkdownIt("gfm-like").enable(["linkify"])
ATTACKS = [
    "![m](http://127.0.0.1:18699/t.png)",
    "[log in here](http://127.0.0.1:18699/login)",
    "<img src=http://127.0.0.1:18699/t.png>",
    "http://127.0.0.1:18699/ www.example.com a@b.example",
    "**bold** _it_ `code` ~~gone~~ $x^2$ :red[red] # head",
    "> quote\n- item\n1. item\n| a | b |\n|---|---|",
]
ESCAPES = "\\*escaped\\* &amp; &#65; \\"  # no markup even unescaped: kept for the property


# What remark-gfm (mdast-util-gfm-autolink-literal, the plugin Streamlit's renderer uses) turns
# into links in text nodes, after escapes are read: markdown-it's linkify does not see these.
GFM_AUTOLINKS = re.compile(r"(?i)(https?://|www(?=\.))[-.\w]+|[-.\w+]+@[-\w]+(\.[-\w]+)+")


def inline_tokens(text: str) -> list:
    """The tokens a paragraph that holds ``text`` after other words is parsed into."""
    (_, inline, _) = MARKDOWN.parse("The value " + text)
    return inline.children


def shown(text: str) -> str:
    """What the reader should see: line breaks and controls as spaces, bidi controls gone."""
    kept = (char for char in text if char not in BIDI_CONTROLS)
    return "".join(" " if unicodedata.category(c) in ("Cc", "Zl", "Zp") else c for c in kept)


@given(text=st.one_of(st.text(max_size=200), st.sampled_from([*ATTACKS, ESCAPES])))
@example(text="\u202eevil\u202c")
def test_literal_text_is_parsed_as_that_text_alone(text):
    tokens = inline_tokens(literal(text))
    assert {token.type for token in tokens} <= {"text", "softbreak"}, tokens
    read = "".join(t.content for t in tokens)
    assert read.replace(WORD_JOINER, "") == ("The value " + shown(text)).strip()
    assert not GFM_AUTOLINKS.search(read), read


@pytest.mark.parametrize("text", ATTACKS)
def test_an_attack_without_literal_would_be_markup(text):
    """The check above can fail: each attack, unescaped, makes markup."""
    tokens = MARKDOWN.parse("The value " + text)
    types = {t.type for t in tokens} | {c.type for t in tokens for c in t.children or []}
    markup = types - {"paragraph_open", "paragraph_close", "inline", "text", "softbreak"}
    assert markup or GFM_AUTOLINKS.search(text)


def test_quoted_cuts_a_huge_value_and_keeps_it_on_one_line():
    text = quoted("![m](x)\n" * 10_000)
    assert len(text) < 200 and "\n" not in text and text.endswith("…”")

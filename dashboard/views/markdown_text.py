"""Text from outside the app, shown literally where Streamlit reads markdown.

A link's values (``?model=``, ``?s=``...), a file's contents, a folder's name, an upload and the
model's own output are not ours: in ``st.markdown``, ``st.caption``, ``st.warning``, a widget's
label or help, or a pill's or radio's option, ``![x](http://...)`` would make every student's
browser fetch an outside image and ``[login](http://...)`` would plant a link in the app's own
box. Every such value goes through ``literal`` first.
"""

from __future__ import annotations

import re
import string
import unicodedata

# CommonMark 0.31, section 2.4: any ASCII punctuation character may be backslash-escaped, and
# the escaped character is then plain text. Escaping all of them leaves no markdown construct
# (link, image, emphasis, code, heading, list, table, HTML, GFM autolink, Streamlit's $math$ and
# :colour[text] directives) a way to start.
PUNCTUATION = frozenset(string.punctuation)
# Bidirectional overrides and isolates would reorder the message around the value.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
# Escapes do not stop GitHub's autolinks: Streamlit's renderer (remark-gfm) finds "http://",
# "https://", "www." and "name@host" in the text after escapes are read. An invisible word
# joiner (U+2060) inside each of them keeps the text as it looks and leaves nothing to find.
WORD_JOINER = "\u2060"
AUTOLINK_STARTS = re.compile(r"(?i)(?<=https)(?=:)|(?<=http)(?=:)|(?<=www)(?=\.)|(?=@)")


def literal(text: str, limit: int | None = None) -> str:
    """``text`` as markdown that renders as ``text`` itself.

    Each ASCII punctuation character is backslash-escaped; line breaks and other control
    characters become spaces (a value stays on its line and cannot start a block); bidi controls
    are dropped; a word joiner breaks what GitHub's autolinks look for. With ``limit``, text
    longer than ``limit`` characters is cut there and ends in "…" (a 100,000-character link
    value must not fill the page).
    """
    if limit is not None and len(text) > limit:
        text = text[:limit] + "…"
    text = AUTOLINK_STARTS.sub(WORD_JOINER, text)
    shown = []
    for char in text:
        if char in BIDI_CONTROLS:
            continue
        if unicodedata.category(char) in ("Cc", "Zl", "Zp"):
            char = " "
        shown.append("\\" + char if char in PUNCTUATION else char)
    return "".join(shown)


def quoted(text: str, limit: int = 80) -> str:
    """``text`` between quotation marks, literal and cut to ``limit`` characters: how a message
    names a value it could not use."""
    return f"“{literal(text, limit)}”"

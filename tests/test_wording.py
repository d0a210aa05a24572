"""No file of the project speaks of how it was made: of the work sessions it was built in, of
helpers as people, of issues by a bare number, or of one reader's reading. Such words tell who
did what and when, which a reader of the product cannot use; the models' history is told by
what was measured (docs/model-history.md), and a reference to an issue links to it.

"Session" keeps its product meanings (a browser's or Streamlit's session and its state, a
process session, pytest's session scope); "helper" keeps its meaning of a helper function."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

ORDINAL = (
    r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
    r"thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|"
    r"twentieth|twenty-\w+|thirtieth|\d+(?:st|nd|rd|th))"
)
WORDS_ABOUT_THE_MAKING = {
    "a work session": re.compile(
        rf"\b{ORDINAL}(?:[- ](?:to|and)[- ]{ORDINAL})?\s+sessions?\b"  # the Nth session
        r"|\b(?:this|that|the same|a later|an earlier)\s+session\b"
        r"|\bsessions?(?:'s|s')?\s+(?:machines?|ends?|final commit)\b"
        r"|\b(?:across|over|between|during)\s+(?:several|two|three|four|many|\d+)\s+sessions\b"
        r"|\bwork(?:ing)? sessions?\b|\bas a session got\b",
        re.IGNORECASE,
    ),
    "a helper (a person)": re.compile(
        r"\bhelpers?\s+(?:that|who|split|read|wrote|drafted|judged|saw)\b"
        r"|\b(?:by|from)\s+(?:\w+\s+){0,3}helpers?\b"
        r"|\breviewer\s+helpers?\b",
        re.IGNORECASE,
    ),
    "an issue by number, without a link": re.compile(r"\bissues?[ -]#?\d+", re.IGNORECASE),
    "one reader's reading": re.compile(r"\bby my reading\b|\bmy reading\b", re.IGNORECASE),
}
MARKDOWN_LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")  # "[issue 45](https://...)" links it
NOT_TEXT = (".safetensors", ".model", ".png", ".woff2", ".woff", ".ttf", ".ico", ".zip")


def tracked_text_files() -> list[Path]:
    names = subprocess.run(
        ["git", "ls-files", "-z"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split("\0")
    files = []
    for name in filter(None, names):
        path = REPO / name
        if name.endswith(NOT_TEXT) or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue
        files.append(path)
    return files


def findings(paths: list[Path]) -> list[str]:
    """'path:line: kind: text' for every word about the making in ``paths``."""
    found = []
    for path in paths:
        text = path.read_text(encoding="utf-8", errors="replace")
        for number, line in enumerate(text.splitlines(), 1):
            plain = MARKDOWN_LINK.sub(" ", line)
            for kind, pattern in WORDS_ABOUT_THE_MAKING.items():
                for match in pattern.finditer(plain):
                    where = path.relative_to(REPO).as_posix()
                    found.append(f"{where}:{number}: {kind}: {match.group(0)!r}")
    return found


def test_no_file_speaks_of_how_it_was_made():
    files = [
        path
        for path in tracked_text_files()
        if path != Path(__file__).resolve()  # this file spells out the words it looks for
    ]
    assert len(files) > 100  # the repository, not an empty listing
    found = findings(files)
    assert not found, "words about how the project was made:\n" + "\n".join(found)


def test_the_patterns_tell_the_making_from_the_product():
    said = {
        "It was fixed in the twenty-first session.": "a work session",
        "measured on this session's machine": "a work session",
        "runs stopped and resumed across several sessions": "a work session",
        "written blind by a helper that read no file": "a helper (a person)",
        "read by a bilingual reviewer helper": "a helper (a person)",
        "the ten sentences of issue 45": "an issue by number, without a link",
        "acceptable by my reading": "one reader's reading",
    }
    product = [
        "state caches and holds the session",
        "30 sessions x 60 s on Translate",
        "every session waited for the GIL",
        'the session-state keys; @pytest.fixture(scope="session")',
        "the training loop and its small helpers, in order",
        "three of its helpers (nothing in nmt_core is edited)",
        "see [issue 45](https://example.org/issues/45)",
    ]
    for text, kind in said.items():
        assert WORDS_ABOUT_THE_MAKING[kind].search(MARKDOWN_LINK.sub(" ", text)), text
    for text in product:
        plain = MARKDOWN_LINK.sub(" ", text)
        assert not any(p.search(plain) for p in WORDS_ABOUT_THE_MAKING.values()), text

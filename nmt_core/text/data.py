"""Parallel corpora: read, clean, filter, deduplicate and split sentence pairs.

Two formats are read:

* The Ding German–English dictionary (Debian package ``trans-de-en``), one entry per line::

      German :: English

  ``|`` separates aligned segments (the k-th German segment translates the k-th English
  one: headword, inflected forms, phrases, example sentences) and ``;`` separates
  alternatives inside a segment.
* A TSV of sentence pairs (Tatoeba/Anki style): ``source TAB target [TAB attribution ...]``.

The usual pipeline is::

    pairs, report = read_corpus(path, direction="de-en")
    split = split_pairs(deduplicate(filter_pairs(pairs)))

Cleaning rules for Ding text:

* ``{...}`` (grammar), ``[...]`` (usage, region), ``<...>`` (alternative spellings) and
  ``(...)`` are removed, nested ones too. Parentheses are removed everywhere, sentences
  included: in phrases they hold glosses ("(of a place)"), in sentences optional words
  ("Sie versucht, (eine) Arbeit zu finden."), and dropping them keeps a valid text in both
  cases, whereas keeping the contents would produce "What the heck hell does that mean?".
* ``/Fam./``-style abbreviations (slash-delimited, standing alone) are removed.
* Any ``/`` left afterwards marks alternatives whose scope cannot be told apart
  ("It's not / It isn't over", "in/within my power", "sth./of sth."): the pair is skipped
  and counted as ``slash_alternatives`` (about 12% of the dictionary's example sentences).
  With ``expand_slashes=True`` a pair whose two sides hold the same single-word alternatives
  in the same order ("er/sie hat/hatte geschlafen" :: "he/she has/had slept") becomes one pair
  per choice instead (4 here); the others are still skipped. Training adds such pairs to the
  train part only (``nmt_core.corpora.corpus``), so a split never depends on this option.
* Placeholders ("sth.", "sb.", "etw.", "jdn.") are kept: they translate each other.
* Alternatives are paired 1:1 when both sides have the same number, otherwise every German
  one goes with the first English one and every English one with the first German one
  (n + m - 1 pairs, so the combinations never multiply).
"""

from __future__ import annotations

import hashlib
import itertools
import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

DING_PATH = Path("/usr/share/trans/de-en")

KINDS = ("sentence", "phrase", "word")
# More training pairs (train only; see nmt_core.corpora.corpus): made from Ding's own entries
# (slash_alternatives = expand_slash_alternatives, pronoun_sentences = pronoun_sentences), or
# written from grammar templates and Ding's grammar (everyday.generator).
AUGMENTATIONS = ("slash_alternatives", "pronoun_sentences", "generated_sentences")
DIRECTIONS = ("de-en", "en-de")
LANGUAGES = {"de": "German", "en": "English"}  # code -> the name a page shows
MAX_MALFORMED_KEPT = 100  # enough to find a pattern in a broken file without hoarding memory

_QUOTES = str.maketrans(
    {
        "\u2018": "'",  # ‘
        "\u2019": "'",  # ’
        "\u201a": "'",  # ‚ (German low single quote)
        "\u201b": "'",  # ‛
        "\u201c": '"',  # “
        "\u201d": '"',  # ”
        "\u201e": '"',  # „ (German low double quote)
        "\u201f": '"',  # ‟
    }
)
_TYPOGRAPHIC_QUOTE = re.compile("[\u2018-\u201f]")
# Innermost bracket pairs only; applying it until nothing changes removes nested ones.
# "<" and ">" also occur as operators ("thickness < 0.25 mm"), so an angle-bracket
# annotation may not reach across a "|".
_ANNOTATION = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]|<[^<>|]*>|\([^()]*\)")
# "/Fam./", "/v. H./": an abbreviation given as a slash-delimited word of its own.
_SLASH_ABBREVIATION = re.compile(r"(?<!\S)/[^/\s](?:[^/|;]*[^/\s])?/(?![^\s;|])")
_SPACE_BEFORE_PUNCTUATION = re.compile(r" +(?=[.,!?;:])")
_SENTENCE_END = re.compile(r"[.?!][\"')]*$")
# Dictionary placeholders end in a period but do not end a sentence ("to crinkle sth.").
_PLACEHOLDERS = frozenset(
    {"sth.", "sb.", "etw.", "jdn.", "jdm.", "jds.", "jd.", "o.ä.", "usw.", "etc."}
)
_DING_SEPARATOR = " :: "
# Personal pronouns that start a conjugated form in Ding's verb entries (either language).
_PRONOUNS = frozenset(
    {"ich", "du", "er", "sie", "es", "wir", "ihr", "I", "you", "he", "she", "it", "we", "they"}
)
_DING_SNIFF_LINES = 20  # non-comment lines looked at to tell Ding from TSV


class CorpusError(Exception):
    """A corpus cannot be read; the message is a one-line sentence for the user."""


@dataclass(frozen=True)
class Pair:
    """One translation pair; ``kind`` is "sentence", "phrase" or "word" (see :func:`classify`)."""

    source: str
    target: str
    kind: str = "sentence"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"unknown pair kind {self.kind!r}; valid kinds: {', '.join(KINDS)}")

    def swapped(self) -> Pair:
        """The same pair read the other way (its kind stays)."""
        return Pair(self.target, self.source, self.kind)


@dataclass
class ReadReport:
    """What a reader kept and skipped.

    ``skipped`` counts lines for line-level reasons ("comment", "blank", "malformed") and
    candidate pairs for pair-level reasons ("empty", "slash_alternatives").
    """

    path: str
    lines: int = 0
    pairs_by_kind: dict[str, int] = field(default_factory=dict)
    skipped: dict[str, int] = field(default_factory=dict)
    malformed_lines: list[int] = field(default_factory=list)  # 1-based, first 100 only

    def skip(self, reason: str, line_no: int | None = None) -> None:
        """Count one skipped line or pair; malformed lines also keep their number."""
        self.skipped[reason] = self.skipped.get(reason, 0) + 1
        keep_number = len(self.malformed_lines) < MAX_MALFORMED_KEPT
        if reason == "malformed" and line_no is not None and keep_number:
            self.malformed_lines.append(line_no)

    def summary(self) -> str:
        """A few human-readable lines: totals, kinds, skip reasons, first malformed lines."""
        total = sum(self.pairs_by_kind.values())
        kinds = ", ".join(f"{k} {self.pairs_by_kind.get(k, 0)}" for k in KINDS)
        lines = [f"{self.path}: {self.lines} lines -> {total} pairs ({kinds})"]
        if self.skipped:
            reasons = ", ".join(f"{r} {n}" for r, n in sorted(self.skipped.items()))
            lines.append(f"skipped: {reasons}")
        if self.malformed_lines:
            shown = ", ".join(map(str, self.malformed_lines[:10]))
            lines.append(f"malformed lines (first {min(10, len(self.malformed_lines))}): {shown}")
        return "\n".join(lines)


@dataclass(frozen=True)
class Split:
    """Train/dev/test pairs; dev and test hold sentences only and never leak into train."""

    train: list[Pair]
    dev: list[Pair]
    test: list[Pair]

    def sizes(self) -> dict[str, int]:
        """Number of pairs per part."""
        return {"train": len(self.train), "dev": len(self.dev), "test": len(self.test)}


# --- text ----------------------------------------------------------------------------------


def normalize_text(text: str) -> str:
    """Return ``text`` in NFC with ASCII quotes, no control/format characters, single spaces.

    Whitespace (tabs and newlines included) becomes one space before the other ``C*``
    characters (zero-width space, soft hyphen, BOM, ...) are deleted, so "a\\tb" stays two
    words. Emoji and other symbols are kept.
    """
    if _TYPOGRAPHIC_QUOTE.search(text):  # translate() is slow; most texts have no quotes
        text = text.translate(_QUOTES)
    # isprintable() is False for every C* and non-ASCII whitespace character, so most texts
    # skip the slow per-character pass.
    if not text.isprintable():
        text = "".join(_clean_char(char) for char in text)
    # NFC after cleaning: removing a format character can bring a letter and its accent together.
    return " ".join(unicodedata.normalize("NFC", text).split())


def _clean_char(char: str) -> str:
    """Map whitespace to a space and drop other control/format characters."""
    if char.isspace():
        return " "
    return "" if unicodedata.category(char).startswith("C") else char


def classify(text: str) -> str:
    """Tag a text as "sentence", "phrase" (2+ words) or "word" (one token).

    A sentence starts with an upper-case letter, digit or quote and ends in ``.``, ``?`` or
    ``!`` (closing quotes allowed). Not sentences: texts ending in a placeholder such as
    "sth." or "etw.", and single tokens ending in ``.``, which are abbreviations ("Nr.").
    """
    words = text.split()
    if not words:
        raise ValueError("cannot classify an empty text")
    first, last = text[0], words[-1]
    is_sentence = (
        (first.isupper() or first.isdigit() or first in "\"'¿¡")
        and _SENTENCE_END.search(text) is not None
        and last.lower() not in _PLACEHOLDERS
        # A lone "Nr." is an abbreviation, a lone "Danke!" a sentence.
        and (len(words) > 1 or last.rstrip("\"')")[-1] in "?!")
    )
    if is_sentence:
        return "sentence"
    return "word" if len(words) == 1 else "phrase"


# --- reading -------------------------------------------------------------------------------


def read_ding(
    path: str | Path = DING_PATH, direction: str = "de-en", expand_slashes: bool = False
) -> tuple[list[Pair], ReadReport]:
    """Read the Ding dictionary into pairs; "de-en" gives German sources, "en-de" English.

    A pair's kind is that of its German side in both directions, so "en-de" gives exactly the
    "de-en" pairs with their sides swapped. Pairs are not deduplicated (see
    :func:`deduplicate`); the module docstring lists the cleaning rules, and what
    ``expand_slashes`` does. Raises :class:`CorpusError` when the file is missing.
    """
    swap = _check_direction(direction)
    path = Path(path)
    _require_file(
        path,
        f"Ding dictionary not found at {path}: install it with `apt-get install trans-de-en`, "
        "or pass a TSV of sentence pairs with --corpus file.tsv",
    )
    report = ReadReport(path=str(path))
    pairs = []
    for line_no, line in _numbered_lines(path):
        report.lines += 1
        for german, english in _parse_ding_line(line, line_no, report, expand_slashes):
            source, target = (english, german) if swap else (german, english)
            pairs.append(Pair(source, target, classify(german)))
    report.pairs_by_kind = dict(Counter(pair.kind for pair in pairs))
    return pairs, report


def read_tsv(path: str | Path, reverse: bool = False) -> tuple[list[Pair], ReadReport]:
    """Read ``source TAB target [TAB ...]`` lines; ``reverse`` swaps the first two columns.

    Lines with fewer than two columns or an empty side are skipped as "malformed" with
    their line number. A UTF-8 BOM and CRLF line ends are accepted.
    """
    path = Path(path)
    _require_file(path, f"Corpus file not found at {path}: pass an existing TSV of sentence pairs")
    return tsv_pairs(_numbered_lines(path), str(path), reverse)


def tsv_pairs(
    lines: Iterable[tuple[int, str]], name: str, reverse: bool = False
) -> tuple[list[Pair], ReadReport]:
    """:func:`read_tsv` of (1-based number, line) pairs: an uploaded file's, say."""
    report = ReadReport(path=name)
    pairs = []
    for line_no, line in lines:
        report.lines += 1
        if not line.strip():
            report.skip("blank")
            continue
        columns = line.split("\t")
        sides = [normalize_text(column) for column in columns[:2]]
        if len(sides) < 2 or not all(sides):
            report.skip("malformed", line_no)
            continue
        source, target = reversed(sides) if reverse else sides
        pairs.append(Pair(source, target, classify(source)))
    report.pairs_by_kind = dict(Counter(pair.kind for pair in pairs))
    return pairs, report


def read_corpus(
    path: str | Path, direction: str = "de-en", reverse: bool = False, expand_slashes: bool = False
) -> tuple[list[Pair], ReadReport]:
    """Read a Ding-format file or a TSV, told apart by " :: " in its first entries.

    For Ding, ``direction`` picks the source language. A TSV carries no language labels:
    its first column is the source, or its second with ``reverse=True`` (for example a
    manythings.org "English TAB German" file read for de-en). ``reverse`` on a Ding file is
    an error, because ``direction`` already says which side is the source; ``expand_slashes``
    (see :func:`read_ding`) on a TSV is one too.
    """
    _check_direction(direction)
    path = Path(path)
    _require_file(path, f"Corpus file not found at {path}: pass a Ding file or a TSV of pairs")
    if not looks_like_ding(path):
        if expand_slashes:
            raise CorpusError(f"{path} is a TSV: only a Ding file's slash alternatives expand")
        return read_tsv(path, reverse=reverse)
    if reverse:
        raise ValueError("reverse applies to TSV files; for a Ding file use direction='en-de'")
    return read_ding(path, direction=direction, expand_slashes=expand_slashes)


def language_names(direction: str) -> tuple[str, str]:
    """("German", "English") for "de-en": the source and target languages' names."""
    source, target = direction.split("-")
    return LANGUAGES.get(source, source), LANGUAGES.get(target, target)


def _check_direction(direction: str) -> bool:
    """Validate ``direction`` and return whether German and English must be swapped."""
    if direction not in DIRECTIONS:
        raise ValueError(f"unknown direction {direction!r}; valid: {', '.join(DIRECTIONS)}")
    return direction == "en-de"


def _require_file(path: Path, message: str) -> None:
    if not path.is_file():
        raise CorpusError(message)


def _numbered_lines(path: Path) -> Iterator[tuple[int, str]]:
    """Yield (1-based number, line without its end); BOM dropped, any line end accepted."""
    try:
        with path.open(encoding="utf-8-sig") as lines:
            for line_no, line in enumerate(lines, start=1):
                yield line_no, line.rstrip("\r\n")
    except UnicodeDecodeError as error:
        raise CorpusError(
            f"{path} is not UTF-8 text ({error.reason}): re-save it as UTF-8"
        ) from None


def looks_like_ding(path: Path) -> bool:
    """Whether ``path`` is in Ding's format: " :: " in one of its first entries."""
    seen = 0
    for _, line in _numbered_lines(path):
        if not line.strip() or line.startswith("#"):
            continue
        if _DING_SEPARATOR in line:
            return True
        seen += 1
        if seen >= _DING_SNIFF_LINES:
            break
    return False


# --- Ding parsing --------------------------------------------------------------------------


def _parse_ding_line(
    line: str, line_no: int, report: ReadReport, expand_slashes: bool = False
) -> list[tuple[str, str]]:
    """Return the (German, English) pairs of one Ding line, counting what is skipped."""
    if not line.strip():
        report.skip("blank")
        return []
    if line.startswith("#"):
        report.skip("comment")
        return []
    sides = line.split(_DING_SEPARATOR)
    if len(sides) != 2:
        report.skip("malformed", line_no)
        return []
    german_segments, english_segments = (_clean_ding_side(side).split("|") for side in sides)
    if len(german_segments) != len(english_segments):
        report.skip("malformed", line_no)
        return []
    pairs = []
    for german, english in zip(german_segments, english_segments, strict=True):
        pairs.extend(_segment_pairs(german.split(";"), english.split(";"), report, expand_slashes))
    return pairs


def _clean_ding_side(text: str) -> str:
    """Remove annotations from one side of a line and normalize it; ``|`` and ``;`` remain.

    Annotations go first, so a ``|`` or ``;`` inside one ("(Druck; Vakuum)") is never
    taken for a separator.
    """
    removed = 1
    while removed:
        text, removed = _ANNOTATION.subn("", text)
    if "/" in text:
        text = _SLASH_ABBREVIATION.sub("", text)
    return _SPACE_BEFORE_PUNCTUATION.sub("", normalize_text(text))


def _segment_pairs(
    german_alts: list[str], english_alts: list[str], report: ReadReport, expand_slashes: bool
) -> list[tuple[str, str]]:
    """Pair the alternatives of two aligned segments (rule in the module docstring)."""
    german_alts = [alt.strip() for alt in german_alts]
    english_alts = [alt.strip() for alt in english_alts]
    if len(german_alts) == len(english_alts):
        candidates = list(zip(german_alts, english_alts, strict=True))
    else:
        candidates = [(alt, english_alts[0]) for alt in german_alts]
        candidates += [(german_alts[0], alt) for alt in english_alts[1:]]
    kept = []
    for pair in candidates:
        if not all(pair):
            report.skip("empty")
        elif "/" in pair[0] or "/" in pair[1]:
            expanded = expand_slash_alternatives(*pair) if expand_slashes else []
            kept.extend(expanded)
            if not expanded:
                report.skip("slash_alternatives")
        else:
            kept.append(pair)
    return kept


def expand_slash_alternatives(german: str, english: str) -> list[tuple[str, str]]:
    """One pair per choice when both sides hold the same single-word alternatives in order.

    The k-th slash word of each side must offer the same number of alternatives, and the
    choices are made together: "er/sie hat/hatte geschlafen" :: "he/she has/had slept" gives
    "er hat geschlafen" :: "he has slept", ..., "sie hatte geschlafen" :: "she had slept".
    Anything else ("It's not / It isn't over", "got/gotten" against one German word) gives [].
    """
    slots = [_slash_slots(side) for side in (german, english)]
    if not slots[0] or [len(a) for _, a in slots[0]] != [len(a) for _, a in slots[1]]:
        return []
    german_words, english_words = german.split(), english.split()
    pairs = []
    for choice in itertools.product(*(range(len(alts)) for _, alts in slots[0])):
        sides = []
        for words, side_slots in ((german_words, slots[0]), (english_words, slots[1])):
            chosen = list(words)
            for (position, alts), k in zip(side_slots, choice, strict=True):
                chosen[position] = alts[k]
            sides.append(" ".join(chosen))
        pairs.append((sides[0], sides[1]))
    return pairs


def _slash_slots(text: str) -> list[tuple[int, list[str]]]:
    """(word position, alternatives) of every slash word; [] when a slash is not between two
    non-empty alternatives of one word ("a / b", "sth./")."""
    slots = []
    for position, word in enumerate(text.split()):
        if "/" in word:
            alternatives = word.split("/")
            if not all(alternatives):
                return []
            slots.append((position, alternatives))
    return slots


def pronoun_sentences(pairs: Sequence[Pair]) -> list[Pair]:
    """Short sentences made from conjugation phrases: "er schläft" :: "he sleeps" gives
    "Er schläft." :: "He sleeps.".

    Ding's verb entries list inflected forms ("du schläfst", "er/sie hat/hatte geschlafen")
    that, with a capital letter and a full stop, are everyday sentences; users type sentences,
    and the corpus has only 20k of them. Both sides must start with a personal pronoun, hold
    no placeholder ("etw.", "sb.") and have at most 6 words.
    """
    made = []
    for pair in pairs:
        if pair.kind != "phrase":
            continue
        sides = (pair.source, pair.target)
        words = [side.split() for side in sides]
        if not all(w[0] in _PRONOUNS and len(w) <= 6 for w in words):
            continue
        if any(w.lower() in _PLACEHOLDERS or not w[-1].isalpha() for side in words for w in side):
            continue
        source, target = (side[0].upper() + side[1:] + "." for side in sides)
        made.append(Pair(source, target, "sentence"))
    return made


# --- filtering and splitting ---------------------------------------------------------------


def filter_pairs(pairs: Sequence[Pair], max_words: int = 50, max_ratio: float = 3.0) -> list[Pair]:
    """Drop pairs with an empty side, a side over ``max_words`` words, or odd length ratios.

    The ratio test (longer side / shorter side in words > ``max_ratio``) applies only when
    the longer side has at least 5 words: "Ja." / "Yes, I do." is a fine short pair.
    """
    if max_words < 1 or max_ratio < 1:
        raise ValueError(f"need max_words >= 1 and max_ratio >= 1, got {max_words}, {max_ratio}")
    kept = []
    for pair in pairs:
        shorter, longer = sorted((len(pair.source.split()), len(pair.target.split())))
        if shorter == 0 or longer > max_words:
            continue
        if longer >= 5 and longer / shorter > max_ratio:
            continue
        kept.append(pair)
    return kept


def deduplicate(pairs: Sequence[Pair]) -> list[Pair]:
    """Drop repeated (source, target) pairs, keeping the first of each in order."""
    seen: set[tuple[str, str]] = set()
    kept = []
    for pair in pairs:
        key = (pair.source, pair.target)
        if key not in seen:
            seen.add(key)
            kept.append(pair)
    return kept


def split_pairs(
    pairs: Sequence[Pair],
    dev_size: int = 500,
    test_size: int = 1000,
    seed: int = 1234,
    by_target: bool = False,
) -> Split:
    """Split into train/dev/test deterministically, with no sentence shared across parts.

    1. Sentence pairs are grouped: pairs sharing a source or a target (case-insensitive,
       normalized) fall in one group, so a German sentence with two English versions, or
       two German sentences with one English version, stay together.
    2. Groups are ordered by a seeded hash of their smallest source (of their smallest
       target with ``by_target``) and fill dev, then test; a group too big for the room left
       goes to train. The order does not depend on the input order, so the same pairs in any
       order give the same split. ``by_target`` makes the split of swapped pairs the swapped
       split: en-de passes it, so both directions hold out the same sentences (hashed by
       their German side) and a tokenizer shared by both never saw either's test text.
    3. Train drops every pair whose source equals a dev/test source or whose target equals
       a dev/test target, whatever its kind.

    Raises :class:`CorpusError` when there are fewer sentence pairs than dev + test need.
    """
    if dev_size < 0 or test_size < 0:
        raise ValueError(f"split sizes must be >= 0, got dev {dev_size}, test {test_size}")
    sentences = [pair for pair in pairs if pair.kind == "sentence"]
    if len(sentences) < dev_size + test_size:
        raise CorpusError(
            f"Only {len(sentences)} sentence pairs for dev ({dev_size}) + test ({test_size}): "
            "use a bigger corpus or smaller dev/test sizes."
        )
    named = _leak_groups([p.swapped() for p in sentences] if by_target else sentences)
    groups = sorted(named, key=lambda group: _seeded_hash(seed, group[0].source))
    if by_target:
        groups = [[p.swapped() for p in group] for group in groups]
    dev, groups = _take_groups(groups, dev_size)
    test, _ = _take_groups(groups, test_size)
    train = drop_held_out(pairs, dev + test)
    return Split(_shuffled(train, seed), _shuffled(dev, seed), _shuffled(test, seed))


def drop_held_out(pairs: Sequence[Pair], held_out: Sequence[Pair]) -> list[Pair]:
    """The pairs that share neither source nor target with ``held_out`` (case-insensitive,
    normalized): what may be trained on beside a dev/test split."""
    sources = {_key(pair.source) for pair in held_out}
    targets = {_key(pair.target) for pair in held_out}
    return [
        pair
        for pair in pairs
        if _key(pair.source) not in sources and _key(pair.target) not in targets
    ]


def _key(text: str) -> str:
    """Comparison key for leakage checks: normalized and case-insensitive."""
    return normalize_text(text).casefold()


def _seeded_hash(seed: int, text: str) -> bytes:
    # blake2b, not hash(): Python salts str hashes per process, which would break determinism.
    return hashlib.blake2b(f"{seed}\0{text}".encode(), digest_size=8).digest()


def _shuffled(pairs: list[Pair], seed: int) -> list[Pair]:
    """Order pairs by a seeded hash, so equal inputs give equal lists whatever their order."""
    return sorted(pairs, key=lambda p: (_seeded_hash(seed, f"{p.source}\t{p.target}"), p.kind))


def _leak_groups(sentences: list[Pair]) -> list[list[Pair]]:
    """Connected components of pairs linked by a shared source or target key.

    Each group is sorted, so its first pair has the smallest source and names the group.
    """
    parent: dict[str, str] = {}

    def find(node: str) -> str:
        while parent.setdefault(node, node) != node:
            parent[node] = parent[parent[node]]  # path halving keeps the trees flat
            node = parent[node]
        return node

    for pair in sentences:
        # Prefixes keep a German and an English sentence that happen to be equal apart.
        parent[find("s:" + _key(pair.source))] = find("t:" + _key(pair.target))
    groups: dict[str, list[Pair]] = {}
    for pair in sentences:
        groups.setdefault(find("s:" + _key(pair.source)), []).append(pair)
    return [sorted(group, key=lambda p: (p.source, p.target)) for group in groups.values()]


def _take_groups(groups: list[list[Pair]], size: int) -> tuple[list[Pair], list[list[Pair]]]:
    """Fill up to ``size`` pairs with whole groups, in order; return them and the groups left."""
    taken: list[Pair] = []
    left = []
    for group in groups:
        if len(taken) + len(group) <= size:
            taken.extend(group)
        else:
            left.append(group)
    return taken, left

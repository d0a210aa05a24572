"""Word alignments: from soft attention to hard links, Pharaoh files, and AER.

An alignment is a ``frozenset`` of ``(source_index, target_index)`` links, 0-based. On disk it
uses the Pharaoh/GIZA++ text format, one sentence per line, links ``src-tgt`` separated by
spaces: ``"0-0 1-2 2-1"``. Gold alignments may mark *possible* links as ``src?tgt`` or
``srcptgt`` besides the *sure* links ``src-tgt`` (Och & Ney, 2003).

An attention matrix has shape ``(tgt_len, src_len)``: row ``i`` is target token ``i``, column
``j`` is source token ``j``. So the weight of link ``(j, i)`` is ``attention[i, j]``.
"""

from __future__ import annotations

import re
import string
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from nmt_core.measures.evaluation import validate_attention
from nmt_core.text.tokenization import EOS_PIECE
from nmt_core.translate import AttentionView, Translation

Link = tuple[int, int]  # (source_index, target_index)
Alignment = frozenset[Link]

HARD_ALIGNMENT_METHODS = ("argmax", "argmax-null", "threshold")
DEFAULT_THRESHOLD = 0.5  # the CLI's and the dashboard's default for "threshold"
_PHARAOH_LINK = re.compile(r"(\d+)([-?p])(\d+)")  # sure "-", possible "?" or "p"


# --------------------------------------------------------------------------------------------
# A translation's forced-decoding attention to links (the CLI's align and the Alignments page)
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForcedAlignment:
    """Hard links read off the attention of a force-decoded reference.

    full: the attention with its "</s>" row and column (what a heatmap shows); links index
    ``view`` = ``full`` without them, as alignment files count tokens.
    """

    full: AttentionView
    links: Alignment

    @property
    def view(self) -> AttentionView:
        return self.full.without_eos()


def align(
    translation: Translation,
    method: str = "argmax",
    threshold: float = DEFAULT_THRESHOLD,
    word_level: bool = True,
) -> ForcedAlignment | None:
    """Links between the source and ``translation.reference`` (``translate(..., reference=)``).

    None when there is nothing to align: no reference, or a model without attention.
    """
    if translation.reference is None:
        return None
    return align_view(
        translation.attention_view(translation.reference, word_level), method, threshold
    )


def align_view(
    full: AttentionView | None, method: str = "argmax", threshold: float = DEFAULT_THRESHOLD
) -> ForcedAlignment | None:
    """Links read off ``full``, a force-decoded reference's labelled attention (as
    ``translate.forced_views`` gives it); None for a model without attention."""
    if full is None:
        return None
    return ForcedAlignment(full, links_from_view(full, method, threshold))


def links_from_view(
    full: AttentionView, method: str = "argmax", threshold: float = DEFAULT_THRESHOLD
) -> Alignment:
    """Hard links of a labelled attention matrix that may end in "</s>" row and column; the
    links index the matrix without them, as alignment files count tokens."""
    view = full.without_eos()
    if not view.matrix.size:
        return frozenset()
    # what each target row gives the source's </s> ("argmax-null" reads it as "no word")
    ends_in_eos = full.source_tokens[-1:] == (EOS_PIECE,)
    null = full.matrix[: len(view.target_tokens), -1] if ends_in_eos else None
    return hard_alignment(view.matrix, method, threshold, null)


# --------------------------------------------------------------------------------------------
# Attention to links
# --------------------------------------------------------------------------------------------


def hard_alignment(
    attention: np.ndarray,
    method: str = "argmax",
    threshold: float = DEFAULT_THRESHOLD,
    null: np.ndarray | None = None,
) -> Alignment:
    """Turn soft attention into hard word-alignment links.

    * ``"argmax"``: each target token ``i`` links to its most attended source token,
      ``{(argmax_j α_ij, i)}`` — exactly ``tgt_len`` links (ties go to the lowest ``j``).
    * ``"argmax-null"``: the same, except that a target token that attends to the end of the
      sentence (``null``, the weights on the source's </s>) more than to any word gets no link:
      </s> plays the NULL word of the IBM models, and a row whose mass sits there no longer
      links to a weak cell beside it.
    * ``"threshold"``: every link whose weight is at least ``threshold``,
      ``{(j, i) : α_ij >= threshold}`` — may leave a target token unaligned or align it twice.

    Args:
        attention: ``(tgt_len, src_len)`` attention weights, without the </s> row and column.
        method: one of :data:`HARD_ALIGNMENT_METHODS`.
        threshold: minimum weight for ``"threshold"``; must be positive. Ignored otherwise.
        null: ``(tgt_len,)`` weights on </s>, for ``"argmax-null"`` (None: all 0).

    Returns:
        The links as ``(source_index, target_index)`` pairs.

    Raises:
        ValueError: for an unknown method (the message lists the valid ones), a bad threshold,
            or an invalid matrix (see :func:`nmt_core.measures.evaluation.validate_attention`).
    """
    if method not in HARD_ALIGNMENT_METHODS:
        raise ValueError(
            f"unknown alignment method {method!r}; valid: {', '.join(HARD_ALIGNMENT_METHODS)}"
        )
    matrix = validate_attention(attention)
    if method.startswith("argmax"):
        best_source = matrix.argmax(axis=1)  # (tgt_len,)
        best_weight = matrix.max(axis=1)
        if method == "argmax" or null is None:
            null = np.zeros(len(matrix))
        return frozenset(
            (int(j), i) for i, j in enumerate(best_source) if best_weight[i] >= null[i]
        )
    if not (np.isfinite(threshold) and threshold > 0):
        raise ValueError(f"threshold must be a positive number; got {threshold!r}")
    targets, sources = np.nonzero(matrix >= threshold)
    return frozenset(zip(sources.tolist(), targets.tolist(), strict=True))


# English function words: articles, auxiliaries (and modals), prepositions, pronouns,
# conjunctions, "to" and "not". A token is matched lowercased, without surrounding punctuation;
# a contraction counts as a function word when its first part is one or it ends in "n't".
FUNCTION_WORDS = frozenset(
    """a an the
    be am is are was were been being have has had having do does did will would shall should
    can cannot could may might must
    about above across after against along among around as at before behind below beneath
    beside between beyond by down during except for from in inside into near of off on
    onto out outside over past since through throughout till toward towards under until up
    upon with within without
    i me my mine myself you your yours yourself yourselves he him his himself she her hers
    herself it its itself we us our ours ourselves they them their theirs themselves this
    that these those who whom whose which what there
    and or but nor if because although though while whether than when where
    to not""".split()  # noqa: SIM905
)


def is_function_word(token: str) -> bool:
    """True for an English function word (see FUNCTION_WORDS), punctuation ignored."""
    word = token.lower().strip(string.punctuation + "\u201c\u201d\u2018\u2019")
    if word.endswith("n't"):
        return True
    return word in FUNCTION_WORDS or word.split("'")[0] in FUNCTION_WORDS


# --------------------------------------------------------------------------------------------
# Pharaoh format
# --------------------------------------------------------------------------------------------


def checked_links(links: Iterable[Link], name: str) -> Alignment:
    """Return ``links`` as a frozenset after checking each is a pair of non-negative ints."""
    checked = frozenset(links)
    for link in checked:
        if not (
            isinstance(link, tuple)
            and len(link) == 2
            and all(isinstance(k, int | np.integer) and k >= 0 for k in link)
        ):
            raise ValueError(f"{name} link {link!r} is not a (source, target) pair of indices >= 0")
    return checked


def format_pharaoh(links: Iterable[Link], possible: Iterable[Link] = frozenset()) -> str:
    """Write one sentence's alignment as a Pharaoh line, e.g. ``"0-0 1?1 2-1"``.

    Links are sorted by ``(source, target)``. Sure links are written ``src-tgt`` and possible
    links ``src?tgt``; a possible link that is also sure is written once, as sure (the sure
    links are a subset of the possible ones, see :func:`parse_pharaoh`).

    Args:
        links: sure links, ``(source_index, target_index)``.
        possible: possible links.

    Returns:
        The links separated by single spaces, without a newline ("" when there are none).
    """
    sure = checked_links(links, "sure")
    maybe = checked_links(possible, "possible") - sure
    marked = [(link, "-") for link in sure] + [(link, "?") for link in maybe]
    return " ".join(f"{src}{mark}{tgt}" for (src, tgt), mark in sorted(marked))


def swapped(links: Iterable[Link]) -> Alignment:
    """The same links seen from the other side: ``(target, source)`` for every ``(source, target)``
    (the gold of a German→English pair is the gold of its English→German pair, swapped)."""
    return frozenset((target, source) for source, target in links)


def parse_pharaoh(text: str) -> tuple[Alignment, Alignment]:
    """Read one Pharaoh line into its sure and possible links.

    ``"0-0 1?2 2p1"`` gives sure ``{(0, 0)}`` and possible ``{(0, 0), (1, 2), (2, 1)}``.
    Following Och & Ney (2003), every sure link is also possible (``S ⊆ P``), so the possible
    set always includes the sure one; for a file with only sure links the two sets are equal.

    Args:
        text: whitespace-separated links ``src-tgt``, ``src?tgt`` or ``srcptgt``.

    Returns:
        ``(sure, possible)``, each a frozenset of ``(source_index, target_index)``.

    Raises:
        ValueError: naming the first token that is not a link.
    """
    sure: set[Link] = set()
    possible: set[Link] = set()
    for token in text.split():
        match = _PHARAOH_LINK.fullmatch(token)
        if match is None:
            raise ValueError(
                f"bad alignment token {token!r}; expected links of word indices from 0: "
                "'2-3' (source word 2 is surely linked to target word 3), or '2?3' / '2p3' "
                "(possibly linked)"
            )
        source, mark, target = match.groups()
        link = (int(source), int(target))
        possible.add(link)
        if mark == "-":
            sure.add(link)
    return frozenset(sure), frozenset(possible)


def read_pharaoh_file(path: str | Path) -> list[tuple[Alignment, Alignment]]:
    """Read a Pharaoh file, one sentence per line, into ``(sure, possible)`` pairs.

    Args:
        path: UTF-8 text file; an empty line is a sentence without links.

    Returns:
        One ``(sure, possible)`` pair per line, as :func:`parse_pharaoh` returns.

    Raises:
        ValueError: naming the line number and the bad token.
    """
    alignments = []
    with Path(path).open(encoding="utf-8") as lines:
        for number, line in enumerate(lines, start=1):
            try:
                alignments.append(parse_pharaoh(line))
            except ValueError as error:
                raise ValueError(f"{path}, line {number}: {error}") from error
    return alignments


def read_gold_file(path: str | Path, sentences: int) -> list[tuple[Alignment, Alignment]]:
    """A gold Pharaoh file for ``sentences`` sentence pairs; an error if the counts differ."""
    gold = read_pharaoh_file(path)
    if len(gold) != sentences:
        raise ValueError(
            f"{path} has {len(gold)} lines but there are {sentences} sentence pairs: "
            "a gold file holds one line per pair, in the same order"
        )
    return gold


def check_gold_in_range(
    gold: Sequence[tuple[Alignment, Alignment]], shapes: Sequence[tuple[int, int]], path: str
) -> None:
    """Raise ValueError naming the line of the first gold link outside its sentence.

    ``shapes``: (target words, source words) of each sentence pair, as alignments count them.
    """
    for number, ((sure, possible), (targets, sources)) in enumerate(
        zip(gold, shapes, strict=True), start=1
    ):
        outside = sorted(
            link for link in sure | possible if link[0] >= sources or link[1] >= targets
        )
        if outside:
            source, target = outside[0]
            raise ValueError(
                f"{path}, line {number}: link {source}-{target} is out of range for a pair of "
                f"{sources} source and {targets} target words (indices count from 0)"
            )


# --------------------------------------------------------------------------------------------
# Scoring against gold alignments
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AlignmentScores:
    """Corpus alignment quality (Och & Ney, 2003), with the counts it is computed from."""

    precision: float  # |A∩P| / |A|
    recall: float  # |A∩S| / |S|
    aer: float  # 1 - (|A∩S| + |A∩P|) / (|A| + |S|); 0 is perfect
    predicted: int  # |A|, predicted links
    sure: int  # |S|, gold sure links
    sure_hits: int  # |A∩S|
    possible_hits: int  # |A∩P|


def _as_sentences(alignments: Iterable[Iterable[Link]], name: str) -> list[Alignment]:
    """One frozenset per sentence; rejects a bare set of links passed instead of a list of them."""
    sentences = []
    for item in alignments:
        if not isinstance(item, set | frozenset):
            raise ValueError(
                f"{name} must hold one set of links per sentence; got {item!r}. "
                "For a single sentence pass a one-element list."
            )
        sentences.append(checked_links(item, name))
    return sentences


def _ratio(numerator: int, denominator: int) -> float:
    """``numerator / denominator``, or 0.0 when the denominator is 0."""
    return numerator / denominator if denominator else 0.0


def alignment_error_rate(
    predicted: Iterable[Alignment],
    sure: Iterable[Alignment],
    possible: Iterable[Alignment],
) -> AlignmentScores:
    """Precision, recall and alignment error rate over a corpus (Och & Ney, 2003, Sec. 5).

    With ``A`` the predicted links, ``S`` the sure and ``P`` the possible gold links, each count
    summed over all sentences:

        precision = |A∩P| / |A|
        recall    = |A∩S| / |S|
        AER       = 1 - (|A∩S| + |A∩P|) / (|A| + |S|)

    ``P`` is taken as ``P ∪ S`` so that ``S ⊆ P`` holds even if the caller passed only the
    ``?`` links. Empty sets: a ratio whose denominator is 0 is 0.0, except that when ``A`` and
    ``S`` are both empty the prediction is perfect: precision = recall = 1.0 and AER = 0.0.
    An empty prediction against non-empty gold gives precision 0, recall 0, AER 1.

    Args:
        predicted: one set of ``(source_index, target_index)`` links per sentence.
        sure: gold sure links per sentence.
        possible: gold possible links per sentence.

    Returns:
        :class:`AlignmentScores` for the whole corpus.

    Raises:
        ValueError: if the three differ in number of sentences, or an item is not a set.
    """
    a = _as_sentences(predicted, "predicted")
    s = _as_sentences(sure, "sure")
    p = _as_sentences(possible, "possible")
    if not len(a) == len(s) == len(p):
        raise ValueError(
            f"got {len(a)} predicted, {len(s)} sure and {len(p)} possible alignments; "
            "they must be aligned one to one"
        )
    num_predicted = sum(len(links) for links in a)
    num_sure = sum(len(links) for links in s)
    sure_hits = sum(len(a_k & s_k) for a_k, s_k in zip(a, s, strict=True))
    possible_hits = sum(len(a_k & (p_k | s_k)) for a_k, s_k, p_k in zip(a, s, p, strict=True))
    if num_predicted + num_sure == 0:
        return AlignmentScores(1.0, 1.0, 0.0, 0, 0, 0, 0)
    return AlignmentScores(
        precision=_ratio(possible_hits, num_predicted),
        recall=_ratio(sure_hits, num_sure),
        aer=1.0 - (sure_hits + possible_hits) / (num_predicted + num_sure),
        predicted=num_predicted,
        sure=num_sure,
        sure_hits=sure_hits,
        possible_hits=possible_hits,
    )


def later_target_words(links: Alignment) -> Alignment:
    """``links`` without those of the first target word (target index 0).

    The first decoder step is unlike the others: it has no previous target word to look from,
    only the encoder's summary (Bahdanau's s_0), so an additive model's first step often
    links the wrong source word while its later steps align well. Scoring the later words
    apart tells the two kinds of error apart."""
    return frozenset(link for link in links if link[1] != 0)


def alignment_error_rate_after_the_first_word(
    predicted: Iterable[Alignment], sure: Iterable[Alignment], possible: Iterable[Alignment]
) -> AlignmentScores:
    """:func:`alignment_error_rate` of the links of every target word but the first
    (:func:`later_target_words`), on the prediction and the gold alike."""
    return alignment_error_rate(
        map(later_target_words, predicted),
        map(later_target_words, sure),
        map(later_target_words, possible),
    )


def alignment_agreement(a: Alignment, b: Alignment) -> float:
    """Jaccard agreement of two alignments: ``|a∩b| / |a∪b|``, 1.0 when both are empty.

    Symmetric, unlike AER, so it suits comparing two models (or two layers) with no gold.

    Args:
        a: ``(source_index, target_index)`` links.
        b: ``(source_index, target_index)`` links.

    Returns:
        A value in ``[0, 1]``.
    """
    union = len(a | b)
    return len(a & b) / union if union else 1.0


# --------------------------------------------------------------------------------------------
# Tidy rows for display and download
# --------------------------------------------------------------------------------------------


def alignment_table(
    links: Iterable[Link],
    source_tokens: Sequence[str],
    target_tokens: Sequence[str],
    attention: np.ndarray | None = None,
) -> list[dict[str, Any]]:
    """One row per link, for a pandas DataFrame or a CSV / JSON download.

    Args:
        links: ``(source_index, target_index)`` pairs.
        source_tokens: ``src_len`` source tokens, the labels of the attention columns.
        target_tokens: ``tgt_len`` target tokens, the labels of the attention rows.
        attention: optional ``(tgt_len, src_len)`` weights; ``weight`` is None without it.

    Returns:
        Dicts with keys ``source_index``, ``source_token``, ``target_index``, ``target_token``
        and ``weight`` (``attention[target_index, source_index]`` as a float, or None), sorted
        by target index, then source index.

    Raises:
        ValueError: if a link is out of range for the tokens, or the attention shape does not
            match ``(len(target_tokens), len(source_tokens))``.
    """
    checked = checked_links(links, "alignment")
    shape = (len(target_tokens), len(source_tokens))
    matrix = None
    if attention is not None:
        matrix = validate_attention(attention)
        if matrix.shape != shape:
            raise ValueError(
                f"attention has shape {matrix.shape} but the tokens need (tgt_len, src_len) "
                f"= {shape}"
            )
    rows = []
    for source, target in sorted(checked, key=lambda link: (link[1], link[0])):
        if source >= shape[1] or target >= shape[0]:
            raise ValueError(
                f"link {source}-{target} is out of range for {shape[1]} source and "
                f"{shape[0]} target tokens"
            )
        rows.append(
            {
                "source_index": int(source),
                "source_token": source_tokens[source],
                "target_index": int(target),
                "target_token": target_tokens[target],
                "weight": None if matrix is None else float(matrix[target, source]),
            }
        )
    return rows


# --------------------------------------------------------------------------------------------
# Scores by class of link (phenomena: reordering distance, function words, ...)
# --------------------------------------------------------------------------------------------


def scores_by_class(
    predicted: Sequence[Alignment],
    sure: Sequence[Alignment],
    possible: Sequence[Alignment],
    link_class: Callable[[int, Link], str],
) -> dict[str, AlignmentScores]:
    """Precision, recall and AER over the links of each class, one class per link.

    ``link_class(sentence_index, link)`` names a link's class (for example "function" or
    "content" by its target word, or a reordering distance). Every predicted and gold link is
    put in its class, and :func:`alignment_error_rate` is computed on each class alone, so:

        recall_c    = |A∩S_c| / |S_c|   — the class's sure gold links that were found
        precision_c = |A_c∩P| / |A_c|   — the class's predicted links that are right

    (a predicted link's class is read from the link itself, so ``A_c∩P = A_c∩P_c``).

    Args:
        predicted: one set of ``(source_index, target_index)`` links per sentence.
        sure: gold sure links per sentence.
        possible: gold possible links per sentence.
        link_class: the class of a link of sentence ``k``.

    Returns:
        ``{class: AlignmentScores}`` for every class that some link falls in, sorted by name.

    Raises:
        ValueError: as :func:`alignment_error_rate`.
    """
    parts = [
        _as_sentences(predicted, "predicted"),
        _as_sentences(sure, "sure"),
        _as_sentences(possible, "possible"),
    ]
    classes = {link_class(k, x) for part in parts for k, links in enumerate(part) for x in links}
    return {
        name: alignment_error_rate(*(_of_class(part, link_class, name) for part in parts))
        for name in sorted(classes)
    }


def _of_class(
    sentences: Sequence[Alignment], link_class: Callable[[int, Link], str], name: str
) -> list[Alignment]:
    """Each sentence's links whose class is ``name``."""
    return [
        frozenset(link for link in links if link_class(k, link) == name)
        for k, links in enumerate(sentences)
    ]

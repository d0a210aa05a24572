"""Symmetrising two directional alignments (statistical aligners such as eflomal align each
direction apart: forward and reverse) into one, by Koehn et al.'s heuristics."""

from __future__ import annotations

from nmt_core.analysis.alignment import Alignment, Link, checked_links

SYMMETRIZATION_METHODS = ("intersection", "union", "grow-diag-final-and")
# Koehn et al.'s neighbours as (target, source) offsets, in their order: the block first,
# then the diagonal ("grow-diag").
_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def symmetrize(
    forward: Alignment, reverse: Alignment, method: str = "grow-diag-final-and"
) -> Alignment:
    """Combine the two directional alignments of one sentence pair into one.

    * ``"intersection"``: links both directions agree on — high precision.
    * ``"union"``: links either direction proposes — high recall.
    * ``"grow-diag-final-and"`` (Koehn, Och & Marcu, 2003; the Moses default, following the
      pseudo-code of the Moses manual's word-alignment training step): start from the
      intersection;
      **grow-diag** — repeatedly, for every aligned point (target words in order, then source
      words), add each of its 8 neighbours (block, then diagonal) that is in the union and
      links a word not aligned yet, until nothing is added; **final-and** — then, for the
      forward and next the reverse alignment, add every one of its links whose source *and*
      target word are both still unaligned.

    Args:
        forward: ``(source_index, target_index)`` links of one direction.
        reverse: the other direction's links, in the same ``(source, target)`` order.
        method: one of :data:`SYMMETRIZATION_METHODS`.

    Returns:
        The symmetrised links.

    Raises:
        ValueError: for an unknown method (the message lists the valid ones) or a bad link.
    """
    if method not in SYMMETRIZATION_METHODS:
        raise ValueError(
            f"unknown symmetrization {method!r}; valid: {', '.join(SYMMETRIZATION_METHODS)}"
        )
    forward, reverse = checked_links(forward, "forward"), checked_links(reverse, "reverse")
    if method == "intersection":
        return forward & reverse
    if method == "union":
        return forward | reverse
    links = set(forward & reverse)
    _grow_diag(links, forward | reverse)
    for direction in (forward, reverse):
        _final_and(links, direction)
    return frozenset(links)


def _grow_diag(links: set[Link], union: Alignment) -> None:
    """Koehn et al.'s GROW-DIAG: add union neighbours of aligned points that align a new word."""
    if not union:
        return
    sources = max(s for s, _ in union) + 1
    targets = max(t for _, t in union) + 1
    added = True
    while added:
        added = False
        for target in range(targets):  # English e outer, foreign f inner, as Koehn writes it
            for source in range(sources):
                if (source, target) not in links:
                    continue
                for dt, ds in _NEIGHBOURS:
                    new = (source + ds, target + dt)
                    if new in union and new not in links and _links_a_new_word(links, new):
                        links.add(new)
                        added = True


def _links_a_new_word(links: set[Link], link: Link) -> bool:
    """True when the link's source word or its target word is not aligned in ``links`` yet."""
    source, target = link
    return all(s != source for s, _ in links) or all(t != target for _, t in links)


def _final_and(links: set[Link], direction: Alignment) -> None:
    """Koehn et al.'s FINAL-AND: add ``direction``'s links between two still unaligned words."""
    for source, target in sorted(direction, key=lambda link: (link[1], link[0])):
        aligned_sources = {s for s, _ in links}
        aligned_targets = {t for _, t in links}
        if source not in aligned_sources and target not in aligned_targets:
            links.add((source, target))

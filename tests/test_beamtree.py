"""The beam as a tree (nmt_core/analysis/beamtree.py), on the toy reversal model."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from nmt_core.analysis.beamtree import ROOT, beam_tree
from nmt_core.checkpoint import load_checkpoint
from nmt_core.translate import translate

SENTENCE = "Ka Mo Ti Tu ."


@pytest.fixture(scope="module")
def checkpoint(toy_checkpoint):
    return load_checkpoint(toy_checkpoint)


@pytest.mark.parametrize("beam", [2, 4])
def test_the_tree_holds_the_search_that_gave_the_n_best_list(checkpoint, beam):
    tree = beam_tree(checkpoint, SENTENCE, beam)
    best = translate(checkpoint, SENTENCE, beam_size=beam).best
    assert [tree.nodes[i].piece for i in tree.best] == list(best.target_pieces)
    for node, row in zip((tree.nodes[i] for i in tree.best), best.attention, strict=True):
        np.testing.assert_allclose(node.attention, row, atol=1e-5)  # the step that proposed it
    assert tree.prefix(tree.best[-1]) == list(best.target_pieces)
    per_step = Counter((n.step, n.status) for n in tree.nodes[1:])
    for step in range(len(best.target_pieces) - 1):
        assert per_step[step, "kept"] == beam  # the beam goes on with K prefixes
        assert (
            per_step[step, "kept"] + per_step[step, "ended"] + per_step[step, "pruned"] <= 2 * beam
        )
    for node in tree.nodes[1:]:
        parent = tree.nodes[node.parent]
        assert node.parent == ROOT or (parent.status == "kept" and parent.step == node.step - 1)
        assert node.status in ("kept", "ended", "pruned")
        assert abs(node.attention.sum() - 1) < 1e-4 and len(node.topk) == 5
        assert node.status != "ended" or node.piece == "</s>"


def test_a_beam_of_one_has_no_tree(checkpoint):
    with pytest.raises(ValueError, match="at least 2"):
        beam_tree(checkpoint, SENTENCE, 1)

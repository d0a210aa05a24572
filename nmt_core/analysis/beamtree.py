"""Beam search as a tree: every candidate the search weighed, kept, ended or pruned.

Seq2Seq-Vis and NMTVis drew the beam as a tree; here each node also carries the attention row
and the top-k list of the step that proposed it, so a viewer can show why a branch was taken.
Built from ``beam_search(..., on_step=...)``, the same search the n-best list comes from.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from nmt_core.checkpoint import Checkpoint
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import BeamStep, beam_search
from nmt_core.network.config import DecodeConfig
from nmt_core.translate import prepare_source

ROOT = 0  # the node id of the empty prefix
TOP_K = DecodeConfig().top_k  # pieces listed per node


@dataclass(frozen=True)
class BeamNode:
    """A candidate: ``piece`` after its ``parent``'s prefix at decoder ``step`` (0-based).

    score: the cumulative log-probability of the prefix it ends; status: "kept" (goes on in the
    beam), "ended" (ends the sentence with </s>) or "pruned"; attention: (S,) the weights of the
    step that proposed it (None without attention); topk: that step's likeliest pieces.
    """

    id: int
    parent: int
    step: int
    piece: str
    score: float
    status: str
    attention: np.ndarray | None
    topk: tuple[tuple[str, float], ...]


@dataclass(frozen=True)
class BeamTree:
    """Every node of one sentence's beam search (``nodes[0]`` is the root, the empty prefix),
    and the node ids along the best hypothesis."""

    source_pieces: tuple[str, ...]
    nodes: tuple[BeamNode, ...]
    best: tuple[int, ...]

    def children(self, node: int) -> list[BeamNode]:
        return [n for n in self.nodes if n.parent == node and n.id != ROOT]

    def prefix(self, node: int) -> list[str]:
        """The pieces from the root to ``node``."""
        pieces = []
        while node != ROOT:
            pieces.append(self.nodes[node].piece)
            node = self.nodes[node].parent
        return pieces[::-1]


def beam_tree(checkpoint: Checkpoint, sentence: str, beam_size: int) -> BeamTree:
    """The search tree of ``sentence`` under beam search of width ``beam_size``."""
    if beam_size < 2:
        raise ValueError("a beam tree needs a beam of at least 2")
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    ids, _ = prepare_source(tokenizer, sentence)
    src, mask = pad_batch([ids], model.config.pad_id, checkpoint.device)
    root = BeamNode(ROOT, ROOT, -1, "", 0.0, "kept", None, ())
    nodes = [root]
    rows = [ROOT] * beam_size  # the node each live row of the search continues

    def record(step: BeamStep) -> None:
        nonlocal rows
        records, next_rows, ended = step.records(TOP_K), [], step.ended
        # (rows, 1, S) on the model's device: one copy to the CPU per step, not per node
        attention = None if records.attention is None else records.attention.float().cpu().numpy()
        for c in range(step.token.size(1)):
            score = float(step.score[0, c])
            if not np.isfinite(score):  # at step 0 only one beam is live
                continue
            row = int(step.origin[0, c])
            status = "ended" if ended[0, c] else "kept" if step.kept[0, c] else "pruned"
            topk = zip(
                tokenizer.pieces(records.topk_ids[row, 0].tolist()),
                records.topk_probs[row, 0].tolist(),
                strict=True,
            )
            nodes.append(
                BeamNode(
                    id=len(nodes),
                    parent=rows[row],
                    step=step.step,
                    piece=tokenizer.pieces([int(step.token[0, c])])[0],
                    score=score,
                    status=status,
                    attention=None if attention is None else attention[row, 0],
                    topk=tuple((p, float(q)) for p, q in topk),
                )
            )
            if status == "kept":
                next_rows.append(nodes[-1].id)
        rows = next_rows

    config = DecodeConfig(beam_size=beam_size)
    best = beam_search(model, src, mask, config, on_step=record)[0][0]
    tree = BeamTree(tuple(tokenizer.pieces(ids)), tuple(nodes), ())
    return BeamTree(tree.source_pieces, tree.nodes, _path(tree, tokenizer.pieces(best.tokens)))


def _path(tree: BeamTree, pieces: list[str]) -> tuple[int, ...]:
    """The node ids that spell ``pieces`` from the root, through kept nodes and a last one."""
    path, node = [], ROOT
    for piece in pieces:
        match = [n for n in tree.children(node) if n.piece == piece and n.status != "pruned"]
        if not match:
            break
        node = match[0].id
        path.append(node)
    return tuple(path)

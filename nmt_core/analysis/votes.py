"""What the lexical shortcut votes for at each step (ModelConfig.lexical; Nguyen & Chiang 2018).

A model with the shortcut scores the next piece with logits E (o_t + l_t): the decoder's
pre-output o_t plus l_t, which is built from the attended source *embeddings* alone
(``decoder.LexicalShortcut``). The logit gains E l_t are what the attended words add to each
piece's logit by themselves, before the RNN has a say: an attention lesson in one chart ("it
looks at *Hund*, and *Hund*'s embedding votes for *dog*"). (Their own softmax over the whole
vocabulary is nearly flat, so the logit gains, not probabilities, are what shows the vote.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import torch

from nmt_core.checkpoint import Checkpoint
from nmt_core.translate import Hypothesis, Translation, prepare_source


@dataclass(frozen=True)
class Votes:
    """pieces: T rows of the k pieces the shortcut favours most; logit_gains: (T, k) what it
    adds to their logits, (E l_t) for each."""

    pieces: tuple[tuple[str, ...], ...]
    logit_gains: np.ndarray

    def steps_voting_for(self, written: Sequence[str]) -> tuple[int, ...]:
        """The steps (0-based) whose piece ``written[t]`` is among the shortcut's votes there:
        where the attended words' meaning alone points at what the decoder wrote ("Hund" votes
        for "dog"). Elsewhere (an article, a suffix) the votes go to the words' other meanings
        and say little about the step. ``written``: the T pieces the votes were taken for."""
        if len(written) != len(self.pieces):
            raise ValueError(f"{len(written)} pieces written for votes of {len(self.pieces)} steps")
        return tuple(t for t, piece in enumerate(written) if piece in self.pieces[t])


def shortcut_votes(
    checkpoint: Checkpoint,
    translation: Translation,
    hypothesis: Hypothesis | None = None,
    top_k: int = 5,
) -> Votes | None:
    """The shortcut's own top-k pieces, by logit gain, at every step of ``hypothesis``
    (default: the best), from its recorded attention; None for a model without the shortcut
    or without attention."""
    model, hyp = checkpoint.model, hypothesis or translation.best
    if model.decoder.lexical is None or hyp.attention is None:
        return None
    ids, _ = prepare_source(checkpoint.tokenizer, translation.source)
    if len(ids) != hyp.attention.shape[1]:
        raise ValueError(
            f"the attention has {hyp.attention.shape[1]} source columns; the sentence has "
            f"{len(ids)} pieces: it belongs to another translation"
        )
    device = next(model.parameters()).device
    with torch.no_grad():
        embeddings = model.embedding(torch.tensor([ids], device=device))  # (1, S, E)
        weights = torch.from_numpy(hyp.attention)[None].to(device)  # (1, T, S)
        shortcut = model.decoder.lexical(weights, embeddings)  # (1, T, E)
        gains = model.logits(shortcut)[0].float()  # (T, V)
        top = gains.topk(min(top_k, gains.size(-1)), dim=-1)
    pieces = tuple(tuple(checkpoint.tokenizer.pieces(row)) for row in top.indices.tolist())
    return Votes(pieces, top.values.cpu().numpy())

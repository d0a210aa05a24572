"""The training objective: label-smoothed cross-entropy per target token."""

from __future__ import annotations

from collections.abc import Sequence

import torch
import torch.nn.functional as F

from nmt_core.decoding.batching import Example, collate, make_batches
from nmt_core.learning.guidance import alignment_loss
from nmt_core.network.model import Seq2Seq


def batch_loss(
    model: Seq2Seq,
    batch: tuple[torch.Tensor, ...],
    label_smoothing: float,
    forward: torch.nn.Module | None = None,
    guide: torch.Tensor | None = None,
    guide_weight: float = 0.0,
) -> tuple[torch.Tensor, int]:
    """Mean label-smoothed cross-entropy per target token, and the number of target tokens.
    ``forward``: what to call instead of ``model`` (its DistributedDataParallel wrapper).
    ``guide`` (B, T, S): with ``guide_weight`` > 0, that weight times the attention's
    cross-entropy against it is added (guided alignment, nmt_core/learning/guidance.py)."""
    src, src_mask, tgt_in, tgt_out = batch
    logits, out = (forward or model)(src, src_mask, tgt_in)  # (B, T, V); bf16 under autocast
    tokens = int((tgt_out != model.config.pad_id).sum())
    loss = F.cross_entropy(
        logits.float().reshape(-1, logits.size(-1)),
        tgt_out.reshape(-1),
        ignore_index=model.config.pad_id,
        label_smoothing=label_smoothing,
        reduction="sum",
    )
    mean = loss / tokens
    if guide is not None and guide_weight:
        mean = mean + guide_weight * alignment_loss(out.weights, guide)
    return mean, tokens


def mean_loss(model: Seq2Seq, examples: Sequence[Example], batch_tokens: int) -> float:
    """Cross-entropy per target token (no smoothing, no dropout) over ``examples``; leaves the
    model in training mode. Unlike dev BLEU it moves smoothly, so it shows over-fitting."""
    model.eval()
    device = next(model.parameters()).device
    total, count = 0.0, 0
    with torch.inference_mode():
        for indices in make_batches(examples, batch_tokens, seed=0):
            batch = collate(
                [examples[i] for i in indices], model.config.pad_id, model.config.bos_id, device
            )
            loss, tokens = batch_loss(model, batch, label_smoothing=0.0)
            total, count = total + float(loss) * tokens, count + tokens
    model.train()
    return total / max(count, 1)

"""Is attention an explanation? Attributions of one written piece to the source, beside α.

For the piece y_t that a translation writes at step t, each method says how much every source
piece mattered to log p(y_t | y_<t, x). Captum computes them on the source embeddings, with the
translation's own pieces fed to the decoder (teacher forcing), so the numbers belong to exactly
the translation on screen:

* gradient × input: gradient of log p times the embedding, summed over the embedding;
* integrated gradients (Sundararajan et al. 2017): that gradient averaged along the straight
  path from all-zero embeddings (the padding embedding: "no source") to the real ones; the
  attributions then add up to log p(x) − log p(zeros), up to the integral's error;
* leave one out: how much log p drops when one piece's embedding is zeroed.

Attention is a distribution over the source; an attribution is a signed number per piece. To
put them on one scale, a piece's *relevance* is |attribution| / Σ|attribution|; relevance rows
merge into words as attention rows do (``tokenization.word_attention``). Jain & Wallace (2019)
and Wiegreffe & Pinter (2019) argue about what agreement between the two would mean; the
agreement measures below are theirs: Kendall τ between the rankings, whether the top source
word is the same, and the Jensen–Shannon divergence between the two distributions.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import torch
from torch import Tensor

from nmt_core.checkpoint import Checkpoint
from nmt_core.decoding.batching import pad_batch
from nmt_core.measures.evaluation import jensen_shannon
from nmt_core.network.model import Seq2Seq
from nmt_core.text.tokenization import BOS_ID, word_weights
from nmt_core.translate import Hypothesis, Translation, prepare_source

# method -> what the page calls it
METHODS = {
    "gradient_x_input": "gradient × input",
    "integrated_gradients": "integrated gradients",
    "leave_one_out": "leave one out",
}
IG_STEPS = 16  # Gauss–Legendre points; bench/attribution.py reports the integral's error


def _step_log_probs(
    model: Seq2Seq, src_mask: Tensor, tgt_in: Tensor, steps: Tensor, targets: Tensor
) -> Callable[[Tensor], Tensor]:
    """f(source embeddings (B, S, E)) -> (B,) log-probabilities: row r gives
    log p(targets[k] at steps[k]) with k = r mod len(steps). Every row reads the same mask
    (1, S) and decoder input (1, T).

    Captum stacks a method's inputs as whole copies of the batch (one per integration point or
    per ablated piece), so a batch of len(steps) copies of the sentence, row k for step k,
    gives every step's attributions in one pass instead of one pass per step.
    """
    last = int(steps.max()) + 1

    def log_prob(src_embeddings: Tensor) -> Tensor:
        batch = src_embeddings.shape[0]
        mask = src_mask.expand(batch, -1)
        memory = model.memory_of(src_embeddings, mask)
        embedded = model.embedding(tgt_in[:, :last]).expand(batch, -1, -1)
        out = model.decoder(embedded, model.decoder.init_state(memory), memory)
        rows = torch.arange(batch, device=src_embeddings.device)
        k = rows % len(steps)
        logits = model.logits(out.outputs[rows, steps[k]])  # (B, V)
        return torch.log_softmax(logits, dim=-1)[rows, targets[k]]

    return log_prob


def _captum_attributions(
    method: str, log_prob: Callable[[Tensor], Tensor], embeddings: Tensor, ig_steps: int
) -> Tensor:
    """(K, S) signed attribution per source piece for each of K rows. embeddings: (K, S, E)."""
    from captum.attr import FeatureAblation, InputXGradient, IntegratedGradients  # slow import

    if method == "gradient_x_input":
        return InputXGradient(log_prob).attribute(embeddings).sum(dim=-1)
    if method == "integrated_gradients":
        ig = IntegratedGradients(log_prob)
        return ig.attribute(embeddings, n_steps=ig_steps).sum(dim=-1)
    if method == "leave_one_out":
        size = embeddings.shape[1]
        pieces = torch.arange(size, device=embeddings.device)[None, :, None]  # one feature each
        ablation = FeatureAblation(log_prob).attribute(
            embeddings, baselines=0.0, feature_mask=pieces, perturbations_per_eval=size
        )
        return ablation[:, :, 0]  # every dimension of a piece carries the piece's whole drop
    raise ValueError(f"unknown attribution method {method!r}; valid: {', '.join(METHODS)}")


def attribute(
    checkpoint: Checkpoint,
    translation: Translation,
    method: str,
    steps: list[int] | None = None,
    ig_steps: int = IG_STEPS,
    hypothesis: Hypothesis | None = None,
) -> np.ndarray:
    """(len(steps), S) signed attributions of ``hypothesis``' pieces (default: the best; or
    ``translation.reference``) at ``steps`` (0-based; default every step) to the S source pieces
    ("</s>" included, as in the attention).

    Raises ValueError for an unknown method or a step outside the translation.
    """
    hyp = hypothesis or translation.best
    steps = list(range(len(hyp.target_pieces))) if steps is None else steps
    if any(not 0 <= t < len(hyp.target_pieces) for t in steps):
        raise ValueError(f"steps must lie in 0..{len(hyp.target_pieces) - 1}; got {steps}")
    if method not in METHODS:
        raise ValueError(f"unknown attribution method {method!r}; valid: {', '.join(METHODS)}")
    model = checkpoint.model
    src, mask, targets, tgt_in = _teacher_forcing(checkpoint, translation.source, hyp)
    at = torch.tensor(steps, device=src.device)
    wanted = torch.tensor(targets, device=src.device)[at]
    log_prob = _step_log_probs(model, mask, tgt_in, at, wanted)
    # cuDNN runs an RNN backward only in training mode; the plain kernels have no such rule.
    with torch.inference_mode(False), torch.enable_grad(), torch.backends.cudnn.flags(False):
        embeddings = model.embedding(src).detach().expand(len(steps), -1, -1).contiguous()
        embeddings.requires_grad_()
        rows = _captum_attributions(method, log_prob, embeddings, ig_steps)
    return rows.detach().float().cpu().numpy()


def _teacher_forcing(
    checkpoint: Checkpoint, source: str, hyp: Hypothesis
) -> tuple[Tensor, Tensor, list[int], Tensor]:
    """Source ids (1, S) and mask, the hypothesis' target ids, and the decoder input (1, T)."""
    ids, _ = prepare_source(checkpoint.tokenizer, source)
    src, mask = pad_batch([ids], checkpoint.model.config.pad_id, checkpoint.device)
    targets = checkpoint.tokenizer.ids(list(hyp.target_pieces))
    tgt_in = torch.tensor([[BOS_ID, *targets[:-1]]], device=checkpoint.device)
    return src, mask, targets, tgt_in


@torch.inference_mode()
def completeness_error(
    checkpoint: Checkpoint,
    translation: Translation,
    rows: np.ndarray,
    hypothesis: Hypothesis | None = None,
) -> np.ndarray:
    """(T,) |Σ_j IG_tj − (log p(y_t | x) − log p(y_t | zeros))| relative to that change, for
    integrated-gradients rows (T, S) of every step of ``hypothesis`` (default: the best):
    how far the integral's finite sum is from the exact total it must reach."""
    hyp = hypothesis or translation.best
    src, mask, targets, tgt_in = _teacher_forcing(checkpoint, translation.source, hyp)
    steps = torch.arange(len(targets), device=src.device)
    log_prob = _step_log_probs(
        checkpoint.model, mask, tgt_in, steps, torch.tensor(targets, device=src.device)
    )
    embeddings = checkpoint.model.embedding(src).expand(len(targets), -1, -1)
    with torch.backends.cudnn.flags(enabled=False):  # attribute()'s kernels: cuDNN's RNN may TF32
        change = (log_prob(embeddings) - log_prob(torch.zeros_like(embeddings))).cpu().numpy()
    return np.abs(np.asarray(rows).sum(axis=1) - change) / np.maximum(np.abs(change), 1e-6)


def relevance(attributions: np.ndarray) -> np.ndarray:
    """|attributions| scaled so that each row sums to 1 (an all-zero row stays uniform).
    attributions: (..., S) -> (..., S) on the attention's scale."""
    size = np.abs(np.asarray(attributions, dtype=np.float64))
    total = size.sum(axis=-1, keepdims=True)
    uniform = np.full_like(size, 1.0 / size.shape[-1])
    return np.divide(size, total, out=uniform, where=total > 0)


def by_source_word(rows: np.ndarray, source_pieces: tuple[str, ...]) -> np.ndarray:
    """(T, S pieces) attention or relevance rows -> (T, S words): a word gets the sum of its
    pieces, as in ``tokenization.word_attention``; the steps stay pieces."""
    return np.stack([word_weights(row, source_pieces) for row in np.atleast_2d(rows)])


def kendall_tau(a: np.ndarray, b: np.ndarray) -> float:
    """Kendall's τ-b between two score vectors (ties counted as neither agreement nor not);
    0 when either vector is constant."""
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    upper = np.triu_indices(len(a), k=1)
    da, db = np.sign(a[:, None] - a[None, :])[upper], np.sign(b[:, None] - b[None, :])[upper]
    pairs = np.sqrt(np.count_nonzero(da) * np.count_nonzero(db))
    return float((da * db).sum() / pairs) if pairs else 0.0


@dataclass(frozen=True)
class Agreement:
    """How far attention and relevance agree, averaged over the steps compared: Kendall τ
    (1 = the same ranking), the share of steps whose top source token is the same, and the
    Jensen–Shannon divergence in nats (0 = the same distribution, ln 2 = disjoint ones)."""

    kendall_tau: float
    top1: float
    jensen_shannon: float
    steps: int


def agreement(attention: np.ndarray, relevance_rows: np.ndarray) -> Agreement:
    """Agreement of attention rows (T, S) with relevance rows (T, S), both summing to 1."""
    attention, relevance_rows = np.atleast_2d(attention), np.atleast_2d(relevance_rows)
    if attention.shape != relevance_rows.shape:
        raise ValueError(f"attention {attention.shape} and relevance {relevance_rows.shape}")
    pairs = list(zip(attention, relevance_rows, strict=True))
    return Agreement(
        kendall_tau=float(np.mean([kendall_tau(a, r) for a, r in pairs])),
        top1=float(np.mean([a.argmax() == r.argmax() for a, r in pairs])),
        jensen_shannon=float(jensen_shannon(attention, relevance_rows).mean()),
        steps=len(pairs),
    )

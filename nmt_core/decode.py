"""Greedy search, beam search and forced decoding, each keeping the attention of every step.

All three take a padded batch of source ids and return, per sentence, :class:`SearchResult`s
whose arrays are trimmed to the sentence's real lengths: attention and raw scores are
(tgt_len, src_len), where tgt_len counts the generated tokens including EOS and src_len counts
the source tokens including their EOS. Call them on a model in eval mode.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch
from torch import Tensor

from nmt_core.config import DecodeConfig
from nmt_core.decoder import DecoderOutput, Memory, State, select_state
from nmt_core.model import Seq2Seq


@dataclass(frozen=True)
class SearchResult:
    """One hypothesis (or a forced target) for one sentence, on the CPU.

    tokens: generated ids, EOS included when the hypothesis finished (no BOS).
    log_probs: (T,) log p(y_t | y_<t, x) of each token.
    score: sum(log_probs) / T ** length_penalty.
    attention, scores: (T, S) weights and raw scores, or None for the no-attention model.
    contexts: (T, H) context vectors c_t.
    topk_ids, topk_probs: (T, k) the k most likely next tokens at each step.
    """

    tokens: list[int]
    log_probs: Tensor
    score: float
    attention: Tensor | None
    scores: Tensor | None
    contexts: Tensor
    topk_ids: Tensor
    topk_probs: Tensor


@dataclass
class _Steps:
    """Per-step records stacked along time: every tensor is (N, t, ...)."""

    tokens: Tensor
    log_probs: Tensor
    attention: Tensor | None
    scores: Tensor | None
    contexts: Tensor
    topk_ids: Tensor
    topk_probs: Tensor

    @classmethod
    def empty(cls, n: int, memory: Memory, top_k: int, with_attention: bool) -> _Steps:
        src_len, hidden = memory.values.size(1), memory.values.size(2)
        new = memory.values.new_zeros
        return cls(
            tokens=torch.zeros(n, 0, dtype=torch.long, device=memory.values.device),
            log_probs=new(n, 0),
            attention=new(n, 0, src_len) if with_attention else None,
            scores=new(n, 0, src_len) if with_attention else None,
            contexts=new(n, 0, hidden),
            topk_ids=torch.zeros(n, 0, top_k, dtype=torch.long, device=memory.values.device),
            topk_probs=new(n, 0, top_k),
        )

    @classmethod
    def concat(cls, steps: list[_Steps]) -> _Steps:
        """Join one-step records (N, 1, ...) along time, once, at the end of a greedy search."""

        def join(parts: list[Tensor | None]) -> Tensor | None:
            return None if parts[0] is None else torch.cat(parts, dim=1)  # type: ignore[arg-type]

        return cls(*(join([getattr(s, f) for s in steps]) for f in _STEP_FIELDS))

    def append(self, index: Tensor, step: _Steps) -> _Steps:
        """Keep rows ``index`` of the history and add one step (whose rows are already chosen)."""

        def join(old: Tensor | None, new: Tensor | None) -> Tensor | None:
            return None if old is None else torch.cat([old.index_select(0, index), new], dim=1)

        return _Steps(*(join(getattr(self, f), getattr(step, f)) for f in _STEP_FIELDS))

    def result(self, row: int, length: int, src_len: int, length_penalty: float) -> SearchResult:
        """Row ``row`` trimmed to ``length`` steps and ``src_len`` source tokens, on the CPU."""

        def trim(t: Tensor | None) -> Tensor | None:
            return None if t is None else t[row, :length, :src_len].float().cpu()

        log_probs = self.log_probs[row, :length].float().cpu()
        return SearchResult(
            tokens=self.tokens[row, :length].tolist(),
            log_probs=log_probs,
            score=normalised_score(float(log_probs.sum()), length, length_penalty),
            attention=trim(self.attention),
            scores=trim(self.scores),
            contexts=self.contexts[row, :length].float().cpu(),
            topk_ids=self.topk_ids[row, :length].cpu(),
            topk_probs=self.topk_probs[row, :length].float().cpu(),
        )


_STEP_FIELDS = ("tokens", "log_probs", "attention", "scores", "contexts", "topk_ids", "topk_probs")


def normalised_score(log_prob: float, length: int, length_penalty: float) -> float:
    """Length-normalised score log p / T^alpha (Wu et al. 2016 use a softer variant)."""
    return log_prob / max(length, 1) ** length_penalty


def _step(
    model: Seq2Seq, prev: Tensor, state: State, memory: Memory
) -> tuple[Tensor, DecoderOutput, State]:
    """One decoder step: (N,) previous tokens -> (N, V) log-probabilities, the output, new state."""
    out, state = model.decoder.step(model.embed(prev), state, memory)
    return torch.log_softmax(model.logits(out.outputs[:, 0]), dim=-1), out, state


def _step_record(log_probs: Tensor, out: DecoderOutput, top_k: int) -> _Steps:
    """The parts of a step's record that do not depend on which token is chosen: (N, 1, ...)."""
    top_log_probs, top_ids = log_probs.topk(min(top_k, log_probs.size(-1)), dim=-1)
    return _Steps(
        tokens=top_ids[:, :0],  # filled in by the caller
        log_probs=log_probs[:, :0],
        attention=out.weights,
        scores=out.scores,
        contexts=out.contexts,
        topk_ids=top_ids[:, None],
        topk_probs=top_log_probs.exp()[:, None],
    )


def _length_limits(src_mask: Tensor, config: DecodeConfig) -> list[int]:
    return [config.max_length(int(n)) for n in src_mask.sum(dim=1).tolist()]


@torch.inference_mode()
def greedy_search(
    model: Seq2Seq, src: Tensor, src_mask: Tensor, config: DecodeConfig = DecodeConfig()
) -> list[SearchResult]:
    """Pick the most likely token at each step, for a whole batch at once.

    Args:
        src: (B, S) source ids ending in EOS, padded; src_mask: (B, S) True on real tokens.
    Returns:
        One SearchResult per sentence.
    """
    batch = src.size(0)
    eos = model.config.eos_id
    memory = model.encode(src, src_mask)
    state = model.decoder.init_state(memory)
    limits = _length_limits(src_mask, config)
    limit_tensor = torch.tensor(limits, device=src.device)
    prev = src.new_full((batch,), model.config.bos_id)
    finished = torch.zeros(batch, dtype=torch.bool, device=src.device)
    lengths = torch.zeros(batch, dtype=torch.long, device=src.device)
    records: list[_Steps] = []
    for t in range(max(limits)):
        log_probs, out, state = _step(model, prev, state, memory)
        token = log_probs.argmax(dim=-1)
        record = _step_record(log_probs, out, config.top_k)
        record.tokens = token[:, None]
        record.log_probs = log_probs.gather(1, token[:, None])
        records.append(record)
        lengths += (~finished).long()
        finished |= (token == eos) | (limit_tensor <= t + 1)
        prev = token
        if bool(finished.all()):
            break
    steps = _Steps.concat(records)
    src_lengths = src_mask.sum(dim=1).tolist()
    return [
        steps.result(b, int(lengths[b]), src_lengths[b], config.length_penalty)
        for b in range(batch)
    ]


def _has_attention(model: Seq2Seq) -> bool:
    return model.config.scorer != "none"


@torch.inference_mode()
def beam_search(
    model: Seq2Seq, src: Tensor, src_mask: Tensor, config: DecodeConfig
) -> list[list[SearchResult]]:
    """Beam search over a whole batch: B sentences x K beams run as one (B*K) batch.

    A hypothesis ends when it emits EOS; a sentence is done when it has K finished
    hypotheses or reaches its length limit (then its live beams count as unfinished ones).
    Hypotheses are ranked by the length-normalised score.

    Returns:
        For each sentence, its ``config.n_best`` best SearchResults, best first.
    """
    batch, beam = src.size(0), config.beam_size
    eos, device = model.config.eos_id, src.device
    encoded = model.encode(src, src_mask)
    beam_rows = torch.arange(batch, device=device).repeat_interleave(beam)
    memory = encoded.select(beam_rows)
    state = model.decoder.init_state(memory)
    limits = _length_limits(src_mask, config)
    src_lengths = src_mask.sum(dim=1).tolist()
    # Only beam 0 is live at first, so the K beams do not all start with the same token.
    cumulative = torch.full((batch, beam), float("-inf"), device=device)
    cumulative[:, 0] = 0.0
    prev = src.new_full((batch * beam,), model.config.bos_id)
    steps = _Steps.empty(batch * beam, memory, config.top_k, _has_attention(model))
    finished: list[list[SearchResult]] = [[] for _ in range(batch)]
    done = [False] * batch
    for t in range(max(limits)):
        log_probs, out, state = _step(model, prev, state, memory)
        vocab = log_probs.size(-1)
        candidates = (cumulative.reshape(-1, 1) + log_probs).reshape(batch, beam * vocab)
        # 2K candidates always hold K that do not end: each beam has only one EOS.
        top_scores, top_index = candidates.topk(2 * beam, dim=1)  # (B, 2K)
        origin = top_index // vocab + torch.arange(batch, device=device)[:, None] * beam
        token = top_index % vocab
        token_log_prob = log_probs.reshape(-1)[origin * vocab + token]
        record = _step_record(log_probs, out, config.top_k)
        is_eos = token == eos

        # Finished: EOS candidates that rank within the top K.
        ends = (is_eos & (torch.arange(2 * beam, device=device) < beam)).nonzero().tolist()
        for b, rank in ends:
            if done[b]:
                continue
            finished[b].append(
                _candidate(
                    steps, record, origin[b, rank], token[b, rank], token_log_prob[b, rank]
                ).result(0, t + 1, src_lengths[b], config.length_penalty)
            )

        # Live: the first K candidates that do not end.
        live_rank = torch.cumsum((~is_eos).long(), dim=1) - 1
        keep = (~is_eos) & (live_rank < beam)
        live_origin = origin[keep].reshape(batch, beam)
        live_token = token[keep].reshape(batch, beam)
        cumulative = top_scores[keep].reshape(batch, beam)
        rows = live_origin.reshape(-1)
        record = _select(record, rows)
        record.tokens = live_token.reshape(-1, 1)
        record.log_probs = token_log_prob[keep].reshape(-1, 1)
        steps = steps.append(rows, record)
        state = select_state(state, rows)
        prev = live_token.reshape(-1)

        for b in range(batch):
            if done[b]:
                continue
            if len(finished[b]) >= beam:
                done[b] = True
            elif t + 1 >= limits[b]:  # out of length: live beams become unfinished hypotheses
                for k in range(beam):
                    finished[b].append(
                        steps.result(b * beam + k, t + 1, src_lengths[b], config.length_penalty)
                    )
                done[b] = True
        if all(done):
            break
        # Done sentences keep running (cheaply) so that the batch keeps its shape.
        cumulative = cumulative.masked_fill(
            torch.tensor(done, device=device)[:, None], float("-inf")
        )
        cumulative[torch.tensor(done, device=device), 0] = 0.0
    return [sorted(f, key=lambda r: r.score, reverse=True)[: config.n_best] for f in finished]


def _select(record: _Steps, rows: Tensor) -> _Steps:
    """Rows of a one-step record (its token fields are set afterwards)."""
    return _Steps(
        *(
            None if (t := getattr(record, f)) is None else t.index_select(0, rows)
            for f in _STEP_FIELDS
        )
    )


def _candidate(
    steps: _Steps, record: _Steps, origin: Tensor, token: Tensor, log_prob: Tensor
) -> _Steps:
    """The full history of one candidate: its origin beam's history plus this step."""
    row = origin.reshape(1)
    one = _select(record, row)
    one.tokens = token.reshape(1, 1)
    one.log_probs = log_prob.reshape(1, 1)
    return steps.append(row, one)


@torch.inference_mode()
def forced_decode(
    model: Seq2Seq, src: Tensor, src_mask: Tensor, targets: list[list[int]], top_k: int = 5
) -> list[SearchResult]:
    """Score given target sentences (ids without BOS/EOS): their attention and log-probabilities.

    The model is fed the reference prefix at every step (teacher forcing), so the attention shows
    how the model aligns a translation it did not necessarily choose.
    """
    cfg = model.config
    batch, longest = len(targets), max(len(t) for t in targets) + 1
    tgt_in = src.new_full((batch, longest), cfg.pad_id)
    tgt_out = src.new_full((batch, longest), cfg.pad_id)
    for b, ids in enumerate(targets):
        tgt_in[b, : len(ids) + 1] = torch.tensor([cfg.bos_id, *ids])
        tgt_out[b, : len(ids) + 1] = torch.tensor([*ids, cfg.eos_id])
    logits, out = model(src, src_mask, tgt_in)
    log_probs = torch.log_softmax(logits, dim=-1)  # (B, T, V)
    top_log_probs, top_ids = log_probs.topk(min(top_k, log_probs.size(-1)), dim=-1)
    steps = _Steps(
        tokens=tgt_out,
        log_probs=log_probs.gather(2, tgt_out[:, :, None])[:, :, 0],
        attention=out.weights,
        scores=out.scores,
        contexts=out.contexts,
        topk_ids=top_ids,
        topk_probs=top_log_probs.exp(),
    )
    src_lengths = src_mask.sum(dim=1).tolist()
    return [steps.result(b, len(t) + 1, src_lengths[b], 1.0) for b, t in enumerate(targets)]

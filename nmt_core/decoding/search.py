"""Greedy search, beam search and forced decoding, each keeping the attention of every step.

All three take a padded batch of source ids and return, per sentence, :class:`SearchResult`s
whose arrays are trimmed to the sentence's real lengths: attention and raw scores are
(tgt_len, src_len), where tgt_len counts the generated tokens including EOS and src_len counts
the source tokens including their EOS. Call them on a model in eval mode.

Searches for text only (BLEU, batch translation) pass ``records=False``: they then keep no
attention, contexts or top-k lists, which saves a top-k over the vocabulary and copies per step.
Sentences leave a batch as soon as they are finished, so the rest decode faster.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, replace

import torch
from torch import Tensor

from nmt_core.network.config import DecodeConfig
from nmt_core.network.decoder import DecoderOutput, Memory, State, cat_steps, select_state
from nmt_core.network.model import Seq2Seq


@dataclass(frozen=True)
class SearchResult:
    """One hypothesis (or a forced target) for one sentence, on the CPU.

    tokens: generated ids, EOS included when the hypothesis finished (no BOS).
    log_probs: (T,) log p(y_t | y_<t, x) of each token.
    score: sum(log_probs) / T ** length_penalty, plus beam search's coverage penalty when it
    has one (:func:`coverage_penalty`).
    attention, scores: (T, S) weights and raw scores, or None for the no-attention model.
    contexts: (T, H) context vectors c_t.
    topk_ids, topk_probs: (T, k) the k most likely next tokens at each step.
    The last five are None when the search ran with ``records=False``.
    """

    tokens: list[int]
    log_probs: Tensor
    score: float
    attention: Tensor | None
    scores: Tensor | None
    contexts: Tensor | None
    topk_ids: Tensor | None
    topk_probs: Tensor | None


@dataclass(frozen=True)
class _Records:
    """What the dashboard shows about each step, stacked along time: every tensor is (N, T, ...)."""

    attention: Tensor | None
    scores: Tensor | None
    contexts: Tensor
    topk_ids: Tensor
    topk_probs: Tensor

    @classmethod
    def of(cls, log_probs: Tensor, out: DecoderOutput, top_k: int) -> _Records:
        """Records of T steps from their (N, T, V) log-probabilities and decoder output."""
        top_log_probs, top_ids = log_probs.topk(min(top_k, log_probs.size(-1)), dim=-1)
        return cls(out.weights, out.scores, out.contexts, top_ids, top_log_probs.exp())

    @classmethod
    def concat(cls, steps: list[_Records]) -> _Records:
        """Join one-step records (N, 1, ...) along time, once, at the end of a search."""
        return cls(*(cat_steps([getattr(s, f) for s in steps]) for f in _RECORD_FIELDS))

    def spread(self, ids: Tensor, n: int) -> _Records:
        """This step's records placed at rows ``ids`` of n rows (see ``_spread``)."""
        if ids.numel() == n:
            return self
        return _Records(*(_spread(getattr(self, f), ids, n) for f in _RECORD_FIELDS))

    def trace(self, rows: Tensor) -> _Records:
        """The records along a path that was in row ``rows[t]`` at step t: (1, T, ...)."""
        steps = torch.arange(rows.numel(), device=rows.device)
        return _Records(
            *(
                None if (t := getattr(self, f)) is None else t[rows, steps][None]
                for f in _RECORD_FIELDS
            )
        )

    def trim(self, row: int, length: int, src_len: int) -> dict[str, Tensor | None]:
        """Row ``row``, cut to ``length`` steps and ``src_len`` source tokens, on the CPU."""

        def cut(t: Tensor | None, last: int | None) -> Tensor | None:
            return None if t is None else t[row, :length, :last].float().cpu()

        return {
            "attention": cut(self.attention, src_len),
            "scores": cut(self.scores, src_len),
            "contexts": cut(self.contexts, None),
            "topk_ids": self.topk_ids[row, :length].cpu(),
            "topk_probs": cut(self.topk_probs, None),
        }


_RECORD_FIELDS = tuple(f.name for f in dataclasses.fields(_Records))
_NO_RECORDS = dict.fromkeys(_RECORD_FIELDS)


def _spread(t: Tensor | None, ids: Tensor, n: int) -> Tensor | None:
    """(M, ...) rows placed at rows ``ids`` of an (n, ...) tensor, zeros elsewhere: once finished
    sentences have left the batch, a step's values still line up with the first step's rows."""
    if t is None or ids.numel() == n:  # no row has left: ids is arange(n)
        return t
    return t.new_zeros(n, *t.shape[1:]).index_copy_(0, ids, t)


def normalised_score(log_prob: float, length: int, length_penalty: float) -> float:
    """Length-normalised score log p / T^alpha (Wu et al. 2016 use a softer variant)."""
    return log_prob / max(length, 1) ** length_penalty


# The least coverage counted: a softmax weight can underflow to 0 in float32, and log 0 would
# make one unattended token outweigh every other difference between hypotheses.
COVERAGE_FLOOR = 1e-6


def coverage_penalty(coverage: Tensor, beta: float) -> float:
    """GNMT's coverage penalty (Wu et al. 2016): beta * sum_j log min(coverage_j, 1).

    ``coverage`` (S,) is each real source token's attention summed over a hypothesis' steps.
    The penalty is 0 when every token got a total weight of at least 1 and more negative the
    less some token was looked at, so that beam search prefers a translation that leaves no
    source word out. Floored at COVERAGE_FLOOR per token.
    """
    return beta * float(coverage.clamp(min=COVERAGE_FLOOR, max=1.0).log().sum())


def _result(
    tokens: list[int],
    log_probs: Tensor,
    records: dict[str, Tensor | None],
    length_penalty: float,
    penalty: float = 0.0,
) -> SearchResult:
    """A SearchResult from a hypothesis' tokens, its (T,) log-probabilities and trimmed records;
    ``penalty`` is added to its length-normalised score (beam search's coverage penalty)."""
    log_probs = log_probs.float().cpu()
    score = normalised_score(float(log_probs.sum()), len(tokens), length_penalty) + penalty
    return SearchResult(tokens=tokens, log_probs=log_probs, score=score, **records)


def _step(
    model: Seq2Seq, prev: Tensor, state: State, memory: Memory
) -> tuple[Tensor, DecoderOutput, State]:
    """One decoder step: (N,) previous tokens -> (N, V) log-probabilities, the output, new state."""
    out, state = model.decoder.step(model.embed(prev), state, memory)
    return torch.log_softmax(model.logits(out.outputs[:, 0]), dim=-1), out, state


def _length_limits(src_mask: Tensor, config: DecodeConfig) -> list[int]:
    return [config.max_length(int(n)) for n in src_mask.sum(dim=1).tolist()]


def _hypothesis_length(tokens: list[int], eos: int, limit: int) -> int:
    """Steps up to and including the first EOS, at most ``limit``."""
    return min(tokens.index(eos) + 1 if eos in tokens else len(tokens), limit)


@dataclass(frozen=True)
class _Paths:
    """Hypothesis histories, one per row: (N, t) tokens, their log-probabilities and, when records
    are kept, the full-batch row each hypothesis occupied at every step (to gather its records);
    ``coverage`` (N, S), when the search has a coverage penalty, each source token's attention
    summed over the hypothesis' steps."""

    tokens: Tensor
    log_probs: Tensor
    rows: Tensor | None
    coverage: Tensor | None = None

    @classmethod
    def empty(
        cls, n: int, records: bool, device: torch.device, source_length: int | None = None
    ) -> _Paths:
        """N empty histories; ``source_length`` S keeps a coverage of that many tokens."""
        ids = torch.zeros(n, 0, dtype=torch.long, device=device)
        coverage = None if source_length is None else torch.zeros(n, source_length, device=device)
        return cls(ids, torch.zeros(n, 0, device=device), ids if records else None, coverage)

    def extend(
        self,
        origin: Tensor,
        token: Tensor,
        log_prob: Tensor,
        ids: Tensor,
        weights: Tensor | None = None,
    ) -> _Paths:
        """Histories of rows ``origin`` (M,), each followed by one more (M,) token; ``ids`` (N,)
        gives each current row's place in the full batch; ``weights`` (N, S) is the step's
        attention in every current row, which the coverage of the rows extended adds."""

        def grow(old: Tensor, new: Tensor) -> Tensor:
            return torch.cat([old.index_select(0, origin), new[:, None]], dim=1)

        rows = None if self.rows is None else grow(self.rows, ids[origin])
        coverage = None
        if self.coverage is not None and weights is not None:
            coverage = (self.coverage + weights.float()).index_select(0, origin)
        return _Paths(grow(self.tokens, token), grow(self.log_probs, log_prob), rows, coverage)

    def select(self, index: Tensor) -> _Paths:
        def rows_of(t: Tensor | None) -> Tensor | None:
            return None if t is None else t.index_select(0, index)

        return _Paths(
            self.tokens.index_select(0, index),
            self.log_probs.index_select(0, index),
            rows_of(self.rows),
            rows_of(self.coverage),
        )


@dataclass(frozen=True)
class _Ended:
    """A finished hypothesis: row ``row`` of ``paths``, ranked by its length-normalised score
    plus its coverage ``penalty`` (0 without one)."""

    score: float
    paths: _Paths
    row: int
    penalty: float

    @classmethod
    def of(cls, paths: _Paths, row: int, src_len: int, config: DecodeConfig) -> _Ended:
        log_prob = float(paths.log_probs[row].sum())  # as _result sums it: the same float
        penalty = 0.0
        if paths.coverage is not None:
            penalty = coverage_penalty(paths.coverage[row, :src_len], config.coverage_penalty)
        score = normalised_score(log_prob, paths.tokens.size(1), config.length_penalty) + penalty
        return cls(score, paths, row, penalty)

    def result(self, history: _Records | None, src_len: int, length_penalty: float) -> SearchResult:
        """The SearchResult, its records gathered from the search's full-batch ``history``."""
        trimmed = _NO_RECORDS
        if history is not None and self.paths.rows is not None:
            path = history.trace(self.paths.rows[self.row])
            trimmed = path.trim(0, self.paths.rows.size(1), src_len)
        tokens = self.paths.tokens[self.row].tolist()
        log_probs = self.paths.log_probs[self.row]
        return _result(tokens, log_probs, trimmed, length_penalty, self.penalty)


def _keep(
    index: Tensor, memory: Memory, state: State, *rows: Tensor
) -> tuple[Memory, State, *tuple[Tensor, ...]]:
    """Rows ``index`` of the memory, the state and each (N, ...) tensor a search carries per row:
    how finished sentences leave the batch. A step costs about linearly in its rows, and waiting
    to drop several at once (fewer memory copies) measured no faster (bench/core_speed.py)."""
    return memory.select(index), select_state(state, index), *(t[index] for t in rows)


@torch.inference_mode()
def greedy_search(
    model: Seq2Seq,
    src: Tensor,
    src_mask: Tensor,
    config: DecodeConfig = DecodeConfig(),
    *,
    records: bool = True,
) -> list[SearchResult]:
    """Pick the most likely token at each step, for a whole batch at once.

    A sentence ends at EOS or at its length limit, and then leaves the batch.

    Args:
        src: (B, S) source ids ending in EOS, padded; src_mask: (B, S) True on real tokens.
        records: keep attention, contexts and top-k lists (False: tokens and scores only).
    Returns:
        One SearchResult per sentence.
    """
    batch, eos, device = src.size(0), model.config.eos_id, src.device
    memory = model.encode(src, src_mask)
    state = model.decoder.init_state(memory)
    limits = _length_limits(src_mask, config)
    ids = torch.arange(batch, device=device)  # (N,) the sentence of each row still decoding
    limit_tensor = torch.tensor(limits, device=device)  # (N,)
    prev = src.new_full((batch,), model.config.bos_id)
    tokens: list[Tensor] = []  # per step (B,), by sentence; lengths are found after the loop
    log_probs: list[Tensor] = []
    steps: list[_Records] = []
    for t in range(max(limits)):
        step_log_probs, out, state = _step(model, prev, state, memory)
        best, prev = step_log_probs.max(dim=-1)  # max is cheaper than argmax and gives both
        tokens.append(_spread(prev, ids, batch))
        log_probs.append(_spread(best, ids, batch))
        if records:
            steps.append(_Records.of(step_log_probs[:, None], out, config.top_k).spread(ids, batch))
        ends = (prev == eos) | (limit_tensor <= t + 1)
        if not bool(ends.any()):  # the one host sync of most steps
            continue
        if bool(ends.all()):
            break
        keep = (~ends).nonzero()[:, 0]
        memory, state, prev, ids, limit_tensor = _keep(keep, memory, state, prev, ids, limit_tensor)
    token_lists = torch.stack(tokens, dim=1).tolist()  # (B, T)
    log_prob_rows = torch.stack(log_probs, dim=1)
    history = _Records.concat(steps) if records else None
    src_lengths = src_mask.sum(dim=1).tolist()
    results = []
    for b in range(batch):
        length = _hypothesis_length(token_lists[b], eos, limits[b])
        trimmed = history.trim(b, length, src_lengths[b]) if history else _NO_RECORDS
        results.append(
            _result(
                token_lists[b][:length], log_prob_rows[b, :length], trimmed, config.length_penalty
            )
        )
    return results


@dataclass(frozen=True)
class BeamStep:
    """One beam-search step's 2K best candidates for each of the G sentences still searching.

    sentences: the sentence of each group; origin: (G, 2K) the row (of the G*K live rows,
    group-major) each candidate extends; token, score: (G, 2K) its piece and cumulative
    log-probability; kept: (G, 2K) it goes on in the beam; eos: (G, 2K) its piece is </s>;
    log_probs, out: what the step computed for each live row.
    """

    step: int
    sentences: list[int]
    origin: Tensor
    token: Tensor
    score: Tensor
    kept: Tensor
    eos: Tensor
    log_probs: Tensor
    out: DecoderOutput

    @property
    def ended(self) -> Tensor:
        """(G, 2K): the candidate ends its sentence (</s> among the top K)."""
        ranks = torch.arange(self.eos.size(1), device=self.eos.device)
        return self.eos & (ranks < self.eos.size(1) // 2)

    def records(self, top_k: int) -> _Records:
        """Each live row's attention, scores and top-k list, (G*K, 1, ...)."""
        return _Records.of(self.log_probs[:, None], self.out, top_k)


def _groups_left(
    t: int,
    sentences: list[int],
    finished: list[list[_Ended]],
    paths: _Paths,
    lengths: tuple[list[int], list[int]],
    config: DecodeConfig,
) -> list[int]:
    """The groups whose sentence still searches after step ``t``. A sentence is done with K
    finished hypotheses, or at its length limit: its live beams are then added to ``finished``
    as unfinished ones. ``lengths``: each sentence's output limit and source length."""
    limits, src_lengths = lengths
    beam, kept = config.beam_size, []
    for group, b in enumerate(sentences):
        if len(finished[b]) >= beam:
            continue
        if t + 1 >= limits[b]:  # out of length: live beams become unfinished hypotheses
            rows = range(group * beam, group * beam + beam)
            finished[b] += [_Ended.of(paths, row, src_lengths[b], config) for row in rows]
            continue
        kept.append(group)
    return kept


@torch.inference_mode()
def beam_search(
    model: Seq2Seq,
    src: Tensor,
    src_mask: Tensor,
    config: DecodeConfig,
    *,
    records: bool = True,
    on_step: Callable[[BeamStep], None] | None = None,
) -> list[list[SearchResult]]:
    """Beam search over a whole batch: B sentences x K beams run as one (B*K) batch.

    A hypothesis ends when it emits EOS; a sentence is done when it has K finished
    hypotheses or reaches its length limit (then its live beams count as unfinished ones), and
    then leaves the batch. Hypotheses are ranked by the length-normalised score. Each step's
    records are kept by row and each hypothesis remembers its rows (back-pointers), so records
    are gathered once, for the n-best only. With ``config.coverage_penalty`` (beta > 0) each
    hypothesis also sums its attention per source token, and finished hypotheses are ranked by
    the length-normalised score plus :func:`coverage_penalty`.

    Args:
        records: keep attention, contexts and top-k lists (False: tokens and scores only).
        on_step: called with each step's candidates (:class:`BeamStep`;
        ``nmt_core.analysis.beamtree``).
    Returns:
        For each sentence, its ``config.n_best`` best SearchResults, best first.
    """
    batch, beam = src.size(0), config.beam_size
    eos, device = model.config.eos_id, src.device
    covers = config.coverage_penalty > 0
    if covers and not model.decoder.attention.attends:
        raise ValueError("a coverage penalty needs attention: this model has none")
    encoded = model.encode(src, src_mask)
    memory = encoded.select(torch.arange(batch, device=device).repeat_interleave(beam))
    state = model.decoder.init_state(memory)
    limits = _length_limits(src_mask, config)
    # Only beam 0 is live at first, so the K beams do not all start with the same token.
    cumulative = torch.full((batch, beam), float("-inf"), device=device)  # (G, K)
    cumulative[:, 0] = 0.0
    sentences = list(range(batch))  # the G sentences left: rows g*K .. g*K+K-1 are sentences[g]
    ids = torch.arange(batch * beam, device=device)  # (G*K,) each row's place in the full batch
    prev = src.new_full((batch * beam,), model.config.bos_id)
    paths = _Paths.empty(batch * beam, records, device, src.size(1) if covers else None)
    src_lengths = src_mask.sum(dim=1).tolist()
    steps: list[_Records] = []
    finished: list[list[_Ended]] = [[] for _ in range(batch)]
    for t in range(max(limits)):
        groups = len(sentences)
        log_probs, out, state = _step(model, prev, state, memory)
        if records:
            step = _Records.of(log_probs[:, None], out, config.top_k)
            steps.append(step.spread(ids, batch * beam))
        vocab = log_probs.size(-1)
        candidates = (cumulative.reshape(-1, 1) + log_probs).reshape(groups, beam * vocab)
        # 2K candidates always hold K that do not end: each beam has only one EOS.
        top_scores, top_index = candidates.topk(2 * beam, dim=1)  # (G, 2K)
        origin = top_index // vocab + torch.arange(groups, device=device)[:, None] * beam
        token = top_index % vocab
        token_log_prob = log_probs.reshape(-1)[origin * vocab + token]
        is_eos = token == eos
        weights = out.weights[:, 0] if covers else None  # (G*K, S)
        # Finished: EOS candidates that rank within the top K.
        ends = is_eos[:, :beam].nonzero()  # (E, 2): group, rank
        if len(ends):
            g, rank = ends[:, 0], ends[:, 1]
            ended = paths.extend(
                origin[g, rank], token[g, rank], token_log_prob[g, rank], ids, weights
            )
            for i, group in enumerate(g.tolist()):
                b = sentences[group]
                finished[b].append(_Ended.of(ended, i, src_lengths[b], config))
        # Live: the first K candidates that do not end.
        live_rank = torch.cumsum((~is_eos).long(), dim=1) - 1
        keep = (~is_eos) & (live_rank < beam)
        if on_step is not None:
            on_step(BeamStep(t, sentences, origin, token, top_scores, keep, is_eos, log_probs, out))
        rows = origin[keep]  # (G*K,) group-major, as the batch is laid out
        cumulative = top_scores[keep].reshape(groups, beam)
        prev = token[keep]
        paths = paths.extend(rows, prev, token_log_prob[keep], ids, weights)
        state = select_state(state, rows)
        # Done sentences leave the batch.
        kept = _groups_left(t, sentences, finished, paths, (limits, src_lengths), config)
        if not kept:
            break
        if len(kept) < groups:
            index = torch.tensor(kept, device=device)
            cumulative, sentences = cumulative[index], [sentences[g] for g in kept]
            index = (index[:, None] * beam + torch.arange(beam, device=device)).reshape(-1)
            memory, state, prev, ids = _keep(index, memory, state, prev, ids)
            paths = paths.select(index)
    history = _Records.concat(steps) if records else None  # (B*K, T, ...) by row, not by beam
    return [
        [
            e.result(history, src_lengths[b], config.length_penalty)
            for e in sorted(f, key=lambda e: e.score, reverse=True)[: config.n_best]
        ]
        for b, f in enumerate(finished)
    ]


@torch.inference_mode()
def decode_what_if(
    model: Seq2Seq,
    src: Tensor,
    src_mask: Tensor,
    prefix: list[int],
    *,
    token: int | None = None,
    weights: Tensor | None = None,
    config: DecodeConfig = DecodeConfig(),
) -> SearchResult:
    """Greedy decoding of one sentence that writes ``prefix`` first, then at step
    ``len(prefix)`` writes ``token`` (if given) and/or attends with ``weights`` (S,) instead of
    the scorer's softmax, then goes on greedily to EOS or the length limit.

    With neither ``token`` nor ``weights`` and the greedy output's own prefix, this is greedy
    search. src: (1, S) source ids ending in EOS; src_mask: (1, S).
    """
    eos, step = model.config.eos_id, len(prefix)
    memory = model.encode(src, src_mask)
    state = model.decoder.init_state(memory)
    limit = max(_length_limits(src_mask, config)[0], step + 1)
    prev = src.new_full((1,), model.config.bos_id)
    tokens: list[int] = []
    log_probs: list[Tensor] = []
    steps: list[_Records] = []
    for t in range(limit):
        changed = weights is not None and t == step
        here = replace(memory, weights=weights[None]) if changed else memory  # type: ignore[index]
        step_log_probs, out, state = _step(model, prev, state, here)
        if t < step:
            prev = src.new_tensor([prefix[t]])
        elif t == step and token is not None:
            prev = src.new_tensor([token])
        else:
            prev = step_log_probs.argmax(dim=-1)
        tokens.append(int(prev))
        log_probs.append(step_log_probs[0, prev])
        steps.append(_Records.of(step_log_probs[:, None], out, config.top_k))
        if tokens[-1] == eos and t >= step:
            break
    history = _Records.concat(steps)
    trimmed = history.trim(0, len(tokens), int(src_mask.sum()))
    return _result(tokens, torch.cat(log_probs), trimmed, config.length_penalty)


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
    records = _Records.of(log_probs, out, top_k)
    token_log_probs = log_probs.gather(2, tgt_out[:, :, None])[:, :, 0]  # (B, T)
    src_lengths = src_mask.sum(dim=1).tolist()
    return [
        _result(
            [*ids, cfg.eos_id],
            token_log_probs[b, : len(ids) + 1],
            records.trim(b, len(ids) + 1, src_lengths[b]),
            1.0,
        )
        for b, ids in enumerate(targets)
    ]

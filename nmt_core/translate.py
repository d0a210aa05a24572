"""Translating for callers: ``translate(checkpoint, sentence) -> Translation``.

``translate`` gives one sentence with everything needed to show how it was translated (the
dashboard and the CLI's translate command); ``translate_texts`` gives batches of plain
translations; ``forced_views`` batches of force-decoded attention (the CLI's align);
``score_pairs`` scores a model on pairs (dev while training, averaging, the CLI's evaluate), the
one place that decides how a model is put into decoding mode.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace

import numpy as np
import torch

from nmt_core.checkpoint import Checkpoint
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import (
    SearchResult,
    beam_search,
    forced_decode,
    greedy_search,
    normalised_score,
)
from nmt_core.measures.evaluation import corpus_scores
from nmt_core.network.config import DecodeConfig
from nmt_core.network.model import Seq2Seq
from nmt_core.text.data import Pair, normalize_text
from nmt_core.text.tokenization import (
    EOS_ID,
    EOS_PIECE,
    Tokenizer,
    word_attention,
    words_from_pieces,
)

MAX_SOURCE_PIECES = 200  # longer inputs are cut: decoding time and the heatmap grow with length


@dataclass(frozen=True)
class Hypothesis:
    """One target sentence and how the model produced it (T steps, S source pieces).

    attention, scores: (T, S) softmax weights and raw scores e before it; None without attention.
    contexts: (T, H) the context vector given to the decoder at each step.
    log_probs: (T,) log-probability of each target piece; topk_*: (T, k) the likeliest next pieces.
    """

    target_pieces: tuple[str, ...]
    text: str
    score: float
    log_probs: np.ndarray
    attention: np.ndarray | None
    scores: np.ndarray | None
    contexts: np.ndarray
    topk_pieces: tuple[tuple[str, ...], ...]
    topk_probs: np.ndarray

    @property
    def target_words(self) -> list[str]:
        return words_from_pieces(self.target_pieces)


@dataclass(frozen=True)
class AttentionView:
    """An attention matrix with the labels of its axes.

    matrix: (T, S) weights; target_tokens: T row labels; source_tokens: S column labels.
    """

    matrix: np.ndarray
    source_tokens: tuple[str, ...]
    target_tokens: tuple[str, ...]

    def __post_init__(self) -> None:
        expected = (len(self.target_tokens), len(self.source_tokens))
        if self.matrix.shape != expected:
            raise ValueError(
                f"attention has shape {self.matrix.shape} but the labels need (tgt_len, src_len)"
                f" = {expected}"
            )

    @property
    def shape(self) -> tuple[int, int]:
        return self.matrix.shape  # type: ignore[return-value]

    def without_eos(self) -> AttentionView:
        """Drop the "</s>" row and column (if present): alignment files have no such token.

        The rows then may sum to less than 1; hard alignment only compares weights within a
        row, so that is fine.
        """
        rows = len(self.target_tokens) - (self.target_tokens[-1:] == (EOS_PIECE,))
        cols = len(self.source_tokens) - (self.source_tokens[-1:] == (EOS_PIECE,))
        return AttentionView(
            self.matrix[:rows, :cols], self.source_tokens[:cols], self.target_tokens[:rows]
        )


@dataclass(frozen=True)
class Translation:
    """A source sentence, its n-best hypotheses (best first) and, optionally, a forced reference.

    source_pieces end with "</s>": the model reads the end of the sentence as a token too, and
    attention may go there. The properties give the best hypothesis' fields directly.
    """

    source: str
    source_pieces: tuple[str, ...]
    hypotheses: tuple[Hypothesis, ...]
    reference: Hypothesis | None
    truncated: bool

    @property
    def best(self) -> Hypothesis:
        return self.hypotheses[0]

    @property
    def hypothesis(self) -> str:
        return self.best.text

    @property
    def target_pieces(self) -> tuple[str, ...]:
        return self.best.target_pieces

    @property
    def attention(self) -> np.ndarray | None:
        return self.best.attention

    @property
    def scores(self) -> np.ndarray | None:
        return self.best.scores

    @property
    def source_words(self) -> list[str]:
        return words_from_pieces(self.source_pieces)

    def word_attention(self, hypothesis: Hypothesis | None = None) -> np.ndarray | None:
        """(target words, source words) attention of ``hypothesis`` (default: the best)."""
        hyp = hypothesis or self.best
        if hyp.attention is None:
            return None
        return word_attention(hyp.attention, self.source_pieces, hyp.target_pieces)

    def attention_view(
        self, hypothesis: Hypothesis | None = None, word_level: bool = False
    ) -> AttentionView | None:
        """The labelled attention of ``hypothesis`` (default: the best), per piece or per word.

        Word level (``tokenization.word_attention``): a source word gets the sum of its pieces'
        weights, a target word its first piece's row. None for the model without attention.
        """
        return labelled_attention(self.source_pieces, hypothesis or self.best, word_level)


def labelled_attention(
    source_pieces: tuple[str, ...], hypothesis: Hypothesis, word_level: bool = False
) -> AttentionView | None:
    """``hypothesis``' attention over ``source_pieces`` with the labels of its axes, per piece
    or per word (:meth:`Translation.attention_view`); None for the model without attention."""
    if hypothesis.attention is None:
        return None
    if not word_level:
        return AttentionView(hypothesis.attention, source_pieces, hypothesis.target_pieces)
    matrix = word_attention(hypothesis.attention, source_pieces, hypothesis.target_pieces)
    return AttentionView(
        matrix, tuple(words_from_pieces(source_pieces)), tuple(hypothesis.target_words)
    )


def prepare_source(
    tokenizer: Tokenizer, text: str, max_pieces: int = MAX_SOURCE_PIECES
) -> tuple[list[int], bool]:
    """Source ids ending in EOS, cut to ``max_pieces`` pieces; returns (ids, truncated)."""
    ids = tokenizer.encode(text)
    return ids[:max_pieces] + [EOS_ID], len(ids) > max_pieces


def hypothesis_of(result: SearchResult, tokenizer: Tokenizer) -> Hypothesis:
    """The Hypothesis a search result spells (pieces, text) with its records as arrays."""
    assert result.contexts is not None, "translate() needs a search with records=True"

    def numpy(t: torch.Tensor | None) -> np.ndarray | None:
        return None if t is None else t.cpu().numpy()

    return Hypothesis(
        target_pieces=tuple(tokenizer.pieces(result.tokens)),
        text=tokenizer.decode(result.tokens),
        score=result.score,
        log_probs=result.log_probs.cpu().numpy(),
        attention=numpy(result.attention),
        scores=numpy(result.scores),
        contexts=result.contexts.cpu().numpy(),
        topk_pieces=tuple(tuple(tokenizer.pieces(row)) for row in result.topk_ids.tolist()),
        topk_probs=result.topk_probs.cpu().numpy(),
    )


def translate(
    checkpoint: Checkpoint,
    sentence: str,
    beam_size: int = 1,
    reference: str | None = None,
    coverage_penalty: float = 0.0,
) -> Translation:
    """Translate one sentence and keep everything needed to show how.

    Args:
        sentence: any text; it is normalised (NFC, whitespace, control characters removed)
            and cut to MAX_SOURCE_PIECES subword pieces (``Translation.truncated`` says so).
        beam_size: 1 = greedy search.
        reference: a translation to force-decode, giving its attention and log-probabilities
            (cut, like the sentence, to MAX_SOURCE_PIECES pieces).
        coverage_penalty: beta of beam search's coverage penalty (``search.coverage_penalty``;
            0: none); it needs ``beam_size`` > 1 and a model with attention.

    All beams' hypotheses are kept, best first.
    Raises:
        ValueError: the sentence is empty after normalisation; the decoding settings are out
            of range (a coverage penalty with greedy search); a coverage penalty for the model
            without attention.
    """
    text = normalize_text(sentence)
    if not text:
        raise ValueError("nothing to translate: the sentence is empty")
    config = DecodeConfig(beam_size=beam_size, n_best=beam_size, coverage_penalty=coverage_penalty)
    config.validate()
    if coverage_penalty and not checkpoint.attends:
        raise ValueError(f"{checkpoint.name} has no attention, so nothing for a coverage penalty")
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    ids, truncated = prepare_source(tokenizer, text)
    src, mask = pad_batch([ids], model.config.pad_id, checkpoint.device)
    if beam_size == 1:
        results = greedy_search(model, src, mask, config)
    else:
        results = beam_search(model, src, mask, config)[0]
    result = Translation(
        source=text,
        source_pieces=tuple(tokenizer.pieces(ids)),
        hypotheses=tuple(hypothesis_of(r, tokenizer) for r in results),
        reference=None,
        truncated=truncated,
    )
    return result if reference is None else with_reference(checkpoint, result, reference)


def with_reference(checkpoint: Checkpoint, translation: Translation, reference: str) -> Translation:
    """``translation`` (made by ``checkpoint``) with ``reference`` force-decoded into
    ``.reference``: its attention and log-probabilities. The search is not run again.

    The reference is normalised like a sentence and cut to MAX_SOURCE_PIECES pieces; one that
    is empty after normalising gives ``.reference = None``.
    """
    reference_text = normalize_text(reference)
    if not reference_text:
        return replace(translation, reference=None)
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    target = tokenizer.encode(reference_text)[:MAX_SOURCE_PIECES]
    best = translation.best
    if tuple(tokenizer.pieces([*target, EOS_ID])) == best.target_pieces:
        # The model's own output: teacher-forcing it recomputes what the search recorded on the
        # way (Compare forces both models on model A's translation); only the score's length
        # normalisation is forced decoding's own.
        score = normalised_score(float(best.log_probs.sum()), len(best.log_probs), 1.0)
        return replace(translation, reference=replace(best, score=score))
    ids, _ = prepare_source(tokenizer, translation.source)
    src, mask = pad_batch([ids], model.config.pad_id, checkpoint.device)
    forced = forced_decode(model, src, mask, [target], DecodeConfig().top_k)[0]
    return replace(translation, reference=hypothesis_of(forced, tokenizer))


@torch.inference_mode()
def forced_views(
    checkpoint: Checkpoint, pairs: Sequence[Pair], word_level: bool = False, batch_size: int = 32
) -> list[AttentionView | None]:
    """The attention of each pair's target force-decoded from its source, labelled per piece
    or per word (what word alignment reads), in order.

    No search is run: alignment needs the reference's attention alone, so pairs go through the
    model in length-sorted batches of ``batch_size``, teacher-forced. Both sides are normalised
    and cut to MAX_SOURCE_PIECES pieces, as :func:`translate` does; a pair whose target is empty
    once normalised, and every pair of a model without attention, gives None.
    """
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    sources = [prepare_source(tokenizer, normalize_text(p.source) or ".")[0] for p in pairs]
    targets = [tokenizer.encode(normalize_text(p.target))[:MAX_SOURCE_PIECES] for p in pairs]
    views: list[AttentionView | None] = [None] * len(pairs)
    order = sorted((i for i in range(len(pairs)) if targets[i]), key=lambda i: len(sources[i]))
    for start in range(0, len(order), batch_size):
        chunk = order[start : start + batch_size]
        src, mask = pad_batch([sources[i] for i in chunk], model.config.pad_id, checkpoint.device)
        forced = forced_decode(model, src, mask, [targets[i] for i in chunk], DecodeConfig().top_k)
        for i, result in zip(chunk, forced, strict=True):
            pieces = tuple(tokenizer.pieces(sources[i]))
            views[i] = labelled_attention(pieces, hypothesis_of(result, tokenizer), word_level)
    return views


@torch.inference_mode()
def encoder_annotations(checkpoint: Checkpoint, sentence: str) -> np.ndarray:
    """(S, H) encoder annotations h_j of ``sentence``, one row per source piece ("</s>"
    included, as in ``translate(...).source_pieces``): what every context vector is a weighted
    sum of."""
    text = normalize_text(sentence)
    if not text:
        raise ValueError("nothing to encode: the sentence is empty")
    model, tokenizer = checkpoint.model, checkpoint.tokenizer
    ids, _ = prepare_source(tokenizer, text)
    src, mask = pad_batch([ids], model.config.pad_id, checkpoint.device)
    return model.encode(src, mask).values[0].float().cpu().numpy()


def translate_texts(
    model: Seq2Seq,
    tokenizer: Tokenizer,
    sentences: Sequence[str],
    config: DecodeConfig = DecodeConfig(),
    batch_size: int = 64,
) -> list[str]:
    """Translate many sentences (texts only: no attention kept), in length-sorted batches.

    One output per input, in order: an input that is empty after normalisation is translated
    as "." so that scores still line up with their references.
    """
    device = next(model.parameters()).device
    sources = [prepare_source(tokenizer, normalize_text(s) or ".")[0] for s in sentences]
    order = sorted(range(len(sources)), key=lambda i: len(sources[i]))
    outputs: list[str] = [""] * len(sources)
    for start in range(0, len(order), batch_size):
        chunk = order[start : start + batch_size]
        src, mask = pad_batch([sources[i] for i in chunk], model.config.pad_id, device)
        if config.beam_size == 1:
            results = greedy_search(model, src, mask, config, records=False)
        else:
            results = [nbest[0] for nbest in beam_search(model, src, mask, config, records=False)]
        for i, result in zip(chunk, results, strict=True):
            outputs[i] = tokenizer.decode(result.tokens)
    return outputs


@dataclass(frozen=True)
class PairScores:
    """Corpus BLEU and chrF (0-100) of a model on some pairs, and its translations, in order."""

    bleu: float
    chrf: float
    hypotheses: tuple[str, ...]


def score_pairs(
    model: Seq2Seq, tokenizer: Tokenizer, pairs: Sequence[Pair], beam_size: int = 1
) -> PairScores:
    """Translate the sources of ``pairs`` and score them against the targets.

    Decodes in eval mode with the decoding layout, and leaves the model as it found it: a
    model in training mode (dev BLEU while training) goes back to training mode and layout.
    """
    with decoding(model):
        config = DecodeConfig(beam_size=beam_size)
        hypotheses = translate_texts(model, tokenizer, [p.source for p in pairs], config)
    scores = corpus_scores(hypotheses, [p.target for p in pairs])
    return PairScores(scores["bleu"], scores["chrf"], tuple(hypotheses))


@contextmanager
def decoding(model: Seq2Seq) -> Iterator[Seq2Seq]:
    """Eval mode and the decoding layout inside; a model that was training (dev BLEU, probes
    while training) goes back to training mode and layout afterwards."""
    training = model.training
    model.eval()
    model.set_decoding_layout(True)
    try:
        yield model
    finally:
        if training:
            model.set_decoding_layout(False)
            model.train()

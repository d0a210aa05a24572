"""Subwords (sentencepiece) and the mapping from subword pieces back to words.

One joint German+English sentencepiece model serves both sides, so source embeddings, target
embeddings and the output layer can share one matrix. Ids are fixed: pad 0, unk 1, bos 2, eos 3.

Pieces to words: a piece that starts with "▁" (U+2581) starts a new word; every other piece
continues the word before it, so "Hund." is one word made of "▁Hund" and ".". The end-of-sentence
token "</s>" is a word of its own. To show attention per word (:func:`word_attention`), the
weights of a word's *source* pieces are summed (the word receives all the attention its pieces
received), and a *target* word takes the row of its first piece: the step that chose the word
(its other pieces spell it out, while the attention may already move on to the next source
word). Every row of the word-level matrix still sums to 1.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import sentencepiece as spm

PAD_ID, UNK_ID, BOS_ID, EOS_ID = 0, 1, 2, 3
WORD_START = "\u2581"
EOS_PIECE = "</s>"


class Tokenizer:
    """A sentencepiece model held in memory (no path needed once loaded)."""

    def __init__(self, model_proto: bytes) -> None:
        self.model_proto = model_proto
        self._sp = spm.SentencePieceProcessor()
        self._sp.LoadFromSerializedProto(model_proto)
        if (self._sp.pad_id(), self._sp.unk_id(), self._sp.bos_id(), self._sp.eos_id()) != (
            PAD_ID,
            UNK_ID,
            BOS_ID,
            EOS_ID,
        ):
            raise ValueError("sentencepiece model must use pad=0, unk=1, bos=2, eos=3")

    @classmethod
    def load(cls, path: str | Path) -> Tokenizer:
        return cls(Path(path).read_bytes())

    def save(self, path: str | Path) -> None:
        Path(path).write_bytes(self.model_proto)

    @property
    def vocab_size(self) -> int:
        return self._sp.get_piece_size()

    def encode(self, text: str) -> list[int]:
        """Subword ids of ``text`` without BOS/EOS."""
        return self._sp.encode(text, out_type=int)

    def encode_batch(self, texts: Sequence[str]) -> list[list[int]]:
        return self._sp.encode(list(texts), out_type=int)

    def sample_batch(self, texts: Sequence[str], alpha: float, seed: int) -> list[list[int]]:
        """One segmentation per text drawn from the unigram model's distribution over all of
        them, p(x) ** alpha normalised (subword regularisation, Kudo 2018); the ids still decode
        to the text. ``seed`` fixes the draws within one process only: sentencepiece's generator
        is per thread and another process draws other segmentations with the same seed (seen
        here; google/sentencepiece#540, #635), so an epoch resumed mid-way is resegmented afresh."""
        spm.set_random_generator_seed(seed)
        return self._sp.encode(
            list(texts),
            out_type=int,
            enable_sampling=True,
            alpha=alpha,
            nbest_size=-1,
            num_threads=1,
        )

    def decode(self, ids: Iterable[int]) -> str:
        """Detokenised text; special ids are dropped."""
        return self._sp.decode([i for i in ids if i > EOS_ID])

    def pieces(self, ids: Iterable[int]) -> list[str]:
        return [self._sp.id_to_piece(int(i)) for i in ids]

    def ids(self, pieces: Iterable[str]) -> list[int]:
        """The id of each piece; a piece not in the vocabulary is an error, not <unk>."""
        ids = [self._sp.piece_to_id(piece) for piece in pieces]
        unknown = [p for p, i in zip(pieces, ids, strict=True) if i == UNK_ID and p != "<unk>"]
        if unknown:
            raise ValueError(f"not in the vocabulary: {', '.join(map(repr, unknown))}")
        return ids


def train_tokenizer(
    sentences: Iterable[str], vocab_size: int, model_type: str = "unigram"
) -> Tokenizer:
    """Train a sentencepiece model on ``sentences`` (both languages for a joint vocabulary)."""
    model = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(sentences),
        model_writer=model,
        vocab_size=vocab_size,
        model_type=model_type,
        character_coverage=1.0,  # German umlauts and ß must never become <unk>
        pad_id=PAD_ID,
        unk_id=UNK_ID,
        bos_id=BOS_ID,
        eos_id=EOS_ID,
        hard_vocab_limit=False,  # tiny test corpora may not support the full size
        input_sentence_size=2_000_000,  # more than we have: no sampling, so deterministic
        num_threads=2,
        minloglevel=2,
    )
    return Tokenizer(model.getvalue())


def word_groups(pieces: Sequence[str]) -> list[list[int]]:
    """Group piece positions into words: ``["▁Der", "▁Hund", ".", "</s>"]`` -> [[0], [1, 2], [3]].

    A piece that starts with "▁" starts a word; "</s>" is always a word of its own.
    """
    groups: list[list[int]] = []
    for position, piece in enumerate(pieces):
        after_eos = bool(groups) and pieces[groups[-1][0]] == EOS_PIECE
        if not groups or after_eos or piece.startswith(WORD_START) or piece == EOS_PIECE:
            groups.append([position])
        else:
            groups[-1].append(position)
    return groups


def words_from_pieces(pieces: Sequence[str]) -> list[str]:
    """The word each group of pieces spells, without the "▁" marker."""
    return [
        "".join(pieces[i] for i in group).replace(WORD_START, "") for group in word_groups(pieces)
    ]


def word_weights(weights: np.ndarray, source_pieces: Sequence[str]) -> np.ndarray:
    """(S words,) one step's attention per source word: the sum of its pieces' weights.
    ``weights``: (S pieces,) one row of an attention matrix."""
    weights = np.asarray(weights)
    if weights.shape != (len(source_pieces),):
        raise ValueError(f"{weights.shape} weights for {len(source_pieces)} source pieces")
    return np.array([weights[group].sum() for group in word_groups(source_pieces)])


def word_attention(
    attention: np.ndarray, source_pieces: Sequence[str], target_pieces: Sequence[str]
) -> np.ndarray:
    """Attention per word: sum over a source word's pieces, a target word's first piece's row.

    Why the first piece: on the 20 probe sentences' attention recorded during the de-en
    trainings with the conditional GRU and Luong decoders (108 evaluations of 3 runs), its
    argmax links had a lower AER than the mean of the word's rows in 87 and an equal one in 10
    (0.012-0.019 lower on average), and a lower one than linking every piece's argmax. For
    the paper's decoder, whose query has not read the previous piece, the two were level.

    Args:
        attention: (tgt_pieces, src_pieces) rows summing to 1.
    Returns:
        (tgt_words, src_words), rows still summing to 1.
    """
    if attention.shape != (len(target_pieces), len(source_pieces)):
        raise ValueError(
            f"attention shape {attention.shape} does not match "
            f"{len(target_pieces)} target x {len(source_pieces)} source pieces"
        )
    src_groups, tgt_groups = word_groups(source_pieces), word_groups(target_pieces)
    by_source_word = np.stack([attention[:, g].sum(axis=1) for g in src_groups], axis=1)
    return by_source_word[[g[0] for g in tgt_groups]]

"""The encoder–decoder: embeddings, encoder, decoder and output layer, built from a ModelConfig."""

from __future__ import annotations

import torch
import torch.nn.functional as F
from torch import Tensor, nn

from nmt_core.network.attention import build_attention
from nmt_core.network.config import ModelConfig
from nmt_core.network.decoder import (
    BahdanauDecoder,
    ConditionalDecoder,
    Decoder,
    DecoderOutput,
    LuongDecoder,
    Memory,
)
from nmt_core.network.encoder import Encoder
from nmt_core.network.scorers import DECODERS


class Seq2Seq(nn.Module):
    """An RNN encoder–decoder with one of the attention scorers (or none).

    The joint vocabulary lets source embeddings, target embeddings and the output layer share
    one matrix (Press & Wolf 2017): a third of the parameters, and better for small data.
    """

    def __init__(self, config: ModelConfig) -> None:
        super().__init__()
        config.validate()
        self.config = config
        self.embedding = nn.Embedding(
            config.vocab_size, config.embed_size, padding_idx=config.pad_id
        )
        # N(0, 1/E) rather than N(0, 1): the tied output layer then starts near uniform
        # (initial loss ~ log V instead of twice that).
        nn.init.normal_(self.embedding.weight, std=config.embed_size**-0.5)
        with torch.no_grad():
            self.embedding.weight[config.pad_id].zero_()
        self.output_layer = (
            None
            if config.tie_embeddings
            else nn.Linear(config.embed_size, config.vocab_size, bias=False)
        )
        self.dropout = nn.Dropout(config.dropout)
        self.encoder = Encoder(config.rnn_type, config.embed_size, config.hidden_size)
        self.decoder = build_decoder(config)

    def embed(self, ids: Tensor) -> Tensor:
        """(B, T) ids -> (B, T, E) embeddings, with dropout while training."""
        return self.dropout(self.embedding(ids))

    def logits(self, outputs: Tensor) -> Tensor:
        """(..., E) decoder pre-outputs -> (..., V) vocabulary logits."""
        return F.linear(outputs, self.output_matrix())

    def output_matrix(self) -> Tensor:
        """The (V, E) matrix of the output layer: the embedding itself when tied."""
        return self.embedding.weight if self.output_layer is None else self.output_layer.weight

    def set_decoding_layout(self, decoding: bool) -> None:
        """Store the output matrix column-major for decoding, row-major for training.

        Values and shape stay the same, only the order in memory changes. Decoding one sentence
        multiplies a single (1, E) row by this (V, E) matrix at every step, and the CPU's BLAS
        streams a column-major matrix faster for that product (bench/decoding_layout.py).
        Training keeps rows contiguous: its embedding lookups and gradients read and write rows.
        """
        weight = self.output_matrix()
        weight.data = weight.data.t().contiguous().t() if decoding else weight.data.contiguous()

    def encode(self, src: Tensor, src_mask: Tensor) -> Memory:
        """(B, S) source ids and mask -> the decoder's memory (keys projected once)."""
        return self.memory_of(self.embed(src), src_mask)

    def memory_of(self, embedded: Tensor, src_mask: Tensor) -> Memory:
        """(B, S, E) embedded source and (B, S) mask -> the decoder's memory (attribution
        reaches the embeddings through here)."""
        return self.decoder.memory(self.encoder(embedded, src_mask), src_mask, embedded)

    def forward(
        self, src: Tensor, src_mask: Tensor, tgt_in: Tensor
    ) -> tuple[Tensor, DecoderOutput]:
        """Teacher forcing. tgt_in (B, T) = BOS y_1 ... y_{T-1}.

        Returns:
            logits (B, T, V) for y_1 ... y_T, and the decoder output (attention (B, T, S)).
        """
        memory = self.encode(src, src_mask)
        out = self.decoder(self.embed(tgt_in), self.decoder.init_state(memory), memory)
        return self.logits(out.outputs), out


def build_decoder(config: ModelConfig) -> Decoder:
    """The decoder of ``config``'s style, around its scorer (and lexical shortcut)."""
    attention = build_attention(
        config.scorer,
        config.hidden_size,
        config.hidden_size,
        config.attention_size,
        coverage=config.coverage,
    )
    sizes = (config.rnn_type, config.embed_size, config.hidden_size, config.dropout)
    options = {"lexical": config.lexical}
    if DECODERS[config.decoder].feeds_input:  # the table says which style takes the option
        options["input_feeding"] = config.input_feeding
    return DECODER_CLASSES[config.decoder](attention, *sizes, **options)


# ModelConfig.decoder -> its class (the styles are scorers.DECODERS; tests check both agree)
DECODER_CLASSES: dict[str, type[Decoder]] = {
    "bahdanau": BahdanauDecoder,
    "conditional": ConditionalDecoder,
    "luong": LuongDecoder,
}


def build_model(config: ModelConfig) -> Seq2Seq:
    """A freshly initialised model for ``config`` (validated)."""
    return Seq2Seq(config)


def parameter_count(model: nn.Module) -> int:
    """How many numbers the model learns (tied embeddings counted once)."""
    return sum(p.numel() for p in model.parameters())

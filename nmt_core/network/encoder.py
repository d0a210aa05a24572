"""The bidirectional RNN encoder (Bahdanau et al. 2015, section 3.2)."""

from __future__ import annotations

import torch
from torch import Tensor, nn
from torch.nn.utils.rnn import pack_padded_sequence, pad_packed_sequence


def make_rnn(rnn_type: str, input_size: int, hidden_size: int, bidirectional: bool) -> nn.RNNBase:
    """A one-layer, batch-first GRU or LSTM."""
    rnn_class = {"gru": nn.GRU, "lstm": nn.LSTM}[rnn_type]
    return rnn_class(input_size, hidden_size, batch_first=True, bidirectional=bidirectional)


def sentence_summary(annotations: Tensor, mask: Tensor) -> Tensor:
    """The fixed-length sentence vector [forward h_S ; backward h_1]: each direction's final state.

    Args:
        annotations: (B, S, H) with H = 2 * per-direction size; padding after the real tokens.
        mask: (B, S) True on real tokens.
    Returns:
        (B, H)
    """
    half = annotations.size(-1) // 2
    last = mask.sum(dim=1) - 1  # (B,) position of each sentence's last real token
    forward_final = annotations[torch.arange(annotations.size(0)), last, :half]
    backward_final = annotations[:, 0, half:]  # the backward RNN finishes at position 0
    return torch.cat([forward_final, backward_final], dim=-1)


class Encoder(nn.Module):
    """Reads the embedded source both ways: h_j = [forward h_j ; backward h_j].

    Each annotation h_j summarises the whole sentence with a focus on the words around j.
    """

    def __init__(self, rnn_type: str, embed_size: int, hidden_size: int) -> None:
        super().__init__()
        if hidden_size % 2:
            raise ValueError(f"hidden_size must be even; got {hidden_size}")
        self.rnn = make_rnn(rnn_type, embed_size, hidden_size // 2, bidirectional=True)

    def forward(self, embedded: Tensor, mask: Tensor) -> Tensor:
        """Annotations of a (padded) batch.

        Args:
            embedded: (B, S, embed_size) source embeddings.
            mask: (B, S) True on real tokens; padding only at the end of a row.
        Returns:
            (B, S, hidden_size) annotations; zero on padding.
        """
        lengths = mask.sum(dim=1).cpu()
        if bool((lengths == mask.size(1)).all()):  # no padding: packing would only cost time
            annotations, _ = self.rnn(embedded)
            return annotations
        packed = pack_padded_sequence(embedded, lengths, batch_first=True, enforce_sorted=False)
        annotations, _ = self.rnn(packed)
        annotations, _ = pad_packed_sequence(
            annotations, batch_first=True, total_length=mask.size(1)
        )
        return annotations

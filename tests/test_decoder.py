"""The decoder styles (nmt_core/network/decoder.py): which state each one's attention reads."""

from __future__ import annotations

import pytest
import torch

from nmt_core.network.config import ModelConfig
from nmt_core.network.model import DECODER_CLASSES, build_model
from nmt_core.network.scorers import DECODER_STYLES


def attention_after(decoder: str, second_word: int, seed: int = 0) -> torch.Tensor:
    """The (T=3, S) teacher-forced attention of a fresh model whose target input is
    BOS, 5, ``second_word``: only the third row may depend on the second word's id."""
    torch.manual_seed(seed)
    config = ModelConfig(
        vocab_size=30, embed_size=8, hidden_size=16, attention_size=8, dropout=0.0,
        scorer="additive", decoder=decoder,
    )  # fmt: skip
    model = build_model(config).eval()
    src = torch.tensor([[7, 8, 9, 10, 3]])
    tgt_in = torch.tensor([[config.bos_id, 5, second_word]])
    with torch.no_grad():
        _, out = model(src, src > 0, tgt_in)
    return out.weights[0]


def test_the_conditional_gru_attends_after_reading_the_word_just_written():
    # Bahdanau: step t attends from s_{t-1}, which has not read y_{t-1}: the third row cannot
    # change with the second target word. Conditional GRU: s'_t = GRU_1(y_{t-1}, s_{t-1}) has.
    bahdanau = [attention_after("bahdanau", word) for word in (11, 12)]
    torch.testing.assert_close(bahdanau[0], bahdanau[1])
    conditional = [attention_after("conditional", word) for word in (11, 12)]
    torch.testing.assert_close(conditional[0][:2], conditional[1][:2])
    assert not torch.allclose(conditional[0][2], conditional[1][2])


@pytest.mark.parametrize("decoder", ["bahdanau", "luong", "conditional"])
def test_step_by_step_decoding_equals_the_teacher_forced_pass(decoder):
    torch.manual_seed(1)
    config = ModelConfig(
        vocab_size=30, embed_size=8, hidden_size=16, attention_size=8, dropout=0.0,
        scorer="additive", decoder=decoder,
    )  # fmt: skip
    model = build_model(config).eval()
    src, tgt_in = torch.tensor([[7, 8, 9, 3]]), torch.tensor([[2, 5, 6, 7]])
    with torch.no_grad():
        logits, out = model(src, src > 0, tgt_in)
        memory = model.encode(src, src > 0)
        state = model.decoder.init_state(memory)
        for t in range(tgt_in.size(1)):
            step, state = model.decoder.step(model.embed(tgt_in[:, t]), state, memory)
            torch.testing.assert_close(model.logits(step.outputs)[:, 0], logits[:, t])
            torch.testing.assert_close(step.weights[:, 0], out.weights[:, t])


def test_the_conditional_gru_needs_a_gru():
    with pytest.raises(ValueError, match="conditional GRU: it needs rnn_type 'gru'"):
        ModelConfig(decoder="conditional", rnn_type="lstm").validate()


@pytest.mark.parametrize("decoder", ["bahdanau", "conditional"])
def test_input_feeding_can_be_turned_off_only_where_there_is_some(decoder):
    # --no-input-feeding on a decoder without it would otherwise train the same model silently
    ModelConfig(scorer="general", decoder="luong", input_feeding=False).validate()
    with pytest.raises(ValueError, match=f"decoder '{decoder}' has no input feeding"):
        ModelConfig(scorer="additive", decoder=decoder, input_feeding=False).validate()


def test_every_decoder_style_of_the_table_is_built():
    assert set(DECODER_CLASSES) == set(DECODER_STYLES)
    for style in DECODER_STYLES:
        for lexical in (False, True):
            config = ModelConfig(vocab_size=11, embed_size=4, hidden_size=6, attention_size=5,
                                 decoder=style, scorer="additive" if style != "luong" else "dot",
                                 lexical=lexical)  # fmt: skip
            decoder = build_model(config).decoder
            assert type(decoder).__name__.lower().startswith(style[:5])
            assert (decoder.lexical is not None) == lexical

"""Search invariants on small random models of every kind (no training needed)."""

import pytest
import torch

from nmt_core.decoding.search import beam_search, forced_decode, greedy_search
from nmt_core.network.config import DecodeConfig, ModelConfig
from nmt_core.network.model import build_model

KINDS = [
    ("additive", "bahdanau", True, "gru"),
    ("general", "luong", True, "gru"),
    ("dot", "luong", False, "gru"),
    ("scaled_dot", "luong", True, "lstm"),
    ("additive", "bahdanau", True, "lstm"),
    ("none", "bahdanau", True, "gru"),
]
EOS = 3


def tiny_model(scorer, decoder, input_feeding, rnn_type, seed=0):
    torch.manual_seed(seed)
    config = ModelConfig(
        vocab_size=23,
        embed_size=5,
        hidden_size=6,
        attention_size=7,
        scorer=scorer,
        decoder=decoder,
        input_feeding=input_feeding,
        rnn_type=rnn_type,
        dropout=0.0,
    )
    model = build_model(config).eval()
    with torch.no_grad():  # make EOS unlikely early, so hypotheses have several steps
        model.embedding.weight[EOS] *= 0.1
    return model


SOURCES = [[5, 6, 7, 8, 9, 3], [10, 11, 3], [12, 13, 14, 3]]


def batch(sources):
    longest = max(map(len, sources))
    src = torch.tensor([s + [0] * (longest - len(s)) for s in sources])
    return src, src != 0


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: "-".join(map(str, k)))
def test_padded_batch_equals_each_sentence_alone(kind):
    model = tiny_model(*kind)
    config = DecodeConfig(max_len_extra=4)
    together = greedy_search(model, *batch(SOURCES), config)
    for source, result in zip(SOURCES, together, strict=True):
        alone = greedy_search(model, *batch([source]), config)[0]
        assert result.tokens == alone.tokens
        assert torch.allclose(result.log_probs, alone.log_probs, atol=1e-5)
        if result.attention is not None:
            assert result.attention.shape == (len(result.tokens), len(source))
            assert torch.allclose(result.attention, alone.attention, atol=1e-5)
    beams = beam_search(model, *batch(SOURCES), DecodeConfig(beam_size=3, max_len_extra=4))
    for source, nbest in zip(SOURCES, beams, strict=True):
        alone = beam_search(model, *batch([source]), DecodeConfig(beam_size=3, max_len_extra=4))[0]
        assert nbest[0].tokens == alone[0].tokens
        assert nbest[0].score == pytest.approx(alone[0].score, abs=1e-5)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: "-".join(map(str, k)))
def test_beam_one_equals_greedy_and_forced_decoding_reproduces_it(kind):
    model = tiny_model(*kind)
    src, mask = batch(SOURCES)
    greedy = greedy_search(model, src, mask, DecodeConfig(max_len_extra=4))
    beam = beam_search(model, src, mask, DecodeConfig(beam_size=1, max_len_extra=4))
    targets = [r.tokens[:-1] if r.tokens[-1] == EOS else r.tokens for r in greedy]
    forced = forced_decode(model, src, mask, targets)
    for g, (b,), f in zip(greedy, beam, forced, strict=True):
        assert g.tokens == b.tokens
        assert g.score == pytest.approx(b.score, abs=1e-5)
        n = len(g.tokens)
        assert torch.allclose(g.log_probs, f.log_probs[:n], atol=1e-5)
        assert torch.allclose(g.topk_probs, f.topk_probs[:n], atol=1e-5)
        if g.attention is not None:
            assert torch.allclose(g.attention, b.attention, atol=1e-6)
            assert torch.allclose(g.attention, f.attention[:n], atol=1e-5)
            assert torch.allclose(g.scores, f.scores[:n], atol=1e-4)
            assert torch.allclose(g.attention.sum(1), torch.ones(n), atol=1e-5)


def test_beam_returns_sorted_n_best_with_their_own_attention():
    model = tiny_model("additive", "bahdanau", True, "gru")
    (nbest,) = beam_search(model, *batch([SOURCES[0]]), DecodeConfig(beam_size=4, n_best=4))
    assert len(nbest) == 4
    scores = [h.score for h in nbest]
    assert scores == sorted(scores, reverse=True)
    assert len({tuple(h.tokens) for h in nbest}) == 4
    for h in nbest:
        assert h.attention.shape == (len(h.tokens), len(SOURCES[0]))
        assert h.score == pytest.approx(float(h.log_probs.sum()) / len(h.tokens), abs=1e-5)


def test_output_length_is_capped_in_proportion_to_the_input():
    model = tiny_model("additive", "bahdanau", True, "gru")
    logits = model.logits  # EOS can never win: every hypothesis runs to the cap
    model.logits = lambda outputs: logits(outputs).index_fill(-1, torch.tensor([EOS]), -1e9)
    config = DecodeConfig(max_len_ratio=1.5, max_len_extra=2)
    for result, source in zip(greedy_search(model, *batch(SOURCES), config), SOURCES, strict=True):
        assert len(result.tokens) == int(1.5 * len(source) + 2)
    (nbest,) = beam_search(model, *batch([SOURCES[1]]), DecodeConfig(beam_size=2, max_len_extra=2))
    assert len(nbest[0].tokens) == int(2 * len(SOURCES[1]) + 2)


def test_keys_are_projected_once_per_sentence(monkeypatch):
    model = tiny_model("additive", "bahdanau", True, "gru")
    calls = []
    original = model.decoder.attention.prepare_keys
    monkeypatch.setattr(
        model.decoder.attention, "prepare_keys", lambda v, m: calls.append(1) or original(v, m)
    )
    results = greedy_search(model, *batch(SOURCES), DecodeConfig(max_len_extra=4))
    assert max(len(r.tokens) for r in results) > 1
    assert len(calls) == 1


@pytest.mark.parametrize("rnn_type", ["gru", "lstm"])
def test_luong_without_input_feeding_batched_equals_stepwise(rnn_type):
    # The batched path runs nn.GRU/nn.LSTM over all steps; the step path uses the cell function.
    model = tiny_model("general", "luong", False, rnn_type)
    src, mask = batch(SOURCES)
    tgt_in = torch.tensor([[2, 5, 6, 7], [2, 8, 9, 0], [2, 4, 0, 0]])
    memory = model.encode(src, mask)
    batched = model.decoder(model.embed(tgt_in), model.decoder.init_state(memory), memory)
    stepwise = super(type(model.decoder), model.decoder).forward(
        model.embed(tgt_in), model.decoder.init_state(memory), memory
    )
    assert torch.allclose(batched.outputs, stepwise.outputs, atol=1e-5)
    assert torch.allclose(batched.weights, stepwise.weights, atol=1e-5)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: "-".join(map(str, k)))
def test_every_beam_hypothesis_carries_its_own_history(kind):
    # Records are gathered through back-pointers at the end: forcing each n-best hypothesis
    # must give back its log-probabilities and attention, for sentences that left early too.
    model = tiny_model(*kind)
    src, mask = batch(SOURCES)
    config = DecodeConfig(beam_size=3, n_best=3, max_len_extra=4)
    for b, nbest in enumerate(beam_search(model, src, mask, config)):
        targets = [h.tokens[:-1] if h.tokens[-1] == EOS else h.tokens for h in nbest]
        forced = forced_decode(
            model, src[b : b + 1].expand(3, -1), mask[b : b + 1].expand(3, -1), targets
        )
        for h, f in zip(nbest, forced, strict=True):
            n = len(h.tokens)
            assert torch.allclose(h.log_probs, f.log_probs[:n], atol=1e-5)
            assert torch.allclose(h.topk_probs, f.topk_probs[:n], atol=1e-5)
            if h.attention is not None:
                assert h.attention.shape == (n, len(SOURCES[b]))
                assert torch.allclose(h.attention, f.attention[:n], atol=1e-5)


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: "-".join(map(str, k)))
def test_searching_without_records_gives_the_same_text_and_scores(kind):
    model = tiny_model(*kind)
    src, mask = batch(SOURCES)
    config = DecodeConfig(beam_size=3, n_best=2, max_len_extra=4)
    pairs = [
        (
            greedy_search(model, src, mask, config),
            greedy_search(model, src, mask, config, records=False),
        ),
        (
            [h for nbest in beam_search(model, src, mask, config) for h in nbest],
            [h for nbest in beam_search(model, src, mask, config, records=False) for h in nbest],
        ),
    ]
    for full, bare in pairs:
        for f, b in zip(full, bare, strict=True):
            assert f.tokens == b.tokens and f.score == b.score
            assert torch.equal(f.log_probs, b.log_probs)
            assert b.attention is b.scores is b.contexts is b.topk_ids is b.topk_probs is None


def test_finished_sentences_leave_the_batch(monkeypatch):
    model = tiny_model("additive", "bahdanau", True, "gru")
    rows = []
    step = model.decoder.step
    monkeypatch.setattr(model.decoder, "step", lambda e, s, m: rows.append(len(e)) or step(e, s, m))
    results = greedy_search(model, *batch(SOURCES), DecodeConfig(max_len_extra=4))
    lengths = sorted((len(r.tokens) for r in results), reverse=True)
    # Step t decodes exactly the sentences that have not ended before it.
    assert rows == [sum(n > t for n in lengths) for t in range(lengths[0])]

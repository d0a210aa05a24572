"""Encoding, length-bucketed batches and word dropout (nmt_core/decoding/batching.py)."""

from __future__ import annotations

import numpy as np
import pytest
import torch

from nmt_core.decoding.batching import drop_tokens, encode_pairs, make_batches, with_token_dropout
from nmt_core.network.config import ModelConfig, TrainConfig


def test_token_dropout_replaces_ordinary_tokens_only_and_is_seeded():
    config = ModelConfig()
    keep = (config.pad_id, config.bos_id, config.eos_id)
    torch.manual_seed(0)
    ids = torch.randint(4, 100, (64, 50))
    ids[:, 0], ids[:, -1], ids[:8, -10:] = config.bos_id, config.eos_id, config.pad_id
    assert torch.equal(drop_tokens(ids, 0.0, config.unk_id, keep), ids)
    torch.manual_seed(1)
    dropped = drop_tokens(ids, 0.3, config.unk_id, keep)
    torch.manual_seed(1)
    assert torch.equal(dropped, drop_tokens(ids, 0.3, config.unk_id, keep))
    changed = dropped != ids
    assert torch.all(dropped[changed] == config.unk_id)
    assert not torch.any(changed & torch.isin(ids, torch.tensor(keep)))
    ordinary = ~torch.isin(ids, torch.tensor(keep))
    assert 0.27 < changed.sum() / ordinary.sum() < 0.33
    # In a batch only the inputs are dropped: the tokens to predict stay.
    mask = torch.ones_like(ids, dtype=torch.bool)
    src, src_mask, tgt_in, tgt_out = with_token_dropout((ids, mask, ids, ids), 0.3, config)
    assert torch.equal(tgt_out, ids) and torch.equal(src_mask, mask)
    assert not torch.equal(src, ids) and not torch.equal(tgt_in, ids)
    with pytest.raises(ValueError, match="token_dropout"):
        TrainConfig(token_dropout=1.0).validate()


def test_batches_are_length_bucketed_and_seeded():
    examples = [([5] * (n % 17 + 1), [6] * (n % 13 + 1)) for n in range(500)]
    batches = make_batches(examples, batch_tokens=100, seed=1)
    assert sorted(i for b in batches for i in b) == list(range(500))
    as_lists = [b.tolist() for b in batches]
    assert as_lists == [b.tolist() for b in make_batches(examples, batch_tokens=100, seed=1)]
    assert as_lists != [b.tolist() for b in make_batches(examples, batch_tokens=100, seed=2)]
    for batch in batches:
        longest = max(max(len(examples[i][0]), len(examples[i][1])) for i in batch)
        assert longest * len(batch) <= 100 or len(batch) == 1
    padding = np.mean(
        [
            1 - np.mean([len(examples[i][1]) for i in b]) / max(len(examples[i][1]) for i in b)
            for b in batches
        ]
    )
    assert padding < 0.2


def test_tagged_kinds_start_their_sources_with_bos_and_nothing_else_changes():
    from nmt_core.text.data import Pair
    from nmt_core.text.tokenization import BOS_ID, train_tokenizer

    pairs = [
        Pair("Der Hund schläft.", "The dog sleeps.", "sentence"),
        Pair("roter Hund", "red dog", "phrase"),
        Pair("Hund", "dog", "word"),
    ]
    texts = [text for p in pairs for text in (p.source, p.target)]
    tokenizer = train_tokenizer(texts * 20, vocab_size=40)
    plain = encode_pairs(tokenizer, pairs)
    tagged = encode_pairs(tokenizer, pairs, tagged_kinds=("phrase", "word"))
    assert all(BOS_ID not in source for source, _ in plain)
    assert tagged[0] == plain[0]  # sentences, what users type, stay untagged
    for (tagged_src, tagged_tgt), (src, tgt) in zip(tagged[1:], plain[1:], strict=True):
        assert tagged_src == [BOS_ID, *src] and tagged_tgt == tgt

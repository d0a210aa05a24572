"""The training objective (nmt_core/learning/loss.py)."""

from __future__ import annotations

import pytest
import torch
from conftest import metrics_log

from nmt_core.checkpoint import load_checkpoint
from nmt_core.learning.loss import mean_loss
from nmt_core.network.config import TrainConfig


def test_mean_loss_is_the_dev_loss_of_the_log_and_falls_with_training(toy_checkpoint):
    from nmt_core.corpora.corpus import prepare_split
    from nmt_core.decoding.batching import encode_pairs

    checkpoint = load_checkpoint(toy_checkpoint)
    cfg = TrainConfig.from_dict(checkpoint.meta["train_config"])
    dev = encode_pairs(checkpoint.tokenizer, prepare_split(cfg).dev[: cfg.eval_sentences])
    checkpoint.model.set_decoding_layout(False)
    trained = mean_loss(checkpoint.model, dev, cfg.batch_tokens)
    log = metrics_log(toy_checkpoint)
    logged = next(r for r in log if r["step"] == checkpoint.meta["step"])  # best/ may not be last
    assert trained == pytest.approx(logged["dev_loss"], rel=1e-4)
    assert checkpoint.model.training  # left in training mode, as the loop needs
    torch.manual_seed(0)
    for parameter in checkpoint.model.parameters():
        torch.nn.init.normal_(parameter, std=0.1)
    assert mean_loss(checkpoint.model, dev, cfg.batch_tokens) > 2 * trained

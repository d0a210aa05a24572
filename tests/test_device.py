"""Device and process settings (nmt_core/network/device.py)."""

from __future__ import annotations

import sys

import pytest
import torch

from nmt_core.network.device import keep_freed_memory, resolve_device


def test_training_keeps_freed_memory_on_linux():
    assert keep_freed_memory() == sys.platform.startswith("linux")


def test_asking_for_cuda_without_a_gpu_is_a_clear_error(monkeypatch):

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.raises(ValueError, match="no CUDA GPU is available"):
        resolve_device("cuda")
    assert resolve_device("auto").type == "cpu"


@pytest.mark.parametrize(
    ("precision", "device", "bf16_gpu", "dtype", "scaler"),
    [
        ("fp32", "cpu", False, None, False),
        ("fp32", "cuda", True, None, False),
        ("bf16", "cpu", False, torch.bfloat16, False),  # the CPU's own bf16 path stays
        ("bf16", "cuda", True, torch.bfloat16, False),
        ("fp16", "cuda", True, torch.float16, True),  # fp16 always with a scaler
        ("fp16", "cuda", False, torch.float16, True),
        ("mixed", "cuda", True, torch.bfloat16, False),  # bf16 where the GPU has it ...
        ("mixed", "cuda", False, torch.float16, True),  # ... else fp16 with a scaler
        ("mixed", "cpu", False, None, False),  # and fp32 on the CPU
    ],
)
def test_the_mixed_precision_plan(precision, device, bf16_gpu, dtype, scaler):
    from nmt_core.network.device import mixed_precision

    plan = mixed_precision(precision, device, bf16_gpu)
    assert (plan.dtype, plan.scaler) == (dtype, scaler)


def test_a_precision_the_device_cannot_run_is_refused_before_any_work(tmp_path, toy_corpus):
    from dataclasses import replace

    from conftest import toy_configs

    from nmt_core.learning.training import train
    from nmt_core.network.device import mixed_precision

    with pytest.raises(ValueError, match="'fp16' needs a CUDA GPU"):
        mixed_precision("fp16", "cpu", False)
    with pytest.raises(ValueError, match="no bfloat16"):
        mixed_precision("bf16", "cuda", False)
    with pytest.raises(ValueError, match="precision must be one of fp32, bf16, fp16, mixed"):
        mixed_precision("int8", "cpu", False)
    cfg, model = toy_configs(tmp_path / "run", toy_corpus)
    with pytest.raises(ValueError, match="'fp16' needs a CUDA GPU"):
        train(replace(cfg, precision="fp16", device="cpu"), model)
    assert not (tmp_path / "run").exists()  # refused before the run's folder was made


@pytest.mark.training
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA GPU (none on this machine)")
@pytest.mark.parametrize("precision", ["mixed", "fp16"])
def test_mixed_precision_training_on_a_gpu_learns_and_resumes(tmp_path, toy_corpus, precision):
    import json
    from dataclasses import replace

    from conftest import metrics_log, toy_configs

    from nmt_core.learning.training import train

    cfg, model = toy_configs(tmp_path / "run", toy_corpus, scorer="additive")
    cfg = replace(cfg, device="cuda", precision=precision, max_steps=250)
    train(cfg, model)
    train(replace(cfg, max_steps=500), model, resume=True)
    assert metrics_log(tmp_path / "run")[-1]["dev_bleu"] > 50  # the reversal task is learnt
    state = json.loads((tmp_path / "run" / "latest" / "train_state.json").read_text())
    assert (state["scaler"] is not None) == (precision == "fp16")  # the loss scale resumes too

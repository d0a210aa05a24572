"""Device and process settings (nmt_core/device.py)."""

from __future__ import annotations

import sys

import pytest
import torch

from nmt_core.device import keep_freed_memory, resolve_device


def test_training_keeps_freed_memory_on_linux():
    assert keep_freed_memory() == sys.platform.startswith("linux")


def test_asking_for_cuda_without_a_gpu_is_a_clear_error(monkeypatch):

    monkeypatch.setattr(torch.cuda, "is_available", lambda: False)
    with pytest.raises(ValueError, match="no CUDA GPU is available"):
        resolve_device("cuda")
    assert resolve_device("auto").type == "cpu"

"""Where and how this process computes: the torch device, CPU threads, and glibc's allocator."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys
from dataclasses import dataclass

import torch

DEVICES = ("auto", "cpu", "cuda")  # auto: CUDA when present, else the CPU
# fp32; bf16: bfloat16 autocast (CPU or GPU); fp16: float16 autocast with a gradient scaler
# (CUDA only); mixed: on CUDA bf16 where the GPU supports it, else fp16, and fp32 on the CPU
PRECISIONS = ("fp32", "bf16", "fp16", "mixed")


@dataclass(frozen=True)
class MixedPrecision:
    """How a training forward pass computes: ``dtype`` for ``torch.autocast`` (None = fp32
    throughout) and whether a gradient scaler keeps fp16's small range from flushing small
    gradients to zero (Micikevicius et al. 2018). Weights, optimizer state and loss stay fp32."""

    dtype: torch.dtype | None
    scaler: bool


def mixed_precision(precision: str, device_type: str, bf16_supported: bool) -> MixedPrecision:
    """The plan for ``precision`` on a device of ``device_type`` ("cpu" or "cuda");
    ``bf16_supported``: whether that GPU computes in bfloat16 (``torch.cuda.is_bf16_supported``).

    Raises ValueError for a precision the device cannot run, saying what it can.
    """
    if precision not in PRECISIONS:
        raise ValueError(f"precision must be one of {', '.join(PRECISIONS)}; got {precision!r}")
    on_gpu = device_type == "cuda"
    if precision == "mixed":
        if not on_gpu:
            return MixedPrecision(None, False)  # the CPU's bf16 is opt-in: slow without AVX512
        precision = "bf16" if bf16_supported else "fp16"
    if precision == "fp16" and not on_gpu:
        raise ValueError("precision 'fp16' needs a CUDA GPU; on the CPU use 'bf16' or 'fp32'")
    if precision == "bf16" and on_gpu and not bf16_supported:
        raise ValueError("this GPU has no bfloat16: use precision 'fp16' or 'mixed'")
    dtypes = {"fp32": None, "bf16": torch.bfloat16, "fp16": torch.float16}
    return MixedPrecision(dtypes[precision], precision == "fp16")


def device_mixed_precision(precision: str, device: torch.device) -> MixedPrecision:
    """:func:`mixed_precision` for the device at hand."""
    gpu = device.type == "cuda"
    return mixed_precision(precision, device.type, gpu and torch.cuda.is_bf16_supported())


def resolve_device(name: str = "auto") -> torch.device:
    """ "auto" -> CUDA when present, else CPU; a name not in DEVICES is an error."""
    if name not in DEVICES:
        raise ValueError(f"device must be one of {', '.join(DEVICES)}; got {name!r}")
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise ValueError("device 'cuda' was asked for but no CUDA GPU is available")
    return torch.device(name)


def keep_freed_memory() -> bool:
    """Ask glibc to keep freed memory for reuse rather than hand it back to the OS; True if set.

    An update allocates several (tokens, vocab) tensors of about 100 MB. By default glibc maps
    each one afresh and unmaps it when freed, so every update page-faults them in again: about
    10 % of an update on the 2-core CPU in fp32, 25 % in bf16. Process-wide: the training
    process keeps its peak memory instead of shrinking between updates.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        m_trim_threshold, m_mmap_max = -1, -4  # from <malloc.h>
        return bool(libc.mallopt(m_mmap_max, 0) and libc.mallopt(m_trim_threshold, 1 << 30))
    except (OSError, AttributeError):  # not glibc (e.g. musl)
        return False


def prepare_training_process(device: torch.device, threads: int) -> None:
    """CPU threads (0 = torch's default) and, on the CPU, glibc keeping freed memory."""
    if threads:
        torch.set_num_threads(threads)
    if device.type == "cpu":
        keep_freed_memory()

"""Where and how this process computes: the torch device, CPU threads, and glibc's allocator."""

from __future__ import annotations

import ctypes
import ctypes.util
import sys

import torch

DEVICES = ("auto", "cpu", "cuda")  # auto: CUDA when present, else the CPU


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

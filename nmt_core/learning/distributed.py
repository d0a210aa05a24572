"""Training on several processes with PyTorch's own stack: torchrun, torch.distributed, DDP.

    torchrun --nproc_per_node=N -m nmt_core train ...      # N processes on one machine
    python -m nmt_core train ...                            # the same run on one process

torchrun starts the processes and sets RANK, WORLD_SIZE and LOCAL_RANK; :func:`join_world`
reads them (backend ``nccl`` on GPUs, ``gloo`` on CPUs). The *global* batch is the same as on
one process: every process builds the same length-bucketed batches in the same seeded order,
and process r takes every N-th example of each batch from its r-th on (:meth:`World.shard`),
so a batch keeps its bucket on every process. Each process sums the loss over its examples and
divides by the global batch's target tokens times N; DistributedDataParallel averages the
gradients over the N processes, so the update is the one-process update of the whole batch
(up to the order of float additions, and dropout drawing other masks). The learning rate is
the recipe's, unchanged. Process 0 alone evaluates and writes (checkpoints, snapshots, the
metrics log, probes) and hands the dev scores to the others; every process then takes the
same learning-rate and stopping decisions.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import torch
import torch.distributed as dist

T = TypeVar("T")


@dataclass(frozen=True)
class World:
    """This process's place among the training processes (one process: rank 0 of 1)."""

    rank: int = 0
    size: int = 1
    local_rank: int = 0
    device: str = "cpu"  # where collective tensors live (nccl reduces GPU tensors only)

    @property
    def main(self) -> bool:
        """Whether this process evaluates and writes the run's files."""
        return self.rank == 0

    def shard(self, batch: Sequence[T]) -> list[T]:
        """This process's share of a global batch: every size-th item from its rank on."""
        return list(batch[self.rank :: self.size])

    def any(self, flag: bool) -> bool:
        """True on every process when ``flag`` is True on any (e.g. one got SIGTERM)."""
        if self.size == 1:
            return flag
        value = torch.tensor([int(flag)], device=self.device)
        dist.all_reduce(value, op=dist.ReduceOp.MAX)
        return bool(value.item())

    def mean(self, value: float) -> float:
        """The mean of ``value`` over the processes."""
        if self.size == 1:
            return value
        total = torch.tensor([value], dtype=torch.float64, device=self.device)
        dist.all_reduce(total)
        return float(total.item()) / self.size

    def from_main(self, value: Any) -> Any:
        """``value`` as process 0 has it, on every process (picklable objects)."""
        if self.size == 1:
            return value
        box = [value]
        dist.broadcast_object_list(box, src=0)
        return box[0]


def join_world(device: torch.device) -> tuple[World, torch.device]:
    """This process's World from torchrun's environment, and its device (a GPU process uses
    the GPU of its LOCAL_RANK). Without WORLD_SIZE > 1, World() and ``device`` unchanged."""
    size = int(os.environ.get("WORLD_SIZE", "1"))
    if size == 1:
        return World(), device
    rank, local = int(os.environ["RANK"]), int(os.environ.get("LOCAL_RANK", "0"))
    if device.type == "cuda":
        gpus = torch.cuda.device_count()
        if local >= gpus:  # nccl cannot put two processes on one GPU; set_device would say less
            raise ValueError(
                f"process {local} of this machine needs a GPU of its own (nccl) but it has {gpus}: "
                f"start at most {gpus} per machine (torchrun --nproc-per-node={gpus}), "
                "or train on the CPU with --device cpu (gloo)"
            )
        torch.cuda.set_device(local)
        device = torch.device("cuda", local)
    if not dist.is_initialized():
        dist.init_process_group("nccl" if device.type == "cuda" else "gloo")
    return World(rank, size, local, str(device)), device


def leave_world() -> None:
    """End the process group (after the last collective call), if there is one."""
    if dist.is_initialized():
        dist.destroy_process_group()


def data_parallel(model: torch.nn.Module, world: World, device: torch.device) -> torch.nn.Module:
    """``model`` wrapped in DistributedDataParallel for a run of several processes (it
    broadcasts process 0's weights, then averages gradients in backward); else ``model``."""
    if world.size == 1:
        return model
    ids = [device.index] if device.type == "cuda" else None
    return torch.nn.parallel.DistributedDataParallel(model, device_ids=ids)

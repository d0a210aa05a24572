"""Checkpoint averaging: the mean of the weights of a run's last few evaluations.

The weights at any one evaluation carry the noise of the last few hundred updates; the mean of
several nearby evaluations sits nearer the middle of the region they wander in and usually
translates better (Junczys-Dowmunt et al. 2016; Vaswani et al. 2017 average the last 5 or 20).

Training keeps the weights of its last ``TrainConfig.snapshots`` evaluations as
``OUTPUT_DIR/snapshots/step-N.safetensors``. :func:`rank_candidates` then scores, on the dev
split, the run's best single checkpoint and the mean of the last k snapshots for every k, and
:func:`write_chosen` writes the winner as an ordinary checkpoint folder, whose metadata says
which steps it averages and what every candidate scored. One rule for every model, and the
choice never looks at the test sets.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file

from nmt_core.checkpoint import (
    CheckpointError,
    load_checkpoint,
    load_weights,
    read_config,
    save_checkpoint,
)
from nmt_core.folders import METRICS, WEIGHTS
from nmt_core.learning.rundir import SNAPSHOTS, snapshot_files
from nmt_core.network.config import ModelConfig
from nmt_core.network.device import resolve_device
from nmt_core.network.model import Seq2Seq, build_model
from nmt_core.network.pausepoints import pause_point
from nmt_core.text.data import Pair
from nmt_core.translate import score_pairs

log = logging.getLogger(__name__)


def average_weights(files: Sequence[Path]) -> dict[str, torch.Tensor]:
    """The element-wise mean (fp32) of the weights in ``files``, which must all have one layout."""
    if not files:
        raise ValueError("nothing to average: no weight files given")
    total: dict[str, torch.Tensor] = {}
    layout: dict[str, torch.Size] = {}
    for file in files:
        try:
            tensors = load_file(str(file))
        except (SafetensorError, OSError) as error:
            raise CheckpointError(f"{file} is corrupt or unreadable: {error}") from error
        shapes = {name: value.shape for name, value in tensors.items()}
        if layout and shapes != layout:
            raise CheckpointError(f"{file} holds other tensors than {files[0]}")
        layout = shapes
        for name, value in tensors.items():
            # fp64 sums: nearby checkpoints differ in low bits that fp32 sums would round away
            total[name] = total.get(name, 0) + value.double()
    return {name: (value / len(files)).float() for name, value in total.items()}


@dataclass(frozen=True)
class Candidate:
    """One set of weights to choose from: a single checkpoint or the mean of several."""

    label: str  # "best" or "last k"
    steps: tuple[int, ...]
    files: tuple[Path, ...]
    meta_folder: Path  # the checkpoint whose metadata (step, epoch, time) it inherits
    dev_bleu: float = float("nan")
    dev_chrf: float = float("nan")


def candidates(run: Path, max_last: int) -> list[Candidate]:
    """The run's best checkpoint, then the means of the last 1, 2, ... ``max_last`` snapshots.

    The best checkpoint (highest greedy dev BLEU while training) is a candidate of its own
    because a plateau or early stopping can leave it far behind the last snapshots.
    """
    if max_last < 1:
        raise ValueError(f"max_last must be >= 1; got {max_last}")
    best_step = int(read_config(run / "best")[1]["step"])
    found = [Candidate("best", (best_step,), (run / "best" / WEIGHTS,), run / "best")]
    snapshots = snapshot_files(run)
    if not snapshots:
        log.warning("no snapshots in %s: train with --snapshots N to average", run / SNAPSHOTS)
        return found
    latest_step = int(read_config(run / "latest")[1]["step"])
    if snapshots[-1][0] != latest_step:
        raise CheckpointError(
            f"{run}: the snapshots end at step {snapshots[-1][0]} but latest/ is at step "
            f"{latest_step}; average a finished run"
        )
    for k in range(1, min(max_last, len(snapshots)) + 1):
        window = snapshots[-k:]
        steps = tuple(s for s, _ in window)
        if steps != found[0].steps:  # "last 1" is often the best checkpoint itself
            found.append(Candidate(f"last {k}", steps, tuple(f for _, f in window), run / "latest"))
    return found


def model_with_weights(config: ModelConfig, files: Sequence[Path], device: str) -> Seq2Seq:
    """A fresh model holding the mean of the weights in ``files``, in eval mode."""
    model = build_model(config)
    load_weights(model, average_weights(files), files[0])
    return model.to(resolve_device(device)).eval()


def ranked(scored: Sequence[Candidate]) -> list[Candidate]:
    """Highest dev BLEU first; on a tie, fewer averaged checkpoints first."""
    return sorted(scored, key=lambda c: (-round(c.dev_bleu, 6), len(c.steps)))


def rank_candidates(
    run: Path, pairs: Sequence[Pair], max_last: int = 6, beam: int = 5, device: str = "cpu"
) -> list[Candidate]:
    """Every candidate of ``run`` scored on ``pairs`` at beam ``beam``, the chosen one first.

    ``pairs`` are normally the run's own dev pairs (``corpus.dev_pairs``), on which best/ was
    also picked (by greedy BLEU while training): a small head start for it in this choice.
    """
    best = load_checkpoint(run / "best")
    scored = []
    for candidate in candidates(run, max_last):
        model = model_with_weights(best.config, candidate.files, device)
        scores = score_pairs(model, best.tokenizer, pairs, beam)
        scored.append(replace(candidate, dev_bleu=scores.bleu, dev_chrf=scores.chrf))
        pause_point("average")
    return ranked(scored)


def write_chosen(
    run: Path,
    scored: Sequence[Candidate],
    output: Path,
    pairs: Sequence[Pair],
    beam: int,
    device: str = "cpu",
) -> Path:
    """Write ``scored[0]`` as a checkpoint folder whose metadata records the whole choice.

    The metadata (step, epoch, training time) is that of the last averaged step: best/'s, or
    latest/'s for a mean of the last snapshots. Its ``dev_bleu``/``dev_chrf`` are greedy, like
    those of every training checkpoint. The run's training log goes in beside it.
    """
    chosen = scored[0]
    best = load_checkpoint(run / "best")
    model = model_with_weights(best.config, chosen.files, device)
    greedy = score_pairs(model, best.tokenizer, pairs, beam_size=1)
    meta = {
        **read_config(chosen.meta_folder)[1],
        "dev_bleu": greedy.bleu,
        "dev_chrf": greedy.chrf,
        "averaged_steps": list(chosen.steps),
        "selection": {
            "rule": f"highest dev BLEU at beam {beam} among the best checkpoint and the means "
            "of the last k snapshots",
            "chosen": chosen.label,
            "candidates": [
                {"label": c.label, "steps": list(c.steps), "dev_bleu": c.dev_bleu,
                 "dev_chrf": c.dev_chrf}
                for c in scored
            ],
        },
    }  # fmt: skip
    log_file = run / METRICS
    extra = {METRICS: log_file.read_bytes()} if log_file.is_file() else {}
    return save_checkpoint(output, model, best.tokenizer, meta, extra_files=extra)

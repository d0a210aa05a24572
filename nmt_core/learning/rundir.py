"""A training run's folder: where the run stands, what resuming needs, and its metrics log.

    OUTPUT_DIR/
      latest/          a checkpoint + optimizer.safetensors + train_state.json: ``--resume``
      best/            the checkpoint with the best dev BLEU so far
      snapshots/       the weights of the last evaluations (:func:`save_snapshot`)
      metrics.jsonl    one JSON line per evaluation

Every folder is written beside its final name and swapped in (``checkpoint.save_checkpoint``),
so a run killed at any moment, even by SIGKILL, leaves the previous latest/ complete.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import torch
from safetensors.torch import load as load_tensors
from safetensors.torch import save as save_tensors
from safetensors.torch import save_file

from nmt_core.checkpoint import CheckpointError, model_tensors, read_config, save_checkpoint
from nmt_core.folders import METRICS, OPTIMIZER, STATE, restore_interrupted_swap
from nmt_core.learning.probes import forget_probes_after
from nmt_core.network.config import ModelConfig, TrainConfig
from nmt_core.network.model import Seq2Seq
from nmt_core.network.pausepoints import pause_point
from nmt_core.text.tokenization import Tokenizer

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Progress:
    """Where training stands; saved in latest/ so that --resume continues exactly here."""

    step: int = 0
    epoch: int = 0
    batch_in_epoch: int = 0  # batches of this epoch already trained on
    best_bleu: float = -1.0
    bad_evals: int = 0  # evaluations since the best one
    seconds: float = 0.0  # training time so far, summed over resumed runs
    finished: bool = False  # a stop rule held when latest/ was saved (training.stop_reason)
    parent: dict[str, Any] | None = None  # meta of the checkpoint a fine-tuning run started from
    # The mean training loss of the updates since the last evaluation, and how many there were,
    # when latest/ was saved between evaluations (a stop): the resumed run's next log line
    # averages over them too, as a run never stopped would.
    recent_loss: float = 0.0
    recent_updates: int = 0

    def with_losses(self, recent: list[torch.Tensor]) -> Progress:
        """This progress recording ``recent``, the training losses since the last evaluation
        (their mean and count): saved with a stop, for the resumed run's log."""
        mean = float(torch.stack(recent).mean()) if recent else 0.0
        return replace(self, recent_loss=mean, recent_updates=len(recent))

    def losses_since_evaluation(self, device: torch.device) -> list[torch.Tensor]:
        """The recorded losses as a resumed run starts its list with them: their mean, once
        for each update (the next evaluation's train_loss then averages over every update)."""
        return [torch.tensor(self.recent_loss, device=device)] * self.recent_updates

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Progress:
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


class RunDir:
    """The folder of one training run (see the module docstring)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.latest, self.best, self.metrics = (
            self.path / "latest",
            self.path / "best",
            self.path / METRICS,
        )

    def open(self, resume: bool) -> bool:
        """Create the folder; True if there is a run to resume, and ``resume`` asks for it.

        Raises ValueError rather than start a new run over an existing one's log and weights.
        """
        self.path.mkdir(parents=True, exist_ok=True)
        for folder in (self.latest, self.best):  # a kill between the renames of a swap
            restore_interrupted_swap(folder)
        if resume and (self.latest / STATE).exists():
            return True
        self._refuse_to_overwrite(resume)
        if resume:
            log.warning("nothing to resume in %s: starting a new run", self.latest)
        return False

    def _refuse_to_overwrite(self, resume: bool) -> None:
        steps = [s for s, _ in self.logged_steps()]
        if steps or self.best.exists() or self.latest.exists():
            reached = f" (it reached step {max(steps)})" if steps else ""
            remedy = (
                f"but {self.latest / STATE} is missing, so it cannot be resumed"
                if resume
                else "add --resume to continue it"
            )
            raise ValueError(
                f"{self.path} already holds a training run{reached}: {remedy}; "
                "choose another --output-dir (or delete that folder) to start anew"
            )

    def saved_configs(self) -> tuple[TrainConfig, ModelConfig] | None:
        """The settings the run in latest/ was trained with; None if there is none to resume."""
        if not (self.latest / STATE).exists():
            return None
        restore_interrupted_swap(self.latest)
        model, meta = read_config(self.latest)
        if "train_config" not in meta:
            raise CheckpointError(f"{self.latest} does not record its training settings")
        return TrainConfig.from_dict(meta["train_config"]), model

    # --- the metrics log ---------------------------------------------------------------------

    def logged_steps(self) -> list[tuple[int, str]]:
        """(step, line) for each complete line of the metrics log; a line cut short by a kill
        during its write is skipped (the evaluation it began is repeated on resume)."""
        entries = []
        text = self.metrics.read_text(encoding="utf-8") if self.metrics.exists() else ""
        for line in text.splitlines():
            try:
                entries.append((int(json.loads(line)["step"]), line))
            except (ValueError, KeyError, TypeError):
                log.warning("%s: skipped an unreadable line: %.60s", self.metrics, line)
        return entries

    def last_logged_step(self) -> int:
        """The step of the last evaluation in the log; -1 before the first."""
        steps = [s for s, _ in self.logged_steps()]
        return max(steps, default=-1)

    def append_metrics(self, record: dict[str, Any]) -> None:
        line = json.dumps(record) + "\n"
        with self.metrics.open("a", encoding="utf-8") as f:
            f.write(line[: len(line) // 2])
            f.flush()
            pause_point("metrics")  # a kill here leaves a torn line: logged_steps skips it
            f.write(line[len(line) // 2 :])

    def forget_after(self, step: int) -> None:
        """A resumed run repeats the steps after its checkpoint: drop their log lines,
        snapshots and probe records."""
        if self.metrics.exists():
            kept = [line for s, line in self.logged_steps() if s <= step]
            self.metrics.write_text("".join(line + "\n" for line in kept), encoding="utf-8")
        drop_snapshots_after(self.path, step)
        forget_probes_after(self.path, step)

    def copy_metrics_to_best(self) -> None:
        """best/ then carries the whole training log, as a shipped checkpoint does."""
        if self.metrics.exists() and self.best.exists():
            (self.best / METRICS).write_bytes(self.metrics.read_bytes())

    # --- latest/: weights plus the optimizer, schedule, progress and RNG ---------------------

    def save_latest(
        self,
        model: Seq2Seq,
        tokenizer: Tokenizer,
        meta: dict[str, Any],
        optimizer: torch.optim.Optimizer,
        scheduler: Any,
        progress: Progress,
        scaler: torch.amp.GradScaler | None = None,
    ) -> None:
        extra = _optimizer_files(optimizer, scheduler, progress, scaler, _rng_states(model))
        save_checkpoint(self.latest, model, tokenizer, meta, extra_files=extra)

    def restore(
        self,
        optimizer: torch.optim.Optimizer,
        scheduler: Any,
        scaler: torch.amp.GradScaler | None = None,
    ) -> Progress:
        """Load latest/'s optimizer, schedule, fp16 loss scale and torch RNG into place;
        returns its progress.

        The GPU's generator is restored where the run saved one and a GPU is here: dropout on
        a GPU draws from it, so without it a resumed GPU run ends on other weights than a run
        never stopped."""
        meta = json.loads((self.latest / STATE).read_text())
        tensors = load_tensors((self.latest / OPTIMIZER).read_bytes())
        torch.set_rng_state(tensors.pop(RNG_CPU))
        cuda_state = tensors.pop(RNG_CUDA, None)
        if cuda_state is not None and torch.cuda.is_available():
            torch.cuda.set_rng_state(cuda_state)
        state: dict[int, dict[str, torch.Tensor]] = {}
        for key, value in tensors.items():
            param, name = key.split(".", 1)
            state.setdefault(int(param), {})[name] = value
        optimizer.load_state_dict({"state": state, "param_groups": meta["param_groups"]})
        scheduler.load_state_dict(meta["scheduler"])
        if scaler is not None and scaler.is_enabled() and meta.get("scaler"):
            scaler.load_state_dict(meta["scaler"])
        return Progress.from_dict(meta["progress"])


RNG_CPU, RNG_CUDA = "rng.torch", "rng.cuda"  # names of the generators' states in OPTIMIZER


def _rng_states(model: Seq2Seq) -> dict[str, torch.Tensor]:
    """The CPU generator's state, and the current GPU's where the model trains on one."""
    states = {RNG_CPU: torch.get_rng_state()}
    if next(model.parameters()).device.type == "cuda":
        states[RNG_CUDA] = torch.cuda.get_rng_state()
    return states


def _optimizer_files(
    optimizer: torch.optim.Optimizer,
    scheduler: Any,
    progress: Progress,
    scaler: torch.amp.GradScaler | None,
    rng: dict[str, torch.Tensor],
) -> dict[str, bytes]:
    """The files beside latest/'s checkpoint: optimizer tensors + RNG, and a JSON state."""
    state = optimizer.state_dict()
    tensors = {
        f"{param}.{name}": value.detach().cpu().contiguous()
        for param, values in state["state"].items()
        for name, value in values.items()
    }
    tensors.update(rng)
    meta = {
        "progress": asdict(progress),
        "param_groups": state["param_groups"],
        "scheduler": scheduler.state_dict(),
        "scaler": scaler.state_dict() if scaler is not None and scaler.is_enabled() else None,
    }
    return {OPTIMIZER: save_tensors(tensors), STATE: json.dumps(meta).encode()}


# --- snapshots: a run's recent weights, for averaging -----------------------------------

SNAPSHOTS = "snapshots"  # OUTPUT_DIR/snapshots/step-N.safetensors
_SNAPSHOT_NAME = re.compile(r"step-(\d+)\.safetensors")


def snapshot_files(run: Path) -> list[tuple[int, Path]]:
    """(step, file) of every snapshot kept in ``run``, oldest first."""
    found = []
    for file in (run / SNAPSHOTS).glob("step-*.safetensors"):
        match = _SNAPSHOT_NAME.fullmatch(file.name)
        if match:
            found.append((int(match.group(1)), file))
    return sorted(found)


def save_snapshot(run: Path, model: Seq2Seq, step: int, keep: int) -> Path:
    """Store the fp32 weights at ``step``; only the newest ``keep`` (>= 1) snapshots are kept."""
    if keep < 1:
        raise ValueError(f"keep must be >= 1; got {keep}")
    folder = run / SNAPSHOTS
    folder.mkdir(parents=True, exist_ok=True)
    file = folder / f"step-{step}.safetensors"
    tmp = file.with_suffix(".tmp")  # a run killed mid-write leaves no half snapshot behind
    save_file(model_tensors(model, half=False), str(tmp))
    pause_point("snapshot")
    tmp.replace(file)
    for _, old in snapshot_files(run)[:-keep]:
        old.unlink()
    return file


def drop_snapshots_after(run: Path, step: int) -> None:
    """A resumed run repeats the steps after its checkpoint: forget their snapshots."""
    for snapshot_step, file in snapshot_files(run):
        if snapshot_step > step:
            file.unlink()

"""Checkpoints that describe themselves: weights, config, tokenizer and metadata in one folder.

    model.safetensors   weights (fp32, or fp16 to ship small; always loaded as fp32)
    config.json         {"model": ModelConfig, "meta": {direction, scorer, step, dev_bleu, ...}}
    spm.model           the sentencepiece model
    metrics.jsonl       the training log (optional)

``load_checkpoint(path)`` rebuilds everything from the folder alone. Folders are written to a
temporary sibling and swapped in, so a run killed mid-write leaves the previous one intact.
"""

from __future__ import annotations

import json
import shutil
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file

from nmt_core.config import ModelConfig
from nmt_core.model import Seq2Seq, build_model
from nmt_core.tokenization import Tokenizer

WEIGHTS, CONFIG, TOKENIZER, METRICS = (
    "model.safetensors",
    "config.json",
    "spm.model",
    "metrics.jsonl",
)
SHIPPED_ROOT = Path(__file__).resolve().parents[1] / "checkpoints"


class CheckpointError(Exception):
    """A checkpoint folder that is missing, incomplete, corrupt or does not fit its config."""


@dataclass(frozen=True)
class Checkpoint:
    """A loaded model, ready to translate: eval mode, never changed after loading."""

    path: Path
    model: Seq2Seq
    tokenizer: Tokenizer
    config: ModelConfig
    meta: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.meta.get("name") or self.path.name)

    @property
    def device(self) -> torch.device:
        return next(self.model.parameters()).device


@dataclass(frozen=True)
class CheckpointInfo:
    """What a listing shows without loading weights."""

    name: str
    path: Path
    direction: str
    scorer: str
    decoder: str
    test_bleu: float | None
    parameters: int | None


def resolve_device(name: str = "auto") -> torch.device:
    """ "auto" -> CUDA when present, else CPU."""
    if name == "auto":
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    if name == "cuda" and not torch.cuda.is_available():
        raise ValueError("device 'cuda' was asked for but no CUDA GPU is available")
    return torch.device(name)


def restore_interrupted_swap(target: Path) -> None:
    """Put ``target`` back if a kill fell between the two renames of :func:`replace_directory`
    (the previous version then waits complete in ``target.old``)."""
    old = target.with_name(target.name + ".old")
    if old.exists() and not target.exists():
        old.rename(target)


def replace_directory(new: Path, target: Path) -> None:
    """Swap a fully written folder ``new`` in for ``target`` (the old one is removed last)."""
    old = target.with_name(target.name + ".old")
    restore_interrupted_swap(target)
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)


def model_tensors(model: Seq2Seq, half: bool) -> dict[str, torch.Tensor]:
    dtype = torch.float16 if half else torch.float32
    return {k: v.detach().to("cpu", dtype).contiguous() for k, v in model.state_dict().items()}


def save_checkpoint(
    path: str | Path,
    model: Seq2Seq,
    tokenizer: Tokenizer,
    meta: dict[str, Any],
    half: bool = False,
    extra_files: dict[str, bytes] | None = None,
) -> Path:
    """Write a checkpoint folder atomically; ``extra_files`` go in beside it (name -> bytes)."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    save_file(model_tensors(model, half), str(tmp / WEIGHTS))
    config = {"model": asdict(model.config), "meta": meta}
    (tmp / CONFIG).write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", "utf-8")
    tokenizer.save(tmp / TOKENIZER)
    for name, data in (extra_files or {}).items():
        (tmp / name).write_bytes(data)
    replace_directory(tmp, path)
    return path


def read_config(path: Path) -> tuple[ModelConfig, dict[str, Any]]:
    """The model config and metadata of a checkpoint folder, with a clear error if unusable."""
    file = path / CONFIG
    if not file.is_file():
        raise CheckpointError(f"{path} is not a checkpoint: {CONFIG} is missing")
    try:
        data = json.loads(file.read_text("utf-8"))
        return ModelConfig.from_dict(data["model"]), dict(data.get("meta", {}))
    except (json.JSONDecodeError, KeyError, TypeError, ValueError) as error:
        raise CheckpointError(f"{file} is not a valid checkpoint config: {error}") from error


def load_checkpoint(path: str | Path, device: str = "cpu") -> Checkpoint:
    """Rebuild model (in eval mode, laid out for decoding), tokenizer, config and metadata."""
    path = Path(path)
    config, meta = read_config(path)
    for name in (WEIGHTS, TOKENIZER):
        if not (path / name).is_file():
            raise CheckpointError(f"{path} is incomplete: {name} is missing")
    try:
        tokenizer = Tokenizer.load(path / TOKENIZER)
    except (RuntimeError, OSError, ValueError) as error:
        raise CheckpointError(
            f"{path / TOKENIZER} is not a usable sentencepiece model: {error}"
        ) from error
    if tokenizer.vocab_size != config.vocab_size:
        raise CheckpointError(
            f"{path}: tokenizer has {tokenizer.vocab_size} pieces but the model expects "
            f"{config.vocab_size}; the files do not belong together"
        )
    model = build_model(config)
    try:
        tensors = load_file(str(path / WEIGHTS))
    except (SafetensorError, OSError) as error:
        raise CheckpointError(f"{path / WEIGHTS} is corrupt or unreadable: {error}") from error
    load_weights(model, tensors, path)
    model.to(resolve_device(device)).eval()
    model.set_decoding_layout(True)
    return Checkpoint(path=path, model=model, tokenizer=tokenizer, config=config, meta=meta)


def load_weights(model: Seq2Seq, tensors: dict[str, torch.Tensor], source: Path) -> None:
    """Load tensors (any float dtype) into ``model`` or explain exactly what does not fit."""
    expected = model.state_dict()
    missing = sorted(set(expected) - set(tensors))
    unexpected = sorted(set(tensors) - set(expected))
    wrong = [k for k in expected if k in tensors and tensors[k].shape != expected[k].shape]
    if missing or unexpected or wrong:
        details = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing[:5])}" if missing else "",
                f"unexpected {', '.join(unexpected[:5])}" if unexpected else "",
                f"wrong shape {', '.join(wrong[:5])}" if wrong else "",
            )
            if part
        )
        raise CheckpointError(f"{source}: weights do not match the config ({details})")
    model.load_state_dict({k: v.float() for k, v in tensors.items()})


def list_checkpoints(root: str | Path = SHIPPED_ROOT) -> list[CheckpointInfo]:
    """Every checkpoint folder directly under ``root``, sorted by name; broken ones are skipped."""
    infos = []
    for folder in sorted(Path(root).glob("*/")):
        try:
            config, meta = read_config(folder)
        except CheckpointError:
            continue
        infos.append(
            CheckpointInfo(
                name=str(meta.get("name") or folder.name),
                path=folder,
                direction=str(meta.get("direction", "?")),
                scorer=config.scorer,
                decoder=config.decoder,
                test_bleu=meta.get("test_bleu"),
                parameters=meta.get("parameters"),
            )
        )
    return infos

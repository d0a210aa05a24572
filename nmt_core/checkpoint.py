"""Checkpoints that describe themselves: weights, config, tokenizer and metadata in one folder.

    model.safetensors   weights (fp32, or fp16 to ship small; always loaded as fp32)
    config.json         {"model": ModelConfig, "meta": {direction, scorer, step, dev_bleu, ...,
                        weights_sha256}}
    spm.model           the sentencepiece model
    metrics.jsonl       the training log (optional)

``load_checkpoint(path)`` rebuilds everything from the folder alone. Folders are written to a
temporary sibling and swapped in, so a run killed mid-write leaves the previous one intact.

A checkpoint's name is its folder's name. Two folders of one root cannot share a name, so a copy
(``de-en-dot-backup``, whose config still records "de-en-dot") never shadows the original in a
listing, the dashboard's menu or a lookup by name; the name recorded in the meta is only what
``export --name`` was given.
"""

from __future__ import annotations

import dataclasses
import difflib
import hashlib
import json
import math
import os
import shutil
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import torch
from safetensors import SafetensorError
from safetensors.torch import load, save_file

from nmt_core.folders import (  # the folder's file names, and how it is written over
    CHECKPOINT_FILES,
    CONFIG,
    TOKENIZER,
    WEIGHTS,
    replace_directory,
    writing_problem,
)
from nmt_core.network.config import ModelConfig, TrainConfig
from nmt_core.network.device import resolve_device
from nmt_core.network.model import Seq2Seq, build_model
from nmt_core.network.pausepoints import pause_point
from nmt_core.network.scorers import scorer
from nmt_core.text.data import DIRECTIONS
from nmt_core.text.tokenization import Tokenizer

WEIGHTS_DIGEST = "weights_sha256"  # in meta: the SHA-256 of model.safetensors as saved
ROOT_VARIABLE = "ATTENTION_LAB_CHECKPOINTS"  # where the dashboard and `list` look, if set


def _shipped_root() -> Path:
    """The shipped checkpoints: checkpoints/ of the clone this package runs from, else the copy
    that ``pip install .`` puts beside the package (``attention_lab_checkpoints``)."""
    clone = Path(__file__).resolve().parents[1] / "checkpoints"
    if clone.is_dir():
        return clone
    try:
        import attention_lab_checkpoints  # a folder of data: see pyproject.toml
    except ImportError:
        return clone  # neither: listings are empty and say how to train a model
    return Path(next(iter(attention_lab_checkpoints.__path__)))


SHIPPED_ROOT = _shipped_root()


def checkpoints_root() -> Path:
    """$ATTENTION_LAB_CHECKPOINTS if set, else the shipped checkpoints."""
    return Path(os.environ.get(ROOT_VARIABLE) or SHIPPED_ROOT)


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
        """The folder's name (see the module docstring: names are unique by construction)."""
        return self.path.name

    @property
    def device(self) -> torch.device:
        return next(self.model.parameters()).device

    @property
    def attends(self) -> bool:
        """False for the model without attention (one fixed context vector)."""
        return scorer(self.config.scorer).attends


@dataclass(frozen=True)
class CheckpointInfo:
    """What a listing shows without loading weights: the architecture and the metadata."""

    name: str
    path: Path
    direction: str
    config: ModelConfig
    test_bleu: float | None
    parameters: int | None
    # The model a viewer opens on (``"default": true`` in its meta; chosen in the model card
    # from the alignment and translation measurements).
    default: bool = False
    # Trained with guided alignment at this weight (nmt_core/learning/guidance.py; 0 = not): the
    # label says so, since its attention was taught by eflomal's links.
    guided_alignment: float = 0.0

    @property
    def scorer(self) -> str:
        return self.config.scorer

    @property
    def decoder(self) -> str:
        return self.config.decoder

    @property
    def attends(self) -> bool:
        """False for the model without attention (one fixed context vector)."""
        return scorer(self.config.scorer).attends


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
    """Write a checkpoint folder atomically; ``extra_files`` (name -> bytes, names of
    :data:`CHECKPOINT_FILES`) go in beside it. Raises CheckpointError, before writing
    anything, where a folder or file that is not a checkpoint's would be replaced."""
    problem = writing_problem(path)
    if problem:
        raise CheckpointError(problem)
    unknown = set(extra_files or {}) - CHECKPOINT_FILES
    assert not unknown, f"not a checkpoint's files: {sorted(unknown)}"
    path = Path(os.path.abspath(path))
    tmp = path.with_name(path.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    save_file(model_tensors(model, half), str(tmp / WEIGHTS))
    # recorded so that load_checkpoint can tell a damaged copy from the file written here
    meta = {**meta, WEIGHTS_DIGEST: hashlib.sha256((tmp / WEIGHTS).read_bytes()).hexdigest()}
    config = {"model": asdict(model.config), "meta": meta}
    (tmp / CONFIG).write_text(json.dumps(config, indent=2, ensure_ascii=False) + "\n", "utf-8")
    tokenizer.save(tmp / TOKENIZER)
    for name, data in (extra_files or {}).items():
        (tmp / name).write_bytes(data)
    pause_point(f"write:{path.name}")
    replace_directory(tmp, path)
    return path


def read_config(path: Path) -> tuple[ModelConfig, dict[str, Any]]:
    """The model config and metadata of a checkpoint folder, with a clear error if unusable
    (a folder the process may not read included: a server must name it, not crash)."""
    file = path / CONFIG
    try:
        special = file.exists() and not file.is_file()
    except OSError:  # reading it says why
        special = False
    if special:  # a pipe would be waited on for ever
        raise CheckpointError(f"{file} is not a regular file (a pipe or a device)")
    try:
        text = file.read_text("utf-8")
    except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
        raise CheckpointError(f"{path} is not a checkpoint: {CONFIG} is missing") from None
    except OSError as error:
        raise CheckpointError(f"{file} cannot be read ({error.strerror or error})") from error
    try:
        data = json.loads(text)
        config, meta = ModelConfig.from_dict(data["model"]), data.get("meta", {})
    except (json.JSONDecodeError, KeyError, TypeError, ValueError, RecursionError) as error:
        raise CheckpointError(f"{file} is not a valid checkpoint config: {error}") from error
    problem = meta_problem(meta)
    if problem:
        raise CheckpointError(f"{file} is not a valid checkpoint config: {problem}")
    return config, dict(meta)


_SCORES = ("test_bleu", "test_chrf", "dev_bleu", "dev_chrf", "train_seconds")  # finite numbers
_COUNTS = ("parameters", "step", "epoch")  # whole numbers, at least 0


def meta_problem(meta: Any) -> str | None:
    """What is wrong with a checkpoint's metadata, checked as a whole when it is read, or None.

    Every field a listing, a page or a command reads is checked for its type and range here,
    so that one hand-edited folder ("guided_alignment": "0,5", a null, a list for an object)
    is one folder's message instead of a crash wherever the field is first used."""
    if not isinstance(meta, dict):
        return f"meta must be an object; got {type(meta).__name__}"
    direction = meta.get("direction")
    if direction is not None and direction not in DIRECTIONS:
        return f"direction must be one of {', '.join(DIRECTIONS)}; got {direction!r}"
    for key in _SCORES:
        value = meta.get(key)
        if value is not None and not _finite_number(value):
            return f"{key} must be a finite number; got {value!r}"
    for key in _COUNTS:
        value = meta.get(key)
        if value is not None and not (_finite_number(value) and value == int(value) >= 0):
            return f"{key} must be a whole number of at least 0; got {value!r}"
    if not isinstance(meta.get("default", False), bool):
        return f"default must be true or false; got {meta['default']!r}"
    if "train_config" in meta:
        if not isinstance(meta["train_config"], dict):
            return f"train_config must be an object; got {meta['train_config']!r:.60}"
        try:
            TrainConfig.from_dict(meta["train_config"])
        except (TypeError, ValueError) as error:
            return f"train_config: {error}"
    return None


def _finite_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _roots() -> list[Path]:
    """Where a checkpoint name is looked up: checkpoints_root(), then the shipped ones."""
    return list(dict.fromkeys([checkpoints_root(), SHIPPED_ROOT]))


def _named(path: Path) -> str | None:
    """The checkpoint name ``path`` spells, if any: a bare name ("de-en-additive") or the
    clone's spelling of a shipped one ("checkpoints/de-en-additive")."""
    if len(path.parts) == 1 or (len(path.parts) == 2 and path.parts[0] == "checkpoints"):
        return path.parts[-1]
    return None


def checkpoint_folder(path: str | Path) -> Path:
    """``path`` itself when it exists (a path that exists is a path); else the checkpoint it
    names in :func:`_roots` (so scripts work from any directory); else ``path`` unchanged, for
    the loader to say what is missing."""
    path = Path(path)
    name = _named(path)
    if path.exists() or name is None:
        return path
    return next((root / name for root in _roots() if _is_checkpoint(root / name)), path)


def run_log(folder: Path, name: str) -> Path | None:
    """A run's log (metrics, probes) for checkpoint ``folder``: in it (a shipped one) or in the
    run folder around it (a run's best/, latest/ or averaged/); None where neither has it."""
    places = (folder / name, folder.parent / name) if folder.is_dir() else ()
    return next((f for f in places if f.is_file()), None)


def close_names(path: str | Path) -> list[str]:
    """The checkpoint names in :func:`_roots` closest to ``path``'s last part (difflib), best
    first: what a mistyped name most likely meant."""
    names = {
        folder.name for root in _roots() for folder in root.glob("*/") if _is_checkpoint(folder)
    }
    return difflib.get_close_matches(Path(path).name, sorted(names), n=3)


def load_checkpoint(path: str | Path, device: str = "cpu") -> Checkpoint:
    """Rebuild model (in eval mode, laid out for decoding), tokenizer, config and metadata.

    ``path``: a checkpoint folder, or the name of a shipped one ("de-en-additive").
    """
    path = checkpoint_folder(path)
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
    tensors = read_weights(path, meta)
    with torch.device("meta"):  # shapes only: a config that claims huge sizes allocates nothing
        refuse_misfit(build_model(config).state_dict(), tensors, path)
    model = build_model(config)
    load_weights(model, tensors, path)
    model.to(resolve_device(device)).eval()
    model.set_decoding_layout(True)
    return Checkpoint(path=path, model=model, tokenizer=tokenizer, config=config, meta=meta)


def read_weights(path: Path, meta: dict[str, Any]) -> dict[str, torch.Tensor]:
    """The tensors of ``path``'s weights file, checked against the SHA-256 recorded when it was
    saved (checkpoints saved before it was recorded are read unchecked)."""
    file = path / WEIGHTS
    try:
        data = file.read_bytes()
    except OSError as error:
        raise CheckpointError(f"{file} is unreadable: {error}") from error
    recorded = meta.get(WEIGHTS_DIGEST)
    if recorded and hashlib.sha256(data).hexdigest() != recorded:
        raise CheckpointError(
            f"{file} is corrupt: its SHA-256 is not the one {CONFIG} recorded when it was "
            "saved (a damaged or incomplete copy, or the weights of another checkpoint)"
        )
    try:
        return load(data)
    except SafetensorError as error:
        raise CheckpointError(f"{file} is corrupt or unreadable: {error}") from error


def fit_problem(expected: dict[str, torch.Tensor], tensors: dict[str, torch.Tensor]) -> str | None:
    """What keeps ``tensors`` (any float dtype) from loading where ``expected`` (a state dict,
    on the meta device or not) says, or None: missing, unexpected and wrongly shaped names."""
    missing = sorted(set(expected) - set(tensors))
    unexpected = sorted(set(tensors) - set(expected))
    wrong = [k for k in expected if k in tensors and tensors[k].shape != expected[k].shape]
    parts = (
        f"missing {', '.join(missing[:5])}" if missing else "",
        f"unexpected {', '.join(unexpected[:5])}" if unexpected else "",
        f"wrong shape {', '.join(wrong[:5])}" if wrong else "",
    )
    return "; ".join(part for part in parts if part) or None


def refuse_misfit(
    expected: dict[str, torch.Tensor], tensors: dict[str, torch.Tensor], source: Path
) -> None:
    """Raise CheckpointError naming ``source`` when ``tensors`` do not fit (:func:`fit_problem`)."""
    problem = fit_problem(expected, tensors)
    if problem:
        raise CheckpointError(f"{source}: weights do not match the config ({problem})")


def load_weights(model: Seq2Seq, tensors: dict[str, torch.Tensor], source: Path) -> None:
    """Load tensors (any float dtype) into ``model`` or explain exactly what does not fit."""
    refuse_misfit(model.state_dict(), tensors, source)
    model.load_state_dict({k: v.float() for k, v in tensors.items()})


@dataclass(frozen=True)
class Scan:
    """The checkpoint folders directly under a root: those that can be listed, and why the
    others cannot (folders without a config.json, such as recipes/, are not checkpoints)."""

    infos: list[CheckpointInfo]
    problems: list[str]  # one message per unusable folder, naming it
    # what is usable but ambiguous: two models marked the default of one direction
    warnings: list[str] = dataclasses.field(default_factory=list)


def scan_checkpoints(root: str | Path = SHIPPED_ROOT) -> Scan:
    """Every checkpoint folder directly under ``root``, sorted by name; a folder that cannot
    be read or holds a broken config is a problem that names it, never an exception."""
    infos, problems = [], []
    for folder in sorted(Path(root).iterdir()) if Path(root).is_dir() else []:
        if folder.is_symlink() and not folder.exists():  # a loop, or a folder since removed
            problems.append(f"{folder} is a link that leads to no folder")
            continue
        if not _is_checkpoint(folder):
            continue
        try:
            infos.append(checkpoint_info(folder))
        except CheckpointError as error:
            problems.append(str(error))
    return Scan(infos, problems, default_conflicts(infos))


def default_conflicts(infos: Sequence[CheckpointInfo]) -> list[str]:
    """One line for each direction with more than one model marked default, naming them and
    the one used (:func:`default_checkpoint`'s pick): a copied folder keeps its mark."""
    lines = []
    for direction in sorted({info.direction for info in infos}):
        marked = [info.name for info in infos if info.direction == direction and info.default]
        if len(marked) > 1:
            lines.append(
                f"{', '.join(marked)} are all marked the default {direction} model: "
                f'{marked[0]} is used (set "default": false in the others\' {CONFIG})'
            )
    return lines


def _is_checkpoint(folder: Path) -> bool:
    """Whether ``folder`` is a folder holding a config.json, or one that cannot be looked into
    (then reading it names the folder and the reason, where a skip would hide it)."""
    try:
        return folder.is_dir() and (folder / CONFIG).exists()
    except OSError:
        return True


def checkpoint_info(folder: Path) -> CheckpointInfo:
    """What a listing shows of ``folder``, read from its config alone; named by the folder."""
    config, meta = read_config(folder)
    if "direction" not in meta:  # every page and listing sorts models by it
        raise CheckpointError(f"{folder / CONFIG} records no direction (de-en or en-de)")
    return CheckpointInfo(
        name=folder.name,
        path=folder,
        direction=meta["direction"],
        config=config,
        test_bleu=meta.get("test_bleu"),
        parameters=meta.get("parameters"),
        default=meta.get("default") is True,
        guided_alignment=float(meta.get("train_config", {}).get("guided_alignment", 0)),
    )


def default_checkpoint(infos: Sequence[CheckpointInfo]) -> CheckpointInfo:
    """The one to open on: the one marked default, else the first with additive attention,
    else the first. ``infos`` must not be empty."""
    marked = [i for i in infos if i.default] or [i for i in infos if i.scorer == "additive"]
    return (marked or list(infos))[0]


def direction_default(direction: str) -> Path:
    """The folder of ``direction``'s default model (:func:`default_checkpoint`) in the first of
    :func:`_roots` that has a model of that direction."""
    for root in _roots():
        infos = [i for i in list_checkpoints(root) if i.direction == direction]
        if infos:
            return default_checkpoint(infos).path
    places = " or ".join(str(root) for root in _roots())
    raise CheckpointError(f"no {direction} checkpoint in {places}: give --checkpoint")


def list_checkpoints(root: str | Path = SHIPPED_ROOT) -> list[CheckpointInfo]:
    """Every usable checkpoint folder directly under ``root``, sorted by name (see ``Scan``)."""
    return scan_checkpoints(root).infos

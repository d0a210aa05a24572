"""The files of a checkpoint folder, and the one rule for writing a folder: never over what
this library did not write, and always whole (written beside its name, then swapped in).

Rule: standard library only; it knows file names and folders, nothing of models.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from nmt_core.network.pausepoints import pause_point

WEIGHTS, CONFIG, TOKENIZER, METRICS = (
    "model.safetensors",
    "config.json",
    "spm.model",
    "metrics.jsonl",
)
PROBES = "probes.json"  # a run's probe record (nmt_core/learning/probes.py), shipped beside
OPTIMIZER, STATE = "optimizer.safetensors", "train_state.json"  # a run's latest/ (rundir.py)
# Every file a checkpoint folder may hold. A folder that holds anything else (or a sub-folder)
# is not one this library wrote, so it is never replaced: see :func:`writing_problem`.
CHECKPOINT_FILES = frozenset({WEIGHTS, CONFIG, TOKENIZER, METRICS, PROBES, OPTIMIZER, STATE})


def restore_interrupted_swap(target: Path) -> None:
    """Put ``target`` back if a kill fell between the two renames of :func:`replace_directory`
    (the previous version then waits complete in ``target.old``)."""
    old = target.with_name(target.name + ".old")
    if old.exists() and not target.exists():
        old.rename(target)


def _foreign_entries(folder: Path) -> list[str]:
    """The names in ``folder`` that no checkpoint holds (sub-folders and links included)."""
    return sorted(
        entry.name
        for entry in folder.iterdir()
        if entry.name not in CHECKPOINT_FILES or entry.is_symlink() or not entry.is_file()
    )


def _place_problem(path: Path, role: str) -> str | None:
    """Why ``path`` (the folder to write, or ``role``: its temporary or replaced sibling) may
    not be emptied by :func:`save_checkpoint`, or None: nothing is there, or only a
    checkpoint's own files."""
    if path.is_symlink():
        return f"{path} is a link{role}: give a new folder's name"
    if not path.exists():
        return None
    if not path.is_dir():
        return f"{path} is a file{role}, not a checkpoint folder: give a new folder's name"
    try:
        foreign = _foreign_entries(path)
    except OSError as error:
        return f"{path} cannot be read ({error.strerror or error})"
    if foreign:
        shown = ", ".join(foreign[:3]) + (", ..." if len(foreign) > 3 else "")
        return (
            f"{path}{role} holds what no checkpoint holds ({shown}), which would be lost: give "
            "a new folder's name, or an empty folder"
        )
    return None


def writing_problem(path: str | Path) -> str | None:
    """Why no checkpoint may be written at ``path``, or None.

    A checkpoint is written into a new folder, an empty one, or over a checkpoint folder (one
    holding only :data:`CHECKPOINT_FILES`), never over anything else: a user's folder of
    lessons or the root of all the checkpoints is refused before any work, and nothing is
    renamed or deleted. The siblings the write uses (``NAME.tmp``, ``NAME.old``) obey the same
    rule."""
    target = Path(os.path.abspath(path))
    if not target.name or target == Path.cwd():
        return f"{path} is no folder to write a checkpoint into: give a new folder's name"
    above = next(parent for parent in target.parents if parent.exists() or parent.is_symlink())
    if not above.is_dir():
        return f"{above} is a file, so {path} cannot be written"
    for place, role in (
        (target, ""),
        (target.with_name(target.name + ".tmp"), " (the temporary folder of that write)"),
        (target.with_name(target.name + ".old"), " (where that write sets the old folder aside)"),
    ):
        problem = _place_problem(place, role)
        if problem:
            return problem
    return None


def replace_directory(new: Path, target: Path) -> None:
    """Swap a fully written folder ``new`` in for ``target`` (the old one is removed last).
    ``target`` and its ``.old`` sibling are checkpoint folders or absent
    (:func:`writing_problem`, checked by the caller)."""
    old = target.with_name(target.name + ".old")
    restore_interrupted_swap(target)
    shutil.rmtree(old, ignore_errors=True)
    if target.exists():
        target.rename(old)
        pause_point(f"swap:{target.name}")
    new.rename(target)
    shutil.rmtree(old, ignore_errors=True)

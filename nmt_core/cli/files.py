"""The files a command's flags name, checked before any work: inputs readable as UTF-8 text,
outputs that can be written, JSON objects, the checkpoint asked for (:func:`prepared`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from nmt_core.checkpoint import checkpoint_folder, checkpoints_root, close_names, direction_default
from nmt_core.cli.parser import UsageError
from nmt_core.folders import writing_problem


def json_object(path: str, holds: str) -> dict[str, Any]:
    """The JSON object in the file ``path``; a ValueError that names the file (and what it
    should hold) when it is not one."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{path} is not a JSON file ({holds}): {error}") from error
    except RecursionError:
        raise ValueError(f"{path} is nested too deeply to be a JSON file ({holds})") from None
    if not isinstance(data, dict):
        raise ValueError(f"{path} must hold a JSON object ({holds})")
    return data


def config_sections(path: str | None) -> dict[str, Any]:
    """The sections of a --config file ({} without one): "model" and "train", nothing else, so a
    misspelt section is an error rather than silently the defaults."""
    if not path:
        return {}
    file = json_object(path, 'a config with "model" and "train" sections')
    unknown = set(file) - {"model", "train"}
    if unknown:
        sections = sorted(unknown)
        raise ValueError(f"{path}: config sections must be 'model' and 'train'; got {sections}")
    return file


def input_problem(path: str) -> str | None:
    """Why ``path`` is no UTF-8 text file to read, or None: said before the work that reads it
    (a folder or a Latin-1 file once failed only then, and without naming the file)."""
    if Path(path).exists() and not Path(path).is_dir() and not Path(path).is_file():
        return (
            f"{path} is not a regular file (a pipe, a device or standard input, which would be "
            "read more than once or for ever): save it to a file and give that"
        )
    try:
        Path(path).read_bytes().decode("utf-8")
    except FileNotFoundError:
        return f"{path} does not exist"
    except IsADirectoryError:
        return f"{path} is a folder, not a file"
    except OSError as error:
        return f"{path} cannot be read ({error.strerror})"
    except UnicodeDecodeError as error:
        return f"{path} is not UTF-8 text (byte {error.start}); save it as UTF-8"
    return None


def output_problem(path: str) -> str | None:
    """Why no file can be written at ``path``, or None: a folder is there, or a file stands
    where one of its folders would be (missing folders are made: see :func:`written`)."""
    target = Path(path).absolute()
    if target.is_dir():
        return f"{path} is a folder: give a file name"
    folder = next(parent for parent in target.parents if parent.exists())
    if not folder.is_dir():
        return f"{folder} is a file, so {path} cannot be written"
    return None


def written(path: str) -> Path:
    """``path``, its folders made: an output file to write."""
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    return Path(path)


def checkpoint_asked(args: argparse.Namespace) -> Path:
    """--checkpoint's folder (a path that exists, else a name in checkpoints_root() or the
    shipped ones), or the default model of --direction without it."""
    if not args.checkpoint:
        return direction_default(args.direction)
    folder = checkpoint_folder(args.checkpoint)
    if folder.exists():
        return folder
    close = close_names(args.checkpoint)
    guess = f"did you mean {close[0]} " if close else "no name is close "
    also = f"; also close: {', '.join(close[1:])}" if close[1:] else ""
    raise UsageError(
        f"--checkpoint: no checkpoint {args.checkpoint!r} (a folder, or a name in "
        f"{checkpoints_root()}): {guess}(see nmt-core list{also})"
    )


def prepared(args: argparse.Namespace) -> argparse.Namespace:
    """``args`` with --checkpoint a folder, once every file it names is known to be usable:
    raises UsageError (or CheckpointError) before any work, which could then be lost."""
    for name in args.inputs:
        problem = getattr(args, name) and input_problem(getattr(args, name))
        if problem:
            raise UsageError(f"--{name}: {problem}")
    for name in args.outputs:
        problem = getattr(args, name) and output_problem(getattr(args, name))
        if problem:
            raise UsageError(f"--{name}: {problem}")
    for name in args.folders:
        problem = getattr(args, name) and writing_problem(getattr(args, name))
        if problem:
            raise UsageError(f"--{name}: {problem}")
    if "checkpoint" in vars(args) and not getattr(args, "config", None):
        args.checkpoint = checkpoint_asked(args)
    return args

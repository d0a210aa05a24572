"""What every command's parser shares: one-line errors, UsageError, a command's parser with the
files its flags name, and the flags several commands take (--checkpoint, --direction, --device)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any, NoReturn

from nmt_core.network.device import DEVICES
from nmt_core.text.data import DIRECTIONS

DEVICE_HELP = "auto (CUDA when present), cpu or cuda (default auto)"
DEFAULT_MODEL = "default: the default model of --direction"


class Parser(argparse.ArgumentParser):
    """Wrong flags give one line (what is wrong and where to look), not the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class UsageError(Exception):
    """A flag's value that is wrong in a way only seen after parsing (a folder given as a file,
    a checkpoint name that is nowhere): reported like argparse's errors, before any work, and
    naming the flag (its message says where to look when that helps)."""


def add_command(sub: Any, name: str, help: str, run: Callable[..., int], **files: Any) -> Any:
    """A command's parser; ``files``: the flags that name files to read (``inputs``), files to
    write (``outputs``) and checkpoint folders to write (``folders``), checked by
    :func:`nmt_core.cli.files.prepared` before ``run``."""
    p = sub.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")
    p.set_defaults(
        run=run,
        inputs=files.get("inputs", ()),
        outputs=files.get("outputs", ()),
        folders=files.get("folders", ()),
    )
    return p


def add_direction(p: Any) -> None:
    """--direction: which default model a command without --checkpoint uses."""
    p.add_argument(
        "--direction", choices=DIRECTIONS, default="de-en",
        help="without --checkpoint: the default model of this direction (default de-en)",
    )  # fmt: skip


def add_checkpoint(p: Any) -> None:
    """--checkpoint, and --direction for its default: the model a command uses."""
    p.add_argument("--checkpoint", help=f"a checkpoint folder or name ({DEFAULT_MODEL})")
    add_direction(p)


def _device(text: str) -> str:
    if text not in DEVICES:
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(DEVICES)}; got {text!r}")
    return text


def add_device(p: Any) -> None:
    """--device: where the model runs."""
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)

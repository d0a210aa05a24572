"""The export command: a checkpoint copied for shipping, fp16, with its run's metrics, probe
record and test scores."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from nmt_core.checkpoint import checkpoint_folder, load_checkpoint, run_log, save_checkpoint
from nmt_core.cli.files import json_object
from nmt_core.cli.parser import add_command
from nmt_core.folders import METRICS
from nmt_core.learning.probes import PROBES, probes_since_start


def command_export(args: argparse.Namespace) -> int:
    """Copy a trained checkpoint for shipping: fp16 weights, its run's metrics and probe record
    (a fine-tuned one's continued from its parent's), test scores in meta, and no path of the
    machine it was trained on."""
    source = checkpoint_folder(args.checkpoint)
    checkpoint = load_checkpoint(source)
    meta = {**without_build_paths(checkpoint.meta), "name": args.name or Path(args.output).name}
    if args.scores:
        meta.update(json_object(args.scores, "the test scores to record"))
    extra = {name: log_file.read_bytes() for name in (METRICS, PROBES)
             if (log_file := run_log(source, name))}  # fmt: skip
    if PROBES in extra and meta.get("fine_tuned_from"):  # the parent is found by its own path
        extra[PROBES] = probes_since_start(source, checkpoint.meta)
    save_checkpoint(
        args.output, checkpoint.model, checkpoint.tokenizer, meta, half=True, extra_files=extra
    )
    print(f"exported {source} -> {args.output}")
    return 0


# train_config fields that name places on the machine that trained the model: a shipped
# checkpoint keeps the run folder of none, and of the others their names alone (the parent's
# checkpoint name resolves in a clone; the tokenizer ships inside the checkpoint)
RUN_FOLDER, BUILD_FILES = "output_dir", ("init_checkpoint", "tokenizer", "tatoeba")


def without_build_paths(meta: dict[str, Any]) -> dict[str, Any]:
    """``meta`` with no absolute path of the build machine in its run's settings or its
    parent's (``fine_tuned_from``): the run folder emptied, other paths cut to their names.
    A system path such as Debian's dictionary (``corpus``) stays: it is where it is installed
    everywhere."""
    cleaned = dict(meta)
    if isinstance(meta.get("train_config"), dict):
        settings = {**meta["train_config"], RUN_FOLDER: ""}
        for field in BUILD_FILES:
            if isinstance(settings.get(field), str) and Path(settings[field]).is_absolute():
                settings[field] = Path(settings[field]).name
        cleaned["train_config"] = settings
    if isinstance(meta.get("fine_tuned_from"), dict):
        cleaned["fine_tuned_from"] = without_build_paths(meta["fine_tuned_from"])
    return cleaned


def register(sub: Any) -> None:
    """The export command's parser."""
    p = add_command(sub, "export", "copy a checkpoint for shipping (fp16, with its metrics)",
                    command_export, inputs=("scores",), folders=("output",))  # fmt: skip
    p.add_argument("--checkpoint", required=True, help="a checkpoint folder or name")
    p.add_argument(
        "--output", required=True,
        help="the folder to write: a new or empty one, or a checkpoint to replace",
    )  # fmt: skip
    p.add_argument("--name", help="the name to record in its meta (default: the folder's)")
    p.add_argument("--scores", help="JSON of test scores to store in the checkpoint's metadata")

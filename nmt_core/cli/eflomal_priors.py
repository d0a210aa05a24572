"""The eflomal-priors command: the reference aligner's priors, built once from a model's training
pairs into the user's cache."""

from __future__ import annotations

import argparse
from typing import Any

from nmt_core.analysis import eflomal
from nmt_core.checkpoint import CheckpointError, read_config
from nmt_core.cli.files import config_sections
from nmt_core.cli.parser import DEFAULT_MODEL, add_command, add_direction
from nmt_core.network.config import TrainConfig


def training_config_of(args: argparse.Namespace) -> TrainConfig:
    """The training settings of --config (its "train" section) or of --checkpoint's meta (the
    direction's default model without either)."""
    if args.config:
        return TrainConfig.from_dict(config_sections(args.config).get("train", {}))
    meta = read_config(args.checkpoint)[1]
    if "train_config" not in meta:
        raise CheckpointError(f"{args.checkpoint} does not record its training data: give --config")
    return TrainConfig.from_dict(meta["train_config"])


def command_eflomal_priors(args: argparse.Namespace) -> int:
    """Build eflomal's priors from a model's training pairs, once, in the user's cache."""
    cfg = training_config_of(args)
    target = eflomal.priors_path(cfg)
    if target.is_file() and not args.refresh:
        print(f"already built: {target} (--refresh builds them again)")
        return 0
    from tqdm import tqdm  # only this command draws a bar

    phases = 3 + 2 * (eflomal.installed() is None)
    with tqdm(total=phases, desc="eflomal priors", unit="phase") as bar:
        begun: list[str] = []

        def progress(message: str) -> None:  # a phase begins: the one before it is done
            bar.update(1 if begun else 0)
            begun.append(message)
            bar.set_postfix_str(message[:70])

        built = eflomal.build_priors(cfg, progress)
        bar.update(1)
    print(f"wrote {built}")
    return 0


def register(sub: Any) -> None:
    """The eflomal-priors command's parser."""
    p = add_command(sub, "eflomal-priors", "build the reference aligner's priors (once; minutes)",
                    command_eflomal_priors, inputs=("config",))  # fmt: skip
    which = p.add_mutually_exclusive_group()
    which.add_argument(
        "--checkpoint", help=f"the model whose training pairs to use ({DEFAULT_MODEL})"
    )
    which.add_argument("--config", help="a recipe JSON whose 'train' section names the data")
    add_direction(p)
    p.add_argument("--refresh", action="store_true", help="build them again")

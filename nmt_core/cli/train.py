"""The train and tokenizer commands: a run's settings from a config file and flags, checked
(ranges, run folder, tokenizer, probes) before the corpus is read."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict, replace
from pathlib import Path
from typing import Any

from nmt_core.cli.files import config_sections, input_problem
from nmt_core.cli.options import (
    CHOICES,
    MODEL_FLAG_TYPES,
    MODEL_FLAGS,
    TRAIN_FLAG_TYPES,
    TRAIN_FLAGS,
    config_overrides,
    option_help,
    option_type,
    refuse_out_of_range,
)
from nmt_core.cli.parser import UsageError, add_command
from nmt_core.learning.rundir import RunDir
from nmt_core.network.config import ModelConfig, TrainConfig
from nmt_core.text.data import CorpusError


def asked_configs(args: argparse.Namespace) -> tuple[TrainConfig, ModelConfig]:
    """The run's settings: the config file's, then the flags' (a resumed run's own first), all
    checked against :data:`nmt_core.cli.options.RANGES`."""
    file = config_sections(args.config)
    model = {**file.get("model", {}), **config_overrides(args, MODEL_FLAGS)}
    if args.no_input_feeding:
        model["input_feeding"] = False
    if args.coverage:
        model["coverage"] = True
    if args.lexical:
        model["lexical"] = True
    asked = {**file.get("train", {}), **config_overrides(args, TRAIN_FLAGS)}
    train_cfg, model_cfg = TrainConfig.from_dict(asked), ModelConfig.from_dict(model)
    saved = RunDir(train_cfg.output_dir).saved_configs() if args.resume else None
    if saved is not None:  # the run's own settings, then what was asked (train() checks it)
        train_cfg = TrainConfig.from_dict({**asdict(saved[0]), **asked})
        model_cfg = ModelConfig.from_dict({**asdict(saved[1]), **model})
    refuse_out_of_range(train_cfg)
    refuse_out_of_range(model_cfg)
    problem = run_folder_problem(train_cfg.output_dir)
    if problem:
        raise UsageError(f"--output-dir: {problem}")
    problem = train_cfg.tokenizer and tokenizer_problem(train_cfg.tokenizer)
    if problem:
        raise UsageError(f"--tokenizer: {problem}")
    problem = train_cfg.probes and probes_problem(train_cfg.probes)
    if problem:
        raise UsageError(f"--probes: {problem}")
    return train_cfg, model_cfg


def probes_problem(path: str) -> str | None:
    """Why ``path`` is no probe TSV (with its gold beside it), or None: said before the run
    folder is made, where a bad file once stopped the run after its first save."""
    from nmt_core.learning.probes import read_probe_set

    problem = input_problem(path)
    if problem:
        return problem
    try:
        read_probe_set(path)
    except (CorpusError, ValueError, OSError) as error:
        return str(error)
    return None


def tokenizer_problem(path: str) -> str | None:
    """Why ``path`` is no sentencepiece model to train with, or None: said before the corpus
    is read (a folder or a text file once failed with a traceback only then)."""
    from nmt_core.text.tokenization import Tokenizer

    if not Path(path).exists():
        return f"{path} does not exist"
    if Path(path).is_dir():
        return f"{path} is a folder: give a sentencepiece .model file"
    try:
        Tokenizer.load(path)
    except (OSError, RuntimeError, ValueError) as error:
        return f"{path} is not a sentencepiece model ({str(error).splitlines()[0][:80]})"
    return None


def run_folder_problem(path: str) -> str | None:
    """Why no run folder can be made or continued at ``path``, or None (a file stands there,
    or where one of its folders would be): said before the corpus is read."""
    target = Path(path).absolute()
    if target.exists() and not target.is_dir():
        return f"{path} is a file: give a folder's name"
    above = next(parent for parent in target.parents if parent.exists())
    if not above.is_dir():
        return f"{above} is a file, so {path} cannot be made"
    return None


_TOO_FEW_PIECES = re.compile(r"Vocabulary size is smaller than required_chars\. (\d+) vs (\d+)")


@contextmanager
def vocabulary_checked() -> Iterator[None]:
    """Turn sentencepiece's error for a vocabulary smaller than the corpus's characters (known
    only once the corpus is read) into a ValueError that says what size would do."""
    try:
        yield
    except RuntimeError as error:
        found = _TOO_FEW_PIECES.search(str(error))
        if found is None:
            raise
        raise ValueError(
            f"vocab_size {found[1]} is too small for this corpus: its characters and the 4 "
            f"special pieces need at least {found[2]}"
        ) from None


@contextmanager
def removed_if_left_empty(folder: Path) -> Iterator[None]:
    """A refused run leaves nothing behind: the folders up to ``folder`` that this run made,
    if they are still empty when it fails (a run that saved anything keeps it)."""
    made = [f for f in [folder, *folder.parents] if not f.exists()]  # the deepest first
    try:
        yield
    except BaseException:
        for made_folder in made:
            if not made_folder.is_dir() or any(made_folder.iterdir()):
                break
            made_folder.rmdir()
        raise


def command_train(args: argparse.Namespace) -> int:
    """Train a model (or resume its run); 128 + the signal's number when a signal stopped it."""
    # imports tqdm and the training stack only when needed
    from nmt_core.learning.training import TrainingStopped, train

    train_cfg, model_cfg = asked_configs(args)
    try:
        with removed_if_left_empty(Path(train_cfg.output_dir)), vocabulary_checked():
            best = train(train_cfg, model_cfg, resume=args.resume)
    except TrainingStopped as stopped:
        print(stopped, file=sys.stderr)
        return 128 + stopped.signum  # the shell's code for death by that signal: not finished
    print(f"best checkpoint: {best}")
    return 0


def command_tokenizer(args: argparse.Namespace) -> int:
    """Train the joint sentencepiece model once, so that compared models share one vocabulary."""
    from nmt_core.corpora.corpus import build_tokenizer, prepare_split, training_pairs

    file = config_sections(args.config)
    cfg = TrainConfig.from_dict({**file.get("train", {}), **config_overrides(args, TRAIN_FLAGS)})
    refuse_out_of_range(cfg)
    with vocabulary_checked():
        pairs = training_pairs(prepare_split(cfg), cfg)
        tokenizer = build_tokenizer(replace(cfg, tokenizer=""), pairs)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    tokenizer.save(args.output)
    print(f"wrote {args.output} ({tokenizer.vocab_size} pieces)")
    return 0


def register(sub: Any) -> None:
    """The train and tokenizer commands' parsers."""
    p = add_command(sub, "train", "train a model (resumable)", command_train,
                    inputs=("config",))  # fmt: skip
    p.add_argument("--config", help="JSON file with 'model' and 'train' sections; flags "
                   "override its values (default none: the defaults below)")  # fmt: skip
    p.add_argument("--resume", action="store_true",
                   help="continue from OUTPUT_DIR/latest (default off: a new run)")  # fmt: skip
    for flag in ("scorer", "decoder", "rnn_type"):
        p.add_argument("--" + flag.replace("_", "-"), dest=flag, choices=CHOICES[flag],
                       help=option_help(flag))  # fmt: skip
    p.add_argument("--no-input-feeding", action="store_true",
                   help="luong decoder without input feeding (default off: it feeds)")  # fmt: skip
    p.add_argument(
        "--coverage", action="store_true",
        help="additive scorer: the score also reads the attention each word has had so far "
        "(default off)",
    )  # fmt: skip
    p.add_argument(
        "--lexical", action="store_true",
        help="the attention-weighted source embeddings also go straight to the output layer "
        "(default off)",
    )  # fmt: skip
    kinds = {**MODEL_FLAG_TYPES, **TRAIN_FLAG_TYPES}
    for flag in kinds:
        choices = CHOICES[flag] if flag in CHOICES and kinds[flag] is str else None
        p.add_argument("--" + flag.replace("_", "-"), dest=flag, type=option_type(flag, kinds),
                       choices=choices, help=option_help(flag))  # fmt: skip
    p.add_argument("--stream", action="store_const", const=True, help=option_help("stream"))

    p = add_command(sub, "tokenizer", "train the shared sentencepiece model for a config",
                    command_tokenizer, inputs=("config",), outputs=("output",))  # fmt: skip
    p.add_argument("--config", help="JSON file with a 'train' section (default none)")
    p.add_argument("--output", required=True, help="where to write the .model file")
    p.add_argument("--corpus", help=option_help("corpus"))
    p.add_argument("--direction", choices=CHOICES["direction"], help=option_help("direction"))
    p.add_argument(
        "--vocab-size", dest="vocab_size", type=option_type("vocab_size", TRAIN_FLAG_TYPES),
        help=option_help("vocab_size", "joint sentencepiece vocabulary size"),
    )  # fmt: skip

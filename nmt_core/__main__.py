"""Command line: ``python -m nmt_core COMMAND --help``.

Commands: train, tokenizer, translate, evaluate, align, eflomal-priors, probes, average, list,
export. A wrong flag, file or checkpoint name is one line on stderr and exit code 2, found before
any work starts (argparse's checks, then :func:`prepared`).
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, NoReturn

from nmt_core.analysis import eflomal
from nmt_core.analysis.alignment import (
    DEFAULT_THRESHOLD,
    HARD_ALIGNMENT_METHODS,
    align,
    alignment_error_rate,
    check_gold_in_range,
    format_pharaoh,
    read_gold_file,
)
from nmt_core.analysis.eflomal import EflomalError
from nmt_core.checkpoint import (
    METRICS,
    Checkpoint,
    CheckpointError,
    CheckpointInfo,
    checkpoint_folder,
    checkpoints_root,
    close_names,
    default_checkpoint,
    direction_default,
    load_checkpoint,
    read_config,
    run_log,
    save_checkpoint,
    scan_checkpoints,
    writing_problem,
)
from nmt_core.corpora.corpus import pairs_from_file, test_pairs
from nmt_core.learning.probes import PROBES, alignment_errors, probes_since_start, read_probes
from nmt_core.learning.rundir import RunDir
from nmt_core.measures.evaluation import bleu_by_length, sentence_attention_stats
from nmt_core.network.config import LR_SCHEDULES, RNN_TYPES, ModelConfig, TrainConfig
from nmt_core.network.device import DEVICES, PRECISIONS
from nmt_core.network.scorers import DECODER_STYLES, SCORER_NAMES, scorer
from nmt_core.text.data import AUGMENTATIONS, DIRECTIONS, KINDS, CorpusError, Pair
from nmt_core.translate import MAX_SOURCE_PIECES, attention_table, score_pairs, translate

# --- train -------------------------------------------------------------------------------


def _config_overrides(args: argparse.Namespace, names: list[str]) -> dict[str, Any]:
    return {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}


def _comma_list(text: str) -> tuple[str, ...]:
    """``sentence,phrase`` -> ("sentence", "phrase")."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


@dataclass(frozen=True)
class Range:
    """The values a numeric option may take: finite, whole where ``whole``, from ``low`` (left
    out where ``above``) up to ``high`` (left out where ``below``). ``inf`` and ``nan`` are never
    in range: a run with lr inf trains to NaN weights and still says it finished."""

    whole: bool
    low: float
    high: float = math.inf
    above: bool = False
    below: bool = True

    def holds(self, value: float) -> bool:
        if not math.isfinite(value):
            return False
        over = value > self.low if self.above else value >= self.low
        under = value < self.high if self.below else value <= self.high
        return over and under

    def __str__(self) -> str:
        kind = "a whole number" if self.whole else "a finite number"
        if math.isinf(self.high):
            return f"{kind} {'>' if self.above else '>='} {self.low:g}"
        left, right = "(" if self.above else "[", ")" if self.below else "]"
        low, high = (int(x) if self.whole else f"{x:g}" for x in (self.low, self.high))
        return f"{kind} in {left}{low}, {high}{right}"

    def parse(self, text: str) -> float:
        """The flag's value; argparse turns the error into one line that names the flag."""
        try:
            value = int(text) if self.whole else float(text)
        except ValueError:
            value = math.nan
        if not self.holds(value):
            raise argparse.ArgumentTypeError(f"must be {self}; got {text!r}")
        return value


COUNT, SOME = Range(True, 0), Range(True, 1)  # whole numbers from 0, from 1
NONNEGATIVE, POSITIVE = Range(False, 0), Range(False, 0, above=True)
FRACTION = Range(False, 0, 1)  # [0, 1): a probability that must leave something
# Every number of ModelConfig and TrainConfig (a test checks none is missing): flags and config
# files are both held to these before any work, so a run never starts on a value it cannot use.
BEAMS = Range(True, 1, 64, below=False)  # past 64 a search only grows slower (and memory)
SIZES = Range(True, 1, 4096, below=False)  # a layer's width: far past any model a CPU trains
RATES = Range(False, 0, 1, above=True, below=False)  # (0, 1]: Adam's rates are far below 1
RANGES: dict[str, Range] = {
    # the 4 special pieces and one more, up to sentencepiece's practical ceiling
    "vocab_size": Range(True, 5, 64_000, below=False),
    "embed_size": SIZES, "hidden_size": Range(True, 2, 4096, below=False), "attention_size": SIZES,
    "dropout": FRACTION, "pad_id": COUNT, "unk_id": COUNT, "bos_id": COUNT, "eos_id": COUNT,
    "sentence_repeats": SOME, "word_sample": COUNT, "probe_every": COUNT, "max_words": SOME,
    "dev_size": SOME,  # evaluation decodes dev sentences
    "test_size": COUNT, "batch_tokens": SOME, "max_epochs": SOME, "max_steps": COUNT,
    "max_minutes": NONNEGATIVE, "lr": RATES, "lr_decay": Range(False, 0, 1, above=True),
    "lr_patience": COUNT, "min_lr": Range(False, 0, 1, below=False), "early_stop_patience": SOME,
    "clip_norm": POSITIVE, "label_smoothing": FRACTION, "token_dropout": FRACTION,
    "subword_alpha": Range(False, 0, 1, below=False), "guided_alignment": NONNEGATIVE,
    "eval_every": SOME, "eval_sentences": SOME, "snapshots": COUNT,
    "seed": Range(True, 0, 2**32), "threads": COUNT, "generated_pairs": SOME,
    "fixed_phrase_repeats": SOME,
}  # fmt: skip


def refuse_out_of_range(config: ModelConfig | TrainConfig) -> None:
    """Raise ValueError naming the first option of ``config`` outside :data:`RANGES` (a config
    file's values; flags were held to the same ranges when parsed)."""
    for field in fields(config):
        value = getattr(config, field.name)
        if field.name in RANGES and not RANGES[field.name].holds(value):
            raise ValueError(
                f"{type(config).__name__} option {field.name} must be "
                f"{RANGES[field.name]}; got {value!r}"
            )


# Flags given as --name-with-dashes; each overrides the same-named field of the config file.
MODEL_FLAG_TYPES: dict[str, Callable[[str], Any]] = {
    "embed_size": int,
    "hidden_size": int,
    "attention_size": int,
    "dropout": float,
}
MODEL_FLAGS = ["scorer", "decoder", "rnn_type", *MODEL_FLAG_TYPES]
TRAIN_FLAG_TYPES: dict[str, Callable[[str], Any]] = {
    "corpus": str,
    "direction": str,
    "output_dir": str,
    "vocab_size": int,
    "dev_size": int,
    "test_size": int,
    "batch_tokens": int,
    "max_steps": int,
    "max_epochs": int,
    "max_minutes": float,
    "eval_every": int,
    "eval_sentences": int,
    "lr": float,
    "lr_schedule": str,
    "token_dropout": float,
    "subword_alpha": float,
    "guided_alignment": float,
    "kinds": _comma_list,
    "word_sample": int,
    "tagged_kinds": _comma_list,
    "extra_corpora": _comma_list,
    "augment": _comma_list,
    "generated_pairs": int,
    "fixed_phrase_repeats": int,
    "generated_avoid": _comma_list,
    "probes": str,
    "probe_every": int,
    "tokenizer": str,
    "init_checkpoint": str,
    "seed": int,
    "device": str,
    "threads": int,
    "precision": str,
    "snapshots": int,
}
TRAIN_FLAGS = [*TRAIN_FLAG_TYPES, "stream"]
# The choices of the flags that have them; a comma list (kinds, ...) takes several.
CHOICES: dict[str, Sequence[str]] = {
    "scorer": SCORER_NAMES, "decoder": DECODER_STYLES, "rnn_type": RNN_TYPES,
    "direction": DIRECTIONS, "lr_schedule": LR_SCHEDULES, "device": DEVICES,
    "precision": PRECISIONS, "kinds": KINDS, "tagged_kinds": KINDS, "augment": AUGMENTATIONS,
}  # fmt: skip
# What each config flag does; its default and choices are added from the config dataclasses and
# CHOICES (option_help), so the help cannot drift from what a run does.
OPTION_HELP = {
    "scorer": "attention scoring function (nmt_core/network/scorers.py)",
    "decoder": "where the decoder attends from: bahdanau s_{t-1}, luong s_t, conditional s'_t",
    "rnn_type": "recurrent cell of encoder and decoder",
    "embed_size": "word embedding size (also the output layer's input)",
    "hidden_size": "decoder state size, even: each encoder direction gets half",
    "attention_size": "hidden size of the additive scorer (W_a s + U_a h)",
    "dropout": "dropout probability",
    "corpus": "Ding dictionary file or a TSV of sentence pairs (source TAB target)",
    "direction": "source-target languages",
    "output_dir": "run folder: latest/ (for --resume), best/, snapshots/ and the logs",
    "vocab_size": "joint sentencepiece vocabulary size (not used with --tokenizer)",
    "dev_size": "held-out dev pairs, evaluated during training",
    "test_size": "held-out test pairs (what evaluate scores without --tsv)",
    "batch_tokens": "padded tokens per batch (longer side)",
    "max_steps": "stop after this many updates (0 = no limit)",
    "max_epochs": "stop after this many passes over the training pairs",
    "max_minutes": "stop after this many minutes of training (0 = no limit)",
    "eval_every": "updates between dev evaluations and checkpoints",
    "eval_sentences": "dev sentences decoded (greedy) per evaluation",
    "lr": "Adam learning rate",
    "lr_schedule": "plateau: lower lr when dev BLEU stalls; cosine: anneal it over --max-steps",
    "token_dropout": "probability that an input token becomes <unk> while training",
    "subword_alpha": "sentencepiece sampling alpha: a new segmentation each epoch (0 = off)",
    "guided_alignment": "weight of a loss that teaches attention eflomal's links (0 = off)",
    "kinds": "Ding pair kinds to train on, comma-separated",
    "word_sample": "train on a seeded sample of this many single-word pairs (0 = all)",
    "tagged_kinds": "kinds whose sources get a tag, comma-separated, among --kinds",
    "extra_corpora": "more TSVs of sentence pairs, train split only, comma-separated",
    "augment": "pairs made from the Ding entries, train split only, comma-separated",
    "generated_pairs": "how many pairs generated_sentences writes (with --augment)",
    "fixed_phrase_repeats": "how many times each fixed phrasebook expression is among them",
    "generated_avoid": "TSVs of evaluation sentences never generated, comma-separated",
    "probes": "TSV of probe pairs whose attention each evaluation records in probes.json",
    "probe_every": "also record the probes every N updates (0 = at evaluations only)",
    "tokenizer": "reuse this sentencepiece model (one vocabulary across compared models)",
    "init_checkpoint": "fine-tune: start from this checkpoint's weights and tokenizer",
    "seed": "random seed of the split, the batches and the initial weights",
    "device": "auto: CUDA when present, else the CPU",
    "threads": "torch CPU threads (0 = torch's default)",
    "precision": "autocast of the training forward pass (evaluation is always fp32)",
    "snapshots": "keep the weights of the last N evaluations, for average (0 = none)",
    "stream": "read a TSV corpus in passes, its training pairs as ids on disk",
}
DEFAULTS = {f.name: f.default for config in (ModelConfig, TrainConfig) for f in fields(config)}
DEVICE_HELP = "auto (CUDA when present), cpu or cuda (default auto)"


def shown_default(value: Any) -> str:
    """A config default as a flag would spell it: "off", "none", "sentence,phrase", "0.002"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(value) or "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value) if value != "" else "none"


def option_help(name: str) -> str:
    """OPTION_HELP[name] with the config's default, the choices and the range."""
    extra = [f"default {shown_default(DEFAULTS[name])}"]
    if name in CHOICES:
        extra.append(f"choices {', '.join(CHOICES[name])}")
    if name in RANGES:
        extra.append(str(RANGES[name]))
    return f"{OPTION_HELP[name]} ({'; '.join(extra)})"


def option_type(name: str, kinds: dict[str, Callable[[str], Any]]) -> Callable[[str], Any]:
    """How a flag's text becomes its value: held to its range when it is a number."""
    return RANGES[name].parse if name in RANGES else kinds[name]


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


def asked_configs(args: argparse.Namespace) -> tuple[TrainConfig, ModelConfig]:
    """The run's settings: the config file's, then the flags' (a resumed run's own first), all
    checked against :data:`RANGES`."""
    file = config_sections(args.config)
    model = {**file.get("model", {}), **_config_overrides(args, MODEL_FLAGS)}
    if args.no_input_feeding:
        model["input_feeding"] = False
    if args.coverage:
        model["coverage"] = True
    if args.lexical:
        model["lexical"] = True
    asked = {**file.get("train", {}), **_config_overrides(args, TRAIN_FLAGS)}
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
    cfg = TrainConfig.from_dict({**file.get("train", {}), **_config_overrides(args, TRAIN_FLAGS)})
    refuse_out_of_range(cfg)
    with vocabulary_checked():
        pairs = training_pairs(prepare_split(cfg), cfg)
        tokenizer = build_tokenizer(replace(cfg, tokenizer=""), pairs)
    Path(args.output).parent.mkdir(parents=True, exist_ok=True)
    tokenizer.save(args.output)
    print(f"wrote {args.output} ({tokenizer.vocab_size} pieces)")
    return 0


# --- translate ---------------------------------------------------------------------------


def command_translate(args: argparse.Namespace) -> int:
    checkpoint = load_checkpoint(args.checkpoint, device=args.device)
    sentences = args.sentences or [line for line in sys.stdin.read().splitlines() if line.strip()]
    if not sentences:
        print("nothing to translate: give a sentence or pipe lines in", file=sys.stderr)
        return 2
    for sentence in sentences:
        result = translate(checkpoint, sentence, beam_size=args.beam, reference=args.reference)
        print(result.hypothesis)
        if result.truncated:
            print(f"(input was cut to the first {MAX_SOURCE_PIECES} subword pieces)")
        if not args.quiet:
            print(attention_table(result, word_level=args.words))
            print()
    return 0


# --- evaluate ----------------------------------------------------------------------------


def evaluate_pairs(
    checkpoint: Checkpoint, checkpoint_path: Path, pairs: list[Pair], beam: int
) -> dict[str, Any]:
    """BLEU/chrF overall and by source length, and every translation (what a reader judges:
    the blind readings of checkpoints/recipes/blind_reading.py)."""
    scores = score_pairs(checkpoint.model, checkpoint.tokenizer, pairs, beam)
    hypotheses = list(scores.hypotheses)
    references = [p.target for p in pairs]
    lengths = [len(p.source.split()) for p in pairs]
    return {
        "checkpoint": str(checkpoint_path),
        "sentences": len(pairs),
        "beam": beam,
        "bleu": scores.bleu,
        "chrf": scores.chrf,
        "by_length": [asdict(b) for b in bleu_by_length(lengths, hypotheses, references)],
        "translations": [
            {"source": p.source, "reference": p.target, "hypothesis": h}
            for p, h in zip(pairs, hypotheses, strict=True)
        ],
    }


def command_evaluate(args: argparse.Namespace) -> int:
    path = Path(args.checkpoint)
    pairs = test_pairs(path, args.tsv)
    checkpoint = load_checkpoint(path, device=args.device)
    report = evaluate_pairs(checkpoint, path, pairs, args.beam)
    if args.stats:
        with written(args.stats).open("w", encoding="utf-8") as f:
            for pair in pairs:
                result = translate(checkpoint, pair.source, reference=pair.target)
                attention = result.reference.attention  # None without attention
                stats = sentence_attention_stats(attention) if attention is not None else {}
                f.write(json.dumps({"source": pair.source, **stats}) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "translations"}, indent=2))
    if args.output:
        written(args.output).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    return 0


# --- align -------------------------------------------------------------------------------


def command_align(args: argparse.Namespace) -> int:
    checkpoint = load_checkpoint(args.checkpoint, device=args.device)
    if not scorer(checkpoint.config.scorer).attends:
        print("this model has no attention, so it gives no alignments", file=sys.stderr)
        return 2
    pairs = pairs_from_file(args.tsv)
    gold = read_gold_file(args.gold, len(pairs)) if args.gold else None  # before any work
    aligned = [
        align(translate(checkpoint, p.source, reference=p.target), args.method, args.threshold)
        for p in pairs
    ]
    if gold is not None:
        check_gold_in_range(gold, [a.view.shape if a else (0, 0) for a in aligned], args.gold)
    predicted = [a.links if a else frozenset() for a in aligned]
    text = "".join(format_pharaoh(links) + "\n" for links in predicted)
    if args.output:
        written(args.output).write_text(text)
    else:
        sys.stdout.write(text)
    if gold is not None:
        scores = alignment_error_rate(predicted, [g[0] for g in gold], [g[1] for g in gold])
        print(json.dumps(asdict(scores)), file=sys.stderr)
    return 0


# --- probes ------------------------------------------------------------------------------


def command_probes(args: argparse.Namespace) -> int:
    """Attention across training: each record's probe AER (when gold is known) and translations."""
    log = read_probes(Path(args.folder) / PROBES)
    gold = read_gold_file(args.gold, len(log.sentences)) if args.gold else None
    known = gold is not None or all(s.gold is not None for s in log.sentences)
    scores = alignment_errors(log, gold, args.method) if known else None
    print("step    dev BLEU  " + ("AER    P      R      " if scores else "") + "first probe")
    for k, evaluation in enumerate(log.evaluations):
        bleu = "-" if evaluation.dev_bleu is None else f"{evaluation.dev_bleu:.2f}"
        aer = ""
        if scores is not None:
            aer = f"{scores[k].aer:.3f}  {scores[k].precision:.3f}  {scores[k].recall:.3f}  "
        print(f"{evaluation.step:<7} {bleu:>8}  {aer}{evaluation.hypotheses[0]}")
    return 0


# --- eflomal's priors ----------------------------------------------------------------------


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


# --- list and export ---------------------------------------------------------------------


def command_list(args: argparse.Namespace) -> int:
    """One row per checkpoint on stdout, its name first (scripts read the names with a split);
    the header goes to stderr, which a terminal shows above the rows and a pipe leaves out."""
    root = Path(args.root)
    if not root.is_dir():
        what = "is a file" if root.exists() else "does not exist"
        print(f"error: {root} {what}: give --root a folder of checkpoints", file=sys.stderr)
        return 1
    scan = scan_checkpoints(root)
    for problem in scan.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    if not scan.infos:
        print(f"no checkpoints in {root}: train one with: python -m nmt_core train --help")
        return 1
    header, *rows = checkpoint_table(scan.infos)
    print(header, file=sys.stderr, flush=True)
    print("\n".join(rows))
    return 0


def checkpoint_table(infos: Sequence[CheckpointInfo]) -> list[str]:
    """A header, then a row per checkpoint: name, direction, scorer, decoder, size, whether it
    is its direction's default (the one translate and the dashboard open on), test BLEU.
    Columns are as wide as their longest entry, so that "conditional" keeps them aligned."""
    defaults = {default_checkpoint([i for i in infos if i.direction == d]).path
                for d in {i.direction for i in infos}}  # fmt: skip
    cells = [
        (i.name, i.direction, i.scorer, i.decoder,
         "-" if i.parameters is None else f"{i.parameters / 1e6:.2f}M",
         "default" if i.path in defaults else "",
         "-" if i.test_bleu is None else f"{i.test_bleu:.1f}")
        for i in infos
    ]  # fmt: skip
    titles = ("name", "direction", "scorer", "decoder")
    widths = [max(len(row[k]) for row in [titles, *cells]) for k in range(len(titles))]
    columns = "  ".join(f"{{:{width}}}" for width in widths)
    header = (columns + "  {:>6}").format(*titles, "size")
    return [header, *((columns + "  {:>6} parameters  {:7}  test BLEU {}").format(*row)
                      for row in cells)]  # fmt: skip


def command_export(args: argparse.Namespace) -> int:
    """Copy a trained checkpoint for shipping: fp16 weights, its run's metrics and probe record
    (a fine-tuned one's continued from its parent's), test scores in meta."""
    source = checkpoint_folder(args.checkpoint)
    checkpoint = load_checkpoint(source)
    meta = {**checkpoint.meta, "name": args.name or Path(args.output).name}
    if args.scores:
        meta.update(json_object(args.scores, "the test scores to record"))
    extra = {name: log_file.read_bytes() for name in (METRICS, PROBES)
             if (log_file := run_log(source, name))}  # fmt: skip
    if PROBES in extra and meta.get("fine_tuned_from"):
        extra[PROBES] = probes_since_start(source, meta)
    save_checkpoint(
        args.output, checkpoint.model, checkpoint.tokenizer, meta, half=True, extra_files=extra
    )
    print(f"exported {source} -> {args.output}")
    return 0


# --- average -----------------------------------------------------------------------------


def command_average(args: argparse.Namespace) -> int:
    """Choose, on dev, between a run's best checkpoint and means of its last snapshots."""
    from nmt_core.corpora.corpus import dev_pairs
    from nmt_core.learning.averaging import rank_candidates, write_chosen

    run = Path(args.run_dir)
    output = Path(args.output) if args.output else run / "averaged"
    problem = writing_problem(output)
    if problem:  # said before the dev decoding, whose minutes would be lost
        raise UsageError(f"--output: {problem}")
    pairs = dev_pairs(read_config(run / "best")[1])
    scored = rank_candidates(run, pairs, args.max_last, args.beam, args.device)
    for candidate in scored:
        steps = ",".join(str(s) for s in candidate.steps)
        print(
            f"{candidate.label:8} steps {steps:40} dev BLEU {candidate.dev_bleu:6.2f}"
            f"  chrF {candidate.dev_chrf:6.2f}  (beam {args.beam})"
        )
    write_chosen(run, scored, output, pairs, args.beam, args.device)
    print(f"chose {scored[0].label}: wrote {output}")
    return 0


# --- parser ------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Wrong flags give one line (what is wrong and where to look), not the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class UsageError(Exception):
    """A flag's value that is wrong in a way only seen after parsing (a folder given as a file,
    a checkpoint name that is nowhere): reported like argparse's errors, before any work, and
    naming the flag (its message says where to look when that helps)."""


def _positive_int(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1; got {text!r}")
    return int(text)


def _weight(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.0 < value <= 1.0:  # also false for nan
        raise argparse.ArgumentTypeError(f"must be an attention weight in (0, 1]; got {text!r}")
    return value


def _device(text: str) -> str:
    if text not in DEVICES:
        raise argparse.ArgumentTypeError(f"must be one of {', '.join(DEVICES)}; got {text!r}")
    return text


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


DESCRIPTION = (
    "Attention Lab's command line: train RNN translation models with attention, translate "
    "with them, and measure and inspect their attention."
)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nmt-core",
        description=DESCRIPTION,
        epilog="nmt-core COMMAND --help shows a command's options.",
    )
    sub = parser.add_subparsers(
        dest="command", required=True, parser_class=_Parser, title="commands", metavar="COMMAND"
    )
    _add_training_commands(sub)
    _add_using_commands(sub)
    _add_checkpoint_commands(sub)
    return parser


def _command(sub: Any, name: str, help: str, run: Callable[..., int], **files: Any) -> Any:
    """A command's parser; ``files``: the flags that name files to read (``inputs``), files to
    write (``outputs``) and checkpoint folders to write (``folders``), checked by
    :func:`prepared` before ``run``."""
    p = sub.add_parser(name, help=help, description=help[0].upper() + help[1:] + ".")
    p.set_defaults(
        run=run,
        inputs=files.get("inputs", ()),
        outputs=files.get("outputs", ()),
        folders=files.get("folders", ()),
    )
    return p


def _add_direction(p: Any) -> None:
    p.add_argument(
        "--direction", choices=DIRECTIONS, default="de-en",
        help="without --checkpoint: the default model of this direction (default de-en)",
    )  # fmt: skip


def _add_training_commands(sub: Any) -> None:
    """train and tokenizer."""
    p = _command(sub, "train", "train a model (resumable)", command_train,
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

    p = _command(sub, "tokenizer", "train the shared sentencepiece model for a config",
                 command_tokenizer, inputs=("config",), outputs=("output",))  # fmt: skip
    p.add_argument("--config", help="JSON file with a 'train' section (default none)")
    p.add_argument("--output", required=True, help="where to write the .model file")
    for flag in ("corpus", "direction", "vocab_size"):
        p.add_argument("--" + flag.replace("_", "-"), dest=flag, help=option_help(flag),
                       type=option_type(flag, TRAIN_FLAG_TYPES))  # fmt: skip


def _add_using_commands(sub: Any) -> None:
    """translate, evaluate and align: what a trained model is used for."""
    default = "default: the default model of --direction"
    p = _command(sub, "translate", "translate and print the attention table", command_translate)
    p.add_argument("sentences", nargs="*", help="sentences (default: lines from stdin)")
    p.add_argument("--checkpoint", help=f"a checkpoint folder or name ({default})")
    _add_direction(p)
    p.add_argument(
        "--beam", type=BEAMS.parse, default=1, help="beam size, 1-64 (default 1: greedy)"
    )
    p.add_argument("--reference", help="also force-decode this translation")
    p.add_argument("--words", action="store_true", help="attention per word, not per subword")
    p.add_argument("--quiet", action="store_true", help="translations only")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)

    p = _command(sub, "evaluate", "BLEU/chrF (overall and by length) on the test split",
                 command_evaluate, inputs=("tsv",), outputs=("output", "stats"))  # fmt: skip
    p.add_argument("--checkpoint", help=f"a checkpoint folder or name ({default})")
    _add_direction(p)
    p.add_argument("--tsv", help="test pairs (source TAB target); default: the held-out test split")
    p.add_argument("--beam", type=BEAMS.parse, default=5, help="beam size, 1-64 (default 5)")
    p.add_argument("--output", help="write the full report (JSON) here")
    p.add_argument("--stats", help="write per-sentence attention statistics (JSONL) here")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)

    p = _command(sub, "align", "word alignments from forced-decoding attention (Pharaoh i-j)",
                 command_align, inputs=("tsv", "gold"), outputs=("output",))  # fmt: skip
    p.add_argument("--checkpoint", help=f"a checkpoint folder or name ({default})")
    _add_direction(p)
    p.add_argument("--tsv", required=True, help="source TAB reference translation, one per line")
    p.add_argument("--method", choices=HARD_ALIGNMENT_METHODS, default="argmax",
                   help=f"default argmax; choices {', '.join(HARD_ALIGNMENT_METHODS)}")  # fmt: skip
    p.add_argument("--threshold", type=_weight, default=DEFAULT_THRESHOLD,
                   help=f"in (0, 1] (default {DEFAULT_THRESHOLD})")  # fmt: skip
    p.add_argument("--gold", help="gold Pharaoh file (i-j sure, i?j or ipj possible): print AER")
    p.add_argument("--output", help="write alignments here (default: stdout)")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)

    p = _command(sub, "eflomal-priors", "build the reference aligner's priors (once; minutes)",
                 command_eflomal_priors, inputs=("config",))  # fmt: skip
    which = p.add_mutually_exclusive_group()
    which.add_argument("--checkpoint", help=f"the model whose training pairs to use ({default})")
    which.add_argument("--config", help="a recipe JSON whose 'train' section names the data")
    _add_direction(p)
    p.add_argument("--refresh", action="store_true", help="build them again")


def _add_checkpoint_commands(sub: Any) -> None:
    """average, probes, list and export: choosing, inspecting, finding, shipping checkpoints."""
    p = _command(sub, "probes", "a run's probe record: AER and translations per step",
                 command_probes, inputs=("gold",))  # fmt: skip
    p.add_argument("folder", help="a training OUTPUT_DIR or a checkpoint with probes.json")
    p.add_argument("--gold", help="gold Pharaoh file for the probe sentences (default: the gold "
                   "recorded with them, if any)")  # fmt: skip
    p.add_argument("--method", choices=HARD_ALIGNMENT_METHODS, default="argmax")

    p = _command(sub, "average", "average a run's last snapshots (chosen on dev)",
                 command_average, folders=("output",))  # fmt: skip
    p.add_argument(
        "--run", dest="run_dir", required=True, help="a training OUTPUT_DIR with best/, snapshots/"
    )
    p.add_argument(
        "--max-last", type=_positive_int, default=6, help="try the means of the last 1..N"
    )
    p.add_argument(
        "--beam", type=BEAMS.parse, default=5, help="beam size of the dev comparison, 1-64"
    )
    p.add_argument(
        "--output",
        help="where to write the chosen checkpoint: a new or empty folder, or a checkpoint to "
        "replace (default RUN/averaged)",
    )
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)

    p = _command(sub, "list", "list checkpoints with their metadata", command_list)
    p.add_argument(
        "--root",
        default=str(checkpoints_root()),
        help="default: $ATTENTION_LAB_CHECKPOINTS or the shipped ones",
    )

    p = _command(sub, "export", "copy a checkpoint for shipping (fp16, with its metrics)",
                 command_export, inputs=("scores",), folders=("output",))  # fmt: skip
    p.add_argument("--checkpoint", required=True, help="a checkpoint folder or name")
    p.add_argument(
        "--output", required=True,
        help="the folder to write: a new or empty one, or a checkpoint to replace",
    )  # fmt: skip
    p.add_argument("--name", help="the name to record in its meta (default: the folder's)")
    p.add_argument("--scores", help="JSON of test scores to store in the checkpoint's metadata")


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    try:
        return args.run(prepared(args))
    except UsageError as error:
        print(f"nmt-core {args.command}: error: {error}", file=sys.stderr)
        return 2
    except (CorpusError, CheckpointError, EflomalError, ValueError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

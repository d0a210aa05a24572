"""Command line: ``python -m nmt_core COMMAND --help``.

Commands: train, tokenizer, translate, evaluate, align, average, list, export.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
from collections.abc import Callable
from dataclasses import asdict, replace
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
    checkpoint_folder,
    checkpoints_root,
    default_checkpoint,
    list_checkpoints,
    load_checkpoint,
    read_config,
    save_checkpoint,
    scan_checkpoints,
)
from nmt_core.corpora.corpus import pairs_from_file, test_pairs
from nmt_core.learning.probes import PROBES, alignment_errors, read_probes
from nmt_core.learning.rundir import RunDir
from nmt_core.measures.evaluation import bleu_by_length, sentence_attention_stats
from nmt_core.network.config import RNN_TYPES, ModelConfig, TrainConfig
from nmt_core.network.device import DEVICES
from nmt_core.network.scorers import DECODER_STYLES, SCORER_NAMES, scorer
from nmt_core.text.data import CorpusError, Pair
from nmt_core.translate import MAX_SOURCE_PIECES, attention_table, score_pairs, translate

# --- train -------------------------------------------------------------------------------


def _config_overrides(args: argparse.Namespace, names: list[str]) -> dict[str, Any]:
    return {n: getattr(args, n) for n in names if getattr(args, n, None) is not None}


def _comma_list(text: str) -> tuple[str, ...]:
    """``sentence,phrase`` -> ("sentence", "phrase")."""
    return tuple(part.strip() for part in text.split(",") if part.strip())


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
DEVICE_HELP = "auto (CUDA when present), cpu or cuda"


def json_object(path: str, holds: str) -> dict[str, Any]:
    """The JSON object in the file ``path``; a ValueError that names the file (and what it
    should hold) when it is not one."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"{path} is not a JSON file ({holds}): {error}") from error
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


def command_train(args: argparse.Namespace) -> int:
    # imports tqdm and the training stack only when needed
    from nmt_core.learning.training import TrainingStopped, train

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
    try:
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
    tokenizer = build_tokenizer(replace(cfg, tokenizer=""), training_pairs(prepare_split(cfg), cfg))
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
    """BLEU/chrF overall and by source length, and the first 10 translations."""
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
        "examples": [
            {"source": p.source, "reference": p.target, "hypothesis": h}
            for p, h in zip(pairs[:10], hypotheses[:10], strict=True)
        ],
    }


def command_evaluate(args: argparse.Namespace) -> int:
    path = Path(args.checkpoint)
    pairs = test_pairs(path, args.tsv)
    checkpoint = load_checkpoint(path, device=args.device)
    report = evaluate_pairs(checkpoint, path, pairs, args.beam)
    if args.stats:
        with open(args.stats, "w", encoding="utf-8") as f:
            for pair in pairs:
                result = translate(checkpoint, pair.source, reference=pair.target)
                attention = result.reference.attention  # None without attention
                stats = sentence_attention_stats(attention) if attention is not None else {}
                f.write(json.dumps({"source": pair.source, **stats}) + "\n")
    print(json.dumps({k: v for k, v in report.items() if k != "examples"}, indent=2))
    if args.output:
        Path(args.output).write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
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
        Path(args.output).write_text(text)
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
    """The training settings of --config (its "train" section) or of --checkpoint's meta."""
    if args.config:
        return TrainConfig.from_dict(config_sections(args.config).get("train", {}))
    folder = args.checkpoint or default_checkpoint(list_checkpoints(checkpoints_root())).path
    meta = read_config(checkpoint_folder(folder))[1]
    if "train_config" not in meta:
        raise CheckpointError(f"{folder} does not record its training data: give --config")
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
    scan = scan_checkpoints(args.root)
    for problem in scan.problems:
        print(f"skipped: {problem}", file=sys.stderr)
    infos = scan.infos
    if not infos:
        print(f"no checkpoints in {args.root}: train one with `python -m nmt_core train --help`")
        return 1
    # columns as wide as their longest entry, so that a long name or decoder keeps them aligned
    name, scorer, decoder = (
        max(len(getattr(i, key)) for i in infos) for key in ("name", "scorer", "decoder")
    )
    for info in infos:
        bleu = "-" if info.test_bleu is None else f"{info.test_bleu:.1f}"
        size = "-" if info.parameters is None else f"{info.parameters / 1e6:.2f}M"
        print(
            f"{info.name:{name}}  {info.direction:6} {info.scorer:{scorer}}  "
            f"{info.decoder:{decoder}}  {size:>6} parameters  test BLEU {bleu}"
        )
    return 0


def command_export(args: argparse.Namespace) -> int:
    """Copy a trained checkpoint for shipping: fp16 weights, metrics log, test scores in meta."""
    source = Path(args.checkpoint)
    checkpoint = load_checkpoint(source)
    meta = {**checkpoint.meta, "name": args.name or Path(args.output).name}
    if args.scores:
        meta.update(json_object(args.scores, "the test scores to record"))
    extra = {}
    for name in (METRICS, PROBES):  # the run's logs: in the checkpoint folder or its run's
        for log_file in (source / name, source.parent / name):
            if log_file.is_file():
                extra[name] = log_file.read_bytes()
                break
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
    pairs = dev_pairs(read_config(run / "best")[1])
    scored = rank_candidates(run, pairs, args.max_last, args.beam, args.device)
    for candidate in scored:
        steps = ",".join(str(s) for s in candidate.steps)
        print(
            f"{candidate.label:8} steps {steps:40} dev BLEU {candidate.dev_bleu:6.2f}"
            f"  chrF {candidate.dev_chrf:6.2f}  (beam {args.beam})"
        )
    output = Path(args.output) if args.output else run / "averaged"
    write_chosen(run, scored, output, pairs, args.beam, args.device)
    print(f"chose {scored[0].label}: wrote {output}")
    return 0


# --- parser ------------------------------------------------------------------------------


class _Parser(argparse.ArgumentParser):
    """Wrong flags give one line (what is wrong and where to look), not the usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


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


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="nmt-core", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _add_training_commands(sub)
    _add_using_commands(sub)
    _add_checkpoint_commands(sub)
    return parser


def _add_training_commands(sub: Any) -> None:
    """train and tokenizer."""
    p = sub.add_parser("train", help="train a model (resumable)")
    p.add_argument("--config", help="JSON file with 'model' and 'train' sections")
    p.add_argument("--resume", action="store_true", help="continue from OUTPUT_DIR/latest")
    p.add_argument("--scorer", choices=SCORER_NAMES)
    p.add_argument("--decoder", choices=DECODER_STYLES)
    p.add_argument("--rnn-type", dest="rnn_type", choices=RNN_TYPES)
    p.add_argument(
        "--no-input-feeding", action="store_true", help="Luong decoder without input feeding"
    )
    p.add_argument(
        "--coverage", action="store_true",
        help="additive scorer: the score also reads the attention each word has had so far",
    )  # fmt: skip
    p.add_argument(
        "--lexical", action="store_true",
        help="the attention-weighted source embeddings also go straight to the output layer",
    )  # fmt: skip
    for flag, kind in {**MODEL_FLAG_TYPES, **TRAIN_FLAG_TYPES}.items():
        p.add_argument("--" + flag.replace("_", "-"), dest=flag, type=kind)
    p.add_argument(
        "--stream", action="store_const", const=True,
        help="read a TSV corpus in passes, its training pairs as ids on disk (larger than memory)",
    )  # fmt: skip
    p.set_defaults(run=command_train)

    p = sub.add_parser("tokenizer", help="train the shared sentencepiece model for a config")
    p.add_argument("--config", help="JSON file with a 'train' section")
    p.add_argument("--output", required=True, help="where to write the .model file")
    for flag in ("corpus", "direction", "vocab_size"):
        p.add_argument("--" + flag.replace("_", "-"), dest=flag, type=TRAIN_FLAG_TYPES[flag])
    p.set_defaults(run=command_tokenizer)


def _add_using_commands(sub: Any) -> None:
    """translate, evaluate and align: what a trained model is used for."""
    p = sub.add_parser("translate", help="translate and print the attention table")
    p.add_argument("sentences", nargs="*", help="sentences (default: lines from stdin)")
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--beam", type=_positive_int, default=1)
    p.add_argument("--reference", help="also force-decode this translation")
    p.add_argument("--words", action="store_true", help="attention per word, not per subword")
    p.add_argument("--quiet", action="store_true", help="translations only")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)
    p.set_defaults(run=command_translate)

    p = sub.add_parser("evaluate", help="BLEU/chrF (overall and by length) on the test split")
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--tsv", help="test pairs (source TAB target); default: the held-out test split")
    p.add_argument("--beam", type=_positive_int, default=5)
    p.add_argument("--output", help="write the full report (JSON) here")
    p.add_argument("--stats", help="write per-sentence attention statistics (JSONL) here")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)
    p.set_defaults(run=command_evaluate)

    p = sub.add_parser("align", help="word alignments from forced-decoding attention (Pharaoh i-j)")
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--tsv", required=True, help="source TAB reference translation, one per line")
    p.add_argument("--method", choices=HARD_ALIGNMENT_METHODS, default="argmax")
    p.add_argument("--threshold", type=_weight, default=DEFAULT_THRESHOLD, help="in (0, 1]")
    p.add_argument("--gold", help="gold Pharaoh file (i-j sure, i?j or ipj possible): print AER")
    p.add_argument("--output", help="write alignments here (default: stdout)")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)
    p.set_defaults(run=command_align)

    p = sub.add_parser(
        "eflomal-priors", help="build the reference aligner's priors (once; minutes)"
    )
    which = p.add_mutually_exclusive_group()
    which.add_argument("--checkpoint", help="the model whose training pairs to use "
                       "(default: the default shipped one)")  # fmt: skip
    which.add_argument("--config", help="a recipe JSON whose 'train' section names the data")
    p.add_argument("--refresh", action="store_true", help="build them again")
    p.set_defaults(run=command_eflomal_priors)


def _add_checkpoint_commands(sub: Any) -> None:
    """average, probes, list and export: choosing, inspecting, finding, shipping checkpoints."""
    p = sub.add_parser("probes", help="a run's probe record: AER and translations per step")
    p.add_argument("folder", help="a training OUTPUT_DIR or a checkpoint with probes.json")
    p.add_argument("--gold", help="gold Pharaoh file for the probe sentences (default: the gold "
                   "recorded with them, if any)")  # fmt: skip
    p.add_argument("--method", choices=HARD_ALIGNMENT_METHODS, default="argmax")
    p.set_defaults(run=command_probes)

    p = sub.add_parser("average", help="average a run's last snapshots (chosen on dev)")
    p.add_argument(
        "--run", dest="run_dir", required=True, help="a training OUTPUT_DIR with best/, snapshots/"
    )
    p.add_argument(
        "--max-last", type=_positive_int, default=6, help="try the means of the last 1..N"
    )
    p.add_argument("--beam", type=_positive_int, default=5, help="beam size of the dev comparison")
    p.add_argument("--output", help="where to write the chosen checkpoint (default RUN/averaged)")
    p.add_argument("--device", type=_device, default="auto", help=DEVICE_HELP)
    p.set_defaults(run=command_average)

    p = sub.add_parser("list", help="list checkpoints with their metadata")
    p.add_argument(
        "--root",
        default=str(checkpoints_root()),
        help="default: $ATTENTION_LAB_CHECKPOINTS or the shipped ones",
    )
    p.set_defaults(run=command_list)

    p = sub.add_parser("export", help="copy a checkpoint for shipping (fp16, with its metrics)")
    p.add_argument("--checkpoint", required=True)
    p.add_argument("--output", required=True)
    p.add_argument("--name")
    p.add_argument("--scores", help="JSON of test scores to store in the checkpoint's metadata")
    p.set_defaults(run=command_export)


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    args = build_parser().parse_args(argv)
    try:
        return args.run(args)
    except (CorpusError, CheckpointError, EflomalError, ValueError, FileNotFoundError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())

"""The numbers' ranges and the train options' tables (types, choices, help), read with the
config dataclasses' defaults, so that no flag's help can drift from what a run does."""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from nmt_core.network.config import LR_SCHEDULES, RNN_TYPES, ModelConfig, TrainConfig
from nmt_core.network.device import DEVICES, PRECISIONS
from nmt_core.network.scorers import DECODER_STYLES, SCORER_NAMES
from nmt_core.text.data import AUGMENTATIONS, DIRECTIONS, KINDS


def config_overrides(args: argparse.Namespace, names: list[str]) -> dict[str, Any]:
    """The flags among ``names`` that were given, by name: each overrides the config file's."""
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
PENALTIES = Range(False, 0, 5, below=False)  # GNMT's beta: 0.2 in the paper; past 5 it alone ranks
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
    "fixed_phrase_repeats": SOME, "tatoeba_repeats": SOME,
    "tatoeba_name_share": Range(False, 0, 1, below=False), "tatoeba_choose": COUNT,
    "tatoeba_report": COUNT,
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
    "tatoeba": str,
    "tatoeba_repeats": int,
    "tatoeba_name_share": float,
    "tatoeba_choose": int,
    "tatoeba_report": int,
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
    "tatoeba": "Tatoeba's deu-eng file (English TAB German): its train part joins the training "
    "pairs",
    "tatoeba_repeats": "how many times Tatoeba's train part is among the training pairs",
    "tatoeba_name_share": "largest share of Tatoeba's train pairs that may name one person "
    "(1 = no cap)",
    "tatoeba_choose": "held-out Tatoeba pairs to choose models and mixes on",
    "tatoeba_report": "held-out Tatoeba pairs, only to report on",
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


def shown_default(value: Any) -> str:
    """A config default as a flag would spell it: "off", "none", "sentence,phrase", "0.002"."""
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, tuple):
        return ",".join(value) or "none"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value) if value != "" else "none"


def option_help(name: str, what: str | None = None) -> str:
    """``what`` (default OPTION_HELP[name]) with the config's default, the choices and the
    range."""
    extra = [f"default {shown_default(DEFAULTS[name])}"]
    if name in CHOICES:
        extra.append(f"choices {', '.join(CHOICES[name])}")
    if name in RANGES:
        extra.append(str(RANGES[name]))
    return f"{what or OPTION_HELP[name]} ({'; '.join(extra)})"


def option_type(name: str, kinds: dict[str, Callable[[str], Any]]) -> Callable[[str], Any]:
    """How a flag's text becomes its value: held to its range when it is a number."""
    return RANGES[name].parse if name in RANGES else kinds[name]

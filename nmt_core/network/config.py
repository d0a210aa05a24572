"""Typed, flat configuration: one dataclass per concern, validated on load.

An unknown option is an error, never a silent default: ``from_dict`` rejects keys it does not
know and ``validate`` rejects values outside their range, listing what would be valid.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, TypeVar

from nmt_core.network.device import DEVICES, PRECISIONS
from nmt_core.network.scorers import DECODER_STYLES, DECODERS, SCORERS, scorer
from nmt_core.text.data import AUGMENTATIONS, KINDS
from nmt_core.text.tokenization import BOS_ID, EOS_ID, PAD_ID, UNK_ID

RNN_TYPES = ("gru", "lstm")
LR_SCHEDULES = ("plateau", "cosine")

T = TypeVar("T")


def _choice(name: str, value: str, valid: tuple[str, ...]) -> None:
    if value not in valid:
        raise ValueError(f"{name} must be one of {', '.join(valid)}; got {value!r}")


def _positive(name: str, value: float) -> None:
    if value <= 0:
        raise ValueError(f"{name} must be positive; got {value!r}")


def _at_least(name: str, value: float, least: int, meaning: str) -> None:
    """Refuse ``value`` below ``least``, saying what the option means."""
    if value < least:
        raise ValueError(f"{name} must be >= {least} ({meaning}); got {value}")


def _from_dict(cls: type[T], data: dict[str, Any]) -> T:
    known = {f.name for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    unknown = sorted(set(data) - known)
    if unknown:
        raise ValueError(
            f"unknown {cls.__name__} option(s): {', '.join(unknown)}; "
            f"valid options: {', '.join(sorted(known))}"
        )
    for field in dataclasses.fields(cls):  # type: ignore[arg-type]
        if field.name in data:
            _check_type(f"{cls.__name__} option {field.name}", data[field.name], field.type)
    obj = cls(**data)
    obj.validate()  # type: ignore[attr-defined]
    return obj


# The annotations of the fields below (strings: ``from __future__ import annotations``).
_JSON_TYPES: dict[str, tuple[type, ...]] = {
    "int": (int,),
    "float": (int, float),
    "str": (str,),
    "bool": (bool,),
    "tuple[str, ...]": (tuple, list),
}


def _check_type(name: str, value: Any, annotation: Any) -> None:
    """A quoted number or a number for a flag in a JSON config is an error, not a crash later."""
    expected = _JSON_TYPES[str(annotation)]
    wrong_bool = isinstance(value, bool) and bool not in expected  # True is an int in Python
    items_ok = not isinstance(value, (tuple, list)) or all(isinstance(v, str) for v in value)
    if wrong_bool or not isinstance(value, expected) or not items_ok:
        raise ValueError(f"{name} must be {annotation}; got {value!r}")


@dataclass(frozen=True)
class ModelConfig:
    """Everything needed to rebuild a model's architecture from its checkpoint alone."""

    vocab_size: int = 4000  # joint German+English sentencepiece vocabulary: lets us tie embeddings
    embed_size: int = 256  # also the size of the output layer's input (tied output projection)
    hidden_size: int = 512  # decoder state size; each encoder direction gets hidden_size // 2
    attention_size: int = 256  # only the additive scorer uses it (size of W_a s + U_a h)
    scorer: str = "additive"  # a name in nmt_core/network/scorers.py: additive, general, dot, ...
    # bahdanau: attend from s_{i-1}; luong: attend from s_t; conditional: attend from s'_i,
    # the state after a first GRU transition on y_{i-1} (nmt_core/network/decoder.py)
    decoder: str = "bahdanau"
    rnn_type: str = "gru"  # gru | lstm
    input_feeding: bool = True  # a decoder that feeds_input: h~_{t-1} goes back in (Luong)
    # the score also reads C_{t-1,j}, the attention h_j has had so far (Tu et al. 2016): for a
    # scorer that ``covers`` with a decoder style that ``keeps_coverage``
    # (nmt_core/network/scorers.py)
    coverage: bool = False
    # the attention-weighted source embeddings go straight to the output layer, past the RNN
    # (Nguyen & Chiang 2018's lexical model; nmt_core/network/decoder.py LexicalShortcut)
    lexical: bool = False
    dropout: float = 0.3  # low-resource NMT wants strong regularisation (Sennrich & Zhang 2019)
    tie_embeddings: bool = True  # source, target and output embeddings share one matrix
    pad_id: int = 0  # the ids must match the sentencepiece model (see tokenization.py)
    unk_id: int = 1
    bos_id: int = 2
    eos_id: int = 3

    def validate(self) -> None:
        entry = scorer(self.scorer)  # the error lists the valid names
        _choice("decoder", self.decoder, DECODER_STYLES)
        _choice("rnn_type", self.rnn_type, RNN_TYPES)
        for name in ("vocab_size", "embed_size", "hidden_size", "attention_size"):
            _positive(name, getattr(self, name))
        if self.hidden_size % 2:
            raise ValueError(
                f"hidden_size must be even (two encoder directions); got {self.hidden_size}"
            )
        if not 0.0 <= self.dropout < 1.0:
            raise ValueError(f"dropout must be in [0, 1); got {self.dropout}")
        if (self.pad_id, self.unk_id, self.bos_id, self.eos_id) != (PAD_ID, UNK_ID, BOS_ID, EOS_ID):
            raise ValueError(
                "pad_id, unk_id, bos_id, eos_id must be "
                f"{PAD_ID}, {UNK_ID}, {BOS_ID}, {EOS_ID} (the ids our sentencepiece models use)"
            )
        if self.decoder == "conditional" and self.rnn_type != "gru":
            raise ValueError("decoder 'conditional' is a conditional GRU: it needs rnn_type 'gru'")
        if self.decoder not in entry.decoders:
            styles = " or ".join(repr(d) for d in entry.decoders)
            raise ValueError(f"scorer {self.scorer!r} needs decoder {styles}")
        if self.lexical and not entry.attends:
            raise ValueError(
                f"the lexical shortcut averages the source by the attention; scorer "
                f"{self.scorer!r} has none"
            )
        style = DECODERS[self.decoder]
        if self.coverage and not (entry.covers and style.keeps_coverage):
            scorers = " or ".join(s.name for s in SCORERS.values() if s.covers)
            styles = " or ".join(d.name for d in DECODERS.values() if d.keeps_coverage)
            raise ValueError(
                f"coverage is a term of the {scorers} score with the {styles} decoder; got "
                f"scorer {self.scorer!r}, decoder {self.decoder!r}"
            )
        if not self.input_feeding and not style.feeds_input:
            raise ValueError(
                f"input_feeding can be turned off only where a decoder feeds its output back in "
                f"({', '.join(d.name for d in DECODERS.values() if d.feeds_input)}); decoder "
                f"{self.decoder!r} has no input feeding"
            )

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ModelConfig:
        return _from_dict(cls, data)


@dataclass(frozen=True)
class TrainConfig:
    """How one model is trained. Saved beside the checkpoint so a run can be repeated."""

    corpus: str = "/usr/share/trans/de-en"  # Ding dictionary file or a TSV of sentence pairs
    direction: str = "de-en"  # source-target language codes
    output_dir: str = "runs/additive"  # holds latest/ (for --resume), best/ and snapshots/
    kinds: tuple[str, ...] = ("sentence", "phrase")  # Ding pair kinds to train on
    sentence_repeats: int = 2  # up-weight full sentences over dictionary phrases
    word_sample: int = 0  # > 0: train on a seeded sample of this many single-word pairs only
    # Pairs of these kinds get a tag (BOS) in front of the source, so dictionary entries are a
    # mode of their own: they teach vocabulary, and untagged input (what users type) still asks
    # for sentences (tags for mixed data: Kobus et al. 2017, Caswell et al. 2019).
    tagged_kinds: tuple[str, ...] = ()
    # More TSVs of sentence pairs (source TAB target), added to train only: cleaned and filtered
    # like the corpus, and without any pair that shares a side with a dev or test sentence.
    extra_corpora: tuple[str, ...] = ()
    # Pairs made from the corpus's own Ding entries, added to train only (never to dev/test):
    # "slash_alternatives" expands "er/sie schläft" :: "he/she sleeps" into one pair per
    # choice (Ding's 19k skipped pairs of aligned single-word alternatives); "pronoun_sentences"
    # turns conjugated forms "er schläft" :: "he sleeps" into "Er schläft." :: "He sleeps.";
    # "generated_sentences" writes everyday pairs from grammar templates, a hand-written sense
    # table and the genders and verb forms of the installed Ding (everyday/generator.py)
    augment: tuple[str, ...] = ()
    # How many distinct pairs "generated_sentences" writes (seeded by ``seed``): 20k is about as
    # many as Ding's example sentences, so the two weigh alike before sentence_repeats.
    generated_pairs: int = 20_000
    # How many times each fixed phrasebook expression ("Wie heißt du?" :: "What is your name?")
    # stands among the pairs a run trains on (with "generated_sentences"). 1 keeps the draw as
    # it is (at most once each: the draw is of distinct pairs); a class says these far more
    # often than any one generated sentence, and once among 20k pairs the models did not learn
    # them (the model card).
    fixed_phrase_repeats: int = 1
    # TSVs (source TAB target) of evaluation sentences that no generated pair may hold on
    # either side, whole or by all its content words: short everyday sentences ("Please close
    # the window!") are written by the templates too. None by default: the library knows no
    # evaluation set; a recipe names its own (checkpoints/recipes/everyday.json lists every
    # sentence fixture), read from where training runs like the recipes' other paths.
    generated_avoid: tuple[str, ...] = ()
    # Tatoeba's everyday pairs (manythings.org's deu-eng file, English TAB German; credit
    # "Tatoeba contributors (tatoeba.org), CC BY 2.0 FR"), filtered and split by English
    # sentence into train, choose and report (nmt_core/corpora/tatoeba.py): the train part is
    # added to the training pairs (less the generated_avoid sentences and the corpus's dev and
    # test), and no pair trained on shares a side with choose or report. "" = none.
    tatoeba: str = ""
    # How many times Tatoeba's train part stands among the training pairs: 2 puts the first
    # 50,001 pairs (about 38k after the name cap) level with 80k generated pairs.
    tatoeba_repeats: int = 1
    # At most this share of Tatoeba's train pairs may mention one name (Tom; Mary or Maria):
    # 23% of its pairs say "Tom", far more than any name in what users type. The excess is a
    # seeded draw; 1 = no cap.
    tatoeba_name_share: float = 0.05
    # Held-out Tatoeba pairs, whole English sentences with all their translations (1,300 pairs
    # hold about 1,000 English sentences of the first 50,001; checkpoints/recipes/tatoeba_split.py
    # writes both parts):
    tatoeba_choose: int = 1300  # to choose models and mixes on
    tatoeba_report: int = 1300  # only to report on
    # Read the corpus (a TSV) in passes and keep its training pairs as ids on disk, for corpora
    # larger than memory; the split is then by hash (nmt_core/corpora/streaming.py). Not with
    # extra_corpora, augment, word_sample, tagged_kinds, subword_alpha or tatoeba, which need the
    # text.
    stream: bool = False
    # A TSV of probe pairs (source TAB reference): at every evaluation their forced-decoding
    # attention and greedy translations go to OUTPUT_DIR/probes.json (nmt_core/learning/probes.py),
    # so alignment can be watched emerging without keeping intermediate weights. "" = none.
    probes: str = ""
    probe_every: int = 0  # also record the probes every N updates between evaluations (0 = no)
    max_words: int = 40  # length filter on either side
    dev_size: int = 500
    test_size: int = 1000
    vocab_size: int = 4000
    batch_tokens: int = 3000  # padded tokens per batch (longer side); buckets keep padding low
    max_epochs: int = 30
    max_steps: int = 0  # 0 = no limit; stops early for tests and budgets
    max_minutes: float = 0.0  # 0 = no limit; wall-clock budget for fair comparisons
    lr: float = 2e-3
    # plateau: multiply lr by lr_decay on a dev-BLEU plateau; cosine: anneal lr to min_lr over
    # max_steps, so that a fixed budget ends on small steps (the noise of lr 2e-3 costs BLEU)
    lr_schedule: str = "plateau"
    lr_decay: float = 0.5  # multiply lr on a dev-BLEU plateau
    lr_patience: int = 2  # decay on the (lr_patience + 1)-th evaluation in a row without gain
    min_lr: float = 1e-5
    early_stop_patience: int = 6  # evaluations without improvement before stopping
    clip_norm: float = 1.0
    label_smoothing: float = 0.1
    # Word dropout at the subword level (Sennrich & Zhang 2019, after Gal & Ghahramani 2016):
    # each source and target input token becomes <unk> with this probability while training,
    # so the model cannot lean on memorised sequences of the 20k Ding sentences.
    token_dropout: float = 0.0
    # Subword regularisation (Kudo 2018): > 0 re-segments the training pairs every epoch with
    # sentencepiece's unigram sampling at this smoothing alpha, so a word is seen in several
    # piece sequences. Smaller = more varied: with the shipped 4k vocabulary about 2/3 of the
    # sentences keep their usual segmentation at 1.0, 1/4 at 0.5 (~12 % more pieces), almost
    # none at 0.2 (~50 % more pieces).
    subword_alpha: float = 0.0
    # Guided alignment (Chen et al. 2016; nmt_core/learning/guidance.py): > 0 adds this weight
    # times the cross-entropy between the attention and eflomal's links of each training pair to the
    # loss, so attention learns to align words. 0 = off (the shipped models' recipe).
    guided_alignment: float = 0.0
    eval_every: int = 1000  # steps between dev evaluations and checkpoints
    eval_sentences: int = 500  # dev sentences decoded (greedy) per evaluation
    # Keep the weights of the last N evaluations in OUTPUT_DIR/snapshots/ (0 = none), for
    # checkpoint averaging afterwards: ``python -m nmt_core average``
    # (nmt_core/learning/averaging.py).
    snapshots: int = 0
    tokenizer: str = ""  # reuse this sentencepiece model (same vocabulary across models)
    init_checkpoint: str = ""  # fine-tune: start from these weights (and their tokenizer)
    seed: int = 1234
    device: str = "auto"  # auto | cpu | cuda
    threads: int = 0  # torch CPU threads; 0 = torch's default
    # bf16: matrix products of the training forward pass in bfloat16 under autocast (weights,
    # optimizer and loss stay fp32); CPU-dependent: 1.7x faster updates on an AMD EPYC with
    # AVX512-BF16, 1.4x slower on an Intel Xeon with it (bench/core_speed.py --parts training).
    # fp16 (CUDA): float16 autocast with a gradient scaler; mixed: bf16 on a GPU that has it,
    # else fp16, and fp32 on the CPU (nmt_core.network.device.mixed_precision). Evaluation and
    # translation always run in fp32.
    precision: str = "fp32"

    def validate(self) -> None:
        _choice("device", self.device, DEVICES)
        _choice("lr_schedule", self.lr_schedule, LR_SCHEDULES)
        _choice("precision", self.precision, PRECISIONS)
        if self.lr_schedule == "cosine" and self.max_steps <= 0:
            raise ValueError("lr_schedule 'cosine' anneals over max_steps: set max_steps > 0")
        for name in ("batch_tokens", "max_epochs", "lr", "eval_every", "vocab_size"):
            _positive(name, getattr(self, name))
        for kind in self.kinds:
            _choice("kinds", kind, KINDS)
        for kind in self.tagged_kinds:
            _choice("tagged_kinds", kind, self.kinds)
        for augmentation in self.augment:
            _choice("augment", augmentation, AUGMENTATIONS)
        stands = "stands among the training pairs"
        for name, least, meaning in (
            ("generated_pairs", 1, "the pairs generated_sentences writes"),
            (
                "fixed_phrase_repeats",
                1,
                f"how many times each fixed phrasebook expression {stands}",
            ),
            ("tatoeba_repeats", 1, f"how many times Tatoeba's train part {stands}"),
            ("tatoeba_choose", 0, "held-out Tatoeba pairs"),
            ("tatoeba_report", 0, "held-out Tatoeba pairs"),
            ("guided_alignment", 0, "0 = off"),
            ("probe_every", 0, "0 = at evaluations only"),
            ("snapshots", 0, "0 = keep none"),
        ):
            _at_least(name, getattr(self, name), least, meaning)
        needs_text = {
            "extra_corpora": self.extra_corpora, "augment": self.augment,
            "word_sample": self.word_sample, "tagged_kinds": self.tagged_kinds,
            "subword_alpha": self.subword_alpha, "tatoeba": self.tatoeba,
        }  # fmt: skip
        used = [name for name, value in needs_text.items() if value]
        if self.guided_alignment and (self.stream or self.subword_alpha):
            raise ValueError(
                "guided_alignment aligns the training pairs' words once, with their usual "
                "segmentation: it works neither with stream nor with subword_alpha"
            )
        if self.stream and used:
            raise ValueError(f"stream keeps no text in memory: drop {', '.join(used)}")
        if self.word_sample and "word" not in self.kinds:
            raise ValueError("word_sample samples the 'word' kind: add 'word' to kinds")
        for name in ("label_smoothing", "token_dropout"):
            if not 0.0 <= getattr(self, name) < 1.0:
                raise ValueError(f"{name} must be in [0, 1); got {getattr(self, name)}")
        for name, meaning in (("subword_alpha", "0 = off"), ("tatoeba_name_share", "1 = no cap")):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ValueError(f"{name} must be in [0, 1] ({meaning}); got {getattr(self, name)}")
        if len(self.direction.split("-")) != 2:
            raise ValueError(f"direction must look like 'de-en'; got {self.direction!r}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TrainConfig:
        data = dict(data)
        # JSON has lists; the dataclass is frozen (hashable), so tuples.
        for key in ("kinds", "tagged_kinds", "extra_corpora", "augment", "generated_avoid"):
            if isinstance(data.get(key), list):
                data[key] = tuple(data[key])
        return _from_dict(cls, data)


@dataclass(frozen=True)
class DecodeConfig:
    """How to search for a translation."""

    beam_size: int = 1  # 1 = greedy
    length_penalty: float = 1.0  # alpha: score = log p / len**alpha (0 = no normalisation)
    max_len_ratio: float = 2.0  # output capped at max_len_ratio * src_len + max_len_extra
    max_len_extra: int = 10
    top_k: int = 5  # next-token probabilities kept per step for display
    n_best: int = 1  # hypotheses returned (<= beam_size)
    # beta of GNMT's coverage penalty, beam search only (0 = none): nmt_core.decoding.search
    coverage_penalty: float = 0.0

    def validate(self) -> None:
        for name in ("beam_size", "max_len_ratio", "top_k", "n_best"):
            _positive(name, getattr(self, name))
        if self.n_best > self.beam_size:
            raise ValueError(f"n_best ({self.n_best}) cannot exceed beam_size ({self.beam_size})")
        for name in ("length_penalty", "coverage_penalty"):
            value = getattr(self, name)
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"{name} must be a finite number >= 0; got {value}")
        if self.coverage_penalty and self.beam_size == 1:
            raise ValueError("the coverage penalty ranks beam search's hypotheses: it needs a beam")
        if self.max_len_extra < 0:
            raise ValueError(f"max_len_extra must be >= 0; got {self.max_len_extra}")

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DecodeConfig:
        return _from_dict(cls, data)

    def max_length(self, src_len: int) -> int:
        """The longest output allowed for a source of ``src_len`` tokens."""
        return int(self.max_len_ratio * src_len + self.max_len_extra)

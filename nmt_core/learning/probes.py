"""Attention across training: a few probe sentences force-decoded at every evaluation.

A run trained with ``TrainConfig.probes`` (a TSV of source TAB reference pairs) writes
``probes.json`` into its folder; ``nmt_core export`` ships it beside the weights. The weights
of the intermediate steps are not kept, only what a viewer needs to show alignment emerging:
each evaluation's attention over the references, and the greedy translations.

Schema (``"schema": "attention-lab/probes"``, ``"version": 1``), JSON::

    {
      "schema": "attention-lab/probes",
      "version": 1,
      "sentences": [                      # fixed for the whole run, in the TSV's order
        {"source": str, "reference": str,
         "source_pieces": [str, ...],     # S pieces, ending in "</s>"
         "target_pieces": [str, ...],     # T pieces of the reference, ending in "</s>"
         "sure": [[j, i], ...] | null,    # gold links between whitespace words (source j,
         "possible": [[j, i], ...] | null}  # reference i), when the TSV has a .pharaoh beside it
      ],
      "fine_tuned_at": int,               # only a fine-tuned model's (continued): the step
                                          # its own evaluations are counted on from
      "evaluations": [                    # one per evaluation, in step order
        {"step": int,                     # updates done
         "dev_bleu": float | null,        # the run's dev BLEU at that step
         "hypotheses": [str, ...],        # greedy translation of each sentence
         "attention": [                   # per sentence: T rows of S weights (rows sum to 1,
           [[float, ...], ...] | null     # 4 decimals), piece level; null without attention
         ]}
      ]
    }

Row t of a sentence's attention is the decoder step that writes ``target_pieces[t]`` with the
reference fed in (teacher forcing), as ``nmt_core align`` reads attention.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import numpy as np

from nmt_core.analysis.alignment import (
    Alignment,
    AlignmentScores,
    alignment_error_rate,
    links_from_view,
    read_gold_file,
)
from nmt_core.checkpoint import WEIGHTS_DIGEST, checkpoint_folder, read_config, run_log
from nmt_core.corpora.corpus import pairs_from_file
from nmt_core.decoding.batching import pad_batch
from nmt_core.decoding.search import forced_decode
from nmt_core.folders import PROBES
from nmt_core.measures.evaluation import attention_entropy
from nmt_core.network.model import Seq2Seq
from nmt_core.text.data import Pair, normalize_text
from nmt_core.text.tokenization import EOS_ID, Tokenizer, word_attention, words_from_pieces
from nmt_core.translate import (
    MAX_SOURCE_PIECES,
    AttentionView,
    decoding,
    prepare_source,
    score_pairs,
)

log = logging.getLogger("nmt_core.learning.probes")

SCHEMA = "attention-lab/probes"
VERSION = 1
DECIMALS = 4  # 20 sentences x ~12 evaluations stay a few hundred kB


class ProbeError(ValueError):
    """A probe file cannot be read; the message is one sentence for the user."""


@dataclass(frozen=True)
class ProbeSentence:
    source: str
    reference: str
    source_pieces: tuple[str, ...]
    target_pieces: tuple[str, ...]
    gold: tuple[Alignment, Alignment] | None = None  # (sure, possible) word links, if known


@dataclass(frozen=True)
class ProbeSet:
    """The probe pairs a run records, and their gold links when a Pharaoh file comes with them."""

    pairs: list[Pair]
    gold: list[tuple[Alignment, Alignment]] | None


def read_probe_set(path: str | Path) -> ProbeSet:
    """The pairs of a probe TSV, and the gold links of ``NAME.pharaoh`` beside ``NAME.tsv``."""
    pairs = pairs_from_file(path)
    pharaoh = Path(path).with_suffix(".pharaoh")
    return ProbeSet(pairs, read_gold_file(pharaoh, len(pairs)) if pharaoh.is_file() else None)


@dataclass(frozen=True)
class ProbeEvaluation:
    """One evaluation: ``attention[k]`` is sentence k's (T, S) weights, or None (no attention)."""

    step: int
    dev_bleu: float | None
    hypotheses: tuple[str, ...]
    attention: tuple[np.ndarray | None, ...]


@dataclass(frozen=True)
class ProbeLog:
    """A run's probe record: the sentences, and what the model did with them at each step."""

    sentences: tuple[ProbeSentence, ...]
    evaluations: tuple[ProbeEvaluation, ...]
    fine_tuned_at: int | None = None  # a fine-tuned model's: the step its fine-tuning began

    @property
    def steps(self) -> list[int]:
        return [e.step for e in self.evaluations]

    def view(self, evaluation: int, sentence: int, word_level: bool = False) -> AttentionView:
        """The labelled attention of ``sentence`` at the ``evaluation``-th evaluation (indices
        into ``sentences`` and ``evaluations``), per piece or per whitespace word."""
        matrix = self.evaluations[evaluation].attention[sentence]
        if matrix is None:
            raise ValueError("this run's model has no attention: its probes hold none")
        probe = self.sentences[sentence]
        if not word_level:
            return AttentionView(matrix, probe.source_pieces, probe.target_pieces)
        return AttentionView(
            word_attention(matrix, probe.source_pieces, probe.target_pieces),
            tuple(words_from_pieces(probe.source_pieces)),
            tuple(words_from_pieces(probe.target_pieces)),
        )


def alignment_errors(
    log: ProbeLog,
    gold: Sequence[tuple[Alignment, Alignment]] | None = None,
    method: str = "argmax",
) -> list[AlignmentScores]:
    """AER of every evaluation's word-level links against ``gold`` (sure, possible) links of
    the probe sentences (default: the gold the record holds), in order: how alignment emerged
    while the model trained."""
    if gold is None:
        if any(s.gold is None for s in log.sentences):
            raise ValueError("these probes have no gold links: pass a gold Pharaoh file")
        gold = [s.gold for s in log.sentences]  # type: ignore[misc]
    if len(gold) != len(log.sentences):
        raise ValueError(f"{len(gold)} gold alignments for {len(log.sentences)} probe sentences")
    scores = []
    for k in range(len(log.evaluations)):
        links = [
            links_from_view(log.view(k, s, word_level=True), method)
            for s in range(len(log.sentences))
        ]
        scores.append(alignment_error_rate(links, [g[0] for g in gold], [g[1] for g in gold]))
    return scores


@dataclass(frozen=True)
class TrainingCurve:
    """What a probe record says at each recorded step: dev BLEU (None between evaluations),
    probe AER (None without gold links) and the mean entropy of the attention rows (nats;
    lower = sharper)."""

    steps: list[int]
    dev_bleu: list[float | None]
    aer: list[float] | None
    entropy: list[float]


def training_curve(log: ProbeLog) -> TrainingCurve:
    """The curves of a probe record (see :class:`TrainingCurve`); raises ValueError for the
    record of a model without attention."""
    if any(m is None for e in log.evaluations for m in e.attention):
        raise ValueError("this run's model has no attention: its probes hold none")
    entropy = [
        float(np.mean([attention_entropy(m).mean() for m in e.attention]))  # type: ignore[arg-type]
        for e in log.evaluations
    ]
    known = bool(log.sentences) and all(s.gold is not None for s in log.sentences)
    aer = [scores.aer for scores in alignment_errors(log)] if known else None
    return TrainingCurve(log.steps, [e.dev_bleu for e in log.evaluations], aer, entropy)


# --- recording while training ---------------------------------------------------------------


def probe_evaluation(
    model: Seq2Seq, tokenizer: Tokenizer, probes: ProbeSet, step: int, dev_bleu: float | None
) -> tuple[list[ProbeSentence], ProbeEvaluation]:
    """Force-decode every reference and translate every source greedily, in decoding mode."""
    pairs = probes.pairs
    sources = [prepare_source(tokenizer, normalize_text(p.source))[0] for p in pairs]
    targets = [tokenizer.encode(normalize_text(p.target))[:MAX_SOURCE_PIECES] for p in pairs]
    device = next(model.parameters()).device
    with decoding(model):
        src, mask = pad_batch(sources, model.config.pad_id, device)
        forced = forced_decode(model, src, mask, targets)
    hypotheses = score_pairs(model, tokenizer, pairs).hypotheses
    sentences = [
        ProbeSentence(
            normalize_text(p.source),
            normalize_text(p.target),
            tuple(tokenizer.pieces(ids)),
            tuple(tokenizer.pieces([*target, EOS_ID])),
            gold,
        )
        for p, ids, target, gold in zip(
            pairs, sources, targets, probes.gold or [None] * len(pairs), strict=True
        )
    ]
    attention = tuple(
        None if r.attention is None else r.attention.float().cpu().numpy() for r in forced
    )
    return sentences, ProbeEvaluation(step, dev_bleu, hypotheses, attention)


def record_probes(
    run: Path,
    model: Seq2Seq,
    tokenizer: Tokenizer,
    probes: ProbeSet,
    step: int,
    dev_bleu: float | None,
) -> None:
    """Append this step's evaluation to ``run/probes.json`` (written whole, then renamed, so a
    kill leaves the previous file). Evaluations at or after ``step`` are replaced: a resumed
    run repeats them."""
    sentences, evaluation = probe_evaluation(model, tokenizer, probes, step, dev_bleu)
    path = run / PROBES
    earlier: tuple[ProbeEvaluation, ...] = ()
    if path.exists():
        log = read_probes(path)
        if [s.source for s in log.sentences] == [s.source for s in sentences]:
            earlier = tuple(e for e in log.evaluations if e.step < step)
    write_probes(path, ProbeLog(tuple(sentences), (*earlier, evaluation)))


def forget_probes_after(run: Path, step: int) -> None:
    """A resumed run repeats the evaluations after its checkpoint: drop them."""
    path = run / PROBES
    if path.exists():
        log = read_probes(path)
        kept = tuple(e for e in log.evaluations if e.step <= step)
        write_probes(path, replace(log, evaluations=kept))


def continued(parent: ProbeLog, child: ProbeLog, start: int) -> ProbeLog:
    """A fine-tuned model's whole history: its parent's evaluations up to ``start`` (the step of
    the weights the fine-tuning started from: a record can run on past them, for weights chosen
    earlier on dev), then its own with their steps counted on from ``start``, so that attention
    across training shows alignment emerging and then what the fine-tuning changed, on one axis.

    Raises ValueError when the two records probed different sentences (another probe set or
    tokenizer): their attention matrices would not line up.
    """
    if [_probed(s) for s in parent.sentences] != [_probed(s) for s in child.sentences]:
        raise ValueError("the fine-tuned run probed other sentences than the model it started from")
    kept = tuple(e for e in parent.evaluations if e.step <= start)
    moved = tuple(replace(e, step=start + e.step) for e in child.evaluations)
    return ProbeLog(child.sentences, (*kept, *moved), fine_tuned_at=start)


def _probed(sentence: ProbeSentence) -> tuple:  # what decides its matrix (not its gold)
    return sentence.source, sentence.reference, sentence.source_pieces, sentence.target_pieces


def probes_since_start(source: Path, meta: dict[str, Any]) -> bytes:
    """The probe record to export with fine-tuned ``source`` (``meta``: its meta): continued
    from its parent's (:func:`continued`); its own as it is if already continued (a re-export)
    or if the parent's record is gone or its weights changed (the digest in ``meta``)."""
    own_file = run_log(source, PROBES) or source / PROBES  # (read_probes: "does not exist")
    own, started = read_probes(own_file), meta["fine_tuned_from"]
    folder = checkpoint_folder(meta["train_config"]["init_checkpoint"])
    parent_file = run_log(folder, PROBES)
    if own.fine_tuned_at is not None:
        return own_file.read_bytes()
    if parent_file is None or read_config(folder)[1].get(WEIGHTS_DIGEST) != started.get(
        WEIGHTS_DIGEST
    ):
        log.warning("%s: no probe record of the weights it started from; its own alone", source)
        return own_file.read_bytes()
    history = continued(read_probes(parent_file), own, int(started["step"]))
    return probes_text(history).encode("utf-8")


# --- the file -------------------------------------------------------------------------------


def write_probes(path: Path, log: ProbeLog) -> None:
    """Write ``log`` to ``path`` whole, then rename it, so that a kill leaves the old file."""
    partial = path.with_name(path.name + ".partial")
    partial.write_text(probes_text(log), "utf-8")
    os.replace(partial, path)


def probes_text(log: ProbeLog) -> str:
    """``log`` as the JSON of a probe file (the schema above)."""
    data = {
        "schema": SCHEMA,
        "version": VERSION,
        "sentences": [
            {
                "source": s.source,
                "reference": s.reference,
                "source_pieces": list(s.source_pieces),
                "target_pieces": list(s.target_pieces),
                "sure": None if s.gold is None else sorted(map(list, s.gold[0])),
                "possible": None if s.gold is None else sorted(map(list, s.gold[1])),
            }
            for s in log.sentences
        ],
        **({} if log.fine_tuned_at is None else {"fine_tuned_at": log.fine_tuned_at}),
        "evaluations": [
            {
                "step": e.step,
                "dev_bleu": e.dev_bleu,
                "hypotheses": list(e.hypotheses),
                "attention": [
                    None if m is None else np.round(m, DECIMALS).tolist() for m in e.attention
                ],
            }
            for e in log.evaluations
        ],
    }
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def read_probes(path: str | Path) -> ProbeLog:
    """Read and check a probe file; :class:`ProbeError` names what is wrong with it."""
    path = Path(path)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ProbeError(f"{path} does not exist: train with --probes to record one") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ProbeError(f"{path} is not a probe file: not JSON ({error})") from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise ProbeError(f'{path} is not a probe file: no "schema": "{SCHEMA}"')
    if data.get("version") != VERSION:
        raise ProbeError(f"{path} has version {data.get('version')!r}; this reader reads {VERSION}")
    try:
        return _probe_log(data)
    except (KeyError, TypeError, ValueError) as error:
        raise ProbeError(f"{path} is a damaged probe file: {error}") from None


def _gold(sure: Any, possible: Any) -> tuple[Alignment, Alignment] | None:
    if sure is None:
        return None
    return (
        frozenset((int(j), int(i)) for j, i in sure),
        frozenset((int(j), int(i)) for j, i in possible or ()),
    )


def _probe_log(data: dict[str, Any]) -> ProbeLog:
    sentences = tuple(
        ProbeSentence(
            str(s["source"]),
            str(s["reference"]),
            tuple(s["source_pieces"]),
            tuple(s["target_pieces"]),
            _gold(s.get("sure"), s.get("possible")),
        )
        for s in data["sentences"]
    )
    evaluations = []
    for e in data["evaluations"]:
        if len(e["attention"]) != len(sentences) or len(e["hypotheses"]) != len(sentences):
            raise ValueError(f"step {e['step']} does not hold one entry per sentence")
        matrices = []
        for sentence, rows in zip(sentences, e["attention"], strict=True):
            matrix = None if rows is None else np.asarray(rows, dtype=np.float32)
            shape = (len(sentence.target_pieces), len(sentence.source_pieces))
            if matrix is not None and matrix.shape != shape:
                raise ValueError(f"step {e['step']}: attention {matrix.shape}, pieces {shape}")
            matrices.append(matrix)
        bleu = e["dev_bleu"]
        evaluations.append(
            ProbeEvaluation(
                int(e["step"]),
                None if bleu is None else float(bleu),
                tuple(str(h) for h in e["hypotheses"]),
                tuple(matrices),
            )
        )
    tuned = data.get("fine_tuned_at")
    return ProbeLog(sentences, tuple(evaluations), None if tuned is None else int(tuned))

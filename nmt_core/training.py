"""Training: one loop, read top to bottom.

    prepare data -> tokenizer -> model -> for each batch: forward, loss, backward, clip, step
    every ``eval_every`` steps: dev BLEU, plateau LR decay, best/ checkpoint, latest/ checkpoint

``output_dir/latest`` holds everything needed to resume (weights, optimizer, scheduler, step,
position in the epoch, RNG); it is swapped in atomically, so a run killed at any moment, even
with SIGKILL, resumes with ``--resume`` from its last evaluation; Ctrl-C (SIGINT) or SIGTERM
loses nothing: latest/ is saved after the update under way and TrainingStopped is raised.
``output_dir/best`` is the checkpoint with the best dev BLEU so far; what ships is chosen
afterwards between it and means of the last snapshots (``nmt_core average``).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import logging
import math
import random
import signal
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F
from safetensors.torch import load as load_tensors
from safetensors.torch import save as save_tensors
from tqdm import tqdm

from nmt_core.averaging import drop_snapshots_after, save_snapshot
from nmt_core.checkpoint import (
    METRICS,
    CheckpointError,
    load_checkpoint,
    resolve_device,
    restore_interrupted_swap,
    save_checkpoint,
)
from nmt_core.config import ModelConfig, TrainConfig
from nmt_core.data import (
    Pair,
    Split,
    deduplicate,
    drop_held_out,
    filter_pairs,
    read_corpus,
    split_pairs,
)
from nmt_core.evaluation import corpus_scores
from nmt_core.model import Seq2Seq, build_model, parameter_count
from nmt_core.tokenization import BOS_ID, EOS_ID, Tokenizer, train_tokenizer
from nmt_core.translate import pad_batch, translate_texts

log = logging.getLogger("nmt_core.training")
OPTIMIZER, STATE = "optimizer.safetensors", "train_state.json"
Example = tuple[list[int], list[int]]  # (source ids + EOS, target ids + EOS)


@dataclass
class Progress:
    """Where training stands; saved in latest/ so that --resume continues exactly here."""

    step: int = 0
    epoch: int = 0
    batch_in_epoch: int = 0  # batches of this epoch already trained on
    best_bleu: float = -1.0
    bad_evals: int = 0  # evaluations since the best one
    seconds: float = 0.0  # training time so far, summed over resumed runs
    finished: bool = False
    parent: dict[str, Any] | None = None  # meta of the checkpoint a fine-tuning run started from


class TrainingStopped(Exception):
    """A signal stopped training after saving latest/: the same command with --resume goes on."""

    def __init__(self, step: int, signum: int, latest: Path) -> None:
        super().__init__(
            f"stopped by {signal.Signals(signum).name} at step {step}; saved {latest}: "
            "run the same command with --resume to continue"
        )
        self.step, self.signum = step, signum


@contextmanager
def stop_requests() -> Iterator[list[int]]:
    """While inside, SIGINT and SIGTERM are appended to the yielded list instead of killing us.

    The loop looks at the list after each update, so stopping costs no work. A second signal
    finds the old handler back and stops at once, as an impatient user expects; latest/ is
    swapped in atomically, so even that loses only the updates since the last save. Only the
    main thread may set handlers: in any other thread nothing is installed.
    """
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return
    previous = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}

    def record(signum: int, frame: Any) -> None:
        received.append(signum)
        signal.signal(signum, previous[signum])

    for s in previous:
        signal.signal(s, record)
    try:
        yield received
    finally:
        for s, handler in previous.items():
            signal.signal(s, handler)


def cleaned_pairs(path: str, cfg: TrainConfig) -> list[Pair]:
    """The pairs of a corpus file, read, length-filtered and deduplicated as ``cfg`` says."""
    pairs, report = read_corpus(path, cfg.direction)
    log.info("read %s", report.summary())
    return deduplicate(filter_pairs(pairs, max_words=cfg.max_words))


def prepare_split(cfg: TrainConfig) -> Split:
    """Read, clean, filter and split the corpus deterministically (the same split every run)."""
    pairs = cleaned_pairs(cfg.corpus, cfg)
    split = split_pairs(pairs, cfg.dev_size, cfg.test_size, cfg.seed)
    log.info("split sizes %s", split.sizes())
    return split


def recorded_split(meta: dict[str, Any]) -> Split:
    """The split a checkpoint was trained beside, from the train config in its ``meta``."""
    if "train_config" not in meta:
        raise CheckpointError("the checkpoint does not record its training data")
    return prepare_split(TrainConfig.from_dict(meta["train_config"]))


def training_pairs(split: Split, cfg: TrainConfig) -> list[Pair]:
    """The pairs trained on: chosen kinds, full sentences repeated, plus extra TSV corpora.

    Ding's 513k single words would outnumber its 20k sentences 25 to 1, so ``word_sample``
    keeps a seeded sample of them: vocabulary for the model without drowning the sentences.
    """
    chosen = [p for p in split.train if p.kind in cfg.kinds]
    if cfg.word_sample:
        words = [p for p in chosen if p.kind == "word"]
        sample = random.Random(cfg.seed).sample(words, min(cfg.word_sample, len(words)))
        chosen = [p for p in chosen if p.kind != "word"] + sample
    sentences = [p for p in chosen if p.kind == "sentence"]
    return chosen + sentences * (cfg.sentence_repeats - 1) + extra_pairs(split, cfg)


def extra_pairs(split: Split, cfg: TrainConfig) -> list[Pair]:
    """The pairs of ``cfg.extra_corpora``, cleaned and filtered like the main corpus, without
    any pair that shares a side with a dev or test sentence (the scores would count it)."""
    pairs = deduplicate([p for path in cfg.extra_corpora for p in cleaned_pairs(path, cfg)])
    kept = drop_held_out(pairs, split.dev + split.test)
    if pairs:
        log.info("extra corpora: %d pairs after cleaning, %d trained on", len(pairs), len(kept))
    return kept


def build_tokenizer(cfg: TrainConfig, pairs: Sequence[Pair]) -> Tokenizer:
    """Reuse ``cfg.tokenizer`` (same vocabulary across compared models) or train a joint one."""
    if cfg.tokenizer:
        return Tokenizer.load(cfg.tokenizer)
    texts = sorted({p.source for p in pairs} | {p.target for p in pairs})
    return train_tokenizer(texts, cfg.vocab_size)


def encode_pairs(
    tokenizer: Tokenizer,
    pairs: Sequence[Pair],
    alpha: float = 0.0,
    seed: int = 0,
    tagged_kinds: Sequence[str] = (),
) -> list[Example]:
    """Pairs as (source ids + EOS, target ids + EOS); ``alpha`` > 0 samples the segmentations
    (``Tokenizer.sample_batch``) with ``seed``, else each text gets its usual one. Sources of
    ``tagged_kinds`` pairs start with BOS, an id no untagged source contains."""
    texts = ([p.source for p in pairs], [p.target for p in pairs])
    if alpha:
        sources, targets = (
            tokenizer.sample_batch(side, alpha, seed + i) for i, side in enumerate(texts)
        )
    else:
        sources, targets = (tokenizer.encode_batch(side) for side in texts)
    return [
        (([BOS_ID] if p.kind in tagged_kinds else []) + s + [EOS_ID], t + [EOS_ID])
        for p, s, t in zip(pairs, sources, targets, strict=True)
        if s and t
    ]


def make_batches(examples: Sequence[Example], batch_tokens: int, seed: int) -> list[list[int]]:
    """Length-bucketed batches of at most ``batch_tokens`` padded tokens (batch size times the
    longest source or target in it), in a seeded order.

    Examples are shuffled, then sorted by length inside large pools, so a batch holds sentences
    of similar length (little padding) while the epoch order stays random.
    """
    rng = random.Random(seed)
    order = list(range(len(examples)))
    rng.shuffle(order)
    pool = 100 * max(1, batch_tokens // 20)
    batches: list[list[int]] = []
    for start in range(0, len(order), pool):
        chunk = sorted(
            order[start : start + pool], key=lambda i: (len(examples[i][1]), len(examples[i][0]))
        )
        batch: list[int] = []
        longest = 0
        for i in chunk:
            length = max(len(examples[i][0]), len(examples[i][1]))
            if batch and max(longest, length) * (len(batch) + 1) > batch_tokens:
                batches.append(batch)
                batch, longest = [], 0
            batch.append(i)
            longest = max(longest, length)
        if batch:
            batches.append(batch)
    rng.shuffle(batches)
    return batches


def collate(
    examples: Sequence[Example], pad_id: int, bos_id: int, device: torch.device
) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """src (B, S), src_mask (B, S), tgt_in (B, T) = BOS y..., tgt_out (B, T) = y... EOS."""
    src, src_mask = pad_batch([s for s, _ in examples], pad_id, device)
    tgt_in, _ = pad_batch([[bos_id] + t[:-1] for _, t in examples], pad_id, device)
    tgt_out, _ = pad_batch([t for _, t in examples], pad_id, device)
    return src, src_mask, tgt_in, tgt_out


def batch_loss(
    model: Seq2Seq, batch: tuple[torch.Tensor, ...], label_smoothing: float
) -> tuple[torch.Tensor, int]:
    """Mean label-smoothed cross-entropy per target token, and the number of target tokens."""
    src, src_mask, tgt_in, tgt_out = batch
    logits, _ = model(src, src_mask, tgt_in)  # (B, T, V); bf16 under autocast
    tokens = int((tgt_out != model.config.pad_id).sum())
    loss = F.cross_entropy(
        logits.float().reshape(-1, logits.size(-1)),
        tgt_out.reshape(-1),
        ignore_index=model.config.pad_id,
        label_smoothing=label_smoothing,
        reduction="sum",
    )
    return loss / tokens, tokens


def drop_tokens(ids: torch.Tensor, rate: float, unk_id: int, keep: Sequence[int]) -> torch.Tensor:
    """(B, T) ids with each token not in ``keep`` (pad, BOS, EOS) replaced by ``unk_id`` with
    probability ``rate``; draws from torch's generator, so a resumed run draws the same."""
    if rate == 0.0:
        return ids
    droppable = ~torch.isin(ids, torch.tensor(list(keep), device=ids.device))
    return ids.masked_fill(droppable & (torch.rand(ids.shape, device=ids.device) < rate), unk_id)


def with_token_dropout(
    batch: tuple[torch.Tensor, ...], rate: float, config: ModelConfig
) -> tuple[torch.Tensor, ...]:
    """A collated batch with word dropout on the model's inputs (source, target history);
    the tokens to predict stay as they are."""
    src, src_mask, tgt_in, tgt_out = batch
    keep = (config.pad_id, config.bos_id, config.eos_id)
    return (
        drop_tokens(src, rate, config.unk_id, keep),
        src_mask,
        drop_tokens(tgt_in, rate, config.unk_id, keep),
        tgt_out,
    )


def mean_loss(model: Seq2Seq, examples: Sequence[Example], batch_tokens: int) -> float:
    """Cross-entropy per target token (no smoothing, no dropout) over ``examples``; leaves the
    model in training mode. Unlike dev BLEU it moves smoothly, so it shows over-fitting."""
    model.eval()
    device = next(model.parameters()).device
    total, count = 0.0, 0
    with torch.inference_mode():
        for indices in make_batches(examples, batch_tokens, seed=0):
            batch = collate(
                [examples[i] for i in indices], model.config.pad_id, model.config.bos_id, device
            )
            loss, tokens = batch_loss(model, batch, label_smoothing=0.0)
            total, count = total + float(loss) * tokens, count + tokens
    model.train()
    return total / max(count, 1)


def keep_freed_memory() -> bool:
    """Ask glibc to keep freed memory for reuse rather than hand it back to the OS; True if set.

    An update allocates several (tokens, vocab) tensors of about 100 MB. By default glibc maps
    each one afresh and unmaps it when freed, so every update page-faults them in again: about
    10 % of an update on the 2-core CPU in fp32, 25 % in bf16. Process-wide: the training
    process keeps its peak memory instead of shrinking between updates.
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        m_trim_threshold, m_mmap_max = -1, -4  # from <malloc.h>
        return bool(libc.mallopt(m_mmap_max, 0) and libc.mallopt(m_trim_threshold, 1 << 30))
    except (OSError, AttributeError):  # not glibc (e.g. musl)
        return False


def make_scheduler(optimizer: torch.optim.Optimizer, cfg: TrainConfig) -> Any:
    """The learning-rate schedule ``cfg.lr_schedule`` names.

    plateau: lr times ``lr_decay`` once more than ``lr_patience`` evaluations in a row bring no
    dev-BLEU gain (torch's ReduceLROnPlateau: with 2, the 3rd such evaluation halves it);
    stepped with the dev BLEU at each evaluation.
    cosine: lr_t = min_lr + (lr - min_lr) * (1 + cos(pi * t / max_steps)) / 2 (Loshchilov &
    Hutter 2017, without restarts); stepped after every update.
    """
    if cfg.lr_schedule == "plateau":
        return torch.optim.lr_scheduler.ReduceLROnPlateau(
            optimizer, mode="max", factor=cfg.lr_decay, patience=cfg.lr_patience, min_lr=cfg.min_lr
        )
    floor = cfg.min_lr / cfg.lr

    def factor(step: int) -> float:
        progress = min(step, cfg.max_steps) / cfg.max_steps
        return floor + (1 - floor) * (1 + math.cos(math.pi * progress)) / 2

    return torch.optim.lr_scheduler.LambdaLR(optimizer, factor)


def dev_bleu(model: Seq2Seq, tokenizer: Tokenizer, dev: Sequence[Pair]) -> dict[str, float]:
    """Greedy BLEU and chrF on ``dev``; leaves the model in training mode."""
    model.eval()
    hypotheses = translate_texts(model, tokenizer, [p.source for p in dev])
    model.train()
    return corpus_scores(hypotheses, [p.target for p in dev])


# --- saving and resuming -------------------------------------------------------------------


def _optimizer_files(
    optimizer: torch.optim.Optimizer, scheduler: Any, progress: Progress
) -> dict[str, bytes]:
    state = optimizer.state_dict()
    tensors = {
        f"{param}.{name}": value.detach().cpu().contiguous()
        for param, values in state["state"].items()
        for name, value in values.items()
    }
    tensors["rng.torch"] = torch.get_rng_state()
    meta = {
        "progress": asdict(progress),
        "param_groups": state["param_groups"],
        "scheduler": scheduler.state_dict(),
    }
    return {OPTIMIZER: save_tensors(tensors), STATE: json.dumps(meta).encode()}


def _restore_optimizer(folder: Path, optimizer: torch.optim.Optimizer, scheduler: Any) -> Progress:
    meta = json.loads((folder / STATE).read_text())
    tensors = load_tensors((folder / OPTIMIZER).read_bytes())
    torch.set_rng_state(tensors.pop("rng.torch"))
    state: dict[int, dict[str, torch.Tensor]] = {}
    for key, value in tensors.items():
        param, name = key.split(".", 1)
        state.setdefault(int(param), {})[name] = value
    optimizer.load_state_dict({"state": state, "param_groups": meta["param_groups"]})
    scheduler.load_state_dict(meta["scheduler"])
    return Progress(**meta["progress"])


def _meta(
    cfg: TrainConfig, model: Seq2Seq, progress: Progress, scores: dict[str, float]
) -> dict[str, Any]:
    return {
        "name": Path(cfg.output_dir).name,
        "direction": cfg.direction,
        "scorer": model.config.scorer,
        "step": progress.step,
        "epoch": progress.epoch,
        "train_seconds": round(progress.seconds, 1),
        "dev_bleu": scores.get("bleu"),
        "dev_chrf": scores.get("chrf"),
        "parameters": parameter_count(model),
        "train_config": asdict(cfg),
        "fine_tuned_from": progress.parent,
    }


def _append_metrics(path: Path, record: dict[str, Any]) -> None:
    with path.open("a", encoding="utf-8") as f:
        f.write(json.dumps(record) + "\n")


def _logged_steps(path: Path) -> list[tuple[int, str]]:
    """(step, line) for each complete line of a metrics log; a line cut short by a kill
    during its write is skipped (the evaluation it began is repeated on resume)."""
    entries = []
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        try:
            entries.append((int(json.loads(line)["step"]), line))
        except (ValueError, KeyError, TypeError):
            log.warning("%s: skipped an unreadable line: %.60s", path, line)
    return entries


def _drop_metrics_after(path: Path, step: int) -> None:
    """A resumed run repeats the steps after its checkpoint: forget their log lines."""
    if path.exists():
        kept = [line for s, line in _logged_steps(path) if s <= step]
        path.write_text("".join(line + "\n" for line in kept), encoding="utf-8")


def _model_options_ignored(asked: ModelConfig, found: ModelConfig) -> str:
    """'scorer dot (the checkpoint has additive), ...' for each option a resumed or fine-tuned
    run cannot honour: the weights fix the architecture (the vocabulary is the tokenizer's)."""
    return ", ".join(
        f"{name} {getattr(asked, name)!r} (the checkpoint has {getattr(found, name)!r})"
        for name in (f.name for f in fields(ModelConfig))
        if name != "vocab_size" and getattr(asked, name) != getattr(found, name)
    )


def _refuse_to_overwrite(out: Path, resume: bool) -> None:
    """A new run would wipe the log, best/ and snapshots of a run already in ``out``."""
    steps = [s for s, _ in _logged_steps(out / METRICS)]
    if steps or (out / "best").exists() or (out / "latest").exists():
        reached = f" (it reached step {max(steps)})" if steps else ""
        remedy = (
            f"but {out / 'latest' / STATE} is missing, so it cannot be resumed"
            if resume
            else "add --resume to continue it"
        )
        raise ValueError(
            f"{out} already holds a training run{reached}: {remedy}; "
            "choose another --output-dir (or delete that folder) to start anew"
        )


def out_of_budget(cfg: TrainConfig, progress: Progress) -> bool:
    """Whether the step or wall-clock budget is spent."""
    return bool(
        (cfg.max_steps and progress.step >= cfg.max_steps)
        or (cfg.max_minutes and progress.seconds >= 60 * cfg.max_minutes)
    )


def budget_left(cfg: TrainConfig, progress: Progress) -> bool:
    """Whether training may go on under ``cfg``: budget unspent, no early stop, epochs left."""
    return (
        not out_of_budget(cfg, progress)
        and progress.bad_evals < cfg.early_stop_patience
        and progress.epoch < cfg.max_epochs
    )


# --- the loop ------------------------------------------------------------------------------


def train(cfg: TrainConfig, model_cfg: ModelConfig, resume: bool = False) -> Path:
    """Train (or resume) one model; returns the folder of the best checkpoint."""
    cfg.validate()
    out = Path(cfg.output_dir)
    latest, best, metrics_path = out / "latest", out / "best", out / METRICS
    out.mkdir(parents=True, exist_ok=True)
    restore_interrupted_swap(latest)
    resuming = resume and (latest / STATE).exists()
    if not resuming:
        _refuse_to_overwrite(out, resume)
    device = resolve_device(cfg.device)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    if device.type == "cpu":
        keep_freed_memory()
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)

    # 1. Data and tokenizer (a resumed run reuses its own tokenizer).
    split = prepare_split(cfg)
    pairs = training_pairs(split, cfg)
    if resume and not resuming:
        log.warning("nothing to resume in %s: starting a new run", latest)
    if resuming or cfg.init_checkpoint:
        # A fine-tuning run starts from trained weights but with a fresh optimizer and schedule.
        loaded = load_checkpoint(latest if resuming else cfg.init_checkpoint, device=str(device))
        tokenizer, model = loaded.tokenizer, loaded.model
        model.set_decoding_layout(False)
        ignored = _model_options_ignored(model_cfg, model.config)
        if ignored:
            log.warning("the checkpoint's own model is trained on; ignored: %s", ignored)
    else:
        tokenizer = build_tokenizer(cfg, pairs)
        model = build_model(replace(model_cfg, vocab_size=tokenizer.vocab_size)).to(device)
    examples: list[Example] = []  # encoded once, or once per epoch with subword sampling
    dev_pairs = split.dev[: cfg.eval_sentences]
    dev = (dev_pairs, encode_pairs(tokenizer, dev_pairs))
    log.info("%d training pairs, %d parameters", len(pairs), parameter_count(model))

    # 2. Optimiser, learning-rate schedule (plateau on dev BLEU, or cosine), and where we stand.
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    scheduler = make_scheduler(optimizer, cfg)
    progress = _restore_optimizer(latest, optimizer, scheduler) if resuming else Progress()
    if cfg.init_checkpoint and not resuming:
        progress.parent = loaded.meta
    if resuming:
        log.info("resumed at step %d (epoch %d)", progress.step, progress.epoch)
        if progress.finished and budget_left(cfg, progress):  # resumed with a larger max_steps
            log.info("the budget is larger now: training on to step %d", cfg.max_steps)
            progress.finished = False
    _drop_metrics_after(metrics_path, progress.step)
    drop_snapshots_after(out, progress.step)

    # 3. The loop.
    model.train()
    started = time.monotonic() - progress.seconds
    window_tokens, window_start = 0, time.monotonic()
    recent_losses: list[torch.Tensor] = []  # since the last evaluation, kept on the device
    bar = tqdm(
        total=cfg.max_steps or None, initial=progress.step, desc=out.name, dynamic_ncols=True
    )
    with stop_requests() as stops:
        while not progress.finished and progress.epoch < cfg.max_epochs:
            if not examples or cfg.subword_alpha:  # sampling: a fresh segmentation each epoch
                examples = encode_pairs(
                    tokenizer, pairs, cfg.subword_alpha, cfg.seed + progress.epoch, cfg.tagged_kinds
                )
            batches = make_batches(examples, cfg.batch_tokens, cfg.seed + progress.epoch)
            for indices in batches[progress.batch_in_epoch :]:
                batch = collate(
                    [examples[i] for i in indices], model.config.pad_id, model.config.bos_id, device
                )
                batch = with_token_dropout(batch, cfg.token_dropout, model.config)
                with torch.autocast(device.type, torch.bfloat16, enabled=cfg.precision == "bf16"):
                    loss, tokens = batch_loss(model, batch, cfg.label_smoothing)
                optimizer.zero_grad(set_to_none=True)
                loss.backward()
                torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.clip_norm)
                optimizer.step()
                recent_losses.append(loss.detach())  # no host sync per update
                if cfg.lr_schedule == "cosine":
                    scheduler.step()
                progress.step += 1
                progress.batch_in_epoch += 1
                progress.seconds = time.monotonic() - started
                window_tokens += tokens
                bar.update(1)
                if progress.step % 20 == 0:
                    rate = window_tokens / max(time.monotonic() - window_start, 1e-9)
                    bar.set_postfix(
                        loss=f"{loss.item():.3f}",
                        tok_s=f"{rate:.0f}",
                        lr=f"{optimizer.param_groups[0]['lr']:.1e}",
                    )
                    window_tokens, window_start = 0, time.monotonic()
                progress.finished = out_of_budget(cfg, progress)
                if progress.step % cfg.eval_every == 0 or progress.finished:
                    _evaluate_and_save(
                        cfg, model, tokenizer, optimizer, scheduler, progress, dev, recent_losses
                    )
                    recent_losses.clear()
                if progress.finished:
                    break
                if stops:  # Ctrl-C or SIGTERM: keep every update done, then hand back
                    if progress.step % cfg.eval_every:  # else latest/ is this step already
                        _save_latest(cfg, model, tokenizer, optimizer, scheduler, progress, {})
                    bar.close()
                    raise TrainingStopped(progress.step, stops[0], latest)
            else:
                progress.epoch += 1
                progress.batch_in_epoch = 0
    if not progress.finished:  # ran out of epochs between evaluations
        progress.finished = True
        _evaluate_and_save(
            cfg, model, tokenizer, optimizer, scheduler, progress, dev, recent_losses
        )
    bar.close()
    if metrics_path.exists() and best.exists():
        (best / METRICS).write_bytes(metrics_path.read_bytes())
    return best


def _evaluate_and_save(
    cfg: TrainConfig,
    model: Seq2Seq,
    tokenizer: Tokenizer,
    optimizer: torch.optim.Optimizer,
    scheduler: Any,
    progress: Progress,
    dev: tuple[Sequence[Pair], Sequence[Example]],
    recent_losses: list[torch.Tensor],
) -> None:
    """Dev BLEU and loss, LR plateau step, best/ when improved, early stopping, snapshot, latest/.

    ``dev``: the dev pairs and their encoded examples. The metrics log gets dev_loss
    (cross-entropy per token) and train_loss (label-smoothed, with dropout: the mean of
    ``recent_losses``, the updates since the last evaluation or resume; None after a resume
    that stops at once).
    """
    out = Path(cfg.output_dir)
    dev_pairs, dev_examples = dev
    scores = dev_bleu(model, tokenizer, dev_pairs)
    dev_loss = mean_loss(model, dev_examples, cfg.batch_tokens)
    train_loss = float(torch.stack(recent_losses).mean()) if recent_losses else None
    if cfg.lr_schedule == "plateau":
        scheduler.step(scores["bleu"])
    improved = scores["bleu"] > progress.best_bleu
    if improved:
        progress.best_bleu, progress.bad_evals = scores["bleu"], 0
        save_checkpoint(out / "best", model, tokenizer, _meta(cfg, model, progress, scores))
    else:
        progress.bad_evals += 1
        if progress.bad_evals >= cfg.early_stop_patience:
            log.info("early stop: no dev BLEU gain in %d evaluations", progress.bad_evals)
            progress.finished = True
    record = {
        "step": progress.step,
        "epoch": progress.epoch,
        "seconds": round(progress.seconds, 1),
        "lr": optimizer.param_groups[0]["lr"],
        "dev_bleu": scores["bleu"],
        "dev_chrf": scores["chrf"],
        "train_loss": train_loss,
        "dev_loss": dev_loss,
        "best": improved,
    }
    _append_metrics(out / METRICS, record)
    tqdm.write(json.dumps(record))
    if cfg.snapshots:  # before latest/: a resumed run then never lacks a snapshot it passed
        save_snapshot(out, model, progress.step, keep=cfg.snapshots)
    _save_latest(cfg, model, tokenizer, optimizer, scheduler, progress, scores)


def _save_latest(
    cfg: TrainConfig,
    model: Seq2Seq,
    tokenizer: Tokenizer,
    optimizer: torch.optim.Optimizer,
    scheduler: Any,
    progress: Progress,
    scores: dict[str, float],
) -> None:
    """latest/: the weights and all that ``--resume`` needs; ``scores`` {} between evaluations."""
    save_checkpoint(
        Path(cfg.output_dir) / "latest",
        model,
        tokenizer,
        _meta(cfg, model, progress, scores),
        extra_files=_optimizer_files(optimizer, scheduler, progress),
    )

"""Training: one loop, read top to bottom.

    set up: data, tokenizer, model, optimizer (new, fine-tuned, or resumed from latest/)
    for each batch: forward, loss, backward, clip, step
    every ``eval_every`` steps: dev BLEU and loss, plateau LR decay, best/, snapshot, latest/
    until :func:`stop_reason` gives a reason

The run's folder (latest/ for --resume, best/, snapshots/, the metrics log) is
``rundir.RunDir``. A run killed at any moment, even with SIGKILL, resumes with ``--resume``
from its last evaluation; Ctrl-C (SIGINT) or SIGTERM loses nothing: latest/ is saved after the
update under way and TrainingStopped is raised. What ships is chosen afterwards between best/
and means of the last snapshots (``nmt_core average``).
"""

from __future__ import annotations

import json
import logging
import math
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import torch
from tqdm import tqdm

from nmt_core.checkpoint import checkpoint_folder, load_checkpoint, read_config, save_checkpoint
from nmt_core.corpora.corpus import build_tokenizer, prepare_split, training_pairs
from nmt_core.corpora.streaming import StoredExamples, stream_split, write_examples
from nmt_core.decoding.batching import (
    Example,
    collate,
    encode_pairs,
    make_batches,
    with_token_dropout,
)
from nmt_core.folders import CONFIG
from nmt_core.learning.distributed import World, data_parallel, join_world, leave_world
from nmt_core.learning.guidance import (
    GUIDANCE,
    Guides,
    example_key,
    guide_tensor,
    guides_for,
    word_links,
)
from nmt_core.learning.loss import batch_loss, mean_loss
from nmt_core.learning.probes import ProbeSet, read_probe_set, record_probes
from nmt_core.learning.rundir import Progress, RunDir, save_snapshot
from nmt_core.network.config import ModelConfig, TrainConfig
from nmt_core.network.device import (
    MixedPrecision,
    device_mixed_precision,
    prepare_training_process,
    resolve_device,
)
from nmt_core.network.model import Seq2Seq, build_model, parameter_count
from nmt_core.network.pausepoints import pause_point
from nmt_core.network.scorers import scorer
from nmt_core.text.data import CorpusError, Pair
from nmt_core.text.tokenization import Tokenizer
from nmt_core.translate import PairScores, score_pairs

log = logging.getLogger("nmt_core.learning.training")
T = TypeVar("T")
# What a resumed run may change: its budget, and where and on how many threads it computes.
# Everything else (corpus, split, model, recipe) is the run's own and stays as saved.
RESUME_MAY_CHANGE = ("max_steps", "max_epochs", "max_minutes", "device", "threads")


@dataclass(frozen=True)
class Setup:
    """What stays fixed while one run trains; :class:`Progress` is what changes."""

    cfg: TrainConfig
    run: RunDir
    model: Seq2Seq
    tokenizer: Tokenizer
    optimizer: torch.optim.Optimizer
    scheduler: Any
    pairs: list[Pair]  # trained on (empty when streamed: then ``stored`` holds them)
    stored: Sequence[Example] | None  # a streamed corpus's training pairs, as ids on disk
    dev: list[Pair]  # decoded at each evaluation
    dev_examples: list[Example]  # the same, encoded: the dev loss
    device: torch.device
    probes: ProbeSet | None  # force-decoded at each evaluation into probes.json
    precision: MixedPrecision  # autocast dtype of the forward pass, fp16's gradient scaler
    scaler: torch.amp.GradScaler  # disabled (a pass-through) unless fp16
    world: World  # this process among the training processes (torchrun); one: World()
    forward: torch.nn.Module  # what the update calls: the model, or its DDP wrapper
    guides: Guides | None = (
        None  # guided alignment's cells per example (nmt_core/learning/guidance.py)
    )


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


def stop_reason(cfg: TrainConfig, progress: Progress) -> str:
    """Why training stops now, or "" to go on: the one answer to "when does training stop?"."""
    if cfg.max_steps and progress.step >= cfg.max_steps:
        return f"reached max_steps {cfg.max_steps}"
    if cfg.max_minutes and progress.seconds >= 60 * cfg.max_minutes:
        return f"reached max_minutes {cfg.max_minutes:g}"
    if progress.bad_evals >= cfg.early_stop_patience:
        return f"early stop: no dev BLEU gain in {progress.bad_evals} evaluations"
    if progress.epoch >= cfg.max_epochs:
        return f"reached max_epochs {cfg.max_epochs}"
    return ""


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


# --- the loop ------------------------------------------------------------------------------


def train(cfg: TrainConfig, model_cfg: ModelConfig, resume: bool = False) -> Path:
    """Train (or resume) one model, on this process or on each of torchrun's
    (``nmt_core.learning.distributed``); returns the folder of the best checkpoint."""
    try:
        return _train(cfg, model_cfg, resume)
    finally:
        leave_world()


def _train(cfg: TrainConfig, model_cfg: ModelConfig, resume: bool) -> Path:
    s, progress = set_up(cfg, model_cfg, resume)
    examples: list[Example] = []  # encoded once, or once per epoch with subword sampling
    recent, progress = progress.losses_since_evaluation(s.device), progress.with_losses([])
    evaluated_at = s.run.last_logged_step()
    meter = Meter(cfg, progress, s.run.path.name, shown=s.world.main)
    started = time.monotonic() - progress.seconds
    s.model.train()
    with stop_requests() as stops, meter:
        while not stop_reason(cfg, progress):
            if s.stored is not None:
                examples = s.stored
            elif not examples or cfg.subword_alpha:  # sampling: a fresh segmentation each epoch
                seed = cfg.seed + progress.epoch
                examples = encode_pairs(
                    s.tokenizer, s.pairs, cfg.subword_alpha, seed, cfg.tagged_kinds
                )
            batches = make_batches(examples, cfg.batch_tokens, cfg.seed + progress.epoch)
            for indices in batches[progress.batch_in_epoch :]:
                # 1. One update.
                loss, tokens = update(s, [examples[i] for i in indices])
                recent.append(loss.detach())  # no host sync per update
                progress = replace(
                    progress,
                    step=progress.step + 1,
                    batch_in_epoch=progress.batch_in_epoch + 1,
                    seconds=time.monotonic() - started,
                )
                meter.update(progress, loss, tokens, s.optimizer.param_groups[0]["lr"])
                # 2. Evaluate every eval_every steps, and when a budget is spent.
                if progress.step % cfg.eval_every == 0 or stop_reason(cfg, progress):
                    progress, evaluated_at = evaluate_and_save(s, progress, recent), progress.step
                    recent.clear()
                elif probe_due(s, progress.step):
                    record_probes(s.run.path, s.model, s.tokenizer, s.probes, progress.step, None)
                if stop_reason(cfg, progress):
                    break
                # 3. Ctrl-C or SIGTERM (on any process): keep every update done, hand back.
                if s.world.any(bool(stops)):
                    save_and_stop(s, progress, stops, evaluated_at, recent)
            else:  # 4. The epoch is over: the last one may end between evaluations.
                progress = replace(progress, epoch=progress.epoch + 1, batch_in_epoch=0)
                if stop_reason(cfg, progress) and evaluated_at != progress.step:
                    progress, evaluated_at = evaluate_and_save(s, progress, recent), progress.step
                    recent.clear()
    log.info("%s: %s at step %d", s.run.path, stop_reason(cfg, progress), progress.step)
    if s.world.main:
        s.run.copy_metrics_to_best()
    return s.run.best


def probe_due(s: Setup, step: int) -> bool:
    """Whether this process records the probe sentences' attention now, between evaluations."""
    every = s.cfg.probe_every
    return bool(s.probes and every and step % every == 0 and s.world.main)


def set_up(cfg: TrainConfig, model_cfg: ModelConfig, resume: bool) -> tuple[Setup, Progress]:
    """Data, tokenizer, model, optimizer and schedule of a new, fine-tuned or resumed run."""
    cfg.validate()
    refuse_untrainable(cfg, model_to_train(cfg, model_cfg, resume))  # before the folder exists
    world, device = join_world(resolve_device(cfg.device))
    precision = device_mixed_precision(cfg.precision, device)  # before any work: fp16 on a CPU
    run = RunDir(cfg.output_dir)
    resuming = on_main(world, lambda: run.open(resume))  # process 0 alone creates the folder
    if resuming:  # before any work: a run resumed with other settings is refused at once
        for change in resume_changes(*run.saved_configs(), cfg, model_cfg):  # type: ignore[misc]
            log.info("resuming %s: %s", run.path, change)
    prepare_training_process(device, cfg.threads)
    random.seed(cfg.seed)
    torch.manual_seed(cfg.seed)
    split, sample = stream_split(cfg) if cfg.stream else (prepare_split(cfg), None)
    pairs = training_pairs(split, cfg)
    start = run.latest if resuming else cfg.init_checkpoint  # a resumed run has its tokenizer
    tokenizer, model, parent = starting_weights(start, cfg, model_cfg, pairs, device, world, sample)
    stored = None
    if cfg.stream:  # process 0 encodes the pairs to disk once; then every process reads them
        folder = run.path / "stream"
        if not on_main(world, lambda: len(write_examples(cfg, tokenizer, folder))):
            raise CorpusError(f"{cfg.corpus}: no training pairs left after the split")
        stored = StoredExamples(folder)
    dev = split.dev[: cfg.eval_sentences]
    trained = len(stored) if stored is not None else len(pairs)
    log.info("%d training pairs, %d parameters", trained, parameter_count(model))
    optimizer = torch.optim.Adam(model.parameters(), lr=cfg.lr)
    scheduler = make_scheduler(optimizer, cfg)
    scaler = torch.amp.GradScaler(device.type, enabled=precision.scaler)
    progress = run.restore(optimizer, scheduler, scaler) if resuming else Progress(parent=parent)
    if resuming:
        log.info("resumed at step %d (epoch %d)", progress.step, progress.epoch)
        if progress.finished and not stop_reason(cfg, progress):  # e.g. a larger max_steps
            log.info("the budget is larger now: training on to step %d", cfg.max_steps)
    if world.main:
        run.forget_after(progress.step)
    if not resuming and world.main:  # resumable from the first update on: a kill then too
        meta = _meta(cfg, model, progress, None, world.size)
        run.save_latest(model, tokenizer, meta, optimizer, scheduler, progress, scaler)
    dev_examples = encode_pairs(tokenizer, dev)
    probes = read_probe_set(cfg.probes) if cfg.probes else None
    if world.size > 1:
        log.info("process %d of %d; global batch %d target tokens", world.rank, world.size,
                 cfg.batch_tokens)  # fmt: skip
    setup = Setup(
        cfg, run, model, tokenizer, optimizer, scheduler, pairs, stored, dev, dev_examples, device,
        probes, precision, scaler, world, data_parallel(model, world, device),
        training_guides(cfg, run, model, tokenizer, pairs, world),
    )  # fmt: skip
    return setup, progress


def model_to_train(cfg: TrainConfig, model_cfg: ModelConfig, resume: bool) -> ModelConfig:
    """The model a run trains: a resumed run's saved one, a fine-tuned checkpoint's own, or
    ``model_cfg`` for a new model."""
    latest = RunDir(cfg.output_dir).latest
    if resume and (latest / CONFIG).is_file():
        return read_config(latest)[0]
    if cfg.init_checkpoint:
        return read_config(checkpoint_folder(cfg.init_checkpoint))[0]
    return model_cfg


def refuse_untrainable(cfg: TrainConfig, model_cfg: ModelConfig) -> None:
    """Raise ValueError for training settings the model cannot take, before anything is written
    (a refused run must leave no folder that blocks the corrected one)."""
    if cfg.guided_alignment and not scorer(model_cfg.scorer).attends:
        raise ValueError(
            f"guided_alignment trains the attention: scorer {model_cfg.scorer!r} has none"
        )


def training_guides(
    cfg: TrainConfig,
    run: RunDir,
    model: Seq2Seq,
    tokenizer: Tokenizer,
    pairs: Sequence[Pair],
    world: World,
) -> Guides | None:
    """Guided alignment's cells for every training example (None when it is off): process 0
    aligns the pairs once into the run folder (or reads them back there) and hands the links
    to the others."""
    if not cfg.guided_alignment:
        return None
    path = run.path / GUIDANCE
    if world.main and not path.is_file():
        log.info("guided alignment: aligning the %d training pairs with eflomal", len(pairs))
    links = on_main(world, lambda: word_links(pairs, path))  # read, or aligned and saved
    guides = guides_for(tokenizer, pairs, links, cfg.tagged_kinds)
    guided = sum(len(cells) > 0 for cells in guides.values())
    log.info("guided alignment: weight %g; %d of %d examples have links", cfg.guided_alignment,
             guided, len(guides))  # fmt: skip
    return guides


def starting_weights(
    start: str | Path,
    cfg: TrainConfig,
    model_cfg: ModelConfig,
    pairs: Sequence[Pair],
    device: torch.device,
    world: World | None = None,
    sample: Sequence[str] | None = None,
) -> tuple[Tokenizer, Seq2Seq, dict[str, Any] | None]:
    """(tokenizer, model, the loaded checkpoint's meta) from ``start``, a checkpoint folder to
    resume or fine-tune; or, when ``start`` is "", a new tokenizer and a fresh model (meta None).
    A fine-tuning run starts from trained weights but a fresh optimizer and schedule."""
    if not start:  # one process trains the tokenizer, so every process has the same
        proto = on_main(world or World(), lambda: build_tokenizer(cfg, pairs, sample).model_proto)
        tokenizer = Tokenizer(proto)
        model = build_model(replace(model_cfg, vocab_size=tokenizer.vocab_size)).to(device)
        return tokenizer, model, None
    loaded = load_checkpoint(start, device=str(device))
    loaded.model.set_decoding_layout(False)
    ignored = _model_options_ignored(model_cfg, loaded.model.config)
    if ignored:
        log.warning("the checkpoint's own model is trained on; ignored: %s", ignored)
    return loaded.tokenizer, loaded.model, loaded.meta


def update(s: Setup, examples: Sequence[Example]) -> tuple[torch.Tensor, int]:
    """One optimizer step on a (global) batch; returns its loss (on the device; with several
    processes, this process's estimate of it) and the batch's target tokens."""
    cfg, model, world = s.cfg, s.model, s.world
    share = world.shard(examples)
    batch = collate(share or examples[:1], model.config.pad_id, model.config.bos_id, s.device)
    guide = batch_guide(s, share or examples[:1], batch)
    batch = with_token_dropout(batch, cfg.token_dropout, model.config)
    dtype = s.precision.dtype
    with torch.autocast(s.device.type, dtype or torch.float32, enabled=dtype is not None):
        mean, tokens = batch_loss(
            model, batch, cfg.label_smoothing, s.forward, guide, cfg.guided_alignment
        )
    # The sum over this share, over the whole batch's tokens, times the processes DDP averages
    # over: the gradient is the one-process gradient of the whole batch. An empty share (a
    # batch of fewer sentences than processes) still joins the gradient averaging, with 0.
    total = sum(len(target) for _, target in examples)
    loss = mean * (tokens * world.size / total if share else 0.0)
    s.optimizer.zero_grad(set_to_none=True)
    s.scaler.scale(loss).backward()  # fp16: a scaled loss, so small gradients stay above 0
    pause_point("update")
    s.scaler.unscale_(s.optimizer)  # clip the true gradients
    torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.clip_norm)
    s.scaler.step(s.optimizer)  # skips the step when fp16 overflowed
    s.scaler.update()
    if cfg.lr_schedule == "cosine":
        s.scheduler.step()
    return loss, total


def batch_guide(
    s: Setup, examples: Sequence[Example], batch: tuple[torch.Tensor, ...]
) -> torch.Tensor | None:
    """(B, T, S) guided-alignment targets of a collated batch, or None without guidance."""
    if s.guides is None:
        return None
    cells = [s.guides.get(example_key(example)) for example in examples]
    return guide_tensor(cells, batch[3].shape[1], batch[0].shape[1], s.device)


def evaluate_and_save(s: Setup, progress: Progress, recent: Sequence[torch.Tensor]) -> Progress:
    """Dev BLEU and loss, LR plateau step, best/ when improved, snapshot, latest/; returns the
    progress they lead to (best BLEU, evaluations without gain, finished).

    The metrics log gets dev_loss (cross-entropy per token) and train_loss (label-smoothed,
    with dropout: the mean of ``recent``, the updates since the last evaluation, a stopped
    run's included; None after a resume that evaluates at once).
    """
    cfg, world = s.cfg, s.world
    train_loss = world_mean(world, recent)
    if train_loss is not None and not math.isfinite(train_loss):  # never save NaN weights
        raise ValueError(
            f"the training loss became {train_loss} by step {progress.step}: nothing was saved "
            "from these updates; lower --lr (or --clip-norm) and resume"
        )
    # process 0 evaluates; the others wait for its scores, then all decide alike
    scores, dev_loss = world.from_main(evaluation(s) if world.main else None)
    if cfg.lr_schedule == "plateau":
        s.scheduler.step(scores.bleu)
    improved = scores.bleu > progress.best_bleu
    progress = replace(
        progress,
        best_bleu=scores.bleu if improved else progress.best_bleu,
        bad_evals=0 if improved else progress.bad_evals + 1,
    )
    progress = replace(progress, finished=bool(stop_reason(cfg, progress)))
    if not world.main:
        return progress
    meta = _meta(cfg, s.model, progress, scores, world.size)
    if improved:
        save_checkpoint(s.run.best, s.model, s.tokenizer, meta)
    record = {
        "step": progress.step,
        "epoch": progress.epoch,
        "seconds": round(progress.seconds, 1),
        "lr": s.optimizer.param_groups[0]["lr"],
        "dev_bleu": scores.bleu,
        "dev_chrf": scores.chrf,
        "train_loss": train_loss,
        "dev_loss": dev_loss,
        "best": improved,
        "world_size": world.size,
    }
    if s.probes:  # before the log line: a resumed run repeats an evaluation it did not log
        record_probes(s.run.path, s.model, s.tokenizer, s.probes, progress.step, scores.bleu)
    s.run.append_metrics(record)
    tqdm.write(json.dumps(record))
    if cfg.snapshots:  # before latest/: a resumed run then never lacks a snapshot it passed
        save_snapshot(s.run.path, s.model, progress.step, keep=cfg.snapshots)
    s.run.save_latest(s.model, s.tokenizer, meta, s.optimizer, s.scheduler, progress, s.scaler)
    return progress


def evaluation(s: Setup) -> tuple[PairScores, float]:
    """Greedy dev BLEU/chrF and the dev loss (cross-entropy per token)."""
    scores = score_pairs(s.model, s.tokenizer, s.dev)
    dev_loss = mean_loss(s.model, s.dev_examples, s.cfg.batch_tokens)
    pause_point("evaluation")
    return scores, dev_loss


def world_mean(world: World, losses: Sequence[torch.Tensor]) -> float | None:
    """The mean training loss since the last evaluation over every process's updates (each
    process's loss of an update estimates the whole batch's); None when there is none."""
    if not losses:
        return None
    return world.mean(float(torch.stack(list(losses)).mean()))


def on_main(world: World, work: Callable[[], T]) -> T:
    """``work()`` done by process 0 alone and its result handed to every process; an error
    there (e.g. a folder that holds another run) is raised on every process."""
    if world.size == 1:
        return work()
    outcome: tuple[bool, Any] = (True, None)
    if world.main:
        try:
            outcome = (True, work())
        except (ValueError, OSError, CorpusError) as error:
            outcome = (False, str(error))
    ok, value = world.from_main(outcome)
    if not ok:
        raise ValueError(value)
    return value


def save_and_stop(
    s: Setup, progress: Progress, stops: list[int], evaluated_at: int, recent: list[torch.Tensor]
) -> NoReturn:
    """Save latest/ at this step (unless an evaluation just did), with the mean loss of the
    ``recent`` updates for the resumed run's log, and raise TrainingStopped (with the first of
    ``stops``, the signals received here; SIGTERM when another process received one)."""
    signum = stops[0] if stops else signal.SIGTERM
    if evaluated_at != progress.step and s.world.main:
        progress = progress.with_losses(recent)
        meta = _meta(s.cfg, s.model, progress, None, s.world.size)
        s.run.save_latest(s.model, s.tokenizer, meta, s.optimizer, s.scheduler, progress, s.scaler)
    raise TrainingStopped(progress.step, signum, s.run.latest)


class Meter:
    """The progress bar: the step, and every 20 updates the loss, target tokens/s and lr."""

    def __init__(self, cfg: TrainConfig, progress: Progress, name: str, shown: bool = True) -> None:
        self.bar = tqdm(total=cfg.max_steps or None, initial=progress.step, desc=name,
                        dynamic_ncols=True, disable=not shown)  # fmt: skip
        self.tokens, self.since = 0, time.monotonic()

    def update(self, progress: Progress, loss: torch.Tensor, tokens: int, lr: float) -> None:
        self.bar.update(1)
        self.tokens += tokens
        if progress.step % 20 == 0:  # loss.item() waits for the device: not every update
            rate = self.tokens / max(time.monotonic() - self.since, 1e-9)
            self.bar.set_postfix(loss=f"{loss.item():.3f}", tok_s=f"{rate:.0f}", lr=f"{lr:.1e}")
            self.tokens, self.since = 0, time.monotonic()

    def __enter__(self) -> Meter:
        return self

    def __exit__(self, *exc: object) -> None:
        self.bar.close()


def _meta(
    cfg: TrainConfig,
    model: Seq2Seq,
    progress: Progress,
    scores: PairScores | None,
    world_size: int = 1,
) -> dict[str, Any]:
    """A training checkpoint's metadata; dev scores are None between evaluations.
    ``world_size``: the processes training (the global batch is the same for any number)."""
    return {
        "name": Path(cfg.output_dir).name,
        "direction": cfg.direction,
        "scorer": model.config.scorer,
        "step": progress.step,
        "epoch": progress.epoch,
        "train_seconds": round(progress.seconds, 1),
        "dev_bleu": scores.bleu if scores else None,
        "dev_chrf": scores.chrf if scores else None,
        "parameters": parameter_count(model),
        "train_config": asdict(cfg),
        "fine_tuned_from": progress.parent,
        "world_size": world_size,
    }


def resume_changes(
    saved: TrainConfig, saved_model: ModelConfig, asked: TrainConfig, asked_model: ModelConfig
) -> list[str]:
    """What a resumed run changes ("max_steps 300 -> 600", ...): only RESUME_MAY_CHANGE.

    Raises ValueError, one line naming each conflicting option and its saved value, when
    ``asked`` or ``asked_model`` differ from the run's own settings anywhere else (a resumed
    run that silently trained on other data or another split would measure nothing).
    """
    changes, conflicts = [], []
    for name in (f.name for f in fields(TrainConfig)):
        old, new = getattr(saved, name), getattr(asked, name)
        if old == new or name == "output_dir":  # found by its folder, which may have moved
            continue
        if name == "generated_avoid" and "generated_sentences" not in saved.augment:
            continue  # nothing generated: the list it avoids changes no pair (nor its default)
        if name in RESUME_MAY_CHANGE:
            changes.append(f"{name} {old!r} -> {new!r}")
        else:
            conflicts.append(f"--{name.replace('_', '-')} {new!r} (saved: {old!r})")
    ignored = _model_options_ignored(asked_model, saved_model)
    if ignored:
        conflicts.append(ignored)
    if conflicts:
        raise ValueError(
            f"{asked.output_dir} is resumed with its own settings, but these differ: "
            f"{'; '.join(conflicts)}; drop them (only "
            f"{', '.join('--' + n.replace('_', '-') for n in RESUME_MAY_CHANGE)} may change), "
            "or train a new run in another --output-dir"
        )
    return changes


def _model_options_ignored(asked: ModelConfig, found: ModelConfig) -> str:
    """'scorer dot (the checkpoint has additive), ...' for each option a resumed or fine-tuned
    run cannot honour: the weights fix the architecture (the vocabulary is the tokenizer's)."""
    return ", ".join(
        f"{name} {getattr(asked, name)!r} (the checkpoint has {getattr(found, name)!r})"
        for name in (f.name for f in fields(ModelConfig))
        if name != "vocab_size" and getattr(asked, name) != getattr(found, name)
    )

"""Joey NMT's side of the peer benchmark; runs in Joey's own virtual environment.

    bench/out/joey-venv/bin/python -m bench.peers.joey_side train --config C.json --minutes M ...
    bench/out/joey-venv/bin/python -m bench.peers.joey_side evaluate --model-dir D --probe P ...

It imports joeynmt and the standard library, never nmt_core. ``train`` does what
``python -m joeynmt train C.yaml --skip-test`` does, with four things added from outside
(joeynmt's code is not changed):

* the config comes as JSON and is written out as YAML (MODEL_DIR/config.yaml) by PyYAML:
  Python's JSON writes 1e-05, which YAML 1.1, and so Joey's loader, reads as a string.

* a wall-clock budget. Joey has none, so the step that ends past ``--minutes`` is the last: it is
  validated on the dev set (as our trainer validates its last step) and training stops there.
* a TrainClock, as on our side: target tokens per step, validations bracketed.
* ``scheduling: plateau`` working on torch 2.13: joeynmt 2.3.0 passes ``verbose=`` to
  ``ReduceLROnPlateau``, which torch dropped; the shim below drops the argument.
* Joey's checkpoints read with ``torch.load(..., weights_only=True)``: joeynmt 2.3.0 calls
  ``torch.load`` without it, and a checkpoint must never be unpickled as arbitrary objects.

``evaluate`` loads the trained model once through Joey's Python API
(``TranslatorHubInterface``), translates the test sources in length-sorted batches of 64
(as our ``translate_texts`` does), and times single-sentence ``translate([sentence])`` calls.
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path
from typing import Any

import torch

from bench.peers.timing import (
    TrainClock,
    latency_table,
    peak_rss_mib,
    timed,
    write_json,
    write_lines,
)

BATCH_SENTENCES = 64  # the batch size of our translate_texts


class _Plateau(torch.optim.lr_scheduler.ReduceLROnPlateau):
    """ReduceLROnPlateau that accepts (and ignores) the ``verbose`` joeynmt 2.3.0 passes."""

    def __init__(self, optimizer: torch.optim.Optimizer, verbose: bool = False, **kwargs: Any):
        super().__init__(optimizer, **kwargs)


def _load_weights_only() -> None:
    """Make every ``torch.load`` in this process (Joey's ``load_checkpoint``) tensors-only."""
    torch_load = torch.load

    def weights_only_load(*args: Any, **kwargs: Any) -> Any:
        kwargs.pop("weights_only", None)  # whatever Joey asks for, never unpickle objects
        return torch_load(*args, **kwargs, weights_only=True)

    torch.load = weights_only_load


def train(args: argparse.Namespace) -> int:
    torch.set_num_threads(args.threads)
    _load_weights_only()
    import yaml
    from joeynmt import builders, training
    from joeynmt.config import load_config
    from joeynmt.helpers import make_model_dir
    from joeynmt.helpers_for_ddp import get_logger

    builders.ReduceLROnPlateau = _Plateau
    clock, budget = TrainClock(), 60 * args.minutes
    manager = training.TrainManager
    train_and_validate, train_step, validate = (
        manager.train_and_validate,
        manager._train_step,
        manager._validate,
    )
    deadline = [float("inf")]

    def timed_train_and_validate(self: Any, train_data: Any, valid_data: Any) -> None:
        clock.start()
        deadline[0] = time.perf_counter() + budget
        train_and_validate(self, train_data, valid_data)

    def counted_train_step(self: Any, batch: Any) -> tuple[float, int]:
        result = train_step(self, batch)
        clock.tokens(int(batch.ntokens))
        if time.perf_counter() >= deadline[0] and not self.stats.is_max_update:
            # Out of budget: this step is the last. Validate right after it, then stop.
            self.stats.is_max_update = True
            self.args = self.args._replace(validation_freq=1)
        return result

    def timed_validate(self: Any, valid_data: Any) -> None:
        clock.validation_started()
        try:
            validate(self, valid_data)
        finally:
            clock.validation_ended()

    manager.train_and_validate = timed_train_and_validate
    manager._train_step = counted_train_step
    manager._validate = timed_validate

    # What joeynmt's __main__ does for "train", then training without the test pass.
    settings = json.loads(Path(args.config).read_text(encoding="utf-8"))
    model_dir = Path(settings["model_dir"])
    make_model_dir(model_dir, overwrite=True)
    (model_dir / "config.yaml").write_text(yaml.safe_dump(settings, sort_keys=False))
    cfg = load_config(model_dir / "config.yaml")
    get_logger("", log_file=str(model_dir / "train.log"))
    training.train(rank=0, world_size=None, cfg=cfg, skip_test=True)
    write_json({"threads": torch.get_num_threads(), **clock.report()}, args.stats)
    return 0


def evaluate(args: argparse.Namespace) -> int:
    torch.set_num_threads(args.threads)
    _load_weights_only()
    import sentencepiece as spm
    from joeynmt.hub_interface import TranslatorHubInterface, _from_pretrained

    probe = json.loads(Path(args.probe).read_text(encoding="utf-8"))
    sources = probe["test_sources"]
    out = Path(args.out_dir)
    out.mkdir(parents=True, exist_ok=True)

    def load() -> TranslatorHubInterface:
        model, dataset, config = _from_pretrained(args.model_dir, cfg_file="config.yaml")
        return TranslatorHubInterface(model, dataset, config)

    hub, load_seconds = timed(load)
    # Joey logs several INFO lines per translate() call; a server would silence them.
    for name in list(logging.root.manager.loggerDict):
        if name.startswith("joeynmt"):
            logging.getLogger(name).setLevel(logging.WARNING)

    sp = spm.SentencePieceProcessor()
    sp.load(probe["spm_model"])
    order = sorted(range(len(sources)), key=lambda i: len(sp.encode(sources[i])))

    def translate_all(beam: int) -> list[str]:
        hypotheses = [""] * len(sources)
        for start in range(0, len(order), BATCH_SENTENCES):
            chunk = order[start : start + BATCH_SENTENCES]
            outputs = hub.translate([sources[i] for i in chunk], beam_size=beam, n_best=1)
            for i, hypothesis in zip(chunk, outputs, strict=True):
                hypotheses[i] = hypothesis
        return hypotheses

    report: dict[str, Any] = {"threads": torch.get_num_threads(), "load_seconds": load_seconds}
    for beam in args.beams:
        hypotheses, seconds = timed(lambda b=beam: translate_all(b))
        write_lines(hypotheses, out / f"beam{beam}.hyp")
        report[f"beam{beam}"] = {
            "seconds": round(seconds, 2),
            "sentences_per_s": round(len(sources) / seconds, 2),
        }
    report["latency"] = latency_table(
        lambda s: hub.translate([s])[0], probe["latency"], args.repeats
    )
    report["peak_rss_mib"] = peak_rss_mib()
    write_json(report, out / "eval.json")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("train", help="joeynmt train under a wall-clock budget")
    p.add_argument("--config", required=True, help="Joey's config as JSON")
    p.add_argument("--minutes", type=float, required=True, help="training budget")
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--stats", required=True, help="write the TrainClock report here")
    p.set_defaults(run=train)
    p = sub.add_parser("evaluate", help="translate the test set and time single sentences")
    p.add_argument("--model-dir", required=True)
    p.add_argument("--probe", required=True, help="JSON with test_sources and latency probes")
    p.add_argument("--out-dir", required=True)
    p.add_argument("--beams", type=int, nargs="+", default=[1, 5])
    p.add_argument("--repeats", type=int, default=20)
    p.add_argument("--threads", type=int, default=2)
    p.set_defaults(run=evaluate)
    args = parser.parse_args(argv)
    return args.run(args)


if __name__ == "__main__":
    sys.exit(main())

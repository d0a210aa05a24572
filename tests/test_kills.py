"""A training run and `nmt_core average` killed with SIGKILL at moments spread over their
phases, and resumed each time, end exactly where an unkilled run ends: the same final step, the
same weights, a metrics log with no torn or repeated lines, and never a half-written checkpoint
under a final name. The process is frozen at each moment through nmt_core/network/pausepoints.py."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch
from conftest import metrics_log, toy_configs
from safetensors.torch import load_file

from nmt_core.checkpoint import load_checkpoint
from nmt_core.folders import CONFIG, TOKENIZER, WEIGHTS
from nmt_core.network.pausepoints import PAUSE_AT, PAUSE_FILE

pytestmark = pytest.mark.training  # every test runs command-line trainings and kills them

ROOT = Path(__file__).resolve().parents[1]
# Each moment is reached by a fresh process that resumes from what the kill before it left.
# Each moment is reached by a fresh process that resumes from what the kill before it left
# (run 1 starts the run and saves latest/ at step 0; every later one resumes).
TRAINING_KILLS = [
    "update@3",  # before any evaluation: the next run resumes from step 0
    "evaluation@1",  # step 40 scored, nothing written
    "write:best@1",  # best/ written beside its final name
    "metrics@1",  # best/ swapped in, half of step 40's log line written
    "snapshot@1",  # the log line complete, the snapshot beside its final name
    "write:latest@1",  # step 40's latest/ written, not yet swapped in
    "swap:latest@1",  # between the two renames that swap latest/ in
    "swap:best@1",  # the same for best/
    "update@50",  # between evaluations (step 40 saved)
    "evaluation@1",  # step 80 scored
    "metrics@2",  # half of step 120's log line
]
# None: run to the end (averaged/ then exists, so that a swap can be interrupted).
AVERAGE_KILLS = ["average@1", "write:averaged@1", None, "swap:averaged@1", None]
TIMEOUT = 120  # seconds a process may take to reach its moment or finish


def command(config: Path, corpus: Path, out: Path) -> list[str]:
    return [
        sys.executable, "-m", "nmt_core", "train", "--config", str(config),
        "--corpus", str(corpus), "--output-dir", str(out), "--resume",
        "--max-steps", "120", "--eval-every", "40", "--snapshots", "2", "--threads", "1",
    ]  # fmt: skip


def run_until(argv: list[str], moment: str | None, marker: Path) -> None:
    """Run ``argv`` to its end, or freeze it at ``moment`` and SIGKILL it there."""
    env = {**os.environ, PAUSE_FILE: str(marker)}
    env.pop(PAUSE_AT, None)
    if moment:
        env[PAUSE_AT] = moment
    marker.unlink(missing_ok=True)
    process = subprocess.Popen(
        argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + TIMEOUT
    while moment and not marker.exists():
        assert process.poll() is None, f"ended before {moment}: {process.stderr.read()[-800:]}"
        assert time.monotonic() < deadline, f"{moment} not reached"
        time.sleep(0.05)
    if moment:
        os.kill(process.pid, signal.SIGKILL)
    _, errors = process.communicate(timeout=TIMEOUT)
    assert process.returncode == (-signal.SIGKILL if moment else 0), errors[-800:]


def assert_nothing_half_written(out: Path) -> None:
    """Every checkpoint under a final name is complete, and the log lines that count parse."""
    for folder in (p for p in out.iterdir() if p.is_dir() and p.name in ("best", "latest")):
        for name in (CONFIG, WEIGHTS, TOKENIZER):
            assert (folder / name).is_file(), f"{folder} lacks {name}"
        load_checkpoint(folder)
    for snapshot in (
        (out / "snapshots").glob("*.safetensors") if (out / "snapshots").exists() else ()
    ):
        load_file(snapshot)


def weights(folder: Path) -> dict[str, torch.Tensor]:
    return load_file(folder / WEIGHTS)


def logged(out: Path) -> list[dict]:
    return [{k: v for k, v in r.items() if k != "seconds"} for r in metrics_log(out)]


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory, toy_corpus: Path) -> Path:
    train_cfg, model_cfg = toy_configs(Path("unused"), toy_corpus)
    keys = ("kinds", "dev_size", "test_size", "vocab_size", "batch_tokens", "lr", "seed",
            "label_smoothing", "eval_sentences")  # fmt: skip
    sections = {
        "train": {k: getattr(train_cfg, k) for k in keys},
        "model": {"embed_size": 32, "hidden_size": 64, "attention_size": 32, "dropout": 0.2},
    }
    path = tmp_path_factory.mktemp("kills") / "config.json"
    path.write_text(json.dumps(sections))
    return path


def test_killed_training_and_averaging_end_as_if_never_killed(tmp_path, config, toy_corpus):
    marker = tmp_path / "paused"
    unkilled, killed = tmp_path / "unkilled", tmp_path / "killed"
    run_until(command(config, toy_corpus, unkilled), None, marker)

    for moment in TRAINING_KILLS:
        run_until(command(config, toy_corpus, killed), moment, marker)
        assert marker.read_text() == moment.split("@")[0]
        assert_nothing_half_written(killed)
    run_until(command(config, toy_corpus, killed), None, marker)

    assert logged(killed) == logged(unkilled)  # steps 40, 80, 120: none torn, none twice
    assert [r["step"] for r in metrics_log(killed)] == [40, 80, 120]
    for folder in ("latest", "best"):
        expected, got = weights(unkilled / folder), weights(killed / folder)
        assert expected.keys() == got.keys()
        assert all(torch.equal(expected[k], got[k]) for k in expected), folder
    assert not list(killed.glob("*.old"))

    average = [sys.executable, "-m", "nmt_core", "average", "--max-last", "2", "--beam", "2"]
    run_until([*average, "--run", str(unkilled)], None, marker)
    for moment in AVERAGE_KILLS:
        run_until([*average, "--run", str(killed)], moment, marker)
    expected, got = weights(unkilled / "averaged"), weights(killed / "averaged")
    assert all(torch.equal(expected[k], got[k]) for k in expected)
    assert not (killed / "averaged.old").exists()

"""Training on two processes (torchrun, gloo, DistributedDataParallel;
nmt_core/learning/distributed.py) is the one-process run of the same global batch; process 0 alone
writes; a run killed with
SIGKILL resumes. gloo's connections stay on the loopback interface; torchrun's rendezvous
store (torch's TCPStore) listens on its port on every interface: torch gives it no bind address.

The runs are on the CPU (gloo) wherever they run, GPU or not: two processes on one GPU is no
nccl setup, and the one-process comparison holds for the CPU's float32 kernels. nccl itself
needs a GPU per process, so its test runs only where there are two.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import torch
from conftest import metrics_log, toy_configs

from nmt_core.learning.distributed import World, join_world
from nmt_core.network.pausepoints import PAUSE_AT, PAUSE_FILE

TIMEOUT = 240  # seconds for one torchrun


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def command(config: Path, out: Path, processes: int, *extra: str) -> list[str]:
    train = ["-m", "nmt_core", "train", "--config", str(config), "--output-dir", str(out), *extra]
    if processes == 1:
        return [sys.executable, *train]
    launcher = [
        sys.executable, "-m", "torch.distributed.run", f"--nproc-per-node={processes}",
        "--nnodes=1", "--master-addr=127.0.0.1", f"--master-port={free_port()}",
    ]  # fmt: skip
    return [*launcher, *train]


def environment(**extra: str) -> dict[str, str]:
    # gloo's own connections on the loopback interface; one thread per process (2 cores)
    return {**os.environ, "GLOO_SOCKET_IFNAME": "lo", "OMP_NUM_THREADS": "1", **extra}


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (torchrun's workers are not in its process group)."""
    parents = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        children = [p for p, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def run(cmd: list[str], **env: str) -> subprocess.CompletedProcess:
    done = subprocess.run(cmd, env=environment(**env), capture_output=True, text=True,
                          timeout=TIMEOUT)  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    return done


@pytest.fixture(scope="module")
def config(tmp_path_factory: pytest.TempPathFactory, toy_corpus: Path) -> Path:
    train_cfg, _ = toy_configs(Path("unused"), toy_corpus)
    keys = ("corpus", "kinds", "dev_size", "test_size", "vocab_size", "batch_tokens", "lr",
            "seed", "label_smoothing", "eval_sentences")  # fmt: skip
    sections = {
        "train": {**{k: getattr(train_cfg, k) for k in keys}, "max_steps": 60, "eval_every": 30,
                  "threads": 1, "device": "cpu"},
        "model": {"embed_size": 32, "hidden_size": 64, "attention_size": 32, "dropout": 0.0},
    }  # fmt: skip
    path = tmp_path_factory.mktemp("distributed") / "config.json"
    path.write_text(json.dumps(sections))
    return path


@pytest.fixture(scope="module")
def one_process(config: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("one") / "run"
    run(command(config, out, 1))
    return out


@pytest.mark.training
def test_two_processes_train_the_run_of_one(config, one_process, tmp_path):
    two = tmp_path / "two"
    run(command(config, two, 2))
    one_log, two_log = metrics_log(one_process), metrics_log(two)
    assert [r["step"] for r in two_log] == [r["step"] for r in one_log] == [30, 60]
    assert {r["world_size"] for r in one_log} == {1} and {r["world_size"] for r in two_log} == {2}
    # the same global batches and seed, dropout 0: the same run up to float summation order
    # (measured: relative differences of about 1e-6)
    for a, b in zip(one_log, two_log, strict=True):
        assert b["dev_loss"] == pytest.approx(a["dev_loss"], rel=1e-4)
        assert b["train_loss"] == pytest.approx(a["train_loss"], rel=1e-4)
        assert (b["lr"], b["dev_bleu"]) == (a["lr"], a["dev_bleu"])
    config_json = json.loads((two / "best" / "config.json").read_text())
    assert config_json["meta"]["world_size"] == 2
    # process 0 alone writes: the same files as one process, each log line once
    files = {p.relative_to(one_process) for p in one_process.rglob("*")}
    assert {p.relative_to(two) for p in two.rglob("*")} == files


@pytest.mark.training
def test_a_killed_two_process_run_resumes_to_the_end(config, tmp_path):
    out, marker = tmp_path / "killed", tmp_path / "paused"
    env = environment(**{PAUSE_AT: "update@40", PAUSE_FILE: str(marker)})
    launcher = subprocess.Popen(
        command(config, out, 2), env=env, start_new_session=True,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + TIMEOUT
        while not marker.exists() and launcher.poll() is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert marker.exists(), "the run never reached update 40"
    finally:  # torchrun and both workers at once, as a machine that loses power
        for pid in [launcher.pid, *descendants(launcher.pid)]:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        launcher.wait(timeout=30)
    assert [r["step"] for r in metrics_log(out)] == [30]  # step 30 saved, 40 lost
    run(command(config, out, 2, "--resume"))
    log = metrics_log(out)
    assert [r["step"] for r in log] == [30, 60] and log[-1]["world_size"] == 2
    assert json.loads((out / "latest" / "train_state.json").read_text())["progress"]["step"] == 60


@pytest.mark.training
@pytest.mark.skipif(
    torch.cuda.device_count() < 2,
    reason=f"nccl needs a GPU per process: 2 processes, {torch.cuda.device_count()} GPU(s) here",
)
def test_two_processes_on_two_gpus_train_with_nccl(config, tmp_path):
    gpu = tmp_path / "gpu.json"
    sections = json.loads(config.read_text())
    gpu.write_text(json.dumps({**sections, "train": {**sections["train"], "device": "cuda"}}))
    out = tmp_path / "nccl"
    run(command(gpu, out, 2))
    log = metrics_log(out)
    assert [r["step"] for r in log] == [30, 60] and {r["world_size"] for r in log} == {2}


def test_more_gpu_processes_than_gpus_are_refused_in_one_line(monkeypatch):
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 1)
    monkeypatch.setenv("WORLD_SIZE", "2")
    monkeypatch.setenv("RANK", "1")
    monkeypatch.setenv("LOCAL_RANK", "1")
    with pytest.raises(ValueError, match=r"has 1: start at most 1 .*--device cpu"):
        join_world(torch.device("cuda"))
    monkeypatch.setenv("WORLD_SIZE", "1")  # one process: no world, the device as asked
    assert join_world(torch.device("cuda")) == (World(), torch.device("cuda"))

"""Checkpoint averaging: snapshots kept while training, their mean, and the choice on dev."""

from __future__ import annotations

import random
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
import torch
from conftest import TOY_WORDS, toy_configs
from safetensors.torch import load_file, save_file

from nmt_core.checkpoint import CheckpointError, load_checkpoint
from nmt_core.corpora.corpus import dev_pairs
from nmt_core.learning.averaging import (
    Candidate,
    average_weights,
    candidates,
    rank_candidates,
    ranked,
)
from nmt_core.learning.rundir import drop_snapshots_after, snapshot_files
from nmt_core.learning.training import train
from nmt_core.text.data import Pair

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def snapshot_run(tmp_path_factory: pytest.TempPathFactory, toy_corpus: Path) -> Path:
    """A toy additive run, half-trained (so candidates differ), keeping its last 3 snapshots."""
    out = tmp_path_factory.mktemp("avg") / "run"
    train_cfg, model_cfg = toy_configs(out, toy_corpus, scorer="additive")
    train(replace(train_cfg, max_steps=400, eval_every=100, snapshots=3), model_cfg)
    return out


@pytest.mark.training
def test_training_keeps_only_the_newest_snapshots(snapshot_run):
    assert [step for step, _ in snapshot_files(snapshot_run)] == [200, 300, 400]


def test_average_is_the_elementwise_mean_and_refuses_mismatched_files(tmp_path):
    a = {"w": torch.tensor([1.0, 2.0]), "b": torch.tensor([0.5])}
    b = {"w": torch.tensor([3.0, 6.0]), "b": torch.tensor([1.5])}
    for name, tensors in (("a", a), ("b", b), ("other", {"x": torch.zeros(1)})):
        save_file(tensors, str(tmp_path / f"{name}.safetensors"))
    mean = average_weights([tmp_path / "a.safetensors", tmp_path / "b.safetensors"])
    assert torch.equal(mean["w"], torch.tensor([2.0, 4.0])) and torch.equal(
        mean["b"], torch.tensor([1.0])
    )
    with pytest.raises(CheckpointError, match="other tensors"):
        average_weights([tmp_path / "a.safetensors", tmp_path / "other.safetensors"])
    save_file({"w": torch.zeros(1), "b": torch.zeros(1)}, str(tmp_path / "shape.safetensors"))
    with pytest.raises(CheckpointError, match="other tensors"):  # would broadcast silently
        average_weights([tmp_path / "shape.safetensors", tmp_path / "a.safetensors"])
    (tmp_path / "broken.safetensors").write_bytes(b"not a safetensors file")
    with pytest.raises(CheckpointError, match="corrupt"):
        average_weights([tmp_path / "broken.safetensors"])
    with pytest.raises(ValueError, match="nothing to average"):
        average_weights([])


def test_drop_snapshots_after_forgets_steps_a_resumed_run_repeats(tmp_path):
    (tmp_path / "snapshots").mkdir()
    for step in (100, 200, 300):
        save_file({"w": torch.zeros(1)}, str(tmp_path / "snapshots" / f"step-{step}.safetensors"))
    drop_snapshots_after(tmp_path, 200)
    assert [step for step, _ in snapshot_files(tmp_path)] == [100, 200]


@pytest.mark.training
def test_candidates_are_the_best_checkpoint_then_the_last_k(snapshot_run):
    best_step = load_checkpoint(snapshot_run / "best").meta["step"]
    found = candidates(snapshot_run, max_last=5)
    assert found[0].label == "best" and found[0].steps == (best_step,)
    expected = [(400,), (300, 400), (200, 300, 400)]
    assert [c.steps for c in found[1:]] == [w for w in expected if w != (best_step,)]
    capped = [c.steps for c in candidates(snapshot_run, max_last=2)[1:]]
    assert capped == [w for w in expected[:2] if w != (best_step,)]
    with pytest.raises(ValueError, match="max_last"):
        candidates(snapshot_run, max_last=0)


def test_ties_go_to_the_fewest_averaged_checkpoints():
    def scored(label: str, steps: tuple[int, ...], bleu: float) -> Candidate:
        return Candidate(label, steps, (), Path("."), dev_bleu=bleu)

    order = ranked(
        [scored("last 3", (1, 2, 3), 9.0), scored("best", (2,), 9.0), scored("last 2", (2, 3), 9.5)]
    )
    assert [c.label for c in order] == ["last 2", "best", "last 3"]


@pytest.mark.training
def test_average_command_writes_the_dev_winner_with_its_record(snapshot_run):
    result = subprocess.run(
        [sys.executable, "-m", "nmt_core", "average", "--run", str(snapshot_run),
         "--max-last", "3", "--beam", "2", "--output", str(snapshot_run / "chosen")],
        cwd=ROOT, capture_output=True, text=True,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    chosen = load_checkpoint(snapshot_run / "chosen")
    selection = chosen.meta["selection"]
    winner = selection["candidates"][0]
    assert len(selection["candidates"]) >= 3
    bleu = [c["dev_bleu"] for c in selection["candidates"]]
    assert bleu == sorted(bleu, reverse=True)
    assert chosen.meta["averaged_steps"] == winner["steps"]
    assert f"chose {selection['chosen']}" in result.stdout
    # Step, epoch and training time are those of the last averaged step's checkpoint.
    inherited = load_checkpoint(snapshot_run / ("best" if winner["label"] == "best" else "latest"))
    for key in ("step", "epoch", "train_seconds"):
        assert chosen.meta[key] == inherited.meta[key]
    assert chosen.meta["step"] == winner["steps"][-1]
    assert (snapshot_run / "chosen" / "metrics.jsonl").read_text() == (
        snapshot_run / "metrics.jsonl"
    ).read_text()
    # The written weights are the mean of the chosen files (stored fp32).
    files = (
        [snapshot_run / "best" / "model.safetensors"]
        if winner["label"] == "best"
        else [snapshot_run / "snapshots" / f"step-{s}.safetensors" for s in winner["steps"]]
    )
    written = load_file(snapshot_run / "chosen" / "model.safetensors")
    assert all(torch.equal(written[k], v) for k, v in average_weights(files).items())


def toy_dev_pairs() -> list[Pair]:
    """Reversals of 10-14 words (training saw 3-7): long enough that no snapshot of a 400-update
    run gets them all right, whatever sentencepiece version cut the toy's words (with 0.2.2 the
    run is perfect on sentences of training length, and every candidate would tie)."""
    rng = random.Random(11)
    sentences = [[rng.choice(TOY_WORDS) for _ in range(rng.randint(10, 14))] for _ in range(60)]
    return [Pair(" ".join(w) + " .", " ".join(reversed(w)) + " .", "sentence") for w in sentences]


@pytest.mark.training
def test_scores_follow_the_dev_pairs_given(snapshot_run):
    scored = rank_candidates(snapshot_run, toy_dev_pairs(), max_last=3, beam=1)
    assert len({round(c.dev_bleu, 3) for c in scored}) > 1  # a half-trained run: they differ
    bleu = [c.dev_bleu for c in scored]
    assert bleu == sorted(bleu, reverse=True)  # the chosen one, first, has the best dev BLEU
    # Scored against the unreversed sources as references, every candidate does worse.
    wrong = [Pair(p.source, p.source, "sentence") for p in toy_dev_pairs()]
    assert max(c.dev_bleu for c in rank_candidates(snapshot_run, wrong, 3, 1)) < min(
        c.dev_bleu for c in scored
    )


@pytest.mark.training
def test_snapshots_behind_latest_are_refused_before_any_decoding(snapshot_run, tmp_path):
    run = tmp_path / "run"
    shutil.copytree(snapshot_run, run)
    (run / "snapshots" / "step-400.safetensors").unlink()  # as if the last one never came
    with pytest.raises(CheckpointError, match="end at step 300 but latest/ is at step 400"):
        candidates(run, max_last=2)


@pytest.mark.training
def test_a_run_without_snapshots_offers_only_its_best_checkpoint(snapshot_run, tmp_path, caplog):
    run = tmp_path / "run"
    shutil.copytree(snapshot_run, run, ignore=shutil.ignore_patterns("snapshots"))
    assert [c.label for c in candidates(run, max_last=3)] == ["best"]
    assert "no snapshots" in caplog.text


def test_dev_pairs_need_the_recorded_training_data():
    with pytest.raises(CheckpointError, match="does not record its training data"):
        dev_pairs({"step": 1})

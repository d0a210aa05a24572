"""Every benchmark script starts: its imports still resolve and ``--help`` answers without
running the benchmark (a refactor of a module a benchmark imports broke one unnoticed once)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
SCRIPTS = sorted(BENCH.glob("*.py"))


def test_there_are_benchmarks():
    assert len(SCRIPTS) >= 5


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
@pytest.mark.slow  # each starts a benchmark in a Python of its own
def test_a_benchmark_answers_help_and_writes_nothing(script, tmp_path):
    before = {p: p.stat().st_mtime_ns for p in BENCH.rglob("*") if p.is_file()}
    done = subprocess.run(
        [sys.executable, str(script), "--help"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.lower().startswith("usage:"), done.stdout[:500]
    after = {p: p.stat().st_mtime_ns for p in BENCH.rglob("*") if p.is_file()}
    assert after == before, "--help wrote files"


# Runs a script's --help with playwright unimportable, as on a GPU machine that has the model
# stack but not the browser test's driver (pip's playwright is only for the browser tests).
WITHOUT_PLAYWRIGHT = """
import runpy, sys
class NoPlaywright:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "playwright":
            raise ModuleNotFoundError("No module named 'playwright'", name=name)
sys.meta_path.insert(0, NoPlaywright())
sys.argv = [sys.argv[1], "--help"]
runpy.run_path(sys.argv[0], run_name="__main__")
"""


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.name)
@pytest.mark.slow  # each starts a benchmark in a Python of its own
def test_help_needs_no_browser_driver(script, tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", WITHOUT_PLAYWRIGHT, str(script)],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
        env={**os.environ, "OMP_NUM_THREADS": "1", "CUDA_VISIBLE_DEVICES": ""},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.lower().startswith("usage:"), done.stdout[:500]


def test_the_cache_part_counts_what_a_decoder_step_reads():
    sys.path.insert(0, str(BENCH))
    try:
        from core_speed import step_weight_mebibytes
    finally:
        sys.path.remove(str(BENCH))
    from nmt_core.network.config import ModelConfig
    from nmt_core.network.model import build_model

    config = ModelConfig(vocab_size=100, embed_size=8, hidden_size=16, attention_size=16)
    model = build_model(config)
    once = model.decoder.bridge.weight.numel() + model.decoder.bridge.bias.numel()
    once += sum(p.numel() for p in model.decoder.attention.U_a.parameters())
    decoder = sum(p.numel() for p in model.decoder.parameters())
    expected = (decoder - once + model.embedding.weight.numel()) * 4 / 2**20
    assert step_weight_mebibytes(model) == pytest.approx(expected)
    assert 0 < once < decoder


def test_the_alignment_benchmark_scores_the_first_target_word_apart():
    """Two pairs: the first target word links wrong in one (source 2, gold 0) and right in the
    other; the later words' AER is the AER with every target-0 link left out."""
    sys.path.insert(0, str(BENCH))
    try:
        from alignment import Gold, Report, position_table
    finally:
        sys.path.remove(str(BENCH))
    from nmt_core.analysis.alignment import alignment_error_rate
    from nmt_core.text.data import Pair

    sure = [frozenset({(0, 0), (1, 1), (2, 2)}), frozenset({(0, 0), (1, 2)})]
    possible = [sure[0], sure[1] | {(2, 1)}]
    predicted = [frozenset({(2, 0), (1, 1), (0, 2)}), frozenset({(0, 0), (2, 1), (2, 2)})]
    pairs = [Pair("a b c", "x y z", "sentence"), Pair("a b c", "x y z", "sentence")]
    gold = Gold("test", pairs, [(), ()], sure, possible)
    report = Report()
    report.add("model argmax", predicted, gold, breakdown=True)

    def later(links):
        return [frozenset(link for link in s if link[1] != 0) for s in links]

    first, rest = report.positions["model argmax"].values()
    assert (first.predicted, first.predicted - first.possible_hits) == (2, 1)
    assert rest.aer == alignment_error_rate(later(predicted), later(sure), later(possible)).aer
    assert "| model argmax | 1 of 2 | " in position_table(report)

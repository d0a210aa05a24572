"""The recipe scripts beside the shipped models: the rule that picks a direction's default
model (checkpoints/recipes/pick_default.py), on made-up figures and on the shipped de-en ones."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

RECIPES = Path(__file__).resolve().parents[1] / "checkpoints" / "recipes"
sys.path.insert(0, str(RECIPES))
try:
    from pick_default import pick_default, reason
finally:
    sys.path.remove(str(RECIPES))


def test_the_lowest_aer_wins_when_its_translations_are_within_the_floor():
    aer = {"additive": 0.27, "dot": 0.30, "general": 0.35}
    chrf = {"additive": 50.5, "dot": 52.0, "general": 45.0}
    assert pick_default(aer, chrf) == "additive"


def test_a_model_more_than_two_chrf_below_the_best_is_ruled_out():
    aer = {"additive": 0.27, "dot": 0.30, "general": 0.35}
    chrf = {"additive": 49.9, "dot": 52.0, "general": 45.0}
    assert pick_default(aer, chrf) == "dot"
    # the reason names what the floor took out, lowest AER first, and what decided
    assert "rules out additive and general; dot has the lowest test AER of the rest" in reason(
        aer, chrf
    )


def test_aers_within_a_tie_are_decided_by_chrf():
    aer = {"additive": 0.275, "dot": 0.279}
    chrf = {"additive": 51.0, "dot": 52.0}
    assert pick_default(aer, chrf) == "dot"
    assert "rules out none; additive and dot tie on test AER" in reason(aer, chrf)
    assert pick_default({"additive": 0.270, "dot": 0.279}, chrf) == "additive"


def test_the_script_reads_the_benchmark_json_and_the_shipped_results(tmp_path):
    results = json.loads((RECIPES.parent / "results.json").read_text())["de-en"]
    chrf = {name: results[name]["everyday_beam5"]["chrf"] for name in ("additive", "dot")}
    best = max(chrf, key=chrf.get)
    other = min(chrf, key=chrf.get)
    overall = {
        f"de-en-{best} argmax": {"aer": 0.30},
        f"de-en-{other} argmax": {"aer": 0.20},  # lowest: wins unless below the chrF floor
        f"de-en-{other} threshold": {"aer": 0.10},  # another method: not read
    }
    alignment = tmp_path / "alignment.json"
    alignment.write_text(json.dumps({"direction": "de-en", "overall": overall}))
    done = subprocess.run(
        [sys.executable, str(RECIPES / "pick_default.py"), str(alignment)],
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    ruled_out = chrf[other] < chrf[best] - 2.0
    assert done.stdout.splitlines()[0] == (best if ruled_out else other)
    assert "floor" in done.stdout.splitlines()[1]

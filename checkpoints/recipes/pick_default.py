"""The rule that picks the model a direction opens on, written before the results it reads.

    python bench/alignment.py --split probe --direction en-de --no-eflomal \
        --json /tmp/alignment-en-de.json
    python checkpoints/recipes/pick_default.py /tmp/alignment-en-de.json
    python checkpoints/recipes/ship.py --runs runs-en-de --direction en-de --no-export \
        --names NAME --default NAME                   # if it is not the one shipped as default

The rule (the model card, "The default model"; this version written for issue 45 before its
final runs ended): among the attention models trained without guided alignment, the one with
the lowest probe AER (argmax; the gold set's 20 development pairs), unless its chrF on the
everyday fixture's even-numbered lines (beam 5, ``everyday_even_beam5`` in
checkpoints/results.json) is more than 2.0 points below the best; AERs within 0.01 of each
other (about one link of the probe's 121 sure ones) count as a tie, and the higher chrF
decides. Only the choice sets are read: the test split of the gold set and the fixture's
odd-numbered lines are for reporting. The dashboard is about attention, so alignment decides
and translation is a floor. Prints the name, then the sentence the card gives as the reason.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "checkpoints" / "results.json"
CHRF_FLOOR = 2.0  # points below the best everyday chrF that rule a model out
AER_TIE = 0.01  # AERs this close count as equal: one link of the probe set's 121 sure ones
CHOICE_SPLIT = "probe"  # the gold split the rule reads (test is for reporting)
CHOICE_CHRF = "everyday_even_beam5"  # the fixture's even half (the odd half is for reporting)


@dataclass(frozen=True)
class Decision:
    """The rule's steps: the chrF floor, the models under it, and the lowest-AER models left
    (more than one: a tie, which chrF decides)."""

    name: str
    best_chrf: float
    floor: float
    ruled_out: list[str]  # by lowest probe AER first
    tied: list[str]


def decide(aer: dict[str, float], chrf: dict[str, float]) -> Decision:
    """The rule applied to the models in ``aer`` (name -> probe AER; ``chrf``: name -> chrF on
    the everyday fixture's even half, every attention model present)."""
    best_chrf = max(chrf[name] for name in aer)
    floor = best_chrf - CHRF_FLOOR
    ruled_out = [name for name in sorted(aer, key=aer.get) if chrf[name] < floor]
    lowest = min(value for name, value in aer.items() if name not in ruled_out)
    tied = [n for n, value in aer.items() if n not in ruled_out and value <= lowest + AER_TIE]
    name = max(tied, key=lambda n: chrf[n])
    return Decision(name, best_chrf, floor, ruled_out, tied)


def pick_default(aer: dict[str, float], chrf: dict[str, float]) -> str:
    """The default among the models in ``aer`` (see :func:`decide`)."""
    return decide(aer, chrf).name


def reason(aer: dict[str, float], chrf: dict[str, float]) -> str:
    """The figures the rule read and why they give the default: which models the chrF floor
    rules out, and how the lowest AER (or a tie) decides among the rest."""
    d = decide(aer, chrf)
    if len(aer) == 1:
        only = f"probe AER {aer[d.name]:.3f}, even-half everyday chrF {chrf[d.name]:.1f}"
        return f"{d.name} is the only attention model ({only})."
    figures = "; ".join(f"{n} {aer[n]:.3f} / {chrf[n]:.1f}" for n in sorted(aer, key=aer.get))
    ruled_out = " and ".join(d.ruled_out) or "none"
    if len(d.tied) > 1:
        tied = " and ".join(d.tied)
        why = f"{tied} tie on probe AER (within {AER_TIE}) and {d.name} has the higher chrF"
    else:
        why = f"{d.name} has the lowest probe AER of {'the rest' if d.ruled_out else 'them'}"
    return (
        f"Probe AER / even-half everyday chrF: {figures}. The chrF floor is {d.floor:.1f} "
        f"(the best, {d.best_chrf:.1f}, less {CHRF_FLOOR}), which rules out {ruled_out}; {why}."
    )


def trained_with_guidance(direction: str, name: str) -> bool:
    """Whether checkpoints/DIRECTION-NAME was trained with guided alignment (its recorded
    ``train_config``): such a model's attention was taught, not learnt, so it is never the
    default."""
    config = json.loads((ROOT / "checkpoints" / f"{direction}-{name}" / "config.json").read_text())
    return bool(config["meta"].get("train_config", {}).get("guided_alignment", 0))


def read_figures(
    alignment: Path, direction: str, results_file: Path = RESULTS
) -> tuple[dict[str, float], dict[str, float]]:
    """Probe AER (argmax) of every attention model in bench/alignment.py's JSON that learnt its
    attention unguided, and the same models' even-half everyday chrF (beam 5) from
    checkpoints/results.json. Refuses another split: the rule reads choice sets only."""
    figures = json.loads(alignment.read_text())
    if figures.get("split") != CHOICE_SPLIT:
        raise SystemExit(
            f"{alignment}: figures of the {figures.get('split')!r} split; the rule reads the "
            f"{CHOICE_SPLIT!r} split (bench/alignment.py --split {CHOICE_SPLIT})"
        )
    prefix, suffix = f"{direction}-", " argmax"
    aer = {
        key[len(prefix) : -len(suffix)]: scores["aer"]
        for key, scores in figures["overall"].items()
        if key.startswith(prefix) and key.endswith(suffix)
    }
    aer = {name: value for name, value in aer.items() if not trained_with_guidance(direction, name)}
    results = json.loads(results_file.read_text())[direction]
    missing = [name for name in aer if CHOICE_CHRF not in results.get(name, {})]
    if missing:
        raise SystemExit(
            f"{results_file} has no {CHOICE_CHRF} for {', '.join(missing)}: run "
            f"checkpoints/recipes/ship.py for them first"
        )
    chrf = {name: results[name][CHOICE_CHRF]["chrf"] for name in aer}
    return aer, chrf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("alignment", type=Path, help="bench/alignment.py --split probe --json")
    parser.add_argument("--results", type=Path, default=RESULTS, help="ship.py's figures")
    args = parser.parse_args()
    direction = json.loads(args.alignment.read_text())["direction"]
    aer, chrf = read_figures(args.alignment, direction, args.results)
    if not aer:
        raise SystemExit(f"{args.alignment}: no {direction} attention model in it")
    print(pick_default(aer, chrf))
    print(reason(aer, chrf))


if __name__ == "__main__":
    main()

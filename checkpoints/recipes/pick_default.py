"""The rule that picks the model a direction opens on, written before the results it reads.

    python bench/alignment.py --direction en-de --no-eflomal --json /tmp/alignment-en-de.json
    python checkpoints/recipes/pick_default.py /tmp/alignment-en-de.json
    python checkpoints/recipes/ship.py --runs runs-en-de --direction en-de --no-export \
        --names NAME --default NAME                   # if it is not the one shipped as default

The rule (the model card, "The default model"): among the attention models, the one with the
lowest test AER (argmax), unless its everyday chrF (beam 5, checkpoints/results.json) is more
than 2.0 points below the best; AERs within 0.005 of each other count as a tie, and the higher
everyday chrF decides. The dashboard is about attention, so alignment decides and translation
is a floor. Prints the name, then the sentence the card gives as the reason.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHRF_FLOOR = 2.0  # points below the best everyday chrF that rule a model out
AER_TIE = 0.005  # AERs this close count as equal


@dataclass(frozen=True)
class Decision:
    """The rule's steps: the chrF floor, the models under it, and the lowest-AER models left
    (more than one: a tie, which chrF decides)."""

    name: str
    best_chrf: float
    floor: float
    ruled_out: list[str]  # by lowest test AER first
    tied: list[str]


def decide(aer: dict[str, float], chrf: dict[str, float]) -> Decision:
    """The rule applied to the models in ``aer`` (name -> test AER; ``chrf``: name -> everyday
    chrF, every attention model present)."""
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
        only = f"test AER {aer[d.name]:.3f}, everyday chrF {chrf[d.name]:.1f}"
        return f"{d.name} is the only attention model ({only})."
    figures = "; ".join(f"{n} {aer[n]:.3f} / {chrf[n]:.1f}" for n in sorted(aer, key=aer.get))
    ruled_out = " and ".join(d.ruled_out) or "none"
    if len(d.tied) > 1:
        tied = " and ".join(d.tied)
        why = f"{tied} tie on test AER (within {AER_TIE}) and {d.name} has the higher chrF"
    else:
        why = f"{d.name} has the lowest test AER of {'the rest' if d.ruled_out else 'them'}"
    return (
        f"Test AER / everyday chrF: {figures}. The chrF floor is {d.floor:.1f} (the best, "
        f"{d.best_chrf:.1f}, less {CHRF_FLOOR}), which rules out {ruled_out}; {why}."
    )


def read_figures(alignment: Path, direction: str) -> tuple[dict[str, float], dict[str, float]]:
    """Test AER (argmax) of every model in bench/alignment.py's JSON, and everyday chrF (beam
    5) of the same models from checkpoints/results.json."""
    overall = json.loads(alignment.read_text())["overall"]
    prefix, suffix = f"{direction}-", " argmax"
    aer = {
        key[len(prefix) : -len(suffix)]: scores["aer"]
        for key, scores in overall.items()
        if key.startswith(prefix) and key.endswith(suffix)
    }
    results = json.loads((ROOT / "checkpoints" / "results.json").read_text())[direction]
    chrf = {name: results[name]["everyday_beam5"]["chrf"] for name in aer}
    return aer, chrf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("alignment", type=Path, help="bench/alignment.py --json output")
    args = parser.parse_args()
    direction = json.loads(args.alignment.read_text())["direction"]
    aer, chrf = read_figures(args.alignment, direction)
    if not aer:
        raise SystemExit(f"{args.alignment}: no {direction} attention model in it")
    print(pick_default(aer, chrf))
    print(reason(aer, chrf))


if __name__ == "__main__":
    main()

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
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CHRF_FLOOR = 2.0  # points below the best everyday chrF that rule a model out
AER_TIE = 0.005  # AERs this close count as equal


def pick_default(aer: dict[str, float], chrf: dict[str, float]) -> str:
    """The default among the models in ``aer`` (name -> test AER; ``chrf``: name -> everyday
    chrF, every attention model present)."""
    best_chrf = max(chrf[name] for name in aer)
    allowed = {name: value for name, value in aer.items() if chrf[name] >= best_chrf - CHRF_FLOOR}
    lowest = min(allowed.values())
    tied = [name for name, value in allowed.items() if value <= lowest + AER_TIE]
    return max(tied, key=lambda name: chrf[name])


def reason(name: str, aer: dict[str, float], chrf: dict[str, float]) -> str:
    """The figures the rule read and why they give ``name``: which models the chrF floor rules
    out, and how the lowest AER (or a tie) decides among the rest."""
    if len(aer) == 1:
        only = f"test AER {aer[name]:.3f}, everyday chrF {chrf[name]:.1f}"
        return f"{name} is the only attention model ({only})."
    best_chrf = max(chrf[other] for other in aer)
    floor = best_chrf - CHRF_FLOOR
    figures = "; ".join(f"{o} {aer[o]:.3f} / {chrf[o]:.1f}" for o in sorted(aer, key=aer.get))
    below = [other for other in sorted(aer, key=aer.get) if chrf[other] < floor]
    ruled_out = f", which rules out {' and '.join(below)}" if below else ", which rules out none"
    allowed = [other for other in aer if other not in below]
    lowest = min(aer[other] for other in allowed)
    tied = [other for other in allowed if aer[other] <= lowest + AER_TIE]
    if len(tied) > 1:
        both = " and ".join(tied)
        why = f"{both} tie on test AER (within {AER_TIE}) and {name} has the higher chrF"
    else:
        why = f"{name} has the lowest test AER of {'the rest' if below else 'them'}"
    return (
        f"Test AER / everyday chrF: {figures}. The chrF floor is {floor:.1f} "
        f"(the best, {best_chrf:.1f}, less {CHRF_FLOOR}){ruled_out}; {why}."
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
    name = pick_default(aer, chrf)
    print(name)
    print(reason(name, aer, chrf))


if __name__ == "__main__":
    main()

"""The rule that picks the model a direction opens on, written before the results it reads.

    python bench/alignment.py --split probe --direction en-de --no-eflomal \
        --json /tmp/alignment-en-de.json
    python checkpoints/recipes/pick_default.py /tmp/alignment-en-de.json
    python checkpoints/recipes/ship.py --runs runs-en-de --direction en-de --no-export \
        --names NAME --default NAME                   # if it is not the one shipped as default

The rule (the model card, "The default model"; this version written for the Tatoeba round
before its runs ended): among the attention models trained without guided alignment, rule out
each whose greedy chrF on Tatoeba's choose part (``tatoeba_choose_beam1`` in
checkpoints/results.json) is more than 2.0 points below the best, then, of those left, each
whose chrF on the everyday fixture's even-numbered lines (beam 5, ``everyday_even_beam5``) is
more than 2.0 below the best of them; of the rest, the one with the lowest probe AER (argmax; the
gold set's 20 development pairs) wins. AERs within 0.01 of each other (about one link of the
probe's 121 sure ones) count as a tie, and the higher Tatoeba chrF decides. Only the choice sets
are read: the test split of the gold set, Tatoeba's report part and the fixture's odd-numbered
lines are for reporting. The dashboard is about attention, so alignment decides; translation of
what users type (Tatoeba) and of the sentences the pages teach with (the fixture) are floors.
Prints the name, then the sentence the card gives as the reason.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "checkpoints" / "results.json"
CHRF_FLOOR = 2.0  # points below the best chrF that rule a model out, on each choice set
AER_TIE = 0.01  # AERs this close count as equal: one link of the probe set's 121 sure ones
CHOICE_SPLIT = "probe"  # the gold split the rule reads (test is for reporting)
# the chrF floors in the order the rule applies them: results.json key -> what the reason calls it
FLOORS = {
    "tatoeba_choose_beam1": "Tatoeba choose chrF",  # the choose part (report is for reporting)
    "everyday_even_beam5": "even-half everyday chrF",  # the fixture's even half (odd: reporting)
}


@dataclass(frozen=True)
class Decision:
    """The rule's steps: each floor (its best chrF and the models under it, in FLOORS' order),
    and the lowest-AER models left (more than one: a tie, which the first floor's chrF
    decides)."""

    name: str
    best: dict[str, float]  # floor key -> the best chrF among the models it was applied to
    ruled_out: dict[str, list[str]]  # floor key -> the models under it, lowest probe AER first
    tied: list[str]


def decide(aer: dict[str, float], chrf: dict[str, dict[str, float]]) -> Decision:
    """The rule applied to the models in ``aer`` (name -> probe AER); ``chrf``: floor key of
    :data:`FLOORS` -> name -> chrF on that choice set, every attention model present."""
    left, best, ruled_out = sorted(aer, key=aer.get), {}, {}
    for key in FLOORS:
        best[key] = max(chrf[key][name] for name in left)
        ruled_out[key] = [n for n in left if chrf[key][n] < best[key] - CHRF_FLOOR]
        left = [n for n in left if n not in ruled_out[key]]
    lowest = aer[left[0]]
    tied = [name for name in left if aer[name] <= lowest + AER_TIE]
    first = next(iter(FLOORS))
    return Decision(max(tied, key=lambda n: chrf[first][n]), best, ruled_out, tied)


def pick_default(aer: dict[str, float], chrf: dict[str, dict[str, float]]) -> str:
    """The default among the models in ``aer`` (see :func:`decide`)."""
    return decide(aer, chrf).name


def reason(aer: dict[str, float], chrf: dict[str, dict[str, float]]) -> str:
    """The figures the rule read and why they give the default: which models each floor rules
    out, and how the lowest AER (or a tie) decides among the rest."""
    d = decide(aer, chrf)
    measures = " / ".join(["Probe AER", *FLOORS.values()])

    def figures(name: str) -> str:
        return " / ".join([f"{aer[name]:.3f}", *(f"{chrf[key][name]:.1f}" for key in FLOORS)])

    if len(aer) == 1:
        return f"{d.name} is the only attention model ({measures}: {figures(d.name)})."
    read = "; ".join(f"{name} {figures(name)}" for name in sorted(aer, key=aer.get))
    floors = "; ".join(
        f"the {label} floor is {d.best[key] - CHRF_FLOOR:.1f} (the best, {d.best[key]:.1f}, "
        f"less {CHRF_FLOOR}), which rules out {' and '.join(d.ruled_out[key]) or 'none'}"
        for key, label in FLOORS.items()
    )
    if len(d.tied) > 1:
        tied = " and ".join(d.tied)
        first = next(iter(FLOORS.values()))
        why = f"{tied} tie on probe AER (within {AER_TIE}) and {d.name} has the higher {first}"
    else:
        any_out = any(d.ruled_out.values())
        why = f"{d.name} has the lowest probe AER of {'the rest' if any_out else 'them'}"
    return f"{measures}: {read}. {floors[0].upper()}{floors[1:]}; {why}."


def trained_with_guidance(direction: str, name: str) -> bool:
    """Whether checkpoints/DIRECTION-NAME was trained with guided alignment (its recorded
    ``train_config``): such a model's attention was taught, not learnt, so it is never the
    default."""
    config = json.loads((ROOT / "checkpoints" / f"{direction}-{name}" / "config.json").read_text())
    return bool(config["meta"].get("train_config", {}).get("guided_alignment", 0))


def read_figures(
    alignment: Path, direction: str, results_file: Path = RESULTS
) -> tuple[dict[str, float], dict[str, dict[str, float]]]:
    """Probe AER (argmax) of every attention model in bench/alignment.py's JSON that learnt its
    attention unguided, and the same models' chrF on each of :data:`FLOORS`' choice sets from
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
    for key in FLOORS:
        missing = [name for name in aer if key not in results.get(name, {})]
        if missing:
            raise SystemExit(
                f"{results_file} has no {key} for {', '.join(missing)}: run "
                f"checkpoints/recipes/ship.py for them first (with a --recipe that names "
                f"Tatoeba's file)"
            )
    chrf = {key: {name: results[name][key]["chrf"] for name in aer} for key in FLOORS}
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

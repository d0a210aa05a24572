"""Write Tatoeba's held-out parts for evaluation, outside the repository (Tatoeba's text is never
committed into it):

    python checkpoints/recipes/tatoeba_split.py --tatoeba ../shared/data/tatoeba-deu-eng/pairs.tsv \
        --direction de-en --output /tmp/tatoeba-de-en
    python -m nmt_core evaluate --checkpoint runs/additive/best --tsv /tmp/tatoeba-de-en/report.tsv

``DIR/choose.tsv`` (to choose models and mixes on) and ``DIR/report.tsv`` (only to report on),
``source TAB reference``: the parts a run of ``--recipe`` holds out (its seed, length filter and
sizes; nmt_core/corpora/tatoeba.py makes the split). Credit "Tatoeba contributors (tatoeba.org),
CC BY 2.0 FR" wherever their scores are shown.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # run from anywhere, no install

import argparse  # noqa: E402
import json  # noqa: E402

from nmt_core.corpora.tatoeba import CREDIT, write_held_out  # noqa: E402
from nmt_core.network.config import TrainConfig  # noqa: E402
from nmt_core.text.data import DIRECTIONS  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RECIPE = ROOT / "checkpoints" / "recipes" / "everyday_tatoeba_finetune.json"


def split_config(recipe: Path, tatoeba: str, direction: str) -> TrainConfig:
    """The train config of ``recipe`` reading ``tatoeba`` in ``direction``: its split's settings."""
    train = json.loads(recipe.read_text(encoding="utf-8"))["train"]
    return TrainConfig.from_dict({**train, "tatoeba": tatoeba, "direction": direction})


def main(argv: list[str] | None = None) -> int:
    """Parse the flags, refuse a folder inside the repository, write the two parts."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tatoeba", required=True, help="the deu-eng file (English TAB German)")
    parser.add_argument("--direction", required=True, choices=DIRECTIONS)
    parser.add_argument(
        "--output", required=True, type=Path, help="a folder outside the repository"
    )
    parser.add_argument("--recipe", type=Path, default=RECIPE, help=f"default {RECIPE.name}")
    args = parser.parse_args(argv)
    output = args.output.resolve()
    if output == ROOT or ROOT in output.parents:
        parser.error(f"{args.output} is inside the repository: Tatoeba's text is never committed")
    for path in write_held_out(split_config(args.recipe, args.tatoeba, args.direction), output):
        lines = path.read_text(encoding="utf-8").count("\n")
        print(f"{path}: {lines} pairs")
    print(f"credit: {CREDIT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

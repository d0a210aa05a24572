"""Does GNMT's coverage penalty bring back the words a translation leaves out?

    python bench/coverage.py                                 # the de-en default, the fixture
    python bench/coverage.py --tsv /tmp/heldout/report.tsv   # and Tatoeba's report part
    python bench/coverage.py --direction en-de --betas 0.2 0.4 --json /tmp/coverage.json

For each model (``--checkpoints``; default the direction's default model) and each set (the
everyday fixture, tests/fixtures/everyday_de_en.tsv, swapped for en-de, and every ``--tsv`` file
of ``source TAB reference``), every sentence is translated with beam search (``--beam``) with
no penalty and with each beta of ``--betas``, and counted:

* **left out**: source content words (letters, not a function word: ``FUNCTION_WORDS`` below
  for German, ``nmt_core.analysis.alignment``'s for English) whose coverage stayed under
  ``nmt_core.analysis.coverage.LEFT_OUT_BELOW`` and that no output word's strongest attention
  points at: the words the output most likely lacks;
* chrF and BLEU of the outputs against the references, and how many outputs the penalty changed.

Sentences where the penalty lowers the count are listed (``--examples``). Held-out parts of
Tatoeba are written by ``python checkpoints/recipes/tatoeba_split.py``; never pass the
Tatoeba-Challenge test sets.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install

import argparse
import json
from dataclasses import dataclass

from nmt_core.analysis.alignment import is_function_word
from nmt_core.analysis.coverage import left_out, unaligned_words
from nmt_core.checkpoint import Checkpoint, default_checkpoint, list_checkpoints, load_checkpoint
from nmt_core.corpora.corpus import pairs_from_file
from nmt_core.measures.evaluation import corpus_scores
from nmt_core.text.data import Pair
from nmt_core.translate import Translation, translate

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "fixtures" / "everyday_de_en.tsv"

# German function words: articles, pronouns, prepositions (and their contractions),
# conjunctions, auxiliaries and modals, "nicht" and "kein". Matched lowercased.
FUNCTION_WORDS = frozenset(
    """der die das den dem des ein eine einen einem einer eines
    ich du er sie es wir ihr mich dich sich uns euch mir dir ihm ihn ihnen man
    mein meine meinen meinem meiner dein deine deinen sein seine seinen seinem seiner
    ihre ihren ihrem ihrer unser unsere unseren euer eure dies diese dieser dieses diesen
    in im ins an am ans auf aus bei beim mit nach von vom vor zu zum zur über unter für um
    durch gegen ohne bis seit hinter neben zwischen
    und oder aber denn dass weil wenn ob als wie so
    nicht kein keine keinen keinem
    bin bist ist sind seid war warst waren habe hast hat haben habt hatte hatten
    werde wirst wird werden wurde wurden kann kannst können muss musst müssen soll sollst
    sollen will willst wollen darf darfst dürfen mag möchte möchten""".split()  # noqa: SIM905
)


def is_content_word(word: str, language: str) -> bool:
    """A word with letters that is not a function word of its language ("de" or "en")."""
    if not any(char.isalpha() for char in word):
        return False
    return not (is_function_word(word) if language == "en" else word.lower() in FUNCTION_WORDS)


@dataclass(frozen=True)
class Counted:
    """One setting's outputs on one set and the content words they left out, per sentence."""

    outputs: list[str]
    missing: list[list[str]]

    def report(self, references: list[str]) -> dict:
        scores = corpus_scores(self.outputs, references)
        return {
            "left_out": sum(map(len, self.missing)),
            "sentences_with_one": sum(1 for m in self.missing if m),
            "chrf": round(scores["chrf"], 1),
            "bleu": round(scores["bleu"], 1),
        }


def missing_words(translation: Translation, language: str) -> list[str]:
    """The content words under the coverage threshold that no output word links to."""
    unaligned = unaligned_words(translation)
    return [
        w.word
        for w in left_out(translation)
        if w.index in unaligned and is_content_word(w.word, language)
    ]


def counted(checkpoint: Checkpoint, pairs: list[Pair], beam: int, beta: float) -> Counted:
    language = checkpoint.meta.get("direction", "de-en")[:2]
    outputs, missing = [], []
    for pair in pairs:
        translation = translate(checkpoint, pair.source, beam_size=beam, coverage_penalty=beta)
        outputs.append(translation.hypothesis)
        missing.append(missing_words(translation, language))
    return Counted(outputs, missing)


def sets_of(direction: str, files: list[Path]) -> dict[str, list[Pair]]:
    fixture = pairs_from_file(FIXTURE)
    if direction == "en-de":
        fixture = [pair.swapped() for pair in fixture]
    return {"everyday": fixture} | {file.stem: pairs_from_file(file) for file in files}


def print_examples(pairs: list[Pair], plain: Counted, penalised: Counted, beta: float, most: int):
    """The first ``most`` sentences where the penalty leaves fewer content words out."""
    rows = zip(
        pairs, plain.outputs, penalised.outputs, plain.missing, penalised.missing, strict=True
    )
    better = [row for row in rows if len(row[4]) < len(row[3])]
    for pair, before, after, lost, _ in better[:most]:
        print(f"    beta {beta:g}: {pair.source}\n      without: {before} "
              f"(left out: {', '.join(lost)})\n      with:    {after}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--direction", choices=["de-en", "en-de"], default="de-en")
    parser.add_argument("--checkpoints", nargs="*", type=Path, help="default: the default model")
    parser.add_argument("--tsv", nargs="*", type=Path, default=[], help="more sets to count")
    parser.add_argument("--beam", type=int, default=5)
    parser.add_argument("--betas", nargs="*", type=float, default=[0.2], help="GNMT uses 0.2")
    parser.add_argument("--examples", type=int, default=5, help="changed sentences listed")
    parser.add_argument("--json", type=Path, help="write the figures here too")
    args = parser.parse_args()
    folders = args.checkpoints or [
        default_checkpoint([i for i in list_checkpoints() if i.direction == args.direction]).path
    ]
    figures: dict = {}
    print("| model | set | beta | content words left out | sentences | chrF | BLEU | changed |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for folder in folders:
        checkpoint = load_checkpoint(folder)
        for name, pairs in sets_of(args.direction, args.tsv).items():
            references = [p.target for p in pairs]
            plain = counted(checkpoint, pairs, args.beam, 0.0)
            rows = {0.0: plain} | {b: counted(checkpoint, pairs, args.beam, b) for b in args.betas}
            for beta, result in rows.items():
                row = result.report(references)
                row["changed"] = sum(
                    a != b for a, b in zip(plain.outputs, result.outputs, strict=True)
                )
                figures.setdefault(checkpoint.name, {}).setdefault(name, {})[beta] = row
                print(f"| {checkpoint.name} | {name} ({len(pairs)}) | {beta:g} | "
                      f"{row['left_out']} | {row['sentences_with_one']} | {row['chrf']} | "
                      f"{row['bleu']} | {row['changed']} |")  # fmt: skip
            for beta in args.betas:
                print_examples(pairs, plain, rows[beta], beta, args.examples)
    if args.json:
        args.json.write_text(json.dumps(figures, indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()

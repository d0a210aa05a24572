"""A run's generated pairs: drawn from the templates (:mod:`everyday.generator`), less
those that show an evaluation sentence (:mod:`everyday.unseen`), written into the run
folder as the record of what it trained on; and the copies of the fixed phrasebook expressions
a run adds to them.

The library's one door to :mod:`everyday` (a package of the standard library only): no other
module of nmt_core imports it.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

from everyday import phrasebook
from everyday.generator import ding_lexicon, generate
from everyday.phrases import vocabulary
from everyday.unseen import unseen
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import DING_PATH, CorpusError, classify, looks_like_ding, read_tsv
from nmt_core.text.data import Pair as DataPair

log = logging.getLogger(__name__)
GENERATED_FILE = "generated_pairs.tsv"  # in the run folder: what the run trained on


def measured_texts(paths: tuple[str, ...]) -> list[str]:
    """Both sides of every pair in the TSVs ``paths``: what no generated pair may show."""
    texts = []
    for path in paths:
        pairs, _ = read_tsv(path)
        texts += [text for pair in pairs for text in (pair.source, pair.target)]
    return texts


def generated_pairs(cfg: TrainConfig) -> list[DataPair]:
    """The ``cfg.generated_pairs`` pairs of a run, in its direction, written to
    OUTPUT_DIR/generated_pairs.tsv when the run folder exists (the record of what it trained
    on; elsewhere, e.g. for eflomal's priors, they are only made in memory). Pairs that show a
    sentence of ``cfg.generated_avoid`` (evaluation sentences), whole or by all its content
    words, are left out (:mod:`everyday.unseen`).

    Ding's grammar is read from ``cfg.corpus`` when it is a Ding file, else from where Debian
    installs it.
    """
    corpus = Path(cfg.corpus)
    ding = corpus if corpus.is_file() and looks_like_ding(corpus) else DING_PATH
    if not ding.is_file():
        raise CorpusError(
            f"generated_sentences reads the grammar of its words from the Ding dictionary, not "
            f"found at {ding}: install it with `apt-get install trans-de-en`"
        )
    lexicon = ding_lexicon(ding)
    rule = unseen(measured_texts(cfg.generated_avoid), vocabulary(lexicon))
    drawn = generate(lexicon, cfg.generated_pairs, cfg.seed)
    made = [
        pair
        for pair in phrasebook.with_every_fixed_expression(drawn, cfg.fixed_phrase_repeats)
        if rule.allows(*pair)
    ]
    log.info("generated_sentences: %d pairs from %s", len(made), ding)
    folder = Path(cfg.output_dir)
    if folder.is_dir():
        written = folder / GENERATED_FILE
        written.with_suffix(".tmp").write_text("".join(f"{g}\t{e}\n" for g, e in made), "utf-8")
        written.with_suffix(".tmp").replace(written)  # whole or not at all
    pairs = [DataPair(german, english_text, classify(german)) for german, english_text in made]
    return [pair.swapped() for pair in pairs] if cfg.direction == "en-de" else pairs


def fixed_phrase_copies(pairs: Sequence[DataPair], cfg: TrainConfig) -> list[DataPair]:
    """``cfg.fixed_phrase_repeats`` - 1 more copies of each fixed phrasebook expression among
    ``pairs`` (distinct pairs of ``cfg.direction``; of a kind trained on): a class says "Wie
    heißt du?" far more often than any one generated sentence, and said once among 20k pairs
    it was not learnt."""
    fixed = set(phrasebook.FIXED)
    if cfg.direction == "en-de":
        fixed = {(english_text, german) for german, english_text in fixed}
    repeats = cfg.fixed_phrase_repeats - 1
    chosen = [p for p in pairs if (p.source, p.target) in fixed and p.kind in cfg.kinds]
    return [pair for pair in chosen for _ in range(repeats)]

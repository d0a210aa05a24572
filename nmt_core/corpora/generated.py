"""A run's generated pairs: drawn from the templates (:mod:`nmt_core.corpora.generator`), less
those that show an evaluation sentence (:mod:`nmt_core.corpora.unseen`), written into the run
folder as the record of what it trained on.
"""

from __future__ import annotations

import logging
from pathlib import Path

from nmt_core.corpora import phrasebook
from nmt_core.corpora.generator import ding_lexicon, generate
from nmt_core.corpora.phrases import vocabulary
from nmt_core.corpora.unseen import unseen
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
    words, are left out (:mod:`nmt_core.corpora.unseen`).

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

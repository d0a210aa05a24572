"""The sentence generator (nmt_core/corpora/generator.py and the modules it reads): its
inflection tables, its determinism, and that what it writes never holds a held-out sentence."""

from __future__ import annotations

import csv
from dataclasses import replace
from pathlib import Path

import pytest

from nmt_core.corpora import grammar
from nmt_core.network.config import TrainConfig
from nmt_core.text.data import DING_PATH, Pair, Split

FIXTURES = Path(__file__).parent / "fixtures"
needs_ding = pytest.mark.skipif(not DING_PATH.exists(), reason="Ding (trans-de-en) not installed")
# The evaluation's sentences: no template or phrasebook entry may write them.
EVALUATION = (
    "Ich habe einen kleinen Bruder.", "Wir essen heute Abend Nudeln.",
    "Mein Lieblingsfach ist Musik.", "Kommst du morgen zu meiner Party?",
    "Die Katze sitzt auf dem Sofa.", "Ich gehe jeden Tag zu Fuß zur Schule.",
    "Es ist heute sehr kalt.", "Meine Oma wohnt auf dem Land.", "Wann fängt der Film an?",
    "Ich habe meine Hausaufgaben schon gemacht.",
)  # fmt: skip


@pytest.fixture(scope="module")
def lexicon():
    from nmt_core.corpora.generator import ding_lexicon

    return ding_lexicon(DING_PATH)


def test_articles_and_possessives_by_case_and_gender():
    table = {case: [grammar.definite(case, g) for g in grammar.GENDERS] for case in grammar.CASES}
    assert table == {
        "nom": ["der", "die", "das", "die"],
        "acc": ["den", "die", "das", "die"],
        "dat": ["dem", "der", "dem", "den"],
        "gen": ["des", "der", "des", "der"],
    }
    assert [grammar.ein_word("ein", case, "m") for case in grammar.CASES] == [
        "ein", "einen", "einem", "eines"
    ]  # fmt: skip
    assert [grammar.ein_word("mein", "dat", g) for g in grammar.GENDERS] == [
        "meinem", "meiner", "meinem", "meinen"
    ]  # fmt: skip
    assert [grammar.ein_word("euer", "acc", g) for g in grammar.GENDERS] == [
        "euren", "eure", "euer", "eure"
    ]  # fmt: skip
    assert grammar.ein_word("kein", "nom", "pl") == "keine"
    assert grammar.with_preposition("in", "dem") == "im"
    assert grammar.with_preposition("zu", "der") == "zur"
    assert grammar.with_preposition("mit", "dem") == "mit dem"
    with pytest.raises(ValueError, match="no plural"):
        grammar.ein_word("ein", "nom", "pl")


def test_regular_present_by_rule():
    assert grammar.regular_present("kochen") == (
        "koche",
        "kochst",
        "kocht",
        "kochen",
        "kocht",
        "kochen",
    )
    assert grammar.regular_present("arbeiten")[1:3] == ("arbeitest", "arbeitet")
    assert grammar.regular_present("öffnen")[2] == "öffnet"
    assert grammar.regular_present("heißen")[1] == "heißt"
    assert grammar.regular_present("sammeln")[0] == "sammle"
    assert grammar.regular_present("füttern")[:3] == ("füttere", "fütterst", "füttert")
    assert grammar.irregular_present("halten", "hält")[1:3] == ("hältst", "hält")
    assert grammar.irregular_present("schlafen", "schläft")[1] == "schläfst"
    assert grammar.irregular_present("lesen", "liest")[1] == "liest"


# infinitive -> (ich, du, er, wir, ihr, sie), participle, auxiliary, separable prefix
CONJUGATIONS = {
    "kochen": ("koche kochst kocht kochen kocht kochen", "gekocht", "haben", ""),
    "arbeiten": ("arbeite arbeitest arbeitet arbeiten arbeitet arbeiten", "gearbeitet", "haben",
                 ""),
    "öffnen": ("öffne öffnest öffnet öffnen öffnet öffnen", "geöffnet", "haben", ""),
    "füttern": ("füttere fütterst füttert füttern füttert füttern", "gefüttert", "haben", ""),
    "lesen": ("lese liest liest lesen lest lesen", "gelesen", "haben", ""),
    "essen": ("esse isst isst essen esst essen", "gegessen", "haben", ""),
    "nehmen": ("nehme nimmst nimmt nehmen nehmt nehmen", "genommen", "haben", ""),
    "sehen": ("sehe siehst sieht sehen seht sehen", "gesehen", "haben", ""),
    "helfen": ("helfe hilfst hilft helfen helft helfen", "geholfen", "haben", ""),
    "schlafen": ("schlafe schläfst schläft schlafen schlaft schlafen", "geschlafen", "haben", ""),
    "fahren": ("fahre fährst fährt fahren fahrt fahren", "gefahren", "sein", ""),
    "tragen": ("trage trägst trägt tragen tragt tragen", "getragen", "haben", ""),
    "waschen": ("wasche wäschst wäscht waschen wascht waschen", "gewaschen", "haben", ""),
    "vergessen": ("vergesse vergisst vergisst vergessen vergesst vergessen", "vergessen", "haben",
                  ""),
    "gehen": ("gehe gehst geht gehen geht gehen", "gegangen", "sein", ""),
    "anrufen": ("rufe rufst ruft rufen ruft rufen", "angerufen", "haben", "an"),
    "aufstehen": ("stehe stehst steht stehen steht stehen", "aufgestanden", "sein", "auf"),
    "einkaufen": ("kaufe kaufst kauft kaufen kauft kaufen", "eingekauft", "haben", "ein"),
    "fernsehen": ("sehe siehst sieht sehen seht sehen", "ferngesehen", "haben", "fern"),
    "mögen": ("mag magst mag mögen mögt mögen", "gemocht", "haben", ""),
}  # fmt: skip


@needs_ding
def test_twenty_verbs_conjugate_from_ding_and_the_rules(lexicon):
    from nmt_core.corpora.generator import vocabulary

    verbs = {verb.german.infinitive: verb.german for verb in vocabulary(lexicon).verbs}
    for infinitive, (present, participle, auxiliary, prefix) in CONJUGATIONS.items():
        verb = verbs[infinitive]
        assert " ".join(verb.present) == present, infinitive
        assert (verb.participle, verb.auxiliary, verb.prefix) == (participle, auxiliary, prefix)
    assert verbs["anrufen"].joined(2) == "anruft"  # "dass sie anruft"
    assert lexicon.english_verb("get up").past == "got up"
    assert lexicon.english_verb("eat").participle == "eaten"
    assert lexicon.nouns["Apfel"].plural == "Äpfel"
    assert lexicon.nouns["Katze"].gender == "f"
    assert lexicon.english_plurals["child"] == "children"


@needs_ding
def test_same_seed_same_pairs_other_seed_other_pairs(lexicon):
    from nmt_core.corpora.generator import generate

    pairs = generate(lexicon, 500, seed=1)
    assert len(pairs) == len(set(pairs)) == 500
    assert generate(lexicon, 500, seed=1) == pairs
    assert generate(lexicon, 500, seed=2) != pairs
    assert all(german[-1] in ".?!" and english[-1] in ".?!" for german, english in pairs)


def _fixture_sentences() -> set[str]:
    sentences = set(EVALUATION)
    for path in [*FIXTURES.glob("*.tsv"), *FIXTURES.glob("*/*.tsv")]:
        with path.open(encoding="utf-8") as lines:
            for row in csv.reader(lines, delimiter="\t", quoting=csv.QUOTE_NONE):
                sentences.update(row[:2])
    return {sentence.casefold() for sentence in sentences}


FIXTURE_FILES = tuple(
    str(p) for p in sorted(FIXTURES.glob("*.tsv")) + sorted(FIXTURES.glob("*/*.tsv"))
)


@needs_ding
def test_no_generated_pair_is_an_everyday_gold_or_evaluation_sentence(lexicon, tmp_path):
    from nmt_core.corpora.generator import generate, generated_pairs

    held_out = _fixture_sentences()
    assert len(held_out) > 400
    cfg = TrainConfig(augment=("generated_sentences",))
    pairs = generate(lexicon, cfg.generated_pairs, cfg.seed)
    assert not {german.casefold() for german, _ in pairs} & {s.casefold() for s in EVALUATION}
    # short everyday sentences come out of the templates too: generated_avoid leaves them out
    avoid = replace(cfg, generated_avoid=FIXTURE_FILES, output_dir=str(tmp_path / "none"))
    kept = generated_pairs(avoid)
    assert [
        p for p in kept if p.source.casefold() in held_out or p.target.casefold() in held_out
    ] == []
    assert len(pairs) - 50 < len(kept) < len(pairs)


@needs_ding
def test_generated_pairs_are_trained_on_without_dev_or_test_sentences(tmp_path):
    from nmt_core.corpora.corpus import prepare_split, training_pairs
    from nmt_core.corpora.generator import GENERATED_FILE

    cfg = TrainConfig(augment=("generated_sentences",), generated_pairs=3000, sentence_repeats=1)
    split = prepare_split(cfg)  # built the way a run builds it
    added = training_pairs(split, cfg)[len(training_pairs(split, replace(cfg, augment=()))) :]
    assert len(added) > 2500
    held = {text.casefold() for p in split.dev + split.test for text in (p.source, p.target)}
    assert not [p for p in added if p.source.casefold() in held or p.target.casefold() in held]
    # a generated pair that were a dev sentence would be left out
    poisoned = Split(train=[], dev=[added[0]], test=[])
    run = tmp_path / "run"
    run.mkdir()
    with_run = replace(cfg, output_dir=str(run))
    assert added[0] not in training_pairs(poisoned, with_run)
    written = (run / GENERATED_FILE).read_text("utf-8").splitlines()
    assert len(written) == 3000 and all(line.count("\t") == 1 for line in written)
    en_de = training_pairs(Split([], [], []), replace(cfg, direction="en-de"))
    assert en_de[0] == Pair(*reversed(written[0].split("\t")), en_de[0].kind)


def test_generated_pairs_is_a_validated_setting():
    TrainConfig(augment=("generated_sentences",)).validate()
    with pytest.raises(ValueError, match="generated_pairs must be >= 1"):
        TrainConfig(augment=("generated_sentences",), generated_pairs=0).validate()
    with pytest.raises(ValueError, match="generated_pairs must be int"):
        TrainConfig.from_dict({"generated_pairs": "20000"})
    assert TrainConfig.from_dict({"generated_pairs": 500}).generated_pairs == 500


def test_a_missing_dictionary_is_one_clear_error(tmp_path):
    from nmt_core.corpora import generator
    from nmt_core.text.data import CorpusError

    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("Hallo.\tHello.\n", encoding="utf-8")
    cfg = TrainConfig(corpus=str(tsv), augment=("generated_sentences",))
    original = generator.DING_PATH
    generator.DING_PATH = tmp_path / "absent"
    try:
        with pytest.raises(CorpusError, match="apt-get install trans-de-en"):
            generator.generated_pairs(cfg)
    finally:
        generator.DING_PATH = original

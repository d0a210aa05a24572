"""Tests for nmt_core.text.data: Ding and TSV reading, cleaning, filtering and leak-free splits."""

import random
from pathlib import Path

import pytest

from nmt_core.text.data import (
    DING_PATH,
    CorpusError,
    Pair,
    Split,
    classify,
    deduplicate,
    filter_pairs,
    normalize_text,
    read_corpus,
    read_ding,
    read_tsv,
    split_pairs,
)

# Hand-written entries in Ding format; one annotation kind or rule per line.
DING_SAMPLE = """\
# Hand-written sample :: test data in Ding format
Haus {n}; Gebäude {n} [arch.] | Häuser {pl}; Gebäude {pl} :: house; building | houses; buildings
Apfel {m} <Appel> (Frucht) | Der Apfel ist rot. :: apple (fruit) | The apple is red.
etw. abholen {vt} [ugs.] | jdn. am Bahnhof abholen :: to pick up sth. | to meet sb. at the station
Baum {m} | Bäume {pl} :: tree
Das ist nicht mein Fall. :: That’s not my thing.
Kaffee {m} | Ich trinke Kaffee / Tee. :: coffee | I drink coffee / tea.
Komm rein!; Herein! :: Come in!
Schloss {n} (Bau; Burg) | das (alte (kaputte)) Schloss :: castle (keep | fort) | the (old) castle

Nummer {f} /Nr./ :: number /No./
Tisch {m}; {f} :: table
Freude {f} an etw. :: pleasure in sth.
Hallo! :: Hello!; Hi there!
"""

EXPECTED_DE_EN = [
    Pair("Haus", "house", "word"),
    Pair("Gebäude", "building", "word"),
    Pair("Häuser", "houses", "word"),
    Pair("Gebäude", "buildings", "word"),
    Pair("Apfel", "apple", "word"),
    Pair("Der Apfel ist rot.", "The apple is red.", "sentence"),
    Pair("etw. abholen", "to pick up sth.", "phrase"),
    Pair("jdn. am Bahnhof abholen", "to meet sb. at the station", "phrase"),
    Pair("Das ist nicht mein Fall.", "That's not my thing.", "sentence"),
    Pair("Kaffee", "coffee", "word"),
    Pair("Komm rein!", "Come in!", "sentence"),
    Pair("Herein!", "Come in!", "sentence"),
    Pair("Schloss", "castle", "word"),
    Pair("das Schloss", "the castle", "phrase"),
    Pair("Nummer", "number", "word"),
    Pair("Tisch", "table", "word"),
    Pair("Freude an etw.", "pleasure in sth.", "phrase"),
    Pair("Hallo!", "Hello!", "sentence"),
    Pair("Hallo!", "Hi there!", "sentence"),
]


@pytest.fixture
def ding_file(tmp_path: Path) -> Path:
    path = tmp_path / "de-en"
    path.write_text(DING_SAMPLE, encoding="utf-8")
    return path


# --- Ding ----------------------------------------------------------------------------------


def test_read_ding_parses_every_annotation_kind(ding_file: Path) -> None:
    pairs, report = read_ding(ding_file)

    assert pairs == EXPECTED_DE_EN
    assert report.lines == 14
    assert report.pairs_by_kind == {"word": 9, "sentence": 6, "phrase": 4}
    assert report.skipped == {
        "comment": 1,
        "blank": 1,
        "malformed": 1,  # "Baum | Bäume :: tree" has 2 German segments, 1 English
        "slash_alternatives": 1,  # "Ich trinke Kaffee / Tee."
        "empty": 1,  # "{f}" alone is no German alternative
    }
    assert report.malformed_lines == [5]
    assert "malformed lines (first 1): 5" in report.summary()


def test_read_ding_en_de_swaps_sides_and_keeps_the_german_side_kind(ding_file: Path) -> None:
    pairs, _ = read_ding(ding_file, direction="en-de")

    assert pairs == [p.swapped() for p in EXPECTED_DE_EN]  # the same pairs, the same kinds
    assert [p.kind for p in pairs] == [classify(p.target) for p in pairs]
    assert Pair("That's not my thing.", "Das ist nicht mein Fall.", "sentence") in pairs


def test_read_ding_rejects_unknown_direction(ding_file: Path) -> None:
    with pytest.raises(ValueError, match="de-en, en-de"):
        read_ding(ding_file, direction="de-fr")


def test_missing_ding_file_gives_one_line_install_hint(tmp_path: Path) -> None:
    with pytest.raises(CorpusError) as caught:
        read_ding(tmp_path / "no-such-dictionary")

    message = str(caught.value)
    assert "apt-get install trans-de-en" in message
    assert "\n" not in message


def test_other_missing_files_raise_corpus_error(tmp_path: Path) -> None:
    with pytest.raises(CorpusError, match="not found"):
        read_tsv(tmp_path / "missing.tsv")
    with pytest.raises(CorpusError, match="not found"):
        read_corpus(tmp_path / "missing.tsv")


# --- TSV -----------------------------------------------------------------------------------


def test_read_tsv_handles_bom_crlf_extra_columns_and_malformed_lines(tmp_path: Path) -> None:
    path = tmp_path / "pairs.tsv"
    lines = [
        "\ufeffIch bin müde.\tI am tired.",
        "Guten Morgen\tGood morning\tCC-BY 2.0 (France) Attribution: tatoeba.org",
        "nur eine Spalte",
        "",
        "\tleft side empty",
        "Wasser\twater",
    ]
    path.write_bytes("\r\n".join(lines).encode("utf-8"))

    pairs, report = read_tsv(path)

    assert pairs == [
        Pair("Ich bin müde.", "I am tired.", "sentence"),
        Pair("Guten Morgen", "Good morning", "phrase"),
        Pair("Wasser", "water", "word"),
    ]
    assert report.lines == 6
    assert report.skipped == {"malformed": 2, "blank": 1}
    assert report.malformed_lines == [3, 5]

    reversed_pairs, _ = read_tsv(path, reverse=True)
    assert reversed_pairs[0] == Pair("I am tired.", "Ich bin müde.", "sentence")


def test_read_corpus_tells_ding_from_tsv(ding_file: Path, tmp_path: Path) -> None:
    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("Hallo Welt!\tHello world!\n", encoding="utf-8")

    assert read_corpus(ding_file)[0] == EXPECTED_DE_EN
    assert read_corpus(ding_file, direction="en-de")[0][0] == Pair("house", "Haus", "word")
    assert read_corpus(tsv)[0] == [Pair("Hallo Welt!", "Hello world!", "sentence")]
    assert read_corpus(tsv, reverse=True)[0] == [Pair("Hello world!", "Hallo Welt!", "sentence")]
    with pytest.raises(ValueError, match="direction"):
        read_corpus(ding_file, reverse=True)


def test_a_tsv_of_pairs_reads_back_as_written(tmp_path: Path) -> None:
    path = tmp_path / "train.tsv"
    path.write_text("Ich bin müde.\tI am tired.\nWasser\twater\n", encoding="utf-8")
    # a one-word pair is a dictionary word, as in Ding
    expected = [Pair("Ich bin müde.", "I am tired."), Pair("Wasser", "water", "word")]
    assert read_tsv(path)[0] == expected


# --- text ----------------------------------------------------------------------------------


def test_normalize_text_cleans_odd_unicode() -> None:
    nfd = "mu\u0308de"  # u + combining diaeresis
    assert normalize_text(nfd) == "müde"
    assert len(normalize_text(nfd)) == 4
    assert (
        normalize_text("zero\u200bwidth soft\u00adhyphen bell\x07") == "zerowidth softhyphen bell"
    )
    assert normalize_text("\ufeff  tab\there\r\nnew\u00a0line  ") == "tab here new line"
    assert normalize_text("It’s ‘so’ “called” „so“") == 'It\'s \'so\' "called" "so"'
    assert normalize_text("Ich 😀 dich ❤️") == "Ich 😀 dich ❤️"


def test_classify_tags_sentences_phrases_and_words() -> None:
    assert classify("Der Hund schläft.") == "sentence"
    assert classify("Danke!") == "sentence"
    assert classify('Er sagte: "Ja."') == "sentence"
    assert classify("Nr.") == "word"  # an abbreviation, not a sentence
    assert classify("Freude an etw.") == "phrase"  # ends in a placeholder
    assert classify("to pick up sth.") == "phrase"
    assert classify("Haus") == "word"
    with pytest.raises(ValueError):
        classify("  ")


def test_pair_rejects_unknown_kind() -> None:
    with pytest.raises(ValueError, match="sentence, phrase, word"):
        Pair("a", "b", kind="sentences")


# --- filtering -----------------------------------------------------------------------------


def test_filter_pairs_drops_empty_long_and_unbalanced_pairs() -> None:
    kept = [
        Pair("Ja.", "Yes, I do."),  # 1 vs 3 words: too short for the ratio test
        Pair("eins zwei", "one two three four five six"),  # ratio exactly 3
    ]
    dropped = [
        Pair("", "empty source"),
        Pair("Ja.", "Yes, of course I do."),  # ratio 5 with 5 words
        Pair("viel " * 51, "much " * 51),  # too long
    ]

    assert filter_pairs(kept + dropped) == kept
    assert filter_pairs([Pair("a b c", "a b c")], max_words=2) == []
    with pytest.raises(ValueError):
        filter_pairs(kept, max_ratio=0.5)


def test_deduplicate_keeps_first_occurrence_in_order() -> None:
    pairs = [Pair("a", "x", "word"), Pair("b", "y", "word"), Pair("a", "x", "word")]
    pairs += [Pair("a", "z", "word")]

    assert deduplicate(pairs) == [pairs[0], pairs[1], pairs[3]]


# --- splitting -----------------------------------------------------------------------------


def _leaky_corpus() -> list[Pair]:
    """Sentence groups that share sides, plus phrases that repeat sentence sides."""
    pairs = []
    for i in range(60):
        # Two German sentences with the same English translation.
        pairs.append(Pair(f"Ich sehe Haus {i}.", f"I see house {i}."))
        pairs.append(Pair(f"Ich erblicke Haus {i}.", f"I see house {i}."))
        # One German sentence with two English translations.
        pairs.append(Pair(f"Das ist Baum {i}.", f"This is tree {i}."))
        pairs.append(Pair(f"Das ist Baum {i}.", f"That is tree {i}."))
        # Phrases that would leak: same source in another case, same target.
        pairs.append(Pair(f"ich sehe haus {i}.", f"to see house {i}", "phrase"))
        pairs.append(Pair(f"Baum {i}", f"This is tree {i}.", "phrase"))
        pairs.append(Pair(f"Wort{i}", f"word{i}", "word"))
    return pairs


def _keys(pairs: list[Pair], side: str) -> set[str]:
    return {getattr(pair, side).casefold() for pair in pairs}


def test_split_has_no_leakage_on_either_side() -> None:
    pairs = _leaky_corpus()

    # Odd sizes: groups of two never get split to fill the last place.
    split = split_pairs(pairs, dev_size=21, test_size=31, seed=7)

    for side in ("source", "target"):
        held_out = _keys(split.dev, side) | _keys(split.test, side)
        assert not _keys(split.train, side) & held_out
        assert not _keys(split.dev, side) & _keys(split.test, side)
    assert all(pair.kind == "sentence" for pair in split.dev + split.test)
    # Groups of two moved together, so only the leaking phrases left the corpus:
    # 25 held-out groups, each with one phrase sharing a source or target.
    assert split.sizes() == {"train": len(pairs) - 50 - 25, "dev": 20, "test": 30}


def test_split_is_deterministic_under_shuffling_and_depends_on_seed() -> None:
    pairs = _leaky_corpus()
    shuffled = pairs[:]
    random.Random(0).shuffle(shuffled)

    first = split_pairs(pairs, dev_size=20, test_size=30)
    again = split_pairs(shuffled, dev_size=20, test_size=30)
    other_seed = split_pairs(pairs, dev_size=20, test_size=30, seed=99)

    assert isinstance(first, Split)
    assert first == again
    assert set(first.dev) != set(other_seed.dev)


def test_the_split_of_swapped_pairs_by_target_is_the_swapped_split() -> None:
    pairs = _leaky_corpus()
    german_first = split_pairs(pairs, dev_size=21, test_size=31, seed=7)
    english_first = split_pairs([p.swapped() for p in pairs], 21, 31, seed=7, by_target=True)
    for part in ("train", "dev", "test"):
        swapped_back = {p.swapped() for p in getattr(english_first, part)}
        assert swapped_back == set(getattr(german_first, part)), part
    by_source = split_pairs([p.swapped() for p in pairs], 21, 31, seed=7)
    assert {p.swapped() for p in by_source.test} != set(german_first.test)  # what it fixes


def test_split_sizes_are_exact_for_distinct_sentences() -> None:
    pairs = [Pair(f"Satz {i}.", f"Sentence {i}.") for i in range(100)]

    split = split_pairs(pairs, dev_size=10, test_size=15)

    assert split.sizes() == {"train": 75, "dev": 10, "test": 15}
    assert sorted(split.train + split.dev + split.test, key=pairs.index) == pairs


def test_split_refuses_too_few_sentences() -> None:
    pairs = [Pair(f"Satz {i}.", f"Sentence {i}.") for i in range(10)]
    pairs += [Pair(f"Wort{i}", f"word{i}", "word") for i in range(100)]

    with pytest.raises(CorpusError, match="Only 10 sentence pairs"):
        split_pairs(pairs, dev_size=5, test_size=6)


# --- real corpus ---------------------------------------------------------------------------


@pytest.mark.slow  # reads the whole dictionary
@pytest.mark.skipif(not DING_PATH.exists(), reason="Ding dictionary (trans-de-en) not installed")
def test_real_ding_corpus_gives_its_sentences_phrases_and_words() -> None:
    pairs, report = read_ding()
    print(report.summary())
    # Debian's trans-de-en 1.9: about 20k example sentences, 140k phrases, 500k single words
    assert report.pairs_by_kind["sentence"] > 15_000
    assert report.pairs_by_kind["phrase"] > 100_000
    assert report.pairs_by_kind["word"] > 300_000
    assert sum(report.pairs_by_kind.values()) == len(pairs)


# --- slash alternatives and pronoun sentences (TrainConfig.augment) ---------------------------


@pytest.mark.parametrize(
    ("german", "english", "expected"),
    [
        (
            "er/sie hat/hatte geschlafen",
            "he/she has/had slept",
            [
                ("er hat geschlafen", "he has slept"),
                ("er hatte geschlafen", "he had slept"),
                ("sie hat geschlafen", "she has slept"),
                ("sie hatte geschlafen", "she had slept"),
            ],
        ),
        (
            "ich/er/sie schlief ein",
            "I/he/she fell asleep",
            [
                ("ich schlief ein", "I fell asleep"),
                ("er schlief ein", "he fell asleep"),
                ("sie schlief ein", "she fell asleep"),
            ],
        ),
        ("Ich trinke Kaffee / Tee.", "I drink coffee / tea.", []),  # scope unclear
        ("er/sie hat bekommen", "he/she has got/gotten", []),  # 1 slash word against 2
        ("ich/er/sie schlief", "he/she slept", []),  # 3 alternatives against 2
        ("er schläft", "he sleeps", []),  # nothing to expand
    ],
)
def test_slash_alternatives_expand_only_when_both_sides_offer_the_same_choices(
    german: str, english: str, expected: list[tuple[str, str]]
) -> None:
    from nmt_core.text.data import expand_slash_alternatives

    assert expand_slash_alternatives(german, english) == expected


def test_read_ding_expands_slashes_only_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "de-en"
    path.write_text(
        "schlafen {vi} | er/sie schläft | Ich trinke Kaffee / Tee. :: to sleep | he/she sleeps | "
        "I drink coffee / tea.\n",
        encoding="utf-8",
    )
    plain, report = read_ding(path)
    assert [p.source for p in plain] == ["schlafen"]
    assert report.skipped == {"slash_alternatives": 2}
    expanded, report = read_corpus(path, expand_slashes=True)
    assert [(p.source, p.target, p.kind) for p in expanded[1:]] == [
        ("er schläft", "he sleeps", "phrase"),
        ("sie schläft", "she sleeps", "phrase"),
    ]
    assert report.skipped == {"slash_alternatives": 1}  # the coffee/tea sentence still
    tsv = tmp_path / "pairs.tsv"
    tsv.write_text("Hallo.\tHello.\n", encoding="utf-8")
    with pytest.raises(CorpusError, match="only a Ding file's slash alternatives expand"):
        read_corpus(tsv, expand_slashes=True)


def test_pronoun_sentences_come_from_conjugated_forms_only() -> None:
    from nmt_core.text.data import pronoun_sentences

    pairs = [
        Pair("er schläft", "he sleeps", "phrase"),
        Pair("sie hat geschlafen", "she has slept", "phrase"),
        Pair("sie ist ins Bett gegangen", "they went to bed", "phrase"),
        Pair("er holt etw. ab", "he collects sth.", "phrase"),  # a placeholder
        Pair("die Katze schläft", "the cat sleeps", "phrase"),  # no pronoun
        Pair("er", "he", "word"),
        Pair("Er schläft.", "He is asleep.", "sentence"),  # already a sentence
        Pair("wir gehen heute Abend ins Kino", "we are going to the cinema tonight", "phrase"),
    ]
    assert pronoun_sentences(pairs) == [
        Pair("Er schläft.", "He sleeps.", "sentence"),
        Pair("Sie hat geschlafen.", "She has slept.", "sentence"),
        Pair("Sie ist ins Bett gegangen.", "They went to bed.", "sentence"),
    ]  # the cinema phrase has 7 words

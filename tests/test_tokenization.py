"""Real sentencepiece models and the piece-to-word mapping used for word-level attention."""

import io

import numpy as np
import pytest

from nmt_core.text.tokenization import (
    BOS_ID,
    EOS_ID,
    PAD_ID,
    UNK_ID,
    Tokenizer,
    train_tokenizer,
    word_attention,
    word_groups,
    words_from_pieces,
)

GERMAN = [
    "Der Hund schläft im Garten.",
    "Die Katze trinkt Milch.",
    "Ich habe den Hund gesehen.",
    "Wir gehen morgen in die Schule.",
    "Das Wetter ist heute schön.",
]
ENGLISH = [
    "The dog is sleeping in the garden.",
    "The cat is drinking milk.",
    "I have seen the dog.",
    "We are going to school tomorrow.",
    "The weather is nice today.",
]


@pytest.fixture(scope="module")
def tokenizer() -> Tokenizer:
    return train_tokenizer(GERMAN * 20 + ENGLISH * 20, vocab_size=120)


def test_a_sentencepiece_model_with_other_special_ids_is_refused(tmp_path):
    import sentencepiece as spm

    model = io.BytesIO()
    spm.SentencePieceTrainer.train(  # sentencepiece's own defaults: unk 0, bos 1, eos 2, no pad
        sentence_iterator=iter(GERMAN * 20), model_writer=model, vocab_size=40
    )
    with pytest.raises(ValueError, match="must use pad=0, unk=1, bos=2, eos=3"):
        Tokenizer(model.getvalue())


def test_special_ids_and_round_trip(tokenizer, tmp_path):
    assert (PAD_ID, UNK_ID, BOS_ID, EOS_ID) == (0, 1, 2, 3)
    ids = tokenizer.encode("Der Hund schläft.")
    assert all(i > EOS_ID for i in ids)
    assert tokenizer.decode(ids + [EOS_ID]) == "Der Hund schläft."
    tokenizer.save(tmp_path / "spm.model")
    again = Tokenizer.load(tmp_path / "spm.model")
    assert again.encode("Der Hund schläft.") == ids and again.vocab_size == tokenizer.vocab_size


def test_umlauts_are_covered_and_unknown_scripts_do_not_crash(tokenizer):
    assert UNK_ID not in tokenizer.encode("schläft")
    ids = tokenizer.encode("猫 🐈 <script>")
    assert ids.count(UNK_ID) >= 2  # unknown characters become <unk> pieces, never an exception
    assert isinstance(tokenizer.decode(ids), str)


def test_word_groups_follow_the_word_start_marker():
    pieces = ["▁Der", "▁Hund", "▁schl", "äft", ".", "</s>"]
    assert word_groups(pieces) == [[0], [1], [2, 3, 4], [5]]
    assert words_from_pieces(pieces) == ["Der", "Hund", "schläft.", "</s>"]
    assert word_groups(["</s>", "x"]) == [[0], [1]]


def test_word_attention_sums_source_pieces_and_takes_a_target_words_first_piece():
    source = ["▁Haus", "tür", "▁zu", "</s>"]  # words: Haustür | zu | </s>
    target = ["▁door", "▁clos", "ed", "</s>"]  # words: door | closed | </s>
    attention = np.array(
        [
            [0.5, 0.3, 0.1, 0.1],
            [0.1, 0.1, 0.6, 0.2],
            [0.0, 0.2, 0.8, 0.0],
            [0.0, 0.0, 0.0, 1.0],
        ]
    )
    words = word_attention(attention, source, target)
    expected = np.array(
        [
            [0.8, 0.1, 0.1],
            [0.2, 0.6, 0.2],  # "closed" is the row of "▁clos", not the mean with "ed"
            [0.0, 0.0, 1.0],
        ]
    )
    np.testing.assert_allclose(words, expected)
    np.testing.assert_allclose(words.sum(axis=1), 1.0)


def test_word_attention_rejects_mismatched_labels():
    with pytest.raises(ValueError, match="does not match"):
        word_attention(np.ones((2, 3)) / 3, ["▁a", "</s>"], ["▁b", "</s>"])


def test_tokenizer_command_trains_the_shared_model_from_flags(tmp_path, toy_corpus):
    from nmt_core.__main__ import main

    output = tmp_path / "spm.model"
    argv = ["tokenizer", "--corpus", str(toy_corpus), "--direction", "de-en"]
    assert main([*argv, "--vocab-size", "40", "--output", str(output)]) == 0
    tokenizer = Tokenizer.load(output)
    assert 0 < tokenizer.vocab_size <= 40
    assert tokenizer.decode(tokenizer.encode("Ka Mo Ti .")) == "Ka Mo Ti ."
    with pytest.raises(SystemExit):  # argparse rejects a non-integer size before training
        main([*argv, "--vocab-size", "many", "--output", str(output)])


def test_sampled_segmentations_vary_keep_the_text_and_are_seeded(tokenizer):
    texts = GERMAN + ENGLISH
    usual = tokenizer.encode_batch(texts)
    sampled = tokenizer.sample_batch(texts, alpha=0.3, seed=5)
    assert sampled == tokenizer.sample_batch(texts, alpha=0.3, seed=5)
    assert sampled != tokenizer.sample_batch(texts, alpha=0.3, seed=6)
    assert [tokenizer.decode(ids) for ids in sampled] == texts
    changed = sum(s != u for s, u in zip(sampled, usual, strict=True))
    assert changed >= len(texts) // 2  # at alpha 0.3 most sentences get another segmentation
    assert sum(map(len, sampled)) > sum(map(len, usual))  # the usual one has the fewest pieces


def test_word_weights_sum_each_words_pieces():
    from nmt_core.text.tokenization import word_weights

    pieces = ["▁Der", "▁Hund", "e", ".", "</s>"]
    np.testing.assert_allclose(word_weights(np.array([0.1, 0.2, 0.3, 0.1, 0.3]), pieces),
                               [0.1, 0.6, 0.3])  # fmt: skip
    with pytest.raises(ValueError, match="5 source pieces"):
        word_weights(np.ones(4), pieces)

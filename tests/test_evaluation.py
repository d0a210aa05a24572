"""Tests for nmt_core.measures.evaluation: corpus metrics and attention statistics, golden values
by hand."""

import json
import math

import numpy as np
import pytest

from nmt_core.measures.evaluation import (
    BucketScore,
    attention_confidence,
    attention_entropy,
    bleu_by_length,
    corpus_scores,
    coverage,
    expand_contractions,
    jensen_shannon,
    length_buckets,
    sentence_attention_stats,
    sentence_chrf,
    validate_attention,
)

# Rows are target steps, columns source tokens; every row sums to 1.
ATTENTION = np.array(
    [
        [0.7, 0.2, 0.1, 0.0],
        [0.1, 0.1, 0.8, 0.0],
        [0.25, 0.25, 0.25, 0.25],
    ]
)  # (tgt_len=3, src_len=4)


# ---------------------------------------------------------------- validation


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        (np.ones(3), "2-D"),
        (np.ones((2, 2, 2)), "2-D"),
        (np.ones((0, 3)), "at least one"),
        (np.array([[0.5, np.nan]]), "NaN"),
        (np.array([[0.5, np.inf]]), "NaN or infinite"),
        (np.array([[1.5, -0.5]]), "negative"),
    ],
)
def test_validate_attention_rejects_bad_matrices(bad, message):
    with pytest.raises(ValueError, match=message):
        validate_attention(bad)


def test_validate_attention_returns_float64():
    out = validate_attention([[1, 0], [0, 1]])
    assert out.dtype == np.float64
    assert out.shape == (2, 2)


# ---------------------------------------------------------------- entropy, coverage, JS


def test_entropy_one_hot_is_zero_and_uniform_is_log_n():
    entropy = attention_entropy(np.array([[0.0, 1.0, 0.0, 0.0], [0.25, 0.25, 0.25, 0.25]]))
    assert entropy.shape == (2,)
    assert entropy[0] == 0.0
    assert entropy[1] == pytest.approx(math.log(4))


def test_entropy_golden_row():
    # H = -(0.7 ln 0.7 + 0.2 ln 0.2 + 0.1 ln 0.1) = 0.24967 + 0.32189 + 0.23026 = 0.80182
    assert attention_entropy(ATTENTION)[0] == pytest.approx(0.801819, abs=1e-6)


def test_coverage_is_column_sum_and_totals_tgt_len():
    cov = coverage(ATTENTION)
    assert cov.shape == (4,)
    np.testing.assert_allclose(cov, [1.05, 0.55, 1.15, 0.25])
    assert cov.sum() == pytest.approx(ATTENTION.shape[0])


def test_js_identical_is_zero_and_disjoint_is_log_2():
    assert jensen_shannon(ATTENTION, ATTENTION) == pytest.approx(np.zeros(3), abs=1e-12)
    p = np.eye(3)
    q = np.roll(np.eye(3), 1, axis=1)  # every row one-hot on a different column
    np.testing.assert_allclose(jensen_shannon(p, q), [math.log(2)] * 3)


def test_js_golden_and_symmetric():
    # p = (1, 0), q = (0.5, 0.5), m = (0.75, 0.25)
    # KL(p||m) = ln(1/0.75) = 0.287682; KL(q||m) = 0.5 ln(0.5/0.75) + 0.5 ln(0.5/0.25)
    #          = -0.202733 + 0.346574 = 0.143841; JS = (0.287682 + 0.143841) / 2 = 0.215762
    p, q = np.array([[1.0, 0.0]]), np.array([[0.5, 0.5]])
    assert jensen_shannon(p, q)[0] == pytest.approx(0.215762, abs=1e-6)
    assert jensen_shannon(q, p)[0] == pytest.approx(jensen_shannon(p, q)[0])


def test_js_shape_mismatch_raises():
    with pytest.raises(ValueError, match="same shape"):
        jensen_shannon(np.eye(3), np.eye(4))


# ---------------------------------------------------------------- confidence


def test_confidence_of_diagonal_is_zero():
    conf = attention_confidence(np.eye(4))
    assert conf.coverage_deviation_penalty == 0.0
    assert conf.absentmindedness_out == 0.0
    assert conf.absentmindedness_in == 0.0
    assert conf.total == 0.0


def test_confidence_of_uniform_is_lower():
    # I = 3, J = 4, α = 1/4: coverage 3/4, so CDP = -ln(1 + 1/16);
    # rows uniform over 4 -> AP_out = -ln 4; columns uniform over 3 -> AP_in = -ln 3.
    conf = attention_confidence(np.full((3, 4), 0.25))
    assert conf.coverage_deviation_penalty == pytest.approx(-math.log(1 + 1 / 16))
    assert conf.absentmindedness_out == pytest.approx(-math.log(4))
    assert conf.absentmindedness_in == pytest.approx(-math.log(3))
    expected_total = -math.log(1 + 1 / 16) - math.log(4) - math.log(3)
    assert conf.total == pytest.approx(expected_total)
    assert conf.total < attention_confidence(np.eye(3, 4)).total


def test_confidence_golden_small_example():
    # Both target tokens attend only to source 0: coverage (2, 0).
    # CDP = -(1/2) [ln(1 + (1-2)^2) + ln(1 + (1-0)^2)] = -ln 2
    # AP_out = 0 (one-hot rows)
    # AP_in: column 0 renormalised = (1/2, 1/2), entropy ln 2; column 1 empty counts as 0
    #        -> AP_in = -(1/2) ln 2
    conf = attention_confidence(np.array([[1.0, 0.0], [1.0, 0.0]]))
    assert conf.coverage_deviation_penalty == pytest.approx(-math.log(2))
    assert conf.absentmindedness_out == 0.0
    assert conf.absentmindedness_in == pytest.approx(-0.5 * math.log(2))
    assert conf.total == pytest.approx(-1.5 * math.log(2))


def test_confidence_fields_are_non_positive():
    rng = np.random.default_rng(0)
    logits = rng.normal(size=(5, 7))
    attention = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    conf = attention_confidence(attention)
    assert conf.coverage_deviation_penalty <= 0
    assert conf.absentmindedness_out < 0
    assert conf.absentmindedness_in < 0
    assert conf.total == pytest.approx(
        conf.coverage_deviation_penalty + conf.absentmindedness_out + conf.absentmindedness_in
    )
    assert conf.absentmindedness_out == pytest.approx(-attention_entropy(attention).mean())


def test_sentence_attention_stats_is_json_ready_and_consistent():
    stats = sentence_attention_stats(ATTENTION)
    json.dumps(stats)  # plain Python values only
    assert len(stats["entropy"]) == 3
    assert len(stats["coverage"]) == 4
    assert stats["mean_entropy"] == pytest.approx(np.mean(stats["entropy"]))
    conf = attention_confidence(ATTENTION)
    assert stats["total"] == conf.total
    assert stats["coverage_deviation_penalty"] == conf.coverage_deviation_penalty


# ---------------------------------------------------------------- corpus metrics

SENTENCES = [
    "the cat sat on the mat",
    "a dog ran across the busy road today",
    "we will meet again next week in town",
]


def test_identical_corpus_scores_100():
    scores = corpus_scores(SENTENCES, SENTENCES)
    assert set(scores) == {"bleu", "chrf"}
    assert scores["bleu"] == pytest.approx(100.0)
    assert scores["chrf"] == pytest.approx(100.0)


def test_wrong_corpus_scores_low():
    scores = corpus_scores(["x y z w v"] * 3, SENTENCES)
    assert scores["bleu"] < 5
    assert scores["chrf"] < 20


def test_corpus_scores_length_mismatch_and_empty():
    with pytest.raises(ValueError, match="2 hypotheses but 3 references"):
        corpus_scores(SENTENCES[:2], SENTENCES)
    with pytest.raises(ValueError, match="empty"):
        corpus_scores([], [])


def test_length_buckets_half_open():
    # edges (0, 5, 10): 4 -> [0, 5), 5 -> [5, 10), 9 -> [5, 10), 0 -> [0, 5)
    assert length_buckets([4, 5, 9, 0], edges=(0, 5, 10)) == [[0, 3], [1, 2]]


@pytest.mark.parametrize("edges", [(0,), (0, 5, 5), (10, 5)])
def test_length_buckets_bad_edges(edges):
    with pytest.raises(ValueError, match="strictly increasing"):
        length_buckets([1], edges=edges)


def test_length_buckets_out_of_range():
    with pytest.raises(ValueError, match="length 10 of sentence 1"):
        length_buckets([1, 10], edges=(0, 5, 10))


def test_bleu_by_length_counts_and_omits_empty_buckets():
    hyps = [*SENTENCES, "x y z w v"]
    refs = [*SENTENCES, "nothing in common with it"]
    lengths = [6, 8, 8, 12]  # buckets [5, 10) x3, [10, 15) x1; [0, 5) is empty
    scores = bleu_by_length(lengths, hyps, refs, edges=(0, 5, 10, 15))
    assert [(s.low, s.high, s.count) for s in scores] == [(5, 10, 3), (10, 15, 1)]
    assert isinstance(scores[0], BucketScore)
    assert scores[0].bleu == pytest.approx(100.0)
    assert scores[1].bleu == pytest.approx(0.0)


def test_bleu_by_length_default_edges_and_mismatch():
    scores = bleu_by_length([6, 8, 8], SENTENCES, SENTENCES)
    assert [(s.low, s.high, s.count) for s in scores] == [(5, 10, 3)]
    with pytest.raises(ValueError, match="one to one"):
        bleu_by_length([6, 8], SENTENCES, SENTENCES)


def test_sentence_chrf_takes_the_best_reference_and_ignores_english_contractions():
    assert expand_contractions("I'm sure we won't, can't and don't; she's right.") == (
        "I am sure we will not, cannot and do not; she is right."
    )
    assert expand_contractions("Tom's dog") == "Tom's dog"  # a possessive stays
    contracted, plain = "I think she's right.", "I think she is right."
    assert sentence_chrf(contracted, [plain], english=True) == 100.0
    assert sentence_chrf(contracted, [plain]) < 100.0  # German text: nothing is expanded
    wrong = sentence_chrf("I read a letter.", ["I have written a letter."])
    best = sentence_chrf("I wrote a letter.", ["I have written a letter.", "I wrote a letter."])
    assert best == 100.0 and wrong < 70.0
    with pytest.raises(ValueError, match="at least one reference"):
        sentence_chrf("x", [])

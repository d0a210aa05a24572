"""The query–key map (nmt_core/analysis/querykey.py) on tiny models whose structure is known.

(a) the queries and keys it draws are the ones the scorer scored: they give back the model's
own e, and e is what the greedy translation (Step through) records; (b) when every vector lies
in a plane the map keeps every score (rho = 1, the 2D scores equal e); (c) in many dimensions
it does not, and says so; (d) each point maps back to its sentence, step and piece.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import scipy.stats as stats
import torch

from nmt_core.analysis.querykey import _decoded, plane, query_key_map, spearman
from nmt_core.checkpoint import Checkpoint
from nmt_core.network.model import build_model
from nmt_core.network.scorers import SCORERS
from nmt_core.translate import translate

SENTENCES = ("Ka Mo Ti Tu .", "Tu Ka .", "Mo Mo Ti Ka Te .", "Ti .")
ATTENDING = [(name, decoder) for name, s in SCORERS.items() if s.attends for decoder in s.decoders]


def fresh(toy_model: Checkpoint, scorer: str, decoder: str, **sizes: int) -> Checkpoint:
    """An untrained model of ``scorer`` and ``decoder`` with the toy's tokenizer."""
    torch.manual_seed(0)
    config = replace(toy_model.config, scorer=scorer, decoder=decoder, **sizes)
    return Checkpoint(Path(f"toy-{scorer}"), build_model(config).eval(), toy_model.tokenizer,
                      config, {})  # fmt: skip


@pytest.mark.parametrize(("name", "decoder"), ATTENDING)
def test_the_drawn_queries_and_keys_give_back_the_models_own_energies(toy_model, name, decoder):
    """(a) combine(q̂, k) of what the map draws is e, and e is the greedy translation's."""
    checkpoint = fresh(toy_model, name, decoder)
    sides = _decoded(checkpoint, SENTENCES)
    again = checkpoint.model.decoder.attention.combine(sides.queries, sides.keys)
    for b, sentence in enumerate(SENTENCES):
        steps, pieces = len(sides.target_pieces[b]), len(sides.source_pieces[b])
        alone = translate(checkpoint, sentence)  # what Step through shows
        assert tuple(sides.target_pieces[b]) == alone.target_pieces
        torch.testing.assert_close(again[b, :steps, :pieces], sides.energies[b, :steps, :pieces])
        np.testing.assert_allclose(
            sides.energies[b, :steps, :pieces].numpy(), alone.scores, rtol=1e-4, atol=1e-5
        )


@pytest.mark.parametrize("name", [name for name, entry in SCORERS.items() if entry.attends])
def test_a_model_whose_vectors_are_two_dimensional_keeps_every_score(toy_model, name):
    """(b) queries and keys of size 2: the plane is the whole space, so rho is 1 and the map's
    scores are e (for inner products, the 2D points' own inner products)."""
    checkpoint = fresh(toy_model, name, SCORERS[name].decoder, hidden_size=2, attention_size=2)
    found = query_key_map(checkpoint, SENTENCES)
    assert found.queries.shape[1] == found.keys.shape[1] == 2
    np.testing.assert_allclose(found.implied, found.energies, rtol=1e-4, atol=1e-5)
    assert found.rho == pytest.approx(1.0) and found.kept == pytest.approx(1.0)
    if SCORERS[name].meets == "inner":
        drawn = (found.queries[found.pairs[:, 0]] * found.keys[found.pairs[:, 1]]).sum(axis=1)
        np.testing.assert_allclose(drawn, found.energies, rtol=1e-4, atol=1e-5)
        assert not found.centred


def test_vectors_in_a_plane_of_a_larger_space_are_kept_exactly():
    """(b) 40 points of R^16 in a plane through the origin: their inner products survive."""
    rng = np.random.default_rng(1)
    frame = np.linalg.qr(rng.standard_normal((16, 2)))[0].T  # (2, 16) orthonormal
    points = torch.from_numpy(rng.standard_normal((40, 2)) @ frame)
    basis, centre, kept = plane(points, centred=False)
    flat = points @ basis.T
    torch.testing.assert_close(flat @ flat.T, points @ points.T)
    assert kept == pytest.approx(1.0) and not centre.any()


@pytest.mark.parametrize("name", ["dot", "general", "additive"])
def test_many_dimensions_lose_some_order_and_the_map_says_how_much(toy_model, name):
    """(c) hidden size 64, untrained: the plane cannot keep every score; rho is below 1 and is
    the Spearman of the reported scores."""
    found = query_key_map(fresh(toy_model, name, SCORERS[name].decoder), SENTENCES)
    assert found.rho < 0.999 and found.kept < 0.999
    assert found.rho == pytest.approx(float(spearman(found.energies, found.implied)))
    assert -1 <= found.rho_within <= 1
    assert found.rho == pytest.approx(stats.spearmanr(found.energies, found.implied)[0])


def test_spearman_ranks_ties_by_their_mean_and_rows_alone():
    assert spearman(np.array([1.0, 2.0, 3.0]), np.array([3.0, 5.0, 9.0])) == pytest.approx(1)
    assert spearman(np.array([1.0, 2.0, 3.0]), np.array([9.0, 5.0, 3.0])) == pytest.approx(-1)
    # ranks (0.5, 0.5, 2) against (0, 1, 2): Pearson of those is 0.866
    tied = spearman(np.array([1.0, 1.0, 2.0]), np.array([1.0, 2.0, 3.0]))
    assert tied == pytest.approx(np.sqrt(3) / 2)
    rows = spearman(
        np.array([[1.0, 2.0, 3.0], [1.0, 2.0, 3.0]]), np.array([[1, 2, 3], [3, 2, 1.0]])
    )
    np.testing.assert_allclose(rows, [1, -1])
    assert np.isnan(spearman(np.ones(3), np.arange(3.0)))


def test_the_randomized_plane_is_the_exact_svds_plane():
    """The top two directions fall off like the shipped models' (0.13, 0.07, 0.04, ... of the
    squared length): the randomized SVD finds the exact SVD's plane and share."""
    rng = np.random.default_rng(2)
    points = rng.standard_normal((300, 64)) * 0.8 ** np.arange(64)
    for centred in (False, True):
        basis, centre, kept = plane(torch.from_numpy(points), centred)
        moved = points - centre.numpy()
        values, vectors = np.linalg.eigh(moved.T @ moved)
        exact = vectors[:, -2:]
        np.testing.assert_allclose(basis.numpy().T @ basis.numpy(), exact @ exact.T, atol=1e-6)
        assert kept == pytest.approx(values[-2:].sum() / values.sum())


def test_each_point_maps_back_to_its_sentence_step_and_piece(toy_model):
    """(d) on the trained toy (it reverses the words): a query's sentence and step give the
    piece it wrote, a key's its source piece and the step that attended to it most."""
    found = query_key_map(toy_model, SENTENCES)
    shown = {sentence: translate(toy_model, sentence) for sentence in SENTENCES}
    for row in range(len(found.queries)):
        result = shown[found.sentences[found.query_sentence[row]]]
        assert result.target_pieces[found.query_step[row]] == found.query_piece[row]
    for row in range(len(found.keys)):
        result = shown[found.sentences[found.key_sentence[row]]]
        assert result.source_pieces[found.key_position[row]] == found.key_piece[row]
        assert result.attention[:, found.key_position[row]].argmax() == found.key_step[row]
    for (query, key), energy in zip(found.pairs, found.energies, strict=True):
        assert found.query_sentence[query] == found.key_sentence[key]  # same sentence only
        result = shown[found.sentences[found.query_sentence[query]]]
        assert result.scores[found.query_step[query], found.key_position[key]] == pytest.approx(
            energy, rel=1e-4, abs=1e-5
        )
    assert len(found.pairs) == sum(
        len(r.target_pieces) * len(r.source_pieces) for r in shown.values()
    )


def test_a_model_without_attention_or_without_sentences_is_refused(toy_model):
    with pytest.raises(ValueError, match="no attention"):
        query_key_map(fresh(toy_model, "none", "bahdanau"), SENTENCES)
    with pytest.raises(ValueError, match="no sentence"):
        query_key_map(toy_model, ["", " \u200b "])
    covered = replace(toy_model.config, coverage=True)
    with pytest.raises(ValueError, match="coverage"):
        query_key_map(replace(toy_model, model=build_model(covered).eval()), SENTENCES)


def test_a_map_larger_than_one_request_may_ask_is_refused_before_any_decoding(
    toy_model, monkeypatch
):
    # 200 uploaded sentences of 500 characters once ran 20 s and took a worker to 6.7 GB
    import nmt_core.analysis.querykey as querykey

    def no_decoding(*args, **kwargs):
        raise AssertionError("decoded before refusing")

    monkeypatch.setattr(querykey, "_decoded", no_decoding)
    with pytest.raises(ValueError, match=f"at most {querykey.MAX_SENTENCES}"):
        query_key_map(toy_model, ["Ka ."] * (querykey.MAX_SENTENCES + 1))
    long = "Ka " * (querykey.MAX_CHARACTERS // 3) + "Mo Ti Tu ."
    with pytest.raises(ValueError, match=r"sentence 2 is longer than"):
        query_key_map(toy_model, ["Ka .", long])


def test_sentences_decoded_batch_by_batch_give_the_map_of_one_batch(toy_model, monkeypatch):
    import nmt_core.analysis.querykey as querykey

    whole = query_key_map(toy_model, SENTENCES)
    monkeypatch.setattr(querykey, "BATCH", 1)
    monkeypatch.setattr(querykey, "PAIR_BLOCK", 3)
    batched = query_key_map(toy_model, SENTENCES)
    for name in ("queries", "keys", "pairs", "energies", "implied", "key_step", "query_step"):
        np.testing.assert_allclose(getattr(batched, name), getattr(whole, name), atol=1e-5)
    assert batched.query_piece == whole.query_piece and batched.key_piece == whole.key_piece

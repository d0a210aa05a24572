"""dashboard.comparison: what two models differ in and the pair Compare opens on, read from the
configs of tiny checkpoints of each kind (additive on the conditional GRU, additive, general
and dot on Luong's decoder, none)."""

from pathlib import Path

import pytest
from conftest import untrained

from dashboard.views import comparison
from nmt_core.checkpoint import list_checkpoints

KINDS = {  # name -> (scorer, decoder)
    "additive": ("additive", "conditional"),
    "additive-luong": ("additive", "luong"),
    "dot": ("dot", "luong"),
    "general": ("general", "luong"),
    "none": ("none", "bahdanau"),
}


@pytest.fixture(scope="module")
def models(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("kinds")
    for name, (scorer, decoder) in KINDS.items():
        untrained(root, toy_checkpoint, scorer, decoder, name=name)
    return {info.name: info for info in list_checkpoints(root)}


def test_a_pair_on_one_decoder_differs_in_the_scorer_only(models):
    found = comparison.difference(models["dot"], models["general"])
    assert found.scorer_only
    assert "Only the scorer differs" in found.sentence and "Luong decoder" in found.sentence


def test_a_pair_on_two_decoders_says_that_both_differ(models):
    found = comparison.difference(models["additive"], models["dot"])
    assert not found.scorer_only
    assert "scorer and the decoder differ" in found.sentence
    assert "conditional GRU" in found.sentence and "Luong decoder" in found.sentence


def test_compare_opens_on_a_pair_that_differs_in_the_scorer_only(models):
    ordered = [models[name] for name in ("additive", "dot", "general", "none")]
    assert comparison.default_pair(ordered) == ("dot", "general")  # not additive vs dot
    with_luong_additive = [models["additive"], models["additive-luong"], models["dot"]]
    assert comparison.default_pair(with_luong_additive) == ("additive-luong", "dot")


def test_without_a_scorer_only_pair_compare_opens_on_the_first_two_with_attention(models):
    ordered = [models[name] for name in ("none", "additive", "dot")]
    assert comparison.default_pair(ordered) == ("additive", "dot")
    assert comparison.default_pair([models["none"], models["dot"]]) is None

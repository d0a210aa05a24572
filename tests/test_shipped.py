"""Every shipped checkpoint loads from its folder alone and translates a classroom sentence."""

import dataclasses

import pytest

from nmt_core.checkpoint import SHIPPED_ROOT, list_checkpoints, load_checkpoint, read_config
from nmt_core.config import ModelConfig
from nmt_core.translate import translate

SHIPPED = list_checkpoints(SHIPPED_ROOT)


def test_the_four_models_are_listed_with_their_metadata():
    by_scorer = {info.scorer: info for info in SHIPPED}
    assert set(by_scorer) == {"additive", "general", "dot", "none"}
    for info in SHIPPED:
        assert info.direction == "de-en"
        assert info.test_bleu is not None
        assert sum(f.stat().st_size for f in info.path.iterdir()) <= 20 * 2**20
    everything = sum(f.stat().st_size for f in SHIPPED_ROOT.rglob("*") if f.is_file())
    assert everything <= 80 * 2**20


def test_the_command_line_lists_them_by_name(capsys):
    from nmt_core.__main__ import main

    assert main(["list"]) == 0
    lines = {line.split()[0]: line.split() for line in capsys.readouterr().out.splitlines()}
    for info in SHIPPED:
        row = lines[info.name]
        assert row[1:4] == [info.direction, info.scorer, info.decoder]
        assert row[4] == f"{info.parameters / 1e6:.2f}M" and row[-1] == f"{info.test_bleu:.1f}"


def test_the_four_models_were_trained_alike():
    """The comparison is fair: one tokenizer, one size, one training recipe; only the scorer
    and the decoder wiring it needs differ (and where each run wrote its files)."""
    first = SHIPPED[0]

    def sizes(config: ModelConfig) -> dict:
        return {**dataclasses.asdict(config), "scorer": None, "decoder": None}

    def recipe(meta: dict) -> dict:
        return {**meta["train_config"], "output_dir": None}

    first_config, first_meta = read_config(first.path)
    for info in SHIPPED[1:]:
        config, meta = read_config(info.path)
        assert (info.path / "spm.model").read_bytes() == (first.path / "spm.model").read_bytes()
        assert sizes(config) == sizes(first_config), info.name
        assert recipe(meta) == recipe(first_meta), info.name


@pytest.mark.parametrize("info", SHIPPED, ids=lambda info: info.name)
def test_shipped_checkpoint_translates(info):
    checkpoint = load_checkpoint(info.path)
    result = translate(checkpoint, "Der Hund schläft.", beam_size=2)
    assert "dog" in result.hypothesis.lower()  # every shipped model gets this word right
    if info.scorer == "none":
        assert result.attention is None
    else:
        assert result.attention.shape == (len(result.target_pieces), len(result.source_pieces))

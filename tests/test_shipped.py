"""Every shipped checkpoint loads from its folder alone and translates a classroom sentence."""

import dataclasses

import pytest

from nmt_core.checkpoint import SHIPPED_ROOT, list_checkpoints, load_checkpoint, read_config
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


def test_the_four_models_were_trained_alike():
    """The comparison is fair: one tokenizer, one size, one training recipe; only the scorer
    and the decoder wiring it needs differ (and where each run wrote its files)."""
    tokenizers = {(info.path / "spm.model").read_bytes() for info in SHIPPED}
    assert len(tokenizers) == 1
    sizes, recipes = set(), set()
    for info in SHIPPED:
        config, meta = read_config(info.path)
        model = dataclasses.asdict(config)
        del model["scorer"], model["decoder"]
        sizes.add(tuple(sorted(model.items())))
        train = {k: v for k, v in meta["train_config"].items() if k != "output_dir"}
        recipes.add(repr(sorted(train.items())))
    assert len(sizes) == 1
    assert len(recipes) == 1


@pytest.mark.parametrize("info", SHIPPED, ids=lambda info: info.name)
def test_shipped_checkpoint_translates(info):
    checkpoint = load_checkpoint(info.path)
    result = translate(checkpoint, "Der Hund schläft.", beam_size=2)
    assert result.hypothesis.strip()
    if info.scorer == "none":
        assert result.attention is None
    else:
        assert result.attention.shape == (len(result.target_pieces), len(result.source_pieces))

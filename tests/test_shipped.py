"""Every shipped checkpoint loads from its folder alone and translates a classroom sentence."""

import pytest

from nmt_core.checkpoint import SHIPPED_ROOT, list_checkpoints, load_checkpoint
from nmt_core.translate import translate

SHIPPED = list_checkpoints(SHIPPED_ROOT)


def test_the_four_models_are_listed_with_their_metadata():
    by_scorer = {info.scorer: info for info in SHIPPED}
    assert set(by_scorer) == {"additive", "general", "dot", "none"}
    for info in SHIPPED:
        assert info.direction == "de-en"
        assert info.test_bleu is not None
        assert (info.path / "model.safetensors").stat().st_size < 20 * 2**20


@pytest.mark.parametrize("info", SHIPPED, ids=lambda info: info.name)
def test_shipped_checkpoint_translates(info):
    checkpoint = load_checkpoint(info.path)
    result = translate(checkpoint, "Der Hund schläft.", beam_size=2)
    assert result.hypothesis.strip()
    if info.scorer == "none":
        assert result.attention is None
    else:
        assert result.attention.shape == (len(result.target_pieces), len(result.source_pieces))

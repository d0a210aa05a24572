"""The scorer table (nmt_core/network/scorers.py): every entry works everywhere a scorer is used.

Each entry is built, trained one step, saved, loaded, translated with, and shown by the
Lesson and Step pages; a new scorer added to the table without its class, formula or page
support fails here.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from conftest import shown
from streamlit.testing.v1 import AppTest

from dashboard import views
from dashboard.views import formulas
from nmt_core.checkpoint import list_checkpoints, load_checkpoint, save_checkpoint
from nmt_core.decoding.batching import collate, encode_pairs
from nmt_core.learning.loss import batch_loss
from nmt_core.network.attention import build_attention
from nmt_core.network.config import ModelConfig
from nmt_core.network.model import build_model
from nmt_core.network.scorers import DECODER_STYLES, DECODERS, SCORERS, scorer
from nmt_core.text.data import Pair
from nmt_core.translate import translate

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")
COMBINATIONS = [(name, decoder) for name, entry in SCORERS.items() for decoder in entry.decoders]


def test_the_table_is_complete_and_unknown_names_list_the_valid_ones():
    for name, entry in SCORERS.items():
        assert entry.name == name and entry.label and entry.paper
        assert entry.decoder in entry.decoders and set(entry.decoders) <= set(DECODER_STYLES)
        assert entry.attends == bool(entry.energy) == bool(entry.learned)
        if entry.attends:
            assert "{q}" in entry.energy  # the decoder state is filled in per decoder style
    with pytest.raises(ValueError, match="additive, general, dot"):
        scorer("bilinear")
    with pytest.raises(ValueError, match="additive, general, dot"):
        ModelConfig(scorer="bilinear").validate()


@pytest.mark.parametrize("name", SCORERS)
def test_every_decoder_style_outside_the_entry_is_refused(name):
    for decoder in set(DECODER_STYLES) - set(SCORERS[name].decoders):
        with pytest.raises(ValueError, match="needs decoder"):
            ModelConfig(scorer=name, decoder=decoder).validate()


@pytest.mark.parametrize("name", SCORERS)
def test_every_scorer_has_a_class(name):
    attention = build_attention(name, 8, 8, 4)
    assert isinstance(attention, torch.nn.Module)


@pytest.fixture(scope="module")
def root(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One tiny checkpoint per (scorer, decoder) of the table, each trained one step."""
    base = load_checkpoint(toy_checkpoint)
    root = tmp_path_factory.mktemp("scorers")
    pairs = [Pair("Ka Mo Ti .", "Ti Mo Ka ."), Pair("Tu Ka .", "Ka Tu .")]
    examples = encode_pairs(base.tokenizer, pairs)
    for name, decoder in COMBINATIONS:
        torch.manual_seed(0)
        config = replace(base.config, scorer=name, decoder=decoder, dropout=0.0)
        model = build_model(config)
        before = [p.detach().clone() for p in model.parameters()]
        batch = collate(examples, config.pad_id, config.bos_id, torch.device("cpu"))
        loss, _ = batch_loss(model, batch, label_smoothing=0.0)
        loss.backward()
        torch.optim.Adam(model.parameters(), lr=1e-2).step()
        assert torch.isfinite(loss)
        changed = [not torch.equal(a, b) for a, b in zip(before, model.parameters(), strict=True)]
        assert all(changed), f"{name}/{decoder}: a parameter got no gradient"
        meta = {"name": f"toy-{name}-{decoder}", "direction": "de-en"}
        save_checkpoint(root / meta["name"], model.eval(), base.tokenizer, meta)
    return root


@pytest.mark.parametrize(("name", "decoder"), COMBINATIONS)
def test_every_scorer_translates_and_keeps_what_the_pages_show(root, name, decoder):
    checkpoint = load_checkpoint(root / f"toy-{name}-{decoder}")
    result = translate(checkpoint, "Ka Mo Ti .", beam_size=2, reference="Ti Mo Ka .")
    steps, sources = len(result.target_pieces), len(result.source_pieces)
    assert result.best.contexts.shape[0] == steps
    if SCORERS[name].attends:
        assert result.attention.shape == result.scores.shape == (steps, sources)
        np.testing.assert_allclose(result.attention.sum(axis=1), 1.0, atol=1e-5)
        assert result.reference.attention.shape[1] == sources
        query = DECODERS[decoder].query
        assert query in formulas.score_formula(name, decoder)
    else:
        assert result.attention is None and result.scores is None
    info = next(i for i in list_checkpoints(root) if i.name == f"toy-{name}-{decoder}")
    assert SCORERS[name].label in views.model_label(info)
    help_text = shown(views.models_help([info]))  # names are escaped: read as shown
    assert f"**{info.name}**: {SCORERS[name].label}" in help_text
    assert SCORERS[name].paper in help_text
    if decoder != SCORERS[name].decoder:  # another wiring than the paper's is named
        assert f"{DECODERS[decoder].label}, {DECODERS[decoder].paper}" in help_text


@pytest.mark.parametrize(("name", "decoder"), COMBINATIONS)
def test_lesson_and_step_pages_render_every_scorer(root, name, decoder, monkeypatch):
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(root))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.sidebar.selectbox(key="model").set_value(f"toy-{name}-{decoder}").run()
    at.text_input(key="sentence").input("Ka Mo Ti .").run()
    for page in ("lesson", "step"):
        at.switch_page(f"app_pages/{page}.py").run()
        assert not at.exception, (page, at.exception)
        latex = " ".join(element.value for element in at.latex)
        if SCORERS[name].attends:
            assert formulas.score_formula(name, decoder) in latex, page
            # the state the scorer reads is defined where it is not simply s_{t-1}
            query = formulas.decoder_state_formula(decoder, input_feeding=True)
            assert query is None or query in latex, page
        else:
            assert formulas.FIXED_CONTEXT_FORMULA in latex or page == "step"

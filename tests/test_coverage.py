"""Coverage in the additive score (Tu et al. 2016): the decoder keeps C_{t-1,j}, the score
reads it, beam search carries it with each hypothesis, and the pages say so."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
import torch
from streamlit.testing.v1 import AppTest

from dashboard import views
from dashboard.views import formulas
from nmt_core.checkpoint import list_checkpoints, load_checkpoint, save_checkpoint
from nmt_core.decoding.search import beam_search
from nmt_core.network.config import DecodeConfig, ModelConfig
from nmt_core.network.model import build_model

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")


def covered_model(decoder: str = "conditional", seed: int = 0) -> torch.nn.Module:
    """A fresh tiny additive model with coverage, its coverage weight made large enough that
    the term visibly moves the scores."""
    torch.manual_seed(seed)
    config = ModelConfig(
        vocab_size=30, embed_size=8, hidden_size=16, attention_size=8, dropout=0.0,
        scorer="additive", decoder=decoder, coverage=True,
    )  # fmt: skip
    model = build_model(config).eval()
    with torch.no_grad():
        model.decoder.attention.w_c.weight.mul_(20.0)
    return model


@pytest.mark.parametrize("decoder", ["bahdanau", "conditional"])
def test_the_coverage_is_the_sum_of_the_earlier_rows_and_moves_the_scores(decoder):
    model = covered_model(decoder)
    src, tgt_in = torch.tensor([[7, 8, 9, 10, 3]]), torch.tensor([[2, 5, 6, 7, 8]])
    with torch.no_grad():
        logits, out = model(src, src > 0, tgt_in)
        memory = model.encode(src, src > 0)
        state = model.decoder.init_state(memory)
        torch.testing.assert_close(state["coverage"], torch.zeros(1, 5))
        for t in range(tgt_in.size(1)):
            step, state = model.decoder.step(model.embed(tgt_in[:, t]), state, memory)
            torch.testing.assert_close(step.weights[:, 0], out.weights[:, t])
            torch.testing.assert_close(model.logits(step.outputs)[:, 0], logits[:, t])
            torch.testing.assert_close(state["coverage"], out.weights[:, : t + 1].sum(dim=1))
        # the same weights without the term: the first row (C = 0) agrees, later rows do not
        model.decoder.attention.w_c.weight.zero_()
        _, blind = model(src, src > 0, tgt_in)
    torch.testing.assert_close(blind.weights[:, 0], out.weights[:, 0])
    assert not torch.allclose(blind.weights[:, 1:], out.weights[:, 1:], atol=1e-3)


def test_beam_search_carries_each_hypothesis_own_coverage():
    # If the coverage were not reordered with the beams, the attention recorded during the
    # search would differ from the teacher-forced attention of the hypothesis it returns.
    model = covered_model()
    src = torch.tensor([[7, 8, 9, 10, 11, 12, 3]])
    config = DecodeConfig(beam_size=4, n_best=4, max_len_extra=2)
    with torch.no_grad():
        hypotheses = beam_search(model, src, src > 0, config)[0]
        assert len({tuple(h.tokens) for h in hypotheses}) > 1
        for hypothesis in hypotheses:
            tgt_in = torch.tensor([[model.config.bos_id, *hypothesis.tokens[:-1]]])
            _, out = model(src, src > 0, tgt_in)
            torch.testing.assert_close(hypothesis.attention, out.weights[0], atol=1e-5, rtol=0)


@pytest.mark.parametrize(
    ("scorer", "decoder"), [("dot", "luong"), ("general", "luong"), ("additive", "luong")]
)
def test_coverage_is_refused_where_the_score_has_no_such_term(scorer, decoder):
    with pytest.raises(ValueError, match="coverage is a term of the additive score"):
        ModelConfig(scorer=scorer, decoder=decoder, coverage=True).validate()


def test_the_label_and_both_pages_show_the_formula_it_computes(
    toy_checkpoint, tmp_path, monkeypatch
):
    base = load_checkpoint(toy_checkpoint)
    config = replace(base.config, decoder="conditional", coverage=True)
    torch.manual_seed(0)
    save_checkpoint(
        tmp_path / "toy-covered", build_model(config).eval(), base.tokenizer,
        {"name": "toy-covered", "direction": "de-en"},
    )  # fmt: skip
    info = list_checkpoints(tmp_path)[0]
    assert "with coverage" in views.model_label(info)
    formula = formulas.score_formula("additive", "conditional", coverage=True)
    assert r"w_c\,C_{t-1,j}" in formula and r"\sum_{k<t} \alpha_{k,j}" in formula
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.text_input(key="sentence").input("Ka Mo Ti .").run()
    for page in ("lesson", "step"):
        at.switch_page(f"app_pages/{page}.py").run()
        assert not at.exception, (page, at.exception)
        assert formula in " ".join(element.value for element in at.latex), page

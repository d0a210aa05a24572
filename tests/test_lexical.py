"""The lexical shortcut (Nguyen & Chiang 2018): the attention-weighted source embeddings reach
the output layer directly; search, attribution and the pages work with it and say so."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from streamlit.testing.v1 import AppTest

from dashboard import views
from dashboard.views import formulas, numbers
from nmt_core.analysis.attribution import attribute
from nmt_core.analysis.votes import Votes, shortcut_votes
from nmt_core.checkpoint import list_checkpoints, load_checkpoint, save_checkpoint
from nmt_core.network.config import ModelConfig
from nmt_core.network.model import build_model
from nmt_core.translate import translate

APP = str(Path(__file__).resolve().parents[1] / "dashboard" / "app.py")


def tiny(decoder: str, lexical: bool, seed: int = 0) -> torch.nn.Module:
    torch.manual_seed(seed)
    scorer = "dot" if decoder == "luong" else "additive"
    config = ModelConfig(
        vocab_size=30, embed_size=16, hidden_size=16, attention_size=8, dropout=0.0,
        scorer=scorer, decoder=decoder, lexical=lexical,
    )  # fmt: skip
    return build_model(config).eval()


@pytest.mark.parametrize("decoder", ["bahdanau", "conditional", "luong"])
def test_the_shortcut_adds_the_attention_weighted_embeddings_to_every_step(decoder):
    with_it, without = tiny(decoder, True), tiny(decoder, False)
    without.load_state_dict(with_it.state_dict(), strict=False)  # the same weights but W_l
    src, tgt_in = torch.tensor([[7, 8, 9, 10, 3]]), torch.tensor([[2, 5, 6, 7]])
    with torch.no_grad():
        logits, out = with_it(src, src > 0, tgt_in)
        _, plain = without(src, src > 0, tgt_in)
        torch.testing.assert_close(out.weights, plain.weights)  # the shortcut is after attention
        averaged = torch.tanh(out.weights @ with_it.embedding(src))  # (1, T, E)
        by_hand = plain.outputs + torch.tanh(with_it.decoder.lexical.W_l(averaged)) + averaged
        torch.testing.assert_close(out.outputs, by_hand)
        # one step at a time (search) gives the teacher-forced logits
        memory = with_it.encode(src, src > 0)
        state = with_it.decoder.init_state(memory)
        for t in range(tgt_in.size(1)):
            step, state = with_it.decoder.step(with_it.embed(tgt_in[:, t]), state, memory)
            torch.testing.assert_close(with_it.logits(step.outputs)[:, 0], logits[:, t])


def test_the_shortcut_needs_attention():
    with pytest.raises(ValueError, match="lexical shortcut averages the source"):
        ModelConfig(scorer="none", lexical=True).validate()


def lexical_copy(toy_checkpoint: Path, folder: Path) -> Path:
    """A fresh model like the toy one, with the shortcut, saved as the checkpoint ``folder``."""
    base = load_checkpoint(toy_checkpoint)
    torch.manual_seed(0)
    model = build_model(replace(base.config, lexical=True)).eval()
    save_checkpoint(folder, model, base.tokenizer, {"name": folder.name, "direction": "de-en"})
    return folder


def test_a_shortcut_model_translates_attributes_and_is_labelled(
    toy_checkpoint, tmp_path, monkeypatch
):
    checkpoint = load_checkpoint(lexical_copy(toy_checkpoint, tmp_path / "toy-lexical"))
    assert checkpoint.model.decoder.lexical is not None
    result = translate(checkpoint, "Ka Mo Ti .", beam_size=2)
    relevance = attribute(checkpoint, result, "gradient_x_input")
    assert relevance.shape[0] == len(result.target_pieces)
    assert "lexical shortcut" in views.model_label(list_checkpoints(tmp_path)[0])
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.text_input(key="sentence").input("Ka Mo Ti .").run()
    at.switch_page("app_pages/lesson.py").run()
    assert not at.exception
    latex = " ".join(element.value for element in at.latex)
    assert formulas.LEXICAL_FORMULA in latex and r"\big(E\,(o_t + \ell_t)\big)" in latex
    assert latex.count(r"p(y_t \mid y_{<t}, x)") == 1  # the output line says both parts


def test_the_votes_are_what_the_attended_embeddings_choose_alone(toy_checkpoint, tmp_path):
    base = load_checkpoint(toy_checkpoint)
    checkpoint = load_checkpoint(lexical_copy(toy_checkpoint, tmp_path / "lex"))
    result = translate(checkpoint, "Ka Mo Ti .", beam_size=1)
    votes = shortcut_votes(checkpoint, result, top_k=3)
    steps = len(result.target_pieces)
    assert votes.logit_gains.shape == (steps, 3) and len(votes.pieces) == steps
    assert np.all(np.diff(votes.logit_gains, axis=1) <= 0)
    # all attention on one source piece: that piece's embedding alone decides the vote
    ids = base.tokenizer.ids(list(result.source_pieces))
    one_hot = replace(result.best, attention=np.eye(len(ids), dtype=np.float32)[[1] * steps])
    embedding = checkpoint.model.embedding.weight[ids[1]]
    with torch.no_grad():
        alone = checkpoint.model.decoder.lexical(torch.ones(1, 1, 1), embedding[None, None])
        expected = checkpoint.model.logits(alone)[0, 0].topk(3)
    voted = shortcut_votes(checkpoint, result, one_hot, top_k=3)
    assert voted.pieces[0] == tuple(base.tokenizer.pieces(expected.indices.tolist()))
    np.testing.assert_allclose(voted.logit_gains[0], expected.values.numpy(), rtol=1e-5)
    # a model without the shortcut has no votes; another sentence's attention is refused
    assert shortcut_votes(base, translate(base, "Ka Mo Ti .")) is None
    other = translate(checkpoint, "Ka Mo Ti Tu Ka .")
    with pytest.raises(ValueError, match="belongs to another translation"):
        shortcut_votes(checkpoint, result, other.best)


def test_the_step_page_shows_the_votes_of_a_shortcut_model_only(
    toy_checkpoint, tmp_path, monkeypatch
):
    base = load_checkpoint(toy_checkpoint)
    lexical_copy(toy_checkpoint, tmp_path / "lex")
    save_checkpoint(
        tmp_path / "plain", base.model, base.tokenizer, {"name": "plain", "direction": "de-en"}
    )
    monkeypatch.setenv("ATTENTION_LAB_CHECKPOINTS", str(tmp_path))
    at = AppTest.from_file(APP, default_timeout=60).run()
    at.text_input(key="sentence").input("Ka Mo Ti .").run()
    for name, shown in (("lex", True), ("plain", False)):
        at.sidebar.selectbox(key="model").set_value(name).run()
        at.switch_page("app_pages/step.py").run()
        assert not at.exception, at.exception
        lines = [c.value for c in at.caption if "by their meaning alone" in c.value]
        # one plain line says what the votes are (a class found the chart baffling)
        assert len(lines) == int(shown), (name, lines)
        assert all("lexical shortcut" in line and "ℓ" not in line for line in lines)


def test_the_votes_are_drawn_only_at_steps_where_they_pick_the_piece_written():
    """The steps whose written piece is among the shortcut's votes, where the attended
    words' meaning alone points at it; one line says so at every other step."""
    votes = Votes((("▁train", "▁Zug"), ("▁milk", "▁Milch"), ("▁is", "▁be")), np.ones((3, 2)))
    written = ("▁The", "▁milk", "▁is")
    assert votes.steps_voting_for(written) == (1, 2)
    assert votes.steps_voting_for(("▁The", "▁cow", ".")) == ()
    with pytest.raises(ValueError, match="2 pieces written for votes of 3 steps"):
        votes.steps_voting_for(written[:2])
    drawn, elsewhere = numbers.votes_line((1, 2), 1), numbers.votes_line((1, 2), 0)
    assert "here they pick the piece written" in drawn
    assert elsewhere.endswith("the piece written: 2, 3.")
    assert numbers.votes_line((), 0).endswith(": none of this translation.")

"""Guided alignment (nmt_core/learning/guidance.py): word links become piece-level targets, the
loss is the attention's cross-entropy against them, and training with it pulls attention onto the
links.

Training uses the toy reversal task with its true links (given, so the test needs no eflomal);
one test aligns real pairs with eflomal itself."""

from __future__ import annotations

import json
import math
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch
from conftest import toy_configs, toy_pairs

from dashboard import views
from nmt_core.analysis.alignment import align, alignment_error_rate
from nmt_core.checkpoint import list_checkpoints, load_checkpoint
from nmt_core.learning import guidance
from nmt_core.learning.guidance import (
    GUIDANCE,
    alignment_loss,
    guide_tensor,
    piece_cells,
    word_links,
)
from nmt_core.learning.training import train
from nmt_core.text.data import Pair
from nmt_core.translate import translate


def reversal_links(texts):
    """The toy task's true links: word i of n-1 words comes from word n-2-i; "." stays last."""
    found = []
    for source, _ in texts:
        n = len(source.split())
        found.append(frozenset({(n - 2 - i, i) for i in range(n - 1)} | {(n - 1, n - 1)}))
    return found


def test_a_word_link_covers_every_piece_of_both_words():
    source = ["▁Der", "▁Kühl", "schrank", "."]  # words: [0] [1 2 3]
    target = ["▁The", "▁fri", "dge", "."]
    cells = piece_cells(frozenset({(0, 0), (1, 1)}), source, target, (2, 2))
    assert sorted(map(tuple, cells)) == [(0, 0)] + [(t, s) for t in (1, 2, 3) for s in (1, 2, 3)]
    shifted = piece_cells(frozenset({(0, 0)}), source, target, (2, 2), offset=1)  # a BOS tag
    assert shifted.tolist() == [[0, 1]]
    assert piece_cells(frozenset({(2, 0)}), source, target, (2, 2)).shape == (0, 2)  # outside
    assert piece_cells(frozenset({(0, 0)}), source, target, (3, 2)).shape == (
        0,
        2,
    )  # "Kühl schrank."


def test_the_loss_is_the_cross_entropy_of_the_guided_rows_alone():
    cells = [np.array([[0, 0], [1, 1], [1, 2]], dtype=np.int32), None]
    guide = guide_tensor(cells, targets=3, sources=3, device=torch.device("cpu"))
    assert guide[0].tolist() == [[1, 0, 0], [0, 0.5, 0.5], [0, 0, 0]] and not guide[1].any()
    uniform = torch.full((2, 3, 3), 1 / 3)
    assert alignment_loss(uniform, guide).item() == pytest.approx(math.log(3))  # 2 rows, each ln 3
    on_the_links = torch.tensor([[1.0, 0, 0], [0, 0.5, 0.5], [1 / 3, 1 / 3, 1 / 3]]).expand(2, 3, 3)
    assert alignment_loss(on_the_links, guide).item() == pytest.approx(math.log(2) / 2)
    assert alignment_loss(uniform, torch.zeros(2, 3, 3)).item() == 0.0  # nothing guided


def test_links_are_kept_in_the_run_and_refused_for_other_pairs(tmp_path):
    pairs = [Pair("Ka Mo .", "Mo Ka .", "sentence"), Pair("Ti Tu .", "Tu Ti .", "sentence")]
    path = tmp_path / GUIDANCE
    first = word_links([*pairs, pairs[0]], path, aligner=reversal_links)
    assert first == [*reversal_links([(p.source, p.target) for p in pairs]), first[0]]
    assert len(json.loads(path.read_text())["links"]) == 2  # distinct pairs once

    def must_not_align(texts):
        raise AssertionError("the saved links should be read back")

    assert word_links(pairs, path, aligner=must_not_align) == first[:2]
    with pytest.raises(ValueError, match="other training pairs"):
        word_links(pairs[:1], path, aligner=must_not_align)


def toy_aer(folder: Path, pairs) -> float:
    checkpoint = load_checkpoint(folder)
    found = [align(translate(checkpoint, s, reference=t), "argmax").links for s, t in pairs]
    gold = reversal_links(pairs)
    return alignment_error_rate(found, gold, gold).aer


@pytest.mark.training
def test_guided_training_pulls_attention_onto_the_links(toy_corpus, tmp_path, monkeypatch):
    monkeypatch.setattr(guidance, "eflomal_links", reversal_links)  # the true links, no eflomal
    held_out = toy_pairs(20, seed=99)
    aer = {}
    for weight in (0.0, 1.0):
        cfg, model_cfg = toy_configs(tmp_path / f"w{weight}", toy_corpus, scorer="dot",
                                     decoder="luong")  # fmt: skip
        cfg = replace(cfg, max_steps=120, eval_every=120, guided_alignment=weight)
        aer[weight] = toy_aer(train(cfg, model_cfg), held_out)
    assert (tmp_path / "w1.0" / GUIDANCE).is_file() and not (tmp_path / "w0.0" / GUIDANCE).exists()
    assert aer[1.0] < 0.1 and aer[1.0] < aer[0.0] / 2, aer
    labels = {folder: views.model_label(next(i for i in list_checkpoints(tmp_path / folder)))
              for folder in ("w0.0", "w1.0")}  # fmt: skip
    assert labels["w1.0"].endswith("attention guided by eflomal links (λ = 1)")
    assert "guided" not in labels["w0.0"]


@pytest.mark.training
def test_a_resumed_guided_run_reads_its_links_back(toy_corpus, tmp_path, monkeypatch):
    monkeypatch.setattr(guidance, "eflomal_links", reversal_links)
    cfg, model_cfg = toy_configs(tmp_path / "run", toy_corpus, scorer="additive")
    cfg = replace(cfg, max_steps=20, eval_every=20, eval_sentences=5, guided_alignment=0.5)
    train(cfg, model_cfg)
    monkeypatch.setattr(guidance, "eflomal_links", lambda texts: pytest.fail("aligned again"))
    train(replace(cfg, max_steps=30), model_cfg, resume=True)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"guided_alignment": -1.0}, "must be >= 0"),
        ({"guided_alignment": 1.0, "subword_alpha": 0.5}, "neither with stream"),
    ],
)
def test_bad_guided_settings_are_refused(tmp_path, toy_corpus, change, message):
    cfg, model_cfg = toy_configs(tmp_path / "run", toy_corpus)
    with pytest.raises(ValueError, match=message):
        train(replace(cfg, **change), model_cfg)


def test_a_model_without_attention_cannot_be_guided_and_the_refusal_writes_nothing(
    tmp_path, toy_corpus
):
    cfg, model_cfg = toy_configs(tmp_path / "run", toy_corpus, scorer="none", decoder="bahdanau")
    with pytest.raises(ValueError, match="scorer 'none' has none"):
        train(replace(cfg, guided_alignment=1.0), model_cfg)
    assert not (tmp_path / "run").exists()  # so the corrected run starts without --resume


@pytest.mark.slow
def test_eflomal_links_real_pairs(eflomal_installed, tmp_path):
    pairs = [Pair(s, t, "sentence") for s, t in toy_pairs(300, seed=3)]
    links = word_links(pairs, tmp_path / GUIDANCE)
    assert json.loads((tmp_path / GUIDANCE).read_text())["method"].startswith("eflomal")
    gold = reversal_links([(p.source, p.target) for p in pairs])
    assert alignment_error_rate(links, gold, gold).aer < 0.3

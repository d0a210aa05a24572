"""Probe attention recorded while training (nmt_core/learning/probes.py): the file, its reader,
resume."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from conftest import metrics_log, toy_configs

from nmt_core.__main__ import main
from nmt_core.learning.probes import (
    PROBES,
    ProbeError,
    continued,
    forget_probes_after,
    probes_since_start,
    read_probes,
)

pytestmark = pytest.mark.training  # every test reads a run trained with probes (300 steps)

PROBE_PAIRS = [("Ka Mo Ti .", "Ti Mo Ka ."), ("Tu Ka Te Ta .", "Ta Te Ka Tu .")]
REVERSAL_GOLD = "0-2 1-1 2-0 3?3\n0-3 1-2 2-1 3-0 4?4\n"  # the words reversed, "." possibly


@pytest.fixture(scope="module")
def probed_run(tmp_path_factory: pytest.TempPathFactory, toy_corpus: Path) -> Path:
    """A tiny additive run that records two probe sentences at its evaluations (150, 300) and
    every 100 updates between them (100, 200)."""
    from nmt_core.learning.training import train

    folder = tmp_path_factory.mktemp("probed")
    probes = folder / "probes.tsv"
    probes.write_text("".join(f"{s}\t{t}\n" for s, t in PROBE_PAIRS), encoding="utf-8")
    (folder / "probes.pharaoh").write_text(REVERSAL_GOLD, encoding="utf-8")
    cfg, model = toy_configs(folder / "run", toy_corpus, scorer="additive")
    train(replace(cfg, probes=str(probes), probe_every=100, max_steps=300, eval_every=150), model)
    return folder / "run"


def test_every_evaluation_records_the_probes_attention_and_translations(probed_run):
    log = read_probes(probed_run / PROBES)
    assert log.steps == [100, 150, 200, 300]
    metrics = {m["step"]: m["dev_bleu"] for m in metrics_log(probed_run)}
    assert [e.dev_bleu for e in log.evaluations] == [None, metrics[150], None, metrics[300]]
    assert [s.source for s in log.sentences] == [s for s, _ in PROBE_PAIRS]
    for evaluation in log.evaluations:
        assert len(evaluation.hypotheses) == len(PROBE_PAIRS)
        for sentence, matrix in zip(log.sentences, evaluation.attention, strict=True):
            assert matrix.shape == (len(sentence.target_pieces), len(sentence.source_pieces))
            np.testing.assert_allclose(matrix.sum(axis=1), 1.0, atol=1e-3)
    # attention sharpens as training goes on: the rows' largest weights grow
    sharpness = [np.mean([m.max(axis=1).mean() for m in e.attention]) for e in log.evaluations]
    assert sharpness[-1] > sharpness[0]
    # the gold links beside the TSV travel with the record
    sure = {(0, 2), (1, 1), (2, 0)}
    assert log.sentences[0].gold == (sure, sure | {(3, 3)})  # possible links include the sure
    view = log.view(1, 0, word_level=True)
    assert view.source_tokens == ("Ka", "Mo", "Ti", ".", "</s>")


def test_export_ships_the_probes_beside_the_weights(probed_run, tmp_path):
    assert (
        main(["export", "--checkpoint", str(probed_run / "best"), "--output", str(tmp_path / "m")])
        == 0
    )
    assert read_probes(tmp_path / "m" / PROBES).steps == [100, 150, 200, 300]


def test_a_fine_tuned_model_ships_its_whole_probe_history(probed_run, toy_corpus, tmp_path):
    """Across training of a fine-tuned model: its parent's steps, then its own counted on."""
    from nmt_core.checkpoint import read_config
    from nmt_core.learning.training import train

    parent = read_probes(probed_run / PROBES)
    cfg, model = toy_configs(tmp_path / "child", toy_corpus, scorer="additive")
    probes = probed_run.parent / "probes.tsv"
    tuned = replace(cfg, probes=str(probes), init_checkpoint=str(probed_run / "latest"),
                    max_steps=200, eval_every=100)  # fmt: skip
    train(tuned, model)
    child = tmp_path / "child" / "best"
    own = read_probes(child.parent / PROBES)
    assert own.steps == [100, 200]
    out = tmp_path / "shipped"
    assert main(["export", "--checkpoint", str(child), "--output", str(out)]) == 0
    shipped = read_probes(out / PROBES)
    assert shipped.steps == [100, 150, 200, 300, 400, 500]  # the parent's weights: step 300
    assert shipped.fine_tuned_at == 300 and parent.fine_tuned_at is None
    for mine, theirs in zip(
        shipped.evaluations, (*parent.evaluations, *own.evaluations), strict=True
    ):
        assert mine.hypotheses == theirs.hypotheses
        for a, b in zip(mine.attention, theirs.attention, strict=True):
            np.testing.assert_array_equal(a, b)
    # exported again, it is not continued twice
    assert main(["export", "--checkpoint", str(out), "--output", str(tmp_path / "again")]) == 0
    assert (tmp_path / "again" / PROBES).read_bytes() == (out / PROBES).read_bytes()
    # no record of the weights it started from (moved, or other weights there now): its own
    meta = read_config(child)[1]
    elsewhere = {**meta, "train_config": {**meta["train_config"], "init_checkpoint": "nowhere"}}
    other = {**meta, "fine_tuned_from": {**meta["fine_tuned_from"], "weights_sha256": "0" * 64}}
    for changed in (elsewhere, other):
        assert probes_since_start(child, changed) == (child.parent / PROBES).read_bytes()


def test_a_continued_record_keeps_the_parents_steps_up_to_the_weights_it_started_from(probed_run):
    """Weights chosen before a run's end (its best on dev): the steps after them are not the
    fine-tuned model's history."""
    parent = read_probes(probed_run / PROBES)
    history = continued(parent, parent, 150)
    assert history.steps == [100, 150, 250, 300, 350, 450] and history.fine_tuned_at == 150
    # a record of other sentences cannot continue it: their matrices would not line up
    with pytest.raises(ValueError, match="other sentences"):
        continued(replace(parent, sentences=parent.sentences[:1]), parent, 300)


def test_a_resumed_run_forgets_the_evaluations_it_will_repeat(probed_run, tmp_path):
    copy = tmp_path / PROBES
    copy.write_bytes((probed_run / PROBES).read_bytes())
    forget_probes_after(tmp_path, 150)
    assert read_probes(copy).steps == [100, 150]


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: text[: len(text) // 2], "is not a probe file: not JSON"),
        (lambda text: json.dumps({"schema": "something else"}), "is not a probe file"),
        (lambda text: text.replace('"version":1', '"version":7'), "has version 7"),
        (lambda text: text.replace('"attention":[[[', '"attention":[[[0.5],[', 1), "damaged"),
    ],
)
def test_a_damaged_probe_file_is_one_clear_error(probed_run, tmp_path, damage, message):
    path = tmp_path / PROBES
    path.write_text(damage((probed_run / PROBES).read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(ProbeError, match=message):
        read_probes(path)
    with pytest.raises(ProbeError, match="train with --probes"):
        read_probes(tmp_path / "missing.json")


def test_the_probes_command_prints_aer_per_step_and_refuses_a_gold_of_other_sentences(
    probed_run, tmp_path, capsys
):
    assert main(["probes", str(probed_run)]) == 0  # the gold recorded with the probes
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:4] == ["step", "dev", "BLEU", "AER"]
    steps = [line.split() for line in lines[1:]]
    assert [int(row[0]) for row in steps] == [100, 150, 200, 300]
    assert all(0.0 <= float(row[2]) <= 1.0 for row in steps)
    gold = tmp_path / "gold.pharaoh"
    gold.write_text("0-0\n", encoding="utf-8")
    assert main(["probes", str(probed_run), "--gold", str(gold)]) == 2
    assert "1 lines but there are 2 sentence pairs" in capsys.readouterr().err

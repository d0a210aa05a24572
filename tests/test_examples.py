"""The example bank (dashboard/examples.py) is vetted against the model the dashboard opens on."""

from __future__ import annotations

import pytest
from sacrebleu.metrics import CHRF

from dashboard.examples import BANK, VETTED_CHRF, example_for
from nmt_core.checkpoint import SHIPPED_ROOT, default_checkpoint, list_checkpoints, load_checkpoint
from nmt_core.data import normalize_text
from nmt_core.translate import translate_texts

SHIPPED = list_checkpoints(SHIPPED_ROOT)


def test_the_bank_is_grouped_and_each_example_is_complete():
    assert len({e.german for e in BANK}) == len(BANK)
    for example in BANK:
        assert example.german == normalize_text(example.german)  # what the model will read
        assert example.english.endswith((".", "!", "?")) and example.look_at
        assert example_for(f"  {example.german} ") is example
    assert {e.fails for e in BANK} == {True, False}  # failures are in the bank, labelled
    assert example_for("Ka Mo.") is None


@pytest.mark.skipif(not SHIPPED, reason=f"no shipped checkpoints in {SHIPPED_ROOT}")
def test_every_working_example_is_translated_acceptably_by_the_default_model():
    checkpoint = load_checkpoint(default_checkpoint(SHIPPED).path)
    working = [e for e in BANK if not e.fails]
    outputs = translate_texts(checkpoint.model, checkpoint.tokenizer, [e.german for e in working])
    chrf = CHRF()
    scores = {e.german: (out, chrf.sentence_score(out, [e.english]).score)
              for e, out in zip(working, outputs, strict=True)}  # fmt: skip
    below = {german: score for german, score in scores.items() if score[1] < VETTED_CHRF}
    assert not below, f"{checkpoint.name} no longer translates these acceptably: {below}"

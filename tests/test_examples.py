"""The example banks (dashboard/views/examples.py), vetted against the model each direction
opens on."""

from __future__ import annotations

import pytest

from dashboard.views.examples import BANKS, VETTED_CHRF, default_sentence, example_for, examples
from nmt_core.checkpoint import SHIPPED_ROOT, default_checkpoint, list_checkpoints, load_checkpoint
from nmt_core.measures.evaluation import sentence_chrf
from nmt_core.text.data import DIRECTIONS, normalize_text
from nmt_core.translate import translate_texts

SHIPPED = list_checkpoints(SHIPPED_ROOT)
SHIPPED_DIRECTIONS = sorted({info.direction for info in SHIPPED})


@pytest.mark.parametrize("direction", DIRECTIONS)
def test_each_bank_is_grouped_and_each_example_is_complete(direction):
    bank = BANKS[direction]
    assert len({e.source for e in bank}) == len(bank)
    for example in bank:
        assert example.source == normalize_text(example.source)  # what the model will read
        for reference in (example.reference, *example.also):
            assert reference.endswith((".", "!", "?")) and reference != example.source
        assert example.look_at and example.reference not in example.also
        assert example_for(f"  {example.source} ", direction) is example
        assert example_for(example.source, "xx-yy") is None
    assert {e.fails for e in bank} == {True, False}  # failures are in the bank, labelled
    assert example_for("Ka Mo.", direction) is None
    assert list(examples(direction).values()) == list(bank)
    assert default_sentence(direction) == bank[0].source and not bank[0].fails


def test_the_german_bank_shows_the_verb_moving_to_the_end():
    shows = {e.shows for e in BANKS["de-en"] if not e.fails}
    assert {"verb-final clause", "separable verb", "reordering"} <= shows


def test_the_english_bank_shows_what_german_word_order_does():
    shows = {e.shows for e in BANKS["en-de"] if not e.fails}
    assert {"verb-final clause", "separable verb", "compound formed"} <= shows


@pytest.mark.skipif(not SHIPPED, reason=f"no shipped checkpoints in {SHIPPED_ROOT}")
@pytest.mark.parametrize("direction", SHIPPED_DIRECTIONS)
def test_every_working_example_is_translated_acceptably_by_the_default_model(direction):
    info = default_checkpoint([i for i in SHIPPED if i.direction == direction])
    checkpoint = load_checkpoint(info.path)
    working = [e for e in BANKS[direction] if not e.fails]
    outputs = translate_texts(checkpoint.model, checkpoint.tokenizer, [e.source for e in working])
    english = direction.endswith("-en")
    scores = {e.source: (out, sentence_chrf(out, [e.reference, *e.also], english))
              for e, out in zip(working, outputs, strict=True)}  # fmt: skip
    below = {source: score for source, score in scores.items() if score[1] < VETTED_CHRF}
    assert not below, f"{checkpoint.name} no longer translates these acceptably: {below}"

"""Every shipped checkpoint loads from its folder alone and translates a classroom sentence."""

import dataclasses

import pytest

from nmt_core.checkpoint import SHIPPED_ROOT, list_checkpoints, load_checkpoint, read_config
from nmt_core.network.config import ModelConfig, TrainConfig
from nmt_core.network.scorers import SCORERS
from nmt_core.text.data import DIRECTIONS
from nmt_core.translate import translate

SHIPPED = list_checkpoints(SHIPPED_ROOT)
DIRECTIONS_SHIPPED = sorted({info.direction for info in SHIPPED})
# A sentence every shipped model of a direction translates with the right noun.
CLASSROOM = {"de-en": ("Der Hund schläft.", "dog"), "en-de": ("The dog is sleeping.", "hund")}


# What each direction ships (checkpoints/recipes/train_all.sh): the additive scorer on the
# conditional GRU, Luong's two multiplicative scorers, no attention, and the additive scorer on
# Luong's decoder, so that Compare shows three scorers on one decoder.
FIVE = {("additive", "conditional"), ("general", "luong"), ("dot", "luong"), ("none", "bahdanau"),
        ("additive", "luong")}  # fmt: skip


@pytest.mark.parametrize("direction", DIRECTIONS_SHIPPED)
def test_each_direction_has_the_five_models(direction):
    models = {(info.scorer, info.decoder) for info in SHIPPED if info.direction == direction}
    assert models >= FIVE


def test_each_direction_names_its_models_and_has_one_default_and_their_metadata():
    assert "de-en" in DIRECTIONS_SHIPPED and set(DIRECTIONS_SHIPPED) <= set(DIRECTIONS)
    for direction in DIRECTIONS_SHIPPED:
        models = [info for info in SHIPPED if info.direction == direction]
        assert all(info.name.startswith(f"{direction}-") for info in models)
        assert sum(info.default for info in models) <= 1, f"two {direction} defaults"
    for info in SHIPPED:
        assert info.test_bleu is not None
        assert sum(f.stat().st_size for f in info.path.iterdir()) <= 20 * 2**20
    everything = sum(f.stat().st_size for f in SHIPPED_ROOT.rglob("*") if f.is_file())
    assert everything <= 160 * 2**20


def test_the_command_line_lists_them_by_name(capsys):
    from nmt_core.__main__ import main

    assert main(["list"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line.split() for line in out.splitlines()}
    # a table: the parameters column ends at the same place on every line ("conditional"
    # included), numbers right-aligned under their title
    ends = {line.index(line.split()[4]) + len(line.split()[4]) for line in out.splitlines()}
    assert len(ends) == 1
    for info in SHIPPED:
        row = lines[info.name]
        assert row[1:4] == [info.direction, info.scorer, info.decoder]
        assert row[4] == f"{info.parameters / 1e6:.2f}M" and row[-1] == f"{info.test_bleu:.1f}"


def guided(info) -> bool:
    """Whether a shipped model was trained with guided alignment (its recorded recipe)."""
    return bool(read_config(info.path)[1]["train_config"].get("guided_alignment", 0))


@pytest.mark.parametrize("direction", DIRECTIONS_SHIPPED)
def test_the_models_were_trained_alike(direction):
    """The comparison (within a direction: Compare shows one direction's models) is fair: one
    tokenizer, one size, one training recipe; only the scorer
    and the decoder wiring it needs differ (and where each run wrote its files, which way it
    read the corpus and the probe sentences, where it found the tokenizer, and the device and
    threads it computed on: what a resumed run may change besides its budget; and the folder a
    fine-tuned model started from, whose own recipe is compared instead). The lexical
    shortcut averages by the attention, so the model without attention cannot have it; the
    others all have it or not. A model trained with guided alignment may ship only as a
    labelled extra: its attention was taught, so it is outside this comparison."""
    alike = [info for info in SHIPPED if info.direction == direction and not guided(info)]
    first = alike[0]

    def sizes(config: ModelConfig) -> dict:
        return {**dataclasses.asdict(config), "scorer": None, "decoder": None, "lexical": None}

    shortcuts = {i.config.lexical for i in alike if SCORERS[i.scorer].attends}
    assert len(shortcuts) <= 1, "some attention models have the lexical shortcut, some not"

    def recipe(meta: dict) -> dict:  # every field, defaults filled in (newer code adds fields)
        saved = dataclasses.asdict(TrainConfig.from_dict(meta["train_config"]))
        # where things were, not what: the tokenizer's own bytes are compared below, and a
        # fine-tuned model's starting point by its recipe (each starts from its own scorer's)
        where = ("output_dir", "direction", "probes", "tokenizer", "device", "threads",
                 "init_checkpoint")  # fmt: skip
        parent = meta.get("fine_tuned_from")
        return {**saved, **dict.fromkeys(where), "after": recipe(parent) if parent else None}

    first_config, first_meta = read_config(first.path)
    for info in alike[1:]:
        config, meta = read_config(info.path)
        assert (info.path / "spm.model").read_bytes() == (first.path / "spm.model").read_bytes()
        assert sizes(config) == sizes(first_config), info.name
        assert recipe(meta) == recipe(first_meta), info.name
        assert meta["train_config"]["direction"] == info.direction, info.name


@pytest.mark.parametrize("info", SHIPPED, ids=lambda info: info.name)
def test_shipped_checkpoint_translates(info):
    checkpoint = load_checkpoint(info.path)
    sentence, noun = CLASSROOM[info.direction]
    result = translate(checkpoint, sentence, beam_size=2)
    assert noun in result.hypothesis.lower()  # every shipped model gets this word right
    if info.scorer == "none":
        assert result.attention is None
    else:
        assert result.attention.shape == (len(result.target_pieces), len(result.source_pieces))

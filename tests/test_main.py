"""The command line's argument handling (nmt_core/__main__.py and nmt_core/cli/): a wrong flag
gives one line that names it, exit code 2, and no traceback; nothing is loaded before the flags
are checked."""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
from pathlib import Path

import pytest
import torch

from nmt_core.__main__ import build_parser, main
from nmt_core.checkpoint import ROOT_VARIABLE, SHIPPED_ROOT, default_checkpoint, list_checkpoints
from nmt_core.network.config import ModelConfig, TrainConfig

SHIPPED = list_checkpoints(SHIPPED_ROOT)


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["evaluate", "--checkpoint", "x", "--beam", "0"], "--beam: must be a whole number"),
        (["translate", "--checkpoint", "x", "--beam", "two", "Hallo"], "--beam"),
        (["translate", "--checkpoint", "x", "--device", "gpu", "Hallo"], "auto, cpu, cuda"),
        (["align", "--checkpoint", "x", "--tsv", "x", "--threshold", "7"], "(0, 1]"),
        (["align", "--checkpoint", "x", "--tsv", "x", "--threshold", "nan"], "(0, 1]"),
        (["average", "--run", "x", "--max-last", "-1"], "--max-last"),
        (["align"], "required: --tsv"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_a_wrong_flag_gives_one_line(argv, named, capsys):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and named in error and "Traceback" not in error, error


def test_cuda_without_a_gpu_is_one_line_too(toy_checkpoint, capsys, monkeypatch):
    monkeypatch.setattr("torch.cuda.is_available", lambda: False)
    assert main(["translate", "--checkpoint", str(toy_checkpoint), "--device", "cuda", "Ka"]) == 2
    error = capsys.readouterr().err
    assert error == "error: device 'cuda' was asked for but no CUDA GPU is available\n"


@pytest.mark.parametrize("command", ["translate", "evaluate", "align", "average"])
def test_every_using_command_defaults_to_the_gpu_when_there_is_one(command):
    from nmt_core.network.device import resolve_device

    required = {
        "translate": ["--checkpoint", "x"],
        "evaluate": ["--checkpoint", "x"],
        "align": ["--checkpoint", "x", "--tsv", "x"],
        "average": ["--run", "x"],
    }[command]
    args = build_parser().parse_args([command, *required])
    assert args.device == "auto"
    assert resolve_device(args.device).type == ("cuda" if torch.cuda.is_available() else "cpu")


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('{"train": {"lr": 1e-3}\n"model": {}}', "is not a JSON file"),  # a missing comma
        ("[1, 2]", "must hold a JSON object"),
        ('{"trian": {"lr": 1e-3}}', "config sections must be 'model' and 'train'"),
    ],
)
@pytest.mark.parametrize("command", ["train", "tokenizer", "eflomal-priors"])
def test_a_bad_config_file_is_one_line_that_names_it(tmp_path, capsys, command, text, named):
    config = tmp_path / "recipe.json"
    config.write_text(text)
    flag = {"train": ["--output-dir"], "tokenizer": ["--output"], "eflomal-priors": []}[command]
    out = [*flag, str(tmp_path / "out")] if flag else []
    assert main([command, "--config", str(config), *out]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and str(config) in error and named in error, error
    assert not (tmp_path / "out").exists()


# --- checkpoints by name or by direction ---------------------------------------------------


@pytest.fixture
def shipped_only(monkeypatch):
    """Names and defaults resolve among the shipped checkpoints, whatever the environment."""
    monkeypatch.delenv(ROOT_VARIABLE, raising=False)


@pytest.mark.parametrize(
    ("direction", "sentence", "noun"),
    [([], "Der Hund schläft.", "dog"), (["--direction", "en-de"], "The dog is sleeping.", "hund")],
)
def test_translate_needs_no_checkpoint_the_direction_has_a_default(
    shipped_only, tmp_path, monkeypatch, capsys, direction, sentence, noun
):
    monkeypatch.chdir(tmp_path)
    assert main(["translate", *direction, "--quiet", sentence]) == 0
    assert noun in capsys.readouterr().out.lower()


def test_prepared_resolves_a_missing_checkpoint_to_the_directions_default(
    shipped_only, pairs_and_gold
):
    default = {info.direction: default_checkpoint([i for i in SHIPPED if i.direction ==
               info.direction]).path for info in SHIPPED}  # fmt: skip
    from nmt_core.cli.files import prepared  # (imported here: the old code had none)

    tsv = str(pairs_and_gold[0])
    for command in (["evaluate"], ["align", "--tsv", tsv], ["eflomal-priors"]):
        for direction in ("de-en", "en-de"):
            args = build_parser().parse_args([*command, "--direction", direction])
            assert prepared(args).checkpoint == default[direction], (command, direction)


def test_a_mistyped_checkpoint_name_says_what_was_meant_before_any_work(
    shipped_only, monkeypatch, capsys
):
    monkeypatch.setattr("nmt_core.cli.translate.load_checkpoint", no_work)
    assert main(["translate", "--checkpoint", "de-en-addtive", "Hallo"]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "Traceback" not in error, error
    assert "did you mean de-en-additive (see nmt-core list" in error


def test_a_checkpoint_path_of_the_clone_works_from_any_directory(shipped_only, tmp_path,
                                                                  monkeypatch, capsys):  # fmt: skip
    monkeypatch.chdir(tmp_path)
    argv = ["translate", "--checkpoint", "checkpoints/de-en-additive", "--quiet", "Der Hund."]
    assert main(argv) == 0
    assert "dog" in capsys.readouterr().out.lower()


# --- what the command line says about itself ----------------------------------------------


def commands() -> dict[str, argparse.ArgumentParser]:
    return next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))


def test_help_lists_every_command_with_a_line_that_says_what_it_does(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["--help"])
    assert stopped.value.code == 0
    shown = capsys.readouterr().out
    assert "`" not in shown
    described = {action.dest: action.help for action in commands()._choices_actions}
    assert set(described) == set(commands().choices)
    for name, help_text in described.items():
        assert help_text and "\n" not in help_text and "`" not in help_text, name
        assert f"    {name}" in shown and help_text in " ".join(shown.split()), name


def test_every_train_option_says_its_default_and_choices():
    from nmt_core.cli.options import CHOICES, DEFAULTS, shown_default

    train = commands().choices["train"]
    options = [a for a in train._actions if not isinstance(a, argparse._HelpAction)]
    assert len(options) == 52  # 44, the generator's --generated-pairs, --generated-avoid and
    # --fixed-phrase-repeats, and Tatoeba's five
    for action in options:
        assert action.help and "default" in action.help, action.option_strings
        if action.dest in DEFAULTS:  # from the config dataclass: the help cannot drift
            assert f"default {shown_default(DEFAULTS[action.dest])}" in action.help, action.dest
        for choice in action.choices or CHOICES.get(action.dest, ()):
            assert choice in action.help, (action.dest, choice)


def test_every_number_of_the_configs_has_a_range():
    from nmt_core.cli.options import DEFAULTS, RANGES

    numbers = {f.name for config in (ModelConfig, TrainConfig) for f in dataclasses.fields(config)
               if f.type in ("int", "float")}  # fmt: skip
    assert numbers == set(RANGES)
    for name, default in DEFAULTS.items():  # the defaults themselves are in range
        assert name not in RANGES or RANGES[name].holds(default), name


def test_every_option_of_every_command_says_what_it_does_and_its_default():
    for name, command in commands().choices.items():
        for action in command._actions:
            if isinstance(action, argparse._HelpAction) or not action.option_strings:
                continue
            where = (name, action.option_strings[0])
            assert action.help, where
            if not action.required and action.default not in (None, False):
                assert "default" in action.help, where  # (argparse shows choices itself)
    # an option a command lacks is not named in its help
    tokenizer = commands().choices["tokenizer"]
    assert "--tokenizer" not in " ".join(a.help or "" for a in tokenizer._actions)


def test_the_tokenizers_direction_is_one_of_the_two(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["tokenizer", "--output", "x.model", "--direction", "fr-en"])
    assert "invalid choice: 'fr-en'" in capsys.readouterr().err


def test_list_has_a_header_for_each_column_and_marks_each_directions_default(shipped_only, capsys):
    assert main(["list"]) == 0
    out, err = capsys.readouterr()
    titles = ["name", "direction", "scorer", "decoder", "parameters", "default", "test", "BLEU"]
    assert err.split() == titles
    for row in out.splitlines():  # every cell starts where its title does (numbers end there)
        assert row.index(" " + row.split()[1] + " ") + 1 == err.index("direction")
    marked = {line.split()[0] for line in out.splitlines() if " default " in line}
    directions = {info.direction for info in SHIPPED}
    assert marked == {default_checkpoint([i for i in SHIPPED if i.direction == d]).name
                      for d in directions}  # fmt: skip


def test_list_of_a_missing_folder_says_it_does_not_exist(tmp_path, capsys):
    assert main(["list", "--root", str(tmp_path / "missing")]) == 1
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and f"{tmp_path / 'missing'} does not exist" in err


# --- bad input: one line, a non-zero exit, before any work, nothing left behind ------------


def no_work(*args, **kwargs):
    raise AssertionError("work started before the input was checked")


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--max-steps", "-5"], "--max-steps: must be a whole number >= 0; got '-5'"),
        (["--max-minutes", "-1"], "--max-minutes: must be a finite number >= 0"),
        (["--lr", "inf"], "--lr: must be a finite number in (0, 1]; got 'inf'"),
        (["--lr", "nan"], "--lr: must be a finite number in (0, 1]"),
        (["--eval-sentences", "0"], "--eval-sentences: must be a whole number >= 1"),
        (["--threads", "-3"], "--threads: must be a whole number >= 0"),
        (["--dropout", "1"], "--dropout: must be a finite number in [0, 1)"),
        (["--vocab-size", "4"], "--vocab-size: must be a whole number in [5, 64000]"),
    ],
)
def test_a_train_number_out_of_range_is_refused_before_the_run_folder_exists(
    tmp_path, toy_corpus, monkeypatch, capsys, flags, named
):
    monkeypatch.setattr("nmt_core.learning.training.train", no_work)
    out = tmp_path / "run"
    with pytest.raises(SystemExit) as stopped:
        main(["train", *toy_run(toy_corpus, out), *flags])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and named in error and "Traceback" not in error, error
    assert not out.exists()


def toy_run(corpus: Path, out: Path) -> list[str]:
    """Flags of a tiny run on the toy corpus (cheap, should a check let it start)."""
    return ["--corpus", str(corpus), "--output-dir", str(out), "--kinds", "sentence",
            "--dev-size", "20", "--test-size", "20", "--max-steps", "2", "--vocab-size", "40",
            "--eval-sentences", "5"]  # fmt: skip


@pytest.mark.parametrize(
    ("train", "named"),
    [
        ({"max_steps": -5}, "max_steps must be a whole number >= 0; got -5"),
        ({"lr": math.inf}, "lr must be a finite number in (0, 1]; got inf"),
        ({"eval_sentences": 0}, "eval_sentences must be a whole number >= 1; got 0"),
    ],
)
def test_a_config_files_number_out_of_range_is_refused_too(
    tmp_path, toy_corpus, monkeypatch, capsys, train, named
):
    monkeypatch.setattr("nmt_core.learning.training.train", no_work)
    config = tmp_path / "recipe.json"
    config.write_text(json.dumps({"train": train}))
    out = tmp_path / "run"
    budget = toy_run(toy_corpus, out)[:-6]  # without --max-steps and the rest: they would win
    argv = ["train", *budget, "--config", str(config)]
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and named in error, error
    assert not out.exists()


def test_a_vocabulary_too_small_for_the_corpus_is_one_line_and_leaves_no_folder(
    tmp_path, toy_corpus, capsys
):
    out = tmp_path / "runs" / "tiny"
    assert main(["train", *toy_run(toy_corpus, out), "--vocab-size", "5"]) == 2
    error = capsys.readouterr().err.splitlines()[-1]
    assert "vocab_size 5 is too small for this corpus" in error and "need at least" in error
    assert not (tmp_path / "runs").exists()


@pytest.fixture
def pairs_and_gold(tmp_path: Path) -> tuple[Path, Path]:
    tsv, gold = tmp_path / "pairs.tsv", tmp_path / "gold.pharaoh"
    tsv.write_text("Der Hund schläft .\tThe dog sleeps .\n", encoding="utf-8")
    gold.write_text("0-0 1-1\n", encoding="utf-8")
    return tsv, gold


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["train", "--config", "{folder}"], "--config: {folder} is a folder, not a file"),
        (["evaluate", "--tsv", "{tsv}", "--output", "{folder}"], "--output: {folder} is a folder"),
        (["evaluate", "--tsv", "{tsv}", "--stats", "{folder}"], "--stats: {folder} is a folder"),
        (["align", "--tsv", "{tsv}", "--output", "{folder}"], "--output: {folder} is a folder"),
        (["align", "--tsv", "{tsv}", "--gold", "{folder}"], "--gold: {folder} is a folder"),
        (["align", "--tsv", "{tsv}", "--gold", "{latin1}"], "--gold: {latin1} is not UTF-8"),
        (["tokenizer", "--output", "{folder}"], "--output: {folder} is a folder"),
        (["align", "--tsv", "{folder}/none.tsv"], "--tsv: {folder}/none.tsv does not exist"),
    ],
)
def test_a_file_that_cannot_be_used_is_named_before_any_work(
    tmp_path, pairs_and_gold, monkeypatch, capsys, argv, named
):
    for work in ("evaluate.load_checkpoint", "align.load_checkpoint", "train.command_tokenizer",
                 "train.command_train"):  # fmt: skip
        monkeypatch.setattr(f"nmt_core.cli.{work}", no_work)
    folder = tmp_path / "a folder"
    folder.mkdir()
    latin1 = tmp_path / "gold-latin1.pharaoh"
    latin1.write_bytes("0-0 # Hündin\n".encode("latin-1"))
    paths = {"folder": folder, "tsv": pairs_and_gold[0], "latin1": latin1}
    assert main([part.format(**paths) for part in argv]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and named.format(**paths) in error, error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a folder", "gold-latin1.pharaoh",
                                                          "gold.pharaoh", "pairs.tsv"]  # fmt: skip


@pytest.mark.parametrize("path", ["/dev/zero", "fifo"])
def test_a_pipe_or_a_device_as_an_input_file_is_one_line_not_a_hang(
    toy_checkpoint, tmp_path, capsys, path
):
    import os

    if path == "fifo":
        path = str(tmp_path / "fifo")
        os.mkfifo(path)
    argv = ["evaluate", "--checkpoint", str(toy_checkpoint), "--tsv", path]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert "not a regular file" in err and path in err and len(err.splitlines()) == 1


def hostile_inputs(tmp_path: Path) -> dict[str, tuple[list[str], str]]:
    """argv (with the run folder to be left unmade) and a word the one line must hold."""
    text = tmp_path / "notes.txt"
    text.write_text("not a model\n")
    deep = tmp_path / "deep.json"
    deep.write_text('{"train": ' + "[" * 100_000 + "]" * 100_000 + "}")
    probes = tmp_path / "probes.tsv"
    probes.write_text("no tab on this line\n")
    run = ["--output-dir", str(tmp_path / "run"), "--max-steps", "1"]
    return {
        "beam of a billion": (["translate", "--beam", "1000000000", "Hallo."], "--beam"),
        "hidden size 200000": (["train", "--hidden-size", "200000", *run], "--hidden-size"),
        "lr 1e30": (["train", "--lr", "1e30", *run], "--lr"),
        "tokenizer a folder": (["train", "--tokenizer", str(tmp_path), *run], "folder"),
        "tokenizer a text file": (["train", "--tokenizer", str(text), *run], "sentencepiece"),
        "config nested deeply": (["train", "--config", str(deep), *run], "nested"),
        "probes without pairs": (["train", "--probes", str(probes), *run], "--probes"),
        "list of a file": (["list", "--root", str(text)], "is a file"),
    }


@pytest.mark.parametrize(
    "case",
    ["beam of a billion", "hidden size 200000", "lr 1e30", "tokenizer a folder",
     "tokenizer a text file", "config nested deeply", "probes without pairs", "list of a file"],
)  # fmt: skip
def test_a_hostile_value_is_one_line_before_any_work_and_leaves_nothing(tmp_path, capsys, case):
    argv, word = hostile_inputs(tmp_path)[case]
    try:
        code = main(argv)
    except SystemExit as stop:  # argparse's own refusal
        code = stop.code
    assert code != 0
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and word in err and "Traceback" not in err, err
    assert not (tmp_path / "run").exists()


def test_eflomal_priors_of_a_folder_with_malformed_metadata_is_one_line(
    toy_checkpoint, tmp_path, capsys
):
    import json
    import shutil

    bad = shutil.copytree(toy_checkpoint, tmp_path / "bad")
    settings = json.loads((bad / "config.json").read_text())
    settings["meta"]["train_config"] = []
    (bad / "config.json").write_text(json.dumps(settings))
    assert main(["eflomal-priors", "--checkpoint", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "train_config must be an object" in err, err

"""The command line's argument handling (nmt_core/__main__.py): a wrong flag gives one line
that names it, exit code 2, and no traceback; nothing is loaded before the flags are checked."""

from __future__ import annotations

import pytest
import torch

from nmt_core.__main__ import main


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["evaluate", "--checkpoint", "x", "--beam", "0"], "--beam: must be a whole number"),
        (["translate", "--checkpoint", "x", "--beam", "two", "Hallo"], "--beam"),
        (["translate", "--checkpoint", "x", "--device", "gpu", "Hallo"], "auto, cpu, cuda"),
        (["align", "--checkpoint", "x", "--tsv", "x", "--threshold", "7"], "(0, 1]"),
        (["align", "--checkpoint", "x", "--tsv", "x", "--threshold", "nan"], "(0, 1]"),
        (["average", "--run", "x", "--max-last", "-1"], "--max-last"),
        (["evaluate"], "required: --checkpoint"),
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
    from nmt_core.__main__ import build_parser
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

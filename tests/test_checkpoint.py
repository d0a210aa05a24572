"""Finding checkpoints (nmt_core/checkpoint.py): a folder that cannot be read is named, not a
crash; a checkpoint's name is its folder's, so a copy never shadows the original; a name or
the clone's spelling of a shipped checkpoint works from any directory."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nmt_core.__main__ import main
from nmt_core.checkpoint import (
    ROOT_VARIABLE,
    SHIPPED_ROOT,
    CheckpointError,
    checkpoint_folder,
    list_checkpoints,
    load_checkpoint,
    scan_checkpoints,
)
from nmt_core.folders import CONFIG, WEIGHTS


def refuse_reads_under(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Make ``folder`` behave as one this process may not read (chmod 000 for another user):
    looking into it or opening a file in it raises PermissionError. Monkeypatched, since CI
    runs as root, which reads a chmod 000 folder all the same."""

    def refuse(path: Path) -> None:
        if folder in Path(path).absolute().parents:
            raise PermissionError(13, "Permission denied", str(path))

    stat, open_file = Path.stat, Path.open
    monkeypatch.setattr(Path, "stat", lambda path, **kw: refuse(path) or stat(path, **kw))
    monkeypatch.setattr(
        Path, "open", lambda path, *a, **kw: refuse(path) or open_file(path, *a, **kw)
    )


@pytest.fixture
def root_with_an_unreadable_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Two checkpoint configs (all a listing reads), one of them in a folder it may not read."""
    for name in ("de-en-dot", "locked"):
        (tmp_path / name).mkdir()
        shutil.copy(SHIPPED_ROOT / "de-en-dot" / CONFIG, tmp_path / name / CONFIG)
    refuse_reads_under(monkeypatch, tmp_path / "locked")
    return tmp_path


def test_an_unreadable_folder_is_named_with_the_reason_not_a_crash(
    root_with_an_unreadable_folder, capsys
):
    root = root_with_an_unreadable_folder
    scan = scan_checkpoints(root)
    assert [info.name for info in scan.infos] == ["de-en-dot"]
    (problem,) = scan.problems
    assert str(root / "locked") in problem and "Permission denied" in problem
    assert [info.name for info in list_checkpoints(root)] == ["de-en-dot"]  # what the app uses
    assert main(["list", "--root", str(root)]) == 0
    out, err = capsys.readouterr()
    assert [line.split()[0] for line in out.splitlines()] == ["de-en-dot"]
    assert f"skipped: {root / 'locked'}" in err and "Permission denied" in err
    with pytest.raises(CheckpointError, match="cannot be read .Permission denied"):
        load_checkpoint(root / "locked")


@pytest.fixture
def root_with_a_broken_copy(tmp_path: Path) -> Path:
    """de-en-dot, and a copy of it (config and all: the same recorded name) whose weights were
    cut short, in a folder whose name sorts after the original's."""
    shutil.copytree(SHIPPED_ROOT / "de-en-dot", tmp_path / "de-en-dot")
    shutil.copytree(SHIPPED_ROOT / "de-en-dot", tmp_path / "de-en-dot-backup")
    with (tmp_path / "de-en-dot-backup" / WEIGHTS).open("r+b") as weights:
        weights.truncate(1000)
    return tmp_path


def test_a_copy_with_the_same_recorded_name_never_shadows_the_original(
    root_with_a_broken_copy, monkeypatch, capsys
):
    root = root_with_a_broken_copy
    infos = {info.name: info for info in list_checkpoints(root)}  # as the dashboard's menu
    assert list(infos) == ["de-en-dot", "de-en-dot-backup"]
    assert infos["de-en-dot"].path == root / "de-en-dot"
    monkeypatch.setenv(ROOT_VARIABLE, str(root))
    monkeypatch.chdir(root.parent)
    assert load_checkpoint(checkpoint_folder("de-en-dot")).path == root / "de-en-dot"
    assert main(["list"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == ["de-en-dot", "de-en-dot-backup"]  # rows that can be told apart
    with pytest.raises(CheckpointError, match="corrupt"):
        load_checkpoint(checkpoint_folder("de-en-dot-backup"))


def test_a_shipped_name_or_its_clone_path_is_found_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.delenv(ROOT_VARIABLE, raising=False)
    monkeypatch.chdir(tmp_path)
    for spelling in ("de-en-additive", "checkpoints/de-en-additive"):
        assert checkpoint_folder(spelling) == SHIPPED_ROOT / "de-en-additive", spelling
    (tmp_path / "checkpoints" / "de-en-additive").mkdir(parents=True)
    assert checkpoint_folder("checkpoints/de-en-additive") == Path("checkpoints/de-en-additive")
    assert checkpoint_folder("recipes") == Path("recipes")  # a folder, but no checkpoint
    from nmt_core.checkpoint import close_names  # (imported here: the old code had none)

    assert close_names("de-en-addtive")[0] == "de-en-additive"
    assert "recipes" not in close_names("recipe")


def with_meta(folder: Path, change) -> Path:
    """``folder``'s config.json with ``change(settings)`` applied (a hand-edited checkpoint)."""
    import json

    settings = json.loads((folder / CONFIG).read_text())
    change(settings)
    (folder / CONFIG).write_text(json.dumps(settings))
    return folder


BAD_META = {
    "guided alignment '0,5'": lambda s: s["meta"]["train_config"].update(guided_alignment="0,5"),
    "guided alignment null": lambda s: s["meta"]["train_config"].update(guided_alignment=None),
    "train_config a list": lambda s: s["meta"].update(train_config=[]),
    "no direction": lambda s: s["meta"].pop("direction"),
    "direction unknown": lambda s: s["meta"].update(direction="de-fr"),
    "test_bleu a word": lambda s: s["meta"].update(test_bleu="high"),
    "default a word": lambda s: s["meta"].update(default="yes"),
    "parameters negative": lambda s: s["meta"].update(parameters=-3),
    "meta a list": lambda s: s.update(meta=[]),
    "deeply nested": lambda s: s["meta"].update(notes=[[[[[]]]]]),
}


@pytest.mark.parametrize("kind", BAD_META)
def test_one_hand_edited_folder_is_skipped_with_its_reason_and_the_rest_listed(
    toy_checkpoint, tmp_path, kind, capsys
):
    shutil.copytree(toy_checkpoint, tmp_path / "good")
    bad = with_meta(shutil.copytree(toy_checkpoint, tmp_path / "bad"), BAD_META[kind])
    if kind == "deeply nested":  # deeper than json's recursion limit
        (bad / CONFIG).write_text('{"model": {}, "meta": ' + "[" * 100_000 + "]" * 100_000 + "}")
    scan = scan_checkpoints(tmp_path)
    assert [info.name for info in scan.infos] == ["good"]
    assert len(scan.problems) == 1 and str(bad) in scan.problems[0]
    if kind != "no direction":  # a folder given by path needs no direction to translate
        with pytest.raises(CheckpointError, match="bad"):
            load_checkpoint(bad)
    assert main(["list", "--root", str(tmp_path)]) == 0
    assert "good" in capsys.readouterr().out


def test_a_config_claiming_huge_sizes_is_refused_before_anything_is_allocated(
    toy_checkpoint, tmp_path
):
    # hidden_size 200000 would need hundreds of GB: the shapes are compared first
    huge = with_meta(
        shutil.copytree(toy_checkpoint, tmp_path / "huge"),
        lambda s: s["model"].update(hidden_size=200_000, embed_size=100_000),
    )
    with pytest.raises(CheckpointError, match="do not match the config"):
        load_checkpoint(huge)


def test_a_named_pipe_as_config_is_refused_not_waited_on(toy_checkpoint, tmp_path):
    import os
    import threading

    piped = shutil.copytree(toy_checkpoint, tmp_path / "piped")
    (piped / CONFIG).unlink()
    os.mkfifo(piped / CONFIG)
    found: list = []
    scan = threading.Thread(target=lambda: found.append(scan_checkpoints(tmp_path)), daemon=True)
    scan.start()
    scan.join(timeout=20)
    assert found, "the listing waited on the pipe"
    assert found[0].infos == [] and "not a regular file" in found[0].problems[0]


def test_two_defaults_of_one_direction_are_said_with_the_one_used(toy_checkpoint, tmp_path, capsys):
    # a copied default kept its mark, and one of the two was used without a word
    for name in ("toy-b", "toy-a"):
        with_meta(
            shutil.copytree(toy_checkpoint, tmp_path / name),
            lambda s: s["meta"].update(default=True, direction="de-en"),
        )
    scan = scan_checkpoints(tmp_path)
    assert [info.name for info in scan.infos] == ["toy-a", "toy-b"] and not scan.problems
    assert scan.warnings == [
        'toy-a, toy-b are all marked the default de-en model: toy-a is used (set "default": '
        "false in the others' config.json)"
    ]
    assert main(["list", "--root", str(tmp_path)]) == 0
    assert "warning: toy-a, toy-b are all marked the default de-en model" in capsys.readouterr().err


def test_a_link_that_leads_nowhere_is_listed_as_skipped(toy_checkpoint, tmp_path):
    # a loop of links once vanished from the listing without a word
    shutil.copytree(toy_checkpoint, tmp_path / "good")
    (tmp_path / "loop-a").symlink_to(tmp_path / "loop-b")
    (tmp_path / "loop-b").symlink_to(tmp_path / "loop-a")
    scan = scan_checkpoints(tmp_path)
    assert [info.name for info in scan.infos] == ["good"]
    assert scan.problems == [
        f"{tmp_path / name} is a link that leads to no folder" for name in ("loop-a", "loop-b")
    ]

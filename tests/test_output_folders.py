"""Commands that write a checkpoint (export, average, train's latest/ and best/) write into a
new folder, an empty one or a checkpoint folder, and refuse anything else in one line before
any work: nothing of the user's is renamed or deleted (nmt_core.checkpoint.writing_problem)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from nmt_core.__main__ import main
from nmt_core.checkpoint import CheckpointError, load_checkpoint, save_checkpoint
from nmt_core.folders import writing_problem


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` (relative name -> bytes): what must survive a refusal."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in folder.rglob("*") if p.is_file()}


@pytest.fixture
def lessons(tmp_path: Path) -> Path:
    """A teacher's own folder, with a file and a sub-folder in it."""
    folder = tmp_path / "my-lessons"
    (folder / "week-1").mkdir(parents=True)
    (folder / "plan.txt").write_text("Bahdanau on Monday\n")
    (folder / "week-1" / "slides.md").write_text("# attention\n")
    return folder


def refused(argv: list[str], capsys: pytest.CaptureFixture, names: str) -> str:
    """Run the command; assert rc 2 and one line on stderr naming ``names``; return it."""
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1, err
    assert names in err and "Traceback" not in err
    return err


def test_export_over_a_users_folder_is_refused_and_deletes_nothing(toy_checkpoint, lessons, capsys):
    before = tree(lessons.parent)
    err = refused(
        ["export", "--checkpoint", str(toy_checkpoint), "--output", str(lessons)],
        capsys,
        "--output",
    )
    assert "plan.txt" in err and "new folder" in err
    assert tree(lessons.parent) == before  # no .old, no .tmp, every file kept


def test_export_over_the_folder_of_all_checkpoints_is_refused(toy_checkpoint, tmp_path, capsys):
    root = tmp_path / "checkpoints"
    for name in ("de-en-dot", "en-de-dot"):
        shutil.copytree(toy_checkpoint, root / name)
    before = tree(root)
    refused(["export", "--checkpoint", str(toy_checkpoint), "--output", str(root)], capsys, "de-en")
    assert tree(root) == before


def test_export_onto_a_file_is_refused_and_the_file_keeps_its_name(
    toy_checkpoint, tmp_path, capsys
):
    file = tmp_path / "notes.txt"
    file.write_text("mine\n")
    refused(["export", "--checkpoint", str(toy_checkpoint), "--output", str(file)], capsys, "file")
    assert file.read_text() == "mine\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_export_under_a_file_or_to_the_current_folder_is_one_line(
    toy_checkpoint, tmp_path, capsys, monkeypatch
):
    file = tmp_path / "notes.txt"
    file.write_text("mine\n")
    refused(
        ["export", "--checkpoint", str(toy_checkpoint), "--output", str(file / "x")], capsys, "file"
    )
    monkeypatch.chdir(tmp_path)
    err = refused(["export", "--checkpoint", str(toy_checkpoint), "--output", "."], capsys, ".")
    assert "empty name" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_export_writes_a_new_folder_and_replaces_its_own_checkpoint(
    toy_checkpoint, tmp_path, capsys
):
    out = tmp_path / "shipped" / "toy"
    for _ in range(2):  # new, then over the checkpoint it wrote
        assert main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(out)]) == 0
        assert load_checkpoint(out).meta["name"] == "toy"
    assert sorted(p.name for p in out.parent.iterdir()) == ["toy"]
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main(["export", "--checkpoint", str(toy_checkpoint), "--output", str(empty)]) == 0


def test_average_over_a_users_folder_is_refused_before_the_dev_decoding(
    toy_checkpoint, lessons, capsys, monkeypatch
):
    import nmt_core.learning.averaging as averaging

    def no_ranking(*args, **kwargs):
        raise AssertionError("ranked the candidates before refusing the folder")

    monkeypatch.setattr(averaging, "rank_candidates", no_ranking)
    before = tree(lessons.parent)
    run = toy_checkpoint.parent
    refused(["average", "--run", str(run), "--output", str(lessons)], capsys, "plan.txt")
    assert tree(lessons.parent) == before


def test_train_into_a_file_is_one_line(tmp_path, capsys):
    file = tmp_path / "run"
    file.write_text("mine\n")
    refused(["train", "--output-dir", str(file), "--max-steps", "1"], capsys, "--output-dir")
    assert file.read_text() == "mine\n"


def test_a_write_never_empties_a_users_folder_beside_it(toy_model, tmp_path):
    """The write's own siblings (NAME.tmp, NAME.old) are the user's when they hold other files."""
    for sibling in ("toy.tmp", "toy.old"):
        kept = tmp_path / sibling
        kept.mkdir()
        (kept / "essay.txt").write_text("mine\n")
        with pytest.raises(CheckpointError, match="essay.txt"):
            save_checkpoint(tmp_path / "toy", toy_model.model, toy_model.tokenizer, {})
        assert (kept / "essay.txt").read_text() == "mine\n"
        assert not (tmp_path / "toy").exists()
        shutil.rmtree(kept)


@pytest.mark.parametrize("make", ["link", "subfolder"])
def test_a_checkpoint_folder_with_more_in_it_is_not_replaced(toy_checkpoint, tmp_path, make):
    folder = tmp_path / "copy"
    shutil.copytree(toy_checkpoint, folder)
    if make == "link":
        (folder / "spare").symlink_to(toy_checkpoint)
    else:
        (folder / "old-runs").mkdir()
    assert writing_problem(folder) is not None
    assert writing_problem(toy_checkpoint) is None  # a checkpoint's own files only: replaceable

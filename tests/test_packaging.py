"""The package people install: pyproject and requirements agree, the console scripts, the
server settings `attention-lab` passes, and a real install used from outside the clone."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from dashboard import launch, server
from nmt_core import checkpoint

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
REQUIREMENT = re.compile(r"^([A-Za-z0-9_.-]+)\s*([<>=!~].*)?$")


def requirement_lines(path: Path) -> dict[str, str]:
    """{name: specifier} of a requirements file, comments and blank lines skipped."""
    found = {}
    for line in path.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line and not line.startswith("-"):
            name, specifier = REQUIREMENT.fullmatch(line).groups()
            found[name.lower()] = (specifier or "").replace(" ", "")
    return found


def as_dict(requirements: list[str]) -> dict[str, str]:
    pairs = (REQUIREMENT.fullmatch(r.replace(" ", "")).groups() for r in requirements)
    return {name.lower(): specifier or "" for name, specifier in pairs}


def test_requirements_txt_lists_what_pyproject_lists_with_the_same_floors():
    declared = as_dict(PYPROJECT["dependencies"]) | as_dict(
        PYPROJECT["optional-dependencies"]["test"]
    )
    assert requirement_lines(REPO / "requirements.txt") == declared
    runtime = as_dict(PYPROJECT["dependencies"])
    assert not {"pytest", "ruff", "playwright", "hypothesis"} & set(runtime)  # extras only
    pinned = requirement_lines(REPO / "constraints.txt")
    for name in set(declared) - {"torch"}:  # torch: pinned by the install command (CPU or CUDA)
        assert pinned.get(name, "").startswith("=="), f"{name} is not pinned in constraints.txt"
    assert "torch" not in pinned


def test_the_changelogs_newest_release_is_the_packages_version():
    released = re.findall(r"^## (\d+\.\d+\.\d+) \(\d{4}-\d\d-\d\d\)$",
                          (REPO / "CHANGELOG.md").read_text(), flags=re.MULTILINE)  # fmt: skip
    assert released and released[0] == PYPROJECT["version"], released


def test_console_scripts_name_functions_that_exist():
    scripts = PYPROJECT["scripts"]
    assert set(scripts) == {"attention-lab", "nmt-core"}
    for target in scripts.values():
        module, function = target.split(":")
        assert callable(getattr(__import__(module, fromlist=[function]), function))


@pytest.mark.slow  # a subprocess that imports the whole model stack
def test_the_server_binds_localhost_unless_asked_and_keeps_its_settings_anywhere():
    local = launch.streamlit_command(launch.build_parser().parse_args([]))
    assert "--server.address=127.0.0.1" in local
    for setting in (
        "--browser.gatherUsageStats=false",
        "--server.enableXsrfProtection=true",
        "--server.headless=true",
        f"--server.maxUploadSize={launch.DEFAULT_MAX_UPLOAD_MB}",
        "--runner.postScriptGC=false",  # a full GC after every run stalled every session
    ):
        assert setting in local
    assert local[1:3] == ["-m", "dashboard.server"]  # streamlit run, model stack imported early
    assert server.APP == REPO / "dashboard" / "app.py" and server.APP.is_absolute()
    warm = subprocess.run(
        [sys.executable, "-c", "import sys, dashboard.server as s; s._import_model_stack(); "
         "print(all(m in sys.modules for m in s.MODEL_STACK))"],
        capture_output=True, text=True, cwd=REPO, check=True,
    )  # fmt: skip
    assert warm.stdout.strip() == "True"
    lan = launch.streamlit_command(launch.build_parser().parse_args(["--lan", "--port", "9000"]))
    assert f"--server.address={launch.EVERY_INTERFACE}" in lan and "--server.port=9000" in lan
    assert launch.ROOT_VARIABLE == checkpoint.ROOT_VARIABLE


def test_bad_server_flags_give_one_line(tmp_path, capsys):
    assert launch.main(["--checkpoints", str(tmp_path / "missing")]) == 2
    assert "no such folder" in capsys.readouterr().err
    assert launch.main(["--max-upload-mb", "0"]) == 2
    assert launch.main(["--workers", "-1"]) == 2
    assert "--workers cannot be negative" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        launch.main(["--port", "eighty"])
    assert stopped.value.code == 2


def test_a_shipped_checkpoint_loads_by_name_from_any_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert checkpoint.checkpoint_folder("de-en-dot") == checkpoint.SHIPPED_ROOT / "de-en-dot"
    assert checkpoint.checkpoint_folder("nothing-here") == Path("nothing-here")


@pytest.mark.slow
def test_pip_install_gives_commands_that_work_outside_the_clone(tmp_path):
    """A wheel built from the clone, installed into a fresh environment (its dependencies
    taken from this one), then used from a directory that is not the clone."""
    source, wheels = tmp_path / "source", tmp_path / "wheels"
    skipped = shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", "runs", "runs-*"
    )
    shutil.copytree(REPO, source, ignore=skipped)  # builds write into the tree: not the clone's
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(wheels), str(source)],
        check=True, timeout=300, cwd=tmp_path,
    )  # fmt: skip
    site = tmp_path / "site"  # a fresh install of the wheel alone; its dependencies: ours
    (wheel,) = wheels.glob("*.whl")
    pip = [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(site)]
    subprocess.run([*pip, str(wheel)], check=True, timeout=300)
    bin_dir = site / "bin"
    away = tmp_path / "elsewhere"
    away.mkdir()
    clean = {k: v for k, v in os.environ.items() if k != checkpoint.ROOT_VARIABLE}
    clean["PYTHONPATH"] = str(site)

    def run(*command: str) -> str:
        done = subprocess.run(
            command, cwd=away, env=clean, capture_output=True, text=True, timeout=300
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    listed = run(str(bin_dir / "nmt-core"), "list")
    shipped = {p.parent.name for p in (REPO / "checkpoints").glob("*/config.json")}
    assert "de-en-dot" in shipped  # every shipped model, of both directions, is in the wheel
    assert {line.split()[0] for line in listed.splitlines()} == shipped
    assert str(REPO) not in run(
        sys.executable, "-c", "import nmt_core.checkpoint as c; print(c.SHIPPED_ROOT)"
    )  # the installed copy of the models, not the clone's
    translated = run(
        str(bin_dir / "nmt-core"), "translate", "--checkpoint", "de-en-dot", "--quiet", "Hallo."
    )
    assert translated.strip()
    assert "--lan" in run(str(bin_dir / "attention-lab"), "--help")
    # every module of the clone is in the wheel (pyproject lists packages by name): each one
    # imports from the install (the page scripts and app.py run only under Streamlit)
    modules = sorted(
        ".".join(path.relative_to(REPO).with_suffix("").parts).removesuffix(".__init__")
        for top in ("nmt_core", "everyday", "dashboard")
        for path in (REPO / top).rglob("*.py")
        if "app_pages" not in path.parts and path.name != "app.py"
    )
    check = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    module = importlib.import_module(name)\n"
        f"    assert {str(site)!r} in module.__file__, module.__file__\n"
        "print(len(sys.modules))"
    )
    assert int(run(sys.executable, "-c", check)) > len(modules)
    # the exported lesson's KaTeX (package data): its script and every font, from the install
    fonts = "from dashboard import figures; print(figures.page('t', []).count('font/woff2;'))"
    assert int(run(sys.executable, "-c", fonts)) == 20

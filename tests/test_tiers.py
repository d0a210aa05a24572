"""The tests come in tiers (docs/install.md): every marker pyproject.toml registers is used, and
the fast tier's command, as docs/install.md gives it, leaves out every test that drives
Chromium."""

from __future__ import annotations

import ast
import re
import shlex
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
TESTS = REPO / "tests"
# What a test drives Chromium through (tests/live_server.py): its path and playwright's launcher.
BROWSER_NAMES = {"CHROMIUM", "sync_playwright"}


def registered_markers() -> set[str]:
    settings = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]
    return {line.split(":", 1)[0].strip() for line in settings["ini_options"]["markers"]}


def used_markers() -> set[str]:
    """The names X of every ``pytest.mark.X`` in the test modules."""
    used = set()
    for module in TESTS.glob("test_*.py"):
        for node in ast.walk(ast.parse(module.read_text())):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "mark"
            ):
                used.add(node.attr)
    return used


def test_every_registered_marker_is_used_and_strict():
    registered = registered_markers()
    assert registered == {"browser", "training", "slow"}
    assert registered <= used_markers(), f"registered but never used: {registered - used_markers()}"
    settings = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]
    assert "--strict-markers" in settings["ini_options"]["addopts"].split()


def names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)} | {
        n.attr for n in ast.walk(node) if isinstance(n, ast.Attribute)
    }


def browser_tests(module: Path) -> set[str]:
    """The test functions of ``module`` that reach Chromium: by their own code, their decorators,
    or a function or fixture of the module that they call or take (followed to any depth); all of
    them when the module's own top-level code names Chromium (a module-level skip)."""
    tree = ast.parse(module.read_text())
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    tests = {name for name in functions if name.startswith("test_")}
    top_level = [n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ImportFrom)]
    if any(BROWSER_NAMES & names_in(n) for n in top_level):
        return tests

    def reaches(name: str, seen: set[str]) -> bool:
        seen.add(name)
        node = functions[name]
        found = names_in(node) | {a.arg for a in node.args.args}
        if BROWSER_NAMES & found:
            return True
        return any(reaches(other, seen) for other in found & functions.keys() - seen)

    return {name for name in tests if reaches(name, set())}


def fast_tier_command() -> list[str]:
    """The fast tier's pytest command as docs/install.md gives it, as words."""
    install = (REPO / "docs" / "install.md").read_text()
    lines = [line for line in install.splitlines() if line.startswith("python -m pytest -m ")]
    assert len(lines) == 1, "docs/install.md gives one fast-tier command"
    return shlex.split(lines[0])


def collected(words: list[str], modules: list[Path]) -> set[str]:
    """The test ids (parameters dropped) that ``words`` would run of ``modules``."""
    done = subprocess.run(
        [sys.executable, *words[1:], "--collect-only", "-q", "-p", "no:cacheprovider"]
        + [str(m.relative_to(REPO)) for m in modules],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 5), done.stdout + done.stderr  # 5: nothing collected
    ids = (line.split("[", 1)[0] for line in done.stdout.splitlines())
    return {i for i in ids if re.match(r"tests/test_\w+\.py::", i)}


@pytest.mark.slow  # collects the suite three times in Pythons of their own
def test_the_fast_tier_leaves_out_every_test_that_drives_chromium():
    found = {m: browser_tests(m) for m in sorted(TESTS.glob("test_*.py"))}
    found = {m: names for m, names in found.items() if names}
    modules = {m.name for m in found}
    assert {"test_dashboard_browser.py", "test_colours_in_the_browser.py"} <= modules
    expected = {f"tests/{m.name}::{name}" for m, names in found.items() for name in names}

    command = fast_tier_command()
    assert command[:4] == ["python", "-m", "pytest", "-m"], command
    assert {"browser", "training", "slow"} <= set(re.findall(r"\w+", command[4]))
    kept = collected(command, list(found))
    assert not expected & kept, f"the fast tier runs Chromium in {sorted(expected & kept)}"
    # and the browser marker selects them all (where the module collects: a module without
    # /usr/bin/chromium skips itself as a whole)
    marked = collected(["python", "-m", "pytest", "-m", "browser"], list(found))
    everything = collected(["python", "-m", "pytest"], list(found))
    assert expected & everything <= marked, sorted(expected & everything - marked)

"""The README tells the truth: its module list is the code's, its Python runs, its test command
is what CI runs, and every page it links exists. The same for docs/cli.md against the parser."""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text()
DOCS = REPO / "docs"
CPU_TORCH = "pip install torch --index-url https://download.pytorch.org/whl/cpu"

# "- `nmt_core/text/`: `data` (...), `tokenization` (...)": a package's folder, then its modules
# in backticks; the bullet goes on over lines indented by two spaces.
BULLET = re.compile(
    r"^- `((?:nmt_core|everyday|dashboard)(?:/\w+)*)/`:(.*(?:\n  .*)*)", re.MULTILINE
)
NAME = re.compile(r"`([A-Za-z_]\w*)`")


def readme_modules() -> dict[str, set[str]]:
    """{package folder: the module names its README bullet gives}."""
    return {folder: set(NAME.findall(rest)) for folder, rest in BULLET.findall(README)}


def code_modules() -> dict[str, set[str]]:
    """{package folder: its modules on disk}, for nmt_core, everyday, dashboard and their
    sub-packages."""
    found = {}
    for top in ("nmt_core", "everyday", "dashboard"):
        for init in (REPO / top).rglob("__init__.py"):
            folder = init.parent
            names = {f.stem for f in folder.glob("*.py") if f.name != "__init__.py"}
            found[folder.relative_to(REPO).as_posix()] = names
    return found


def test_the_readme_names_every_module_and_no_module_that_is_gone():
    listed, on_disk = readme_modules(), code_modules()
    assert {"nmt_core", "nmt_core/network", "everyday", "dashboard", "dashboard/app_pages"} <= set(
        on_disk
    )
    assert set(listed) == set(on_disk), "README packages differ from the code's"
    for folder, names in on_disk.items():
        assert listed[folder] == names, (
            f"{folder}/: missing from README {sorted(names - listed[folder])}, "
            f"named but not on disk {sorted(listed[folder] - names)}"
        )


def test_the_readme_python_example_runs_on_the_shipped_models():
    snippet = re.search(r"^```python\n(.*?)^```", README, re.MULTILINE | re.DOTALL).group(1)
    assert "from nmt_core.checkpoint import load_checkpoint" in snippet
    assert "from nmt_core.translate import translate" in snippet
    done = subprocess.run(
        [sys.executable, "-c", snippet], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "the README's example prints nothing"
    translation = done.stdout.splitlines()[0]
    assert re.search(r"[a-z]{2}", translation) and "Hund" not in translation  # English words


def shell_lines(text: str) -> list[str]:
    """The command lines of a README's ```sh blocks."""
    blocks = re.findall(r"^```sh\n(.*?)^```", text, re.MULTILINE | re.DOTALL)
    return [line for block in blocks for line in block.splitlines() if line.strip()]


def pip_and_pytest(commands: list[str]) -> list[list[str]]:
    """The pip and pytest steps of ``commands`` (each split on &&), as words: `python -m pip`
    read as `pip`, with the flags that only change what is printed (-q; pytest's cache
    provider) left out."""
    steps = []
    for command in commands:
        for step in command.split("&&"):
            words = shlex.split(step)
            if words[:3] == ["python", "-m", "pip"]:
                words = words[2:]
            if words[:1] == ["pip"] or words[:3] == ["python", "-m", "pytest"]:
                words = [w for w in words if w != "-q"]
                if "-p" in words and words[words.index("-p") + 1] == "no:cacheprovider":
                    del words[words.index("-p") : words.index("-p") + 2]
                steps.append(words)
    return steps


def ci_commands() -> list[str]:
    """.ci/run's command lines, comments dropped."""
    lines = (
        line.split("#", 1)[0].strip() for line in (REPO / ".ci" / "run").read_text().splitlines()
    )
    return [line for line in lines if line]


def test_the_readme_commands_install_torch_for_any_machine_and_ci_runs_the_test_command():
    lines = shell_lines(README)
    start = [line for line in lines if line.endswith("attention-lab")]
    tests = [line for line in lines if "pytest" in line]
    assert len(start) == 1 and len(tests) == 1, "one command starts the dashboard, one tests"
    for command in (start[0], tests[0]):  # from a fresh clone, on any Linux machine
        assert command.startswith("python3 -m venv .venv && . .venv/bin/activate && "), command
        assert f"&& {CPU_TORCH} &&" in command, command
    # CI: torch 2.13.0 first (the CPU build on its disk), then the README's command, whose
    # torch step then finds torch installed and asks no index
    ci = pip_and_pytest(ci_commands())
    assert ci[0] == ["pip", "install", "torch==2.13.0"]
    assert ci[1:] == pip_and_pytest(tests), "the README's test command is not what CI runs"
    assert "-p no:cacheprovider" in (REPO / ".ci" / "run").read_text()
    # and the system packages the README names for the tests are CI's
    assert apt_packages([line for line in lines if "apt-get install" in line]) - {
        "python3-venv"
    } == apt_packages(ci_commands())


def apt_packages(commands: list[str]) -> set[str]:
    """The packages that ``commands`` install with apt-get."""
    found = set()
    for command in commands:
        for step in command.split("&&"):
            words = shlex.split(step.split(">", 1)[0])
            if "apt-get" in words and "install" in words:
                found |= {w for w in words[words.index("install") + 1 :] if not w.startswith("-")}
    return found


def test_every_docs_page_is_linked_from_the_readme_and_every_link_resolves():
    linked = set(re.findall(r"\]\((docs/[^)#\s]+)", README))
    pages = {page.relative_to(REPO).as_posix() for page in DOCS.glob("*.md")}
    assert "docs/screenshot.png" in linked  # the picture
    assert pages and pages <= linked, f"docs pages the README does not link: {pages - linked}"
    for target in linked:
        assert (REPO / target).is_file(), target
    for page in DOCS.glob("*.md"):  # and the docs' own relative links
        for target in re.findall(r"\]\(([^)#\s:]+)", page.read_text()):
            assert (page.parent / target).exists(), f"{page.name}: {target}"


def subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return dict(actions[0].choices)


def test_the_cli_reference_has_every_command_and_option():
    from nmt_core.__main__ import build_parser

    reference = (DOCS / "cli.md").read_text()
    for name, parser in subcommands(build_parser()).items():
        assert f"### {name}\n" in reference, f"docs/cli.md has no section for {name}"
        section = reference.split(f"### {name}\n", 1)[1].split("\n### ", 1)[0]
        for action in parser._actions:
            for option in action.option_strings:
                if option.startswith("--"):
                    assert option in section, f"docs/cli.md, {name}: {option} is missing"

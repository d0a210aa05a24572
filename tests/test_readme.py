"""The README tells the truth: its Python runs, its test command is what CI runs, and every page
it links exists. The same for docs/cli.md against the parser, and for docs/code.md's module list
against the modules' docstrings."""

from __future__ import annotations

import argparse
import ast
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from nmt_core.checkpoint import direction_default

REPO = Path(__file__).resolve().parents[1]
README = (REPO / "README.md").read_text()
DOCS = REPO / "docs"
CPU_TORCH = "pip install torch --index-url https://download.pytorch.org/whl/cpu"


def test_the_readme_is_a_door_not_an_index():
    """What it is, the two commands, the pages and a short map of the packages; the module list
    lives in docs/code.md."""
    assert len(README.splitlines()) <= 120
    code = README.split("\n## The code\n", 1)[1].split("\n## ", 1)[0]
    assert len(code.strip().splitlines()) <= 15
    assert "](docs/code.md)" in code


@pytest.mark.slow  # a subprocess that loads a shipped model
def test_the_readme_python_example_runs_on_the_shipped_models():
    snippet = re.search(r"^```python\n(.*?)^```", README, re.MULTILINE | re.DOTALL).group(1)
    assert "from nmt_core.checkpoint import direction_default, load_checkpoint" in snippet
    assert "from nmt_core.translate import translate" in snippet
    done = subprocess.run(
        [sys.executable, "-c", snippet], cwd=REPO, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "the README's example prints nothing"
    name, translation = done.stdout.splitlines()[0].split(" ", 1)
    assert name == direction_default("de-en").name  # the model the dashboard opens on
    assert re.search(r"[a-z]{2}", translation) and "Hund" not in translation  # English words
    # a line per output word, each input word named beside its weight (no bare matrix)
    words = done.stdout.splitlines()[1:-1]
    assert words and all(re.search(r"Hund \d\.\d\d", line) for line in words)


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


CLI_REFERENCE = DOCS / "cli.md"
OPTIONS_HEADING = "## Every option\n"


def options_reference() -> str:
    """docs/cli.md's "Every option" section as the parser gives it: each command's ``--help``,
    100 columns wide."""
    from nmt_core.__main__ import build_parser

    parts = [
        OPTIONS_HEADING,
        "The `--help` of each command (`python -m nmt_core COMMAND --help`, 100 columns wide).\n",
    ]
    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"  # argparse wraps to the terminal's width
    try:
        for name, parser in subcommands(build_parser()).items():
            parts.append(f"### {name}\n\n```text\n{parser.format_help().rstrip()}\n```\n")
    finally:
        if columns is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = columns
    return "\n".join(parts)


def test_the_cli_reference_is_every_commands_help_as_the_parser_gives_it():
    written = CLI_REFERENCE.read_text().split(OPTIONS_HEADING, 1)
    assert len(written) == 2, "docs/cli.md has lost its option reference"
    assert OPTIONS_HEADING + written[1] == options_reference(), (
        "docs/cli.md's option reference is not the parser's: run `python tests/test_readme.py`"
    )


# Code map: docs/code.md's module list, checked against the modules' docstrings.
CODE_MAP = DOCS / "code.md"
MAP_START = (
    "<!-- The module list below is written by `python tests/test_readme.py`; do not edit it. -->"
)
MAP_END = "<!-- end of the module list -->"


def summary(path: Path) -> str:
    """The first sentence of a module's docstring, on one line, its Sphinx roles as plain code.
    A sentence ends at a full stop before a capital letter or the paragraph's end (not at "et
    al. 2016", "der 14. März" or a question that the next sentence answers)."""
    docstring = ast.get_docstring(ast.parse(path.read_text())) or ""
    paragraph = re.sub(r":\w+:`", "`", " ".join(docstring.split("\n\n")[0].split()))
    sentence = re.match(r".+?(?<!\d)(?<! al)\.(?=\s+[A-Z(]|$)", paragraph)
    return sentence.group(0) if sentence else paragraph


def module_list() -> str:
    """docs/code.md's module list as the code gives it: a heading per package (nmt_core,
    everyday, dashboard and their sub-packages) with what its ``__init__.py`` says, then each of
    its modules with its docstring's first sentence."""
    parts = []
    for top in ("nmt_core", "everyday", "dashboard"):
        for init in sorted((REPO / top).rglob("__init__.py")):
            folder = init.parent
            parts.append(f"### `{folder.relative_to(REPO).as_posix()}/`\n\n{summary(init)}\n")
            modules = sorted(f for f in folder.glob("*.py") if f.name != "__init__.py")
            parts.append("".join(f"- `{m.stem}`: {summary(m)}\n" for m in modules))
    return "\n".join(parts)


def test_docs_code_names_every_module_with_its_docstring():
    text = CODE_MAP.read_text()
    assert MAP_START in text and MAP_END in text, "docs/code.md has lost its module list"
    written = text.split(MAP_START, 1)[1].split(MAP_END, 1)[0].strip()
    for top in ("nmt_core", "everyday", "dashboard"):
        for init in (REPO / top).rglob("__init__.py"):
            assert summary(init), f"{init.parent.relative_to(REPO)}/__init__.py has no docstring"
    assert written == module_list().strip(), (
        "docs/code.md's module list is not the code's: run `python tests/test_readme.py`"
    )


if __name__ == "__main__":  # rewrite docs/code.md's module list and docs/cli.md's options
    head, rest = CODE_MAP.read_text().split(MAP_START, 1)
    tail = rest.split(MAP_END, 1)[1]
    CODE_MAP.write_text(f"{head}{MAP_START}\n\n{module_list()}\n{MAP_END}{tail}")
    head = CLI_REFERENCE.read_text().split(OPTIONS_HEADING, 1)[0]
    CLI_REFERENCE.write_text(head + options_reference())

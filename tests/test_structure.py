"""The shape of the library: imports point one way (no cycle, deferred imports included) and
functions stay short enough to read (issue 21). Read from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "nmt_core"
DASHBOARD = PACKAGE.parent / "dashboard"
LONGEST = 60  # lines, decorators and docstring included
ALLOWED_LONGER = {
    "search.beam_search": 100,  # splitting it would hurt reading
    # figure specs: one literal dict of traces and axes each, read top to bottom
    "figures.attention_heatmap": 70,
    "figures.training_curves": 66,
    "figures.beam_tree": 62,
    "figures.alignment_links": 73,
}


def import_graph() -> dict[str, set[str]]:
    """module -> the nmt_core modules it imports anywhere in its file."""
    graph: dict[str, set[str]] = {}
    for file in PACKAGE.glob("*.py"):
        imported = graph.setdefault(file.stem, set())
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("nmt_core"):
                parts = node.module.split(".")
                imported |= {parts[1]} if len(parts) > 1 else {a.name for a in node.names}
            elif isinstance(node, ast.Import):
                imported |= {
                    a.name.split(".")[1] for a in node.names if a.name.startswith("nmt_core.")
                }
    return graph


def test_no_import_cycle_in_nmt_core():
    graph = import_graph()
    assert {"scorers", "config", "training", "averaging"} <= set(graph)
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for other in sorted(graph.get(module, ())):
            assert state.get(other) != "open", f"import cycle: {' -> '.join([*path, other])}"
            if other not in state:
                visit(other, [*path, other])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert "training" not in graph["averaging"]  # the cycle of 2026-11-24, gone


def test_no_function_is_too_long_to_read():
    too_long = []
    for file in [*PACKAGE.glob("*.py"), *DASHBOARD.rglob("*.py")]:
        for node in ast.walk(ast.parse(file.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                name = f"{file.stem}.{node.name}"
                start = min([d.lineno for d in node.decorator_list] + [node.lineno])
                lines = node.end_lineno - start + 1
                if lines > ALLOWED_LONGER.get(name, LONGEST):
                    too_long.append(f"{name}: {lines} lines")
    assert not too_long

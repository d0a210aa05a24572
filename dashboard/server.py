"""The dashboard's server process: ``streamlit run dashboard/app.py``, with the model stack
imported while the server starts.

A page's first run imports torch, the model code, plotly and pandas: about 1.5 s on the
project's 2-core machine, which the first visitor used to wait for. Imported in a thread
beside Streamlit's own start-up instead, they are ready by the time a browser has loaded
Streamlit's page and asks for the first run (bench/dashboard_speed.py: server start to first
heatmap). The modules are the same ones a page imports, so nothing else changes.

    python -m dashboard.server [streamlit run options]      (what attention-lab runs)
"""

from __future__ import annotations

import importlib
import sys
import threading

from streamlit.web import cli

from dashboard.launch import APP

# What a page's first run would import, heaviest first (torch alone is about 1 s).
MODEL_STACK = ("torch", "nmt_core.translate", "nmt_core.analysis.alignment", "plotly.graph_objects",
               "pandas", "dashboard.state", "dashboard.widgets")  # fmt: skip


def _import_model_stack() -> None:
    for name in MODEL_STACK:
        importlib.import_module(name)


def main(options: list[str]) -> None:
    """Start the import thread, then Streamlit's ``run`` with ``options``; exits with it."""
    threading.Thread(target=_import_model_stack, name="import-model-stack", daemon=True).start()
    sys.argv = ["streamlit", "run", str(APP), *options]
    cli.main(prog_name="streamlit")


if __name__ == "__main__":
    main(sys.argv[1:])

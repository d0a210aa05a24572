"""The dashboard's server process: ``streamlit run dashboard/app.py``, with the model stack
imported while the server starts.

A page's first run imports torch, the model code, plotly and pandas: about 1.5 s on the
project's 2-core machine, which the first visitor used to wait for. Imported in a thread
beside Streamlit's own start-up instead, they are ready by the time a browser has loaded
Streamlit's page and asks for the first run (bench/dashboard_speed.py: server start to first
heatmap). The modules are the same ones a page imports, so nothing else changes.

    python -m dashboard.server [streamlit run options]      (what attention-lab runs)

Started by ``attention-lab``, it runs in a session of its own, out of reach of the terminal's
Ctrl-C: the launcher stops it. So that it never serves on with nobody left to stop it, it stops
itself as soon as the launcher is gone (killed with SIGKILL, say).

It asks no outside host anything (:func:`_no_outside_lookups`).
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
import threading
import time

from streamlit import net_util
from streamlit.web import cli

from dashboard.launch import APP, LAUNCHER_VARIABLE

LAUNCHER_CHECK_SECONDS = 1.0

# What a page's first run would import, heaviest first (torch alone is about 1 s).
MODEL_STACK = ("torch", "nmt_core.translate", "nmt_core.analysis.alignment", "plotly.graph_objects",
               "pandas", "dashboard.state.caches", "dashboard.widgets")  # fmt: skip


def _import_model_stack() -> None:
    for name in MODEL_STACK:
        importlib.import_module(name)


def _stop_without(launcher: int) -> None:
    """Stop this server as ``kill`` would (Streamlit stops cleanly on SIGTERM, and its workers
    with it) once ``launcher``, the process that started it, is no longer its parent."""
    while os.getppid() == launcher:
        time.sleep(LAUNCHER_CHECK_SECONDS)
    os.kill(os.getpid(), signal.SIGTERM)


def _no_public_address() -> None:
    """This machine's public address, as far as the server knows: unknown."""
    return None


def _no_outside_lookups() -> None:
    """Streamlit learns this machine's public address from an outside web service
    (``net_util.get_external_ip``): for the headless banner, which the launcher replaces, and
    to check the origin of a page that opens a WebSocket, where an origin that is not this
    machine's is refused all the same once the address is unknown. The dashboard promises that
    nothing leaves the machine, so the address stays unknown."""
    net_util.get_external_ip = _no_public_address


def main(options: list[str]) -> None:
    """Start the import thread, then Streamlit's ``run`` with ``options``; exits with it."""
    _no_outside_lookups()
    threading.Thread(target=_import_model_stack, name="import-model-stack", daemon=True).start()
    launcher = os.environ.pop(LAUNCHER_VARIABLE, None)
    if launcher:
        watch = threading.Thread(target=_stop_without, args=(int(launcher),), daemon=True)
        watch.start()
    sys.argv = ["streamlit", "run", str(APP), *options]
    cli.main(prog_name="streamlit")


if __name__ == "__main__":
    main(sys.argv[1:])

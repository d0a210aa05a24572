"""Run the dashboard on a free localhost port for a browser to drive (tests and benchmarks).

Standard library only, so a benchmark can use it without importing the model stack.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from dashboard.launch import LOCAL, ROOT_VARIABLE, default_workers, server_flags
from nmt_core.serving.workers import WORKERS_VARIABLE

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"  # Debian's package; never a browser downloaded at run time
# Without the background-networking flags Chromium keeps trying to reach Google's hosts.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def playwright_or_skip() -> ModuleType:
    """playwright's sync API for a browser test module, which is skipped as a whole (call it at
    the module's top) when Debian's Chromium or playwright is missing."""
    import pytest

    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (apt-get install -y chromium)", allow_module_level=True)
    return pytest.importorskip("playwright.sync_api", reason="pip install playwright")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_dashboard(
    checkpoints: Path, log_path: Path, timeout: float = 120.0, poll: float = 0.5
) -> Iterator[tuple[str, subprocess.Popen]]:
    """The dashboard on a free 127.0.0.1 port with ``attention-lab``'s settings, reading
    ``checkpoints``.

    Yields (URL, server process) once the health check answers (asked every ``poll`` seconds);
    stops the server in all cases.
    """
    port = free_port()
    # the settings `attention-lab` starts a classroom server with, bound to 127.0.0.1
    command = [sys.executable, "-m", "dashboard.server", *server_flags(LOCAL, port)]
    # and its translation workers, unless the caller's environment sets another count
    env = {WORKERS_VARIABLE: str(default_workers()), **os.environ, ROOT_VARIABLE: str(checkpoints)}
    url = f"http://127.0.0.1:{port}"
    with log_path.open("w") as log:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT)
        try:
            _wait_until_healthy(url, process, time.monotonic() + timeout, log_path, poll)
            yield url, process
        finally:
            process.terminate()
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_until_healthy(
    url: str, process: subprocess.Popen, deadline: float, log: Path, poll: float
) -> None:
    while True:
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
                if answer.status == 200:
                    return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"streamlit did not start; see {log}") from None
            time.sleep(poll)

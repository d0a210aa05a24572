"""`attention-lab` as a teacher runs it: it says where to open the dashboard (a taken port
instead, in one line; with --lan this computer's addresses, never 0.0.0.0)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from dashboard import launch
from dashboard.serve import free_port

REPO = Path(__file__).resolve().parents[1]
WORKERS = 2
START_SECONDS = 180  # the server's start and a first page on a busy 2-core machine
STOP_SECONDS = 30  # for everything to be gone once it is asked to stop
# What a teacher reads as a crash (or the server printing where nobody can connect).
NOT_IN_THE_TERMINAL = ("Traceback", "ScriptRunContext", "No runtime found", "leaked semaphore",
                       "KeyboardInterrupt", "0.0.0.0")  # fmt: skip


def wait_until(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def taken_port() -> socket.socket:
    """A socket listening on a free 127.0.0.1 port: that port is taken while it is open."""
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    return holder


def test_a_taken_port_is_said_in_one_line_before_any_url():
    with taken_port() as holder:
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "dashboard.launch", "--port", str(port), "--workers", "0"],
            cwd=REPO, capture_output=True, text=True, timeout=120,
        )  # fmt: skip
    assert done.returncode != 0
    assert done.stdout == ""  # no URL that leads nowhere
    (line,) = done.stderr.strip().splitlines()
    assert f"Port {port} is not available" in line and "--port" in line


def test_lan_addresses_are_this_computers_and_never_loopback():
    addresses = launch.lan_addresses()
    for address in addresses:
        assert not address.startswith(("127.", "0.")), addresses
        with socket.socket() as probe:  # binding sends nothing: it only proves the address is ours
            probe.bind((address, 0))
    assert addresses == sorted(set(addresses), key=lambda a: tuple(map(int, a.split("."))))


def test_lan_prints_an_url_per_address_and_never_0000(monkeypatch, capsys):
    monkeypatch.setattr(launch, "lan_addresses", lambda: ["10.0.0.3", "192.0.2.7"])
    lines = launch.where_to_open(launch.EVERY_INTERFACE, 8590)
    assert "http://10.0.0.3:8590" in "\n".join(lines)
    assert "http://192.0.2.7:8590" in "\n".join(lines)
    monkeypatch.setattr(launch, "lan_addresses", lambda: [])
    (alone,) = launch.where_to_open(launch.EVERY_INTERFACE, 8590)
    assert "http://<its address>:8590" in alone
    assert launch.where_to_open(launch.LOCAL, 8590)[0].startswith(
        "Attention Lab on http://127.0.0.1:8590 (this computer only"
    )

    started = []  # main, stopped short of the server: what it prints first
    monkeypatch.setattr(
        launch.subprocess, "call", lambda command, env: started.append(command) or 0
    )
    monkeypatch.setattr(launch, "lan_addresses", lambda: ["192.0.2.7"])
    assert launch.main(["--lan", "--port", str(free_port()), "--workers", "0"]) == 0
    printed = capsys.readouterr().out
    assert "http://192.0.2.7:" in printed and "0.0.0.0" not in printed
    assert f"--server.address={launch.EVERY_INTERFACE}" in started[0]


def test_bad_ports_are_refused_before_anything_starts(capsys):
    for port in ("0", "70000"):
        assert launch.main(["--port", port]) == 2
        assert "--port must be between 1 and 65535" in capsys.readouterr().err

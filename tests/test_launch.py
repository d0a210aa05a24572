"""`attention-lab` as a teacher runs it: it says where to open the dashboard (a taken port
instead, in one line; with --lan this computer's addresses, never 0.0.0.0), and Ctrl-C or
`kill` stops the server and its translation workers with nothing left running and nothing
in the terminal that reads like a crash.

The stopping tests start a real `attention-lab` on a free 127.0.0.1 port, open its page in
Debian's Chromium so that the translation workers start, stop it, and look at /proc."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from live_server import CHROMIUM, CHROMIUM_ARGS, free_port

from dashboard import launch
from nmt_core.__main__ import main as nmt_core_main

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
    monkeypatch.setattr(launch, "run_server", lambda command, env: started.append(command) or 0)
    monkeypatch.setattr(launch, "lan_addresses", lambda: ["192.0.2.7"])
    assert launch.main(["--lan", "--port", str(free_port()), "--workers", "0"]) == 0
    printed = capsys.readouterr().out
    assert "http://192.0.2.7:" in printed and "0.0.0.0" not in printed
    assert f"--server.address={launch.EVERY_INTERFACE}" in started[0]


def test_bad_ports_are_refused_before_anything_starts(monkeypatch, capsys):
    def never(command: list[str], env: dict[str, str]) -> int:
        raise AssertionError("the server was started")

    monkeypatch.setattr(launch, "run_server", never)
    for port in ("0", "70000"):
        assert launch.main(["--port", port]) == 2
        assert "--port must be between 1 and 65535" in capsys.readouterr().err


# The stopping tests.


def stat(pid: int) -> list[str]:
    """The fields of /proc/PID/stat after the command name: state, parent, group, session..."""
    with open(f"/proc/{pid}/stat") as fields:
        return fields.read().rsplit(")", 1)[1].split()


def processes() -> dict[int, list[str]]:
    """{PID: its :func:`stat` fields} of every process now."""
    found = {}
    for folder in Path("/proc").iterdir():
        if folder.name.isdigit():
            with contextlib.suppress(OSError, IndexError):  # gone meanwhile
                found[int(folder.name)] = stat(int(folder.name))
    return found


def process_tree(root: int) -> list[int]:
    """``root`` and every process below it."""
    parents = {pid: int(fields[1]) for pid, fields in processes().items()}
    tree, frontier = [root], [root]
    while frontier:
        frontier = [pid for pid, parent in parents.items() if parent in frontier]
        tree += frontier
    return tree


def gone(pid: int) -> bool:
    """Ended: no such process, or a zombie whose parent has not collected it."""
    try:
        return stat(pid)[0] == "Z"
    except FileNotFoundError:
        return True


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:
            return answer.status == 200
    except OSError:
        return False


def idle_workers(launcher: int) -> list[int]:
    """The translation workers below ``launcher`` once they have imported torch and wait."""
    workers = []
    for pid in process_tree(launcher):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_text()
            torch_loaded = "libtorch" in Path(f"/proc/{pid}/maps").read_text()
            idle = stat(pid)[0] == "S"
        except OSError:
            continue
        if "spawn_main" in command and idle and torch_loaded:
            workers.append(pid)
    return workers


@pytest.fixture(scope="module")
def checkpoints(toy_checkpoint: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("launch-checkpoints")
    nmt_core_main(
        ["export", "--checkpoint", str(toy_checkpoint), "--output", str(root / "toy-additive")]
    )
    return root


@contextlib.contextmanager
def attention_lab(
    checkpoints: Path, workers: int, terminal: Path
) -> Iterator[tuple[subprocess.Popen, str]]:
    """A real `attention-lab` on a free 127.0.0.1 port, in a session of its own as if started
    in a terminal, printing into the file ``terminal``: yields (its process, its URL) once the
    server answers. Whatever is left of it at the end is killed: every process that was below
    it, and every process in a session one of them leads (a server left behind, its workers)."""
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "dashboard.launch", "--checkpoints", str(checkpoints),
               "--port", str(port), "--workers", str(workers)]  # fmt: skip
    with terminal.open("w") as out:
        process = subprocess.Popen(command, cwd=REPO, stdout=out, stderr=subprocess.STDOUT,
                                   start_new_session=True)  # fmt: skip
    seen = {process.pid}
    try:
        assert wait_until(lambda: answers(url) or process.poll() is not None, START_SECONDS)
        assert answers(url), terminal.read_text()[-3000:]
        seen |= set(process_tree(process.pid))
        yield process, url
    finally:
        seen |= set(process_tree(process.pid))
        for pid, fields in processes().items():
            if (pid in seen or int(fields[3]) in seen) and fields[0] != "Z":
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        process.wait(timeout=30)


def open_the_page(url: str) -> None:
    """Load the dashboard in Chromium until the default sentence is translated: the page run
    that translates starts the workers."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(START_SECONDS * 1000)
            page.goto(url)
            page.locator('[data-testid="stCode"]').first.wait_for()
        finally:
            browser.close()


@pytest.mark.browser
@pytest.mark.skipif(not Path(CHROMIUM).exists(), reason=f"{CHROMIUM} is missing")
@pytest.mark.parametrize("how", ["kill (SIGTERM)", "Ctrl-C in its terminal"])
def test_stopping_attention_lab_ends_every_process_and_prints_no_crash(checkpoints, tmp_path, how):
    terminal = tmp_path / "terminal.txt"
    with attention_lab(checkpoints, WORKERS, terminal) as (process, url):
        open_the_page(url)
        assert wait_until(lambda: len(idle_workers(process.pid)) == WORKERS, START_SECONDS)
        tree = process_tree(process.pid)
        assert len(tree) >= 2 + WORKERS  # the launcher, the server, its workers (and a tracker)

        if how == "kill (SIGTERM)":
            os.kill(process.pid, signal.SIGTERM)
        else:  # a terminal sends Ctrl-C's SIGINT to its whole foreground process group
            os.killpg(process.pid, signal.SIGINT)

        assert process.wait(timeout=STOP_SECONDS) == 0
        assert wait_until(lambda: all(gone(pid) for pid in tree), STOP_SECONDS), [
            pid for pid in tree if not gone(pid)
        ]
        assert not answers(url)
    printed = terminal.read_text()
    assert printed.startswith(f"Attention Lab on {url} (this computer only")
    for words in NOT_IN_THE_TERMINAL:
        assert words not in printed, printed[-3000:]


@pytest.mark.slow
def test_a_killed_launcher_takes_its_server_with_it(checkpoints, tmp_path):
    # the server runs out of reach of the terminal's Ctrl-C, so it must not outlive the launcher
    with attention_lab(checkpoints, 0, tmp_path / "terminal.txt") as (process, url):
        tree = process_tree(process.pid)
        process.kill()  # no handler, no clean-up: as `kill -9` does
        process.wait(timeout=30)
        assert wait_until(lambda: all(gone(pid) for pid in tree), STOP_SECONDS)
        assert not answers(url)


LOOKUP_RECORDER = """
import os, socket
_getaddrinfo = socket.getaddrinfo
def _recorded(host, *args, **kwargs):
    with open(os.environ["LOOKUP_LOG"], "a") as log:
        log.write(f"{host}\\n")
    return _getaddrinfo(host, *args, **kwargs)
socket.getaddrinfo = _recorded
"""


def websocket_status(url: str, origin: str) -> str:
    """The status line the server answers a WebSocket handshake from ``origin`` with."""
    host, port = url.removeprefix("http://").split(":")
    request = (
        f"GET /_stcore/stream HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
        "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        f"Sec-WebSocket-Version: 13\r\nOrigin: {origin}\r\n\r\n"
    )
    with socket.create_connection((host, int(port)), timeout=30) as connection:
        connection.sendall(request.encode())
        return connection.recv(4096).decode("latin-1").split("\r\n")[0]


@pytest.mark.slow
def test_the_server_looks_up_no_outside_host(tmp_path, monkeypatch):
    # a refused cross-origin WebSocket once made Streamlit ask checkip.amazonaws.com for this
    # machine's public address; every name the server and its workers resolve is recorded here
    from live_server import REPO, serve_dashboard

    stub = tmp_path / "stub"
    stub.mkdir()
    (stub / "sitecustomize.py").write_text(LOOKUP_RECORDER)
    lookups = tmp_path / "lookups"
    lookups.touch()
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(stub), str(REPO)]))
    monkeypatch.setenv("LOOKUP_LOG", str(lookups))
    with serve_dashboard(tmp_path / "no-models", tmp_path / "server.log") as (url, _):
        assert " 403 " in websocket_status(url, "http://attacker.example")
        assert " 101 " in websocket_status(url, url)
        with urllib.request.urlopen(url, timeout=30) as page:
            assert page.status == 200
    resolved = set(lookups.read_text().split())
    assert resolved <= {"localhost", "127.0.0.1", "::1"}, resolved


def test_every_option_says_what_it_does_and_its_default():
    """A teacher reads `attention-lab --help` before class: no option is left unexplained."""
    for action in launch.build_parser()._actions:
        if action.dest == "help":
            continue
        assert action.help, action.option_strings
        if action.default not in (None, False):
            assert "default" in action.help, action.option_strings

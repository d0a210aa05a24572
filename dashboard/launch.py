"""``attention-lab``: start the dashboard with a classroom server's settings, from any directory.

``streamlit run dashboard/app.py`` reads ``.streamlit/config.toml`` only when started in the
repository root, and otherwise listens on every network interface and sends usage statistics.
This command passes the settings itself, so they hold wherever it starts:

* bound to 127.0.0.1 (this computer only) unless ``--lan`` serves the classroom network on
  purpose; access is controlled by the bind address alone (there is no login);
* no usage statistics, XSRF protection on, uploads limited to ``--max-upload-mb``;
* headless (no browser opened on a server), no file watcher, a viewer's toolbar;
* no full garbage collection after every page run (it stalled every session);
* translations decoded in ``--workers`` processes, one per core by default
  (``nmt_core.serving.workers``).

It says where to open the dashboard before it starts the server, in one line of its own:
``http://127.0.0.1:PORT``, or with ``--lan`` one URL per network address of this computer
(never ``0.0.0.0``, which no student can open); a port another program holds is named before
that, with the ``--port`` hint. Ctrl-C, ``kill`` or closing its terminal stops the server and its
workers, without a traceback; it has Streamlit's own banner off (for ``--lan`` that banner
printed ``0.0.0.0`` and asked a web service for this network's public address).

Standard library only: the tests' and benchmarks' server harness (``serve.py``) uses the same
flags without importing the model stack.
"""

from __future__ import annotations

import argparse
import errno
import ipaddress
import os
import signal
import socket
import struct
import subprocess
import sys
import threading
from pathlib import Path

from nmt_core.serving.workers import WORKERS_VARIABLE

APP = Path(__file__).resolve().parent / "app.py"
ROOT_VARIABLE = "ATTENTION_LAB_CHECKPOINTS"  # read by nmt_core.checkpoint.checkpoints_root
LOCAL, EVERY_INTERFACE = "127.0.0.1", "0.0.0.0"
DEFAULT_PORT = 8501
DEFAULT_MAX_UPLOAD_MB = 5  # a gold alignment or a TSV of a few thousand pairs fits easily
# Ctrl-C, `kill`, and the terminal closing; Windows has no SIGHUP
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP")
                     if hasattr(signal, name))  # fmt: skip
STOP_SECONDS = 20  # a stopped server that has not ended by then is killed
LAUNCHER_VARIABLE = "ATTENTION_LAB_LAUNCHER"  # the launcher's PID: the server stops without it


def server_flags(address: str, port: int, max_upload_mb: int = DEFAULT_MAX_UPLOAD_MB) -> list[str]:
    """The ``streamlit run`` options of a classroom server (see the module docstring)."""
    settings = {
        "server.address": address,
        "server.port": port,
        "server.headless": "true",
        "server.enableXsrfProtection": "true",
        "server.maxUploadSize": max_upload_mb,
        "server.fileWatcherType": "none",
        "server.runOnSave": "false",
        "browser.gatherUsageStats": "false",
        "client.toolbarMode": "viewer",
        # The launcher prints where to open the dashboard. Streamlit's banner printed 0.0.0.0
        # for --lan and looked up the public address on the Internet; its INFO lines too.
        "logger.hideWelcomeMessage": "true",
        "logger.level": "warning",
        # Streamlit runs a full gc.collect(2) after every page run, holding the GIL: with
        # torch and plotly loaded that was 2/3 of a page run, and every session waited for
        # it (bench/load.py, bench/RESULTS.md). Python's own generational GC still runs.
        "runner.postScriptGC": "false",
        # Pages use no "magic" (bare expressions drawn as if written with st.write). Without it
        # compiling a page (at first use, and again each time the last session closes and
        # Streamlit empties its script cache) skips a rewrite of its syntax tree.
        "runner.magicEnabled": "false",
    }
    return [f"--{name}={value}" for name, value in settings.items()]


def default_workers() -> int:
    """One translation worker per core."""
    return os.cpu_count() or 1


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="attention-lab",
        description="Start the Attention Lab dashboard (Ctrl-C stops it).",
    )
    parser.add_argument(
        "--checkpoints",
        type=Path,
        help=f"folder of checkpoint folders (default: ${ROOT_VARIABLE}, else the shipped models)",
    )
    parser.add_argument(
        "--lan",
        action="store_true",
        help="serve every network interface, so students on this network can open it "
        f"(default: {LOCAL}, this computer only)",
    )
    parser.add_argument("--address", help=f"bind this address instead (default {LOCAL})")
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help="port to serve on (default %(default)s)"
    )
    parser.add_argument(
        "--max-upload-mb",
        type=int,
        default=DEFAULT_MAX_UPLOAD_MB,
        help="largest file a user may upload, in MB (default %(default)s)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=default_workers(),
        help="processes that translate, so a class's sessions do not wait for each other "
        "(default: one per core, %(default)s here; 0: translate in the server process)",
    )
    return parser


def bind_address(args: argparse.Namespace) -> str:
    """The address the server listens on: ``--address``, else every interface for ``--lan``,
    else 127.0.0.1."""
    return args.address or (EVERY_INTERFACE if args.lan else LOCAL)


def streamlit_command(args: argparse.Namespace) -> list[str]:
    """The command line that serves the app with ``args``' settings."""
    flags = server_flags(bind_address(args), args.port, args.max_upload_mb)
    return [sys.executable, "-m", "dashboard.server", *flags]


def port_problem(address: str, port: int) -> str | None:
    """Why the server could not listen on ``address``:``port``, in one line; None if it can.

    Binds a socket there and closes it again: nothing is sent anywhere."""
    error = _bind_error(address, port)
    if error is None:
        return None
    if error.errno == errno.EADDRINUSE:
        free = (p for p in range(port + 1, min(port + 100, 65536)) if not _bind_error(address, p))
        example = next((f", e.g. --port {p}" for p in free), "")
        return (
            f"Port {port} is not available (another program uses it): "
            f"choose another with --port{example}"
        )
    if error.errno == errno.EACCES:
        return f"Port {port} needs administrator rights: choose one above 1023 with --port"
    if error.errno == errno.EADDRNOTAVAIL:
        return f"--address {address} is not an address of this computer"
    return f"cannot listen on {address} port {port}: {error.strerror}"


def _bind_error(address: str, port: int) -> OSError | None:
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    with socket.socket(family, socket.SOCK_STREAM) as probe:
        # as the server does: a port whose last connections are still closing counts as free
        # (on Windows the option would let the probe share a port that is taken)
        if os.name == "posix":
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((address, port))
        except OSError as error:
            return error
    return None


def _is_lan_address(address: str) -> bool:
    """An IPv4 address another computer may use to reach this one (not 127.x, not 0.0.0.0)."""
    ip = ipaddress.IPv4Address(address)
    return not (ip.is_loopback or ip.is_unspecified)


def lan_addresses() -> list[str]:
    """This computer's IPv4 addresses that students on its networks can open, in order: those
    of its network interfaces, less the loopback ones. Read from the interfaces on Linux, else
    from the addresses of its host name; nothing is sent anywhere."""
    found = _interface_addresses() if sys.platform.startswith("linux") else []
    if not found:
        try:
            found = socket.gethostbyname_ex(socket.gethostname())[2]
        except OSError:
            found = []
    return sorted({a for a in found if _is_lan_address(a)}, key=ipaddress.IPv4Address)


def _interface_addresses() -> list[str]:
    """The IPv4 address of each network interface (Linux: the SIOCGIFADDR ioctl)."""
    import fcntl

    siocgifaddr = 0x8915  # from <linux/sockios.h>
    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(s.fileno(), siocgifaddr, request)
            except OSError:  # an interface without an IPv4 address
                continue
            found.append(socket.inet_ntoa(answer[20:24]))
    return found


def where_to_open(address: str, port: int) -> list[str]:
    """The lines that tell the teacher where to open the dashboard served on ``address``."""
    if address in (EVERY_INTERFACE, "::"):
        addresses = lan_addresses()
        if not addresses:
            return [
                f"Attention Lab on port {port} of every network interface, but this computer "
                "has no network address: connect it to the classroom's network, then students "
                f"open http://<its address>:{port} (Ctrl-C stops it)"
            ]
        urls = [f"  http://{a}:{port}" for a in addresses]
        return ["Attention Lab for every computer on this one's networks (Ctrl-C stops it):", *urls]
    host = f"[{address}]" if ":" in address else address
    loopback = address == "localhost" or address.startswith("127.") or address == "::1"
    where = "this computer only" if loopback else "every computer that can reach it"
    return [f"Attention Lab on http://{host}:{port} ({where}; Ctrl-C stops it)"]


def run_server(command: list[str], env: dict[str, str]) -> int:
    """Run the server ``command`` until it ends or this process is asked to stop; returns its
    exit status, 0 when it was stopped on request.

    The server runs in a session of its own, so a Ctrl-C in the terminal reaches this process
    alone, which stops the server with SIGTERM (as it does on ``kill`` or when the terminal
    closes): Streamlit then stops cleanly and its translation workers with it, without a
    traceback. A server that has not ended ``STOP_SECONDS`` later is killed (its workers
    notice, and end too). The server stops by itself if this process is killed outright."""
    server: subprocess.Popen | None = None
    stopping, deadline = False, None  # deadline: kills the server if it has not ended

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping, deadline
        stopping = True
        if server is not None and deadline is None:  # once; until it starts, it is stopped then
            server.terminate()
            deadline = threading.Timer(STOP_SECONDS, server.kill)
            deadline.daemon = True
            deadline.start()

    handlers = {number: signal.signal(number, stop) for number in STOP_SIGNALS}
    try:
        server = subprocess.Popen(
            command, env={**env, LAUNCHER_VARIABLE: str(os.getpid())}, start_new_session=True
        )
        if stopping:
            stop(signal.SIGTERM, None)
        code = server.wait()  # signal handlers run meanwhile, in this thread
    finally:
        for number, handler in handlers.items():
            signal.signal(number, handler)
        if deadline is not None:
            deadline.cancel()
    return 0 if stopping else code


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.max_upload_mb < 1:
        print("error: --max-upload-mb must be at least 1", file=sys.stderr)
        return 2
    if args.workers < 0:
        print("error: --workers cannot be negative", file=sys.stderr)
        return 2
    if not 1 <= args.port <= 65535:
        print("error: --port must be between 1 and 65535", file=sys.stderr)
        return 2
    env = {**os.environ, WORKERS_VARIABLE: str(args.workers)}
    if args.checkpoints is not None:
        if not args.checkpoints.is_dir():
            print(f"error: --checkpoints {args.checkpoints}: no such folder", file=sys.stderr)
            return 2
        env[ROOT_VARIABLE] = str(args.checkpoints.resolve())
    address = bind_address(args)
    problem = port_problem(address, args.port)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 1
    print(*where_to_open(address, args.port), sep="\n", flush=True)
    return run_server(streamlit_command(args), env)


if __name__ == "__main__":
    sys.exit(main())

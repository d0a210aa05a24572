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

Standard library only: the tests' and benchmarks' server harness (``serve.py``) uses the same
flags without importing the model stack.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from nmt_core.serving.workers import WORKERS_VARIABLE

APP = Path(__file__).resolve().parent / "app.py"
ROOT_VARIABLE = "ATTENTION_LAB_CHECKPOINTS"  # read by nmt_core.checkpoint.checkpoints_root
LOCAL, EVERY_INTERFACE = "127.0.0.1", "0.0.0.0"
DEFAULT_PORT = 8501
DEFAULT_MAX_UPLOAD_MB = 5  # a gold alignment or a TSV of a few thousand pairs fits easily


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
    parser.add_argument("--port", type=int, default=DEFAULT_PORT)
    parser.add_argument(
        "--max-upload-mb", type=int, default=DEFAULT_MAX_UPLOAD_MB, help="largest upload, in MB"
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=default_workers(),
        help="processes that translate, so a class's sessions do not wait for each other "
        "(default: one per core, %(default)s here; 0: translate in the server process)",
    )
    return parser


def streamlit_command(args: argparse.Namespace) -> list[str]:
    """The command line that serves the app with ``args``' settings."""
    address = args.address or (EVERY_INTERFACE if args.lan else LOCAL)
    flags = server_flags(address, args.port, args.max_upload_mb)
    return [sys.executable, "-m", "dashboard.server", *flags]


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.max_upload_mb < 1:
        print("error: --max-upload-mb must be at least 1", file=sys.stderr)
        return 2
    if args.workers < 0:
        print("error: --workers cannot be negative", file=sys.stderr)
        return 2
    env = {**os.environ, WORKERS_VARIABLE: str(args.workers)}
    if args.checkpoints is not None:
        if not args.checkpoints.is_dir():
            print(f"error: --checkpoints {args.checkpoints}: no such folder", file=sys.stderr)
            return 2
        env[ROOT_VARIABLE] = str(args.checkpoints.resolve())
    address = args.address or (EVERY_INTERFACE if args.lan else LOCAL)
    where = "this computer only" if address == LOCAL else "every computer that can reach it"
    print(f"Attention Lab on http://{address}:{args.port} ({where})", flush=True)
    try:
        return subprocess.call(streamlit_command(args), env=env)
    except KeyboardInterrupt:  # Ctrl-C reaches streamlit too, which stops cleanly
        return 0


if __name__ == "__main__":
    sys.exit(main())

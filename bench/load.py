"""A class on one server: N sessions loading pages at once, over Streamlit's own protocol.

    python bench/load.py                                   # 30 sessions x 60 s, 3 pages
    python bench/load.py --sessions 5 --seconds 20         # a quick look
    python bench/load.py --single 20                       # one session alone, 20 page runs
    python bench/load.py --sentences 1                     # the whole class on one shared link

Starts the dashboard on a free 127.0.0.1 port with `attention-lab`'s settings
(``tests/live_server.py``) and drives it the way a browser does, without a browser: each page
load is a new websocket connection to ``/_stcore/stream`` (a new session), one ``BackMsg``
whose ``rerun_script`` carries the sentence in ``query_string`` (the app reads ``?s=`` on a
session's first run) and the page's URL path in ``page_name``, then ``ForwardMsg``s until
``script_finished``. Every session is a closed loop with no think time; every page load takes
the next sentence of a pool of a few hundred everyday sentences, so caches help only as much as
they would in a class. An error is an ``exception`` element in the page, ``page_not_found``, a
run that ends other than successfully, or one that does not finish within ``--timeout``.

Prints, per page: runs, errors, p50/p95/max seconds; the server's RSS over time; the machine
and the command. Bounded in count and time; the server is stopped at the end in all cases.
Asserts nothing: the targets are in the issue and the figures in bench/RESULTS.md.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import itertools
import os
import platform
import statistics
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from anywhere, no install
from nmt_core.checkpoint import SHIPPED_ROOT  # noqa: E402
from tests.live_server import serve_dashboard  # noqa: E402

# page -> its URL path: the default page (Translate) has the empty one; a wrong path answers
# page_not_found and runs the default page instead.
PAGES = {"translate": "", "step": "step", "compare": "compare"}
FINISHED = ForwardMsg.ScriptFinishedStatus.Value("FINISHED_SUCCESSFULLY")

# Everyday sentences built from parts (none from the Ding dictionary): 12 x 8 x 4 = 384.
SUBJECTS = [
    ("Der Hund", "schläft"), ("Meine Schwester", "arbeitet"), ("Das Kind", "spielt"),
    ("Unser Lehrer", "liest"), ("Die Katze", "wartet"), ("Mein Vater", "kocht"),
    ("Die Studentin", "lernt"), ("Der Nachbar", "singt"), ("Meine Freundin", "malt"),
    ("Der Junge", "läuft"), ("Die Großmutter", "schreibt"), ("Der Arzt", "telefoniert"),
]  # fmt: skip
WHEN = ["heute", "morgen", "jeden Tag", "am Abend", "oft", "gerade", "am Sonntag", "manchmal"]
WHERE = ["im Garten.", "in der Küche.", "zu Hause.", "in der Stadt."]
POOL = [f"{s} {v} {w} {p}" for (s, v), w, p in itertools.product(SUBJECTS, WHEN, WHERE)]


@dataclass
class Tally:
    """What one page's runs gave, over all sessions."""

    seconds: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)

    def error(self, kind: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1


async def load_page(url: str, page: str, sentence: str, timeout: float) -> tuple[float, str]:
    """One page load in a new session; (seconds to script_finished, error kind or "")."""
    back = BackMsg()
    back.rerun_script.query_string = urllib.parse.urlencode({"s": sentence})
    back.rerun_script.page_name = PAGES[page]
    started = time.monotonic()
    stream = url.replace("http://", "ws://") + "/_stcore/stream"
    try:
        async with asyncio.timeout(timeout):
            async with websockets.connect(
                stream, subprotocols=["streamlit"], max_size=None, compression=None
            ) as socket:
                await socket.send(back.SerializeToString())
                return await _until_finished(socket, started)
    except TimeoutError:
        return time.monotonic() - started, "timeout"
    except (OSError, websockets.WebSocketException) as error:
        return time.monotonic() - started, f"connection: {type(error).__name__}"


async def _until_finished(socket: websockets.ClientConnection, started: float) -> tuple[float, str]:
    problem = ""
    async for frame in socket:
        message = ForwardMsg()
        message.ParseFromString(frame)
        kind = message.WhichOneof("type")
        if kind == "page_not_found":
            problem = "page_not_found"
        elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            if message.delta.new_element.WhichOneof("type") == "exception":
                problem = problem or "exception"
        elif kind == "script_finished":
            if message.script_finished == ForwardMsg.ScriptFinishedStatus.Value(
                "FINISHED_EARLY_FOR_RERUN"
            ):
                continue  # the app reran itself (a widget callback); wait for that run
            if message.script_finished != FINISHED:
                problem = problem or "not finished successfully"
            return time.monotonic() - started, problem
    return time.monotonic() - started, problem or "closed before script_finished"


async def session(
    url: str, pages: list[str], deadline: float, sentences: itertools.cycle, tallies: dict,
    timeout: float, max_runs: int,
) -> None:  # fmt: skip
    """A closed loop: load the pages in turn, each with a new sentence, until the deadline."""
    for run, page in enumerate(itertools.cycle(pages)):
        if time.monotonic() >= deadline or run >= max_runs:
            return
        seconds, problem = await load_page(url, page, next(sentences), timeout)
        tallies[page].seconds.append(seconds)
        if problem:
            tallies[page].error(problem)


def rss_mib(pid: int) -> float:
    """Resident memory of ``pid`` in MiB, from /proc (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def sample_rss(pid: int, samples: list[tuple[float, float]], start: float) -> None:
    while True:
        samples.append((time.monotonic() - start, rss_mib(pid)))
        await asyncio.sleep(5)


async def drive(url: str, pid: int, args: argparse.Namespace) -> tuple[dict, list]:
    pages = list(args.pages)
    tallies = {page: Tally() for page in pages}
    sentences = itertools.cycle(POOL[: args.sentences])
    start = time.monotonic()
    samples: list[tuple[float, float]] = []
    sampler = asyncio.create_task(sample_rss(pid, samples, start))
    deadline = start + args.seconds
    runs = args.single or 10**9
    # sessions start on different pages, as students click about
    workers = [
        session(url, pages[k % len(pages) :] + pages[: k % len(pages)], deadline, sentences,
                tallies, args.timeout, runs)
        for k in range(1 if args.single else args.sessions)
    ]  # fmt: skip
    await asyncio.gather(*workers)
    sampler.cancel()
    samples.append((time.monotonic() - start, rss_mib(pid)))
    return tallies, samples


def quantile(values: list[float], q: float) -> float:
    """Nearest-rank quantile."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def report(tallies: dict[str, Tally], samples: list[tuple[float, float]], wall: float) -> None:
    print(f"{'page':10} {'runs':>5} {'errors':>6} {'p50 s':>7} {'p95 s':>7} {'max s':>7}")
    for page, tally in tallies.items():
        values = tally.seconds or [float("nan")]
        errors = sum(tally.errors.values())
        print(
            f"{page:10} {len(tally.seconds):5d} {errors:6d} {statistics.median(values):7.3f} "
            f"{quantile(values, 0.95):7.3f} {max(values):7.3f}"
            + (f"   {tally.errors}" if tally.errors else "")
        )
    print(f"wall {wall:.1f} s")
    shown = ", ".join(f"{t:.0f}s {m:.0f}" for t, m in samples)
    print(f"server RSS MiB over time: {shown}")
    after_minute = [m for t, m in samples if t >= 60]
    if after_minute:
        print(f"RSS end / RSS after the first minute: {samples[-1][1] / after_minute[0]:.2f}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoints", type=Path, default=SHIPPED_ROOT)
    parser.add_argument("--sessions", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=60.0, help="length of the load")
    parser.add_argument("--pages", nargs="+", default=list(PAGES), choices=list(PAGES))
    parser.add_argument("--timeout", type=float, default=120.0, help="seconds a run may take")
    parser.add_argument("--single", type=int, default=0, help="one session, this many runs")
    parser.add_argument(
        "--sentences",
        type=int,
        default=len(POOL),
        help=f"draw from the first N sentences of the pool (default all {len(POOL)}; 1: the "
        "whole class opens the same link)",
    )
    args = parser.parse_args()
    if args.single:
        args.seconds = 3600.0  # bounded by the count instead
    load = (
        f"1 session x {args.single} runs"
        if args.single
        else (f"{args.sessions} sessions x {args.seconds:.0f} s")
    )
    print(
        f"{datetime.datetime.now().isoformat(timespec='seconds')}; {os.cpu_count()} cores; "
        f"python {platform.python_version()}; {load}; pages {', '.join(args.pages)}; "
        f"{len(POOL[: args.sentences])} sentences"
    )
    log = Path(os.environ.get("TMPDIR", "/tmp")) / "attention-lab-load.log"
    with serve_dashboard(args.checkpoints, log) as (url, process):
        # warm: the first run of each page loads its models, as the teacher's own visit does
        warm = argparse.Namespace(**{**vars(args), "single": len(args.pages)})
        asyncio.run(drive(url, process.pid, warm))
        started, cpu = time.monotonic(), cpu_seconds(process.pid)
        tallies, samples = asyncio.run(drive(url, process.pid, args))
        wall = time.monotonic() - started
        report(tallies, samples, wall)
        print(f"server CPU: {(cpu_seconds(process.pid) - cpu) / wall:.2f} cores on average")
    return 0


if __name__ == "__main__":
    sys.exit(main())

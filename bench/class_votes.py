"""A class voting on its phones: from a phone's vote to the projector showing it.

    python bench/class_votes.py                           # 30 phones, 4 questions
    python bench/class_votes.py --phones 10 --questions 2  # a quick look

Starts the dashboard on a free 127.0.0.1 port with `attention-lab`'s settings and translation
workers (``tests/live_server.py``) over the shipped models, and stops it at the end in all
cases; every wait is bounded (``--timeout``).

The projector is Debian's Chromium (playwright) at 1024 x 768 on the Lesson in presentation
mode, as a teacher's: it opens a class vote, reads the join link, and for each question lets
the class vote, reveals, and moves to the next step. In the page, a MutationObserver writes down
the browser's clock each time the number of votes the projector shows changes.

The phones are websocket clients speaking Streamlit's own protocol, as ``bench/load.py``'s
sessions do (no browser per phone: 30 Chromium tabs would measure the benchmark's machine, not
the server). Each opens the join link (a session of its own), reruns its ballot every second as
a phone's ``run_every`` timer does (the server's ``auto_rerun``), and votes by sending its word
button's trigger with the ballot's fragment id, which is what a tap sends. At each question a
phone thinks 1-6 s, votes for a random word, and one phone in three changes its vote 1-3 s
later: 30 first votes a question arrive over 5 s, as in a class.

A vote's latency runs from its phone's send (the machine's clock) to the first moment the
projector showed as many votes as had been sent by then (the k-th vote sent is shown once the
count reaches k): the votes of one question are counted in the order they were sent. A vote the
projector never showed within ``--timeout`` counts as lost. Beside it, how long the phones took
to show the teacher's next step. Prints p50, p95 and max of each, the server's CPU, the machine
and the command; asserts nothing (the target, p95 <= 2 s, is in docs/serving-a-class.md).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import os
import platform
import random
import re
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
from tests.live_server import CHROMIUM, CHROMIUM_ARGS, serve_dashboard  # noqa: E402

SENTENCE = "Meine Schwester wohnt in Berlin."
STEP = re.compile(r"Step (\d+) of (\d+)")
# What the projector shows: the count of votes, and the step the class votes on (page script)
RECORD_JS = """() => {
  window.shown = [];
  const read = () => {
    const line = document.querySelector('.st-key-class_tally')?.innerText ?? '';
    const step = document.querySelector('.st-key-class_vote p')?.innerText ?? '';
    const count = parseInt(line.match(/^\\s*(\\d+) of/)?.[1] ?? '-1');
    const last = window.shown[window.shown.length - 1];
    if (count >= 0 && (!last || last[1] !== count || last[2] !== step))
      window.shown.push([Date.now() / 1000, count, step]);
  };
  new MutationObserver(read).observe(document.body,
    {subtree: true, childList: true, characterData: true});
  read();
}"""


@dataclass
class Phone:
    """One phone's session: what the server last sent it, and what it did."""

    number: int
    query: str  # the URL's query, as the server last set it (class=..., then voter=...)
    page_hash: str = ""
    fragment: str = ""  # the ballot's fragment id (auto_rerun names it)
    interval: float = 1.0
    buttons: dict[int, str] = field(default_factory=dict)  # word -> its button's widget id
    step: int = 0  # the step its ballot shows
    revealed: bool = False
    votes: list[tuple[float, int, bool]] = field(default_factory=list)  # (sent, step, first)
    followed: dict[int, float] = field(default_factory=dict)  # step -> when it first showed it
    errors: int = 0
    runs: int = 0  # ballot runs the server finished for it
    seconds: float = 0.0  # how long it was in the class


def rerun(phone: Phone, trigger: str | None = None) -> bytes:
    """A rerun request as a phone's browser sends it: its ballot's fragment (with a button's
    trigger for a tap, else the run_every timer's), or the whole page when it has none yet."""
    back = BackMsg()
    state = back.rerun_script
    state.query_string = phone.query
    state.page_script_hash = phone.page_hash
    if phone.fragment:
        state.fragment_id = phone.fragment
        state.is_auto_rerun = trigger is None
    if trigger is not None:
        widget = state.widget_states.widgets.add()
        widget.id, widget.trigger_value = trigger, True
    return back.SerializeToString()


def read(phone: Phone, frame: bytes) -> None:
    """What one message from the server tells the phone."""
    message = ForwardMsg()
    message.ParseFromString(frame)
    kind = message.WhichOneof("type")
    if kind == "new_session":
        phone.page_hash = message.new_session.page_script_hash
    elif kind == "page_info_changed":
        phone.query = message.page_info_changed.query_string
    elif kind == "auto_rerun":
        phone.fragment, phone.interval = message.auto_rerun.fragment_id, message.auto_rerun.interval
    elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
        element = message.delta.new_element
        shown = element.WhichOneof("type")
        if shown == "button" and "-ballot_" in element.button.id:
            word = int(element.button.id.rsplit("-ballot_", 1)[1])
            phone.buttons[word] = element.button.id
            phone.revealed = element.button.disabled
        elif shown == "markdown" and (found := STEP.search(element.markdown.body)):
            phone.step = int(found[1])
            phone.followed.setdefault(phone.step, time.time())
        elif shown == "exception":
            phone.errors += 1
    elif kind == "script_finished":
        phone.runs += 1


async def phone_session(
    url: str, phone: Phone, rng: random.Random, stop: asyncio.Event, timeout: float
) -> None:
    """A phone from joining to ``stop``: its ballot rerun every interval, a vote per step."""
    stream = url.replace("http://", "ws://") + "/_stcore/stream"
    async with websockets.connect(
        stream, subprotocols=["streamlit"], max_size=None, compression=None, open_timeout=timeout
    ) as socket:

        async def listen() -> None:
            async for frame in socket:
                read(phone, frame)

        listener = asyncio.create_task(listen())
        back = BackMsg()
        back.rerun_script.query_string = phone.query
        await socket.send(back.SerializeToString())
        voted_on, tick = 0, time.monotonic()
        joined = tick
        while not stop.is_set():
            tick += phone.interval  # a timer's cadence, however long the last run took
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            if phone.fragment:  # the run_every timer of a phone's browser
                await socket.send(rerun(phone))
            if phone.step > voted_on and phone.buttons and not phone.revealed:
                voted_on = phone.step
                asyncio.create_task(vote(socket, phone, rng, voted_on))
        listener.cancel()
        phone.seconds = time.monotonic() - joined


async def vote(socket, phone: Phone, rng: random.Random, step: int) -> None:
    """A phone's vote on ``step``: after thinking, a tap on a word; a third change it later."""
    await asyncio.sleep(rng.uniform(1.0, 6.0))
    for first in (True, False):
        if phone.step != step or phone.revealed:
            return
        word = rng.choice(sorted(phone.buttons))
        phone.votes.append((time.time(), step, first))
        await socket.send(rerun(phone, phone.buttons[word]))
        if rng.random() > 1 / 3:
            return
        await asyncio.sleep(rng.uniform(1.0, 3.0))


def latencies(phones: list[Phone], shown: list[list]) -> tuple[list[float], int]:
    """Each first vote's seconds until the projector counted it (see the module docstring), and
    how many it never counted."""
    found, lost = [], 0
    for step in sorted({s for p in phones for _, s, _ in p.votes}):
        sent = sorted(t for p in phones for t, s, first in p.votes if s == step and first)
        counts = [(t, count) for t, count, text in shown if f"Step {step} of" in text]
        for k, moment in enumerate(sent, 1):
            seen = next((t for t, count in counts if count >= k and t >= moment), None)
            if seen is None:
                lost += 1
            else:
                found.append(seen - moment)
    return found, lost


def quantile(values: list[float], q: float) -> float:
    """Nearest-rank quantile."""
    ordered = sorted(values) or [float("nan")]
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of ``pid`` so far, from /proc (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def teach(projector, args: argparse.Namespace, phones: list[Phone]) -> list[float]:
    """The teacher's questions: votes arrive, Reveal, then the next step; returns when the
    teacher clicked each Next (the machine's clock)."""
    nexts, wait = [], args.timeout * 1000
    for question in range(1, args.questions + 1):
        deadline = time.monotonic() + args.timeout
        while time.monotonic() < deadline:  # until every phone has voted on this step
            if all(any(s == question for _, s, _ in p.votes) for p in phones):
                break
            await asyncio.sleep(0.5)
        await asyncio.sleep(4.0)  # the changes of mind, and the last votes shown
        await projector.get_by_role("button", name="Reveal the answer").click(timeout=wait)
        await projector.get_by_text(re.compile(r"of \d+ guessed")).wait_for(timeout=wait)
        await asyncio.sleep(2.0)
        if question < args.questions:
            nexts.append(time.time())
            await projector.get_by_role("button", name="Next step ▶").click(timeout=wait)
            await projector.get_by_role("button", name="Reveal the answer").wait_for(timeout=wait)
    return nexts


async def run_class(url: str, args: argparse.Namespace) -> tuple[list[Phone], list, list[float]]:
    from playwright.async_api import async_playwright  # when it runs: --help needs no browser

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        projector = await browser.new_page(viewport={"width": 1024, "height": 768})
        projector.set_default_timeout(args.timeout * 1000)
        await projector.goto(f"{url}/lesson?s={urllib.parse.quote(SENTENCE)}&presentation=1&step=1")
        await projector.get_by_role("button", name=re.compile("Let the class vote")).click()
        link = await projector.locator(".st-key-class_vote [data-testid=stCode]").inner_text()
        query = urllib.parse.urlsplit(link.strip().replace("\n", "")).query
        await projector.locator(".st-key-class_tally").wait_for()
        await projector.evaluate(RECORD_JS)
        rng, stop = random.Random(args.seed), asyncio.Event()
        phones = [Phone(k, query) for k in range(args.phones)]
        sessions = [
            asyncio.create_task(phone_session(url, p, random.Random(rng.random()), stop, 60))
            for p in phones
        ]
        try:
            nexts = await teach(projector, args, phones)
        finally:
            stop.set()
            await asyncio.wait(sessions, timeout=10)
        shown = await projector.evaluate("() => window.shown")
        await browser.close()
    return phones, shown, nexts


def report(phones: list[Phone], shown: list, nexts: list[float], wall: float, cpu: float) -> None:
    found, lost = latencies(phones, shown)
    first = sum(1 for p in phones for _, _, f in p.votes if f)
    changes = sum(1 for p in phones for _, _, f in p.votes if not f)
    print(f"votes: {first} first votes and {changes} changes from {len(phones)} phones")
    print(
        f"vote -> projector: p50 {statistics.median(found or [float('nan')]):.2f} s, "
        f"p95 {quantile(found, 0.95):.2f} s, max {max(found or [float('nan')]):.2f} s; "
        f"{len(found)} shown, {lost} lost"
    )
    follow = [
        p.followed[step + 2] - moment
        for step, moment in enumerate(nexts)
        for p in phones
        if step + 2 in p.followed
    ]
    missing = len(nexts) * len(phones) - len(follow)
    if nexts:
        print(
            f"teacher's Next -> phone shows the step: p50 {statistics.median(follow or [0]):.2f} s,"
            f" p95 {quantile(follow, 0.95):.2f} s; {missing} never followed"
        )
    rate = sum(p.runs for p in phones) / max(sum(p.seconds for p in phones), 1e-9)
    errors = sum(p.errors for p in phones)
    print(f"errors on the phones: {errors}; each phone's ballot ran {rate:.2f} times a second")
    print(f"wall {wall:.0f} s; server CPU {cpu / wall:.2f} cores on average")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--checkpoints", type=Path, default=SHIPPED_ROOT)
    parser.add_argument("--phones", type=int, default=30, help="phones in the class")
    parser.add_argument("--questions", type=int, default=4, help="steps the class votes on")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds any one wait may take")
    parser.add_argument("--seed", type=int, default=0, help="the phones' thinking and choices")
    args = parser.parse_args()
    if not Path(CHROMIUM).exists():
        print(f"error: the projector is {CHROMIUM}: apt-get install -y chromium", file=sys.stderr)
        return 2
    print(
        f"{datetime.datetime.now().isoformat(timespec='seconds')}; {os.cpu_count()} cores; "
        f"python {platform.python_version()}; {args.phones} phones x {args.questions} questions;"
        f" {' '.join(sys.argv)}"
    )
    log = Path(os.environ.get("TMPDIR", "/tmp")) / "attention-lab-class-votes.log"
    with serve_dashboard(args.checkpoints, log) as (url, process):
        started, cpu = time.monotonic(), cpu_seconds(process.pid)
        phones, shown, nexts = asyncio.run(run_class(url, args))
        wall = time.monotonic() - started
        report(phones, shown, nexts, wall, cpu_seconds(process.pid) - cpu)
    return 0


if __name__ == "__main__":
    sys.exit(main())

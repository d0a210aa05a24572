"""The largest requests a student can make of a class server, and a worker killed under one.

    python bench/largest_request.py                          # the default de-en model
    python bench/largest_request.py --checkpoint de-en-additive

A class server (``attention-lab``) does model work in translation workers
(``nmt_core.serving.workers``), two on a 2-core machine. This starts two workers as the server
does and sends them, one at a time, the largest request each page allows:

* the query-key map of ``MAX_SENTENCES`` sentences of ``MAX_CHARACTERS`` characters (everyday
  sentences of tests/fixtures/everyday_de_en.tsv, joined until each is that long);
* a translation of the sentence box's longest sentence at the largest beam, and its beam tree;

and prints each one's wall time and the worker's peak memory (VmHWM of /proc, the most the
worker ever held). Then it kills the worker under a map and prints what the caller got, how
long a new worker took to take its place, and that the next request was done there.
Bounded: a few requests, two processes, stopped at the end in all cases.
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import sys
import threading
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from dashboard.state.inputs import MAX_BEAM  # noqa: E402
from dashboard.views import MAX_CHARS  # noqa: E402
from nmt_core.analysis.beamtree import beam_tree  # noqa: E402
from nmt_core.analysis.querykey import MAX_CHARACTERS, MAX_SENTENCES, query_key_map  # noqa: E402
from nmt_core.checkpoint import checkpoint_folder  # noqa: E402
from nmt_core.folders import CONFIG  # noqa: E402
from nmt_core.serving.workers import TranslationWorkers, WorkNotDone  # noqa: E402
from nmt_core.translate import translate  # noqa: E402

FIXTURE = REPO / "tests" / "fixtures" / "everyday_de_en.tsv"


def long_sentences(count: int, length: int) -> list[str]:
    """``count`` texts of at most ``length`` characters, each everyday sentences joined."""
    pool = [line.split("\t")[0] for line in FIXTURE.read_text("utf-8").splitlines() if line]
    texts, k = [], 0
    for _ in range(count):
        text = ""
        while len(text) + 1 + len(pool[k % len(pool)]) <= length:
            text, k = f"{text} {pool[k % len(pool)]}".strip(), k + 1
        texts.append(text)
    return texts


def peak_megabytes(pid: int) -> float:
    """The most memory process ``pid`` has held (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def timed(workers: TranslationWorkers, label: str, work, folder: str, stamp: float, *args) -> None:
    started = time.monotonic()
    workers.run(work, folder, "cpu", stamp, *args)
    seconds = time.monotonic() - started
    peaks = ", ".join(f"{peak_megabytes(pid):.0f}" for pid in workers.process_ids())
    print(f"{label:52} {seconds:6.1f} s   workers' peak MB: {peaks}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--checkpoint", default="de-en-dot")
    args = parser.parse_args()
    folder = checkpoint_folder(args.checkpoint)
    stamp = (folder / CONFIG).stat().st_mtime
    print(f"{platform.node()}  {os.cpu_count()} cores  {args.checkpoint}  2 workers")
    workers = TranslationWorkers(2)
    try:
        while not workers.ready():
            time.sleep(0.1)
        texts = long_sentences(MAX_SENTENCES, MAX_CHARACTERS)
        longest = long_sentences(1, MAX_CHARS)[0]
        timed(workers, "a short translation", translate, str(folder), stamp, "Hallo.")
        label = f"query-key map, {len(texts)} sentences of <= {MAX_CHARACTERS} chars"
        timed(workers, label, query_key_map, str(folder), stamp, texts)
        label = f"translation, {len(longest)} chars, beam {MAX_BEAM}"
        timed(workers, label, translate, str(folder), stamp, longest, MAX_BEAM)
        label = f"beam tree, {len(longest)} chars, beam {MAX_BEAM}"
        timed(workers, label, beam_tree, str(folder), stamp, longest, MAX_BEAM)
        killed_under_a_map(workers, str(folder), stamp, texts)
    finally:
        workers.close()


def killed_under_a_map(
    workers: TranslationWorkers, folder: str, stamp: float, texts: list[str]
) -> None:
    """Kill the worker that runs a map one second in; report the caller's answer and after."""
    before = set(workers.process_ids())
    timer = threading.Timer(1.0, lambda: [os.kill(p, signal.SIGKILL) for p in busy(workers)])
    timer.start()
    started = time.monotonic()
    try:
        workers.run(query_key_map, folder, "cpu", stamp, texts)
        print("the map finished before the kill")
    except WorkNotDone as error:
        print(f"killed under the map: after {time.monotonic() - started:.1f} s: {error}")
    timer.join()
    started = time.monotonic()
    while not workers.ready():
        time.sleep(0.05)
    print(f"a new worker ready {time.monotonic() - started:.1f} s later")
    timed(workers, "the next translation", translate, folder, stamp, "Wie heißt du?")
    print(f"workers before: {sorted(before)}, after: {sorted(workers.process_ids())}")


def busy(workers: TranslationWorkers) -> list[int]:
    """The worker processes using the CPU now (the one running the map)."""

    def ticks(pid: int) -> int:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])

    first = {pid: ticks(pid) for pid in workers.process_ids()}
    time.sleep(0.3)
    return [pid for pid in first if ticks(pid) > first[pid]]


if __name__ == "__main__":
    main()

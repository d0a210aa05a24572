"""Timing helpers shared by both sides of the peer benchmark (standard library only).

``ours_side.py`` runs in our environment and ``joey_side.py`` in Joey's virtual environment,
so what they share lives here, free of nmt_core and of joeynmt.
"""

from __future__ import annotations

import json
import resource
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def latency_table(
    translate_one: Callable[[str], str], probes: dict[str, list[str]], repeats: int
) -> dict[str, Any]:
    """Time ``translate_one(sentence)`` per probe length: one warm-up call, then ``repeats``.

    Args:
        probes: {"5": [sentences of 5 source pieces], "20": [...], "50": [...]}.
    Returns:
        {length: {"median_ms", "p95_ms", "calls", "outputs"}}; outputs are the translations
        (one per sentence), so that the caller can count output pieces.
    """
    table = {}
    for length, sentences in probes.items():
        times, outputs = [], []
        for sentence in sentences:
            outputs.append(translate_one(sentence))  # warm-up, and the output we report
            for _ in range(repeats):
                start = time.perf_counter()
                translate_one(sentence)
                times.append(1000 * (time.perf_counter() - start))
        table[length] = {
            "median_ms": round(statistics.median(times), 2),
            "p95_ms": round(percentile(times, 0.95), 2),
            "calls": len(times),
            "outputs": outputs,
        }
    return table


def timed(call: Callable[[], Any]) -> tuple[Any, float]:
    """Run ``call()``; return its result and the seconds it took."""
    start = time.perf_counter()
    result = call()
    return result, time.perf_counter() - start


def peak_rss_mib() -> float:
    """Peak resident memory of this process so far, in MiB.

    VmHWM, not ``ru_maxrss``: Linux carries ``ru_maxrss`` over ``exec``, so a child started
    by compare.py would report the parent's peak whenever that is higher than its own.
    """
    status = Path("/proc/self/status")
    if status.exists():
        for line in status.read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)  # kB
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def write_json(data: Any, path: str | Path) -> None:
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")


def read_lines(path: str | Path) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def write_lines(lines: Sequence[str], path: str | Path) -> None:
    Path(path).write_text("".join(line + "\n" for line in lines), encoding="utf-8")


class TrainClock:
    """Training time without validation: tokens / (loop time - time spent validating).

    Both sides call ``start()`` when their training loop starts, ``tokens(n)`` per batch and
    wrap each validation in ``validation_started()`` / ``validation_ended()``. The loop ends
    where its final validation starts, so every validation but the last is subtracted.
    """

    def __init__(self) -> None:
        self.started: float | None = None
        self.target_tokens = 0
        self.steps = 0
        self.validations: list[tuple[float, float]] = []  # (start, end) in perf_counter time
        self._open: float | None = None

    def start(self) -> None:
        if self.started is None:
            self.started = time.perf_counter()

    def tokens(self, n: int) -> None:
        self.target_tokens += n
        self.steps += 1

    def validation_started(self) -> None:
        self._open = time.perf_counter()

    def validation_ended(self) -> None:
        if self._open is not None:
            self.validations.append((self._open, time.perf_counter()))
            self._open = None

    def report(self) -> dict[str, Any]:
        """Steps, tokens, seconds of training (validation excluded) and target tokens/s."""
        if self.started is None or not self.validations:
            raise RuntimeError("training never started or never validated")
        loop_end = self.validations[-1][0]
        validating = sum(end - start for start, end in self.validations[:-1])
        seconds = loop_end - self.started - validating
        return {
            "steps": self.steps,
            "target_tokens": self.target_tokens,
            "train_seconds": round(seconds, 1),
            "validation_seconds": round(sum(e - s for s, e in self.validations), 1),
            "validations": len(self.validations),
            "target_tokens_per_s": round(self.target_tokens / max(seconds, 1e-9), 1),
            "peak_rss_mib": peak_rss_mib(),
        }

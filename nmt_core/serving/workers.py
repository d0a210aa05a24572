"""Translation in worker processes, for a server that many sessions share.

A page run and its decoding share one Python process, so every torch kernel of a decode gives
up the GIL and waits to get it back behind the other sessions' page code. Decoding in worker
processes takes it out of the server's GIL entirely: with 30 sessions on 2 cores the dashboard
served 13-35 % more page runs and the 95th percentile of a page run fell by about 0.5 s
(bench/RESULTS.md section 4). A worker calls the same nmt_core functions on the same weights
(:meth:`TranslationWorkers.run`: ``translate``, ``with_reference`` for a forced decoding, the
shortcut's votes, the encoder's annotations); it runs with one torch thread, so two workers use
two cores without oversubscribing them.

A worker loads each checkpoint once (keyed by folder, device and the weights' stamp, so a
replaced folder is read again) and keeps at most ``MAX_MODELS``. Each piece of work has a time
limit; a worker that overruns it or dies under its work (an out-of-memory kill) is replaced,
and the work is refused with one message (:class:`WorkNotDone`). Workers end with the process
that started them: at :meth:`TranslationWorkers.close`, at its exit, or, if it is killed, when
they notice that their parent is gone; never on a Ctrl-C of their own (the server stops them).
A worker starts from nmt_core alone: it never runs the server's page script (see
:class:`_WorkerProcess`), so it prints nothing.
"""

from __future__ import annotations

import collections
import concurrent.futures
import contextlib
import multiprocessing
import multiprocessing.context
import os
import queue
import signal
import sys
import threading
import time
import types
from collections.abc import Callable, Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:  # the module itself stays standard-library only: `attention-lab` reads it
    from nmt_core.checkpoint import Checkpoint

T = TypeVar("T")

WORKERS_VARIABLE = "ATTENTION_LAB_WORKERS"  # set by `attention-lab --workers`; 0 or unset: none
# Models kept loaded by a process: the server (dashboard/state/caches.py) or a worker.
MAX_MODELS = 8
# The longest one piece of model work may run in a worker: the largest request the pages allow
# (a query-key map of the most and longest sentences) takes a fraction of it on 2 busy cores.
WORK_SECONDS = 60.0
WAIT_SECONDS = 90.0  # the longest a piece of work waits for a free worker
PARENT_CHECK_SECONDS = 1.0

_models: collections.OrderedDict = collections.OrderedDict()  # in a worker: its loaded models


def configured_workers() -> int:
    """The number of translation workers the server was started with (``WORKERS_VARIABLE``)."""
    value = os.environ.get(WORKERS_VARIABLE, "").strip() or "0"
    try:
        count = int(value)
    except ValueError:
        raise ValueError(f"{WORKERS_VARIABLE}={value!r}: a whole number of workers") from None
    if count < 0:
        raise ValueError(f"{WORKERS_VARIABLE}={count}: the number of workers cannot be negative")
    return count


def _exit_with_parent(parent: int) -> None:
    """A worker's watch: exit as soon as the process that started it is gone (killed, say),
    instead of living on as an orphan."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _start_worker(parent: int) -> None:
    """A worker's start: deaf to Ctrl-C, one torch thread, and the watch on its parent.

    A Ctrl-C in the server's terminal reaches every process started from it; a worker that
    took it would print a KeyboardInterrupt traceback and die under a translation, while the
    server stops its workers itself on the same Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import torch

    torch.set_num_threads(1)
    threading.Thread(target=_exit_with_parent, args=(parent,), daemon=True).start()


def _model_here(path: str, device: str, stamp: float) -> Checkpoint:
    """In a worker: the model in ``path``, loaded once per (path, device, stamp)."""
    from nmt_core.checkpoint import load_checkpoint

    key = (path, device, stamp)
    if key not in _models:
        _models[key] = load_checkpoint(path, device=device)
        if len(_models) > MAX_MODELS:
            _models.popitem(last=False)
    _models.move_to_end(key)
    return _models[key]


def _run_here(
    work: Callable[..., T], path: str, device: str, stamp: float, args: tuple, kwargs: dict
) -> T:
    """In a worker: ``work(checkpoint, *args, **kwargs)`` with the model in ``path``."""
    return work(_model_here(path, device, stamp), *args, **kwargs)


def _ready() -> bool:
    return True


@contextlib.contextmanager
def _parent_main_hidden() -> Iterator[None]:
    """While a worker is launched, a ``__main__`` with no file: the worker imports nothing as
    its main module. Put back afterwards unless a page run has installed its own meanwhile.

    ``sys.modules`` is shared by every thread: a page run that starts in that instant puts its
    script back, and that one worker runs it as before (noisy, not wrong)."""
    from multiprocessing import resource_tracker

    resource_tracker.ensure_running()  # started first: the main module is hidden an instant
    main, stand_in = sys.modules["__main__"], types.ModuleType("__main__")
    sys.modules["__main__"] = stand_in
    try:
        yield
    finally:
        if sys.modules["__main__"] is stand_in:
            sys.modules["__main__"] = main


class _WorkerProcess(multiprocessing.context.SpawnProcess):
    """A spawned worker that does not run its parent's main module first.

    A spawned process imports its parent's ``__main__`` again before it does anything else,
    and in the server ``__main__`` is the page script that Streamlit ran last (Streamlit
    installs each run's script there): every worker ran the whole app in Streamlit's "bare
    mode" and printed some 150 warnings ("missing ScriptRunContext", "No runtime found") into
    the teacher's terminal, and a second or two of CPU, before it translated anything."""

    @staticmethod
    def _Popen(process_obj: multiprocessing.process.BaseProcess):
        with _parent_main_hidden():
            return multiprocessing.context.SpawnProcess._Popen(process_obj)


class _WorkerContext(multiprocessing.context.SpawnContext):
    """Spawn (no fork of a threaded server), with :class:`_WorkerProcess` processes."""

    Process = _WorkerProcess


class WorkNotDone(RuntimeError):
    """Model work that no worker finished: it ran past the time limit, its worker died under it
    (out of memory, say), or every worker stayed busy. The worker is replaced, the work is not
    run again (in the server least of all: it could take the server down with it), and the
    message is one sentence a student can act on."""


def _one_worker_pool() -> tuple[concurrent.futures.ProcessPoolExecutor, concurrent.futures.Future]:
    """A pool of one worker process, and the future that says it has started."""
    pool = concurrent.futures.ProcessPoolExecutor(
        1, mp_context=_WorkerContext(), initializer=_start_worker, initargs=(os.getpid(),)
    )
    return pool, pool.submit(_ready)


class _Worker:
    """One worker process, used by one request at a time (:class:`TranslationWorkers` hands it
    out), and replaced by a fresh one when it dies or overruns its time."""

    def __init__(self) -> None:
        self._pool, self._started = _one_worker_pool()

    def ready(self) -> bool:
        return self._started.done() and self._started.exception() is None

    def process_ids(self) -> list[int]:
        return list(self._pool._processes or {})

    def run(self, seconds: float, call: tuple) -> object:
        """``_run_here(*call)`` in this worker, for at most ``seconds``. A worker found dead
        before the work was handed to it is replaced and the work handed to the new one."""
        try:
            future = self._pool.submit(_run_here, *call)
        except BrokenProcessPool:  # it died idle (killed, say): the work has not started
            self.replace()
            future = self._pool.submit(_run_here, *call)
        try:
            return future.result(timeout=seconds)
        except concurrent.futures.TimeoutError:
            self.replace()
            raise WorkNotDone(
                f"This took longer than {seconds:.0f} s, so it was stopped: try fewer or "
                "shorter sentences, or a smaller beam."
            ) from None
        except BrokenProcessPool:
            self.replace()
            raise WorkNotDone(
                "The worker doing this stopped (out of memory?) and a new one took its place: "
                "try again, with fewer or shorter sentences if it happens again."
            ) from None

    def replace(self) -> None:
        """Kill this worker's process (stopped or busy, it may never finish) and start anew."""
        for process in list((self._pool._processes or {}).values()):
            process.kill()
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool, self._started = _one_worker_pool()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class TranslationWorkers:
    """``count`` worker processes that translate, each doing one piece of work at a time. They
    start at once, in the background: each imports torch before :meth:`ready` says so.

    Every piece of work is bounded: it waits at most ``wait`` seconds for a free worker and
    runs at most ``seconds`` there; past either, or when its worker dies under it, it raises
    :class:`WorkNotDone`, and the worker is replaced, so a server never runs short of them."""

    def __init__(self, count: int, seconds: float = WORK_SECONDS, wait: float = WAIT_SECONDS):
        if count < 1:
            raise ValueError(f"{count} workers: at least one")
        self._seconds, self._wait = seconds, wait
        self._all = [_Worker() for _ in range(count)]
        self._idle: queue.Queue[_Worker] = queue.Queue()
        for worker in self._all:
            self._idle.put(worker)

    def ready(self) -> bool:
        """The workers have started."""
        return all(worker.ready() for worker in self._all)

    def process_ids(self) -> list[int]:
        """The workers' process ids (what a test kills, or a benchmark measures)."""
        return [pid for worker in self._all for pid in worker.process_ids()]

    def run(
        self, work: Callable[..., T], path: str, device: str, stamp: float, *args, **kwargs
    ) -> T:
        """``work(checkpoint, *args, **kwargs)`` in a worker, where ``work`` is an nmt_core
        function that takes a checkpoint first (``translate``, ``with_reference``, ...) and
        the checkpoint is the one in ``path`` (``stamp``: its weights' modification time).
        Raises what ``work`` raises, and :class:`WorkNotDone` (see the class)."""
        try:
            worker = self._idle.get(timeout=self._wait)
        except queue.Empty:
            raise WorkNotDone(
                f"Every worker stayed busy for {self._wait:.0f} s: try again in a moment."
            ) from None
        try:
            return worker.run(self._seconds, (work, path, device, stamp, args, kwargs))
        finally:
            self._idle.put(worker)

    def close(self) -> None:
        """Stop the workers (waits for the work under way)."""
        for worker in self._all:
            worker.close()


__all__ = ["TranslationWorkers", "WORKERS_VARIABLE", "WorkNotDone", "configured_workers"]

"""Translation in worker processes (nmt_core.serving.workers): the same translations as in the
server process, errors that arrive as themselves, and workers that never outlive their server."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
import types
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from nmt_core.serving.workers import (
    WORKERS_VARIABLE,
    TranslationWorkers,
    WorkNotDone,
    configured_workers,
)
from nmt_core.translate import encoder_annotations, translate, with_reference
from tests.conftest import TOY_SENTENCE

pytestmark = pytest.mark.slow  # every test starts, kills or waits on real worker processes

REPO = Path(__file__).resolve().parents[1]


def wait_until(condition, seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


@pytest.fixture(scope="module")
def workers():
    pool = TranslationWorkers(1)
    assert wait_until(pool.ready), "the worker did not start"
    yield pool
    pool.close()


def test_a_worker_translates_as_the_server_process_does(workers, toy_checkpoint, toy_model):
    stamp = (toy_checkpoint / "config.json").stat().st_mtime
    there = workers.run(translate, str(toy_checkpoint), "cpu", stamp, TOY_SENTENCE)
    here = translate(toy_model, TOY_SENTENCE)
    assert there.best.target_pieces == here.best.target_pieces
    assert there.best.text == here.best.text == "Tu Ti Mo Ka ."
    np.testing.assert_allclose(there.best.attention, here.best.attention, atol=1e-5)
    beam = workers.run(translate, str(toy_checkpoint), "cpu", stamp, TOY_SENTENCE, beam_size=3)
    assert len(beam.hypotheses) == 3


def test_a_worker_force_decodes_as_the_server_process_does(workers, toy_checkpoint, toy_model):
    stamp = (toy_checkpoint / "config.json").stat().st_mtime
    greedy = translate(toy_model, TOY_SENTENCE)
    for reference in ("Ka Mo Ti Tu .", "Tu Ti Mo Ka ."):  # another sentence, and its own output
        there = workers.run(with_reference, str(toy_checkpoint), "cpu", stamp, greedy, reference)
        here = with_reference(toy_model, greedy, reference)
        assert there.reference.target_pieces == here.reference.target_pieces
        assert there.best.text == greedy.best.text  # the search is not run again
        np.testing.assert_allclose(there.reference.attention, here.reference.attention, atol=1e-5)
        np.testing.assert_allclose(there.reference.log_probs, here.reference.log_probs, atol=1e-5)
    assert (
        workers.run(with_reference, str(toy_checkpoint), "cpu", stamp, greedy, "  ").reference
        is None
    )


def test_a_worker_runs_any_model_function_as_the_server_process_does(
    workers, toy_checkpoint, toy_model
):
    stamp = (toy_checkpoint / "config.json").stat().st_mtime
    there = workers.run(encoder_annotations, str(toy_checkpoint), "cpu", stamp, TOY_SENTENCE)
    np.testing.assert_allclose(there, encoder_annotations(toy_model, TOY_SENTENCE), atol=1e-5)


def test_a_workers_error_reaches_the_caller_as_itself(workers, toy_checkpoint):
    stamp = (toy_checkpoint / "config.json").stat().st_mtime
    with pytest.raises(ValueError, match="empty"):
        workers.run(translate, str(toy_checkpoint), "cpu", stamp, "   ")


def test_workers_are_ready_only_once_they_have_started():
    workers = TranslationWorkers(2)
    try:
        assert not workers.ready()  # importing torch in a new process takes about a second
        assert wait_until(workers.ready)
    finally:
        workers.close()


def test_a_worker_never_runs_the_page_script_its_server_is_running(tmp_path, monkeypatch):
    # Streamlit installs the page script it runs as __main__; a spawned process used to run
    # its parent's __main__ again first, so every worker ran the app and printed warnings
    ran = tmp_path / "ran"
    page = tmp_path / "page.py"
    page.write_text(f"open({str(ran)!r}, 'w').close()\n")
    script = types.ModuleType("__main__")
    script.__file__ = str(page)
    monkeypatch.setitem(sys.modules, "__main__", script)
    workers = TranslationWorkers(1)
    try:
        assert sys.modules["__main__"] is script  # put back once the worker is launched
        assert wait_until(workers.ready)
    finally:
        workers.close()
    assert not ran.exists()


def test_a_ctrl_c_reaching_a_worker_leaves_it_translating(toy_checkpoint):
    # a Ctrl-C in the terminal reaches every process started there; the server stops its
    # workers itself, and a worker that took it died with a KeyboardInterrupt traceback
    workers = TranslationWorkers(1)
    try:
        assert wait_until(workers.ready)
        (pid,) = workers.process_ids()
        os.kill(pid, signal.SIGINT)
        time.sleep(1)
        stamp = (toy_checkpoint / "config.json").stat().st_mtime
        there = workers.run(translate, str(toy_checkpoint), "cpu", stamp, TOY_SENTENCE)
        assert there.best.text == "Tu Ti Mo Ka ."
        assert workers.process_ids() == [pid]
    finally:
        workers.close()


def test_the_worker_count_comes_from_the_server_settings(monkeypatch):
    for value, count in (("2", 2), ("", 0), (" 0 ", 0)):
        monkeypatch.setenv(WORKERS_VARIABLE, value)
        assert configured_workers() == count
    monkeypatch.delenv(WORKERS_VARIABLE)
    assert configured_workers() == 0
    for value in ("two", "-1"):
        monkeypatch.setenv(WORKERS_VARIABLE, value)
        with pytest.raises(ValueError, match=WORKERS_VARIABLE):
            configured_workers()


def test_workers_end_when_their_server_is_killed():
    server = textwrap.dedent("""
        import time
        from nmt_core.serving.workers import TranslationWorkers
        pool = TranslationWorkers(2)
        while not pool.ready():
            time.sleep(0.1)
        print(*pool.process_ids(), flush=True)
        time.sleep(600)
    """)
    process = subprocess.Popen(
        [sys.executable, "-c", server], cwd=REPO, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "OMP_NUM_THREADS": "1"},
    )  # fmt: skip
    try:
        pids = [int(pid) for pid in process.stdout.readline().split()]
    finally:
        process.kill()  # no shutdown, no atexit: as if the server were killed
        process.wait(timeout=30)
    assert len(pids) == 2

    def gone(pid: int) -> bool:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return True
        with open(f"/proc/{pid}/stat") as stat:  # a zombie waiting for init counts as gone
            return stat.read().split(") ")[1].startswith("Z")

    assert wait_until(lambda: all(gone(pid) for pid in pids), seconds=20)


def slow_translation(checkpoint, seconds: float, sentence: str):
    """A translation that first waits ``seconds``: work long enough to be killed under."""
    time.sleep(seconds)
    return translate(checkpoint, sentence)


@contextlib.contextmanager
def one_worker(toy_checkpoint: Path, **limits: float) -> Iterator[tuple[TranslationWorkers, int]]:
    """One started worker (``limits``: TranslationWorkers' seconds and wait) and its pid;
    closed at the end in all cases."""
    workers = TranslationWorkers(1, **limits)
    try:
        assert wait_until(workers.ready)
        (pid,) = workers.process_ids()
        yield workers, pid
    finally:
        workers.close()


def translated_there(workers: TranslationWorkers, toy_checkpoint: Path) -> str:
    """The toy sentence's translation, done by ``workers``."""
    stamp = (toy_checkpoint / "config.json").stat().st_mtime
    return workers.run(translate, str(toy_checkpoint), "cpu", stamp, TOY_SENTENCE).best.text


def test_a_worker_killed_under_its_work_is_replaced_and_the_next_work_is_done(toy_checkpoint):
    # an out-of-memory kill of a worker once left the server without it for good, and the
    # server then did every request itself
    stamp = (toy_checkpoint / "config.json").stat().st_mtime
    with one_worker(toy_checkpoint) as (workers, pid):
        killer = threading.Timer(2.0, os.kill, (pid, signal.SIGKILL))
        killer.start()
        with pytest.raises(WorkNotDone, match="stopped"):
            workers.run(slow_translation, str(toy_checkpoint), "cpu", stamp, 30, TOY_SENTENCE)
        killer.join()
        assert translated_there(workers, toy_checkpoint) == "Tu Ti Mo Ka ."
        (new,) = workers.process_ids()
        assert new != pid  # done in a new worker, not in this (the server's) process


def test_a_worker_killed_while_idle_is_replaced_before_the_next_work(toy_checkpoint):
    with one_worker(toy_checkpoint) as (workers, pid):
        os.kill(pid, signal.SIGKILL)
        time.sleep(1)
        assert translated_there(workers, toy_checkpoint) == "Tu Ti Mo Ka ."
        assert workers.process_ids() != [pid]


@pytest.mark.slow
def test_work_past_the_time_limit_is_stopped_and_its_worker_replaced(toy_checkpoint):
    # a stopped worker (SIGSTOP) once left every session "Translating…" with no end
    with one_worker(toy_checkpoint, seconds=10) as (workers, pid):
        os.kill(pid, signal.SIGSTOP)
        started = time.monotonic()
        with pytest.raises(WorkNotDone, match="longer than 10 s"):
            translated_there(workers, toy_checkpoint)
        assert time.monotonic() - started < 30
        assert translated_there(workers, toy_checkpoint) == "Tu Ti Mo Ka ."
        assert pid not in workers.process_ids()

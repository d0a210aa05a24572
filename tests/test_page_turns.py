"""dashboard.state.caches.PageTurns: page runs queue for the cores, first come, first served."""

import threading
import time

import pytest

from dashboard.state.caches import PageTurns


def run_pages(turns: PageTurns, count: int, hold: float) -> tuple[list[int], int]:
    """``count`` threads, started 10 ms apart, each takes a turn for ``hold`` seconds.

    Returns the order in which they got their turns and the most that ran at once.
    """
    order: list[int] = []
    running, most = 0, 0
    lock = threading.Lock()

    def page(k: int) -> None:
        nonlocal running, most
        with turns.turn():
            with lock:
                order.append(k)
                running += 1
                most = max(most, running)
            time.sleep(hold)
            with lock:
                running -= 1

    threads = [threading.Thread(target=page, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
        time.sleep(0.01)
    for thread in threads:
        thread.join(timeout=10)
    return order, most


def test_no_more_runs_at_once_than_slots_and_in_order_of_arrival():
    order, most = run_pages(PageTurns(2), count=8, hold=0.05)
    assert most == 2
    assert order == list(range(8))  # the queue is served first come, first served


def test_one_slot_runs_pages_one_at_a_time():
    assert run_pages(PageTurns(1), count=4, hold=0.02)[1] == 1


def start_waiting_page(turns: PageTurns) -> tuple[threading.Thread, threading.Event]:
    """A page run in another thread; the event is set once it has had its turn."""
    done = threading.Event()

    def page() -> None:
        with turns.turn():
            done.set()

    thread = threading.Thread(target=page)
    thread.start()
    return thread, done


def test_a_run_that_fails_or_leaves_early_gives_its_slot_back():
    turns = PageTurns(1)
    with pytest.raises(RuntimeError), turns.turn():
        raise RuntimeError("the page stopped")  # st.stop() and reruns end a page by raising
    with turns.turn():
        waiting, done = start_waiting_page(turns)
        assert not done.wait(timeout=0.2)  # the one slot is taken
        turns.leave()  # e.g. before sleeping between animation steps
        assert done.wait(timeout=5)
        waiting.join()
        turns.leave()  # leaving again, and the end of the block, give back nothing more
    with turns.turn():
        waiting, done = start_waiting_page(turns)
        assert not done.wait(timeout=0.2)  # still one slot, not two
    assert done.wait(timeout=5)
    waiting.join()

"""Named moments at which a test can freeze this process, to kill it exactly there.

Unset, :func:`pause_point` does nothing. With ``NMT_CORE_PAUSE_AT=NAME@N`` in the environment,
the N-th time (default 1) the process reaches the point ``NAME`` it writes ``NAME`` to the file
``NMT_CORE_PAUSE_FILE`` and sleeps, so that a test sends SIGKILL at that moment and checks what a
resumed run makes of it (``tests/test_kills.py``). The points: ``update`` (after the backward
pass, before the optimizer step), ``evaluation`` (dev scores computed, nothing written),
``metrics`` (half a log line written), ``snapshot`` (a snapshot written beside its final name),
``write:FOLDER`` (a checkpoint folder written beside its final name), ``swap:FOLDER`` (between
the two renames that swap it in), ``average`` (a candidate of ``nmt_core average`` scored).
"""

from __future__ import annotations

import os
import time
from collections import Counter
from pathlib import Path

PAUSE_AT, PAUSE_FILE = "NMT_CORE_PAUSE_AT", "NMT_CORE_PAUSE_FILE"
_reached: Counter[str] = Counter()  # per process: how often each point was passed


def pause_point(name: str) -> None:
    """Freeze here if the environment asks for this point now (see the module docstring)."""
    wanted = os.environ.get(PAUSE_AT)
    if not wanted:
        return
    point, _, nth = wanted.partition("@")
    if point != name:
        return
    _reached[name] += 1
    if _reached[name] == int(nth or 1):
        # written beside, then renamed: the test kills us as soon as the file exists, and a
        # file still being written would read empty
        marker = Path(os.environ[PAUSE_FILE])
        partial = marker.with_name(marker.name + ".partial")
        partial.write_text(name)
        os.replace(partial, marker)
        time.sleep(3600)  # the test kills us here

"""The interpreter's settings for a serving process: how often threads trade the GIL, and
how the garbage collector runs.

Both are measured choices (docs/performance.md, "The server"):

* **The GIL's switch interval.** The database's writer thread releases the GIL at every
  SQLite call and must take it back from the event loop, which holds it while it is busy; at
  Python's default 5 ms interval each of those takes up to 5 ms, so a group commit that
  costs 4 ms of work took 70 ms to come back, and every room waited for it.  At 0.5 ms the
  loop gives the GIL back sooner: 300 rooms' lateness went from 93 / 443 ms (p50 / p99) to
  15 / 49 ms on the same machine.
* **The collector.** Every pending decision of every room (a timer, a future, a coroutine)
  lives half a second, long enough to outlive the youngest generation's collections; so
  the oldest generation filled quickly and was collected every second or two, each time
  over every object of every room: pauses of up to 0.85 s at 1,000 rooms.  A larger
  youngest generation lets those objects die young; the objects of the start (modules,
  functions, classes) are frozen out of the collections for good.  The middle generation
  is collected after every fifth collection of the youngest: after every fiftieth, it held
  what every room had kept for fifteen seconds (each hand's objects), and collecting it
  stopped the loop for up to 0.31–0.39 s at 1,000 rooms; after every fifth, about 0.1–0.15 s
  at most.  What that promotes sooner would make the oldest generation due ten times as
  often, and one full collection took 0.48 s: it is due after every hundredth collection of
  the middle one instead of every tenth, so as rarely as before.
"""

from __future__ import annotations

import gc
import sys

SWITCH_INTERVAL = 0.0005
"""Seconds a thread may hold the GIL while another waits for it (Python's default: 0.005)."""
GC_THRESHOLDS = (10_000, 5, 100)
"""The collector's thresholds (Python's default: 700, 10, 10)."""


def tune() -> None:
    """Set this process's switch interval and collector for serving (call once, at the
    start: the objects that exist by then are frozen out of every later collection)."""
    sys.setswitchinterval(SWITCH_INTERVAL)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)

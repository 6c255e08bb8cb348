"""The whole suite's set-up: the solver's compiled kernel is compiled (or loaded from numba's
cache) once, in the process that starts the others, before any test runs.

With ``pytest -n auto`` (the README's test command) every test process, and every server a
test starts (for its hints and reviews), would otherwise compile it at the same moment on a
fresh clone — about a hundred seconds of processor each — and a browser test waiting for a
review could time out behind them; after this they load numba's cache instead.  Without
numba there is nothing to do.
"""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    """Compile the kernel in the controlling process of a run in several processes (``-n``;
    not again in pytest-xdist's workers, nor for a run in one process, which compiles it
    when a test first needs it)."""
    if hasattr(config, "workerinput") or not getattr(config.option, "numprocesses", None):
        return
    from twentyeight.solver.fast import compiled_available, warm_up

    if compiled_available():
        warm_up()

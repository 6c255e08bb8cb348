"""Whether the solver's kernel is compiled, and the decorator that compiles it.

The kernel (:mod:`twentyeight.solver.kernel`) is written once, in the subset of Python that
numba compiles.  :func:`njit` is ``numba.njit(cache=True)`` when numba can be imported and the
environment variable ``TWENTYEIGHT_NO_NUMBA`` is not set to a true value (``1``, ``yes``,
``true``); otherwise it returns the function unchanged, and the same code runs as plain
Python (on numpy arrays: the kernel needs numpy either way).  :func:`njit_inline` is the same
with numba's ``inline="always"``, for the kernel's small inner functions.

:func:`plain` is a context in which :func:`njit` leaves functions alone whatever is
installed: :func:`twentyeight.solver.fast.plain_kernel` loads a second, uncompiled copy of the
kernel inside it, so that the tests and the benchmark can run the very same source both ways
in one process.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any, TypeVar, cast

__all__ = ["NO_NUMBA_VARIABLE", "disabled", "have_numba", "have_numpy", "njit", "njit_inline",
           "plain"]

F = TypeVar("F", bound=Callable[..., Any])

NO_NUMBA_VARIABLE = "TWENTYEIGHT_NO_NUMBA"
"""Set to ``1`` to run without the compiled kernel even when numba is installed."""

_plain_depth = 0


def disabled() -> bool:
    """``TWENTYEIGHT_NO_NUMBA`` is set to a true value."""
    return os.environ.get(NO_NUMBA_VARIABLE, "").strip().lower() in ("1", "yes", "true", "on")


def have_numpy() -> bool:
    """numpy can be imported (the kernel's arrays; without it only the Python search runs)."""
    return importlib.util.find_spec("numpy") is not None


def have_numba() -> bool:
    """numba (and numpy) can be imported and ``TWENTYEIGHT_NO_NUMBA`` does not forbid it."""
    return not disabled() and _numba_imports()


@cache
def _numba_imports() -> bool:
    """numba imports (a broken install, e.g. against a newer numpy, counts as absent)."""
    if not have_numpy() or importlib.util.find_spec("numba") is None:
        return False
    try:
        import numba  # type: ignore[import-untyped,import-not-found,unused-ignore]
    except Exception:                                      # pragma: no cover - broken install
        return False
    return bool(numba.__version__)


@contextmanager
def plain() -> Iterator[None]:
    """Within this block :func:`njit` returns functions unchanged (an uncompiled copy)."""
    global _plain_depth
    _plain_depth += 1
    try:
        yield
    finally:
        _plain_depth -= 1


def njit(fn: F) -> F:
    """``numba.njit(cache=True)(fn)`` when the kernel is to be compiled, else ``fn`` itself."""
    return _compile(fn, inline=False)


def njit_inline(fn: F) -> F:
    """As :func:`njit`, and numba puts the function's body into every compiled caller
    (``inline="always"``): no call, and no reference counting of the arrays passed, per use.

    For the small functions of the solver's inner loop.  The function stays callable from
    Python on its own, as any compiled function.
    """
    return _compile(fn, inline=True)


def _compile(fn: F, *, inline: bool) -> F:
    """``fn`` compiled by numba (inlined into its callers or not), or ``fn`` when plain."""
    if _plain_depth or not have_numba():
        return fn
    import numba  # type: ignore[import-untyped,import-not-found,unused-ignore]

    return cast(F, numba.njit(cache=True, inline="always" if inline else "never")(fn))

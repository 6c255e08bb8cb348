"""The one percentile the benchmarks report: nearest rank, as latency reports use it."""

from __future__ import annotations

import math
from collections.abc import Sequence


def percentile(values: Sequence[float], q: float) -> float:
    """The smallest of ``values`` with at least a share ``q`` (0 … 1) of them at or below it
    (nearest rank): never below the median for ``q`` ≥ ½, the largest for ``q`` = 1.

    >>> percentile([3.0, 1.0], 0.9), percentile([1.0, 2.0, 3.0, 4.0], 0.5)
    (3.0, 2.0)
    """
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]

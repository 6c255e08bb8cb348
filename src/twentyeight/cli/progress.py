"""A small progress bar for long runs, written to standard error (standard library only)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    """``with Progress(total, "hands") as bar: bar.update(k)`` draws at most ten times a second."""

    def __init__(self, total: int, unit: str, enabled: bool | None = None,
                 stream: TextIO | None = None) -> None:
        self.total = max(total, 1)
        self.unit = unit
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.start = time.perf_counter()
        self.last = 0.0
        self.done = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        if self.enabled:
            self._draw(force=True)
            self.stream.write("\n")
            self.stream.flush()

    def update(self, done: int) -> None:
        """Report ``done`` units finished so far."""
        self.done = done
        if self.enabled:
            self._draw()

    def _draw(self, force: bool = False) -> None:
        now = time.perf_counter()
        if not force and now - self.last < 0.1:
            return
        self.last = now
        elapsed = max(now - self.start, 1e-9)
        rate = self.done / elapsed
        frac = min(self.done / self.total, 1.0)
        width = 30
        filled = int(frac * width)
        # (before the first unit is done there is no rate to tell the time left by)
        eta = f"{(self.total - self.done) / rate:4.0f}s" if rate > 0 else "   ?s"
        bar = "█" * filled + "░" * (width - filled)
        speed = f"{rate:,.0f}" if rate >= 10 or rate == 0 else f"{rate:.1f}"  # (0.5 deals/s)
        self.stream.write(f"\r{bar} {frac:4.0%} {self.done:,}/{self.total:,} {self.unit} "
                          f"{speed}/s ETA {eta} ")
        self.stream.flush()

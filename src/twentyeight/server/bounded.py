"""Work a stranger can ask for that costs the server dearly — a record to replay, a body
of a megabyte to parse, a password to hash — done on threads of its own, a few at a time,
with a bounded number waiting (:class:`BoundedPool`): beyond, the asker is told 503
``busy`` at once, instead of joining a queue that grows as fast as requests come."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from twentyeight.server.refusal import RoomError

T = TypeVar("T")


class BoundedPool:
    """``threads`` threads of their own (named ``name``), with at most ``waiting`` more
    calls waiting for them; a call beyond is refused with :class:`RoomError` (503 ``busy``,
    whose message is ``busy``)."""

    def __init__(self, threads: int, waiting: int, name: str, busy: str) -> None:
        self.threads = max(1, threads)
        self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix=name)
        self.most = self.threads + waiting
        """Calls running or waiting at most."""
        self.message = busy
        self.under_way = 0
        """Calls running or waiting now."""

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the pool's threads; 503 ``busy`` when as many wait as may."""
        if self.under_way >= self.most:
            raise RoomError(503, "busy", self.message)
        self.under_way += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)
        finally:
            self.under_way -= 1

    def close(self) -> None:
        """Stop the threads (what waits is cancelled)."""
        self.pool.shutdown(wait=False, cancel_futures=True)

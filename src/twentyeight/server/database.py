"""The store as the event loop uses it: every call runs on the database's own threads.

Database calls never share a thread pool with anything else (computer players, other I/O), so
a busy bot can never hold up a commit, and a slow commit never holds up the event loop.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from twentyeight.server.store import ActionRow, RoomRow, SeatRow, Storage

T = TypeVar("T")


class Database:
    """Async access to a :class:`~twentyeight.server.store.Storage` (see the module)."""

    def __init__(self, storage: Storage, threads: int = 4) -> None:
        self.storage = storage
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="twentyeight-db")

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def close(self) -> None:
        """Wait for the calls under way, then release the store."""
        self.pool.shutdown(wait=True)
        self.storage.close()

    async def create_room(self, room: RoomRow) -> None:
        """:meth:`Storage.create_room`."""
        await self._run(self.storage.create_room, room)

    async def set_seat(self, room_id: str, seat: int, row: SeatRow) -> None:
        """:meth:`Storage.set_seat`."""
        await self._run(self.storage.set_seat, room_id, seat, row)

    async def start(self, room_id: str, record: dict[str, Any],
                    filled: dict[int, SeatRow]) -> None:
        """:meth:`Storage.start`."""
        await self._run(self.storage.start, room_id, record, filled)

    async def append_action(self, room_id: str, seq: int, seat: int, action: str, by: str,
                            record: dict[str, Any], status: str) -> None:
        """:meth:`Storage.append_action`."""
        await self._run(self.storage.append_action, room_id, seq, seat, action, by, record,
                        status)

    async def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """:meth:`Storage.load_rooms`."""
        return await self._run(self.storage.load_rooms, room_id)

    async def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """:meth:`Storage.changes`."""
        return await self._run(self.storage.changes, room_id, after)

    async def active(self) -> dict[str, int]:
        """:meth:`Storage.active`."""
        return await self._run(self.storage.active)

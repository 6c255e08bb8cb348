"""The store as the event loop uses it: its calls run on the database's own threads, and
accepted actions are committed together (group commit).

Database calls never share a thread pool with anything else (computer players, other I/O), so
a busy bot can never hold up a commit, and a slow commit never holds up the event loop.
Writes go to one writer thread, in the order they were asked for; reads to a few reader
threads.

**Group commit.**  :meth:`Database.append` queues the action and waits for its commit.  The
writer takes everything queued — actions of any rooms — and commits it in one transaction;
what arrives meanwhile goes into the next one.  Each caller resumes only once its own action
is committed (or refused), so an action is still told to nobody before it is in the
database, while one disk flush serves many actions.

The writer thread drains the queue itself, one batch after the other, and only hands each
batch's outcome back to the event loop: the next batch never waits for a busy loop to come
round to submitting it (it did: at 500 rooms the writer sat idle between commits of 10 ms
while each action waited 100 ms for its turn).  Each batch is one call on the writer, which
queues the next behind whatever other writes were asked for meanwhile.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections import deque
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from twentyeight.server.store import ActionRow, Append, RoomRow, SeatRow, Storage

T = TypeVar("T")
log = logging.getLogger("twentyeight.server")

MAX_BATCH = 500
"""At most this many actions in one transaction."""


class Database:
    """Async access to a :class:`~twentyeight.server.store.Storage` (see the module)."""

    def __init__(self, storage: Storage, readers: int = 3) -> None:
        self.storage = storage
        self.writer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="twentyeight-dbw")
        self.readers = ThreadPoolExecutor(max_workers=readers,
                                          thread_name_prefix="twentyeight-dbr")
        self.queue: deque[tuple[Append, asyncio.Future[bool]]] = deque()
        """Actions waiting for the writer (shared with its thread, under :attr:`guard`)."""
        self.guard = threading.Lock()
        self.draining = False
        """Whether a call of :meth:`_drain` is queued or running (it queues the next while
        actions wait)."""
        self.batches = 0
        """Transactions of actions committed so far (with :attr:`appended`: the batch size)."""
        self.appended = 0

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.writer, fn, *args)

    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.readers, fn, *args)

    def close(self) -> None:
        """Wait for the calls under way, then release the store."""
        self.writer.shutdown(wait=True)
        self.readers.shutdown(wait=True)
        self.storage.close()

    # ---- the group commit ----------------------------------------------------------------
    async def append(self, entry: Append) -> bool:
        """Commit one accepted action (with whatever else is waiting); whether it was
        committed (``False``: its room was not at ``entry.seq - 1``).  Raises what the
        database raised if the commit failed."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[bool] = loop.create_future()
        with self.guard:
            self.queue.append((entry, done))
            start, self.draining = not self.draining, True
        if start:
            self._queue_drain(loop)
        return await done

    def _queue_drain(self, loop: asyncio.AbstractEventLoop) -> None:
        """Ask the writer for a call of :meth:`_drain`; once it is shut down, every action
        waiting fails instead (nothing will commit them)."""
        try:
            self.writer.submit(self._drain, loop)
        except RuntimeError:
            with self.guard:
                left, self.queue, self.draining = list(self.queue), deque(), False
            with contextlib.suppress(RuntimeError):     # the loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, left, RuntimeError("database closed"))

    def _drain(self, loop: asyncio.AbstractEventLoop) -> None:
        """On the writer thread: commit one batch of the queue, then, if more is waiting, queue
        another call of itself behind the writes asked for meanwhile (so a busy stream of
        actions never keeps a seat or a start from being written)."""
        with self.guard:
            batch = [self.queue.popleft() for _ in range(min(MAX_BATCH, len(self.queue)))]
        if batch:
            try:
                results: list[bool] | BaseException = self.storage.append(
                    [e for e, _ in batch])
            except Exception as e:
                results = e
            else:
                self.batches += 1
                self.appended += len(batch)
            with contextlib.suppress(RuntimeError):     # the loop is closed: nobody waits
                loop.call_soon_threadsafe(_settle, batch, results)
        with self.guard:
            more = bool(self.queue)
            self.draining = more
        if more:
            self._queue_drain(loop)

    # ---- the other calls -----------------------------------------------------------------
    async def create_room(self, room: RoomRow) -> None:
        """:meth:`Storage.create_room`."""
        await self._write(self.storage.create_room, room)

    async def take_seat(self, room_id: str, seat: int, row: SeatRow,
                        per_client: int | None = None) -> None:
        """:meth:`Storage.take_seat`."""
        await self._write(self.storage.take_seat, room_id, seat, row, per_client)

    async def claim_seat(self, room_id: str, seat: int, row: SeatRow,
                         per_client: int | None = None) -> None:
        """:meth:`Storage.claim_seat`."""
        await self._write(self.storage.claim_seat, room_id, seat, row, per_client)

    async def hand_over(self, room_id: str, seat: int) -> None:
        """:meth:`Storage.hand_over`."""
        await self._write(self.storage.hand_over, room_id, seat)

    async def set_invite(self, room_id: str, invite_hash: str) -> None:
        """:meth:`Storage.set_invite`."""
        await self._write(self.storage.set_invite, room_id, invite_hash)

    async def start(self, room_id: str, record: dict[str, Any],
                    filled: dict[int, SeatRow], hints: bool | None = None) -> None:
        """:meth:`Storage.start`."""
        await self._write(self.storage.start, room_id, record, filled, hints)

    async def visit(self, room_ids: Sequence[str], at: float) -> None:
        """:meth:`Storage.visit`."""
        await self._write(self.storage.visit, list(room_ids), at)

    async def close_idle(self, before: float, note: str) -> list[str]:
        """:meth:`Storage.close_idle`."""
        return await self._write(self.storage.close_idle, before, note)

    async def close_room(self, room_id: str, note: str) -> None:
        """:meth:`Storage.close_room`."""
        await self._write(self.storage.close_room, room_id, note)

    async def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """:meth:`Storage.load_rooms`."""
        return await self._read(self.storage.load_rooms, room_id)

    async def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """:meth:`Storage.changes`."""
        return await self._read(self.storage.changes, room_id, after)

    async def active(self) -> dict[str, int]:
        """:meth:`Storage.active`."""
        return await self._read(self.storage.active)

    async def count_rooms(self, created_by: str | None = None) -> int:
        """:meth:`Storage.count_rooms`."""
        return await self._read(self.storage.count_rooms, created_by)

    async def leave_seat(self, room_id: str, seat: int, token_hash: str, row: SeatRow) -> None:
        """:meth:`Storage.leave_seat`."""
        await self._write(self.storage.leave_seat, room_id, seat, token_hash, row)


def _settle(batch: list[tuple[Append, asyncio.Future[bool]]],
            results: list[bool] | BaseException) -> None:
    """On the event loop: each waiting caller's outcome (callers that gave up are skipped)."""
    for k, (_, done) in enumerate(batch):
        if done.done():
            continue
        if isinstance(results, BaseException):
            done.set_exception(results)
        else:
            done.set_result(results[k])

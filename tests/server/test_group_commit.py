"""The group commit (:class:`twentyeight.server.database.Database`): what arrives while a batch
is being committed goes into the next one, every caller resumes only once its own action is
committed (or refused), and a failed commit reaches exactly the callers of that batch."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine, Sequence
from typing import Any

import pytest

from twentyeight.server.database import Database
from twentyeight.server.memory_store import MemoryStore
from twentyeight.server.store import Append


class GatedStore(MemoryStore):
    """A store whose ``append`` records each batch and waits for the test to let it commit."""

    def __init__(self) -> None:
        super().__init__()
        self.batches: list[list[str]] = []
        self.entered = threading.Semaphore(0)
        self.gate = threading.Semaphore(0)
        self.fail_next = False

    def append(self, entries: Sequence[Append]) -> list[bool]:
        self.batches.append([f"{e.room_id}/{e.seq}" for e in entries])
        self.entered.release()
        self.gate.acquire()
        if self.fail_next:
            self.fail_next = False
            raise OSError("disk full")
        return [e.seq % 2 == 1 for e in entries]       # odd seqs commit, even ones are refused


def entry(room: str, seq: int) -> Append:
    return Append(room, seq, 0, "0 pass", "player", "playing")


def run(store: GatedStore, scenario: Callable[[Database], Coroutine[Any, Any, None]]) -> None:
    """Play ``scenario`` against a :class:`Database` over ``store``, then close it."""
    db = Database(store)
    try:
        asyncio.run(scenario(db))
    finally:
        db.close()


async def entered(store: GatedStore) -> None:
    """Wait (off the loop) until the writer is inside ``append``."""
    assert await asyncio.to_thread(store.entered.acquire, True, 5.0)


def test_what_arrives_during_a_commit_goes_into_the_next_batch() -> None:
    store = GatedStore()

    async def scenario(db: Database) -> None:
        first = asyncio.create_task(db.append(entry("a", 1)))
        await entered(store)                            # the writer holds batch one
        later = [asyncio.create_task(db.append(entry(r, s)))
                 for r, s in (("a", 2), ("b", 1), ("c", 3), ("d", 4))]
        await asyncio.sleep(0.05)
        assert not first.done() and not any(t.done() for t in later)   # nothing committed yet
        store.gate.release()
        assert await first is True                      # its own batch's outcome
        await entered(store)
        assert not any(t.done() for t in later)         # waiting for their own commit
        store.gate.release()
        assert [await t for t in later] == [False, True, True, False]

    run(store, scenario)
    assert store.batches == [["a/1"], ["a/2", "b/1", "c/3", "d/4"]]


def test_a_failed_commit_reaches_the_callers_of_its_batch_only() -> None:
    store = GatedStore()

    async def scenario(db: Database) -> None:
        first = asyncio.create_task(db.append(entry("a", 1)))
        await entered(store)
        second = asyncio.create_task(db.append(entry("b", 1)))
        await asyncio.sleep(0.02)
        store.fail_next = True
        store.gate.release()                            # batch one fails
        with pytest.raises(OSError, match="disk full"):
            await first
        await entered(store)
        store.gate.release()
        assert await second is True                     # batch two commits

    run(store, scenario)
    assert store.batches == [["a/1"], ["b/1"]]


def test_a_caller_that_gives_up_leaves_the_others_their_outcome() -> None:
    store = GatedStore()

    async def scenario(db: Database) -> None:
        first = asyncio.create_task(db.append(entry("a", 1)))
        await entered(store)
        quitter = asyncio.create_task(db.append(entry("b", 1)))
        stayer = asyncio.create_task(db.append(entry("c", 1)))
        await asyncio.sleep(0.02)
        quitter.cancel()
        store.gate.release()
        await first
        await entered(store)
        store.gate.release()
        assert await stayer is True
        with pytest.raises(asyncio.CancelledError):
            await quitter

    run(store, scenario)
    assert store.batches == [["a/1"], ["b/1", "c/1"]]  # (it was committed all the same)


def test_a_stream_of_actions_never_holds_up_the_other_writes() -> None:
    store = GatedStore()
    visits: list[list[str]] = []
    store.visit = lambda room_ids, at: visits.append(  # type: ignore[method-assign]
        [*room_ids, f"after {len(store.batches)} batches"])

    async def scenario(db: Database) -> None:
        first = asyncio.create_task(db.append(entry("a", 1)))
        await entered(store)                            # batch one is being committed
        second = asyncio.create_task(db.append(entry("b", 1)))
        await asyncio.sleep(0.02)
        visit = asyncio.create_task(db.visit(["a"], 1.0))   # asked for while actions wait
        await asyncio.sleep(0.02)
        store.gate.release()
        await first
        await asyncio.wait_for(visit, 5)                # before the next batch, not after
        await entered(store)
        store.gate.release()
        assert await second is True

    run(store, scenario)
    assert visits == [["a", "after 1 batches"]]
    assert store.batches == [["a/1"], ["b/1"]]

"""The talk store's one-of-a-kind notes behave alike in SQL and in memory: one claim of the
remaining tricks per side per hand (protocol.md, "Claims"), one rematch per room."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from twentyeight.server.store import SqlStore
from twentyeight.server.talk_store import MemoryTalk, SqlTalk, TalkStore


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TalkStore]:
    if request.param == "memory":
        yield MemoryTalk()
        return
    rooms = SqlStore(f"sqlite:///{tmp_path / 'rooms.db'}")
    try:
        yield SqlTalk(rooms.engine)
    finally:
        rooms.close()


def test_a_side_claims_once_a_hand(store: TalkStore) -> None:
    """The side of seats 0 and 2 (bits 0b101) claims in hand 3 once; the other side, another
    hand and another room are each a first claim."""
    assert store.claim_once("r1", 3, 0b0101) is True
    assert store.claim_once("r1", 3, 0b0101) is False
    assert store.claim_once("r1", 3, 0b1010) is True
    assert store.claim_once("r1", 4, 0b0101) is True
    assert store.claim_once("r2", 3, 0b0101) is True
    assert store.claim_once("r1", 3, 0b1010) is False


def test_the_note_outlives_the_process(tmp_path: Path) -> None:
    """A claim noted in the database is refused by a store opened afresh on it (a restart)."""
    url = f"sqlite:///{tmp_path / 'rooms.db'}"
    first = SqlStore(url)
    assert SqlTalk(first.engine).claim_once("r", 0, 0b11) is True
    first.close()
    again = SqlStore(url)
    try:
        assert SqlTalk(again.engine).claim_once("r", 0, 0b11) is False
    finally:
        again.close()


def test_one_rematch_per_room(store: TalkStore) -> None:
    """The first link holds; a second is refused and changes nothing."""
    assert store.link_rematch("r", "next") is True
    assert store.link_rematch("r", "other") is False
    assert store.rematch_of("r") == "next"

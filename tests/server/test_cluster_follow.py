"""Several processes on one database, without the network: how a process follows actions
another one committed (the notice carries the action), which process's computer players act
next, and which rooms the database poll reads again."""

from __future__ import annotations

import asyncio
import json
from types import SimpleNamespace
from typing import Any

import pytest

from twentyeight import Match, Rules
from twentyeight.server.audience import Audience
from twentyeight.server.catchup import DEFER, DatabaseSync
from twentyeight.server.cluster import EXPIRY, ClusterSync, _told_action, behind
from twentyeight.server.driver import plan
from twentyeight.server.room import BOT, PLAYING, Room, Seat
from twentyeight.server.store import ActionRow, start_record


class Listener:
    """A spectator that keeps what it is told."""

    def __init__(self) -> None:
        self.seat: int | None = None
        self.claim: int | None = None
        self.claim_hash: str | None = None
        self.sent: list[dict[str, Any]] = []

    def send(self, message: Any) -> None:
        self.sent.append(json.loads(message) if isinstance(message, str) else message)

    def close(self, code: int, reason: str) -> None:
        pass


class CountingDb:
    """A database that has nothing new, and counts how often it is asked."""

    def __init__(self) -> None:
        self.reads = 0

    async def changes(self, room_id: str, after: int) -> None:
        self.reads += 1
        return None


def computers_room(bot_delay: float = 0.5) -> Room:
    rules = Rules.from_spec("28")
    room = Room(id="r1", rules=rules, bot_kind="random", host_token_hash="h",
                takeover_seconds=60, bot_delay=bot_delay,
                seats=[Seat(kind=BOT, name=f"c{k}") for k in range(4)])
    match = Match.new(rules, seed=7)
    room.match, room.status, room.start = match, PLAYING, start_record(match)
    room.audience = 1
    return room


def follower(room: Room) -> tuple[DatabaseSync, CountingDb, Listener]:
    db = CountingDb()
    audience = Audience(lambda: 0.0)
    watcher = Listener()
    audience.add(room.id, watcher)
    hub = SimpleNamespace(rooms={room.id: room}, db=db, audience=audience, now=lambda: 0.0,
                          lobby=SimpleNamespace(promote=lambda room: None),
                          players=SimpleNamespace(start=lambda room: None))
    return DatabaseSync(hub), db, watcher  # type: ignore[arg-type]


def next_action(room: Room) -> ActionRow:
    assert room.match is not None and room.match.to_act is not None
    seat = room.match.to_act
    legal = room.match.current.view(seat)["legal"]
    return ActionRow(room.seq + 1, seat, legal[0], "bot")


def test_an_action_told_by_its_notice_is_applied_without_reading_the_database() -> None:
    room = computers_room()
    sync, db, watcher = follower(room)
    action = next_action(room)
    asyncio.run(sync.follow(room, action, PLAYING))
    assert room.seq == 1 and room.log == [action.action]
    assert db.reads == 0
    assert room.acted_elsewhere
    events = [m for m in watcher.sent if m["type"] == "event"]
    assert [(e["seq"], e["action"]) for e in events] == [(1, action.action)]


def test_a_notice_after_a_gap_or_with_another_status_reads_the_database() -> None:
    room = computers_room()
    sync, db, watcher = follower(room)
    first = next_action(room)
    gap = ActionRow(first.seq + 1, first.seat, first.action, "bot")    # seq 2 at seq 0
    asyncio.run(sync.follow(room, gap, PLAYING))
    assert room.seq == 0 and db.reads == 1 and watcher.sent == []
    asyncio.run(sync.follow(room, first, "closed"))    # the room says closed, replay does not
    assert db.reads == 2
    asyncio.run(sync.follow(room, first, PLAYING))     # already known now: nothing at all
    assert db.reads == 2 and room.seq == 1


def test_the_process_that_acted_last_acts_next() -> None:
    room = computers_room(bot_delay=0.5)
    sync, _, _ = follower(room)
    assert plan(room, 0.0, sync.deferral(room)) == (0.5, 0)
    room.acted_elsewhere = True
    assert plan(room, 0.0, sync.deferral(room)) == (0.5 + DEFER, 0)


def test_a_process_heard_from_is_left_its_move_until_it_would_count_as_gone() -> None:
    """The notice's sender is remembered; while it is heard from, the others leave it the
    next move for as long as it takes to know it is gone (a slow process is not raced), then
    for :data:`DEFER` only; and when it says goodbye its rooms plan again at once."""
    room = computers_room()
    hub = SimpleNamespace(rooms={room.id: room}, lobby=SimpleNamespace(
        presence_changed=lambda *key: None))
    sync = ClusterSync(hub, "redis://localhost:1/0", heartbeat_seconds=2.0)  # type: ignore[arg-type]
    follow = follower(room)[0]
    action = next_action(room)
    asyncio.run(follow.follow(room, action, PLAYING, writer="p2"))
    assert room.acted_elsewhere and room.acted_by == "p2"
    assert sync.deferral(room) == DEFER                      # p2 never heard from
    sync.seen["p2"] = 0.0
    assert sync.deferral(room) == EXPIRY * 2.0
    room.changed.clear()
    sync._forget("p2")                                        # its "bye", or its silence
    assert room.changed.is_set() and sync.deferral(room) == DEFER
    room.acted_elsewhere, room.acted_by = False, None         # this process acted
    assert sync.deferral(room) == 0.0


def test_a_computers_pace_counts_from_the_last_action_not_from_any_later_change() -> None:
    """``bot_delay`` after the previous action was accepted, at an absolute moment: a wake-up
    in between (someone came, a commit came back) does not postpone it, and a computer
    already late acts at once."""
    room = computers_room(bot_delay=0.5)
    room.turn_since = 10.0
    assert plan(room, 10.0) == (0.5, 0)
    assert plan(room, 10.2) == (pytest.approx(0.3), 0)
    assert plan(room, 11.0) == (0.0, 0)
    assert plan(room, 11.0, DEFER) == (DEFER, 0)


def test_the_poll_reads_only_rooms_left_behind() -> None:
    rooms = {"a": SimpleNamespace(seq=10), "b": SimpleNamespace(seq=10),
             "c": SimpleNamespace(seq=12), "d": SimpleNamespace(seq=7)}
    active = {"a": 12, "b": 12, "c": 11, "d": 7, "e": 3}
    earlier = {"a": 9, "b": 11, "d": 7}
    # a: moved on since the last poll, its notice is coming; b: still behind seq 11 of the
    # last poll; c: ahead of the database; d: where the database is; e: not held here
    assert behind(active, earlier, rooms) == ["b", "c", "e"]  # type: ignore[arg-type]


def test_a_notice_carries_an_action_only_in_its_own_shape() -> None:
    good = {"t": "room", "p": "x", "room": "r1", "seq": 3, "a": [2, "2 play KH", "bot",
                                                                  "playing"]}
    assert _told_action(good) == (ActionRow(3, 2, "2 play KH", "bot"), "playing")
    for a in ([2, "2 play KH", "bot"], [-1, "x", "bot", "playing"], [True, "x", "b", "p"],
              [2, "x" * 65, "bot", "playing"], "2 play KH", None):
        assert _told_action({**good, "a": a}) is None
    assert _told_action({**good, "seq": "3"}) is None

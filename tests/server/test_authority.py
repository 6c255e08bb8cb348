"""The authority alone, in one event loop: an in-memory store, fake connections, no network.

It judges who may act and what is legal, commits before it tells anyone, tells each listener
only what its seat may know, and changes nothing when it refuses."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import pytest

from server.harness import Recorder
from twentyeight import Match, Rules
from twentyeight.engine.reasons import Reason
from twentyeight.errors import IllegalAction
from twentyeight.server.audience import Audience
from twentyeight.server.authority import Authority
from twentyeight.server.database import Database
from twentyeight.server.memory_store import MemoryStore
from twentyeight.server.protocol import ProtocolError, parse
from twentyeight.server.room import (
    HUMAN,
    PLAYING,
    RESULT_READING_SECONDS,
    Room,
    Seat,
    new_token,
    token_hash,
)
from twentyeight.server.store import Append, RoomRow, SeatRow, start_record
from twentyeight.server.sync import LocalSync
from twentyeight.server.turnclock import turn_clock

Message = dict[str, Any]




class Table:
    """A started room of 28 (seed 7), four people, one listener per seat and a spectator."""

    def __init__(self, store: MemoryStore) -> None:
        self.store = store
        self.db = Database(store)
        self.audience = Audience(lambda: 0.0)
        self.authority = Authority(self.db, self.audience, LocalSync(), lambda: 0.0)
        self.tokens = [new_token() for _ in range(4)]
        rules = Rules.from_spec("28")
        self.room = Room(id="r1", rules=rules, bot_kind="rules", host_token_hash="h",
                         takeover_seconds=60, bot_delay=0,
                         seats=[Seat(kind=HUMAN, name=f"p{k}", token_hash=token_hash(t))
                                for k, t in enumerate(self.tokens)])
        match = Match.new(rules, seed=7)
        self.room.match, self.room.status = match, PLAYING
        self.room.start = start_record(match)
        store.create_room(RoomRow(id="r1", rules="28", bots="rules", host_token_hash="h",
                                  status="waiting", takeover_seconds=60, bot_delay=0,
                                  seats=[SeatRow(kind="open") for _ in range(4)]))
        store.start("r1", self.room.start, {})
        self.conns = [Recorder(k, may_close=True) for k in range(4)]
        self.watcher = Recorder(None, may_close=True)
        for c in [*self.conns, self.watcher]:
            self.audience.add("r1", c)

    @property
    def to_act(self) -> int:
        assert self.room.match is not None and self.room.match.to_act is not None
        return self.room.match.to_act

    def legal(self, seat: int) -> list[str]:
        assert self.room.match is not None
        return list(self.room.match.current.view(seat)["legal"])

    async def send(self, seat: int, action: str, token: str | None = None,
                   seq: int | None = None) -> None:
        """``seat``'s action, decided on the state ``seq`` (the room's now, by default)."""
        msg = parse(json.dumps({"type": "action", "token": token or self.tokens[seat],
                                "action": action, "id": "x",
                                "seq": self.room.seq if seq is None else seq}))
        await self.authority.act(self.room, self.conns[seat], msg)

    def stored(self) -> list[str]:
        return [a.action for a in self.store.log["r1"]]


def run(scenario: Callable[[Table], Awaitable[None]], store: MemoryStore | None = None) -> None:
    async def main() -> None:
        table = Table(store or MemoryStore())
        try:
            await scenario(table)
        finally:
            table.db.close()

    asyncio.run(main())


def test_an_accepted_action_is_committed_then_told_to_each_as_it_may_know() -> None:
    async def scenario(t: Table) -> None:
        seat = t.to_act
        action = t.legal(seat)[0]
        await t.send(seat, action)
        assert t.stored() == [action] and t.room.seq == 1
        for c in [*t.conns, t.watcher]:
            assert [m["type"] for m in c.sent] == ["event", "state"]
            event, state = c.sent
            assert (event["seq"], event["seat"], event["action"], event["by"]) == \
                (1, seat, action, "player")
            assert state["seq"] == 1 and state["seat"] == c.seat
            assert state["view"]["hand"] == (t.room.match.current.view(c.seat)["hand"]
                                             if c.seat is not None and t.room.match else [])
        assert t.watcher.sent[1]["legal"] == []

    run(scenario)


def test_refusals_change_nothing_and_tell_nobody_else() -> None:
    async def scenario(t: Table) -> None:
        x = t.to_act
        y = (x + 1) % 4
        cases: list[tuple[int, str, str | None, str]] = [
            (x, f"{x} pass", "not a token", "unauthorised"),
            (y, f"{x} pass", t.tokens[y], "unauthorised"),           # another seat's action
            (x, f"{x} fly", None, "malformed"),
        ]
        for seat, action, token, code in cases:
            with pytest.raises(ProtocolError) as refused:
                await t.send(seat, action, token)
            assert refused.value.code == code
        await t.send(y, f"{y} pass")                                  # not y's turn
        [err] = t.conns[y].sent
        assert err["code"] == "illegal" and err["legal"] == [] and err["id"] == "x"
        await t.send(x, f"{x} bid 99")
        [err] = t.conns[x].sent
        assert err["code"] == "illegal" and err["legal"] == t.legal(x)
        assert t.stored() == [] and t.room.seq == 0
        assert all(c.sent == [] for c in [*t.conns[:x], *t.conns[x + 1:], t.watcher]
                   if c is not t.conns[y])

    run(scenario)


def test_an_action_decided_on_an_older_state_is_stale() -> None:
    """The same action sent twice with the seq it was decided on: the second is stale, and
    so is any action naming a seq the table has left, legal now or not."""
    async def scenario(t: Table) -> None:
        seat = t.to_act
        action = t.legal(seat)[0]
        await t.send(seat, action, seq=0)
        told = [list(c.sent) for c in [*t.conns, t.watcher]]
        for again in (action, *t.legal(t.to_act)):
            with pytest.raises(ProtocolError) as refused:
                await t.send(t.to_act if again != action else seat, again, seq=0)
            assert refused.value.code == "stale" and refused.value.extra == {"seq": 1}
        with pytest.raises(ProtocolError) as refused:
            await t.send(t.to_act, t.legal(t.to_act)[0], seq=2)         # not there yet
        assert refused.value.code == "stale"
        assert t.stored() == [action] and t.room.seq == 1
        assert [c.sent for c in [*t.conns, t.watcher]] == told

    run(scenario)


def test_an_illegal_action_carries_the_engines_reason_as_data(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the engine's refusal has a ``reason`` (:class:`Reason`), the error carries it
    as ``{"key", "rule", "params"}`` beside the English message (28-AUC-3's ceiling here);
    where the refusal is plain text, no ``reason``."""
    async def scenario(t: Table) -> None:
        seat = t.to_act
        await t.send(seat, f"{seat} bid 99")
        [ceiling] = t.conns[seat].sent
        assert ceiling["code"] == "illegal"
        assert ceiling["reason"]["key"] == "highest_bid"
        assert ceiling["reason"]["rule"] == "28-AUC-3"
        assert ceiling["message"] == str(Reason(**ceiling["reason"]))

        def refuse(action: object) -> None:
            raise IllegalAction("not now", action=str(action), legal=["x"])

        assert t.room.match is not None
        monkeypatch.setattr(t.room.match, "apply", refuse)
        await t.send(seat, t.legal(seat)[0])
        plain = t.conns[seat].sent[-1]
        assert plain["message"] == "not now" and "reason" not in plain
        assert t.stored() == [] and t.room.seq == 0

    run(scenario)


class ToldTooEarly(MemoryStore):
    """A store that checks, as each action is committed, that nobody has heard of it yet."""

    def __init__(self) -> None:
        super().__init__()
        self.listeners: list[Recorder] = []

    def append(self, entries: Sequence[Append]) -> list[bool]:
        for c in self.listeners:
            for e in entries:
                assert not any(m.get("seq") == e.seq for m in c.sent), "told before the commit"
        return super().append(entries)


def test_nothing_is_told_before_it_is_committed() -> None:
    store = ToldTooEarly()

    async def scenario(t: Table) -> None:
        store.listeners = [*t.conns, t.watcher]
        for _ in range(12):
            seat = t.to_act
            await t.send(seat, t.legal(seat)[-1])
        assert t.room.seq == 12 and len(t.stored()) == 12

    run(scenario, store)


class Broken(MemoryStore):
    """A database that refuses every action."""

    def append(self, entries: Sequence[Append]) -> list[bool]:
        raise OSError("disk full")


def test_a_database_failure_changes_nothing() -> None:
    async def scenario(t: Table) -> None:
        seat = t.to_act
        before = t.legal(seat)
        with pytest.raises(ProtocolError) as refused:
            await t.send(seat, before[0])
        assert refused.value.code == "server_error"
        assert t.room.seq == 0 and t.legal(seat) == before
        assert all(c.sent == [] for c in [*t.conns, t.watcher])

    run(scenario, Broken())


class Ahead(MemoryStore):
    """Another writer always gets there first."""

    def append(self, entries: Sequence[Append]) -> list[bool]:
        return [False for _ in entries]


def test_a_conflicting_write_is_never_told() -> None:
    async def scenario(t: Table) -> None:
        seat = t.to_act
        with pytest.raises(ProtocolError):
            await t.send(seat, t.legal(seat)[0])
        assert t.room.seq == 0 and all(c.sent == [] for c in [*t.conns, t.watcher])

    run(scenario, Ahead())


def test_the_next_turn_begins_when_the_action_is_accepted_not_when_it_is_committed() -> None:
    """The turn clock, and the computer players' pace, count from the moment an action was
    accepted: however long its commit waits, the next turn has not begun any later (rooms
    committed together would otherwise all act together ever after)."""
    now = [10.0]

    class SlowStore(MemoryStore):
        def append(self, entries: Sequence[Append]) -> list[bool]:
            now[0] += 0.3                                     # the commit takes 0.3 s
            return super().append(entries)

    async def scenario(t: Table) -> None:
        t.authority.clock = lambda: now[0]
        seat = t.to_act
        await t.send(seat, t.legal(seat)[0])
        assert t.room.seq == 1 and now[0] == pytest.approx(10.3)
        assert t.room.turn_since == pytest.approx(10.0)

    run(scenario, SlowStore())


@pytest.mark.parametrize("doc", [{"type": "hello", "token": "sïège"},
                                 {"type": "hello", "token": "x" * 129},
                                 {"type": "rematch", "host_token": "hôte"}])
def test_a_token_that_cannot_be_one_is_told_what_a_token_is(doc: dict[str, Any]) -> None:
    """An attack walk: a token of non-ASCII letters was refused as "must be a string",
    though it is one; the refusal says what a token is."""
    with pytest.raises(ProtocolError) as refused:
        parse(json.dumps(doc))
    assert refused.value.code == "malformed"
    assert "token: ASCII text of at most 128 characters" in refused.value.message


def test_a_persons_clock_waits_while_the_last_hands_result_is_read() -> None:
    """Four people at the table: mid-hand the next turn's clock runs from the action before
    it; after the last action of a hand the next hand's clock starts
    ``RESULT_READING_SECONDS`` later, the result being on every screen (it ran at once, and
    reading the result cost the first turn of the next hand)."""
    async def scenario(t: Table) -> None:
        assert t.room.match is not None
        for s in t.room.seats:
            s.connections = 1
        while len(t.room.match.games) == 1:
            seat = t.to_act
            if len(t.room.match.games) == 1 and t.room.seq:          # mid-hand
                assert t.room.takeover_at(seat) == t.room.turn_seconds
            await t.send(seat, t.legal(seat)[0])
        assert t.room.takeover_at(t.to_act) == RESULT_READING_SECONDS + t.room.turn_seconds
        assert turn_clock(t.room, at=0.0) == {
            "seat": t.to_act, "seconds": RESULT_READING_SECONDS + t.room.turn_seconds,
            "kind": "turn"}

    run(scenario)

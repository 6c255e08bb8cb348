"""Two real ``twentyeight serve`` processes sharing one PostgreSQL database and one Redis:
any process serves any room's clients, every client sees every event exactly as one process
would have told it, an action sent through both processes at once is applied once, and
kill -9 of one process leaves the other serving the room (docs/online.md, "Several server
processes")."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from server.harness import (
    Client,
    Message,
    Recorder,
    Server,
    comparable,
    match_over,
    play_table_until,
    play_until,
    scan_secrecy,
)
from server.services import Postgres, Redis
from twentyeight import Match, Rules
from twentyeight.bots.names import NAMES
from twentyeight.server.audience import Audience, state
from twentyeight.server.room import Room, Seat
from twentyeight.server.store import SqlStore


class Pair:
    """Processes ``a`` and ``b`` on the same database and Redis."""

    def __init__(self, a: Server, b: Server, db_url: str) -> None:
        self.a, self.b, self.db_url = a, b, db_url


@pytest.fixture(scope="module")
def pair(postgres: Postgres, redis: Redis,
         tmp_path_factory: pytest.TempPathFactory) -> Iterator[Pair]:
    url = postgres.database()
    base = Path(tmp_path_factory.mktemp("pair")) / "rooms.db"
    a = Server(base, "--redis", redis.url, db_url=url, name="-a")
    b = Server(base, "--redis", redis.url, db_url=url, name="-b")
    a.start()
    b.start()
    try:
        yield Pair(a, b, url)
    finally:
        a.stop()
        b.stop()


# ---- what one process would have told each client ----------------------------------------


def expected(db_url: str, room_id: str, record: Message) -> dict[int | None, list[Message]]:
    """For each seat (``None``: a spectator), the ``state``, ``event`` and ``hand_over``
    messages one process sends from the start to the end, rebuilt by the single-process
    code from the record and the stored sources (``player`` / ``bot``) of the actions."""
    store = SqlStore(db_url)
    try:
        got = store.changes(room_id, 0)
    finally:
        store.close()
    assert got is not None
    row, log = got
    rules = Rules.from_spec(record["rules"])
    audience = Audience(lambda: 0.0)
    match = Match.new(rules, seed=record["seed"], dealer=record["hands_played"][0]["dealer"])
    match.extra = {k: v for k, v in record.items() if k not in ("rules", "seed", "hands_played")}
    room = Room(id=room_id, rules=rules, bot_kind=row.bots, host_token_hash="",
                takeover_seconds=row.takeover_seconds, bot_delay=row.bot_delay,
                seats=[Seat() for _ in range(rules.num_players)], match=match)
    recorders = [Recorder(s) for s in [None, *range(rules.num_players)]]
    for r in recorders:
        audience.add(room_id, r)
        r.send(state(room, r.seat))
    for a in log:
        game, hand = match.current, len(match.games) - 1
        done = match.apply(a.action)
        room.seq = a.seq
        room.commit()
        audience.tell_action(room, game, hand, done, a.source)
    assert match.to_record() == record
    return {r.seat: r.sent for r in recorders}


def stretch(log: list[Message], want: list[Message]) -> int:
    """``log``'s game messages are a gap-free stretch of ``want``, starting with a state."""
    game = ("state", "event", "hand_over")
    got = [comparable(m) for m in log if m["type"] in game]
    want = [comparable(m) for m in want if m["type"] in game]
    if not got:
        return 0
    assert got[0]["type"] == "state", got[0]
    start = next(k for k, m in enumerate(want) if m == got[0])
    assert got == want[start:start + len(got)]
    return len(got)


def check(clients: list[Client], want: dict[int | None, list[Message]]) -> int:
    """Each connection was told a gap-free stretch of what one process would have told a
    spectator (before its ``hello``) and then its seat (after its ``welcome``)."""
    checked = 0
    for c in clients:
        hello = next((k for k, m in enumerate(c.log) if m["type"] == "welcome"), len(c.log))
        checked += stretch(c.log[:hello], want[None])
        checked += stretch(c.log[hello:], want[c.seat])
    return checked


def mid_hand(tricks: int) -> Any:
    """A state at a person's turn (0 or 2) with ``tricks`` tricks played: the table waits."""
    def done(state: Message) -> bool:
        view = state["view"]
        return bool(state["to_act"] in (0, 2) and view["phase"] == "play"
                    and len(view["tricks"]) >= tricks) or bool(state["match"]["over"])
    return done


# ---- the tests --------------------------------------------------------------------------
def test_a_match_played_through_two_processes(pair: Pair) -> None:
    """Made on A, seats taken on both, started on B; seat 0 plays through B, seat 2 through
    A, bots in 1 and 3 (both processes' drivers race for them), a spectator on each."""
    a, b = pair.a, pair.b
    made = a.create_room(rules="28", flags={"game_target": 2}, bots="rules", bot_delay=0,
                         takeover_seconds=600)
    room = made["room"]
    t0 = a.take(room, 0, "Asha")
    t2 = b.take(room, 2, "Ravi")
    assert b.get(f"/api/rooms/{room}").json()["seats"][0]["name"] == "Asha"

    async def scenario() -> list[Client]:
        p0 = await Client.open(b, room, 0, t0)
        p2 = await Client.open(a, room, 2, t2)
        sa, sb = await Client.open(a, room), await Client.open(b, room)
        b.start_match(room, made["host_token"])
        rng = random.Random(5)
        await asyncio.gather(play_until(p0, rng, match_over, timeout=120),
                             play_until(p2, rng, match_over, timeout=120))
        for s in (sa, sb):
            await s.until(lambda m: m["type"] == "state" and m["match"]["over"], 30)
        clients = [p0, p2, sa, sb]
        for c in clients:
            await c.close()
        return clients

    clients = asyncio.run(scenario())
    record = a.get(f"/api/rooms/{room}/record").json()
    assert b.get(f"/api/rooms/{room}/record").json() == record
    assert Match.from_record(record).over
    players = record["players"]                  # computer seats: human-like names, distinct
    assert players[0::2] == ["Asha", "Ravi"] and len(set(players)) == 4
    assert all(name in NAMES for name in players[1::2])
    total = sum(len(h["actions"]) for h in record["hands_played"])
    for server in (a, b):
        info = server.get(f"/api/rooms/{room}").json()
        assert info["status"] == "finished" and info["seq"] == total
    want = expected(pair.db_url, room, record)
    for c in clients:                              # every event, once, in order
        assert [m["seq"] for m in c.log if m["type"] == "event"] == list(range(1, total + 1))
    assert check(clients, want) >= 4 * 2 * total
    assert scan_secrecy(record, clients) > 0


def test_an_action_sent_through_both_processes_is_applied_once(pair: Pair) -> None:
    """Four people, each connected to both processes; at every turn the seat to act sends
    the same legal action through both processes at once: it is applied once, the other
    copy is refused as stale, and everyone sees the same single event."""
    a, b = pair.a, pair.b
    made = b.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600)
    room = made["room"]
    tokens = [(a if k % 2 else b).take(room, k) for k in range(4)]

    async def scenario() -> list[Client]:
        on_a = [await Client.open(a, room, k, tokens[k]) for k in range(4)]
        on_b = [await Client.open(b, room, k, tokens[k]) for k in range(4)]
        a.start_match(room, made["host_token"])
        for c in [*on_a, *on_b]:
            await c.until(lambda m: m["type"] == "state")
        rng = random.Random(3)
        for turn in range(1, 13):
            state = on_a[0].state
            assert state is not None and state["seq"] == turn - 1
            x = state["to_act"]
            mine = on_a[x].state
            assert mine is not None and mine["legal"]
            action = rng.choice(mine["legal"])
            await asyncio.gather(on_a[x].act(action, id=f"a{turn}"),
                                 on_b[x].act(action, id=f"b{turn}"))
            for c in [*on_a, *on_b]:
                ev = await c.until(lambda m: m["type"] == "event")
                assert ev["seq"] == turn and ev["seat"] == x
                state = await c.until(lambda m: m["type"] == "state")
                assert state["seq"] == turn
            for c in (on_a[x], on_b[x]):              # a pong comes after any error
                await c.send({"type": "ping", "id": "p"})
                await c.until(lambda m: m["type"] == "pong")
            refused = [m for c in (on_a[x], on_b[x]) for m in c.log
                       if m["type"] == "error" and m.get("id") in (f"a{turn}", f"b{turn}")]
            assert len(refused) == 1, [(m["id"], m["code"], m["message"][-60:]) for m in refused]
            assert refused[0]["code"] == "stale" and refused[0]["message"]
            assert refused[0]["seq"] == turn
        for c in [*on_a, *on_b]:
            assert [m["seq"] for m in c.log if m["type"] == "event"] == list(range(1, 13))
            await c.close()
        return [*on_a, *on_b]

    clients = asyncio.run(scenario())
    for server in (a, b):
        assert server.get(f"/api/rooms/{room}").json()["seq"] == 12
    store = SqlStore(pair.db_url)
    try:
        got = store.changes(room, 0)
    finally:
        store.close()
    assert got is not None and [x.seq for x in got[1]] == list(range(1, 13))
    states = {(c.seat, m["seq"]): m for c in clients for m in c.log if m["type"] == "state"}
    for c in clients:                              # both processes told each seat the same
        for m in c.log:
            if m["type"] == "state":
                assert without_seconds(m) == without_seconds(states[(c.seat, m["seq"])])


def without_seconds(state: Message) -> Message:
    """``state`` with its turn clock's seconds left out: each process counts them down at its
    own moment of sending (60.0 from one, 59.8 from the other under load), the rest of the
    clock (whose turn, of which kind) must agree."""
    clock = state.get("clock")
    if clock is None:
        return state
    assert 0 < clock["seconds"] <= 600                 # the room's takeover_seconds
    return {**state, "clock": {k: v for k, v in clock.items() if k != "seconds"}}


def test_kill_9_one_process_the_other_serves_on(pair: Pair) -> None:
    """Mid-hand, A is killed: B goes on serving the room (seat 0 moves over), the bots of a
    second room go on through B; A restarts, picks both rooms up and serves seat 2."""
    a, b = pair.a, pair.b
    made = b.create_room(rules="28", flags={"game_target": 2}, bots="rules", bot_delay=0,
                         takeover_seconds=600)
    room = made["room"]
    t0, t2 = a.take(room, 0, "Asha"), b.take(room, 2, "Ravi")
    busy = a.create_room(rules="28", flags={"game_target": 2}, bots="rules", bot_delay=0.002)
    rng = random.Random(9)

    async def scenario() -> list[Client]:
        p0, p2 = await Client.open(a, room, 0, t0), await Client.open(b, room, 2, t2)
        sa, sb = await Client.open(a, room), await Client.open(b, room)
        a.start_match(room, made["host_token"])
        await asyncio.gather(play_until(p0, rng, mid_hand(2), timeout=60),
                             play_until(p2, rng, mid_hand(2), timeout=60))
        bots = await Client.open(b, busy["room"])
        a.start_match(busy["room"], busy["host_token"])
        await bots.until(lambda m: m["type"] == "event" and m["seq"] >= 5, 30)
        assert p0.state is not None and p2.state is not None
        assert p0.state["seq"] == p2.state["seq"]

        await asyncio.to_thread(a.kill9)            # no shutdown code runs on A
        q0 = await Client.open(b, room, 0, t0)       # seat 0 comes back through B
        state = await q0.until(lambda m: m["type"] == "state")
        assert comparable(state) == comparable(p0.state)   # exactly where it was
        # the bots' room goes on through B alone
        await bots.until(lambda m: m["type"] == "state" and m["match"]["over"], 120)
        await asyncio.gather(play_until(q0, rng, mid_hand(5), timeout=60),
                             play_until(p2, rng, mid_hand(5), timeout=60))

        await asyncio.to_thread(a.start)            # A comes back and picks the rooms up
        q2 = await Client.open(a, room, 2, t2)       # seat 2 moves over to A
        state = await q2.until(lambda m: m["type"] == "state")
        assert comparable(state) == comparable(p2.state)
        watcher = await Client.open(a, room)
        await watcher.until(lambda m: m["type"] == "state")
        await asyncio.gather(play_until(q0, rng, match_over, timeout=120),
                             play_until(q2, rng, match_over, timeout=120))
        await sb.until(lambda m: m["type"] == "state" and m["match"]["over"], 30)
        await watcher.until(lambda m: m["type"] == "state" and m["match"]["over"], 30)
        for c in (p0, sa, q0, q2, sb, p2, watcher, bots):
            await c.close()
        return [p0, p2, sa, sb, q0, q2, watcher, bots]

    p0, p2, sa, sb, q0, q2, watcher, bots = asyncio.run(scenario())
    record = a.get(f"/api/rooms/{room}/record").json()
    assert b.get(f"/api/rooms/{room}/record").json() == record
    assert Match.from_record(record).over
    want = expected(pair.db_url, room, record)
    clients = [p0, p2, sa, sb, q0, q2, watcher]
    assert check(clients, want) > 0
    total = sum(len(h["actions"]) for h in record["hands_played"])
    assert [m["seq"] for m in sb.log if m["type"] == "event"] == list(range(1, total + 1))
    assert scan_secrecy(record, clients) > 0
    busy_record = b.get(f"/api/rooms/{busy['room']}/record").json()
    assert a.get(f"/api/rooms/{busy['room']}/record").json() == busy_record
    busy_total = sum(len(h["actions"]) for h in busy_record["hands_played"])
    assert [m["seq"] for m in bots.log if m["type"] == "event"] == \
        list(range(1, busy_total + 1))
    assert check([bots], expected(pair.db_url, busy["room"], busy_record)) > 0


def test_a_rematch_asked_for_through_both_processes(pair: Pair) -> None:
    """Seat 0 plays through A, seat 2 through B: seat 0's rematch vote is told on B, seat 2's
    vote on B deals the rematch, and A's connections are told the new room (the votes are in
    the database, the notice goes through Redis)."""
    a, b = pair.a, pair.b
    made = a.create_room(rules="28", flags={"game_target": 1}, bots="rules", bot_delay=0,
                         takeover_seconds=600)
    room = made["room"]
    t0, t2 = a.take(room, 0, "Asha"), b.take(room, 2, "Ravi")

    async def scenario() -> str:
        p0, p2 = await Client.open(a, room, 0, t0), await Client.open(b, room, 2, t2)
        a.start_match(room, made["host_token"])
        rng = random.Random(11)
        await asyncio.gather(play_until(p0, rng, match_over, timeout=120),
                             play_until(p2, rng, match_over, timeout=120))
        await p0.send({"type": "rematch", "token": t0})
        vote = await p2.until(lambda m: m["type"] == "rematch" and m["agreed"] == [0], 15)
        assert vote["room"] is None and vote["needed"] == [0, 2]
        await p2.send({"type": "rematch", "token": t2})
        dealt = await p0.until(lambda m: m["type"] == "rematch" and m["room"] is not None, 15)
        for c in (p0, p2):
            await c.close()
        return str(dealt["room"])

    new = asyncio.run(scenario())
    for server in (a, b):
        info = server.get(f"/api/rooms/{new}").json()
        assert info["status"] == "playing"
        assert [s["name"] for s in info["seats"]][0::2] == ["Asha", "Ravi"]


def test_a_claim_put_to_opponents_on_the_other_process(pair: Pair) -> None:
    """Four people, seats 0 and 2 through A, 1 and 3 through B.  An uncertain claim made on A
    is shown on B with the claimer's cards and pauses the table there too; B's opponents'
    answers reach A; a refusal on B lets the table play on; the other side's claim, made on B,
    is accepted from A and played out."""
    a, b = pair.a, pair.b
    made = a.create_room(rules="28", flags={"game_target": 1000}, bots="rules", bot_delay=0,
                         takeover_seconds=600, turn_seconds=60)
    room = made["room"]
    tokens = [(a if k % 2 == 0 else b).take(room, k, f"P{k}") for k in range(4)]

    async def scenario() -> None:
        clients = [await Client.open(a if k % 2 == 0 else b, room, k, tokens[k])
                   for k in range(4)]
        a.start_match(room, made["host_token"])
        rng = random.Random(4)

        def leading(side: int, tricks: int) -> Callable[[Message], bool]:
            """A seat of ``side`` (0: seats 0 and 2) leads after ``tricks`` or more tricks."""
            return lambda s: s["view"]["phase"] == "play" and s["seat"] % 2 == side \
                and len(s["view"]["tricks"]) >= tricks and not s["view"]["trick"]["cards"]
        actor, st = await play_table_until(clients, rng, leading(0, 2))
        await actor.send({"type": "claim", "token": actor.token, "seq": st["seq"]})
        told = await actor.until(lambda m: m["type"] == "claim")
        if told["status"] == "accepted":
            pytest.skip("this deal's claim was certain")
        assert told["asked"] == [1, 3]
        far = [clients[k] for k in told["asked"]]            # the opponents, both through B
        shown = await far[0].until(lambda m: m["type"] == "claim")
        assert shown["status"] == "asked" and shown["cards"] == st["view"]["hand"]
        await far[0].send({"type": "action", "token": far[0].token, "seq": st["seq"],
                           "action": f"{far[0].seat} pass"})
        assert (await far[0].until(lambda m: m["type"] == "error"))["code"] == "not_now"
        await far[1].until(lambda m: m["type"] == "claim")    # B has heard of it: answer
        await far[1].send({"type": "claim_answer", "token": far[1].token, "accept": False})
        done = await actor.until(lambda m: m["type"] == "claim" and m["status"] != "asked")
        assert done["status"] == "refused" and done["by"] == far[1].seat
        assert (await far[0].until(lambda m: m["type"] == "claim"))["status"] == "refused"

        actor, st = await play_table_until(clients, rng, leading(1, 3))
        await actor.send({"type": "claim", "token": actor.token, "seq": st["seq"]})
        told = await actor.until(lambda m: m["type"] == "claim")
        if told["status"] == "asked":
            for k in told["asked"]:                           # once A has heard of it
                await clients[k].until(lambda m, by=actor.seat: m["type"] == "claim"
                                       and m["seat"] == by)
                await clients[k].send({"type": "claim_answer", "token": clients[k].token,
                                       "accept": True})
            done = await actor.until(lambda m: m["type"] == "claim" and m["status"] != "asked")
            assert done["status"] == "accepted" and not done["certain"]
        over = await clients[0].until(lambda m: m["type"] == "hand_over", 30)
        assert [m for m in clients[0].log if m["type"] == "event"
                and m["seq"] > st["seq"] and m["by"] == "claim"]
        assert over["hand"] == st["hand"]
        for c in clients:
            await c.close()

    asyncio.run(scenario())

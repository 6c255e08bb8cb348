"""The real server, driven by real WebSocket clients: full matches, reconnection, takeover."""

from __future__ import annotations

import asyncio
import random
import time

from server.harness import (
    Client,
    Message,
    Server,
    comparable,
    match_over,
    play_until,
    scan_secrecy,
)
from twentyeight import Match
from twentyeight.bots.names import NAMES
from twentyeight.engine.state import PHASE_NAMES


def test_full_match_four_seats_two_clients_two_bots(server: Server) -> None:
    """Seats 0 and 2 are people (clients playing legal actions), 1 and 3 computer players;
    a spectator watches.  The match is played to its end; every message is scanned."""
    made = server.create_room(rules="28", flags={"game_target": 6}, bots="rules", bot_delay=0)
    room = made["room"]
    assert made["link"].endswith(f"/r/{room}#invite={made['invite']}")
    assert made["watch"].endswith(f"/r/{room}")
    tokens = {0: server.take(room, 0, "Asha"), 2: server.take(room, 2, "Ravi")}

    async def scenario() -> tuple[list[Client], list[Message]]:
        players = [await Client.open(server, room, seat, tok) for seat, tok in tokens.items()]
        spectator = await Client.open(server, room)
        server.start_match(room, made["host_token"])
        rng = random.Random(7)
        finals = await asyncio.gather(*(play_until(p, rng, match_over, timeout=45)
                                        for p in players))
        await spectator.until(lambda m: m["type"] == "state" and m["match"]["over"], 10)
        clients = [*players, spectator]
        for c in clients:
            await c.close()
        return clients, list(finals)

    clients, finals = asyncio.run(scenario())
    info = server.get(f"/api/rooms/{room}").json()
    assert info["status"] == "finished" and info["over"]
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "human", "bot"]
    record = server.get(f"/api/rooms/{room}/record").json()
    replayed = Match.from_record(record)
    assert replayed.over and replayed.scores == finals[0]["match"]["scores"]
    players = record["players"]                  # computer seats: human-like names, distinct
    assert players[0::2] == ["Asha", "Ravi"] and len(set(players)) == 4
    assert all(name in NAMES for name in players[1::2])
    total = sum(len(h["actions"]) for h in record["hands_played"])
    assert info["seq"] == total
    # each event says the phase its action was made in (a pass in the raise window,
    # 28-RAISE-1, is "raise"), as the replayed record's hands do
    phases = [PHASE_NAMES[p] for game in replayed.games for p in game.hand.history_phases()]
    assert "raise" in phases
    for c in clients:                       # every client saw every event, in order, once
        seqs = [m["seq"] for m in c.log if m["type"] == "event"]
        assert seqs == list(range(1, total + 1)), c.seat
        assert [m["phase"] for m in c.log if m["type"] == "event"] == phases, c.seat
        assert sum(m["type"] == "hand_over" for m in c.log) == len(record["hands_played"])
    humans = [m for c in clients[:2] for m in c.log if m["type"] == "event" and
              m["by"] == "player"]
    assert {m["seat"] for m in humans} == {0, 2}
    assert scan_secrecy(record, clients) > 3 * total


def test_disconnect_and_reconnect_mid_trick(server: Server) -> None:
    """A player leaves in the middle of a trick, on their turn, and comes back to the exact
    state; nobody acts for them meanwhile (the takeover timeout is long)."""
    made = server.create_room(rules="28", bots="rules", takeover_seconds=60, bot_delay=0)
    room = made["room"]
    tokens = [server.take(room, k) for k in range(4)]

    async def scenario() -> None:
        players = [await Client.open(server, room, k, tokens[k]) for k in range(4)]
        server.start_match(room, made["host_token"])
        rng = random.Random(3)

        def mid_trick(state: dict[str, object]) -> bool:
            view = state["view"]
            assert isinstance(view, dict)
            return view["phase"] == "play" and len(view["trick"]["cards"]) == 2

        async def until_mid_trick(p: Client) -> None:
            await play_until(p, rng, mid_trick, timeout=20)

        await asyncio.gather(*(until_mid_trick(p) for p in players))
        leaving = players[0].state
        assert leaving is not None
        seat = leaving["to_act"]
        before = players[seat].state
        assert before is not None and before["legal"]
        await players[seat].close()
        # the others see the seat go away, and no action happens
        other = players[(seat + 1) % 4]
        m = await other.until(lambda m: m["type"] == "room" and
                              m["seats"][seat]["connected"] is False)
        assert m["seats"][seat]["played_by"] == "human"
        assert [x for x in await other.drain(0.3) if x["type"] == "event"] == []
        back = await Client.open(server, room, seat, tokens[seat])
        state = await back.until(lambda m: m["type"] == "state")
        assert comparable(state) == comparable(before)   # the exact state, legal actions
        back.log = players[seat].log + back.log
        players[seat] = back
        card = next(a for a in state["legal"] if " play " in a)
        await back.act(card)
        event = await other.until(lambda m: m["type"] == "event")
        assert event["action"] == card and event["by"] == "player"
        assert event["seq"] == before["seq"] + 1
        for p in players:
            await p.close()

    asyncio.run(scenario())


def test_takeover_after_timeout_until_the_player_returns(server: Server) -> None:
    """Away past the takeover timeout, a computer player acts for the seat; once the
    player is back, nobody acts for them any more."""
    takeover = 0.6
    made = server.create_room(rules="28", bots="rules", takeover_seconds=takeover,
                              bot_delay=0.05)
    room = made["room"]
    token = server.take(room, 0)

    async def scenario() -> None:
        me = await Client.open(server, room, 0, token)
        watcher = await Client.open(server, room)
        server.start_match(room, made["host_token"])
        await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0, 20)
        await me.close()
        left = time.monotonic()
        ev = await watcher.until(lambda m: m["type"] == "event" and m["seat"] == 0, 10)
        waited = time.monotonic() - left
        assert ev["by"] == "bot"
        assert takeover - 0.1 <= waited <= takeover + 2.0, waited
        info = await watcher.until(lambda m: m["type"] == "room"
                                   and m["seats"][0]["played_by"] == "bot")
        assert info["seats"][0]["connected"] is False
        me = await Client.open(server, room, 0, token)
        await watcher.until(lambda m: m["type"] == "room"
                            and m["seats"][0]["played_by"] == "human")
        state = await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0
                               and not m["match"]["over"], 20)
        quiet = await me.drain(takeover + 0.4)         # nobody plays for a present player
        assert not [m for m in quiet if m["type"] == "event"]
        await me.act(state["legal"][0])
        ev = await me.until(lambda m: m["type"] == "event")
        assert ev["seat"] == 0 and ev["by"] == "player"
        await me.close()
        await watcher.close()

    asyncio.run(scenario())

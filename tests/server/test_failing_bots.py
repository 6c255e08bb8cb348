"""A computer player that fails never stalls a table: the ``rules`` bot decides in its place,
the failure is logged once, and play goes on (issue 10, item 4).  A bot that must see the
deal is refused with a clear message when a room asks for it."""

from __future__ import annotations

import asyncio
import random
import statistics
import time

import pytest

from server.harness import Client, Message, Server, play_until


@pytest.mark.parametrize("kind", ["raises", "answers-wrong"])
def test_a_failing_bot_falls_back_to_rules_and_is_logged_once(stub_server: Server,
                                                              kind: str) -> None:
    made = stub_server.create_room(rules="28", bots=kind, bot_delay=0)
    room = made["room"]
    token = stub_server.take(room, 0, "Asha")

    async def scenario() -> None:
        me = await Client.open(stub_server, room, 0, token)
        stub_server.start_match(room, made["host_token"])
        def bot_events() -> list[Message]:
            return [m for m in me.log if m["type"] == "event" and m["by"] == "bot"]

        # Until the bots have acted 20 times, not until a hand number: a deal thrown in at
        # once (four jacks, 28-ANN-1) ends its hand after a handful of bot actions.
        await play_until(me, random.Random(1),
                         lambda m: len(bot_events()) >= 20 or m["match"]["over"], timeout=120)
        await me.close()
        bots = bot_events()
        assert len(bots) >= 20 and {m["seat"] for m in bots} == {1, 2, 3}

    asyncio.run(scenario())
    log = stub_server.log.read_text()
    assert log.count(f"computer player {kind!r} failed") == 1, log
    assert f"room {room}: computer player" in log


def test_a_bot_that_must_see_the_deal_is_refused(stub_server: Server) -> None:
    r = stub_server.post("/api/rooms", {"rules": "28", "bots": "oracle"})
    assert r.status_code == 400
    body = r.json()
    assert body["error"] == "bad_bots"
    assert "oracle" in body["message"] and "sees every hand" in body["message"]
    assert "oracle" not in stub_server.get("/api/presets").json()["bots"]


def test_searching_bots_never_slow_a_persons_table(stub_server: Server) -> None:
    """Six rooms of computer players that each think for 1.5 s of processor time per card,
    watched; meanwhile a person plays with three quick computer players.  The person's
    actions are answered at once, and the quick ones never queue behind the thinkers (they
    think in processes of their own, at a lower priority than the tables)."""
    busy = []
    for _ in range(6):
        made = stub_server.create_room(rules="28", bots="ponders", bot_delay=0)
        busy.append(made)
    mine = stub_server.create_room(rules="28", bots="rules", bot_delay=0, takeover_seconds=600)
    token = stub_server.take(mine["room"], 0, "Asha")

    async def scenario() -> tuple[list[float], list[float]]:
        watchers = [await Client.open(stub_server, m["room"]) for m in busy]
        for m in busy:
            stub_server.start_match(m["room"], m["host_token"])
        await asyncio.sleep(2)                               # the thinkers are at it
        me = await Client.open(stub_server, mine["room"], 0, token)
        stub_server.start_match(mine["room"], mine["host_token"])
        answered: list[float] = []
        rounds: list[float] = []
        rng = random.Random(2)
        state = await me.until(lambda m: m["type"] == "state" and m["to_act"] == 0, 30)
        while len(answered) < 12:
            sent = time.monotonic()
            await me.act_randomly(rng)
            await me.until(lambda m, q=state["seq"]: m["type"] == "event" and m["seat"] == 0
                           and m["seq"] == q + 1)
            answered.append(time.monotonic() - sent)
            nxt = await me.until(lambda m: m["type"] == "state" and (
                m["to_act"] == 0 or m["match"]["over"]), 30)
            rounds.append(time.monotonic() - sent)
            if nxt["match"]["over"]:
                break
            state = nxt
        thought = await watchers[0].until(lambda m: m["type"] == "event", 90)
        assert thought["by"] == "bot"                         # the thinkers do play
        for c in [*watchers, me]:
            await c.close()
        return answered, rounds

    answered, rounds = asyncio.run(scenario())
    assert statistics.median(answered) < 0.25 and max(answered) < 1.0, answered
    assert max(rounds) < 1.5, rounds                         # never behind a 1.5 s thinker

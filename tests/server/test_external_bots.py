"""Issue 6 item 1: an external bot by URL takes the empty seats of a server room."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from server.harness import Client, Message, Server, play_until
from twentyeight.integrations.bhoos.serve import BotService, make_server


class CountingService(BotService):
    """Our ``rules`` bot on the protocol, counting the requests it answers."""

    calls = 0

    def answer(self, kind: str, payload: Any) -> dict[str, Any]:
        CountingService.calls += 1
        return super().answer(kind, payload)


@pytest.fixture()
def open_server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path / "ext.db", "--allow-external-bots")
    s.start()
    yield s
    s.stop()


def test_external_bot_fills_the_empty_seats(open_server: Server) -> None:
    """A room of bhoos-29 with bots = a URL: the external bot plays seats 1–3 over HTTP."""
    bot = make_server("rules", port=0)
    bot.service = CountingService("rules")
    bot.start()
    try:
        made = open_server.create_room(rules="bhoos-29", bots=bot.url, bot_delay=0)
        room = made["room"]
        token = open_server.take(room, 0, "Asha")

        async def scenario() -> Message:
            me = await Client.open(open_server, room, 0, token)
            open_server.start_match(room, made["host_token"])
            state = await play_until(me, random.Random(3),
                                     lambda m: m["hand"] >= 1 or m["match"]["over"], timeout=60)
            await me.close()
            return state

        asyncio.run(scenario())
        info = open_server.get(f"/api/rooms/{room}").json()
        assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot", "bot"]
        assert CountingService.calls >= 3 * 8                  # every external card, at least
    finally:
        bot.shutdown()


def test_external_bots_are_off_by_default(server: Server) -> None:
    r = server.post("/api/rooms", {"rules": "bhoos-29", "bots": "http://127.0.0.1:9"})
    assert r.status_code == 400 and "allow-external-bots" in r.text


def test_an_external_bot_sits_only_at_four(open_server: Server) -> None:
    """The protocol has four seats: a room of six is refused when it is made (it was made,
    and its first external decision failed with an IndexError, the rules bot deciding every
    one after)."""
    r = open_server.post("/api/rooms", {"rules": "28-6p", "bots": "http://127.0.0.1:9"})
    assert r.status_code == 400 and r.json()["error"] == "bad_bots", r.text
    assert "4 players, not 6" in r.json()["message"]


def test_an_external_bot_sits_only_at_the_competitions_game(open_server: Server) -> None:
    """A room of 28 or 29 with an external bot is refused when it is made: the protocol's
    histories are bhoos-29's (every external decision of a 28 room failed, and the rules bot
    made it)."""
    for rules in ("28", "29"):
        r = open_server.post("/api/rooms", {"rules": rules, "bots": "http://127.0.0.1:9"})
        assert r.status_code == 400 and r.json()["error"] == "bad_bots", r.text
        assert "'bhoos-29'" in r.json()["message"]

"""A computer player that fails never stalls a table: the ``rules`` bot decides in its place,
the failure is logged once, and play goes on (issue 10, item 4).  A bot that must see the
deal is refused with a clear message when a room asks for it."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from server.harness import Client, Server, play_until


@pytest.fixture(scope="module")
def stub_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(Path(tmp_path_factory.mktemp("stub")) / "rooms.db",
                 "--bot-module", "server.stub_bots")
    srv.start()
    yield srv
    srv.stop()


@pytest.mark.parametrize("kind", ["raises", "answers-wrong"])
def test_a_failing_bot_falls_back_to_rules_and_is_logged_once(stub_server: Server,
                                                              kind: str) -> None:
    made = stub_server.create_room(rules="28", bots=kind, bot_delay=0)
    room = made["room"]
    token = stub_server.take(room, 0, "Asha")

    async def scenario() -> None:
        me = await Client.open(stub_server, room, 0, token)
        stub_server.start_match(room, made["host_token"])
        await play_until(me, random.Random(1), lambda m: m["hand"] >= 2 or m["match"]["over"],
                         timeout=60)
        await me.close()
        bots = [m for m in me.log if m["type"] == "event" and m["by"] == "bot"]
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

"""Illegal, malformed and unauthorised messages and requests are refused and change nothing."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.exceptions import InvalidStatus

from server.harness import Client, Server


def test_bad_messages_get_an_error_and_change_nothing(server: Server) -> None:
    made = server.create_room(rules="28", bots="rules", bot_delay=0)
    room = made["room"]
    tokens = [server.take(room, k) for k in range(4)]
    other = server.create_room(rules="28")
    stranger = server.take(other["room"], 0)

    async def scenario() -> None:
        players = [await Client.open(server, room, k, tokens[k]) for k in range(4)]
        watcher = await Client.open(server, room)
        await players[0].act("0 pass")                  # not started yet
        err = await players[0].until(lambda m: m["type"] == "error")
        assert err["code"] == "not_started"

        server.start_match(room, made["host_token"])
        for c in [*players, watcher]:
            await c.until(lambda m: m["type"] == "state")
        x = watcher.state["to_act"] if watcher.state else -1
        y = (x + 1) % 4
        px, py = players[x], players[y]
        before = px.state
        assert before is not None and before["legal"]

        cases: list[tuple[Client, object, str]] = [
            (px, "not json", "malformed"),
            (px, "[1, 2]", "malformed"),
            (px, b'{"type": "ping"}', "malformed"),
            (px, {"type": "bogus"}, "malformed"),
            (px, {"type": "action", "token": tokens[x], "action": 123}, "malformed"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} fly away"},
             "malformed"),
            (px, {"type": "action", "token": tokens[x], "action": "pass"}, "malformed"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} bid " + "9" * 80},
             "malformed"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} play ZZ"},
             "malformed"),
            (px, {"type": "action", "action": f"{x} pass"}, "unauthorised"),
            (px, {"type": "action", "token": "guess", "action": f"{x} pass"}, "unauthorised"),
            (px, {"type": "action", "token": stranger, "action": f"{x} pass"}, "unauthorised"),
            (py, {"type": "action", "token": tokens[y], "action": f"{x} pass"}, "unauthorised"),
            (px, {"type": "hello", "token": "guess"}, "unauthorised"),
            (py, {"type": "action", "token": tokens[y], "action": f"{y} pass"}, "illegal"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} bid 99"}, "illegal"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} play JS"}, "illegal"),
        ]
        for k, (client, message, code) in enumerate(cases):
            if isinstance(message, dict):
                message = {**message, "id": f"m{k}"}
            await client.send(message)
            err = await client.until(lambda m: m["type"] in ("error", "event", "state"))
            assert err["type"] == "error" and err["code"] == code, (message, err)
            assert err["message"]
            if isinstance(message, dict):
                assert err.get("id") == f"m{k}"
            if code == "illegal":
                # the legal actions of the seat to act go to that seat only
                assert err["legal"] == (before["legal"] if client is px else [])
        quiet = await watcher.drain(0.3)
        assert [m for m in quiet if m["type"] in ("event", "state")] == []
        assert server.get(f"/api/rooms/{room}").json()["seq"] == 0
        await px.send({"type": "ping", "id": 5})
        assert (await px.until(lambda m: m["type"] == "pong"))["seq"] == 0
        # and the table still works
        await px.act(before["legal"][0])
        ev = await watcher.until(lambda m: m["type"] == "event")
        assert ev["seq"] == 1 and ev["seat"] == x
        for c in [*players, watcher]:
            await c.close()

    asyncio.run(scenario())


def test_bad_http_requests(server: Server) -> None:
    def refused(r: httpx.Response, status: int, code: str | None = None) -> None:
        assert r.status_code == status, r.text
        if code is not None:
            assert r.json()["error"] == code

    refused(server.post("/api/rooms", {"rules": "27"}), 400, "bad_rules")
    refused(server.post("/api/rooms", {"rules": "28", "flags": {"no_such_flag": 1}}), 400,
            "bad_rules")
    refused(server.post("/api/rooms", {"rules": {"preset": "28", "game_target": 0}}), 400,
            "bad_rules")
    refused(server.post("/api/rooms", {"bots": "os:system"}), 400, "bad_bots")
    refused(server.post("/api/rooms", {"colour": "red"}), 422)
    refused(server.post("/api/rooms", {"takeover_seconds": -1}), 422)
    refused(server.get("/api/rooms/nope"), 404, "no_room")
    refused(server.post("/api/rooms/nope/seats/0", {}), 404, "no_room")

    for preset, seats in (("28-3p", 3), ("28-6p", 6), ("56-8p", 8)):
        made = server.create_room(rules=preset)
        assert len(made["info"]["seats"]) == seats

    made = server.create_room(rules="28", bot_delay=0)
    room = made["room"]
    refused(server.post(f"/api/rooms/{room}/seats/4", {}), 404, "no_seat")
    server.take(room, 1)
    refused(server.post(f"/api/rooms/{room}/seats/1", {"name": "thief"}), 409, "seat_taken")
    refused(server.post(f"/api/rooms/{room}/start", {"token": "guess"}), 403, "not_host")
    refused(server.get(f"/api/rooms/{room}/record"), 409, "not_finished")
    server.start_match(room, made["host_token"])
    refused(server.post(f"/api/rooms/{room}/start", {"token": made["host_token"]}), 409,
            "started")
    refused(server.get(f"/api/rooms/{room}/record"), 409, "not_finished")
    info = server.get(f"/api/rooms/{room}").json()
    assert "seed" not in json.dumps(info) and "token" not in json.dumps(info)
    late = server.post(f"/api/rooms/{room}/seats/2", {"name": "late"})   # a bot's seat
    assert late.status_code == 200
    assert server.get(f"/r/{room}").status_code == 200

    async def unknown_room() -> None:
        with pytest.raises(InvalidStatus):
            await Client.open(server, "nope")

    asyncio.run(unknown_room())

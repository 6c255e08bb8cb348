"""Illegal, malformed and unauthorised messages and requests are refused and change nothing."""

from __future__ import annotations

import asyncio
import json

import httpx
import pytest
from websockets.exceptions import ConnectionClosed

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
            (px, {"type": "action", "seq": None, "token": tokens[x],
                  "action": before["legal"][0]}, "malformed"),   # no seq
            (px, {"type": "action", "seq": "0", "token": tokens[x],
                  "action": before["legal"][0]}, "malformed"),
            (px, {"type": "action", "seq": True, "token": tokens[x],
                  "action": before["legal"][0]}, "malformed"),
            (px, {"type": "action", "seq": 1, "token": tokens[x],
                  "action": before["legal"][0]}, "stale"),         # from the future
            (py, {"type": "action", "token": tokens[y], "action": f"{y} pass"}, "illegal"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} bid 99"}, "illegal"),
            (px, {"type": "action", "token": tokens[x], "action": f"{x} play JS"}, "illegal"),
        ]
        for k, (client, message, code) in enumerate(cases):
            if isinstance(message, dict):               # actions decided on seq 0
                message = {"seq": 0, **message, "id": f"m{k}"} \
                    if message.get("type") == "action" else {**message, "id": f"m{k}"}
                message = {key: v for key, v in message.items() if v is not None}
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


def test_a_stale_action_is_refused_even_where_it_would_be_legal(server: Server) -> None:
    """An action names the seq of the state it was decided on.  Sent twice (a double click),
    or arriving after the table has come round to the same seat again, it is refused as
    ``stale`` and changes nothing, although the same action is legal by then."""
    made = server.create_room(rules="28", bots="rules", bot_delay=0)
    room = made["room"]
    tokens = [server.take(room, k) for k in range(4)]

    async def scenario() -> None:
        players = [await Client.open(server, room, k, tokens[k]) for k in range(4)]
        watcher = await Client.open(server, room)
        server.start_match(room, made["host_token"])
        for c in [*players, watcher]:
            await c.until(lambda m: m["type"] == "state")
        assert watcher.state is not None
        x = watcher.state["to_act"]
        decided = players[x].state
        assert decided is not None and decided["legal"]
        await players[x].act(decided["legal"][0], id="first")
        await watcher.until(lambda m: m["type"] == "state" and m["seq"] == 1)
        await players[x].send({"type": "action", "token": tokens[x], "id": "again",
                               "action": decided["legal"][0], "seq": decided["seq"]})
        err = await players[x].until(lambda m: m["type"] == "error")
        assert err["code"] == "stale" and err["id"] == "again" and err["seq"] == 1
        # round the table to seat x again, each seat acting on its own latest state
        while True:
            state = watcher.state
            assert state is not None
            if state["to_act"] == x and state["seq"] > 1:
                break
            seat = state["to_act"]
            mine = await players[seat].until(lambda m, q=state["seq"]: m["type"] == "state"
                                             and m["seq"] == q) \
                if players[seat].state is None or players[seat].state["seq"] != state["seq"] \
                else players[seat].state
            await players[seat].act(mine["legal"][0])
            await watcher.until(lambda m, q=state["seq"]: m["type"] == "state"
                                and m["seq"] == q + 1)
        now = watcher.state
        mine = await players[x].until(lambda m: m["type"] == "state" and m["seq"] == now["seq"]) \
            if players[x].state is None or players[x].state["seq"] != now["seq"] \
            else players[x].state
        legal_now = mine["legal"]
        assert legal_now
        await players[x].send({"type": "action", "token": tokens[x], "id": "late",
                               "action": legal_now[0], "seq": decided["seq"]})
        err = await players[x].until(lambda m: m["type"] == "error")
        assert err["code"] == "stale" and err["id"] == "late" and err["seq"] == now["seq"]
        quiet = await watcher.drain(0.3)
        assert [m for m in quiet if m["type"] in ("event", "state")] == []
        assert server.get(f"/api/rooms/{room}").json()["seq"] == now["seq"]
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
    # 56-ANN-4's low-point redeal at 4 in 28-6p (a hand averages 4.7 points) redealt every deal:
    # the room was made and its start failed with a 500 after 1,000 deals
    low = server.post("/api/rooms", {"rules": {"preset": "28-6p", "redeal_max_hand_points": 4}})
    refused(low, 400, "bad_rules")
    assert "at most 1 (56-ANN-4)" in low.json()["message"]
    refused(server.post("/api/rooms", {"bots": "os:system"}), 400, "bad_bots")
    refused(server.post("/api/rooms", {"colour": "red"}), 400, "bad_request")
    refused(server.post("/api/rooms", {"takeover_seconds": -1}), 400, "bad_request")
    refused(server.get("/api/rooms/nope"), 404, "no_room")
    refused(server.post("/api/rooms/nope/seats/0", {}), 404, "no_room")

    for preset, seats in (("28-3p", 3), ("28-6p", 6), ("56-8p", 8)):
        made = server.create_room(rules=preset)
        assert len(made["info"]["seats"]) == seats

    made = server.create_room(rules="28", bot_delay=0)
    room = made["room"]
    invite = made["invite"]
    refused(server.post(f"/api/rooms/{room}/seats/4", {"invite": invite}), 404, "no_seat")
    server.take(room, 1)
    refused(server.post(f"/api/rooms/{room}/seats/1", {"name": "thief", "invite": invite}), 409,
            "seat_taken")
    refused(server.post(f"/api/rooms/{room}/start", {"token": "guess"}), 403, "not_host")
    refused(server.get(f"/api/rooms/{room}/record"), 409, "not_finished")
    server.start_match(room, made["host_token"])
    refused(server.post(f"/api/rooms/{room}/start", {"token": made["host_token"]}), 409,
            "started")
    refused(server.get(f"/api/rooms/{room}/record"), 409, "not_finished")
    info = server.get(f"/api/rooms/{room}").json()
    assert "seed" not in json.dumps(info) and "token" not in json.dumps(info)
    late = server.post(f"/api/rooms/{room}/seats/2", {"name": "late", "invite": invite})
    assert late.status_code == 200 and late.json()["pending"] is True    # a bot's seat
    assert server.get(f"/r/{room}").status_code == 200

    async def unknown_room() -> None:
        nobody = await Client.open(server, "nope")
        with pytest.raises(ConnectionClosed) as closed:
            await nobody.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4404

    asyncio.run(unknown_room())

"""kill -9 mid-hand, restart on the same database: every room and match exactly as it was."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
from pathlib import Path
from typing import Any

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
from twentyeight.server.store import assemble


def stored(db: Path, room: str) -> tuple[int, list[str], dict[str, Any]]:
    """``(seq, action log, start record)`` of a room, read straight from the database."""
    with sqlite3.connect(db) as conn:
        seq, record = conn.execute("SELECT seq, record FROM rooms WHERE id = ?",
                                   (room,)).fetchone()
        log = [a for (a,) in conn.execute(
            "SELECT action FROM actions WHERE room_id = ? ORDER BY seq", (room,))]
    return seq, log, json.loads(record)


def test_kill_9_mid_hand_and_restart_loses_nothing(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db")
    server.start()
    try:
        run(server)
    finally:
        server.stop()


def run(server: Server) -> None:
    # A: four people, stopped in the middle of a trick.
    a = server.create_room(rules="28", flags={"game_target": 1}, bot_delay=0)
    a_tokens = [server.take(a["room"], k) for k in range(4)]
    # B: four computer players, busy when the server dies.
    b = server.create_room(rules="28", bot_delay=0.002)
    # C: finished before the kill.
    c = server.create_room(rules="28", flags={"game_target": 1}, bot_delay=0)
    # D: still waiting for players.
    d = server.create_room(rules="28-3p")
    d_token = server.take(d["room"], 1, "Meena")
    rng = random.Random(11)

    async def before_kill() -> tuple[list[Client], list[Message], list[str]]:
        players = [await Client.open(server, a["room"], k, a_tokens[k]) for k in range(4)]
        server.start_match(a["room"], a["host_token"])

        def mid_trick(state: dict[str, object]) -> bool:
            view = state["view"]
            assert isinstance(view, dict)
            return view["phase"] == "play" and len(view["trick"]["cards"]) == 1 and \
                len(view["tricks"]) >= 2

        await asyncio.gather(*(play_until(p, rng, mid_trick, timeout=20) for p in players))
        states = [p.state for p in players if p.state is not None]
        assert len(states) == 4 and len({s["seq"] for s in states}) == 1

        watcher = await Client.open(server, c["room"])
        server.start_match(c["room"], c["host_token"])
        await watcher.until(lambda m: m["type"] == "state" and m["match"]["over"], 20)
        await watcher.close()

        spectator = await Client.open(server, b["room"])
        server.start_match(b["room"], b["host_token"])
        seen: list[str] = []
        while len(seen) < 25:
            m = await spectator.until(lambda m: m["type"] == "event")
            assert m["seq"] == len(seen) + 1
            seen.append(m["action"])
        return players, states, seen

    players, states, seen = asyncio.run(before_kill())
    c_record = server.get(f"/api/rooms/{c['room']}/record").json()
    server.kill9()

    # Every action a client was told of is in the database (committed before broadcast).
    b_seq, b_log, b_record = stored(server.db, b["room"])
    assert b_seq >= len(seen) and len(b_log) == b_seq
    for told, done in zip(seen, b_log, strict=False):
        assert told == done or (told.split()[1] == "trump" and done.startswith(told))
    assert [h["actions"] for h in b_record["hands_played"]] == [[]]      # the start only
    assert sum(len(h["actions"]) for h in assemble(b_record, b_log).to_record()["hands_played"]) \
        == b_seq

    server.start()

    async def after_restart() -> list[Client]:
        back = [await Client.open(server, a["room"], k, a_tokens[k]) for k in range(4)]
        for k, p in enumerate(back):
            state = await p.until(lambda m: m["type"] == "state")
            assert comparable(state) == comparable(states[k])   # exactly where it was
        spectator = await Client.open(server, b["room"])
        state = await spectator.until(lambda m: m["type"] == "state")
        assert state["seq"] >= b_seq                      # the bots play on at once
        ev = await spectator.until(lambda m: m["type"] == "event")
        assert ev["seq"] == state["seq"] + 1
        await spectator.close()

        lobby = await Client.open(server, d["room"], 1, d_token)   # tokens survive
        server.start_match(d["room"], d["host_token"])
        await lobby.until(lambda m: m["type"] == "state")
        await lobby.close()

        await asyncio.gather(*(play_until(p, rng, match_over, timeout=30) for p in back))
        for p, old in zip(back, players, strict=True):
            p.log = old.log + p.log
            await p.close()
        return back

    back = asyncio.run(after_restart())
    assert server.get(f"/api/rooms/{c['room']}/record").json() == c_record
    assert stored(server.db, b["room"])[1][:b_seq] == b_log      # B went on from where it was
    record = server.get(f"/api/rooms/{a['room']}/record").json()
    assert Match.from_record(record).over
    assert scan_secrecy(record, back) > 0

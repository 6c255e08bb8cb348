"""kill -9 at random moments, again and again: no acknowledged action is ever lost (issue 12).

A room of four computer players plays as fast as it can, watched; a second room has a person
(this test) playing against computers.  Each round the server is started on the same SQLite
file, play goes on for a random moment, and the server is killed with SIGKILL — no shutdown
code runs.  Every action any client was told of (an ``event`` is the acknowledgement: it is
sent only after the commit) must then be in the database, with the same number, and the
room must come back there: the first state after the restart is at or after the last event
seen, and no event is ever told twice."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import time
from pathlib import Path

from server.harness import Client, Message, Server

KILLS = int(os.environ.get("TWENTYEIGHT_KILLS", "30"))
"""How many times the server is killed: 30 in the suite (about a minute and a half), 100 with
``TWENTYEIGHT_KILLS=100`` (docs/performance.md, "Server")."""


def stored_log(db: Path, room: str) -> list[str]:
    """The action log of ``room``, straight from the database file."""
    with sqlite3.connect(db) as conn:
        return [a for (a,) in conn.execute(
            "SELECT action FROM actions WHERE room_id = ? ORDER BY seq", (room,))]


def same(told: str, stored: str) -> bool:
    """An event tells the face-down trump as ``"3 trump"``; the log keeps the card."""
    return told == stored or (told.split()[1:2] == ["trump"] and stored.startswith(told))


def test_kill_9_a_hundred_times_loses_no_acknowledged_action(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db", "--limit", "bot_workers=0")   # quick restarts
    server.start()
    bots = server.create_room(rules="28", bot_delay=0, flags={"game_target": 10**6})
    people = server.create_room(rules="28", bot_delay=0, flags={"game_target": 10**6},
                                takeover_seconds=3600)
    token = server.take(people["room"], 0, "Asha")
    server.start_match(bots["room"], bots["host_token"])
    server.start_match(people["room"], people["host_token"])
    rng = random.Random(28)
    told: dict[str, dict[int, str]] = {bots["room"]: {}, people["room"]: {}}
    resumed = 0

    async def round_of_play(moment: float) -> int:
        """Watch and play until ``moment`` seconds have passed; how many rooms came back
        exactly where they were."""
        watcher = await Client.open(server, bots["room"])
        me = await Client.open(server, people["room"], 0, token)
        came_back = 0
        for c, room in ((watcher, bots["room"]), (me, people["room"])):
            state = await c.until(lambda m: m["type"] == "state", 20)
            before = max(told[room], default=0)
            assert state["seq"] >= before, (room, state["seq"], before)
            came_back += state["seq"] >= before
        end = time.monotonic() + moment
        while (left := end - time.monotonic()) > 0:
            for c, room in ((watcher, bots["room"]), (me, people["room"])):
                try:
                    m: Message = await c.recv(min(left, 0.02))
                except TimeoutError:
                    continue
                if m["type"] == "event":
                    seen = told[room]
                    assert m["seq"] not in seen, m                # each event once
                    seen[m["seq"]] = m["action"]
            if me.my_turn():
                await me.act_randomly(rng)
        return came_back

    try:
        for _ in range(KILLS):
            resumed += asyncio.run(round_of_play(rng.uniform(0.05, 0.5)))
            server.kill9()
            for room, seen in told.items():
                log = stored_log(server.db, room)
                lost = [(seq, action) for seq, action in seen.items()
                        if seq > len(log) or not same(action, log[seq - 1])]
                assert not lost, (room, lost[:5])
            server.start()
        total = sum(len(seen) for seen in told.values())
        assert total > 2 * KILLS                       # plenty was acknowledged, and kept
        assert resumed == 2 * KILLS
        assert "Traceback" not in server.log.read_text()
    finally:
        server.stop()

"""The cost of an action does not grow with the match (issue 12, item 4): accepting an
action writes that action, not the whole record again.

Measured as what the server process writes (``wchar`` of ``/proc/PID/io``: the database's
pages and the messages to its one watcher) per accepted action, early in a long match of
computer players and again thousands of actions later: the same, give or take.  (Rewriting
the record at each action, as before, wrote ten times as much by then.)

"Give or take" is a factor of three.  The process's writes include SQLite's own (its WAL
and the checkpoints that copy the WAL back into the database), and a busy machine changes
them: once, in CI with the other test files running, the late window wrote twice what the
early one did (23 KB an action, then 48 KB), where twelve windows over 5,600 actions measure
22.4-23.5 KB an action here, idle or with every core busy.  Tenfold growth still fails."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from server.harness import Client, Server


def written(pid: int) -> int:
    """Bytes the process has written (to files and sockets) so far."""
    for line in Path(f"/proc/{pid}/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise AssertionError("no wchar in /proc/PID/io")


@pytest.mark.skipif(not Path("/proc/self/io").exists(), reason="needs Linux's /proc/PID/io")
def test_bytes_written_per_action_stay_flat(tmp_path: Path) -> None:
    server = Server(tmp_path / "rooms.db")
    server.start()
    try:
        assert server.proc is not None
        pid = server.proc.pid
        made = server.create_room(rules="28", bot_delay=0, flags={"game_target": 10**6})
        room = made["room"]

        async def scenario() -> list[float]:
            watcher = await Client.open(server, room)
            server.start_match(room, made["host_token"])
            per_action = []
            for start, stop in ((100, 400), (3000, 3300)):
                await watcher.until(lambda m, q=start: m["type"] == "event" and m["seq"] >= q,
                                    120)
                first, at = written(pid), watcher.log[-1]["seq"]
                await watcher.until(lambda m, q=stop: m["type"] == "event" and m["seq"] >= q,
                                    120)
                per_action.append((written(pid) - first) / (watcher.log[-1]["seq"] - at))
                watcher.log.clear()
            await watcher.close()
            return per_action

        early, late = asyncio.run(scenario())
        assert late < 3 * early, (early, late)
    finally:
        server.stop()

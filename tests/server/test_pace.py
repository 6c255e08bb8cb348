"""A computer player's pace tells the table nothing about its cards (docs/protocol.md,
"Timing"): it decides while its ``bot_delay`` runs, so a long think and a quick one are shown
at the same moment."""

from __future__ import annotations

import asyncio
import statistics
import time

import pytest

from server.harness import Client, Server

DELAY = 0.4
"""The room's ``bot_delay``: longer than the stub's 0.25 s over a bid."""


def test_a_long_think_is_shown_at_the_same_pace_as_a_quick_one(stub_server: Server) -> None:
    """Four ``tells`` computers (0.25 s over each bid or pass, none over a card) watched by a
    spectator: the calls of the auction come ``bot_delay`` after the action before them, as
    the cards do — not ``bot_delay`` plus the think, which would show which decisions were
    hard (a forced card, a void, a close bid)."""
    made = stub_server.create_room(rules="28", bots="tells", bot_delay=DELAY)
    room = made["room"]

    async def scenario() -> tuple[list[float], list[float]]:
        watcher = await Client.open(stub_server, room)
        stub_server.start_match(room, made["host_token"])
        calls: list[float] = []
        cards: list[float] = []
        last: float | None = None
        while len(calls) < 8 or len(cards) < 16:
            m = await watcher.recv(timeout=30)
            if m["type"] != "event":
                continue
            now = time.monotonic()
            verb = m["action"].split()[1]
            if last is not None and m["by"] == "bot":
                (calls if verb in ("bid", "pass") else cards if verb == "play"
                 else []).append(now - last)
            last = now
        await watcher.close()
        return calls, cards

    calls, cards = asyncio.run(scenario())
    assert statistics.median(cards) >= DELAY * 0.9, cards
    assert statistics.median(calls) - statistics.median(cards) < 0.12, (calls, cards)


@pytest.mark.parametrize("turn", [0.6, 2.5])
def test_a_person_whose_clock_runs_out_is_played_for_on_time(turn: float,
                                                              stub_server: Server) -> None:
    """A person at the table who does not act: the computer takes their turn when their clock
    runs out, not that plus its think — it starts deciding before (the ``tells`` computer
    thinks 0.25 s over a call; before, the takeover came 0.25 s late over a call and at once
    over a card, which told whether the person's turn was a call or a forced card).  A clock
    longer than ``driver.PREPARE_AHEAD`` is decided that long before it runs out."""
    made = stub_server.create_room(rules="28", bots="tells", bot_delay=0.1,
                                   turn_seconds=turn, takeover_seconds=600)
    room = made["room"]
    token = stub_server.take(room, 0, "Asha")

    async def scenario() -> float:
        asha = await Client.open(stub_server, room, 0, token)
        stub_server.start_match(room, made["host_token"])
        last = time.monotonic()                    # (Asha may open the auction)
        while True:
            m = await asha.recv(timeout=30)
            if m["type"] != "event":
                continue
            now = time.monotonic()
            if m["action"].startswith("0 "):      # her first call, the computer's
                await asha.close()
                return now - last
            last = now

    taken = asyncio.run(scenario())
    assert turn * 0.9 <= taken < turn + 0.15, taken

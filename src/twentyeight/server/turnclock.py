"""The turn clock as the table shows it: how many seconds the seat to act has left before
its computer player acts (:meth:`~twentyeight.server.room.Room.takeover_at`).

The ``state`` carries it as ``clock``: ``{"seat", "seconds", "kind"}`` — ``kind`` is
``turn`` (a person at the table: the room's ``turn_seconds``) or ``away`` (a person who left:
the room's ``takeover_seconds``) — or ``null`` when a computer acts, the table waits for
something else (a claim put to the opponents) or nobody is to act.  It is a number of seconds
left, not a time of day, so a browser whose clock is wrong still counts down right: it counts
from the moment the message arrived.
"""

from __future__ import annotations

import asyncio
from typing import Any

from twentyeight.server.room import HUMAN, PLAYING, Room


def now() -> float:
    """The room's clock (the event loop's time), or 0 outside a running loop."""
    try:
        return asyncio.get_running_loop().time()
    except RuntimeError:
        return 0.0


def turn_clock(room: Room, at: float | None = None) -> dict[str, Any] | None:
    """The ``clock`` of ``room``'s state at ``at`` (default: now)."""
    match = room.match
    if room.status != PLAYING or match is None or match.over or room.paused_by is not None:
        return None
    seat = match.to_act
    if seat is None or room.seats[seat].kind != HUMAN:
        return None
    t = now() if at is None else at
    deadline = room.takeover_at(seat)
    if deadline is None or t >= deadline:
        return None
    kind = "turn" if room.seats[seat].connected else "away"
    return {"seat": seat, "seconds": round(deadline - t, 1), "kind": kind}

"""The computer players of a room: one task per started room that acts for bot seats and for
players who have been away longer than the room's takeover timeout.

It sleeps until the next moment a computer player should act (``bot_delay`` after the
previous action for a bot seat; ``takeover_seconds`` after the player left for an away human
seat) and wakes early whenever the room changes (an action, a player coming or going).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from twentyeight.server.room import FINISHED, PLAYING, Room

log = logging.getLogger("twentyeight.server")

Move = Callable[[Room, int], Awaitable[None]]
"""``move(room, seq)``: let the computer player act, if the room is still at ``seq``."""


def plan(room: Room, now: float) -> tuple[float, int] | None:
    """``(seconds to wait, seq)`` before a computer player acts, or ``None`` if none will."""
    match = room.match
    if room.status != PLAYING or match is None or match.over:
        return None
    seat = match.to_act
    if seat is None:
        return None
    at = room.takeover_at(seat)
    if at is None:
        return None
    return max(room.bot_delay, at - now), room.seq


async def drive(room: Room, move: Move) -> None:
    """Run the computer players of ``room`` until its match is over (or cancelled)."""
    loop = asyncio.get_running_loop()
    while room.status != FINISHED:
        room.changed.clear()
        step = plan(room, loop.time())
        if step is None:
            await room.changed.wait()
            continue
        delay, seq = step
        if delay > 0:
            try:
                await asyncio.wait_for(room.changed.wait(), timeout=delay)
                continue                                # something changed: plan again
            except TimeoutError:
                pass
        try:
            await move(room, seq)
        except asyncio.CancelledError:
            raise
        except Exception:                               # a bug must not stop the table
            log.exception("room %s: computer player failed", room.id)
            await asyncio.sleep(1.0)

"""Standing up: a person leaves their seat and watches.

Before the start the seat is open again; once the match has started (or is over) the seat
becomes a computer player's of the room's kind, at once — it acts for the seat from its next
turn, and a newcomer may claim it as any computer's seat.  Not at a rated table once its
match has begun: the match counts only with the players who began it, so there the seat
cannot be given up.  The person's connections become spectators' (a ``welcome`` with
``seat: null`` and the public ``state``); their token is no longer a seat of the room.
"""

from __future__ import annotations

from collections.abc import Callable

from twentyeight.server.audience import Audience, Listener
from twentyeight.server.database import Database
from twentyeight.server.protocol import (
    CLOSED_ROOM,
    NOT_NOW,
    ClientMessage,
    ProtocolError,
)
from twentyeight.server.room import BOT, CLOSED, OPEN, WAITING, Room
from twentyeight.server.store import Conflict, SeatRow
from twentyeight.server.sync import Sync, seat_of_message


class StandUp:
    """Seats given up, for this process's rooms."""

    def __init__(self, db: Database, audience: Audience, sync: Sync,
                 unseat: Callable[[Room, Listener], None]) -> None:
        self.db = db
        self.audience = audience
        self.sync = sync
        self.unseat = unseat
        """Makes a connection a spectator and tells it so (the lobby's)."""

    async def stand(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """A ``stand`` message: the seat of its token is given up."""
        async with room.lock:
            seat = await seat_of_message(self.sync, room, msg)
            if room.status == CLOSED:
                raise ProtocolError(CLOSED_ROOM, "this room is closed", msg.ref)
            if room.rated and room.status != WAITING:
                raise ProtocolError(NOT_NOW, "a rated match is played to its end by the players"
                                    " who began it: the seat stays yours (a computer plays "
                                    "for you only while you are away)", msg.ref)
            s = room.seats[seat]
            row = SeatRow(kind=OPEN) if room.status == WAITING else \
                SeatRow(kind=BOT, name=f"{room.bot_kind} bot {seat}")
            assert s.token_hash is not None
            try:
                await self.db.leave_seat(room.id, seat, s.token_hash, row)
            except Conflict:                     # another process changed the room first
                await self.sync.catch_up(room)
                raise ProtocolError(NOT_NOW, "the seat is no longer yours to leave",
                                    msg.ref) from None
            s.kind, s.name, s.token_hash, s.client = row.kind, row.name, None, None
            s.taken_over = False
            room.bot_seeds.pop(seat, None)
            for listener in list(self.audience.of(room.id)):
                if listener.seat == seat:
                    self.unseat(room, listener)
            s.connections = 0
            self.audience.tell_room(room)
            room.changed.set()
            self.sync.changed(room)

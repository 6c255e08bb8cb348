"""The rematch: at the end of a match, the same table again — the same rules (rated if it
was), the same people in the same seats, computer players where computers sat — dealt at
once in a new room.  A guest's token holds its new seat too; a signed-in player's seat token
belongs to the room and the player (:func:`~.accounts.seat_token`), so the player gets the
new room's (told in the ``rematch`` message to that seat's connections only, and found again
in any browser by ``GET /api/rooms/{id}/mine``), and the new seat is linked to the player
(:class:`Owners`): history and ratings follow the rematch.

Every person seated says ``rematch`` (the votes are told to the table as they come), or the
host does, with the host's token, and it is dealt (at a public unrated table every person
still there: one who went away gets a computer in the rematch, :meth:`Rematches.needed`);
the host alone only at a private unrated table (:attr:`~.room.Room.host_deals_rematch`: at
a rated table the rematch would count in the ratings of people who never asked for it, and a
public table's host is a stranger).  The
old room's ``rematch`` message then names the new room, and goes on naming it to anyone who
connects later; a browser copies its seat token over and moves to the new table.  One rematch
per room (the database refuses a second), so two processes or two people cannot deal two.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any, Protocol

from twentyeight.server.audience import Audience, Listener
from twentyeight.server.database import Database
from twentyeight.server.lobby import Lobby, NewRoom
from twentyeight.server.protocol import NOT_NOW, UNAUTHORISED, ClientMessage, ProtocolError
from twentyeight.server.refusal import RoomError
from twentyeight.server.room import FINISHED, HUMAN, Room, token_hash
from twentyeight.server.store import SeatRow
from twentyeight.server.talk_store import TalkStore

CARRIED_LINES = 10
"""The lines of a table's talk its rematch begins with."""


class Owners(Protocol):
    """Who owns a seat token (the place of players, :mod:`.place`)."""

    async def carried(self, old_room: str, new_room: str, seat_hash: str
                      ) -> tuple[str, int] | None:
        """The seat token in ``new_room`` of the player whose token in ``old_room`` hashes
        to ``seat_hash``, and the player; ``None`` for a guest's token."""

    async def link(self, room_id: str, token: str, player_id: int) -> None:
        """``token`` of ``room_id`` is ``player_id``'s seat."""


class Rematches:
    """The rematch votes of this process's rooms."""

    def __init__(self, lobby: Lobby, db: Database, store: TalkStore, audience: Audience,
                 clock: Callable[[], float], voted: Callable[[Room], None]) -> None:
        self.lobby = lobby
        self.db = db
        self.store = store
        self.audience = audience
        self.clock = clock
        self.voted = voted
        """Tells the other processes that a vote or the rematch is stored."""
        self.owners: Owners | None = None
        """Set by the place of players, where there is one."""

    async def greet(self, room: Room, conn: Listener) -> None:
        """A new connection to a finished room hears of its rematch (or the votes so far)."""
        if room.status == FINISHED:
            message = await self._message(room)
            conn.send(await self._for_seat(room, message, conn.seat))

    async def heard(self, room: Room) -> None:
        """Another process stored a vote or the rematch of ``room``: tell this process's
        connections how it stands."""
        if room.status == FINISHED and self.audience.of(room.id):
            async with room.lock:
                await self._tell(room, await self._message(room))

    @staticmethod
    def needed(room: Room, votes: set[int]) -> set[int]:
        """The seats whose votes deal the rematch: every person seated; at a public unrated
        table only those still there (connected) or who voted — a stranger who went away
        after the match held the others at "1 of 2 agreed" for good (their seat takes a
        computer in the rematch).  At a rated table everyone, whose rating it moves."""
        people = {k for k, s in enumerate(room.seats) if s.kind == HUMAN}
        if room.public and not room.rated:
            return {k for k in people if room.seats[k].connected} | (votes & people)
        return people

    async def _message(self, room: Room, next_room: str | None = None) -> dict[str, Any]:
        if next_room is None:
            next_room = await asyncio.to_thread(self.store.rematch_of, room.id)
        votes = await asyncio.to_thread(self.store.rematch_votes, room.id)
        people = sorted(self.needed(room, votes))
        return {"type": "rematch", "agreed": sorted(votes & set(people)),
                "needed": people, "room": next_room,
                "path": None if next_room is None else f"/r/{next_room}"}

    async def _for_seat(self, room: Room, message: dict[str, Any], seat: int | None
                        ) -> dict[str, Any]:
        """``message`` as told to a connection of ``seat``: with the seat's token of the new
        room when it is a player's (only that seat's connections are told it)."""
        hashed = room.seats[seat].token_hash if seat is not None else None
        if message["room"] is None or self.owners is None or hashed is None:
            return message
        carried = await self.owners.carried(room.id, message["room"], hashed)
        return message if carried is None else {**message, "token": carried[0]}

    async def ask(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """A ``rematch`` message: a vote, or the host dealing it.  A vote said again, or
        any ``rematch`` once it is dealt, changes nothing and is answered to its sender alone:
        told to the whole table each time, one seat's repeated votes reached every
        connection of the room (64 messages for each of its own)."""
        async with room.lock:
            host = room.is_host((msg.body or {}).get("host_token"))
            seat = room.seat_of(msg.token)
            if not host and seat is None:
                raise ProtocolError(UNAUTHORISED, "a rematch is asked for by a seat of this "
                                    "room, or dealt by its host", msg.ref)
            if host and seat is None and not room.host_deals_rematch:
                raise ProtocolError(UNAUTHORISED, "at a rated or public table the rematch is dealt "
                                    "once every person seated agrees", msg.ref)
            if room.status != FINISHED:
                raise ProtocolError(NOT_NOW, "a rematch can be asked for once the match is "
                                    "over", msg.ref)
            existing = await asyncio.to_thread(self.store.rematch_of, room.id)
            again = False                             # a vote said again: nothing changes
            if existing is None and not host and seat is not None:
                votes = await asyncio.to_thread(self.store.rematch_votes, room.id)
                again = seat in votes and not self.needed(room, votes) <= votes
            if existing is not None or again:         # told to the sender only
                message = await self._message(room, existing)
                conn.send(await self._for_seat(room, message, conn.seat))
                return
            votes = await asyncio.to_thread(self.store.vote_rematch, room.id, seat) \
                if seat is not None else \
                await asyncio.to_thread(self.store.rematch_votes, room.id)
            if (host and room.host_deals_rematch) or self.needed(room, votes) <= votes:
                existing = await self._deal(room, msg, votes)
            await self._tell(room, await self._message(room, existing))
            self.voted(room)

    async def _deal(self, room: Room, msg: ClientMessage, votes: set[int]) -> str:
        """Make and start the rematch's room (under the old room's lock); its id.  At a
        public unrated table the people who agreed sit again, the others' seats take
        computers (they went away); elsewhere every person does."""
        try:
            made = await self.lobby.create_room(NewRoom(
                rules=room.rules, bots=room.bot_kind, takeover_seconds=room.takeover_seconds,
                bot_delay=room.bot_delay, turn_seconds=room.turn_seconds,
                client=room.created_by, host_token_hash=room.host_token_hash,
                invite_hash=room.invite_hash, public=room.public, hints=room.hints,
                rated=room.rated))
        except RoomError as e:
            raise ProtocolError(NOT_NOW, e.message, msg.ref) from None
        new = made.room
        again = votes if room.public and not room.rated else set(range(len(room.seats)))
        async with new.lock:
            for k, s in enumerate(room.seats):
                if s.kind == HUMAN and s.token_hash is not None and k in again:
                    carried = None if self.owners is None else \
                        await self.owners.carried(room.id, new.id, s.token_hash)
                    hashed = s.token_hash if carried is None else token_hash(carried[0])
                    await self.db.take_seat(new.id, k, SeatRow(kind=HUMAN, name=s.name,
                                                               token_hash=hashed,
                                                               client=s.client))
                    if carried is not None and self.owners is not None:
                        await self.owners.link(new.id, *carried)
                    ns = new.seats[k]
                    ns.kind, ns.name, ns.token_hash, ns.client = HUMAN, s.name, hashed, s.client
                    ns.away_since = self.clock()
            if not await asyncio.to_thread(self.store.link_rematch, room.id, new.id):
                other = await asyncio.to_thread(self.store.rematch_of, room.id)
                assert other is not None          # another process dealt one first
                return other                      # (ours waits, unvisited, to be closed)
            await self._carry_talk(room.id, new.id)
            await self.lobby.begin(new)
        return new.id

    async def _carry_talk(self, old: str, new: str) -> None:
        """The table's last :data:`CARRIED_LINES` lines of talk go on at the rematch's table:
        it started silent, and "one more?" and its answers were left behind at the old one."""
        lines = await asyncio.to_thread(self.store.lines, old)
        for line in lines[-CARRIED_LINES:]:
            said = {k: v for k, v in line.items() if k != "n"}
            await asyncio.to_thread(self.store.add, new, said, CARRIED_LINES)

    async def _tell(self, room: Room, message: dict[str, Any]) -> None:
        told: dict[int | None, dict[str, Any]] = {}
        for listener in list(self.audience.of(room.id)):
            if listener.seat not in told:
                told[listener.seat] = await self._for_seat(room, message, listener.seat)
            listener.send(told[listener.seat])

"""Keeping this process's rooms in step with the other server processes: the interface, and
the do-nothing implementation of a process that is alone (:class:`LocalSync`).

The hub calls the same methods whether it is alone or one of several; with ``--redis`` the
implementation is :class:`~twentyeight.server.cluster.ClusterSync`, which tells the other
processes of every commit and presence change and brings this process's rooms up to the
database before they are judged.  Alone, the database holds nothing this process does not
already know, so every method here does nothing.
"""

from __future__ import annotations

from typing import Any, Protocol

from twentyeight.server.protocol import UNAUTHORISED, ClientMessage, ProtocolError
from twentyeight.server.room import Room
from twentyeight.server.store import ActionRow

AUDIENCE = -1
"""The seat number under which presence counts every connection to a room (spectators too)."""


class Sync(Protocol):
    """What the hub asks of the other processes (see the module's docstring)."""

    shared: bool
    """Whether other processes may write to the same database."""

    async def open(self) -> None:
        """Start listening to the other processes."""

    async def close(self) -> None:
        """Stop (and say goodbye)."""

    def changed(self, room: Room, action: ActionRow | None = None) -> None:
        """A change of ``room`` is committed (an action, a seat, the start, a new room);
        ``action``: the action it was, when it was one (then the others may apply it as it is,
        without reading the database)."""

    def talked(self, room: Room) -> None:
        """A line of ``room``'s table talk or a rematch vote is stored (:mod:`.chat`,
        :mod:`.rematch`)."""

    def claimed(self, room: Room, notice: dict[str, Any]) -> None:
        """A claim of ``room`` put to the opponents was asked, answered or ended here, or an
        answer arrived here for a claim another process holds (:mod:`.claims`; ``notice``
        carries seat numbers and flags only)."""

    def connections(self, room: Room, seat: int) -> None:
        """This process's number of connections for ``seat`` of ``room`` (or, for
        :data:`AUDIENCE`, to the room) changed."""

    def elsewhere(self, room_id: str, seat: int) -> int:
        """Connections for ``seat`` of ``room_id`` (or :data:`AUDIENCE`) on the other
        processes."""

    def deferral(self, room: Room) -> float:
        """Seconds longer this process's computer players wait before acting in ``room``: the
        process that committed its last action acts next, so that the processes do not all
        decide every action and all but one find it taken."""

    async def catch_up(self, room: Room) -> None:
        """Apply what the database has of ``room`` and this process has not, telling this
        process's clients (called under the room's lock)."""

    async def load(self, room_id: str) -> Room | None:
        """A room this process does not hold that another one made, or ``None``."""


class LocalSync:
    """The one process of a deployment: nobody else writes, so there is nothing to do."""

    shared = False

    async def open(self) -> None:
        """Nothing to listen to."""

    async def close(self) -> None:
        """Nothing to stop."""

    def changed(self, room: Room, action: ActionRow | None = None) -> None:
        """Nobody to tell."""

    def talked(self, room: Room) -> None:
        """Nobody to tell."""

    def claimed(self, room: Room, notice: dict[str, Any]) -> None:
        """Nobody to tell."""

    def connections(self, room: Room, seat: int) -> None:
        """Nobody to tell."""

    def elsewhere(self, room_id: str, seat: int) -> int:
        """No other process, so no connections there."""
        return 0

    def deferral(self, room: Room) -> float:
        """No other process to leave a move to."""
        return 0.0

    async def catch_up(self, room: Room) -> None:
        """The database holds nothing this process does not know."""

    async def load(self, room_id: str) -> Room | None:
        """Every room of the database is in memory already."""
        return None


async def seat_of_message(sync: Sync, room: Room, msg: ClientMessage) -> int:
    """The seat whose token ``msg`` carries (under the room's lock), or
    :class:`ProtocolError` (``unauthorised``)."""
    seat = await find_seat(sync, room, msg.token)
    if seat is None:
        raise ProtocolError(UNAUTHORISED, "that token is not a seat of this room", msg.ref)
    return seat


async def find_seat(sync: Sync, room: Room, token: str | None) -> int | None:
    """The seat of ``token`` in ``room`` (under the room's lock); with several processes, a
    seat just taken on another one is found too."""
    seat = room.seat_of(token)
    if seat is None and token is not None and sync.shared:
        await sync.catch_up(room)
        seat = room.seat_of(token)
    return seat

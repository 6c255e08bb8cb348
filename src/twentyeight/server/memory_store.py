"""A :class:`~twentyeight.server.store.Storage` in memory, with the database's rules.

It refuses what :class:`~twentyeight.server.store.SqlStore` refuses (a seat a person holds, a
second start, an action that does not follow on from the stored ``seq``) with the same
:class:`~twentyeight.server.store.Conflict`, so the authority can be tested against it
without a database, and ``twentyeight serve --db memory://`` runs without one.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from twentyeight.server.store import ActionRow, Conflict, RoomRow, SeatRow

_HUMAN, _OPEN, _FINISHED, _WAITING = "human", "open", "finished", "waiting"


class MemoryStore:
    """Rooms, seats and action logs in dictionaries; every call is atomic."""

    def __init__(self) -> None:
        self.rooms: dict[str, RoomRow] = {}
        self.log: dict[str, list[ActionRow]] = {}

    def close(self) -> None:
        """Nothing to release."""

    def create_room(self, room: RoomRow) -> None:
        """Keep a copy of ``room`` (its action log empty)."""
        if room.id in self.rooms:
            raise Conflict(f"room {room.id} exists")
        self.rooms[room.id] = _copy(room)
        self.log[room.id] = []

    def set_seat(self, room_id: str, seat: int, row: SeatRow) -> None:
        """Give the seat to a person unless one holds it or the match is over."""
        room = self._room(room_id)
        if room.status == _FINISHED:
            raise Conflict(f"room {room_id}: the match is over")
        if room.seats[seat].kind == _HUMAN:
            raise Conflict(f"room {room_id}: seat {seat} is taken")
        room.seats[seat] = replace(row)

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow]) -> None:
        """Store the dealt match unless it has started, or a seat to fill is taken."""
        room = self._room(room_id)
        if room.status != _WAITING:
            raise Conflict(f"room {room_id} has already started")
        if any(room.seats[k].kind != _OPEN for k in filled):
            raise Conflict(f"room {room_id}: a seat was taken meanwhile")
        for k, row in filled.items():
            room.seats[k] = replace(row)
        room.status, room.record, room.seq = "playing", copy.deepcopy(record), 0

    def append_action(self, room_id: str, seq: int, seat: int, action: str, by: str,
                      record: dict[str, Any], status: str) -> None:
        """Append action ``seq`` unless the room is not at ``seq - 1``."""
        room = self._room(room_id)
        if room.seq != seq - 1:
            raise Conflict(f"room {room_id}: action {seq} was already stored")
        self.log[room_id].append(ActionRow(seq=seq, seat=seat, action=action, source=by))
        room.seq, room.record, room.status = seq, copy.deepcopy(record), status

    def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """Copies of every room (or ``room_id``), each with its action log."""
        ids = list(self.rooms) if room_id is None else [room_id] if room_id in self.rooms else []
        out = []
        for k in ids:
            row = _copy(self.rooms[k])
            row.actions = [a.action for a in self.log[k]]
            out.append(row)
        return out

    def changes(self, room_id: str, after: int) -> tuple[RoomRow, list[ActionRow]] | None:
        """A copy of the room and its actions after ``after``."""
        if room_id not in self.rooms:
            return None
        return _copy(self.rooms[room_id]), [a for a in self.log[room_id] if a.seq > after]

    def active(self) -> dict[str, int]:
        """``{room: seq}`` of the rooms not finished."""
        return {k: r.seq for k, r in self.rooms.items() if r.status != _FINISHED}

    def _room(self, room_id: str) -> RoomRow:
        room = self.rooms.get(room_id)
        if room is None:
            raise Conflict(f"there is no room {room_id}")
        return room


def _copy(room: RoomRow) -> RoomRow:
    return replace(room, rules=copy.deepcopy(room.rules), record=copy.deepcopy(room.record),
                   seats=[replace(s) for s in room.seats], actions=list(room.actions))

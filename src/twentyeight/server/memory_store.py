"""A :class:`~twentyeight.server.store.Storage` in memory, with the database's rules.

It refuses what :class:`~twentyeight.server.store.SqlStore` refuses (a seat a person holds or
claims, a second start, an action that does not follow on from the stored ``seq``) with the
same :class:`~twentyeight.server.store.Conflict`, so the authority can be tested against it
without a database, and ``twentyeight serve --db memory://`` runs without one.
"""

from __future__ import annotations

import copy
import time
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from twentyeight.server.store import (
    CLOSED,
    FINISHED,
    PLAYING,
    WAITING,
    ActionRow,
    Append,
    Conflict,
    RoomRow,
    SeatRow,
    handover_offset,
    seats_held_by,
)


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
        now = time.time()
        self.rooms[room.id] = replace(_copy(room), created_at=room.created_at or now,
                                      visited_at=room.visited_at or now)
        self.log[room.id] = []

    def take_seat(self, room_id: str, seat: int, row: SeatRow,
                  per_client: int | None = None) -> None:
        """Give the seat to a person unless one holds or claims it, or the room is over, or
        ``row.client`` holds ``per_client`` seats of it already."""
        room = self._room(room_id, WAITING, PLAYING)
        _check_client(room, row.client, per_client)
        s = room.seats[seat]
        if s.kind == "human" or s.claim_token_hash is not None:
            raise Conflict(f"room {room_id}: seat {seat} is taken")
        room.seats[seat] = replace(s, kind=row.kind, name=row.name, token_hash=row.token_hash,
                                   sat_from=row.sat_from, client=row.client)

    def claim_seat(self, room_id: str, seat: int, row: SeatRow,
                   per_client: int | None = None) -> None:
        """Note the claim unless the seat is no longer a computer's unclaimed one, or
        ``row.claim_client`` holds ``per_client`` seats of the room already."""
        room = self._room(room_id, PLAYING)
        _check_client(room, row.claim_client, per_client)
        s = room.seats[seat]
        if s.kind != "bot" or s.claim_token_hash is not None:
            raise Conflict(f"room {room_id}: seat {seat} is taken or claimed")
        room.seats[seat] = replace(s, claim_name=row.claim_name,
                                   claim_token_hash=row.claim_token_hash,
                                   claim_hand=row.claim_hand, claim_client=row.claim_client)

    def hand_over(self, room_id: str, seat: int) -> None:
        """The claimant takes the seat, unless there is no claim."""
        room = self._room(room_id, PLAYING)
        if not _hand_over(room, [seat], mid_hand=True):
            raise Conflict(f"room {room_id}: seat {seat} has no claim")

    def set_invite(self, room_id: str, invite_hash: str) -> None:
        """A new seat invitation."""
        self._room(room_id).invite_hash = invite_hash

    def start(self, room_id: str, record: dict[str, Any], filled: dict[int, SeatRow],
              hints: bool | None = None) -> None:
        """Store the start unless the room has started, or a seat to fill is taken."""
        room = self._room(room_id)
        if room.status != WAITING:
            raise Conflict(f"room {room_id} has already started")
        if any(room.seats[k].kind != "open" for k in filled):
            raise Conflict(f"room {room_id}: a seat was taken meanwhile")
        for k, row in filled.items():
            room.seats[k] = replace(row)
        room.status, room.record, room.seq = PLAYING, copy.deepcopy(record), 0
        if hints is not None:
            room.hints = hints

    def append(self, entries: Sequence[Append]) -> list[bool]:
        """Append each entry whose room is at ``seq - 1``."""
        ok = []
        for e in entries:
            room = self.rooms.get(e.room_id)
            ok.append(room is not None and room.seq == e.seq - 1)
            if room is not None and ok[-1]:
                self.log[e.room_id].append(ActionRow(seq=e.seq, seat=e.seat, action=e.action,
                                                     source=e.source))
                room.seq, room.status, room.note = e.seq, e.status, e.note
                _hand_over(room, list(e.handovers))
        return ok

    def load_rooms(self, room_id: str | None = None) -> list[RoomRow]:
        """Copies of every room not closed (or ``room_id``), each with its action log."""
        if room_id is None:
            ids = [k for k, r in self.rooms.items() if r.status != CLOSED]
        else:
            ids = [room_id] if room_id in self.rooms else []
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
        """``{room: seq}`` of the rooms waiting or playing."""
        return {k: r.seq for k, r in self.rooms.items() if r.status in (WAITING, PLAYING)}

    def visit(self, room_ids: Sequence[str], at: float) -> None:
        """Note the visits."""
        for k in room_ids:
            if k in self.rooms:
                self.rooms[k].visited_at = max(self.rooms[k].visited_at, at)

    def close_idle(self, before: float, note: str) -> list[str]:
        """Close the rooms not visited since ``before``."""
        ids = [k for k, r in self.rooms.items() if r.status != CLOSED and r.visited_at < before]
        for k in ids:
            self.close_room(k, note)
        return ids

    def close_room(self, room_id: str, note: str) -> None:
        """Close ``room_id``."""
        room = self.rooms.get(room_id)
        if room is not None and room.status != CLOSED:
            room.status, room.note = CLOSED, note

    def count_rooms(self, created_by: str | None = None) -> int:
        """Rooms not closed (made by ``created_by``, if given)."""
        return sum(1 for r in self.rooms.values() if r.status != CLOSED
                   and (created_by is None or r.created_by == created_by))

    def leave_seat(self, room_id: str, seat: int, token_hash: str, row: SeatRow) -> None:
        """The seat's person stands up, unless someone else holds it or the room is over."""
        room = self._room(room_id, WAITING, PLAYING, FINISHED)
        s = room.seats[seat]
        if s.kind != "human" or s.token_hash != token_hash:
            raise Conflict(f"room {room_id}: seat {seat} is not that person's")
        room.seats[seat] = replace(s, kind=row.kind, name=row.name, token_hash=None,
                                   client=None)

    def _room(self, room_id: str, *statuses: str) -> RoomRow:
        room = self.rooms.get(room_id)
        if room is None:
            raise Conflict(f"there is no room {room_id}")
        if statuses and room.status not in statuses:
            raise Conflict(f"room {room_id} is not {' or '.join(statuses)}")
        return room


def _hand_over(room: RoomRow, seat_numbers: list[int], mid_hand: bool = False) -> int:
    done = 0
    for k in seat_numbers:
        s = room.seats[k]
        if s.claim_token_hash is not None and s.claim_hand is not None:
            room.seats[k] = SeatRow(kind="human", name=s.claim_name,
                                    token_hash=s.claim_token_hash,
                                    sat_from=s.claim_hand + handover_offset(mid_hand),
                                    client=s.claim_client)
            done += 1
    return done


def _check_client(room: RoomRow, client: str | None, per_client: int | None) -> None:
    """:class:`Conflict` if ``client`` holds or claims ``per_client`` seats of ``room``."""
    if per_client is None or client is None:
        return
    held = seats_held_by(room.seats, client)
    if held >= per_client:
        raise Conflict(f"room {room.id}: that client holds {held} seats")


def _copy(room: RoomRow) -> RoomRow:
    return replace(room, rules=copy.deepcopy(room.rules), record=copy.deepcopy(room.record),
                   seats=[replace(s) for s in room.seats], actions=list(room.actions))

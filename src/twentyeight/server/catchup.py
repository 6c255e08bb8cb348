"""Bringing a room up to the database: what another writer committed, told to this process's
listeners as if this process had accepted it.

:class:`DatabaseSync` is the :class:`~twentyeight.server.sync.Sync` of a process that shares
its database with other writers but hears of their commits only from the database itself
(when its own write conflicts, or when it is asked to ``refresh``);
:class:`~twentyeight.server.cluster.ClusterSync` adds the Redis notices and presence that
make it prompt.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from twentyeight.engine.actions import Action
from twentyeight.errors import IllegalAction
from twentyeight.server.room import FINISHED, HUMAN, PLAYING, Room, restore
from twentyeight.server.store import ActionRow, RoomRow, assemble
from twentyeight.server.sync import LocalSync

if TYPE_CHECKING:
    from twentyeight.server.hub import Hub

log = logging.getLogger("twentyeight.server")

DEFER = 1.0
"""Seconds longer a process waits before its computer player acts when the room's last action
was committed by a process it cannot vouch for (read from the database, or from a process no
longer heard from): the process that acted last acts next, so the processes do not all decide
every action and all but one find it taken (each loser replayed the hand and read the room
back from the database: the two-process load was a fifth of one process's); if that process
is gone, another acts this much later."""


class DatabaseSync(LocalSync):
    """Catch-up from the database alone (see the module's docstring).  It tells nobody
    (:class:`LocalSync`'s calls): the others find every change, seat and talk line in the
    database; presence elsewhere is unknown without notices and counted as none."""

    shared = True

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.loading = asyncio.Lock()

    async def load(self, room_id: str) -> Room | None:
        """A room another process made, loaded from the database (once)."""
        if len(room_id) > 32:
            return None
        async with self.loading:
            room = self.hub.rooms.get(room_id)
            if room is None:
                rows = await self.hub.db.load_rooms(room_id)
                if not rows:
                    return None
                room = restore(rows[0], self.hub.now(), self.elsewhere)
                self.hub.rooms[room.id] = room
                self.hub.players.start(room)
            return room

    async def refresh(self, room_id: str) -> None:
        """Bring ``room_id`` up to the database, telling this process's clients what changed."""
        room = self.hub.rooms.get(room_id)
        if room is None:
            await self.load(room_id)
            return
        async with room.lock:
            await self.catch_up(room)

    async def catch_up(self, room: Room) -> None:
        """Apply what the database has and this process has not (under the room's lock):
        seats, the start and every later action, each told to the clients as it happened."""
        got = await self.hub.db.changes(room.id, room.seq)
        if got is None:
            return
        audience = self.hub.audience
        row, log_rows = got
        changed = self._merge_seats(room, row)
        if room.match is None and row.record is not None:          # started elsewhere
            room.match, room.status, room.seq = assemble(row.record, []), PLAYING, 0
            room.hints = row.hints
            room.start, room.log, room.turn_since = row.record, [], self.hub.now()
            room.commit()
            audience.tell_room(room)                                # as the start does
            audience.tell_states(room)
            self.hub.players.start(room)
            changed = False
        if log_rows and log_rows[0].seq == room.seq + 1:
            changed = self._replay(room, log_rows) or changed
        if row.record is not None and (row.seq != room.seq or row.status != room.status):
            log.error("room %s: the action log does not follow on from seq %d; reloading",
                      room.id, room.seq)
            whole = await self.hub.db.changes(room.id, 0)
            assert whole is not None
            room.log = [a.action for a in whole[1]]
            room.match, room.seq, room.status = assemble(row.record, room.log), \
                len(room.log), whole[0].status
            room.turn_since = self.hub.now()
            room.commit()
            audience.tell_states(room)
            changed = True
        self._caught_up(room, changed)

    def deferral(self, room: Room) -> float:
        """:data:`DEFER` when another process committed ``room``'s last action, else 0."""
        return DEFER if room.acted_elsewhere else 0.0

    async def follow(self, room: Room, action: ActionRow, status: str,
                     writer: str | None = None) -> None:
        """``action``, which another process (``writer``, its id) committed and its notice
        told (with ``status``, the room's status after it): applied at once if it is the
        room's next action and leaves the room as the notice says; otherwise the room catches
        up from the database (an action missed, a seat changed, a room closed at the server's
        limit of hands)."""
        async with room.lock:
            if room.seq >= action.seq:
                return                                  # already known
            if room.seq == action.seq - 1 and room.match is not None \
                    and room.status == PLAYING:
                changed = self._replay(room, [action], writer)
                if room.seq == action.seq and room.status == status:
                    self._caught_up(room, changed)
                    return
        await self.refresh(room.id)

    def _caught_up(self, room: Room, changed: bool) -> None:
        """What follows applying another process's actions to ``room``."""
        room.settle_claims()                        # stored with the action that ended the hand
        self.hub.lobby.promote(room)
        if changed:
            self.hub.audience.tell_room(room)
            room.changed.set()

    def _replay(self, room: Room, log_rows: list[ActionRow], writer: str | None = None) -> bool:
        """Apply and tell stored actions in order (committed by the process ``writer``, when
        known); whether a seat's standing changed."""
        match = room.match
        assert match is not None
        changed = False
        for a in log_rows:
            game, hand = match.current, len(match.games) - 1
            before = self.hub.audience.before(room, game)   # the notes, as the writer's say
            try:
                done = match.apply(Action.parse(a.action))
            except (IllegalAction, ValueError):
                log.exception("room %s: stored action %d does not apply", room.id, a.seq)
                return changed
            room.seq = a.seq
            room.acted_elsewhere, room.acted_by = True, writer
            room.log.append(a.action)
            room.turn_begins(self.hub.now(), hand_ended=len(match.games) - 1 > hand and
                             bool(game.hand.tricks))
            room.status = FINISHED if match.over else PLAYING
            room.commit()
            s = room.seats[a.seat]
            if a.source == "bot" and s.kind == HUMAN and not s.taken_over:
                s.taken_over = changed = True
            self.hub.audience.tell_action(room, game, hand, done, a.source, before)
            changed = changed or room.status == FINISHED
        return changed

    def _merge_seats(self, room: Room, row: RoomRow) -> bool:
        """Take the stored seats (taken or filled by another process); whether any changed."""
        changed = False
        for k, (s, r) in enumerate(zip(room.seats, row.seats, strict=True)):
            if (s.kind, s.name, s.token_hash, s.claim_token_hash) == \
                    (r.kind, r.name, r.token_hash, r.claim_token_hash):
                continue
            if r.kind == HUMAN and r.token_hash != s.token_hash:
                s.away_since, s.taken_over = self.hub.now(), False
                room.bot_seeds.pop(k, None)
            s.kind, s.name, s.token_hash = r.kind, r.name, r.token_hash
            s.claim_name, s.claim_token_hash, s.claim_hand = \
                r.claim_name, r.claim_token_hash, r.claim_hand
            s.client, s.claim_client = r.client, r.claim_client
            s.sat_from = r.sat_from
            changed = True
        if row.invite_hash != room.invite_hash:
            room.invite_hash = row.invite_hash
        if row.status == "closed" and room.status != "closed":
            room.status = "closed"
            changed = True
        return changed

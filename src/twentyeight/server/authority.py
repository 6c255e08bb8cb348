"""The authority: the one place where an action is judged, committed and told.

The engine decides what is legal; the authority decides *who* may act (the seat's token),
commits every accepted action to the database, and only then tells the room's listeners,
each what it may know.  Every call is made under the room's lock, so every listener of a
room sees the same events in the same order.

A player's action names the ``seq`` of the state it was decided against; if the table has
moved on since, the action is refused as ``stale`` and changes nothing (it was meant for a
moment that has passed, even if it would be legal now).  With several processes
(:class:`~twentyeight.server.cluster.ClusterSync`) a commit that finds the database ahead of
this process is refused by the store and changes nothing; the room catches up
from the action log, and the action, decided against a state that is no longer the table's,
is stale.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

from twentyeight.engine.actions import Action
from twentyeight.errors import IllegalAction
from twentyeight.server.audience import Audience, Listener
from twentyeight.server.database import Database
from twentyeight.server.protocol import (
    CLOSED_ROOM,
    ILLEGAL,
    MALFORMED,
    NOT_NOW,
    NOT_STARTED,
    SERVER_ERROR,
    STALE,
    UNAUTHORISED,
    ClientMessage,
    ProtocolError,
    error,
)
from twentyeight.server.room import CLOSED, FINISHED, HUMAN, PLAYING, Room
from twentyeight.server.store import ActionRow, Append, assemble
from twentyeight.server.sync import Sync, find_seat

log = logging.getLogger("twentyeight.server")

class Stale(Exception):
    """Another writer committed first; the room has caught up and nothing of ours changed."""


class Authority:
    """Judges, commits and tells every action of this process's rooms."""

    def __init__(self, db: Database, audience: Audience, sync: Sync,
                 clock: Callable[[], float], max_hands: int = 300,
                 handed_over: Callable[[Room], None] = lambda room: None) -> None:
        self.db = db
        self.audience = audience
        self.sync = sync
        self.clock = clock
        self.max_hands = max_hands
        """A match that has played this many hands is stopped and its room closed."""
        self.handed_over = handed_over
        """Called once claimed seats have been handed over (their newcomers sit down)."""
        self.finished: Callable[[Room], None] = lambda room: None
        """Called once a match's last action is committed (its room is ``finished``)."""
        self.closed: Callable[[Room, str], None] = lambda room, note: None
        """Called once an action has closed its room (the hand limit), with why."""

    async def act(self, room: Room, sender: Listener, msg: ClientMessage) -> None:
        """A player's ``action`` message: applied and told, or refused (an ``illegal`` error
        to ``sender``, or :class:`ProtocolError`) with nothing changed."""
        assert msg.action is not None and msg.seq is not None
        async with room.lock:
            seat = await find_seat(self.sync, room, msg.token)
            if seat is None:
                raise ProtocolError(UNAUTHORISED, "that token is not a seat of this room",
                                    msg.ref)
            if room.match is None or msg.seq > room.seq:
                await self.sync.catch_up(room)           # perhaps this process is behind
            if room.status == CLOSED:
                raise ProtocolError(CLOSED_ROOM, "this room is closed", msg.ref)
            if room.match is None:
                raise ProtocolError(NOT_STARTED, "the host has not started the match yet",
                                    msg.ref)
            try:
                action = Action.parse(msg.action)
            except ValueError as e:
                raise ProtocolError(MALFORMED, str(e), msg.ref) from None
            if action.seat != seat:
                raise ProtocolError(UNAUTHORISED, f"your token is seat {seat}'s, not seat "
                                    f"{action.seat}'s", msg.ref)
            if msg.seq != room.seq:
                raise stale(room, msg)
            if room.paused_by is not None:
                raise ProtocolError(NOT_NOW, room.paused_by, msg.ref)
            try:
                await self.apply(room, seat, action, "player")
            except Stale:                        # another process was first
                raise stale(room, msg) from None
            except IllegalAction as e:
                legal = e.legal if room.match.to_act == seat else []
                sender.send(error(ILLEGAL, e.message, msg.ref, action=msg.action, legal=legal,
                                  **reason_of(e)))

    async def apply(self, room: Room, seat: int, action: Action, by: str) -> None:
        """Apply, commit, then tell (called under the room's lock).

        Raises :class:`IllegalAction` (nothing changed), :class:`Stale` (another process
        committed first; nothing of ours changed and the room has caught up) or
        :class:`ProtocolError` (``server_error``: the database refused; the room is back at its
        last commit).
        """
        match = room.match
        assert match is not None
        if match.over or room.status != PLAYING:
            raise IllegalAction("the match is over", action=str(action))
        if room.paused_by is not None:
            raise IllegalAction(room.paused_by, action=str(action))
        game = match.current
        hand = len(match.games) - 1
        before = self.audience.before(room, game)     # for the seats' notes on the action
        done = match.apply(action)
        accepted = self.clock()                 # the next turn begins now, not at the commit
        seq = room.seq + 1
        status, note = PLAYING, None
        if match.over:
            status = FINISHED
        elif len(match.games) > self.max_hands:
            status, note = CLOSED, f"the match reached the server's limit of {self.max_hands} " \
                "hands"
        entry = Append(room.id, seq, seat, str(done), by, status,
                       tuple(room.claims_due()) if status == PLAYING else (), note)
        try:
            committed = await self.db.append(entry)
        except Exception:
            log.exception("room %s: could not store action %d", room.id, seq)
            rebuild(room)
            raise ProtocolError(SERVER_ERROR, "the server could not save the action; "
                                "nothing changed") from None
        if not committed:
            rebuild(room)
            await self.sync.catch_up(room)
            raise Stale
        room.seq, room.status = seq, status
        room.acted_elsewhere, room.acted_by = False, None
        room.log.append(str(done))
        room.turn_begins(accepted, hand_ended=len(match.games) - 1 > hand and
                         bool(game.hand.tricks))
        room.commit()
        s = room.seats[seat]
        seats_changed = status != PLAYING
        if by == "bot" and s.kind == HUMAN and not s.taken_over:
            s.taken_over = seats_changed = True
        self.audience.tell_action(room, game, hand, done, by, before)
        if room.settle_claims():
            self.handed_over(room)
            seats_changed = True
        if seats_changed:
            self.audience.tell_room(room)
        if status == FINISHED:
            self.finished(room)
        room.changed.set()
        self.sync.changed(room, ActionRow(seq, seat, str(done), by))
        if status == CLOSED:
            self.closed(room, note or "")


def rebuild(room: Room) -> None:
    """Put ``room``'s match back to its last commit (one action applied but not committed):
    by taking that action back in the current hand where it did not end one (a replay of that
    hand only), else by replaying the match from its start."""
    assert room.start is not None
    if room.match is None or not room.match.take_back():
        room.match = assemble(room.start, room.log)


def stale(room: Room, msg: ClientMessage) -> ProtocolError:
    """The refusal of an action decided against ``msg.seq`` when the table is elsewhere."""
    return ProtocolError(STALE, f"the table has moved on since this action was decided (at "
                         f"seq {msg.seq}; it is now at seq {room.seq}): nothing changed, "
                         f"decide again on the latest state", msg.ref, seq=room.seq)


def reason_of(e: IllegalAction) -> dict[str, Any]:
    """``{"reason": {"key", "rule", "params"}}`` when the engine says why as data
    (:class:`twentyeight.engine.reasons.Reason`), else ``{}``."""
    reason = getattr(e, "reason", None)
    to_json = getattr(reason, "to_json", None)
    return {"reason": to_json()} if callable(to_json) else {}

"""The connections of each room on this process, and what each of them is told.

Every message about a room goes out through here: the public summary (``room``), each
connection's ``state``, and an accepted action as ``event`` (+ ``hand_over``) and ``state``,
each told as its recipient may know it (:mod:`~twentyeight.server.public`).  A listener is
anything with a ``seat`` (``None``: a spectator) and a ``send`` that never blocks: a
:class:`~twentyeight.server.connection.Connection`, or a recorder in the tests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from twentyeight.engine.actions import Action
from twentyeight.game import Game
from twentyeight.server.public import View, public_view, told
from twentyeight.server.room import Room

Message = dict[str, Any]


class Listener(Protocol):
    """One recipient of a room's messages."""

    seat: int | None

    def send(self, message: Message) -> None:
        """Queue ``message`` (never blocks)."""


class Audience:
    """Who listens to each room on this process."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.listeners: dict[str, list[Listener]] = {}

    # ---- who -------------------------------------------------------------------------
    def of(self, room_id: str) -> list[Listener]:
        """The listeners of ``room_id`` (an empty list for a room nobody listens to)."""
        return self.listeners.get(room_id, [])

    def add(self, room_id: str, listener: Listener) -> None:
        """``listener`` hears ``room_id`` from now on."""
        self.listeners.setdefault(room_id, []).append(listener)

    def remove(self, room_id: str, listener: Listener) -> bool:
        """``listener`` hears ``room_id`` no more; whether it did."""
        listeners = self.listeners.get(room_id, [])
        if listener not in listeners:
            return False
        listeners.remove(listener)
        if not listeners:
            del self.listeners[room_id]
        return True

    # ---- what ------------------------------------------------------------------------
    def tell_room(self, room: Room) -> None:
        """Everyone: the room's public summary."""
        info = {"type": "room", **room.info(self.clock())}
        for listener in self.of(room.id):
            listener.send(info)

    def tell_states(self, room: Room) -> None:
        """Everyone: the state of the table as their seat may know it."""
        states: dict[int | None, Message] = {}
        for listener in self.of(room.id):
            if listener.seat not in states:
                states[listener.seat] = state(room, listener.seat)
            listener.send(states[listener.seat])

    def tell_action(self, room: Room, game: Game, hand: int, done: Action, by: str) -> None:
        """Everyone: the action ``done`` just applied to ``game`` (hand ``hand``) as
        ``event`` (and ``hand_over`` if it ended the hand), then the new ``state``."""
        match = room.match
        assert match is not None
        views: dict[int | None, View] = {}
        states: dict[int | None, Message] = {}
        for listener in self.of(room.id):
            seat = listener.seat
            if seat not in views:
                views[seat] = game.view(seat) if seat is not None else public_view(game)
                states[seat] = state(room, seat)
            listener.send({"type": "event", "seq": room.seq, "hand": hand, "seat": done.seat,
                           "action": told(game, done, views[seat]), "by": by})
            if game.over:
                listener.send({"type": "hand_over", "seq": room.seq, "hand": hand,
                               "view": views[seat], "scores": list(match.scores)})
            listener.send(states[seat])


def state(room: Room, seat: int | None) -> Message:
    """The ``state`` message of ``room`` for ``seat`` (``None``: a spectator)."""
    match = room.match
    assert match is not None
    game = match.current
    view = game.view(seat) if seat is not None else public_view(game)
    out: Message = {
        "type": "state", "room": room.id, "seq": room.seq, "hand": len(match.games) - 1,
        "seat": seat, "to_act": match.to_act, "legal": view["legal"], "view": view,
        "match": {"scores": list(match.scores), "over": match.over,
                  "winners": list(match.winners), "hands_played": len(match.games)}}
    if match.over:
        out["record"] = f"/api/rooms/{room.id}/record"
    return out

"""The connections of each room on this process, and what each of them is told.

Every message about a room goes out through here: the public summary (``room``), each
connection's ``state``, and an accepted action as ``event`` (+ ``hand_over``) and ``state``,
each told as its recipient may know it (:mod:`~twentyeight.server.public`).  A listener is
anything with a ``seat`` (``None``: a spectator) and a ``send`` that never blocks: a
:class:`~twentyeight.server.connection.Connection`, or a recorder in the tests.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Protocol, cast

from twentyeight.engine.actions import Action
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.server.notes import Note, step_notes, turn_notes
from twentyeight.server.protocol import dumps
from twentyeight.server.public import PublicView, public_view, told
from twentyeight.server.room import Room
from twentyeight.server.scoresheet import sheet_message
from twentyeight.server.turnclock import turn_clock
from twentyeight.views import View

Message = dict[str, Any]


ROOM_INTERVAL = 0.25
"""Seconds between two ``room`` summaries sent for comings and goings (they are merged)."""
CLOSED_ROOM = 4410
"""Close code for the connections of a room that is closed."""


class Listener(Protocol):
    """One recipient of a room's messages."""

    seat: int | None
    """The seat it speaks for (``None``: a spectator)."""
    claim: int | None
    """The seat it has claimed and waits for (from the next hand), if any."""
    claim_hash: str | None
    """The hash of the claim's token."""

    def send(self, message: Message | str) -> None:
        """Queue ``message`` — a message, or its JSON text (never blocks)."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection (after what is queued)."""


class Audience:
    """Who listens to each room on this process."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.listeners: dict[str, list[Listener]] = {}
        self.summarised: dict[str, float] = {}
        """When each room's summary was last sent."""
        self.pending: dict[str, asyncio.TimerHandle] = {}

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

    def forget(self, room_id: str) -> None:
        """``room_id`` is gone from this process."""
        self.listeners.pop(room_id, None)
        self.summarised.pop(room_id, None)
        handle = self.pending.pop(room_id, None)
        if handle is not None:
            handle.cancel()

    def close_all(self, room_id: str, reason: str) -> None:
        """Close every connection of ``room_id`` (the room is closed)."""
        for listener in self.of(room_id):
            listener.close(CLOSED_ROOM, reason[:120])

    # ---- what ------------------------------------------------------------------------
    def tell_room(self, room: Room) -> None:
        """Everyone: the room's public summary, now."""
        handle = self.pending.pop(room.id, None)
        if handle is not None:
            handle.cancel()
        self.summarised[room.id] = self.clock()
        listeners = self.of(room.id)
        if listeners:
            info = dumps({"type": "room", **room.info(self.clock())})
            for listener in listeners:
                listener.send(info)

    def tell_room_soon(self, room: Room) -> None:
        """Everyone: the room's summary, at most once per :data:`ROOM_INTERVAL` — however
        often people come and go, each listener gets a few summaries a second at most."""
        if room.id in self.pending:
            return
        wait = self.summarised.get(room.id, -ROOM_INTERVAL) + ROOM_INTERVAL - self.clock()
        if wait <= 0:
            self.tell_room(room)
            return
        with contextlib.suppress(RuntimeError):           # no loop: nobody to tell
            self.pending[room.id] = asyncio.get_running_loop().call_later(
                wait, self._due, room)

    def _due(self, room: Room) -> None:
        self.pending.pop(room.id, None)
        self.tell_room(room)

    def tell_states(self, room: Room) -> None:
        """Everyone: the state of the table as their seat may know it."""
        states: dict[int | None, str] = {}
        for listener in self.of(room.id):
            if listener.seat not in states:
                states[listener.seat] = dumps(state(room, listener.seat))
            listener.send(states[listener.seat])

    def before(self, room: Room, game: Game) -> PublicView | None:
        """The public view of ``game`` before an action, from which the seats' notes on it
        are made (:meth:`tell_action`); ``None`` when no seat of the room listens."""
        if any(listener.seat is not None for listener in self.of(room.id)):
            return public_view(game)
        return None

    def tell_action(self, room: Room, game: Game, hand: int, done: Action, by: str,
                    before: PublicView | None = None) -> None:
        """Everyone: the action ``done`` just applied to ``game`` (hand ``hand``) as
        ``event`` (and ``hand_over`` if it ended the hand), then the new ``state`` (a seat's
        with the explanations of what ``done`` did, from ``before``, the hand's public view
        just before it: :mod:`~twentyeight.server.notes`)."""
        match = room.match
        assert match is not None
        told_to: dict[int | None, tuple[str, ...]] = {}     # each seat's messages, encoded once
        sheet: str | None = None                              # the same for every seat
        for listener in self.of(room.id):
            seat = listener.seat
            if seat not in told_to:
                view: View | PublicView = game.view(seat) if seat is not None \
                    else public_view(game)
                said = [dumps({"type": "event", "seq": room.seq, "hand": hand,
                               "seat": done.seat, "action": told(game, done, view),
                               "phase": view["history_phases"][-1], "by": by})]
                if game.over:
                    said.append(dumps({"type": "hand_over", "seq": room.seq, "hand": hand,
                                       "view": view, "scores": list(match.scores),
                                       "booked": match.booking(hand)}))
                    sheet = sheet if sheet is not None else dumps(sheet_message(match))
                    said.append(sheet)
                same_hand = game is match.current          # then the view is the state's too
                notes = step_notes(before, cast(View, view)) \
                    if before is not None and seat is not None else []
                said.append(dumps(state(room, seat, view if same_hand else None, notes)))
                told_to[seat] = tuple(said)
            for text in told_to[seat]:
                listener.send(text)


def state(room: Room, seat: int | None, view: View | PublicView | None = None,
          notes: list[Note] | None = None) -> Message:
    """The ``state`` message of ``room`` for ``seat`` (``None``: a spectator); ``view``: that
    seat's view of the current hand, if already made; a seat's ``notes``: ``notes`` (what
    the last action did) and why some of its choices are missing at its turn."""
    match = room.match
    assert match is not None
    game = match.current
    shown: View | PublicView = view if view is not None else \
        game.view(seat) if seat is not None else public_view(game)
    out: Message = {
        "type": "state", "room": room.id, "seq": room.seq, "hand": len(match.games) - 1,
        "seat": seat, "to_act": match.to_act, "legal": shown["legal"], "view": shown,
        "match": match_block(match), "clock": turn_clock(room)}
    if seat is not None:
        out["notes"] = [*(notes or []), *turn_notes(shown, game.hand)]  # type: ignore[arg-type]
    if match.over:
        out["record"] = f"/api/rooms/{room.id}/record"
    return out


def match_block(match: Match) -> Message:
    """The ``match`` block of a ``state``: the standing (``scores``, ``over``, ``winners``,
    ``hands_played``), ``booked``: what the last finished hand did to it (with its ``hand``;
    ``None`` before the first), and under ``coolie_kodi`` each seat's ``kodis`` and the team
    whose kodi-irakkam hand is the next to be played (``kodi_irakkam``, 56-MATCH-3)."""
    last = len(match.booked) - 1
    told = match.booking(last)
    out: Message = {"scores": list(match.scores), "over": match.over,
                    "winners": list(match.winners), "hands_played": len(match.games),
                    "booked": None if told is None else {"hand": last, **told}}
    if match.rules.match_scoring == "coolie_kodi":
        out["kodis"] = list(match.kodis)
        out["kodi_irakkam"] = match.irakkam
    return out

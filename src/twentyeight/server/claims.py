"""Claiming the remaining tricks: the player to play says their side takes every trick left.

**Judging a claim.**  The server knows every hand.  On the solver's model of the play
(:class:`twentyeight.solver.Position`: the engine's own play core, with the hidden trump,
asking, the forced exposures and annulments), it searches whether the claimer's side has a
way of play that wins every remaining trick *whatever the opponents play* (an and-or search:
some card of the side at each of its turns, every card of the opponents at theirs; a trick
lost, or the hand annulled, fails).  If so the claim is **certain** and accepted at once.  A
position the solver refuses (Cot, single hand, Thani), or one it cannot settle within
``claim_nodes`` positions, is not certain.

**An uncertain claim** is put to the opponents who are people at the table (connected, and
playing their own seat): the claimer's remaining cards are shown to everyone, as a card
player lays them down, and the table waits (no action, no computer player) until every one
of them accepts, one refuses, or the room's ``turn_seconds`` pass (a refusal).  A refusal
plays on; computer players refuse (they cannot weigh a claim without seeing the cards), so a
claim against computers alone that is not certain is refused at once, and its cards are shown
to nobody (no opponent judges them; the claimer's partner and the spectators must not see
them).  One claim per side
per hand: the answer tells the claimer something about the hidden hands (whether the sweep
was certain), so it cannot be asked again and again — noted in the room's database
(:meth:`~twentyeight.server.talk_store.TalkStore.claim_once`), so that neither another
process nor a restart answers a second one.

**Several processes** (``--redis``): the claim waits on the process where it was made (its
*owner*).  The others hear of it (:meth:`Claims.heard`, notices of seat numbers and flags
only: each process shows the claimer's cards from its own copy of the match), pause the table
too, tell their connections, and pass on the answers of the opponents connected to them; the
owner tells them how it ended.  Should the owner die, the others give the claim up as
refused a few seconds after its time ran out.

**The record.**  An accepted claim is played out by the server, card by card, as ordinary
actions of the seats (``by: "claim"`` in the events), so the record is an ordinary record of
RECORDS.md with every trick played (28-PLAY-6).  A certain claim is played along the line the
search found (the opponents' cards: the first legal ones; all lose).  An accepted uncertain
claim is played along a line in which the claimer's side wins every trick, the opponents
playing into it, as they agreed; where no play of the cards can give the side every trick
(or none is found within ``claim_nodes``), the computer players play the rest out and the
``claim`` message says ``"swept": false``.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from twentyeight.bots import Bot, make_table_bot
from twentyeight.engine.actions import Action
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY, PlayState
from twentyeight.server.audience import Audience, Listener
from twentyeight.server.authority import Authority, Stale
from twentyeight.server.limits import Limits
from twentyeight.server.protocol import (
    NOT_NOW,
    STALE,
    ClientMessage,
    ProtocolError,
)
from twentyeight.server.room import HUMAN, PLAYING, Room
from twentyeight.server.sync import Sync, seat_of_message
from twentyeight.server.talk_store import TalkStore
from twentyeight.solver import Position, SolverError
from twentyeight.solver.position import ANNULLED, DONE, LIVE

log = logging.getLogger("twentyeight.server")

WAITING_FOR = "a claim of the remaining tricks waits for its answer"
"""Why the table waits while a claim is put to the opponents (``Room.paused_by``)."""


class _OutOfNodes(Exception):
    """The search used its budget."""


def _position(hand: Hand, strict: bool) -> Position | None:
    """The solver's position of ``hand`` (``strict``: only one the solver supports), or
    ``None`` outside the play of the cards."""
    try:
        return Position.from_hand(hand)
    except SolverError:
        if strict or hand.over or hand.phase != PLAY:
            return None
    pos = Position.__new__(Position)         # the play core works under every rule; only
    for name in PlayState.__slots__:         # the solver's card-point values do not
        value = getattr(hand, name)
        setattr(pos, name, list(value) if type(value) is list else value)
    return pos


def sweep_line(pos: Position, side: frozenset[int], forced: bool,
               nodes: int) -> list[int] | None:
    """A line of moves (the engine's codes) from ``pos`` in which ``side`` wins every
    remaining trick, or ``None`` if there is none (or none found within ``nodes``).

    ``forced``: the side's choice must win against *every* reply of the other seats (and the
    line returned follows their first legal moves); otherwise every seat plays into the
    sweep.
    """
    budget = [nodes]

    def search(p: Position) -> list[int] | None:
        budget[0] -= 1
        if budget[0] < 0:
            raise _OutOfNodes
        if p.status != LIVE:
            return [] if p.status == DONE else None
        seat = p.to_act
        assert seat is not None
        everyone = forced and seat not in side
        found: list[int] | None = None
        for code in _ordered(p, side, against=everyone):
            tricks = len(p.tricks)
            saved = p.apply(code)
            ok = p.status != ANNULLED and (len(p.tricks) == tricks or p.tricks[-1][3] in side)
            rest = search(p) if ok else None
            p.undo(saved)
            if rest is None and everyone:
                return None
            if rest is not None:
                if not everyone:
                    return [code, *rest]
                if found is None:
                    found = [code, *rest]
        return found

    try:
        return search(pos)
    except _OutOfNodes:
        return None


def _ordered(p: Position, side: frozenset[int], against: bool) -> list[int]:
    """The legal moves, those that leave the trick to ``side`` first (``against``: last),
    so that a sweep is found, or refuted, soon."""
    def leaves_it_to_side(code: int) -> bool:
        tricks = len(p.tricks)
        saved = p.apply(code)
        if len(p.tricks) > tricks:
            ours = p.tricks[-1][3] in side
        else:
            ours = bool(p.trick_seats) and p.trick_seats[p.winner_index()] in side
        p.undo(saved)
        return ours

    return sorted(p.legal(), key=lambda code: leaves_it_to_side(code) == against)


def side_of(hand: Hand, seat: int) -> frozenset[int]:
    """The seats playing on ``seat``'s side (the bidding side or the opponents)."""
    mine = hand.bid_side[seat]
    return frozenset(s for s, on in enumerate(hand.bid_side) if on == mine)


def judge(hand: Hand, seat: int, nodes: int) -> list[int] | None:
    """The line of a certain claim by ``seat`` (the engine's codes), or ``None``."""
    pos = _position(hand, strict=True)
    return None if pos is None else sweep_line(pos, side_of(hand, seat), True, nodes)


def agreed_line(hand: Hand, seat: int, nodes: int) -> list[int] | None:
    """A line in which ``seat``'s side takes every remaining trick with the opponents'
    help (an accepted claim), or ``None``."""
    pos = _position(hand, strict=False)
    return None if pos is None else sweep_line(pos, side_of(hand, seat), False, nodes)


GRACE = 5.0
"""Seconds after a claim's time that a process gives up waiting to hear from its owner."""


@dataclass
class Pending:
    """A claim put to the opponents."""

    seat: int
    hand: int
    asked: set[int]
    accepted: set[int] = field(default_factory=set)
    cards: list[str] = field(default_factory=list)
    timer: asyncio.TimerHandle | None = None
    deadline: float = 0.0
    """When (the room's clock) the claim counts as refused."""
    remote: bool = False
    """Whether another process holds it (this one only shows it and passes answers on)."""

    def notice(self, what: str, **extra: object) -> dict[str, object]:
        """The notice telling the other processes of this claim (no card: see the module)."""
        return {"what": what, "seat": self.seat, "hand": self.hand, "asked": sorted(self.asked),
                "accepted": sorted(self.accepted), **extra}

    def message(self, status: str = "asked", **extra: object) -> dict[str, object]:
        """The ``claim`` message telling the table of this claim."""
        return {"type": "claim", "seat": self.seat, "hand": self.hand, "status": status,
                "asked": sorted(self.asked), "accepted": sorted(self.accepted),
                "cards": self.cards, **extra}


class Claims:
    """The claims of this process's rooms (a claim waiting for answers lives here)."""

    def __init__(self, authority: Authority, audience: Audience, sync: Sync, limits: Limits,
                 clock: Callable[[], float], store: TalkStore) -> None:
        self.authority = authority
        self.audience = audience
        self.sync = sync
        self.limits = limits
        self.clock = clock
        self.pending: dict[str, Pending] = {}
        self.store = store
        """Where the claims made are noted (one per side per hand, whichever process takes
        it, across restarts)."""
        self.players: dict[str, Bot] = {}
        """Per room: the computer player that plays out an agreed claim it found no line for."""

    def greet(self, room: Room, conn: Listener) -> None:
        """A new connection hears of the claim waiting for answers, if any."""
        pending = self.pending.get(room.id)
        if pending is not None:
            conn.send(pending.message(seconds=self._left(pending, room)))

    def _left(self, pending: Pending, room: Room) -> float:
        return round(max(0.0, pending.deadline - self.clock()), 1)

    async def claim(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """A ``claim``: accepted (played out), put to the opponents, or refused."""
        async with room.lock:
            seat = await seat_of_message(self.sync, room, msg)
            match = room.match
            if room.status != PLAYING or match is None or match.over:
                raise ProtocolError(NOT_NOW, "there is no hand being played", msg.ref)
            if msg.seq != room.seq:
                raise ProtocolError(STALE, "the table has moved on since this claim was "
                                    "decided: nothing changed", msg.ref, seq=room.seq)
            hand = match.current.hand
            number = len(match.games) - 1
            if hand.phase != PLAY or hand.to_act != seat:
                raise ProtocolError(NOT_NOW, "you may claim the remaining tricks when it is "
                                    "your turn to play a card", msg.ref)
            if room.paused_by is not None:
                raise ProtocolError(NOT_NOW, room.paused_by, msg.ref)
            side = side_of(hand, seat)
            if not await asyncio.to_thread(self.store.claim_once, room.id, number,
                                           sum(1 << s for s in side)):
                raise ProtocolError(NOT_NOW, "your side has claimed once this hand already",
                                    msg.ref)
            line = await asyncio.to_thread(judge, hand.copy(), seat, self.limits.claim_nodes)
            pending = Pending(seat, number, asked=set(),
                              cards=list(match.current.view(seat)["hand"]))
            if line is not None:
                self._tell(room, pending.message("accepted", certain=True, swept=True))
                await self._play_out(room, line)
                return
            now = self.clock()
            pending.asked = {s for s, st in enumerate(room.seats) if s not in side
                             and st.kind == HUMAN and st.connected
                             and not room.controlled_by_bot(s, now)}
            if not pending.asked:         # nobody judges it: nothing is laid down (the
                pending.cards = []        # partner or a spectator would see the hand)
                self._tell(room, pending.message("refused", by=None))
                self._end(room, pending)
                return
            self._wait(room, pending, room.turn_seconds)
            self.sync.claimed(room, pending.notice("asked", seconds=room.turn_seconds))

    def _wait(self, room: Room, pending: Pending, seconds: float) -> None:
        """Pause the table for ``pending`` (``seconds`` to answer) and tell it so."""
        room.paused_by = WAITING_FOR
        room.changed.set()
        pending.deadline = self.clock() + seconds
        wait = seconds + (GRACE if pending.remote else 0.0)
        pending.timer = asyncio.get_running_loop().call_later(
            wait, lambda: asyncio.ensure_future(self._expire(room, pending)))
        self.pending[room.id] = pending
        self._tell(room, pending.message(seconds=round(seconds, 1)))

    async def answer(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """A ``claim_answer`` from an opponent asked."""
        async with room.lock:
            seat = await seat_of_message(self.sync, room, msg)
            pending = self.pending.get(room.id)
            if pending is None or seat not in pending.asked:
                raise ProtocolError(NOT_NOW, "no claim waits for your answer", msg.ref)
            accept = bool((msg.body or {}).get("accept"))
            if accept and seat in pending.accepted:  # said again: nothing changes, and only
                conn.send(pending.message(seconds=self._left(pending, room)))   # its sender
                return                               # hears (told to all, it was an echo)
            if pending.remote:                       # the owner decides, and tells everyone
                self.sync.claimed(room, pending.notice("answer", by=seat, accept=accept))
                return
            await self._answered(room, pending, seat, accept)

    async def _answered(self, room: Room, pending: Pending, seat: int, accept: bool) -> None:
        """Seat ``seat``'s answer to the claim this process holds (under the room's lock)."""
        if not accept:
            self._over(room, pending, pending.message("refused", by=seat))
            return
        pending.accepted.add(seat)
        if pending.accepted < pending.asked:
            left = self._left(pending, room)
            self._tell(room, pending.message(seconds=left))
            self.sync.claimed(room, pending.notice("asked", seconds=left))
            return
        match = room.match
        assert match is not None
        line = await asyncio.to_thread(agreed_line, match.current.hand.copy(),
                                       pending.seat, self.limits.claim_nodes)
        self._over(room, pending, pending.message("accepted", certain=False,
                                                  swept=line is not None))
        await self._play_out(room, line)

    def _over(self, room: Room, pending: Pending, told: dict[str, object]) -> None:
        """The claim is answered (``told``): this process's connections are told and the
        table goes on; the owner tells the other processes too."""
        self._tell(room, told)
        self._end(room, pending)
        if not pending.remote:
            self.sync.claimed(room, pending.notice(
                "over", **{k: v for k, v in told.items() if k in ("status", "by", "certain",
                                                                  "swept")}))

    async def _expire(self, room: Room, pending: Pending) -> None:
        async with room.lock:
            if self.pending.get(room.id) is pending:   # (remote: its owner is gone)
                self._over(room, pending, pending.message("refused", by=None))

    async def heard(self, room: Room, notice: dict[str, Any]) -> None:
        """Another process's news of a claim of ``room`` (:meth:`Sync.claimed`)."""
        what, seat, hand = notice.get("what"), notice.get("seat"), notice.get("hand")
        asked, accepted = _seats(notice.get("asked")), _seats(notice.get("accepted"))
        if not isinstance(seat, int) or not isinstance(hand, int) or asked is None \
                or accepted is None:
            return
        async with room.lock:
            pending = self.pending.get(room.id)
            if what == "answer":                     # for the claim this process holds
                by = notice.get("by")
                if pending is not None and not pending.remote and pending.seat == seat \
                        and isinstance(by, int) and by in pending.asked:
                    await self._answered(room, pending, by, bool(notice.get("accept")))
            elif what == "asked":
                seconds = notice.get("seconds")
                if not isinstance(seconds, (int, float)) or not 0 <= seat < len(room.seats) \
                        or (pending is not None and not pending.remote):
                    return
                await self.sync.catch_up(room)       # the claimer's cards, from our copy
                match = room.match
                if match is None:
                    return
                if pending is not None and pending.timer is not None:
                    pending.timer.cancel()
                cards = list(match.current.view(seat)["hand"])
                self._wait(room, Pending(seat, hand, asked, accepted, cards, remote=True),
                           float(seconds))
            elif what == "over" and pending is not None and pending.remote:
                status = notice.get("status")
                extra = {k: notice[k] for k in ("by", "certain", "swept") if k in notice}
                self._over(room, pending, pending.message(
                    status if isinstance(status, str) else "refused", **extra))

    def _end(self, room: Room, pending: Pending) -> None:
        """The claim is answered: the table goes on (the claimer's turn begins afresh)."""
        if pending.timer is not None:
            pending.timer.cancel()
        self.pending.pop(room.id, None)
        room.paused_by = None
        room.turn_since = self.clock()
        room.changed.set()
        self.audience.tell_states(room)              # with the claimer's turn clock again

    async def _play_out(self, room: Room, line: list[int] | None) -> None:
        """Play the claimed hand to its end (under the room's lock) along ``line``; without
        one, each seat's card is the ``rules`` computer player's."""
        match = room.match
        assert match is not None
        game = match.current
        moves = iter(line or [])
        while game is match.current and not game.over and room.status == PLAYING:
            hand = game.hand
            seat = hand.to_act
            assert seat is not None
            code = next(moves, None)
            action = hand.action(seat, code) if code is not None else \
                Action.parse(self._player(room.id).act(game.view(seat)))
            try:
                await self.authority.apply(room, seat, action, "claim")
            except Stale:                    # another process was first: it plays on
                return

    def _player(self, room_id: str) -> Bot:
        if room_id not in self.players:
            self.players[room_id] = make_table_bot("rules", seed=secrets.randbits(32))
        return self.players[room_id]

    def _tell(self, room: Room, message: dict[str, object]) -> None:
        for listener in self.audience.of(room.id):
            listener.send(message)

    def forget(self, room_id: str) -> None:
        """``room_id`` is gone from this process."""
        pending = self.pending.pop(room_id, None)
        if pending is not None and pending.timer is not None:
            pending.timer.cancel()
        self.players.pop(room_id, None)


def _seats(value: object) -> set[int] | None:
    """A notice's list of seat numbers, or ``None`` if it is not one."""
    if not isinstance(value, list) or len(value) > 8 \
            or not all(isinstance(v, int) and 0 <= v < 8 for v in value):
        return None
    return set(value)

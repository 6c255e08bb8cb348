"""The computer players of a room: one task per started room that acts for bot seats, for
people who have been away longer than the room's takeover timeout, and for people present
whose turn clock has run out.

It sleeps until the next moment a computer player should act (``bot_delay`` after the
previous action for a bot seat; ``takeover_seconds`` after the player left for an away human
seat; ``turn_seconds`` after their turn began for a person who is there) and wakes early
whenever the room changes (an action, a player coming or going), to plan again for the same
moment.  Nobody acts while nobody at all is connected to the room: a table with no one to see
it waits.

**The pace tells nothing.**  A computer player's decision is started as soon as its turn
begins and shown at the planned moment, not after however long it took to think: the time a
bot thinks depends on its cards (one legal card is answered at once, a close lead is searched
for a second), and a table that watched the pace would read a forced card, a void or a hard
choice from it.  The moment is ``bot_delay`` after the turn began, or the bot's own thinking
time if longer (:meth:`~twentyeight.bots.Bot.thinking_time`: a searching bot's first lead
gets a second and a half, from public facts only — the phase and the trick), and the bot is
told to answer by then (its ``deadline``: a search stops there and decides with what it has
found).  So for a person too: a computer that will take their turn (their clock runs out, or
they have been away too long) starts deciding :data:`PREPARE_AHEAD` seconds before that
moment and acts at it.

A turn begins when the previous action is *accepted*, not when its commit comes back
(:meth:`.authority.Authority.apply`): the pace of a room never includes the wait for the
database, and rooms whose actions were committed in one transaction do not all act at the same
moment half a second later — counted from the commit, they did, ever after, and the server
took their actions in ever larger bursts.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
from collections.abc import Awaitable, Callable

from twentyeight.bots import Bot, BotError, make_table_bot, table_bot_class
from twentyeight.bots.base import View
from twentyeight.engine.actions import Action
from twentyeight.engine.state import PHASE_NAMES
from twentyeight.errors import IllegalAction
from twentyeight.server.authority import Authority, Stale
from twentyeight.server.room import PLAYING, Room
from twentyeight.server.thinkers import Thinkers

log = logging.getLogger("twentyeight.server")

FALLBACK = "rules"
"""The computer player that decides when a room's own fails."""

PREPARE_AHEAD = 2.0
"""Seconds before a computer takes a person's turn that it starts deciding (the decision for a
computer's own seat starts as its turn begins).  Not from the turn's start: most people act
before their clock runs out, and a decision made for nothing costs a thinker up to a second."""

ANSWER_MARGIN = 0.05
"""Seconds before the planned moment a computer player is asked to have answered by: the time
its answer takes from its worker to the table."""

Move = Callable[[Room, int], Awaitable[None]]
"""``move(room, seq)``: let the computer player act, if the room is still at ``seq``."""


Prepare = Callable[[Room, int], None]
"""``prepare(room, seq)``: start deciding now for the seat to act, if a computer acts for it
now, so that its decision is ready by the planned moment (see the module)."""


Deferral = Callable[[Room], float]
"""``deferral(room)``: seconds longer this process's computer players wait before they act in
``room`` (:meth:`.sync.Sync.deferral`: the process that acted last acts next)."""


def thinking_time(room: Room) -> float:
    """The seconds the room's computer player may think over the decision to make now (a
    public fact: :meth:`~twentyeight.bots.Bot.thinking_time`)."""
    match = room.match
    if match is None:
        return 0.0
    hand = match.current.hand
    return _bot_class(room.bot_kind).thinking_time(PHASE_NAMES[hand.phase], len(hand.tricks))


@functools.lru_cache(maxsize=64)
def _bot_class(kind: str) -> type[Bot]:
    """The class of a room's computer player; :class:`Bot` (no thinking time) for a kind no
    longer known here (a room of a ``--bot-module`` the server was started again without,
    whose decisions the ``rules`` player makes: :meth:`ComputerPlayers.decide`)."""
    try:
        return table_bot_class(kind)
    except BotError:
        return Bot


def plan(room: Room, now: float, defer: float = 0.0) -> tuple[float, int] | None:
    """``(seconds to wait, seq)`` before a computer player acts, or ``None`` if none will;
    ``defer``: seconds this process leaves the move to another (:data:`Deferral`)."""
    match = room.match
    if room.status != PLAYING or match is None or match.over or not room.watched \
            or room.paused_by is not None:
        return None
    seat = match.to_act
    if seat is None:
        return None
    at = room.takeover_at(seat)
    if at is None:
        return None
    wait = max(room.turn_since + max(room.bot_delay, thinking_time(room)), at) - now
    return max(0.0, wait) + defer, room.seq


async def drive(room: Room, move: Move, deferral: Deferral,
                prepare: Prepare = lambda room, seq: None) -> None:
    """Run the computer players of ``room`` until its match is over (or cancelled)."""
    loop = asyncio.get_running_loop()
    while room.status == PLAYING:
        room.changed.clear()
        defer = deferral(room)
        step = plan(room, loop.time(), defer)
        if step is None:
            await room.changed.wait()
            continue
        delay, seq = step
        if not defer:                    # (a process that leaves the move to another waits)
            if delay > PREPARE_AHEAD:    # a person's turn, taken later: decide nearer to it
                await due(room, delay - PREPARE_AHEAD)
                continue                                # (plan again: the room may change)
            prepare(room, seq)
        if delay > 0 and not await due(room, delay):
            continue                                    # something changed: plan again
        try:
            await move(room, seq)
        except asyncio.CancelledError:
            raise
        except Exception:                               # a bug must not stop the table
            log.exception("room %s: computer player failed", room.id)
            await asyncio.sleep(1.0)


async def due(room: Room, delay: float) -> bool:
    """Wait ``delay`` seconds or until ``room`` changes, whichever comes first; whether the
    time ran out.  (One timer on the loop, no task: every room's driver waits here after each
    action, so this is the cheapest wait there is.)"""
    rang = False

    def ring() -> None:
        nonlocal rang
        rang = True
        room.changed.set()

    timer = asyncio.get_running_loop().call_later(delay, ring)
    try:
        await room.changed.wait()
    finally:
        timer.cancel()
    return rang


class ComputerPlayers:
    """The computer players of every room of this process: one :func:`drive` task per
    playing room, each decision judged by the :class:`Authority` like a player's."""

    def __init__(self, authority: Authority, thinkers: Thinkers,
                 clock: Callable[[], float], deferral: Deferral) -> None:
        self.authority = authority
        self.thinkers = thinkers
        self.clock = clock
        self.deferral = deferral
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.thoughts: dict[str, tuple[int, int, asyncio.Task[Action], float]] = {}
        """Per room: the decision under way for its ``seq`` and seat (:meth:`prepare`), and
        the moment (``clock()``) it is shown at, not sooner."""

    def start(self, room: Room) -> None:
        """Run the computer players of ``room`` if it is playing (once)."""
        if room.status == PLAYING and room.id not in self.drivers:
            task = self.drivers[room.id] = asyncio.create_task(
                drive(room, self.move, self.deferral, self.prepare))
            task.add_done_callback(lambda t: self._ended(room.id, t))

    def _ended(self, room_id: str, task: asyncio.Task[None]) -> None:
        if self.drivers.get(room_id) is task:
            del self.drivers[room_id]
        self._drop_thought(room_id)

    def stop_room(self, room: Room) -> None:
        """Stop ``room``'s computer players (the room is closed)."""
        task = self.drivers.pop(room.id, None)
        if task is not None:
            task.cancel()
        self._drop_thought(room.id)
        self.thinkers.forget(room.id)

    async def stop(self) -> None:
        """Stop every room's computer players."""
        tasks = list(self.drivers.values())
        self.drivers.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    def prepare(self, room: Room, seq: int) -> None:
        """Start the decision for the seat to act at ``seq`` now, if a computer will act for it
        at the planned moment (:func:`plan`) and none is under way (:data:`Prepare`)."""
        held = self.thoughts.get(room.id)
        if held is not None and held[0] == seq:
            return
        now = self.clock()
        step = plan(room, now)
        seat = self._bot_seat(room, seq, now + step[0]) if step else None
        if step is None or seat is None or room.match is None:
            return
        self._drop_thought(room.id)
        view = room.match.current.view(seat)
        # the planned moment; if it passed while nobody watched the table, the thinking time
        # from now (a search told to answer at once would play the rules card)
        think = step[0] if step[0] > 0 else thinking_time(room)
        self.thoughts[room.id] = (seq, seat, asyncio.ensure_future(
            self.decide(room, seat, view, max(0.0, think - ANSWER_MARGIN))), now + think)

    def _drop_thought(self, room_id: str) -> None:
        held = self.thoughts.pop(room_id, None)
        if held is not None and not held[2].done():
            held[2].cancel()

    async def move(self, room: Room, seq: int) -> None:
        """A computer player acts for the seat to act, if the room is still at ``seq`` (with
        the decision :meth:`prepare` started, if it is for this seat and ``seq``)."""
        async with room.lock:
            seat = self._bot_seat(room, seq)
            if seat is None or room.match is None:
                return
            view = room.match.current.view(seat)
            held = self.thoughts.pop(room.id, None)
        if held is not None and held[:2] == (seq, seat):
            action = await held[2]
            if (early := held[3] - self.clock()) > 0:    # shown at its moment, not sooner:
                await asyncio.sleep(early)               # a forced card is found at once
        else:
            if held is not None:
                held[2].cancel()
            action = await self.decide(room, seat, view, 0.0)   # (late already: at once)
        async with room.lock:
            if self._bot_seat(room, seq) != seat:
                return
            with contextlib.suppress(Stale):    # another process acted first: it decided
                await self.authority.apply(room, seat, action, "bot")

    async def decide(self, room: Room, seat: int, view: View, think: float) -> Action:
        """The room's bot's legal choice for ``seat``, thought out in the bots' own pool
        (:class:`~twentyeight.server.thinkers.Thinkers`) within ``think`` seconds (its
        deadline: a search stops there and decides with what it has found; a bot that keeps
        no deadline answers when it can); if the bot fails (raises, answers
        with anything but one of ``view["legal"]``, or takes too long), the ``rules`` bot's,
        so a broken computer player never stalls a table.  The first failure in a room is
        logged; later ones are only counted."""
        try:
            seed = room.bot_seeds.get(seat)
            if seed is None:                            # (not at every decision: a system call)
                seed = room.bot_seeds[seat] = secrets.randbits(32)
            text = await self.thinkers.decide((room.id, seat), room.bot_kind, seed, view, think)
            action = Action.parse(text)
            if str(action) not in view["legal"]:
                raise IllegalAction(f"{text!r} is not one of the legal actions "
                                    f"{view['legal']}")
            return action
        except Exception as e:
            room.bot_failures += 1
            if room.bot_failures == 1:
                log.error("room %s: computer player %r failed (%s: %s); the rules bot decides "
                          "for it instead (later failures in this room are only counted)",
                          room.id, room.bot_kind, type(e).__name__, e, exc_info=e)
        return Action.parse(self._fallback(room, seat).act(view))

    def _bot_seat(self, room: Room, seq: int, at: float | None = None) -> int | None:
        """The seat a computer acts for at ``seq``, at the time ``at`` (default: now)."""
        match = room.match
        if room.seq != seq or match is None or match.over or match.to_act is None:
            return None
        seat = match.to_act
        moment = self.clock() if at is None else at
        return seat if room.controlled_by_bot(seat, moment + 0.01) else None

    def _fallback(self, room: Room, seat: int) -> Bot:
        if seat not in room.fallbacks:
            room.fallbacks[seat] = make_table_bot(FALLBACK, seed=secrets.randbits(32))
        return room.fallbacks[seat]

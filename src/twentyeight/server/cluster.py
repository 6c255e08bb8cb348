"""This server process as one of several serving the same database (``--redis URL``).

The database is the only source of truth; each process keeps every room in memory as a
cache, and this module keeps those caches fresh and shares who is connected where:

* after each commit the hub calls :meth:`ClusterSync.changed`; every process then applies
  the action the notice carries when it is the room's next one
  (:meth:`~twentyeight.server.catchup.DatabaseSync.follow`), or else reads the room's new
  rows from the database (:meth:`ClusterSync.refresh`), and tells its own clients;
* a poll of the database every ``poll_seconds`` catches up on any notice that was lost
  (Redis down, a process killed between its commit and its notice) and finds new rooms: a
  room is read again when it is still behind where the database had it one poll earlier
  (a room merely moving on is left to its notices);
* presence: each process announces how many connections each seat has on it (on every
  change, and all of them every ``heartbeat_seconds``); a process not heard from for
  :data:`EXPIRY` heartbeats is taken to be gone, with its connections.  A seat is connected
  while any process has a connection for it, and away (the takeover clock runs) otherwise.

* a claim put to the opponents lives on the process where it was made; the others pause the
  table too, tell their connections, and pass their opponents' answers on (``claim``
  notices, :meth:`~twentyeight.server.claims.Claims.heard`).

Notices (:mod:`~twentyeight.server.fanout`) carry room ids, seat numbers, counts, flags,
action numbers and committed actions (never a token).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import Coroutine, Mapping
from typing import TYPE_CHECKING, Any

from twentyeight.server.catchup import DatabaseSync
from twentyeight.server.fanout import Fanout, Notice
from twentyeight.server.room import Room
from twentyeight.server.store import ActionRow
from twentyeight.server.sync import AUDIENCE

if TYPE_CHECKING:
    from twentyeight.server.hub import Hub

log = logging.getLogger("twentyeight.server")

EXPIRY = 3.5
"""Heartbeats after which a silent process counts as gone."""

SeatKey = tuple[str, int]


class ClusterSync(DatabaseSync):
    """Keeps one process's rooms in step with the database and with the other processes
    (the :class:`~twentyeight.server.sync.Sync` of a process started with ``--redis``)."""

    def __init__(self, hub: Hub, redis_url: str, heartbeat_seconds: float = 2.0,
                 poll_seconds: float = 2.0) -> None:
        super().__init__(hub)
        self.id = secrets.token_hex(8)
        """This process's id in notices (random, new at each start)."""
        self.fanout = Fanout(redis_url)
        self.heartbeat_seconds = heartbeat_seconds
        self.poll_seconds = poll_seconds
        self.polled: dict[str, int] = {}
        """``{room: seq}`` as the database had them at the last poll."""
        self.seen: dict[str, float] = {}
        """Other processes, and when (``loop.time()``) each was last heard from."""
        self.present: dict[str, dict[SeatKey, int]] = {}
        """Other processes' connections: ``{process: {(room, seat): count}}``."""
        self.dirty: set[str] = set()
        self.syncing: dict[str, asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.wake = asyncio.Event()

    # ---- life ----------------------------------------------------------------------------
    async def open(self) -> None:
        """Start listening, the heartbeat and the poll."""
        await self.fanout.open(self._receive, self._connected)
        self._spawn(self._heartbeats())
        self._spawn(self._polls())

    async def close(self) -> None:
        """Say goodbye (the others drop this process's connections at once) and stop."""
        for task in [*self.tasks, *self.syncing.values()]:
            task.cancel()
        for task in [*self.tasks, *self.syncing.values()]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        await self.fanout.close({"t": "bye", "p": self.id})

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # ---- what the hub tells the others -----------------------------------------------------
    def changed(self, room: Room, action: ActionRow | None = None) -> None:
        """A change of ``room`` is committed (an action, a seat, the start, a new room); an
        action's notice carries it and the room's status after it (:meth:`follow`)."""
        notice: Notice = {"t": "room", "p": self.id, "room": room.id, "seq": room.seq}
        if action is not None:
            notice["a"] = [action.seat, action.action, action.source, room.status]
        self.fanout.publish(notice)

    def talked(self, room: Room) -> None:
        """A line of ``room``'s table talk, or a rematch vote, is stored: the others read it
        from the database."""
        self.fanout.publish({"t": "talk", "p": self.id, "room": room.id})

    def claimed(self, room: Room, notice: dict[str, Any]) -> None:
        """A claim's news: the others tell their connections (:meth:`Claims.heard`)."""
        self.fanout.publish({**notice, "t": "claim", "p": self.id, "room": room.id})

    def connections(self, room: Room, seat: int) -> None:
        """This process's number of connections for ``seat`` of ``room`` changed."""
        self.fanout.publish({"t": "seat", "p": self.id, "room": room.id, "seat": seat,
                             "n": _here(room, seat)})

    def elsewhere(self, room_id: str, seat: int) -> int:
        """Connections for ``seat`` of ``room_id`` on the other processes."""
        key = (room_id, seat)
        return sum(seats.get(key, 0) for seats in self.present.values())

    def deferral(self, room: Room) -> float:
        """While the process that committed ``room``'s last action is heard from, as long as
        it takes to know it is gone (:data:`EXPIRY` heartbeats): that process acts next, and
        one that is only slow (a loaded machine, a long commit) is not raced — when both
        acted, the loser replayed the hand and read the room back, more work on an already
        late machine.  Otherwise (gone, or the action was read from the database)
        :data:`~.catchup.DEFER`."""
        writer = room.acted_by                         # (None whenever this process acted)
        if writer is not None and writer in self.seen:
            return EXPIRY * self.heartbeat_seconds
        return super().deferral(room)

    # ---- what the others tell this one -----------------------------------------------------
    def _receive(self, notice: Notice) -> None:
        sender = notice["p"]
        if sender == self.id:
            return
        kind = notice["t"]
        now = asyncio.get_running_loop().time()
        if kind != "bye":
            self.seen[sender] = now
        if kind == "room" and isinstance(notice.get("room"), str):
            told = _told_action(notice)
            room = self.hub.rooms.get(notice["room"])
            if told is not None and room is not None:     # (in order: the lock is fair)
                self._spawn(self.follow(room, *told, writer=sender))
            else:
                self.touch(notice["room"])
        elif kind == "talk" and isinstance(notice.get("room"), str):
            room = self.hub.rooms.get(notice["room"])
            if room is not None:
                self._spawn(self.hub.table.chat.heard(room))
                self._spawn(self.hub.table.rematches.heard(room))
        elif kind == "claim" and isinstance(notice.get("room"), str):
            room = self.hub.rooms.get(notice["room"])
            if room is not None:
                self._spawn(self.hub.table.claims.heard(room, notice))
        elif kind == "seat":
            room, seat, n = notice.get("room"), notice.get("seat"), notice.get("n")
            if isinstance(room, str) and _seat(seat) and _count(n):
                assert isinstance(seat, int) and isinstance(n, int)
                self._update(sender, {**self.present.get(sender, {}), (room, seat): n})
        elif kind == "alive" and isinstance(notice.get("seats"), list):
            snapshot: dict[SeatKey, int] = {}
            for entry in notice["seats"]:
                if isinstance(entry, list) and len(entry) == 3 and isinstance(entry[0], str) \
                        and _seat(entry[1]) and _count(entry[2]):
                    snapshot[(entry[0], entry[1])] = entry[2]
            self._update(sender, snapshot)
        elif kind == "who":
            self._announce()
        elif kind == "bye":
            self._forget(sender)

    def _update(self, sender: str, seats: dict[SeatKey, int]) -> None:
        old = self.present.get(sender, {})
        new = {k: n for k, n in seats.items() if n > 0}
        self.present[sender] = new
        for key in {k for k in old.keys() | new.keys() if old.get(k, 0) != new.get(k, 0)}:
            self._spawn(self.hub.lobby.presence_changed(*key))

    def _forget(self, sender: str) -> None:
        self.seen.pop(sender, None)
        self._update(sender, {})
        self.present.pop(sender, None)
        for room in self.hub.rooms.values():          # its moves are this process's to make
            if room.acted_by == sender:
                room.changed.set()

    def _connected(self) -> None:
        """Subscribed (again): ask for everyone's presence, and catch up at once."""
        self.fanout.publish({"t": "who", "p": self.id})
        self.wake.set()

    def touch(self, room_id: str) -> None:
        """Bring ``room_id`` up to the database soon (once, however often it is touched)."""
        if len(room_id) > 32:
            return
        self.dirty.add(room_id)
        if room_id not in self.syncing:
            self.syncing[room_id] = asyncio.create_task(self._sync(room_id))

    async def _sync(self, room_id: str) -> None:
        try:
            while room_id in self.dirty:
                self.dirty.discard(room_id)
                try:
                    await self.refresh(room_id)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("room %s: could not catch up with the database", room_id)
        finally:
            self.syncing.pop(room_id, None)

    # ---- heartbeat and poll ----------------------------------------------------------------
    def _announce(self) -> None:
        seats = [[room.id, k, _here(room, k)] for room in self.hub.rooms.values()
                 for k in (AUDIENCE, *range(len(room.seats))) if _here(room, k) > 0]
        self.fanout.publish({"t": "alive", "p": self.id, "seats": seats})

    async def _heartbeats(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            self._announce()
            await asyncio.sleep(self.heartbeat_seconds)
            limit = loop.time() - EXPIRY * self.heartbeat_seconds
            for sender in [p for p, at in self.seen.items() if at < limit]:
                log.warning("process %s is silent: its connections count as gone", sender)
                self._forget(sender)

    async def _polls(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), timeout=self.poll_seconds)
            self.wake.clear()
            try:
                active = await self.hub.db.active()
            except Exception as e:
                log.warning("poll: the database did not answer (%s)", e)
                continue
            earlier, self.polled = self.polled, active
            for room_id in behind(active, earlier, self.hub.rooms):
                self.touch(room_id)
            for room in list(self.hub.rooms.values()):
                if room.status in ("waiting", "playing") and room.id not in active:
                    self.touch(room.id)         # it finished, or closed, elsewhere


def behind(active: dict[str, int], earlier: dict[str, int],
           rooms: Mapping[str, Room]) -> list[str]:
    """The rooms a poll must read again: ``active`` is ``{room: seq}`` in the database now,
    ``earlier`` the same one poll before.  A room this process does not hold, or one still
    behind where the database had it a poll ago (its notices were lost), or one ahead of
    the database (rolled back); not a room that only moved on since (its notice is coming)."""
    out = []
    for room_id, seq in active.items():
        room = rooms.get(room_id)
        if room is None or room.seq < min(seq, earlier.get(room_id, seq)) or room.seq > seq:
            out.append(room_id)
    return out


def _told_action(notice: Notice) -> tuple[ActionRow, str] | None:
    """The action a ``room`` notice carries and the room's status after it, if it carries one
    in the expected shape (else ``None``: the room is read from the database)."""
    seq, told = notice.get("seq"), notice.get("a")
    if not (isinstance(seq, int) and isinstance(told, list) and len(told) == 4):
        return None
    seat, action, source, status = told
    if not (_count(seat) and isinstance(action, str) and len(action) <= 64
            and isinstance(source, str) and isinstance(status, str)):
        return None
    return ActionRow(seq, seat, action, source), status


def _here(room: Room, seat: int) -> int:
    """This process's connections for ``seat`` of ``room`` (:data:`AUDIENCE`: to the room)."""
    return room.audience if seat == AUDIENCE else room.seats[seat].connections


def _seat(value: object) -> bool:
    return value == AUDIENCE or _count(value)


def _count(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1 << 20

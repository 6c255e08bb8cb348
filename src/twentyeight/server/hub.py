"""The hub: one server process's rooms, and the parts that serve them.

* :class:`~twentyeight.server.authority.Authority` judges, commits and tells every action;
* :class:`~twentyeight.server.lobby.Lobby` makes rooms, seats people and starts matches;
* :class:`~twentyeight.server.driver.ComputerPlayers` act for bot seats and absent people;
* :class:`~twentyeight.server.audience.Audience` holds each room's connections on this
  process and tells them what they may know; :mod:`~twentyeight.server.transport` reads
  their frames;
* a :class:`~twentyeight.server.sync.Sync` keeps the rooms in step with the other processes
  (:class:`~twentyeight.server.sync.LocalSync` alone, ``ClusterSync`` with ``--redis``);
* a :class:`~twentyeight.server.database.Database` over the
  :class:`~twentyeight.server.store.Storage` keeps everything.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import time
from collections.abc import Callable

from twentyeight.server.audience import Audience
from twentyeight.server.authority import Authority
from twentyeight.server.database import Database
from twentyeight.server.driver import ComputerPlayers
from twentyeight.server.lobby import Lobby
from twentyeight.server.room import Room, restore
from twentyeight.server.settings import Settings
from twentyeight.server.store import Storage, open_store
from twentyeight.server.sync import LocalSync, Sync
from twentyeight.server.table import Table
from twentyeight.server.thinkers import Thinkers

log = logging.getLogger("twentyeight.server")


class Hub:
    """Every room of this server process."""

    def __init__(self, settings: Settings, storage: Storage | None = None,
                 sync: Callable[[Hub], Sync] | None = None) -> None:
        """``storage``: instead of the database of ``settings.db_url``; ``sync``: makes the
        :class:`Sync` instead of the one ``settings`` say (alone, or ``--redis``)."""
        self.settings = settings
        for module in settings.bot_modules:          # they register their bots
            importlib.import_module(module)
        self.db = Database(storage if storage is not None else open_store(settings.db_url))
        self.rooms: dict[str, Room] = {}
        self.audience = Audience(self.now)
        self.sync: Sync = LocalSync()
        if sync is not None:
            self.sync = sync(self)
        elif settings.redis_url:
            try:
                from twentyeight.server.cluster import ClusterSync
            except ImportError as e:
                raise RuntimeError(f"--redis needs {e.name or 'redis'}: pip install "
                                   "'twentyeight[redis]'") from None
            self.sync = ClusterSync(self, settings.redis_url, settings.heartbeat_seconds,
                                    settings.poll_seconds)
        self.authority = Authority(self.db, self.audience, self.sync, self.now,
                                   settings.limits.hands)
        limits = settings.limits
        self.thinkers = Thinkers(limits.bot_workers, limits.bot_queue, limits.bot_seconds,
                                 settings.bot_modules)
        self.players = ComputerPlayers(self.authority, self.thinkers, self.now,
                                       self.sync.deferral)
        self.lobby = Lobby(settings, self.rooms, self.db, self.audience, self.sync, self.now,
                           self.players.start, self._stopped)
        self.authority.handed_over = self.lobby.promote
        self.authority.closed = self._closed_by_limit
        self._closing: set[asyncio.Task[None]] = set()
        self.table = Table(self)
        self.lobby.greet = self.table.greet
        self.connections: dict[str, int] = {}
        """WebSocket connections open to this process, per client."""
        self.room_connections: dict[str, int] = {}
        self.room_client_connections: dict[str, int] = {}   # "client room": how many
        """WebSocket connections admitted to each room on this process, counted from the
        moment they pass the limits (before they join the room's audience, which waits for
        the room's lock), so that a burst of connections cannot all pass the check at once."""
        self.sweeper: asyncio.Task[None] | None = None

    def _closed_by_limit(self, room: Room, note: str) -> None:
        """A match stopped at the hand limit: its room is closed as the idle sweep closes one
        (its connections told 4410 and closed), once the action's lock is let go."""
        task = asyncio.get_running_loop().create_task(self.lobby.close(room, note))
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    def _stopped(self, room: Room) -> None:
        """``room`` is closed here: its computer players stop, its table forgets it."""
        self.players.stop_room(room)
        self.table.forget(room.id)

    def now(self) -> float:
        """The clock of away times (the event loop's)."""
        return asyncio.get_running_loop().time()

    def wall(self) -> float:
        """The clock that every process of the server shares (the time of day): for what the
        database counts across processes, as the wrong passwords of a name."""
        return time.time()

    async def open(self) -> None:
        """Restore every stored room (replaying its record) and restart its computer players."""
        await self.thinkers.open()
        rows = await self.db.load_rooms()
        now = self.now()
        for row in rows:
            try:
                room = restore(row, now, self.sync.elsewhere)
            except Exception:
                log.exception("room %s could not be restored; left out", row.id)
                continue
            self.rooms[room.id] = room
            self.players.start(room)
        log.info("restored %d rooms", len(self.rooms))
        await self.sync.open()
        self.sweeper = asyncio.create_task(self._sweep())

    async def _sweep(self) -> None:
        """Every so often: note the visits, close the rooms nobody visits any more."""
        every = min(60.0, max(0.5, self.settings.limits.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            try:
                closed = await self.lobby.sweep()
            except Exception as e:               # the database did not answer: next time
                log.warning("closing idle rooms: %s", e)
                continue
            if closed:
                log.info("closed %d rooms nobody visited", len(closed))

    async def close(self) -> None:
        """Stop the computer players and release the database."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        await self.sync.close()
        await self.players.stop()
        await self.thinkers.close()
        self.lobby.shut()
        self.db.close()

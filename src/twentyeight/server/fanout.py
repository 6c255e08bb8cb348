"""Fan-out between server processes: one Redis pub/sub channel (redis-py's asyncio client).

A process publishes a short JSON notice after each change it has committed to the database;
every process (itself included) receives every notice.  Notices carry a room id, seat
numbers, connection counts, action numbers, the sender's random process id and, for an
action, the action as committed (what the database's action log holds, so Redis must be as
private as the database; never a token) — a process applies an action it hears of when it is
the room's next one, and reads anything else from the database.  Redis is a doorbell, not a
store: a notice lost while Redis is down is made up for by the periodic database poll
(:mod:`~twentyeight.server.cluster`).  Notices queued together leave in one round trip.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

from redis.asyncio import Redis

log = logging.getLogger("twentyeight.server")

CHANNEL = "twentyeight:rooms"
"""The one channel every process of a deployment publishes to and listens on."""

MAX_OUTBOX = 10_000
"""Notices waiting for Redis beyond this many are dropped (the poll makes up for them)."""

MAX_ROUND_TRIP = 500
"""At most this many notices go to Redis in one round trip (in order)."""

Notice = dict[str, Any]


def read_notice(data: object) -> Notice | None:
    """A received notice, or ``None`` if ``data`` is not one (it is then ignored)."""
    if isinstance(data, bytes):
        try:
            data = data.decode()
        except UnicodeDecodeError:
            return None
    if not isinstance(data, str) or len(data) > 1_000_000:
        return None
    try:
        doc = json.loads(data)
    except (json.JSONDecodeError, RecursionError):
        return None
    if not isinstance(doc, dict) or not isinstance(doc.get("t"), str) \
            or not isinstance(doc.get("p"), str):
        return None
    return doc


class Fanout:
    """Publish notices to, and receive them from, the deployment's Redis channel.

    Publishing never blocks: notices queue for one writer task, so they leave in order.  The
    listener reconnects by itself (0.2 s, 0.4 s, … up to 5 s apart) and calls ``on_connect``
    each time it is subscribed again, so the caller can catch up on what it missed.
    """

    def __init__(self, url: str, channel: str = CHANNEL) -> None:
        self.redis: Redis = Redis.from_url(url)      # a bad URL is a ValueError here
        self.channel = channel
        self.outbox: asyncio.Queue[str] = asyncio.Queue()
        self.tasks: list[asyncio.Task[None]] = []
        self.sending = 0
        """Notices taken from the outbox and not yet accepted by Redis."""

    async def open(self, on_notice: Callable[[Notice], None],
                   on_connect: Callable[[], None]) -> None:
        """Start listening (``on_notice`` for each notice) and publishing."""
        self.tasks = [asyncio.create_task(self._listen(on_notice, on_connect)),
                      asyncio.create_task(self._publish())]

    def publish(self, notice: Notice) -> None:
        """Queue ``notice`` for every process (this one included)."""
        if self.outbox.qsize() < MAX_OUTBOX:
            self.outbox.put_nowait(json.dumps(notice, separators=(",", ":")))

    async def close(self, last: Notice | None = None) -> None:
        """Send what is queued (and ``last``) for up to a second, then stop."""
        if last is not None:
            self.publish(last)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._flushed(), timeout=1.0)
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self.redis.aclose()

    async def _flushed(self) -> None:
        while not self.outbox.empty() or self.sending:
            await asyncio.sleep(0.01)

    async def _publish(self) -> None:
        while True:
            texts = [await self.outbox.get()]
            while not self.outbox.empty() and len(texts) < MAX_ROUND_TRIP:
                texts.append(self.outbox.get_nowait())
            self.sending = len(texts)
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for text in texts:
                        pipe.publish(self.channel, text)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("fan-out: could not publish to Redis (%s); the poll will catch up",
                            e)
                await asyncio.sleep(0.5)
            finally:
                self.sending = 0

    async def _listen(self, on_notice: Callable[[Notice], None],
                      on_connect: Callable[[], None]) -> None:
        delay = 0.2
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                delay = 0.2
                on_connect()
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    notice = read_notice(message.get("data"))
                    if notice is None:
                        continue
                    try:
                        on_notice(notice)
                    except Exception:
                        log.exception("fan-out: a notice could not be handled: %r", notice)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("fan-out: Redis connection lost (%s); retrying in %.1f s", e, delay)
                await asyncio.sleep(delay)
                delay = min(5.0, delay * 2)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()  # type: ignore[no-untyped-call]

"""Table talk: a seated person's lines of text and quick phrases, told to everyone at the
table (spectators included), kept by the room (the latest ``chat_lines``) so that a reload,
a newcomer and a restarted server see them.

* A line is text (at most ``chat_chars`` characters of text: no control characters, no
  bidirectional overrides) or a quick phrase, sent as its key (:data:`PHRASES`) so that each
  reader's table says it in the reader's own language.
* Only a seat may talk (the connection has said ``hello`` with the seat's token), or a
  newcomer waiting for the computer's seat they claimed (under their name); spectators
  read.  A seat may say ``chat_per_minute`` lines a minute (a burst of
  ``chat_burst``); beyond, the line is refused (``rate_limited``) and nobody hears it.
* A line carries what the server adds to it — its number ``n``, the seat and the seat's
  public name — and nothing else: never a token, never a card the server knows.  Muting a
  person is the reader's own choice, made in the browser.
"""

from __future__ import annotations

import asyncio
import unicodedata
from collections import deque
from collections.abc import Callable
from typing import Any

from twentyeight.server.audience import Audience, Listener
from twentyeight.server.limits import Bucket, Limits
from twentyeight.server.protocol import (
    MALFORMED,
    RATE_LIMITED,
    UNAUTHORISED,
    ClientMessage,
    ProtocolError,
    dumps,
)
from twentyeight.server.room import Room
from twentyeight.server.shown_text import unshowable, visible
from twentyeight.server.talk_store import Line, TalkStore

PHRASES = ("hello", "good_luck", "well_played", "thanks", "sorry", "oops", "hurry", "bye")
"""The quick phrases (keys of the catalogs' ``phrase.*`` words)."""

def clean_text(text: str, limit: int) -> str:
    """A line of talk as kept: trimmed, in Unicode's composed form; :class:`ProtocolError`
    (``malformed``) for an empty or too long line, or one with control characters."""
    line = unicodedata.normalize("NFC", text).strip()
    if not visible(line):                     # (zero-width characters alone: a blank line)
        raise ProtocolError(MALFORMED, "a line of table talk needs some text")
    if len(line) > limit:
        raise ProtocolError(MALFORMED, f"a line of table talk is at most {limit} characters")
    if unshowable(line):
        raise ProtocolError(MALFORMED, "a line of table talk may not hold control or invisible "
                            "formatting characters, nor a pile of marks on one letter")
    return line


def parse_chat(doc: dict[str, Any], ref: str | int | None) -> dict[str, Any]:
    """The body of a ``chat`` message: ``{"text": …}`` or ``{"phrase": KEY}``."""
    text, phrase = doc.get("text"), doc.get("phrase")
    if (text is None) == (phrase is None):
        raise ProtocolError(MALFORMED, "a chat message has \"text\" or a \"phrase\" "
                            f"({', '.join(PHRASES)})", ref)
    if phrase is not None:
        if phrase not in PHRASES:
            raise ProtocolError(MALFORMED, f"unknown phrase (one of {', '.join(PHRASES)})", ref)
        return {"phrase": phrase}
    if not isinstance(text, str) or len(text) > 4096:
        raise ProtocolError(MALFORMED, "\"text\" must be text", ref)
    return {"text": text}


class Chat:
    """The talk of every room of this process (the latest lines cached, the rest stored)."""

    def __init__(self, store: TalkStore, limits: Limits, audience: Audience,
                 clock: Callable[[], float], told_elsewhere: Callable[[Room], None]) -> None:
        self.store = store
        self.limits = limits
        self.audience = audience
        self.clock = clock
        self.told_elsewhere = told_elsewhere
        """Called after a line is stored, for the other server processes."""
        self.kept: dict[str, deque[Line]] = {}
        self.buckets: dict[tuple[str, int], Bucket] = {}

    async def lines(self, room: Room) -> list[Line]:
        """The room's kept lines, oldest first (read from the store once)."""
        kept = self.kept.get(room.id)
        if kept is None:
            stored = await asyncio.to_thread(self.store.lines, room.id)
            kept = self.kept.setdefault(room.id, deque(stored, maxlen=self.limits.chat_lines))
        return list(kept)

    async def greet(self, room: Room, conn: Listener) -> None:
        """A new connection gets the talk so far."""
        conn.send({"type": "chat_log", "lines": await self.lines(room)})

    async def say(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """A ``chat`` message: kept and told to everyone, or refused (nothing changes)."""
        body = msg.body or {}
        seat, name = conn.seat, None
        if seat is not None:
            name = room.seats[seat].name
        elif conn.claim is not None and room.seats[conn.claim].claimed:
            # a newcomer waiting for the computer's seat they claimed talks under their own
            # name (they sat down; the seat is theirs from the next hand)
            seat, name = conn.claim, room.seats[conn.claim].claim_name
        else:
            raise ProtocolError(UNAUTHORISED, "spectators may read the table talk; taking a "
                                "seat lets you talk", msg.ref)
        line: Line = {"seat": seat, "name": name}
        if "phrase" in body:
            line["phrase"] = body["phrase"]
        else:
            line["text"] = clean_text(str(body.get("text", "")), self.limits.chat_chars)
        now = self.clock()
        bucket = self.buckets.get((room.id, seat))
        if bucket is None:
            bucket = self.buckets[(room.id, seat)] = Bucket(
                self.limits.chat_per_minute / 60, self.limits.chat_burst, now)
        if not bucket.take(now):
            bucket.level = max(bucket.level, -1.0)         # refused lines dig no deeper
            raise ProtocolError(RATE_LIMITED, f"at most {self.limits.chat_per_minute} lines "
                                "of table talk a minute: this one was not said", msg.ref)
        async with room.lock:
            await self.lines(room)
            await asyncio.to_thread(self.store.add, room.id, line, self.limits.chat_lines)
            await self._catch_up(room)
        self.told_elsewhere(room)

    async def heard(self, room: Room) -> None:
        """Another process stored lines of ``room``: tell this process's clients."""
        if room.id in self.kept:                     # else nobody here has read them yet
            async with room.lock:
                await self._catch_up(room)

    async def _catch_up(self, room: Room) -> None:
        """Read and tell the lines stored after the last one this process knows."""
        kept = self.kept[room.id]
        new = await asyncio.to_thread(self.store.lines, room.id, kept[-1]["n"] if kept else 0)
        kept.extend(new)
        self._tell(room, new)

    def _tell(self, room: Room, lines: list[Line]) -> None:
        for line in lines:
            text = dumps({"type": "chat", **line})
            for listener in self.audience.of(room.id):
                listener.send(text)

    def forget(self, room_id: str) -> None:
        """``room_id`` is gone from this process."""
        self.kept.pop(room_id, None)
        for key in [k for k in self.buckets if k[0] == room_id]:
            del self.buckets[key]

"""A room in memory: its seats, its match, who controls each seat, and its public summary.

A seat is ``open`` (nobody yet), ``human`` (taken with a secret token) or ``bot`` (filled by a
computer player when the host started, or never taken).  A human seat whose player has no
connection is *away*; once it has been away for the room's ``takeover_seconds`` a computer
player of the room's kind acts for it, until the player is back.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from twentyeight.bots import Bot
from twentyeight.match import Match
from twentyeight.rules import Rules
from twentyeight.server.store import CLOSED, FINISHED, PLAYING, WAITING, assemble

__all__ = ["BOT", "CLOSED", "FINISHED", "HUMAN", "OPEN", "PLAYING", "WAITING", "Room", "Seat",
           "new_token", "restore", "token_hash", "token_matches"]

if TYPE_CHECKING:
    from twentyeight.server.store import RoomRow

OPEN, HUMAN, BOT = "open", "human", "bot"


def new_token() -> str:
    """A fresh secret token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the database keeps of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode()).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``digest`` (constant time)."""
    return digest is not None and hmac.compare_digest(token_hash(token), digest)


@dataclass
class Seat:
    """One chair at the table."""

    kind: str = OPEN
    name: str | None = None
    token_hash: str | None = None
    connections: int = 0
    """Open WebSocket connections identified with this seat's token, on this process."""
    elsewhere: int = 0
    """The same on the other server processes (several processes share rooms over Redis)."""
    away_since: float = 0.0
    """``loop.time()`` when the last connection closed (or the server started)."""
    taken_over: bool = False
    """Whether a computer player has acted for this (human, away) seat since it left."""

    @property
    def connected(self) -> bool:
        """Whether the seat's player has an open connection (on any server process)."""
        return self.connections + self.elsewhere > 0


@dataclass
class Room:
    """A table: seats, rules, and once started the match being played."""

    id: str
    rules: Rules
    bot_kind: str
    host_token_hash: str
    takeover_seconds: float
    bot_delay: float
    seats: list[Seat]
    status: str = WAITING
    match: Match | None = None
    seq: int = 0
    """Accepted actions so far; the ``seq`` of the last event."""
    start: dict[str, Any] | None = None
    """The start record: the match as dealt, before any action (``None`` before the start)."""
    log: list[str] = field(default_factory=list)
    """Every committed action, in order (the match is :func:`assemble` of the two)."""
    committed: dict[str, Any] = field(default_factory=lambda: {
        "hands_played": 0, "scores": None, "over": False, "winners": []})
    """The match's standing as of the last commit (what the room summary shows)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    fallbacks: dict[int, Bot] = field(default_factory=dict)
    """The ``rules`` bots that decide where the room's own computer player fails."""
    bot_failures: int = 0
    """How often the room's computer player has failed (raised, or answered wrongly)."""
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    """Set whenever something the bot driver cares about changes."""

    def seat_of(self, token: object) -> int | None:
        """The seat whose secret token is ``token``, or ``None``."""
        if not isinstance(token, str) or not token:
            return None
        for k, seat in enumerate(self.seats):
            if seat.kind == HUMAN and token_matches(token, seat.token_hash):
                return k
        return None

    def is_host(self, token: object) -> bool:
        """Whether ``token`` is the host's token."""
        return isinstance(token, str) and token_matches(token, self.host_token_hash)

    def takeover_at(self, seat: int) -> float | None:
        """When (``loop.time()``) a bot may act for ``seat``: ``None`` while a human is there."""
        s = self.seats[seat]
        if s.kind == BOT:
            return 0.0
        if s.kind == HUMAN and not s.connected:
            return s.away_since + self.takeover_seconds
        return None

    def controlled_by_bot(self, seat: int, now: float) -> bool:
        """Whether a computer player acts for ``seat`` at time ``now``."""
        at = self.takeover_at(seat)
        return at is not None and now >= at

    def commit(self) -> None:
        """Note the match's standing once its latest action is in the database."""
        match = self.match
        if match is not None:
            self.committed = {"hands_played": len(match.games), "scores": list(match.scores),
                              "over": match.over, "winners": list(match.winners)}

    def info(self, now: float) -> dict[str, Any]:
        """The public summary of the room (no tokens, no seed, no cards)."""
        return {
            "room": self.id,
            "status": self.status,
            "rules": self.rules.to_spec(),
            "num_players": self.rules.num_players,
            "bots": self.bot_kind,
            "takeover_seconds": self.takeover_seconds,
            "bot_delay": self.bot_delay,
            "seq": self.seq,
            "seats": [{"seat": k, "kind": s.kind, "name": s.name,
                       "connected": s.connected if s.kind == HUMAN else None,
                       "played_by": ("bot" if self.controlled_by_bot(k, now) else "human")
                       if s.kind != OPEN else None}
                      for k, s in enumerate(self.seats)],
            **self.committed,
            "path": f"/r/{self.id}",
        }


def restore(row: RoomRow, now: float, elsewhere: Callable[[str, int], int]) -> Room:
    """The room of a stored row, its match replayed from the start record and the action log;
    every person counts as away from ``now``."""
    seats = [Seat(kind=s.kind, name=s.name, token_hash=s.token_hash, away_since=now,
                  elsewhere=elsewhere(row.id, k))
             for k, s in enumerate(row.seats)]
    room = Room(id=row.id, rules=Rules.from_spec(row.rules), bot_kind=row.bots,
                host_token_hash=row.host_token_hash, takeover_seconds=row.takeover_seconds,
                bot_delay=row.bot_delay, seats=seats, status=row.status, seq=row.seq,
                start=row.record, log=list(row.actions))
    if row.record is not None:
        if len(row.actions) != row.seq:
            raise RuntimeError(f"room {row.id}: {row.seq} actions stored, {len(row.actions)} "
                               "in the log")
        room.match = assemble(row.record, row.actions)
        room.commit()
    return room

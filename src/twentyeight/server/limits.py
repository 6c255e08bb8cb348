"""Every bound the server keeps, in one value (:class:`Limits`), and the counters that keep
them: a token bucket (:class:`Bucket`) and per-client tallies (:class:`PerClient`, also
kept per account for wrong passwords).

Nothing a stranger can send is unbounded: request heads and bodies, message sizes and rates,
integers, rooms (in all and per client), connections (per room and per client), ``hello``
messages, how long a room may sit unvisited, the pace of computer players, the length of a
match, and the computer players' own pool.  Each limit is documented in docs/online.md
("Limits") and can be changed with ``twentyeight serve --limit NAME=VALUE``.

A *client* is an address: the peer's IP, or the one a trusted proxy names
(``--forwarded-allow-ips``).  People behind one home router share an address, so the
per-client limits are generous; they are there against floods, not against families.
"""

from __future__ import annotations

import dataclasses
import hashlib
import ipaddress
import math
from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Limits:
    """The server's bounds (see the module's docstring); every field is a ``--limit`` name."""

    body_bytes: int = 16_384
    """An HTTP request body larger than this is refused (413) without being read further."""
    head_seconds: float = 20.0
    """A connection whose request line and headers have not all arrived this long after it
    opened (or after the request's first byte) is closed; a request body that has not all
    come this long after its headers is refused (408)."""
    head_bytes: int = 65_536
    """A request whose line and headers are longer than this is refused (431) and its
    connection closed, without reading further: the HTTP parser keeps a head whole in memory,
    and joins its pieces at a cost that grows with the square of its length."""
    message_bytes: int = 4_096
    """A WebSocket message larger than this closes the connection (1009)."""
    int_digits: int = 15
    """Integers in JSON (HTTP bodies and messages) have at most this many digits."""
    messages_per_second: float = 10.0
    """Messages one connection may send per second, on average …"""
    message_burst: int = 40
    """… and at once; past that each is refused (``rate_limited``), and a connection that
    keeps on regardless is closed (1008)."""
    hellos_per_minute: int = 20
    """``hello`` messages one connection may send per minute (each re-sends the state)."""
    rooms: int = 5_000
    """Rooms open (not closed) in all; beyond, making one is refused (503)."""
    rooms_per_client: int = 20
    """Rooms open (not closed) made by one client; beyond, making one is refused (429)."""
    requests_per_minute: int = 120
    """HTTP requests that change something (``POST``) per client per minute (429 beyond)."""
    connections_per_room: int = 64
    """WebSocket connections to one room on one process (close code 4429 beyond)."""
    connections_per_client: int = 64
    """WebSocket connections from one client to one process (close code 4429 beyond)."""
    room_connections_per_client: int = 8
    """WebSocket connections from one client to one room on one process: beyond, only a
    seat's own (as in a full room), so that one address cannot fill a room's
    ``connections_per_room`` and keep every other watcher out."""
    outbox_bytes: int = 1_000_000
    """A client this far behind in reading is cut off (close code 1008); it may reconnect."""
    idle_seconds: float = 1_800.0
    """A room nobody has connected to or asked about for this long is closed and archived
    (its record stays downloadable)."""
    min_bot_delay: float = 0.1
    """The shortest pause a room may give its computer players …"""
    max_bot_delay: float = 30.0
    """… and the longest."""
    max_takeover_seconds: float = 86_400.0
    """The longest a room may let an absent player's seat wait before a computer plays."""
    min_turn_seconds: float = 5.0
    """The shortest turn clock a room may set …"""
    max_turn_seconds: float = 3_600.0
    """… and the longest."""
    hands: int = 300
    """Hands in one match; a match that reaches it is stopped and the room closed."""
    bot_workers: int = 1
    """Processes the searching computer players think in (at a lower priority than the
    tables)."""
    bot_queue: int = 1_000
    """Decisions that may wait for those processes; more wait in their rooms, unasked."""
    bot_seconds: float = 10.0
    """A decision that takes longer is made by the ``rules`` bot instead."""
    signups_per_hour: int = 10
    """Players one client may sign up in an hour (429 beyond)."""
    signins_per_minute: int = 10
    """Sign-in attempts (right or wrong) one client may make per minute (429 beyond)."""
    wrong_passwords_per_hour: int = 10
    """Wrong passwords one account may be given per hour, from any address: a bucket of this
    many that refills at this many an hour (one every six minutes by default).  Once it is
    empty every sign-in to that name, the right password too, is refused (429
    ``too_many_wrong_passwords``, ``Retry-After``) without checking the password, until a
    wrong password's worth has refilled; a right password spends nothing.  Counted per name,
    whether or not a player has it (the answer never tells), so that a crowd of addresses
    (``signins_per_minute`` is per address) cannot guess one player's password without end.
    A stranger can keep a known name refused this way: only signing in, never a browser
    already signed in (its session lasts 30 days), and for at most six minutes after the
    stranger stops (refused attempts spend nothing).  Counted in the database, so every
    process of a server spends one bucket."""
    passwords_hashing: int = 2
    """Passwords hashed (argon2, 64 MiB each) at once; more sign-ins wait their turn …"""
    passwords_waiting: int = 16
    """… this many at most; beyond, a sign-up or sign-in is refused at once (503 ``busy``)."""
    public_seats_per_client: int = 1
    """Seats one client may hold or claim at one public or rated table (under different
    tokens: other browsers, other accounts); beyond, taking one is refused (409
    ``address_seated``).  A private table seats whom its link invites."""
    public_rooms_listed: int = 100
    """At most this many public rooms in one ``GET /api/rooms`` answer (the newest)."""
    public_away_seconds: int = 60
    """A public table under way that nobody is connected to, whose people have all been away
    this long, is left out of the listing and of quick play: its people closed their pages
    (it closes after ``idle_seconds``), and a newcomer would sit down with computers alone."""
    chat_chars: int = 200
    """The longest line of table talk (in characters); a longer one is refused."""
    chat_per_minute: int = 12
    """Lines of table talk one seat may say per minute, on average …"""
    chat_burst: int = 5
    """… and at once; beyond, a line is refused (``rate_limited``) and nobody hears it."""
    chat_lines: int = 100
    """Lines of table talk a room keeps (the latest); a reload or a newcomer gets them."""
    claim_nodes: int = 5_000
    """Positions the server may search to judge a claim of the remaining tricks; a claim
    it cannot judge within this is put to the opponents."""

    @classmethod
    def names(cls) -> list[str]:
        """Every limit's name."""
        return [f.name for f in fields(cls)]

    def with_values(self, assignments: list[str]) -> Limits:
        """These limits with ``NAME=VALUE`` assignments applied; :class:`ValueError` saying
        which one is wrong."""
        types = {f.name: f.type for f in fields(self)}
        changes: dict[str, Any] = {}
        for item in assignments:
            name, eq, raw = item.partition("=")
            name = name.strip().replace("-", "_")
            if not eq or name not in types:
                raise ValueError(f"--limit {item!r}: expected NAME=VALUE with NAME one of "
                                 f"{', '.join(self.names())}")
            try:
                value: float = int(raw) if types[name] in ("int", int) else float(raw)
            except ValueError:
                raise ValueError(f"--limit {name}: {raw!r} is not a number") from None
            if not math.isfinite(value) or value < 0:
                raise ValueError(f"--limit {name}: must be a number of at least 0")
            changes[name] = value
        out = dataclasses.replace(self, **changes)
        if out.min_bot_delay > out.max_bot_delay or out.min_turn_seconds > out.max_turn_seconds:
            raise ValueError("--limit: a minimum is above its maximum")
        return out


class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    __slots__ = ("burst", "level", "rate", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate = rate
        self.burst = burst
        self.level = burst
        self.stamp = now

    def _refill(self, now: float) -> None:
        self.level = self.level_at(now)
        self.stamp = now

    def take(self, now: float, cost: float = 1.0) -> bool:
        """Spend ``cost`` tokens if there are enough; whether there were."""
        self._refill(now)
        if self.level >= cost:
            self.level -= cost
            return True
        self.level -= cost / 4               # keeping on while refused digs the hole deeper
        return False

    def level_at(self, now: float) -> float:
        """The tokens saved up at ``now`` (below 0: still paying for sending while refused);
        changes nothing."""
        return min(self.burst, self.level + (now - self.stamp) * self.rate)

    def wait(self, now: float) -> float:
        """Seconds until a whole token is saved up (0: there is one now); spends nothing."""
        self._refill(now)
        if self.level >= 1:
            return 0.0
        return (1 - self.level) / self.rate if self.rate > 0 else math.inf

    @property
    def exhausted(self) -> bool:
        """Far below empty: the sender kept sending while refused."""
        return self.level < -self.burst


class PerClient:
    """A bucket per client, kept for a while after its last use (bounded in number)."""

    def __init__(self, rate: float, burst: float, capacity: int = 100_000) -> None:
        self.rate = rate
        self.burst = burst
        self.capacity = capacity
        self.buckets: dict[str, Bucket] = {}

    def take(self, client: str, now: float) -> bool:
        """Spend one of ``client``'s tokens; whether it had one."""
        return self._bucket(client, now).take(now)

    def wait(self, client: str, now: float) -> float:
        """Seconds until ``client`` has a token (0: now); spends nothing, so that asking
        while refused does not dig its hole deeper (as :meth:`take` does)."""
        return self._bucket(client, now).wait(now)

    def give_back(self, client: str) -> None:
        """Return the token a :meth:`take` spent (what it was spent on did not count)."""
        bucket = self.buckets.get(client)
        if bucket is not None:
            bucket.level = min(bucket.burst, bucket.level + 1)

    def _bucket(self, client: str, now: float) -> Bucket:
        bucket = self.buckets.get(client)
        if bucket is None:
            if len(self.buckets) >= self.capacity:
                self._prune(now)
            bucket = self.buckets[client] = Bucket(self.rate, self.burst, now)
        return bucket

    def _prune(self, now: float) -> None:
        """Forget the buckets that have filled up again (forgetting them changes nothing);
        if that is not enough, forget down to nine tenths of the capacity, fullest first:
        forgetting a bucket gives its client a full one, so the clients being held back
        (a password guesser's name, an address that floods) are the last forgotten, and a
        stranger cannot free one by sending from many new addresses. Nine tenths, so that
        the next tenth of new clients need no pass over them all."""
        full = self.burst / self.rate if self.rate > 0 else math.inf
        for key in [k for k, b in self.buckets.items() if now - b.stamp > full]:
            del self.buckets[key]
        if len(self.buckets) >= self.capacity:
            fullest = sorted(self.buckets, key=lambda k: self.buckets[k].level_at(now),
                             reverse=True)
            for key in fullest[:len(fullest) - self.capacity * 9 // 10]:
                del self.buckets[key]


def client_key(address: str | None) -> str:
    """What the server keeps of a client's address: a short hash (not the address itself).

    An IPv6 address counts by its network (/64): one home or phone is given a whole /64 and
    may send from any address in it, so counting single addresses would make every per-client
    limit endless."""
    text = address or "?"
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        pass
    else:
        if isinstance(ip, ipaddress.IPv6Address):
            text = str(ip.ipv4_mapped or ipaddress.ip_network(f"{ip}/64", strict=False))
    return short_hash(text)


def short_hash(text: str) -> str:
    """What a tally keeps of a client or a name: 32 hex digits of its SHA-256 (a bounded
    size, and not the address or name itself)."""
    return hashlib.sha256(text.encode("utf-8", "replace")).hexdigest()[:32]


def client_of(connection: Any) -> str:
    """The :func:`client_key` of an HTTP request or a WebSocket (its peer's ``client``)."""
    peer = connection.client
    return client_key(peer.host if peer else None)

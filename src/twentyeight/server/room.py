"""A room in memory: its seats, its match, who controls each seat, and its public summary.

A seat is ``open`` (nobody yet), ``human`` (taken with a secret token) or ``bot`` (filled by a
computer player when the host started, or never taken).  A computer's seat may carry a
*claim*: a newcomer who takes it over at the start of the next hand (or at once, if the host
approves), never seeing the cards of the hand being played.

Who acts for a person's seat (:meth:`Room.takeover_at`): the person, while connected and
within the room's turn clock (``turn_seconds`` from the moment the turn came to them); a
computer player of the room's kind once the clock has run out (and at each of the seat's turns
after that, until the person sends an action or says ``hello`` again), and for a seat whose
person has been away for the room's ``takeover_seconds``, until they are back.  The turn clock
runs only while somebody else waits on the table (another person seated, or a newcomer waiting
for a seat): a person alone with computer players is never hurried — it keeps nobody waiting.
When a hand that was played ends, a person's clock waits :data:`RESULT_READING_SECONDS` more:
the result is on the screen (the next hand's messages wait behind it), and reading it must
not cost the first turn of the next hand.  Computer players do not wait for it.
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
from twentyeight.server.store import (
    CLOSED,
    FINISHED,
    PLAYING,
    WAITING,
    assemble,
    handover_offset,
    seats_held_by,
)

__all__ = ["BOT", "CLOSED", "FINISHED", "HUMAN", "OPEN", "PLAYING", "RESULT_READING_SECONDS",
           "WAITING", "Room", "Seat", "new_token", "restore", "token_hash", "token_matches"]

if TYPE_CHECKING:
    from twentyeight.server.store import RoomRow

OPEN, HUMAN, BOT = "open", "human", "bot"

RESULT_READING_SECONDS = 15.0
"""How long after a hand ends a person's turn clock starts (:attr:`Room.clock_from`)."""


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
    """Whether a computer player has acted for this (human) seat since its person was last
    seen (a ``hello`` or an action): while connected, the computer then goes on playing it."""
    claim_name: str | None = None
    """A newcomer waiting to take over this computer's seat (see :meth:`Room.settle_claims`)."""
    claim_token_hash: str | None = None
    claim_hand: int | None = None
    """The hand during which it was claimed: the newcomer sits from the next one."""
    sat_from: int = 0
    """The first hand of the match its person has played at this seat (0: from the start).
    Before it somebody else held the seat, so it reviews no earlier hand while the match runs:
    that hand's unplayed cards were never shown to it."""
    client: str | None = None
    """Where its person sat from (:func:`~twentyeight.server.limits.client_key`), kept at a
    public or rated table: one client holds at most ``public_seats_per_client`` of its
    seats (:meth:`Room.seats_of_client`)."""
    claim_client: str | None = None
    """Where the claimant claimed it from (the same)."""

    @property
    def connected(self) -> bool:
        """Whether the seat's player has an open connection (on any server process)."""
        return self.connections + self.elsewhere > 0

    @property
    def claimed(self) -> bool:
        """Whether a newcomer waits to take the seat over."""
        return self.claim_token_hash is not None

    def hand_over(self, mid_hand: bool = False) -> None:
        """The claimant takes the seat (its token becomes the seat's): from the hand after the
        one it claimed the seat in or, ``mid_hand`` (the host approved), from that one."""
        assert self.claim_token_hash is not None and self.claim_hand is not None
        self.sat_from = self.claim_hand + handover_offset(mid_hand)
        self.kind, self.name, self.token_hash = HUMAN, self.claim_name, self.claim_token_hash
        self.client = self.claim_client
        self.claim_name = self.claim_token_hash = self.claim_hand = self.claim_client = None
        self.connections, self.taken_over = 0, False


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
    turn_seconds: float = 60.0
    """The turn clock: how long a connected person may think before the computer plays."""
    invite_hash: str | None = None
    """The SHA-256 of the seat invitation (the secret the room's seat link carries)."""
    created_by: str = ""
    """Who made the room (:func:`~twentyeight.server.limits.client_key`)."""
    public: bool = False
    """Listed for everyone; a free seat needs no invitation (docs/online.md, "Public tables")."""
    rated: bool = False
    """People only, each signed in; the match counts for their ratings (no hints)."""
    hints: bool | None = None
    """Whether the table offers hints (the Hint button): ``True``, ``False``, or ``None``
    for the default — where computer players sit (:meth:`offers_hints`), settled when the
    match starts (a person who stands up later, leaving the seat to a computer, does not
    turn hints on at a table of people)."""
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
    bot_seeds: dict[int, int] = field(default_factory=dict)
    """The seed of each seat's computer player (its bot lives in the bots' own pool)."""
    fallbacks: dict[int, Bot] = field(default_factory=dict)
    """The ``rules`` bots that decide where the room's own computer player fails."""
    bot_failures: int = 0
    """How often the room's computer player has failed (raised, or answered wrongly)."""
    turn_since: float = 0.0
    """``loop.time()`` when the current turn began (the last action was accepted, or the
    start)."""
    clock_from: float = 0.0
    """``loop.time()`` before which a person's turn clock does not run: a hand has just ended
    and its result is on everyone's screen (:data:`RESULT_READING_SECONDS`)."""
    acted_elsewhere: bool = False
    """Whether the last action was committed by another process (then this one's computer
    players leave the next one to that process: :meth:`.sync.Sync.deferral`)."""
    acted_by: str | None = None
    """That process's id, when its notice told the action (``None``: this process acted, or
    the action was read from the database)."""
    paused_by: str | None = None
    """Why the table waits for something other than an action (a claim put to the
    opponents, :mod:`~twentyeight.server.claims`): nobody acts meanwhile."""
    audience: int = 0
    """Connections to the room on this process (people and spectators)."""
    audience_elsewhere: int = 0
    """The same on the other processes."""
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

    def claim_of(self, token: object) -> int | None:
        """The seat whose pending claim's token is ``token``, or ``None``."""
        if not isinstance(token, str) or not token:
            return None
        for k, seat in enumerate(self.seats):
            if seat.claimed and token_matches(token, seat.claim_token_hash):
                return k
        return None

    def seats_of_client(self, client: str) -> int:
        """The seats a person holds, or claims, from ``client`` (each under its own token)."""
        return seats_held_by(self.seats, client)

    def invited(self, invite: object) -> bool:
        """Whether ``invite`` is the room's seat invitation."""
        return isinstance(invite, str) and token_matches(invite, self.invite_hash)

    def is_host(self, token: object) -> bool:
        """Whether ``token`` is the host's token."""
        return isinstance(token, str) and token_matches(token, self.host_token_hash)

    def offers_hints(self) -> bool:
        """Whether a seat may ask for a hint: never at a rated table (:attr:`hints_allowed`);
        else the room's setting, by default (before the start settles it) at a table with
        computer players."""
        if not self.hints_allowed:
            return False
        if self.hints is not None:
            return self.hints
        return any(seat.kind == BOT for seat in self.seats)

    @property
    def watched(self) -> bool:
        """Whether anyone (a person or a spectator, on any process) is connected."""
        return self.audience + self.audience_elsewhere > 0

    def abandoned(self, now: float, grace: float) -> bool:
        """Whether its people left a match under way: nobody connected (on any process), and
        every person seated away for ``grace`` seconds or more (one just seated by quick
        play is on the way to the table)."""
        return self.status == PLAYING and not self.watched and all(
            now - s.away_since >= grace for s in self.seats if s.kind == HUMAN)

    def awaited(self, now: float, grace: float) -> bool:
        """Whether a table waiting for players has someone waiting at it: a person seated
        there who is connected, or was seated less than ``grace`` seconds ago (on the way to
        the table). Quick play sends nobody to a waiting table without one: a stranger's
        public tables that nobody sits at would hold every quick player, waiting for a host
        who never starts them."""
        return self.status == WAITING and any(
            s.kind == HUMAN and (s.connected or now - s.away_since < grace) for s in self.seats)

    def takeover_at(self, seat: int) -> float | None:
        """When (``loop.time()``) a computer player may act for ``seat`` on its turn
        (``None``: never, an open seat, or a person alone with computer players)."""
        s = self.seats[seat]
        if s.kind == BOT:
            return 0.0
        if s.kind != HUMAN:
            return None
        if not s.connected:
            return s.away_since + self.takeover_seconds
        if s.taken_over:                     # the clock ran out and they have not acted since
            return 0.0
        if not self.others_waiting(seat):   # alone with computers: nobody to keep waiting
            return None
        return max(self.turn_since, self.clock_from) + self.turn_seconds

    def turn_begins(self, now: float, hand_ended: bool = False) -> None:
        """The next turn begins at ``now`` (an action was accepted); after the last action
        of a hand that was played (``hand_ended``: not one annulled before its first trick,
        whose result is a line) a person's clock waits while its result is read
        (:attr:`clock_from`)."""
        self.turn_since = now
        if hand_ended:
            self.clock_from = now + RESULT_READING_SECONDS

    def others_waiting(self, seat: int) -> bool:
        """Whether somebody but ``seat``'s person waits on the table: another person seated
        at it (there or away: a friend who stepped out still wants the game to go on), or a
        newcomer who claimed a computer's seat."""
        return any(k != seat and (s.kind == HUMAN or s.claimed)
                   for k, s in enumerate(self.seats))

    def lone_turn(self) -> bool:
        """Whether the seat to act is a person's, alone with computer players (no clock)."""
        seat = None if self.match is None else self.match.to_act
        return seat is not None and self.seats[seat].kind == HUMAN and \
            self.seats[seat].connected and not self.others_waiting(seat)

    def clock_starts_if(self, was_lone: bool, now: float) -> None:
        """Somebody came to wait on a table where the person to act was alone (``was_lone``:
        :meth:`lone_turn` before they came): that person's turn clock starts now, not from
        the start of the turn, which may be long past."""
        if was_lone and not self.lone_turn():
            self.turn_since = now

    def claims_due(self) -> list[int]:
        """The claimed seats whose claim was made during an earlier hand than the current one."""
        match = self.match
        if match is None or match.over:
            return []
        hand = len(match.games) - 1
        return [k for k, s in enumerate(self.seats)
                if s.claimed and s.claim_hand is not None and s.claim_hand < hand]

    def settle_claims(self) -> list[int]:
        """Hand over the seats claimed during an earlier hand than the current one (the
        claimant never saw that hand's cards); the seats handed over."""
        due = self.claims_due()
        for k in due:
            self.seats[k].hand_over()
            self.bot_seeds.pop(k, None)
        return due

    @property
    def host_deals_rematch(self) -> bool:
        """Whether the host may deal the rematch without waiting for every person's vote:
        at a private table of friends; not at a rated one (the rematch counts in the ratings
        of people who did not ask for it) nor a public one (its host is the stranger who
        opened it)."""
        return not (self.rated or self.public)

    @property
    def hints_allowed(self) -> bool:
        """Whether a seat may be given hints here: never at a rated table (its match counts
        for ratings, which no hint may touch)."""
        return not self.rated

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
        """The public summary of the room (no tokens, no seed, no cards); a person's seat
        says the first hand they played at it (``sat_from``: a newcomer who took over a
        computer's seat sat from a later hand, which the table tells as theirs)."""
        from twentyeight.server.turnclock import turn_clock

        return {
            "room": self.id,
            "status": self.status,
            "rules": self.rules.to_spec(),
            "num_players": self.rules.num_players,
            "bots": self.bot_kind,
            "takeover_seconds": self.takeover_seconds,
            "bot_delay": self.bot_delay,
            "turn_seconds": self.turn_seconds,
            "public": self.public,
            "rated": self.rated,
            "hints": self.offers_hints(),
            "seq": self.seq,
            "seats": [{"seat": k, "kind": s.kind, "name": s.name,
                       "connected": s.connected if s.kind == HUMAN else None,
                       "played_by": ("bot" if self.controlled_by_bot(k, now) else "human")
                       if s.kind != OPEN else None,
                       "waiting": s.claim_name,
                       "sat_from": s.sat_from if s.kind == HUMAN else None}
                      for k, s in enumerate(self.seats)],
            **self.committed,
            "path": f"/r/{self.id}",
            "clock": turn_clock(self, now),
        }


def restore(row: RoomRow, now: float, elsewhere: Callable[[str, int], int]) -> Room:
    """The room of a stored row, its match replayed from the start record and the action log;
    every person counts as away from ``now``."""
    seats = [Seat(kind=s.kind, name=s.name, token_hash=s.token_hash, away_since=now,
                  elsewhere=elsewhere(row.id, k), claim_name=s.claim_name,
                  claim_token_hash=s.claim_token_hash, claim_hand=s.claim_hand,
                  sat_from=s.sat_from, client=s.client, claim_client=s.claim_client)
             for k, s in enumerate(row.seats)]
    room = Room(id=row.id, rules=Rules.from_spec(row.rules), bot_kind=row.bots,
                host_token_hash=row.host_token_hash, takeover_seconds=row.takeover_seconds,
                bot_delay=row.bot_delay, seats=seats, turn_seconds=row.turn_seconds,
                invite_hash=row.invite_hash, created_by=row.created_by, status=row.status,
                public=row.public, rated=row.rated, hints=row.hints,
                seq=row.seq, start=row.record, log=list(row.actions), turn_since=now)
    if row.record is not None:
        if len(row.actions) != row.seq:
            raise RuntimeError(f"room {row.id}: {row.seq} actions stored, {len(row.actions)} "
                               "in the log")
        room.match = assemble(row.record, row.actions)
        room.commit()
        room.settle_claims()                 # a claim due whose hand-over was not stored
    return room

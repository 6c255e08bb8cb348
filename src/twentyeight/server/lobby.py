"""The lobby: rooms made, seats taken, matches started, who is at each table, and rooms
closed when nobody comes any more.

**Who may sit.**  Making a room gives its host two secrets: the host token (start the match,
approve a hand-over, make a new invitation) and the *seat invitation*, which the room's seat
link carries (``/r/ROOM#invite=…``).  The plain room link (``/r/ROOM``) only lets people
watch.  Taking a seat needs the invitation (or the host token); a person who already holds a
seat of the room (who shows its token) cannot take another.  At a public or rated table a
seat is also refused to a client (an address) that holds or claims another seat of it under
another token (another browser, a cleared cookie, a second account): there one person would
otherwise see two hands of a table of strangers (``public_seats_per_client``).  A seat a
person holds is theirs; a computer's seat in a match under way is *claimed*: the newcomer
sits from the next hand (or at once, if the host approves), so they never see the cards of
the hand being played.

Every change happens under the room's lock and is committed before anyone is told of it, as
the :class:`~twentyeight.server.authority.Authority` does for actions.  Seat taking and the
start are conditional writes: of two processes that try at once, one wins and the other gets
:class:`~twentyeight.server.store.Conflict`, catches up and answers accordingly.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from twentyeight.bots import BotError, bot_names, table_bot_class, table_bot_names
from twentyeight.bots.names import seat_names
from twentyeight.integrations.bhoos.host import protocol_problem
from twentyeight.match import Match
from twentyeight.rules import Rules, RulesError
from twentyeight.server.audience import Audience, Listener, state
from twentyeight.server.bounded import BoundedPool
from twentyeight.server.database import Database
from twentyeight.server.protocol import (
    PROTOCOL_VERSION,
    UNAUTHORISED,
    ClientMessage,
    ProtocolError,
)
from twentyeight.server.ratings import RATED_FLAGS, rules_not_rated
from twentyeight.server.refusal import RoomError
from twentyeight.server.room import (
    BOT,
    CLOSED,
    FINISHED,
    HUMAN,
    OPEN,
    PLAYING,
    WAITING,
    Room,
    Seat,
    new_token,
    token_hash,
)
from twentyeight.server.settings import Settings
from twentyeight.server.shown_text import unshowable, visible
from twentyeight.server.store import Conflict, RoomRow, SeatRow, assemble, start_record
from twentyeight.server.sync import AUDIENCE, Sync, find_seat

log = logging.getLogger("twentyeight.server")

RETRIES = 8
"""How often the start is tried again after another process changed the room first."""
ARCHIVED_RECORDS_KEPT = 16
"""Finished and closed rooms' records kept once made (the last downloaded)."""
ARCHIVED_RECORDS_WAITING = 8
"""Closed rooms' records that may wait to be assembled (one at a time, on a thread of its
own); beyond, 503 ``busy``."""
MAX_NAME = 32
"""The longest name a person may give (in characters)."""


def rules_from(rules: str | dict[str, Any], flags: dict[str, Any]) -> Rules:
    """The rules of a new room: a preset or rules object, with flag overrides."""
    spec: Any = rules
    if flags:
        spec = {"preset": rules, **flags} if isinstance(rules, str) else {**rules, **flags}
    try:
        return Rules.from_spec(spec)
    except RulesError as e:
        raise RoomError(400, "bad_rules", e.unrepeated) from None
    except (TypeError, ValueError, KeyError, OverflowError):
        raise RoomError(400, "bad_rules", "not a rules object") from None


def clean_name(name: str | None, seat: int) -> str:
    """A person's name as shown: trimmed, in Unicode's composed form, with no control
    characters; ``Player N`` if empty (N counted from 1, as the page numbers the seats).
    :class:`RoomError` if too long."""
    text = unicodedata.normalize("NFC", (name or "").strip())
    if unshowable(text):
        raise RoomError(400, "bad_name", "a name may not hold control or invisible formatting "
                        "characters (nor ones that reorder the text), nor a pile of marks "
                        "on one letter")
    if len(text) > MAX_NAME:
        raise RoomError(400, "bad_name", f"a name is at most {MAX_NAME} characters")
    if text and not visible(text):
        raise RoomError(400, "bad_name", "a name needs a letter, a digit or a sign that shows "
                        "(not only blank or zero-width characters)")
    return text or f"Player {seat + 1}"


@dataclass(frozen=True)
class NewRoom:
    """What ``POST /api/rooms`` asks for (``None``: the server's default)."""

    rules: Rules
    bots: str = "casual"
    takeover_seconds: float | None = None
    bot_delay: float | None = None
    turn_seconds: float | None = None
    hints: bool | None = None
    """Whether the table offers hints (``None``: where computer players sit)."""
    client: str = ""
    """Who asks (:func:`~twentyeight.server.limits.client_key`)."""
    public: bool = False
    """Listed for everyone; a free seat needs no invitation."""
    rated: bool = False
    """People only (the start refuses open seats); the match counts for ratings."""
    host_token_hash: str | None = None
    """A rematch: the host's token of the room before (``None``: a new host token)."""
    invite_hash: str | None = None
    """A rematch: the seat invitation of the room before (``None``: a new invitation)."""


@dataclass(frozen=True)
class Made:
    """A new room, with the host's two secrets."""

    room: Room
    host_token: str
    invite: str


@dataclass(frozen=True)
class SeatAsk:
    """What ``POST /api/rooms/{id}/seats/{k}`` brings: a name and the credentials."""

    name: str | None = None
    invite: str | None = None
    """The room's seat invitation (from its seat link)."""
    token: str | None = None
    """A seat token of this room the asker already holds, if any: then they may not take
    another seat."""
    host_token: str | None = None
    """The host's token: it may take a seat without the invitation, and a computer's seat
    mid-match at once."""
    seat_token: str | None = None
    """The token the seat is to have (a signed-in player's own, :mod:`.accounts`); ``None``:
    a fresh random one."""
    client: str = ""
    """Who asks (:func:`~twentyeight.server.limits.client_key`; ``""``: unknown, not
    counted)."""


@dataclass(frozen=True)
class Seated:
    """A seat taken (``pending``: claimed, from hand ``from_hand``)."""

    token: str
    pending: bool = False
    from_hand: int | None = None


class Lobby:
    """Rooms, seats and presence for one process's rooms (``rooms``, shared with the hub)."""

    def __init__(self, settings: Settings, rooms: dict[str, Room], db: Database,
                 audience: Audience, sync: Sync, clock: Callable[[], float],
                 started: Callable[[Room], None], stopped: Callable[[Room], None]) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.rooms = rooms
        self.db = db
        self.audience = audience
        self.sync = sync
        self.clock = clock
        self.started = started
        """Called with a room once its match has started (its computer players begin)."""
        self.stopped = stopped
        """Called with a room closed here (its computer players stop)."""
        self.visited: set[str] = set()
        """Rooms asked about since the last sweep (:meth:`sweep`)."""
        self.greet: Callable[[Room, Listener], Awaitable[None]] = _nothing
        """Tells a new connection what the room keeps besides the match (the table talk, the
        score sheet, a claim waiting: :class:`~twentyeight.server.table.Table`)."""
        self._archived_records: OrderedDict[str, dict[str, Any]] = OrderedDict()
        """The records of closed rooms last downloaded (a closed room never changes):
        replaying a long match for each download would hold the event loop every time."""
        self._archive = BoundedPool(1, ARCHIVED_RECORDS_WAITING, "twentyeight-archive",
                                    "the server is assembling other records: try again in a "
                                    "minute")
        """Assembles the records of closed rooms, one at a time: GETs are not rate-limited,
        and a client asking for more closed rooms than are kept made the default pool replay
        dozens of matches at once (half a second of the interpreter each for 300 hands),
        against the event loop."""

    # ---- rooms -----------------------------------------------------------------------
    async def find(self, room_id: str) -> Room | None:
        """The room ``room_id``; with several processes, one another process made is loaded."""
        room = self.rooms.get(room_id)
        if room is None and self.sync.shared:
            room = await self.sync.load(room_id)
        if room is not None:
            self.visited.add(room.id)
        return room

    async def archived(self, room_id: str) -> str | None:
        """Why ``room_id``, not in memory, is closed (``""`` if no reason was kept), and
        where its record is if it was played; ``None`` if there is no such closed room."""
        if not _valid_id(room_id):
            return None
        got = await self.db.changes(room_id, 2**31)
        if got is None or got[0].status != CLOSED:
            return None
        where = "it was never played" if got[0].record is None else \
            f"its record: /api/rooms/{room_id}/record"
        return "; ".join([*filter(None, [got[0].note]), where])

    async def current(self, room_id: str) -> Room:
        """The room ``room_id`` (404; 410 once closed); with several processes, up to date."""
        room = await self.find(room_id) if _valid_id(room_id) else None
        if room is None:
            why = await self.archived(room_id)
            if why is not None:
                raise RoomError(410, "closed", f"room {room_id} is closed: {why}")
            raise RoomError(404, "no_room", "there is no such room")
        if self.sync.shared:
            async with room.lock:
                await self.sync.catch_up(room)
        return room

    async def create_room(self, ask: NewRoom) -> Made:
        """A new room waiting for players, with the host token and the seat invitation."""
        bots = ask.bots
        self._check_bots(bots)
        if ask.rated and ask.hints:
            raise RoomError(400, "rated_hints", "a rated table gives no hints (its match counts "
                            "for ratings): leave the Hint button off, or make the table unrated")
        changed = rules_not_rated(ask.rules) if ask.rated else []
        if changed:
            raise RoomError(400, "rated_rules", "a rated table plays its game's rules as they "
                            "are, so that ratings compare players of one game; only the "
                            f"match's length may change ({', '.join(RATED_FLAGS)}). Changed "
                            f"here: {', '.join(changed)}. Leave those rules unchanged, or make "
                            "the table unrated")
        problem = protocol_problem(ask.rules) if bots.startswith(("http://", "https://")) else ""
        if problem:
            raise RoomError(400, "bad_bots", problem)
        limits, settings = self.limits, self.settings
        takeover = settings.takeover_seconds if ask.takeover_seconds is None \
            else ask.takeover_seconds
        delay = settings.bot_delay if ask.bot_delay is None else ask.bot_delay
        if 0 <= delay < limits.min_bot_delay:          # "instant": as fast as allowed here
            delay = limits.min_bot_delay
        turn = settings.turn_seconds if ask.turn_seconds is None else ask.turn_seconds
        _in_range("takeover_seconds", takeover, 0, limits.max_takeover_seconds)
        _in_range("bot_delay", delay, limits.min_bot_delay, limits.max_bot_delay)
        _in_range("turn_seconds", turn, limits.min_turn_seconds, limits.max_turn_seconds)
        if await self.db.count_rooms() >= limits.rooms:
            raise RoomError(503, "server_full", f"the server holds as many rooms as it may "
                            f"({limits.rooms}); try again later")
        if await self.db.count_rooms(ask.client) >= limits.rooms_per_client:
            raise RoomError(429, "too_many_rooms", f"you have {limits.rooms_per_client} open "
                            "tables already; finish or leave one first")
        host_token, invite = new_token(), new_token()
        room = Room(id=secrets.token_urlsafe(6).replace("-", "x").replace("_", "y"),
                    rules=ask.rules, bot_kind=bots,
                    host_token_hash=ask.host_token_hash or token_hash(host_token),
                    takeover_seconds=takeover, bot_delay=delay, turn_seconds=turn,
                    invite_hash=ask.invite_hash or token_hash(invite), created_by=ask.client,
                    public=ask.public, rated=ask.rated, hints=ask.hints,
                    seats=[Seat() for _ in range(ask.rules.num_players)])
        row = RoomRow(id=room.id, rules=ask.rules.to_spec(), bots=bots,
                      host_token_hash=room.host_token_hash, status=WAITING,
                      takeover_seconds=takeover, bot_delay=delay, turn_seconds=turn,
                      invite_hash=room.invite_hash, created_by=ask.client,
                      public=ask.public, rated=ask.rated, hints=ask.hints,
                      seats=[SeatRow(kind=OPEN) for _ in room.seats])
        await self.db.create_room(row)
        self.rooms[room.id] = room
        self.sync.changed(room)
        return Made(room, host_token, invite)

    def _check_bots(self, bots: str) -> None:
        if bots.startswith(("http://", "https://")):
            if not self.settings.allow_external_bots:
                raise RoomError(400, "external_bots_off", "this server does not seat external "
                                "bots (start it with --allow-external-bots)")
            if len(bots) > 64:
                raise RoomError(400, "bad_bots", "an external bot's URL is at most 64 characters")
        elif bots not in bot_names():                  # code paths (module:Class) refused
            raise RoomError(400, "bad_bots", "unknown computer player "
                            f"(known: {', '.join(table_bot_names())})")
        else:
            try:
                table_bot_class(bots)                 # one that must see the deal: refused
            except BotError as e:
                raise RoomError(400, "bad_bots", str(e)) from None

    # ---- seats -----------------------------------------------------------------------
    async def take_seat(self, room_id: str, seat: int, ask: SeatAsk) -> Seated:
        """Take a seat (see the module's docstring); returns the seat's token."""
        room = await self.current(room_id)
        async with room.lock:
            host = room.is_host(ask.host_token)
            if not (host or room.public or room.invited(ask.invite)):
                raise RoomError(403, "not_invited", "taking a seat needs the room's seat "
                                "invitation (the link the host shares); this link only "
                                "lets you watch")
            if not 0 <= seat < len(room.seats):
                raise RoomError(404, "no_seat", f"seat {seat} does not exist "
                                f"(0 to {len(room.seats) - 1})")
            if room.status in (FINISHED, CLOSED):
                raise RoomError(409, "finished", "the match is over")
            if room.seat_of(ask.token) is not None or room.claim_of(ask.token) is not None:
                raise RoomError(409, "already_seated", "you hold a seat of this room already: "
                                "one seat per person")
            client, most = self._counted(room, ask.client)
            name = clean_name(ask.name, seat)
            s = room.seats[seat]
            if s.kind == HUMAN:
                raise RoomError(409, "seat_taken", "that seat is taken")
            if s.claimed:
                raise RoomError(409, "seat_claimed", "that seat is promised to "
                                f"{s.claim_name} from the next hand")
            token = ask.seat_token or new_token()
            if room.status == PLAYING and not (host and not room.public):
                return await self._claim(room, seat, name, token, client, most)
            first = len(room.match.games) - 1 if room.match is not None else 0
            row = SeatRow(kind=HUMAN, name=name, token_hash=token_hash(token), sat_from=first,
                          client=client)
            try:
                await self.db.take_seat(room.id, seat, row, most)
            except Conflict:                             # another process was first
                await self._refused(room, seat, client)
            s.kind, s.name, s.token_hash, s.sat_from = HUMAN, name, row.token_hash, first
            s.client = client
            s.connections, s.away_since, s.taken_over = 0, self.clock(), False
            room.bot_seeds.pop(seat, None)
            self.audience.tell_room(room)
            room.changed.set()
            self.sync.changed(room)
            if room.public and room.status == WAITING and all(x.kind == HUMAN
                                                              for x in room.seats):
                # strangers at a full table need nobody's button; the seat is theirs even
                # if another process started the match first (409 started) or kept changing
                with contextlib.suppress(RoomError):
                    await self.begin(room)
            return Seated(token)

    async def _claim(self, room: Room, seat: int, name: str, token: str,
                     client: str | None, most: int | None) -> Seated:
        """A newcomer claims a computer's seat mid-match: theirs from the next hand."""
        assert room.match is not None
        hand = len(room.match.games) - 1
        row = SeatRow(kind=BOT, claim_name=name, claim_token_hash=token_hash(token),
                      claim_hand=hand, claim_client=client)
        try:
            await self.db.claim_seat(room.id, seat, row, most)
        except Conflict:
            await self._refused(room, seat, client)
        s = room.seats[seat]
        lone = room.lone_turn()
        s.claim_name, s.claim_token_hash, s.claim_hand = name, row.claim_token_hash, hand
        s.claim_client = client
        room.clock_starts_if(lone, self.clock())           # a newcomer waits: the clock runs
        room.changed.set()
        self.audience.tell_room(room)
        self.sync.changed(room)
        return Seated(token, pending=True, from_hand=hand + 1)

    def _counted(self, room: Room, client: str) -> tuple[str | None, int | None]:
        """Where a seat of ``room`` is taken from, as kept (``None``: not kept, at a private
        table), and how many seats that client may hold or claim there; 409
        ``address_seated`` when it holds as many already (under other tokens: the caller
        has refused its own)."""
        if not client or not (room.public or room.rated):
            return None, None
        refusal = self._address_seated(room, client)
        if refusal is not None:
            raise refusal
        return client, self.limits.public_seats_per_client

    def _address_seated(self, room: Room, client: str) -> RoomError | None:
        """The refusal of one more seat of ``room`` (public or rated) from ``client``, if
        it holds or claims as many as it may."""
        held = room.seats_of_client(client)
        if held < self.limits.public_seats_per_client:
            return None
        who = "someone on your network already sits" if held == 1 else \
            f"{held} people on your network already sit"
        if room.public:
            return RoomError(409, "address_seated", f"{who} at this public table (one seat "
                             "per network at a table of strangers, so that nobody sees two "
                             "hands); to play together, make a private table and share its "
                             "seat link")
        return RoomError(409, "address_seated", f"{who} at this rated table (one seat per "
                         "network, so that nobody plays two hands of a rated match); to play "
                         "together, make an unrated private table and share its seat link")

    async def _refused(self, room: Room, seat: int, client: str | None = None) -> None:
        """Another process changed the seat first (or seated ``client`` elsewhere at the
        table): catch up and say how it stands."""
        await self.sync.catch_up(room)
        if room.status != PLAYING and room.status != WAITING:
            raise RoomError(409, "finished", "the match is over") from None
        refusal = None if client is None else self._address_seated(room, client)
        if refusal is not None:
            raise refusal from None
        raise RoomError(409, "seat_taken", "that seat is taken") from None

    async def approve(self, room_id: str, seat: int, host_token: str) -> Room:
        """The host lets the newcomer who claimed ``seat`` take it now, mid-hand."""
        room = await self.current(room_id)
        async with room.lock:
            if not room.is_host(host_token):
                raise RoomError(403, "not_host", "only the host's token can approve")
            if room.public:
                raise RoomError(403, "public_table", "at a public table a seat is handed over "
                                "at the next hand: its host is a stranger too")
            if not 0 <= seat < len(room.seats) or not room.seats[seat].claimed:
                raise RoomError(409, "no_claim", "nobody waits for that seat")
            try:
                await self.db.hand_over(room.id, seat)
            except Conflict:
                await self.sync.catch_up(room)
                raise RoomError(409, "no_claim", "nobody waits for that seat") from None
            room.seats[seat].hand_over(mid_hand=True)
            room.seats[seat].away_since = self.clock()
            room.bot_seeds.pop(seat, None)
            self.promote(room)
            self.audience.tell_room(room)
            room.changed.set()
            self.sync.changed(room)
            return room

    async def new_invitation(self, room_id: str, host_token: str) -> str:
        """A new seat invitation for the room; the old link no longer seats anyone."""
        room = await self.current(room_id)
        async with room.lock:
            if not room.is_host(host_token):
                raise RoomError(403, "not_host", "only the host's token can invite")
            invite = new_token()
            await self.db.set_invite(room.id, token_hash(invite))
            room.invite_hash = token_hash(invite)
            self.sync.changed(room)
            return invite

    def promote(self, room: Room) -> None:
        """Connections of claimants whose seats are now theirs become those seats."""
        for conn in self.audience.of(room.id):
            k = conn.claim
            if k is None or room.seats[k].kind != HUMAN or conn.claim_hash is None \
                    or conn.claim_hash != room.seats[k].token_hash:
                continue
            conn.claim, conn.claim_hash = None, None
            self._sit(room, conn, k)
            self._welcome(room, conn)

    # ---- the match -------------------------------------------------------------------
    async def start(self, room_id: str, host_token: str) -> Room:
        """The host starts the match: open seats get computer players, the first hand is dealt.
        At a public table anyone seated may start it too: a stranger's public table whose host
        had gone held everyone quick play seated at it, waiting for a start nobody could give."""
        room = await self.current(room_id)
        async with room.lock:
            host = room.is_host(host_token)   # (a seat looked up only for another token)
            seated = not host and room.public and room.status == WAITING and \
                await find_seat(self.sync, room, host_token) is not None
            if not host and not seated:
                raise RoomError(403, "not_host", "only the host's token (or, at a public "
                                "table, a seat's) can start the match")
            await self.begin(room)
            return room

    async def begin(self, room: Room) -> None:
        """Start the match of ``room`` (under its lock; the caller has checked who asks)."""
        for _ in range(RETRIES):
            try:
                await self._start(room)
                return
            except Conflict:                   # another process started, or took a seat
                await self.sync.catch_up(room)
        raise RoomError(409, "busy", "the room kept changing; try again")

    async def _start(self, room: Room) -> None:
        """Deal and store the match (under the room's lock); :class:`Conflict` changes nothing."""
        if room.status != WAITING:
            raise RoomError(409, "started", "the match has already started")
        if room.rated and any(s.kind == OPEN for s in room.seats):
            raise RoomError(409, "rated_needs_people", "a rated table plays with people in "
                            "every seat (no computer players): wait until every seat is taken")
        filled: dict[int, SeatRow] = {}
        open_seats = [k for k, s in enumerate(room.seats) if s.kind == OPEN]
        people = [s.name for s in room.seats if s.kind != OPEN and s.name]
        for k, name in zip(open_seats, seat_names(room.id, len(open_seats), people),
                           strict=True):
            filled[k] = SeatRow(kind=BOT, name=name)
        match = Match.new(room.rules, seed=secrets.randbits(63))
        names = [filled[k].name if k in filled else s.name for k, s in enumerate(room.seats)]
        match.extra = {"event": f"twentyeight online, room {room.id}", "players": names}
        record = start_record(match)
        hints = room.hints                      # the default is settled at the start: where
        if hints is None and room.hints_allowed:    # computers sit then, not later (a person
            hints = bool(filled) or any(s.kind == BOT for s in room.seats)   # standing up)
        await self.db.start(room.id, record, filled, hints)
        for k, row in filled.items():
            room.seats[k].kind, room.seats[k].name = BOT, row.name
        room.hints = hints
        room.match, room.start, room.status, room.seq = match, record, PLAYING, 0
        room.log, room.turn_since = [], self.clock()
        room.commit()
        self.audience.tell_room(room)
        self.audience.tell_states(room)
        self.started(room)
        room.changed.set()
        self.sync.changed(room)

    async def record(self, room_id: str) -> dict[str, Any]:
        """The record of a finished or closed match (RECORDS.md), assembled now."""
        kept = self._archived_records.get(room_id)
        if kept is not None:
            self._archived_records.move_to_end(room_id)
            return kept
        try:
            room = await self.current(room_id)
        except RoomError as e:
            if e.code != "closed":
                raise
            return self._keep_record(room_id, await self._assemble(room_id))
        if room.status not in (FINISHED, CLOSED) or room.match is None:
            raise RoomError(409, "not_finished", "the record can be downloaded when the match "
                            "is over (it holds every deal)")
        # a finished match changes no more: made once (7 ms for 300 hands, on every request
        # of a GET nothing limits, and every hand's link of a profile asks it)
        return self._keep_record(room_id, room.match.to_record())

    def _keep_record(self, room_id: str, record: dict[str, Any]) -> dict[str, Any]:
        """Keep ``record`` among the last :data:`ARCHIVED_RECORDS_KEPT` asked for."""
        self._archived_records[room_id] = record
        while len(self._archived_records) > ARCHIVED_RECORDS_KEPT:
            self._archived_records.popitem(last=False)
        return record

    async def _assemble(self, room_id: str) -> dict[str, Any]:
        """The record of the closed room ``room_id``, from the database (on the archive's
        thread)."""
        [row] = await self.db.load_rooms(room_id)
        if row.record is None:
            raise RoomError(409, "not_started", "the room closed before its match started: "
                            "there is no record")
        started, actions = row.record, row.actions
        return await self._archive.run(lambda: assemble(started, actions).to_record())

    def shut(self) -> None:
        """Stop the archive's thread (the server stops)."""
        self._archive.close()

    # ---- who is at the table ---------------------------------------------------------
    async def connect(self, room: Room, conn: Listener) -> None:
        """A new connection: a spectator until it says ``hello`` with a seat's token."""
        async with room.lock:
            await self.sync.catch_up(room)
            self.audience.add(room.id, conn)
            self._audience_changed(room)
            conn.send({"type": "room", **room.info(self.clock())})
            if room.match is not None:
                conn.send(state(room, None))
            await self.greet(room, conn)

    async def disconnect(self, room: Room, conn: Listener) -> None:
        """The connection is gone; its seat (if any) is away from now on."""
        async with room.lock:
            if self.audience.remove(room.id, conn):
                self._audience_changed(room)
            if conn.seat is not None:
                self._leave(room, conn)
                self.audience.tell_room_soon(room)

    def _audience_changed(self, room: Room) -> None:
        room.audience = len(self.audience.of(room.id))
        self.visited.add(room.id)
        room.changed.set()
        self.sync.connections(room, AUDIENCE)

    async def hello(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """``hello``: the connection becomes the seat of its token (or waits for the seat
        its token has claimed, or is a spectator)."""
        async with room.lock:
            if msg.token is None:                        # become (or stay) a spectator
                if conn.seat is not None:
                    self._leave(room, conn)
                    self.audience.tell_room_soon(room)
                conn.claim = conn.claim_hash = None
                self._welcome(room, conn)
                return
            seat = await find_seat(self.sync, room, msg.token)
            if seat is None:
                claim = room.claim_of(msg.token)
                if claim is None:
                    raise ProtocolError(UNAUTHORISED, "that token is not a seat of this room",
                                        msg.ref)
                if conn.seat is not None:
                    self._leave(room, conn)
                conn.claim, conn.claim_hash = claim, token_hash(msg.token)
                self._welcome(room, conn)
                return
            conn.claim = conn.claim_hash = None
            s = room.seats[seat]
            if conn.seat != seat:
                if conn.seat is not None:
                    self._leave(room, conn)
                self._sit(room, conn, seat)
            elif s.taken_over:                           # back from the turn clock
                s.taken_over = False
                room.changed.set()
                self.audience.tell_room_soon(room)
            self._welcome(room, conn)

    async def seen(self, room: Room, conn: Listener, msg: ClientMessage) -> None:
        """A message from a seat's connection: its person is there (the computer that took
        over when their turn clock ran out stops)."""
        seat = conn.seat
        if seat is None or not room.seats[seat].taken_over or not room.seats[seat].connected:
            return
        async with room.lock:
            room.seats[seat].taken_over = False
            room.changed.set()
            self.audience.tell_room_soon(room)

    def _sit(self, room: Room, conn: Listener, seat: int) -> None:
        s = room.seats[seat]
        was = s.connected
        conn.seat = seat
        s.connections += 1
        s.taken_over = False
        room.changed.set()
        self.sync.connections(room, seat)
        if not was:
            self.audience.tell_room_soon(room)

    def _welcome(self, room: Room, conn: Listener) -> None:
        seat = conn.seat
        out: dict[str, Any] = {"type": "welcome", "room": room.id, "seat": seat,
                               "name": room.seats[seat].name if seat is not None else None,
                               "protocol": PROTOCOL_VERSION, "seq": room.seq}
        if conn.claim is not None:
            hand = room.seats[conn.claim].claim_hand
            out.update(claim=conn.claim, from_hand=None if hand is None else hand + 1)
        conn.send(out)
        if room.match is not None:
            conn.send(state(room, seat))

    def unseat(self, room: Room, conn: Listener) -> None:
        """``conn`` speaks for its seat no more: it watches, and is told so (under the
        room's lock)."""
        if conn.seat is not None:
            self._leave(room, conn)
        self._welcome(room, conn)

    def _leave(self, room: Room, conn: Listener) -> None:
        assert conn.seat is not None
        seat = conn.seat
        s = room.seats[seat]
        conn.seat = None
        s.connections = max(0, s.connections - 1)
        if not s.connected:
            s.away_since = self.clock()
        room.changed.set()
        self.sync.connections(room, seat)

    async def presence_changed(self, room_id: str, seat: int) -> None:
        """The other processes' connections for ``seat`` of ``room_id`` (or, for
        :data:`~twentyeight.server.sync.AUDIENCE`, to the room) changed."""
        room = self.rooms.get(room_id)
        if room is None or not (seat == AUDIENCE or 0 <= seat < len(room.seats)):
            return
        async with room.lock:
            if seat == AUDIENCE:
                room.audience_elsewhere = self.sync.elsewhere(room_id, AUDIENCE)
                room.changed.set()
                return
            s = room.seats[seat]
            was = s.connected
            s.elsewhere = self.sync.elsewhere(room_id, seat)
            if s.connected == was:
                return
            if s.connected:
                s.taken_over = False
            else:
                s.away_since = self.clock()
            self.audience.tell_room_soon(room)
            room.changed.set()

    # ---- closing the rooms nobody visits ---------------------------------------------
    async def sweep(self) -> list[str]:
        """Note the visits since the last sweep; close (and forget) the rooms nobody has
        visited for ``idle_seconds``; the rooms closed here."""
        now = time.time()
        seen = self.visited | {k for k, r in self.rooms.items() if r.watched}
        self.visited = set()
        await self.db.visit(sorted(seen), now)
        note = f"nobody came for {spoken_duration(self.limits.idle_seconds)}"
        closed = await self.db.close_idle(now - self.limits.idle_seconds, note)
        for room_id in closed:
            room = self.rooms.get(room_id)
            if room is not None:
                await self.close(room, note)
        for room_id, room in list(self.rooms.items()):      # closed by another process
            if room.status == CLOSED and not room.watched:
                self._forget(room_id)
        return closed

    async def close(self, room: Room, note: str) -> None:
        """``room`` is closed (stored so already): its computer players stop, its
        connections are told and closed, and this process forgets it."""
        async with room.lock:
            room.status = CLOSED
            self.stopped(room)
            self.audience.tell_room(room)
            self.audience.close_all(room.id, note)
        self._forget(room.id)

    def _forget(self, room_id: str) -> None:
        self.rooms.pop(room_id, None)
        self.audience.forget(room_id)


async def _nothing(room: Room, conn: Listener) -> None:
    """Nothing more to tell a new connection."""


def _in_range(name: str, value: float, low: float, high: float) -> None:
    if not low <= value <= high:
        raise RoomError(400, "bad_request", f"{name} must be from {low:g} to {high:g}")


def _valid_id(room_id: str) -> bool:
    return 0 < len(room_id) <= 32 and room_id.isascii() and room_id.isalnum()


def spoken_duration(seconds: float) -> str:
    """``seconds`` as people say it, in the unit that reads best.

    >>> spoken_duration(1800), spoken_duration(1.5), spoken_duration(5400), spoken_duration(172800)
    ('30 minutes', '1.5 seconds', '90 minutes', '2 days')
    """
    if seconds < 120:
        return f"{seconds:g} second{'' if seconds == 1 else 's'}"
    unit, size = next((u, s) for u, s, up_to in (("minute", 60, 7_200), ("hour", 3_600, 172_800),
                                                  ("day", 86_400, float("inf")))
                      if seconds < up_to)
    count = round(seconds / size)
    return f"{count} {unit}{'' if count == 1 else 's'}"

"""What the place around the tables keeps: players, their sessions, whose seat is whose,
finished matches and ratings — in SQL, beside the rooms (:mod:`~twentyeight.server.store`),
on the same database.

Tables (portable SQL: SQLite by default, PostgreSQL the same):

* ``players``: a name (shown as given, unique as :func:`~.accounts.name_key` folds it) and
  the argon2 hash of the password — never the password;
* ``sessions``: the SHA-256 of each session cookie's secret, its player and its expiry;
* ``seat_players``: which player holds the seat whose token hash is ``token_hash`` in a room
  (a signed-in player's seat token is theirs, :func:`~.accounts.seat_token`);
* ``place_keys``: the server's secret key (made once; every process reads the same);
* ``match_results`` and ``match_players``: each finished match once, and each signed-in
  player's part of it (team, won, deals, contracts bid and made, points, every hand);
* ``ratings``: each player's rating per family (openskill's ``mu`` and ``sigma``).

Every call is synchronous and one transaction; :class:`~.place.Place` runs them on the
database's threads.  The match of a room is recorded once whatever the number of processes:
``match_results``' primary key is the room.
"""

from __future__ import annotations

import json
import math
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    Column,
    ColumnElement,
    Connection,
    Engine,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    case,
    create_engine,
    delete,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.pool import StaticPool

from twentyeight.server.store import PLAYING, WAITING, Storage, rooms, seats

metadata = MetaData()

players = Table(
    "players", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("name", String(64), nullable=False),
    Column("name_key", String(128), nullable=False, unique=True),
    Column("password_hash", String(255), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("created_by", String(64), nullable=False),
)

sessions = Table(
    "sessions", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", Integer, nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("sessions_by_player", "player_id"),
)

seat_players = Table(
    "seat_players", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", Integer, nullable=False),
    Index("seat_players_by_player", "player_id"),
)

password_tries = Table(
    "password_tries", metadata,
    Column("account", String(32), primary_key=True),
    Column("level", Float, nullable=False),
    Column("stamp", Float, nullable=False),
)
"""The wrong-password bucket of each name given lately (``Place.sign_in``): in the database,
so that every process of a server counts the same guesses (in each process's memory, N
processes let a guesser try N times as many)."""

place_keys = Table(
    "place_keys", metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

match_results = Table(
    "match_results", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("family", String(8), nullable=False),
    Column("rules", Text, nullable=False),
    Column("finished_at", Float, nullable=False),
    Column("rated", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
)

match_players = Table(
    "match_players", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("player_id", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("team", Integer, nullable=False),
    Column("won", Integer, nullable=False),
    Column("deals", Integer, nullable=False),
    Column("bids", Integer, nullable=False),
    Column("made", Integer, nullable=False),
    Column("points", Integer, nullable=False),
    Column("hands", Text, nullable=False),
    Column("finished_at", Float, nullable=False),
    Index("match_players_by_player", "player_id", "finished_at"),
)

ratings = Table(
    "ratings", metadata,
    Column("player_id", Integer, primary_key=True),
    Column("family", String(8), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ratings_by_family", "family", "mu"),
)

SCHEMA_LOCK = 0x7732_3874
"""PostgreSQL advisory lock taken while creating these tables (processes start together)."""

Rating = tuple[float, float]
"""A rating: openskill's ``(mu, sigma)``."""


@dataclass(frozen=True)
class PlayerRow:
    """A player as stored."""

    id: int
    name: str
    password_hash: str
    created_at: float


@dataclass(frozen=True)
class PlayerPart:
    """One signed-in player's part of a finished match (:mod:`~.history`)."""

    player_id: int
    seat: int
    team: int
    won: bool
    deals: int
    bids: int
    made: int
    points: int
    hands: list[dict[str, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class MatchResult:
    """A finished match: its family and rules, and the parts of its signed-in players."""

    room_id: str
    family: str
    rules: Any
    rated: bool
    deals: int
    parts: list[PlayerPart]
    ranks: list[int]
    """Each team's place (0 the winners) — what the rating update ranks."""


Rater = Callable[[list[list[Rating]], list[int]], list[list[Rating]]]
"""The rating update: teams of ratings and their ranks → the teams' new ratings."""


def place_engine(storage: Storage) -> Engine:
    """The engine of the rooms' own SQL store, or (a store without SQL, in memory) an
    in-memory SQLite database of this process."""
    engine = getattr(storage, "engine", None)
    if isinstance(engine, Engine):
        return engine
    return create_engine("sqlite://", connect_args={"check_same_thread": False},
                         poolclass=StaticPool)


class PlaceStore:
    """Players, sessions, seats held by players, finished matches and ratings (the module)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        with engine.begin() as conn:
            if self.postgres:
                conn.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": SCHEMA_LOCK})
            metadata.create_all(conn)
        self.has_rooms = "rooms" in inspect(engine).get_table_names()
        """Whether the rooms are in this database too (not with ``--db memory://``)."""

    # ---- the server's key ----------------------------------------------------------------
    def server_key(self) -> str:
        """The server's secret key (made by the first process that asks)."""
        with self.engine.begin() as conn:
            got = conn.execute(select(place_keys.c.value)
                               .where(place_keys.c.name == "seats")).scalar()
            if got is not None:
                return str(got)
        try:
            with self.engine.begin() as conn:
                value = secrets.token_urlsafe(48)
                conn.execute(insert(place_keys).values(name="seats", value=value))
                return value
        except IntegrityError:                        # another process was first
            with self.engine.begin() as conn:
                return str(conn.execute(select(place_keys.c.value)
                                        .where(place_keys.c.name == "seats")).scalar_one())

    # ---- players and sessions --------------------------------------------------------
    def add_player(self, name: str, key: str, password_hash: str, client: str) -> int | None:
        """A new player; their id, or ``None`` if the name is taken."""
        try:
            with self.engine.begin() as conn:
                res = conn.execute(insert(players).values(
                    name=name, name_key=key, password_hash=password_hash,
                    created_at=time.time(), created_by=client))
                pk = res.inserted_primary_key
                assert pk is not None
                return int(pk[0])
        except IntegrityError:
            return None

    def player(self, key: str) -> PlayerRow | None:
        """The player whose folded name is ``key``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(players).where(players.c.name_key == key)).first()
        return None if r is None else PlayerRow(r.id, r.name, r.password_hash, r.created_at)

    def player_by_id(self, player_id: int) -> PlayerRow | None:
        """The player of ``player_id``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(players).where(players.c.id == player_id)).first()
        return None if r is None else PlayerRow(r.id, r.name, r.password_hash, r.created_at)

    def delete_player(self, player_id: int, password_hash: str) -> bool:
        """The player deleted, if their password is still ``password_hash``: sessions,
        ratings and matches gone, and the address they signed up from; the row kept with
        :data:`DELETED` for its password, so that nobody signs in to it and its name stays
        taken (a newcomer under it would pass for the player in old tables' records).  Their
        seats at tables under way stay theirs, so that a rated match still rates its other
        players.  Whether it was done."""
        with self.engine.begin() as conn:
            if not _holds(conn, player_id, password_hash):
                return False
            for table in (sessions, ratings, match_players):
                conn.execute(delete(table).where(table.c.player_id == player_id))
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(password_hash=DELETED, created_by=""))
        return True

    def set_password_hash(self, player_id: int, password_hash: str, was: str,
                          keep_session: str | None = None) -> int | None:
        """The player's password hash, if it is still ``was``: a stronger hash of the same
        password (argon2's parameters moved on), or a new password's, which ends every
        session of the player but ``keep_session`` (given: a change of password) in the same
        transaction.  ``None`` if the hash was not ``was`` any more, else the sessions
        ended."""
        with self.engine.begin() as conn:
            if not _holds(conn, player_id, was):
                return None
            conn.execute(update(players).where(players.c.id == player_id)
                         .values(password_hash=password_hash))
            return 0 if keep_session is None else _end_others(conn, player_id, keep_session)

    def add_session(self, token_hash: str, player_id: int, expires_at: float,
                    password_hash: str) -> bool:
        """A new session of ``player_id``, if their password is still ``password_hash`` (the
        one just checked: a sign-in racing a change of password or a deletion gets none);
        whether it was added.  Expired sessions of anyone are dropped meanwhile, and the
        player's oldest beyond :data:`SESSIONS_KEPT` (each sign-in added one, without end,
        for as long as a stranger with many addresses kept signing in)."""
        now = time.time()
        with self.engine.begin() as conn:
            if not _holds(conn, player_id, password_hash):
                return False
            conn.execute(delete(sessions).where(sessions.c.expires_at < now))
            older = conn.execute(select(sessions.c.token_hash)
                                 .where(sessions.c.player_id == player_id)
                                 .order_by(sessions.c.created_at.desc())
                                 .offset(SESSIONS_KEPT - 1)).scalars().all()
            if older:
                conn.execute(delete(sessions).where(sessions.c.token_hash.in_(older)))
            conn.execute(insert(sessions).values(token_hash=token_hash, player_id=player_id,
                                                 created_at=now, expires_at=expires_at))
        return True

    def session(self, token_hash: str) -> tuple[int, str] | None:
        """``(player id, name)`` of the unexpired session ``token_hash``."""
        with self.engine.connect() as conn:
            r = conn.execute(select(players.c.id, players.c.name)
                             .join(sessions, sessions.c.player_id == players.c.id)
                             .where(sessions.c.token_hash == token_hash,
                                    sessions.c.expires_at > time.time())).first()
        return None if r is None else (int(r.id), str(r.name))

    def end_session(self, token_hash: str) -> None:
        """Forget the session ``token_hash``."""
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.token_hash == token_hash))

    def end_other_sessions(self, player_id: int, token_hash: str) -> int:
        """Forget every session of ``player_id`` but ``token_hash`` (sign out everywhere
        else); how many were forgotten."""
        with self.engine.begin() as conn:
            return _end_others(conn, player_id, token_hash)

    # ---- wrong passwords, counted across processes -------------------------------------
    def take_password_try(self, account: str, now: float, rate: float, burst: float) -> float:
        """Spend one of ``account``'s tries (a token bucket of ``burst`` that refills at
        ``rate`` a second, shared by every process): 0 if one was spent, else the seconds
        until one will be (nothing spent).  One conditional ``UPDATE``, so two processes
        never spend the same try; a name with no row yet starts full."""
        level = _level_at(now, rate, burst)
        for _ in range(5):
            with self.engine.begin() as conn:
                spent = conn.execute(update(password_tries)
                                     .where(password_tries.c.account == account, level >= 1)
                                     .values(level=level - 1, stamp=now)).rowcount
                if spent:
                    return 0.0
                row = conn.execute(select(level.label("level"))
                                   .where(password_tries.c.account == account)).first()
                if row is not None and float(row.level) >= 1:
                    continue          # another process made the row meanwhile: spend from it
                if row is not None:
                    return (1 - float(row.level)) / rate if rate > 0 else math.inf
            try:
                with self.engine.begin() as conn:
                    if rate > 0:                            # full again: nothing to keep
                        conn.execute(delete(password_tries)
                                     .where(password_tries.c.stamp < now - burst / rate))
                    conn.execute(insert(password_tries).values(account=account,
                                                               level=burst - 1, stamp=now))
                return 0.0
            except IntegrityError:                  # another process made it meanwhile
                continue
        return 1 / rate if rate > 0 else math.inf

    def give_back_password_try(self, account: str, burst: float) -> None:
        """Return the try :meth:`take_password_try` spent (the password was right, or it
        could not be checked)."""
        back = case((password_tries.c.level + 1 > burst, burst),
                    else_=password_tries.c.level + 1)
        with self.engine.begin() as conn:
            conn.execute(update(password_tries).where(password_tries.c.account == account)
                         .values(level=back))

    # ---- seats held by players -------------------------------------------------------
    def link_seat(self, room_id: str, token_hash: str, player_id: int) -> None:
        """The seat token ``token_hash`` of ``room_id`` is ``player_id``'s (again: no change)."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(seat_players).values(room_id=room_id,
                                                         token_hash=token_hash,
                                                         player_id=player_id))
        except IntegrityError:
            pass

    def seat_owners(self, room_id: str) -> dict[str, int]:
        """``{seat token hash: player id}`` of the room's seats held by players."""
        with self.engine.connect() as conn:
            return {r.token_hash: int(r.player_id) for r in conn.execute(
                select(seat_players).where(seat_players.c.room_id == room_id))}

    def player_seat_rooms(self, player_id: int) -> set[str]:
        """Every room where ``player_id`` holds (or claimed) a seat, whatever its status
        (for a store whose rooms are not in this database: ``--db memory://``)."""
        with self.engine.connect() as conn:
            return {str(r.room_id) for r in conn.execute(
                select(seat_players.c.room_id).where(seat_players.c.player_id == player_id))}

    def player_rooms(self, player_id: int, limit: int = 20) -> list[str]:
        """The rooms waiting or playing where ``player_id`` holds (or claimed) a seat."""
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(
                select(rooms.c.id).join(seat_players, seat_players.c.room_id == rooms.c.id)
                .where(seat_players.c.player_id == player_id,
                       rooms.c.status.in_((WAITING, PLAYING)))
                .order_by(rooms.c.created_at.desc()).limit(limit))]

    # ---- public rooms ----------------------------------------------------------------
    def public_rooms(self, limit: int) -> list[dict[str, Any]]:
        """The public rooms waiting or playing, newest first: id, rules, status, rated, and
        each seat's kind, name and claim (no token, no hash)."""
        with self.engine.connect() as conn:
            found = conn.execute(
                select(rooms.c.id, rooms.c.rules, rooms.c.status, rooms.c.rated)
                .where(rooms.c.public == 1, rooms.c.status.in_((WAITING, PLAYING)))
                .order_by(rooms.c.created_at.desc()).limit(limit)).all()
            ids = [r.id for r in found]
            by_room: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            if ids:
                for s in conn.execute(select(seats.c.room_id, seats.c.seat, seats.c.kind,
                                             seats.c.name, seats.c.claim_name)
                                      .where(seats.c.room_id.in_(ids))
                                      .order_by(seats.c.room_id, seats.c.seat)):
                    by_room[s.room_id].append({"seat": s.seat, "kind": s.kind,
                                               "name": s.name, "claimed": s.claim_name})
        return [{"room": r.id, "rules": json.loads(r.rules), "status": r.status,
                 "rated": bool(r.rated), "seats": by_room[r.id]} for r in found]

    # ---- finished matches and ratings ------------------------------------------------
    def record_match(self, result: MatchResult, rate: Rater) -> bool:
        """Keep a finished match and its players' parts, and (rated) update their ratings,
        in one transaction; ``False`` if the match was kept already (nothing changes)."""
        now = time.time()
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(match_results).values(
                    room_id=result.room_id, family=result.family,
                    rules=json.dumps(result.rules), finished_at=now, rated=int(result.rated),
                    deals=result.deals))
                if result.parts:
                    conn.execute(insert(match_players), [
                        {"room_id": result.room_id, "player_id": p.player_id, "seat": p.seat,
                         "team": p.team, "won": int(p.won), "deals": p.deals, "bids": p.bids,
                         "made": p.made, "points": p.points, "hands": json.dumps(p.hands),
                         "finished_at": now} for p in result.parts])
                if result.rated:
                    self._rate(conn, result, rate, now)
        except IntegrityError:
            return False
        return True

    def _rate(self, conn: Any, result: MatchResult, rate: Rater, now: float) -> None:
        ids = [p.player_id for p in result.parts]
        query = select(ratings).where(ratings.c.family == result.family,
                                      ratings.c.player_id.in_(ids))
        if self.postgres:
            query = query.with_for_update()
        have = {r.player_id: r for r in conn.execute(query)}
        teams = sorted({p.team for p in result.parts})
        members = [[p for p in result.parts if p.team == t] for t in teams]
        old = [[(have[p.player_id].mu, have[p.player_id].sigma) if p.player_id in have
                else DEFAULT for p in team] for team in members]
        new = rate(old, [result.ranks[t] for t in teams])
        for team, values in zip(members, new, strict=True):
            for p, (mu, sigma) in zip(team, values, strict=True):
                if p.player_id in have:
                    conn.execute(update(ratings).where(ratings.c.player_id == p.player_id,
                                                       ratings.c.family == result.family)
                                 .values(mu=mu, sigma=sigma, matches=ratings.c.matches + 1,
                                         updated_at=now))
                else:
                    conn.execute(insert(ratings).values(player_id=p.player_id,
                                                        family=result.family, mu=mu,
                                                        sigma=sigma, matches=1,
                                                        updated_at=now))

    def ratings_of(self, player_id: int) -> dict[str, dict[str, float]]:
        """``{family: {mu, sigma, matches}}`` of a player's ratings."""
        with self.engine.connect() as conn:
            return {r.family: {"mu": r.mu, "sigma": r.sigma, "matches": r.matches}
                    for r in conn.execute(select(ratings)
                                          .where(ratings.c.player_id == player_id))}

    def history(self, player_id: int, limit: int) -> list[dict[str, Any]]:
        """A player's finished matches, newest first, with each hand of their part."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(match_players, match_results.c.family, match_results.c.rules,
                       match_results.c.rated)
                .join(match_results, match_results.c.room_id == match_players.c.room_id)
                .where(match_players.c.player_id == player_id)
                .order_by(match_players.c.finished_at.desc()).limit(limit)).all()
        return [{"room": r.room_id, "family": r.family, "rules": json.loads(r.rules),
                 "rated": bool(r.rated), "finished_at": r.finished_at, "seat": r.seat,
                 "team": r.team, "won": bool(r.won), "deals": r.deals, "bids": r.bids,
                 "made": r.made, "points": r.points, "hands": json.loads(r.hands)}
                for r in rows]

    def totals(self, player_id: int) -> dict[str, dict[str, int]]:
        """Per family: matches, won, deals, contracts bid and made, points."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(match_results.c.family, func.count(), func.sum(match_players.c.won),
                       func.sum(match_players.c.deals), func.sum(match_players.c.bids),
                       func.sum(match_players.c.made), func.sum(match_players.c.points))
                .join(match_results, match_results.c.room_id == match_players.c.room_id)
                .where(match_players.c.player_id == player_id)
                .group_by(match_results.c.family)).all()
        return {r[0]: {"matches": int(r[1]), "won": int(r[2] or 0), "deals": int(r[3] or 0),
                       "bids": int(r[4] or 0), "made": int(r[5] or 0),
                       "points": int(r[6] or 0)} for r in rows}

    def leaderboard(self, family: str, limit: int) -> list[dict[str, Any]]:
        """The ``limit`` best rated players of ``family`` (by the rating shown, then name),
        ordered and cut by the database: the whole family was read and sorted here, on every
        request of a GET that nothing limits."""
        rating = (ratings.c.mu - SHOWN_SIGMAS * ratings.c.sigma).label("rating")
        # not a deleted player's (a rated match under way when they left rates them still)
        with self.engine.connect() as conn:
            rows = conn.execute(select(players.c.name, ratings.c.mu, ratings.c.sigma,
                                       ratings.c.matches, rating)
                                .join(players, players.c.id == ratings.c.player_id)
                                .where(ratings.c.family == family,
                                       players.c.password_hash != DELETED)
                                .order_by(rating.desc(), players.c.name)
                                .limit(limit)).all()
        return [{"name": r.name, "mu": r.mu, "sigma": r.sigma, "matches": r.matches,
                 "rating": float(r.rating)} for r in rows]


def _holds(conn: Connection, player_id: int, password_hash: str) -> bool:
    """Whether ``player_id``'s password is still ``password_hash`` (and they are not deleted),
    their row locked for the rest of the transaction (PostgreSQL: ``FOR UPDATE``; SQLite
    writes one at a time)."""
    now = conn.execute(select(players.c.password_hash).where(players.c.id == player_id)
                       .with_for_update()).scalar()
    return now is not None and now == password_hash and now != DELETED


def _end_others(conn: Connection, player_id: int, keep: str) -> int:
    """Forget every session of ``player_id`` but ``keep``; how many were forgotten."""
    gone = conn.execute(delete(sessions).where(sessions.c.player_id == player_id,
                                               sessions.c.token_hash != keep))
    return int(gone.rowcount)


DELETED = "!deleted"
"""The password hash of a deleted player: no password's (argon2 reads no hash in it)."""

SESSIONS_KEPT = 16
"""A player's sessions kept at once (browsers signed in): a 17th sign-in signs the oldest
out."""
SHOWN_SIGMAS = 3
"""The rating shown and ranked is ``mu − SHOWN_SIGMAS·sigma`` (:func:`.ratings.shown`): a new
player starts at 0 and rises with wins and with the certainty their results bring."""
DEFAULT: Rating = (25.0, 25.0 / 3)
"""A new player's rating (openskill's defaults)."""


def _level_at(now: float, rate: float, burst: float) -> ColumnElement[float]:
    """A ``password_tries`` row's tries at ``now``: refilled since its stamp, at most
    ``burst``."""
    refilled = password_tries.c.level + (now - password_tries.c.stamp) * rate
    return case((refilled > burst, burst), else_=refilled)

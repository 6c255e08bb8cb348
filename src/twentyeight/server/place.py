"""The place around the tables: public tables and quick play, players and their sessions,
seats that belong to players, the profile, ratings and the leaderboard (docs/online.md,
docs/protocol.md).

HTTP (JSON, every refusal ``{"error", "message"}``):

* ``GET /api/rooms`` — the public tables with a free seat or not started (:mod:`.listing`);
* ``POST /api/quickplay`` — sit at a public table of a preset, or at a new one with computer
  players in the other seats;
* ``POST /api/players`` (sign up), ``POST /api/session`` (sign in), ``DELETE /api/session``
  (sign out), ``DELETE /api/session/others`` (sign out every other browser), ``POST
  /api/session/password`` (a new password), ``DELETE /api/session/player`` (delete the
  player), ``GET /api/session`` (who am I, and the tables where I sit);
* ``GET /api/rooms/{id}/mine`` — a signed-in player's seat of a room, from any browser;
* ``GET /api/players/{name}`` — a player's profile: ratings, totals per family, matches;
* ``GET /api/leaderboard?family=28`` — the rated players of a family;
* ``GET /api/rooms/{id}/record/hands/{n}`` — one hand's record of a finished match;
* pages: ``/signin``, ``/players/{name}``, ``/leaderboard``.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from fastapi import FastAPI, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field, StrictStr

from twentyeight.rules import PRESETS
from twentyeight.server import assets
from twentyeight.server.accounts import (
    COOKIE,
    GUEST_COOKIE,
    SESSION_DAYS,
    Passwords,
    check_password,
    clean_player_name,
    former_name_keys,
    legacy_name_key,
    name_key,
    seat_token,
)
from twentyeight.server.history import summarise
from twentyeight.server.hub import Hub
from twentyeight.server.limits import PerClient, client_of, short_hash
from twentyeight.server.listing import listing, quick_pick, row_of
from twentyeight.server.lobby import NewRoom, SeatAsk, Seated, clean_name, rules_from
from twentyeight.server.place_store import DELETED, PlaceStore, PlayerRow, place_engine
from twentyeight.server.quiet import keep_secrets_out_of_logs
from twentyeight.server.ratings import FAMILIES, rate, rules_not_rated, shown
from twentyeight.server.refusal import RoomError
from twentyeight.server.room import HUMAN, Room, new_token, token_hash
from twentyeight.server.store import PLAYING, WAITING

log = logging.getLogger("twentyeight.server")

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)
Body = Callable[[Request, type[M]], Awaitable[M]]

HISTORY = 50
"""Matches a profile shows (the newest)."""
LEADERS = 100
"""Players a leaderboard shows."""
LISTING_SECONDS = 1.0
"""How long one listing of the public tables is reused (the lobbies poll it)."""
QUICK_TRIES = 5
"""Tables quick play tries before it makes one."""


class Credentials(BaseModel):
    """``POST /api/players`` and ``POST /api/session``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: StrictStr = Field(max_length=64)
    password: StrictStr = Field(max_length=256)


class PasswordChange(BaseModel):
    """``POST /api/session/password``: the current password and the new one."""

    model_config = ConfigDict(extra="forbid", strict=True)
    password: StrictStr = Field(max_length=256)
    new_password: StrictStr = Field(max_length=256)


def _wrong_password() -> RoomError:
    """The one refusal of a password that is not the player's (or no longer is)."""
    return RoomError(403, "wrong_password", "that name and password do not match")


class NoBody(BaseModel):
    """A request that says nothing but its address (``DELETE /api/session``): read all the
    same, so that it is counted among its address's requests."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Confirm(BaseModel):
    """``DELETE /api/session/player``: the password, asked again."""

    model_config = ConfigDict(extra="forbid", strict=True)
    password: StrictStr = Field(max_length=256)


class QuickPlay(BaseModel):
    """``POST /api/quickplay``."""

    model_config = ConfigDict(extra="forbid", strict=True)
    rules: StrictStr = Field(default="28", max_length=32)
    name: StrictStr | None = Field(default=None, max_length=64)


class Player:
    """A signed-in player (from the session cookie)."""

    __slots__ = ("id", "name")

    def __init__(self, player_id: int, name: str) -> None:
        self.id = player_id
        self.name = name


class Place:
    """Players, public tables and ratings over one hub (see the module)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.settings = hub.settings
        limits = hub.settings.limits
        self.limits = limits
        self.store = PlaceStore(place_engine(hub.db.storage))
        self.passwords = Passwords(limits.passwords_hashing, limits.passwords_waiting)
        self.signups = PerClient(limits.signups_per_hour / 3600, limits.signups_per_hour)
        self.signins = PerClient(limits.signins_per_minute / 60, limits.signins_per_minute)
        self.key: str | None = None
        self.listed: tuple[float, list[dict[str, Any]]] = (-1e9, [])
        self.tasks: set[asyncio.Task[None]] = set()
        hub.authority.finished = self.finished
        hub.table.rematches.owners = self

    # ---- the database's threads --------------------------------------------------------
    async def _read(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.hub.db.readers, fn, *args)

    async def _write(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.hub.db.writer, fn, *args)

    async def server_key(self) -> str:
        """The server's secret key (seat tokens of players are derived from it)."""
        if self.key is None:
            self.key = await self._write(self.store.server_key)
        return self.key

    def close(self) -> None:
        """Stop hashing passwords."""
        self.passwords.close()

    # ---- sessions ----------------------------------------------------------------------
    async def player(self, request: Request) -> Player | None:
        """The signed-in player of ``request`` (its session cookie), if any."""
        secret = request.cookies.get(COOKIE)
        if not secret or len(secret) > 128:
            return None
        got = await self._read(self.store.session, token_hash(secret))
        return None if got is None else Player(*got)

    async def sign_up(self, request: Request, ask: Credentials, response: Response) -> Player:
        """A new player, signed in."""
        client = client_of(request)
        name = clean_player_name(ask.name)
        check_password(ask.password, name)
        if not self.signups.take(client, self.hub.now()):
            raise RoomError(429, "too_many_signups", f"at most "
                            f"{self.limits.signups_per_hour} sign-ups an hour from your "
                            "address; wait a little")
        key = name_key(name)
        for former in former_name_keys(name):
            if await self._read(self.store.player, former) is not None:
                raise RoomError(409, "name_taken", "that name is taken; choose another")
        digest = await self.passwords.hash(ask.password)
        player_id = await self._write(self.store.add_player, name, key, digest, client)
        if player_id is None:
            raise RoomError(409, "name_taken", "that name is taken; choose another")
        await self._session(request, response, player_id, digest)
        return Player(player_id, name)

    async def sign_in(self, request: Request, ask: Credentials, response: Response) -> Player:
        """The player of the name and password, signed in.  Sign-ins are limited per address
        (``signins_per_minute``) and wrong passwords per player (``wrong_passwords_per_hour``,
        per name where no player has it, however the name is spelt): a player given too
        many is refused before the password is checked, the right password too, until the
        bucket has refilled."""
        self._take_sign_in(request)
        found = await self._player_named(ask.name)
        account = f"player:{found.id}" if found else f"name:{name_key(ask.name.strip())}"
        found = await self._checked(found, ask.password, account)
        await self._session(request, response, found.id, found.password_hash)
        return Player(found.id, found.name)

    def _take_sign_in(self, request: Request) -> None:
        """One of the address's sign-in attempts (``signins_per_minute``); 429 past them."""
        if not self.signins.take(client_of(request), self.hub.now()):
            raise RoomError(429, "too_many_signins", f"at most "
                            f"{self.limits.signins_per_minute} sign-in attempts a minute from "
                            "your address; wait a little")

    async def _checked(self, found: PlayerRow | None, password: str,
                       account: str) -> PlayerRow:
        """``found`` if ``password`` is theirs, under the limit of wrong passwords per
        ``account`` (its bucket of tries); 403 ``wrong_password``."""
        bucket = short_hash(account)
        per_hour = self.limits.wrong_passwords_per_hour
        wait = min(await self._write(self.store.take_password_try, bucket, self.hub.wall(),
                                     per_hour / 3600, per_hour), 3600.0)
        if wait > 0:                 # refused before any password is checked: nothing spent
            minutes = math.ceil(wait / 60)
            raise RoomError(429, "too_many_wrong_passwords", "too many wrong passwords for "
                            f"this name lately; try again in {minutes} minute"
                            f"{'s' if minutes > 1 else ''} (a browser signed in to it stays "
                            "signed in)", retry_after=math.ceil(wait))
        try:                                  # the try spent is kept if the password is wrong
            ok = await self.passwords.verify(found.password_hash if found else None,
                                             password)
        except BaseException:               # busy, failed or cancelled: not a wrong one
            task = asyncio.get_running_loop().create_task(self._give_back_try(bucket))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
            raise
        if found is None or not ok:
            raise _wrong_password()
        await self._give_back_try(bucket)
        if self.passwords.needs_rehash(found.password_hash):
            stronger = await self.passwords.hash(password)
            if await self._write(self.store.set_password_hash, found.id, stronger,
                                 found.password_hash) is not None:
                found = PlayerRow(found.id, found.name, stronger, found.created_at)
        return found

    async def _confirmed(self, request: Request, password: str) -> tuple[PlayerRow, str]:
        """The signed-in player, their password given again (for a change of password or a
        deletion), and this browser's session; its wrong tries are counted per session, so
        that a stranger's wrong guesses at the name do not lock the owner out of these.
        401 ``session_ended`` without a session; 403 ``wrong_password``."""
        player = await self._signed_in(request)
        self._take_sign_in(request)
        session = token_hash(request.cookies.get(COOKIE, ""))
        found = await self._read(self.store.player_by_id, player.id)
        return await self._checked(found, password, f"session:{session}"), session

    async def change_password(self, request: Request, ask: PasswordChange) -> int:
        """The signed-in player's password changed: the current one is asked again, and
        every other session of the player ends with it, in one transaction (whoever knew
        the old password is signed out, a sign-in checking it meanwhile too); how many
        ended.  401 without a session."""
        check_password(ask.new_password)
        found, session = await self._confirmed(request, ask.password)
        check_password(ask.new_password, found.name)
        digest = await self.passwords.hash(ask.new_password)
        ended = await self._write(self.store.set_password_hash, found.id, digest,
                                  found.password_hash, session)
        if ended is None:                      # changed (or deleted) meanwhile
            raise _wrong_password()
        return int(ended)

    async def delete_player(self, request: Request, ask: Confirm, response: Response) -> None:
        """The signed-in player deleted (the password asked again): their ratings, matches
        and sessions go, this browser is signed out, and the name stays taken.  401 without
        a session."""
        found, _ = await self._confirmed(request, ask.password)
        if not await self._write(self.store.delete_player, found.id, found.password_hash):
            raise _wrong_password()
        await self.sign_out(request, response)

    async def _signed_in(self, request: Request) -> Player:
        """The signed-in player of ``request``; 401 ``session_ended`` without one."""
        player = await self.player(request)
        if player is None:
            raise RoomError(401, "session_ended", "you are not signed in here any more: "
                            "sign in again")
        return player

    async def _give_back_try(self, account: str) -> None:
        """Return the wrong-password try a sign-in spent (the password was right, or could
        not be checked)."""
        await self._write(self.store.give_back_password_try, account,
                          self.limits.wrong_passwords_per_hour)

    async def _player_named(self, name: str) -> PlayerRow | None:
        """The player of ``name``: as :func:`name_key` folds it, or under a key it had before
        (:func:`former_name_keys`), where a player who signed up then is kept.  Where both
        find one (a name that passed for none then and for another's now), the player who
        wrote the name so."""
        name = name.strip()
        found: list[PlayerRow] = []
        for key in [name_key(name), *former_name_keys(name)]:
            row: PlayerRow | None = await self._read(self.store.player, key)
            if row is not None:
                found.append(row)
        written = legacy_name_key(name)
        return next((r for r in found if legacy_name_key(r.name) == written),
                    found[0] if found else None)

    async def _session(self, request: Request, response: Response, player_id: int,
                       password_hash: str) -> None:
        """A new session of ``player_id`` for this browser, if their password is still
        ``password_hash``, the one just checked (else a change of password or a deletion came
        first: 403)."""
        secret = new_token()
        if not await self._write(self.store.add_session, token_hash(secret), player_id,
                                 time.time() + SESSION_DAYS * 86400, password_hash):
            raise _wrong_password()
        response.set_cookie(COOKIE, secret, max_age=SESSION_DAYS * 86400, path="/",
                            httponly=True, samesite="lax", secure=self.secure(request))

    def secure(self, request: Request) -> bool:
        """Whether the session cookie is marked ``Secure`` (HTTPS, or ``--behind-https``)."""
        return self.settings.behind_https or request.url.scheme == "https"

    async def sign_out(self, request: Request, response: Response) -> None:
        """Forget this browser's session."""
        secret = request.cookies.get(COOKIE)
        if secret and len(secret) <= 128:
            await self._write(self.store.end_session, token_hash(secret))
        response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax",
                               secure=self.secure(request))

    async def sign_out_elsewhere(self, request: Request) -> int:
        """End every other session of this browser's player (a phone lost, a shared
        computer left signed in); how many ended.  401 without a session."""
        player = await self._signed_in(request)
        ended: int = await self._write(self.store.end_other_sessions, player.id,
                                       token_hash(request.cookies.get(COOKIE, "")))
        return ended

    # ---- seats -------------------------------------------------------------------------
    async def take_seat(self, request: Request, room_id: str, seat: int,
                        ask: SeatAsk, response: Response | None = None) -> Seated:
        """Take a seat (:meth:`Lobby.take_seat`, from ``request``'s client): a signed-in
        player with their own seat token and name; a rated table only for signed-in players;
        a guest at a public table with the seat token of its guest cookie (set on
        ``response`` when new)."""
        player = await self.player(request)
        room = await self.hub.lobby.current(room_id)
        client = client_of(request)
        if player is None:
            if room.rated:
                raise RoomError(403, "sign_in_to_play_rated", "a rated table seats signed-in "
                                "players only: sign in (or sign up) first")
            if room.public:
                await self._not_a_players_name(ask.name)
                mine = seat_token(await self.server_key(), room.id,
                                  "guest:" + self.guest(request, response))
                ask = SeatAsk(name=ask.name, invite=ask.invite, token=mine,
                              host_token=ask.host_token, seat_token=mine)
            seated = await self.hub.lobby.take_seat(room_id, seat, replace(ask, client=client))
            self.listed = (-1e9, [])                  # the lobbies here see it at once
            return seated
        mine = seat_token(await self.server_key(), room.id, player.id)
        seated = await self.hub.lobby.take_seat(room_id, seat, SeatAsk(
            name=player.name, invite=ask.invite, token=mine, host_token=ask.host_token,
            seat_token=mine, client=client))
        await self._write(self.store.link_seat, room.id, token_hash(mine), player.id)
        self.listed = (-1e9, [])
        return seated

    async def _not_a_players_name(self, name: str | None) -> None:
        """409 ``name_taken`` if a guest would sit at a table of strangers under a signed-up
        player's name (as :func:`name_key` folds it: "ΑSHA" is Asha's too), where the others
        could take the guest for that player (an attack walk sat as a registered player)."""
        if name and name.strip() and await self._player_named(name) is not None:
            raise RoomError(409, "name_taken", "that name belongs to a signed-up player: sit "
                            "under another name, or sign in if it is yours")

    def guest(self, request: Request, response: Response | None) -> str:
        """The guest secret of ``request``'s browser, made (and set on ``response``) when it
        has none."""
        secret = request.cookies.get(GUEST_COOKIE)
        if secret and 16 <= len(secret) <= 64 and secret.isascii():
            return secret
        secret = new_token()
        if response is not None:
            response.set_cookie(GUEST_COOKIE, secret, max_age=SESSION_DAYS * 86400, path="/",
                                httponly=True, samesite="lax", secure=self.secure(request))
        return secret

    async def carried(self, old_room: str, new_room: str, seat_hash: str
                      ) -> tuple[str, int] | None:
        """The rematch's seat token of the player of ``seat_hash`` in ``old_room``
        (:class:`~.rematch.Owners`)."""
        player_id = (await self._read(self.store.seat_owners, old_room)).get(seat_hash)
        if player_id is None:
            return None
        return seat_token(await self.server_key(), new_room, player_id), player_id

    async def link(self, room_id: str, token: str, player_id: int) -> None:
        """``token`` of ``room_id`` is ``player_id``'s seat (:class:`~.rematch.Owners`)."""
        await self._write(self.store.link_seat, room_id, token_hash(token), player_id)

    async def mine(self, request: Request, room_id: str) -> dict[str, Any]:
        """The signed-in player's seat of ``room_id`` and its token (from any browser)."""
        player = await self.player(request)
        if player is None:
            raise RoomError(403, "not_signed_in", "sign in to find your seats")
        room = await self.hub.lobby.current(room_id)
        mine = seat_token(await self.server_key(), room.id, player.id)
        seat, pending = room.seat_of(mine), False
        if seat is None:
            seat, pending = room.claim_of(mine), True
        if seat is None:
            raise RoomError(404, "no_seat", "you hold no seat at this table")
        return {"room": room.id, "seat": seat, "token": mine, "pending": pending}

    async def player_rooms(self, player_id: int, limit: int = 20) -> list[str]:
        """The rooms waiting or playing where ``player_id`` holds (or claimed) a seat,
        newest first: from the database, or (rooms in this process's memory only) from the
        rooms here."""
        if self.store.has_rooms:
            return await self._read(self.store.player_rooms, player_id, limit)
        held = await self._read(self.store.player_seat_rooms, player_id)
        return [r.id for r in reversed(self.hub.rooms.values())
                if r.id in held and r.status in (WAITING, PLAYING)][:limit]

    # ---- public tables -----------------------------------------------------------------
    async def public(self, fresh: bool = False) -> list[dict[str, Any]]:
        """The listing of public tables (reused for a second unless ``fresh``), but those
        whose people left (:meth:`~.room.Room.abandoned`: a usability walk found the lobby
        full of tables under way that nobody was at)."""
        at, entries = self.listed
        now = self.hub.now()
        if fresh or now - at > LISTING_SECONDS:
            limit = self.limits.public_rooms_listed
            if self.store.has_rooms:
                rows = await self._read(self.store.public_rooms, limit * 2)
            else:
                rows = [row_of(r) for r in reversed(self.hub.rooms.values()) if r.public]
            entries = listing((row for row in rows if not self._left(row["room"], now)), limit)
            self.listed = (now, entries)
        return entries

    def _left(self, room_id: str, now: float) -> bool:
        """Whether the people of public table ``room_id`` left it (:meth:`Room.abandoned`)."""
        room = self.hub.rooms.get(room_id)
        return room is not None and room.abandoned(now, self.limits.public_away_seconds)

    async def quick_play(self, request: Request, ask: QuickPlay,
                         response: Response | None = None) -> dict[str, Any]:
        """Sit at a public table of ``ask.rules`` with a free seat, or make one (public,
        computer players in the other seats, started at once)."""
        if ask.rules not in PRESETS:
            raise RoomError(400, "bad_rules", "quick play takes a preset's name (GET "
                            "/api/presets lists them)")
        if await self.player(request) is None:      # (a player sits under their own name)
            clean_name(ask.name, 0)       # a name refused before any table is made for it
            await self._not_a_players_name(ask.name)
        seat_ask = SeatAsk(name=ask.name)
        tried = 0
        for room_id, seat in quick_pick(await self.public(fresh=True), ask.rules):
            if tried >= QUICK_TRIES:
                break
            try:
                room = await self.hub.lobby.current(room_id)
                nobody_there = room.status == WAITING and not room.awaited(
                    self.hub.now(), self.limits.public_away_seconds)
                if nobody_there or not self.standard(room):
                    continue
                tried += 1
                seated = await self.take_seat(request, room_id, seat, seat_ask, response)
            except RoomError as e:
                if e.status in (409, 404, 410):        # taken meanwhile, or gone: the next one
                    continue
                raise
            return _seated(room_id, seat, seated)
        made = await self.hub.lobby.create_room(NewRoom(
            rules=rules_from(ask.rules, {}), public=True, client=client_of(request)))
        seated = await self.take_seat(request, made.room.id, 0, SeatAsk(
            name=ask.name, host_token=made.host_token), response)
        await self.hub.lobby.start(made.room.id, made.host_token)
        return {**_seated(made.room.id, 0, seated), "host_token": made.host_token,
                "invite": made.invite}

    def standard(self, room: Room) -> bool:
        """Whether quick play may seat a stranger at ``room``: no clock longer, and no
        computer slower, than the server's own (those of the tables quick play makes).  A
        stranger's public table with a turn clock of an hour and a day's takeover would
        otherwise take every quick player, and one person at it could hold them for an
        hour a turn."""
        s = self.settings
        return room.turn_seconds <= s.turn_seconds and room.takeover_seconds <= \
            s.takeover_seconds and room.bot_delay <= max(s.bot_delay, self.limits.min_bot_delay)

    # ---- finished matches --------------------------------------------------------------
    def finished(self, room: Room) -> None:
        """A match ended (its last action committed here): keep it and its ratings."""
        task = asyncio.get_running_loop().create_task(self._keep(room))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _keep(self, room: Room) -> None:
        match = room.match
        if match is None:
            return
        try:
            owners = await self._read(self.store.seat_owners, room.id)
            players = {k: owners[s.token_hash] for k, s in enumerate(room.seats)
                       if s.kind == HUMAN and s.token_hash in owners}
            rated = room.rated and len(players) == len(room.seats) and \
                not rules_not_rated(room.rules) and await self._everyone_played(room)
            result = summarise(room.id, match, players, rated)
            await self._write(self.store.record_match, result, rate)
        except Exception:
            log.exception("room %s: the finished match could not be kept", room.id)

    async def _everyone_played(self, room: Room) -> bool:
        """Whether each seat's person made a decision of their own in the match: one whose
        every card a computer played for them (never there, or away from the first deal)
        did not play it, and it moves no rating — else a host could deal rated matches to
        players who never came, as an attack script did."""
        got = await self.hub.db.changes(room.id, 0)
        if got is None:
            return False
        played = {a.seat for a in got[1] if a.source == "player"}
        return played >= set(range(len(room.seats)))

    # ---- profile and leaderboard -------------------------------------------------------
    async def profile(self, name: str, viewer: Player | None = None) -> dict[str, Any]:
        """A player's profile (see the module), as ``viewer`` (the signed-in player asking,
        if any) may see it: the rooms of the matches, which lead to their records, their
        table talk and their rematches, only to the player themself.  A stranger who knew
        a name read the ids of that player's private tables off the profile, and followed
        their friends from rematch to rematch."""
        found = await self._player_named(name) if 0 < len(name) <= 64 else None
        if found is None or found.password_hash == DELETED:
            raise RoomError(404, "no_player", "there is no player of that name")
        rated = await self._read(self.store.ratings_of, found.id)
        totals = await self._read(self.store.totals, found.id)
        matches = await self._read(self.store.history, found.id, HISTORY)
        if viewer is None or viewer.id != found.id:
            matches = [{**m, "room": None} for m in matches]
        families = {f: {**t, "points_per_deal": round(t["points"] / t["deals"], 3)
                        if t["deals"] else 0.0} for f, t in totals.items()}
        return {"name": found.name, "since": found.created_at,
                "ratings": {f: {**r, "rating": round(shown(r["mu"], r["sigma"]), 3)}
                            for f, r in rated.items()},
                "families": families, "matches": matches}

    async def leaderboard(self, family: str) -> dict[str, Any]:
        """The rated players of ``family``, best first."""
        if family not in FAMILIES:
            raise RoomError(400, "bad_family", f"family is one of {', '.join(FAMILIES)}")
        rows = await self._read(self.store.leaderboard, family, LEADERS)
        return {"family": family, "players": [
            {**r, "rank": i + 1, "rating": round(r["rating"], 3)} for i, r in enumerate(rows)]}

    async def hand_record(self, room_id: str, hand: str) -> dict[str, Any]:
        """One hand's record (RECORDS.md) of a finished match."""
        record = await self.hub.lobby.record(room_id)
        hands = record["hands_played"]
        if not (hand.isascii() and hand.isdigit() and len(hand) <= 4) or int(hand) >= len(hands):
            raise RoomError(404, "no_hand", f"the match has hands 0 to {len(hands) - 1}")
        return {"rules": record["rules"], **hands[int(hand)]}


def _seated(room_id: str, seat: int, seated: Seated) -> dict[str, Any]:
    out: dict[str, Any] = {"room": room_id, "seat": seat, "token": seated.token,
                           "pending": seated.pending, "path": f"/r/{room_id}"}
    if seated.pending:
        out["from_hand"] = seated.from_hand
    return out


def install(app: FastAPI, hub: Hub, body: Body[Any], static: Path) -> Place:
    """Add the place's routes and pages to ``app`` (see the module)."""
    place = Place(hub)
    keep_secrets_out_of_logs()

    @app.get("/api/rooms")
    async def public_rooms() -> dict[str, Any]:
        return {"rooms": await place.public()}

    @app.post("/api/quickplay")
    async def quick_play(request: Request, response: Response) -> dict[str, Any]:
        return await place.quick_play(request, await body(request, QuickPlay), response)

    @app.post("/api/players", status_code=201)
    async def sign_up(request: Request, response: Response) -> dict[str, Any]:
        player = await place.sign_up(request, await body(request, Credentials), response)
        return {"player": {"name": player.name}}

    @app.post("/api/session")
    async def sign_in(request: Request, response: Response) -> dict[str, Any]:
        player = await place.sign_in(request, await body(request, Credentials), response)
        return {"player": {"name": player.name}}

    @app.delete("/api/session")
    async def sign_out(request: Request, response: Response) -> dict[str, Any]:
        await body(request, NoBody)             # (counted among the address's requests)
        await place.sign_out(request, response)
        return {"player": None}

    @app.post("/api/session/password")
    async def change_password(request: Request) -> dict[str, Any]:
        return {"ended": await place.change_password(request,
                                                     await body(request, PasswordChange))}

    @app.delete("/api/session/player")
    async def delete_player(request: Request, response: Response) -> dict[str, Any]:
        await place.delete_player(request, await body(request, Confirm), response)
        return {"player": None}

    @app.delete("/api/session/others")
    async def sign_out_elsewhere(request: Request) -> dict[str, Any]:
        await body(request, NoBody)             # (counted among the address's requests)
        return {"ended": await place.sign_out_elsewhere(request)}

    @app.get("/api/session")
    async def who(request: Request) -> dict[str, Any]:
        player = await place.player(request)
        if player is None:
            return {"player": None, "rooms": []}
        return {"player": {"name": player.name}, "rooms": await place.player_rooms(player.id)}

    @app.get("/api/rooms/{room_id}/mine")
    async def mine(room_id: str, request: Request) -> dict[str, Any]:
        return await place.mine(request, room_id)

    @app.get("/api/rooms/{room_id}/record/hands/{hand}")
    async def hand_record(room_id: str, hand: str) -> dict[str, Any]:
        return await place.hand_record(room_id, hand)

    @app.get("/api/players/{name}")
    async def profile(name: str, request: Request) -> dict[str, Any]:
        return await place.profile(name, await place.player(request))

    @app.get("/api/leaderboard")
    async def leaderboard(family: str = "28") -> dict[str, Any]:
        return await place.leaderboard(family[:8])

    for path, page in (("/signin", "signin.html"), ("/leaderboard", "leaderboard.html")):
        app.add_api_route(path, _page(static / page), include_in_schema=False)

    @app.get("/players/{name}", include_in_schema=False)
    async def profile_page(name: str) -> HTMLResponse:
        return assets.page(static / "profile.html")

    return place


def _page(path: Path) -> Callable[[], Awaitable[HTMLResponse]]:
    async def page() -> HTMLResponse:
        return assets.page(path)
    return page


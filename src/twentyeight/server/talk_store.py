"""What a room keeps besides its match: the table talk (the latest lines), the room its
rematch was dealt in, and which sides have claimed the remaining tricks in which hand.  None
of it is part of the game record.

The talk is stored in the room's own database (a table of its own, ``talk``, beside the
rooms), so it survives a reload and a restart of the server; only the latest ``keep`` lines
of a room are kept.  :class:`SqlTalk` works on the engine of a
:class:`~twentyeight.server.store.SqlStore`; :class:`MemoryTalk` keeps the same in memory
(for ``memory://`` and the tests).  Calls are synchronous: the caller runs them on a thread.
"""

from __future__ import annotations

import json
from collections import deque
from typing import Any, Protocol

from sqlalchemy import (
    Column,
    Engine,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    func,
    insert,
)
from sqlalchemy import select as select_
from sqlalchemy.exc import IntegrityError

Line = dict[str, Any]
"""One line of talk as told to clients: ``n``, ``seat``, ``name`` and ``text`` or ``phrase``."""

RETRIES = 8
"""How often a line is tried again after another process added one at the same moment."""

metadata = MetaData()

talk = Table(
    "talk", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("line", Text, nullable=False),
)

rematches = Table(
    "rematches", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("next_room", String(32), nullable=False),
)

rematch_votes = Table(
    "rematch_votes", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
)

claims_made = Table(
    "claims_made", metadata,
    Column("room_id", String(32), primary_key=True),
    Column("hand", Integer, primary_key=True),
    Column("side", Integer, primary_key=True),
)
"""One row per claim of the remaining tricks: the hand (0 the first) and the side's seats as
bits (seat ``s`` is bit ``1 << s``)."""


class TalkStore(Protocol):
    """Where a room's talk, its rematch and the votes for it are kept (shared by every
    process of a database)."""

    def add(self, room_id: str, line: Line, keep: int) -> int:
        """Keep ``line`` as the room's next one (its number, ``n``, is returned) and forget
        all but the latest ``keep``."""

    def lines(self, room_id: str, after: int = 0) -> list[Line]:
        """The kept lines numbered above ``after``, oldest first."""

    def link_rematch(self, room_id: str, next_room: str) -> bool:
        """Note that ``room_id``'s rematch is ``next_room``; ``False`` if it had one already."""

    def rematch_of(self, room_id: str) -> str | None:
        """The room of ``room_id``'s rematch, if there is one."""

    def vote_rematch(self, room_id: str, seat: int) -> set[int]:
        """``seat`` asks for ``room_id``'s rematch; the seats that have (on any process)."""

    def rematch_votes(self, room_id: str) -> set[int]:
        """The seats that asked for ``room_id``'s rematch."""

    def claim_once(self, room_id: str, hand: int, side: int) -> bool:
        """Note that the side ``side`` (its seats as bits) claims the remaining tricks in hand
        ``hand``; ``False`` if it had already (on any process, before any restart)."""


class SqlTalk:
    """The talk in the server's SQL database (its own tables)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        with engine.begin() as conn:
            metadata.create_all(conn)

    def add(self, room_id: str, line: Line, keep: int) -> int:
        """Insert the line after the room's last and drop the ones that fell out of the
        window; two processes adding at once: the primary key refuses one, which tries
        again after the other."""
        for _ in range(RETRIES):
            try:
                with self.engine.begin() as conn:
                    last = conn.execute(select_(func.max(talk.c.n))
                                        .where(talk.c.room_id == room_id)).scalar()
                    n = int(last or 0) + 1
                    conn.execute(insert(talk).values(room_id=room_id, n=n,
                                                     line=json.dumps({**line, "n": n})))
                    conn.execute(delete(talk).where(talk.c.room_id == room_id,
                                                    talk.c.n <= n - keep))
                    return n
            except IntegrityError:
                continue
        raise RuntimeError(f"room {room_id}: the talk kept changing")

    def lines(self, room_id: str, after: int = 0) -> list[Line]:
        """The kept lines after ``after``."""
        with self.engine.connect() as conn:
            rows = conn.execute(select_(talk.c.line)
                                .where(talk.c.room_id == room_id, talk.c.n > after)
                                .order_by(talk.c.n)).all()
        return [json.loads(r.line) for r in rows]

    def link_rematch(self, room_id: str, next_room: str) -> bool:
        """One rematch per room: the primary key refuses a second."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(rematches).values(room_id=room_id, next_room=next_room))
        except IntegrityError:
            return False
        return True

    def rematch_of(self, room_id: str) -> str | None:
        """The stored link, if any."""
        with self.engine.connect() as conn:
            row = conn.execute(select_(rematches.c.next_room)
                               .where(rematches.c.room_id == room_id)).first()
        return None if row is None else str(row.next_room)

    def vote_rematch(self, room_id: str, seat: int) -> set[int]:
        """Insert the vote (again: no change) and read them all."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(rematch_votes).values(room_id=room_id, seat=seat))
        except IntegrityError:
            pass
        return self.rematch_votes(room_id)

    def rematch_votes(self, room_id: str) -> set[int]:
        """The stored votes."""
        with self.engine.connect() as conn:
            return {int(r.seat) for r in conn.execute(
                select_(rematch_votes.c.seat).where(rematch_votes.c.room_id == room_id))}

    def claim_once(self, room_id: str, hand: int, side: int) -> bool:
        """One claim per side per hand: the primary key refuses a second."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(claims_made).values(room_id=room_id, hand=hand, side=side))
        except IntegrityError:
            return False
        return True


class MemoryTalk:
    """The same in this process's memory."""

    def __init__(self) -> None:
        self.talk: dict[str, deque[Line]] = {}
        self.rematches: dict[str, str] = {}
        self.votes: dict[str, set[int]] = {}
        self.claimed: set[tuple[str, int, int]] = set()

    def add(self, room_id: str, line: Line, keep: int) -> int:
        """Keep the line (at most ``keep`` per room)."""
        kept = self.talk.setdefault(room_id, deque())
        n = (kept[-1]["n"] if kept else 0) + 1
        kept.append({**line, "n": n})
        while len(kept) > keep:
            kept.popleft()
        return n

    def lines(self, room_id: str, after: int = 0) -> list[Line]:
        """The kept lines after ``after``."""
        return [dict(line) for line in self.talk.get(room_id, ()) if line["n"] > after]

    def link_rematch(self, room_id: str, next_room: str) -> bool:
        """One rematch per room."""
        if room_id in self.rematches:
            return False
        self.rematches[room_id] = next_room
        return True

    def rematch_of(self, room_id: str) -> str | None:
        """The link, if any."""
        return self.rematches.get(room_id)

    def vote_rematch(self, room_id: str, seat: int) -> set[int]:
        """Note the vote; all of them."""
        self.votes.setdefault(room_id, set()).add(seat)
        return self.rematch_votes(room_id)

    def rematch_votes(self, room_id: str) -> set[int]:
        """The votes noted."""
        return set(self.votes.get(room_id, ()))

    def claim_once(self, room_id: str, hand: int, side: int) -> bool:
        """One claim per side per hand."""
        if (room_id, hand, side) in self.claimed:
            return False
        self.claimed.add((room_id, hand, side))
        return True


def talk_store_for(storage: object) -> TalkStore:
    """The talk store beside a room store: in its SQL database if it has one, else memory."""
    engine = getattr(storage, "engine", None)
    return SqlTalk(engine) if isinstance(engine, Engine) else MemoryTalk()

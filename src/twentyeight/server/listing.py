"""Public tables: what ``GET /api/rooms`` lists, and which table quick play sits at.

A public room is listed while it is waiting for its start or playing with a free seat.  A
seat is ``free`` when nobody holds it (before the start), or when a computer plays it and no
newcomer has claimed it yet (during the match: the newcomer sits from the next hand, never
seeing the cards of the hand in play).  Each entry shows the room's id, its rules (and
preset), whether it is rated, started or not, and each seat's ``free`` / ``person`` /
``computer`` with the name shown at the table — no token, no invitation, no card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from twentyeight.server.room import BOT, HUMAN, OPEN, PLAYING, WAITING, Room

FREE, PERSON, COMPUTER = "free", "person", "computer"


def seat_state(kind: str, claimed: str | None, rated: bool) -> str:
    """How a seat shows in the listing."""
    if kind == HUMAN:
        return PERSON
    if kind == OPEN or (kind == BOT and claimed is None and not rated):
        return FREE
    return COMPUTER


def preset_of(rules: Any) -> str:
    """The preset a room's rules are made from (a rules object without one: ``custom``)."""
    if isinstance(rules, str):
        return rules
    if isinstance(rules, dict) and isinstance(rules.get("preset"), str):
        return str(rules["preset"])
    return "custom"


def entry(row: dict[str, Any]) -> dict[str, Any] | None:
    """The listing's entry of a stored public room (:meth:`PlaceStore.public_rooms`'s
    shape), or ``None`` if it has no free seat and has started."""
    seats = [{"seat": s["seat"], "state": seat_state(s["kind"], s["claimed"], row["rated"]),
              "name": s["name"] if s["kind"] != OPEN else None} for s in row["seats"]]
    started = row["status"] == PLAYING
    free = [s["seat"] for s in seats if s["state"] == FREE]
    if started and not free:
        return None
    return {"room": row["room"], "preset": preset_of(row["rules"]), "rules": row["rules"],
            "rated": row["rated"], "started": started, "seats": seats, "free": free,
            "path": f"/r/{row['room']}"}


def row_of(room: Room) -> dict[str, Any]:
    """A room in memory in the shape of a stored row (a server without SQL rooms)."""
    return {"room": room.id, "rules": room.rules.to_spec(), "status": room.status,
            "rated": room.rated,
            "seats": [{"seat": k, "kind": s.kind, "name": s.name, "claimed": s.claim_name}
                      for k, s in enumerate(room.seats)]}


def listing(rows: Iterable[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """The entries of the public rooms among ``rows`` (at most ``limit``)."""
    out = []
    for row in rows:
        if row["status"] not in (WAITING, PLAYING):
            continue
        e = entry(row)
        if e is not None:
            out.append(e)
        if len(out) >= limit:
            break
    return out


def quick_pick(entries: list[dict[str, Any]], preset: str) -> list[tuple[str, int]]:
    """Where quick play may sit for ``preset``, best first: ``(room, seat)`` — tables
    waiting for players before tables under way (which seat the newcomer from the next
    hand), rated tables left out (they need signed-in players who chose them), and so are
    tables whose rules are not the preset's own (a stranger's table with a changed flag is
    for those who read it in the listing and chose it)."""
    waiting: list[tuple[str, int]] = []
    playing: list[tuple[str, int]] = []
    for e in entries:
        if e["rules"] != preset or e["rated"] or not e["free"]:
            continue
        (playing if e["started"] else waiting).append((e["room"], e["free"][0]))
    return waiting + playing

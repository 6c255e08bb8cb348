"""Human-like names for computer seats: ``Anjali`` and ``Rahul`` rather than ``rules bot 3``.

The names are first names common where the game is played (Kerala, Tamil Nadu, Bengal, the
Hindi belt, Nepal), men's and women's.  :func:`seat_names` picks distinct ones for the
computer seats of a table from a seed (the room's id, say), so the same room always shows the
same names, and never one a person at the table already uses.

>>> seat_names("room-1", 3) == seat_names("room-1", 3)
True
>>> len(set(seat_names(7, 5)))
5
>>> "Anjali" in seat_names(0, 3, taken=["Anjali"])
False
"""

from __future__ import annotations

import random
from collections.abc import Iterable

__all__ = ["NAMES", "seat_names"]

NAMES = (
    "Aarav", "Abhijit", "Aditi", "Ajay", "Anil", "Anjali", "Arjun", "Asha", "Bijoy", "Chitra",
    "Deepa", "Devika", "Farhan", "Gita", "Hari", "Indira", "Jaya", "Kabir", "Kavya", "Kiran",
    "Lakshmi", "Manoj", "Meera", "Mohan", "Nandini", "Neha", "Nikhil", "Pooja", "Pradeep",
    "Priya", "Rahul", "Rani", "Ravi", "Rekha", "Sanjay", "Shreya", "Sita", "Sunil", "Suresh",
    "Tara", "Uma", "Vijay", "Vinod", "Zainab",
)
"""The names drawn from (more than any table has seats)."""


def seat_names(seed: int | str, count: int, taken: Iterable[str] = ()) -> list[str]:
    """``count`` distinct names from :data:`NAMES` for a table's computer seats, drawn by
    ``seed``, none of them (case aside) in ``taken`` (the people's names at the table)."""
    used = {t.strip().casefold() for t in taken}
    free = [n for n in NAMES if n.casefold() not in used] or list(NAMES)
    rng = random.Random(str(seed))
    picked = rng.sample(free, min(count, len(free)))
    while len(picked) < count:                     # more computers than names: number them
        picked.append(f"{free[len(picked) % len(free)]} {len(picked) + 1}")
    return picked

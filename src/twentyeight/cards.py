"""Cards as small ints, hands as bit masks, and the card notation of RECORDS.md.

A :class:`Deck` describes one variant's pack: which ranks it has (strongest first), how many
copies of each card exist (two in the double pack of 56), and which ranks are equal in power
(40's extra jack-ranked card).  Cards of a deck are numbered suit by suit, strongest first,
with twins side by side, so a suit is a contiguous run of bits:

>>> d = deck_for("J9ATKQ87")
>>> d.size, d.per_suit, d.name(0), d.name(7), d.name(8)
(32, 8, 'JS', '7S', 'JH')
>>> d.points_total
28
>>> parse_card("10♥"), parse_card("js"), parse_card("T♣")
('TH', 'JS', 'TC')

A hand is an ``int`` whose bit ``c`` is set when the hand holds card ``c``.  Card ``c`` is
stronger than card ``d`` of the same suit when ``power[c] > power[d]``; twins (and 40's
jack and "3") have equal power, and the one played first wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TypeAlias

Card: TypeAlias = int
"""A card: its index in the deck (0 … deck.size − 1)."""
Mask: TypeAlias = int
"""A set of cards: bit ``c`` set when card ``c`` is in the set."""

SUITS = "SHDC"
"""Suit letters in canonical order: spades, hearts, diamonds, clubs."""
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SUIT_SYMBOLS = "♠♥♦♣"
CANONICAL_RANKS = "J39ATKQ876"
"""Every rank letter a variant may use, in the order used for sorting and display."""
RANK_POINTS = {"J": 3, "3": 3, "9": 2, "A": 1, "T": 1}
"""Card points by rank (28-DECK-4, 40-2); other ranks are worth 0."""

_SYMBOL_TO_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}


class CardError(ValueError):
    """A card could not be read, or is not part of the deck in use."""


def parse_card(text: str) -> str:
    """Return the canonical name (``"TH"``) of a card written forgivingly.

    Accepts ``10`` for ``T``, suit symbols, lower case and surrounding spaces.  Raises
    :class:`CardError` for anything that is not a card of some variant.
    """
    if not isinstance(text, str):
        raise CardError(f"a card must be a string like 'JS', not {text!r}")
    s = text.strip().upper()
    if s and s[-1] in _SYMBOL_TO_SUIT:
        s = s[:-1] + _SYMBOL_TO_SUIT[s[-1]]
    if s.startswith("10"):
        s = "T" + s[2:]
    if len(s) != 2 or s[0] not in CANONICAL_RANKS or s[1] not in SUITS:
        raise CardError(f"unknown card {text!r} (cards are written like JS, 9H, TD, 7C)")
    return s


def parse_suit(text: str) -> int:
    """Return the suit index (0–3) of a suit written as a letter, symbol or word."""
    s = text.strip()
    if s in _SYMBOL_TO_SUIT:
        s = _SYMBOL_TO_SUIT[s]
    s = s.upper()
    if len(s) == 1 and s in SUITS:
        return SUITS.index(s)
    for i, name in enumerate(SUIT_NAMES):
        if s.lower() in (name, name[:-1]):
            return i
    raise CardError(f"unknown suit {text!r} (suits are S, H, D, C)")


def is_card(text: str) -> bool:
    """Whether ``text`` is a card's name in some pack (``js``, ``10♥``): :func:`parse_card`
    reads it."""
    try:
        parse_card(text)
    except CardError:
        return False
    return True


def is_suit(text: str) -> bool:
    """Whether ``text`` names a suit (a letter, a symbol or a word): :func:`parse_suit` reads
    it."""
    try:
        parse_suit(text)
    except CardError:
        return False
    return True


@dataclass(frozen=True)
class Deck:
    """One variant's pack, with the lookup tables the engine uses.

    ``ranks`` lists rank letters strongest first; a letter written twice (``"JJ9…"``) is a
    card with a twin, and ranks written together inside ``equal`` (e.g. ``"J3"``) have equal
    power.  ``copies`` is 2 for the double pack (every card has a twin).
    """

    ranks: str
    copies: int = 1
    equal: str = ""
    per_suit: int = field(init=False)
    size: int = field(init=False)
    names: tuple[str, ...] = field(init=False, repr=False)
    suit_of: tuple[int, ...] = field(init=False, repr=False)
    rank_of: tuple[str, ...] = field(init=False, repr=False)
    power: tuple[int, ...] = field(init=False, repr=False)
    reverse_power: tuple[int, ...] = field(init=False, repr=False)
    points: tuple[int, ...] = field(init=False, repr=False)
    suit_masks: tuple[Mask, ...] = field(init=False, repr=False)
    full: Mask = field(init=False, repr=False)
    point_mask: Mask = field(init=False, repr=False)
    jack_mask: Mask = field(init=False, repr=False)
    second_copy: Mask = field(init=False, repr=False)
    ties: tuple[Mask, ...] = field(init=False, repr=False)
    """``ties[c]``: the other cards of ``c``'s suit with the same power (twins, 40's J and 3)."""
    points_total: int = field(init=False)
    by_name: dict[str, tuple[Card, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        per_suit = len(self.ranks) * self.copies
        levels: list[int] = []
        level = len(self.ranks)
        for i, r in enumerate(self.ranks):
            prev = self.ranks[i - 1] if i else ""
            if not (r == prev or (r in self.equal and prev in self.equal and prev)):
                level -= 1
            levels.append(level)
        names: list[str] = []
        suit_of: list[int] = []
        rank_of: list[str] = []
        power: list[int] = []
        points: list[int] = []
        for s, suit in enumerate(SUITS):
            for i, r in enumerate(self.ranks):
                for _ in range(self.copies):
                    names.append(r + suit)
                    suit_of.append(s)
                    rank_of.append(r)
                    power.append(levels[i] + 1)
                    points.append(RANK_POINTS.get(r, 0))
        top = max(power)
        by_name: dict[str, list[Card]] = {}
        for c, n in enumerate(names):
            by_name.setdefault(n, []).append(c)
        second = 0
        for copies in by_name.values():
            for c in copies[1:]:
                second |= 1 << c
        sets = object.__setattr__
        sets(self, "per_suit", per_suit)
        sets(self, "size", 4 * per_suit)
        sets(self, "names", tuple(names))
        sets(self, "suit_of", tuple(suit_of))
        sets(self, "rank_of", tuple(rank_of))
        sets(self, "power", tuple(power))
        sets(self, "reverse_power", tuple(top + 1 - p for p in power))
        sets(self, "points", tuple(points))
        sets(self, "suit_masks", tuple(((1 << per_suit) - 1) << (s * per_suit) for s in range(4)))
        sets(self, "full", (1 << (4 * per_suit)) - 1)
        sets(self, "point_mask", sum(1 << c for c, p in enumerate(points) if p))
        jack = power[rank_of.index("J")]                 # 40's 3s rank with the jacks: jacks
        sets(self, "jack_mask", sum(1 << c for c, p in enumerate(power) if p == jack))
        sets(self, "second_copy", second)
        sets(self, "ties", tuple(sum(1 << d for d in range(len(names)) if d != c
                                     and suit_of[d] == suit_of[c] and power[d] == power[c])
                                 for c in range(len(names))))
        sets(self, "points_total", sum(points))
        sets(self, "by_name", {k: tuple(v) for k, v in by_name.items()})

    def name(self, card: Card) -> str:
        """The canonical name of a card, e.g. ``"9S"``."""
        return self.names[card]

    def names_of(self, mask: Mask) -> list[str]:
        """The names of the cards in a mask, in deck order."""
        return [self.names[c] for c in cards_of(mask)]

    def copies_of(self, name: str) -> tuple[Card, ...]:
        """The card indices (one, or two twins) that carry a canonical name in this deck."""
        try:
            return self.by_name[name]
        except KeyError:
            raise CardError(f"{name} is not a card of this deck (ranks {self.ranks})") from None

    def dedupe(self, mask: Mask) -> Mask:
        """Drop the second twin wherever both twins are in ``mask``.

        Legal-action lists name each playable card once, so a player holding both twins
        is offered the card once.
        """
        if not self.second_copy:
            return mask
        return mask & ~((mask << 1) & self.second_copy)

    def sort_key(self, card: Card) -> tuple[int, int]:
        """Sort by suit, then strongest first."""
        return (self.suit_of[card], -self.power[card])


@cache
def deck_for(ranks: str, copies: int = 1, equal: str = "") -> Deck:
    """The (shared, cached) deck with these ranks and copies."""
    return Deck(ranks, copies, equal)


def _byte_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    base = [tuple(i for i in range(8) if b >> i & 1) for b in range(256)]
    return tuple(tuple(tuple(8 * k + i for i in base[b]) for b in range(256)) for k in range(16))


BYTE_BITS = _byte_tables()
"""``BYTE_BITS[k][b]``: the bit positions set in byte ``b`` of a mask at byte offset ``k``."""


def cards_of(mask: Mask) -> tuple[Card, ...]:
    """The cards in a mask, in increasing order.

    >>> cards_of(0b10110)
    (1, 2, 4)
    """
    if mask < 1 << 32:
        t = BYTE_BITS
        return (t[0][mask & 255] + t[1][mask >> 8 & 255] + t[2][mask >> 16 & 255]
                + t[3][mask >> 24])
    out: tuple[int, ...] = ()
    k = 0
    while mask:
        out += BYTE_BITS[k][mask & 255]
        mask >>= 8
        k += 1
    return out


def popcount(mask: Mask) -> int:
    """The number of cards in a mask."""
    return mask.bit_count()

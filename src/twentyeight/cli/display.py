"""Showing cards, hands and tricks in a terminal."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from twentyeight.cards import SUIT_SYMBOLS, SUITS
from twentyeight.engine.actions import DENOMINATIONS, bid_parts

RED = "\033[31m"
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"


def use_colour(stream: TextIO = sys.stdout) -> bool:
    """Colour only on a terminal, and never when ``NO_COLOR`` is set to anything but the
    empty string (https://no-color.org).  Without colour nothing is lost: suits keep their
    symbols, and nothing else is told by colour alone."""
    return stream.isatty() and not os.environ.get("NO_COLOR")


class Painter:
    """Formats cards as ``J♠`` (red hearts and diamonds when colour is on)."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def card(self, name: str) -> str:
        rank, suit = name[0], name[1]
        text = ("10" if rank == "T" else rank) + SUIT_SYMBOLS[SUITS.index(suit)]
        if self.colour and suit in "HD":
            return RED + text + RESET
        return text

    def suit(self, letter: str) -> str:
        text = SUIT_SYMBOLS[SUITS.index(letter)]
        if self.colour and letter in "HD":
            return RED + text + RESET
        return text

    def bold(self, text: str) -> str:
        return BOLD + text + RESET if self.colour else text

    def dim(self, text: str) -> str:
        return DIM + text + RESET if self.colour else text

    def hand(self, cards: list[str]) -> str:
        """Cards grouped by suit: ``♠ J 9 7   ♥ A K``."""
        groups = []
        for s in SUITS:
            ranks = [("10" if c[0] == "T" else c[0]) for c in cards if c[1] == s]
            if ranks:
                groups.append(f"{self.suit(s)} {' '.join(ranks)}")
        return "   ".join(groups) if groups else "(no cards)"


def points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


PASS_WORDS = {"double": "no double", "redouble": "no redouble", "raise": "no raise",
              "single_hand": "no single hand", "thani": "no Thani"}
"""What a pass says in each window after the auction (a view's ``phase`` when it was made)."""


def action_words(entry: str, who: str, paint: Painter, phase: str | None = None) -> str:
    """One action of a record or a view (``"2 bid 30H"``) said with its player's name:
    ``"Meera: bid 30♥"``, ``"Ravi: chooses trump (face down)"``; a pass made in a window
    (``phase``, when known) says what was passed: ``"Ravi: no raise"``."""
    _, verb, *arg = entry.split()
    a = arg[0] if arg else ""
    if verb == "pass" and phase in PASS_WORDS:
        return f"{who}: {PASS_WORDS[phase]}"
    if verb == "play":
        return f"{who}: {paint.card(a)}"
    if verb == "trump":
        if not a:
            return f"{who}: chooses trump (face down)"
        if a in ("seventh", "reverse"):
            return f"{who}: trump {a}"
        return f"{who}: trump " + (paint.card(a) + " (face down)" if len(a) == 2
                                   else paint.suit(a))
    if verb == "ask":
        return f"{who}: asks for the trump"
    if verb == "bid" and not a[-1].isdigit():
        value, den = bid_parts(a)
        shown = " NT" if den == 5 else paint.suit(DENOMINATIONS[den])
        return f"{who}: bid {value}{shown}"
    return f"{who}: {verb}{' ' + a if a else ''}"

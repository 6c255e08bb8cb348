"""Showing cards, hands and tricks in a terminal."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from twentyeight.cards import SUIT_SYMBOLS, SUITS

RED = "\033[31m"
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"


def use_colour(stream: TextIO = sys.stdout) -> bool:
    """Colour only on a terminal, and never when NO_COLOR is set."""
    return stream.isatty() and "NO_COLOR" not in os.environ


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

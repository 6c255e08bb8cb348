"""Showing cards, hands and tricks in a terminal."""

from __future__ import annotations

import json
import os
import re
import shutil
import sys
import unicodedata
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import TextIO

from twentyeight.cards import SUIT_SYMBOLS, SUITS
from twentyeight.engine.actions import DENOMINATIONS, bid_parts
from twentyeight.engine.reasons import SUIT_WORDS

RED = "\033[31m"
BOLD = "\033[1m"
DIM = "\033[2m"
RESET = "\033[0m"
NBSP = "\u00a0"
"""A space that :func:`wrap` never breaks at (a suit's ranks, a name and its card); it is
written as a plain space."""


UNDERTAKINGS = {
    "single_hand": "a single hand (every trick, alone, no trump)",                 # 28-SH-1/3
    "thani": "Thani (every trick, himself)",                                       # 28-TH-1
    "thani_56": "Thani (every trick, alone, no trump)",                            # 56-TH-2
}
"""The declarations that replace the contract, in the words of the contract line."""


PHASE_WORDS = {"auction": "the auction", "trump": "the trump choice", "double": "the double",
               "redouble": "the redouble", "raise": "the raise",
               "single_hand": "the single-hand call", "thani": "the Thani call",
               "cot": "the concession"}
"""When a decision outside the tricks was made, for a review's lines (the terminal's
``review``, ``twentyeight analyse``)."""


def possessive(name: str) -> str:
    """``name``'s, in a sentence: "your" for the person ("you", "You"), "Ravi's",
    "the opponents'"."""
    if name.lower() == "you":
        return "your"
    return name + ("'" if name.endswith("s") else "'s")


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
        """Cards grouped by suit: ``♠ J 9 7   ♥ A K`` (each suit's spaces :data:`NBSP`, so
        that a wrapped line keeps a suit together)."""
        groups = []
        for s in SUITS:
            ranks = [("10" if c[0] == "T" else c[0]) for c in cards if c[1] == s]
            if ranks:
                groups.append(NBSP.join([self.suit(s), *ranks]))
        return "   ".join(groups) if groups else "(no cards)"


@cache
def _english_catalog() -> dict[str, object]:
    """The browser's English catalog (``server/static/i18n/en.json``, installed with the
    package), or {} where it cannot be read."""
    try:
        catalog = resources.files("twentyeight") / "server" / "static" / "i18n" / "en.json"
        data = json.loads(catalog.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def game_name(preset: str) -> str | None:
    """The short name the browser gives a preset in English (its catalog's
    ``game.<preset>``, the one place these names are kept), or None where it is the code
    itself ("28") or there is none.

    >>> game_name("28-bengal"), game_name("28")
    ('28 (West Bengal)', None)
    """
    name = _english_catalog().get(f"game.{preset}")
    return name if isinstance(name, str) and name != preset else None


def whole(text: str) -> str:
    """``text`` with its spaces made :data:`NBSP`: :func:`wrap` keeps it on one line."""
    return text.replace(" ", NBSP)


ANSI = re.compile(r"\033\[[0-9;]*m")
MARKERS = "ⓘ✗✦→"
"""The signs that open a line of the table; a wrapped line goes on under the text after them."""
LABEL = 16
"""A line's label ("Auction: ", "  Partner: ") at most this wide sets its hanging indent."""


def columns(text: str) -> int:
    """How many terminal columns ``text`` takes: colours take none, wide characters two."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1
               for ch in ANSI.sub("", text))


def hanging_indent(text: str) -> int:
    """Where the continuation of a wrapped line starts: after its label (``Auction: ``,
    ``  Right: ``), else under the text after its sign (``  ⓘ ``, ``✗ ``), else two columns
    in from the line."""
    plain = ANSI.sub("", text).replace(NBSP, " ")
    start = len(plain) - len(plain.lstrip(" "))
    if plain[start:start + 1] in tuple(MARKERS) and plain[start + 1:start + 2] == " ":
        return start + 2
    colon = plain.find(": ", start)
    if 0 < colon - start <= LABEL:
        return colon + 2
    return start + 2


def terminal_width() -> int:
    """The terminal's columns (asked each time, so that a resized window is followed), 80 when
    it cannot say or says fewer than 20."""
    width = shutil.get_terminal_size((80, 24)).columns
    return width if width >= 20 else 80


def wrap(text: str, width: int, indent: int | None = None) -> str:
    """``text`` broken at spaces into lines of at most ``width`` columns, each continuation
    under the line's :func:`hanging_indent`.  A card (``J♠``), a suit's ranks and anything
    joined by :data:`NBSP` stay on one line, and a " · " separator stays with the item before
    it; a word longer than a whole line is left whole.  ``indent``: the continuation's
    column where the caller knows it (a listing's column), instead of the hanging indent.

    >>> print(wrap("Auction: Right bid 16 · Partner pass · Left bid 17 · You pass", 30))
    Auction: Right bid 16 ·
             Partner pass · Left
             bid 17 · You pass
    """
    if columns(text) <= width:
        return text.replace(NBSP, " ")
    indent = hanging_indent(text) if indent is None else indent
    if indent > width // 2:
        indent = 2
    parts = re.split(r"( +)", text.replace(" · ", NBSP + "· "))
    words, gaps = parts[0::2], [*parts[1::2], ""]
    lines: list[str] = []
    line, used, gap, filled = "", 0, "", False
    for word, after in zip(words, gaps, strict=True):
        size = columns(word)
        if filled and used + len(gap) + size > width:
            lines.append(line)
            line, used, gap = " " * indent, indent, ""
        line += gap + word
        used += len(gap) + size
        filled = filled or size > 0
        gap = after
    lines.append(line)
    return "\n".join(lines).replace(NBSP, " ")


def side_words(names: Sequence[str]) -> str:
    """A side's players as one name: ``Left & Right``, ``you, Ravi & Uma`` (the terminal's
    "You" and "Partner", named in a sentence, as ``you`` and ``partner``).

    >>> side_words(["You", "Partner"]), side_words(["Priya", "Kabir", "Aditi"])
    ('you & partner', 'Priya, Kabir & Aditi')
    """
    said = [name.lower() if name in ("You", "Partner") else name for name in names]
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} & {said[-1]}"


def points(n: int) -> str:
    """``1 point``, ``3 points``."""
    return f"{n} point" if n == 1 else f"{n} points"


PASS_WORDS = {"double": "no double", "redouble": "no redouble", "raise": "no raise",
              "single_hand": "no single hand", "thani": "no Thani"}
"""What a pass says in each window after the auction (a view's ``phase`` when it was made)."""

CALL_WORDS: dict[str, tuple[str, str]] = {
    "ask": ("asks for the trump to be shown", "ask for the trump to be shown"),
    "reveal": ("reveals the trump", "reveal the trump"),
    "pair": ("shows the pair (king and queen of trumps)",
             "show the pair (king and queen of trumps)"),
    "double": ("doubles the bid", "double the bid"),
    "redouble": ("redoubles the bid", "redouble the bid"),
    "c": ("calls 'C' (6 game points won or lost)", "call 'C' (6 game points won or lost)"),
    "single": ("declares a single hand (every trick, alone, no trump)",
               "declare a single hand (every trick, alone, no trump)"),
    "thani": ("declares Thani (to win every trick himself)",              # 28-TH-1, 56-TH
              "declare Thani (win every trick yourself)"),
    "show": ("shows a hand that cannot lose (a single hand without play)",
             "show a hand that cannot lose (a single hand without play)"),
    "concede": ("concedes the hand to the bidding side", "concede the hand to the bidding side"),
    "accept": ("accepts the concession: the hand ends", "accept the concession: the hand ends"),
    "refuse": ("refuses the concession and plays on for every trick",
               "refuse the concession and play on for every trick"),
    "redeal": ("claims a new deal (a hand without points)",
               "claim a new deal (a hand without points)"),
}
"""The calls that are no card, bid or pass, as a sentence: (someone else does it, you do)."""


YOUR_PASS_WORDS = {"double": "do not double", "redouble": "do not redouble",
                   "raise": "do not raise", "single_hand": "do not play a single hand",
                   "thani": "do not declare Thani"}
"""A pass of the reader's own in each window after the auction, as :data:`PASS_WORDS` says it
of someone else."""


def your_call(entry: str, paint: Painter, phase: str | None = None) -> tuple[str, str | None]:
    """An action of the reader's (``"0 reveal"``, or without the seat) in words, and the
    command that types it where the words are not that command: ``("reveal the trump",
    "reveal")``, ``("name ♦ diamonds as trump", "trump D")``, ``("play 9♣", None)``; a pass
    in a window (``phase``) says what it passes: ``("do not raise", "pass")``."""
    words = entry.split()
    verb, *arg = words[1:] if words[0].isdigit() else words
    a = arg[0] if arg else ""
    if verb == "play":
        return f"play {paint.card(a)}", None
    if verb == "bid":
        if a[-1].isdigit():
            return f"bid {a}", None
        value, den = bid_parts(a)
        return f"bid {value}{' NT' if den == 5 else paint.suit(DENOMINATIONS[den])}", None
    if verb == "raise":
        return f"raise the bid to {a}", f"raise {a}"
    if verb == "pass":
        return (YOUR_PASS_WORDS[phase], "pass") if phase in YOUR_PASS_WORDS else ("pass", None)
    if verb == "trump":
        if len(a) == 1:
            return f"name {paint.suit(a)} {SUIT_WORDS[a]} as trump", f"trump {a}"
        if len(a) == 2:                             # typing the card lays it (cli/play.py)
            return f"lay {paint.card(a)} face down as trump", None
        said = _trump_words(a, paint, True).split(" (")[0]
        return said, f"trump {a}" if a else None
    if verb == "thani" and phase == "auction":                     # 56-TH-1: a call above 56
        return "bid Thani (every trick, alone, no trump)", "thani"
    if verb in CALL_WORDS:
        return CALL_WORDS[verb][1].split(" (")[0], verb
    return " ".join([verb, *arg]), None


def matching_bids(history: Sequence[str]) -> set[int]:
    """The places in ``history`` of bids at the value already bid: in the defender and
    challenger auction (BOT-PROTOCOL.md §7.2) the defender holds the bid by matching the
    challenge, the one auction where a bid may equal the one before it."""
    matched: set[int] = set()
    high = None
    for place, entry in enumerate(history):
        _, verb, *arg = entry.split()
        if verb == "bid" and arg:
            value = bid_parts(arg[0])[0]
            if value == high:
                matched.add(place)
            high = value
    return matched


def action_words(entry: str, who: str, paint: Painter, phase: str | None = None,
                 you: bool = False, matches: bool = False, named: bool = False) -> str:
    """One action of a record or a view (``"2 bid 30H"``) said with its player's name:
    ``"Meera: bid 30♥"``, ``"Ravi: chooses trump (face down)"``, ``"Ravi: reveals the
    trump"``; a pass made in a window (``phase``, when known) says what was passed:
    ``"Ravi: no raise"``.  ``you``: the player is the reader (``"You: reveal the trump"``).
    ``matches``: a bid at the value already bid (:func:`matching_bids`), said as the
    defender's match (``"Ravi: matches 17 and holds the bid"``).  ``named``: the trump is a
    suit named in secret (29's ``trump_indicator = "suit"``), no card laid face down, so a
    choice unseen is ``"Ravi: names the trump in secret"``."""
    _, verb, *arg = entry.split()
    a = arg[0] if arg else ""
    if verb == "pass" and phase in PASS_WORDS:
        return f"{who}: {PASS_WORDS[phase]}"
    if verb == "bid" and matches:
        verbs = ("match", "hold") if you else ("matches", "holds")
        return f"{who}: {verbs[0]} {a} and {verbs[1]} the bid"
    if verb == "play":
        return f"{who}: {paint.card(a)}"
    if verb == "trump":
        return f"{who}: {_trump_words(a, paint, you, named)}"
    if verb == "bid" and not a[-1].isdigit():
        value, den = bid_parts(a)
        shown = " NT" if den == 5 else paint.suit(DENOMINATIONS[den])
        return f"{who}: bid {value}{shown}"
    if verb == "raise":
        return f"{who}: {'raise' if you else 'raises'} the bid to {a}"
    if verb == "thani" and phase == "auction":                     # 56-TH-1: a call above 56
        return f"{who}: {'bid' if you else 'bids'} Thani (every trick, alone, no trump)"
    if verb in CALL_WORDS:
        return f"{who}: {CALL_WORDS[verb][1 if you else 0]}"
    return f"{who}: {verb}{' ' + a if a else ''}"


def _trump_words(arg: str, paint: Painter, you: bool, named: bool = False) -> str:
    """The trump choice: unseen (a card face down, or where ``named`` a suit named in secret,
    29-DEAL-2), a card laid, a suit named, the seventh card (28-TRUMP-5) or 29's reversed
    no-trump."""
    if not arg:
        if named:
            return f"{'name' if you else 'names'} the trump in secret"
        return f"{'choose' if you else 'chooses'} trump (face down)"
    if arg == "seventh":
        return ("call 'seventh card': the suit of your seventh card is trump" if you else
                "calls 'seventh card': the suit of their seventh card is trump")
    if arg == "reverse":
        return (f"{'choose' if you else 'chooses'} reversed no-trump (no trump; the 7 ranks "
                "highest, the jack lowest)")
    if len(arg) == 2:
        return f"{'lay' if you else 'lays'} {paint.card(arg)} as trump (face down)"
    return f"{'name' if you else 'names'} {paint.suit(arg)} as trump (in secret)"

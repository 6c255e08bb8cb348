"""Actions: the notation of RECORDS.md (``"2 play 9S"``) and the engine's integer codes.

Inside the engine an action is a small int (its *code*); the seat is implied by whose turn it
is.  :class:`Action` is the public, readable form, and ``str(action)`` is the notation:

>>> a = Action.parse("2 play 10♠")
>>> a, str(a)
(Action(seat=2, verb='play', arg='TS'), '2 play TS')
>>> Action.parse("0 bid 16").arg, Action.parse("3 trump seventh").arg
('16', 'seventh')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from twentyeight.cards import SUITS, CardError, is_card, parse_card, parse_suit


class NotationError(ValueError):
    """Text that is not an action in the notation of RECORDS.md."""


# ---- integer codes ----------------------------------------------------------------------
# 0 … 127: play that card.  The other verbs sit above.
PLAY_LIMIT = 128
PASS = 128
REDEAL = 129
DOUBLE = 130
REDOUBLE = 131
C_CALL = 132
SINGLE = 133
THANI = 134
ASK = 135
REVEAL = 136
PAIR = 137
CONCEDE = 138
ACCEPT = 139
REFUSE = 140
SHOW = 141
TRUMP_CARD = 256          # + card
TRUMP_SUIT = 384          # + suit
TRUMP_SEVENTH = 388
TRUMP_REVERSE = 389
BID = 1024                # + 8 * value (+ denomination, for variants that name one)
RAISE = 2048              # + value
SEAT_SHIFT = 12
CODE_MASK = (1 << SEAT_SHIFT) - 1

SIMPLE_VERBS = {
    "pass": PASS, "redeal": REDEAL, "double": DOUBLE, "redouble": REDOUBLE, "c": C_CALL,
    "single": SINGLE, "thani": THANI, "ask": ASK, "reveal": REVEAL, "pair": PAIR,
    "concede": CONCEDE, "accept": ACCEPT, "refuse": REFUSE, "show": SHOW,
}
VERB_OF_CODE = {code: verb for verb, code in SIMPLE_VERBS.items()}
VERBS_WITH_ARG = ("bid", "raise", "trump", "play")
VERBS = (*VERBS_WITH_ARG, *SIMPLE_VERBS)


def bid_code(value: int) -> int:
    """The code of a bid of ``value`` points."""
    return BID + 8 * value


def raise_code(value: int) -> int:
    """The code of a raise to ``value`` points."""
    return RAISE + value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``seat`` does ``verb`` with an optional argument, in canonical form.

    ``arg`` is a card name (``play``, ``trump`` with a card), a number (``bid``, ``raise``), a
    suit letter or ``seventh`` / ``reverse`` (``trump``), or ``None``.
    """

    seat: int
    verb: str
    arg: str | None = None

    def __str__(self) -> str:
        return f"{self.seat} {self.verb}" if self.arg is None else \
            f"{self.seat} {self.verb} {self.arg}"

    @classmethod
    def parse(cls, text: str, seat: int | None = None) -> Action:
        """Read ``"SEAT VERB [ARGUMENT]"``.

        When ``seat`` is given, the text may leave the seat out (``"play 9S"``), and a bare
        card (``"9S"``) or number (``"16"``) is read as a play or a bid; this is what the
        terminal game accepts.
        """
        if not isinstance(text, str):
            raise NotationError(f"an action must be text like '2 play 9S', not {text!r}")
        words = text.split()
        if not words:
            raise NotationError("empty action")
        if any(len(word) > MAX_WORD for word in words):
            raise NotationError(f"a word of an action has at most {MAX_WORD} characters "
                                "(a seat, a verb, a card or a bid)")
        who: int | None = None
        if is_digits(words[0].lstrip("-")) and len(words) > 1:
            who = int(words[0])
            words = words[1:]
        elif seat is None:
            raise NotationError(f"{text!r}: an action starts with the seat number, "
                                "like '2 play 9S'")
        if who is None:
            assert seat is not None
            who = seat
            if len(words) == 1 and words[0].lower() not in VERBS:
                word = words[0]
                words = ["bid", word] if is_digits(word[0]) and not is_card(word) \
                    else ["play", word]
        verb = words[0].lower()
        args = words[1:]
        if verb not in VERBS:
            raise NotationError(f"{text!r}: unknown verb {words[0]!r} "
                                f"(verbs: {', '.join(VERBS)})")
        if verb in SIMPLE_VERBS:
            if args:
                raise NotationError(f"{text!r}: '{verb}' takes no argument")
            return cls(who, verb)
        if len(args) != 1:
            raise NotationError(f"{text!r}: '{verb}' takes one argument")
        return cls(who, verb, _canonical_arg(verb, args[0], text))

    @classmethod
    def parse_entry(cls, text: str) -> Action:
        """An entry of a view's public history: an action, or ``"SEAT trump"`` (a trump
        chosen face down, which the seat of the view does not know; its ``arg`` is ``None``).

        >>> Action.parse_entry("3 trump"), Action.parse_entry("0 play 10S").arg
        (Action(seat=3, verb='trump', arg=None), 'TS')
        """
        words = text.split() if isinstance(text, str) else ()
        if len(words) == 2 and words[1] == "trump" and is_digits(words[0]):
            return cls(int(words[0]), "trump")
        return cls.parse(text)


@lru_cache(maxsize=1 << 14)
def parse_action(text: str) -> Action:
    """:meth:`Action.parse_entry` with a cache: the legal actions and history of views are
    the same few thousand strings over and over (what a bot reads at every decision)."""
    return Action.parse_entry(text)


MAX_WORD = 16
"""The longest word of an action ("single", "10S", "28NT"; a seat or a bid with leading
zeros): longer words are refused before they are read (a number of 5,000 digits is more
than ``int`` reads)."""


def is_digits(word: str) -> bool:
    """``word`` is a number in the digits 0-9 (``str.isdigit`` also takes "³" and "٣",
    which ``int`` refuses or reads otherwise)."""
    return word.isascii() and word.isdigit()


DENOMINATIONS = ("", "S", "H", "D", "C", "NT")
"""Bid denominations (56-AUC-3): none, the four suits, no-trump."""


def _bid_arg(arg: str, text: str) -> str:
    """``30H``, ``28nt``, ``32♠`` → canonical ``30H`` / ``28NT``."""
    digits = ""
    while digits.__len__() < len(arg) and is_digits(arg[len(digits)]):
        digits += arg[len(digits)]
    rest = arg[len(digits):].strip().upper()
    if not digits:
        raise NotationError(f"{text!r}: 'bid' takes a number of points, like 16 or 30H")
    if rest in ("NT", "N", "NS", "NOES"):
        return f"{int(digits)}NT"
    try:
        return f"{int(digits)}{SUITS[parse_suit(rest)]}"
    except CardError:
        raise NotationError(f"{text!r}: unknown denomination {rest!r} (S, H, D, C or NT)") \
            from None


def bid_parts(arg: str) -> tuple[int, int]:
    """(points, denomination index) of a canonical bid argument."""
    digits = arg.rstrip("SHDCNT")
    return int(digits), DENOMINATIONS.index(arg[len(digits):])


def _canonical_arg(verb: str, arg: str, text: str) -> str:
    try:
        if verb == "play":
            return parse_card(arg)
        if verb == "raise" or (verb == "bid" and is_digits(arg)):
            if not is_digits(arg):
                raise NotationError(f"{text!r}: '{verb}' takes a number of points")
            return str(int(arg))
        if verb == "bid":
            return _bid_arg(arg, text)
        low = arg.lower()
        if low in ("seventh", "reverse"):
            return low
        try:
            return SUITS[parse_suit(arg)]
        except CardError:
            return parse_card(arg)
    except CardError as e:
        raise NotationError(f"{text!r}: {e}") from None


# ---- notation <-> codes: the one converter -------------------------------------------------


def action_of(seat: int, code: int, names: Sequence[str]) -> Action:
    """The :class:`Action` of engine ``code`` played by ``seat`` (``names``: the deck's card
    names)."""
    if code < PLAY_LIMIT:
        return Action(seat, "play", names[code])
    verb = VERB_OF_CODE.get(code)
    if verb is not None:
        return Action(seat, verb)
    if code >= RAISE:
        return Action(seat, "raise", str(code - RAISE))
    if code >= BID:
        return Action(seat, "bid", f"{(code - BID) >> 3}{DENOMINATIONS[(code - BID) & 7]}")
    if code == TRUMP_SEVENTH:
        return Action(seat, "trump", "seventh")
    if code == TRUMP_REVERSE:
        return Action(seat, "trump", "reverse")
    if code >= TRUMP_SUIT:
        return Action(seat, "trump", SUITS[code - TRUMP_SUIT])
    return Action(seat, "trump", names[code - TRUMP_CARD])


def code_of(action: Action, card: Callable[[str], int | None]) -> int | None:
    """The engine code of ``action``; ``None`` when it has none here.

    ``card`` turns a card name into the card's index, or ``None``: which copy of a twin, and
    whether the seat holds it, is the caller's to say (the engine's :class:`Game` takes the
    copy the seat holds; a sampler the copy in the proposed hand; an encoder the first).  A
    face-down trump choice seen by another seat (``arg`` ``None``) has no code.

    >>> from twentyeight.rules import RECOMMENDED
    >>> first = lambda name: RECOMMENDED.deck.copies_of(name)[0]
    >>> [code_of(Action.parse(t), first) for t in ("0 bid 16", "1 pass", "2 trump 7S")]
    [1152, 128, 263]
    """
    verb, arg = action.verb, action.arg
    simple = SIMPLE_VERBS.get(verb)
    if simple is not None:
        return simple
    if arg is None:
        return None
    if verb == "play":
        return card(arg)
    if verb == "bid":
        value, den = bid_parts(arg)
        return BID + 8 * value + den
    if verb == "raise":
        return RAISE + int(arg)
    if arg == "seventh":
        return TRUMP_SEVENTH
    if arg == "reverse":
        return TRUMP_REVERSE
    if arg in SUITS:
        return TRUMP_SUIT + SUITS.index(arg)
    c = card(arg)
    return None if c is None else TRUMP_CARD + c


@lru_cache(maxsize=1 << 13)
def describe_code(code: int, names: Sequence[str]) -> str:
    """An engine code in notation without the seat, e.g. ``"play 9S"`` or ``"bid 16"``
    (``names``, the deck's card names, is a tuple: each answer is kept; every view describes
    the whole history again)."""
    a = action_of(0, code, names)
    return a.verb if a.arg is None else f"{a.verb} {a.arg}"

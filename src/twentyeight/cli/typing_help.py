"""What the person types at the terminal game (``twentyeight play``), read and answered in
plain words: what ``help`` lists in this game, what is said to a slip (a card's name
mistyped, a number out of time, a call with more after it, a card outside the pack) and to
the engine's refusals, what ``legal`` says to type for each choice, and "Another game?".

:class:`TypingHelp` answers one seat of a match from its view; the rest are functions of what
was typed or of the rules.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable

from twentyeight.cards import SUITS, CardError, is_card, is_suit, parse_suit
from twentyeight.cli.display import CALL_WORDS, NBSP, Painter, matching_bids, your_call
from twentyeight.engine.actions import SIMPLE_VERBS, VERBS, Action, bid_parts, is_digits
from twentyeight.engine.explain import not_played
from twentyeight.engine.reasons import SUIT_WORDS
from twentyeight.errors import IllegalAction
from twentyeight.match import Match
from twentyeight.rules import Rules
from twentyeight.views import View

HELP_COMMANDS = """\
Other commands:
  legal   what you may do now, one thing a line: what it does and what to type
  hand    your cards                 last    the last trick
  score   the game score (also atop the table at each turn)
  history every call and card        help    this text
  hint    the expert's choice, and why
  review  your decisions in the last hand against the expert's
  save    keep the finished hands' record in a file, to replay or review later
          ("save" or "save FILE"; "play --record FILE" saves after every hand)
  quit    leave the game
The table explains the rules when they surprise (ⓘ, with the rule's ID).
"""
"""The part of ``help`` that is the same in every game: the commands that are no action."""

CALLS = ("pass", "ask", "reveal", "pair", "double", "redouble", "c", "single", "show", "thani",
         "redeal", "concede", "accept", "refuse")
"""The calls that are one word, in the order ``help`` lists those a game has."""

QUIT_WORDS = ("quit", "exit", "q")
"""What the person types to leave, at any prompt (asked to confirm while the match is on)."""

COMMANDS = ("legal", "hand", "last", "score", "history", "help", "hint", "review", "save",
            "quit")
"""The words of :data:`HELP_COMMANDS`, which are no action: with the actions' verbs, the
words a typo is matched against."""

NO_BID = "there is no bid to make now"
"""What is said to a bid, or a number, typed when no bid nor raise may be made."""

NOT_CHOOSING = "the trump is not chosen now"
"""What is said to a trump choice typed when none may be made."""

CARD_LIKE = re.compile(r"(10|[2-9tjqka])\S?", re.IGNORECASE)
"""A word a slip of a card's name would be (``9z``, ``qx``, ``10``): a rank and at most one
sign more; a word that is not like this, nor a number, nor the game's, is told as a word."""

NO_TRUMP = re.compile(r"\bno[ -]?trumps?\b", re.IGNORECASE)
"""No-trump written out ("no trump", "no-trump", "notrumps"), read as "nt"."""
NO_TRUMP_WORDS = ("nt", "n", "ns", "noes")
"""The no-trump denominations the notation reads after a bid's number (56-AUC-3, A-56-01)."""

YES_WORDS = ("y", "yes")
"""The answers to "Another game?" that deal one."""
NO_WORDS = ("", "n", "no", *QUIT_WORDS)
"""The answers to "Another game?" that stop: a no, a quit word, or Enter (its default, N)."""


def column_of(line: str) -> int | None:
    """Where a line of ``help``'s command listing has its description (``  legal   what you
    …``: 10), or a continuation of one (``          ("save" …``: 10), so that a wrapped
    description goes on under it; None for a line that is no such row.

    >>> column_of("  legal   what you may do now"), column_of("          (also)")
    (10, 10)
    """
    found = re.match(r" {2}[a-z]+ +(?=[a-z(])| {3,}(?=\S)", line)
    return len(found.group()) if found else None


def help_text(rules: Rules) -> str:
    """What ``help`` says in a game of ``rules``: how to play a card, bid, raise and choose
    the trump, and the words of the calls, each only where the rules have it (a call the
    engine says is "not played in this game" is not listed: no 'C' without it, no pair in
    28-pagat, no asking where the bid names the trump), then :data:`HELP_COMMANDS`.

    >>> from twentyeight.rules import PRESETS
    >>> print(help_text(PRESETS["28-pagat"]).split("Other commands")[0])
    Type a card to play it: J♠, js, 10h or "play 9S".
    Type a number to bid it: 16 or "bid 16".
    When your side may raise the bid, type the new bid: 24 or "raise 24".
    When you choose the trump, type a card to lay it face down as trump: 7s.
    Or a word, when the table offers it ('legal' says when):
      pass · ask · reveal · redeal
    <BLANKLINE>
    """
    hidden = rules.trump_mode == "hidden"
    low = min(rules.min_bid + 2, rules.effective_max_bid)
    lines = ['Type a card to play it: J♠, js, 10h or "play 9S".']
    if hidden:
        lines.append(f'Type a number to bid it: {low} or "bid {low}".')
    else:                                                   # 56-AUC-3
        lines.append(f"Type a number and its trump or NT to bid it: {low}h, {low}♥, "
                     f'{low} nt or "bid {low}H".')
    if rules.raise_after_full_deal:                         # 28-RAISE-1
        who = "you" if rules.num_players == 3 else "your side"     # (at three, each alone)
        lines.append(f"When {who} may raise the bid, type the new bid: "
                     f'{rules.raise_min} or "raise {rules.raise_min}".')
    if hidden and rules.trump_indicator == "suit":          # 29-DEAL-2
        lines.append("When you choose the trump, type its suit: clubs or ♣.")
    elif hidden:                                            # 28-TRUMP-1
        low_card = typed_card(rules.deck.ranks[-1] + "S")       # one every pack has
        lines.append("When you choose the trump, type a card to lay it face down as trump: "
                     f"{low_card}.")
    words = [w for w in CALLS if w == "pass" or not_played(rules, w) is None]
    if not hidden:
        words = [w for w in words if w not in ("ask", "reveal")]   # the bid named the trump
    words += ["seventh"] if rules.seventh_card_trump and hidden else []     # 28-TRUMP-5
    words += ["reverse"] if rules.reverse_no_trump and hidden else []       # 29-DEAL-3
    lines.append("Or a word, when the table offers it ('legal' says when):")
    lines.append("  " + " · ".join(words))
    return "\n".join(lines) + "\n" + HELP_COMMANDS


def typed_card(name: str) -> str:
    """A card as a person types it: ``JS`` → ``js``, ``TH`` → ``10h``.

    >>> typed_card("TH"), typed_card("JS")
    ('10h', 'js')
    """
    return ("10" if name[0] == "T" else name[0].lower()) + name[1].lower()


def either(items: list[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: the choices of a line of ``legal``.

    >>> either(["js"]), either(["js", "9s", "ad"])
    ('js', 'js, 9s or ad')
    """
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def whole_calls(line: str) -> str:
    """A line of ``legal`` with its dash kept to the words before it: where the line wraps,
    no line starts with "—"."""
    return line.replace(" — ", f"{NBSP}— ")


def joined_bid(text: str) -> str:
    """A bid typed with its denomination apart, as the notation's one word: "40 nt", "NT 40",
    "40 no trump" and "bid 40 NT" are "40nt" / "bid 40nt", "30 ♥" is "30♥"; a card typed
    apart likewise ("10 h", "play 10 h").  Anything else is returned as typed.

    >>> joined_bid("40 NT"), joined_bid("nt 40"), joined_bid("bid 40 no trump")
    ('40NT', '40nt', 'bid 40nt')
    """
    words = NO_TRUMP.sub("nt", text).split()
    verb = words[:1] if words and words[0].lower() in ("bid", "play") else []
    rest = words[len(verb):]
    if len(rest) == 2:
        number, other = rest if is_digits(rest[0]) else rest[::-1]
        if is_digits(number) and _denomination(other):
            return " ".join([*verb, number + other])
    return text


def _denomination(word: str) -> bool:
    """``word`` names no-trump or a suit (a letter, a symbol or a word: "h", "♥", "hearts")."""
    return word.lower() in NO_TRUMP_WORDS or is_suit(word)


def nearest(typed: str, words: tuple[str, ...]) -> str:
    """`` Did you mean pass?``: the one or two of ``words`` nearest to what was typed (a typo
    of one), else ""."""
    near = difflib.get_close_matches(typed.lower(), words, n=2, cutoff=0.75)
    return f" Did you mean {' or '.join(near)}?" if near else ""


def quoted(typed: str, limit: int = 24) -> str:
    """What the person typed, as a message quotes it: cut to ``limit`` characters ("…")."""
    return typed if len(typed) <= limit else typed[:limit - 1] + "…"


def another_game(read: Callable[[str], str], say: Callable[[str], None]) -> bool:
    """Ask "Another game?" until the answer is a yes (:data:`YES_WORDS`) or a no
    (:data:`NO_WORDS`), in any case; anything else is asked again, saying what to type.  The
    end of input (Ctrl-D) is a no."""
    while True:
        try:
            typed = read("Another game? [y/N] ").strip()
        except EOFError:
            return False
        answer = typed.lower()
        if answer in YES_WORDS:
            return True
        if answer in NO_WORDS:
            return False
        say(f"✗ {quoted(typed)!r} is not a yes or a no: y plays another game, n (or Enter) "
            "stops.")


class TypingHelp:
    """What the person at ``seat`` of ``match`` is told of what they type, from the seat's
    view of the hand in play, in ``paint``'s colours: a slip read (:meth:`slip`,
    :meth:`not_understood`), a refusal put in the terminal's words (:meth:`refusal`), and
    ``legal`` (:meth:`ways`)."""

    def __init__(self, match: Match, seat: int, paint: Painter) -> None:
        self.match = match
        self.seat = seat
        self.paint = paint

    def not_understood(self, text: str) -> tuple[str, bool]:
        """What is said of ``text`` that the game cannot read, in plain words (not the
        notation's: a person types no seat, and "unknown verb '16'" tells them nothing), and
        whether what may be typed now follows it: a slip of a card's name, how cards are
        written; a number with more after it, or a bid or a raise without its number, how to
        bid or raise now; a call with more after it, that it is typed alone; ``play`` or
        ``trump`` without the card or suit, how to type it; a word the game does not know, the
        nearest words it knows and ``help``."""
        words = joined_bid(text).split()
        word = words[0].lower()
        said = repr(quoted(text))
        if CARD_LIKE.fullmatch(text):
            return f"{said} is not a card: cards are written like J♠, js, 10♦ or 10d.", True
        if is_digits(word[:1]):
            return f"{said} is not a bid or a card: {self._how_to_bid()}.", True
        if len(words) > 1 and CARD_LIKE.fullmatch(word) and is_card(word):
            return f"{said}: type one card at a time, like {word}.", True
        if word in ("bid", "raise"):
            how = self._how_to_bid()
            need = "needs a number" if len(words) == 1 else "is not a bid"
            return (f"{said}: {how}." if how == NO_BID else f"{said} {need}: {how}."), True
        if word in SIMPLE_VERBS:
            return f"{said}: {word} is one word, with nothing after it.", True
        if word == "play":
            if len(words) == 2:
                return (f"{quoted(words[1])!r} is not a card: cards are written like J♠, js, "
                        "10♦ or 10d."), True
            return f"{said} needs one card: type it, like {self._example_card()}.", True
        if word == "trump":
            how = self._how_to_choose_trump()
            if len(words) == 1 or how == NOT_CHOOSING:
                return f"{said}: {how}.", True
            return f"{said} is not a trump you may choose: {how}.", True
        if len(words) == 1 and _denomination(word) and word not in NO_TRUMP_WORDS:
            if any(verb == "trump" for verb, *_ in self._legal_words()):
                return f"{said} is a suit: {self._how_to_choose_trump()}.", True
            return (f"{said} is a suit, not a card: cards are written like J♠, js, 10♦ or "
                    "10d."), True
        if word in COMMANDS and word != "save" and len(words) > 1:   # ("hint extra")
            return f"{said}: {word} is one word, with nothing after it.", False
        meant = nearest(word, (*VERBS, *COMMANDS))
        return f"{quoted(words[0])!r} is not a word the game knows.{meant} " + (
            "See 'help'." if meant else "Type 'legal' for your options, 'help' for the words."
        ), False

    def slip(self, text: str) -> str | None:
        """What is said of ``text`` that the notation reads, but not as the person meant it,
        where no bid or raise is open (a bare number is the notation's bid): a card's rank
        alone ("9"), that it needs its suit; another number, that there is no bid to make; and
        at any time a card this game's pack has not ("2s", "7s" at three players: the
        notation's bid of 2 spades, or an unknown card), said as such.  None otherwise."""
        legal = self._legal_words()
        verbs = {verb for verb, *_ in legal}
        if is_digits(text) and not verbs & {"bid", "raise"} and not re.fullmatch("10|[2-9]", text):
            return f"{text} is not a card, and {NO_BID}."               # a bid, out of time
        rank_slip = re.fullmatch(r"(10|[2-9])([^\d\s]?)", text)
        if rank_slip is None:
            return None
        rank, suit = rank_slip[1], rank_slip[2]
        if not suit:
            if verbs & {"bid", "raise"}:
                return None
            letter = "T" if rank == "10" else rank
            cards = [arg[0] for verb, *arg in legal if arg and len(arg[0]) == 2
                     and arg[0][0] == letter and verb in ("play", "trump")]
            if not cards:
                return (f"{text} is not a card (a card is typed with its suit, like "
                        f"{self._example_card()}), and {NO_BID}.")
            return (f"{text} alone is not a card: type its suit too, like "
                    f"{either([typed_card(c) for c in dict.fromkeys(cards)])}.")
        try:
            name = ("T" if rank == "10" else rank) + SUITS[parse_suit(suit)]
        except CardError:
            return None
        if self.match.rules.trump_mode == "open" and "bid" in verbs:   # 56's "30s" is a bid
            return None
        try:
            self.match.rules.deck.copies_of(name)
        except CardError:
            return (f"{rank}{self.paint.suit(name[1])} is not in this game's pack, which has "
                    f"{self._pack()} of each suit.")
        return None

    def refusal(self, error: IllegalAction, action: Action, text: str) -> str:
        """The engine's refusal of ``action`` (``text`` as typed), in the terminal's words
        where the engine's quote the notation ("'bid 28H'", "'trump 7S'", "seat 2's turn"):
        what to type here instead.  The rest as the engine says it."""
        reason = error.reason
        if reason is None:
            if action.arg and len(action.arg) == 2 and action.verb in ("play", "trump"):
                try:
                    self.match.rules.deck.copies_of(action.arg)
                except CardError:
                    return (f"{self.paint.card(action.arg)} is not in this game's pack, which "
                            f"has {self._pack()} of each suit.")
            return error.message
        p = reason.params
        rule = f" ({reason.rule})" if reason.rule else ""
        key = reason.key
        if key in ("bid_is_a_number", "bid_names_trump") and not any(
                verb == "bid" for verb, *_ in self._legal_words()):
            said, rule = NO_BID, ""
        elif key == "bid_is_a_number":
            said = f"a bid here is a number alone, with no trump: type {p['value']}"
        elif key == "bid_names_trump":
            v = p["value"]
            said = (f"a bid names its trump or no-trump: type the number with a suit or NT, "
                    f"like {v}h, {v}♥ or {v} nt")
        elif key == "duel_match":
            said = f"the defender matches the challenge (type {p['value']}) or passes"
        elif key in ("trump_by_card", "choose_trump_card_first"):
            said = ("choose the trump first: " if key == "choose_trump_card_first" else
                    "the trump is chosen by a card, not a suit: ") + self._how_to_choose_trump()
        elif key in ("trump_by_suit", "choose_trump_suit_first"):
            letter = p["letter"]
            said = ("choose the trump first: " if key == "choose_trump_suit_first" else
                    "name a suit, not a card: ") + \
                f"type {SUIT_WORDS[letter]} or {self.paint.suit(letter)}"
        elif key == "no_c" and text.strip().lower() == "c":       # (clubs, meant as a card)
            said = (f"{error.message}; a card is typed with its rank and suit, like "
                    f"{self._example_card()}")
        elif key == "not_your_turn":
            rest = text.split(maxsplit=1)[1] if len(text.split()) > 1 else text
            said = (f"a number before a word is read as a seat, and you are seat {p['seat']}: "
                    f"type {rest} alone")
        else:
            return error.message
        return said + rule

    def ways(self, view: View) -> list[str]:
        """``legal``: what this seat may do now, one thing a line, each with what it does and
        what to type for it (``play J♠, 9♠ or A♦ — type js, 9s or ad``; ``do not double —
        type pass``; ``call 'C' (6 game points won or lost) — type c``): the table's
        "You may" line says it in short, this says it in full."""
        p = self.paint
        phase = view["phase"]
        cards: dict[str, list[str]] = {"play": [], "lay": []}
        bids: list[str] = []
        raises: list[str] = []
        suits: list[str] = []
        lines: list[str] = []
        for entry in view["legal"]:
            _, verb, *arg = entry.split()
            a = arg[0] if arg else ""
            if verb == "play" or (verb == "trump" and len(a) == 2):
                same = cards["play" if verb == "play" else "lay"]
                if a not in same:                           # 56's twins: one is enough
                    same.append(a)
            elif verb == "bid":
                bids.append(a)
            elif verb == "raise":
                raises.append(a)
            elif verb == "trump" and len(a) == 1:
                suits.append(a)
            elif verb in CALL_WORDS and not (verb == "thani" and phase == "auction"):
                lines.append(f"{CALL_WORDS[verb][1]} — type {verb}")
            else:
                words, command = your_call(entry, p, phase)
                lines.append(words if command is None or command == words
                             else f"{words} — type {command}")
        ways = []
        for kind, names in cards.items():
            if names:
                shown = either([p.card(c) for c in names])
                does = f"play {shown}" if kind == "play" else f"lay {shown} face down as trump"
                ways.append(f"{does} — type the card: {either([typed_card(c) for c in names])}")
        if suits:
            named = either([f"{p.suit(x)} {SUIT_WORDS[x]}" for x in suits])
            first = SUIT_WORDS[suits[0]]
            ways.append(f"name {named} as trump — type the suit: {first}, "
                        f"{p.suit(suits[0])} or trump {suits[0]}")
        if bids:
            ways.append(self._bid_way(view, bids))
        if raises:
            span = raises[0] if len(raises) == 1 else f"{raises[0]} or more, up to {raises[-1]}"
            ways.append(f"raise the bid to {span} — type the number: {raises[0]}")
        head = "What you must do now:" if len(view["legal"]) == 1 else "What you may do now:"
        return [head, *(f"  {whole_calls(w)}" for w in [*ways, *lines])]

    def _bid_way(self, view: View, bids: list[str]) -> str:
        """The bids of :meth:`ways`: ``bid 16 to 28 — type the number: 16``; where a bid
        names its trump (56-AUC-3) the typing of one; a defender's match (BOT-PROTOCOL §7.2)
        as what it does."""
        values = [bid_parts(b) for b in bids]
        low, high = values[0][0], values[-1][0]
        span = str(low) if low == high else f"{low} to {high}"
        if any(den for _, den in values):
            return (f"bid {span}, naming the trump or no-trump — type the number and the suit "
                    f"or NT: {low}h, {low}♥ or {low} nt")
        asked = [*view["history"], f"{self.seat} bid {bids[0]}"]
        if len(bids) == 1 and len(view["history"]) in matching_bids(asked):
            return f"bid {low}, matching the challenge to hold the bid — type {low}"
        return f"bid {span} — type the number: {low}"

    def _legal_words(self) -> list[list[str]]:
        """The legal actions now, each as its words without the seat (``["bid", "16"]``)."""
        return [entry.split()[1:] for entry in self.match.current.view(self.seat)["legal"]]

    def _how_to_bid(self) -> str:
        """How to type a bid or a raise now, with the lowest one may make as the example
        ("to bid, type one number, like 16"); where there is none, that there is none."""
        legal = self._legal_words()
        bids = [arg for verb, *arg in legal if verb == "bid"]
        raises = [arg[0] for verb, *arg in legal if verb == "raise"]
        if bids:
            low, den = bid_parts(bids[0][0])
            if den:                                             # 56-AUC-3
                return (f"to bid, type the number with its trump or no-trump, like {low}h, "
                        f"{low}♥ or {low} nt")
            return f"to bid, type one number, like {low}"
        if raises:                                              # 28-RAISE-1
            return f"to raise the bid, type one number, like {raises[0]}"
        return NO_BID

    def _example_card(self) -> str:
        """A card as typed, for an example: the first this seat may play or lay, else js."""
        cards = [arg[0] for verb, *arg in self._legal_words()
                 if arg and (verb == "play" or (verb == "trump" and len(arg[0]) == 2))]
        return typed_card(cards[0]) if cards else "js"

    def _how_to_choose_trump(self) -> str:
        """How to type the choice of the trump now (a card laid face down, 28-TRUMP-1; a suit
        named, 29-DEAL-2), or that it is not chosen now."""
        args = [arg[0] for verb, *arg in self._legal_words() if verb == "trump" and arg]
        if any(len(a) == 2 for a in args):
            return ("to choose the trump, type one of your cards to lay it face down, like "
                    f"{self._example_card()}")
        if any(len(a) == 1 for a in args):
            first = next(a for a in args if len(a) == 1)
            return (f"to choose the trump, type its suit, like {SUIT_WORDS[first]} or "
                    f"{self.paint.suit(first)}")
        if args:
            return f"type {either([f'trump {a}' for a in args])}"
        return NOT_CHOOSING

    def _pack(self) -> str:
        """The ranks of this game's pack, as people write them: "J, 9, A, 10, K and Q"."""
        ranks = list(dict.fromkeys("10" if r == "T" else r for r in self.match.rules.deck.ranks))
        return f"{', '.join(ranks[:-1])} and {ranks[-1]}"

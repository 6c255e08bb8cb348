"""``twentyeight play``: a match in the terminal against three computer players.

Everything shown to the person comes from their seat's view, so the terminal game cannot show
what the player may not know.
"""

from __future__ import annotations

import difflib
import random
import re
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from twentyeight.analysis.surprises import ANNULMENT_RULES
from twentyeight.bots import Bot, make_table_bot
from twentyeight.bots.names import seat_names
from twentyeight.cards import SUITS, CardError, parse_card, parse_suit
from twentyeight.cli import record_file
from twentyeight.cli.coach import Coach
from twentyeight.cli.display import (
    CALL_WORDS,
    NBSP,
    Painter,
    action_words,
    game_name,
    matching_bids,
    points,
    terminal_width,
    use_colour,
    whole,
    wrap,
    your_call,
)
from twentyeight.cli.display import columns as text_columns
from twentyeight.engine.actions import (
    SIMPLE_VERBS,
    VERBS,
    Action,
    NotationError,
    bid_parts,
)
from twentyeight.engine.explain import _not_played as not_played
from twentyeight.engine.reasons import SUIT_WORDS, annulment_words
from twentyeight.errors import IllegalAction
from twentyeight.match import Match, SetTally
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
        lines.append("When your side may raise the bid, type the new bid: "
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


QUIT_WORDS = ("quit", "exit", "q")
"""What the person types to leave, at any prompt (asked to confirm while the match is on)."""

PLAIN_CALLS = ("double", "redouble")
"""The calls whose word says what they do: offered bare, the others with their meaning."""

COMMANDS = ("legal", "hand", "last", "score", "history", "help", "hint", "review", "save",
            "quit")
"""The words of :data:`HELP_COMMANDS`, which are no action: with the actions' verbs, the
words a typo is matched against."""

END_OF_HAND_WORDS = ("review", "last", "history", "score", "save", "help", "quit")
"""What the end-of-hand prompt takes besides Enter."""

END_OF_HAND_HELP = ("At the end of a hand: Enter for {following}; review (your decisions "
                    "against the expert's), last (the last trick), history (every call and "
                    "card), score, save (the match's record to a file), or quit.")
"""The end-of-hand prompt's ``help``."""

NO_BID = "there is no bid to make now"
"""What is said to a bid, or a number, typed when no bid nor raise may be made."""

NOT_CHOOSING = "the trump is not chosen now"
"""What is said to a trump choice typed when none may be made."""

CARD_LIKE = re.compile(r"(10|[2-9tjqka])\S?", re.IGNORECASE)
"""A word a slip of a card's name would be (``9z``, ``qx``, ``10``): a rank and at most one
sign more; a word that is not like this, nor a number, nor the game's, is told as a word."""


UNDERTAKINGS = {
    "single_hand": "a single hand (every trick, alone, no trump)",                 # 28-SH-1/3
    "thani": "Thani (every trick, himself)",                                       # 28-TH-1
    "thani_56": "Thani (every trick, alone, no trump)",                            # 56-TH-2
}
"""The declarations that replace the contract, in the words of the contract line."""


NO_TRUMP = re.compile(r"\bno[ -]?trumps?\b", re.IGNORECASE)
"""No-trump written out ("no trump", "no-trump", "notrumps"), read as "nt"."""
NO_TRUMP_WORDS = ("nt", "n", "ns", "noes")
"""The no-trump denominations the notation reads after a bid's number (56-AUC-3, A-56-01)."""


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
        number, other = rest if _number(rest[0]) else rest[::-1]
        if _number(number) and _denomination(other):
            return " ".join([*verb, number + other])
    return text


def _is_card(word: str) -> bool:
    """``word`` is a card's name in some pack (``js``, ``10♥``)."""
    try:
        parse_card(word)
    except CardError:
        return False
    return True


def _number(word: str) -> bool:
    return word.isascii() and word.isdigit()


def _denomination(word: str) -> bool:
    """``word`` names no-trump or a suit (a letter, a symbol or a word: "h", "♥", "hearts")."""
    if word.lower() in NO_TRUMP_WORDS:
        return True
    try:
        parse_suit(word)
    except CardError:
        return False
    return True


class Quit(Exception):
    """The person asked to leave (or input ended)."""


class TerminalGame:
    """The terminal game loop; ``read`` and ``out`` are injectable for tests, and ``width``
    (the columns lines are wrapped to; by default the terminal's, 80 when unknown)."""

    def __init__(self, match: Match, seat: int, bots: dict[int, Bot],
                 read: Callable[[str], str] = input, out: TextIO = sys.stdout,
                 colour: bool | None = None, coach: Coach | None = None,
                 width: int | None = None, seat_seed: int | str | None = None,
                 record_path: Path | None = None) -> None:
        self.match = match
        self.seat = seat
        self.bots = bots
        self.read = read
        self.out = out
        self.paint = Painter(use_colour(out) if colour is None else colour)
        self.width = width
        self.n = match.rules.num_players
        self.names = self._seat_names(match.seed if seat_seed is None else seat_seed)
        self._shown = 0
        self._tricks_shown = 0
        self._exposed_shown = False
        self._all_dealt = False
        """The whole hand has been dealt and told (the second deal, 28-DEAL-4)."""
        self._stake_told: tuple[int, int] | None = None
        """The contract's stake as last told (a double changes it)."""
        self.coach = coach or Coach(seat, self.paint)
        """Hints, reviews and the rules' explanations (``hint``, ``review``, ⓘ lines)."""
        self._reviewable: tuple[int, dict[str, Any]] | None = None
        """The last finished hand (its number in the match and its record), for ``review``."""
        self.left = False
        """The person quit (a word or the end of input): no other game is offered."""
        self.record_path = record_path
        """Where the match's record is written after every hand (``play --record``)."""
        self._record_failed = False
        """Writing to :attr:`record_path` failed once (said once, not after every hand)."""

    def _seat_names(self, seed: int | str | None) -> list[str]:
        """What each seat is called: "You"; at three and four seats where it sits ("Left",
        "Partner", "Right"); at six and eight, where places do not name a seat, human-like
        first names (:func:`~twentyeight.bots.names.seat_names`, drawn from ``seed``)."""
        n, me = self.n, self.seat
        right_next = self.match.rules.direction == "anticlockwise"
        others = seat_names(random.randrange(2**32) if seed is None else seed, n - 1,
                            taken=["You"])
        names = [others[(s - me - 1) % n] if s != me else "You" for s in range(n)]
        if n == 4:
            names[(me + 1) % 4] = "Right" if right_next else "Left"
            names[(me + 2) % 4] = "Partner"
            names[(me + 3) % 4] = "Left" if right_next else "Right"
        elif n == 3:
            names[(me + 1) % 3] = "Right" if right_next else "Left"
            names[(me + 2) % 3] = "Left" if right_next else "Right"
        return names

    def _team(self, seat: int) -> int:
        return seat % self.match.rules.teams

    def _team_name(self, team: int) -> str:
        if team == self._team(self.seat):
            return "you" if self.match.rules.teams == self.n else "your side"
        if self.match.rules.teams == 2:
            return "opponents"
        members = [self.names[s] for s in range(self.n) if self._team(s) == team]
        return "+".join(members)

    def _side(self, team: int) -> str:
        """:meth:`_team_name` as a sentence says it: "the opponents", "your side", "Ravi+Uma"."""
        name = self._team_name(team)
        return "the opponents" if name == "opponents" else name

    def _denomination(self, view: View) -> str:
        """The bid's denomination after its number: "" (none), " NT" or the suit."""
        den = view["denomination"]
        return "" if not den else " NT" if den == "NT" else self.paint.suit(den)

    def columns(self) -> int:
        """The width lines are wrapped to: ``width``, else the terminal's (asked each time, so
        a resized window is followed), 80 when it cannot say."""
        return self.width or terminal_width()

    def say(self, text: str = "") -> None:
        """Write ``text``, each line wrapped at spaces to :meth:`columns`."""
        width = self.columns()
        self.out.write("\n".join(wrap(line, width) for line in text.split("\n")) + "\n")
        self.out.flush()

    # ---- the loop ----------------------------------------------------------------------
    def run(self) -> int:
        """Play until the match ends or the person quits; return the exit status."""
        try:
            self._welcome()
            hand_no = 0
            while not self.match.over:
                game = self.match.current
                if len(self.match.games) != hand_no:
                    for number, dealt in enumerate(self.match.games[hand_no:-1], hand_no + 1):
                        self._over_as_dealt(number, dealt)
                    hand_no = len(self.match.games)
                    self._new_hand(hand_no)
                seat = game.to_act
                assert seat is not None
                before = game.view(self.seat)
                if seat == self.seat:
                    self._human_turn()
                else:
                    self.match.apply(self._computer_acts(seat, game.view(seat)))
                self._narrate(game)
                for line in self.coach.explain(before, game.view(self.seat)):
                    self.say(line)
                if game.over:
                    self._keep_record()
                    self._hand_over(game)
            self._match_over()
        except Quit:
            self.left = True
            self.say()                              # (after Ctrl-D, the prompt's line)
            self._keep_record()
            if self.match.over:                     # left at the last hand's prompt
                self._match_over()
            self.say("Goodbye.")
        except KeyboardInterrupt:                   # Ctrl-C leaves at once, its record kept
            self._keep_record()
            raise
        return 0

    def _leave(self) -> None:
        """The person typed a quit word: raise :class:`Quit` — at once when the match is
        over, after a yes while it is on (``q`` is one key from ``qs``, and the score would
        be lost).  A no returns, and the game goes on; the end of input leaves."""
        if not self.match.over:
            try:
                answer = self.read("Leave the match? Its score is lost. [y/N] ")
            except EOFError:
                raise Quit from None
            if answer.strip().lower() not in ("y", "yes", *QUIT_WORDS):
                self.say("(the game goes on)")
                return
        raise Quit

    def _computer_acts(self, seat: int, view: View) -> str:
        """The computer player's action at ``seat``, shown no sooner than its thinking time
        (:meth:`~twentyeight.bots.Bot.thinking_time`, from the phase and the trick only): a
        searching player's forced card would otherwise come at once and a hard one a second
        later, telling the person which it was.  (No deadline here: a seeded game stays the
        same game.)"""
        bot = self.bots[seat]
        start = time.monotonic()
        action = bot.act(view)
        wait = type(bot).thinking_time(view["phase"], len(view["tricks"]))
        if wait > 0:
            time.sleep(max(0.0, start + wait - time.monotonic()))
        return action

    def _welcome(self) -> None:
        r = self.match.rules
        # Where a failed contract is the opponents' gain (40-6, C-16) no side's score falls,
        # so the match is only ever won at +target.
        reach = (f"first side to {r.game_target}" if r.failure_mode == "opponents_gain"
                 else f"game to ±{r.game_target}")
        goal = {"target": reach,
                "tables": f"{r.start_tables} tables each",
                "score_sheet": f"{r.match_deals} deals on a score sheet",
                "coolie_kodi": "coolies and kodis"}[r.match_scoring]
        name = game_name(r.preset)
        self.say(self.paint.bold(f"twentyeight — {name + ', ' if name else ''}rules "
                                 f"'{r.preset}'" + (" (with changes)" if r.overrides() else "")
                                 + f", {goal}"))
        levels = {s: bot.name for s, bot in self.bots.items()}
        several = len(set(levels.values())) > 1      # which computer plays at which level
        seats = ", ".join(f"{self.names[s]} = seat {s}" + (f" ({levels[s]})" if several and
                                                             s in levels else "")
                          for s in range(self.n))
        self.say(f"{seats}.")
        self.say("Type 'help' for commands.")
        if r.auction_procedure == "duel":       # BOT-PROTOCOL.md §7.2, told once
            self.say("The auction is a duel: the first to speak opens at 16 as the defender; "
                     "each other player then challenges once, bidding above the defender or "
                     "passing. The defender may match a challenge (bid the same), and the "
                     "challenger must then bid higher or pass; a defender who passes hands the "
                     "bid to the challenger.")
        teams = self.match.rules.teams
        if teams != self.n and self.n != 4:
            groups = [" ".join(self.names[s] for s in range(self.n) if s % teams == t)
                      for t in range(teams)]
            self.say("Teams: " + " · ".join(f"[{g}]" for g in groups))

    def _new_hand(self, number: int) -> None:
        game = self.match.current
        self._shown = 0
        self._tricks_shown = 0
        self._exposed_shown = False
        self._all_dealt = not game.rules.cards_before_auction
        self._stake_told = None
        self.coach.new_hand()
        self.say()
        self.say(self.paint.bold(f"══ Hand {number} · dealer {self.names[game.dealer]} · "
                                 f"{self._score_line()} ══"))
        view = game.view(self.seat)
        first = "Your first cards" if game.rules.cards_before_auction else "Your cards"
        self.say(f"{first}: {self.paint.hand(view['hand'])}")

    def _over_as_dealt(self, number: int, game: Any) -> None:
        """A hand that ended as it was dealt (four jacks, eight of a suit: 28-POST-2/4),
        nobody having had a decision in it."""
        if not game.over or game.to_record()["actions"]:
            return
        view = game.view(self.seat)
        self.say()
        if view["status"] == "annulled":
            self.say(self.paint.bold(f"Hand {number} annulled as dealt: "
                                     f"{self._annulled_why(view)}; the same dealer deals "
                                     "again."))
        else:
            self.say(self.paint.bold(f"Hand {number} over as dealt: {self._verdict(view)}; "
                                     f"{self._score_line()}"))

    def _score_line(self) -> str:
        m = self.match
        s = m.scores
        mode = m.rules.match_scoring
        if m.rules.teams == 2 and self.n == 4 and mode == "target":
            mine = s[self._team(self.seat)]
            return (whole(f"you & partner {mine:+d}") + " · "
                    + whole(f"opponents {s[1 - self._team(self.seat)]:+d}"))
        names = [self._team_name(t) for t in range(len(s))]
        mine = self._team(self.seat)
        if names[mine] == "your side":          # at six and eight seats: who is with you
            *others, last = ["you", *(self.names[p] for p in range(self.n)
                                      if self._team(p) == mine and p != self.seat)]
            names[mine] = f"{', '.join(others)} & {last}"
        parts = [whole(f"{name} {v:+d}" if mode == "target" else f"{name} {v}")
                 for name, v in zip(names, s, strict=True)]
        text = " · ".join(parts)
        if mode == "tables":
            return f"tables: {text}"
        if mode == "score_sheet":
            return f"sheet: {text} (deal {m.deals + 1} of {m.deals_target})"
        if mode == "coolie_kodi":
            kodis = ", ".join(f"{self.names[p]} {k}" for p, k in enumerate(m.kodis) if k)
            return f"coolies: {text}" + (f"; kodis: {kodis}" if kodis else "")
        return text

    # ---- the person's turn -------------------------------------------------------------
    def _human_turn(self) -> None:
        self._show_table()
        game = self.match.current
        for line in self.coach.turn(game.view(self.seat), game.hand):
            self.say(line)
        while True:
            try:
                text = self.read(self.paint.bold("your move> ")).strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            if self._command(text):
                continue
            slip = self._slip(text)
            if slip is not None:
                self._refuse(slip)
                continue
            try:
                action = self._read_action(text)
            except NotationError:
                said, options = self._not_understood(text)
                if options:
                    self._refuse(said)
                else:
                    self.say(f"✗ {said}")
                continue
            try:
                self.match.apply(action)
                return
            except IllegalAction as e:
                self._refuse(self._refusal(e, action, text))

    def _refuse(self, why: str) -> None:
        """Say why what was typed is not taken, and what may be typed now."""
        self.say(f"✗ {why}")
        self.say(f"  you may: {self._options(self.match.current.view(self.seat))}")

    def _read_action(self, text: str) -> Action:
        """The action ``text`` types, read as the notation reads it (a bare card plays it, a
        bare number bids it) and then as what is legal now makes of it: a bare suit names the
        trump, a card lays it face down, a bare number raises in the raise window."""
        named = self._as_named_suit(text)
        if named is not None:
            return named
        action = Action.parse(joined_bid(text), seat=self.seat)
        return self._as_raise(self._as_trump_card(action), text)

    def _as_named_suit(self, text: str) -> Action | None:
        """A bare suit (``clubs``, ``♣``, ``c``) typed while this seat names the trump suit
        (29-DEAL-2) names it, unless the word is a call that is legal now (``c``: 'C',
        28-DBL-7); so do ``seventh`` and ``reverse`` where they are trump choices; otherwise
        None."""
        legal = self.match.current.legal_actions()
        word = text.lower()
        if word in ("seventh", "reverse"):              # 28-TRUMP-5, 29-DEAL-3, as words
            named = Action(self.seat, "trump", word)
            return named if named in legal else None
        try:
            named = Action(self.seat, "trump", SUITS[parse_suit(word)])
        except CardError:
            return None
        if named not in legal or (word in SIMPLE_VERBS and Action(self.seat, word) in legal):
            return None
        return named

    def _as_raise(self, action: Action, text: str) -> Action:
        """A bare number (``24``) where a raise is legal and a bid is not (the raise window,
        28-RAISE-1/4) raises to it: that is all a number can mean there."""
        verbs = {a.verb for a in self.match.current.legal_actions()}
        if action.verb == "bid" and _number(text) and "raise" in verbs and "bid" not in verbs:
            return Action(action.seat, "raise", action.arg)
        return action

    def _not_understood(self, text: str) -> tuple[str, bool]:
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
        if _number(word[:1]):
            return f"{said} is not a bid or a card: {self._how_to_bid()}.", True
        if len(words) > 1 and CARD_LIKE.fullmatch(word) and _is_card(word):
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
        meant = nearest(word, (*VERBS, *COMMANDS))
        return f"{quoted(words[0])!r} is not a word the game knows.{meant} " + (
            "See 'help'." if meant else "Type 'legal' for your options, 'help' for the words."
        ), False

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

    def _slip(self, text: str) -> str | None:
        """What is said of ``text`` that the notation reads, but not as the person meant it,
        where no bid or raise is open (a bare number is the notation's bid): a card's rank
        alone ("9"), that it needs its suit; another number, that there is no bid to make; and
        at any time a card this game's pack has not ("2s", "7s" at three players: the
        notation's bid of 2 spades, or an unknown card), said as such.  None otherwise."""
        legal = self._legal_words()
        verbs = {verb for verb, *_ in legal}
        if _number(text) and not verbs & {"bid", "raise"} and not re.fullmatch("10|[2-9]", text):
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

    def _refusal(self, error: IllegalAction, action: Action, text: str) -> str:
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
        elif key == "not_your_turn":
            rest = text.split(maxsplit=1)[1] if len(text.split()) > 1 else text
            said = (f"a number before a word is read as a seat, and you are seat {p['seat']}: "
                    f"type {rest} alone")
        else:
            return error.message
        return said + rule

    def _as_trump_card(self, action: Action) -> Action:
        """A card typed while this seat lays its trump card face down lays that card (as a
        click on it does at the browser table); anything else is left as it is."""
        laid = Action(action.seat, "trump", action.arg)
        if action.verb == "play" and laid in self.match.current.legal_actions():
            return laid
        return action

    def _command(self, text: str) -> bool:
        word = text.lower()
        view = self.match.current.view(self.seat)
        if word in QUIT_WORDS:
            self._leave()
        elif word in ("help", "h", "?"):
            self.say(help_text(self.match.rules))
        elif word == "legal":
            for line in self._ways(view):
                self.say(line)
        elif word == "hand":
            self.say(f"your hand: {self.paint.hand(view['hand'])}")
        elif word == "last":
            self.say(self._last_trick(view) or "no trick has been completed yet")
        elif word == "score":
            self.say(self._score_line())
        elif word == "history":
            self._history(view)
        elif word == "hint":
            self.say(self.coach.hint(view))
        elif word == "review":
            self._review()
        elif word.split()[0] == "save":
            self._save(text)
        else:
            return False
        return True

    def _options(self, view: View) -> str:
        """What this seat may type now, grouped: ``play 9♣ J♣``, ``bid 16–28``, the trump
        choices in words with their commands (``name the trump: ♠ spades (trump S) · …``),
        the other calls as typed, with their meaning (``c: call 'C' (6 game points won or
        lost)``) unless the word says it (:data:`PLAIN_CALLS`)."""
        plays = []
        laid = []
        suits = []
        others = []
        for entry in view["legal"]:
            _, verb, *arg = entry.split()
            if verb == "play":
                plays.append(self.paint.card(arg[0]))
            elif verb == "trump" and arg and len(arg[0]) == 2:         # a card laid face down
                laid.append(self.paint.card(arg[0]))
            elif verb == "trump" and arg and len(arg[0]) == 1:         # a suit named (29)
                words, command = your_call(entry, self.paint)
                suits.append(whole(words.removeprefix("name ").removesuffix(" as trump")
                                   + f" ({command})"))
            elif verb == "trump" and arg:                              # seventh, reverse
                words, command = your_call(entry, self.paint)
                others.append(f"{words} ({command})")
            elif verb == "thani" and view["phase"] == "auction":       # 56-TH-1: a call
                others.append(f"thani: {your_call(entry, self.paint, 'auction')[0]}")
            elif verb in CALL_WORDS and verb not in PLAIN_CALLS:       # with its meaning
                others.append(f"{verb}: {CALL_WORDS[verb][1]}")
            else:
                others.append(" ".join([verb, *arg]))
        bids = [o for o in others if o.startswith(("bid ", "raise "))]
        rest = [o for o in others if o not in bids]
        parts = []
        if plays:
            parts.append("play " + " ".join(plays))
        if laid:                                        # typing the card lays it
            parts.append("lay one face down as trump: " + " ".join(laid))
        if suits:
            parts.append("name the trump: " + " · ".join(suits))
        if bids:
            word = bids[0].split()[0]
            values = [bid_parts(b.split()[1]) for b in bids]
            low, high = values[0][0], values[-1][0]
            dens = sorted({d for _, d in values})
            suffix = "" if dens == [0] else \
                f" with a suit or NT (e.g. {low}h or {low} nt)"               # 56-AUC-3
            asked = [*view["history"], f"{self.seat} {bids[0]}"]
            matches = len(bids) == 1 and len(view["history"]) in matching_bids(asked)
            parts.append(f"{word} {low}–{high}{suffix}" if low != high else
                         f"{word} {low}{suffix}" if suffix else
                         bids[0] + (" (match the challenge and hold the bid)" if matches else ""))
        parts.extend(rest)
        return " · ".join(parts)

    def _ways(self, view: View) -> list[str]:
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
        """The bids of :meth:`_ways`: ``bid 16 to 28 — type the number: 16``; where a bid
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

    def _show_table(self) -> None:
        view = self.match.current.view(self.seat)
        p = self.paint
        self.say(self._rule())
        if view["bidder"] is not None:
            self.say(f"Contract: {self._contract_words(view)}")
            pts = view["points"]
            ours = self._team(self._declarer(view)) == self._team(self.seat)
            mine, theirs = ((pts["bidding"], pts["opponents"]) if ours
                            else (pts["opponents"], pts["bidding"]))
            who = "bidding side" if ours else "defenders"
            others = "the opponents" if self.match.rules.teams == 2 else "the others"
            self.say(f"Card points: your side ({who}) {mine} · {others} {theirs}")
        elif view["phase"] == "auction":
            calls = [whole(told.replace(": ", " ", 1)) for _, told in self._calls(view)]
            self.say("Auction: " + (" · ".join(calls) if calls else "you speak first"))
        last = self._last_trick(view)
        if last:
            self.say(last)
        trick = view["trick"]
        if trick and trick["cards"]:
            self.say(f"Trick {len(view['tricks']) + 1}: {self._played(trick)}")
        elif view["phase"] == "play":
            self.say(f"Trick {len(view['tricks']) + 1}: your lead")
        self.say(f"Your hand: {p.hand(view['hand'])}")
        must = len(view["legal"]) == 1
        self.say(f"You {'must' if must else 'may'}: {self._options(view)}")

    def _rule(self) -> str:
        """The line that opens the table at each turn, with the match's score in the words of
        ``score`` (``── you & partner +2 · opponents -1 ─────``): there at every turn at no
        cost of a line.  A score too long for it comes on the line after a plain rule."""
        width = min(60, self.columns())
        score = self._score_line()
        fill = width - text_columns(score) - 4
        if fill < 2:
            return self.paint.dim("─" * width) + "\n" + score
        return self.paint.dim("── ") + score + " " + self.paint.dim("─" * fill)

    @staticmethod
    def _declarer(view: View) -> int:
        """The seat that plays the hand's undertaking: a single hand's or a Thani's declarer
        (28-SH-2: the contract is void), otherwise the bidder."""
        special_seat, bidder = view["special_seat"], view["bidder"]
        if view["special"] in UNDERTAKINGS and special_seat is not None:
            return special_seat
        assert bidder is not None, "a hand with a declarer has a bidder"
        return bidder

    def _contract_words(self, view: View) -> str:
        """``Right 20, doubled, trump hidden``, ``You 56 NT``, ``Left: a single hand (every
        trick, alone, no trump)``: the contract as this seat may know it."""
        special = view["special"]
        name = self.names[self._declarer(view)]
        if special in UNDERTAKINGS:
            line = f"{name}: {UNDERTAKINGS[special]}"
            return line + self._trump_words(view) if special == "thani" else line
        line = f"{name} {view['contract']}{self._denomination(view)}"
        if view["target"] is not None and view["target"] != view["contract"]:
            line += f" (target {view['target']})"
        if _c_called(view):
            line += ", 'C': 6 game points won or lost"                   # 28-DBL-7
        elif view["multiplier"] > 1:
            line += ", redoubled" if view["multiplier"] == 4 else ", doubled"
        return line if view["denomination"] == "NT" else line + self._trump_words(view)

    def _trump_words(self, view: View) -> str:
        """What this seat knows of the trump, for the contract line."""
        p = self.paint
        trump = view["trump"]
        if trump == "reverse":
            return ", reversed no-trump"
        if trump and self.match.current.rules.trump_mode == "open":
            return ""                                # the bid named it (56-TRUMP-1)
        if trump and view["trump_exposed"]:
            return f", trump {p.suit(trump)} (exposed)"
        if trump:
            ind = view["indicator"]
            return f", trump {p.suit(trump)}" + (
                f" — your indicator {p.card(ind)} is face down" if ind
                else " (hidden from the others)")
        return ", trump hidden" + (" (face-down indicator)" if view["indicator_face_down"]
                                   else "")

    def _last_trick(self, view: View) -> str | None:
        if not view["tricks"]:
            return None
        return f"Last trick: {self._trick_line(view['tricks'][-1])}"

    # ---- narration ---------------------------------------------------------------------
    def _narrate(self, game: Any) -> None:
        """Say the other players' actions since the last call, each as what it was in the
        phase it was made in (a pass in the raise window: "no raise")."""
        view = game.view(self.seat)
        for who, told in self._calls(view, self._shown):
            if who != self.seat:
                self.say("  " + told)
        self._shown = len(view["history"])
        self._tell_stake(view)
        self._second_deal(game, view)
        while self._tricks_shown < len(view["tricks"]):             # before an exposure
            t = view["tricks"][self._tricks_shown]                  # it led to (28-LAST-1)
            self._tricks_shown += 1
            self.say(f"  → trick {self._tricks_shown} to {self.names[t['winner']]} "
                     f"({points(t['points'])})")
        if view["trump_exposed"] and not self._exposed_shown:
            self._exposed_shown = True
            ind, trump = view["indicator"], view["trump"]
            if trump is None:                                       # an NT bid (56-TRUMP-1)
                told = "  ✦ No trump: the bid is no-trump"
            elif trump == "reverse":
                told = "  ✦ Trump exposed: reversed no-trump"
            elif game.rules.trump_mode == "open":
                told = f"  ✦ Trump: {self.paint.suit(trump)}, named in the bid"
            else:
                told = f"  ✦ Trump exposed: {self.paint.suit(trump)}" + (
                    f" (indicator {self.paint.card(ind)})" if ind else "")
            self.say(self.paint.bold(told))

    def _tell_stake(self, view: View) -> None:
        """What the contract wins made and loses failed, once the play begins (after the
        doubles) and again if 'C' changes it: the view's ``stake``, told once rather than on
        every turn's contract line, which must fit 80 columns.  Told for the bidding side,
        named from this seat ("your side", "the opponents"), and where a failure is the
        opponents' gain (40-6, 6PK-6, a score sheet) as theirs."""
        stake = view["stake"]
        if stake is None or view["phase"] not in ("play", "cot"):
            return
        told = (stake["win"], stake["loss"])
        if told == self._stake_told:
            return
        self._stake_told = told
        team = self._team(self._declarer(view))
        ours = team == self._team(self.seat)
        every, short = stake.get("all_tricks"), stake.get("below_half")
        alone = view["special"] is not None             # a single hand, a Thani: all or none
        made = f"every trick +{told[0]}" if alone else f"made +{told[0]}" + (
            f" (+{every} with every trick)" if every else "")
        failed_word = "otherwise" if alone else "failed"
        under = f" if under {short['points']} points)" if short else ""
        if stake.get("opponents_gain"):
            gainers = ("the opponents" if self.match.rules.teams == 2 else "the others") \
                if ours else "your side"
            failed = f"; {failed_word}, {gainers} +{told[1]}" + (
                f" (+{short['loss']}{under}" if short else "")
        else:
            failed = f", {failed_word} -{told[1]}" + (
                f" (-{short['loss']}{under}" if short else "")
        self.say(f"  At stake for {self._side(team)}: {made}{failed}")

    def _second_deal(self, game: Any, view: View) -> None:
        """Tell the rest of the cards once they are dealt after the auction (28-DEAL-4), with
        the bidder's seventh card set aside as the trump when it was called (28-TRUMP-5)."""
        first = game.rules.cards_before_auction
        if self._all_dealt or len(view["hand"]) <= first:
            return
        self._all_dealt = True
        bidder, indicator = view["bidder"], view["indicator"]
        self.say("The rest of the cards are dealt.")
        if view["seventh_card"] and bidder is not None:
            if bidder != self.seat:
                self.say(f"{self.names[bidder]}'s seventh card is set aside face down: its "
                         "suit is trump.")
            elif indicator is not None:
                self.say(f"Your seventh card, {self.paint.card(indicator)}, is set aside face "
                         f"down: {self.paint.suit(indicator[1])} is trump.")
            else:
                self.say("Your seventh card is set aside face down, unseen: its suit is trump.")
        aside = ""
        if bidder == self.seat and indicator is not None and view["indicator_face_down"] \
                and not view["seventh_card"]:
            aside = f"   (and {self.paint.card(indicator)} face down as your trump)"
        self.say(f"Your hand is now: {self.paint.hand(view['hand'])}{aside}")

    def _history(self, view: View) -> None:
        """Every call of the hand, each as what it was in its phase, and its cards a trick a
        line with the trick's winner (the calls made in the play, an ask or a pair, in their
        place between the tricks' lines)."""
        tricks, done, cards = view["tricks"], 0, 0
        for (_, told), entry in zip(self._calls(view), view["history"], strict=True):
            if entry.split()[1] != "play":
                self.say("  " + told)
                continue
            cards += 1
            if done < len(tricks) and cards == len(tricks[done]["cards"]):
                self.say(f"  Trick {done + 1}: {self._trick_line(tricks[done])}")
                done, cards = done + 1, 0
        current = view["trick"]
        if current and current["cards"]:
            self.say(f"  Trick {done + 1}, so far: {self._played(current)}")

    def _played(self, trick: Any) -> str:
        """``Left 9♠ · Partner A♠ · …``: a trick's cards, each with who played it."""
        return " · ".join(whole(f"{self.names[s]} {self.paint.card(c)}")
                          for s, c in zip(trick["seats"], trick["cards"], strict=True))

    def _trick_line(self, trick: Any) -> str:
        """``Left 9♠ · Partner A♠ · … → Partner (11 points)``: a finished trick."""
        return f"{self._played(trick)} → {self.names[trick['winner']]} " \
            f"({points(trick['points'])})"

    def _calls(self, view: View, start: int = 0) -> list[tuple[int, str]]:
        """The history's entries from ``start`` in words, each with its seat, as made in
        its phase (a pass in the raise window: "no raise"; a defender's match, BOT-PROTOCOL
        §7.2: "matches 17"), with its player's name (``You: …``)."""
        matched = matching_bids(view["history"])
        told = []
        for place, (entry, phase) in enumerate(zip(view["history"], view["history_phases"],
                                                   strict=True)):
            if place >= start:
                seat = int(entry.split()[0])
                told.append((seat, action_words(entry, self.names[seat], self.paint, phase,
                                                you=seat == self.seat,
                                                matches=place in matched)))
        return told

    def _review(self) -> None:
        """The review of the last finished hand (from this seat's decisions)."""
        if self._reviewable is None:
            self.say("no hand is over yet: the review comes once a hand is over")
            return
        number, record = self._reviewable
        self.say("(the expert is going through the hand… Ctrl-C stops it)")
        try:
            for line in self.coach.review(record, number):
                self.say(line)
        except KeyboardInterrupt:               # a long review stopped, not the game
            self.say("(review stopped)")

    # ---- the record ------------------------------------------------------------------
    def _record(self) -> dict[str, Any]:
        """The match's finished hands as a record (RECORDS.md), the seats' names as
        ``players``.  The hand in play is left out: a record holds every seat's cards."""
        record = self.match.to_record()
        record["hands_played"] = [r for r, game in zip(record["hands_played"],
                                                       self.match.games, strict=True)
                                  if game.over]
        return {**record, "players": list(self.names)}

    def _keep_record(self) -> None:
        """Write the record to :attr:`record_path`, if there is one (after a hand, on
        leaving); a failure is said once and the game goes on."""
        record = self._record()
        if self.record_path is None or not record["hands_played"]:
            return
        try:
            record_file.write(self.record_path, record)
        except OSError as e:
            if not self._record_failed:
                self._record_failed = True
                self.say(f"✗ the record could not be written to {self.record_path}: "
                         f"{e.strerror or e}")

    def _save(self, typed: str) -> None:
        """``save [FILE]`` as typed: the match so far to ``FILE``, else to the ``--record``
        file, else to a new file named by the time."""
        named = typed.partition(" ")[2].strip()
        path = Path(named) if named else self.record_path or record_file.default_path()
        record = self._record()
        finished = len(record["hands_played"])
        if not finished:
            self.say("No hand is finished yet, so there is nothing to save: the hand in play "
                     "is not saved while its cards are hidden.")
            return
        try:
            record_file.write(path, record)
        except OSError as e:
            self.say(f"✗ could not save to {path}: {e.strerror or e}")
            return
        hands = f"{finished} finished hand" + ("" if finished == 1 else "s")
        kept = "" if self.match.current.over else " (not the hand in play: its cards are hidden)"
        self.say(f"Saved the match's {hands} to {path}{kept}. See them again: twentyeight "
                 f"replay {path}; your play reviewed: twentyeight analyse {path} --seat "
                 f"{self.seat}.")

    def _hand_over(self, game: Any) -> None:
        self._reviewable = (self.match.games.index(game), game.to_record())
        view = game.view(self.seat)
        if view["status"] == "annulled":
            self.say(self.paint.bold(f"Hand annulled: {self._annulled_why(view)}; the same "
                                     "dealer deals again."))
        else:
            self.say(self.paint.bold(f"Hand over: {self._verdict(view)}; "
                                     f"{self._score_line()}"))
        following = "the end" if self.match.over else "the next hand"
        while True:
            try:
                typed = self.read(f"(Enter for {following}, review, or quit) ").strip()
            except EOFError:
                raise Quit from None
            answer = typed.lower()
            if not answer:                          # only Enter goes on
                return
            if answer in QUIT_WORDS:
                self._leave()
            elif answer == "review":                # a look back at the hand just over
                self._review()
            elif answer == "last":
                self.say(self._last_trick(view) or "no trick was completed")
            elif answer == "history":
                self._history(view)
            elif answer == "score":
                self.say(self._score_line())
            elif answer.split()[0] == "save":
                self._save(typed)
            elif answer in ("help", "h", "?"):
                self.say(END_OF_HAND_HELP.format(following=following))
            else:
                meant = nearest(answer, END_OF_HAND_WORDS)
                self.say(f"✗ {quoted(typed)!r} is not a choice here.{meant} Press Enter for "
                         f"{following}, or type review, last, history, score, save, help or "
                         "quit.")

    def _annulled_why(self, view: View) -> str:
        """Why the hand was annulled, with its rule, saying whose cards where they were one
        player's (the view's ``annulled_seat``: shown by the rule, or the redeal's claimant):
        "Left's eight cards hold no jack, nine, ace or ten (28-POST-3)"."""
        reason = view["result"]["annulled_reason"] or ""
        seat = view["result"]["annulled_seat"]
        you = seat == self.seat
        who = self.names[seat] if seat is not None and not you else None
        rule = ANNULMENT_RULES.get(reason)
        return annulment_words(reason, who, you) + (f" ({rule})" if rule else "")

    def _verdict(self, view: View) -> str:
        """Who bid what, whether they made it, and whose card points are whose:
        ``your side made 16 — card points: your side 25, the opponents 3``; a single hand or
        Thani by whether it won every trick."""
        if view["bidder"] is None:
            return "nobody bid"
        team = self._team(self._declarer(view))
        side = self._side(team)
        made = view["result"]["made"]
        if view["special"] in UNDERTAKINGS:
            what = "single hand" if view["special"] == "single_hand" else "Thani"
            whose = "your" if side == "you" else side + ("'" if side.endswith("s") else "'s")
            done = {True: "won every trick", False: "failed", None: "was played"}[made]
            return f"{whose} {what} {done}"
        # the other team by its name; two or more others pooled
        others = self._side(1 - team) if self.match.rules.teams == 2 else "the others"
        shown = self._denomination(view)
        c = " with 'C'" if _c_called(view) else ""
        verb = {True: "made", False: "went down in", None: "played"}[made]
        pts = view["points"]
        ours, theirs = whole(f"{side} {pts['bidding']}"), whole(f"{others} {pts['opponents']}")
        conceded = self._concession(view) if made else ""
        when = " when play stopped" if conceded else ""
        moved = view["target"] is not None and view["target"] != view["contract"]
        goal = f" (target {view['target']} after the pair)" if moved else ""   # 28-PAIR-4
        return (f"{side} {verb} {view['contract']}{shown}{goal}{c}{conceded} — card "
                f"points{when}: {ours}, {theirs}")

    def _concession(self, view: View) -> str:
        """`` by your concession (28-COT-3)`` when the bidding side accepted a defender's
        concession (play stopped, the contract made), else ""."""
        calls = [entry.split() for entry in view["history"]]
        if not any(verb == "accept" for _, verb, *_ in calls):
            return ""
        seat = next(int(who) for who, verb, *_ in reversed(calls) if verb == "concede")
        whose = "your" if seat == self.seat else f"{self.names[seat]}'s"
        return f" by {whose} concession (28-COT-3)"

    def _match_over(self) -> None:
        mine = self._team(self.seat)
        winners = sorted(self.match.winners, key=lambda t: t != mine)      # ours first
        names = [self._side(t) for t in winners]
        if len(names) == 1:
            verb = "win" if names[0] in ("you", "the opponents") else "wins"
            said = f"{names[0]} {verb}"
        else:
            said = f"{', '.join(names[:-1])} and {names[-1]} share the win"
        self.say(self.paint.bold(f"Game over: {said} ({self._score_line()})."))


def nearest(typed: str, words: tuple[str, ...]) -> str:
    """`` Did you mean pass?``: the one or two of ``words`` nearest to what was typed (a typo
    of one), else ""."""
    near = difflib.get_close_matches(typed.lower(), words, n=2, cutoff=0.75)
    return f" Did you mean {' or '.join(near)}?" if near else ""


def quoted(typed: str, limit: int = 24) -> str:
    """What the person typed, as a message quotes it: cut to ``limit`` characters ("…")."""
    return typed if len(typed) <= limit else typed[:limit - 1] + "…"


def _c_called(view: View) -> bool:
    """The bidder has called 'C' this hand (28-DBL-7)."""
    return any(entry.split()[1] == "c" for entry in view["history"])


def computer_levels(levels: list[str], n: int, seat: int) -> dict[int, str]:
    """The level at each computer seat of ``n``: ``levels`` in the order of play from the
    seat after ``seat`` (after the person's: the first is the next to play, at four seats the
    second is the partner), repeated if shorter.

    >>> computer_levels(["expert", "club"], 4, 0)
    {1: 'expert', 2: 'club', 3: 'expert'}
    """
    return {(seat + k) % n: levels[(k - 1) % len(levels)] for k in range(1, n)}


def play(rules: Any, seed: int | None, seat: int, bot_names: list[str],
         read: Callable[[str], str] = input, out: TextIO = sys.stdout,
         colour: bool | None = None, record: Path | None = None) -> int:
    """Run matches for one person at ``seat`` until they stop; return the exit status.  The
    computer seats take ``bot_names`` in the order of play from the seat after the person's
    (the list repeated if shorter); with ``record``, each match's record is written there
    after every hand (the second match's beside it, :func:`record_file.nth_match`)."""
    games = 0
    sets = SetTally()
    people: int | str = random.randrange(2**32) if seed is None else seed  # names: every match
    while True:
        match = Match.new(rules, seed=None if seed is None else seed + games)
        n = match.rules.num_players
        levels = computer_levels(bot_names, n, seat)
        base = 0 if seed is None else seed * 1000 + games * 10
        bots = {s: make_table_bot(level, seed=base + s) for s, level in levels.items()}
        tg = TerminalGame(match, seat, bots, read, out, colour, seat_seed=people,
                          record_path=None if record is None
                          else record_file.nth_match(record, games + 1))
        tg.run()
        if tg.left or not match.over:
            return 0
        games += 1
        if match.rules.track_sets and match.winner is not None:
            sets.record(match.winner, match.scores, match.rules.game_target)
            mine = seat % 2
            tg.say(f"Sets: you & partner red {sets.red[mine]} black {sets.black[mine]} · "
                   f"opponents red {sets.red[1 - mine]} black {sets.black[1 - mine]}")
        if not another_game(read, tg.say):
            return 0


YES_WORDS = ("y", "yes")
"""The answers to "Another game?" that deal one."""
NO_WORDS = ("", "n", "no", *QUIT_WORDS)
"""The answers to "Another game?" that stop: a no, a quit word, or Enter (its default, N)."""


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

"""``twentyeight play``: a match in the terminal against three computer players.

Everything shown to the person comes from their seat's view, so the terminal game cannot show
what the player may not know.
"""

from __future__ import annotations

import random
import sys
import time
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from twentyeight.analysis.surprises import ANNULMENT_RULES
from twentyeight.bots import Bot, BotError, make_table_bot
from twentyeight.bots.names import seat_names
from twentyeight.cards import SUITS, CardError, parse_suit
from twentyeight.cli import record_file
from twentyeight.cli.coach import Coach
from twentyeight.cli.display import (
    CALL_WORDS,
    NBSP,
    UNDERTAKINGS,
    Painter,
    action_words,
    game_name,
    matching_bids,
    points,
    possessive,
    side_words,
    terminal_width,
    use_colour,
    whole,
    wrap,
    your_call,
)
from twentyeight.cli.display import columns as text_columns
from twentyeight.cli.typing_help import (
    QUIT_WORDS,
    TypingHelp,
    another_game,
    column_of,
    help_text,
    joined_bid,
    nearest,
    quoted,
)
from twentyeight.engine.actions import (
    SIMPLE_VERBS,
    Action,
    NotationError,
    bid_parts,
    is_digits,
)
from twentyeight.engine.reasons import annulment_words
from twentyeight.errors import IllegalAction
from twentyeight.match import Match, SetTally
from twentyeight.views import View

PLAIN_CALLS = ("double", "redouble")
"""The calls whose word says what they do: offered bare, the others with their meaning."""

END_OF_HAND_WORDS = ("review", "last", "history", "score", "save", "help", "quit")
"""What the end-of-hand prompt takes besides Enter."""

END_OF_HAND_HELP = ("At the end of a hand: Enter for {following}; review (your decisions "
                    "against the expert's), last (the last trick), history (every call and "
                    "card), score, save (the match's record to a file), or quit.")
"""The end-of-hand prompt's ``help``."""



class Quit(Exception):
    """The person asked to leave (or input ended)."""


class TerminalGame:
    """The terminal game loop; ``read`` and ``out`` are injectable for tests, and ``width``
    (the columns lines are wrapped to; by default the terminal's, 80 when unknown)."""

    def __init__(self, match: Match, seat: int, bots: dict[int, Bot],
                 read: Callable[[str], str] = input, out: TextIO | None = None,
                 colour: bool | None = None, coach: Coach | None = None,
                 width: int | None = None, seat_seed: int | str | None = None,
                 record_path: Path | None = None) -> None:
        self.match = match
        self.seat = seat
        self.bots = bots
        self.read = read
        self.out = out or sys.stdout          # (the stream of the moment, not of the import)
        self.paint = Painter(use_colour(self.out) if colour is None else colour)
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
        self.typing_help = TypingHelp(match, seat, self.paint)
        """What is said of what the person types: slips, refusals, ``legal``."""
        self._reviewable: tuple[int, dict[str, Any]] | None = None
        """The last finished hand (its number in the match and its record), for ``review``."""
        self.left = False
        """The person quit (a word or the end of input): no other game is offered."""
        self.record_path = record_path
        """Where the match's record is written after every hand (``play --record``)."""
        self._record_failed = False
        self._saved_to: set[Path] = set()
        """The files ``save`` wrote this match to (written again without asking)."""
        """Writing to :attr:`record_path` failed once (said once, not after every hand)."""
        self.last_record: Path | None = None
        """Where the match before this one (``Another game? y``) kept its record: the welcome
        then says where this one's goes, for it is another file (:func:`play`)."""

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
        return side_words([self.names[s] for s in range(self.n) if self._team(s) == team])

    def _side(self, team: int) -> str:
        """:meth:`_team_name` as a sentence says it: "the opponents", "your side", "Ravi & Uma"."""
        name = self._team_name(team)
        return "the opponents" if name == "opponents" else name

    def _against(self, team: int) -> str:
        """Those playing against ``team`` (the bidding side), as a sentence names them: "the
        opponents" or "your side" where there are two sides, else every seat outside it by
        name ("you & Right" against a lone bidder at three)."""
        if self.match.rules.teams == 2:
            return self._side(1 - team)
        return side_words([self.names[s] for s in range(self.n) if self._team(s) != team])

    def _named(self, seat: int) -> str:
        """A seat's name inside a sentence: "you" for the person's ("dealer you", "→ trick 1
        to you"), else the seat's name."""
        return "you" if seat == self.seat else self.names[seat]

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
                    action = self._computer_acts(seat, game.view(seat))
                    try:
                        self.match.apply(action)
                    except IllegalAction as e:    # (a person's own module:Class bot)
                        raise BotError(f"the computer player {self.bots[seat].name!r} at seat "
                                       f"{seat} answered {action!r}, not a legal action: "
                                       f"{e.message}") from None
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
                kept = f"Its finished hands are in {self.record_path}; the hand in play " \
                    "is lost" if self.record_path is not None else "Its score is lost"
                answer = self.read(f"Leave the match? {kept}. [y/N] ")
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
        try:
            action = bot.act(view)
        except Exception as e:                    # (a person's own module:Class bot)
            raise BotError(f"the computer player {bot.name!r} at seat {seat} failed: "
                           f"{type(e).__name__}: {e}") from e
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
        seats = ", ".join(whole(f"{self.names[s]} = seat {s}") + (f" ({levels[s]})" if several and
                                                             s in levels else "")
                          for s in range(self.n))
        self.say(f"{seats}.")
        if self.record_path is not None and self.last_record is not None:
            self.say(f"This game's record is written to {self.record_path} (the last game's "
                     f"stays in {self.last_record}).")
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
        self.say(self.paint.bold(self._hand_header(number, game.dealer)))
        view = game.view(self.seat)
        first = "Your first cards" if game.rules.cards_before_auction else "Your cards"
        self.say(f"{first}: {self.paint.hand(view['hand'])}")

    def _hand_header(self, number: int, dealer: int) -> str:
        """``══ Hand 2 · dealer Left · you & partner +1 · opponents +0 ══``, fitted to the
        width: without its closing ``══`` where that would wrap alone, its score on the line
        under it where the line is still too wide."""
        head = f"══ Hand {number} · dealer {whole(self._named(dealer))}"
        score = self._score_line()
        width = self.columns()
        for line in (f"{head} · {score} ══", f"{head} · {score}"):
            if text_columns(line) <= width:
                return line
        return f"{head} ══\n{score}"

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
            names[mine] = side_words(["you", *(self.names[p] for p in range(self.n)
                                                if self._team(p) == mine and p != self.seat)])
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
                # (NFKC: a phone's or an IME's full-width "１９" and "ｊｓ" are 19 and js)
                text = unicodedata.normalize("NFKC", self.read(self.paint.bold("your move> ")))
                text = text.strip()
            except EOFError:
                raise Quit from None
            if not text:
                continue
            if self._command(text):
                continue
            slip = self.typing_help.slip(text)
            if slip is not None:
                self._refuse(slip)
                continue
            try:
                action = self._read_action(text)
            except NotationError:
                said, options = self.typing_help.not_understood(text)
                if options:
                    self._refuse(said)
                else:
                    self.say(f"✗ {said}")
                continue
            try:
                self.match.apply(action)
                return
            except IllegalAction as e:
                self._refuse(self.typing_help.refusal(e, action, text))

    def _refuse(self, why: str) -> None:
        """Say why what was typed is not taken, and what may be typed now."""
        self.say(f"✗ {why}")
        view = self.match.current.view(self.seat)
        must = len(view["legal"]) == 1                  # as the table's line says it
        self.say(f"  you {'must' if must else 'may'}: {self._options(view)}")

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
        if action.verb == "bid" and is_digits(text) and "raise" in verbs and "bid" not in verbs:
            return Action(action.seat, "raise", action.arg)
        return action

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
        elif word in ("help", "h", "?"):            # each description under its column
            width = self.columns()
            self.out.write("".join(wrap(line, width, column_of(line)) + "\n"
                                   for line in help_text(self.match.rules).splitlines()))
        elif word == "legal":
            for line in self.typing_help.ways(view):
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
            if self.match.rules.teams == 2:
                who = "bidding side" if ours else "defenders"
                self.say(f"Card points: your side ({who}) {mine} · the opponents {theirs}")
            else:                               # each side by name: a lone bidder at three
                team = self._team(self._declarer(view))
                bidders = [s for s in range(self.n) if self._team(s) == team]
                role = "bidder" if len(bidders) == 1 else "bidding side"
                self.say("Card points: " + whole(f"{self._side(team)} ({role}) "
                                                 f"{pts['bidding']}")
                         + " · " + whole(f"{self._against(team)} {pts['opponents']}"))
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
            self.say(f"  → trick {self._tricks_shown} to {self._named(t['winner'])} "
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
            gainers = self._against(team) if ours else "your side"
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
        line with the trick's winner, a call made in the play (an ask, a pair, a concession)
        in its place among the trick's cards: ``Trick 3: Partner K♠ · Left asks for the
        trump to be shown · Left J♦ → Right (4 points)``."""
        tricks, done, cards, items = view["tricks"], 0, 0, []
        for (seat, told), entry, phase in zip(self._calls(view), view["history"],
                                              view["history_phases"], strict=True):
            if entry.split()[1] != "play":
                if phase in ("play", "cot"):
                    items.append(told.replace(": ", " ", 1))
                else:
                    self.say("  " + told)
                continue
            items.append(whole(f"{self.names[seat]} {self.paint.card(entry.split()[2])}"))
            cards += 1
            if done < len(tricks) and cards == len(tricks[done]["cards"]):
                self.say(f"  Trick {done + 1}: {self._in_trick(items, tricks[done])}")
                done, cards, items = done + 1, 0, []
        if items:
            self.say(f"  Trick {done + 1}, so far: {' · '.join(items)}")

    def _in_trick(self, items: list[str], trick: Any) -> str:
        """A finished trick's cards and calls (``items``) and its winner."""
        return f"{' · '.join(items)} → {self._named(trick['winner'])} " \
            f"({points(trick['points'])})"

    def _played(self, trick: Any) -> str:
        """``Left 9♠ · Partner A♠ · …``: a trick's cards, each with who played it."""
        return " · ".join(whole(f"{self.names[s]} {self.paint.card(c)}")
                          for s, c in zip(trick["seats"], trick["cards"], strict=True))

    def _trick_line(self, trick: Any) -> str:
        """``Left 9♠ · Partner A♠ · … → Partner (11 points)``: a finished trick."""
        return self._in_trick([self._played(trick)], trick)

    def _calls(self, view: View, start: int = 0) -> list[tuple[int, str]]:
        """The history's entries from ``start`` in words, each with its seat, as made in
        its phase (a pass in the raise window: "no raise"; a defender's match, BOT-PROTOCOL
        §7.2: "matches 17"), with its player's name (``You: …``)."""
        matched = matching_bids(view["history"])
        named = self.match.rules.trump_indicator == "suit"        # 29-DEAL-2: no card laid
        told = []
        for place, (entry, phase) in enumerate(zip(view["history"], view["history_phases"],
                                                   strict=True)):
            if place >= start:
                seat = int(entry.split()[0])
                told.append((seat, action_words(entry, self.names[seat], self.paint, phase,
                                                you=seat == self.seat,
                                                matches=place in matched, named=named)))
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
        ``players``.  The hand in play is left out: a record holds every seat's cards.  So
        are the seeds while the match goes on: each finished hand gives its cards as dealt
        (``hands``), for the match's seed deals every later hand, and a hand's seed gives
        the match's back (:func:`~twentyeight.match.hand_seed` can be undone)."""
        record = self.match.to_record()
        hands = []
        for hand, game in zip(record["hands_played"], self.match.games, strict=True):
            if game.over:
                hands.append(hand if self.match.over else
                             {**{k: v for k, v in hand.items() if k not in ("seed", "actions")},
                              "hands": game.deal_json(), "actions": hand["actions"]})
        if not self.match.over:
            record.pop("seed", None)
        return {**record, "hands_played": hands, "players": list(self.names)}

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

    def _save(self, typed: str, between_hands: bool = False) -> None:
        """``save [FILE]`` as typed: the match so far to ``FILE``, else to the ``--record``
        file, else to a new file named by the time; ``between_hands``: typed at the end of a
        hand, when no hand is in play (the next is not dealt to the person yet)."""
        named = typed.partition(" ")[2].strip()
        if len(named) > 1 and named[0] == named[-1] and named[0] in "\"'":
            named = named[1:-1]                      # (a path quoted as a shell would)
        path = Path(named) if named else self.record_path or record_file.default_path()
        record = self._record()
        finished = len(record["hands_played"])
        if not finished:
            self.say("No hand is finished yet, so there is nothing to save: the hand in play "
                     "is not saved while its cards are hidden.")
            return
        if path.exists() and path != self.record_path and path not in self._saved_to:
            try:
                answer = self.read(f"{path} exists already: replace it? [y/N] ")
            except EOFError:
                answer = ""
            if answer.strip().lower() not in ("y", "yes"):
                self.say("(not saved)")
                return
        try:
            record_file.write(path, record)
        except OSError as e:
            self.say(f"✗ could not save to {path}: {e.strerror or e}")
            return
        self._saved_to.add(path)
        hands = f"{finished} finished hand" + ("" if finished == 1 else "s")
        in_play = not between_hands and not self.match.current.over
        kept = " (not the hand in play: its cards are hidden)" if in_play else ""
        replay = NBSP.join(("twentyeight", "replay", str(path)))      # (each kept on a line,
        analyse = NBSP.join(("twentyeight", "analyse", str(path), "--seat", str(self.seat)))
        self.say(f"Saved the match's {hands} to {path}{kept}. See them again: {replay}; "
                 f"your play reviewed: {analyse}.")                     # to copy whole)

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
                self._save(typed, between_hands=True)
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
            whose = possessive(side)
            done = {True: "won every trick", False: "failed", None: "was played"}[made]
            return f"{whose} {what} {done}{self._trick_lost(view) if made is False else ''}"
        # the other team by its name; two or more others pooled
        others = self._against(team)
        shown = self._denomination(view)
        c = " with 'C'" if _c_called(view) else ", redoubled" if view["multiplier"] == 4 \
            else ", doubled" if view["multiplier"] > 1 else ""
        verb = {True: "made", False: "went down in", None: "played"}[made]
        pts = view["points"]
        ours, theirs = whole(f"{side} {pts['bidding']}"), whole(f"{others} {pts['opponents']}")
        conceded = self._concession(view) if made else ""
        when = " when play stopped" if conceded else ""
        moved = view["target"] is not None and view["target"] != view["contract"]
        goal = f" (target {view['target']} after the pair)" if moved else ""   # 28-PAIR-4
        return (f"{side} {verb} {view['contract']}{shown}{goal}{c}{conceded} — card "
                f"points{when}: {ours}, {theirs}{self._reckoning(view, side)}")

    def _trick_lost(self, view: View) -> str:
        """``: Left took trick 3 with K♠``: the first trick a failed single hand or Thani's
        declarer did not take itself (28-SH-4, 28-TH-3: a partner's trick defeats Thani too);
        "" where none was played (the hand stopped before a trick)."""
        declarer = self._declarer(view)
        for number, trick in enumerate(view["tricks"], 1):
            winner = trick["winner"]
            if winner != declarer:
                card = trick["cards"][trick["seats"].index(winner)]
                return f": {self._named(winner)} took trick {number} with {self.paint.card(card)}"
        return ""

    @staticmethod
    def _reckoning(view: View, side: str) -> str:
        """Why the hand's game points are twice its stake, where they are: every trick taken
        (28-COT-1), a refused concession and a trick lost (28-COT-4), under half the bid
        (A-14); "" otherwise."""
        stake, change = view["stake"], view["result"]["score_change"]
        if stake is None or change is None or _c_called(view):
            return ""
        mine = change["bidding"]
        refused = any(entry.split()[1] == "refuse" for entry in view["history"])
        if stake.get("all_tricks") and view["result"]["made"] and mine == stake["all_tricks"] \
                and not stake.get("opponents_gain") and mine != stake["win"]:
            why = "every trick taken, the win counts twice (28-COT-1)"
        elif refused and mine < 0:
            why = "the concession refused and a trick lost, the loss counts twice (28-COT-4)"
        elif stake.get("below_half") and view["result"]["made"] is False \
                and -max(mine, change["opponents"], key=abs) == -stake["below_half"]["loss"]:
            why = "under half the bid, the loss counts twice (A-14)"
        else:
            return ""
        return f"; {why}: {side} {mine:+d}" if mine else f"; {why}"

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
         read: Callable[[str], str] = input, out: TextIO | None = None,
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
        if record is not None and games:
            tg.last_record = record_file.nth_match(record, games)
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



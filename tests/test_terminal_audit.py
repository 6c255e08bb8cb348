"""A player's audit of `twentyeight play`: what the terminal says wrongly or misleadingly.

Each test drives :class:`TerminalGame` in-process with scripted answers (as
tests/test_cli_terminal.py does) and states what a player should see.
"""

from __future__ import annotations

import io
import os
import re
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from helpers import said
from twentyeight.bots import Bot, make_bot
from twentyeight.cli.display import NBSP, Painter, action_words, columns, wrap
from twentyeight.cli.play import TerminalGame
from twentyeight.cli.typing_help import help_text
from twentyeight.engine.actions import SIMPLE_VERBS, VERBS
from twentyeight.match import Match
from twentyeight.rules import PRESETS
from twentyeight.views import View

Answer = Callable[[str, Match], str]


def terminal(match: Match, answer: Answer, bots: dict[int, Bot] | None = None,
             width: int | None = None, confirm: bool = True, **options: Any) -> str:
    """Run the terminal game for seat 0 against `rules` bots (or ``bots``) at ``width``
    columns (None: the terminal's); ``answer(prompt, match)`` types (with ``confirm``, a quit
    is meant: "Leave the match?" is answered yes); ``options`` go to the game
    (``record_path``)."""
    n = match.rules.num_players
    bots = bots or {s: make_bot("rules", seed=s) for s in range(1, n)}
    out = io.StringIO()
    TerminalGame(match, 0, bots, lambda p: "y" if confirm and p.startswith("Leave the match?")
                 else answer(p, match), out, colour=False, width=width, **options).run()
    return out.getvalue()


@contextmanager
def games_played() -> Iterator[list[Match]]:
    """The matches every terminal game made while the block runs is given, in order (``play``
    makes its own: the tests answer from the one in play, ``matches[-1]``)."""
    matches: list[Match] = []
    original = TerminalGame.__init__

    def remember(self: TerminalGame, match: Match, *args: Any, **kwargs: Any) -> None:
        matches.append(match)
        original(self, match, *args, **kwargs)

    TerminalGame.__init__ = remember  # type: ignore[method-assign]
    try:
        yield matches
    finally:
        TerminalGame.__init__ = original  # type: ignore[method-assign]


def my_turn(match: Match) -> list[str]:
    """Seat 0's legal actions without the seat ("bid 16", "play JS"), or [] if not its turn."""
    game = match.current
    if game.to_act != 0 or game.over:
        return []
    return [str(a).split(" ", 1)[1] for a in game.legal_actions()]


def scripted(choose: Callable[[list[str], Match], str | None], hands: int = 1) -> Answer:
    """Answer with ``choose(actions, match)`` (or pass / the first action); quit after
    ``hands`` hands."""
    done = {"hands": 0}

    def answer(prompt: str, match: Match) -> str:
        if "Enter for" in prompt:
            done["hands"] += 1
            return "quit" if done["hands"] >= hands else ""
        actions = my_turn(match)
        if not actions:
            return ""
        chosen = choose(actions, match)
        if chosen is not None:
            return chosen
        return "pass" if "pass" in actions else actions[0]

    return answer


def contract_lines(text: str) -> list[str]:
    return [ln for ln in text.splitlines() if ln.startswith("Contract:")]


def hand_over(text: str) -> str:
    """The result line of the first hand, as one line (the terminal wraps it)."""
    return said(text, "Hand over")


# ---- 56 with open trump: a no-trump contract ---------------------------------------------


def test_56_no_trump_contract_is_played_and_told_as_no_trump() -> None:
    """56-AUC-3 / 56-TRUMP-1: a bid may name NT, and then there is no trump suit.  Today the
    terminal crashes with a TypeError (``paint.suit(None)``) as soon as an NT auction ends, and
    the table would call the NT contract "trump hidden"."""
    def choose(actions: list[str], match: Match) -> str | None:
        nt = [a for a in actions if a.startswith("bid") and a.endswith("NT")]
        return nt[-1] if nt else None                 # bid 56NT: nobody can outbid it

    text = terminal(Match.new("56", seed=4, dealer=1), scripted(choose))
    assert "Contract: You 56 NT" in text
    for line in contract_lines(text):
        assert "trump hidden" not in line, line
    assert "Hand over" in text


# ---- single hand, Thani, 'C' -------------------------------------------------------------


def test_single_hand_by_a_defender_is_told_as_the_declarers() -> None:
    """28-SH-2: a single hand voids the contract, and the declarer's side plays it.  When a
    defender (here: you) declares it, the table still shows the old bidder's contract
    ("Contract: Right 14, single hand"), calls you the defenders, and the result says "the
    opponents went down in 14" while it is your side that loses 3."""
    def choose(actions: list[str], match: Match) -> str | None:
        bidder = match.current.view(0)["bidder"]
        if "single" in actions and bidder is not None and bidder % 2 == 1:
            return "single"
        return None

    text = terminal(Match.new({"preset": "28", "single_hand": True}, seed=0, dealer=0),
                    scripted(choose))
    assert "a single hand (every trick" in text, "seat 0 never declared a single hand"
    after = text[text.index("You may: single"):]
    for line in contract_lines(after):
        assert line.startswith("Contract: You"), line
        assert "Right 14" not in line, line
    assert "(defenders)" not in after
    result = hand_over(text)
    assert "the opponents went down" not in result, result
    assert "single hand" in result.lower(), result


def test_thani_is_shown_in_the_contract_and_the_result() -> None:
    """28-TH-1/3: after the bidder declares Thani the hand is an undertaking to win every
    trick, worth +4/−5 whatever the bid and the double.  The table keeps showing "Contract:
    You 21, doubled" and the result says "your side went down in 21" with 11 card points
    to 1, as if the bid had failed on points."""
    rules = {"preset": "28", "thani": True}

    def choose(actions: list[str], match: Match) -> str | None:
        bids = [a for a in actions if a.startswith("bid")]
        if bids:
            return bids[-1]
        if "thani" in actions:
            return "thani"
        return None

    text = terminal(Match.new(rules, seed=3, dealer=0), scripted(choose))
    after = text[text.index("You may: thani"):]
    shown = contract_lines(after)
    assert shown and all("Thani" in line for line in shown), shown
    result = hand_over(text)
    assert "Thani" in result, result
    assert not re.search(r"(made|went down in) \d+ —", result), result


def test_c_call_is_shown_in_the_contract() -> None:
    """28-DBL-7: after a double, the bidder's 'C' makes the hand worth 6 game points won or
    lost.  The table says only "doubled" for the rest of the hand, so nobody can tell from
    the screen that 6 points are at stake."""
    rules = {"preset": "28", "double_redouble": True, "c_bid": True, "scoring": "flat"}

    def choose(actions: list[str], match: Match) -> str | None:
        if "c" in actions:
            return "c"
        bids = [a for a in actions if a.startswith("bid")]
        if bids:
            return bids[min(6, len(bids) - 1)]
        return None

    for seed in range(40):
        match = Match.new(rules, seed=seed, dealer=0)
        text = terminal(match, scripted(choose))
        if "0 c" in match.games[-1].to_record()["actions"]:
            break
    else:
        raise AssertionError("no opponent ever doubled seat 0")
    after = text[text.index("You may: redouble · c: call 'C'"):]
    shown = contract_lines(after)[1:]
    assert shown and all("'C'" in line or " C" in line for line in shown), shown


def test_56_thani_is_never_shown_as_none() -> None:
    """56-TH-1/2: Thani outranks 56, has no trump, and its team-mates sit out.  The table
    shows "Contract: You None, trump hidden" and the result "your side went down in None"."""
    def choose(actions: list[str], match: Match) -> str | None:
        return "thani" if "thani" in actions else None

    text = terminal(Match.new("56-kerala", seed=0, dealer=5), scripted(choose))
    assert "Thani" in text or "thani" in text
    assert "None" not in text, [ln for ln in text.splitlines() if "None" in ln]
    for line in contract_lines(text):
        assert "trump hidden" not in line, line


# ---- words -------------------------------------------------------------------------------


def test_history_tells_window_passes_as_what_they_were() -> None:
    """The narration says "Partner: no raise", "Left: no single hand" for passes in the
    windows after the auction (28-RAISE-1, 28-SH-1, 28-TH-1), but `history` lists the same
    entries as a bare "pass", so the auction seems to go on after the trump was chosen."""
    rules = {"preset": "28", "double_redouble": True, "single_hand": True, "thani": True}
    typed = {"history": False}

    def choose(actions: list[str], match: Match) -> str | None:
        view = match.current.view(0)
        if view["phase"] == "play" and not typed["history"]:
            typed["history"] = True
            return "history"
        return None

    text = terminal(Match.new(rules, seed=5, dealer=0), scripted(choose))
    assert typed["history"]
    listing = text[text.rindex("chooses trump (face down)"):].splitlines()
    listing = listing[1:next(i for i, ln in enumerate(listing) if "♠" in ln or "♥" in ln
                             or "♦" in ln or "♣" in ln)]
    assert listing, text
    assert not any(ln.endswith(": pass") for ln in listing), listing


def test_the_other_team_of_two_is_not_called_the_others() -> None:
    """In 40 and 56 (two teams of three) the result line reads "card points: opponents 34,
    the others 22" where "the others" is your own side; and the table's line of card points
    in the play said "your side … · the others …" where the header says "opponents"."""
    texts = [terminal(Match.new(preset, seed=seed, dealer=0), scripted(lambda a, m: None))
             for preset, seed in (("40", 2), ("56", 1), ("28", 3))]
    for text in texts:
        result = hand_over(text)
        assert "the others" not in result, result
        assert "your side" in result.split("—")[1], result
        points = [ln for ln in text.splitlines() if ln.startswith("Card points:")]
        assert points and all(re.search(r"· the opponents \d+$", ln) for ln in points), points


def test_three_player_game_over_does_not_speak_of_sides() -> None:
    """3P-2/3P-8: three players, no partnerships; when you reach −6 the others win (or share
    the win).  The terminal says "the other side wins (shared)"."""
    def choose(actions: list[str], match: Match) -> str | None:
        bids = [a for a in actions if a.startswith("bid")]
        return bids[-1] if bids else None             # always bid 28: lose quickly

    text = terminal(Match.new("28-3p", seed=1, dealer=0), scripted(choose, hands=20))
    over = next(ln for ln in text.splitlines() if ln.startswith("Game over"))
    assert "side" not in over, over


def test_cards_in_messages_and_options_are_written_as_on_the_table() -> None:
    """The table writes 10♥ and J♠, and the player types "10h" or "J♠", but the refusal says
    "you do not hold TH" / "JS" and the trump choice lists "trump TD · trump KC"."""
    tried = {"card": False}

    def choose(actions: list[str], match: Match) -> str | None:
        view = match.current.view(0)
        if view["phase"] == "play" and not tried["card"]:
            missing = next(c for c in ("TH", "JS", "TC", "JD") if c not in view["hand"])
            tried["card"] = True
            return {"T": "10", "J": "J"}[missing[0]] + missing[1].lower()
        bids = [a for a in actions if a.startswith("bid")]
        return bids[-1] if bids else None

    text = terminal(Match.new("28", seed=4, dealer=0), scripted(choose))
    refusal = next(ln for ln in text.splitlines() if ln.startswith("✗ you do not hold"))
    assert re.search(r"hold (10|J)[♠♥♦♣]", refusal), refusal
    options = next(ln for ln in text.splitlines() if ln.startswith("You may: lay"))
    assert not re.search(r"[2-9TJQKA][SHDC]\b", options), options


def test_commands_at_the_end_of_a_hand_are_not_taken_for_enter() -> None:
    """"(Enter for the next hand, review, or quit)": typing `last`, `history` or `score`
    there silently deals the next hand, so the player cannot look back at the hand just
    played.  Either the command works or the prompt is asked again."""
    asked: list[str] = []

    def answer(prompt: str, match: Match) -> str:
        if "Enter for" in prompt:
            asked.append(prompt)
            return "last" if len(asked) == 1 else "quit"
        actions = my_turn(match)
        return ("pass" if "pass" in actions else actions[0]) if actions else ""

    text = terminal(Match.new("28", seed=12, dealer=0), answer)
    assert "══ Hand 2" not in text, "`last` at the end of hand 1 dealt hand 2"
    assert len(asked) == 2


def test_29_bidder_who_must_reveal_is_told_why() -> None:
    """29-PLAY-3 / 29-PLAY-7: in 29 the first player void in the suit led must call for the
    trump, and the bidder does it by revealing; 29 has no bidder restrictions.  With ♦Q and
    ♣Q beside his spades, the bidder is told "void in the suit led and holding only trumps,
    you must expose the trump (28-BR-3)" and then "you must first ask for the trump"."""
    def choose(actions: list[str], match: Match) -> str | None:
        bids = [a for a in actions if a.startswith("bid")]
        return bids[-1] if bids else None

    text = terminal(Match.new("29", seed=1, dealer=0), scripted(choose))
    notes = text[text.index("You must: reveal"):].splitlines()[1:3]
    assert not any("28-BR-3" in ln or "holding only trumps" in ln for ln in notes), notes
    assert not any("ask for the trump" in ln for ln in notes), notes
    assert any("29-PLAY-3" in ln for ln in notes), notes


# ---- the computer players' calls, in words ------------------------------------------------


class Prefers(Bot):
    """A computer player that makes the first of ``calls`` it may make (``"reveal"``,
    ``"trump seventh"``), and otherwise plays as the `rules` bot."""

    def __init__(self, calls: tuple[str, ...], seat: int) -> None:
        super().__init__(seat)
        self.calls = calls
        self.rules = make_bot("rules", seed=seat)

    def act(self, view: View) -> str:
        for call in self.calls:
            for entry in view["legal"]:
                action = entry.split(" ", 1)[1]
                if action == call or action.startswith(call + " "):
                    return entry
        return self.rules.act(view)


DOUBLING = {"preset": "28", "double_redouble": True, "c_bid": True, "scoring": "flat"}
CALLS: list[tuple[object, int, tuple[str, ...], list[str]]] = [
    ("28", 0, ("ask", "raise"), ["asks for the trump to be shown", "raises the bid to 2"]),
    ("28", 3, ("reveal",), ["reveals the trump"]),
    ("28", 11, ("pair",), ["shows the pair (king and queen of trumps)"]),
    (DOUBLING, 0, ("c", "double"), ["doubles the bid", "calls 'C' (6 game points won or lost)"]),
    (DOUBLING, 0, ("redouble", "double"), ["doubles the bid", "redoubles the bid"]),
    ({"preset": "28", "single_hand": True}, 0, ("single",),
     ["declares a single hand (every trick, alone, no trump)"]),
    ({"preset": "28", "thani": True}, 0, ("thani",),
     ["declares Thani (to win every trick himself)"]),
    ({"preset": "28", "cot": True}, 0, ("concede", "refuse"),
     ["concedes the hand to the bidding side", "refuses the concession and plays on"]),
    ({"preset": "28", "cot": True}, 0, ("concede", "accept"),
     ["accepts the concession: the hand ends"]),
    ({"preset": "28", "seventh_card_trump": True}, 0, ("trump seventh",),
     ["calls 'seventh card': the suit of their seventh card is trump"]),
    ({"preset": "29", "reverse_no_trump": True}, 0, ("trump reverse",),
     ["chooses reversed no-trump"]),
    ("56-kerala", 0, ("thani",), ["bids Thani (every trick, alone, no trump)"]),
]
RAW = re.compile(r"(ask|reveal|pair|double|redouble|c|single|thani|show|concede|accept|refuse"
                 r"|redeal|raise \d+|trump (seventh|reverse|[SHDC♠♥♦♣]|[2-9JQKA10]+[♠♥♦♣]))")
"""A call in the notation of actions.py rather than in words."""


def test_every_call_a_computer_makes_is_said_in_words() -> None:
    """RECORDS.md's verbs are notation: the table says "Right: reveals the trump", not
    "Right: reveal"; "accepts the concession", not "accept" (28-COT-2/3); "raises the bid to
    24" (28-RAISE-1), "calls 'seventh card'" (28-TRUMP-5), "doubles", "calls 'C'"
    (28-DBL-1/7), a single hand (28-SH-1), Thani (28-TH-1, 56-TH-1)."""
    for rules, seed, calls, words in CALLS:
        match = Match.new(rules, seed=seed, dealer=0)
        bots: dict[int, Bot] = {s: Prefers(calls, s) for s in range(1, match.rules.num_players)}
        text = terminal(match, scripted(lambda actions, m: None), bots)
        said = [ln.split(": ", 1)[1] for ln in text.splitlines()
                if ln.startswith("  ") and ": " in ln and not ln.startswith("   ")]
        raw = [s for s in said if RAW.fullmatch(s)]
        assert not raw, (rules, calls, raw)
        for sentence in words:
            assert sentence in text, (rules, calls, sentence)


def test_every_verb_of_the_notation_has_words() -> None:
    """Each verb of engine/actions.py (and each form of ``trump``) is said as words, for
    another player and for the reader; only a bid, a pass of the auction and a card are said
    as they are typed."""
    entries = [f"1 {verb}" for verb in SIMPLE_VERBS] + [
        "1 raise 24", "1 trump", "1 trump 7S", "1 trump S", "1 trump seventh", "1 trump reverse"]
    assert {e.split()[1] for e in entries} | {"bid", "play"} == set(VERBS)
    paint = Painter(False)
    for entry in entries:
        if entry == "1 pass":
            continue
        for who, you in (("Right", False), ("You", True)):
            said = action_words(entry, who, paint, you=you).split(": ", 1)[1]
            assert not RAW.fullmatch(said) and " " in said, (entry, said)
    assert action_words("1 pass", "Right", paint, "raise") == "Right: no raise"
    assert action_words("1 reveal", "You", paint, you=True) == "You: reveal the trump"


# ---- the second deal and the seventh card -------------------------------------------------


SECOND_DEAL = "The rest of the cards are dealt."
HAND_NOW = "Your hand is now: "


def suits(hand: str) -> dict[str, set[str]]:
    """A hand as the terminal writes it ("♠ J 9   ♥ A") by suit: {"♠": {"J", "9"}, …}."""
    return {group.split()[0]: set(group.split()[1:]) for group in hand.split("   ")}


def bid_high(calls: tuple[str, ...] = ()) -> Answer:
    """Seat 0 bids the most it may (so it is the bidder), then makes the first of ``calls``
    it may make."""
    def choose(actions: list[str], match: Match) -> str | None:
        bids = [a for a in actions if a.startswith("bid")]
        if bids:
            return bids[-1]
        return next((c for c in calls if c in actions), None)

    return scripted(choose)


def test_the_second_deal_is_told() -> None:
    """28-DEAL-4: after the auction and the trump choice the last four cards are dealt; the
    player is told so, with the whole hand, before the first card is played."""
    match = Match.new("28", seed=12, dealer=0)
    text = terminal(match, scripted(lambda actions, m: None))
    assert text.count(SECOND_DEAL) == 1 and text.count(HAND_NOW) == 1
    whole = Painter(False).hand(match.games[0].deal_json()[0])          # all eight cards
    assert suits(said(text, HAND_NOW).removeprefix(HAND_NOW)) == suits(whole)
    assert text.index(SECOND_DEAL) < text.index(HAND_NOW) < text.index("Trick 1")
    assert text.index(SECOND_DEAL) > text.index("chooses trump (face down)")


def test_the_bidder_is_told_the_trump_card_beside_the_second_deal() -> None:
    """28-TRUMP-1/3: the bidder's face-down trump card is not in his hand until exposed; the
    second deal says it beside the hand."""
    match = Match.new("28", seed=12, dealer=0)
    text = terminal(match, bid_high())
    line = said(text, HAND_NOW)
    record = match.games[0].to_record()
    laid = next(a.split()[2] for a in record["actions"] if a.startswith("0 trump "))
    assert line.endswith(f" (and {Painter(False).card(laid)} face down as your trump)"), line


def test_the_seventh_card_is_told_to_its_bidder_and_kept_from_the_others() -> None:
    """28-TRUMP-5 / 28-DEAL-5: the bidder who calls "seventh card" sees that card set aside
    as the trump at the second deal (A-04: he sees it); the others hear only that it is set
    aside, not which card it is."""
    rules = {"preset": "28", "seventh_card_trump": True}
    for typed in ("trump seventh", "seventh"):          # the bare word as well (a walk)
        asked = {"times": 0}

        def seventh(actions: list[str], m: Match, typed: str = typed,
                    asked: dict[str, int] = asked) -> str | None:
            bids = [a for a in actions if a.startswith("bid")]
            if bids:
                return bids[-1]
            if "trump seventh" in actions and not asked["times"]:   # once: a refusal would
                asked["times"] += 1                                 # be asked again forever
                return typed
            return None

        match = Match.new(rules, seed=0, dealer=0)
        text = terminal(match, scripted(seventh))
        seventh = match.games[0].deal_json()[0][6]
        card = Painter(False).card(seventh)
        assert f"\nYour seventh card, {card}, is set aside face down: {card[-1]} is trump." \
            in text, typed

    match = Match.new(rules, seed=0, dealer=0)
    bots: dict[int, Bot] = {s: Prefers(("trump seventh",), s) for s in range(1, 4)}
    text = terminal(match, scripted(lambda actions, m: None), bots)
    bidder = match.games[0].view(0)["bidder"]
    name = ["You", "Right", "Partner", "Left"][bidder]
    line = said(text, f"{name}'s seventh card")
    assert line == f"{name}'s seventh card is set aside face down: its suit is trump.", line
    assert text.index(SECOND_DEAL) < text.index(line) < text.index(HAND_NOW)


def test_no_second_deal_where_every_card_is_dealt_before_the_auction() -> None:
    """6P-3, 40-11, 56-DEAL-4: all cards are dealt at once; nothing more is dealt."""
    for preset in ("40", "56", "28-6p"):
        text = terminal(Match.new(preset, seed=1, dealer=0), scripted(lambda a, m: None))
        assert SECOND_DEAL not in text and HAND_NOW not in text, preset
        assert "Your cards: " in text, preset


# ---- no-trump bids as people type them ----------------------------------------------------


def typing_first(first: str) -> Answer:
    """Type ``first`` at seat 0's first turn, then pass (or the first action)."""
    typed = {"done": False}

    def choose(actions: list[str], match: Match) -> str | None:
        if not typed["done"]:
            typed["done"] = True
            return first
        return None

    return scripted(choose)


def test_a_no_trump_bid_is_read_as_people_type_it() -> None:
    """56-AUC-3: a bid names a suit or NT.  The terminal read "40nt" but not "40 nt",
    "40 NT" (taken for seat 40's unknown verb "nt"), "nt 40" or "40 no trump"."""
    for typed in ("40 nt", "40nt", "40 NT", "nt 40", "NT 40", "40 no trump", "bid 40 nt"):
        match = Match.new("56", seed=4, dealer=5)
        text = terminal(match, typing_first(typed))
        assert match.games[0].to_record()["actions"][0] == "0 bid 40NT", (typed, text[:600])
        assert "unknown verb" not in text
    match = Match.new("56", seed=4, dealer=5)
    terminal(match, typing_first("40 ♥"))
    assert match.games[0].to_record()["actions"][0] == "0 bid 40H"


def test_a_no_trump_bid_where_bids_are_numbers_is_told_clearly() -> None:
    """40-12 / 28-AUC-3: in 40 (and 28) the trump is chosen after the auction and a bid is
    a number: "40 nt" is refused with an example of the bid to type, not "unknown verb"
    (nor the notation's "'bid 40'")."""
    text = terminal(Match.new("40", seed=1, dealer=5), typing_first("40 nt"))
    refusal = next(ln for ln in text.splitlines() if ln.startswith("✗"))
    assert refusal == "✗ a bid here is a number alone, with no trump: type 40"
    text = terminal(Match.new("28", seed=1, dealer=3), typing_first("bid 20 nt"))
    refusal = next(ln for ln in text.splitlines() if ln.startswith("✗"))
    assert refusal == "✗ a bid here is a number alone, with no trump: type 20"


# ---- lines wrapped at words, to the terminal's width --------------------------------------


def bid_lowest(actions: list[str], match: Match) -> str | None:
    """Bid the lowest bid whenever seat 0 may: the auction goes round the table again."""
    bids = [a for a in actions if a.startswith("bid")]
    return bids[0] if bids else None


CARD = re.compile(r"(10|[2-9JQKA])[♠♥♦♣]")


def test_long_lines_wrap_at_words_with_a_hanging_indent(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """A long auction ("Auction: Right bid 14 · Partner bid 15 · …", 28-AUC-3) ran past 80
    columns and the terminal broke it mid-word ("Partn" / "er bid 15").  Every line now fits
    the terminal (80 columns here), breaks between calls, and goes on under the calls."""
    monkeypatch.setenv("COLUMNS", "80")
    text = terminal(Match.new("28", seed=3, dealer=0), scripted(bid_lowest))
    lines = text.splitlines()
    assert max(columns(line) for line in lines) <= 80
    start = max(i for i, line in enumerate(lines)                 # the longest auction
                if line.startswith("Auction:") and lines[i + 1].startswith(" " * 9))
    auction = lines[start]
    for line in lines[start + 1:]:
        if not line.startswith(" " * 9):
            break
        auction += " " + line[9:]
    calls = auction.removeprefix("Auction: ").split(" · ")
    assert len(calls) > 8
    for call in calls:
        assert re.fullmatch(r"(You|Left|Right|Partner) (bid \d+|pass)", call), call
    assert lines[start + 1][9] != " "                   # under the first call
    for line in lines:                                  # no card cut in two ("1" / "0♥")
        assert not re.search(r"(^|\s)0?[♠♥♦♣]\d", line) and not line.rstrip().endswith(" 1")
        assert not line.endswith((" you", " &")), line  # nor "you & partner +1"
    assert all(columns(line) <= 80 for line in help_text(PRESETS["28"]).splitlines())


def test_wrap_keeps_cards_suits_and_calls_whole() -> None:
    """A card (J♠, 10♥), a suit's cards in a hand, and a call of the auction are never cut;
    a " · " stays with what comes before it; the continuation goes under the label."""
    paint = Painter(False)
    hand = paint.hand(["JS", "9S", "AS", "TS", "KS", "JH", "9H", "TH", "AD", "KD", "QC", "8C"])
    text = wrap("Your hand is now: " + hand + "   (and 7♠ face down as your trump)", 40)
    lines = text.split("\n")
    assert all(columns(line) <= 40 for line in lines), lines
    assert lines[0].startswith("Your hand is now: ♠ J 9 A 10 K")
    assert all(line.startswith(" " * 18) and line[18] != " " for line in lines[1:]), lines
    assert "♥ J 9 10" in text and "♦ A K" in text and "♣ Q 8" in text
    calls = wrap("Auction: " + " · ".join([f"Right{NBSP}bid{NBSP}14", f"Partner{NBSP}pass"] * 6),
                 30)                                    # (the table joins a call's words)
    for line in calls.split("\n"):
        assert not line.lstrip().startswith("·") and not line.endswith(("Right", "bid")), calls
    note = wrap("  ⓘ you cannot follow suit, so you must first reveal the trump (29-PLAY-3)", 40)
    assert note.split("\n")[1].startswith("    ") and note.split("\n")[1][4] != " ", note
    assert all(CARD.fullmatch(word) for word in wrap("play " + " ".join(
        paint.card(c) for c in ("TH", "JS", "TC", "9D") * 6), 20).split()[1:])


def test_the_width_is_the_terminals_and_80_when_unknown(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """shutil.get_terminal_size: a 50-column window gets 50-column lines; a terminal that
    cannot say its size (output to a file or a pipe) gets 80."""
    monkeypatch.setenv("COLUMNS", "50")
    narrow = terminal(Match.new("28", seed=3, dealer=0), scripted(bid_lowest))
    assert max(columns(line) for line in narrow.splitlines()) <= 50
    assert re.search(r"\n {11}you & partner [-+]\d+ · opponents [-+]\d+\n", narrow)  # whole
    asked: list[tuple[int, int]] = []

    def unknown(fallback: tuple[int, int] = (80, 24)) -> os.terminal_size:
        asked.append(fallback)
        return os.terminal_size(fallback)

    monkeypatch.setattr(shutil, "get_terminal_size", unknown)
    text = terminal(Match.new("28", seed=3, dealer=0), scripted(bid_lowest))
    assert asked and set(asked) == {(80, 24)}
    assert 75 < max(columns(line) for line in text.splitlines()) <= 80


def test_an_annulled_hand_says_whose_cards_once_with_its_rule() -> None:
    """28-POST-3: Right claims the redeal for eight cards without a point card.  The end of
    the hand said "Hand annulled (zero point hand)" (the engine's code name) after an ⓘ line
    "a hand without a jack, nine, ace or ten": whose hand was never said."""
    match = Match.new("28", seed=186)            # Right (seat 1) holds no J, 9, A or 10
    text = terminal(match, scripted(lambda actions, m: None))
    assert "Right: claims a new deal" in text
    assert said(text, "Hand annulled") == (
        "Hand annulled: Right's cards hold no point card (28-POST-3); the "
        "same dealer deals again.")
    assert "ⓘ the hand is annulled" not in text
    assert text.index("Right: claims a new deal") < text.index("Hand annulled")


def test_four_jacks_are_said_with_whose_they_are() -> None:
    """28-POST-2: Right is dealt all four jacks, and the hand is annulled once every card is
    dealt; the rule has them shown, so the end of the hand says whose they were — it said
    "one player holds all four jacks" (the engine did not say whose)."""
    match = Match.new("28", seed=643)            # Right (seat 1) is dealt J♠ J♥ J♦ J♣
    assert sum(card[0] == "J" for card in match.current.deal_json()[1]) == 4
    text = terminal(match, scripted(lambda actions, m: None))
    assert said(text, "Hand annulled") == (
        "Hand annulled: Right holds all four jacks (28-POST-2); the same dealer deals again.")


# ---- six and eight seats: people, not seat numbers ---------------------------------------


def test_six_and_eight_seats_are_people_with_names() -> None:
    """Issue 13 ("computer seats get human-like names"): at six and eight seats, where "Left"
    and "Right" name no one, the terminal called the others P1 … P7; it now gives them
    distinct first names (bots/names.py; drawn from the session's seed, so the same through
    its matches), and the other team of two teams is "opponents" (a join of three or four
    names was as long as a line); of three teams each is still named by its members."""
    from twentyeight.bots.names import NAMES
    from twentyeight.cli.play import play

    for preset in ("28-6p", "56-8p"):
        out = io.StringIO()
        answers = iter(["quit", "y", "n"] * 3)
        assert play(preset, 5, 0, ["rules"], lambda _, a=answers: next(a), out, colour=False) == 0
        text = out.getvalue()
        seats = said(text, "You = seat 0").rstrip(".").split(", ")
        names = [s.split(" = ")[0] for s in seats[1:]]
        n = 6 if preset == "28-6p" else 8
        assert len(names) == len(set(names)) == n - 1 and set(names) <= set(NAMES), names
        assert not re.search(r"\bP\d\b", text), text
        teams = said(text, "Teams:")
        assert all(name in teams for name in names), teams
        header = said(text, "══ Hand 1")
        if preset == "56-8p":                                  # two teams of four
            partners = [names[k] for k in (1, 3, 5)]           # seats 2, 4, 6: yours
            assert re.search(rf"you, {partners[0]}, {partners[1]} & {partners[2]} \d+ · "
                             r"opponents \d+", header), header
        else:                                                  # three teams of two (6PK)
            others = [names[1] + " & " + names[4], names[0] + " & " + names[3]]
            assert all(f"{o} +0" in header for o in others), (others, header)


def test_history_lists_the_cards_a_trick_a_line_with_its_winner() -> None:
    """`history` listed every card of the hand one after another ("Left: 9♠", "Partner: A♠",
    …), 32 lines with no trick told from the next and no winner; a terminal walk could not
    follow it. Now: the calls one a line, then each trick on a line with its winner and
    points, and the trick in play so far."""
    typed = {"history": False}

    def choose(actions: list[str], match: Match) -> str | None:
        view = match.current.view(0)
        if len(view["tricks"]) == 3 and view["trick"]["cards"] and not typed["history"]:
            typed["history"] = True
            return "history"
        return None

    match = Match.new("28", seed=5, dealer=0)
    text = terminal(match, scripted(choose))
    assert typed["history"]
    part = text[text.index("\n  Trick 1: ") + 1:]        # (a line wrapped under its label)
    listed = [said(part, f"  Trick {k + 1}").strip() for k in range(3)] + \
        [said(part, "  Trick 4, so far: ").strip()]
    tricks = match.games[0].view(0)["tricks"]
    for k in range(3):
        winner = ["you", "Right", "Partner", "Left"][tricks[k]["winner"]]
        assert listed[k].startswith(f"Trick {k + 1}: ") and f"→ {winner} (" in listed[k], listed
    assert listed[3].startswith("Trick 4, so far: "), listed


@pytest.mark.parametrize("rules, call", [({"preset": "28", "single_hand": True}, "single"),
                                         ({"preset": "28", "thani": True}, "thani")])
def test_a_failed_undertaking_names_the_trick_lost(rules: dict[str, Any], call: str) -> None:
    """28-SH-4, 28-TH-3: a single hand or Thani fails at the first trick its declarer does
    not take.  The result said only "a single hand failed"; it names who took which trick,
    with what card — for Thani a partner's trick too."""
    match = Match.new(rules, seed=0, dealer=3)
    bots: dict[int, Bot] = {s: Prefers((call,), s) for s in range(1, 4)}
    text = terminal(match, scripted(lambda actions, m: call if call in actions else None),
                    bots)
    done = match.games[0].result()
    assert done["special"] == call.replace("single", "single_hand") and done["made"] is False
    declarer = done["special_seat"]
    number, trick = next((k, tr) for k, tr in enumerate(done["tricks"], 1)
                         if tr["winner"] != declarer)
    card = trick["cards"][trick["seats"].index(trick["winner"])]
    shown = ("10" if card[0] == "T" else card[0]) + "♠♥♣♦"["SHCD".index(card[1])]
    who = "you" if trick["winner"] == 0 else ("Right", "Partner", "Left")[trick["winner"] - 1]
    assert f"failed: {who} took trick {number} with {shown}" in text, text[-600:]


def test_the_help_at_three_says_who_raises() -> None:
    """3P-7: at three everyone plays alone; the help said "When your side may raise"."""
    assert "When you may raise the bid" in help_text(PRESETS["28-3p"])
    assert "When your side may raise the bid" in help_text(PRESETS["28"])


def test_full_width_digits_and_letters_are_read() -> None:
    """A phone's or an input method's full-width "１４" was "not a word the game knows"; it
    is read as 14 (NFKC), as "ｐａｓｓ" is pass."""
    match = Match.new("28", seed=3, dealer=3)               # seat 0 opens the auction
    typed = iter(["１４"])
    terminal(match, scripted(lambda actions, _: next(
        typed, "ｐａｓｓ" if "pass" in actions else actions[0])))
    actions = match.games[0].to_record()["actions"]
    assert actions[0] == "0 bid 14", actions
    assert any(a.startswith("0 pass") for a in actions[1:]), actions

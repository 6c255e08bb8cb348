"""The third audit of `twentyeight play` under tmux: what the person types and what they are
told.  `help` lists only the words of this game's rules; a number, a call with more after it
or a card outside the pack is answered in plain words with what to type (not the notation's
"unknown verb '16'", "'bid 28H'", "seat 2's turn"); "Another game?" takes yes and no words and
asks again on anything else; `legal` says what the table's "You may" line does not (what each
thing does and what to type); the first screen names the game as the browser does.

Each test drives the terminal in-process through its ``read``/``out`` hooks, as
tests/test_cli_terminal.py does, and states what the player should see.
"""

from __future__ import annotations

import io
import re
from typing import Any

import pytest

from helpers import said
from test_catalogs import load
from test_terminal_audit import Answer, games_played, my_turn, scripted, typing_first
from test_terminal_audit import terminal as audited
from twentyeight.cli.display import columns
from twentyeight.cli.play import play
from twentyeight.match import Match
from twentyeight.rules import Rules


def terminal(match: Match, answer: Answer) -> str:
    """Run the terminal game for seat 0 at 80 columns; ``answer(prompt, match)`` types."""
    return audited(match, answer, width=80)


def typed_once(words: list[str]) -> Answer:
    """Type ``words`` at seat 0's first turns, one each time it is asked, then pass along
    (or take the first legal action); leave at the end of the hand they were typed in (a
    hand annulled before seat 0's turn is gone past)."""
    def answer(prompt: str, match: Match) -> str:
        if "Enter for" in prompt:
            return "" if words else "quit"
        actions = my_turn(match)
        if not actions:
            return ""
        if words:
            return words.pop(0)
        return "pass" if "pass" in actions else actions[0]

    return answer


def help_block(text: str) -> str:
    """What `help` said: from its first line to its last."""
    start = text.index("Type a card to play it")
    return text[start:text.index("The table explains the rules", start)]


# ---- 1. help lists only this game's words ----------------------------------------------------


EVERYTHING = {"preset": "28", "double_redouble": True, "c_bid": True, "scoring": "flat",
              "cot": True, "single_hand": True, "certain_hand_show": True, "thani": True,
              "seventh_card_trump": True}
"""28 with every call a rule can add: 'C', doubling, Cot, a single hand, Thani, the seventh
card."""


@pytest.mark.parametrize(("rules", "has", "has_not"), [
    ("28", {"pass", "ask", "reveal", "pair", "redeal", "raise 24"},
     {"thani", "single", "double", "redouble", "concede", "accept", "refuse", "show", "c",
      "seventh", "trump seventh", "clubs", "♣"}),
    ("28-pagat", {"pass", "ask", "reveal"}, {"pair", "thani", "double", "c"}),
    ("29", {"pass", "ask", "reveal", "pair", "clubs"}, {"raise 24", "thani", "c", "double"}),
    ("56", {"pass", "double", "redouble", "30 nt"},
     {"ask", "reveal", "pair", "thani", "raise 24", "redeal", "c"}),
    ("56-kerala", {"pass", "thani", "ask"}, {"double", "pair", "c", "single"}),
    (EVERYTHING, {"pass", "ask", "reveal", "pair", "double", "redouble", "c", "single", "show",
                  "thani", "concede", "accept", "refuse", "seventh"}, set()),
])
def test_help_lists_only_what_this_games_rules_allow(rules: Any, has: set[str],
                                                     has_not: set[str]) -> None:
    """`help` listed every call of every variant (Cot, 'C', a single hand, Thani, doubling,
    the pair, "trump seventh", a bid's trump) in every game.  It lists those the game's rules
    have: 28's no double, 'C' or Thani, 28-pagat's no pair, 56's no asking (the bid names the
    trump) but its doubles."""
    text = terminal(Match.new(Rules.from_spec(rules), seed=2, dealer=0), typed_once(["help"]))
    shown = help_block(text)
    words = set(re.findall(r'[\w♣]+(?: \d+| nt| seventh)?', shown))
    assert has <= words, (has - words, shown)
    assert not has_not & words, (has_not & words, shown)
    assert all(columns(line) <= 80 for line in shown.splitlines())


def test_every_call_offered_is_in_help() -> None:
    """The other way round: each call the table offers in a game (whatever the seat does) is
    one `help` lists, at every preset tried."""
    for rules in ("28", "29", "56", "56-kerala", "28-3p", "bhoos-29", EVERYTHING):
        offered: set[str] = set()

        def choose(actions: list[str], match: Match, seen: set[str] = offered) -> str | None:
            if not seen:
                seen.update(a.split()[0] for a in actions)
                return "help"
            seen.update(a.split()[0] for a in actions)
            return next((a for a in actions if a.split()[0] not in ("single", "thani",
                                                                     "redeal")), None)

        text = terminal(Match.new(Rules.from_spec(rules), seed=1, dealer=0),
                        scripted(choose, hands=3))
        listed = set(re.findall(r"\w+", help_block(text)))
        calls = offered - {"bid", "play", "trump", "raise"}
        assert calls <= listed, (rules, calls - listed)


# ---- 2. numbers and slips answered in plain words ---------------------------------------------


NOTATION = re.compile(r"unknown verb|\(verbs:|takes (one|no) argument|JS, 9H, TD|'bid \d|"
                      r"'trump \w|seat \d+'s turn|denomination|S/H/D/C|e\.g\. bid")
"""What the notation's parser and the engine's refusals say that a person typing does not
understand: its verbs, its arguments, its card letters, a bid written as a record writes it,
the seat's number."""

SLIPS = ["16 16", "0 16", "1 6", "16.5", "bid", "bid x", "raise", "play", "play 16",
         "play js js", "pass now", "trump", "trump 16", "2s", "2 pass", "9", "10", "16", "30",
         "16h", "clubs", "s", "js jh"]
"""Typing that is no action now (or none at all): numbers with more after them, a verb
without its argument or with more, a rank without its suit, a card no pack has, a suit."""


def slipping(slips: list[str]) -> Answer:
    """At each of seat 0's turns of a new kind (the phase and the verbs it may use), type
    every slip once, then take the first legal action; leave after two hands."""
    kinds: set[tuple[str, frozenset[str]]] = set()
    left: list[str] = []

    def choose(actions: list[str], match: Match) -> str | None:
        kind = (match.current.view(0)["phase"], frozenset(a.split()[0] for a in actions))
        if kind not in kinds:
            kinds.add(kind)
            left[:] = slips
        if left:
            return left.pop(0)
        return next((a for a in actions if a.split()[0] not in ("single", "thani",
                                                                 "redeal", "pass")), None)

    return scripted(choose, hands=2)


@pytest.mark.parametrize("rules", ["28", "29", "56", "28-3p", "bhoos-29"])
def test_slips_are_answered_in_plain_words_with_what_to_type(rules: str) -> None:
    """`16 16` (or `0 16`) was answered "'16 16': unknown verb '16' (verbs: bid, raise,
    trump, play, pass, …)", `bid` "'bid' takes one argument", `2s` at 28 "bids name no
    denomination here: bid a number, like 'bid 14'", a bare `16` at 56 "… 'bid 28H', 'bid
    28NT'", `2 pass` "it is seat 0's turn, not seat 2's".  Every slip is now answered in
    plain words, and what may be typed now follows it."""
    text = terminal(Match.new(rules, seed=3, dealer=0), slipping(list(SLIPS)))
    lines = text.splitlines()
    refusals = [i for i, line in enumerate(lines) if line.startswith("✗")]
    assert len(refusals) > 20, text[-2000:]
    for i in refusals:
        told = said(text, lines[i])
        echo = re.sub(r"^✗ '[^']*'", "✗", told)                # what was typed, quoted back
        assert not NOTATION.search(echo), told
        assert "not a word the game knows" not in told, told       # each is a slip of play
        after = lines[i + 1:i + 4]
        assert any(ln.startswith(("  you may: ", "  you must: ")) for ln in after) \
            or "'help'" in told, (told, after)


def test_a_number_with_more_after_it_says_how_to_bid() -> None:
    """"16 16" in the auction: how a bid is typed, with the lowest bid as the example."""
    text = terminal(Match.new("28", seed=3, dealer=3), typed_once(["16 16", "0 16"]))
    assert "✗ '16 16' is not a bid or a card: to bid, type one number, like 14." in text
    assert "✗ '0 16' is not a bid or a card: to bid, type one number, like 14." in text


def test_a_bare_number_bids_it_in_the_auction() -> None:
    """A bare number in the auction is the bid: `16` bids 16 (and says nothing wrong)."""
    match = Match.new("28", seed=3, dealer=3)                  # seat 0 speaks first
    text = terminal(match, typed_once(["16"]))
    assert "0 bid 16" in match.games[0].to_record()["actions"]
    assert "✗" not in text


def test_a_rank_alone_in_the_play_asks_for_its_suit() -> None:
    """A `9` while playing was answered "the auction is over: cards are being played" (the
    notation's bid of 9); it is a card without its suit, and is told so with the cards.  A
    rank one may not play (a 2: 28's pack has none) is told how a card is typed."""
    typed: list[str] = []
    to_type: list[str] = []

    def choose(actions: list[str], match: Match) -> str | None:
        cards = [a.split()[1] for a in actions if a.startswith("play ")]
        if not typed and cards and cards[0][0] in "987":
            to_type.extend([cards[0][0], "2"])
        if to_type:
            typed.append(to_type.pop(0))
            return typed[-1]
        return None

    text = terminal(Match.new("28", seed=3, dealer=0), scripted(choose, hands=2))
    assert typed, "seat 0 never held a 9, 8 or 7 to play"
    told = said(text, f"✗ {typed[0]} alone")
    assert f"✗ {typed[0]} alone is not a card: type its suit too, like {typed[0]}" in told
    told = said(text, "✗ 2 ")
    assert re.match(r"✗ 2 is not a card \(a card is typed with its suit, like \w+\), "
                        r"and there is no bid to make now\.", told), told


def test_a_bid_at_56_without_its_trump_says_how_to_type_one() -> None:
    """56-AUC-3: `40` was refused "a bid names its trump or no-trump: 'bid 40H', 'bid 40NT'"
    (the record's way of writing a bid); it says how to type one at the table."""
    text = terminal(Match.new("56", seed=4, dealer=5), typing_first("40"))
    told = said(text, "✗ a bid names its trump")
    assert "type the number with a suit or NT, like 40h, 40♥ or 40 nt" in told, told
    assert "'bid 40H'" not in text


# ---- 3. "Another game?" ----------------------------------------------------------------------


def matches_played(answers: list[str]) -> tuple[str, list[str], int]:
    """`play` of 28 matches to ±1 (one hand decides each: 28-END-1 with ``game_target`` 1),
    seat 0 passing; "Another game?" answered with ``answers`` in turn (Ctrl-D once they run
    out).  The output, the prompts asked and how many matches were dealt."""
    out = io.StringIO()
    prompts: list[str] = []
    left = list(answers)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "Another game" in prompt:
            if not left:
                raise EOFError
            return left.pop(0)
        if "Enter for" in prompt:
            return ""
        actions = my_turn(matches[-1])
        return ("pass" if "pass" in actions else actions[0]) if actions else ""

    with games_played() as matches:
        play({"preset": "28", "game_target": 1}, 3, 0, ["rules"], read=read, out=out,
             colour=False)
    return out.getvalue(), prompts, len(matches)


@pytest.mark.parametrize("yes", ["y", "Y", "yes", "YES", " Yes "])
@pytest.mark.parametrize("no", ["n", "N", "no", "No", "q", "quit", "QUIT"])
def test_another_game_takes_yes_and_no_words(yes: str, no: str) -> None:
    """A yes deals another match, a no (or a quit word) ends the program, in any case."""
    _, prompts, dealt = matches_played([yes, no])
    assert dealt == 2
    assert sum("Another game" in p for p in prompts) == 2


def test_another_game_asks_again_on_anything_else() -> None:
    """Any answer but y (`sure`, a typo of yes) ended the program: it is asked again, with
    what to type; Ctrl-D still ends it."""
    text, prompts, dealt = matches_played(["sure", "yess", "y", "maybe"])
    assert dealt == 2
    assert sum("Another game" in p for p in prompts) == 5          # the last one: Ctrl-D
    told = said(text, "✗ 'sure'")
    assert told == "✗ 'sure' is not a yes or a no: y plays another game, n (or Enter) stops."
    assert "✗ 'yess' is not a yes or a no" in text and "✗ 'maybe' is not a yes or a no" in text


# ---- 4. `legal` ------------------------------------------------------------------------------


def test_legal_says_what_each_choice_does_and_what_to_type() -> None:
    """`legal` printed "you may: bid 14–28 · pass", the table's "You may" line again.  It
    now lists each choice on its line with what it does and what to type: the bids' range
    and the number to type, the cards and how each is typed."""
    seen: dict[str, list[str]] = {}

    def choose(actions: list[str], match: Match) -> str | None:
        phase = match.current.view(0)["phase"]
        if phase not in seen:
            seen[phase] = actions
            return "legal"
        return None

    text = terminal(Match.new("28", seed=3, dealer=0), scripted(choose, hands=1))
    assert "auction" in seen and "play" in seen, seen
    assert not re.search(r"^you may: ", text, re.M)                  # not the line again
    blocks = text.split("What you may do now:")[1:]
    auction = blocks[0].split("\n──")[0]
    bids = [a for a in seen["auction"] if a.startswith("bid ")]
    low, high = bids[0].split()[1], bids[-1].split()[1]
    assert f"  bid {low} to {high} — type the number: {low}" in auction, auction
    assert "  pass\n" in auction
    cards = [a.split()[1] for a in seen["play"] if a.startswith("play ")]
    playing = said(text, "  play ")
    typed = [("10" if c[0] == "T" else c[0].lower()) + c[1].lower() for c in cards]
    assert "— type the card: " in playing
    assert all(re.search(rf"\b{t}\b", playing.split("— type")[1]) for t in typed), playing


def test_legal_says_the_meaning_of_a_pass_in_a_window() -> None:
    """A pass in the double window is "do not double" (as the history tells it), and 'C'
    has its meaning beside the word that types it."""
    asked: list[int] = []

    def choose(actions: list[str], match: Match) -> str | None:
        if "double" in actions and not asked:
            asked.append(1)
            return "legal"
        return None

    rules = Rules.from_spec({"preset": "28", "double_redouble": True})
    for seed in range(10):
        text = terminal(Match.new(rules, seed=seed, dealer=3), scripted(choose))
        if asked:
            break
    assert "  double the bid — type double" in text
    assert "  do not double — type pass" in text


# ---- 5. the game's name, as the browser says it -----------------------------------------------


def english_name(preset: str) -> str:
    """The browser's English name of ``preset`` (its catalog, read here as the page does)."""
    name: str = load("en")[f"game.{preset}"]
    return name


@pytest.mark.parametrize("preset", ["28-bengal", "bhoos-29", "56-kerala"])
def test_the_first_screen_names_the_game_as_the_browser_does(preset: str) -> None:
    """The first screen said "rules '28-bengal'": the browser's name ("28 (West Bengal)")
    comes before the code; where the name is the code ("28") it is not said twice."""
    first = terminal(Match.new(preset, seed=1), lambda p, m: "quit").splitlines()[0]
    assert first.startswith(f"twentyeight — {english_name(preset)}, rules '{preset}', "), first
    plain = terminal(Match.new("28", seed=1), lambda p, m: "quit").splitlines()[0]
    assert plain.startswith("twentyeight — rules '28', "), plain



def test_a_command_with_more_after_it_and_c_for_clubs() -> None:
    """From the command-line walk: `hint extra` was answered "'hint' is not a word the game
    knows. Did you mean hint?"; it is one word.  In 29, where 'C' is not played, a lone `c`
    typed in the play (clubs, meant as a card) is told how a card is typed as well."""
    typed: list[str] = []

    def choose(actions: list[str], match: Match) -> str | None:
        if not typed and any(a.startswith("play ") for a in actions):
            typed.extend(["hint extra", "c"])
            return typed[0]
        if len(typed) == 2 and typed[-1] != "done":
            typed.append("done")
            return "c"
        return None

    text = terminal(Match.new("29", seed=3, dealer=0), scripted(choose, hands=1))
    assert "✗ 'hint extra': hint is one word, with nothing after it." in text, text[-1500:]
    assert "Did you mean hint" not in text
    told = said(text, next(ln for ln in text.splitlines() if "'C' is not played" in ln))
    assert "a card is typed with its rank and suit, like " in told, told

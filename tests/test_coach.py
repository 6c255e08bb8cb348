"""The terminal's coach (cli/coach.py): hints, the hand review and the explanations as lines."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from helpers import W29, N, S, game
from twentyeight import Game
from twentyeight.analysis import Effort, default_expert
from twentyeight.cli.coach import Coach
from twentyeight.cli.display import Painter
from twentyeight.engine.actions import Action

CASES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "records" / "learn_cases.json").read_text("utf-8"))
HANDS = {0: "JS 9S AS TS JH 9H AH TH", 1: "8H KS QS 8S 7S JD 9D AD",
         2: "TD KD QD 8D 7D JC 9C AC", 3: "KH QH 7H TC KC QC 8C 7C"}


def coach(seat: int) -> Coach:
    return Coach(seat, Painter(False), default_expert(Effort(deals=2, playouts=2)))


def test_a_hint_is_one_line_with_the_expert_action_and_why() -> None:
    g = Game.from_record(CASES["ending"])
    line = coach(3).hint(g.view(3))
    assert line.startswith("hint: play A♠ — ")


def test_28_auc_6_the_floor_is_said_once_a_hand() -> None:
    """28-AUC-6 at S's turn, said once; a new hand says it again."""
    g = game("28", 3, HANDS, ["0 bid 14", "1 pass"])
    c = coach(S)
    first = c.turn(g.view(S), g.hand)
    assert first == ["  ⓘ bids below 20 are gone: your partner holds the bid (14), and over a "
                     "partner only 20 or more may be bid (28-AUC-6)"]
    assert c.turn(g.view(S), g.hand) == []
    c.new_hand()
    assert c.turn(g.view(S), g.hand) == first


def test_28_rev_6_explained_to_the_terminal() -> None:
    g = game("28", 3, HANDS, ["0 bid 14", "1 bid 15", "2 pass", "3 pass", "0 pass",
                              "1 trump 8H", "1 pass", "3 pass", "0 play JH", "1 play 7S",
                              "2 ask", "2 play 7D"])
    before = g.view(N)
    g.apply("3 play 7H")
    assert coach(N).explain(before, g.view(N)) == [
        "  ⓘ 7♥ beat J♥: J♥ was played before the trump was exposed, so it was no trump "
        "(28-REV-6)"]


def test_the_review_lists_the_costly_decisions_first() -> None:
    record = dict(CASES["ending"])
    record["actions"] = [*record["actions"], "3 play 9S", "0 play 8S", "1 play KD",
                         "2 play JS", "2 play 9D", "3 play AS", "0 play TD", "1 play AD"]
    lines = Coach(3, Painter(False)).review(record)
    assert lines[0].startswith("Review: ") and "decisions with a choice" in lines[0]
    trick = next(line for line in lines if line.startswith("  trick 7:"))
    assert trick.startswith("  trick 7: you play 9♠; the expert: play A♠")
    # with its units and the word "cost", as `analyse` gives them (it said "(every hand
    # known: play A♠, 1.0)", then "— 4.9 card points", read as a gain)
    assert "(every hand known: play A♠, cost 1.0 card points, 3.00 game points)" in trick
    assert "; the expert: play A♠ — cost " in trick


def test_the_review_of_a_56_hand_counts_tables() -> None:
    """56-MATCH-1: the terminal's review said "6.00 game points" of a hand whose stake was a
    table or two; it counts the tables that change hands, as the table does."""
    g = Game.new("56-4p", seed=4)
    while not g.over:
        g.apply(g.legal_actions()[0])
    lines = Coach(0, Painter(False), default_expert(Effort(deals=2, nodes=100_000, playouts=2,
                                                           candidates=2))).review(g.to_record())
    costs = [line for line in lines if " — cost " in line]
    assert costs and all(line.endswith(" tables") or " tables (every hand known" in line
                         for line in costs), costs
    assert not any("game points" in line for line in lines), lines


def test_hint_and_review_in_the_terminal_game() -> None:
    """``twentyeight play``: ``hint`` at my turn prints the expert's choice with its reason,
    ``review`` before any hand is over says it must wait, and ``review`` at the hand's end
    lists my decisions against the expert's."""
    import io

    from twentyeight.bots import make_table_bot
    from twentyeight.cli.play import TerminalGame
    from twentyeight.match import Match

    match = Match.new("28", seed=11)
    typed: list[str] = []

    def answer(prompt: str) -> str:
        game = match.current
        if prompt.startswith("Leave the match?"):
            return "y"
        if "review" in prompt and "hand" in prompt and "Enter" in prompt:
            if "review" not in typed:
                typed.append("review")
                return "review"
            return "quit"
        if not typed:
            typed.append("hint")
            return "hint"
        if len(typed) == 1:
            typed.append("early review")
            return "review"
        return str(game.legal_actions()[0])

    out = io.StringIO()
    bots = {s: make_table_bot("rules", seed=s) for s in (1, 2, 3)}
    TerminalGame(match, 0, bots, answer, out, colour=False,
                 coach=coach(0)).run()
    text = out.getvalue()
    hint = next(line for line in text.splitlines() if line.startswith("hint: "))
    assert " — " in hint
    assert "no hand is over yet" in text
    assert "Review: " in text and "decisions with a choice" in text


TC24 = {0: "7S JH 9H AH TH KH QH 8H", 1: "9S JD 9D AD TD KD QD 8D",
        2: "7D JC 9C AC TC KC QC 8C", 3: "KS JS AS TS QS 8S 7H 7C"}


def test_a_hint_says_the_call_in_words_with_the_command_to_type() -> None:
    """29-DEAL-2: the bidder names a suit.  The hint says it as the terminal says the other
    calls ("name ♠ spades as trump"), with what to type in brackets, not "hint: trump S"."""
    g = game("29", W29, TC24, ["0 pass", "1 pass", "2 pass", "3 bid 15"])
    line = coach(3).hint(g.view(3))
    assert re.match(r"hint: name [♠♥♦♣] (spades|hearts|diamonds|clubs) as trump "
                    r"\(trump [SHDC]\) — ", line), line


def test_the_coach_says_each_call_as_the_table_does() -> None:
    """The review's and the hint's actions are the calls in words (a reveal, 28-BR-3; a pass
    in the raise window, 28-RAISE-1; a card laid as the trump, 28-TRUMP-1), the command kept
    in brackets only where it is to be typed."""
    c = coach(0)
    assert c.action(Action.parse("0 reveal")) == "reveal the trump"
    assert c.action(Action.parse("0 reveal"), typed=True) == "reveal the trump (reveal)"
    assert c.action(Action.parse("0 pass"), "raise", typed=True) == "do not raise (pass)"
    assert c.action(Action.parse("0 pass"), "auction", typed=True) == "pass"
    assert c.action(Action.parse("0 trump 7S"), typed=True) == "lay 7♠ face down as trump"
    assert c.action(Action.parse("0 raise 24"), typed=True) == "raise the bid to 24 (raise 24)"
    assert c.action(Action.parse("0 play TH"), typed=True) == "play 10♥"


def test_29s_trump_choices_are_said_in_words_at_the_terminal() -> None:
    """29-DEAL-2: "You may: trump S · trump H · …" reads as code; the choices are the suits
    named, each with the command that names it."""
    import io

    from twentyeight.bots import make_table_bot
    from twentyeight.cli.play import TerminalGame
    from twentyeight.match import Match

    match = Match.new("29", seed=1)
    asked: list[str] = []

    def answer(prompt: str) -> str:
        view = match.current.view(0)
        if "Enter for" in prompt or asked or view["phase"] not in ("auction", "trump"):
            raise EOFError                              # (quits the game)
        if view["phase"] == "trump":
            asked.append("legal")
            return "legal"
        bids = [a.split(" ", 1)[1] for a in view["legal"] if " bid " in a]
        return bids[-1] if bids else "pass"

    out = io.StringIO()
    bots = {s: make_table_bot("rules", seed=s) for s in (1, 2, 3)}
    TerminalGame(match, 0, bots, answer, out, colour=False, width=200).run()
    text = out.getvalue()
    options = [ln for ln in text.splitlines() if "name the trump:" in ln]
    assert options, text
    assert "name the trump: ♠ spades (trump S) · ♥ hearts (trump H) · ♦ diamonds (trump D) · "\
        "♣ clubs (trump C)" in options[0], options

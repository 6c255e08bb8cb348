"""The second player's audit of `twentyeight play` (run under tmux): quitting, the score on the
table, what a typed word is taken for, the end-of-hand prompt, the calls' meanings, the order
of a forced exposure and a conceded hand's result.

Each test drives the terminal in-process through its ``read``/``out`` hooks, as
tests/test_cli_terminal.py does, and states what the player should see.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest

from helpers import said
from test_terminal_audit import Answer, games_played, my_turn
from test_terminal_audit import terminal as audited
from twentyeight.cli.display import CALL_WORDS, columns
from twentyeight.cli.play import TerminalGame, play
from twentyeight.match import Match


def terminal(match: Match, answer: Answer, width: int = 80) -> str:
    """Run the terminal game for seat 0 against `rules` bots; ``answer(prompt, match)`` types,
    "Leave the match?" too."""
    return audited(match, answer, width=width, confirm=False)


def passing(prompt: str, match: Match) -> str:
    """Pass wherever seat 0 may, else the first legal action; leave (and mean it) once the
    first hand is over."""
    if "Enter for" in prompt or prompt.startswith("Leave"):
        return "quit"
    actions = my_turn(match)
    return ("pass" if "pass" in actions else actions[0]) if actions else ""


# ---- 1. quitting at the last hand's prompt ------------------------------------------------


def short_match(quit_with: Callable[[], str]) -> tuple[str, list[str]]:
    """`play` of a 28 match to ±1 (28-END-1 with ``game_target`` 1: one hand decides it),
    seat 0 passing; at the last hand's prompt ``quit_with()`` is typed.  The output and the
    prompts asked."""
    out = io.StringIO()
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if "Enter for the end" in prompt:
            return quit_with()
        if "Another game" in prompt:
            return "n" if any("Another" in p for p in prompts[:-1]) else "y"
        return passing(prompt, matches[-1]) if "Enter for" not in prompt else ""

    with games_played() as matches:
        play({"preset": "28", "game_target": 1}, 3, 0, ["rules"], read=read, out=out,
             colour=False)
    return out.getvalue(), prompts


def test_quit_at_the_last_hands_prompt_ends_the_program_with_the_result() -> None:
    """28-END-1: the match is decided.  `quit` at "(Enter for the end…)" said "Goodbye." and
    then asked "Another game? [y/N]" (a `y` started a new match), and the "Game over" line was
    never printed.  Now the result is said and the program ends without asking."""
    text, prompts = short_match(lambda: "quit")
    assert any("Enter for the end" in p for p in prompts)
    assert not any("Another game" in p for p in prompts), prompts
    assert not any(p.startswith("Leave") for p in prompts)     # nothing left to lose
    assert re.search(r"Game over: .* win", text), text[-400:]
    assert text.rstrip().endswith("Goodbye.")
    assert text.count("══ Hand 1 ") == 1                    # no second match


def test_ctrl_d_at_the_last_hands_prompt_ends_the_program_with_the_result() -> None:
    """As above with Ctrl-D (end of input) instead of `quit`."""
    def eof() -> str:
        raise EOFError

    text, prompts = short_match(eof)
    assert not any("Another game" in p for p in prompts), prompts
    assert "Game over:" in text and text.rstrip().endswith("Goodbye.")


# ---- 2. the score at every turn -------------------------------------------------------------


def blocks_and_scores(rules: Any, seed: int) -> list[tuple[list[str], str]]:
    """Each table block shown at seat 0's turns (from its rule line to "You may"), with what
    the `score` command said right after it (seat 0 passing or playing its first card)."""
    match = Match.new(rules, seed=seed, dealer=0)
    asked: set[int] = set()

    def answer(prompt: str, m: Match) -> str:
        if "Enter for" in prompt or prompt.startswith("Leave"):
            return "quit"
        key = len(m.current.to_record()["actions"])
        if my_turn(m) and key not in asked:
            asked.add(key)
            return "score"
        return passing(prompt, m)

    lines = terminal(match, answer).splitlines()
    found = []
    for i, line in enumerate(lines):
        if line.startswith(("You may:", "You must:")):
            start = max(j for j in range(i) if lines[j].startswith("──"))
            score = next(line for line in lines[i + 1:] if not line.startswith(" "))
            found.append((lines[start:i + 1], score))
    return found


def test_the_score_is_on_every_turns_table_block() -> None:
    """28-END-1: the match's game points were only in the "══ Hand N" header, which scrolls
    away at 80×24; every turn's block shows them now, in the words of `score`, and on the
    block's rule line, so that the block is no taller (at most 7 lines while playing)."""
    found = blocks_and_scores("28", 12)
    assert len(found) > 5
    for block, score in found:
        assert re.fullmatch(r"you & partner [-+]\d+ · opponents [-+]\d+", score), score
        assert score in block[0], block
        assert all(columns(line) <= 80 for line in block), block
        if any(line.startswith("Trick ") for line in block):
            assert len(block) <= 7, block


def test_a_score_too_long_for_the_rule_line_comes_right_under_it() -> None:
    """At 34 columns "you & partner +0 · opponents +0" does not fit in the rule line: the
    rule is plain and the score is the block's next line, whole."""
    text = terminal(Match.new("28", seed=12, dealer=0), passing, width=34)
    lines = text.splitlines()
    rules = [i for i, line in enumerate(lines) if line.startswith("──")]
    assert rules
    for i in rules:
        assert set(lines[i]) == {"─"}, lines[i]
        assert re.fullmatch(r"you & partner [-+]\d+ · opponents [-+]\d+", lines[i + 1])


def test_56s_tables_are_on_every_turns_table_block() -> None:
    """56-MATCH-1: a 56 match counts tables, and the block says them as `score` does."""
    found = blocks_and_scores("56", 4)
    assert found
    for block, score in found:
        assert score.startswith("tables: ") and score in "\n".join(block), (score, block)


# ---- 3. a bare number in the raise window ----------------------------------------------------


def test_a_bare_number_in_the_raise_window_raises() -> None:
    """28-RAISE-1/4: after the trump is chosen the bidding side may raise to 24–28.  A bare
    `24` there was refused ("you cannot bid now: the bidding side may raise the contract")
    though a raise is the only thing a number can mean; it raises now."""
    typed: list[str] = []

    def answer(prompt: str, match: Match) -> str:
        actions = my_turn(match)
        if "raise 24" in actions and not typed:
            typed.append("24")
            return "24"
        return passing(prompt, match)

    for seed in range(20):
        match = Match.new("28", seed=seed, dealer=0)
        text = terminal(match, answer)
        if typed:
            break
    else:
        raise AssertionError("seat 0 never had a raise window")
    assert "0 raise 24" in match.games[0].to_record()["actions"]
    assert "you cannot bid now" not in text and "✗" not in text
    assert "Contract: " in text and re.search(r"Contract: \w+ 24\b", text)


# ---- 4. typos of command words, and 29's bare suit ----------------------------------------------


def answers_once(words: list[str]) -> Answer:
    """Type ``words`` at seat 0's first turn, then pass along."""
    left = list(words)

    def answer(prompt: str, match: Match) -> str:
        if left and my_turn(match):
            return left.pop(0)
        return passing(prompt, match)

    return answer


def test_a_typo_of_a_command_word_is_answered_with_the_word_meant() -> None:
    """`pas` and `hlep` were answered "unknown card 'pas' (cards are written like JS, 9H,
    TD, 7C)"; a word that does not look like a card is said to be unknown, with the nearest
    word the game knows and `help`.  A card-like slip is still about cards, written as the
    table writes them (10♦, not TD)."""
    text = terminal(Match.new("28", seed=5, dealer=0), answers_once(["pas", "hlep", "9z"]))
    assert "unknown card 'pas'" not in text and "unknown card 'hlep'" not in text
    pas = said(text, "✗ 'pas'")
    assert "Did you mean pass?" in pas and "'help'" in pas, pas
    assert "Did you mean help?" in said(text, "✗ 'hlep'")
    card = said(text, "✗ '9z'")
    assert "card" in card and "TD" not in card and "10♦" in card, card


def test_29s_trump_is_named_by_a_bare_suit() -> None:
    """29-DEAL-2: the bidder names the trump suit; `clubs`, `♣` and `c` were refused as
    unknown cards while `trump clubs` worked.  A bare suit names it now (29 has no 'C' call
    to mistake `c` for: 28-DBL-7 is off)."""
    for word, suit in (("clubs", "C"), ("♥", "H"), ("c", "C"), ("Spades", "S")):
        named: list[str] = []

        def answer(prompt: str, match: Match, word: str = word, suit: str = suit,
                   named: list[str] = named) -> str:
            actions = my_turn(match)
            if "Enter for" in prompt or prompt.startswith("Leave"):
                return "quit"
            if any(a.startswith("trump ") for a in actions):
                named.append(word)
                return word if len(named) == 1 else f"trump {suit}"
            bids = [a for a in actions if a.startswith("bid")]
            return bids[-1] if bids else passing(prompt, match)

        match = Match.new("29", seed=3, dealer=0)
        text = terminal(match, answer)
        assert named == [word], (word, named)                 # taken at the first try
        assert f"0 trump {suit}" in match.games[0].to_record()["actions"], word
        assert "✗" not in text, word


# ---- 5. the end-of-hand prompt -----------------------------------------------------------------


def test_an_unknown_word_at_the_end_of_a_hand_is_answered_not_taken_for_enter() -> None:
    """`help`, a typo or a card at "(Enter for the next hand…)" silently dealt the next
    hand.  Now `help` and anything unknown are answered with what the prompt takes, and the
    prompt is asked again; only Enter goes on."""
    at_end: list[str] = []
    words = ["help", "reveiw", "9s", ""]

    def answer(prompt: str, match: Match) -> str:
        if "Enter for" in prompt:
            at_end.append(prompt)
            return words[len(at_end) - 1] if len(at_end) <= len(words) else "quit"
        if prompt.startswith("Leave"):
            return "y"
        return passing(prompt, match)

    text = terminal(Match.new("28", seed=12, dealer=0), answer)
    assert len(at_end) == 5                          # help, reveiw, 9s: asked again
    before = text[:text.index("══ Hand 2")]          # Enter: hand 2 was dealt
    assert "══ Hand 3" not in text, "a word at the end of a hand dealt the next one"
    for word in ("reveiw", "9s"):
        assert f"✗ '{word}'" in before, before[-600:]
        told = said(before, f"✗ '{word}'")
        assert "Enter" in told and "review" in told and "quit" in told, told
    assert "review" in said(before, "At the end of a hand")


# ---- 6. the calls' meanings --------------------------------------------------------------------


def test_calls_are_offered_with_their_meaning() -> None:
    """28-DBL-7 ('C'), 28-SH-1 (single hand), 28-TH-1 (Thani), 28-PRE-1 (redeal), 28-COT-2
    (concede): the options listed these as bare keywords (`c`, `single`, …); each comes with
    its sentence from display.CALL_WORDS now, still with the word to type."""
    table = TerminalGame(Match.new("28", seed=1), 0, {}, out=io.StringIO(), colour=False)
    view = table.match.current.view(0)
    view["phase"] = "play"                  # (56's Thani in the auction is a bid: 56-TH-1)
    for verb in ("c", "single", "thani", "redeal", "concede", "show", "accept"):
        view["legal"] = [f"0 {verb}", "0 pass"]
        shown = table._options(view)
        sentence = CALL_WORDS[verb][1]
        assert shown == f"{verb}: {sentence} · pass", shown


# ---- 7. a forced exposure after the trick's result --------------------------------------------


def test_the_forced_exposure_comes_after_the_seventh_tricks_result() -> None:
    """28-LAST-1: the trump still hidden when trick 7 is complete is exposed before the lead
    to trick 8.  It was printed above "→ trick 7 to Right", as if it had counted in trick 7."""
    text = terminal(Match.new("28", seed=15, dealer=0), passing)
    result = text.index("→ trick 7 to")
    exposed = text.index("✦ Trump exposed")
    assert result < exposed < text.index("without anyone asking"), text[result - 200:]


# ---- 8. a conceded hand --------------------------------------------------------------------


def test_an_accepted_concession_is_said_as_a_concession() -> None:
    """28-COT-3: the bidding side accepts the concession, play stops and it scores the normal
    win.  The result read "the opponents made 14 — card points: the opponents 7, your side
    0", which looks wrong; it says the contract was made by the concession now."""
    def answer(prompt: str, match: Match) -> str:
        return "concede" if "concede" in my_turn(match) else passing(prompt, match)

    text = terminal(Match.new({"preset": "28", "cot": True}, seed=0, dealer=0), answer)
    assert "accepts the concession" in text
    result = said(text, "Hand over")
    assert "the opponents made 14 by your concession (28-COT-3)" in result, result


# ---- 9. quitting asks first -----------------------------------------------------------------


def test_q_asks_before_leaving_the_match_and_no_keeps_playing() -> None:
    """`q` (one key from `qs`) ended the match at once.  It asks now: `n` plays on, `y`
    leaves; end of input (Ctrl-D) still leaves without asking."""
    typed = iter(["q", "n", "q", "y"])
    prompts: list[str] = []

    def answer(prompt: str, match: Match) -> str:
        prompts.append(prompt)
        return next(typed)

    text = terminal(Match.new("28", seed=5, dealer=0), answer)
    assert [p.split()[0] for p in prompts] == ["your", "Leave", "your", "Leave"], prompts
    assert text.count("Goodbye.") == 1 and text.rstrip().endswith("Goodbye.")

    def eof(prompt: str, match: Match) -> str:
        prompts.append(prompt)
        raise EOFError

    prompts.clear()
    assert "Goodbye." in terminal(Match.new("28", seed=5, dealer=0), eof)
    assert len(prompts) == 1


def test_a_very_long_line_is_not_echoed_whole() -> None:
    """A 6,000-character line (`J♠` × 3000) was printed back whole in the ✗ message, filling
    the screen; the message quotes its start only."""
    text = terminal(Match.new("28", seed=5, dealer=0), answers_once(["J♠" * 3000]))
    told = next(line for line in text.splitlines() if line.startswith("✗"))
    assert "…" in told and len(text) < 6000 and columns(told) <= 80, told


def test_the_welcome_states_how_the_match_is_won() -> None:
    """28-END-1: a 28 match is won at +6 and lost at -6 ("game to ±6").  Under 40-6 (C-16,
    ``failure_mode = opponents_gain``) a failed contract scores for the opponents and no
    side's score ever falls, so 40's match is the first side to reach 6."""
    seen = {name: terminal(Match.new(name, seed=3), passing).splitlines()[0]
            for name in ("28", "40")}
    assert seen["28"].endswith("game to ±6")
    assert seen["40"].endswith("first side to 6") and "±" not in seen["40"]


def test_a_defenders_matching_bid_is_said_as_a_match() -> None:
    """BOT-PROTOCOL.md §7.2 (bhoos-29's defender and challenger auction): the defender holds
    the bid by bidding the challenger's value again.  Said as "bids 17" it reads as a second,
    equal bid; the table says it is a match, and only there (no other auction repeats a
    value: 28-AUC-3)."""
    matched = []
    offered = []
    for seed in range(12):
        out = terminal(Match.new("bhoos-29", seed=seed), passing)
        lines = [ln.strip() for ln in out.splitlines()]
        offered += [ln for ln in lines if "(match the challenge and hold the bid)" in ln]
        for k, line in enumerate(lines):
            found = re.fullmatch(r"\S+: matches (\d+) and holds the bid", line)
            if found:
                before = [re.fullmatch(r"\S+: bid (\d+)", ln) for ln in lines[:k]]
                bids = [b.group(1) for b in before if b]
                assert bids and bids[-1] == found.group(1), lines[:k + 1]
                matched.append(line)
    assert matched
    assert offered and all(re.fullmatch(r"You may: bid \d+ \(match the challenge and hold "
                                        r"the bid\) · pass", ln) for ln in offered), offered
    plain = terminal(Match.new("28", seed=1), passing)
    assert "matches" not in plain and "match the" not in plain


# ---- the contract's stake -----------------------------------------------------------------


@pytest.mark.parametrize("rules", ["28", "29", "56", "28-bengal", "40", "28-6p-kerala"])
def test_the_stake_is_told_once_the_play_begins(rules: str) -> None:
    """The browser's contract panel says what a contract wins made and loses failed
    ("made +1, failed −2"; doubled, redoubled); the terminal said nothing of it (its contract
    line, on every turn, must fit 80 columns).  It now tells it once, when the play begins:
    the view's ``stake`` (``scoring.contract_stake``): the win or loss value of 28-SCORE-3
    and 29-SCORE-2 (doubled: 28-DBL-1), in 56 by its table of stakes (56-SC-2).  It is told
    for the bidding side by its name from this seat, and where a failure is the opponents'
    gain (40-6, 6PK-6) as theirs: it said "-4 if it fails" to a side that then lost nothing."""
    told = 0
    for seed in range(6):
        match = Match.new(rules, seed=seed, dealer=0)
        text = terminal(match, passing)
        view = match.games[0].view(0)
        stake = view["stake"]
        if stake is None or not view["tricks"]:
            assert "At stake" not in text, seed
            continue
        short = stake.get("below_half")        # A-14 (28-bengal): under half the bid, twice
        ours = 0 in next(team for team in view["teams"] if view["bidder"] in team)
        line = f"At stake for {'your side' if ours else 'the opponents'}: made +{stake['win']}"
        if rules in ("40", "28-6p-kerala"):
            assert stake.get("opponents_gain") is True
            line += f"; failed, {'the opponents' if ours else 'your side'} +{stake['loss']}"
        else:
            assert "opponents_gain" not in stake
            line += f", failed -{stake['loss']}" \
                + (f" (-{short['loss']} if under {short['points']} points)" if short else "")
        assert (short is not None) == (rules == "28-bengal")
        assert text.count("At stake") == 1 and line in text, (seed, line)
        told += 1
    assert told >= 3


def test_the_result_of_a_hand_whose_target_a_pair_moved_says_the_target() -> None:
    """29-PAIR-3: a pair moves the target the bidding side needs; the contract line said
    "(target 15)" during the play, and the result then said only "the opponents made 18",
    not the target they played to."""
    def pairing(prompt: str, match: Match) -> str:
        if "Enter for" in prompt or prompt.startswith("Leave"):
            return "quit"
        actions = my_turn(match)
        return "pair" if "pair" in actions else passing(prompt, match)

    match = Match.new("29", seed=3, dealer=0)
    text = terminal(match, pairing)
    view = match.games[0].view(0)
    assert (view["contract"], view["target"], view["status"]) == (18, 15, "complete")
    assert "Hand over: the opponents made 18 (target 15 after the pair) — card points:" in text


@pytest.mark.parametrize(("rules", "mine"), [("28-6p", "you & Zainab"),
                                             ("40", "you, Aditi & Asha")])
def test_at_six_seats_the_score_line_names_your_partners(rules: str, mine: str) -> None:
    """6P-2, 40-1: at six seats a person's partners are not across the table, and the
    "Teams:" line of the first screen scrolls away; the score line atop every turn said
    "your side +0". It names them: who plays with you is on the screen at every turn."""
    match = Match.new(rules, seed=1, dealer=0)
    text = terminal(match, passing)
    tops = [line for line in text.splitlines() if line.startswith("──")]
    assert tops and all(line.startswith(f"── {mine} +") for line in tops), tops[:2]
    teams = next(line for line in text.splitlines() if line.startswith("Teams:"))
    assert f"[You {mine.removeprefix('you, ').removeprefix('you & ').replace(' & ', ' ')}" \
        in teams.replace(",", ""), teams


def test_the_duel_auction_of_bhoos_29_is_told_before_it_refuses() -> None:
    """BOT-PROTOCOL.md §7.2: the competition's auction is a defender/challenger duel, whose
    refusals ("a challenger bids above 17, up to 28, or passes") spoke of a challenger never
    explained. The first screen explains the duel; other presets' screens do not."""
    text = " ".join(terminal(Match.new("bhoos-29", seed=1, dealer=0), passing).split())
    assert "The auction is a duel: the first to speak opens at 16 as the defender" in text
    assert "the challenger must then bid higher or pass" in text
    assert "duel" not in terminal(Match.new("29", seed=1, dealer=0), passing)


def test_a_single_hands_stake_is_told() -> None:
    """28-SH-4: a single hand wins 3 with every trick and loses 3 otherwise; the terminal told
    the stake of a contract only, and nothing once a single hand had voided it."""
    def single(prompt: str, match: Match) -> str:
        if "Enter for" in prompt or prompt.startswith("Leave"):
            return "quit"
        return "single" if "single" in my_turn(match) else passing(prompt, match)

    match = Match.new({"preset": "28", "single_hand": True}, seed=0, dealer=0)
    text = terminal(match, single)
    assert match.games[0].view(0)["special"] == "single_hand"
    assert "At stake for your side: every trick +3, otherwise -3" in text

"""The terminal's slips of issue 16, each mended: `quit` between hands, whose card points,
plurals, 29's trump naming, a card typed while choosing trump, `play --seat 7`, `replay`'s
auction and names, `arena`'s help, plurals and Elo, and NO_COLOR."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from helpers import said
from twentyeight import Game
from twentyeight.arena import elo_from_scores, run_arena
from twentyeight.bots import make_bot
from twentyeight.cli import display
from twentyeight.cli.arena import describe as arena_text
from twentyeight.cli.play import TerminalGame
from twentyeight.engine.reasons import SUIT_WORDS
from twentyeight.match import Match


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "twentyeight.cli.main", *args],
                          capture_output=True, text=True, check=False, timeout=120)


def terminal(match: Match, answer: Callable[[str, Match], str]) -> str:
    """Run the terminal game for seat 0 against `rules` bots; ``answer(prompt, match)`` types."""
    n = match.rules.num_players
    bots = {s: make_bot("rules", seed=s) for s in range(1, n)}
    out = io.StringIO()
    TerminalGame(match, 0, bots, lambda p: confirmed(p) or answer(p, match), out,
                 colour=False).run()
    return out.getvalue()


def confirmed(prompt: str) -> str:
    """"y" to "Leave the match?": the person who typed `quit` meant it; else ""."""
    return "y" if prompt.startswith("Leave the match?") else ""


def first_legal(prompt: str, match: Match) -> str:
    game = match.current
    if "Enter for" in prompt or game.to_act != 0 or game.over:
        return ""
    return str(game.legal_actions()[0])


def highest_bid(prompt: str, match: Match) -> str:
    """Bid the maximum (so that seat 0 is the bidder), otherwise the first legal action."""
    game = match.current
    if "Enter for" in prompt or game.to_act != 0 or game.over:
        return ""
    bids = [a for a in game.legal_actions() if a.verb == "bid"]
    return str(bids[-1] if bids else game.legal_actions()[0])


def test_quit_between_hands_leaves_instead_of_dealing() -> None:
    """`quit` at "(Enter for the next hand…)" ends the game: no second hand is dealt."""
    prompts: list[str] = []

    def answer(prompt: str, match: Match) -> str:
        prompts.append(prompt)
        return "quit" if "next hand" in prompt else first_legal(prompt, match)

    text = terminal(Match.new("28", seed=12, dealer=0), answer)
    assert any("next hand" in p for p in prompts)
    assert "Goodbye" in text and "Hand 2 " not in text


def test_hand_result_says_whose_card_points() -> None:
    """The result line names the bidding side and who holds which card points."""
    text = terminal(Match.new("28", seed=12, dealer=0),
                    lambda p, m: "quit" if "next hand" in p else first_legal(p, m))
    line = said(text, "Hand over")                      # (wrapped at 80 columns)
    assert re.search(r"^Hand over: (your side|the opponents) (made|went down in) \d+ — card "
                     r"points: (your side \d+, the opponents \d+|the opponents \d+, your side "
                     r"\d+);", line), line


def test_one_point_is_singular() -> None:
    """"(1 point)", never "(1 points)", in the narration of a whole match."""
    text = terminal(Match.new("28", seed=5, dealer=0), first_legal)
    assert "(1 point)" in text and "(1 points)" not in text


def test_29_bidder_naming_trump_with_a_card_is_told_to_name_a_suit() -> None:
    """29-DEAL-2 in the terminal: "trump 9c" and a bare card are both answered with how to
    name the trump suit."""
    tried: list[str] = []

    def answer(prompt: str, match: Match) -> str:
        game = match.current
        view = game.view(0)
        if game.to_act == 0 and view["phase"] == "trump" and len(tried) < 2:
            card = view["hand"][0]
            tried.append(card)
            return f"trump {card.lower()}" if len(tried) == 1 else card
        return "quit" if "next hand" in prompt else highest_bid(prompt, match)

    text = terminal(Match.new("29", seed=3, dealer=0), answer)
    assert len(tried) == 2, "seat 0 never chose the trump"
    suit, other = tried[0][1], tried[1][1]
    symbols = dict(zip("SHDC", "♠♥♦♣", strict=True))
    assert f"✗ name a suit, not a card: type {SUIT_WORDS[suit]} or {symbols[suit]} " \
        "(29-DEAL-2)" in text
    assert f"✗ choose the trump first: type {SUIT_WORDS[other]} or {symbols[other]} " \
        "(29-DEAL-2)" in text
    assert "the bidder is choosing trump" not in text


def test_28_bidder_typing_a_card_lays_it_as_trump() -> None:
    """28-TRUMP-1 in the terminal: while laying the trump card, a card typed is laid."""
    laid: list[str] = []

    def answer(prompt: str, match: Match) -> str:
        game = match.current
        view = game.view(0)
        if game.to_act == 0 and view["phase"] == "trump" and not laid:
            laid.append(view["hand"][-1])
            return laid[0].lower()
        return "quit" if "next hand" in prompt else highest_bid(prompt, match)

    match = Match.new("28", seed=4, dealer=0)
    text = terminal(match, answer)
    assert laid and f"0 trump {laid[0]}" in match.games[0].to_record()["actions"]
    assert "✗" not in text


def test_play_with_a_seat_out_of_range_prints_the_play_usage() -> None:
    proc = cli("play", "--seat", "7")
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: twentyeight play ")
    assert "seat 7 does not exist (0 to 3)" in proc.stderr


def replayed_with_names(tmp_path: Path, names: list[str]) -> tuple[dict[str, Any], Path, str]:
    """A random hand of 28 (seed 42, dealer 3) whose record names its seats ``names``: the
    record, its file and what `replay` tells of it."""
    game = Game.new("28", seed=42, dealer=3)
    rng = random.Random(1)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    record = game.to_record()
    record["players"] = names
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    return record, path, cli("replay", str(path)).stdout


def test_replay_tells_apart_seats_that_share_a_name(tmp_path: Path) -> None:
    """An arena's record names its seats by their bots ("casual", "beginner", "casual",
    "beginner"): `replay` said "casual bid 14 · … · casual bid 16" and "→ casual", which
    could be either seat. A name two seats share is told with its seat."""
    _, _, text = replayed_with_names(tmp_path, ["casual", "Ravi", "casual", "Dev"])
    assert text.startswith("players: casual (0) · 1 Ravi · casual (2) · 3 Dev\n")
    assert "dealer: Dev; auction: " in text
    assert not re.search(r"casual(?! \([02]\))", text), text


def test_replay_tells_the_terminals_you_in_the_second_person(tmp_path: Path) -> None:
    """The terminal's record names the person's seat "You": `replay` told it "You lays 10♣
    as trump (face down)" and "You: asks for the trump"; now "You lay", "You: ask".  A
    match's end names the winning side's players, not only "team 0"."""
    from twentyeight import Match

    match, rng = Match.new("28", seed=3), random.Random(1)
    while not match.over:
        match.apply(rng.choice(match.current.legal_actions()))
    record = {**match.to_record(), "players": ["You", "Right", "Partner", "Left"]}
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    text = cli("replay", str(path)).stdout
    assert not re.search(r"\bYou:? (lays|asks|reveals|passes|names|bids|raises|shows)\b", text)
    assert re.search(r"\bYou:? (lay|ask|reveal|pass|bid|show)\b", text), text
    winner = match.winners[0]
    side = "you & partner" if winner == 0 else "Right & Left"
    assert text.rstrip().splitlines()[-1].startswith(f"match over: {side} win ("), text[-200:]


def test_replay_tells_the_auction_with_the_players_names(tmp_path: Path) -> None:
    """`replay` names the players (the record's optional `players`) and tells every call of
    the auction and of the play, not only the tricks."""
    record, path, text = replayed_with_names(tmp_path, ["Asha", "Ravi", "Meera", "Dev"])
    assert text.startswith("players: 0 Asha · 1 Ravi · 2 Meera · 3 Dev\n")
    calls = [a for a in record["actions"] if " play " not in a]
    auction = next(ln for ln in text.splitlines() if ln.startswith("dealer: Dev; auction: "))
    names = dict(enumerate(record["players"]))
    first = calls[0].split()
    assert auction.startswith(f"dealer: Dev; auction: {names[int(first[0])]} {first[1]}")
    assert "led by Asha" in text or "led by Ravi" in text or "led by Meera" in text
    record.pop("players")
    path.write_text(json.dumps(record))
    plain = cli("replay", str(path)).stdout
    assert "players:" not in plain and "dealer: seat 3; auction: seat " in plain


def test_arena_help_says_95_percent() -> None:
    text = " ".join(cli("arena", "--help").stdout.split())
    assert "95% confidence intervals" in text and "%%" not in text


def test_arena_report_plurals_and_a_sweep_without_an_upper_bound() -> None:
    """"1 whole deal", and a sweep's Elo has no upper bound (not "+618 [+268, +618]")."""
    report = run_arena(["rules", "random"], deals=2, rules="28", seed=1, workers=1)
    report["annulled"] = {"plays": 1, "deals": 1}
    report["elo"] = {**elo_from_scores([1.0] * 18), "from": "matches"}
    text = arena_text(report)
    assert "annulled: 1 play, 1 whole deal\n" in text
    assert "Elo difference (from matches): at least +268 (every one won: no upper bound)" in text
    assert "+618" not in text
    report["elo"] = {**elo_from_scores([1.0] * 9 + [0.5]), "from": "matches"}
    text = arena_text(report)         # not "+512 [+112, +512]": ten games measure no more
    assert "Elo difference (from matches): +512 [+112, no upper bound]\n" in text


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize(("value", "colour"), [(None, True), ("1", False), ("", True)])
def test_no_color_is_honoured(monkeypatch: pytest.MonkeyPatch, value: str | None,
                              colour: bool) -> None:
    """https://no-color.org: NO_COLOR set to anything but "" turns colour off; the game then
    prints no escape codes and keeps every suit's symbol."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    if value is not None:
        monkeypatch.setenv("NO_COLOR", value)
    stream = FakeTerminal()
    assert display.use_colour(stream) is colour
    paint = display.Painter(display.use_colour(stream))
    shown = paint.hand(["JH", "9D", "AS", "TC"])
    assert ("\033[" in shown) is colour
    assert all(symbol in shown for symbol in "♥♦♠♣")


def test_a_pass_in_the_raise_window_is_said_as_no_raise() -> None:
    """After the trump is chosen, the bidding side's passes in the raise window (28-RAISE-1)
    are told as "no raise", not as a bare "pass" that reads like a call of the auction."""
    def answer(prompt: str, match: Match) -> str:
        game = match.current
        if "next hand" in prompt:
            return "quit"
        if game.to_act != 0 or game.over:
            return ""
        verbs = {a.verb: a for a in game.legal_actions()}
        return str(verbs["pass"] if "pass" in verbs else game.legal_actions()[0])

    text = terminal(Match.new("28", seed=5, dealer=0), answer)
    lines = text.splitlines()
    start = next(i for i, ln in enumerate(lines) if "chooses trump" in ln or ": trump " in ln)
    end = next(i for i, ln in enumerate(lines) if ln.startswith("Contract:"))
    window = [ln.strip() for ln in lines[start + 1:end] if ln.startswith("  ")]
    assert window and all(ln.endswith(": no raise") for ln in window), window
    assert display.action_words("1 pass", "Ravi", display.Painter(False)) == "Ravi: pass"


def test_replay_tells_a_pass_in_the_raise_window_as_no_raise(tmp_path: Path) -> None:
    """`replay` tells the bidding side's passes in the raise window after the trump choice
    (28-RAISE-1) as "no raise", and the passes of the auction (28-AUC-4) as passes."""
    game = Game.new("28", seed=5, dealer=0)
    while not game.over:
        verbs = {a.verb: a for a in game.legal_actions()}
        game.apply(verbs.get("pass") or game.legal_actions()[0])
    record = game.to_record()
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    auction = next(ln for ln in cli("replay", str(path)).stdout.splitlines()
                   if ln.startswith("dealer: "))
    calls, windows = auction.split("(face down)")
    assert " pass" in calls and "no raise" not in calls, auction
    assert windows.count("no raise") == 2 and " pass" not in windows, auction


def passing(prompt: str, match: Match) -> str:
    """Pass wherever seat 0 may, otherwise the first legal action; quit after the hand."""
    game = match.current
    if "next hand" in prompt:
        return "quit"
    if game.to_act != 0 or game.over:
        return ""
    actions = game.legal_actions()
    return str(next((a for a in actions if a.verb == "pass"), actions[0]))


def test_56_with_open_trump_is_told_as_56() -> None:
    """56-DEAL-4: every card is dealt before the auction, so they are "your cards", not the
    first ones; a bid's example is a bid this seat may make (over its partner's 28: 40 and up,
    56-AUC-7); 56-TRUMP-1: the trump the bid named is not "exposed", nor explained as the
    last trick's forced reveal (28-LAST-1)."""
    text = terminal(Match.new("56-8p", seed=4, dealer=3), passing)
    assert "Your cards: " in text and "Your first cards" not in text
    examples = re.findall(r"bid (\d+)–56 with a suit or NT \(e\.g\. (\d+)h or \d+ nt\)", text)
    assert examples
    for low, example in examples:
        assert int(example) == int(low)
    assert re.search(r"✦ Trump: \S+, named in the bid", text)
    assert "Trump exposed" not in text and "without anyone asking" not in text
    assert "Your first cards: " in terminal(Match.new("28", seed=12, dealer=0), passing)

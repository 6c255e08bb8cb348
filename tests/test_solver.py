"""The perfect-information solver (issue 4 item 3) and ``twentyeight solve``.

* The solver against brute force (plain minimax over the engine's ``legal_codes``/``step``)
  on random 2–4 trick endings of presets 28 and 29: every legal action's value equal (the
  properties over every preset and play flag are in ``test_play_core.py``).
* Positions whose value is known by hand, determinism, and the command's exit statuses.
"""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from endings import ending
from helpers import record
from twentyeight import Game
from twentyeight.cli.main import main
from twentyeight.engine.scoring import bidding_points
from twentyeight.engine.state import ANNULLED
from twentyeight.solver import Position, Searcher, SolverError, solve
from twentyeight.solver.ordering import equivalent_groups, merge_equivalent
from twentyeight.solver.reference import brute_force_values
from twentyeight.solver.values import annulled, scaled

# ---- against brute force ---------------------------------------------------------------------

CASES = [(preset, left, seed) for preset in ("28", "29")
         for left, seeds in ((2, range(12)), (3, range(8)), (4, range(3)))
         for seed in seeds]


@pytest.mark.parametrize(("preset", "left", "seed"), CASES)
def test_solver_equals_brute_force(preset: str, left: int, seed: int) -> None:
    h = ending(preset, seed, left)
    if h is None:
        pytest.skip("the random game ended early")
    expected = {str(h.action(h.to_act, c)): v
                for c, v in brute_force_values(h).items()}   # type: ignore[arg-type]
    assert solve(h).scaled == expected


@pytest.mark.parametrize("preset", ["28-wiki", "28-bengal", "29-16", "28-3p", "28-6p", "40",
                                    "56", "56-8p"])
def test_other_presets_against_brute_force(preset: str) -> None:
    checked = 0
    for seed in range(6):
        h = ending(preset, seed, 2)
        if h is None:
            continue
        try:
            sol = solve(h)
        except SolverError:
            continue
        expected = {str(h.action(h.to_act, c)): v
                    for c, v in brute_force_values(h).items()}   # type: ignore[arg-type]
        assert sol.scaled == expected, seed
        checked += 1
    assert checked >= 2


def test_annulled_ending_against_brute_force() -> None:
    """A 29 ending whose every line is annulled (29-PLAY-8 or 28-ANN-2): ``None`` throughout."""
    h = ending("29", 49, 3)
    assert h is not None and not h.revealed
    expected = {str(h.action(h.to_act, c)): v
                for c, v in brute_force_values(h).items()}   # type: ignore[arg-type]
    sol = solve(h)
    assert sol.scaled == expected
    assert set(sol.values.values()) == {None} and sol.value is None


# ---- known values, pieces, determinism --------------------------------------------------------

BIDDER_WINS_ALL = {
    0: "8S JS 9S AS TS KS QS JH", 1: "7S 9H AH TH KH QH 8H 7H",
    2: "JD 9D AD TD KD QD 8D 7C", 3: "JC 9C AC TC KC QC 8C 7D"}
ALL_TRUMPS = {
    0: "8S JS 9S AS TS KS QS JH", 1: "9H AH TH KH QH 8H 7H 7C",
    2: "7S JD 9D AD TD KD QD 8D", 3: "JC 9C AC TC KC QC 8C 7D"}
AUCTION = ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump 8S", "0 pass", "2 pass"]


def test_known_value_bidder_takes_every_trick() -> None:
    """Seat 0 must lead J♥ (28-BR-1), which wins; then only spades, the top seven: all 28."""
    g = Game.from_record(record("28", 3, BIDDER_WINS_ALL, AUCTION))
    sol = solve(g.hand)
    assert sol.values == {"0 play JH": 28}
    g.apply("0 play JH")
    g.apply("1 play 7H")
    sol = solve(g.hand)
    assert set(sol.values) == {"2 ask", *(f"2 play {c}" for c in BIDDER_WINS_ALL[2].split())}
    assert set(sol.values.values()) == {28}


def test_known_value_annulled_when_the_bidding_side_holds_every_trump() -> None:
    """All eight spades with N–S: the forced exposure before trick 8 annuls (28-ANN-2)."""
    g = Game.from_record(record("28", 3, ALL_TRUMPS, AUCTION))
    sol = solve(g.hand)
    assert sol.values == {"0 play JH": None} and sol.value is None
    assert sol.scaled == {"0 play JH": annulled(14)}
    assert scaled(13) < annulled(14) < scaled(14)


def test_merging_keeps_one_card_of_each_run() -> None:
    g = Game.from_record(record("28", 3, BIDDER_WINS_ALL, [*AUCTION, "0 play JH"]))
    pos = Position.from_hand(g.hand)
    names = g.hand.t.deck.names
    hearts = pos.legal()          # seat 1 must follow: 9H AH TH KH QH 8H 7H
    assert [names[c] for c in hearts] == ["9H", "AH", "TH", "KH", "QH", "8H", "7H"]
    assert [names[c] for c in merge_equivalent(pos, hearts)] == ["9H", "AH", "KH"]
    assert [[names[c] for c in g] for g in equivalent_groups(pos, hearts)] == [
        ["9H"], ["AH", "TH"], ["KH", "QH", "8H", "7H"]]


def test_values_follow_the_principal_line() -> None:
    """Playing the solver's best action at every turn ends with the root value."""
    h = ending("28", 4, 4)
    assert h is not None
    root = solve(h).value
    while not h.over:
        sol = solve(h)
        name = sol.best[0]
        code = next(c for c in h.legal_codes() if str(h.action(h.to_act, c)) == name)
        h.step(code)
    assert (None if h.status == ANNULLED else bidding_points(h)) == root


def test_can_reach_agrees_with_the_value() -> None:
    h = ending("29", 2, 3)
    assert h is not None
    pos = Position.from_hand(h)
    value = Searcher(pos).mtdf(0)
    s = Searcher(pos)
    assert s.can_reach(value) and not s.can_reach(value + 1)


def test_deterministic() -> None:
    h = ending("28", 6, 4)
    assert h is not None
    a, b = solve(h), solve(h.copy())
    assert (a.values, a.best, a.nodes) == (b.values, b.best, b.nodes)


def test_not_in_play_is_refused() -> None:
    with pytest.raises(SolverError, match="play"):
        solve(Game.new("28", seed=1, dealer=3).hand)


# ---- the command -------------------------------------------------------------------------------


def _run(args: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(args)
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_json(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    doc = record("28", 3, BIDDER_WINS_ALL, [*AUCTION, "0 play JH"])
    code, out, _ = _run(["solve", "-", "--json"], json.dumps(doc), monkeypatch, capsys)
    assert code == 0
    obj = json.loads(out)
    assert obj["to_act"] == 1 and obj["bidding_side"] == [0, 2]
    assert set(obj["values"].values()) == {28} and obj["best"]
    assert obj["nodes"] > 0 and obj["seconds"] >= 0


def test_cli_text(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    doc = record("28", 3, ALL_TRUMPS, AUCTION)
    code, out, _ = _run(["solve", "-"], json.dumps(doc), monkeypatch, capsys)
    assert code == 0 and "0 play JH" in out and "annulled" in out


@pytest.mark.parametrize(("stdin", "status", "words"), [
    ("{not json", 2, "invalid record"),
    (json.dumps({"rules": "28", "dealer": 3, "seed": 1, "actions": ["0 bid 14"]}), 2,
     "play"),
    (json.dumps({"rules": "28", "dealer": 3, "seed": 1, "actions": ["0 pass"]}), 1,
     "illegal"),
])
def test_cli_errors(stdin: str, status: int, words: str, monkeypatch: pytest.MonkeyPatch,
                    capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(["solve", "-"], stdin, monkeypatch, capsys)
    assert code == status and out == ""
    assert words in err and len(err.strip().splitlines()) == 1


def test_cli_missing_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "/nonexistent/record.json"]) == 2
    assert capsys.readouterr().err == ("twentyeight solve: cannot read /nonexistent/record.json: "
                                       "No such file or directory\n")


def test_cli_solves_a_hand_of_the_terminals_match_record(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The README's `play --record game.json` then `solve game.json`: a match's record was
    refused ("a match document"), and a finished hand ("nothing left to solve").  Now the
    last hand (or ``--hand K``, numbered as `replay` numbers them) is solved before its first
    lead, or before trick ``--trick T``; a hand or a trick the record lacks is one line."""
    import random

    from twentyeight import Match

    match, rng = Match.new("28", seed=5, dealer=0), random.Random(2)
    while len(match.games) < 3:
        match.apply(rng.choice(match.current.legal_actions()))
    match_doc = match.to_record()
    match_doc["hands_played"] = match_doc["hands_played"][:2]           # the finished two
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match_doc), "utf-8")
    played = [g for g in match.games[:2] if " play " in " ".join(g.to_record()["actions"])]
    assert played
    assert main(["solve", str(path), "--json"]) == 0
    last = json.loads(capsys.readouterr().out)
    second = match.games[1]
    if second in played:                          # the first lead of the last hand
        actions = second.to_record()["actions"]
        lead = next(k for k, a in enumerate(actions) if " play " in a)
        assert last["to_act"] == int(actions[lead].split()[0])
    k = match.games.index(played[0]) + 1
    assert main(["solve", str(path), "--hand", str(k), "--trick", "3"]) == 0
    said = capsys.readouterr().out
    assert "to act" in said and "best" in said
    for args, words in ((["--hand", "5"], "the match has hands 1 to 2"),
                        (["--hand", str(k), "--trick", "9"], "--trick 9: the hand has 8 tricks")):
        assert main(["solve", str(path), *args]) == 2
        err = capsys.readouterr().err
        assert words in err and len(err.strip().splitlines()) == 1, err
        assert "invalid record" not in err, err        # (a good record: the option asks more)
    single = tmp_path / "hand.json"
    single.write_text(json.dumps(played[0].to_record()), "utf-8")
    assert main(["solve", str(single)]) == 0                  # a finished hand: its first lead
    assert "to act" in capsys.readouterr().out
    assert main(["solve", str(single), "--hand", "1"]) == 2
    assert "one hand's" in capsys.readouterr().err

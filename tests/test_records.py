"""Records (RECORDS.md): reading, writing, replaying, and the errors for bad documents."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from helpers import E, N, S, W, game, record
from twentyeight import Game, IllegalAction, Match, RecordError, Rules
from twentyeight.cli.replay import run
from twentyeight.record import deal_from_seed

DEAL = {
    E: "KS TH 8D 7C JS 9S AH TD",
    N: "QS 8S KD 7D JH 9H AS TS",
    W: "QH KH 8H 7H AD JD QD 9D",
    S: "7S JC 9C AC TC KC QC 8C",
}
AUCTION = ["3 bid 14", "0 pass", "1 pass", "2 pass", "3 trump 7C", "3 pass", "1 pass"]


def finished(seed: int = 4) -> Game:
    g = Game.new("28", seed=seed, dealer=1)
    while not g.over:
        g.apply(g.legal_actions()[-1] if g.to_act == 1 else g.legal_actions()[0])
    return g


def test_seed_gives_the_same_deal_everywhere() -> None:
    """RECORDS.md: the same seed always gives the same deal (pinned, so it cannot drift)."""
    assert Game.new("28", seed=1, dealer=3).deal_json()[0] == \
        ["8S", "KC", "JC", "QD", "8C", "9H", "TD", "7S"]
    rules = game("28", 0, DEAL).rules
    deal = deal_from_seed(rules, 1, 3)
    assert sorted(c for hand in deal for c in hand) == list(range(32))


def test_record_round_trip_keeps_extra_fields() -> None:
    rec = record("28", S, DEAL, AUCTION, event="club night", players=["a", "b", "c", "d"])
    g = Game.from_record(rec)
    out = g.to_record()
    assert out["event"] == "club night" and out["players"] == ["a", "b", "c", "d"]
    assert out["actions"] == AUCTION and out["hands"] == rec["hands"]
    assert Game.from_record(out).result() == g.result()


def test_the_rules_field_names_its_own_preset_whatever_was_written_before() -> None:
    """RECORDS.md's ``rules`` field: a preset with the flags that differ from it.  Rules are
    compared without their preset's name, so 56 at four players equals ``56-4p``; the flags
    written for one (none) must not be reused for the other, or a four-player game of 56
    would be written as six-player "56" once a ``56-4p`` record had been written."""
    four = Rules.from_spec("56-4p")
    assert four.to_spec() == "56-4p"
    same = Rules.from_spec({"preset": "56", "num_players": 4})
    assert same == four
    assert same.to_spec() == {"preset": "56", "num_players": 4}
    g = Game.new(same, seed=3)
    assert Game.from_record(g.to_record()).rules.num_players == 4


def test_seed_form_round_trip() -> None:
    g = finished()
    rec = g.to_record()
    assert "seed" in rec and "hands" not in rec
    again = Game.from_record(rec)
    assert again.result() == g.result()
    assert again.to_record() == rec


def test_hands_and_seed_must_agree() -> None:
    rec = Game.new("28", seed=9, dealer=0).to_record()
    rec["hands"] = Game.new("28", seed=10, dealer=0).deal_json()
    with pytest.raises(RecordError, match="not the deal of 'seed' 9"):
        Game.from_record(rec)


def test_forgiving_card_input() -> None:
    """RECORDS.md: 10H, suit symbols and lower case are read; output is canonical."""
    rec = record("28", S, DEAL, AUCTION)
    rec["hands"][E] = ["K♠", "10♥", "8d", "7c", "js", "9♠", "AH", "10D"]
    g = Game.from_record(rec)
    assert g.to_record()["hands"][E] == ["KS", "TH", "8D", "7C", "JS", "9S", "AH", "TD"]
    assert g.to_act == E
    assert str(g.apply(f"{E} play k♠")) == "3 play KS"


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r["hands"][1].__setitem__(2, "ZZ"), r"hands\[1\]\[2\]: unknown card 'ZZ'"),
    (lambda r: r["hands"][1].__setitem__(2, "6S"), r"hands\[1\]\[2\]: 6S is not a card"),
    (lambda r: r["hands"][1].__setitem__(2, "KS"), r"KS is dealt twice \(also at "),
    (lambda r: r["hands"][2].pop(), r"seat 2 has 7 cards; each player is dealt 8"),
    (lambda r: r["hands"].pop(), r"expected 4 lists of cards"),
    (lambda r: r.__setitem__("rules", "27"), r"unknown preset '27'"),
    (lambda r: r.__setitem__("rules", {"preset": "28", "cott": True}), r"unknown flag 'cott'"),
    (lambda r: r.__setitem__("rules", {"preset": "28", "cot": 1}), r"flag 'cot' takes true"),
    (lambda r: r.__setitem__("dealer", 4), r"seat 4 does not exist"),
    (lambda r: r.__setitem__("dealer", "S"), r"dealer: expected a whole number"),
    (lambda r: r.pop("dealer"), r"no 'dealer'"),
    (lambda r: r.pop("hands"), r"needs 'hands' or 'seed'"),
    (lambda r: r["actions"].__setitem__(3, "2 fold"), r"actions\[3\]: .*unknown verb 'fold'"),
    (lambda r: r["actions"].__setitem__(3, "pass"), r"actions\[3\]: .*starts with the seat"),
    (lambda r: r["actions"].__setitem__(3, "2 play Q"), r"actions\[3\]: .*unknown card"),
    (lambda r: r["actions"].__setitem__(3, "2 bid " + "9" * 5000),   # (more than int reads)
     r"actions\[3\]: a word of an action has at most 16 characters"),
])
def test_invalid_records(change: Any, message: str) -> None:
    """RECORDS.md: a document that is not a valid record names the problem and where."""
    rec = record("28", S, DEAL, AUCTION)
    change(rec)
    with pytest.raises(RecordError, match=message):
        Game.from_record(rec)


def test_illegal_action_in_a_record() -> None:
    rec = record("28", S, DEAL, ["3 bid 14", "0 pass", "1 bid 15", "2 pass"])
    with pytest.raises(IllegalAction) as err:
        Game.from_record(rec)
    assert err.value.index == 2 and err.value.action == "1 bid 15"
    assert "28-AUC-6" in err.value.message and "1 bid 20" in err.value.legal


def test_match_record_round_trip() -> None:
    m = Match.new("28", seed=21)
    while not m.over:
        m.apply(m.current.legal_actions()[0])
    rec = m.to_record()
    again = Match.from_record(rec)
    assert (again.scores, again.winner) == (m.scores, m.winner)
    assert again.to_record() == rec
    assert [h["dealer"] for h in rec["hands_played"]][:2] in (
        [rec["hands_played"][0]["dealer"]] * 2,
        [rec["hands_played"][0]["dealer"], (rec["hands_played"][0]["dealer"] + 1) % 4])


# ---- the replay command ------------------------------------------------------------------


def _replay(tmp_path: Path, doc: Any, *flags: str, raw: str | None = None) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(raw if raw is not None else json.dumps(doc))
    proc = subprocess.run([sys.executable, "-m", "twentyeight.cli.main", "replay", str(path),
                           *flags], capture_output=True, text=True, check=False)
    return proc.returncode, proc.stdout, proc.stderr


def test_replay_complete_hand_json(tmp_path: Path) -> None:
    g = finished()
    code, out, err = _replay(tmp_path, g.to_record(), "--json")
    assert code == 0 and err == ""
    result = json.loads(out)
    assert result == json.loads(json.dumps(g.result()))
    for key in ("status", "bidder", "contract", "trump", "target", "tricks", "points", "made",
                "score_change", "to_act", "legal"):
        assert key in result
    assert result["status"] == "complete" and result["to_act"] is None and result["legal"] == []
    assert sum(result["points"].values()) == 28


def test_replay_in_progress_lists_legal(tmp_path: Path) -> None:
    code, out, _ = _replay(tmp_path, record("28", S, DEAL, AUCTION[:2]), "--json")
    result = json.loads(out)
    assert code == 0 and result["status"] == "in_progress" and result["to_act"] == W
    assert "1 bid 20" in result["legal"] and "1 bid 19" not in result["legal"]


def test_replay_illegal_exit_1(tmp_path: Path) -> None:
    doc = record("28", S, DEAL, ["3 bid 14", "0 pass", "1 bid 15"])
    code, out, _ = _replay(tmp_path, doc, "--json")
    obj = json.loads(out)
    assert code == 1
    assert obj["error"] == "illegal" and obj["index"] == 2 and obj["action"] == "1 bid 15"
    assert "28-AUC-6" in obj["message"] and "1 pass" in obj["legal"]
    code, out, err = _replay(tmp_path, doc)
    assert code == 1 and "index 2" in err and "Traceback" not in err


@pytest.mark.parametrize(("raw", "message"), [
    ("{not json", "not JSON"),
    ('{"rules": "28", "dealer": 0, "hands": [["JS"]]}', "expected 4 lists"),
    ('[1, 2]', "a record is a JSON object, not a list"),
    ('null', "a record is a JSON object, not null"),           # (it said "not NoneType")
])
def test_replay_invalid_exit_2(tmp_path: Path, raw: str, message: str) -> None:
    code, out, err = _replay(tmp_path, None, "--json", raw=raw)
    assert code == 2 and out == "" and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_replay_missing_file_and_stdin(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "twentyeight.cli.main", "replay",
                           str(tmp_path / "nope.json")], capture_output=True, text=True,
                          check=False)
    assert proc.returncode == 2
    assert proc.stderr == f"twentyeight replay: cannot read {tmp_path / 'nope.json'}: No such " \
        "file or directory\n"                  # (it said "invalid record", of no record read)
    doc = json.dumps(finished().to_record())
    proc = subprocess.run([sys.executable, "-m", "twentyeight.cli.main", "replay", "-",
                           "--json"], input=doc, capture_output=True, text=True, check=False)
    assert proc.returncode == 0 and json.loads(proc.stdout)["status"] == "complete"


def test_replay_match_and_jsonl(tmp_path: Path) -> None:
    m = Match.new("28", seed=3)
    for _ in range(60):
        m.apply(m.current.legal_actions()[0])
    rec = m.to_record()
    code, out, _ = _replay(tmp_path, rec, "--json")
    result = json.loads(out)
    assert code == 0 and result["scores"] == m.scores and len(result["hands"]) == len(m.games)
    lines = "\n".join(json.dumps(h) for h in rec["hands_played"])
    code, out, _ = _replay(tmp_path, None, "--json", raw=lines)
    assert code == 0 and json.loads(out)["scores"] == m.scores


def test_replay_text(tmp_path: Path) -> None:
    code, out, _ = _replay(tmp_path, finished().to_record())
    assert code == 0 and "contract: seat" in out and "trick 8" in out


def _played(rules: Any, seed: int, mine: str) -> dict[str, Any]:
    """A hand the ``rules`` bot plays, seat 0 taking ``mine`` whenever it is offered, as the
    terminal game records it (seat 0 is "You")."""
    from twentyeight.bots import make_bot

    g = Game.from_record({"rules": rules, "dealer": 0, "seed": seed})
    bots = [make_bot("rules", seed=k) for k in range(4)]
    while not g.over:
        seat = g.to_act
        assert seat is not None
        legal = [str(a) for a in g.legal_actions()]
        g.apply(mine if mine in legal else str(bots[seat].act(g.view(seat))))
    return {**g.to_record(), "players": ["You", "Right", "Partner", "Left"]}


def test_replay_tells_the_contract_as_it_was_played(tmp_path: Path) -> None:
    """28-SH-2, 28-DBL-1: a walk of the terminal game found the replay's contract line
    "Partner bid 16, trump not chosen, target None" for a single hand the person played (the
    trump was chosen; the single hand was not said), "You bid 20, trump ♦" for a redoubled
    contract, and "You no single hand" in the auction."""
    rules = {"preset": "29", "single_hand": True, "double_redouble": True}
    code, out, _ = _replay(tmp_path, _played(rules, 11, "0 single"))
    assert code == 0
    contract = next(line for line in out.splitlines() if line.startswith("contract: "))
    assert contract == "contract: You: a single hand (every trick, alone, no trump); your " \
                       "bid of 18 is void", out
    assert "None" not in out and "Left: no single hand" in out, out
    code, out, _ = _replay(tmp_path, _played(rules, 11, "0 redouble"))
    contract = next(line for line in out.splitlines() if line.startswith("contract: "))
    assert contract.startswith("contract: You bid 18, redoubled, trump "), contract


def test_direct_run_reports_hand_in_match() -> None:
    """An illegal action inside a match names the hand as well as the index."""
    m = Match.new("28", seed=3)
    for _ in range(45):
        m.apply(m.current.legal_actions()[0])
    rec = m.to_record()
    last = rec["hands_played"][-1]
    last["actions"].append("9 pass")
    import io
    out = io.StringIO()
    path = Path(__file__).parent / "_tmp_match.json"
    try:
        path.write_text(json.dumps(rec))
        assert run(str(path), True, out, io.StringIO()) == 1
    finally:
        path.unlink()
    obj = json.loads(out.getvalue())
    assert obj["hand"] == len(rec["hands_played"]) - 1 and "turn" in obj["message"]


def test_replay_numbers_a_bad_hand_of_a_match_as_it_tells_them(tmp_path: Path) -> None:
    """`replay` tells a match's hands "— hand 1 —", "— hand 2 —"; an illegal action in
    the second said "at hand 1" (its place in ``hands_played``).  It says "hand 2" (the JSON
    keeps ``hand``: 1, the place)."""
    import random

    from twentyeight import Match

    match, rng = Match.new("28", seed=5, dealer=0), random.Random(2)
    while len(match.games) < 3:
        match.apply(rng.choice(match.current.legal_actions()))
    doc = match.to_record()
    doc["hands_played"] = doc["hands_played"][:2]
    first = doc["hands_played"][1]["actions"][0]
    seat = int(first.split()[0])
    doc["hands_played"][1]["actions"][0] = f"{(seat + 1) % 4} pass"        # out of turn
    code, out, err = _replay(tmp_path, doc)
    assert code == 1 and "illegal action at hand 2, index 0" in err, err
    code, out, _ = _replay(tmp_path, doc, "--json")
    assert json.loads(out)["hand"] == 1

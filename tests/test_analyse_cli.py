"""``twentyeight analyse FILE [--json] [--html OUT] [--seat N]`` on a saved match."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from twentyeight import Game
from twentyeight.cli.main import main

CASES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "records" / "learn_cases.json").read_text("utf-8"))


@pytest.fixture(scope="module")
def match_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("analyse") / "match.json"
    path.write_text(json.dumps(CASES["match"]), "utf-8")
    return path


def choices(record: dict[str, Any], seat: int | None) -> list[tuple[int, str]]:
    """(index, action) of every decision with a choice in a hand record."""
    g = Game.from_record({**record, "actions": []})
    out = []
    for i, text in enumerate(record["actions"]):
        if (seat is None or int(text.split()[0]) == seat) and len(g.legal_actions()) > 1:
            out.append((i, text))
        g.apply(text)
    return out


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["analyse", *args])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_reviews_every_decision_of_a_seat_biggest_first(
        match_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(match_file), "--json", "--seat", "2", "--deals", "2",
                         "--no-progress")
    assert code == 0 and err == ""
    decisions = json.loads(out)["decisions"]
    hands = CASES["match"]["hands_played"]
    expected = {(k, i) for k, hand in enumerate(hands) for i, _ in choices(hand, 2)}
    assert {(d["hand"], d["index"]) for d in decisions} == expected
    costs = [(d["loss_game_points"], d["loss"]) for d in decisions]
    assert costs == sorted(costs, reverse=True)
    for d in decisions:
        assert {"hand", "seat", "action", "best", "loss", "reason"} <= set(d)
        assert d["seat"] == 2 and d["loss"] >= 0 and d["loss_game_points"] >= 0
        assert d["action"] == hands[d["hand"]]["actions"][d["index"]]
        assert isinstance(d["reason"], str) and d["reason"]
        assert d["known"]["loss"] >= 0
        if d["action"] == d["best"]:
            assert d["loss"] == 0 and d["loss_game_points"] == 0


def test_html_page_is_self_contained_with_progress(
        match_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "review.html"
    code, out, err = run(capsys, str(match_file), "--html", str(page), "--seat", "0",
                         "--deals", "2", "--progress")
    assert code == 0                                       # (it said nothing of the page)
    assert re.fullmatch(rf"wrote the review of \d+ decisions? to {re.escape(str(page))}\n", out)
    assert re.search(r"\d+/\d+ decisions", err)           # the progress bar
    text = page.read_text("utf-8")
    assert text.startswith("<!DOCTYPE html>") and "Review against the expert" in text
    assert "Hand 1" in text and "Hand 2" in text
    assert not re.search(r"(src|href)=|https?://|<script|@import|url\(", text)


def test_text_review(match_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, str(match_file), "--seat", "1", "--deals", "2")
    assert code == 0
    assert re.match(r"\d+ decisions reviewed in 2 hands; \d+ as good as the expert's\.", out)
    mistakes = [line for line in out.splitlines() if line.startswith("  hand ")]
    assert mistakes and all(re.search(r" \[every hand known: .+, cost \d+\.\d card points, "
                                      r"\d+\.\d\d game points\]", line) for line in mistakes)
    # where each was, in words: "hand 1, trick 3" or "hand 2, the auction" (it said
    # "hand 2, single_hand", the engine's name of the phase)
    assert all(re.match(r"  hand \d+, (trick \d|the [a-z -]+), seat ", line)
               for line in mistakes), mistakes


def test_bad_input_gets_a_clear_error(match_file: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, str(match_file), "--seat", "4")
    assert (code, out) == (2, "") and "seat 4 does not exist (0 to 3)" in err
    broken = tmp_path / "broken.json"
    broken.write_text('{"rules": "28", "dealer": 9, "seed": 1}', "utf-8")
    code, out, err = run(capsys, str(broken))
    assert (code, out) == (2, "") and "invalid record" in err and "dealer" in err
    illegal = tmp_path / "illegal.json"
    illegal.write_text(json.dumps({**CASES["ending"], "actions": ["0 pass"]}), "utf-8")
    code, out, err = run(capsys, str(illegal))
    assert (code, out) == (1, "") and "illegal action at index 0" in err
    code, _, err = run(capsys, str(match_file), "--html", str(tmp_path / "no" / "x.html"),
                       "--seat", "0", "--deals", "1")
    assert code == 2 and "cannot write" in err
    with pytest.raises(SystemExit) as exit_info:
        main(["analyse", str(match_file), "--deals", "0"])
    assert exit_info.value.code == 2

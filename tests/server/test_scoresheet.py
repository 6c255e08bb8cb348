"""The score sheet's rows (server/scoresheet.py) against the rules they report."""

from __future__ import annotations

from browser.test_learning import CONCEDED, REFUSED
from helpers import E, N, S, W, game
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.result import verdict
from twentyeight.server.scoresheet import sheet_rows


def test_a_hand_lost_after_refusing_the_concession_is_not_made_on_the_sheet() -> None:
    """28-COT-4: the bidder refused the concession, took all 28 card points and lost a trick
    of no points: the hand is lost twice over (-8) "even if the contract is made".  The sheet
    said "made -8" (the engine's ``made`` is the card points'); it says lost."""
    match = Match.from_record({"rules": REFUSED["rules"], "hands_played": [REFUSED]})
    result = match.games[0].result()
    assert result["made"] is True and result["score_change"]["bidding"] == -8
    row = sheet_rows(match)[0]
    assert row["made"] is False and row["points"] == [0, -8]


def test_the_engine_says_the_hand_was_lost_though_made() -> None:
    """28-COT-4 once, in the engine: the result's ``made`` is the card points' (all 28) and
    ``won`` the hand's (lost), in the replay's result and in a seat's view."""
    game = Game.from_record(REFUSED)
    result = game.result()
    assert (result["made"], result["won"]) == (True, False)
    assert verdict(result) == ("made, yet lost: the concession refused and a trick lost after "
                               "it (28-COT-4)")
    view = game.view(1)
    assert view["result"] is not None
    assert (view["result"]["made"], view["result"]["won"]) == (True, False)
    conceded = Game.from_record(CONCEDED).result()                       # 28-COT-3
    assert (conceded["made"], conceded["won"], verdict(conceded)) == (True, True, "made")


def test_a_shown_hand_is_neither_made_nor_lost_on_the_sheet() -> None:
    """28-POST-4 (show3): South shows eight spades after the auction and its side scores 3;
    nothing was played for the contract, so the row is neither made nor lost (it said
    "lost", the sheet reading a missing result as a failed one)."""
    shown = game({"preset": "28", "eight_same_suit": "show3"}, W,
                 {S: "7S JS 9S AS TS KS QS 8S", E: "JH 9H AH TH JD 9D AD TD",
                  N: "KH QH 8H 7H 9C QD 8D 7D", W: "JC KD AC TC KC QC 8C 7C"},
                 ["2 bid 14", "3 pass", "0 pass", "1 pass", "2 trump JS"])
    record = shown.to_record()
    match = Match.from_record({"rules": record["rules"], "hands_played": [record]})
    row = sheet_rows(match)[0]
    assert (row["status"], row["special"], row["special_seat"]) == \
        ("complete", "eight_of_a_suit", S)
    assert row["made"] is None and row["points"] == [3, 0]
    assert (shown.result()["made"], shown.result()["won"], verdict(shown.result())) == \
        (None, None, None)


def test_a_56_row_names_the_bid_s_trump_and_a_hidden_one_is_in_no_row() -> None:
    """56-AUC-12: with open trump the suit is part of the bid, and the sheet said "Biju 41
    redoubled" of 41♦.  A row names the bid's denomination; where the trump is hidden (28,
    56-kerala) no row carries it, as the sheet goes to every seat and watcher."""
    from twentyeight.bots import make_bot

    for rules, named in (("56", True), ("28", False), ("56-kerala", False)):
        match = Match.new(rules, seed=4)
        bots = [make_bot("rules", seed=s) for s in range(match.rules.num_players)]
        while not match.games[0].over:
            seat = match.to_act
            assert seat is not None
            match.apply(bots[seat].act(match.current.view(seat)))
        row = sheet_rows(match)[0]
        if row["contract"] is None:
            assert not named                      # (56's first hand must open: 56-AUC-5)
            continue
        if named:
            assert row["denomination"] in ("S", "H", "D", "C", "NT"), row
            assert row["denomination"] == match.games[0].result()["denomination"]
        else:
            assert row["denomination"] is None, (rules, row)

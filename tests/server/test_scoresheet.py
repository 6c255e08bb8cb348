"""The score sheet's rows (server/scoresheet.py) against the rules they report."""

from __future__ import annotations

from browser.test_learning import REFUSED
from twentyeight.match import Match
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

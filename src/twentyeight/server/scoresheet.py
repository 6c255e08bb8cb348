"""The running score sheet of a match: one row per hand played — who bid what, made or
not, the game points each side won or lost (its stake), what the match layer did with them
(``booked``: tables really paid, kodis given and taken off) and the match's standing after
it.

Everything in it is public once the hand is over (the contract, the result).  It is sent as a
``sheet`` message on connecting and after every hand.
"""

from __future__ import annotations

from typing import Any

from twentyeight.match import Match


def sheet_rows(match: Match) -> list[dict[str, Any]]:
    """The rows of the hands finished so far, oldest first."""
    rows: list[dict[str, Any]] = []
    games = match.games
    for k, game in enumerate(games):
        if not game.over:
            break
        r = game.result()
        after = games[k + 1].hand.scores if k + 1 < len(games) else match.scores
        rows.append({"hand": k, "dealer": r["dealer"], "bidder": r["bidder"],
                     "team": r["bidding_team"], "contract": r["contract"],
                     # (the bid's named trump, public with open trump: 56-AUC-12; never
                     # a hidden trump, which the result holds apart as ``trump``)
                     "denomination": r["denomination"],
                     "multiplier": r["multiplier"], "c": r["c"],
                     "special": r["special"], "special_seat": r["special_seat"],
                     "status": r["status"],
                     "made": r["won"] if r["status"] == "complete" else None,
                     "points": list(r["score_by_team"]), "scores": list(after),
                     "booked": match.booking(k)})
    return rows


def sheet_message(match: Match) -> dict[str, Any]:
    """The ``sheet`` message."""
    return {"type": "sheet", "hands": sheet_rows(match)}

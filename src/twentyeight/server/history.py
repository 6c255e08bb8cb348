"""A finished match as the players' history keeps it: each signed-in player's team, whether
it won, the deals, the contracts they bid and made, their team's points, and every hand."""

from __future__ import annotations

from typing import Any

from twentyeight.match import Match
from twentyeight.server.place_store import MatchResult, PlayerPart
from twentyeight.server.ratings import family


def team_of(teams: list[list[int]], seat: int) -> int:
    """The index of the team ``seat`` plays in."""
    return next(i for i, members in enumerate(teams) if seat in members)


def summarise(room_id: str, match: Match, players: dict[int, int],
              rated: bool) -> MatchResult:
    """The result of a finished ``match`` for the players ``{seat: player id}``."""
    results = [g.result() for g in match.games]
    teams: list[list[int]] = results[0]["teams"]
    parts = []
    for seat, player_id in sorted(players.items()):
        team = team_of(teams, seat)
        hands: list[dict[str, Any]] = []
        for n, r in enumerate(results):
            score = r.get("score_by_team") or [0] * len(teams)
            hands.append({"hand": n, "bidder": r.get("bidder") == seat,
                          "contract": r.get("contract"), "made": r.get("made"),
                          "status": r.get("status"), "points": int(score[team])})
        mine = [h for h in hands if h["bidder"]]
        parts.append(PlayerPart(
            player_id=player_id, seat=seat, team=team, won=team in match.winners,
            deals=len(hands), bids=len(mine), made=sum(1 for h in mine if h["made"]),
            points=sum(h["points"] for h in hands), hands=hands))
    ranks = [0 if t in match.winners else 1 for t in range(len(teams))]
    return MatchResult(room_id=room_id, family=family(match.rules),
                       rules=match.rules.to_spec(), rated=rated, deals=len(results),
                       parts=parts, ranks=ranks)

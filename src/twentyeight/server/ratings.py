"""Ratings: team-aware, per family, with openskill's Plackett-Luce model.

A rated table (``"rated": true``) seats people only, each signed in, and gives no hints
(:attr:`~twentyeight.server.room.Room.hints_allowed`); when its match ends, every player's
rating of the match's family moves by :func:`rate`: the teams ranked by the match's result
(the winning team or teams first), each team's strength the sum of its players' ``mu``, its
uncertainty the sum of their ``sigma²`` (Weng and Lin's update, as openskill computes it).
The leaderboard orders players by :func:`shown`, ``mu - 3·sigma``: a new player starts at 0
and climbs as their results pile up and their uncertainty shrinks.
"""

from __future__ import annotations

from openskill.models import PlackettLuce

from twentyeight.rules import Rules
from twentyeight.server.place_store import SHOWN_SIGMAS, Rating

FAMILIES = ("28", "29", "56", "40")
"""The families ratings are kept for (a preset's family: :func:`family`)."""

RATED_FLAGS = ("game_target", "start_tables", "match_deals", "start_coolies")
"""The flags a rated table may change: the match's length, chosen as a chess site lets a rated
game choose its clock.  Every other rule is the preset's own, so that the ratings of a family
compare players of one game (:func:`rules_not_rated`)."""

_MODEL = PlackettLuce()


def rules_not_rated(rules: Rules) -> list[str]:
    """The flags of ``rules`` that a rated table may not change (they differ from the
    preset's, and are not the match's length: :data:`RATED_FLAGS`), sorted."""
    return sorted(set(rules.overrides()) - set(RATED_FLAGS))


def family(rules: Rules) -> str:
    """The family of a table's rules: its pack (28, 56 or 40), and 29 for the 28-pack games
    played as 29 (the presets ``29``, ``29-16``, ``bhoos-29`` and rules made from them)."""
    pack = str(rules.pack)
    if pack == "28" and rules.preset is not None and "29" in str(rules.preset):
        return "29"
    return pack if pack in FAMILIES else "28"


def rate(teams: list[list[Rating]], ranks: list[int]) -> list[list[Rating]]:
    """The teams' new ratings after a match where team ``i`` placed ``ranks[i]`` (0 first;
    equal ranks: a shared place)."""
    rated = [[_MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    out = _MODEL.rate(rated, ranks=[float(r) for r in ranks])
    return [[(r.mu, r.sigma) for r in team] for team in out]


def shown(mu: float, sigma: float) -> float:
    """The rating the leaderboard shows and orders by: ``mu - 3·sigma``."""
    return mu - SHOWN_SIGMAS * sigma

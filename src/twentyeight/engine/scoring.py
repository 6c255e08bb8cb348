"""Scoring a finished hand (RULES.md §2.17, §2.18, §2.21 ``hand_delta``; RULES-56.md §1.10).

A hand's value is worked out for the bidding side (``delta``: positive made, negative failed),
then booked to the teams by the settlement of the match layer:

* ``target`` (28, 29, 40): the bidding side's score moves (``failure_mode = bidder_loses``),
  or the opponents gain the loss (``opponents_gain``, C-16);
* ``tables`` and ``coolie_kodi`` (56): the stake moves from one team to the other (56-SC-3);
* ``score_sheet``: the stake is added to the team it is awarded to (56-MATCH-2).
"""

from __future__ import annotations

from dataclasses import dataclass

from twentyeight.engine.play import target
from twentyeight.engine.state import (
    ANNULLED,
    COMPLETE,
    SHOW_CERTAIN,
    SHOW_EIGHT,
    SINGLE_HAND,
    THANI_ALONE,
    THANI_HAND,
    HandState,
    PlayState,
)
from twentyeight.rules import Rules

__all__ = ["Score", "base_values", "bidding_points", "contract_stake", "doubled",
           "failure_to_opponents", "score", "settle", "target", "undertaking_stake"]


@dataclass(frozen=True)
class Score:
    """The outcome of a hand for the match.

    ``bidding`` is the change to the bidding side's score and ``opponents`` the change to each
    opposing side's; ``by_team`` lists every team's change.  ``match_winner`` is set when the
    hand decides the whole match (a 56 Thani with ``thani_stake = "match"``).  ``made`` says
    whether the contract's card points (or an undertaking's every trick) were taken;
    ``lost_anyway`` that the hand is lost even so, the concession refused and a trick lost
    after it (28-COT-4).
    """

    made: bool | None
    target: int | None
    bidding: int
    opponents: int
    by_team: tuple[int, ...]
    match_winner: int | None = None
    lost_anyway: bool = False

    @property
    def won(self) -> bool | None:
        """Whether the bidding side won the hand: it made the contract, unless it refused the
        concession and lost a trick after it (28-COT-4); ``None`` where nothing was bid for
        (an annulled hand, a shown hand)."""
        return None if self.made is None else self.made and not self.lost_anyway


def bidding_points(h: PlayState) -> int:
    """The bidding side's card points, with the last-trick point (29-SCORE-1)."""
    return h.bid_points


def base_values(h: HandState, contract: int) -> tuple[int, int]:
    """(win, loss) before doubling: the variant's scale; auto-double ±2 (28-DBL-6)."""
    win, loss = next((w, lo) for low, w, lo in h.t.tiers if contract >= low)
    threshold = h.rules.auto_double_threshold
    if threshold is not None and contract >= threshold:
        return 2 * win, 2 * loss
    return win, loss


def doubled(h: HandState, win: int, loss: int) -> tuple[int, int]:
    """Apply a double or redouble: ×2 / ×4 (28-DBL-3) or +1 / +2 (56-SC-4 additive)."""
    m = h.multiplier
    if h.rules.double_scoring == "additive":
        level = {1: 0, 2: 1, 4: 2}[m]
        return win + level, loss + level
    return win * m, loss * m


def contract_stake(h: HandState) -> tuple[int, int]:
    """What the contract as it stands wins made and loses failed: the variant's scale for the
    contract (for its target where a pair moves the tier), doubled or redoubled, with 'C'
    (28-DBL-7) and the auto-double's cap (28-DBL-6); before what the play itself may change
    (a Cot, 28-COT; half the bid missed, A-14).  Needs a contract (``h.contract >= 0``)."""
    rules = h.rules
    win, loss = base_values(h, target(h) if rules.pair_affects_tier else h.contract)
    if h.c_called:                                      # 28-DBL-7
        return 6, 6
    win, loss = doubled(h, win, loss)
    if rules.auto_double_threshold is not None:
        win, loss = min(win, 4), min(loss, 4)           # 28-DBL-6 cap
    return win, loss


def failure_to_opponents(rules: Rules) -> bool:
    """Whether a failed contract's points go to the opponents rather than from the bidding
    side (``failure_mode = opponents_gain``: 40-6, 6PK-6; a score sheet, 56-MATCH-2)."""
    return rules.match_scoring == "score_sheet" or rules.failure_mode == "opponents_gain"


def undertaking_stake(h: HandState, special: int | None = None) -> tuple[int, int] | None:
    """What a single hand or a Thani wins with every trick and loses without (28-SH-4, 28-TH-3,
    40-6, [KC97]); ``None`` for a 56 Thani that decides the match (56-TH-4).  Needs one of
    those undertakings: the hand's (``h.special``), or ``special``, one offered."""
    special = h.special if special is None else special
    if special == SINGLE_HAND:
        return h.t.single_values
    stake = h.rules.thani_stake
    if special == THANI_ALONE and stake == "match":
        return None
    return stake if isinstance(stake, tuple) and special == THANI_ALONE else h.t.thani_values


def settle(h: HandState, delta: int, team: int | None = None) -> tuple[int, int, tuple[int, ...]]:
    """Book ``delta`` (positive: to ``team``, the bidding side by default) by the match layer.

    Returns (change of that side, change of each opposing side, change of every team).
    """
    teams = h.t.n_teams
    side = h.bid_team if team is None else team
    by_team = [0] * teams
    mode = h.rules.match_scoring
    if mode in ("tables", "coolie_kodi"):
        for t in range(teams):
            by_team[t] = delta if t == side else -delta
        return delta, -delta, tuple(by_team)
    if delta < 0 and failure_to_opponents(h.rules):
        for t in range(teams):
            if t != side:
                by_team[t] = -delta
        return 0, -delta, tuple(by_team)
    by_team[side] = delta
    return delta, 0, tuple(by_team)


def _score(h: HandState, made: bool | None, goal: int | None, delta: int,
           team: int | None = None, lost_anyway: bool = False) -> Score:
    side, opponents, by_team = settle(h, delta, team)
    return Score(made, goal, side, opponents, by_team, lost_anyway=lost_anyway)


def score(h: HandState) -> Score | None:
    """The score of a finished hand, or ``None`` while it is in progress."""
    teams = h.t.n_teams
    if h.status == ANNULLED:
        return Score(None, None, 0, 0, (0,) * teams)
    if h.status != COMPLETE:
        return None
    special = h.special
    team_of = h.t.team_of
    if special in (SHOW_EIGHT, SHOW_CERTAIN):           # 28-POST-4 show3, 28-SH-7
        holder = team_of[h.special_seat]
        side, opponents, by_team = settle(h, 3, holder)
        if h.bidder >= 0 and holder != h.bid_team:
            return Score(None, None, opponents, side, by_team)
        return Score(None, None, side, opponents, by_team)
    if special in (SINGLE_HAND, THANI_HAND, THANI_ALONE):
        player = h.declarer if special != THANI_HAND else h.bidder
        won_all = len(h.tricks) == h.t.tricks_total and \
            all(trick[3] == player for trick in h.tricks)
        values = undertaking_stake(h)
        if values is None:                              # 56-TH-4: it decides the match
            team = team_of[player]
            winner = team if won_all else next(t for t in range(teams) if t != team)
            return Score(won_all, None, 0, 0, (0,) * teams, winner)
        win, loss = values
        return _score(h, won_all, None, win if won_all else -loss)
    goal = target(h)
    pts = bidding_points(h)
    made = pts >= goal
    rules = h.rules
    win, loss = contract_stake(h)
    if h.c_called:                       # 28-DBL-7: 6 either way, no Cot nor half-bid (§2.17.3)
        return _score(h, made, goal, win if made else -loss)
    if h.cot_accepted:                                  # 28-COT-3
        return _score(h, True, goal, win)
    if h.cot_refused and h.bidding_lost:                # 28-COT-4
        return _score(h, made, goal, -2 * loss, lost_anyway=made)
    if made:
        if rules.cot and not h.bidding_lost:            # 28-COT-1
            win *= 2
        return _score(h, True, goal, win)
    delta = -loss
    short = below_half(h)
    if short is not None and pts < short:
        delta *= 2
    return _score(h, False, goal, delta)


def below_half(h: HandState) -> int | None:
    """A-14 (``half_bid_double_loss``): the bidding side's card points under which a failed
    contract loses twice — fewer than half the contract (``2·points < contract``), not the
    pair's target; ``None`` where the table does not play it, or under 'C'."""
    if not h.rules.half_bid_double_loss or h.c_called:
        return None
    return (h.contract + 1) // 2

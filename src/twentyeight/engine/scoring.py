"""Scoring a finished hand (RULES.md §2.17, §2.18, §2.21 ``hand_delta``)."""

from __future__ import annotations

from dataclasses import dataclass

from twentyeight.engine.state import (
    ANNULLED,
    COMPLETE,
    SHOW_CERTAIN,
    SHOW_EIGHT,
    SINGLE_HAND,
    THANI_HAND,
    HandState,
)


@dataclass(frozen=True)
class Score:
    """The outcome of a hand for the match.

    ``bidding`` is the change to the bidding side's game score, ``opponents`` the gain of each
    opposing side (only under ``failure_mode = "opponents_gain"``, or a claim by an opponent).
    ``by_team`` lists the change of every team, indexed by team.
    """

    made: bool | None
    target: int | None
    bidding: int
    opponents: int
    by_team: tuple[int, ...]


def target(h: HandState) -> int:
    """The card points the bidding side needs: the contract moved by a pair (28-PAIR-4/5, C-08)."""
    t = h.t
    contract = h.contract
    if h.pair_by < 0:
        return contract
    cap = t.pair_cap
    if t.team_of[h.pair_by] == h.bid_team:
        if contract > cap:                       # C-08: the upper clamp is not applied first
            return min(contract - 4, cap)
        return max(t.min_bid, min(cap, contract - 4))
    if contract > cap:
        return contract + 4
    return max(t.min_bid, min(cap, contract + 4))


def bidding_points(h: HandState) -> int:
    """The bidding side's card points, with the last-trick point (29-SCORE-1)."""
    pts = h.team_points[h.bid_team]
    if h.bonus_team == h.bid_team:
        pts += 1
    return pts


def base_values(h: HandState, contract: int) -> tuple[int, int]:
    """(win, loss) before doubling: the pagat tiers or flat ±1, auto-double ±2 (28-DBL-6)."""
    win, loss = next((w, lo) for low, w, lo in h.t.tiers if contract >= low)
    threshold = h.rules.auto_double_threshold
    if threshold is not None and contract >= threshold:
        return 2 * win, 2 * loss
    return win, loss


def _split(h: HandState, made: bool | None, goal: int | None, delta: int) -> Score:
    """Book ``delta`` (positive: to the bidding side) under the failure mode (C-16)."""
    teams = h.t.n_teams
    by_team = [0] * teams
    if delta < 0 and h.rules.failure_mode == "opponents_gain":
        for team in range(teams):
            if team != h.bid_team:
                by_team[team] = -delta
        return Score(made, goal, 0, -delta, tuple(by_team))
    by_team[h.bid_team] = delta
    return Score(made, goal, delta, 0, tuple(by_team))


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
        by_team = [0] * teams
        team = team_of[h.special_seat]
        by_team[team] = 3
        if h.bidder < 0 or team == h.bid_team:
            return Score(None, None, 3, 0, tuple(by_team))
        return Score(None, None, 0, 3, tuple(by_team))
    if special == SINGLE_HAND:                          # 28-SH-4
        won_all = all(trick[3] == h.declarer for trick in h.tricks) and \
            len(h.tricks) == h.t.tricks_total
        return _split(h, won_all, None, 3 if won_all else -3)
    if special == THANI_HAND:                           # 28-TH-3
        won_all = all(trick[3] == h.bidder for trick in h.tricks) and \
            len(h.tricks) == h.t.tricks_total
        return _split(h, won_all, None, 4 if won_all else -5)
    goal = target(h)
    pts = bidding_points(h)
    made = pts >= goal
    rules = h.rules
    tier_contract = goal if rules.pair_affects_tier else h.contract
    win, loss = base_values(h, tier_contract)
    m = h.multiplier
    if h.c_called:                                      # 28-DBL-7
        win, loss, m = 6, 6, 1
    win, loss = win * m, loss * m
    if rules.auto_double_threshold is not None and not h.c_called:
        win, loss = min(win, 4), min(loss, 4)           # 28-DBL-6 cap
    if h.cot_accepted:                                  # 28-COT-3
        return _split(h, True, goal, win)
    if h.cot_refused and h.bidding_lost:                # 28-COT-4
        return _split(h, made, goal, -2 * loss)
    if made:
        if rules.cot and not h.bidding_lost:            # 28-COT-1
            win *= 2
        return _split(h, True, goal, win)
    delta = -loss
    if rules.half_bid_double_loss and not h.c_called and 2 * pts < h.contract:
        delta *= 2
    return _split(h, False, goal, delta)

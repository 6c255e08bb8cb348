"""A card search that does not let the player's own next card see the deal (``look=K``).

The expert scores a card by the share of sampled deals in which the contract is made after it,
each deal solved as if every card were seen: the player's later cards are then chosen for each
deal separately, so a line that needs a guess at the next card is scored as if the guess were
always right (strategy fusion).  This search keeps the other players' replies per deal (each
plays a card that is best with every card seen, the ``rules`` player's choice among those) and
makes the player choose its **next** card once for all the deals it cannot tell apart then —
those in which it has seen the same cards played since (αμ with two moves of its own, in the
spirit of Cazenave's αμ and of the information-set reading of recursive PIMC).

For card ``c`` and the deals ``W`` (weights ``p``), with ``made(w, c, m)`` whether the bidding
side reaches the target after ``c``, the others' replies in ``w`` and the player's next card
``m``, each later card seen::

    look(c) = Σ over groups G of W seen alike at the next card:
              best over m of Σ_{w in G} p(w) · made(w, c, m)   (best: least for a defender)

against the expert's ``Σ_w p(w) · best_m made(w, c, m)`` (every ``m`` chosen per deal).  It is
only asked between the cards the expert's own search ranks close (:data:`SPREAD`), and its
ties go to the expert's choice, so it changes a card only where the honest scoring disagrees.

Measured as a ``Variant`` setting of ``benchmarks/bid_variants.py`` (``look=K``: the defenders'
cards of the first ``K`` tricks); the commands are in docs/strength.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from twentyeight.bots.base import Bot
from twentyeight.bots.expert import reaches_counted
from twentyeight.bots.pimc import NodeLimit, legal_code_of, solve_limited
from twentyeight.bots.sampling import World
from twentyeight.engine.actions import PAIR, Action
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PLAY
from twentyeight.result import side_points
from twentyeight.solver.position import IGNORED, SolverError
from twentyeight.views import public_history
from twentyeight.views import view as view_of

__all__ = ["SPREAD", "WIDTH", "Budget", "look_scores", "reply"]

T = TypeVar("T")

SPREAD = 0.25
"""Cards whose share of deals made is within this of the best card's are searched again."""
WIDTH = 3
"""At most this many cards are searched again (the expert's best first)."""


class Unsupported(Exception):
    """A deal that leaves the card play before the player's next card (a window): skipped."""


@dataclass
class Budget:
    """Solver nodes for the look-ahead of one decision: ``total`` over all its searches,
    ``each`` at most for one."""

    total: int
    each: int
    used: int = 0

    def run(self, search: Callable[[int], tuple[T, int]]) -> T:
        """The result of ``search(limit)``, which returns it with the nodes it visited; those
        are counted, or the whole limit when the search runs out of it (raises
        :class:`NodeLimit` then, and when no nodes are left)."""
        limit = min(self.each, self.total - self.used)
        if limit <= 0:
            raise NodeLimit
        try:
            result, nodes = search(limit)
        except NodeLimit:
            self.used += limit
            raise
        self.used += nodes
        return result


def _made(h: Hand, goal: int, budget: Budget) -> bool:
    """Whether the bidding side reaches ``goal`` from ``h`` with every card seen."""
    if h.over:
        return side_points(h)["bidding"] >= goal
    return budget.run(lambda limit: reaches_counted(h, goal, limit))


def reply(h: Hand, goal: int, budget: Budget, helper: Bot) -> int:
    """The code the player to act in ``h`` plays, every card seen: the ``helper``'s choice if
    it keeps the best result for the player's side (the contract made or beaten), else the
    first card that does, else (every card loses) the helper's."""
    seat = h.to_act
    assert seat is not None
    codes = [c for c in h.legal_codes() if c not in IGNORED]
    preferred = legal_code_of(h, str(helper.act(view_of(h, seat))))
    if len(codes) <= 1:
        return codes[0] if codes else preferred
    want = bool(h.bid_side[seat])
    for code in [preferred] + [c for c in codes if c != preferred]:
        after = h.copy()
        after.step(code)
        if _made(after, goal, budget) == want:
            return code
    return preferred


@dataclass
class _Card:
    """What one card leads to over the deals: per group of deals seen alike at the player's
    next card, the deals' weights and their results by that next card."""

    groups: dict[tuple[object, ...], list[tuple[float, dict[Action | None, bool]]]] = \
        field(default_factory=dict)

    def score(self, minimising: bool) -> float:
        """Σ over groups of the best (one) next card's weighted results."""
        pick: Callable[[Sequence[float]], float] = min if minimising else max
        total = 0.0
        for rows in self.groups.values():
            common = set(rows[0][1])
            for _, values in rows[1:]:
                common &= set(values)
            if not common:                      # pragma: no cover - same view, same cards
                continue
            total += pick([sum(p * values[m] for p, values in rows) for m in common])
        return total


def _line(w: World, card: Action, goal: int, budget: Budget, helper: Bot,
          honest_partner: bool = False) -> tuple[tuple[object, ...], dict[Action | None, bool]]:
    """After ``card`` in deal ``w``: what the player has seen at its next card, and whether
    the contract is made after each of its next cards (``{None: made}`` if the hand ends)."""
    h = w.hand.copy()
    me = h.to_act
    assert me is not None
    h.step(legal_code_of(h, str(card)))
    while not h.over and h.to_act != me:
        if h.phase != PLAY:
            raise Unsupported
        seat = h.to_act
        assert seat is not None
        if honest_partner and h.t.team_of[seat] == h.t.team_of[me]:
            h.step(legal_code_of(h, str(helper.act(view_of(h, seat)))))
        else:
            h.step(reply(h, goal, budget, helper))
    if h.over:
        return ("over",), {None: side_points(h)["bidding"] >= goal}
    if h.phase != PLAY:
        raise Unsupported
    key = (tuple(public_history(h, me)), h.trump if h.revealed else -1)
    values = budget.run(lambda limit: _made_after_each(h, goal, limit))
    return key, {h.action(me, code): bool(v) for code, v in values.items() if code != PAIR}


def _made_after_each(h: Hand, goal: int, limit: int) -> tuple[dict[int, int], int]:
    """Whether the contract is made after each legal code of ``h`` (the solver's made-only
    values), and the nodes that took."""
    values, _, nodes = solve_limited(h, limit, made_only=True, goal_points=goal)
    return values, nodes


def look_scores(worlds: Sequence[World], cards: Sequence[Action], goal: int, budget: Budget,
                helper: Bot, minimising: bool, stop: Callable[[], bool] = lambda: False,
                honest_partner: bool = False) -> tuple[dict[Action, float], int] | None:
    """The weighted share of deals made after each of ``cards`` when the player's next card is
    chosen once for the deals it cannot tell apart (module docs), over the deals whose every
    line the budget searched; and how many those were (``None`` if none).  With
    ``honest_partner`` the player's partners play the ``helper``'s card from their own view
    instead of the best card with every card seen."""
    found = {c: _Card() for c in cards}
    weight = 0.0
    deals = 0
    for w in worlds:
        if stop():
            break
        try:
            lines = [(c, _line(w, c, goal, budget, helper, honest_partner)) for c in cards]
        except NodeLimit:
            if budget.used >= budget.total:
                break
            continue                    # too big for one search's share: the next may fit
        except (Unsupported, SolverError):
            continue
        for c, (key, values) in lines:
            found[c].groups.setdefault(key, []).append((w.weight, values))
        weight += w.weight
        deals += 1
    if deals == 0 or weight <= 0:
        return None
    return {c: found[c].score(minimising) / weight for c in cards}, deals

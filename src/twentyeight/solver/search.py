"""Alpha-beta search with a transposition table, and MTD(f) on top of zero-window searches.

The search works on *future* values: the doubled-scale card points (see
:mod:`twentyeight.solver.values`) the bidding side will still win from the position on.  The
points already won are added back by the caller.  An annulment is a fixed total, so when one
is possible (28-ANN-2, 28-POST-3, 29-PLAY-8) the points already won become part of the
table's key, and an annulled leaf is worth its total minus them.

:meth:`Searcher.search` is fail-soft alpha-beta (the bidding side maximises, the opponents
minimise).  Its table keeps, for every position searched, a lower and an upper bound and the
best move found; a zero-window call ``search(g - 1, g)`` answers "can the bidding side still
win at least ``g``?" (:meth:`Searcher.can_reach`), and :meth:`Searcher.mtdf` converges on the
exact value with a few such calls (Plaat's MTD(f)), reusing the bounds each call leaves in the
table.
"""

from __future__ import annotations

from twentyeight.solver.ordering import ordered_moves
from twentyeight.solver.position import ANNULLED, Position
from twentyeight.solver.values import SCALE, annulled

__all__ = ["Searcher"]

INF = 1 << 20
Key = tuple[object, ...]


class Searcher:
    """Searches one :class:`Position` (changed during a search, restored afterwards)."""

    def __init__(self, pos: Position, max_entries: int = 2_000_000) -> None:
        self.pos = pos
        self.tt: dict[Key, tuple[int, int, int]] = {}
        self.max_entries = max_entries
        self.nodes = 0
        rules = pos.rules
        self._in_play = pos.t.points_in_play
        self.annul_value = annulled(pos.target)
        self.annul_possible = pos.may_annul()
        self._points = self.annul_possible or rules.stop_when_decided
        self._jacks = rules.jack_discard_restriction
        self._tlo = rules.bidder_lead_trump_after_trump_led and pos.restricted
        self._trump_played = rules.trump_lead_restriction

    # ---- the table -----------------------------------------------------------------------
    def key(self) -> Key:
        """What identifies the position for the table (everything future values depend on)."""
        p = self.pos
        return (*p.hands, tuple(p.trick_cards), p.to_act, p.revealed, p.reveal_index, p.asker,
                p.must_trump, p.indicator_only, p.last_reveal_pending,
                p.led_mask if self._jacks else 0,
                p.trump_led_by_other if self._tlo else False,
                p.played_seats if p.zero_point else 0,
                p.bid_points if self._points else 0,
                p.trump_played if self._trump_played else False)

    # ---- search ----------------------------------------------------------------------------
    def search(self, alpha: int, beta: int) -> int:
        """Fail-soft alpha-beta on future values within the window (alpha, beta)."""
        p = self.pos
        self.nodes += 1
        status = p.status
        if status:
            return self.annul_value - SCALE * p.bid_points if status == ANNULLED else 0
        low = 0
        high = SCALE * (self._in_play - p.bid_points - p.opp_points)
        if self.annul_possible:
            a = self.annul_value - SCALE * p.bid_points
            low = min(low, a)
            high = max(high, a)
        if high <= alpha:
            return high
        if low >= beta:
            return low
        key = self.key()
        tt = self.tt
        entry = tt.get(key)
        best = -1
        if entry is not None:
            lo, hi, best = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        else:
            lo, hi = low, high
        moves = ordered_moves(p, best)
        banked = p.bid_points
        best_move = moves[0]
        if p.bid_side[p.to_act]:                                    # type: ignore[index]
            g = -INF
            a = alpha
            for m in moves:
                saved = p.apply(m)
                d = SCALE * (p.bid_points - banked)
                v = d + self.search(a - d, beta - d)
                p.undo(saved)
                if v > g:
                    g = v
                    best_move = m
                    if g >= beta:
                        break
                    if g > a:
                        a = g
        else:
            g = INF
            b = beta
            for m in moves:
                saved = p.apply(m)
                d = SCALE * (p.bid_points - banked)
                v = d + self.search(alpha - d, b - d)
                p.undo(saved)
                if v < g:
                    g = v
                    best_move = m
                    if g <= alpha:
                        break
                    if g < b:
                        b = g
        if g <= alpha:
            hi = min(hi, g)
        elif g >= beta:
            lo = max(lo, g)
        else:
            lo = hi = g
        if len(tt) >= self.max_entries:
            tt.clear()
        tt[key] = (lo, hi, best_move)
        return g

    def can_reach(self, future: int) -> bool:
        """Zero-window test: can the bidding side still win at least ``future`` (scaled)?"""
        return self.search(future - 1, future) >= future

    def mtdf(self, guess: int) -> int:
        """The exact future value (scaled), by zero-window searches starting from ``guess``."""
        g = guess
        lower, upper = -INF, INF
        while lower < upper:
            beta = g + 1 if g == lower else g
            g = self.search(beta - 1, beta)
            if g < beta:
                upper = g
            else:
                lower = g
        return g

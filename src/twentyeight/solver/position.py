"""The solver's position: the engine's own play state, searched with apply and undo.

:class:`Position` is a :class:`~twentyeight.engine.state.PlayState`, the state the engine's
play core (:mod:`twentyeight.engine.play`) works on: its moves are made by the very functions
the engine plays with, so the solver cannot disagree with the engine about a legal card, a
trick winner, an exposure, an annulment or an early stop.  It is copied out of an engine
:class:`~twentyeight.engine.Hand` in the play phase (:meth:`Position.from_hand`); what the
search adds is :meth:`~Position.save` / :meth:`~Position.undo`, which keep every field a move
may change.

What is refused (:class:`SolverError`) is decided by :mod:`twentyeight.solver.support`'s table
of every rule flag (Cot), and by the position itself: a hand that is over, a position outside
the play, a Cot concession waiting for its answer, a special contract (single hand, Thani:
their aim is every trick, not card points).

Two engine actions are not moves here:

* ``pair`` changes only the target, never the card points, and leaves the same player to
  choose among the same plays, so for a value in card points it is a no-op (see
  :mod:`twentyeight.solver.values`); :func:`~twentyeight.solver.api.solve` gives it the
  value of the position itself.
* ``concede`` (Cot) is refused with the Cot rule.

Moves are the engine's integer codes: a card index, :data:`ASK`, :data:`REVEAL` or
:data:`REDEAL` (the zero-point claim, which annuls the hand).
"""

from __future__ import annotations

from typing import Any

from twentyeight.cards import Mask
from twentyeight.engine.actions import ASK, CONCEDE, PAIR, REDEAL, REVEAL
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import (
    play_card,
    play_legal,
    play_verb,
    target,
    trick_winner,
    trump_start,
)
from twentyeight.engine.state import (
    ANNULLED,
    COMPLETE,
    COT,
    IN_PROGRESS,
    NORMAL,
    PLAY,
    PlayState,
)
from twentyeight.solver.support import refusal

__all__ = ["ANNULLED", "ASK", "DONE", "IGNORED", "LIVE", "REDEAL", "REVEAL", "Position",
           "SolverError"]

IGNORED = (PAIR, CONCEDE)
"""Engine actions that are not moves of a :class:`Position` (see the module docstring)."""

LIVE, DONE = IN_PROGRESS, COMPLETE
"""The position's ``status``: the engine's (and ``ANNULLED``)."""

Snapshot = tuple[Any, ...]


class SolverError(ValueError):
    """A position the solver cannot search: not in the play phase, or an unsupported rule."""


class Position(PlayState):
    """The play phase of one hand, all cards known, with :meth:`apply` and :meth:`undo`."""

    __slots__ = ()

    # ---- construction ------------------------------------------------------------------
    @classmethod
    def from_hand(cls, h: Hand) -> Position:
        """The position of an engine hand in the play phase (raises :class:`SolverError`)."""
        if h.over:
            raise SolverError("the hand is over: there is nothing left to solve")
        if h.phase == COT:
            raise SolverError("a Cot concession is waiting for an answer: not supported "
                              "by the solver")
        if h.phase != PLAY:
            raise SolverError("the solver starts from the play of the cards; this position "
                              "is still in the auction or a window before play")
        if h.special != NORMAL:
            raise SolverError("special contracts (single hand, Thani) are not supported by "
                              "the solver")
        why = refusal(h.rules)
        if why is not None:
            raise SolverError(why)
        p = cls.__new__(cls)
        for name in PlayState.__slots__:
            value = getattr(h, name)
            setattr(p, name, list(value) if type(value) is list else value)
        return p

    # ---- apply and undo ----------------------------------------------------------------
    def save(self) -> Snapshot:
        """Everything a move may change (restore it with :meth:`undo`).

        The lists that moves only append to (the history, the tricks, the cards and seats of
        the trick being played) are saved as their lengths and cut back by :meth:`undo`."""
        return (self.hands[:], len(self.history), self.trick_cards, len(self.trick_cards),
                self.trick_seats, self.to_act, self.leader, self.revealed, self.reveal_index,
                self.asker, self.must_trump, self.indicator_only, self.last_reveal_pending,
                self.led_mask, self.trump_led_by_other, self.played_seats, len(self.tricks),
                self.bid_points, self.opp_points, self.status, self.trump_played,
                self.won_after_reveal, self.won_any, self.phase, self.annul_reason,
                self.annul_seat, self.revealed_by, self.reveal_trick, self.claim_seats)

    def undo(self, s: Snapshot) -> None:
        """Go back to the position saved by :meth:`save` (or returned by :meth:`apply`)."""
        (self.hands, moves, self.trick_cards, played,
         self.trick_seats, self.to_act, self.leader, self.revealed, self.reveal_index,
         self.asker, self.must_trump, self.indicator_only, self.last_reveal_pending,
         self.led_mask, self.trump_led_by_other, self.played_seats, done,
         self.bid_points, self.opp_points, self.status, self.trump_played,
         self.won_after_reveal, self.won_any, self.phase, self.annul_reason,
         self.annul_seat, self.revealed_by, self.reveal_trick, self.claim_seats) = s
        del self.tricks[done:]
        del self.history[moves:]
        del self.trick_cards[played:]          # the lists of a trick are only appended to
        del self.trick_seats[played:]

    def apply(self, code: int) -> Snapshot:
        """Make a move (a legal one: nothing is checked); return what :meth:`undo` needs."""
        s = self.save()
        if code < 128:
            play_card(self, code)
        elif code in (ASK, REVEAL, REDEAL):
            play_verb(self, code)
        else:
            raise SolverError(f"action code {code} is not a move of the solver")
        return s

    # ---- legality ----------------------------------------------------------------------
    def legal(self) -> list[int]:
        """Every move of the player to act: the engine's legal codes less ``pair``/``concede``."""
        if self.status != LIVE:
            return []
        return list(play_legal(self, with_claims=False))

    # ---- facts the search uses -----------------------------------------------------------
    @property
    def banked(self) -> int:
        """The bidding side's card points so far (with the last-trick point, 29-SCORE-1)."""
        return self.bid_points

    @property
    def target(self) -> int:
        """The card points the bidding side needs (the contract moved by a pair shown)."""
        return target(self)

    def winner_index(self) -> int:
        """The index in the current trick of the card winning it so far (28-PLAY-4, 28-REV-5)."""
        return trick_winner(self)

    def trump_start(self) -> int:
        """The first card of this trick that can count as a trump (28-REV-5, C-07, A-56-02)."""
        return trump_start(self)

    def may_annul(self) -> bool:
        """Whether some line from here can end with the hand annulled (28-ANN-2, 28-POST-3,
        29-PLAY-8)."""
        rules = self.rules
        hidden = self.trump >= 0 and not self.revealed
        return bool(self.zero_point
                    or (hidden and rules.unrevealed_trump_annuls)
                    or (hidden and rules.bidding_side_all_trumps_redeal and rules.pack != "56"
                        and not self.opponents_hold_trump()))

    def live_cards(self) -> Mask:
        """Cards not yet in a completed trick: in hands, on the table, or face down."""
        m = 0
        for hand in self.hands:
            m |= hand
        for c in self.trick_cards:
            m |= 1 << c
        if self.indicator >= 0 and not self.revealed:
            m |= 1 << self.indicator
        return m


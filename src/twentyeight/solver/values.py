"""What the solver's numbers mean: card points on a doubled scale, with a place for annulment.

The value of a position is the number of card points the bidding side secures with best play
by both sides (the bidding side maximises, the opponents minimise), counting the card points
already won and the last-trick point where the rules have one (29-SCORE-1).

Some lines end with the hand **annulled** rather than scored: the bidding side held every
trump when it is exposed (28-ANN-2), a zero-point claim (28-POST-3), or a 29 hand whose trump
was never revealed (29-PLAY-8).  An annulled hand scores nothing, which is better for the
bidding side than failing and worse than making the contract.  So an annulment is ranked
**between target − 1 and target points**, where *target* is the contract as adjusted by a pair
already shown when the search starts (28-PAIR-4/5): both sides prefer it to exactly the
outcomes whose game points they prefer it to.

Inside the search every value is an int on a doubled scale: ``2 × points`` for a scored hand
and ``2 × target − 1`` for an annulled one, so that plain integer comparison is that order and
an odd value always means "annulled".

>>> scaled(17), annulled(20), to_points(34), to_points(annulled(20)) is None
(34, 39, 17, True)
>>> sorted([scaled(19), annulled(20), scaled(20)]) == [scaled(19), annulled(20), scaled(20)]
True
"""

from __future__ import annotations

SCALE = 2
"""Values are card points times this, so that an annulment fits between two point totals."""


def scaled(points: int) -> int:
    """The doubled-scale value of a scored hand with ``points`` for the bidding side."""
    return SCALE * points


def annulled(target: int) -> int:
    """The doubled-scale value of an annulled hand: just below ``target`` points."""
    return SCALE * target - 1


def to_points(value: int) -> int | None:
    """Card points of a doubled-scale value, or ``None`` when the value is an annulment."""
    if value % SCALE:
        return None
    return value // SCALE


def describe(value: int | None) -> str:
    """A value for people: the card points, or ``annulled``."""
    return "annulled" if value is None else str(value)

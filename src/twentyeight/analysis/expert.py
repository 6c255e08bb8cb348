"""The one question the analysis asks a strong player: what is every action worth here?

Hints, the hand review and ``twentyeight analyse`` ask it through :class:`Expert`, and only
through it, in two forms:

* :meth:`Expert.evaluate` — for a seat's *view*: over deals consistent with everything that
  seat knows (what a player could have worked out at the table);
* :meth:`Expert.evaluate_known` — for the *engine state*: with every hand known (what the
  cards really held; for a review after the hand, never for a hint).

Both answer an :class:`Evaluation`: each action's expected card points and game points for
the seat's side (see :mod:`twentyeight.analysis.outcome`), ranked best first — game points
first (the contract, the match), then card points.  :func:`default_expert` makes the expert
everything uses; it is the one line to change to put another searcher behind the analysis.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from twentyeight.engine.actions import Action
from twentyeight.views import View

if TYPE_CHECKING:
    from twentyeight.engine.hand import Hand

__all__ = ["ActionValue", "Effort", "Evaluation", "Expert", "default_expert"]

TIE = 1e-9
"""Values closer than this are equal."""


@dataclass(frozen=True)
class Effort:
    """How hard the expert looks: deals per decision and solver nodes per decision.

    ``deals`` deals consistent with the view are drawn; in the play each is solved exactly
    while the decision's ``nodes`` last (a deal that alone needs more than half of them is
    left out); elsewhere (the auction, the trump, the windows, positions the solver does
    not take) each candidate action is played out in the first ``playouts`` deals, the
    ``rules`` bot deciding for everyone afterwards, and in more of them when the call is
    close (``closer``).
    """

    deals: int = 8
    nodes: int = 1_500_000
    known_nodes: int = 3_000_000
    """Solver nodes for the every-hand-known verdict of a decision (one deal: exact in 28 and
    29, whose first lead takes at most about 1.5 M); a position that needs more (a 56 of
    eight players could take hours) is played out instead, so that no review runs unbounded."""
    playouts: int = 8
    """Deals each candidate action is played out in at first."""
    closer: int = 4
    """How much further a close call is played out: while the two best candidates' game
    points, compared deal by deal, differ by less than twice the standard error of their
    difference, the play-outs are doubled, up to ``closer`` times ``playouts`` (1: never).
    Outside the play that many deals are drawn (``deals`` if more); in the play, where the
    solver's positions are refused, the ``deals`` drawn are all there is.  The cost is
    bounded: at most ``playouts * closer`` play-outs of each candidate."""
    candidates: int = 3
    """Bids (or raises) tried besides the other calls: the lowest open and those just above."""


@dataclass(frozen=True)
class ActionValue:
    """What one action is worth to the seat's side, on average over the deals."""

    action: Action
    card_points: float
    game_points: float
    wins: float
    """The share of deals in which the hand goes the seat's side's way (net game points > 0)."""

    def to_json(self) -> dict[str, object]:
        """``{"action", "card_points", "game_points", "wins"}``, rounded for reading."""
        return {"action": str(self.action), "card_points": round(self.card_points, 2),
                "game_points": round(self.game_points, 3), "wins": round(self.wins, 3)}


@dataclass
class Evaluation:
    """The values of a decision's actions, best first (see the module docstring)."""

    seat: int
    basis: str
    """``"sampled"`` (deals consistent with a view) or ``"known"`` (every hand known)."""
    method: str
    """``"solver"`` (each deal solved exactly) or ``"play-outs"`` (each deal played out)."""
    deals: int
    """How many deals the values average over."""
    values: list[ActionValue]
    worlds: list[Hand] = field(default_factory=list, repr=False)
    """The deals themselves (engine states at the decision): for the reasons only; they hold
    hidden cards, so they never leave the server."""
    weights: list[float] = field(default_factory=list, repr=False)
    noise: dict[Action, float] = field(default_factory=dict, repr=False)
    """For play-outs: the standard error of each action's game points against the best's,
    deal by deal — a difference under twice it is not told apart from none (a review said a
    first hand's 14 cost 0.09 game points against 15, over 8 play-outs)."""

    def __post_init__(self) -> None:
        self.values.sort(key=lambda v: (-v.game_points, -v.card_points))

    def within_noise(self, action: Action) -> bool:
        """Whether ``action``'s game points are behind the best's by less than twice their
        difference's standard error (play-outs only: the solver's values have none kept)."""
        mine = self.value_of(action)
        error = self.noise.get(action)
        return mine is not None and error is not None and \
            self.best.game_points - mine.game_points < 2 * error

    @property
    def best(self) -> ActionValue:
        """The best action's value (the first of :attr:`values`)."""
        return self.values[0]

    def best_actions(self) -> list[Action]:
        """Every action as good as the best (equal game points and card points)."""
        top = self.best
        return [v.action for v in self.values
                if abs(v.game_points - top.game_points) < TIE
                and abs(v.card_points - top.card_points) < TIE]

    def value_of(self, action: Action) -> ActionValue | None:
        """The value of ``action`` (``None`` if it was not evaluated)."""
        return next((v for v in self.values if v.action == action), None)

    def loss(self, action: Action) -> tuple[float, float]:
        """``(card points, game points)`` that ``action`` gives up against the best, both
        ``>= 0`` and both 0 when it is among the best."""
        mine = self.value_of(action)
        if mine is None or action in self.best_actions():
            return 0.0, 0.0
        top = self.best
        return (max(0.0, top.card_points - mine.card_points),
                max(0.0, top.game_points - mine.game_points))


class Expert(Protocol):
    """What the analysis needs from a searcher (see the module docstring)."""

    name: str

    def evaluate(self, view: View, include: Sequence[Action] = ()) -> Evaluation:
        """Every legal action of ``view``'s seat (or, in the auction, the likely ones and
        ``include``), valued over deals consistent with the view."""
        ...

    def evaluate_known(self, hand: Hand, include: Sequence[Action] = ()) -> Evaluation:
        """The same with every hand known: ``hand`` is the real engine state."""
        ...


def default_expert(effort: Effort | None = None, seed: int = 0) -> Expert:
    """The expert behind hints and reviews: ``pimc``'s sampler with the solver."""
    from twentyeight.analysis.search import SearchExpert

    return SearchExpert(effort, seed)

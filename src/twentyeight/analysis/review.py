"""The hand review: every decision of a finished hand (or match) against the expert's.

For each decision of the reviewed seats that had a choice (more than one legal action), the
review asks the expert twice (:mod:`twentyeight.analysis.expert`):

* over deals consistent with the **view the player had** at that moment — what it cost
  given what could be known then: ``best``, ``loss`` (card points) and
  ``loss_game_points``, with the one-line reason for the best choice;
* with **every hand known** — what the cards really held (``known``).

Losses are ``>= 0`` and 0 when the action was among the best.  :func:`biggest_first` orders
decisions by the game points they cost, then the card points.

>>> from twentyeight import Game
>>> from twentyeight.analysis import Effort, default_expert
>>> g = Game.new("28", seed=4, dealer=3)
>>> for _ in range(8):
...     _ = g.apply(g.legal_actions()[0])
>>> found = review_hand(g.to_record(), seats=[0], expert=default_expert(Effort(deals=2,
...                                                                         playouts=2)))
>>> [d.to_json()["action"] for d in found][:1]
['0 bid 14']
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from twentyeight.analysis.expert import Evaluation, Expert, default_expert
from twentyeight.analysis.outcome import game_measure
from twentyeight.analysis.why import explain_choice
from twentyeight.engine.actions import Action
from twentyeight.engine.reasons import Reason
from twentyeight.game import Game
from twentyeight.match import Match
from twentyeight.record import is_match, read_hand_record
from twentyeight.rules import Rules

__all__ = [
    "Decision",
    "Progress",
    "Verdict",
    "biggest_first",
    "cost_words",
    "hand_records",
    "review_hand",
    "review_match",
    "review_records",
]

UNSEEN = (0.05, 0.005)
"""Losses of card points and of game points under which a choice is as good as the best: a
review tells them to one and two decimals ("−0.1 card points, −0.02 game points")."""

Progress = Callable[[int, int], None]
"""``progress(done, total)``: decisions reviewed so far, of how many."""


@dataclass(frozen=True)
class Verdict:
    """The expert's answer to one decision on one basis."""

    best: Action
    loss: float
    loss_game_points: float

    @classmethod
    def of(cls, ev: Evaluation, action: Action) -> Verdict:
        """The verdict on ``action``: the best is the action itself when it loses nothing
        (tied with the expert's choice, which would otherwise be named as if it were better:
        "[A♠: 0.0]" beside a card as good), or less than a review shows (:data:`UNSEEN`: it
        listed "−0.0 card points" as a mistake, its reason saying every choice was as good),
        or, over play-outs, by less than their noise (:meth:`Evaluation.within_noise`)."""
        card_points, game_points = ev.loss(action)
        if action in ev.best_actions() or (card_points < UNSEEN[0] and game_points < UNSEEN[1]) \
                or ev.within_noise(action):        # (play-outs: no mistake told from none)
            return cls(action, 0.0, 0.0)
        return cls(ev.best.action, card_points, game_points)

    @property
    def costly(self) -> bool:
        """Whether the choice lost anything against the best."""
        return self.loss > 0 or self.loss_game_points > 0

    def to_json(self) -> dict[str, Any]:
        return {"best": str(self.best), "loss": round(self.loss, 2),
                "loss_game_points": round(self.loss_game_points, 3)}


@dataclass(frozen=True)
class Decision:
    """One reviewed decision (see the module docstring)."""

    hand: int
    index: int
    """The action's place in the hand record's ``actions``."""
    seat: int
    phase: str
    trick: int | None
    """The trick it was made in (1, 2, …), in the play."""
    action: Action
    sampled: Verdict
    known: Verdict | None
    """The same with every hand known (``None`` when the review was asked without it)."""
    reason: Reason
    """Why the expert's best choice (over the sampled deals) is best."""
    method: str
    deals: int

    @property
    def loss(self) -> float:
        """Card points lost against the expert, over deals consistent with the view."""
        return self.sampled.loss

    def to_json(self) -> dict[str, Any]:
        """The object of ``twentyeight analyse --json``'s ``decisions`` list."""
        return {"hand": self.hand, "seat": self.seat, "action": str(self.action),
                **self.sampled.to_json(), "reason": str(self.reason),
                "why": self.reason.to_json(), "index": self.index, "phase": self.phase,
                "trick": self.trick, "method": self.method, "deals": self.deals,
                "known": self.known.to_json() if self.known is not None else None}


def cost_words(card_points: float, game_points: float, rules: Rules) -> str:
    """A cost as a review says it: "1.5 card points, 0.25 game points" (``game_measure``)."""
    factor, unit = game_measure(rules)
    return f"{card_points:.1f} card points, {game_points * factor:.2f} {unit}"


def biggest_first(decisions: Iterable[Decision]) -> list[Decision]:
    """Decisions by the game points they cost, then the card points (then in play order)."""
    return sorted(decisions, key=lambda d: (-d.sampled.loss_game_points, -d.sampled.loss,
                                            d.hand, d.index))


def hand_records(doc: Any) -> list[dict[str, Any]]:
    """The hand records of a parsed document: one hand, or every hand of a match that has
    begun (each with the match's score before it).  Raises
    :class:`~twentyeight.errors.RecordError` or :class:`~twentyeight.errors.IllegalAction`
    as the records' readers do."""
    if is_match(doc):
        return [g.to_record() for g in Match.from_record(doc).games
                if g.over or g.hand.history]           # not the next hand, still undealt
    Game.from_record(doc)                                   # check it before any search
    return [dict(doc)]


def review_hand(record: Mapping[str, Any], seats: Sequence[int] | None = None,
                expert: Expert | None = None, hand: int = 0,
                progress: Progress | None = None, known: bool = True,
                known_seconds: float | None = None) -> list[Decision]:
    """Every decision of ``seats`` (all by default) in the hand ``record``, in play order;
    without ``known``, only over the deals each player could not tell apart (for a player
    who may not see every hand of it yet); with ``known_seconds``, the every-hand-known
    verdicts only while the review has taken less than that (a server's bound)."""
    return _review([(hand, record)], seats, expert or default_expert(), progress, known,
                   known_seconds)


def review_match(doc: Any, seats: Sequence[int] | None = None, expert: Expert | None = None,
                 progress: Progress | None = None) -> list[Decision]:
    """Every decision of ``seats`` in a match (or hand) document, in play order."""
    return review_records(hand_records(doc), seats, expert, progress)


def review_records(records: Sequence[Mapping[str, Any]], seats: Sequence[int] | None = None,
                   expert: Expert | None = None, progress: Progress | None = None
                   ) -> list[Decision]:
    """Every decision of ``seats`` in the hand records of a match (:func:`hand_records`)."""
    return _review(list(enumerate(records)), seats, expert or default_expert(), progress)


def _review(records: list[tuple[int, Mapping[str, Any]]], seats: Sequence[int] | None,
            expert: Expert, progress: Progress | None, known: bool = True,
            known_seconds: float | None = None) -> list[Decision]:
    tasks = [(number, *choice) for number, record in records
             for choice in _choices(record, seats)]
    out = []
    started = time.monotonic()
    for done, (number, game, index, action) in enumerate(tasks):
        in_time = known_seconds is None or time.monotonic() - started < known_seconds
        out.append(_decide(number, game, index, action, expert, known and in_time))
        if progress is not None:
            progress(done + 1, len(tasks))
    return out


def _choices(record: Mapping[str, Any], seats: Sequence[int] | None
             ) -> list[tuple[Game, int, Action]]:
    """(the game just before it, its index, the action) of every decision to review."""
    rec = read_hand_record(record)
    actions = list(rec.actions)
    rec.actions = []
    game = Game.from_record(rec)
    out = []
    for i, action in enumerate(actions):
        if (seats is None or action.seat in seats) and len(game.legal_actions()) > 1:
            out.append((game.copy(), i, action))
        game.apply(action)
    return out


def _decide(number: int, game: Game, index: int, action: Action, expert: Expert,
            with_known: bool) -> Decision:
    view = game.view(action.seat)
    sampled = expert.evaluate(view, include=[action])
    known = Verdict.of(expert.evaluate_known(game.hand, include=[action]), action) \
        if with_known else None
    trick = len(view["tricks"]) + 1 if view["phase"] == "play" else None
    return Decision(number, index, action.seat, view["phase"], trick, action,
                    Verdict.of(sampled, action), known,
                    explain_choice(view, sampled, against=action),
                    sampled.method, sampled.deals)

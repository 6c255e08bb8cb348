"""The public API of one hand: :class:`Game`.

>>> import twentyeight
>>> game = twentyeight.Game.new("28", seed=1, dealer=3)
>>> game.to_act
0
>>> [str(a) for a in game.legal_actions()][:2]
['0 bid 14', '0 bid 15']
>>> game.apply("0 pass")
Traceback (most recent call last):
...
twentyeight.errors.IllegalAction: the first hand must open the bidding with at least 14 (28-AUC-4)
>>> game.apply("0 bid 16")
Action(seat=0, verb='bid', arg='16')
>>> game.to_record()["actions"]
['0 bid 16']
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from twentyeight.cards import CardError
from twentyeight.engine.actions import TRUMP_CARD, Action, NotationError, code_of
from twentyeight.engine.explain import why_illegal
from twentyeight.engine.hand import Hand
from twentyeight.engine.reasons import Reason
from twentyeight.engine.state import PLAY
from twentyeight.errors import IllegalAction, RecordError
from twentyeight.record import HandRecord, deal_from_seed, hands_json, read_hand_record
from twentyeight.result import hand_result
from twentyeight.rules import Rules
from twentyeight.views import View, view


class Game:
    """One hand, from the deal to the score, spoken in the notation of RECORDS.md.

    Build it with :meth:`new` or :meth:`from_record`; decide with :meth:`apply`.  The engine
    state is :attr:`hand` (a :class:`~twentyeight.engine.Hand`, for fast code).
    """

    def __init__(self, hand: Hand, record: HandRecord) -> None:
        self.hand = hand
        self._record = record

    # ---- construction ------------------------------------------------------------------
    @classmethod
    def new(cls, rules: str | Mapping[str, Any] | Rules = "28", seed: int | None = None,
            dealer: int = 0, scores: Sequence[int] | None = None) -> Game:
        """A new hand under ``rules``, dealt from ``seed`` (a fresh random seed if omitted)."""
        if seed is None:
            seed = random.SystemRandom().getrandbits(63)
        doc: dict[str, Any] = {"rules": rules.to_spec() if isinstance(rules, Rules) else rules,
                               "dealer": dealer, "seed": seed}
        if scores is not None:
            doc["scores"] = list(scores)
        return cls.from_record(doc)

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | HandRecord) -> Game:
        """Replay a record (RECORDS.md); its actions are optional.

        Raises :class:`~twentyeight.errors.RecordError` for a malformed record and
        :class:`~twentyeight.errors.IllegalAction` (with ``index``) at the first illegal action.
        """
        rec = record if isinstance(record, HandRecord) else read_hand_record(record)
        hand = Hand(rec.rules, rec.dealer, rec.deal, rec.scores)
        actions = rec.actions
        rec.actions = []
        game = cls(hand, rec)
        for i, action in enumerate(actions):
            try:
                game.apply(action)
            except IllegalAction as e:
                e.index = i
                raise
        return game

    # ---- state -------------------------------------------------------------------------
    @property
    def rules(self) -> Rules:
        """The rules of this hand."""
        return self.hand.rules

    @property
    def to_act(self) -> int | None:
        """The seat to decide, or ``None`` when the hand is over."""
        return self.hand.to_act

    @property
    def over(self) -> bool:
        """Whether the hand has ended (complete or annulled)."""
        return self.hand.to_act is None

    @property
    def dealer(self) -> int:
        """The dealer's seat."""
        return self.hand.dealer

    def legal_actions(self) -> list[Action]:
        """Every legal action of the seat to act (empty when the hand is over)."""
        h = self.hand
        seat = h.to_act
        if seat is None:
            return []
        return [h.action(seat, c) for c in h.legal_codes()]

    def result(self) -> dict[str, Any]:
        """The result object, as ``twentyeight replay --json`` prints it."""
        return hand_result(self.hand)

    def view(self, seat: int) -> View:
        """What ``seat`` may know now (RULES.md §2.20), JSON-serialisable."""
        return view(self.hand, seat)

    def copy(self) -> Game:
        """An independent copy of the game."""
        rec = self._record
        clone = HandRecord(rec.rules, rec.dealer, rec.deal, rec.seed, list(rec.actions),
                           rec.scores, dict(rec.extra), rec.hands_given)
        return Game(self.hand.copy(), clone)

    # ---- acting ------------------------------------------------------------------------
    def apply(self, action: str | Action) -> Action:
        """Apply an action (notation or :class:`Action`); return it in canonical form.

        Raises :class:`~twentyeight.errors.IllegalAction` (a ``ValueError``) saying why, and
        changes nothing, when the action is not legal now.
        """
        h = self.hand
        text = str(action)
        seat = h.to_act
        if seat is None:
            raise IllegalAction(Reason("hand_over"), action=text)
        try:                                   # an Action object is checked like its text
            action = Action.parse(text, seat=None if isinstance(action, Action) else seat)
        except NotationError as e:
            raise IllegalAction(str(e), action=text, legal=self._legal_texts()) from None
        if action.seat != seat:
            raise IllegalAction(
                Reason("not_your_turn", None, {"seat": seat, "other": action.seat}),
                action=text, legal=self._legal_texts())
        code = self._code(action)
        if code is None or code not in h.legal_codes():
            reason = why_illegal(h, action, code) if code is not None else \
                Reason("not_legal_now", None, {"action": str(action)})
            raise IllegalAction(reason, action=str(action), legal=self._legal_texts())
        h.step(code)
        self._record.actions.append(action)
        return action

    def _legal_texts(self) -> list[str]:
        return [str(a) for a in self.legal_actions()]

    def _code(self, action: Action) -> int | None:
        """The engine code of ``action`` for the player to act (raises for unknown cards)."""
        return code_of(action, lambda name: self._held(action, name))

    def _held(self, action: Action, name: str) -> int:
        """The code of the copy of card ``name`` that ``action``'s seat holds (and may play,
        of two twins); :class:`IllegalAction` naming the whole action when it holds none."""
        h = self.hand
        seat = action.seat
        text = str(action)
        try:
            copies = h.t.deck.copies_of(name)
        except CardError as e:
            raise IllegalAction(str(e), action=text, legal=self._legal_texts()) from None
        held = [c for c in copies if h.hands[seat] >> c & 1]
        if held:
            legal = h.legal_codes() if seat == h.to_act else ()
            return next((c for c in held if c in legal or c + TRUMP_CARD in legal), held[0])
        if action.verb == "play" and h.phase != PLAY:         # no card is played now, held
            raise IllegalAction(why_illegal(h, action, None), action=text,   # or not
                                legal=self._legal_texts())
        if seat == h.bidder and h.indicator in copies and not h.revealed:
            raise IllegalAction(Reason("indicator_face_down", "28-TRUMP-3", {"card": name}),
                                action=text, legal=self._legal_texts())
        raise IllegalAction(Reason("card_not_held", None, {"card": name}), action=text,
                            legal=self._legal_texts())

    # ---- records -----------------------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """A record that replays to this exact state (RECORDS.md)."""
        rec = self._record
        out: dict[str, Any] = {"rules": rec.rules.to_spec(), "dealer": rec.dealer}
        if rec.hands_given or rec.seed is None:
            out["hands"] = hands_json(rec.rules, rec.deal)
        if rec.seed is not None:
            out["seed"] = rec.seed
        if rec.scores is not None:
            out["scores"] = list(rec.scores)
        out["actions"] = [str(a) for a in rec.actions]
        out.update(rec.extra)
        return out

    def deal_json(self) -> list[list[str]]:
        """Every seat's cards in deal order (the ``hands`` field)."""
        return hands_json(self.rules, self._record.deal)


def game_from_seed(rules: Rules, seed: int, dealer: int,
                   scores: Sequence[int] | None = None) -> Game:
    """A game dealt from a seed, with the seed kept in its record."""
    rec = HandRecord(rules, dealer, deal_from_seed(rules, seed, dealer), seed, [],
                     tuple(scores) if scores is not None else None, {}, False)
    return Game(Hand(rules, dealer, rec.deal, rec.scores), rec)


__all__ = ["Game", "IllegalAction", "RecordError", "game_from_seed"]

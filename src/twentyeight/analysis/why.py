"""Why the expert chose an action: one line in a player's words, made from its search.

The line is a :class:`~twentyeight.engine.reasons.Reason` (a key, a rule ID when a rule is
the point, language-neutral parameters), so every front end says it in its own language.
It is drawn from what the search found, never from a rule of thumb:

* the **values** of the evaluation — what asking, the pair or the best card gains over the
  next choice, how often the hand goes the seat's way in the play-outs;
* what happens to the **current trick** in the searched deals: in each deal the players
  still to play answer the card in every way the engine allows (asking and trumping among
  them), each side choosing for itself, which says whether the card wins the trick in every
  deal whatever the others do, whether the partner's card cannot be beaten, or whether the
  trick is lost whatever is played.

Only public cards and the seat's own are named (the cards already played, the partner's
card on the table), so a reason never tells a player more than the view holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from twentyeight.analysis.expert import Evaluation
from twentyeight.bots.reading import Reading
from twentyeight.cards import SUITS
from twentyeight.engine.actions import Action
from twentyeight.engine.hand import Hand
from twentyeight.engine.reasons import Reason, cite
from twentyeight.engine.state import PLAY
from twentyeight.solver.position import Position, SolverError
from twentyeight.views import View

__all__ = ["explain_choice", "trick_forced"]

EVEN = 0.05
"""Card points closer than this count as the same."""


def explain_choice(view: View, evaluation: Evaluation, action: Action | None = None
                   ) -> Reason:
    """The reason for ``action`` (the evaluation's best by default) at ``view``'s decision,
    citing the rule of the view's variant."""
    chosen = action or evaluation.best.action
    if evaluation.method == "play-outs":
        return _played_out(view, evaluation, chosen)
    return cite(_play(view, evaluation, chosen), Reading.of(view).rules)


# ---- the play of the cards ---------------------------------------------------------------


def _play(view: View, ev: Evaluation, chosen: Action) -> Reason:
    mine = ev.value_of(chosen)
    assert mine is not None
    others = [v for v in ev.values if v.action != chosen]
    if chosen.verb == "pair":
        old, new = view["target"], _target_after_pair(ev, chosen)
        key = "hint_pair_lowers" if new is not None and old is not None and new < old \
            else "hint_pair_raises"
        return Reason(key, "28-PAIR-4", {"old": old, "new": new})
    asks = [v for v in others if v.action.verb in ("ask", "reveal")]
    if chosen.verb in ("ask", "reveal"):
        rest = [v for v in others if v.action.verb == "play"]
        gain = mine.card_points - max((v.card_points for v in rest), default=mine.card_points)
        key = "hint_ask" if chosen.verb == "ask" else "hint_reveal"
        return Reason(key, None, {"gain": _num(max(0.0, gain))})
    if not others:
        return Reason("hint_only")
    if all(abs(v.card_points - mine.card_points) < EVEN
                         and abs(v.game_points - mine.game_points) < EVEN for v in others):
        return Reason("hint_equal")
    trick = _trick_reason(view, ev, chosen)
    if trick is not None:
        return trick
    if asks:
        loss = mine.card_points - asks[0].card_points
        key = "hint_no_ask" if asks[0].action.verb == "ask" else "hint_no_reveal"
        return Reason(key, None, {"loss": _num(max(0.0, loss))})
    cards = [v for v in others if v.action.verb == "play"]
    if not cards:
        return Reason("hint_points", None, {"points": _num(mine.card_points)})
    runner = cards[0]
    if mine.card_points - runner.card_points >= EVEN:
        return Reason("hint_margin", None, {
            "points": _num(mine.card_points),
            "gain": _num(mine.card_points - runner.card_points),
            "other_card": runner.action.arg})
    deals = len(ev.worlds) or ev.deals               # best for the hand, not for the points
    return Reason("hint_wins_more", None, {"won": round(mine.wins * deals), "deals": deals,
                                           "other_won": round(runner.wins * deals),
                                           "other_card": runner.action.arg})


def _target_after_pair(ev: Evaluation, pair: Action) -> int | None:
    if not ev.worlds:
        return None
    from twentyeight.analysis.outcome import Perspective

    return Perspective(ev.worlds[0], pair.seat).target(paired=True)


def _trick_reason(view: View, ev: Evaluation, chosen: Action) -> Reason | None:
    """What the searched deals say about the current trick after ``chosen`` (a card)."""
    if chosen.verb != "play" or not ev.worlds or chosen.arg is None:
        return None
    reading = Reading.of(view)
    seat = view["seat"]
    alone = ours = 0
    for h in ev.worlds:
        mine = trick_forced(h, chosen, lambda winner: winner == seat)
        if mine is None:
            return None
        alone += mine
        ours += bool(trick_forced(h, chosen, _same_side(h.bid_side, seat)))
    deals = len(ev.worlds)
    points = reading.points(chosen.arg)
    last = reading.last_to_play()   # the trick's last card: what it does is certain; before
    if alone == deals:              # it, only the searched deals' (6.8% wrong, an audit)
        wins = _wins(reading, chosen.arg)
        return wins if last or _top_trump(reading, chosen.arg, wins) else \
            Reason("hint_wins_all", None, {"deals": deals})
    winning = reading.winning()
    if ours == deals:
        if winning is not None and winning[0] != seat and \
                reading.team_of(winning[0]) == reading.team_of(seat):
            if points:
                return Reason("hint_feed_partner", None,
                              {"points": points, "winner_card": winning[1]})
            return Reason("hint_partner_wins", None, {"winner_card": winning[1]})
        return Reason("hint_side_wins")
    if ours == 0:
        if not last:
            return Reason("hint_trick_lost_all_points", None, {"deals": deals, "points": points}) \
                if points else Reason("hint_trick_lost_all", None, {"deals": deals})
        if points:
            return Reason("hint_trick_lost_points", None, {"points": points})
        return Reason("hint_trick_lost")
    if _is_winning_attempt(reading, chosen.arg):
        return Reason("hint_wins_likely", None, {"won": ours, "deals": deals})
    return None


def _same_side(sides: tuple[bool, ...], seat: int) -> Callable[[int], bool]:
    return lambda winner: sides[winner] == sides[seat]


def _wins(reading: Reading, card: str) -> Reason:
    """"wins the trick", with the higher cards of its suit that are gone, if any: every copy
    of each (56's double pack has two) played or in this hand, at least one played."""
    suit = reading.suit(card)
    deck = reading.deck
    played, mine = reading.played_copies(), reading.own_copies()
    copies = Counter(deck.names[c] for c in range(deck.size)
                     if deck.suit_of[c] == suit and deck.power[c] > reading.power(card))
    outside = {name: n - mine[name] for name, n in copies.items() if n > mine[name]}
    higher = sorted(outside, key=lambda n: -reading.power(n))
    if higher and all(played[name] >= outside[name] for name in higher):
        return Reason("hint_wins_gone", None, {"suit": SUITS[suit], "gone_cards": higher})
    return Reason("hint_wins")


def _top_trump(reading: Reading, card: str, wins: Reason) -> bool:
    """``card`` is of the trump, exposed and known to this seat, and every higher trump is
    gone (``wins`` says so): nothing played after it can beat it."""
    return (wins.key == "hint_wins_gone" and reading.exposed and reading.trump is not None
            and reading.suit(card) == reading.trump)


def _is_winning_attempt(reading: Reading, card: str) -> bool:
    """The card would be winning the trick now, by the rules this seat can see."""
    if not reading.trick:
        return True
    best = reading.winning()
    assert best is not None
    led = reading.suit(reading.trick[0][1])
    if reading.suit(card) == led and not reading.counts_as_trump(0, best[1]):
        return reading.power(card) > reading.power(best[1])
    return reading.trump is not None and reading.exposed and reading.suit(card) == reading.trump


def trick_forced(h: Hand, action: Action, goal: Callable[[int], bool]) -> bool | None:
    """Whether, in deal ``h`` after ``action``, the seat's side can make the current trick's
    winner satisfy ``goal`` whatever the other side answers: the trick played out by the
    engine's own play (asking and exposing included), the seat's side choosing its cards,
    the other side choosing theirs.  ``None`` outside the solver's positions."""
    if h.phase != PLAY:
        return None
    try:
        pos = Position.from_hand(h)
    except SolverError:
        return None
    seat = h.to_act
    assert seat is not None
    code = next((c for c in pos.legal() if h.action(seat, c) == action), None)
    if code is None:
        return None
    side = pos.bid_side[seat]
    tricks = len(pos.tricks)

    def forced() -> bool:
        if len(pos.tricks) > tricks:
            return goal(pos.tricks[tricks][3])
        if pos.to_act is None:                 # annulled in the trick (28-ANN-2)
            return False
        ours = pos.bid_side[pos.to_act] == side
        for c in pos.legal():
            saved = pos.apply(c)
            found = forced()
            pos.undo(saved)
            if found == ours:                  # ours: one good answer; theirs: one refutes
                return found
        return not ours

    saved = pos.apply(code)
    result = forced()
    pos.undo(saved)
    return result


# ---- the auction, the trump, the windows: play-outs ------------------------------------------


def _played_out(view: View, ev: Evaluation, chosen: Action) -> Reason:
    mine = ev.value_of(chosen)
    assert mine is not None
    deals = ev.deals
    won = round(mine.wins * deals)
    if chosen.verb in ("bid", "trump"):
        return Reason("hint_playout", None, {"won": won, "deals": deals})
    if chosen.verb == "pass" and view["phase"] == "auction":
        bids = [v for v in ev.values if v.action.verb == "bid"]
        if bids:
            other = bids[0]
            return Reason("hint_pass", None, {"won": won, "deals": deals,
                                              "bid": other.action.arg,
                                              "bid_won": round(other.wins * deals)})
    return Reason("hint_playout_points", None, {"won": won, "deals": deals,
                                                "points": _num(mine.card_points)})


def _num(x: float) -> float:
    """A number for a sentence: one decimal, and no ``-0.0``."""
    return round(x, 1) + 0.0

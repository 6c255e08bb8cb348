"""Why the expert chose an action: one line in a player's words, made from its search.

The line is a :class:`~twentyeight.engine.reasons.Reason` (a key, a rule ID when a rule is
the point, language-neutral parameters), so every front end says it in its own language.
It is drawn from what the search found, never from a rule of thumb:

* the **values** of the evaluation — what asking, the pair or the best card gains over the
  next choice, how often the hand goes the seat's way in the play-outs; a choice that wins
  the hand less often than another (or never) is said to lose less, or score more, on
  average than that other, never argued for by a win count that argues against it;
* what happens to the **current trick** in the searched deals: in each deal the players
  still to play answer the card in every way the engine allows (asking and trumping among
  them), each side choosing for itself, which says whether the card wins the trick in every
  deal whatever the others do, whether the partner's card cannot be beaten, or whether the
  trick is lost whatever is played.

An action that is the only legal one is said to be so ("it is the only card you may play:
you must follow spades", "it is the only legal action"), never compared with choices there
are not.

Only public cards and the seat's own are named (the cards already played, the partner's
card on the table), so a reason never tells a player more than the view holds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from twentyeight.analysis.expert import TIE, ActionValue, Evaluation
from twentyeight.analysis.outcome import game_measure, score_unit
from twentyeight.analysis.surprises import explain_turn, explained_rules
from twentyeight.bots.reading import Reading
from twentyeight.cards import SUITS
from twentyeight.engine import play
from twentyeight.engine.actions import Action
from twentyeight.engine.hand import Hand
from twentyeight.engine.reasons import Reason, cite
from twentyeight.engine.scoring import failure_to_opponents
from twentyeight.engine.state import PLAY
from twentyeight.solver.position import Position, SolverError
from twentyeight.views import View

__all__ = ["explain_choice", "trick_forced"]

EVEN = 0.05
"""Card points closer than this count as the same."""


def explain_choice(view: View, evaluation: Evaluation, action: Action | None = None,
                   against: Action | None = None) -> Reason:
    """The reason for ``action`` (the evaluation's best by default) at ``view``'s decision,
    citing the rule of the view's variant.  An action that is the only legal one is said to
    be so (with the rule that leaves no other), never compared with choices there are not.
    A card is compared with ``against`` where given (a review: the card played, whose cost
    is told beside the reason), else with the next best card."""
    chosen = action or evaluation.best.action
    if len(view["legal"]) == 1:
        return _forced(view, evaluation, chosen)
    if evaluation.method == "play-outs":
        return _played_out(view, evaluation, chosen, against)
    return cite(_play(view, evaluation, chosen, against), Reading.of(view).rules)


# ---- one legal action ------------------------------------------------------------------------


def _forced(view: View, ev: Evaluation, chosen: Action) -> Reason:
    """The only legal action: the card that must follow suit, the last card, the ask or the
    reveal that must come first, or any other call the rules leave alone (the dealer's
    forced bid); with the rule that leaves nothing else where the rules page explains it."""
    rules = Reading.of(view).rules
    note = _restriction(view, ev)
    shown = explained_rules(rules)          # the rules a hint may cite: the rules page's
    rule = cite(note, rules).rule if note is not None else None
    if rule not in shown:
        rule = None
    if chosen.verb == "play":
        if note is not None and note.key == "follow_suit":
            return Reason("hint_only_follow", rule, {"suit": note.params["suit"]})
        hidden_indicator = view["seat"] == view["bidder"] and view["indicator_face_down"]
        if note is None and len(view["hand"]) == 1 and not hidden_indicator:
            return Reason("hint_only_last")
        return Reason("hint_only", rule)
    if chosen.verb in ("ask", "reveal"):
        return Reason(f"hint_only_{chosen.verb}", rule)
    if rule is None:
        rule = next((r.rule for r in explain_turn(view) if r.rule in shown), None)
    return Reason("hint_only_action", rule)


def _restriction(view: View, ev: Evaluation) -> Reason | None:
    """The last of the play's restrictions on the seat's cards at this turn (the narrowest:
    "you must follow suit", "having asked you must play a trump"), read from a searched
    deal: the seat's own cards and what is public decide them, never the hidden cards."""
    seat = view["seat"]
    h = next((w for w in ev.worlds if w.phase == PLAY and w.to_act == seat), None)
    if view["phase"] != "play" or h is None:
        return None
    notes: play.Notes = []
    play.play_options(h, seat, notes)
    return notes[-1][1] if notes else None


# ---- the play of the cards ---------------------------------------------------------------


def _play(view: View, ev: Evaluation, chosen: Action, against: Action | None = None
          ) -> Reason:
    mine = ev.value_of(chosen)
    assert mine is not None
    others = [v for v in ev.values if v.action != chosen]
    if chosen.verb == "pair":
        old, new = view["target"], _target_after_pair(ev, chosen)
        key = "hint_pair_lowers" if new is not None and old is not None and new < old \
            else "hint_pair_raises"
        return Reason(key, "28-PAIR-4", {"old": old, "new": new})
    asks = [v for v in others if v.action.verb in ("ask", "reveal")]
    rest = [v for v in others if v.action.verb == "play"]
    if chosen.verb in ("ask", "reveal") and not rest:
        return Reason("hint_points", None, {"points": _num(mine.card_points)})
    if chosen.verb in ("ask", "reveal"):
        played = [v for v in rest if v.action == against]        # (a review: that card)
        gain = mine.card_points - max((v.card_points for v in played or rest),
                                      default=mine.card_points)
        key = "hint_ask" if chosen.verb == "ask" else "hint_reveal"
        return Reason(key, None, {"gain": _num(max(0.0, gain))})
    if not others:
        return Reason("hint_only")
    if all(abs(v.card_points - mine.card_points) < EVEN
                         and abs(v.game_points - mine.game_points) < EVEN for v in others):
        return Reason("hint_equal")
    card_played = next((v for v in others
                        if v.action == against and v.action.verb == "play"), None)
    if card_played is not None and mine.card_points - card_played.card_points >= EVEN:
        # a review: what the card played gave up is the reason, and the cost told beside it
        # (the trick, or asking, may go the same way with either card)
        return _margin(mine, card_played)
    trick = _trick_reason(view, ev, chosen)
    lost = trick is not None and trick.key.startswith("hint_trick_lost")
    if trick is not None and not (lost and asks):
        return trick
    if asks:                        # (a trick "that cannot be won" may be won by asking: the
        ask = asks[0]               # reason is what asking would cost the hand)
        loss = mine.card_points - ask.card_points
        if loss < EVEN and mine.game_points - ask.game_points >= EVEN:
            return _versus(mine, ask, view)
        key = "hint_no_ask" if ask.action.verb == "ask" else "hint_no_reveal"
        return Reason(key, None, {"loss": _num(max(0.0, loss))})
    cards = [v for v in others if v.action.verb == "play"]
    if not cards:
        return Reason("hint_points", None, {"points": _num(mine.card_points)})
    runner = next((v for v in cards if v.action == against), cards[0])
    if mine.card_points - runner.card_points >= EVEN:
        return _margin(mine, runner)
    deals = len(ev.worlds) or ev.deals               # best for the hand, not for the points
    won, other_won = round(mine.wins * deals), round(runner.wins * deals)
    if won > other_won:
        return Reason("hint_wins_more", None, {"won": won, "deals": deals,
                                               "other_won": other_won,
                                               "other_card": runner.action.arg})
    if mine.game_points - runner.game_points >= EVEN or \
            abs(mine.card_points - runner.card_points) >= EVEN:   # not more often: by more
        return _versus(mine, runner, view)
    return Reason("hint_as_good", None, {"points": _num(mine.card_points),
                                         "other_card": runner.action.arg})


def _margin(mine: ActionValue, other: ActionValue) -> Reason:
    """"your side takes 14.2 card points on average, 1.4 more than with 9♥"."""
    return Reason("hint_margin", None, {"points": _num(mine.card_points),
                                        "gain": _num(mine.card_points - other.card_points),
                                        "other_card": other.action.arg})


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
        return wins if last or _top_trump(reading, chosen.arg) else \
            Reason("hint_wins_all", None, {"deals": deals})
    winning = reading.winning()
    if ours == deals:               # (certain at the trick's last card or over a top trump)
        sure = last or (winning is not None and _top_trump(reading, winning[1]))
        seen = {} if sure else {"deals": deals}
        tail = "" if sure else "_all"
        if winning is not None and winning[0] != seat and \
                reading.team_of(winning[0]) == reading.team_of(seat):
            if points:
                return Reason(f"hint_feed_partner{tail}", None,
                              {"points": points, "winner_card": winning[1], **seen})
            return Reason(f"hint_partner_wins{tail}", None, {"winner_card": winning[1], **seen})
        return Reason(f"hint_side_wins{tail}", None, seen)
    if ours == 0:
        # certain before the trick's last card too where the other side's winning card is
        # the top trump, exposed: "lost in every deal looked at (8)" hedged a sure thing
        sure = last or (winning is not None and _top_trump(reading, winning[1])
                        and reading.team_of(winning[0]) != reading.team_of(seat))
        if not sure:
            return Reason("hint_trick_lost_all_points", None, {"deals": deals, "points": points}) \
                if points else Reason("hint_trick_lost_all", None, {"deals": deals})
        if points:
            return Reason("hint_trick_lost_points", None, {"points": points})
        return Reason("hint_trick_lost")
    if _is_winning_attempt(reading, chosen.arg) and alone:
        # the card's own wins, not its side's: "7♠ wins the trick in 2 of 8 deals" counted
        # the tricks partner's A♠ took
        return Reason("hint_wins_likely", None, {"won": alone, "deals": deals})
    return None


def _same_side(sides: tuple[bool, ...], seat: int) -> Callable[[int], bool]:
    return lambda winner: sides[winner] == sides[seat]


def _wins(reading: Reading, card: str) -> Reason:
    """"wins the trick", with the higher cards of its suit that are gone, if any: every copy
    of each (56's double pack has two) played or in this hand, at least one played."""
    outside = _higher_outside(reading, card)
    if outside and _all_played(reading, outside):
        higher = sorted(outside, key=lambda n: -reading.power(n))
        return Reason("hint_wins_gone", None, {"suit": SUITS[reading.suit(card)],
                                               "gone_cards": higher})
    return Reason("hint_wins")


def _higher_outside(reading: Reading, card: str) -> dict[str, int]:
    """The cards of ``card``'s suit above it, each with its copies outside this seat's hand."""
    suit, deck, mine = reading.suit(card), reading.deck, reading.own_copies()
    copies = Counter(deck.names[c] for c in range(deck.size)
                     if deck.suit_of[c] == suit and deck.power[c] > reading.power(card))
    return {name: n - mine[name] for name, n in copies.items() if n > mine[name]}


def _all_played(reading: Reading, cards: dict[str, int]) -> bool:
    played = reading.played_copies()
    return all(played[name] >= n for name, n in cards.items())


def _top_trump(reading: Reading, card: str) -> bool:
    """``card`` is of the trump, exposed and known to this seat, and every higher trump is
    gone or there is none (the trump's jack): nothing played after it can beat it."""
    return (reading.exposed and reading.trump is not None
            and reading.suit(card) == reading.trump
            and _all_played(reading, _higher_outside(reading, card)))


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


def _played_out(view: View, ev: Evaluation, chosen: Action, against: Action | None = None
                ) -> Reason:
    mine = ev.value_of(chosen)
    assert mine is not None
    deals = ev.deals
    won = round(mine.wins * deals)
    made = next((v for v in ev.values if v.action == against != chosen), None)
    if made is not None and mine.game_points - made.game_points >= EVEN:
        return _versus(mine, made, view)       # a review: against the choice made, its cost
    compared = _compared(ev, mine, view, against)
    if compared is not None:
        return compared
    if chosen.verb in ("bid", "trump"):
        return Reason("hint_playout", None, {"won": won, "deals": deals})
    if chosen.verb == "pass" and view["phase"] == "auction":
        bids = [v for v in ev.values if v.action.verb == "bid"]
        if bids:                          # (a review: the bid made, else the best bid)
            other = next((v for v in bids if v.action == against), bids[0])
            return Reason("hint_pass", None, {"won": won, "deals": deals,
                                              "bid": other.action.arg,
                                              "bid_won": round(other.wins * deals)})
    return Reason("hint_playout_points", None, {"won": won, "deals": deals,
                                                "points": _num(mine.card_points)})


def _compared(ev: Evaluation, mine: ActionValue, view: View, against: Action | None = None
              ) -> Reason | None:
    """The reason of a choice that its win count does not give: it wins the hand in fewer
    than half of the play-outs (a double that the defenders win 1 time in 8, but that costs
    less than passing), or less often than another choice does (a single hand that fails for
    -3 against a redoubled contract that fails for -12 but is made now and then).  Such a
    choice is best for the game points it loses or scores on average, said against those of
    ``against`` (a review: the choice made), else of the choice that wins more often (the
    best of them), else of the next best choice; when they are level, the card points
    decided (``hint_points``).  ``None`` when the win count is reason enough, or ``mine`` is
    not the best."""
    others = [v for v in ev.values if v.action != mine.action]
    if not others or mine.game_points < max(v.game_points for v in others) - EVEN:
        return None
    more = [v for v in others if v.wins > mine.wins + TIE]
    if 2 * round(mine.wins * ev.deals) >= ev.deals and not more:
        return None                     # (a win count under half argues against the choice)
    lower = [v for v in others if v.game_points <= mine.game_points - EVEN]
    made = [v for v in others if v.action == against]
    target = (made or more or lower or others)[0]        # values are ranked best first
    if mine.game_points - target.game_points < EVEN:     # level: the card points decide
        return Reason("hint_points", None, {"points": _num(mine.card_points)})
    return _versus(mine, target, view)


def _versus(mine: ActionValue, other: ActionValue, view: View) -> Reason:
    """``mine`` is worth more game points than ``other``: it loses less (when it loses on
    average) or scores more, said with both averages and what ``other`` is (a card, a bid,
    a trump suit, a call); in the game's own unit (``unit``: game points, or under tables
    and coolies what changes hands, ``game_measure``).  A defender whose side's score does
    not move (28-SCORE-3) is told what the bidders score, not a loss of its own
    (:func:`_bidders_score`)."""
    rules = Reading.of(view).rules
    factor, _ = game_measure(rules)
    unit = score_unit(rules) or "game_points"
    bidders = _bidders_score(view) if other.action.verb not in ("bid", "trump") else None
    if bidders is not None:                    # what the bidders make of each: less is better
        mine_b, other_b = mine.game_points * bidders, other.game_points * bidders
        if mine_b > 0:                         # "the bidders score 0.3 …, against 0.8 with …"
            key = "hint_bidders_score"
            low, high = _apart(mine_b, other_b)
        else:                                  # "the bidders lose 0.5 …, against 0.1 with …"
            key = "hint_bidders_lose"
            high, low = _apart(-mine_b, -other_b)
        params: dict[str, object] = {"low": low, "high": high, "unit": unit}
    elif mine.game_points < 0:
        key = "hint_loses_less"
        low, high = _apart(-mine.game_points * factor, -other.game_points * factor)
        params = {"low": low, "high": high, "unit": unit}
    else:
        key = "hint_scores_more"
        high, low = _apart(mine.game_points * factor, other.game_points * factor)
        params = {"high": high, "low": low, "unit": unit}
    action = other.action
    arg = action.arg or ""
    if action.verb == "play" and arg:
        return Reason(f"{key}_card", None, {**params, "other_card": arg})
    if action.verb == "bid" and arg:
        return Reason(f"{key}_bid", None, {**params, "bid": arg})
    suit = arg[-1:] if action.verb == "trump" and len(arg) in (1, 2) else ""
    if suit and suit in SUITS:
        return Reason(f"{key}_trump", None, {**params, "suit": suit})
    return Reason(key, None, {**params, "verb": action.verb})


def _bidders_score(view: View) -> float | None:
    """For a defender whose own score no hand moves (28-SCORE-3: a game of ``target`` where a
    failed contract costs only the bidding side), the factor that turns its side's net game
    points into the bidding side's change: ``-(teams - 1)`` (the net is its change, nothing,
    less the others' average).  ``None`` for the bidding side, in the auction, or where the
    defenders score too (tables, coolies, a score sheet, ``opponents_gain``)."""
    bidder = view.get("bidder")
    if view.get("special") is not None and view.get("special_seat") is not None:
        bidder = view["special_seat"]          # (a single hand's declarer scores: 28-SH-4)
    teams = view.get("teams") or []
    if bidder is None or view["phase"] == "auction" or not teams:
        return None
    rules = Reading.of(view).rules
    if score_unit(rules) is not None or failure_to_opponents(rules):
        return None
    if any(bidder in seats and view["seat"] in seats for seats in teams):
        return None
    return -(len(teams) - 1.0)


def _num(x: float) -> float:
    """A number for a sentence: one decimal, and no ``-0.0``."""
    return round(x, 1) + 0.0


def _apart(x: float, y: float) -> tuple[float, float]:
    """Two averages compared in a sentence, with as many decimals (one to three) as tell them
    apart and keep neither one that is not nothing at 0: "0.24 against 0.16", "0.04 against
    0.1", not "0.2 against 0.2" or "0 against 0.1"."""
    for places in (1, 2, 3):
        a, b = round(x, places) + 0.0, round(y, places) + 0.0
        if a != b and (a or not x) and (b or not y):
            break
    return a, b

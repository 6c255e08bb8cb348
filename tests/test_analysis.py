"""Learning from the expert: the analysis numbers, hints and the hand review.

The numbers are checked on a position whose answer is counted by hand (the ``ending`` record of
``tests/records/learn_cases.json``, from a hand the ``rules`` bot played): preset 28, bidder
E (seat 3) with spades trump exposed, contract 15, E's side has banked 9 points, and E leads
to trick 7.  The four hands hold N 8♠ 10♦ · W A♦ K♦ · S J♠ 9♦ · E 9♠ A♠.

* E leads A♠: N follows 8♠, W throws K♦, S takes it with J♠ (4 points to the defenders:
  A♠ 1 + J♠ 3).  S leads 9♦, N 10♦, W A♦, and E trumps with 9♠: 2 + 1 + 1 + 2 = 6 more for
  E's side, 15 in all — the contract is made: +1 game point (28-SCORE-1, 14–19 tier).
* E leads 9♠: the same, but now 9♠ (2) goes to S's trick and E trumps the last trick with A♠
  (1): 5 more, 14 in all — one card point short, failed: −2 game points.

So leading 9♠ costs exactly 1 card point and 3 game points, and leading A♠ costs nothing.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers import named_cards, seen_cards
from twentyeight import PRESETS, Action, Game
from twentyeight.analysis import Effort, default_expert, hint
from twentyeight.analysis.review import biggest_first, review_hand
from twentyeight.analysis.surprises import explained_rules
from twentyeight.engine.reasons import ENGLISH, Reason

CASES: dict[str, Any] = json.loads(
    (Path(__file__).parent / "records" / "learn_cases.json").read_text("utf-8"))
SMALL = Effort(deals=2, nodes=20_000, playouts=1, candidates=2)
"""An effort small enough for hypothesis: early tricks fall back to play-outs."""


def ending(last: str | None = None) -> Game:
    """The counted position (see the module docstring), optionally after E's lead."""
    g = Game.from_record(CASES["ending"])
    if last is not None:
        g.apply(last)
    return g


def finished(lead: str) -> dict[str, Any]:
    """The ending's record played out after E's ``lead`` (the first legal card each time)."""
    g = ending(lead)
    while not g.over:
        g.apply(g.legal_actions()[0])
    return g.to_record()


def test_counted_position_values_with_every_hand_known() -> None:
    """28-SCORE-1/2 and the tier of 28-SCORE (14–19: +1, −2): A♠ makes 15, 9♠ only 14."""
    g = ending()
    ev = default_expert().evaluate_known(g.hand)
    values = {str(v.action): (v.card_points, v.game_points, v.wins) for v in ev.values}
    assert values == {"3 play AS": (15.0, 1.0, 1.0), "3 play 9S": (14.0, -2.0, 0.0)}
    assert ev.basis == "known" and ev.method == "solver" and ev.deals == 1
    assert ev.best.action == Action(3, "play", "AS")
    assert ev.loss(Action(3, "play", "9S")) == (1.0, 3.0)
    assert ev.loss(Action(3, "play", "AS")) == (0.0, 0.0)


def test_counted_position_from_the_view() -> None:
    """Over deals consistent with E's view A♠ is still the better lead, by less than with
    the cards known (in some deals J♠ sits with E's partner and 9♠ costs nothing)."""
    g = ending()
    ev = default_expert().evaluate(g.view(3))
    assert ev.basis == "sampled" and ev.deals == 8
    assert ev.best.action == Action(3, "play", "AS")
    cost, game_points = ev.loss(Action(3, "play", "9S"))
    assert 0 < cost <= 1.0 and 0 < game_points <= 3.0


def test_the_every_hand_known_verdict_is_bounded() -> None:
    """A review with every hand known had no node allowance: in a 56 of eight players one
    decision ran for more than 25 minutes in the server's review lane, and anyone may ask
    for one (POST /api/review takes a record).  It now has ``known_nodes``, beyond which it
    is played out, and a server's review gives the verdict only in its first
    ``known_seconds``."""
    from twentyeight.analysis.search import SearchExpert

    g = Game.new("28", seed=1, dealer=0)                   # the first lead: many nodes
    while g.view(g.to_act)["phase"] != "play":
        g.apply(g.legal_actions()[-1] if g.legal_actions()[-1].verb != "redeal"
                else g.legal_actions()[0])
    tight = SearchExpert(Effort(known_nodes=1_000)).evaluate_known(g.hand)
    assert tight.basis == "known" and tight.method == "play-outs"
    assert SearchExpert().evaluate_known(g.hand).method == "solver"     # (28: within 3 M)
    finished = Game.new("28", seed=1, dealer=0)
    while not finished.over:
        finished.apply(finished.legal_actions()[0])
    rec = finished.to_record()
    cheap = Effort(deals=2, nodes=20_000, playouts=1)
    none = review_hand(rec, seats=[0], expert=default_expert(cheap), known_seconds=0.0)
    assert none and all(d.known is None for d in none)
    some = review_hand(rec, seats=[0], expert=default_expert(cheap), known_seconds=600.0)
    assert [d.index for d in some] == [d.index for d in none]
    assert all(d.known is not None for d in some)


def test_in_the_double_pack_a_card_is_gone_only_when_both_copies_are() -> None:
    """56-DECK-1 (two of every card): "wins the trick: every higher card of spades is gone
    (J♠, 9♠, A♠)" counted a card as gone when one copy was played and its twin was still in
    another hand (16 of 42 such texts, an audit).  Over bot-played 56 hands, at each last
    card of a trick that wins it, no card the reason calls gone has a copy in another hand."""
    from twentyeight.analysis.why import _wins
    from twentyeight.bots import make_bot
    from twentyeight.bots.reading import Reading

    said = 0
    for seed in range(12):
        g = Game.new("56", seed=seed, dealer=seed % 6)
        bot = make_bot("rules", seed=seed)
        while not g.over:
            view = g.view(g.to_act)
            last = view["trick"] is not None and \
                len(view["trick"]["cards"]) == 5 - len(view["sitting_out"])
            for entry in view["legal"] if view["phase"] == "play" and last else []:
                action = Action.parse_entry(entry)
                after = g.copy()
                after.apply(entry)
                if action.verb != "play" or \
                        after.view(view["seat"])["tricks"][-1]["winner"] != view["seat"]:
                    continue
                reason = _wins(Reading.of(view), str(action.arg))
                if reason.key == "hint_wins_gone":
                    said += 1
                    others = [c for k in range(6) if k != view["seat"]
                              for c in g.view(k)["hand"]]
                    assert not set(reason.params["gone_cards"]) & set(others), (seed, entry)
            g.apply(bot.decide(view, g.legal_actions()))
    assert said >= 5


def test_review_counts_the_mistake_and_the_best_move_costs_nothing() -> None:
    """The review of E's lead: 9♠ costs 1 card point and 3 game points with every hand known;
    A♠ (the expert's move) costs 0 on both bases."""
    index = len(CASES["ending"]["actions"])
    wrong = review_hand(finished("3 play 9S"), seats=[3])
    right = review_hand(finished("3 play AS"), seats=[3])
    bad = next(d for d in wrong if d.index == index)
    good = next(d for d in right if d.index == index)
    assert (bad.known.best, bad.known.loss, bad.known.loss_game_points) == \
        (Action(3, "play", "AS"), 1.0, 3.0)
    assert bad.sampled.best == Action(3, "play", "AS") and bad.sampled.loss > 0
    assert (good.sampled.loss, good.sampled.loss_game_points, good.known.loss,
            good.known.loss_game_points) == (0.0, 0.0, 0.0, 0.0)
    order = biggest_first(wrong)
    costs = [(d.sampled.loss_game_points, d.sampled.loss) for d in order]
    assert costs == sorted(costs, reverse=True) and costs[0] > (0.0, 0.0)
    entry = bad.to_json()
    assert entry["hand"] == 0 and entry["seat"] == 3 and entry["action"] == "3 play 9S"
    assert entry["best"] == "3 play AS" and entry["reason"] == str(bad.reason)


def test_decisions_without_a_choice_are_not_reviewed() -> None:
    """The last trick (one card each) and forced calls are not decisions."""
    record = finished("3 play AS")
    found = review_hand(record, expert=default_expert(SMALL))
    game = Game.from_record({**record, "actions": []})
    choices = []
    for i, text in enumerate(record["actions"]):
        if len(game.legal_actions()) > 1:
            choices.append(i)
        game.apply(text)
    assert sorted(d.index for d in found) == choices


def test_pair_is_worth_its_target() -> None:
    """28-PAIR-4: showing the pair is worth the best card's line with the target moved; a card
    that keeps the king and the queen keeps the pair for later, the king or queen loses it."""
    record = CASES["pair_bidding"]
    game = Game.from_record({**record, "actions": []})
    for text in record["actions"]:
        if text.split()[1] == "pair":
            break
        game.apply(text)
    seat = game.to_act
    assert seat is not None and Action(seat, "pair") in game.legal_actions()
    ev = default_expert().evaluate_known(game.hand)
    pair = ev.value_of(Action(seat, "pair"))
    assert pair is not None
    best_card = max((v for v in ev.values if v.action.verb == "play"),
                    key=lambda v: (v.game_points, v.card_points))
    assert pair.card_points == best_card.card_points
    assert pair.game_points >= best_card.game_points
    assert ev.loss(Action(seat, "pair")) == (0.0, 0.0)


# ---- hints --------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", sorted(PRESETS))
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 80))
def test_hint_is_legal_under_every_preset(preset: str, seed: int, steps: int) -> None:
    """Whatever the preset and the moment, the hint is one of the seat's legal actions, its
    reason is a sentence of the catalog, and it names no card the seat has not seen."""
    rng = random.Random(seed)
    game = Game.new(preset, seed=seed, dealer=rng.randrange(PRESETS[preset].num_players))
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    if game.over:
        return
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    h = hint(view, default_expert(SMALL, seed=seed))
    assert str(h.action) in view["legal"]
    assert h.reason.key in ENGLISH and str(h.reason)
    assert h.reason.rule is None or h.reason.rule in explained_rules(PRESETS[preset])
    shown = h.to_json()
    json.dumps(shown)
    assert named_cards(shown["reason"]["params"]) <= seen_cards(view)
    assert {v["action"] for v in shown["values"]} <= set(view["legal"])


def at_trick(name: str, done: int, played: int) -> Game:
    """A case record replayed to the moment ``played`` cards lie in trick ``done + 1``."""
    record = CASES[name]
    game = Game.from_record({**record, "actions": []})
    for text in record["actions"]:
        h = game.hand
        if len(h.tricks) == done and len(h.trick_cards) == played and \
                text.split()[1] == "play":
            return game
        game.apply(text)
    raise AssertionError("no such moment")


def test_hint_wins_the_trick_when_the_higher_cards_are_gone() -> None:
    """Trick 7 of ``pair_opponents``: N leads with 9♥ 9♣ left, clubs trump and exposed, J♣
    played in trick 6 — 9♣ is the top trump, and the hint says so from its search."""
    g = at_trick("pair_opponents", 6, 0)
    view = g.view(0)
    assert sorted(view["hand"]) == ["9C", "9H"]
    assert view["trump"] == "C" and view["trump_exposed"]
    h = hint(view)
    assert h.action == Action(0, "play", "9C")
    assert (h.reason.key, h.reason.params) == ("hint_wins_gone",
                                               {"suit": "C", "gone_cards": ["JC"]})
    assert str(h.reason) == "wins the trick: every higher card of clubs is gone (J♣)"


def test_a_trick_is_called_won_for_certain_only_when_it_is() -> None:
    """N leads 9♥ at trick 1 of 28 (seed 503): the hint said "wins the trick: nobody after
    you can beat it" from the one deal its search solved, while E held J♥; an audit found 33
    of 486 such certainties false in the real deal.  Before the trick's last card (and but
    for the top trump, above) it says what the deals looked at say."""
    g = Game.from_record({"rules": "28", "dealer": 3, "seed": 503, "actions": [
        "0 bid 14", "1 pass", "2 pass", "3 bid 15", "0 pass", "1 pass", "2 pass", "3 trump 8C",
        "3 pass", "1 pass"]})
    view = g.view(0)
    assert view["to_act"] == 0 and view["trick"]["cards"] == []
    h = hint(view)
    assert h.reason.key not in ("hint_wins", "hint_wins_gone", "hint_trick_lost",
                                "hint_trick_lost_points"), h.reason
    if h.reason.key == "hint_wins_all":
        deals = h.reason.params["deals"]
        assert str(h.reason) == f"wins the trick in every deal looked at ({deals})"


def test_hint_gives_points_to_the_partner_who_cannot_be_beaten() -> None:
    """Trick 7 of ``pair_opponents`` again: after N's 9♣ and W's K♣, S (N's partner) holds
    Q♠ A♥ — the ace's point goes to N's unbeatable 9♣."""
    g = at_trick("pair_opponents", 6, 2)
    view = g.view(2)
    assert view["trick"] is not None and view["trick"]["cards"] == ["9C", "KC"]
    h = hint(view)
    assert h.action == Action(2, "play", "AH")
    assert (h.reason.key, h.reason.params) == ("hint_feed_partner",
                                               {"points": 1, "winner_card": "9C"})


def test_hint_is_deterministic() -> None:
    """The same view and seed give the same hint and the same numbers."""
    view = ending().view(3)
    first, second = hint(view).to_json(), hint(view).to_json()
    assert first == second


def test_a_hint_for_the_only_card_says_so() -> None:
    """One legal card (the last trick): the hint plays it and says it is the only one."""
    from twentyeight.analysis import hint

    record = CASES["ending"]                   # the counted ending: the last trick's cards
    g = Game.from_record({**record, "actions": [*record["actions"], "3 play 9S", "0 play 8S",
                                                "1 play KD", "2 play JS", "2 play 9D"]})
    assert len(g.legal_actions()) == 1
    h = hint(g.view(g.to_act), default_expert(Effort(deals=2, playouts=2)))
    assert h.action == g.legal_actions()[0] and h.reason.key == "hint_only_last"
    assert str(h.reason) == "it is your last card"


FOLLOW_28 = {"rules": "28", "dealer": 0, "seed": 0, "actions": [
    "1 bid 14", "2 pass", "3 pass", "0 bid 15", "1 bid 16", "2 pass", "3 pass", "0 pass",
    "1 trump 8S", "1 pass", "3 pass", "1 play JC", "2 play 8C"]}
"""W (seat 3) holds J♠ J♥ A♥ Q♥ 7♥ Q♦ 7♦ 7♣ as clubs are led: 7♣ is the only card."""


def test_a_forced_card_says_it_must_follow_suit() -> None:
    """One legal card of eight: the hint says why there is no other ("you must follow
    clubs"), whether the deals were solved or played out (the play-outs said "your side
    wins the hand in 0 of 2 play-outs" of a card there was no choice about), citing the
    rule (28-PLAY-2), which the rules page now explains."""
    view = Game.from_record(FOLLOW_28).view(3)
    assert view["legal"] == ["3 play 7C"] and len(view["hand"]) == 8
    methods = set()
    for effort in (Effort(deals=2, playouts=2), SMALL):
        h = hint(view, default_expert(effort))
        methods.add(h.evaluation.method)
        assert h.reason == Reason("hint_only_follow", "28-PLAY-2", {"suit": "C"})
        assert str(h.reason) == \
            "it is the only card you may play: you must follow clubs (28-PLAY-2)"
    assert methods == {"solver", "play-outs"}


def test_a_forced_reveal_or_ask_is_not_said_to_be_worth_more() -> None:
    """The bidder void in hearts holding only trumps must reveal (28-BR-3); in 29 the first
    player who cannot follow suit must ask (29-PLAY-3).  Each was "worth 0.0 card points
    more than" the choice there was not; each is the only legal action, with its rule."""
    reveal = Game.from_record({**FOLLOW_28, "actions": [
        *FOLLOW_28["actions"], "3 play 7C", "0 play QC", "1 play 8D", "2 play KD", "3 play 7D",
        "0 play JD", "0 play 8H", "1 play KC", "2 play KH", "3 play AH", "3 play JS",
        "0 play QS", "1 play 9S", "2 play AS", "3 play JH", "0 play TH", "1 play AC",
        "2 play 9H", "3 play 7H", "0 play TS"]})
    ask = Game.from_record({"rules": "29", "dealer": 1, "seed": 1, "actions": [
        "2 bid 15", "3 bid 16", "0 pass", "1 pass", "2 bid 17", "3 pass", "0 pass", "1 pass",
        "2 trump C", "2 play 7S"]})
    for g, key, rule, verb in ((reveal, "hint_only_reveal", "28-BR-3", "reveal"),
                               (ask, "hint_only_ask", "29-PLAY-3", "ask")):
        view = g.view(g.to_act)
        assert view["legal"] == [f"{g.to_act} {verb}"]
        h = hint(view, default_expert(Effort(deals=2, playouts=2)))
        assert h.reason == Reason(key, rule)
        assert str(h.reason).startswith("it is the only legal action: you cannot follow suit, "
                                         f"so you must first {verb} ")


def test_the_dealers_forced_bid_is_the_only_legal_action() -> None:
    """29-AUC-3: three passes leave the dealer one bid; the hint says so instead of how
    often the bid wins."""
    g = Game.new("29", seed=5, dealer=0)
    for _ in range(3):
        g.apply(next(a for a in g.legal_actions() if a.verb == "pass"))
    view = g.view(0)
    assert len(view["legal"]) == 1
    h = hint(view, default_expert(Effort(deals=2, playouts=2)))
    assert h.reason == Reason("hint_only_action", "29-AUC-3")
    assert str(h.reason) == "it is the only legal action (29-AUC-3)"


SINGLE_REDOUBLED = {"rules": {"preset": "28", "double_redouble": True, "single_hand": True},
                    "dealer": 1, "seed": 149, "actions": [
                        "2 bid 14", "3 bid 15", "0 pass", "1 pass", "2 bid 16", "3 bid 17",
                        "0 pass", "1 pass", "2 pass", "3 trump 7C", "0 double", "3 redouble",
                        "3 pass", "1 pass", "2 pass"]}
"""E (seat 3) bid 17, was doubled and redoubled, and is asked whether to play a single hand
(28-SH-1): it fails (-3) in every play-out, but the redoubled contract fails worse (about
-5.5 over 64 play-outs)."""


def test_a_single_hand_that_loses_less_says_so() -> None:
    """The hint to declare a single hand said "your side wins the hand in 0 of 4 play-outs",
    an argument against it; it is chosen because it loses less than the redoubled
    contract, and says so."""
    view = Game.from_record(SINGLE_REDOUBLED).view(3)
    assert view["phase"] == "single_hand"
    h = hint(view)
    assert h.action == Action(3, "single")
    assert h.reason.key == "hint_loses_less"
    assert h.reason.params["verb"] == "pass" and h.reason.params["low"] == 3.0
    assert h.reason.params["high"] > 3.0
    assert str(h.reason).startswith("loses less: your side loses 3.0 game points on average, "
                                    "against ")
    assert str(h.reason).endswith(" if you pass")


def test_a_close_call_is_played_out_further_but_within_a_bound() -> None:
    """Auction and window hints rested on 4 play-outs, and disagreed with 32 in about half
    the cases of an audit: here (28-SH-1, S redoubled at 15) 4 play-outs said "play a single
    hand" (-3 every time), while over 64 play-outs passing is worth -0.4 and the single hand
    -3.  A call starts with 8 play-outs and is played out in twice as many while its two best
    choices are within two standard errors of each other, up to 4 times (32): a clear call
    stays at 8, a close one goes further, none beyond the bound."""
    close = Game.from_record({
        "rules": {"preset": "28", "double_redouble": True, "single_hand": True},
        "dealer": 3, "seed": 3, "actions": ["0 bid 14", "1 bid 15", "2 pass", "3 pass",
                                            "0 pass", "1 trump 7C", "2 double", "1 redouble",
                                            "1 pass", "3 pass", "0 pass"]}).view(1)
    clear = Game.from_record({"rules": "28", "dealer": 0, "seed": 3000,
                              "actions": ["1 bid 14", "2 pass"]}).view(3)
    h = hint(close)                                            # the server's effort
    assert h.action == Action(1, "pass") and 8 < h.evaluation.deals <= 32
    effort = Effort()
    assert (effort.playouts, effort.playouts * effort.closer) == (8, 32)
    assert hint(clear).evaluation.deals == 8
    fixed = default_expert(Effort(playouts=8, closer=1))     # closer=1: no further
    assert hint(close, fixed).evaluation.deals == 8


def test_bids_equal_in_every_deal_do_not_end_the_count() -> None:
    """A hint said "bid 22" to a hand of two points (10♠ 10♣ Q♣ 7♣) beside partner's forced
    14: the bids 20, 21 and 22 won and lost the same eight deals, so the two best had no
    difference to measure and the count stopped at 8, where 64 deals say pass by 2.5 game
    points.  Candidates equal to the best deal by deal are one choice: the best is measured
    against the best that differs, and the count goes on while that is close."""
    from twentyeight.analysis.search import SearchExpert

    weights = [1.0] * 8
    bid = [(16.0, 1.0), (10.0, -2.0), (18.0, 1.0), (9.0, -2.0),
           (17.0, 1.0), (20.0, 1.0), (8.0, -2.0), (16.0, 1.0)]
    passing = [(12.0, 1.0), (14.0, -2.5), (12.0, 1.0), (11.0, -1.0),   # a little worse on
               (13.0, 1.0), (12.0, 0.5), (10.0, -2.5), (12.0, 1.0)]   # average: close
    assert SearchExpert._close([bid, list(bid), list(bid), passing], weights)
    far = [(0.0, -4.0)] * 8                                # clearly worse: no more deals
    assert not SearchExpert._close([bid, list(bid), far], weights)
    assert not SearchExpert._close([bid, list(bid)], weights)     # one choice, said twice


def test_a_choice_that_wins_less_often_is_explained_by_its_game_points() -> None:
    """Whatever the phase, the best choice that wins the hand less often than another (or
    never) is not explained by its win count: it loses less, or scores more, than the one
    that wins more often; a card as good as the next is said to be so."""
    from twentyeight.analysis.expert import ActionValue, Evaluation
    from twentyeight.analysis.why import explain_choice

    def said(view: Any, method: str, *values: tuple[str, float, float, float]) -> Reason:
        ev = Evaluation(view["seat"], "sampled", method, 4, [
            ActionValue(Action.parse(a, seat=view["seat"]), cp, gp, wins)
            for a, cp, gp, wins in values])
        return explain_choice(view, ev)

    single = Game.from_record(SINGLE_REDOUBLED).view(3)
    assert said(single, "play-outs", ("single", 3.0, -3.0, 0.0), ("pass", 20.0, -12.0, 0.25)) \
        == Reason("hint_loses_less", None, {"low": 3.0, "high": 12.0, "unit": "game_points",
                                              "verb": "pass"})
    auction = Game.new("28", seed=3, dealer=3).view(0)
    assert said(auction, "play-outs", ("pass", 14.0, 0.5, 0.25), ("bid 17", 16.0, -0.2, 0.5),
                ("bid 18", 16.0, -0.8, 0.5)) == \
        Reason("hint_scores_more_bid", None, {"high": 0.5, "low": -0.2, "unit": "game_points",
                                              "bid": "17"})
    assert said(auction, "play-outs", ("bid 17", 16.0, 0.5, 0.75), ("pass", 14.0, 0.2, 0.5)) \
        == Reason("hint_playout", None, {"won": 3, "deals": 4})       # wins most: said so
    lead = Game.from_record({**FOLLOW_28, "actions": FOLLOW_28["actions"][:11]}).view(1)
    assert said(lead, "solver", ("play JC", 10.0, 1.0, 0.5), ("play 8D", 10.0, 1.0, 0.5),
                ("play KC", 6.0, -1.0, 0.25)) == \
        Reason("hint_as_good", None, {"points": 10.0, "other_card": "8D"})
    assert said(lead, "solver", ("play JC", 10.0, 1.2, 0.5), ("play 8D", 10.0, 0.5, 0.75),
                ("play KC", 6.0, -1.0, 0.25)) == \
        Reason("hint_scores_more_card", None, {"high": 1.2, "low": 0.5, "unit": "game_points",
                                               "other_card": "8D"})


def test_a_verdict_names_the_players_own_action_when_it_is_as_good_as_any() -> None:
    """A review's "with every hand known" named the first of the tied best actions — "[A♠:
    0.0]" beside a J♣ that lost nothing, as if A♠ were better. An action tied with the best
    is its own verdict's best; one that loses names the best."""
    from twentyeight.analysis.expert import ActionValue, Evaluation
    from twentyeight.analysis.review import Verdict

    ace, jack, seven = (Action.parse(f"0 play {c}") for c in ("AS", "JC", "7S"))
    ev = Evaluation(seat=0, basis="known", method="solver", deals=1, values=[
        ActionValue(ace, 20.0, 1.0, 1.0), ActionValue(jack, 20.0, 1.0, 1.0),
        ActionValue(seven, 14.0, -2.0, 0.0)])
    assert Verdict.of(ev, jack) == Verdict(jack, 0.0, 0.0)
    assert Verdict.of(ev, seven) == Verdict(ace, 6.0, 3.0)


ASK_OR_JS = {"rules": "28", "dealer": 0, "seed": 8, "actions": [
    "1 bid 14", "2 bid 15", "3 pass", "0 pass", "1 bid 16", "2 bid 17", "3 pass", "0 pass",
    "1 pass", "2 trump 7C", "2 pass", "0 pass", "1 play JH", "2 play 9H", "3 play AH",
    "0 play 7H", "1 play JD", "2 play QD", "3 play 9D", "0 play AD", "1 play TH", "2 play TS",
    "3 play QH", "0 play 8H", "1 play TD", "2 play 9S", "3 play 7D"]}
"""S (seat 0), void in diamonds, may ask for the trump: the expert asks, and J♠ is its
worst card."""


def test_a_reviews_reason_is_told_against_the_card_played() -> None:
    """A review said a card cost 7.7 card points, and that the expert's ask was "worth 2.0
    card points more" than the next best card, not than the card played. Against the card
    played the reason gives the cost told beside it."""
    from twentyeight.analysis.review import Verdict
    from twentyeight.analysis.why import explain_choice

    view = Game.from_record(ASK_OR_JS).view(0)
    ev = default_expert(SMALL).evaluate(view)
    played = Action(0, "play", "JS")
    assert ev.best.action == Action(0, "ask") and ev.values[-1].action == played
    cost = Verdict.of(ev, played).loss
    told = explain_choice(view, ev, against=played)
    assert told.key == "hint_ask" and told.params["gain"] == round(cost, 1)
    assert explain_choice(view, ev).params["gain"] != told.params["gain"]   # the next best's


# ---- a review's reason is told against the choice made ---------------------------------------


def _played_out(view: Any, values: list[tuple[str, float, float, float]]) -> Any:
    """An evaluation by play-outs of ``view``'s seat: (action, card points, game points, share
    of the play-outs won) for each action."""
    from twentyeight.analysis.expert import ActionValue, Evaluation

    seat = view["seat"]
    return Evaluation(seat, "sampled", "play-outs", 8, [
        ActionValue(Action.parse(f"{seat} {a}"), cp, gp, won) for a, cp, gp, won in values])


def test_a_reviewed_bid_is_compared_with_the_bid_made() -> None:
    """A player bid 17 where the expert passes: the reason compared the pass with the best bid
    (16), "and with a bid of 16 in 5", beside a cost measured against 17."""
    from twentyeight.analysis.why import explain_choice

    g = Game.new("28", seed=3)
    view = g.view(g.to_act)
    ev = _played_out(view, [("pass", 12.0, 0.5, 1.0), ("bid 16", 13.0, 0.2, 0.625),
                            ("bid 17", 13.0, 0.1, 0.5)])
    made = Action.parse(f"{view['seat']} bid 17")
    assert str(explain_choice(view, ev, against=made)) == ("scores more: your side scores 0.5 "
                                                         "game points on average, against 0.1 "
                                                         "with a bid of 17")
    assert str(explain_choice(view, ev)) == \
        "your side wins the hand in 8 of 8 play-outs, and in 5 of 8 with a bid of 16"
    ev = _played_out(view, [("pass", 12.0, 0.5, 1.0), ("bid 16", 13.0, 0.2, 0.625),
                            ("bid 17", 13.0, 0.48, 0.5)])            # the bid made: as good
    assert str(explain_choice(view, ev, against=made)) == \
        "your side wins the hand in 8 of 8 play-outs, and in 4 of 8 with a bid of 17"


def test_two_averages_compared_are_told_apart() -> None:
    """"loses 0.2 game points on average, against 0.2 with a bid of 16" (a walk found it):
    the two averages get the decimals that tell them apart."""
    from twentyeight.analysis.why import explain_choice

    g = Game.new("28", seed=3)
    view = g.view(g.to_act)
    ev = _played_out(view, [("pass", 9.0, -0.16, 0.0), ("bid 16", 12.0, -0.24, 0.0)])
    assert str(explain_choice(view, ev, against=Action.parse(f"{view['seat']} bid 16"))) == \
        "loses less: your side loses 0.16 game points on average, against 0.24 with a bid of 16"


def test_a_56_bid_in_a_reason_is_written_for_people() -> None:
    """56-AUC-3: a bid names its trump; the hint said "with a bid of 29S"."""
    from twentyeight.analysis.why import explain_choice

    g = Game.new("56", seed=3)
    view = g.view(g.to_act)
    ev = _played_out(view, [("pass", 20.0, 0.4, 0.25), ("bid 29S", 26.0, -0.6, 0.5)])
    assert str(explain_choice(view, ev)) == ("scores more: your side scores 0.2 tables on "
                                             "average, against -0.3 with a bid of 29 ♠")
    ev = _played_out(view, [("pass", 20.0, 0.9, 1.0), ("bid 30NT", 26.0, 0.3, 0.75)])
    assert str(explain_choice(view, ev)).endswith("and in 6 of 8 with a bid of 30 no-trump")


def test_a_reviewed_card_is_told_by_what_it_gave_up() -> None:
    """A review of a card where the expert would not ask: the reason said "keeps the trump
    hidden: asking would cost 0.6 card points" beside "7♠ — the expert: K♣, −2.6 card
    points", a choice between two cards.  It now says what the card played gave up."""
    from twentyeight.analysis.expert import ActionValue, Evaluation
    from twentyeight.analysis.why import explain_choice

    g = Game.from_record({**CASES["pair_opponents"], "actions": []})
    while g.view(g.to_act)["phase"] != "play" or len(g.legal_actions()) < 3:
        g.apply(g.legal_actions()[0])
    view = g.view(g.to_act)
    cards = [a for a in g.legal_actions() if a.verb == "play"]
    ask = Action(view["seat"], "ask", None)
    ev = Evaluation(view["seat"], "sampled", "solver", 8, [
        ActionValue(cards[0], 14.0, 1.0, 0.9), ActionValue(ask, 13.4, 1.0, 0.9),
        ActionValue(cards[1], 11.4, 1.0, 0.9)])
    told = str(explain_choice(view, ev, against=cards[1]))
    assert told.startswith("your side takes 14.0 card points on average, 2.6 more than with "), told


def test_the_partners_card_is_said_to_win_for_certain_only_when_it_must() -> None:
    """A review said "your partner's J♣ wins the trick" of a trick an opponent trumped after
    (a walk found it): before the trick's last card the sampled deals say only what they saw,
    unless the card is the top trump left, exposed (28-PLAY-1: here J♠, the trump's jack)."""
    seed60 = ["1 bid 14", "2 pass", "3 pass", "0 bid 15", "1 pass", "2 pass", "3 bid 16",
              "0 pass", "1 pass", "2 pass", "3 trump KH", "3 pass", "1 pass", "1 play JD",
              "2 ask", "2 play 8H", "3 play 8D", "0 play QD", "2 play JS", "3 play JH",
              "0 play 8S", "1 play TS", "3 play JC", "0 play 8C", "1 play TC", "2 play QC",
              "3 play 7H"]
    view = Game.from_record({"rules": "28", "dealer": 0, "seed": 60, "actions": seed60}).view(0)
    h = hint(view)
    assert h.reason.key not in ("hint_side_wins", "hint_partner_wins", "hint_feed_partner"), \
        h.reason
    if h.reason.key.endswith("wins_all") and h.reason.key != "hint_wins_all":
        assert str(h.reason).endswith(f"in every deal looked at ({h.reason.params['deals']})")
    seed51 = ["1 bid 14", "2 bid 15", "3 pass", "0 pass", "1 pass", "2 trump 9S", "2 pass",
              "0 pass", "1 play 7D", "2 play 8D", "3 play JD", "0 play KD", "3 play JH",
              "0 play TH", "1 play 9H", "2 play KH", "3 play AH", "0 ask", "0 play 7S",
              "1 play QH", "2 play JC", "0 play 8C", "1 play AC", "2 play QC", "3 play TC",
              "1 play 9C", "2 play 9S", "3 play 7C", "0 play KC", "2 play JS", "3 play 7H"]
    view = Game.from_record({"rules": "28", "dealer": 0, "seed": 51, "actions": seed51}).view(0)
    assert view["trick"]["cards"] == ["JS", "7H"] and view["trump_exposed"]
    h = hint(view)
    assert not h.reason.key.endswith("_all"), h.reason


def test_a_loss_too_small_to_tell_is_no_mistake() -> None:
    """A review listed "A♣ — the expert: K♣, −0.1 card points … every choice is worth the same
    here" (a walk found it): a loss under what a review tells (a tenth of a card point, a
    hundredth of a game point) is no loss, and the card played is as good as the best."""
    from twentyeight.analysis.expert import ActionValue, Evaluation
    from twentyeight.analysis.review import Verdict

    ace, king = Action.parse("0 play AC"), Action.parse("0 play KC")
    ev = Evaluation(0, "sampled", "solver", 8, [ActionValue(king, 10.04, 0.5, 0.5),
                                                ActionValue(ace, 10.0, 0.499, 0.5)])
    assert Verdict.of(ev, ace) == Verdict(ace, 0.0, 0.0)
    ev = Evaluation(0, "sampled", "solver", 8, [ActionValue(king, 10.06, 0.5, 0.5),
                                                ActionValue(ace, 10.0, 0.5, 0.5)])
    assert Verdict.of(ev, ace).best == king and Verdict.of(ev, ace).loss > 0.05


def test_a_56_review_counts_tables_not_game_points() -> None:
    """56-MATCH-1: a side pays the other tables, so a hand's net game points (its change less
    the other side's) are twice the tables paid.  A review said "6.00 game points" of a hand
    whose stake was a table or two; it says the tables that change hands."""
    from twentyeight.analysis.outcome import game_measure
    from twentyeight.analysis.review import cost_words
    from twentyeight.rules import Rules

    assert game_measure(Rules.from_spec("56")) == (0.5, "tables")
    assert game_measure(Rules.from_spec("56-kerala")) == (0.5, "coolies")
    assert game_measure(Rules.from_spec("28")) == (1.0, "game points")
    assert cost_words(4.94, 2.03, Rules.from_spec("56")) == "4.9 card points, 1.01 tables"
    assert cost_words(4.94, 2.03, Rules.from_spec("29")) == "4.9 card points, 2.03 game points"
    g = Game.new("56", seed=4)
    while not g.over:
        g.apply(g.legal_actions()[-1])
    assert g.result()["score_change"] == {"bidding": -7, "opponents": 7}     # one pays the other


def test_a_call_won_less_than_half_the_time_is_told_by_what_it_saves() -> None:
    """"Double — your side wins the hand in 1 of 8 play-outs, with 4 card points on average"
    (a walk found it): a win count that argues against the call.  A choice that wins fewer
    than half of its play-outs is told by the game points it saves or scores instead."""
    from twentyeight.analysis.why import explain_choice

    g = Game.new("28", seed=3)
    view = g.view(g.to_act)
    ev = _played_out(view, [("double", 4.0, -0.5, 0.125), ("pass", 3.0, -1.0, 0.125)])
    assert str(explain_choice(view, ev)) == \
        "loses less: your side loses 0.5 game points on average, against 1.0 if you pass"
    ev = _played_out(view, [("double", 4.0, 1.5, 0.5), ("pass", 3.0, 1.0, 0.5)])
    assert str(explain_choice(view, ev)).startswith("your side wins the hand in 4 of 8 ")


def test_a_trick_that_asking_would_win_is_not_called_lost(monkeypatch: Any) -> None:
    """The bidder last to play, the trick 9♣ K♣ 8♣ before him and no club: the hint said
    "8♥ — the trick cannot be won", though revealing the trump wins it (19.0 card points
    against 17.6).  Where asking or revealing is on offer the reason is what it would cost
    the hand, not a trick said lost."""
    from twentyeight.analysis import why
    from twentyeight.analysis.expert import ActionValue, Evaluation

    view = Game.new("28", seed=3, dealer=3).view(0)
    monkeypatch.setattr(why, "_trick_reason", lambda *_: Reason("hint_trick_lost"))
    ev = Evaluation(0, "sampled", "solver", 8, [
        ActionValue(Action(0, "play", "8H"), 17.6, 0.4, 0.5),
        ActionValue(Action(0, "reveal"), 19.0, -0.6, 0.4),
        ActionValue(Action(0, "play", "9D"), 17.0, 0.1, 0.5)])
    reason = why.explain_choice(view, ev)
    assert reason.key == "hint_scores_more" and reason.params["verb"] == "reveal", reason
    ev = Evaluation(0, "sampled", "solver", 8, [                    # no trump to show: lost
        ActionValue(Action(0, "play", "8H"), 17.6, 0.4, 0.5),
        ActionValue(Action(0, "play", "9D"), 17.0, 0.1, 0.5)])
    assert why.explain_choice(view, ev).key == "hint_trick_lost"


def test_a_lead_is_said_to_win_by_its_own_wins_not_its_partners(monkeypatch: Any) -> None:
    """"7♠ — wins the trick in 2 of 8 deals": the 7 won none, partner's A♠ won both.  The
    count is the card's own wins; a card that wins none is not said to win."""
    from types import SimpleNamespace

    from twentyeight.analysis import why
    from twentyeight.analysis.expert import ActionValue, Evaluation

    view = at_trick("pair_opponents", 6, 0).view(0)          # N leads, 9♥ 9♣ in hand
    sides = (True, False, True, False)
    worlds = [SimpleNamespace(bid_side=sides, winner=w) for w in (2, 2, 1, 3, 0, 1, 3, 1)]
    monkeypatch.setattr(why, "trick_forced", lambda h, _a, goal: goal(h.winner))
    ev = Evaluation(0, "sampled", "solver", 8, [
        ActionValue(Action(0, "play", "9H"), 10.0, 0.2, 0.5),
        ActionValue(Action(0, "play", "9C"), 9.0, 0.1, 0.5)], worlds=worlds)  # type: ignore
    reason = why._trick_reason(view, ev, Action(0, "play", "9H"))
    assert reason == Reason("hint_wins_likely", None, {"won": 1, "deals": 8}), reason
    partner_only = [SimpleNamespace(bid_side=sides, winner=w) for w in (2, 2, 1, 3, 2, 1, 3, 1)]
    ev.worlds = partner_only  # type: ignore[assignment]
    assert why._trick_reason(view, ev, Action(0, "play", "9H")) is None


def test_of_cards_equal_to_the_best_the_cheapest_is_chosen() -> None:
    """The opponents' trump winning the trick, A♠ 10♠ K♠ in hand and every card worth the
    same over the deals looked at: the hint outlined A♠ (the first of the legal order),
    which gives a point away; of equal cards the expert names the one a teacher throws, the
    fewest points and the lowest.  A better card still wins over a cheaper one."""
    from twentyeight.analysis.expert import ActionValue, Evaluation
    from twentyeight.analysis.search import _cheapest_first

    h = Game.new("28", seed=3, dealer=3).hand
    values = [ActionValue(Action(0, "play", c), 12.0, -0.5, 0.0) for c in ("AS", "TS", "KS")]
    assert _cheapest_first(Evaluation(0, "sampled", "solver", 8, list(values)), h) \
        .best.action == Action(0, "play", "KS")
    better = [*values[:2], ActionValue(Action(0, "play", "KS"), 11.0, -0.5, 0.0)]
    assert _cheapest_first(Evaluation(0, "sampled", "solver", 8, better), h) \
        .best.action.arg in ("AS", "TS")


def test_a_trick_the_other_sides_top_trump_holds_is_lost_for_certain() -> None:
    """Trick 3 of ``pair_bidding``, the other side's top trump winning it and a card still to
    come after this seat's: the hint hedged "the trick is lost in every deal looked at (8)";
    nothing played after the top trump, exposed, can beat it, and the hint says so."""
    g = at_trick("pair_bidding", 2, 2)
    view = g.view(g.to_act)
    h = hint(view)
    assert h.reason.key in ("hint_trick_lost", "hint_trick_lost_points"), h.reason
    assert "deals" not in h.reason.params


def test_a_call_behind_the_best_by_less_than_the_noise_is_no_mistake() -> None:
    """A first hand's opening 14 was reviewed as a mistake for 0.09 game points against 15,
    over 8 play-outs whose differences ran from −2 to +2.  Over play-outs a call behind the
    best by less than twice the difference's standard error is told as no mistake; one
    behind it in every deal still is."""
    from twentyeight.analysis.expert import ActionValue, Evaluation
    from twentyeight.analysis.review import Verdict
    from twentyeight.analysis.search import _difference

    weights = [1.0] * 8
    fifteen = [(16.0, 1.0), (10.0, -2.0), (18.0, 1.0), (9.0, -2.0),
               (17.0, 1.0), (20.0, 1.0), (8.0, -2.0), (16.0, 1.0)]
    fourteen = [(15.0, 1.0), (11.0, -2.0), (17.0, 1.0), (10.0, 1.0),
                (16.0, -2.0), (19.0, 1.0), (9.0, -2.0), (15.0, 0.25)]
    always = [(p, net - 0.5) for p, net in fifteen]
    ev = Evaluation(0, "sampled", "play-outs", 8, [
        ActionValue(Action(0, "bid", "15"), 14.25, -0.125, 0.625),
        ActionValue(Action(0, "bid", "14"), 14.0, -0.21875, 0.625),
        ActionValue(Action(0, "pass"), 14.25, -0.625, 0.5)])
    ev.noise = {Action(0, "bid", "14"): _difference(fifteen, fourteen, weights)[1],
                Action(0, "pass"): _difference(fifteen, always, weights)[1]}
    assert ev.noise[Action(0, "pass")] == 0.0
    assert not Verdict.of(ev, Action(0, "bid", "14")).costly
    assert Verdict.of(ev, Action(0, "pass")).costly
    solved = Evaluation(0, "sampled", "solver", 8, list(ev.values))   # (no noise kept)
    assert Verdict.of(solved, Action(0, "bid", "14")).costly


def test_a_defender_is_told_what_the_bidders_score(monkeypatch: Any) -> None:
    """28-SCORE-3: only the bidding side's score moves.  A defender was told "loses less:
    your side loses 0.5 game points on average", a loss its score never takes; it is told
    what the bidders score with its card and with the other.  Where the defenders score too
    (C-16's ``opponents_gain``: a failed contract's points go to them) its side's own words
    stay."""
    from twentyeight.analysis import why
    from twentyeight.analysis.expert import ActionValue, Evaluation

    monkeypatch.setattr(why, "_trick_reason", lambda *_: None)

    def said(record: dict[str, Any], seat: int, *values: tuple[str, float, float]) -> str:
        ev = Evaluation(seat, "sampled", "solver", 8, [
            ActionValue(Action.parse(f"{seat} {a}"), cp, gp, 0.5) for a, cp, gp in values])
        return str(why.explain_choice(Game.from_record(record).view(seat), ev))

    lead = {**FOLLOW_28, "actions": FOLLOW_28["actions"][:12]}     # seat 2 defends 1's 16
    assert said(lead, 2, ("play 9C", 12.0, -0.5), ("play 8C", 12.0, -1.5)) == \
        "the bidders score 0.5 game points on average, against 1.5 with 8♣"
    assert said(lead, 2, ("play 9C", 12.0, 0.5), ("play 8C", 12.0, -1.0)) == \
        "the bidders lose 0.5 game points on average, against -1.0 with 8♣"
    bidder = {**FOLLOW_28, "actions": FOLLOW_28["actions"][:11]}   # seat 1 leads its contract
    assert said(bidder, 1, ("play JC", 12.0, -0.5), ("play AC", 12.0, -1.5)).startswith(
        "loses less: your side loses 0.5 game points")
    forty = {**lead, "rules": {"preset": "28", "failure_mode": "opponents_gain"}}
    assert said(forty, 2, ("play 9C", 12.0, -0.5), ("play 8C", 12.0, -1.5)).startswith(
        "loses less: your side loses 0.5 game points")


def test_a_single_hand_s_declarer_is_the_side_that_scores() -> None:
    """28-SH-4: a single hand is scored for its declarer's side, whoever bid: a defender of
    the contract who declares it is no defender, and its opponents are told what the
    declarer's side scores."""
    from twentyeight.analysis.why import _bidders_score

    view = Game.from_record({**FOLLOW_28, "actions": FOLLOW_28["actions"][:12]}).view(2)
    assert view["bidder"] == 1 and _bidders_score(view) == -1.0      # 2 defends 1's 16
    single = {**view, "special": "single_hand", "special_seat": 0}   # 0 declares
    assert _bidders_score(single) is None                            # 2 is 0's partner
    assert _bidders_score({**single, "seat": 1}) == -1.0             # 1 now defends

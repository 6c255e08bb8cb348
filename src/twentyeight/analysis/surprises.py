"""Explanations when the rules surprise a player, each a :class:`Reason` with its rule ID.

A new player's surprises, and what is said (RULES.md, RULES-56.md):

* a **lower trump beats a higher card** of its suit because of when each was played: a
  trump-suit card played before the exposure is no trump (28-REV-5, 28-REV-6), a hidden
  trump has no power at all (28-P1-1, 29-PLAY-2) — or, in 29, the reveal makes every
  trump-suit card of the trick a trump (29-PLAY-6);
* a **bid floor**: bids missing from the choices because a partner holds the bid (28-AUC-6),
  the own team does (56-AUC-7), it is a second bid (40-4), the dealer is forced (29-AUC-3),
  the first hand must open (28-AUC-4; 56-AUC-5, 40-3, 3P-4, 6P-4, 6PK-3 in those variants),
  a raise starts at 24 (28-RAISE-1);
* a **pair changing the target**, by how much and within which bounds (28-PAIR-4/5,
  29-PAIR-3);
* an **annulment**, with the rule that annulled the hand;
* a **forced reveal**: the trump exposed without anyone asking, before the last trick
  (28-LAST-1), or the bidder's only choice being to expose it (28-BR-3);
* the **bidder's restrictions**, to the bidder, when they narrow his choices (28-BR-1…3),
  and the asker's duty to trump (28-REV-3).

Everything is read from the seat's own views (:func:`explain_step` compares the views before
and after an action), so an explanation holds nothing that seat does not know; only
:func:`explain_turn` reads the engine, for the reasons the play's own legality code gives
for the seat's own choices (:func:`twentyeight.engine.play.play_options`).
"""

from __future__ import annotations

from collections.abc import Callable

from twentyeight.bots.reading import Reading, high_bidder
from twentyeight.cards import SUITS
from twentyeight.engine import play
from twentyeight.engine.actions import bid_parts
from twentyeight.engine.hand import Hand
from twentyeight.engine.reasons import Reason, cite
from twentyeight.rules import Rules
from twentyeight.views import View

__all__ = ["ANNULMENT_RULES", "CITED", "TURN_KEYS", "explain_step", "explain_turn",
           "explained_rules"]

ANNULMENT_RULES: dict[str, str] = {
    "pointless_first_four": "28-PRE-1",
    "zero_point_first_hand": "56-ANN-3",
    "zero_point_hand": "28-POST-3",
    "first_two_pointless": "§3.6",
    "four_jacks": "28-POST-2",
    "eight_same_suit": "28-POST-4",
    "one_suit_opener": "40-5",
    "one_suit_hand": "56-ANN-2",
    "team_without_jack": "56-ANN-4",
    "low_point_hand": "56-ANN-4",
    "opponents_hold_no_trump": "56-ANN-5",
    "bidding_side_all_trumps": "28-ANN-2",
    "trump_never_revealed": "29-PLAY-8",
}
"""The rule behind each annulment reason of the engine (``annulled_reason``)."""

TURN_KEYS = ("bidder_no_trump_lead", "bidder_no_hidden_trump_discard",
             "revealer_plays_indicator", "asker_must_trump", "must_ask_first",
             "must_reveal_first")
"""The play's own legality notes that explain a restriction rather than a refusal."""

SHOWN = 2
"""At most this many earlier hidden-trump discards are recalled at an exposure."""

def _hidden(r: Rules) -> bool:
    return r.trump_mode == "hidden"


DUEL_RULE = "BOT-PROTOCOL §7.2"
"""The competition's defender/challenger auction, whose first bidder opens (bhoos-29)."""

EXPLAINED: tuple[tuple[str, str, Callable[[Rules], bool]], ...] = (
    ("must_open", "28-AUC-4",
     lambda r: r.opening_rule == "forced_bid" and r.auction_procedure != "duel"),
    ("must_open", DUEL_RULE, lambda r: r.auction_procedure == "duel"),  # the defender opens
    ("follow_suit", "28-PLAY-2", lambda r: True),    # (a hint's only card, 29-PLAY-1 in 29)
    *((key, "29-AUC-3", lambda r: r.opening_rule == "dealer_forced"
       and r.auction_procedure != "duel") for key in ("floor_dealer", "dealer_bid_forced")),
    *((key, "28-AUC-6", lambda r: r.partner_overcall == "threshold"
       and r.partner_overcall_min is not None) for key in ("floor_partner", "floor_own_team")),
    ("floor_team", "56-AUC-7", lambda r: r.partner_overcall != "threshold"),
    ("floor_second_bid", "40-4", lambda r: r.second_bid_min is not None),
    ("floor_raise", "28-RAISE-1", lambda r: r.raise_after_full_deal),
    ("rev_whole_trick", "29-PLAY-6",
     lambda r: _hidden(r) and r.trump_effect_in_reveal_trick == "whole_trick"),
    *((key, rule, lambda r: _hidden(r) and r.trump_effect_in_reveal_trick == "from_reveal")
      for key, rule in (("rev_lower_trump_wins", "28-REV-6"),
                        ("rev_discard_no_power", "28-REV-5"))),
    # a face-down card exposed before the last trick: not where the trump is a suit marked
    # apart (29), which stays hidden to the end (and a hand whose trump is never shown is
    # annulled there, 29-PLAY-8)
    ("forced_reveal_last", "28-LAST-1", lambda r: _hidden(r) and r.trump_indicator == "card"),
    ("hidden_trump_no_power", "28-P1-1", _hidden),
    *((key, rule, lambda r: r.pair_rule)
      for key, rule in (("pair_lowers", "28-PAIR-4"), ("pair_raises", "28-PAIR-4"),
                        ("hint_pair_lowers", "28-PAIR-4"), ("hint_pair_raises", "28-PAIR-4"),
                        ("pair_floor", "28-PAIR-5"), ("pair_ceiling", "28-PAIR-5"),
                        ("pair_floor_already", "28-PAIR-5"),
                        ("pair_ceiling_already", "28-PAIR-5"))),
    ("bidder_no_trump_lead", "28-BR-1", lambda r: _hidden(r) and r.bidder_restrictions),
    # where the bidder may show the trump on a trump lead, or discard a hidden trump when void
    # (56-kerala: 56-HT-5, 56-HT-9), those restrictions of 28 never arise
    ("bidder_no_reveal_on_trump_lead", "28-BR-2", lambda r: _hidden(r) and r.bidder_restrictions
     and not r.bidder_may_reveal_on_trump_lead),
    *((key, "28-BR-3", lambda r: _hidden(r) and r.bidder_restrictions
       and not r.bidder_void_discard_trump_unrevealed)
      for key in ("bidder_must_reveal", "bidder_no_hidden_trump_discard")),
    ("revealer_plays_indicator", "28-BR-3", lambda r: _hidden(r)
     and r.bidder_reveal_plays == "indicator" and r.trump_indicator == "card"),
    ("asker_must_trump", "28-REV-3", lambda r: _hidden(r) and r.asker_must_trump),
    *((key, "29-PLAY-3", lambda r: _hidden(r) and r.asking_compulsory)
      for key in ("must_ask_first", "must_reveal_first")),
)
"""What an explanation or a hint may say (its reason's key and the rule it cites before
:func:`~twentyeight.engine.reasons.cite` fits it to the variant) and under which rules it can
arise: :func:`explained_rules` lists a table's own."""

ANNULMENT_APPLIES: dict[str, Callable[[Rules], bool]] = {
    "pointless_first_four": lambda r: r.first_hand_pointless_redeal,
    "zero_point_first_hand": lambda r: r.zero_point_first_hand_cancel,
    "zero_point_hand": lambda r: r.zero_point_hand_redeal != "off",
    "first_two_pointless": lambda r: r.redeal_first_two_pointless,
    "four_jacks": lambda r: r.four_jacks_redeal,
    "eight_same_suit": lambda r: r.eight_same_suit != "ignore",
    "one_suit_opener": lambda r: r.one_suit_opener_redeal,
    "one_suit_hand": lambda r: r.one_suit_hand_redeal,
    "team_without_jack": lambda r: r.redeal_team_without_jack,
    "low_point_hand": lambda r: r.redeal_max_hand_points is not None,
    "opponents_hold_no_trump": lambda r: r.pack == "56" and r.bidding_side_all_trumps_redeal,
    "bidding_side_all_trumps": lambda r: r.pack != "56" and r.bidding_side_all_trumps_redeal,
    "trump_never_revealed": lambda r: r.unrevealed_trump_annuls,
}
"""Under which rules each annulment of :data:`ANNULMENT_RULES` can happen (its flag)."""


def explained_rules(rules: Rules) -> list[str]:
    """The rule IDs a table of ``rules`` may cite when it explains a surprise or gives a hint,
    in the order of :data:`CITED`: what its rules page explains. A rule of 28 that this
    table does not play (29's first hand may pass: no 28-AUC-4) is not among them, and each
    is the variant's own ID (29-PAIR-3 for 28-PAIR-4 in 29)."""
    cited = {cite(Reason(key, rule), rules).rule
             for key, rule, applies in EXPLAINED if applies(rules)}
    cited |= {ANNULMENT_RULES[why] for why, applies in ANNULMENT_APPLIES.items()
              if applies(rules)}
    return [rule for rule in CITED if rule in cited]


CITED = ("28-AUC-4", DUEL_RULE, "56-AUC-5", "40-3", "3P-4", "6P-4", "6PK-3", "28-AUC-6", "6PK-4",
         "56-AUC-7", "40-4", "29-AUC-3", "28-RAISE-1", "28-P1-1", "28-PLAY-2", "29-PLAY-1",
         "56-PLAY-2", "29-PLAY-2", "28-REV-3", "28-REV-5",
         "28-REV-6", "29-PLAY-3", "29-PLAY-6", "28-BR-1", "28-BR-2", "28-BR-3", "56-HT-7",
         "28-LAST-1", "28-PAIR-4", "28-PAIR-5", "29-PAIR-3",
         *dict.fromkeys(ANNULMENT_RULES.values()))
"""Every rule ID an explanation or a hint may cite (the rules page explains each one)."""


def explain_step(before: View, after: View) -> list[Reason]:
    """What to explain to the seat of both views about the action between them, each citing
    the rule of the table's variant."""
    rules = Reading.of(after).rules
    return [cite(reason, rules) for reason in _step(before, after)]


def _step(before: View, after: View) -> list[Reason]:
    out: list[Reason] = []
    if len(after["tricks"]) == len(before["tricks"]) + 1 and before["trick"]:
        out += _trick(before, after)
    if after["trump_exposed"] and not before["trump_exposed"]:
        out += _exposure(before, after)
    if after["pair"] is not None and before["pair"] is None:
        out += _pair(before, after)
    out += _forced_bid(before, after)
    result = after.get("result")
    if after["status"] == "annulled" and before["status"] != "annulled" and result:
        why = result["annulled_reason"] or ""
        out.append(Reason("annulled", ANNULMENT_RULES.get(why), {"why": why}))
    return out


def _forced_bid(before: View, after: View) -> list[Reason]:
    """The dealer's bid after everyone else passed (29-AUC-3), told to the others: it read as
    a free choice ("Left: bid 15" after three passes); the dealer itself was told at its
    turn (``floor_dealer``)."""
    reading = Reading.of(after)
    rules = reading.rules
    if rules.opening_rule != "dealer_forced" or rules.auction_procedure != "rotation":
        return []
    history = after["history"]
    if before["high_bid"] is not None or after["high_bid"] is None or not history:
        return []
    seat, verb, *_ = history[-1].split()
    passes = [e for e in before["history"] if e.split()[1] == "pass"]
    dealer = int(seat)
    if dealer != after["dealer"] or dealer == after["seat"] or verb != "bid" \
            or len(passes) != reading.n - 1:
        return []
    return [Reason("dealer_bid_forced", "29-AUC-3", {"value": after["high_bid"]})]


def explain_turn(view: View, hand: Hand | None = None) -> list[Reason]:
    """Why some choices are missing at the seat's turn: a bid floor, the bidder's
    restrictions (from ``hand``'s own legality notes when it is given), a forced reveal; each
    citing the rule of the table's variant."""
    rules = Reading.of(view).rules
    return [cite(reason, rules) for reason in _turn(view, hand)]


def _turn(view: View, hand: Hand | None) -> list[Reason]:
    if view["to_act"] != view["seat"] or not view["legal"]:
        return []
    if view["phase"] == "auction":
        return _auction(view)
    if view["phase"] == "raise":
        raises = [int(e.split()[2]) for e in view["legal"] if e.split()[1] == "raise"]
        contract = view["contract"] or view["high_bid"] or 0
        if raises and min(raises) > contract + 1:
            return [Reason("floor_raise", "28-RAISE-1", {"value": min(raises)})]
        return []
    if view["phase"] == "play":
        return _play_turn(view, hand)
    return []


# ---- the trick and the exposure -------------------------------------------------------------


def _trick(before: View, after: View) -> list[Reason]:
    """28-REV-5/6, 29-PLAY-6: the exposure trick's winner, explained by when cards fell."""
    current = before["trick"]
    assert current is not None
    exposed_at = current["exposed_before_card"]
    trump = after["trump"]
    if not exposed_at or trump is None or trump not in SUITS:
        return []
    reading = Reading.of(after)
    done = after["tricks"][-1]
    cards = done["cards"]
    win = done["seats"].index(done["winner"])
    winner = cards[win]
    led = cards[0][1]
    early = [(i, c) for i, c in enumerate(cards[:exposed_at]) if c[1] == trump]
    effect = reading.rules.trump_effect_in_reveal_trick
    if effect == "whole_trick":
        if win < exposed_at and winner[1] == trump and led != trump:
            return [Reason("rev_whole_trick", "29-PLAY-6", {"winner_card": winner})]
        return []
    if effect != "from_reveal":
        return []
    out = []
    if winner[1] == trump and win >= exposed_at:
        beaten = [c for _, c in early if reading.power(c) > reading.power(winner)]
        if beaten:
            out.append(Reason("rev_lower_trump_wins", "28-REV-6",
                              {"winner_card": winner, "beaten_card": beaten[0]}))
            return out
    discards = [c for _, c in early if c[1] != led and c != winner]
    if discards:
        out.append(Reason("rev_discard_no_power", "28-REV-5", {"played_card": discards[0]}))
    return out


def _exposure(before: View, after: View) -> list[Reason]:
    """28-LAST-1: exposed with nobody asking; 28-P1-1: trump-suit cards played while it
    was hidden did not count as trumps.  A trump public before the first trick was named in
    the bid (56-TRUMP-1): nothing to explain."""
    out: list[Reason] = []
    if not after["tricks"]:
        return out
    new = [e.split()[1] for e in after["history"][len(before["history"]):]]
    if not {"ask", "reveal"} & set(new):
        out.append(Reason("forced_reveal_last", "28-LAST-1"))
    trump = after["trump"]
    if trump is None or trump not in SUITS:
        return out
    tricks = after["tricks"] if after["trick"] else after["tricks"][:-1]
    recalled = 0
    for number, t in enumerate(tricks, 1):
        if recalled >= SHOWN:
            break
        led = t["cards"][0][1]
        for card, seat in zip(t["cards"], t["seats"], strict=True):
            if card[1] == trump and led != trump and seat != t["winner"]:
                out.append(Reason("hidden_trump_no_power", "28-P1-1",
                                  {"trick": number, "played_card": card}))
                recalled += 1
                break
    return out


def _pair(before: View, after: View) -> list[Reason]:
    """28-PAIR-4/5 (29-PAIR-3): the pair moves the target by 4, within bounds."""
    pair = after["pair"]
    assert pair is not None
    old, new = before["target"], after["target"]
    if old is None or new is None:
        return []
    reading = Reading.of(after)
    rule, bound = "28-PAIR-4", "28-PAIR-5"              # 29-PAIR-3 in 29 (by cite)
    bidder = after["bidder"]
    ours = bidder is not None and reading.team_of(pair["seat"]) == reading.team_of(bidder)
    cards = list(pair["cards"])
    if new == old:                      # already at the bound: the pair moves nothing
        return [Reason("pair_floor_already" if ours else "pair_ceiling_already", bound,
                       {"value": new, "pair_cards": cards})]
    out = [Reason("pair_lowers" if ours else "pair_raises", rule,
                  {"old": old, "new": new, "pair_cards": cards})]
    if abs(new - old) < 4:
        out.append(Reason("pair_floor" if ours else "pair_ceiling", bound, {"value": new}))
    return out


# ---- the seat's own turn ----------------------------------------------------------------------


def _auction(view: View) -> list[Reason]:
    rules = Reading.of(view).rules
    legal = [e.split() for e in view["legal"]]
    bids = sorted(bid_parts(words[2])[0] for words in legal if words[1] == "bid")
    passing = any(words[1] == "pass" for words in legal)
    if not bids:
        return []
    low = bids[0]
    high = view["high_bid"]
    if high is None:
        if not passing and not view["history"]:
            duel = rules.auction_procedure == "duel"     # (bhoos-29's defender opens)
            return [Reason("must_open", DUEL_RULE if duel else "28-AUC-4", {"value": low})]
        if not passing and high_bidder(view) is None and len(bids) == 1:
            return [Reason("floor_dealer", "29-AUC-3", {"value": low})]
        return []
    if low <= high + 1 or rules.auction_procedure == "duel":
        return []              # (a duel's defender matches the challenge: no floor of 28's)
    seat = view["seat"]
    reading = Reading.of(view)
    holder = high_bidder(view)
    floors: list[tuple[int, Reason]] = []          # each floor that applies, and its reason
    if holder is not None and holder != seat and reading.team_of(holder) == reading.team_of(seat):
        if rules.partner_overcall != "threshold":      # 56's stages: the floor is the stage's
            floors.append((low, Reason("floor_team", "56-AUC-7", {"value": low, "high": high})))
        elif rules.partner_overcall_min is not None:   # a side of three: "your own team"
            key = "floor_partner" if rules.num_players == 2 * rules.teams else "floor_own_team"
            floors.append((rules.partner_overcall_min,
                           Reason(key, "28-AUC-6", {"value": low, "high": high})))
    if rules.second_bid_min is not None and any(
            e.split()[:2] == [str(seat), "bid"] for e in view["history"]):
        floors.append((rules.second_bid_min,
                       Reason("floor_second_bid", "40-4", {"value": low})))
    return [reason for floor, reason in floors if floor == low][:1]   # the one that holds


def _play_turn(view: View, hand: Hand | None) -> list[Reason]:
    seat = view["seat"]
    out: list[Reason] = []
    rules = Reading.of(view).rules
    if view["legal"] == [f"{seat} reveal"] and rules.bidder_restrictions:
        out.append(Reason("bidder_must_reveal", "28-BR-3"))
    if hand is not None and hand.to_act == seat:
        notes: play.Notes = []
        play.play_options(hand, seat, notes)
        out += [reason for _, reason in notes if reason.key in TURN_KEYS]
    trick = view["trick"]
    trump = view["trump"]
    if (seat == view["bidder"] and trick and trick["cards"] and trump is not None
            and trump in SUITS
            and not view["trump_exposed"] and rules.bidder_restrictions
            and trick["cards"][0][1] == trump
            and not any(c[1] == trump for c in view["hand"])
            and f"{seat} reveal" not in view["legal"]):
        out.append(Reason("bidder_no_reveal_on_trump_lead", "28-BR-2"))
    return out

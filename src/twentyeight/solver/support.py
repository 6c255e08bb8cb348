"""What the solver can search, decided from one table of every :class:`~twentyeight.rules.Rules`
flag (fail closed).

Each flag is one of:

* ``MODELLED`` — it shapes the play of the cards (or the deck, the teams, the tricks) and the
  solver follows it, because the solver plays by the engine's own play core
  (:mod:`twentyeight.engine.play`);
* ``IRRELEVANT`` — its effect is over before the play begins (the deal, the auction, the
  windows: by then it is part of the position) or it only turns card points into game points,
  the match or the display; the solver's values are card points, so it cannot change them;
* ``REFUSED`` — a position played under it with any value but the one given here gets a
  :class:`~twentyeight.solver.position.SolverError`: the solver's card-point values do not
  capture it.

A flag missing from :data:`FLAG_ROLES` is refused as well, and a test over every flag name
keeps the table complete, so that a new flag cannot slip past the solver.  One pair of
modelled flags is refused together (:data:`REFUSED_TOGETHER`): the early stop with the pair,
because a pair moves the target and so the point where the play stops, which the solver's
card points cannot rank (a pair that helps the bidding side in game points ends its play
sooner, with fewer card points).
"""

from __future__ import annotations

from typing import Any

from twentyeight.rules import Rules, flag_names

__all__ = ["FLAG_ROLES", "IRRELEVANT", "MODELLED", "REFUSED", "REFUSED_TOGETHER", "refusal"]

MODELLED = "modelled"
IRRELEVANT = "irrelevant"
REFUSED = "refused"

FLAG_ROLES: dict[str, tuple[str, Any]] = {
    # the table and the deck: they make the position's cards, teams and tricks
    "pack": (MODELLED, None),
    "num_players": (MODELLED, None),
    "six_player_form": (MODELLED, None),
    "deck_4p": (MODELLED, None),
    "deck_8p": (MODELLED, None),
    "forty_extra_jack_face": (MODELLED, None),
    "cards_before_auction": (IRRELEVANT, None),
    "direction": (IRRELEVANT, None),
    # the auction
    "min_bid": (MODELLED, None),                     # the floor of a pair-moved target
    "max_bid": (IRRELEVANT, None),
    "opening_rule": (IRRELEVANT, None),
    "pass_is_final": (IRRELEVANT, None),
    "partner_overcall": (IRRELEVANT, None),
    "partner_overcall_min": (IRRELEVANT, None),
    "second_bid_min": (IRRELEVANT, None),
    "auction_procedure": (IRRELEVANT, None),
    "first_hand_pointless_redeal": (IRRELEVANT, None),
    "redeal_first_two_pointless": (IRRELEVANT, None),
    # the trump: chosen before the play; the position holds it
    "trump_mode": (IRRELEVANT, None),
    "trump_indicator": (IRRELEVANT, None),
    "seventh_card_trump": (IRRELEVANT, None),
    "seventh_card_visible_to_bidder": (IRRELEVANT, None),
    "reverse_no_trump": (IRRELEVANT, None),
    # doubling changes the stakes, not the cards
    "double_redouble": (IRRELEVANT, None),
    "redouble_out_of_turn": (IRRELEVANT, None),
    "auto_double_threshold": (IRRELEVANT, None),
    "c_bid": (IRRELEVANT, None),
    "c_bid_with_autodouble": (IRRELEVANT, None),
    # annulments decided at the deal; the zero-point claim stays open in the play
    "one_suit_hand_redeal": (IRRELEVANT, None),
    "one_suit_opener_redeal": (IRRELEVANT, None),
    "zero_point_first_hand_cancel": (IRRELEVANT, None),
    "redeal_team_without_jack": (IRRELEVANT, None),
    "redeal_max_hand_points": (IRRELEVANT, None),
    "redeal_dealer": (IRRELEVANT, None),
    "four_jacks_redeal": (IRRELEVANT, None),
    "zero_point_hand_redeal": (MODELLED, None),
    "eight_same_suit": (IRRELEVANT, None),
    "raise_after_full_deal": (IRRELEVANT, None),
    "raise_min": (IRRELEVANT, None),
    # the play
    "bidder_restrictions": (MODELLED, None),
    "bidder_lead_trump_after_trump_led": (MODELLED, None),
    "bidder_void_discard_trump_unrevealed": (MODELLED, None),
    "bidder_reveal_plays": (MODELLED, None),
    "bidder_may_reveal_on_trump_lead": (MODELLED, None),
    "asking_compulsory": (MODELLED, None),
    "asker_must_trump": (MODELLED, None),
    "revealer_overtrump": (MODELLED, None),
    "trump_effect_in_reveal_trick": (MODELLED, None),
    "no_undertrump": (MODELLED, None),
    "trump_lead_restriction": (MODELLED, None),
    "stop_when_decided": (MODELLED, None),
    "last_trick_reveal": (MODELLED, None),
    "unrevealed_trump_annuls": (MODELLED, None),
    "bidding_side_all_trumps_redeal": (MODELLED, None),
    "jack_discard_restriction": (MODELLED, None),
    # the pair moves the target (the early stop and the rank of an annulment read it); it is
    # not a move of the search: it changes no card and leaves the same choices
    "pair_rule": (MODELLED, None),
    "pair_timing": (IRRELEVANT, None),
    "pair_bidder_min_contract": (IRRELEVANT, None),
    "pair_affects_tier": (IRRELEVANT, None),
    "max_bid_with_pair_allowance": (IRRELEVANT, None),
    # scoring and the match
    "scoring": (IRRELEVANT, None),
    "stake_table": (IRRELEVANT, None),
    "double_scoring": (IRRELEVANT, None),
    "failure_mode": (IRRELEVANT, None),
    "half_bid_double_loss": (MODELLED, None),        # the early stop waits for its settling
    "last_trick_bonus": (MODELLED, None),
    "game_target": (IRRELEVANT, None),
    "match_scoring": (IRRELEVANT, None),
    "start_tables": (IRRELEVANT, None),
    "tables_end": (IRRELEVANT, None),
    "match_deals": (IRRELEVANT, None),
    "start_coolies": (IRRELEVANT, None),
    "track_sets": (IRRELEVANT, None),
    # special contracts: a position in one is refused by the position itself (its goal is
    # every trick, not card points); the flags only open their windows before the play
    "single_hand": (IRRELEVANT, None),
    "certain_hand_show": (IRRELEVANT, None),
    "thani": (IRRELEVANT, None),
    "thani_56": (IRRELEVANT, None),
    "thani_stake": (IRRELEVANT, None),
    # Cot doubles a clean sweep and lets the opponents concede: the aim is no longer the most
    # card points, which is all the solver's values say
    "cot": (REFUSED, False),
}
"""Every flag's role for the solver, and for a refused flag the one value it may have."""

REFUSED_TOGETHER: tuple[tuple[str, str], ...] = (("stop_when_decided", "pair_rule"),)
"""Modelled flags the solver refuses when both are on (see the module docstring)."""


def refusal(rules: Rules) -> str | None:
    """Why the solver refuses positions under ``rules``, or ``None`` when it searches them."""
    for name in flag_names():
        role, allowed = FLAG_ROLES.get(name, (REFUSED, object()))
        if role == REFUSED:
            value = getattr(rules, name)
            if value != allowed:
                return (f"the solver does not support {name}={_json(value)} (it values card "
                        "points, which this rule does not reduce to)")
    for first, second in REFUSED_TOGETHER:
        if getattr(rules, first) and getattr(rules, second):
            return (f"the solver does not support {first} together with {second}: the pair "
                    "moves the target, and with it the point where the play stops")
    return None


def _json(value: Any) -> str:
    import json

    return json.dumps(list(value) if isinstance(value, tuple) else value)

"""The rules in plain words: every flag with its group, one line a player understands, words
for each of its choices and when it applies (the lobby's rules editor), and the legend of a
table's cards (their order of power and their points).

The engine's own one-line ``doc`` of a flag (:func:`twentyeight.rules.flag_info`) is written
for implementers ("partner_overcall_min", "deck 8p"); these words are written for players.
A flag *applies* to a table when one of its ``applies`` alternatives holds: each alternative
maps flags to the values they must have.  No alternative means always; so ``deck_8p`` applies
only to 56 at eight players, and ``c_bid_with_autodouble`` only once ``c_bid`` is on.  The
conditions are data, so the browser evaluates them as the person edits.

>>> from twentyeight.rules import PRESETS
>>> applies("deck_8p", PRESETS["28"]), applies("deck_8p", PRESETS["56-8p"])
(False, True)
>>> WORDS["deck_8p"].choices[48]
'48 cards, six each'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from twentyeight.cards import RANK_POINTS
from twentyeight.rules import MODE_DEFAULTS, Rules, flag_info

__all__ = ["DECK_FLAGS", "GAME_CITES", "GROUPS", "TABLE_FLAGS", "WORDS", "FlagWords", "applies",
           "card_legend", "editor_info", "preset_legends"]

GROUPS: dict[str, str] = {
    "deal": "The deal and new deals",
    "auction": "The auction",
    "trump": "The trump",
    "play": "The play",
    "scoring": "Scoring",
    "match": "The match",
}
"""The editor's groups, in order, with their English titles."""

TABLE_FLAGS = ("pack", "num_players")
"""The flags that make the table itself: chosen with the preset, not edited."""
DECK_FLAGS = ("deck_4p", "deck_8p", "forty_extra_jack_face")
"""The editable flags that change the cards of a table."""

Alternative = Mapping[str, Sequence[Any]]


@dataclass(frozen=True)
class FlagWords:
    """How one flag is told to players (see the module's docstring)."""

    group: str
    text: str
    choices: Mapping[Any, str] = field(default_factory=dict)
    applies: Sequence[Alternative] = ()


HIDDEN: dict[str, list[Any]] = {"trump_mode": ["hidden"]}
RESTRICTED: dict[str, list[Any]] = {**HIDDEN, "bidder_restrictions": [True]}
PARTNERS: dict[str, list[Any]] = {"num_players": [4, 6, 8]}
PAIR: dict[str, list[Any]] = {"pair_rule": [True], "pack": ["28", "40"]}
ROTATION: dict[str, list[Any]] = {"auction_procedure": ["rotation"]}
"""The flags only the rotation auction reads: the Kerala team-alternating one (RULES-56.md
§1.4.2) has its own opening, passing and stages, and the 29 competition's duel its own."""


def _w(group: str, text: str, choices: Mapping[Any, str] | None = None,
       *applies: Alternative) -> FlagWords:
    return FlagWords(group, text, dict(choices or {}), tuple(applies))


WORDS: dict[str, FlagWords] = {
    # ---- the table itself (chosen with the preset) ------------------------------------
    "pack": _w("deal", "The pack: 28 (32 cards), 40 (36 cards) or 56 (the double pack)",
               {"28": "28", "40": "40", "56": "56"}),
    "num_players": _w("deal", "Players at the table", {3: "3", 4: "4", 6: "6", 8: "8"}),
    # ---- the deal and new deals ---------------------------------------------------------
    "six_player_form": _w("deal", "How six players make teams",
                          {"pagat": "three teams of two", "kerala": "two teams of three"},
                          {"pack": ["28"], "num_players": [6]}),
    "deck_4p": _w("deal", "The cards of 56 at four players",
                  {48: "48 cards, twelve each", 32: "32 cards (J 9 A 10 twice), eight each"},
                  {"pack": ["56"], "num_players": [4]}),
    "deck_8p": _w("deal", "The cards of 56 at eight players",
                  {64: "64 cards, eight each", 48: "48 cards, six each"},
                  {"pack": ["56"], "num_players": [8]}),
    "forty_extra_jack_face": _w("deal", "How 40's four extra cards, as strong as jacks, look",
                                {"3": "as threes", "J": "as second jacks"}, {"pack": ["40"]}),
    "cards_before_auction": _w("deal", "Cards each player holds during the auction (empty: "
                               "the whole hand)"),
    "direction": _w("deal", "Which way the turn goes round the table",
                    {"anticlockwise": "anticlockwise, to the right",
                     "clockwise": "clockwise, to the left"}),
    "first_hand_pointless_redeal": _w("deal", "The first player may ask for a new deal when "
                                      "his first four cards are worth no points", None,
                                      {"cards_before_auction": [3, 4, 5, 6]}),
    "redeal_first_two_pointless": _w("deal", "A new deal when the first four cards of either "
                                     "of the first two players are worth no points", None,
                                     {"cards_before_auction": [3, 4, 5, 6]}),
    "one_suit_hand_redeal": _w("deal", "A new deal when someone's whole hand is of one suit"),
    "one_suit_opener_redeal": _w("deal", "A new deal when the first player's hand is all one "
                                 "suit (he may not bid)"),
    "zero_point_first_hand_cancel": _w("deal", "A first player whose cards are worth no "
                                       "points may cancel the deal instead of bidding"),
    "redeal_team_without_jack": _w("deal", "A new deal when a team holds no jack"),
    "redeal_max_hand_points": _w("deal", "A new deal when a hand is worth at most this many "
                                 "points (empty: never)"),
    "redeal_dealer": _w("deal", "Who deals after a cancelled hand",
                        {"same": "the same dealer", "next": "the next player"}),
    "four_jacks_redeal": _w("deal", "A new deal when one player holds four jacks"),
    "zero_point_hand_redeal": _w("deal", "A hand with no jack, nine, ace or ten may be "
                                 "cancelled", {"off": "never", "optional":
                                               "if its holder asks", "automatic": "always"}),
    # (at every table: the engine applies it to a hand of any size all of one suit, six
    # cards at 28-6p)
    "eight_same_suit": _w("deal", "A hand all of one suit",
                          {"ignore": "is played as usual", "redeal": "means a new deal",
                           "show3": "is shown and wins 3 game points at once"}),
    "bidding_side_all_trumps_redeal": _w("deal", "The hand is cancelled when the bidding team "
                                         "holds every trump"),
    # ---- the auction --------------------------------------------------------------------
    "min_bid": _w("auction", "The lowest bid"),
    "max_bid": _w("auction", "The highest bid"),
    "opening_rule": _w("auction", "When nobody wants to bid",
                       {"forced_bid": "the first player must bid",
                        "dealer_forced": "after three passes the dealer must bid the lowest bid",
                        "all_pass_28nt": "all may pass: the hand is played at 28 no-trump"},
                       ROTATION),
    "pass_is_final": _w("auction", "A player who passed may not bid again", None, ROTATION),
    "partner_overcall": _w("auction", "Bidding over your own partner's bid",
                           {"threshold": "only with at least the bid set below",
                            "stage": "only at the next stage",
                            "honours40": "only with 40 or more", "free": "freely"},
                           {**PARTNERS, **ROTATION}),
    "partner_overcall_min": _w("auction", "The lowest bid over your partner's bid", None,
                               {**PARTNERS, **ROTATION, "partner_overcall": ["threshold"]}),
    "second_bid_min": _w("auction", "The lowest second bid of a player (empty: no limit)",
                         None, ROTATION),
    "auction_procedure": _w("auction", "The order of the auction",
                            {"rotation": "in turn round the table",
                             "team_alternating": "the two teams in turn (Kerala)",
                             "duel": "defender and challenger (the 29 bot competition)"}),
    "double_redouble": _w("auction", "Doubles and redoubles"),
    "redouble_out_of_turn": _w("auction", "The doubled team may redouble at once, out of turn",
                               None, {"double_redouble": [True]}),
    "auto_double_threshold": _w("auction", "Bids from this value count double by themselves "
                                "(empty: none)", None, {"scoring": ["flat"]}),
    "c_bid": _w("auction", "The bidder may answer a double with 'C': 6 game points won or "
                "lost, while his team's score is 0", None,
                {"double_redouble": [True], "scoring": ["flat"]}),
    "c_bid_with_autodouble": _w("auction", "'C' also in a game where high bids count double",
                                None, {"c_bid": [True]}),
    "raise_after_full_deal": _w("auction", "The bidder and his partner may raise the bid once "
                                "they have seen all their cards"),
    "raise_min": _w("auction", "The lowest bid after a raise", None,
                    {"raise_after_full_deal": [True]}),
    "single_hand": _w("auction", "Anyone may play alone to win every trick (a single hand)"),
    "certain_hand_show": _w("auction", "A single hand that cannot lose may be shown instead "
                            "of played, for 3 game points", None, {"single_hand": [True]}),
    "thani": _w("auction", "The bidder may undertake to win every trick alone (Thani)"),
    "cot": _w("auction", "Cot: every trick counts double, and the opponents may concede"),
    "thani_56": _w("auction", "Thani as a call of the auction, above the highest bid, to win "
                   "every trick alone"),
    # ---- the trump ----------------------------------------------------------------------
    "trump_mode": _w("trump", "How the trump is chosen",
                     {"hidden": "by the bidder after the auction, in secret",
                      "open": "named in the bid, for all to see"}),
    "trump_indicator": _w("trump", "How the bidder keeps the secret trump",
                          {"card": "a card of his hand laid face down (28)",
                           "suit": "a suit named in secret (29)"}, HIDDEN),
    "seventh_card_trump": _w("trump", "The bidder may make the suit of his seventh card trump",
                             None, HIDDEN),
    "seventh_card_visible_to_bidder": _w("trump", "The bidder sees that seventh card", None,
                                         {"seventh_card_trump": [True]}),
    "reverse_no_trump": _w("trump", "The bidder may choose reversed no-trump", None,
                           {**HIDDEN, "trump_indicator": ["suit"]}),
    "last_trick_reveal": _w("trump", "When a trump still hidden is shown in the last trick",
                            {"before_lead": "before the lead",
                             "at_bidder_turn": "when the bidder's turn comes"}, HIDDEN),
    "unrevealed_trump_annuls": _w("trump", "A hand in which the trump was never shown is "
                                  "cancelled", None, HIDDEN),
    # ---- the play -----------------------------------------------------------------------
    "bidder_restrictions": _w("play", "While the trump is hidden the bidder may not lead a "
                              "trump nor play one freely", None, HIDDEN),
    "bidder_lead_trump_after_trump_led": _w("play", "The bidder may lead a trump once "
                                            "someone else has led one", None, RESTRICTED),
    "bidder_void_discard_trump_unrevealed": _w("play", "A bidder who cannot follow suit may "
                                               "play a trump-suit card without showing the "
                                               "trump", None, RESTRICTED),
    "bidder_reveal_plays": _w("play", "Having shown the trump, the bidder plays",
                              {"indicator": "the face-down trump card itself",
                               "any_trump": "any trump"}, RESTRICTED),
    "bidder_may_reveal_on_trump_lead": _w("play", "The bidder may show the trump when a "
                                          "trump-suit card is led", None, RESTRICTED),
    "asking_compulsory": _w("play", "A player who cannot follow suit must ask for the trump",
                            None, HIDDEN),
    "asker_must_trump": _w("play", "A player who asked for the trump must play a trump", None,
                           HIDDEN),
    "revealer_overtrump": _w("play", "Having asked, you must beat an opponent's winning trump "
                             "when you can", None, HIDDEN),
    "trump_effect_in_reveal_trick": _w("play", "In the trick where the trump is shown, the "
                                       "trump-suit cards that count as trumps",
                                       {"from_reveal": "those played from then on",
                                        "whole_trick": "all of them",
                                        "c56_hybrid": "as in Kerala's 56 program"}, HIDDEN),
    "no_undertrump": _w("play", "No playing a lower trump than one already in the trick"),
    "trump_lead_restriction": _w("play", "No trump may be led before a trump has been played"),
    "stop_when_decided": _w("play", "The play stops as soon as the bid is made or lost"),
    "jack_discard_restriction": _w("play", "No throwing away the jack of a suit not yet led"),
    "pair_rule": _w("play", "A pair — the king and queen of trumps — moves the bid by 4",
                    None, {"pack": ["28", "40"]}),
    "pair_timing": _w("play", "When a pair may be shown",
                      {"after_own_side_trick": "once the trump is shown and your team has "
                                               "won a trick since",
                       "lenient": "any time once the trump is shown"}, PAIR),
    "pair_bidder_min_contract": _w("play", "The lowest bid for which the bidding team's pair "
                                   "counts (empty: any)", None, PAIR),
    "pair_affects_tier": _w("play", "The game points follow the bid as moved by the pair",
                            None, PAIR),
    "max_bid_with_pair_allowance": _w("auction", "Bids up to 4 above the highest, made only "
                                      "with a pair"),
    # ---- scoring ------------------------------------------------------------------------
    "scoring": _w("scoring", "Game points won or lost in a hand",
                  {"pagat_tiered": "by the bid: 1, 2 or 3 won, 2, 3 or 4 lost",
                   "flat": "1 won or lost", "forty": "40's scale",
                   "kerala_six": "Kerala's six-player sheet", "fifty_six": "56's stakes"}),
    "stake_table": _w("scoring", "56's stakes by the bid",
                      {"international": "the international table", "rm3": "the RM3 table"},
                      {"scoring": ["fifty_six"]}),
    "double_scoring": _w("scoring", "What a double does to the game points",
                         {"multiply": "multiplies them: ×2, and ×4 redoubled",
                          "additive": "adds 1, and 2 redoubled"}, {"double_redouble": [True]}),
    "failure_mode": _w("scoring", "A lost bid",
                       {"bidder_loses": "costs the bidding team",
                        "opponents_gain": "scores for the opponents"}),
    "half_bid_double_loss": _w("scoring", "Losing with fewer than half the points bid costs "
                               "double"),
    "last_trick_bonus": _w("scoring", "One extra card point for the last trick"),
    "thani_stake": _w("scoring", "What a Thani is worth: \"match\" (it decides the match) or "
                      "[won, lost]", None, {"thani_56": [True]}),
    # ---- the match ----------------------------------------------------------------------
    "match_scoring": _w("match", "How a match is won",
                        {"target": "by the first team to the game target",
                         "tables": "by taking the other team's tables",
                         "score_sheet": "on a score sheet over a set number of deals",
                         "coolie_kodi": "with coolies and kodis (Kerala)"}),
    "game_target": _w("match", "A game ends when a team reaches plus or minus this", None,
                      {"match_scoring": ["target"]}),
    "track_sets": _w("match", "Keep red and black sets over several games", None,
                     {"match_scoring": ["target"]}),
    "start_tables": _w("match", "Tables each team starts with", None,
                       {"match_scoring": ["tables"]}),
    "tables_end": _w("match", "When a team runs out of tables",
                     {"zero": "the match ends when a team has none left",
                      "cannot_pay": "the match ends when a team cannot pay"},
                     {"match_scoring": ["tables"]}),
    "match_deals": _w("match", "Deals on the score sheet", None,
                      {"match_scoring": ["score_sheet"]}),
    "start_coolies": _w("match", "Coolies each team starts with (empty: 6, or 7 at eight "
                        "players)", None, {"match_scoring": ["coolie_kodi"]}),
}


GAME_CITES: dict[str, dict[str, tuple[str, ...]]] = {
    "28": {"auction_procedure": ("28-AUC-1",)},
    "3P": {"cards_before_auction": ("3P-3",), "min_bid": ("3P-4",), "max_bid": ("3P-4",),
           "opening_rule": ("3P-4",), "raise_after_full_deal": ("3P-7",),
           "bidding_side_all_trumps_redeal": ("3P-7",), "scoring": ("3P-8",),
           "failure_mode": ("3P-8",), "game_target": ("3P-8",), "match_scoring": ("3P-8",)},
    "6P": {"min_bid": ("6P-4",), "max_bid": ("6P-4",), "opening_rule": ("6P-4",),
           "partner_overcall": ("6P-6",), "raise_after_full_deal": ("6P-6",),
           "scoring": ("6P-7",), "game_target": ("6P-7",), "match_scoring": ("6P-7",)},
    "6PK": {"cards_before_auction": ("6PK-2",), "min_bid": ("6PK-3",), "max_bid": ("6PK-3",),
            "opening_rule": ("6PK-3",), "partner_overcall": ("6PK-4",),
            "partner_overcall_min": ("6PK-4",), "match_deals": ("6PK-7",)},
    "29": {"min_bid": ("29-AUC-2",), "max_bid": ("29-AUC-2",), "direction": ("29-DIR-1",),
           "partner_overcall": ("29-AUC-4",), "raise_after_full_deal": ("29-AUC-4",),
           "pass_is_final": ("29-AUC-5",), "auction_procedure": ("29-AUC-1",)},
    "WB": {"min_bid": ("WB-1",)},
    "40": {"min_bid": ("40-3",), "max_bid": ("40-3",), "opening_rule": ("40-3",),
           "cards_before_auction": ("40-11",), "failure_mode": ("40-6",)},
}
"""The rows of a game's own section of the specification that restate a flag for that game
(three-player 28's opening bid is 3P-4, not 28-AUC-4), by the game (``"3P"``: RULES.md §4.1;
the families of ``tools/spec_citations.py``), beside each flag's own rule IDs: a rules page
cites a flag's rules of its own game."""

def applies(flag: str, rules: Rules | Mapping[str, Any]) -> bool:
    """Whether ``flag`` matters at a table with these rules (or these flag values)."""
    values = dataclasses.asdict(rules) if isinstance(rules, Rules) else rules
    alternatives = WORDS[flag].applies
    return not alternatives or any(
        all(_same(values.get(name), allowed) for name, allowed in alt.items())
        for alt in alternatives)


def _same(value: Any, allowed: Sequence[Any]) -> bool:
    return any(value == a and type(value) is type(a) for a in allowed)


def editor_info() -> dict[str, Any]:
    """Everything the rules editor shows, as JSON: the groups, then per flag its group, type,
    rule ID, words, choices and conditions (in the order of :func:`flag_info`), and the
    flags each (pack, trump mode) brings when a table is moved to it (:data:`MODE_DEFAULTS`,
    so that the editor shows the flags the room will be made with)."""
    flags = []
    for info in flag_info():
        words = WORDS[info["flag"]]
        flags.append({"flag": info["flag"], "group": words.group, "type": info["type"],
                      "rule": info["rule"], "text": words.text,
                      "choices": [[value, text] for value, text in words.choices.items()],
                      "applies": [dict(alt) for alt in words.applies],
                      "table": info["flag"] in TABLE_FLAGS})
    modes = [{"pack": pack, "trump_mode": mode, "flags": dict(brought)}
             for (pack, mode), brought in MODE_DEFAULTS.items()]
    return {"groups": [[key, title] for key, title in GROUPS.items()], "flags": flags,
            "modes": modes}


def card_legend(rules: Rules) -> dict[str, Any]:
    """The cards of a table, strongest first: each rank's points, how many of it each suit
    has, and whether it is as strong as the rank before (40's threes); the points in all.

    >>> card_legend(Rules.from_spec("28"))["ranks"][:3]
    [{'rank': 'J', 'points': 3, 'per_suit': 1, 'ties': False}, \
{'rank': '9', 'points': 2, 'per_suit': 1, 'ties': False}, \
{'rank': 'A', 'points': 1, 'per_suit': 1, 'ties': False}]
    """
    deck = rules.deck
    ranks: list[dict[str, Any]] = []
    for i, r in enumerate(deck.ranks):
        if ranks and ranks[-1]["rank"] == r:
            ranks[-1]["per_suit"] += deck.copies
            continue
        prev = deck.ranks[i - 1] if i else ""
        ranks.append({"rank": r, "points": RANK_POINTS.get(r, 0), "per_suit": deck.copies,
                      "ties": bool(prev) and r in deck.equal and prev in deck.equal})
    return {"ranks": ranks, "total": deck.points_total, "last_trick": rules.last_trick_bonus}


def preset_legends(rules: Rules) -> dict[str, Any]:
    """The preset's :func:`card_legend`, and the legends its deck flags would give:
    ``{"legend": ..., "by_flag": {flag: {value: legend}}}``."""
    by_flag: dict[str, dict[str, Any]] = {}
    for flag in DECK_FLAGS:
        if applies(flag, rules):
            by_flag[flag] = {str(value): card_legend(rules.replace(**{flag: value}))
                             for value in WORDS[flag].choices}
    return {"legend": card_legend(rules), "by_flag": by_flag}

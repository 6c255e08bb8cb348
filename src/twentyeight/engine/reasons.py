"""Why an action is refused, as data: a key, the rule it cites and a few parameters.

The engine's legality code writes :class:`Reason` values instead of sentences, so that every
front end can say them in its own words and language: ``str(reason)`` is the English
sentence (:data:`ENGLISH`), and a browser looks ``reason.key`` up in its own catalog and fills
in ``reason.params``.  Parameters are language-neutral: a suit is its letter (``"S"``) in
``suit`` (said as a word, "spades") or ``letter`` (written as the letter, for notation such as
``trump C``), a card its notation (``"JS"``), a verb its notation word (``"play"``, said as
the call: "play a card"), a number an int.

>>> r = Reason("follow_suit", "28-PLAY-2", {"suit": "H"})
>>> str(r)
'you must follow suit: you hold hearts (28-PLAY-2)'
>>> r.to_json()
{'key': 'follow_suit', 'rule': '28-PLAY-2', 'params': {'suit': 'H'}}
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from twentyeight.cards import SUIT_SYMBOLS, SUITS

if TYPE_CHECKING:
    from twentyeight.rules import Rules

__all__ = ["ANNULLED_BY", "ANNULMENT_WORDS", "ENGLISH", "OWN_RULES", "SUIT_WORDS", "VERB_WORDS",
           "Reason", "annulment_words", "card_text", "cite", "variant"]

SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
"""English names of the suits, for the ``{suit}`` parameter."""

ENGLISH: dict[str, str] = {
    # the play of the cards (engine/play.py)
    "bidder_no_trump_lead": "the bidder may not lead a trump while holding other suits",
    "no_trump_lead_yet": "no trump may be led before a trump has been played",
    "follow_suit": "you must follow suit: you hold {suit}",
    "must_ask_first": "you cannot follow suit, so you must first ask for the trump",
    "must_reveal_first": "you cannot follow suit, so you must first reveal the trump",
    "bidder_no_hidden_trump_discard": "the bidder, void in the suit led, may not play a "
                                      "trump-suit card without exposing the trump",
    "revealer_plays_indicator": "having exposed the trump, the bidder must play the "
                                "indicator itself",
    "asker_must_trump": "having asked for the trump you must play a trump",
    "revealer_overtrump": "having revealed, you must over-trump the opponent's trump",
    "must_overtrump": "you must over-trump when you can",
    "no_undertrump": "you may not under-trump",
    "jack_discard": "you may not discard the jack of a suit that has not been led",
    # the other calls of the play (engine/explain.py)
    "ask_first": "you must first ask for the trump",
    "bidder_does_not_ask": "the bidder does not ask; the bidder may 'reveal'",
    "only_bidder_reveals": "only the bidder reveals; other players 'ask' for the trump",
    "trump_already_exposed": "the trump is already exposed",
    "bidder_reveal_when_void": "the bidder may expose the trump only when void in a suit "
                               "led by another player",
    "pair_when": "a pair (king and queen of trumps, held together) may be shown on your own "
                 "turn once the trump is exposed and your side has won a trick since",
    "redeal_pointless_hand": "a redeal may be claimed only by a player whose eight cards hold "
                             "no J, 9, A or T, before playing a card",
    "redeal_after_ask": "having asked for the trump or shown it, you play a card: the redeal "
                        "is no longer open",
    "concede_when": "the opponents may concede only while the bidding side has won every "
                    "trick",
    "auction_over": "the auction is over: cards are being played",
    # a call of a rule the table does not play (engine/explain.py)
    "no_pair": "the pair (the king and queen of trumps shown together) is not played in this "
               "game",
    "no_cot": "Cot (the opponents conceding while the bidding side has won every trick) is "
              "not played in this game",
    "no_single_hand": "a single hand (one player alone for every trick) is not played in "
                      "this game",
    "no_certain_hand": "a hand that cannot lose is not shown in this game",
    "no_c": "'C' is not played in this game",
    "no_double": "doubling is not played in this game",
    "no_redeal_claims": "no redeal can be claimed in this game",
    "no_zero_point_redeal": "showing eight cards without a jack, nine, ace or ten to cancel "
                            "the deal is not played in this game",
    "zero_point_redeal_automatic": "eight cards without a jack, nine, ace or ten cancel the "
                                   "deal as soon as they are dealt in this game: there is no "
                                   "redeal to claim",
    "no_trump_to_ask": "there is no trump to ask for in this hand",
    "no_ask_when_leading": "you cannot ask when leading",
    "ask_only_when_void": "you may ask for the trump only when you cannot follow suit",
    "already_asked": "you have already asked",
    "cannot_ask_now": "you cannot ask now",
    # the auction (engine/explain.py)
    "redouble_or_pass": "a double was just made: the doubled side may redouble or pass",
    "bid_is_a_number": "bids name no denomination here: bid a number, like 'bid {value}'",
    "bid_names_trump": "a bid names its trump or no-trump: 'bid {value}H', 'bid {value}NT'",
    "dealer_must_bid": "everyone else passed, so the dealer must bid exactly {value}",
    "dealer_must_bid_min": "everyone else passed, so the dealer must bid {value}",
    "highest_bid": "the highest bid is {value}",
    "team_alternating_min": "you must bid at least {value}: one call per stage, over your "
                            "own team at the next stage",
    "lowest_bid": "the lowest bid is {value}",
    "bid_higher": "a bid must be higher than the current bid of {value}",
    "second_bid_min": "a second bid must be at least {value}",
    "partner_overcall": "your partner holds the highest bid, so you must bid at least {value}",
    "team_overcall": "your own team holds the highest bid, so you must bid at least {value}",
    "double_when": "you may double only the other team's bid, once, with open trump",
    "no_doubling": "there is no doubling in this auction",
    "double_after_auction": "doubling comes after the auction: once the trump is chosen, the "
                            "bidder's opponents may double",
    "redouble_who": "only the doubled team may redouble its doubled bid",
    "nothing_to_redouble": "there is nothing to redouble: no bid has been doubled",
    "no_thani": "Thani is not played in this game",
    "first_hand_opens": "the first hand must open the bidding with at least {value}",
    "first_hand_opens_or_redeal": "the first hand must open the bidding with at least {value}; "
                                  "holding no point card, you may claim a redeal instead",
    "no_redeal_now": "no redeal may be claimed now",
    "redeal_only_by": "a redeal may be claimed now only by {claimants}",
    "claimant_first_turn": "the first hand on his first turn, holding no point card "
                           "(28-PRE-1)",
    "claimant_instead_of_opening": "the first hand holding no point card, instead of opening "
                                   "(56-ANN-3)",
    "claimant_own_turn": "a player whose cards hold no point card, on his own turn (28-POST-3)",
    "duel_open": "the first hand opens as defender and must bid at least {value}",
    "duel_match": "the defender matches the challenge ('bid {value}') or passes",
    "duel_challenge": "a challenger bids above {low}, up to {high}, or passes",
    # the windows after the auction (engine/explain.py)
    "raise_range": "a raise must be to at least {low} and at most {high}",
    "trump_by_card": "choose trump by laying one of your four cards face down, e.g. "
                     "'trump 7S'",
    "trump_by_suit": "name a suit, not a card: 'trump {letter}'",
    "not_a_trump_choice": "that is not one of the trump choices you have",
    "choose_trump_card_first": "choose the trump first: lay one of your four cards face "
                               "down, e.g. 'trump {card}'",
    "choose_trump_suit_first": "choose the trump first: name a suit, e.g. 'trump {letter}'",
    "c_when": "'C' is open only to the bidder, when his side's score is 0 and the game is "
              "not played with auto-double",
    "no_redouble_auto_double": "a contract doubled at the auto-double threshold cannot be "
                               "redoubled",
    # an action of the wrong phase: "you cannot {verb} now: ..." (the verb in words, VERB_WORDS)
    "wrong_phase_auction": "you cannot {verb} now: the auction is on: bid or pass",
    "wrong_phase_trump": "you cannot {verb} now: the bidder is choosing trump",
    "wrong_phase_double": "you cannot {verb} now: the opponents may double",
    "wrong_phase_redouble": "you cannot {verb} now: the bidding side may redouble",
    "wrong_phase_raise": "you cannot {verb} now: the bidding side may raise the contract",
    "wrong_phase_single_hand": "you cannot {verb} now: players are asked whether they play a "
                               "single hand",
    "wrong_phase_thani": "you cannot {verb} now: the bidder may declare Thani",
    "wrong_phase_play": "you cannot {verb} now: cards are being played",
    "wrong_phase_cot": "you cannot {verb} now: the bidder must accept or refuse the "
                       "concession",
    # the action's own checks (game.py)
    "hand_over": "the hand is over",
    "not_your_turn": "it is seat {seat}'s turn, not seat {other}'s",
    "not_legal_now": "{action} is not a legal action now",
    "indicator_face_down": "{card} is your face-down indicator: it can be played only once "
                           "the trump is exposed",
    "card_not_held": "you do not hold {card}",
    # hints: why the expert chose an action (analysis/why.py); said after the action
    "hint_pair_lowers": "your side's target falls from {old} to {new}",
    "hint_pair_raises": "the bidding side's target rises from {old} to {new}",
    "hint_ask": "worth {gain} card points more than playing on without asking",
    "hint_reveal": "worth {gain} card points more than keeping the trump hidden",
    "hint_no_ask": "keeps the trump hidden: asking would cost {loss} card points",
    "hint_no_reveal": "keeps the trump hidden: exposing it would cost {loss} card points",
    "hint_equal": "every choice is worth the same here",
    "hint_only": "it is the only card you may play",
    "hint_only_follow": "it is the only card you may play: you must follow {suit}",
    "hint_only_last": "it is your last card",
    "hint_only_ask": "it is the only legal action: you cannot follow suit, so you must first "
                     "ask for the trump",
    "hint_only_reveal": "it is the only legal action: you cannot follow suit, so you must "
                        "first reveal the trump",
    "hint_only_action": "it is the only legal action",
    "hint_wins": "wins the trick: nobody after you can beat it",
    "hint_wins_gone": "wins the trick: every higher card of {suit} is gone ({gone_cards})",
    "hint_wins_likely": "wins the trick in {won} of {deals} deals",
    "hint_feed_partner": "gives a card worth {points} to your partner, whose {winner_card} "
                         "cannot be beaten",
    "hint_side_wins": "your side wins the trick whatever the others play",
    "hint_partner_wins": "your partner's {winner_card} wins the trick",
    "hint_partner_wins_all": "your partner's {winner_card} wins the trick in every deal looked "
                             "at ({deals})",
    "hint_feed_partner_all": "gives a card worth {points} to your partner, whose {winner_card} "
                             "wins the trick in every deal looked at ({deals})",
    "hint_side_wins_all": "your side wins the trick in every deal looked at ({deals})",
    "hint_trick_lost": "the trick cannot be won",
    "hint_trick_lost_points": "the trick cannot be won, and this card gives up only {points}",
    "hint_wins_all": "wins the trick in every deal looked at ({deals})",
    "hint_trick_lost_all": "the trick is lost in every deal looked at ({deals})",
    "hint_trick_lost_all_points": "the trick is lost in every deal looked at ({deals}), and "
                                  "this card gives up only {points}",
    "hint_margin": "your side takes {points} card points on average, {gain} more than with "
                   "{other_card}",
    "hint_points": "your side takes {points} card points on average",
    "hint_wins_more": "your side wins the hand in {won} of {deals} deals, with {other_card} in "
                      "{other_won}",
    "hint_playout": "your side wins the hand in {won} of {deals} play-outs",
    "hint_playout_points": "your side wins the hand in {won} of {deals} play-outs, with "
                           "{points} card points on average",
    "hint_pass": "your side wins the hand in {won} of {deals} play-outs, and in {bid_won} of "
                 "{deals} with a bid of {bid}",
    "hint_loses_less": "loses less: your side loses {low} {unit} on average, against "
                       "{high} if you {verb}",
    "hint_loses_less_bid": "loses less: your side loses {low} {unit} on average, "
                           "against {high} with a bid of {bid}",
    "hint_loses_less_trump": "loses less: your side loses {low} {unit} on average, "
                             "against {high} with {suit} as trump",
    "hint_loses_less_card": "loses less: your side loses {low} {unit} on average, "
                            "against {high} with {other_card}",
    "hint_scores_more": "scores more: your side scores {high} {unit} on average, against "
                        "{low} if you {verb}",
    "hint_scores_more_bid": "scores more: your side scores {high} {unit} on average, "
                            "against {low} with a bid of {bid}",
    "hint_scores_more_trump": "scores more: your side scores {high} {unit} on average, "
                              "against {low} with {suit} as trump",
    "hint_scores_more_card": "scores more: your side scores {high} {unit} on average, "
                             "against {low} with {other_card}",
    "hint_bidders_score": "the bidders score {low} {unit} on average, against {high} if you "
                          "{verb}",
    "hint_bidders_score_card": "the bidders score {low} {unit} on average, against {high} "
                               "with {other_card}",
    "hint_bidders_lose": "the bidders lose {high} {unit} on average, against {low} if you "
                         "{verb}",
    "hint_bidders_lose_card": "the bidders lose {high} {unit} on average, against {low} with "
                              "{other_card}",
    "hint_as_good": "as good as {other_card}: your side takes {points} card points on average "
                    "either way",
    # explanations when the rules surprise (analysis/surprises.py)
    "rev_lower_trump_wins": "{winner_card} beat {beaten_card}: {beaten_card} was played "
                            "before the trump was exposed, so it was no trump",
    "rev_discard_no_power": "{played_card} did not count as a trump: it was played before "
                            "the trump was exposed",
    "rev_whole_trick": "{winner_card} won as a trump although it was played before the "
                       "reveal: the reveal makes every trump-suit card of the trick a trump",
    "hidden_trump_no_power": "in trick {trick}, {played_card} was of the trump suit but had no "
                             "trump power: the trump was still hidden",
    "forced_reveal_last": "the trump is exposed without anyone asking: it must be face up "
                          "before the last trick",
    "pair_lowers": "the bidding side's pair ({pair_cards}) lowers its target from {old} to "
                   "{new}",
    "pair_raises": "the defenders' pair ({pair_cards}) raises the bidding side's target from "
                   "{old} to {new}",
    "pair_floor": "the target stops at {value}: it may not fall below the lowest bid",
    "pair_ceiling": "the target stops at {value}: it may not rise above the highest bid",
    "pair_floor_already": "the bidding side's pair ({pair_cards}) cannot lower its target: "
                          "{value} is already the lowest bid",
    "pair_ceiling_already": "the defenders' pair ({pair_cards}) cannot raise the bidding "
                            "side's target: {value} is already the highest bid",
    "must_open": "you speak first and may not pass: open with {value} or more",
    "floor_dealer": "everyone else passed, so you, the dealer, must bid {value}",
    "dealer_bid_forced": "everyone else passed, so the dealer had to bid {value}",
    "floor_partner": "bids below {value} are gone: your partner holds the bid ({high}), and "
                     "over a partner only {value} or more may be bid",
    "floor_team": "bids below {value} are gone: your own team holds the bid ({high}), and "
                  "over it you must reach the next stage",
    "floor_own_team": "bids below {value} are gone: your own team holds the bid ({high}), "
                      "and over it only {value} or more may be bid",
    "floor_second_bid": "a second bid must be {value} or more",
    "floor_raise": "a raise must reach {value} or more",
    "bidder_must_reveal": "void in the suit led and holding only trumps, you must expose the "
                          "trump",
    "bidder_no_reveal_on_trump_lead": "another player led the trump suit: the bidder may not "
                                      "expose the trump in this trick",
    "annulled": "the hand is annulled: {why}",
}
"""The English sentence of every reason key (``{name}`` marks a parameter)."""

VERB_WORDS: dict[str, str] = {
    "bid": "bid", "raise": "raise", "pass": "pass", "redeal": "ask for a redeal",
    "double": "double", "redouble": "redouble", "c": "call 'C'", "single": "play a single hand",
    "thani": "declare Thani", "ask": "ask for the trump", "reveal": "reveal the trump",
    "pair": "show the pair", "concede": "concede", "accept": "accept the concession",
    "refuse": "refuse the concession", "show": "show your hand", "play": "play a card",
    "trump": "choose the trump",
}
"""Each verb of the notation as the call it makes, for the ``{verb}`` parameter: "you cannot
call 'C' now", never the typed "c"."""

ANNULMENT_WORDS: dict[str, str] = {
    "bidding_side_all_trumps": "the bidding side holds every trump",
    "eight_same_suit": "a hand all of one suit",
    "first_two_pointless": "one of the first two players had no points in four cards",
    "four_jacks": "one player holds all four jacks",
    "low_point_hand": "a hand with too few points",
    "one_suit_hand": "a hand all of one suit",
    "one_suit_opener": "the first player's hand is all one suit",
    "team_without_jack": "a team holds no jack",
    "zero_point_hand": "one player's cards hold no point card",
    "pointless_first_four": "the first player had no points in four cards",
    "zero_point_first_hand": "the first player had no points",
    "opponents_hold_no_trump": "the opponents hold no trump",
    "trump_never_revealed": "the trump was never revealed",
}
"""Why a hand was annulled (the engine's ``annulled_reason``), for the ``{why}`` parameter."""

ANNULLED_BY: dict[str, tuple[str, str]] = {
    "four_jacks": ("{who} holds all four jacks", "you hold all four jacks"),
    "eight_same_suit": ("{who}'s cards are all of one suit", "your cards are all of one suit"),
    "one_suit_hand": ("{who}'s cards are all of one suit", "your cards are all of one suit"),
    "one_suit_opener": ("{who}, the first player, holds cards all of one suit",
                        "you, the first player, hold cards all of one suit"),
    "low_point_hand": ("{who}'s hand has too few points", "your hand has too few points"),
    "first_two_pointless": ("{who}, one of the first two players, had no points in four cards",
                            "you, one of the first two players, had no points in four cards"),
    "zero_point_hand": ("{who}'s cards hold no point card", "your cards hold no point card"),
    "pointless_first_four": ("{who}, the first hand, had no point card in four cards",
                             "you, the first hand, had no point card in four cards"),
    "zero_point_first_hand": ("{who}, the first hand, had no point card",
                              "you, the first hand, had no point card"),
}
"""The annulments of one player's cards said with whose they are (the view's
``result.annulled_seat``: the player whose cards the rule has shown, or who claimed the
redeal); (someone else's, the reader's).  The browser's catalogs say the same as
``annulled_by.<reason>`` and ``annulled_by.<reason>.you``."""


def annulment_words(reason: str, who: str | None = None, you: bool = False) -> str:
    """Why a hand was annulled, in English: whose cards where ``who`` (a name) is given or
    they are the reader's (``you``), else :data:`ANNULMENT_WORDS`.

    >>> annulment_words("zero_point_hand", "Ravi")
    "Ravi's cards hold no point card"
    >>> annulment_words("four_jacks", "Ravi"), annulment_words("four_jacks")
    ('Ravi holds all four jacks', 'one player holds all four jacks')
    """
    if reason in ANNULLED_BY and (you or who):
        theirs, yours = ANNULLED_BY[reason]
        return yours if you else theirs.format(who=who)
    return ANNULMENT_WORDS.get(reason, reason.replace("_", " "))


def _english(name: str, value: Any) -> Any:
    """A parameter in English: a suit's word; a verb's call (:data:`VERB_WORDS`); claimants
    (``claimant_*`` keys, comma-separated) each said and joined ("A, or by B"); an
    annulment's reason (``why``); a card (``card``, ``*_card``) as ``J♠``, ``10♥``; cards
    (``*_cards``) as ``J♠, 9♠``; a bid (``bid``) as ``29 ♠``."""
    if name == "suit":
        return SUIT_WORDS.get(value, value)
    if name == "verb":
        return VERB_WORDS.get(value, value)
    if name == "claimants":
        return ", or by ".join(ENGLISH[f"claimant_{c}"] for c in str(value).split(","))
    if name == "why":
        return ANNULMENT_WORDS.get(value, value)
    if name == "card" or name.endswith("_card"):
        return card_text(value)
    if name.endswith("_cards"):
        return ", ".join(card_text(c) for c in value)
    if name == "bid":
        return bid_text(str(value))
    if name == "unit":
        return UNIT_WORDS.get(value, value)
    return value


UNIT_WORDS = {"game_points": "game points", "tables": "tables", "coolies": "coolies"}
"""What a hint's averages count (``unit``): game points, or 56's tables and coolies."""


def bid_text(bid: str) -> str:
    """A bid's notation for people: ``17`` as it is, 56's ``29S`` → ``29 ♠`` and ``30NT`` →
    ``30 no-trump`` (56-AUC-3)."""
    value = bid.rstrip("SHDCNT")
    named = bid[len(value):]
    if named == "NT":
        return f"{value} no-trump"
    if len(named) == 1 and named in SUITS:
        return f"{value} {SUIT_SYMBOLS[SUITS.index(named)]}"
    return bid


def card_text(name: str) -> str:
    """A card's notation for people: ``JS`` → ``J♠``, ``TH`` → ``10♥``."""
    rank = "10" if name[0] == "T" else name[0]
    return rank + SUIT_SYMBOLS[SUITS.index(name[1])]


@dataclass(frozen=True, slots=True)
class Reason:
    """One reason an action is not allowed: ``key`` names the sentence, ``rule`` the rule ID."""

    key: str
    rule: str | None = None
    params: dict[str, Any] = field(default_factory=dict)

    def text(self) -> str:
        """The English sentence, without the rule."""
        words = {name: _english(name, value) for name, value in self.params.items()}
        return ENGLISH[self.key].format(**words)

    def __str__(self) -> str:
        return f"{self.text()} ({self.rule})" if self.rule else self.text()

    def to_json(self) -> dict[str, Any]:
        """``{"key", "rule", "params"}``, what a client translates."""
        return {"key": self.key, "rule": self.rule, "params": dict(self.params)}


OWN_RULES: dict[str, dict[str, str]] = {
    "29": {
        "follow_suit": "29-PLAY-1",
        "bid_higher": "29-AUC-1",
        "lowest_bid": "29-AUC-2",
        "highest_bid": "29-AUC-2",
        "not_a_trump_choice": "29-DEAL-2",
        "ask_only_when_void": "29-PLAY-3",
        "no_ask_when_leading": "29-PLAY-3",
        "only_bidder_reveals": "29-PLAY-3",
        "bidder_does_not_ask": "29-PLAY-3",
        "bidder_reveal_when_void": "29-PLAY-3",
        "hidden_trump_no_power": "29-PLAY-2",
        "pair_when": "29-PAIR-2",
        **dict.fromkeys(("pair_lowers", "pair_raises", "pair_floor", "pair_ceiling",
                         "pair_floor_already", "pair_ceiling_already", "hint_pair_lowers",
                         "hint_pair_raises"), "29-PAIR-3"),
    },
    "56": {
        "follow_suit": "56-PLAY-2",
        "bid_higher": "56-AUC-4",
        "lowest_bid": "56-AUC-3",
        "highest_bid": "56-AUC-3",
        "first_hand_opens": "56-AUC-5",
        "first_hand_opens_or_redeal": "56-AUC-5",
        "must_open": "56-AUC-5",
        "revealer_plays_indicator": "56-HT-7",       # Kerala's hidden trump (56-kerala)
    },
    **{family: dict.fromkeys(("lowest_bid", "highest_bid", "first_hand_opens",
                              "first_hand_opens_or_redeal", "must_open"), rule)
       for family, rule in (("40", "40-3"), ("3P", "3P-4"), ("6P", "6P-4"))},
    "6PK": {**dict.fromkeys(("lowest_bid", "highest_bid", "first_hand_opens",
                             "first_hand_opens_or_redeal", "must_open"), "6PK-3"),
            **dict.fromkeys(("partner_overcall", "team_overcall", "floor_partner",
                             "floor_own_team"), "6PK-4")},
}
"""The variants' own rules: for a family of :func:`variant`, the rule ID a reason's key cites
in place of the 28 rule the engine writes (28-PLAY-2 is 29-PLAY-1 in 29, 28-AUC-4 is 40-3
in 40).  A key not listed keeps its rule: the variant plays it as 28 does."""


def variant(rules: Rules) -> str:
    """The family of rules a table plays, by whose rule IDs it is told: ``"29"`` (29 and the
    29 presets), ``"40"``, ``"56"`` (every 56), ``"3P"`` / ``"6P"`` / ``"6PK"`` (28 at three
    or six players, RULES.md §4.1-4.2, RULES-56.md §3), or ``"28"``."""
    if rules.pack != "28":
        return rules.pack
    if rules.preset.startswith(("29", "bhoos-29")):
        return "29"
    if rules.num_players == 3:
        return "3P"
    if rules.num_players == 6:
        return "6PK" if rules.six_player_form == "kerala" else "6P"
    return "28"


def cite(reason: Reason, rules: Rules) -> Reason:
    """``reason`` citing the rule of the table's own variant (:data:`OWN_RULES`): the one
    place where a reason's rule ID is made to fit the variant.

    >>> from twentyeight.rules import PRESETS
    >>> str(cite(Reason("follow_suit", "28-PLAY-2", {"suit": "H"}), PRESETS["29"]))
    'you must follow suit: you hold hearts (29-PLAY-1)'
    """
    own = OWN_RULES.get(variant(rules), {}).get(reason.key)
    return reason if own is None or reason.rule is None else replace(reason, rule=own)

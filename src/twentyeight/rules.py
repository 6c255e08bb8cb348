"""The :class:`Rules` value: every flag of RULES.md §5, the presets, and their validation.

A variant is data: a frozen :class:`Rules` plus engine code paths that read its flags.
Presets are named ``Rules`` values; a user starts from one and overrides flags:

>>> r = Rules.from_spec({"preset": "28", "double_redouble": True})
>>> r.double_redouble, r.min_bid, r.preset
(True, 14, '28')
>>> r.to_spec()
{'preset': '28', 'double_redouble': True}
>>> Rules.from_spec("29").to_spec()
'29'
>>> Rules.from_spec({"preset": "28", "colour": "red"})
Traceback (most recent call last):
...
twentyeight.rules.RulesError: unknown flag 'colour' (see `twentyeight rules 28` for the flags)
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from twentyeight.cards import Deck, deck_for


class RulesError(ValueError):
    """An unknown preset or flag, a value of the wrong type, or flags that cannot go together.

    ``str(error)`` names the value refused (for the command line and the code that gave it);
    :attr:`unrepeated` says the same without repeating it, for a stranger's request (the
    server's refusals never repeat what was sent)."""

    def __init__(self, message: str, unrepeated: str | None = None) -> None:
        super().__init__(message)
        self.unrepeated = message if unrepeated is None else unrepeated

    @classmethod
    def refusing(cls, message: str, value: Any) -> RulesError:
        """``message, not VALUE`` — and, unrepeated, the message alone."""
        return cls(f"{message}, not {value!r}", message)


def _flag(default: Any, kind: Any, doc: str, rule: str = "") -> Any:
    return field(default=default, metadata={"kind": kind, "doc": doc, "rule": rule})


BOOL = "bool"
INT = "int"
OPT_INT = "int or null"


@dataclass(frozen=True)
class Rules:
    """Every optional rule of RULES.md §5.1, with the RECOMMENDED defaults.

    Build one with :meth:`from_spec` (a preset name or ``{"preset": ..., flag: value}``) or
    :meth:`replace`; the constructor does not check anything else than types and ranges.
    """

    # --- table and deck -------------------------------------------------------------
    pack: str = _flag("28", ("28", "40", "56"),
                      "the family's pack: 28 points (32 cards; 24 for three players, 36 for "
                      "six), 40 (36 with four extra jack-ranked cards), 56 (the double pack)",
                      "28-DECK-2 / 40-1 / 56-DECK-2")
    num_players: int = _flag(4, (3, 4, 6, 8), "players at the table",
                             "28-DECK-1 / 3P-2 / 6P-2 / 56-DECK-1")
    six_player_form: str = _flag("pagat", ("pagat", "kerala"),
                                 "six-player 28: three teams of two, or two teams of three",
                                 "C-6P-01")
    deck_4p: int = _flag(48, (48, 32), "56 at four players: 48 cards, or J 9 A T twice",
                         "C-56-01")
    deck_8p: int = _flag(64, (64, 48), "56 at eight players: 64 cards, or 48", "C-56-02")
    forty_extra_jack_face: str = _flag("3", ("3", "J"),
                                       "40's extra jack-ranked cards are shown as 3s or as "
                                       "second jacks", "C-40-01")
    cards_before_auction: int | None = _flag(4, OPT_INT,
                                             "cards each player holds in the auction (null: "
                                             "the whole deal)", "28-DEAL-3 / 6P-3 / 56-DEAL-4")
    direction: str = _flag("anticlockwise", ("anticlockwise", "clockwise"),
                           "direction of play (display only)", "1.1")
    # --- auction --------------------------------------------------------------------
    min_bid: int = _flag(14, INT, "minimum bid", "28-AUC-3")
    max_bid: int = _flag(28, INT, "maximum bid", "28-AUC-3")
    opening_rule: str = _flag("forced_bid", ("forced_bid", "dealer_forced", "all_pass_28nt"),
                              "the first hand must bid (28, 56); the dealer must bid after "
                              "everyone passed (29); or all may pass into 28 no-trump (56)",
                              "28-AUC-4 / 29-AUC-3 / C-56-04")
    pass_is_final: bool = _flag(False, BOOL, "a player who passed may not bid again",
                                "28-AUC-8 / 56-AUC-6")
    partner_overcall: str = _flag("threshold", ("threshold", "stage", "honours40", "free"),
                                  "overbidding one's own side: at least partner_overcall_min, "
                                  "the next 56 stage, 40, or freely", "28-AUC-6 / 56-AUC-7")
    partner_overcall_min: int | None = _flag(20, OPT_INT,
                                             "least bid over a partner's high bid", "28-AUC-6")
    second_bid_min: int | None = _flag(None, OPT_INT, "least bid of a player's second bid",
                                       "40-4")
    auction_procedure: str = _flag("rotation", ("rotation", "team_alternating", "duel"),
                                   "turn order of the auction: in turn, Kerala's team "
                                   "alternation, or the competition's defender/challenger "
                                   "duel", "56-AUC-1 / §1.4.2 / BOT-PROTOCOL §7.2")
    first_hand_pointless_redeal: bool = _flag(True, BOOL,
                                              "first hand may redeal a pointless four", "28-PRE-1")
    redeal_first_two_pointless: bool = _flag(False, BOOL,
                                             "annul if either of the first two players has a "
                                             "pointless four", "3.6")
    # --- trump ----------------------------------------------------------------------
    trump_mode: str = _flag("hidden", ("hidden", "open"),
                            "trump laid face down after the auction, or named in the bid",
                            "28-TRUMP-1 / 56-TRUMP-1")
    trump_indicator: str = _flag("card", ("card", "suit"),
                                 "trump shown by a face-down card from the hand (28) or by a "
                                 "suit marker outside the hand (29)", "28-TRUMP-1 / 29-DEAL-2")
    seventh_card_trump: bool = _flag(False, BOOL, "the bidder may call 'seventh card'",
                                     "28-TRUMP-5")
    seventh_card_visible_to_bidder: bool = _flag(True, BOOL, "the bidder sees the seventh card",
                                                 "A-04")
    reverse_no_trump: bool = _flag(False, BOOL, "29: a reversed no-trump hand may be chosen",
                                   "3.6")
    # --- doubling -------------------------------------------------------------------
    double_redouble: bool = _flag(False, BOOL, "double and redouble (a window after the trump "
                                  "choice; in the auction with open trump)",
                                  "28-DBL-1 / 56-DBL-1")
    redouble_out_of_turn: bool = _flag(False, BOOL, "the doubled side may redouble before its "
                                       "turn comes", "56-DBL-2")
    auto_double_threshold: int | None = _flag(None, OPT_INT,
                                              "contracts from this value are worth 2 (flat)",
                                              "28-DBL-6")
    c_bid: bool = _flag(False, BOOL, "the bidder may answer a double with 'C'", "28-DBL-7")
    c_bid_with_autodouble: bool = _flag(False, BOOL, "'C' allowed in an auto-double game", "C-02")
    # --- after the full deal ----------------------------------------------------------
    one_suit_hand_redeal: bool = _flag(False, BOOL, "redeal when a hand is all one suit",
                                       "56-ANN-2")
    one_suit_opener_redeal: bool = _flag(False, BOOL, "redeal when the first hand is all one "
                                         "suit (he may not bid)", "40-5 / A-19")
    zero_point_first_hand_cancel: bool = _flag(False, BOOL, "a pointless first hand may annul "
                                               "instead of opening", "56-ANN-3")
    redeal_team_without_jack: bool = _flag(False, BOOL, "redeal when a side holds no jack",
                                           "56-ANN-4")
    redeal_max_hand_points: int | None = _flag(None, OPT_INT, "redeal when a hand holds at most "
                                               "this many card points", "56-ANN-4")
    redeal_dealer: str = _flag("same", ("same", "next"), "who deals after an annulled hand",
                               "28-ANN-3 / A-56-05")
    four_jacks_redeal: bool = _flag(True, BOOL, "annul when one player holds all four jacks",
                                    "28-POST-2")
    zero_point_hand_redeal: str = _flag("optional", ("off", "optional", "automatic"),
                                        "a hand without J, 9, A or T may be annulled",
                                        "28-POST-3")
    eight_same_suit: str = _flag("redeal", ("ignore", "redeal", "show3"),
                                 "eight cards of one suit", "28-POST-4")
    raise_after_full_deal: bool = _flag(True, BOOL,
                                        "bidder and partner may raise after the full deal",
                                        "28-RAISE-1")
    raise_min: int = _flag(24, INT, "least contract after a raise", "28-RAISE-1")
    # --- play: bidder and asking ------------------------------------------------------
    bidder_restrictions: bool = _flag(True, BOOL,
                                      "the bidder's phase-1 restrictions (28); off in 29",
                                      "28-BR-1..3 / 29-PLAY-7")
    bidder_lead_trump_after_trump_led: bool = _flag(False, BOOL,
                                                    "bidder may lead trump once another "
                                                    "seat led it", "C-04")
    bidder_void_discard_trump_unrevealed: bool = _flag(False, BOOL,
                                                       "void bidder may discard a trump-suit "
                                                       "card without exposing", "C-05")
    bidder_reveal_plays: str = _flag("indicator", ("indicator", "any_trump"),
                                     "after exposing, the bidder plays the indicator or any "
                                     "trump", "28-BR-3 / C-05")
    bidder_may_reveal_on_trump_lead: bool = _flag(False, BOOL,
                                                  "bidder may expose on a trump-suit lead",
                                                  "C-06")
    asking_compulsory: bool = _flag(False, BOOL, "the first void player must ask", "29-PLAY-3")
    asker_must_trump: bool = _flag(True, BOOL, "the asker must play a trump", "28-REV-3")
    revealer_overtrump: bool = _flag(False, BOOL, "the asker must over-trump an opponent's "
                                     "winning trump when he can", "BOT-PROTOCOL §7.5")
    trump_effect_in_reveal_trick: str = _flag("from_reveal",
                                              ("from_reveal", "whole_trick", "c56_hybrid"),
                                              "which trump-suit cards of the exposure trick "
                                              "are trumps", "28-REV-5 / C-07")
    no_undertrump: bool = _flag(False, BOOL, "no under-trumping", "28-P2-3")
    trump_lead_restriction: bool = _flag(False, BOOL, "no trump lead before a trump has been "
                                         "played", "56-PLAY-5")
    stop_when_decided: bool = _flag(False, BOOL, "stop the play once the contract is made or "
                                    "lost", "56-PLAY-6")
    last_trick_reveal: str = _flag("before_lead", ("before_lead", "at_bidder_turn"),
                                   "when a still-hidden trump is exposed in the last trick",
                                   "28-LAST-1 / A-10")
    unrevealed_trump_annuls: bool = _flag(False, BOOL,
                                          "a hand whose trump was never revealed is annulled",
                                          "29-PLAY-8")
    bidding_side_all_trumps_redeal: bool = _flag(True, BOOL,
                                                 "annul when the bidding side holds every trump",
                                                 "28-ANN-2")
    jack_discard_restriction: bool = _flag(False, BOOL,
                                           "no discarding the jack of a suit not yet led",
                                           "5.1 / C-17")
    # --- pair -----------------------------------------------------------------------
    pair_rule: bool = _flag(True, BOOL, "king and queen of trumps move the target by 4",
                            "28-PAIR-1")
    pair_timing: str = _flag("after_own_side_trick", ("after_own_side_trick", "lenient"),
                             "when a pair may be shown", "28-PAIR-3 / A-11")
    pair_bidder_min_contract: int | None = _flag(None, OPT_INT,
                                                 "least contract for a bidding-side pair",
                                                 "WB-2 / 29-PAIR-4")
    pair_affects_tier: bool = _flag(False, BOOL, "the scoring tier uses the pair-adjusted target",
                                    "A-13")
    max_bid_with_pair_allowance: bool = _flag(False, BOOL,
                                              "bids up to max_bid + 4, made only with a pair",
                                              "C-08")
    # --- scoring --------------------------------------------------------------------
    scoring: str = _flag("pagat_tiered",
                         ("pagat_tiered", "flat", "forty", "kerala_six", "fifty_six"),
                         "game-point scale", "28-SCORE / C-09 / 40-6 / 6PK-6 / 56-SC-2")
    stake_table: str = _flag("international", ("international", "rm3"), "56 stakes by contract",
                             "56-SC-2 / C-56-07")
    double_scoring: str = _flag("multiply", ("multiply", "additive"),
                                "a double multiplies the stakes (x2, x4) or adds 1 and 2",
                                "28-DBL-3 / 56-SC-4")
    failure_mode: str = _flag("bidder_loses", ("bidder_loses", "opponents_gain"),
                              "who scores a failed contract", "C-16")
    half_bid_double_loss: bool = _flag(False, BOOL,
                                       "a failure below half the contract loses double", "A-14")
    last_trick_bonus: bool = _flag(False, BOOL, "one card point for the last trick", "29-SCORE-1")
    game_target: int = _flag(6, INT, "a game ends at +target or -target", "28-END-1")
    match_scoring: str = _flag("target", ("target", "tables", "score_sheet", "coolie_kodi"),
                               "the match: to ±game_target, tables between the teams, a fixed "
                               "number of deals, or coolies and kodis",
                               "28-END-1 / 56-MATCH-1..3")
    start_tables: int = _flag(12, INT, "tables each team starts with", "56-MATCH-4")
    tables_end: str = _flag("zero", ("zero", "cannot_pay"), "when a team has run out of tables",
                            "A-56-04")
    match_deals: int = _flag(24, INT, "deals of a score-sheet match", "56-MATCH-2 / 6PK-7")
    start_coolies: int | None = _flag(None, OPT_INT, "coolies each team starts with (null: 6, "
                                      "or 7 for eight players)", "56-MATCH-3")
    track_sets: bool = _flag(False, BOOL, "keep red and black sets over several games",
                             "28-END-4")
    # --- special contracts ---------------------------------------------------------
    single_hand: bool = _flag(False, BOOL, "any player may play alone for all tricks",
                              "28-SH-1")
    certain_hand_show: bool = _flag(False, BOOL, "a certain hand may be shown for +3", "28-SH-7")
    thani: bool = _flag(False, BOOL, "the bidder may undertake to win every trick himself",
                        "28-TH-1")
    cot: bool = _flag(False, BOOL, "all tricks double; opponents may concede", "28-COT-1")
    thani_56: bool = _flag(False, BOOL, "Thani as a call above 56 in the auction", "56-TH-1")
    thani_stake: str | tuple[int, int] = _flag("match", "thani_stake",
                                         "a 56 Thani decides the match, or scores [win, loss]",
                                         "56-TH-4 / C-56-06")

    preset: str = field(default="28", compare=False, metadata={"kind": None})

    # ------------------------------------------------------------------------------
    def __post_init__(self) -> None:
        if isinstance(self.thani_stake, list):          # JSON gives a list; keep it hashable
            object.__setattr__(self, "thani_stake", tuple(self.thani_stake))
        for f in dataclasses.fields(self):
            kind = f.metadata.get("kind")
            if kind is not None:
                _check_value(f.name, kind, getattr(self, f.name))
        problems = self._conflicts()
        if problems:
            raise RulesError(problems[0])

    def _conflicts(self) -> list[str]:
        out = []
        seats = {"28": (3, 4, 6), "40": (6,), "56": (4, 6, 8)}[self.pack]
        if self.num_players not in seats:
            return [f"pack {self.pack!r} is played by {' or '.join(map(str, seats))} players, "
                    f"not {self.num_players}"]
        each = self.cards_each
        if self.cards_before_auction is not None and not 1 <= self.cards_before_auction <= each:
            out.append(f"cards_before_auction must be between 1 and {each} (or null)")
        if self.seventh_card_trump and (self.first_batch > 6 or each < 7
                                        or self.trump_mode == "open"):
            out.append("seventh_card_trump needs a second deal that brings a seventh card")
        if self.pack == "56" and self.pair_rule:
            out.append("pair_rule is not part of 56 (56-TRUMP-3)")
        if self.auction_procedure == "duel" and (self.trump_mode != "hidden" or self.thani_56):
            out.append("auction_procedure 'duel' is the 29 competition's auction: it needs "
                       "trump_mode 'hidden' and no thani_56")
        if self.auction_procedure == "team_alternating" and self.teams != 2:
            out.append("auction_procedure 'team_alternating' needs two teams")
        top = self.deck.points_total + (1 if self.last_trick_bonus else 0)
        if not 1 <= self.min_bid <= self.max_bid:
            out.append(f"min_bid {self.min_bid} must be at least 1 and at most max_bid "
                       f"{self.max_bid}")
        if self.max_bid > top:
            out.append(f"max_bid {self.max_bid} is more than the {top} card points in play")
        if self.game_target < 1:
            out.append("game_target must be at least 1")
        for name in ("start_tables", "match_deals", "start_coolies"):
            value = getattr(self, name)              # (a match of no deals, or of no tables,
            if value is not None and value < 1:      # ended after its first hand; one of no
                out.append(f"{name} must be at least 1")   # coolies never ended)
        if self.scoring != "flat" and self.auto_double_threshold is not None:
            out.append("auto_double_threshold needs scoring='flat' (A-06)")
        if self.scoring != "flat" and self.c_bid:
            out.append("c_bid needs scoring='flat' (A-06)")
        if self.c_bid and not self.double_redouble:
            out.append("c_bid needs double_redouble (a 'C' answers a double)")
        if self.reverse_no_trump and self.trump_indicator != "suit":
            out.append("reverse_no_trump needs trump_indicator='suit' (it is a 29 option)")
        if self.certain_hand_show and not self.single_hand:
            out.append("certain_hand_show needs single_hand (the show is made in its window)")
        low = self.redeal_max_hand_points
        if low is not None and 3 * self.num_players * low >= self.deck.points_total:
            # a hand of this game averages points_total / num_players: from a third of that,
            # more deals would be redealt than played (28-6p at 4: every one of 1,000)
            most = math.ceil(self.deck.points_total / (3 * self.num_players)) - 1
            out.append(f"redeal_max_hand_points {low} would redeal most deals (a hand here holds "
                       f"{self.deck.points_total / self.num_players:.1f} card points on "
                       f"average): at most {most} (56-ANN-4)")
        return out

    # ------------------------------------------------------------------------------
    @property
    def deck(self) -> Deck:
        """The pack this variant plays with (RULES.md §2.1, §4.1–4.3; RULES-56.md 56-DECK-3)."""
        n = self.num_players
        if self.pack == "40":
            if self.forty_extra_jack_face == "J":
                return deck_for("JJ9ATKQ87")
            return deck_for("J39ATKQ87", 1, "J3")
        if self.pack == "56":
            if (n == 4 and self.deck_4p == 32):
                return deck_for("J9AT", 2)
            if n == 8 and self.deck_8p == 64:
                return deck_for("J9ATKQ87", 2)
            return deck_for("J9ATKQ", 2)
        return deck_for({3: "J9ATKQ", 6: "J9ATKQ876"}.get(n, "J9ATKQ87"))

    @property
    def cards_each(self) -> int:
        """Cards dealt to each player."""
        return self.deck.size // self.num_players

    @property
    def first_batch(self) -> int:
        """Cards each player holds during the auction (28-DEAL-3; all of them in 6P, 40, 56)."""
        each = self.cards_each
        if self.cards_before_auction is None:
            return each
        return min(self.cards_before_auction, each)

    @property
    def teams(self) -> int:
        """How many sides: seat ``s`` plays for side ``s % teams`` (3P: every seat alone)."""
        n = self.num_players
        if n == 3:
            return 3                                    # 3P-6: the bidder alone
        if n == 6 and self.pack == "28" and self.six_player_form == "pagat":
            return 3                                    # 6P-2: three teams of two
        return 2

    @property
    def effective_max_bid(self) -> int:
        """The highest bid allowed in the auction (C-08 allows 4 more with the pair allowance)."""
        return self.max_bid + 4 if self.max_bid_with_pair_allowance else self.max_bid

    @classmethod
    def from_spec(cls, spec: str | Mapping[str, Any] | Rules) -> Rules:
        """Rules from a preset name, a ``{"preset": name, flag: value, ...}`` object, or Rules."""
        if isinstance(spec, Rules):
            return spec
        if isinstance(spec, str):
            return preset(spec)
        if not isinstance(spec, Mapping):
            raise RulesError.refusing("rules must be a preset name or an object", spec)
        overrides = dict(spec)
        name = overrides.pop("preset", "28")
        if not isinstance(name, str):
            raise RulesError.refusing("preset must be a name", name)
        return preset(name).replace(**overrides)

    def replace(self, **overrides: Any) -> Rules:
        """A copy with some flags changed (checked); the preset it derives from is kept.

        Changing the trump mode (``trump_mode``, or the ``pack`` it belongs to) brings that
        mode's defaults (:data:`MODE_DEFAULTS`) for the flags not given here.
        """
        names = {f.name for f in dataclasses.fields(self) if f.metadata.get("kind") is not None}
        for key in overrides:
            if key not in names:
                raise RulesError(f"unknown flag {key!r} (see `twentyeight rules {self.preset}` "
                                 "for the flags)",              # (`rules` alone lists presets)
                                 "an unknown flag (see `twentyeight rules NAME` for the flags)")
        brought = mode_defaults(self, overrides.get("pack", self.pack),
                                overrides.get("trump_mode", self.trump_mode))
        return dataclasses.replace(self, **{**brought, **overrides})

    def overrides(self) -> dict[str, Any]:
        """The flags in which these rules differ from their preset (and, where the trump mode
        was changed, from that mode's defaults): what :meth:`from_spec` needs to rebuild them."""
        return {name: _json(value) for name, value in _overrides(self, self.preset)}

    def to_spec(self) -> str | dict[str, Any]:
        """The record form: the preset name, or the preset with the overridden flags."""
        diff = self.overrides()
        if not diff:
            return self.preset
        return {"preset": self.preset, **diff}

    def flags(self) -> dict[str, Any]:
        """Every flag and its value."""
        return {name: _json(getattr(self, name)) for name in flag_names()}


def _check_value(name: str, kind: Any, value: Any) -> None:
    if kind == BOOL:
        if not isinstance(value, bool):
            raise RulesError.refusing(f"flag {name!r} takes true or false", value)
    elif kind in (INT, OPT_INT):
        if value is None and kind == OPT_INT:
            return
        if not isinstance(value, int) or isinstance(value, bool):
            what = "a whole number or null" if kind == OPT_INT else "a whole number"
            raise RulesError.refusing(f"flag {name!r} takes {what}", value)
    elif kind == "thani_stake":
        if value == "match" or (isinstance(value, list | tuple) and len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value)):
            return
        raise RulesError.refusing(f"flag {name!r} takes \"match\" or [win, loss]", value)
    elif isinstance(kind, tuple) and (value not in kind or isinstance(value, bool)):
        choices = ", ".join(repr(k) for k in kind)
        raise RulesError.refusing(f"flag {name!r} takes one of {choices}", value)


def _json(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


def flag_names() -> list[str]:
    """The names of all flags, in declaration order."""
    return list(_flag_names())


@functools.cache
def _flag_names() -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(Rules) if f.metadata.get("kind") is not None)


@functools.lru_cache(maxsize=256)
def _overrides(rules: Rules, preset_name: str) -> tuple[tuple[str, Any], ...]:
    """:meth:`Rules.overrides` as items, computed once per rules value and preset (every view
    and record asks for it, many thousand times a second in a play-out).  The preset is part
    of the key: it is not compared between rules (``compare=False``), so ``56`` at four
    players equals ``56-4p``, whose overrides differ."""
    base = PRESETS[preset_name]
    brought = mode_defaults(base, rules.pack, rules.trump_mode)
    return tuple((name, getattr(rules, name)) for name in _flag_names()
                 if getattr(rules, name) != brought.get(name, getattr(base, name)))


def flag_info() -> list[dict[str, Any]]:
    """Name, type, default, rule ID and description of every flag (for ``twentyeight rules``)."""
    out = []
    for f in dataclasses.fields(Rules):
        kind = f.metadata.get("kind")
        if kind is None:
            continue
        out.append({"flag": f.name, "type": "|".join(map(str, kind)) if isinstance(kind, tuple)
                    else kind, "default": f.default, "rule": f.metadata["rule"],
                    "doc": f.metadata["doc"]})
    return out


MODE_DEFAULTS: dict[tuple[str, str], dict[str, Any]] = {
    ("56", "open"): {
        "double_redouble": True,                        # RULES-56.md §1.5: on in open mode
        "bidding_side_all_trumps_redeal": False,        # 56-ANN-5 is a hidden-mode check
        "bidder_void_discard_trump_unrevealed": False,  # (no hidden trump to play around)
        "bidder_may_reveal_on_trump_lead": False,
    },
    ("56", "hidden"): {
        "double_redouble": False,                       # 56-HT-1, §1.5: no doubling
        "bidding_side_all_trumps_redeal": True,         # 56-ANN-5
        "bidder_void_discard_trump_unrevealed": True,   # 56-HT-5
        "bidder_may_reveal_on_trump_lead": True,        # 56-HT-9
    },
}
"""The flags a (pack, trump mode) ties to its mode, with the mode's values (RULES-56.md §1.5,
§1.8, §5.1).  A spec or :meth:`Rules.replace` that changes the mode from its base's takes
these values for every one of them it does not set itself; 28 and 40 know one mode only."""


def mode_defaults(base: Rules, pack: str, trump_mode: str) -> dict[str, Any]:
    """The flag values that moving ``base`` to this pack and trump mode brings: the mode's
    :data:`MODE_DEFAULTS` when the mode changes, nothing when it stays the same."""
    if (pack, trump_mode) == (base.pack, base.trump_mode):
        return {}
    return MODE_DEFAULTS.get((pack, trump_mode), {})


def _preset(name: str, base: Rules | None = None, **flags: Any) -> Rules:
    start = base if base is not None else Rules(preset=name)
    return dataclasses.replace(start, preset=name, **flags)


RECOMMENDED = _preset("28")
"""RULES.md §5.2 RECOMMENDED: pagat play, auction and scoring, Wikipedia's pair, game to ±6."""
PAGAT_STRICT = _preset("28-pagat", pair_rule=False, zero_point_hand_redeal="off",
                       eight_same_suit="ignore")
"""RULES.md §5.2 PAGAT_STRICT."""
WIKIPEDIA = _preset(
    "28-wiki", scoring="flat", partner_overcall_min=None, raise_after_full_deal=False,
    bidder_lead_trump_after_trump_led=True, bidder_void_discard_trump_unrevealed=True,
    bidder_reveal_plays="any_trump", bidder_may_reveal_on_trump_lead=True, no_undertrump=True,
    zero_point_hand_redeal="automatic", eight_same_suit="redeal", half_bid_double_loss=True,
    pair_rule=True)
"""RULES.md §5.2 WIKIPEDIA."""
WEST_BENGAL = _preset("28-bengal", WIKIPEDIA, min_bid=16, pair_bidder_min_contract=19)
"""RULES.md §4.5 / §5.2 WEST_BENGAL."""
TWENTY_NINE = _preset(
    "29", direction="clockwise", min_bid=15, max_bid=28, trump_indicator="suit",
    partner_overcall_min=None, raise_after_full_deal=False, first_hand_pointless_redeal=False,
    opening_rule="dealer_forced", asking_compulsory=True, asker_must_trump=False,
    trump_effect_in_reveal_trick="whole_trick", bidder_restrictions=False,
    unrevealed_trump_annuls=True, scoring="flat", last_trick_bonus=False)
"""RULES.md §3 / §5.2 TWENTY_NINE."""
TWENTY_NINE_16 = _preset("29-16", TWENTY_NINE, min_bid=16, pair_bidder_min_contract=19)
"""RULES.md §5.2 TWENTY_NINE_16."""

THREE_PLAYER = _preset("28-3p", num_players=3, min_bid=12, partner_overcall_min=None)
"""RULES.md §4.1 THREE_PLAYER: 24 cards, the bidder alone against two."""
SIX_PLAYER = _preset("28-6p", num_players=6, cards_before_auction=None, min_bid=12,
                     partner_overcall_min=None, raise_after_full_deal=False)
"""RULES.md §4.2 SIX_PLAYER (pagat): 36 cards, three teams of two."""
SIX_PLAYER_KERALA = _preset(
    "28-6p-kerala", num_players=6, six_player_form="kerala", cards_before_auction=None,
    min_bid=16, partner_overcall_min=20, raise_after_full_deal=False, scoring="kerala_six",
    failure_mode="opponents_gain", match_scoring="score_sheet", match_deals=24)
"""RULES-56.md §3 SIX_PLAYER_KERALA: two teams of three, minimum 16, [KC97] scoring."""
FORTY = _preset(
    "40", pack="40", num_players=6, cards_before_auction=None, min_bid=20, max_bid=40,
    second_bid_min=30, one_suit_opener_redeal=True, partner_overcall_min=None,
    raise_after_full_deal=False, scoring="forty", failure_mode="opponents_gain",
    eight_same_suit="ignore")
"""RULES.md §4.3 with RULES-56.md §2: two teams of three, 36 cards worth 40.  A hand of one
suit is 40-5's matter (the first bidder's only, A-19), not 28-POST-4's eight cards of one
suit: the same source would have nothing left for 40-5 if every such hand were redealt."""
FIFTY_SIX = _preset(
    "56", pack="56", num_players=6, cards_before_auction=None, trump_mode="open",
    min_bid=28, max_bid=56, partner_overcall="stage", scoring="fifty_six",
    double_scoring="additive", match_scoring="tables", raise_after_full_deal=False,
    pair_rule=False, four_jacks_redeal=False, zero_point_hand_redeal="off",
    eight_same_suit="ignore", first_hand_pointless_redeal=False, **MODE_DEFAULTS["56", "open"])
"""RULES-56.md FIFTY_SIX ("Support"): open trump named in the bid, six players, tables."""
FIFTY_SIX_4 = _preset("56-4p", FIFTY_SIX, num_players=4)
FIFTY_SIX_8 = _preset("56-8p", FIFTY_SIX, num_players=8)
FIFTY_SIX_INTERNATIONAL = _preset("56-international", FIFTY_SIX, match_scoring="score_sheet")
FIFTY_SIX_ONLINE = _preset("56-online", FIFTY_SIX, deck_4p=32, opening_rule="all_pass_28nt",
                           partner_overcall="free", double_scoring="multiply")
FIFTY_SIX_KERALA_CLOSED = _preset(
    "56-kerala", FIFTY_SIX, trump_mode="hidden", deck_4p=32, auction_procedure="team_alternating",
    thani_56=True, thani_stake="match", zero_point_first_hand_cancel=True,
    one_suit_hand_redeal=True, match_scoring="coolie_kodi", stop_when_decided=True,
    trump_effect_in_reveal_trick="c56_hybrid", **MODE_DEFAULTS["56", "hidden"])
"""RULES-56.md FIFTY_SIX_KERALA_CLOSED: hidden trump as [C56] plays it."""

BHOOS_29 = _preset(
    "bhoos-29", TWENTY_NINE, min_bid=16, auction_procedure="duel", pair_rule=False,
    asking_compulsory=False, asker_must_trump=True, revealer_overtrump=True,
    unrevealed_trump_annuls=False, first_hand_pointless_redeal=False,
    zero_point_hand_redeal="off", four_jacks_redeal=False, eight_same_suit="ignore",
    bidding_side_all_trumps_redeal=False)
"""The rules of the public 29 bot competition (BOT-PROTOCOL.md §7)."""

PRESETS: dict[str, Rules] = {r.preset: r for r in (
    RECOMMENDED, PAGAT_STRICT, WIKIPEDIA, WEST_BENGAL, TWENTY_NINE, TWENTY_NINE_16,
    THREE_PLAYER, SIX_PLAYER, SIX_PLAYER_KERALA, FORTY, FIFTY_SIX, FIFTY_SIX_4, FIFTY_SIX_8,
    FIFTY_SIX_INTERNATIONAL, FIFTY_SIX_ONLINE, FIFTY_SIX_KERALA_CLOSED, BHOOS_29)}
"""Every preset by name."""

PRESET_TITLES = {
    "28": "Recommended: 28 with the pair, bigger bids winning and losing more (the default)",
    "28-pagat": "Classic 28 by the old written rules, without the pair",
    "28-wiki": "28 at one game point a hand, with the pair, a freer bidder and no under-trumping",
    "28-bengal": ("West Bengal: one game point a hand, bids from 16, the bidding side's pair "
                  "only from 19"),
    "29": "29 (clockwise, trump by suit, compulsory asking)",
    "29-16": "29 with a minimum bid of 16",
    "28-3p": "Three players: 24 cards, the bidder alone against two",
    "28-6p": "Six players: 36 cards, three teams of two",
    "28-6p-kerala": "Six players, Kerala: 36 cards, two teams of three, minimum 16",
    "40": "40: six players, 36 cards worth 40, two teams of three",
    "56": "56: the double pack, six players, trump named in the bid, tables",
    "56-4p": "56 at four players (12 cards each)",
    "56-8p": "56 at eight players (64 cards)",
    "56-international": "International 56: a score sheet over a fixed number of deals",
    "56-online": "Online 56: all may pass into 28 no-trump, free overcalls, ×2/×4",
    "56-kerala": "Kerala 56 (closed): hidden trump, team-alternating auction, Thani, kodi",
    "bhoos-29": "The public 29 bot competition: defender/challenger auction from 16, no pair",
}
"""Each preset's title in a player's words (``twentyeight rules``, ``/api/presets``); the
browser's English catalog says the same (``preset.<name>``), the others translate it.
The code names of RULES.md (``RECOMMENDED``, ``TWENTY_NINE`` …) are for developers."""


def preset(name: str) -> Rules:
    """The preset of that name; :class:`RulesError` names the known ones otherwise."""
    try:
        return PRESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(PRESETS)
        raise RulesError(f"unknown preset {name!r} (known: {known})",
                         f"unknown preset (known: {known})") from None

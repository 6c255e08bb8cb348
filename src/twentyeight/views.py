"""What one seat may know (RULES.md §2.20): the information set of a player, as JSON data.

A view holds the seat's own cards, everything public (every call, every card played, the
exposed trump, a shown pair), and for the bidder his face-down indicator.  It never holds
another seat's unplayed cards nor, for anyone but the bidder, a trump that is still face down.
Two deals that differ only in what a seat cannot see give that seat the same view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NotRequired, TypedDict

from twentyeight.cards import cards_of
from twentyeight.engine.actions import (
    CODE_MASK,
    DENOMINATIONS,
    SEAT_SHIFT,
    SINGLE,
    THANI,
    TRUMP_CARD,
    TRUMP_SEVENTH,
)
from twentyeight.engine.hand import Hand
from twentyeight.engine.scoring import (
    below_half,
    contract_stake,
    failure_to_opponents,
    target,
    undertaking_stake,
)
from twentyeight.engine.state import (
    ANNULLED,
    AUCTION,
    NORMAL,
    PHASE_NAMES,
    SHOW_CERTAIN,
    SHOW_EIGHT,
    SINGLE_HAND,
    SPECIAL_NAMES,
    STATUS_NAMES,
    THANI_ALONE,
    THANI_HAND,
)
from twentyeight.result import current_trick_json, side_points, tricks_json, trump_name


class ShownPair(TypedDict):
    """A pair shown (28-PAIR): who showed it and the two cards."""

    seat: int
    cards: list[str]


class CurrentTrick(TypedDict):
    """The trick being played."""

    leader: int
    cards: list[str]
    """Cards in the order played."""
    seats: list[int]
    """Who played each card."""
    exposed_before_card: int | None
    """The trump was exposed before the card at this index (28-REV-2), else ``None``."""


class CompletedTrick(TypedDict):
    """A trick won."""

    leader: int
    cards: list[str]
    winner: int
    points: int
    """Card points in the trick (not the last-trick point)."""
    seats: list[int]


class BelowHalf(TypedDict):
    """A-14: a failed contract under ``points`` card points loses ``loss``."""

    points: int
    loss: int


class Stake(TypedDict):
    """What the contract as it stands wins made and loses failed (game points, tables or
    coolies by the match's scoring), doubling included; where the table plays them, what
    every trick wins (28-COT-1) and what a failure by more than half the bid loses (A-14)."""

    win: int
    loss: int
    opponents_gain: NotRequired[bool]
    """Present (true) where a failure's points go to the opponents, not from the bidders."""
    all_tricks: NotRequired[int]
    below_half: NotRequired[BelowHalf]


class SidePoints(TypedDict):
    """Card points won so far, with the last-trick point (29-SCORE-1)."""

    bidding: int
    opponents: int


class ScoreChange(TypedDict):
    """Game points the hand gives the bidding side and each opposing side."""

    bidding: int
    opponents: int


class HandOutcome(TypedDict):
    """How a finished hand ended."""

    made: bool | None
    won: bool | None
    """Whether the bidding side won the hand: ``made``, unless it refused the concession and
    lost a trick after it (28-COT-4)."""
    score_change: ScoreChange
    score_by_team: list[int]
    annulled_reason: str | None
    annulled_seat: int | None
    """Whose cards annulled the hand, where they were one player's and shown (four jacks,
    eight of a suit, no point card) or the player claimed the redeal; else ``None``."""


class View(TypedDict):
    """Exactly what one seat may know (RULES.md §2.20), as JSON-ready data.

    The contract between the engine and everything that decides for a seat: bots, the
    browser table, the terminal game, adapters and the competition protocol.  Documented
    field by field in docs/views.md.
    """

    seat: int
    rules: str | dict[str, Any]
    """The rules, as a record's ``rules`` field: a preset name or a preset with flags."""
    dealer: int
    phase: str
    """One of ``auction trump double redouble raise single_hand thani play cot over``."""
    status: str
    """``in_progress``, ``complete`` or ``annulled``."""
    to_act: int | None
    hand: list[str]
    """This seat's cards, in deck order (not the face-down indicator)."""
    hand_sizes: list[int]
    """How many cards each seat holds."""
    history: list[str]
    """Every decision in notation; another seat's face-down trump choice is ``"S trump"``."""
    history_phases: list[str]
    """The phase each entry of ``history`` was made in (``auction``, ``raise``, …, ``play``):
    a ``pass`` in the ``raise`` phase is "no raise", not an auction call."""
    bidder: int | None
    high_bid: int | None
    contract: int | None
    target: int | None
    """The card points the bidding side needs (the contract moved by a pair)."""
    denomination: str | None
    """The high bid's named trump (``S H D C``) or ``NT`` where bids name one (56)."""
    teams: list[list[int]]
    multiplier: int
    """1, or 2 / 4 after a double / redouble."""
    stake: Stake | None
    """The contract's stake, once there is a contract played as one; a single hand's or a
    Thani's own once declared (not a 56 Thani's: it decides the match)."""
    offered_stakes: dict[str, Stake | None] | None
    """At this seat's turn, the stake of each undertaking it may declare now (``single``,
    ``thani``: ``null`` for a 56 Thani that decides the match); else ``null``."""
    trump: str | None
    """The trump suit if this seat knows it (``reverse`` for 29's reversed no-trump)."""
    trump_exposed: bool
    indicator: str | None
    """The trump card: face up once exposed; the bidder's own face-down card for the bidder."""
    indicator_face_down: bool
    seventh_card: bool
    pair: ShownPair | None
    special: str | None
    """``single_hand``, ``thani``, ``eight_of_a_suit``, ``certain_hand``, ``thani_56``."""
    special_seat: int | None
    sitting_out: list[int]
    """Seats out of the play (the declarer's partners in a single hand)."""
    trick: CurrentTrick | None
    tricks: list[CompletedTrick]
    points: SidePoints
    scores: list[int]
    """Each team's game score before this hand."""
    legal: list[str]
    """This seat's legal actions in notation when it is to act, else empty."""
    result: NotRequired[HandOutcome]
    """Only once the hand is over."""


def knows_trump(h: Hand, seat: int) -> bool:
    """Whether ``seat`` knows the trump suit now (exposed, or the bidder who chose or saw it)."""
    if h.revealed or h.reverse:
        return True
    if seat != h.bidder or h.trump < 0:
        return False
    return not h.seventh or h.rules.seventh_card_visible_to_bidder


def public_history(h: Hand, seat: int) -> list[str]:
    """Every decision in notation, with the face-down trump choice hidden from others."""
    out = []
    secret = not knows_trump(h, seat) and seat != h.bidder
    said = h.t.said
    for entry in h.history:
        code = entry & CODE_MASK
        if secret and TRUMP_CARD <= code < TRUMP_SEVENTH:
            out.append(f"{entry >> SEAT_SHIFT} trump")
            continue
        text = said.get(entry)
        if text is None:
            text = said[entry] = f"{entry >> SEAT_SHIFT} {h.describe(code)}"
        out.append(text)
    return out


def rules_spec(h: Hand) -> str | dict[str, Any]:
    """The hand's rules in record form (:meth:`Rules.to_spec`, worked out once per rule set):
    a copy, so that whoever holds a view may change it."""
    spec = h.t.spec
    if isinstance(spec, str):
        return spec
    return {k: list(v) if isinstance(v, list) else v for k, v in spec.items()}


def view(h: Hand, seat: int) -> View:
    """The view of ``seat``: JSON-serialisable, and exactly what that player may know."""
    if not 0 <= seat < h.n:
        raise ValueError(f"seat {seat} does not exist (0 to {h.n - 1})")
    names = h.t.deck.names
    knows = knows_trump(h, seat)
    face_down = h.indicator >= 0 and not h.revealed
    shown_pair: ShownPair | None = None
    if h.pair_by >= 0:
        shown_pair = {"seat": h.pair_by,
                      "cards": [names[c] for c in cards_of(h.t.kq_masks[h.trump])]}
    in_play = h.bidder >= 0 and h.special in (NORMAL, THANI_HAND)
    codes = h.legal_codes() if h.to_act == seat else []     # (once: legal, offered_stakes)
    out: View = {
        "seat": seat,
        "rules": rules_spec(h),
        "dealer": h.dealer,
        "phase": PHASE_NAMES[h.phase],
        "status": STATUS_NAMES[h.status],
        "to_act": h.to_act,
        "hand": [names[c] for c in cards_of(h.hands[seat])],
        "hand_sizes": [h.hands[s].bit_count() for s in range(h.n)],
        "history": public_history(h, seat),
        "history_phases": [PHASE_NAMES[p] for p in h.history_phases()],
        "bidder": h.bidder if h.bidder >= 0 else None,
        "high_bid": h.high if h.high >= 0 else None,
        "contract": h.contract if h.contract >= 0 else None,
        "target": target(h) if in_play else None,
        "denomination": DENOMINATIONS[h.high_den] or None if h.high >= 0 else None,
        "teams": [list(seats) for seats in h.t.team_seats],
        "multiplier": h.multiplier,
        "stake": _stake(h),
        "offered_stakes": _offered_stakes(h, codes) if codes else None,
        "trump": trump_name(h) if knows else None,
        "trump_exposed": h.revealed,
        "indicator": names[h.indicator] if h.indicator >= 0 and (h.revealed or (
            seat == h.bidder and knows)) else None,
        "indicator_face_down": face_down,
        "seventh_card": h.seventh,
        "pair": shown_pair,
        "special": SPECIAL_NAMES[h.special],
        "special_seat": h.special_seat if h.special_seat >= 0 else None,
        "sitting_out": [s for s in range(h.n) if h.out_mask >> s & 1],
        "trick": current_trick_json(h),
        "tricks": tricks_json(h),
        "points": side_points(h),
        "scores": list(h.scores),
        "legal": [f"{seat} {h.describe(c)}" for c in codes],
    }
    if h.over:
        s = h.score()
        assert s is not None
        out["result"] = {"made": s.made, "won": s.won,
                         "score_change": {"bidding": s.bidding, "opponents": s.opponents},
                         "score_by_team": list(s.by_team), "annulled_reason": h.annul_reason,
                         "annulled_seat": h.annul_seat}
    return out


def _offered_stakes(h: Hand, legal: Sequence[int]) -> dict[str, Stake | None] | None:
    """The view's ``offered_stakes``: what a single hand or a Thani that the seat to act may
    declare now (``legal``, its legal codes) would win with every trick and lose without
    (28-SH-4, 28-TH-3, 40-6; ``None`` for a 56 Thani, which decides the match, 56-TH-4).
    From the rules alone: nothing hidden."""
    codes = set(legal)
    offered = {"single": SINGLE_HAND if SINGLE in codes else None,
               "thani": (THANI_ALONE if h.phase == AUCTION else THANI_HAND)
               if THANI in codes else None}
    out: dict[str, Stake | None] = {}
    for name, special in offered.items():
        if special is not None:
            values = undertaking_stake(h, special)
            out[name] = None if values is None else _with_gainers(
                h, {"win": values[0], "loss": values[1]})
    return out or None


def _with_gainers(h: Hand, stake: Stake) -> Stake:
    """``stake``, saying where a failure is the opponents' gain (40-6, 6PK-6, 56-MATCH-2)."""
    if failure_to_opponents(h.rules):
        stake["opponents_gain"] = True
    return stake


def _stake(h: Hand) -> Stake | None:
    """The view's ``stake``: the contract's, when there is a contract played as one; a single
    hand's or a Thani's own (but a 56 Thani's, which decides the match)."""
    if h.status == ANNULLED or h.special in (SHOW_EIGHT, SHOW_CERTAIN):
        return None
    if h.special != NORMAL:                             # 28-SH-4, 28-TH-3, 40-6
        values = undertaking_stake(h)
        return None if values is None else _with_gainers(h, {"win": values[0],
                                                             "loss": values[1]})
    if h.contract < 0 or h.bidder < 0:
        return None
    win, loss = contract_stake(h)
    refused = h.cot_refused             # 28-COT-4: every trick now, or twice the loss
    stake = _with_gainers(h, {"win": 2 * win, "loss": 2 * loss} if refused
                          else {"win": win, "loss": loss})
    if h.rules.cot and not refused and not h.c_called:  # 28-COT-1 (not after 'C', 28-DBL-7)
        stake["all_tricks"] = 2 * win
    short = None if refused else below_half(h)
    if short is not None:                               # A-14
        stake["below_half"] = {"points": short, "loss": 2 * loss}
    return stake

"""Search for the game records behind the scoring test cases of RULES.md §7.

Writing a whole deal by hand so that, say, "contract 17, the bidding side takes exactly 16 card
points" comes out is impractical.  This tool finds such records instead.  Each *spec* below
fixes the rules, the dealer, a scripted prefix (the auction, the doubling and raise windows)
and the moments of the pair, concession and Cot answer; it then tries seeded deals
(``{"rules": ..., "dealer": ..., "seed": k}``) in order, and for each deal runs a small
randomised depth-first search over the play (every seat's cards, asks and reveals), pruned
after each trick by the case's conditions (card points, trick winners, who may still show the
pair), until the finished hand -- or, for a legality check, the hand at the decisive moment --
matches the case.  The first record found is written, with its deal spelled out in
``hands`` and a ``comment`` naming the TC and the bullet, to ``tests/records/tcNN.json``.

Everything is deterministic (each case tries seeds in order from a start derived from its
comment, and the search's random generator is seeded with the deal's seed), so running it
twice writes the same files.  It runs in a few seconds:

    .venv/bin/python tests/tools/find_records.py            # every TC
    .venv/bin/python tests/tools/find_records.py tc15 tc22  # only some files

The tool uses the engine to play legal moves only; the expected outcomes live in
``tests/test_tc_scoring.py``, written from the TC tables, not here.
"""

from __future__ import annotations

import json
import random
import sys
import time
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from twentyeight import Game
from twentyeight.engine.actions import ACCEPT, CONCEDE, PAIR, PASS, REDEAL, REFUSE
from twentyeight.engine.hand import Hand
from twentyeight.engine.play import BIDDING_SIDE
from twentyeight.engine.state import ANNULLED, COT, PLAY, REDOUBLE, TRUMP

RECORDS_DIR = Path(__file__).resolve().parent.parent / "records"

N, W, S, E = 0, 1, 2, 3
"""28 seats in turn order (anticlockwise N → W → S → E), as in tests/helpers.py."""
N29, E29, S29, W29 = 0, 1, 2, 3
"""29 seats in turn order (clockwise N → E → S → W)."""

WIKI_DOUBLE = {"preset": "28-wiki", "double_redouble": True}
WIKI_AUTO = {"preset": "28-wiki", "double_redouble": True, "auto_double_threshold": 21}
WIKI_C = {"preset": "28-wiki", "double_redouble": True, "c_bid": True}
WIKI_C_AUTO = {"preset": "28-wiki", "double_redouble": True, "c_bid": True,
               "auto_double_threshold": 21}
COT_RULES = {"preset": "28", "cot": True}
LAST_TRICK = {"preset": "29", "last_trick_bonus": True}

Stop = Callable[[Hand], bool]


@dataclass
class Spec:
    """One record to find.

    ``auction`` is replayed as written.  ``windows`` lists the non-pass decisions of the
    windows after the trump choice (double, redouble, 'C', raise), each ``"SEAT VERB [ARG]"``;
    every other window turn passes.  ``points`` bounds the bidding side's card points (without
    a last-trick point).  ``pair`` names the side that shows the pair at its first chance (and
    that must keep a king-queen of trumps until then).  ``concede_after``: the opponents concede
    once that many tricks are complete, and the bidder answers ``cot_answer``.  ``winners``
    has one letter per trick from the first: ``B`` bidding side, ``O`` opponents, ``.`` either.
    ``stop`` makes a partial record: the search stops as soon as it holds.
    """

    key: str
    comment: str
    rules: Any
    dealer: int
    auction: list[str]
    windows: list[str] = field(default_factory=list)
    scores: list[int] | None = None
    points: tuple[int, int] = (0, 28)
    pair: str | None = None
    concede_after: int | None = None
    cot_answer: str = "accept"
    winners: str = ""
    stop: Stop | None = None
    budget: int = 4000


def opening(dealer: int, contract: int) -> list[str]:
    """The first hand bids ``contract``; the other three pass (nobody after a bid of 28)."""
    first = (dealer + 1) % 4
    out = [f"{first} bid {contract}"]
    if contract < 28:
        out += [f"{(first + k) % 4} pass" for k in (1, 2, 3)]
    return out


# ---- the search ------------------------------------------------------------------------------


def _team_of(h: Hand, side: str) -> int:
    return h.bid_team if side == "bidding" else 1 - h.bid_team


def _holds_pair(h: Hand, team: int) -> bool:
    """Whether a player of ``team`` still holds the king and queen of trumps."""
    kq = h.t.kq_masks[h.trump]
    return any(h.full_hand(s) & kq == kq for s in h.t.team_seats[team])


def _pair_trumps(h: Hand, codes: tuple[int, ...], side: str) -> list[int]:
    """Trump choices whose suit's king and queen were dealt to one player of ``side``."""
    team = _team_of(h, side)
    out = []
    for code in codes:
        kq = h.t.kq_masks[_trump_suit(h, code)]
        if any(h.dealt[s] & kq == kq for s in h.t.team_seats[team]):
            out.append(code)
    return out


def _trump_suit(h: Hand, code: int) -> int:
    """The suit of a trump choice (``trump JS`` in 28, ``trump S`` in 29)."""
    return "SHDC".index(h.describe(code)[-1])


def _suit_length(h: Hand, code: int) -> int:
    suit = _trump_suit(h, code)
    return (h.dealt[h.bidder] & h.t.deck.suit_masks[suit]).bit_count()


def _choices(h: Hand, spec: Spec, rng: random.Random) -> list[int]:
    """The actions the search tries at this node, in order."""
    codes = h.legal_codes()
    seat = h.to_act
    assert seat is not None
    if h.phase == TRUMP:
        options = list(codes)
        if spec.pair:
            options = _pair_trumps(h, codes, spec.pair)
        rng.shuffle(options)
        options.sort(key=lambda c: -_suit_length(h, c))     # a bidder's natural choice first
        return options
    if h.phase == COT:
        return [ACCEPT if spec.cot_answer == "accept" else REFUSE]
    if h.phase != PLAY:                                    # double, redouble, raise windows
        done = {str(a) for a in h.history_actions()}
        for text in spec.windows:
            if text.startswith(f"{seat} ") and text not in done:
                verb, _, arg = text.split(" ", 1)[1].partition(" ")
                match = [c for c in codes if h.describe(c) == (f"{verb} {arg}" if arg else verb)]
                if match:
                    return match
        return [PASS] if PASS in codes else []
    team = h.t.team_of[seat]
    if spec.pair and PAIR in codes and team == _team_of(h, spec.pair):
        return [PAIR]
    if spec.concede_after is not None and CONCEDE in codes \
            and len(h.tricks) == spec.concede_after:
        return [CONCEDE]
    options = [c for c in codes if c not in (PAIR, CONCEDE, REDEAL)]
    rng.shuffle(options)
    return options


def _judge(h: Hand, spec: Spec, trick_done: bool) -> bool | None:
    """True: a record is found; False: prune; None: search on."""
    if h.status == ANNULLED:
        return False
    if spec.stop is not None:
        if spec.stop(h):
            return True
        if h.over:
            return False
    if not (trick_done or h.over) or h.bidder < 0:
        return None
    lo, hi = spec.points
    bid_pts, opp_pts = h.bid_points, h.opp_points        # card points, as spec.points counts
    if h.rules.last_trick_bonus and len(h.tricks) == h.t.tricks_total:   # them: without the
        if h.t.team_of[h.tricks[-1][3]] == h.bid_team:                   # last trick's point
            bid_pts -= 1
        else:
            opp_pts -= 1
    if bid_pts > hi or opp_pts > h.t.deck.points_total - lo:
        return False
    for i, trick in enumerate(h.tricks[:len(spec.winners)]):
        want = spec.winners[i]
        side = "B" if h.t.team_of[trick[3]] == h.bid_team else "O"
        if want != "." and want != side:
            return False
    if spec.pair and h.pair_by < 0 and h.phase == PLAY and not _holds_pair(
            h, _team_of(h, spec.pair)):
        return False
    if not h.over:
        return None
    if spec.pair and (h.pair_by < 0 or h.t.team_of[h.pair_by] != _team_of(h, spec.pair)):
        return False
    if spec.concede_after is not None:
        answered = h.cot_accepted if spec.cot_answer == "accept" else h.cot_refused
        if not answered:
            return False
    elif h.conceded_by >= 0:
        return False
    return lo <= bid_pts <= hi and len(h.tricks) >= len(spec.winners)


def _dfs(h: Hand, spec: Spec, rng: random.Random, budget: list[int]) -> Hand | None:
    budget[0] -= 1
    if budget[0] < 0:
        return None
    for code in _choices(h, spec, rng):
        child = h.copy()
        before = len(child.tricks)
        child.step(code)
        verdict = _judge(child, spec, len(child.tricks) != before)
        if verdict is True:
            return child
        if verdict is None:
            found = _dfs(child, spec, rng, budget)
            if found is not None:
                return found
        if budget[0] < 0:
            return None
    return None


def find(spec: Spec, max_seeds: int = 3000) -> tuple[dict[str, Any], int]:
    """The first record matching ``spec``, from the lowest seed that gives one."""
    first = zlib.crc32(spec.comment.encode()) % 100_000     # a different deal for each case
    for seed in range(first, first + max_seeds):
        doc: dict[str, Any] = {"rules": spec.rules, "dealer": spec.dealer, "seed": seed,
                               "actions": spec.auction}
        if spec.scores is not None:
            doc["scores"] = spec.scores
        game = Game.from_record(doc)
        h = game.hand
        if h.phase != TRUMP:
            raise SystemExit(f"{spec.key}: the auction {spec.auction} did not end")
        if spec.pair and not _pair_trumps(h, h.legal_codes(), spec.pair):
            continue
        found = _dfs(h, spec, random.Random(seed), [spec.budget])
        if found is None:
            continue
        record: dict[str, Any] = {"comment": f"{spec.comment} [deal: seed {seed}]",
                                  "rules": spec.rules, "dealer": spec.dealer}
        if spec.scores is not None:
            record["scores"] = spec.scores
        record["hands"] = game.deal_json()
        record["actions"] = [str(a) for a in found.history_actions()]
        Game.from_record(record)                                   # replays cleanly
        return record, seed
    raise SystemExit(f"{spec.key}: nothing found in {max_seeds} deals")


def find_match(key: str, comment: str, rules: Any, specs: list[Spec]) -> dict[str, Any]:
    """A match record: the hands of ``specs`` in order, the dealer passing on (28-DEAL-6)."""
    scores = [0, 0]
    hands = []
    for k, spec in enumerate(specs):
        if k:
            assert spec.dealer == (specs[k - 1].dealer + 1) % 4, f"{key}: dealer rotation"
        spec.scores = list(scores)
        record, _ = find(spec)
        del record["rules"]                                   # the match's rules apply
        hands.append(record)
        result = Game.from_record({"rules": rules, **record}).result()
        scores = [a + b for a, b in zip(scores, result["score_by_team"], strict=True)]
    return {"comment": comment, "rules": rules, "hands_played": hands}


# ---- stop conditions for partial records ------------------------------------------------------


def bidding_pair_blocked(h: Hand) -> bool:
    """WB-2 moment: a bidding-side player to act holds K+Q of the exposed trump, and the side
    has won a trick at or after the exposure, so the pair would be legal without WB-2."""
    seat = h.to_act
    if seat is None or h.phase != PLAY or not h.revealed or seat == h.asker:
        return False
    team = h.t.team_of[seat]
    kq = h.t.kq_masks[h.trump]
    return (team == h.bid_team and h.hands[seat] & kq == kq
            and bool(h.won_after_reveal & BIDDING_SIDE))


def bidder_answers_double(h: Hand) -> bool:
    """The bidder's turn in the redouble window (after a double)."""
    return h.phase == REDOUBLE and h.to_act == h.bidder


def doubled_then_play(h: Hand) -> bool:
    """The first lead after a double: the redouble window (if any) is over."""
    return h.phase == PLAY and h.multiplier > 1 and not h.tricks and not h.trick_cards


# ---- the cases --------------------------------------------------------------------------------


def tc15() -> dict[str, Any]:
    """TC-15: pagat tiers, one record per table row (preset 28, dealer S, E first hand)."""
    rows = [
        Spec("17-17", "TC-15 row 1: contract 17, bidding side 17 card points -> +1", "28", S,
             opening(S, 17), points=(17, 17)),
        Spec("17-16", "TC-15 row 2: contract 17, bidding side 16 card points -> -2", "28", S,
             ["3 bid 14", "0 bid 17", "1 pass", "2 pass", "3 pass"], points=(16, 16)),
        Spec("19-11", "TC-15 row 3: contract 19, bidding side 11 card points -> -2", "28", S,
             opening(S, 19), points=(11, 11)),
        Spec("20-20", "TC-15 row 4: contract 20 (W overcalls partner E with an honour bid, "
             "28-AUC-6), bidding side 20 card points -> +2", "28", S,
             ["3 bid 14", "0 pass", "1 bid 20", "2 pass", "3 pass", "0 pass"], points=(20, 20)),
        Spec("24-23", "TC-15 row 5: contract 24, bidding side 23 card points -> -3", "28", S,
             opening(S, 24), points=(23, 23)),
        Spec("25-26", "TC-15 row 6: contract 20 raised to 25 by the bidder's partner after the "
             "full deal (28-RAISE-5), bidding side 26 card points -> +3", "28", S,
             opening(S, 20), windows=["1 raise 25"], points=(26, 26), budget=20000),
        Spec("28-27", "TC-15 row 7: contract 28, bidding side 27 card points -> -4", "28", S,
             ["3 bid 14", "0 bid 28"], points=(27, 27), budget=20000),
    ]
    return {s.key: find(s)[0] for s in rows}


def tc16() -> dict[str, Any]:
    """TC-16: WIKIPEDIA flat scoring and the half-bid penalty (dealer S)."""
    rows = [
        Spec("20-20", "TC-16 row 1: contract 20, 20 card points -> +1", "28-wiki", S,
             opening(S, 20), points=(20, 20)),
        Spec("20-10", "TC-16 row 2: contract 20, 10 card points -> -1 (not less than half)",
             "28-wiki", S, ["3 bid 14", "0 bid 20", "1 pass", "2 pass", "3 pass"],
             points=(10, 10)),
        Spec("20-9", "TC-16 row 3: contract 20, 9 card points -> -2 (less than half)",
             "28-wiki", S, opening(S, 20), points=(9, 9)),
        Spec("15-7", "TC-16 row 4: contract 15, 7 card points -> -2 (7 < 7.5)", "28-wiki", S,
             opening(S, 15), points=(7, 7)),
    ]
    return {s.key: find(s)[0] for s in rows}


def tc18() -> dict[str, Any]:
    """TC-18: pair clamps (preset 28) and West Bengal."""
    specs = [
        Spec("opp-pair-26", "TC-18 bullet 1: contract 26 by N, E-W show the pair -> target "
             "min(30, 28) = 28; N-S take 26 card points, short of it -> -4", "28", S,
             ["3 bid 14", "0 bid 26", "1 pass", "2 pass", "3 pass"], points=(26, 26),
             pair="opponents", budget=20000),
        Spec("bid-pair-16", "TC-18 bullet 2: contract 16 by E, E-W show the pair -> target "
             "max(12, 14) = 14; E-W take 14 card points -> made, +1", "28", S, opening(S, 16),
             points=(14, 14), pair="bidding"),
        Spec("wb-18-blocked", "TC-18 bullet 3: WEST_BENGAL, contract 18 by E; E-W hold the "
             "trump K+Q, the trump is exposed and E-W won a trick since: the record stops at the "
             "holder's turn, where the pair is not offered (WB-2)", "28-bengal", S,
             opening(S, 18), pair="bidding", stop=bidding_pair_blocked),
        Spec("wb-19", "TC-18 bullet 4: WEST_BENGAL, contract 19 by E, E-W show the pair -> "
             "target 16; E-W take 16 card points -> +1", "28-bengal", S, opening(S, 19),
             points=(16, 16), pair="bidding"),
        Spec("wb-22", "TC-18 bullet 5: WEST_BENGAL, contract 22 by E, E-W show the pair -> "
             "target 18; E-W take 18 card points -> +1", "28-bengal", S, opening(S, 22),
             points=(18, 18), pair="bidding"),
        Spec("wb-opp-18", "TC-18 bullet 6: WEST_BENGAL, contract 18 by E, N-S show the pair -> "
             "target 22; E-W take 21 card points -> -1", "28-bengal", S, opening(S, 18),
             points=(21, 21), pair="opponents"),
    ]
    return {s.key: find(s)[0] for s in specs}


def tc19() -> dict[str, Any]:
    """TC-19: double, redouble, auto-double and 'C' (flat scoring; dealer W, S first hand)."""
    s16 = opening(W, 16)
    s22 = opening(W, 22)
    out: dict[str, Any] = {}
    specs = [
        Spec("redoubled-made", "TC-19 bullet 1: contract 16 by S, E doubles, N redoubles; "
             "N-S take 16 card points -> +4", WIKI_DOUBLE, W, s16,
             windows=["3 double", "0 redouble"], points=(16, 16)),
        Spec("redoubled-failed", "TC-19 bullet 1: contract 16 by S, E doubles, N redoubles; "
             "N-S take 15 card points -> -4", WIKI_DOUBLE, W, s16,
             windows=["3 double", "0 redouble"], points=(15, 15)),
        Spec("auto-made", "TC-19 bullet 2: auto-double at 21, contract 22 by S, undoubled; "
             "N-S take 22 card points -> +2", WIKI_AUTO, W, s22, points=(22, 22)),
        Spec("auto-failed", "TC-19 bullet 2: auto-double at 21, contract 22 by S, undoubled; "
             "N-S take 15 card points -> -2", WIKI_AUTO, W, s22, points=(15, 15)),
        Spec("auto-doubled-made", "TC-19 bullet 2: auto-double at 21, contract 22 by S, E "
             "doubles (no redouble is offered); N-S take 24 card points -> +4", WIKI_AUTO, W,
             s22, windows=["3 double"], points=(24, 24)),
        Spec("auto-doubled-failed", "TC-19 bullet 2: auto-double at 21, contract 22 by S, W "
             "doubles (no redouble is offered); N-S take 12 card points -> -4", WIKI_AUTO, W,
             s22, windows=["1 double"], points=(12, 12)),
        Spec("c-refused-at-plus-1", "TC-19 bullet 4: 'C' rules, N-S (bidding) at +1, E doubles: "
             "the record stops at S's answer, where 'C' is not offered", WIKI_C, W, s16,
             windows=["3 double"], scores=[1, 0], stop=bidder_answers_double),
        Spec("c-offered-at-0", "TC-19 bullet 4 (control): 'C' rules, N-S at 0 (E-W at -2), E "
             "doubles: the record stops at S's answer, where 'C' is offered", WIKI_C, W, s16,
             windows=["3 double"], scores=[0, -2], stop=bidder_answers_double),
        Spec("c-refused-at-minus-1", "TC-19 bullet 4 (A-05): 'C' rules, N-S at -1, E doubles: "
             "the record stops at S's answer, where 'C' is not offered", WIKI_C, W, s16,
             windows=["3 double"], scores=[-1, 0], stop=bidder_answers_double),
        Spec("c-auto-16", "TC-19 bullet 4: 'C' with auto-double on (C-02 default), contract 16 "
             "by S at 0, E doubles: S may redouble but not call 'C'", WIKI_C_AUTO, W, s16,
             windows=["3 double"], scores=[0, 0], stop=bidder_answers_double),
        Spec("c-auto-22", "TC-19 bullets 2 and 4: 'C' with auto-double on, contract 22 by S at "
             "0, E doubles: no redouble and no 'C' window; the record stops at the first lead",
             WIKI_C_AUTO, W, s22, windows=["3 double"], scores=[0, 0], stop=doubled_then_play),
    ]
    for s in specs:
        out[s.key] = find(s)[0]
    matches = [
        ("c-made", "TC-19 bullet 3: 'C' rules, N-S at 0, E doubles, S calls 'C'; N-S take 16 "
         "card points -> +6 and N-S win the game", (16, 16)),
        ("c-failed", "TC-19 bullet 3: 'C' rules, N-S at 0, E doubles, S calls 'C'; N-S take 12 "
         "card points -> -6 and N-S lose the game", (12, 12)),
        ("c-failed-below-half", "TC-19 bullet 3 with §2.17.3 (a 'C' replaces the half-bid "
         "penalty): N-S take 5 card points -> -6, not -12", (5, 5)),
    ]
    for key, comment, pts in matches:
        spec = Spec(key, comment, WIKI_C, W, s16, windows=["3 double", "2 c"], points=pts)
        out[key] = find_match(key, comment, WIKI_C, [spec])
    return out


def tc20() -> dict[str, Any]:
    """TC-20: end of game with overshoot, as match records (pagat tiers, preset 28)."""
    def made(dealer: int, auction: list[str], contract: int, what: str) -> Spec:
        return Spec("", what, "28", dealer, auction, points=(contract, 28))

    def failed(dealer: int, auction: list[str], contract: int, what: str) -> Spec:
        return Spec("", what, "28", dealer, auction, points=(0, contract - 1))

    def to_plus_five() -> list[Spec]:
        return [made(E, opening(E, 25), 25, "N bids 25 and N-S make it: +3 (N-S at 3)"),
                made(N, ["1 bid 14", "2 bid 20", "3 pass", "0 pass", "1 pass"], 20,
                     "S bids 20 and N-S make it: +2 (N-S at 5)")]

    return {
        "ns-win": find_match("ns-win", "TC-20 bullet 1: N-S at +5 make a contract of 20: +7, "
                             "N-S win", "28", [*to_plus_five(), made(
                                 W, opening(W, 20), 20, "S bids 20 and N-S make it: +7, N-S win")]),
        "ew-lose": find_match("ew-lose", "TC-20 bullet 2: E-W at -3 fail a contract of 25: -7, "
                              "E-W lose", "28", [
                                  failed(S, opening(S, 20), 20,
                                         "E bids 20 and E-W fail: -3 (E-W at -3)"),
                                  failed(E, ["0 bid 14", "1 bid 25", "2 pass", "3 pass",
                                             "0 pass"], 25,
                                         "W bids 25 and E-W fail: -7, E-W lose")]),
        "ns-continue": find_match("ns-continue", "TC-20 bullet 3: N-S at +5 fail a contract of "
                                  "14: +3, play continues", "28", [*to_plus_five(), failed(
                                      W, opening(W, 14), 14,
                                      "S bids 14 and N-S fail: -2 (N-S at 3), no winner")]),
    }


def tc22() -> dict[str, Any]:
    """TC-22: Cot (contract 20 by E, pagat tiers: win 2, loss 3)."""
    auction = opening(S, 20)
    specs = [
        Spec("accept", "TC-22 bullet 1: E-W win tricks 1-5, N-S concede, E accepts -> +2 and "
             "the hand ends", COT_RULES, S, auction, concede_after=5, cot_answer="accept",
             winners="BBBBB", budget=20000),
        Spec("refuse-all-8", "TC-22 bullet 2: E-W win tricks 1-5, N-S concede, E refuses and "
             "E-W win all 8 tricks -> +4", COT_RULES, S, auction, concede_after=5,
             cot_answer="refuse", winners="BBBBBBBB", budget=20000),
        Spec("refuse-lose-7", "TC-22 bullet 3: E-W win tricks 1-6, N-S concede after trick 5, E "
             "refuses, N-S win trick 7; E-W still take 20 or more card points -> -6", COT_RULES,
             S, auction, concede_after=5, cot_answer="refuse", winners="BBBBBBO",
             points=(20, 28), budget=20000),
        Spec("no-concession-all-8", "TC-22 bullet 4: nobody concedes and E-W win all 8 tricks "
             "-> +4", COT_RULES, S, auction, winners="BBBBBBBB", budget=20000),
    ]
    return {s.key: find(s)[0] for s in specs}


def tc24() -> dict[str, Any]:
    """TC-24 (c) and (e): 29 pair bounds and the last-trick point (dealer W, N first hand)."""
    specs = [
        Spec("c-pair-20", "TC-24 (c): 29, contract 20 by N, N-S show the pair -> target 16; "
             "N-S take 16 card points -> +1", "29", W29, opening(W29, 20), points=(16, 16),
             pair="bidding"),
        Spec("c-pair-17-made", "TC-24 (c): 29, contract 17 by N, N-S show the pair -> target 15 "
             "(floor); N-S take 15 card points -> +1", "29", W29, opening(W29, 17),
             points=(15, 15), pair="bidding"),
        Spec("c-pair-17-failed", "TC-24 (c): 29, contract 17 by N, N-S show the pair -> target "
             "15 (floor, not 13); N-S take 14 card points -> -1", "29", W29, opening(W29, 17),
             points=(14, 14), pair="bidding"),
        Spec("c-opp-pair-26-failed", "TC-24 (c): 29, contract 26 by N, E-W show the pair -> "
             "target 28 (cap); N-S take 27 card points -> -1", "29", W29, opening(W29, 26),
             points=(27, 27), pair="opponents", budget=20000),
        Spec("c-opp-pair-26-made", "TC-24 (c): 29, contract 26 by N, E-W show the pair -> "
             "target 28 (cap, not 30); N-S take all 28 card points -> +1", "29", W29,
             opening(W29, 26), points=(28, 28), pair="opponents", budget=20000),
        Spec("e-last-trick-made", "TC-24 (e): 29 with the last-trick point, contract 16 by N; "
             "N-S take 15 card points and the last trick -> 16, +1", LAST_TRICK, W29,
             opening(W29, 16), points=(15, 15), winners=".......B"),
        Spec("e-last-trick-lost", "TC-24 (e) control: the same contract; N-S take 15 card "
             "points but E-W the last trick -> 15, -1", LAST_TRICK, W29, opening(W29, 16),
             points=(15, 15), winners=".......O"),
    ]
    return {s.key: find(s)[0] for s in specs}


CASES: dict[str, tuple[str, Callable[[], dict[str, Any]]]] = {
    "tc15": ("TC-15 success test and pagat tiers", tc15),
    "tc16": ("TC-16 flat scoring and the half-bid penalty", tc16),
    "tc18": ("TC-18 pair by the opponents, clamps, West Bengal", tc18),
    "tc19": ("TC-19 double, redouble, auto-double, 'C'", tc19),
    "tc20": ("TC-20 end of game with overshoot", tc20),
    "tc22": ("TC-22 Cot", tc22),
    "tc24": ("TC-24 (c) and (e): 29 pair bounds, last-trick point", tc24),
}


# ---- writing ----------------------------------------------------------------------------------


def dump(value: Any, indent: int = 0) -> str:
    """JSON with one line per list of cards or actions (wrapped), for readable records."""
    pad = "  " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k)}: {dump(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + "  " * indent + "}"
    if isinstance(value, list) and any(isinstance(v, dict | list) for v in value):
        return "[\n" + ",\n".join(pad + dump(v, indent + 1) for v in value) + "\n" + \
            "  " * indent + "]"
    if isinstance(value, list):
        line = json.dumps(value, ensure_ascii=False)
        if len(line) + 2 * indent < 96:
            return line
        rows, row = [], []
        for v in value:
            row.append(json.dumps(v, ensure_ascii=False))
            if len(", ".join(row)) > 80:
                rows.append(", ".join(row))
                row = []
        if row:
            rows.append(", ".join(row))
        return "[\n" + ",\n".join(pad + r for r in rows) + "\n" + "  " * indent + "]"
    return json.dumps(value, ensure_ascii=False)


def main(argv: list[str]) -> int:
    """Find and write the records of the named files (default: all)."""
    names = argv or list(CASES)
    unknown = [n for n in names if n not in CASES]
    if unknown:
        print(f"unknown case file(s) {unknown}; known: {', '.join(CASES)}", file=sys.stderr)
        return 2
    RECORDS_DIR.mkdir(parents=True, exist_ok=True)
    for name in names:
        title, build = CASES[name]
        start = time.perf_counter()
        records = build()
        doc = {"tc": title, "generator": "tests/tools/find_records.py", "records": records}
        path = RECORDS_DIR / f"{name}.json"
        path.write_text(dump(doc) + "\n", encoding="utf-8")
        print(f"{path.name}: {len(records)} records in {time.perf_counter() - start:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

"""The engine's refusals as data (engine/reasons.py): every illegal action is refused with a
:class:`Reason` whose key has an English sentence, whose parameters are language-neutral, and
whose English text is the exception's message — so a front end can translate any of them."""

from __future__ import annotations

import random
import string

from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import W29, game
from twentyeight import PRESETS, Game, IllegalAction
from twentyeight.engine.reasons import ENGLISH, Reason

TC24 = {                                   # tests/test_tc_29.py's deal (dealer W, N first)
    0: "7S JH 9H AH TH KH QH 8H",
    1: "9S JD 9D AD TD KD QD 8D",
    2: "7D JC 9C AC TC KC QC 8C",
    3: "KS JS AS TS QS 8S 7H 7C",
}
DEAL_28 = {0: "JS 9S AS TS JH 9H AH TH", 1: "KS QS 8S 7S KH QH 8H 7H",
           2: "JD 9D AD TD JC 9C AC TC", 3: "KD QD 8D 7D KC QC 8C 7C"}


def refusal(g: Game, action: str) -> IllegalAction:
    try:
        g.apply(action)
    except IllegalAction as e:
        return e
    raise AssertionError(f"{action!r} was accepted")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_english_sentence_names_only_known_parameters() -> None:
    """A placeholder is one of the documented language-neutral parameters: the refusals'
    names, the numbers of the hints and explanations (docs/learning.md), a card (``*_card``),
    cards (``*_cards``) or an annulment's reason (``why``), which the pages say their way."""
    allowed = {"suit", "letter", "card", "verb", "value", "low", "high", "seat", "other",
               "action", "claimants", "why",
               "old", "new", "gain", "loss", "points", "won", "deals", "bid", "bid_won",
               "other_won", "trick"}
    for key, text in ENGLISH.items():
        names = {n for n in placeholders(text) if not n.endswith(("_card", "_cards"))}
        assert names <= allowed, key


def test_29_trump_named_by_a_card_is_told_to_name_a_suit() -> None:
    """29-DEAL-2: in 29 the bidder names a suit; "trump 9C" is answered "name a suit:
    'trump C'", not with 28's rule of laying a card (28-TRUMP-1)."""
    g = game("29", W29, TC24, ["0 pass", "1 pass", "2 pass", "3 bid 15"])
    e = refusal(g, "3 trump JS")
    assert e.message == "name a suit, not a card: 'trump S' (29-DEAL-2)"
    assert e.reason == Reason("trump_by_suit", "29-DEAL-2", {"letter": "S"})


def test_bidder_playing_a_card_while_choosing_trump_is_told_to_choose_first() -> None:
    """28-TRUMP-1 / 29-DEAL-2: the bidder who types a card before choosing the trump is told
    how to choose it (not "the bidder is choosing trump", which is about someone else)."""
    g28 = game("28", 3, DEAL_28, ["0 bid 14", "1 pass", "2 pass", "3 pass"])
    e = refusal(g28, "0 play 9S")
    assert e.message == ("choose the trump first: lay one of your four cards face down, "
                         "e.g. 'trump 9♠' (28-TRUMP-1)")
    g29 = game("29", W29, TC24, ["0 pass", "1 pass", "2 pass", "3 bid 15"])
    e = refusal(g29, "3 play JS")
    assert e.message == "choose the trump first: name a suit, e.g. 'trump S' (29-DEAL-2)"


def test_an_engine_refusal_carries_its_reason() -> None:
    """28-AUC-6: the message is the English sentence of the reason, which is data."""
    g = game("28", 3, DEAL_28, ["0 bid 16", "1 pass"])
    e = refusal(g, "2 bid 17")
    assert e.reason == Reason("partner_overcall", "28-AUC-6", {"value": 20})
    assert e.message == str(e.reason) == (
        "your partner holds the highest bid, so you must bid at least 20 (28-AUC-6)")
    assert e.reason.to_json() == {"key": "partner_overcall", "rule": "28-AUC-6",
                                  "params": {"value": 20}}
    turn = refusal(g, "3 pass")
    assert turn.reason == Reason("not_your_turn", None, {"seat": 2, "other": 3})
    assert turn.message == "it is seat 2's turn, not seat 3's"


def candidates(g: Game) -> list[str]:
    """Actions the player to act might try: every card of the pack played or laid as trump,
    every bid, and every other verb."""
    seat = g.to_act
    names = sorted({c for hand in g.deal_json() for c in hand})
    out = [f"{seat} play {c}" for c in names] + [f"{seat} trump {c}" for c in names]
    out += [f"{seat} bid {v}" for v in range(10, 60, 3)] + [f"{seat} bid 30H", f"{seat} bid 31NT"]
    out += [f"{seat} raise {v}" for v in (20, 24, 28)]
    out += [f"{seat} {verb}" for verb in ("pass", "ask", "reveal", "pair", "double", "redouble",
                                          "c", "single", "thani", "redeal", "concede", "accept",
                                          "refuse", "show")]
    out += [f"{seat} trump {s}" for s in "SHDC"] + [f"{seat} trump seventh"]
    return out


@settings(max_examples=25, deadline=None)
@given(preset=st.sampled_from(sorted(PRESETS)), seed=st.integers(0, 2**32))
def test_every_refusal_is_a_reason_with_an_english_sentence(preset: str, seed: int) -> None:
    """Through random hands of every preset, every illegal attempt is refused with a Reason
    whose key has an English sentence and whose text is the message; parameters are plain
    (ints, suit letters, card and verb notation)."""
    rng = random.Random(seed)
    g = Game.new(preset, seed=seed)
    while not g.over:
        legal = {str(a) for a in g.legal_actions()}
        for text in rng.sample(candidates(g), 12):
            if text in legal:
                continue
            e = refusal(g, text)
            if e.reason is None:                 # notation the engine cannot read at all
                continue
            assert e.reason.key in ENGLISH
            assert e.message == str(e.reason)
            for value in e.reason.params.values():
                assert isinstance(value, int) or (isinstance(value, str) and value.isascii())
        g.apply(rng.choice(sorted(legal)))

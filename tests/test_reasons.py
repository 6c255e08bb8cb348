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
    cards (``*_cards``), an annulment's reason (``why``) or a unit (``unit``: game points,
    tables, coolies), which the pages say their way."""
    allowed = {"suit", "letter", "card", "verb", "value", "low", "high", "seat", "other",
               "action", "claimants", "why",
               "old", "new", "gain", "loss", "points", "won", "deals", "bid", "bid_won",
               "other_won", "trick", "unit"}
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


def test_a_double_in_the_auction_is_told_when_doubling_comes() -> None:
    """28-DBL-1: with doubling on, a double typed in the auction was refused with "there is no
    doubling in this auction", as if the game had none; it is told that the bidder's
    opponents double once the trump is chosen.  Without doubling it is told there is none."""
    doubling = game({"preset": "28", "double_redouble": True}, 3, DEAL_28, ["0 bid 16"])
    e = refusal(doubling, "1 double")
    assert e.reason == Reason("double_after_auction", "28-DBL-1")
    assert e.message == ("doubling comes after the auction: once the trump is chosen, the "
                         "bidder's opponents may double (28-DBL-1)")
    assert refusal(game("28", 3, DEAL_28, ["0 bid 16"]), "1 double").reason == \
        Reason("no_double")


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


def test_a_side_of_three_is_told_its_own_team_holds_the_bid() -> None:
    """6PK-4 (28-AUC-6 with ``partner_overcall_min`` 20, two teams of three): a player over
    his own side's 16 must bid 20.  He has two partners, so the refusal says "your own
    team", not "your partner"; four-player 28 keeps "your partner" (above).  It cites the
    Kerala six's own rule (it cited 28-AUC-6)."""
    g = Game.new("28-6p-kerala", seed=1)
    first = g.to_act
    g.apply(f"{first} bid 16")
    g.apply(f"{(first + 1) % 6} pass")
    e = refusal(g, f"{(first + 2) % 6} bid 17")
    assert e.reason == Reason("team_overcall", "6PK-4", {"value": 20})
    assert e.message == ("your own team holds the highest bid, so you must bid at least 20 "
                         "(6PK-4)")


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


def rule_of(g: Game, action: str) -> str | None:
    """The rule ID the refusal of ``action`` cites."""
    reason = refusal(g, action).reason
    assert reason is not None, action
    return reason.rule


def test_29_refusals_cite_29s_own_rules() -> None:
    """A 29 refusal cites 29's rule where 29 has one of its own, not 28's: the bounds of a
    bid (29-AUC-2), bidding higher (29-AUC-1), following suit (29-PLAY-1), asking and
    revealing (29-PLAY-3); a game without doubling cites no 56 rule for a redouble, and a
    game without Thani no flag name: each says the rule is not played."""
    auction = game("29", W29, TC24)
    assert rule_of(auction, "0 bid 29") == "29-AUC-2"
    assert rule_of(auction, "0 bid 14") == "29-AUC-2"
    assert refusal(auction, "0 redouble").reason == Reason("no_double")
    assert refusal(auction, "0 thani").reason == Reason("no_thani")
    auction.apply("0 bid 16")
    assert rule_of(auction, "1 bid 16") == "29-AUC-1"
    g = game("29", W29, TC24, ["0 pass", "1 pass", "2 pass", "3 bid 15", "3 trump C"])
    assert rule_of(g, "0 ask") == "29-PLAY-3"                        # leading
    assert rule_of(g, "0 reveal") == "29-PLAY-3"                     # not the bidder
    g.apply("0 play 7S")
    follow = refusal(g, "1 play JD")
    assert follow.message == "you must follow suit: you hold spades (29-PLAY-1)"
    assert rule_of(g, "1 ask") == "29-PLAY-3"                        # holds a spade
    assert rule_of(g, "1 pair") == "29-PAIR-2"


def test_28_refusals_keep_28s_rules() -> None:
    """28-PLAY-2, 28-AUC-3 (alone: 56-AUC-4 is 56's), 28-REV-1 in 28 itself."""
    g = game("28", 3, DEAL_28, ["0 bid 16"])
    assert rule_of(g, "1 bid 16") == "28-AUC-3"
    assert rule_of(g, "1 bid 29") == "28-AUC-3"


def test_other_variants_cite_their_own_opening_rule() -> None:
    """The first hand may not pass: 40-3 in 40, 3P-4 at three players, 6P-4 and 6PK-3 at
    six, 56-AUC-5 in 56, 28-AUC-4 in 28; and the bounds of a bid by the same rules."""
    for preset, rule in (("40", "40-3"), ("28-3p", "3P-4"), ("28-6p", "6P-4"),
                         ("28-6p-kerala", "6PK-3"), ("56", "56-AUC-5"), ("28", "28-AUC-4")):
        g = Game.new(preset, seed=0, dealer=0)
        assert rule_of(g, f"{g.to_act} pass") == rule, preset
    forty = Game.new("40", seed=0, dealer=0)
    assert rule_of(forty, f"{forty.to_act} bid 41") == "40-3"


def test_no_ask_or_reveal_is_told_by_28s_hidden_trump_rules_in_open_56() -> None:
    """56-TRUMP-1: with the trump named in the bid nobody asks or reveals; "ask" is told the
    trump is already known, not 28-BR-4's "the bidder does not ask"."""
    g = Game.new("56", seed=0, dealer=0)
    while g.view(0)["phase"] != "play":
        g.apply(g.legal_actions()[0])
    seat = g.to_act
    for verb in ("ask", "reveal"):
        reason = refusal(g, f"{seat} {verb}").reason
        assert reason is not None and reason.rule is None, reason
        assert reason.key in ("trump_already_exposed", "no_trump_to_ask"), reason


def to_the_play(preset: str, seed: int = 0) -> Game:
    """A hand of ``preset`` played (first legal action each time, no claim) to its first
    lead."""
    g = Game.new(preset, seed=seed, dealer=0)
    while g.view(0)["phase"] != "play":
        g.apply(next(a for a in g.legal_actions() if a.verb != "redeal"))
    assert not g.over
    return g


def test_a_call_of_a_rule_the_table_does_not_play_says_it_is_not_played() -> None:
    """Cot (28-COT-1, off in every preset), the pair (28-PAIR-1, off in 28-pagat, 56 and the
    competition's 29) and the zero-point redeal (28-POST-3, off in 28-pagat, automatic in
    28-wiki) are refused as rules this table does not play, not with the sentence and the
    rule ID of when they may be called (28-COT-2, 28-PAIR-2, 28-POST-3)."""
    pagat = game("28-pagat", 3, DEAL_28, ["0 bid 14", "1 pass", "2 pass", "3 pass",
                                          "0 trump 9S", "0 pass", "2 pass", "0 play JH"])
    assert refusal(pagat, "1 pair").reason == Reason("no_pair")
    assert refusal(pagat, "1 concede").reason == Reason("no_cot")
    assert refusal(pagat, "1 redeal").reason == Reason("no_zero_point_redeal")   # KS QS 8S 7S…
    assert refusal(pagat, "1 pair").message == (
        "the pair (the king and queen of trumps shown together) is not played in this game")
    assert refusal(pagat, "1 concede").message == (
        "Cot (the opponents conceding while the bidding side has won every trick) is not "
        "played in this game")
    default = game("28", 3, DEAL_28, ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump 9S",
                                      "0 pass", "2 pass", "0 play JH"])
    assert "1 redeal" in {str(a) for a in default.legal_actions()}    # 28 plays 28-POST-3
    assert refusal(default, "1 pair").reason == Reason("pair_when", "28-PAIR-2")
    assert refusal(default, "1 concede").reason == Reason("no_cot")
    wiki = to_the_play("28-wiki")
    seat = wiki.to_act
    e = refusal(wiki, f"{seat} redeal")
    assert e.reason == Reason("zero_point_redeal_automatic", "28-POST-3")
    assert e.message.startswith("eight cards without a jack, nine, ace or ten cancel the deal")
    for preset in ("56", "bhoos-29"):
        g = to_the_play(preset)
        seat = g.to_act
        assert refusal(g, f"{seat} pair").reason == Reason("no_pair"), preset
        assert refusal(g, f"{seat} redeal").reason == Reason("no_redeal_claims"), preset
        assert refusal(g, f"{seat} accept").reason == Reason("no_cot"), preset
    auction = game("28", 3, DEAL_28)                   # in any phase, not "cannot … now"
    assert refusal(auction, "0 single").reason == Reason("no_single_hand")
    assert refusal(auction, "0 show").reason == Reason("no_certain_hand")
    assert refusal(auction, "0 c").reason == Reason("no_c")
    assert refusal(auction, "0 double").reason == Reason("no_double")
    assert refusal(auction, "0 thani").reason == Reason("no_thani")


def test_a_call_of_the_wrong_phase_is_said_in_words_not_as_typed() -> None:
    """"you cannot call 'C' now", "you cannot play a card now": the refusal says the call,
    not the notation's verb ("you cannot c now"); the reason keeps the verb as data for the
    catalogs (their verb.* words)."""
    rules = {"preset": "28", "double_redouble": True, "c_bid": True, "cot": True,
             "scoring": "flat"}
    g = game(rules, 3, DEAL_28)
    e = refusal(g, "0 c")
    assert e.reason == Reason("wrong_phase_auction", None, {"verb": "c"})
    assert e.message == "you cannot call 'C' now: the auction is on: bid or pass"
    assert refusal(g, "0 play JS").message == (
        "you cannot play a card now: the auction is on: bid or pass")
    assert refusal(g, "0 accept").message == (
        "you cannot accept the concession now: the auction is on: bid or pass")
    played = game(rules, 3, DEAL_28, ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump 9S",
                                      "1 pass", "3 pass", "0 pass", "2 pass", "0 play JH"])
    assert refusal(played, "1 c").message == "you cannot call 'C' now: cards are being played"
    assert refusal(played, "1 trump S").message == (
        "you cannot choose the trump now: cards are being played")


def test_every_verb_has_its_words_in_english_and_in_the_catalog() -> None:
    """The {verb} of a refusal is said as a call by the server (VERB_WORDS) and by the
    browser's English catalog alike (verb.*), for every verb of the notation."""
    import json
    from pathlib import Path

    from twentyeight.engine.actions import VERBS
    from twentyeight.engine.reasons import VERB_WORDS

    english = json.loads((Path(__file__).parents[1] / "src" / "twentyeight" / "server" /
                          "static" / "i18n" / "en.json").read_text("utf-8"))
    assert set(VERBS) <= set(VERB_WORDS)
    assert {k: english[f"verb.{k}"] for k in VERB_WORDS} == VERB_WORDS


def test_an_annulment_of_one_players_cards_names_no_count_of_cards() -> None:
    """28-POST-3 and 28-POST-4 annul hands of six cards too (28-6p; 40's zero-point redeal,
    where a three is a point card, 40-2), and 28-PRE-1 reads a first hand of six there: the
    words for them, in English and in every catalog (the table's and the rules page's), say
    "cards" and "point card", not "eight cards … no jack, nine, ace or ten" (a 40 table said
    "Pooja's eight cards hold no jack, nine, ace or ten", its rules page "four cards")."""
    import json
    from pathlib import Path

    from twentyeight.engine.reasons import annulment_words

    assert {PRESETS["28-6p"].num_players, PRESETS["40"].num_players} == {6}
    assert PRESETS["28-6p"].zero_point_hand_redeal != "off" != PRESETS["40"].zero_point_hand_redeal
    assert annulment_words("zero_point_hand", "Pooja") == "Pooja's cards hold no point card"
    assert annulment_words("eight_same_suit", you=True) == "your cards are all of one suit"
    eight = {"en": "eight", "hi": "आठ", "bn": "আট", "ta": "எட்டு", "ml": "എട്ട", "ne": "आठ"}
    four = {"en": "four", "hi": "चार", "bn": "চার", "ta": "நான்கு", "ml": "നാല", "ne": "चार"}
    i18n = Path(__file__).parents[1] / "src" / "twentyeight" / "server" / "static" / "i18n"
    for lang, word in eight.items():
        words = json.loads((i18n / f"{lang}.json").read_text("utf-8"))
        for key in ("annulled.zero_point_hand", "annulled_by.zero_point_hand",
                    "annulled_by.zero_point_hand.you", "annulled.eight_same_suit",
                    "annulled_by.eight_same_suit", "annulled_by.eight_same_suit.you",
                    "rule.28-POST-3", "rule.28-POST-4"):             # (the rules page's too)
            assert word not in words[key], (lang, key, words[key])
        assert four[lang] not in words["rule.28-PRE-1"], lang     # 40 and 28-6p deal all six


def test_a_pointless_first_hand_refused_a_pass_is_told_of_its_redeal() -> None:
    """56-ANN-3 (56-kerala): the first hand, holding only kings and queens, may not pass
    (56-AUC-5) but may claim the redeal; the refusal of the pass said only "must open",
    not the way out the player has."""
    record = {"rules": "56-kerala", "dealer": 5, "hands": [
        ["KS", "QS", "KS", "QS", "KH", "QH", "KH", "QH"],
        ["QC", "AS", "AH", "QD", "AD", "TD", "TD", "TC"],
        ["9S", "9S", "KD", "QD", "AS", "JC", "TS", "9H"],
        ["JH", "TH", "JD", "9C", "JH", "JS", "9D", "JD"],
        ["9D", "TC", "AH", "KC", "QC", "9H", "JC", "AC"],
        ["KD", "KC", "AD", "TH", "JS", "AC", "9C", "TS"]], "actions": []}
    g = Game.from_record(record)
    assert "0 redeal" in [str(a) for a in g.legal_actions()]
    assert refusal(g, "0 pass").reason == \
        Reason("first_hand_opens_or_redeal", "56-AUC-5", {"value": 28})
    record["hands"][0][0] = "AS"                           # (a point card: no redeal)
    record["hands"][2][4] = "KS"
    assert refusal(Game.from_record(record), "0 pass").reason == \
        Reason("first_hand_opens", "56-AUC-5", {"value": 28})

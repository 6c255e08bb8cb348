"""The tutorial's scripted deal (analysis/tutorial.py): legal from the first bid to the count,
and what it tells the learner is what the engine does."""

from __future__ import annotations

from typing import Any

import pytest

from twentyeight import Game
from twentyeight.analysis.tutorial import (
    DEAL,
    DEAL_29,
    LESSONS,
    SCRIPT,
    SCRIPT_29,
    SCRIPT_56,
    Script,
    lesson,
)
from twentyeight.rules import Rules

EVERY_LINE: Script = [line for _, script in LESSONS.values() for line in script]
"""Every step of every lesson."""


def played(game_name: str = "28") -> Game:
    deal, script = LESSONS[game_name]
    game = Game.from_record(deal)
    for _, _, expect, then in script:
        for text in ([expect] if expect else []) + then:
            game.apply(text)
    return game


@pytest.mark.parametrize("game_name", list(LESSONS))
def test_the_lesson_is_legal_and_ends_with_the_hand(game_name: str) -> None:
    steps = lesson(game_name)
    assert len(steps) == len(LESSONS[game_name][1])
    for step in steps:
        if step["expect"]:
            assert step["expect"] in step["view"]["legal"]
        assert step["expect"] not in step["refusals"]
    assert played(game_name).over


def test_28_pair_4_the_learners_pair_decides_the_count() -> None:
    """28-PAIR-4, 28-SCORE-2: the bidding side takes exactly its bid of 17, but the learner's
    pair raised its target to 21: failed, −2 (tier 14–19) — as the last lesson says."""
    result = played().result()
    count = next(p for key, p, _, _ in SCRIPT if key == "tut.count")
    assert (result["contract"], result["target"], result["points"]["bidding"]) == \
        (count["contract"], count["target"], count["points"])
    assert result["made"] is False and result["score_change"]["bidding"] == count["change"]
    pair = next(p for key, p, _, _ in SCRIPT if key == "tut.pair")
    assert (pair["old"], pair["new"]) == (17, 21)


def test_the_lesson_shows_the_hidden_trump_the_ask_and_the_restriction() -> None:
    """28-TRUMP-2: the learner does not see the trump until he asks (28-REV-1/2); 28-BR-3:
    the bidder, void in clubs, threw a diamond rather than a trump; 28-REV-3: after asking
    only trumps may be played."""
    steps = {s["say"]["key"]: s for s in lesson()}
    assert steps["tut.hidden_trump"]["view"]["trump"] is None
    assert steps["tut.ask"]["view"]["trump"] is None
    assert steps["tut.must_trump"]["view"]["trump"] == "H"
    plays = {a.split()[2] for a in steps["tut.must_trump"]["view"]["legal"]}
    assert plays == {"9H", "KH", "QH"}
    refused = steps["tut.must_trump"]["refusals"]["0 play AC"]
    assert "(28-REV-3)" in refused["text"]
    restricted = next(s for s in lesson() if s["say"]["key"] == "tut.bidder_restricted")
    trick = restricted["view"]["tricks"][-1]
    assert trick["cards"][:2] == ["7C", "KD"] and trick["winner"] == 3


def test_every_sentence_of_the_lesson_is_in_the_catalogs() -> None:
    """What the lesson says (its catalog keys, built in Python, which the page test of
    tests/test_catalogs.py cannot see) is in English, and so in every catalog, with the
    parameters the script gives."""
    import json
    import re
    from pathlib import Path

    english = json.loads((Path(__file__).parents[1] / "src" / "twentyeight" / "server" /
                          "static" / "i18n" / "en.json").read_text("utf-8"))
    for key, params, _expect, _then in EVERY_LINE:
        assert key in english, key
        assert set(re.findall(r"\{(\w+)\}", english[key])) == set(params), key
    assert "tut.not_this" in english
    for game_name in LESSONS:                   # each lesson's title, on its page and its tab
        if game_name != "28":
            assert f"tut.title_{game_name}" in english and f"title.learn_{game_name}" in english


def english() -> dict[str, str]:
    import json
    from pathlib import Path

    data: dict[str, str] = json.loads((Path(__file__).parents[1] / "src" / "twentyeight" /
                                       "server" / "static" / "i18n" / "en.json")
                                      .read_text("utf-8"))
    return data


def said(key: str) -> str:
    """The English the learner reads at the step ``key``, its parameters filled."""
    params = next(p for k, p, _, _ in EVERY_LINE if k == key)
    return english()[key].format(**params)


def test_28_br_3_the_bidder_void_in_clubs_had_two_choices_not_one() -> None:
    """28-BR-3: void in the suit led, the bidder may not play a trump-suit card from his hand:
    he discards another suit *or* exposes the trump and plays the indicator.  The lesson said
    "he had to discard another suit", when the engine offered him the reveal as well."""
    game = Game.from_record(DEAL)
    for _, _, expect, then in SCRIPT:
        for text in ([expect] if expect else []) + then:
            if text == "1 play KD":                      # the bidder, void in clubs
                offered = {str(a) for a in game.legal_actions()}
                assert "1 reveal" in offered and not any(a.endswith("H") for a in offered)
            game.apply(text)
    text = said("tut.bidder_restricted")
    assert "discard another suit" in text and "expose the trump" in text, text


def test_28_raise_1_the_second_deal_and_the_raise_are_told_when_they_happen() -> None:
    """28-DEAL-4, 28-RAISE-1: the four more cards come with the trump's choice (the learner
    holds eight at the step of the hidden trump), and then the bidding side may raise to 24
    or more — the history shows "Right does not raise" and "Left does not raise".  The
    lesson said "Now everyone gets four more cards" a step after they were in hand, and never
    spoke of the raise."""
    steps = lesson()
    first_eight = next(s for s in steps if len(s["view"]["hand"]) == 8)
    assert first_eight["say"]["key"] == "tut.hidden_trump"
    assert "four more cards" in said("tut.hidden_trump")
    after = steps[steps.index(first_eight) + 1]
    raises = [e for e, phase in zip(after["view"]["history"], after["view"]["history_phases"],
                                    strict=True) if phase == "raise"]
    assert raises == ["1 pass", "3 pass"]
    assert after["say"]["key"] == "tut.raise"
    assert after["say"]["params"]["value"] == Game.from_record(DEAL).rules.raise_min == 24
    assert "raise the bid to 24 or more" in said("tut.raise")
    assert not any("four more cards" in english()[s["say"]["key"]] for s in steps
                   if len(s["view"]["hand"]) == 8 and s is not first_eight)


def test_28_auc_2_a_bid_is_the_least_the_team_takes() -> None:
    """28-AUC-2: the bidding side undertakes to win *at least* its bid (and, 28-SCORE-2, makes
    it with exactly as many): "how many of the 28 points your team will take" says it takes
    no more."""
    assert "least" in said("tut.bid")


def test_the_partner_could_not_know_that_the_nine_would_win() -> None:
    """28-REV-1/3: when the partner fed the nine, Left had still to play, held no spade and
    could have asked for the trump and trumped it.  "Your partner saw that your nine would
    win" taught a certainty that was not there; the nine was the highest spade left."""
    game = Game.from_record(DEAL)
    for _, _, expect, then in SCRIPT:
        for text in ([expect] if expect else []) + then:
            if text == "3 play 7D":                      # Left, after the partner's 10♠
                assert "3 ask" in {str(a) for a in game.legal_actions()}
            game.apply(text)
    text = said("tut.partner_points")
    assert "would win" not in text and "highest spade left" in text, text


def steps_29() -> dict[str, dict[str, Any]]:
    """The steps of 29's lesson by what they say."""
    return {s["say"]["key"]: s for s in lesson("29")}


def test_29_auc_5_the_learner_bids_again_after_being_overcalled() -> None:
    """29-AUC-1, 29-AUC-5: the learner bids 17, is overcalled at 18 and, a pass not being
    final, bids 19; three passes after it end the auction with the learner the bidder."""
    steps = steps_29()
    again = steps["tut29.bid_again"]["view"]
    assert again["history"][-4:] == ["0 bid 17", "1 bid 18", "2 pass", "3 pass"]
    assert "0 bid 19" in again["legal"] and "0 pass" in again["legal"]
    trump = steps["tut29.trump"]["view"]
    assert (trump["bidder"], trump["contract"], trump["phase"]) == (0, 19, "trump")
    assert sorted(trump["legal"]) == ["0 trump C", "0 trump D", "0 trump H", "0 trump S"]
    assert "15" in said("tut29.deal")                          # 29-AUC-2, 29-AUC-3


def test_29_deal_2_the_trump_is_a_secret_marker_and_the_bidder_keeps_eight_cards() -> None:
    """29-DEAL-2: the trump is chosen as a suit, not laid from the hand: after the second
    deal the bidder holds all eight cards and the others do not know the trump."""
    game = Game.from_record(DEAL_29)
    for _, _, expect, then in SCRIPT_29[:6]:                   # to the trump's choice
        for text in ([expect] if expect else []) + then:
            game.apply(text)
    assert len(game.view(0)["hand"]) == 8 and game.view(0)["trump"] == "H"
    assert all(game.view(seat)["trump"] is None for seat in (1, 2, 3))


def test_29_play_3_and_4_the_bidder_first_void_reveals_and_need_not_trump() -> None:
    """29-PLAY-3: J♣ is led and the bidder, the first player who cannot follow, must reveal
    the trump himself (nothing else is offered); 29-PLAY-4: then he may trump or not — A♦ is
    legal, only not the lesson's card."""
    steps = steps_29()
    reveal = steps["tut29.reveal"]["view"]
    assert reveal["legal"] == ["0 reveal"] and reveal["trump_exposed"] is False
    after = steps["tut29.may_trump"]
    assert after["view"]["trump_exposed"] is True
    assert "0 play AD" in after["view"]["legal"]
    assert after["refusals"]["0 play AD"]["key"] == "tut.not_this"
    assert steps["tut29.won_trick"]["view"]["tricks"][0]["winner"] == 0


def test_29_pair_3_and_score_2_the_bidding_sides_pair_makes_the_contract() -> None:
    """29-PAIR-3: the bidding side's pair lowers its target by 4, 19 to 15; 29-SCORE-2: it
    takes 18, short of its bid, and makes the lowered target: +1 — as the count says."""
    result = played("29").result()
    count = next(p for key, p, _, _ in SCRIPT_29 if key == "tut29.count")
    assert (result["contract"], result["target"], result["points"]["bidding"]) == \
        (count["contract"], count["target"], count["points"]) == (19, 15, 18)
    assert result["made"] is True and result["score_change"]["bidding"] == count["change"] == 1
    pair = next(p for key, p, _, _ in SCRIPT_29 if key == "tut29.pair")
    assert (pair["old"], pair["new"]) == (19, 15)
    steps = steps_29()
    assert steps["tut29.pair"]["view"]["target"] == 19
    assert steps["tut29.lead_trump"]["view"]["target"] == 15


def test_29_the_points_the_lesson_counts_are_the_engines() -> None:
    """Each step that says how many points the team has says what the view holds then."""
    steps = steps_29()
    for key in ("tut29.won_trick", "tut29.lead_jack", "tut29.made"):
        points = next(p for k, p, _, _ in SCRIPT_29 if k == key)["points"]
        view = steps[key]["view"]
        assert view["points"]["bidding"] == points, key


def steps_56() -> dict[str, dict[str, Any]]:
    """The steps of 56's lesson by what they say."""
    return {s["say"]["key"]: s for s in lesson("56")}


def params_56(key: str) -> dict[str, Any]:
    return next(p for k, p, _, _ in SCRIPT_56 if k == key)


def test_56_auc_5_the_first_hand_must_open_naming_a_suit_or_no_trump() -> None:
    """56-DEAL-5, 56-AUC-5, 56-AUC-3: the learner, first hand (the dealer on his left), may
    not pass and bids 28 to 56, each in a suit or no trump: 29 × 5 calls."""
    opening = steps_56()["tut56.bid"]["view"]
    assert opening["dealer"] == 5 and opening["to_act"] == 0
    assert "0 pass" not in opening["legal"] and len(opening["legal"]) == 29 * 5
    assert {"0 bid 28H", "0 bid 28NT", "0 bid 56S"} <= set(opening["legal"])
    assert "28 or more (56-AUC-5)" in said("tut56.bid")


def test_56_auc_4_and_7_the_suits_have_no_rank_and_a_partner_goes_to_40() -> None:
    """56-AUC-4: over 29♠ nobody may bid 29 in another suit, 30 in any; 56-AUC-7: over his own
    side's bid (his 30♥, doubled) the learner's least bid is 40, as the lesson says."""
    steps = steps_56()
    over = steps["tut56.overcalled"]["view"]
    assert over["history"][-5:] == ["1 bid 29S", "2 pass", "3 pass", "4 pass", "5 pass"]
    assert "0 bid 29H" not in over["legal"] and "0 bid 30H" in over["legal"]
    doubled = steps["tut56.redouble"]["view"]
    bids = [int(a.split()[2].rstrip("SHDCNT")) for a in doubled["legal"] if " bid " in a]
    assert min(bids) == 40 and "40 or more (56-AUC-7)" in said("tut56.overcalled")


def test_56_dbl_3_the_redouble_ends_the_auction_and_the_trump_is_open() -> None:
    """56-DBL-1/2/3: the right-hand opponent doubles, the learner redoubles and the auction
    ends at once; 56-TRUMP-1: hearts are trumps for everyone from the first card."""
    steps = steps_56()
    assert {"0 redouble", "0 pass"} <= set(steps["tut56.redouble"]["view"]["legal"])
    play = steps["tut56.stakes"]["view"]
    assert play["phase"] == "play" and play["contract"] == 30 and play["multiplier"] == 4
    assert play["trump"] == "H" and play["trump_exposed"] and play["to_act"] == 0


def test_56_play_4_of_two_twins_the_first_played_wins() -> None:
    """56-PLAY-4: the learner's J♥ and then the other J♥ in the first trick: the learner's
    wins, with the 11 points the lesson counts; later the left partner's J♣ beats its twin
    played after it."""
    tricks = played("56").result()["tricks"]
    assert tricks[0]["cards"][:2] == ["JH", "JH"] and tricks[0]["winner"] == 0
    assert tricks[0]["points"] == params_56("tut56.twins")["points"] == 11
    clubs = tricks[4]
    assert clubs["cards"][:2] == ["JC", "JC"] and clubs["seats"][:2] == [2, 3]
    assert clubs["winner"] == 2


def test_56_play_2_nobody_must_trump() -> None:
    """56-PLAY-2: void in clubs, the learner may trump or throw any card: every card in his
    hand is legal, the lesson only prefers A♦ (no rule refuses the others)."""
    step = steps_56()["tut56.no_duty"]
    assert step["view"]["trick"]["cards"][0] == "JC"
    assert sorted(step["view"]["legal"]) == ["0 play 9H", "0 play AD", "0 play AH", "0 play KH"]
    assert all(r["key"] == "tut.not_this" for r in step["refusals"].values())


def test_56_sc_2_sc_4_and_match_1_the_redoubled_contract_moves_three_tables() -> None:
    """56-SC-1: 49 of the 56 points against a bid of 30: made; 56-SC-2 and 56-SC-4 (additive):
    28–39 wins 1 and loses 2, redoubled 3 and 4; 56-MATCH-1: of the sides' 12 tables each,
    three move: 15 and 9 — as the count says."""
    result = played("56").result()
    count = params_56("tut56.count")
    assert result["made"] and result["contract"] == count["contract"] == 30
    assert result["points"]["bidding"] == count["points"] == 49
    assert result["score_change"]["bidding"] == count["change"] == params_56("tut56.stakes")["win"]
    start = Rules.from_spec("56").start_tables
    assert (count["ours"], count["theirs"]) == (start + 3, start - 3) == (15, 9)


def test_56_the_points_the_lesson_counts_are_the_engines() -> None:
    """Each step that says how many points a team has says what the view holds then."""
    steps = steps_56()
    for key, side in (("tut56.lead_low", "bidding"), ("tut56.made", "bidding"),
                      ("tut56.lost_trick", "opponents")):
        assert steps[key]["view"]["points"][side] == params_56(key)["points"], key

"""The tutorial's scripted deal (analysis/tutorial.py): legal from the first bid to the count,
and what it tells the learner is what the engine does."""

from __future__ import annotations

from twentyeight import Game
from twentyeight.analysis.tutorial import DEAL, SCRIPT, lesson


def played() -> Game:
    game = Game.from_record(DEAL)
    for _, _, expect, then in SCRIPT:
        for text in ([expect] if expect else []) + then:
            game.apply(text)
    return game


def test_the_lesson_is_legal_and_ends_with_the_hand() -> None:
    steps = lesson()
    assert len(steps) == len(SCRIPT)
    for step in steps:
        if step["expect"]:
            assert step["expect"] in step["view"]["legal"]
        assert step["expect"] not in step["refusals"]


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

    from twentyeight.analysis.tutorial import SCRIPT

    english = json.loads((Path(__file__).parents[1] / "src" / "twentyeight" / "server" /
                          "static" / "i18n" / "en.json").read_text("utf-8"))
    for key, params, _expect, _then in SCRIPT:
        assert key in english, key
        assert set(re.findall(r"\{(\w+)\}", english[key])) == set(params), key
    assert "tut.not_this" in english


def english() -> dict[str, str]:
    import json
    from pathlib import Path

    data: dict[str, str] = json.loads((Path(__file__).parents[1] / "src" / "twentyeight" /
                                       "server" / "static" / "i18n" / "en.json")
                                      .read_text("utf-8"))
    return data


def said(key: str) -> str:
    """The English the learner reads at the step ``key``, its parameters filled."""
    params = next(p for k, p, _, _ in SCRIPT if k == key)
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

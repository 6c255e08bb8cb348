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

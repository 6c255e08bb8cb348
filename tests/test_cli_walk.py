"""What a read-only walk of `twentyeight play` and `twentyeight replay` found: a conceded
hand's last trick left out of the replay, the engine's own words (``in_progress``,
``zero_point_hand``, ``team 1``) in it, and the terminal's wording at the table."""

from __future__ import annotations

import random
from typing import Any

from twentyeight import Game, Match
from twentyeight.cli.display import Painter
from twentyeight.cli.replay import describe

RULES_29_COT = {"preset": "29", "double_redouble": True, "cot": True}


def told(game: Game | Match, players: list[str] | None = None) -> str:
    """What `replay` prints of ``game``'s record (with the seats' ``players``)."""
    record: dict[str, Any] = game.to_record()
    if players:
        record["players"] = players
    return describe(game.result(), Painter(False), record)


def conceded_mid_trick(rules: Any = RULES_29_COT) -> Game:
    """A hand of ``rules`` whose defender conceded in the middle of a trick, the bidder
    accepting (28-COT-2/3): random play, conceding at the first chance once a card of the
    trick is down."""
    for seed in range(200):
        game, rng = Game.new(rules, seed=seed), random.Random(seed)
        while not game.over:
            legal = [str(a) for a in game.legal_actions()]
            trick = game.result()["trick"]
            conceding = [a for a in legal if a.endswith((" concede", " accept"))]
            if conceding and (trick["cards"] or conceding[0].endswith("accept")):
                game.apply(conceding[0])
            else:
                game.apply(rng.choice([a for a in legal if not a.endswith(" concede")]))
        if game.result()["cot"] == "accepted" and game.result()["trick"]["cards"]:
            return game
    raise AssertionError("no hand conceded in the middle of a trick")


def test_replay_tells_a_conceded_hands_unfinished_trick_and_the_concession() -> None:
    """28-COT-3: the bidding side accepts a concession and play stops.  `replay` told only
    the finished tricks and "result: made", leaving out the trick in play, the calls in it
    (the reveal, the concession, its acceptance) and why the hand ended."""
    game = conceded_mid_trick()
    text = told(game, ["You", "Left", "Partner", "Right"])
    result = game.result()
    unfinished = next(ln for ln in text.splitlines()
                      if ln.startswith(f"  trick {len(result['tricks']) + 1}, not finished"))
    for card in result["trick"]["cards"]:
        shown = ("10" if card[0] == "T" else card[0]) + "♠♥♦♣"["SHDC".index(card[1])]
        assert shown in unfinished, unfinished
    assert "concede the hand" in unfinished or "concedes the hand" in unfinished
    assert "accepts the concession" in unfinished
    assert "play stopped" in text and "(28-COT-3)" in text, text


def test_replay_places_a_call_in_the_trick_where_it_was_made() -> None:
    """A call in the play (an ask, a reveal, a concession) is told between the trick's cards
    where it was made ("9♦ 10♦ [Right: reveals the trump] 10♣"), not after the trick's
    result."""
    said = 0
    for seed in range(12):
        game, rng = Game.new(RULES_29_COT, seed=seed), random.Random(seed)
        while not game.over:
            legal = [str(a) for a in game.legal_actions()]
            asks = [a for a in legal if a.endswith((" ask", " reveal"))]
            game.apply(asks[0] if asks else rng.choice(legal))
        for line in told(game).splitlines():
            if line.startswith("  trick") and (" ask" in line or "reveal" in line):
                said += 1
                assert "[" in line and line.index("]") < line.index("→"), line
    assert said, "no ask or reveal was made"


def annulled_hand() -> Game:
    """A 28 hand annulled for a zero-point hand (28-POST-3), claimed or as dealt."""
    for seed in range(500):
        game, rng = Game.new("28", seed=seed), random.Random(seed)
        while not game.over:
            legal = [str(a) for a in game.legal_actions()]
            redeal = [a for a in legal if a.endswith(" redeal")]
            game.apply(redeal[0] if redeal else rng.choice(legal))
        if game.result().get("annulled_reason") == "zero_point_hand":
            return game
    raise AssertionError("no annulled hand")


def test_replay_says_an_annulment_in_words() -> None:
    """`replay` said "status: annulled (zero_point_hand)", the engine's code; it says it in
    the play command's words with the rule (28-POST-3)."""
    text = told(annulled_hand(), ["Asha", "Ravi", "Meera", "Dev"])
    status = next(ln for ln in text.splitlines() if ln.startswith("status: "))
    assert "zero_point_hand" not in status and "_" not in status, status
    assert "(28-POST-3)" in status and "no point card" in status, status


def test_replay_says_the_match_by_its_sides_not_by_team_numbers() -> None:
    """`replay` ended a match with "match in_progress: scores [-2, 0, 0]" and "team 1 (Priya
    and Kabir and Aditi) wins"; it names each side by its players with its score."""
    match, rng = Match.new("28-6p", seed=5), random.Random(5)
    players = ["Priya", "Ravi", "Uma", "Kabir", "Dev", "Aditi"]
    while len(match.games) < 3:
        match.apply(rng.choice(match.current.legal_actions()))
    last = told(match, players).rstrip().splitlines()[-1]
    assert last.startswith("match in progress: "), last
    assert "in_progress" not in last and "scores [" not in last, last
    assert "Priya & Kabir" in last, last
    while not match.over:
        match.apply(rng.choice(match.current.legal_actions()))
    last = told(match, players).rstrip().splitlines()[-1]
    assert last.startswith("match over: ") and "team" not in last, last
    assert " and Kabir" not in last, last

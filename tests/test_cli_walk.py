"""What a read-only walk of `twentyeight play` and `twentyeight replay` found: a conceded
hand's last trick left out of the replay, the engine's own words (``in_progress``,
``zero_point_hand``, ``team 1``) in it, and the terminal's wording at the table."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path
from typing import Any

from helpers import said
from test_terminal_audit import Answer, games_played, hand_over, my_turn, scripted
from test_terminal_audit import terminal as audited
from twentyeight import Game, Match
from twentyeight.cli import record_file
from twentyeight.cli.display import Painter, columns
from twentyeight.cli.play import TerminalGame, play
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


# ---- the terminal game ---------------------------------------------------------------

def test_at_three_seats_the_card_points_name_the_lone_bidder() -> None:
    """28-3p: "Card points: your side (defenders) 5 · the others 20", "the others" being
    the lone bidder, and at the end "card points: Left 20, the others 8", "the others" being
    you and Right.  Each side is named, in the same words during play and at the end."""
    text = audited(Match.new("28-3p", seed=4), scripted(lambda actions, match: None))
    points = [ln for ln in text.splitlines() if ln.startswith("Card points:")]
    assert points, text
    assert not any("the others" in ln for ln in points), points
    assert all("(bidder)" in ln for ln in points), points
    assert "the others" not in hand_over(text), hand_over(text)


def test_the_hand_header_and_help_fit_sixty_columns() -> None:
    """At 60 columns the header's closing "══" wrapped onto a line of its own, and `help`'s
    wrapped descriptions went on at column 4 under a column starting at 10."""
    once = {"help": False}

    def choose(actions: list[str], match: Match) -> str | None:
        if not once["help"]:
            once["help"] = True
            return "help"
        return None

    text = audited(Match.new("28", seed=21), scripted(choose), width=60)
    lines = text.splitlines()
    assert all(columns(ln) <= 60 for ln in lines)
    assert not any(ln.strip() == "══" for ln in lines), text[:400]
    legal = next(i for i, ln in enumerate(lines) if ln.startswith("  legal   "))
    assert lines[legal + 1].startswith(" " * 10 + "does"), lines[legal:legal + 2]


def test_the_person_is_you_in_the_middle_of_a_sentence() -> None:
    """"→ trick 1 to You", "dealer You": the person is "you" inside a sentence."""
    text = audited(Match.new("28", seed=3, dealer=0), scripted(lambda actions, match: None))
    assert "dealer you ·" in text and "dealer You" not in text
    assert "to You " not in text and "→ You " not in text
    assert re.search(r"→ trick \d to (you|Left|Right|Partner) \(", text)


def test_56_at_four_says_you_and_partner_as_28_does() -> None:
    """The score line said "you & Partner" in 56 at four seats, "you & partner" in 28."""
    text = audited(Match.new("56-4p", seed=1), scripted(lambda actions, match: None))
    assert "you & partner" in text and "you & Partner" not in text


def test_29s_trump_is_said_named_in_secret_not_laid_face_down() -> None:
    """29-DEAL-2: the 29 bidder names a suit in secret; no card is laid face down (the
    table said "chooses trump (face down)", the replay "names ♠ as trump (in secret)")."""
    text = audited(Match.new("29", seed=2), scripted(lambda actions, match: None))
    assert "names the trump in secret" in text
    assert "chooses trump (face down)" not in text
    card = audited(Match.new("28", seed=3, dealer=0), scripted(lambda actions, match: None))
    assert "chooses trump (face down)" in card                 # a card is laid in 28


def test_a_refusal_says_must_where_the_table_says_must() -> None:
    """29's compulsory ask: the table said "You must: ask: …" and the refusal's line "you
    may: ask: …"; both say what the one thing left is in the same words."""
    typed = {"done": False}

    def choose(actions: list[str], match: Match) -> str | None:
        if len(actions) == 1 and actions[0].startswith(("play", "ask")) and not typed["done"]:
            typed["done"] = True
            return "bid 20"
        return None

    text = audited(Match.new("29", seed=2), scripted(choose))
    assert typed["done"]
    refused = text[text.index("✗"):].splitlines()
    assert any(ln.startswith("  you must: ") for ln in refused[1:4]), refused[:4]


def test_history_tells_a_call_in_the_trick_it_was_made_in() -> None:
    """`history` listed "Right: asks for the trump to be shown" on a line of its own above
    the trick it was made in (above every trick when made in the first); it is told among
    that trick's cards."""
    def ask(actions: list[str], match: Match) -> str | None:
        return "ask" if "ask" in actions else None

    for seed in range(10):
        out = audited(Match.new("28", seed=seed, dealer=0),
                      history_at_the_end(scripted(ask)))
        start = out.find("\n  Trick 1: ")                  # the listing, after the hand
        if start < 0 or not re.search("asks? for the trump", out[start:]):
            continue
        listing = out[start:]
        assert not re.search(r"^  \w+: (asks?|ask) for the trump", listing, re.M), listing
        assert re.search(r"Trick \d: [^\n]*(\n {11}[^\n]*)*asks? for the trump", listing), \
            listing
        return
    raise AssertionError("nobody asked")


def history_at_the_end(answer: Answer) -> Answer:
    """``answer``, typing `history` once at the end of the first hand."""
    typed = {"history": False}

    def history(prompt: str, match: Match) -> str:
        if "Enter for" in prompt and not typed["history"]:
            typed["history"] = True
            return "history"
        return answer(prompt, match)

    return history


def test_save_between_hands_does_not_speak_of_a_hand_in_play(tmp_path: Path) -> None:
    """`save` at the end of a hand said "(not the hand in play: its cards are hidden)" when
    no hand was in play."""
    saved = {"done": False}
    path = tmp_path / "match.json"
    base = scripted(lambda actions, match: None, hands=2)

    def answer(prompt: str, match: Match) -> str:
        if "Enter for" in prompt and not saved["done"]:
            saved["done"] = True
            return f"save {path}"
        return base(prompt, match)

    text = audited(Match.new("56", seed=3), answer)
    line = said(text, "Saved the match's")
    assert path.exists() and "not the hand in play" not in line, line


def test_another_game_says_where_its_record_goes(tmp_path: Path) -> None:
    """After "Another game? y" with `--record r.json` the record went to r-2.json without a
    word; the new game's welcome says where."""
    record = tmp_path / "r.json"
    games = {"n": 0}
    out = io.StringIO()

    with games_played() as matches:
        def read(prompt: str) -> str:
            if prompt.startswith("Another game"):
                games["n"] += 1
                return "y" if games["n"] == 1 else "n"
            if prompt.startswith("Leave the match?"):
                return "y"
            if "Enter for" in prompt:
                return "quit" if len(matches) > 1 else ""
            actions = my_turn(matches[-1])
            return "" if not actions else "pass" if "pass" in actions else actions[0]

        play({"preset": "28", "game_target": 1}, 7, 0, ["rules"], read, out, False, record)
    text = out.getvalue()
    assert len(matches) == 2, text[-300:]
    second = record_file.nth_match(record, 2)
    welcome = text[text.rindex("twentyeight — "):]
    assert f"record is written to {second}" in said(welcome, "This game's record"), welcome
    assert str(record) in said(welcome, "This game's record")


def over_view(**changes: Any) -> Any:
    """A finished hand's view from seat 0 (the opponents, seats 1 and 3, bid 20)."""
    view: dict[str, Any] = {
        "bidder": 1, "special": None, "special_seat": None, "contract": 20, "target": 20,
        "denomination": None, "multiplier": 1, "history": [], "points": {"bidding": 28,
        "opponents": 0}, "stake": {"win": 1, "loss": 1, "all_tricks": 2},
        "result": {"made": True, "score_change": {"bidding": 2, "opponents": 0}}}
    return {**view, **changes}


def test_a_cot_sweep_and_a_double_are_said_in_the_hand_over_line() -> None:
    """"the opponents made 20 — … opponents +4": the bidder took every trick, which doubles
    the win (28-COT-1), and the contract was doubled; neither was said."""
    tg = TerminalGame(Match.new(RULES_29_COT, seed=1), 0, {}, out=io.StringIO(),
                      colour=False)
    swept = tg._verdict(over_view(multiplier=2, stake={"win": 2, "loss": 2, "all_tricks": 4},
                                  result={"made": True, "score_change": {"bidding": 4,
                                                                         "opponents": 0}}))
    assert swept.startswith("the opponents made 20, doubled — "), swept
    assert "(28-COT-1)" in swept and "the opponents +4" in swept, swept
    plain = tg._verdict(over_view(result={"made": True, "score_change": {"bidding": 1,
                                                                         "opponents": 0}}))
    assert "28-COT" not in plain and "doubled" not in plain, plain


def test_an_unknown_flag_points_to_the_presets_own_list() -> None:
    """`--rules '{"preset":"29","cott":true}'` said "see `twentyeight rules` for the flags",
    which lists the presets; `twentyeight rules 29` lists the flags."""
    from twentyeight.rules import Rules, RulesError

    try:
        Rules.from_spec({"preset": "29", "cott": True})
    except RulesError as e:
        assert "`twentyeight rules 29`" in str(e), str(e)
    else:
        raise AssertionError("an unknown flag was taken")

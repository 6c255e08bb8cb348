"""The terminal game keeps its record (RECORDS.md) so that a person can replay and review
their own games: ``play --record FILE`` after every hand, ``save [FILE]`` at any prompt; and
``--bots`` gives each computer seat its level in the order of play."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from test_terminal_audit import Answer, games_played, my_turn, terminal
from twentyeight.bots import make_bot
from twentyeight.cli.main import main
from twentyeight.cli.play import TerminalGame, computer_levels, play
from twentyeight.cli.record_file import nth_match
from twentyeight.match import Match


def passing(prompt: str, match: Match) -> str:
    """Seat 0 passes where it may, else takes its first legal action."""
    actions = my_turn(match)
    return ("pass" if "pass" in actions else actions[0]) if actions else ""


def saving_at_the_first_end(path: Path) -> Answer:
    """Seat 0 passes (:func:`passing`); "save PATH" at the first end of a hand, then "quit"."""
    ends = {"n": 0}

    def answer(prompt: str, match: Match) -> str:
        if "Enter for" in prompt:
            ends["n"] += 1
            return f"save {path}" if ends["n"] == 1 else "quit"
        return passing(prompt, match)

    return answer


def run(match: Match, answers: list[str], record: Path | None = None) -> str:
    """The terminal game at seat 0 of ``match`` against `rules` bots: each prompt of this
    seat's turn answered by the next of ``answers`` (then the first legal action, and a
    pass where there is one), the end-of-hand prompt by Enter, "quit" once they run out."""
    left = list(answers)
    hands = {"over": 0}

    def read(prompt: str) -> str:
        if left:
            return left.pop(0)
        if "Enter for" in prompt:
            hands["over"] += 1
            return "quit" if hands["over"] >= 2 else ""
        return passing(prompt, match) or "quit"

    return terminal(match, lambda prompt, _: read(prompt), record_path=record)


def test_play_with_record_writes_every_finished_hand_to_be_replayed(tmp_path: Path) -> None:
    """``--record``: after each hand the file holds the match's finished hands, a record
    that replays to the same scores, with the seats' names as ``players``.  While the match
    goes on it holds no seed: the match's deals every later hand, and a hand's seed gives
    the match's back; each finished hand gives its cards as dealt instead."""
    path = tmp_path / "game.json"
    match = Match.new("28", seed=11, dealer=0)
    run(match, [], record=path)
    text = path.read_text("utf-8")
    record = json.loads(text)
    finished = [g for g in match.games if g.over]
    assert len(record["hands_played"]) == len(finished) >= 2 and not match.over
    assert record["players"] == ["You", "Right", "Partner", "Left"]
    assert '"seed"' not in text and str(match.seed) not in text
    assert [h["hands"] for h in record["hands_played"]] == [g.deal_json() for g in finished]
    again = Match.from_record(record)
    assert again.scores == match.scores
    assert [(g.deal_json(), g.to_record()["actions"]) for g in again.games[:len(finished)]] == \
        [(g.deal_json(), g.to_record()["actions"]) for g in finished]


def test_save_in_the_middle_of_a_hand_keeps_its_cards_out(tmp_path: Path) -> None:
    """``save FILE`` at the first turn of hand 1: no hand is finished, and the hand in play,
    whose record would give every seat's cards (its deal's seed), is not written: nothing
    is.  At the end of hand 1, that hand is; in the middle of hand 2, hand 1 only."""
    path = tmp_path / "mid.json"
    match = Match.new("28", seed=11, dealer=0)
    text = " ".join(run(match, [f"save {path}"]).split())          # (lines wrapped at 80)
    assert "No hand is finished yet, so there is nothing to save" in text
    assert not path.exists()

    later = tmp_path / "later.json"
    match = Match.new("28", seed=11, dealer=0)
    text = terminal(match, saving_at_the_first_end(later))
    assert "Saved the match's 1 finished hand to" in " ".join(text.split())
    assert len(json.loads(later.read_text("utf-8"))["hands_played"]) == 1

    during = tmp_path / "during.json"
    match = Match.new("28", seed=11, dealer=0)
    told = {"hand": 0}

    def in_hand_two(prompt: str, m: Match) -> str:
        if "Enter for" in prompt:
            told["hand"] += 1
            return "" if told["hand"] == 1 else "quit"
        if len(m.games) == 2 and told["hand"] == 1:
            told["hand"] = 1.5
            return f"save {during}"
        return passing(prompt, m)

    text = " ".join(terminal(match, in_hand_two).split())
    assert "Saved the match's 1 finished hand to" in text and "(not the hand in play" in text
    kept = during.read_text("utf-8")
    assert len(json.loads(kept)["hands_played"]) == 1
    assert str(match.games[1].to_record()["seed"]) not in kept       # hand 2's deal


def test_a_record_that_cannot_be_written_is_said_once_and_the_game_goes_on(
        tmp_path: Path) -> None:
    """A ``--record`` in a directory that does not exist: said once, not after every hand,
    no traceback; the match is played on."""
    path = tmp_path / "no" / "such" / "game.json"
    match = Match.new("28", seed=11, dealer=0)
    text = run(match, [], record=path)
    assert text.count("✗ the record could not be written to") == 1
    assert sum(g.over for g in match.games) >= 2 and not path.exists()
    text = " ".join(terminal(Match.new("28", seed=11, dealer=0),
                             saving_at_the_first_end(path)).split())
    assert f"✗ could not save to {path}: No such file or directory" in text


def test_each_match_of_a_sitting_has_its_own_file(tmp_path: Path) -> None:
    """A second match ("Another game? y") goes beside the first: game-2.json."""
    assert nth_match(tmp_path / "game.json", 1) == tmp_path / "game.json"
    assert nth_match(tmp_path / "game.json", 3) == tmp_path / "game-3.json"
    def read(prompt: str) -> str:
        if prompt.startswith("Another game?"):
            return "y"
        if prompt.startswith("Leave the match?"):
            return "y"
        if "Enter for" in prompt:              # the first match's end; the second's hand
            return "quit" if len(matches) == 2 else ""
        return passing(prompt, matches[-1])

    short = {"preset": "28", "game_target": 1}          # a hand decides it (28-END-1)
    with games_played() as matches:
        assert play(short, 5, 0, ["rules"], read=read, out=io.StringIO(), colour=False,
                    record=tmp_path / "game.json") == 0
    first, second = (json.loads((tmp_path / name).read_text("utf-8"))
                     for name in ("game.json", "game-2.json"))
    assert Match.from_record(first).over and len(second["hands_played"]) == 1
    assert second["hands_played"][0]["seed"] != first["hands_played"][0]["seed"]


def test_the_levels_go_round_the_table_from_the_next_seat() -> None:
    """``--bots expert,club`` at four: the opponents play expert, the partner club (it was by
    seat number, the person's seat counted: at seat 0 the partner was expert), and the
    first screen says who plays at which level."""
    assert computer_levels(["expert", "club"], 4, 0) == {1: "expert", 2: "club", 3: "expert"}
    assert computer_levels(["expert", "club"], 4, 2) == {3: "expert", 0: "club", 1: "expert"}
    assert computer_levels(["casual"], 6, 4) == dict.fromkeys((5, 0, 1, 2, 3), "casual")
    out = io.StringIO()
    play("28", 5, 0, ["beginner", "casual"], read=lambda _: "q", out=out, colour=False)
    assert "Right = seat 1 (beginner), Partner = seat 2 (casual), Left = seat 3" in \
        " ".join(out.getvalue().split())
    out = io.StringIO()
    play("28", 5, 0, ["casual"], read=lambda _: "q", out=out, colour=False)
    assert "(casual)" not in out.getvalue()            # one level: nothing to tell apart


def test_play_record_option_is_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``twentyeight play --record FILE`` reaches the game."""
    given: dict[str, Any] = {}

    def fake_play(*args: Any, **kwargs: Any) -> int:
        given.update(kwargs)
        return 0

    monkeypatch.setattr("twentyeight.cli.play.play", fake_play)
    assert main(["play", "--seed", "3", "--record", str(tmp_path / "cli.json")]) == 0
    assert given["record"] == tmp_path / "cli.json"


def test_ctrl_c_in_a_review_stops_the_review_not_the_game(tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    """Ctrl-C while the expert reviews a hand (it can take a while) stopped the whole game;
    it stops the review, and the game asks again.  Ctrl-C at a prompt still leaves, with the
    record kept."""
    from twentyeight.cli.coach import Coach

    def slow_review(self: Coach, record: Any, number: int) -> Any:
        yield "first line of the review"
        raise KeyboardInterrupt

    monkeypatch.setattr(Coach, "review", slow_review)
    path = tmp_path / "kept.json"
    match = Match.new("28", seed=11, dealer=0)
    asked = {"ends": 0}

    def read(prompt: str) -> str:
        if "Enter for" in prompt:
            asked["ends"] += 1
            if asked["ends"] == 1:
                return "review"
            raise KeyboardInterrupt                      # at the next prompt: leave
        return passing(prompt, match)

    out = io.StringIO()
    bots = {s: make_bot("rules", seed=s) for s in range(1, 4)}
    with pytest.raises(KeyboardInterrupt):
        TerminalGame(match, 0, bots, read, out, colour=False, record_path=path).run()
    assert "first line of the review" in out.getvalue()
    assert "(review stopped)" in out.getvalue() and asked["ends"] == 2
    assert len(json.loads(path.read_text("utf-8"))["hands_played"]) == 1


def test_play_refuses_a_record_path_it_could_not_write_and_too_many_levels(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--record`` into a folder that is not there, or onto a folder, was found out after
    the first whole hand ("the record could not be written"); it is refused before the
    game starts.  So are more ``--bots`` levels than computer seats (the fourth of four
    was dropped without a word).  And the arena takes no deal count that would fill the
    memory before saying anything."""
    for path, words in ((tmp_path / "nowhere" / "x.json", "has no folder"),
                        (tmp_path, "is a folder")):
        with pytest.raises(SystemExit) as e:
            main(["play", "--record", str(path)])
        assert e.value.code == 2 and words in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["play", "--bots", "expert,club,casual,beginner"])
    assert e.value.code == 2
    assert "4 levels for 3 computer seats" in capsys.readouterr().err
    with pytest.raises(SystemExit) as e:
        main(["arena", "--bots", "random,rules", "--deals", "10000000000000"])
    assert e.value.code == 2 and "1 to 1,000,000" in capsys.readouterr().err


def test_leaving_a_recorded_match_says_what_is_kept(tmp_path: Path) -> None:
    """"Leave the match? Its score is lost." was asked of a match written to a file after
    every hand; it says where its finished hands are, and that the hand in play is lost."""
    asked: list[str] = []

    def read(prompt: str) -> str:
        if prompt.startswith("Leave the match?"):
            asked.append(prompt)
            return "y"
        return "quit"

    with games_played():
        play("28", 5, 0, ["rules"], read=read, out=io.StringIO(), colour=False,
             record=tmp_path / "game.json")
        play("28", 5, 0, ["rules"], read=read, out=io.StringIO(), colour=False)
    assert asked[0] == f"Leave the match? Its finished hands are in {tmp_path / 'game.json'}; " \
                       "the hand in play is lost. [y/N] "
    assert asked[1] == "Leave the match? Its score is lost. [y/N] "


def test_save_asks_before_replacing_a_file_and_reads_a_quoted_path(tmp_path: Path) -> None:
    """A walk's ``save`` replaced another match's record without a word, and took
    ``save "/tmp/with space.json"`` with its quotes as part of the name."""
    other = tmp_path / "other.json"
    other.write_text('{"kept": true}', "utf-8")

    saving = saving_at_the_first_end(other)

    def refusing(prompt: str, match: Match) -> str:
        if prompt.startswith(f"{other} exists already"):
            return "n"
        return saving(prompt, match)

    text = " ".join(terminal(Match.new("28", seed=11, dealer=0), refusing).split())
    assert "(not saved)" in text and other.read_text("utf-8") == '{"kept": true}'
    spaced = tmp_path / "with space.json"
    text = " ".join(terminal(Match.new("28", seed=11, dealer=0),
                             saving_at_the_first_end(Path(f'"{spaced}"'))).split())
    assert f"Saved the match's 1 finished hand to {spaced}." in text
    assert f"twentyeight replay {spaced};" in text
    assert len(json.loads(spaced.read_text("utf-8"))["hands_played"]) == 1

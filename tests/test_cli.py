"""The ``twentyeight`` command: simulate, rules, play, and bad arguments."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from helpers import said
from twentyeight.bots import make_bot
from twentyeight.cli.main import main
from twentyeight.cli.play import TerminalGame
from twentyeight.match import Match


def cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "twentyeight.cli.main", *args], input=stdin,
                          capture_output=True, text=True, check=False, timeout=120)


def test_simulate_json() -> None:
    proc = cli("simulate", "--hands", "300", "--rules", "29", "--seed", "5", "--json")
    assert proc.returncode == 0
    stats = json.loads(proc.stdout)
    assert stats["hands"] == 300 and stats["seconds"] > 0 and stats["hands_per_second"] > 0
    assert stats["complete"] + stats["annulled"] == 300
    assert stats["rules"] == "29"
    again = json.loads(cli("simulate", "--hands", "300", "--rules", "29", "--seed", "5",
                           "--json").stdout)
    assert {k: v for k, v in again.items() if k not in ("seconds", "hands_per_second")} == \
        {k: v for k, v in stats.items() if k not in ("seconds", "hands_per_second")}


def test_simulate_text_and_progress() -> None:
    proc = cli("simulate", "--hands", "2000", "--progress")
    assert proc.returncode == 0
    assert "hands per second" in proc.stdout and "mean contract" in proc.stdout
    assert "2,000/2,000 hands" in proc.stderr
    annulled = next(line for line in proc.stdout.splitlines() if "annulled" in line)
    assert "{" not in annulled and re.search(r"annulled [\d,]+ \((\w[\w ]* [\d,]+(, )?)+\)",
                                             annulled), annulled   # (was a Python dict)


def test_the_progress_bar_tells_no_time_left_before_it_can() -> None:
    """At 0% the bar said "ETA 0s" (no rate yet): it says "?s" until a unit is done, then
    the time left at the rate so far (a slow rate with its tenths, not "0/s")."""
    from twentyeight.cli.progress import Progress

    out = io.StringIO()
    with Progress(4, "hands", enabled=True, stream=out) as bar:
        bar._draw(force=True)
        first = out.getvalue()
        bar.start -= 2.0                                   # one hand in two seconds
        bar.done = 1
        bar._draw(force=True)
    assert first.endswith("0/4 hands 0/s ETA    ?s "), first
    assert "1/4 hands 0.5/s ETA    6s " in out.getvalue(), out.getvalue()


def test_simulate_rules_object() -> None:
    proc = cli("simulate", "--hands", "200", "--rules", '{"preset": "28", "cot": true}',
               "--json")
    assert json.loads(proc.stdout)["rules"] == {"preset": "28", "cot": True}


@pytest.mark.parametrize(("args", "message"), [
    (["simulate", "--hands", "0"], "expected at least 1"),
    (["simulate", "--rules", "30"], "unknown preset '30'"),
    (["simulate", "--rules", '{"preset": "28", "x": 1}'], "unknown flag 'x'"),
    (["simulate", "--rules", "{oops"], "not a JSON object"),
    (["play", "--seat", "9"], "seat 9 does not exist"),
    (["play", "--bots", "grandmaster"], "unknown bot 'grandmaster'"),
    (["play", "--bots", "oracle"], "'oracle' sees every hand"),       # issue 10 item 4
    (["play", "--bots", "rules,oracle"], "plays only where it can be given the deal"),
    (["bot", "serve", "--bot", "oracle"], "'oracle' sees every hand"),
    (["fly"], "invalid choice"),
])
def test_bad_arguments(args: list[str], message: str) -> None:
    proc = cli(*args)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr


def test_the_command_alone_shows_the_help_on_standard_output() -> None:
    """``twentyeight`` with no command: its help, not "arguments are required"."""
    proc = cli()
    assert proc.returncode == 0 and proc.stdout.startswith("usage: twentyeight")
    assert "play" in proc.stdout and proc.stderr == ""


def test_an_unknown_bot_at_a_table_lists_only_the_bots_a_table_takes() -> None:
    """``play`` refuses ``oracle`` (it sees every hand), so its list of known bots does not
    offer it; the arena's list does."""
    told = cli("play", "--bots", "grandmaster").stderr
    assert "unknown bot 'grandmaster'" in told and "expert" in told and "oracle" not in told
    arena = cli("arena", "--bots", "rules,grandmaster", "--deals", "1").stderr
    assert "unknown bot 'grandmaster'" in arena and "oracle" in arena


def test_rules_listing() -> None:
    proc = cli("rules")
    for name in ("28", "28-pagat", "28-wiki", "28-bengal", "29", "29-16"):
        assert f"\n{name} " in "\n" + proc.stdout
    detail = json.loads(cli("rules", "29-16", "--json").stdout)
    values = {f["flag"]: f["value"] for f in detail["flags"]}
    assert values["min_bid"] == 16 and values["direction"] == "clockwise"
    assert cli("rules", "nope").returncode == 2


def test_play_quits_cleanly() -> None:
    proc = cli("play", "--seed", "3", "--no-colour", stdin="help\nxyz\n9Z\nquit\n")
    assert proc.returncode == 0, proc.stderr
    assert "Type a card to play it" in proc.stdout       # help
    assert "✗" in proc.stdout and "Goodbye" in proc.stdout
    assert "Traceback" not in proc.stderr


def test_play_end_of_input() -> None:
    proc = cli("play", "--seed", "4", stdin="")
    assert proc.returncode == 0 and "Goodbye" in proc.stdout


def scripted(match: Match, seat: int) -> Iterator[str]:
    """A person who first tries something illegal, then always plays a legal action."""
    yield "legal"
    yield "ZZZ"
    while True:
        game = match.current
        if game.to_act == seat and not game.over:
            yield str(game.legal_actions()[-1])
        else:
            yield ""


def test_terminal_game_plays_a_whole_match() -> None:
    """`twentyeight play` (issue 2 item 6): a full match, the person's turns by notation."""
    match = Match.new("28", seed=12, dealer=0)
    bots = {s: make_bot("rules", seed=s) for s in (1, 2, 3)}
    answers = scripted(match, 0)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "" if "Enter for" in prompt else next(answers)  # (only Enter deals on)

    out = io.StringIO()
    assert TerminalGame(match, 0, bots, read, out, colour=False).run() == 0
    text = out.getvalue()
    assert match.over and "Game over" in text
    assert "you may:" in text.lower() and "✗" in text
    assert "Your hand:" in text and "Contract:" in text
    assert any("your move" in p for p in prompts)


def test_terminal_game_shows_only_the_seat_view() -> None:
    """The terminal shows the person's cards, and never another seat's before they are played."""
    match = Match.new("28", seed=5, dealer=3)
    game = match.current
    hidden = {c for s in (1, 2, 3) for c in game.deal_json()[s]}
    answers = iter(["quit", "y"])                         # (leaving, asked: yes)
    out = io.StringIO()
    TerminalGame(match, 0, {s: make_bot("random", seed=s) for s in (1, 2, 3)},
                 lambda _: next(answers), out, colour=False).run()
    text = out.getvalue()
    shown = {c for c in hidden if c[0] != "T" and f"{c[0]}{'♠♥♦♣'['SHDC'.index(c[1])]}" in text}
    played = {c for t in game.result()["tricks"] for c in t["cards"]}
    assert shown <= played


@pytest.mark.parametrize("preset", sorted(__import__("twentyeight").PRESETS))
def test_terminal_game_every_preset(preset: str) -> None:
    """Issue 3 item 4: the terminal game plays every preset (two hands, then quit)."""
    match = Match.new(preset, seed=3, dealer=0)
    n = match.rules.num_players
    bots = {s: make_bot("rules", seed=s) for s in range(1, n)}
    state = {"answers": 0}

    def read(prompt: str) -> str:
        state["answers"] += 1
        if len(match.games) > 2 or state["answers"] > 400:
            return "quit"                                 # (and "quit" to "Leave…?")
        if "Enter for" in prompt:
            return ""
        game = match.current
        if game.to_act == 0 and not game.over:
            return str(game.legal_actions()[0])
        return ""

    out = io.StringIO()
    assert TerminalGame(match, 0, bots, read, out, colour=False).run() == 0
    text = out.getvalue()
    assert "Hand 1" in text and "Your hand:" in text
    assert match.over or len(match.games) >= 2
    if match.rules.trump_mode == "open":
        assert "Contract:" in text and any(s in text for s in "♠♥♦♣")
    if match.rules.match_scoring != "target":
        assert {"tables": "tables:", "score_sheet": "sheet:",
                "coolie_kodi": "coolies:"}[match.rules.match_scoring] in text


def test_terminal_game_says_a_hand_was_annulled_as_dealt() -> None:
    """28-POST-2 in 40: the first hand of seed 9 is annulled as dealt (P1 holds a jack of
    every suit); the terminal says so, with whose they are, and goes on with hand 2 (it
    stopped on an assertion)."""
    match = Match.new("40", seed=9, dealer=0)
    bots = {s: make_bot("rules", seed=s) for s in range(1, match.rules.num_players)}
    answers = iter(["quit"] * 5)
    out = io.StringIO()
    assert TerminalGame(match, 0, bots, lambda _: next(answers), out, colour=False).run() == 0
    text = out.getvalue()
    assert said(text, "Hand 1 annulled") == ("Hand 1 annulled as dealt: Deepa holds all four "
                                             "jacks (28-POST-2); the same dealer deals again.")
    assert text.index("Hand 1 annulled") < text.index("Hand 2 ·")


def test_the_rules_listings_fit_the_terminal(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """``twentyeight rules 28`` printed lines of 150 columns that an 80-column terminal broke
    mid-word; each rule is now its name and value, its meaning wrapped under it, and the end
    says how to play with a rule changed."""
    from twentyeight.rules import flag_info

    monkeypatch.setenv("COLUMNS", "80")
    assert main(["rules", "28"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert "  min_bid = 14" in lines and "  pair_rule = true" in lines
    assert sum(bool(re.match(r"  \w+ = ", line)) for line in lines) == len(flag_info())
    assert lines[-2:] == ["Play it with rules changed:",
                          """  twentyeight play --rules '{"preset": "28", FLAG: VALUE}'"""]
    assert main(["rules"]) == 0
    assert max(len(line) for line in capsys.readouterr().out.splitlines()) <= 80


def test_sigterm_stops_the_arena_and_its_workers() -> None:
    """Killed with SIGTERM, the arena's main process went and left its two workers
    computing, orphaned, until they finished; it now stops as Ctrl-C stops it, workers and
    all ("interrupted", status 130)."""
    import contextlib
    import os
    import signal
    import time

    proc = subprocess.Popen([sys.executable, "-m", "twentyeight.cli.main", "arena", "--bots",
                             "random,rules", "--deals", "200000", "--workers", "2"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def children() -> set[int]:
        found: set[int] = set()
        for task in os.listdir(f"/proc/{proc.pid}/task"):
            with open(f"/proc/{proc.pid}/task/{task}/children") as f:
                found |= {int(p) for p in f.read().split()}
        return found

    deadline = time.monotonic() + 60
    while len(children()) < 2:                  # (the pool's workers, and its tracker)
        assert time.monotonic() < deadline and proc.poll() is None
        time.sleep(0.2)
    workers = children()

    def running(pid: int) -> bool:
        try:
            with open(f"/proc/{pid}/stat") as f:
                return f.read().rsplit(")", 1)[-1].split()[0] != "Z"    # (a zombie is done)
        except FileNotFoundError:
            return False

    proc.send_signal(signal.SIGTERM)
    try:
        _, err = proc.communicate(timeout=30)        # (orphans would hold its pipes open)
        assert proc.returncode == 130 and "interrupted" in err
        deadline = time.monotonic() + 10
        while any(running(pid) for pid in workers):
            assert time.monotonic() < deadline, "a worker outlived the arena"
            time.sleep(0.2)
    finally:
        for pid in workers:                          # nothing left behind, pass or fail
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

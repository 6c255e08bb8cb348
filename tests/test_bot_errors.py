"""A person's own computer player (``module:Class``, README "Computer players") that fails
or answers no legal action is named in one line, with where it was: the arena and the
terminal game gave a Python traceback that named neither the bot nor the seat."""

from __future__ import annotations

import io

import pytest

from twentyeight.arena import ArenaError, play_out
from twentyeight.bots import Bot, make_bot
from twentyeight.cli.main import main
from twentyeight.game import Game


class Failing(Bot):
    """Raises at its first turn."""

    name = "failing"

    def act(self, view: dict[str, object]) -> str:
        raise RuntimeError("oops")


class Nonsense(Bot):
    """Answers what is no action."""

    name = "nonsense"

    def act(self, view: dict[str, object]) -> str:
        return "nonsense"


@pytest.mark.parametrize(("bot", "words"), [
    (Failing, "failed: RuntimeError: oops"),
    (Nonsense, "answered 'nonsense', not a legal action"),
])
def test_the_arena_names_the_bot_that_failed(bot: type[Bot], words: str) -> None:
    game = Game.from_record({"rules": "28", "dealer": 3, "seed": 1})
    bots = [bot(), make_bot("rules", seed=1), bot(), make_bot("rules", seed=3)]
    with pytest.raises(ArenaError) as e:
        play_out(game, bots)
    assert str(e.value).startswith(f"bot {bot.name!r} at seat ") and words in str(e.value)


class Unnamed(Bot):
    """A person's bot that names itself nothing of its own (``Bot.name`` is "bot")."""

    def act(self, view: dict[str, object]) -> str:
        return "nonsense"


def test_the_arena_names_a_bot_as_it_was_given(capsys: pytest.CaptureFixture[str]) -> None:
    """A bot without a ``name`` of its own was told as 'bot' ("bot 'bot' at seat 2 …"); the
    arena names it as its command line did, ``test_bot_errors:Unnamed``."""
    assert main(["arena", "--bots", "test_bot_errors:Unnamed,rules", "--deals", "1",
                 "--workers", "1"]) != 0
    err = capsys.readouterr().err
    assert "bot 'test_bot_errors:Unnamed' at seat " in err and "'bot'" not in err, err


def test_the_terminal_game_names_the_computer_that_failed(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("pass\n" * 40))
    assert main(["play", "--seed", "1", "--bots", "test_bot_errors:Nonsense"]) == 1
    err = capsys.readouterr().err
    assert err.startswith("twentyeight play: the computer player 'nonsense' at seat "), err
    assert "not a legal action" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("preset", ["29", "28"])
def test_a_competition_bot_at_a_table_of_other_rules_says_so(preset: str) -> None:
    """An external bot speaks the competition's protocol, whose game is bhoos-29.  The arena
    and the server refuse it at other tables; asked from Python (a Gymnasium opponent,
    ``make_bot("http://…").act``) it failed deep in the protocol ("bid history out of turn")
    or answered a 29 table by the competition's rules.  It now says why, before any request."""
    from twentyeight.bots import BotError

    g = Game.new(preset, seed=1)
    bot = make_bot("http://127.0.0.1:9")          # nothing listens: no request is made
    with pytest.raises(BotError, match="whose rules are the preset 'bhoos-29', not "):
        bot.act(g.view(g.to_act))
    assert bot.requests == 0


def test_a_bot_is_named_by_its_module_and_the_name_it_registers(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/views.md's example registers ``lowest`` in ``mybot.py``; ``--bots lowest`` can
    not import it, and ``mybot:lowest`` said "has no attribute 'lowest'" (only
    ``mybot:Lowest`` worked).  Both name it now."""
    from pathlib import Path

    folder = Path(str(tmp_path))
    (folder / "mybot_views_example.py").write_text(
        "from twentyeight.bots import Bot, register\n\n"
        "@register('lowest_views_example')\n"
        "class Lowest(Bot):\n"
        "    def decide(self, view, legal):\n"
        "        return legal[0]\n", "utf-8")
    monkeypatch.syspath_prepend(str(folder))
    from twentyeight.bots import base, bot_class

    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))    # registered for this test

    by_name = bot_class("mybot_views_example:lowest_views_example")
    assert by_name is bot_class("mybot_views_example:Lowest") and by_name.__name__ == "Lowest"

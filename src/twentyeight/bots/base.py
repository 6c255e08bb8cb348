"""The one interface every computer player has, and the registry that finds them by name.

A bot sees a seat's view (:class:`twentyeight.views.View`) — never the engine state — and
answers with one of the legal actions listed in it.  A bot class implements :meth:`Bot.decide`,
which gets the legal actions as :class:`~twentyeight.engine.actions.Action` values; callers
use :meth:`Bot.act`, which answers in notation.  It takes a seed (and optionally a time
budget in seconds) and is deterministic for a given seed and budget — unless a caller with a
clock sets its :attr:`Bot.deadline`.

>>> from twentyeight import Game
>>> g = Game.new("28", seed=2, dealer=3)
>>> bot = make_bot("random", seed=1)
>>> bot.act(g.view(g.to_act)) in [str(a) for a in g.legal_actions()]
True
"""

from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable
from typing import ClassVar, TypeVar

from twentyeight.engine.actions import Action, parse_action
from twentyeight.views import View

__all__ = ["Bot", "BotError", "View", "bot_class", "bot_descriptions", "bot_names",
           "history_actions", "legal_actions", "make_bot", "make_table_bot", "offered_bot_names",
           "register", "table_bot_class", "table_bot_names"]


class BotError(ValueError):
    """An unknown bot name, or a bot class that cannot be loaded."""


class Bot:
    """Base class of computer players.  Subclasses implement :meth:`decide`."""

    name = "bot"
    description: ClassVar[str] = ""
    """One line for people choosing a computer player (``--help``, the lobby)."""
    sees_deal: ClassVar[bool] = False
    """The bot must be given the real deal (``bind``): it can play only where that is done,
    in the arena and in tests, never at a table (:func:`table_bot_class`)."""
    level: ClassVar[int] = 0
    """The place of an offered level in the ladder (1 the weakest)."""
    offered: ClassVar[bool] = False
    """A level offered to people (:func:`offered_bot_names`: ``beginner``, ``casual``,
    ``club``, ``expert``); the others are kept for measurement, still seated by name."""

    think_cards: ClassVar[tuple[float, ...]] = ()
    """Seconds a table gives this bot to decide a card of the first trick, of the second, …
    (the last entry also for every later trick; none: no time, it answers at once) — see
    :meth:`thinking_time`."""
    think_calls: ClassVar[float] = 0.0
    """Seconds a table gives this bot for a call of the auction or the trump."""
    think_windows: ClassVar[float] = 0.0
    """Seconds a table gives this bot for a declaration (a raise, double, single hand, Thani,
    Cot, …: the phases between the auction and the play, and Cot's)."""

    deadline: float | None = None
    """A ``time.monotonic()`` by which the caller needs the answer: a searching bot stops
    searching there and decides with what it has found (:meth:`out_of_time`).  ``None`` (the
    default): the budget alone bounds a decision, which then depends only on the seed, the
    budget and the view.  Set by callers with a clock: a table (its pace), ``bot serve``
    (the competition's time)."""

    def __init__(self, seed: int | None = None, budget: float | None = None) -> None:
        self.seed = seed
        self.budget = budget
        self.rng = random.Random(seed)

    @classmethod
    def thinking_time(cls, phase: str, tricks_done: int) -> float:
        """The seconds a table lets this bot think over a decision in ``phase`` (a view's
        ``"phase"``) after ``tricks_done`` tricks (:attr:`think_cards`, :attr:`think_calls`,
        :attr:`think_windows`).
        It depends on nothing but those public facts, so that the time a computer player takes
        tells the table nothing of its cards: its action is shown at that moment (or after the
        table's own delay, if longer), however soon it was found.

        >>> from twentyeight.bots.expert import ExpertBot
        >>> from twentyeight.bots.rules_bot import RulesBot
        >>> ExpertBot.thinking_time("play", 0), ExpertBot.thinking_time("play", 6)
        (1.5, 0.2)
        >>> RulesBot.thinking_time("play", 0), ExpertBot.thinking_time("auction", 0)
        (0.0, 0.4)
        >>> ExpertBot.thinking_time("raise", 0)
        1.5
        """
        if phase in ("auction", "trump"):
            return cls.think_calls
        if phase != "play":
            return cls.think_windows
        cards = cls.think_cards
        return cards[min(tricks_done, len(cards) - 1)] if cards else 0.0

    def out_of_time(self) -> bool:
        """Whether :attr:`deadline` has passed."""
        return self.deadline is not None and time.monotonic() >= self.deadline

    def act(self, view: View) -> str:
        """Choose one of ``view["legal"]`` (an action in notation)."""
        return str(self.decide(view, legal_actions(view)))

    def decide(self, view: View, legal: list[Action]) -> Action:
        """Choose one of ``legal`` (``view["legal"]`` as actions).  Subclasses implement it."""
        raise NotImplementedError


def legal_actions(view: View) -> list[Action]:
    """A view's legal actions as :class:`~twentyeight.engine.actions.Action` values."""
    return [parse_action(a) for a in view["legal"]]


def history_actions(view: View) -> list[Action]:
    """A view's public history as actions (a face-down trump choice: ``arg`` ``None``)."""
    return [parse_action(a) for a in view["history"]]


B = TypeVar("B", bound=type[Bot])
_REGISTRY: dict[str, type[Bot]] = {}


def register(name: str) -> Callable[[B], B]:
    """Class decorator: make a bot class available under ``name``."""

    def deco(cls: B) -> B:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return deco


def bot_names() -> list[str]:
    """The names of the registered bots."""
    _load_builtins()
    return sorted(_REGISTRY)


def bot_class(name: str, known: Callable[[], list[str]] = bot_names) -> type[Bot]:
    """The bot class of a registered name, of ``"package.module:ClassName"`` (or
    ``"package.module:name"``, a name that module registers), or of a URL
    ``http://HOST:PORT`` (a bot speaking the competition protocol, docs/bot-protocol.md);
    an unknown name's error lists ``known()``."""
    _load_builtins()
    if name in _REGISTRY:
        return _REGISTRY[name]
    if name.startswith(("http://", "https://")):        # an external bot (BOT-PROTOCOL.md)
        from twentyeight.integrations.bhoos.host import http_bot_class

        return http_bot_class(name)
    if ":" in name:
        module_name, _, attr = name.partition(":")
        try:
            module = importlib.import_module(module_name)
            # a class of the module, or a name the module registered (``@register("lowest")``
            # in mybot.py: ``mybot:lowest``)
            cls = _REGISTRY[attr] if attr in _REGISTRY and not hasattr(module, attr) \
                else getattr(module, attr)
        except (ImportError, AttributeError) as e:
            hint = ""
            if isinstance(e, ModuleNotFoundError) and e.name == module_name.split(".")[0]:
                hint = " (the module is imported from Python's path: PYTHONPATH=. for a " \
                       f"{module_name.split('.')[0]}.py in this folder)"
            raise BotError(f"cannot load bot {name!r}: {e}{hint}") from None
        if not (isinstance(cls, type) and issubclass(cls, Bot)):
            raise BotError(f"{name!r} is not a twentyeight.bots.Bot subclass")
        return cls
    raise BotError(f"unknown bot {name!r} (known: {', '.join(known())}, or "
                   "'module:Class' for your own)")


def make_bot(name: str, seed: int | None = None, budget: float | None = None) -> Bot:
    """A bot by name (see :func:`bot_class`)."""
    return bot_class(name)(seed=seed, budget=budget)


def table_bot_names() -> list[str]:
    """The registered bots that can sit at a table: every one that plays from a view alone."""
    _load_builtins()
    return sorted(name for name, cls in _REGISTRY.items() if not cls.sees_deal)


def offered_bot_names() -> list[str]:
    """The levels offered to people wherever computer players are listed (``play --help``,
    the lobby, ``bot serve``), weakest first: every registered bot with :attr:`Bot.offered`.

    >>> offered_bot_names()
    ['beginner', 'casual', 'club', 'expert']
    """
    _load_builtins()
    return sorted((name for name, cls in _REGISTRY.items() if cls.offered),
                  key=lambda name: (_REGISTRY[name].level, name))


def bot_descriptions(names: list[str] | None = None) -> dict[str, str]:
    """The one-line description of each bot of ``names`` (default: the offered levels).

    >>> bot_descriptions(["casual"])["casual"].startswith("counts the cards")
    True
    """
    return {name: bot_class(name).description for name in
            (offered_bot_names() if names is None else names)}


def table_bot_class(name: str) -> type[Bot]:
    """:func:`bot_class`, refusing a bot that must see the deal (see :attr:`Bot.sees_deal`).

    This is what every place a bot takes a seat uses: ``twentyeight play``, the server's
    rooms and ``twentyeight bot serve``.
    """
    cls = bot_class(name, known=table_bot_names)
    if cls.sees_deal:
        raise BotError(f"{name!r} sees every hand, so it plays only where it can be given the "
                       f"deal (the arena, tests); at a table choose one of "
                       f"{', '.join(table_bot_names())}")
    return cls


def make_table_bot(name: str, seed: int | None = None, budget: float | None = None) -> Bot:
    """A bot for a seat at a table (see :func:`table_bot_class`)."""
    return table_bot_class(name)(seed=seed, budget=budget)


def _load_builtins() -> None:
    from twentyeight.bots import (  # noqa: F401  (they register themselves)
        expert,
        ismcts,
        levels,
        pimc,
        random_bot,
        rules_bot,
        rules_v1,
    )

"""Computer players that misbehave, for the server's tests (``--bot-module server.stub_bots``)."""

from __future__ import annotations

from twentyeight.bots import Bot, register
from twentyeight.bots.base import View


@register("raises")
class Raises(Bot):
    """Fails at every decision."""

    description = "raises at every decision (tests)"

    def act(self, view: View) -> str:
        raise RuntimeError("this bot always fails")


@register("answers-wrong")
class AnswersWrong(Bot):
    """Answers with something that is never legal."""

    description = "answers with an action that is not legal (tests)"

    def act(self, view: View) -> str:
        return f"{view['seat']} play ZZ"


@register("ponders")
class Ponders(Bot):
    """Thinks hard (keeps a processor busy for a second and a half) before a legal action."""

    description = "burns 1.5 s of processor time per decision (tests)"

    def act(self, view: View) -> str:
        import time

        end = time.process_time() + 1.5
        while time.process_time() < end:
            pass
        return str(view["legal"][0])


@register("prompt")
class Prompt(Bot):
    """Answers at once with the first legal action — but it is not one of the quick built-in
    bots, so it thinks in a worker process (the workers' own tests)."""

    description = "the first legal action, at once, in a worker (tests)"

    def act(self, view: View) -> str:
        return str(view["legal"][0])


@register("tells")
class Tells(Bot):
    """Thinks a quarter of a second over every call of the auction and plays its cards at
    once: a pace that would tell the table which kind of decision it was (the pace tests)."""

    description = "slow over its bids, quick with its cards (tests)"

    def act(self, view: View) -> str:
        import time

        if view["phase"] == "auction":
            time.sleep(0.25)
        return str(view["legal"][0])


@register("dwells")
class Dwells(Bot):
    """Thinks over every choice until its deadline (a second, without one) and answers a
    forced action at once, like a searching player; its thinking time at a table is
    :attr:`think_cards` and :attr:`think_calls` (the pace tests)."""

    description = "thinks until it is told to answer, unless it has one choice (tests)"
    think_cards = (0.8, 0.5, 0.3)
    think_calls = 0.3

    def act(self, view: View) -> str:
        import time

        if len(view["legal"]) > 1:
            end = self.deadline if self.deadline is not None else time.monotonic() + 1.0
            time.sleep(max(0.0, end - time.monotonic()))
        return str(view["legal"][0])

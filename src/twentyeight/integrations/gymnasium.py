"""A single-agent Gymnasium environment: one seat learns, bots play the others
(``pip install 'twentyeight[gymnasium]'``).

>>> from twentyeight.integrations.gymnasium import TwentyEightEnv
>>> e = TwentyEightEnv(rules="28", seat=0, opponents="rules")
>>> obs, info = e.reset(seed=3)
>>> obs["observation"].shape, obs["action_mask"].dtype.name, bool(info["action_mask"].any())
((402,), 'int8', True)

One episode is one hand.  The observation is a dict: ``"observation"`` (the seat's view as a
tensor, see :mod:`twentyeight.integrations.encoding`) and ``"action_mask"``; the mask is also
in ``info["action_mask"]`` with ``info["legal"]`` (the legal actions in notation).  The reward
is 0 until the hand ends, then the seat's team's score change (game points).  An illegal
action (one the mask excludes, an index outside the space included, a negative one too) ends
the episode with ``illegal_reward`` and ``info["illegal_action"] = True``
(``illegal_action="terminate"``, the default), plays a random legal action instead
(``"random"``) or raises ``ValueError`` (``"raise"``).  An action that is not an integer
(``3.7``; numpy integers are fine) raises ``TypeError`` whatever the mode, and a step before
``reset()`` ``RuntimeError``; neither changes the hand.  ``opponents``
names a bot (``twentyeight.bots.make_table_bot``: one that plays from a view, so not
``oracle``) for every other seat, or gives one name per other seat in seat order.  The
registered id is ``twentyeight/TwentyEight-v0``
(``gymnasium.make("twentyeight/TwentyEight-v0", rules="29")``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium as gym  # type: ignore[import-untyped, unused-ignore]
import numpy as np
from gymnasium import spaces  # type: ignore[import-untyped, unused-ignore]

from twentyeight.bots import Bot, make_table_bot
from twentyeight.engine.hand import Hand
from twentyeight.integrations.encoding import (
    ActionSpace,
    ObservationEncoder,
    as_integer,
    check_dealer,
    legal_by_notation,
    new_hand,
    observation_string,
    rules_of,
)
from twentyeight.rules import Rules
from twentyeight.views import view

ENV_ID = "twentyeight/TwentyEight-v0"


class TwentyEightEnv(gym.Env[dict[str, Any], np.int64]):
    """One seat of a hand against bots; see the module docstring."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012

    def __init__(self, rules: str | Mapping[str, Any] | Rules = "28", seat: int = 0,
                 opponents: str | Sequence[str] = "random", dealer: int | None = None,
                 render_mode: str | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -5.0) -> None:
        if illegal_action not in ("terminate", "random", "raise"):
            raise ValueError("illegal_action is 'terminate', 'random' or 'raise'")
        self.illegal_action = illegal_action
        self.illegal_reward = illegal_reward
        self._illegal_ended = False
        self.rules = rules_of(rules)
        self.space = ActionSpace(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.space)
        self.n = self.rules.num_players
        if not 0 <= seat < self.n:
            raise ValueError(f"seat {seat} does not exist (0 to {self.n - 1})")
        self.seat = seat
        others = [s for s in range(self.n) if s != seat]
        names = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(names) != len(others):
            raise ValueError(f"give one bot for every other seat ({len(others)}), "
                             f"not {len(names)}")
        self.bot_names = dict(zip(others, names, strict=True))
        self.bots: dict[int, Bot] = {s: make_table_bot(name, seed=s) for s, name in
                                     self.bot_names.items()}
        self.fixed_dealer = None if dealer is None else check_dealer(dealer, self.n)
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=1.0, shape=(self.encoder.observation_size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8),
        })
        self.action_space = spaces.Discrete(self.space.size)
        self._rng = random.Random()
        self.hand: Hand | None = None

    # ---- helpers --------------------------------------------------------------------------
    def _obs(self) -> dict[str, Any]:
        h = self.hand
        assert h is not None
        mask = self.space.mask(h.legal_codes()) if h.to_act == self.seat else \
            np.zeros(self.space.size, dtype=np.int8)
        return {"observation": self.encoder.observation(view(h, self.seat)),
                "action_mask": mask}

    def _info(self, obs: dict[str, Any]) -> dict[str, Any]:
        h = self.hand
        assert h is not None
        legal = [f"{self.seat} {h.describe(c)}" for c in h.legal_codes()] \
            if h.to_act == self.seat else []
        return {"action_mask": obs["action_mask"].copy(), "legal": legal}

    def _run_bots(self) -> None:
        h = self.hand
        assert h is not None
        while h.to_act is not None and h.to_act != self.seat:
            seat = h.to_act
            choice = self.bots[seat].act(view(h, seat))
            h.step(legal_by_notation(h)[choice])

    def _reward(self) -> float:
        h = self.hand
        assert h is not None
        if not h.over:
            return 0.0
        s = h.score()
        assert s is not None
        return float(s.by_team[self.seat % self.rules.teams])

    # ---- the Gymnasium API ----------------------------------------------------------------
    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
            for s in self.bots:
                self.bots[s] = make_table_bot(self.bot_names[s], seed=seed * 31 + s)
        while True:                        # a hand the bots end before this seat acts: again
            dealer = self.fixed_dealer if self.fixed_dealer is not None else \
                self._rng.randrange(self.n)
            self.hand = new_hand(self.rules, self._rng, dealer)
            self._illegal_ended = False
            self._run_bots()
            if not self.hand.over:
                break
        obs = self._obs()
        return obs, self._info(obs)

    def step(self, action: int | np.integer[Any]
             ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        h = self.hand
        if h is None:
            raise RuntimeError("call reset() before step()")
        if h.over or self._illegal_ended:
            raise RuntimeError("the episode is over: call reset()")
        index = as_integer(action)
        legal = h.legal_codes()
        space = self.space
        code = space.codes[index] if 0 <= index < space.size else None
        if code not in legal:
            if self.illegal_action == "raise":
                if code is None:
                    raise ValueError(f"action {index} does not exist (0 to {space.size - 1})")
                raise ValueError(f"action {index} ({space.describe(index)}) is not legal now")
            if self.illegal_action == "terminate":
                self._illegal_ended = True
                obs = self._obs()
                info = self._info(obs)
                info["illegal_action"] = True
                return obs, self.illegal_reward, True, False, info
            code = legal[self.np_random.integers(len(legal))]
        h.step(code)
        self._run_bots()
        obs = self._obs()
        info = self._info(obs)
        if h.over:
            s = h.score()
            assert s is not None
            info["score_by_team"] = list(s.by_team)
        if self.render_mode == "human":
            self.render()
        return obs, self._reward(), h.over, False, info

    def render(self) -> str | None:
        if self.render_mode is None or self.hand is None:
            return None
        text = observation_string(view(self.hand, self.seat))
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Register ``twentyeight/TwentyEight-v0`` with Gymnasium (done on import)."""
    if ENV_ID not in gym.envs.registry:
        gym.register(id=ENV_ID, entry_point="twentyeight.integrations.gymnasium:TwentyEightEnv")


register()

"""A PettingZoo AEC environment: every seat is an agent (``pip install 'twentyeight[pettingzoo]'``).

>>> from twentyeight.integrations.pettingzoo import env
>>> e = env(rules="28")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> e.agent_selection, obs["observation"].shape, int(obs["action_mask"].sum()) > 0
('seat_2', (402,), True)

One episode is one hand.  Agents are ``seat_0`` … ``seat_{n-1}``; the agent to act is
``agent_selection``.  Each observation is a dict: ``"observation"`` (the tensor of
:class:`~twentyeight.integrations.encoding.ObservationEncoder`, built from the seat's view only)
and ``"action_mask"`` (``int8``, 1 for the legal actions of
:class:`~twentyeight.integrations.encoding.ActionSpace`; all zeros for a seat not to act).
At the end of the hand every seat gets its team's score change (game points).  An illegal
action, an index outside the space (a negative one too) or ``None`` for the agent to act
raises ``ValueError``, an action that is not an integer (``3.7``) ``TypeError``, a step or
observation before ``reset()`` ``RuntimeError``; none of them changes the hand.
``reset(seed=...)`` seeds the deals (and the dealer, drawn at random each hand unless
``dealer=`` is given).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces  # type: ignore[import-untyped, unused-ignore]
from pettingzoo import AECEnv  # type: ignore[import-untyped, unused-ignore]
from pettingzoo.utils import AgentSelector  # type: ignore[import-untyped, unused-ignore]

from twentyeight.engine.hand import Hand
from twentyeight.integrations.encoding import (
    ActionSpace,
    ObservationEncoder,
    check_dealer,
    new_hand,
    observation_string,
    rules_of,
    team_rewards,
)
from twentyeight.rules import Rules
from twentyeight.views import view


def env(rules: str | Mapping[str, Any] | Rules = "28", dealer: int | None = None,
        render_mode: str | None = None) -> raw_env:
    """The AEC environment of a rule set (a preset name such as ``"28"`` or ``"29"``)."""
    return raw_env(rules=rules, dealer=dealer, render_mode=render_mode)


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment; see the module docstring."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"], "name": "twentyeight_v0", "is_parallelizable": False}

    def __init__(self, rules: str | Mapping[str, Any] | Rules = "28", dealer: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.rules = rules_of(rules)
        self.space = ActionSpace(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.space)
        self.n = self.rules.num_players
        self.fixed_dealer = None if dealer is None else check_dealer(dealer, self.n)
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.n)]
        self.agents = self.possible_agents[:]
        obs_space = spaces.Dict({
            "observation": spaces.Box(low=-1.0, high=1.0, shape=(self.encoder.observation_size,),
                                      dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(self.space.size,), dtype=np.int8),
        })
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.space.size) for a in self.possible_agents}
        self._rng = random.Random()
        self.hand: Hand | None = None
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._agent_selector = AgentSelector(self.agents)
        self.agent_selection = self.agents[0]

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def _seat(self, agent: str) -> int:
        return self.possible_agents.index(agent)

    def observe(self, agent: str) -> dict[str, Any]:
        h = self.hand
        if h is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat(agent)
        mask = self.space.mask(h.legal_codes()) if h.to_act == seat else \
            np.zeros(self.space.size, dtype=np.int8)
        return {"observation": self.encoder.observation(view(h, seat)), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        dealer = self.fixed_dealer if self.fixed_dealer is not None else \
            self._rng.randrange(self.n)
        self.hand = new_hand(self.rules, self._rng, dealer)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._agent_selector.reinit(self.agents)
        assert self.hand.to_act is not None
        self.agent_selection = self.possible_agents[self.hand.to_act]

    def step(self, action: int | None) -> None:
        h = self.hand
        if h is None:
            raise RuntimeError("call reset() before step()")
        if not self.agents:
            raise RuntimeError("the hand is over and every agent has stepped: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act: step(None) is only for an agent that is done "
                             "(terminated or truncated); give an action index with a 1 in "
                             "observe(agent)['action_mask']")
        index = self.space.check(action)
        code = self.space.codes[index]
        if code not in h.legal_codes():
            raise ValueError(f"{agent}: action {index} ({self.space.describe(index)})"
                             " is not legal now")
        self._cumulative_rewards[agent] = 0.0
        h.step(code)
        if h.over:
            s = h.score()
            assert s is not None
            rewards = team_rewards(s.by_team, self.n, self.rules.teams)
            self.rewards = {a: rewards[i] for i, a in enumerate(self.possible_agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            assert h.to_act is not None
            self.agent_selection = self.possible_agents[h.to_act]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None or self.hand is None:
            return None
        h = self.hand
        seat = h.to_act if h.to_act is not None else 0
        text = observation_string(view(h, seat))
        if h.history:
            text = f"last: {h.history_actions()[-1]}; {text}"
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass

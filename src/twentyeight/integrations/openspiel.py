"""The game as an OpenSpiel Python game, ``python_twentyeight`` (``pip install
'twentyeight[openspiel]'``).

>>> import pyspiel
>>> import twentyeight.integrations.openspiel  # registers the game
>>> game = pyspiel.load_game("python_twentyeight", {"rules": "29"})
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(4, 69, 32)

**Parameters**: ``rules`` (a preset name, default ``"28"``) and ``dealer`` (default 0).  In
a game string write the preset as ``preset:NAME`` — ``"python_twentyeight(rules=preset:29)"``
— because OpenSpiel reads ``rules=29`` as a number; in a parameter dict both forms work.

**Chance**: the deal is dealt card by card.  The first ``deck size`` moves are chance nodes;
chance node ``i`` picks the card at position ``i`` of the shuffled pack uniformly among the
cards not yet picked (outcome = deck index), so the pack is a uniform random permutation — the
same distribution as the engine's Fisher–Yates shuffle — and it is then dealt as the engine
deals (``twentyeight.engine.deal_pack``).  A deal that the rules annul at once is a terminal
state with zero returns.

**Actions** are the indices of :class:`~twentyeight.integrations.encoding.ActionSpace`.
``apply_action`` checks its argument: an action that is not legal now, an index outside the
space, a move after the end, or a chance outcome that is not possible (a card already dealt)
raises :class:`IllegalActionError` — a ``pyspiel.SpielError`` and a ``ValueError`` — and leaves
the state unchanged (``-1``, OpenSpiel's invalid action, is refused by OpenSpiel itself with a
``SpielError``).
**Returns** are game points: each seat gets its team's score change for the hand (general
sum: under most rule sets only the bidding side's score moves).

**Observations** (tensor and string) are made from the seat's view only; the information
state adds the seat's first cards and the public history (perfect recall).  While dealing, a
seat sees the cards of its first batch dealt so far.

**Sampling** for ISMCTS: :meth:`TwentyEightState.resample_from_infostate` draws the unseen
cards at random among the other seats, respecting the suits a seat has shown void of, draws a
face-down trump choice the seat cannot see, and keeps a sample only if the public history is
legal in it (rejection; after many failures the true deal is returned, see the method).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-not-found, unused-ignore]

from twentyeight.engine.actions import PLAY_LIMIT, SEAT_SHIFT, TRUMP_CARD, TRUMP_SEVENTH
from twentyeight.engine.hand import Hand, deal_pack
from twentyeight.integrations.encoding import (
    ActionSpace,
    ObservationEncoder,
    check_dealer,
    first_cards,
    information_state_string,
    max_game_length,
    observation_string,
    rules_of,
    utility_bound,
)
from twentyeight.rules import PRESETS
from twentyeight.views import knows_trump, view

SHORT_NAME = "python_twentyeight"
_DEFAULTS: dict[str, Any] = {"rules": "28", "dealer": 0}

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Python twentyeight (28 and its family)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=8,
    min_num_players=3,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class IllegalActionError(pyspiel.SpielError, ValueError):  # type: ignore[misc]
    """An action or chance outcome that is not possible in the state it is applied to.

    Both a :class:`pyspiel.SpielError` (what ``apply_action_with_legality_check`` raises) and
    a :class:`ValueError`, so either ``except`` catches it; the state is left unchanged."""


def _preset_name(value: Any) -> str:
    """A preset name from the ``rules`` parameter: ``"29"`` or ``"preset:29"``."""
    name = str(value).removeprefix("preset:")
    if name not in PRESETS:
        raise ValueError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
    return name


class TwentyEightGame(pyspiel.Game):  # type: ignore[misc]
    """A rule set as an OpenSpiel game."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**_DEFAULTS, **(params or {})}
        preset = _preset_name(params["rules"])
        self.rules = rules_of(preset)
        self.n = self.rules.num_players
        self.dealer = check_dealer(params["dealer"], self.n)
        self.space = ActionSpace(self.rules)
        self.encoder = ObservationEncoder(self.rules, self.space)
        bound = utility_bound(self.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.space.size,
            max_chance_outcomes=self.rules.deck.size,
            num_players=self.n,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=max_game_length(self.rules),
        )
        # OpenSpiel reads a number in a game string as an int: "preset:28" stays a string
        super().__init__(_GAME_TYPE, info, {"rules": f"preset:{preset}", "dealer": self.dealer})

    def new_initial_state(self) -> TwentyEightState:
        return TwentyEightState(self)

    def __deepcopy__(self, memo: dict[int, Any]) -> TwentyEightGame:
        return self                                  # a game never changes

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return _load_game, (str(self),)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> TwentyEightObserver:
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return TwentyEightObserver(self, perfect_recall)


class TwentyEightState(pyspiel.State):  # type: ignore[misc]
    """A state: the pack being dealt, then an engine :class:`Hand`."""

    def __init__(self, game: TwentyEightGame) -> None:
        super().__init__(game)
        self.tgame = game
        self.pack: list[int] = []
        self.hand: Hand | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> TwentyEightState:
        """A copy made by replaying the moves (OpenSpiel keeps the history in C++)."""
        other = TwentyEightState(self.tgame)
        for action in self.history():
            other.apply_action(action)
        return other

    def __reduce__(self) -> tuple[Any, tuple[str, list[int]]]:
        return _load_state, (str(self.tgame), list(self.history()))

    # ---- the game ---------------------------------------------------------------------------
    def current_player(self) -> int:
        h = self.hand
        if h is None:
            return int(pyspiel.PlayerId.CHANCE)
        if h.to_act is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return h.to_act

    def _legal_actions(self, player: int) -> list[int]:
        h = self.hand
        if h is None or h.to_act != player:
            return []
        return self.tgame.space.legal_indices(h.legal_codes())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = sorted(set(range(self.tgame.rules.deck.size)) - set(self.pack))
        p = 1.0 / len(left)
        return [(c, p) for c in left]

    def _apply_action(self, action: int) -> None:
        """Apply a chance outcome or an action; one that is not possible now raises
        :class:`IllegalActionError` and changes nothing (OpenSpiel adds the move to the
        history only after this returns)."""
        g = self.tgame
        action = int(action)
        h = self.hand
        if h is None:
            deck = g.rules.deck
            if not 0 <= action < deck.size:
                raise IllegalActionError(f"chance outcome {action} does not exist "
                                         f"(0 to {deck.size - 1}: a card of the pack)")
            if action in self.pack:
                raise IllegalActionError(
                    f"chance outcome {action} ({deck.names[action]}) is not possible now: "
                    f"that card is already dealt (chance_outcomes() lists the "
                    f"{deck.size - len(self.pack)} cards left)")
            self.pack.append(action)
            if len(self.pack) == deck.size:
                self.hand = Hand(g.rules, g.dealer, deal_pack(g.rules, self.pack, g.dealer))
            return
        if h.over:
            raise IllegalActionError(f"the hand is over: action {action} cannot be applied")
        space = g.space
        if not 0 <= action < space.size:
            raise IllegalActionError(f"action {action} does not exist (0 to {space.size - 1})")
        code = space.codes[action]
        if code not in h.legal_codes():
            raise IllegalActionError(f"player {h.to_act}: action {action} "
                                     f"({space.describe(action)}) is not legal now "
                                     "(legal_actions() lists the legal ones)")
        h.step(code)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            deck = self.tgame.rules.deck
            if not 0 <= action < deck.size:
                raise ValueError(f"chance outcome {action} does not exist "
                                 f"(0 to {deck.size - 1}: a card of the pack)")
            return f"deal {deck.names[action]}"
        return f"{player} {self.tgame.space.describe(action)}"

    def is_terminal(self) -> bool:
        return self.hand is not None and self.hand.over

    def returns(self) -> list[float]:
        h = self.hand
        n = self.tgame.n
        if h is None or not h.over:
            return [0.0] * n
        s = h.score()
        assert s is not None
        teams = self.tgame.rules.teams
        return [float(s.by_team[p % teams]) for p in range(n)]

    def __str__(self) -> str:
        names = self.tgame.rules.deck.names
        if self.hand is None:
            return f"dealing: {' '.join(names[c] for c in self.pack)}"
        h = self.hand
        deal = " | ".join(" ".join(names[c] for c in cards) for cards in h.deal)
        return f"deal: {deal}\nhistory: {', '.join(map(str, h.history_actions()))}"

    # ---- sampling a world consistent with a seat's information ----------------------------
    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None
                                ) -> TwentyEightState:
        """A state drawn from ``player_id``'s information set (see the module docstring).

        The draw is uniform over deals of the unseen cards that respect the voids the seat
        has seen, filtered by the legality of the public history, with a face-down trump
        choice drawn uniformly among the bidder's legal choices — a good, not an exact,
        posterior.  If 500 draws are all rejected (very rare) the true state is returned.
        """
        seed = None
        if probability_sampler is not None:
            try:
                seed = int(float(probability_sampler()) * 2**52)
            except TypeError:
                seed = None
        rng = random.Random(seed)
        if self.hand is None:
            return self._resample_dealing(player_id, rng)
        h = self.hand
        for _ in range(500):
            sample = _sample_world(h, player_id, rng)
            if sample is not None:
                pack, codes = sample
                state = TwentyEightState(self.tgame)
                for c in pack:
                    state.apply_action(c)
                space = self.tgame.space
                for code in codes:
                    state.apply_action(space.to_index(code))
                return state
        return self.clone()  # type: ignore[no-any-return]

    def _resample_dealing(self, player: int, rng: random.Random) -> TwentyEightState:
        g = self.tgame
        n, fb = g.n, g.rules.first_batch
        seen = {i for i in range(len(self.pack)) if _seat_of_position(i, g.dealer, n) == player
                and i // n < fb}
        left = [c for i, c in enumerate(self.pack) if i not in seen]
        left += sorted(set(range(g.rules.deck.size)) - set(self.pack))
        rng.shuffle(left)
        state = TwentyEightState(g)
        for i in range(len(self.pack)):
            state.apply_action(self.pack[i] if i in seen else left.pop())
        return state


def _load_game(name: str) -> TwentyEightGame:
    return pyspiel.load_game(name)  # type: ignore[no-any-return]


def _load_state(name: str, history: list[int]) -> TwentyEightState:
    state = _load_game(name).new_initial_state()
    for action in history:
        state.apply_action(action)
    return state


def _seat_of_position(i: int, dealer: int, n: int) -> int:
    """The seat that gets the card at position ``i`` of the pack (``deal_pack``)."""
    return (dealer + 1 + i) % n


def _sample_world(h: Hand, p: int, rng: random.Random) -> tuple[list[int], list[int]] | None:
    """One draw of a pack and a history of codes consistent with seat ``p``'s information,
    or ``None`` when the draw is rejected."""
    deck = h.t.deck
    n = h.n
    knows = knows_trump(h, p)
    played: list[set[int]] = [set() for _ in range(n)]
    history = [(e >> SEAT_SHIFT, e & ((1 << SEAT_SHIFT) - 1)) for e in h.history]
    for seat, code in history:
        if code < PLAY_LIMIT:
            played[seat].add(code)
    hidden_indicator = h.indicator >= 0 and not knows
    own_known = set(_mask_cards(h.hands[p])) | played[p]
    if p == h.bidder and h.indicator >= 0:
        own_known.add(h.indicator)
    fixed: list[set[int]] = [set(played[q]) for q in range(n)]
    fixed[p] = {c for c in h.deal[p] if c in own_known}
    if h.bidder >= 0 and h.indicator >= 0 and not hidden_indicator:
        fixed[h.bidder].add(h.indicator)
    # voids: a seat that did not follow the suit led has none of it left
    void: list[set[int]] = [set() for _ in range(n)]
    for seats, cards in _tricks(h):
        if not cards:
            continue
        led = deck.suit_of[cards[0]]
        for seat, card in zip(seats[1:], cards[1:], strict=False):
            if deck.suit_of[card] != led and not (hidden_indicator and seat == h.bidder):
                void[seat].add(led)
    taken = set().union(*fixed)
    pool = [c for c in range(deck.size) if c not in taken]
    free = [len(h.deal[q]) - len(fixed[q]) for q in range(n)]
    if sum(free) != len(pool) or min(free) < 0:
        return None
    rng.shuffle(pool)
    options = {c: [q for q in range(n) if q != p and deck.suit_of[c] not in void[q]]
               for c in pool}
    own_unknown = free[p]
    assigned: list[list[int]] = [[] for _ in range(n)]
    if own_unknown:               # the seat's own cards still to come (a second deal)
        for c in pool:
            options[c].append(p)
    for c in sorted(pool, key=lambda c: len(options[c])):
        seats = [q for q in options[c] if len(assigned[q]) < free[q]]
        if not seats:
            return None
        weights = [free[q] - len(assigned[q]) for q in seats]
        q = rng.choices(seats, weights)[0]
        assigned[q].append(c)
    deal: list[list[int]] = []
    for q in range(n):
        if q == p:
            extra = iter(assigned[q])
            deal.append([c if c in fixed[p] else next(extra) for c in h.deal[p]])
        else:
            cards = list(fixed[q]) + assigned[q]
            rng.shuffle(cards)
            deal.append(cards)
    pack = [deal[_seat_of_position(i, h.dealer, n)][i // n] for i in range(deck.size)]
    if deal_pack(h.rules, pack, h.dealer) != deal:
        return None
    codes = _replay(h, deal, history, knows, rng)
    return None if codes is None else (pack, codes)


def _mask_cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _tricks(h: Hand) -> list[tuple[Sequence[int], Sequence[int]]]:
    """(seats, cards) of every trick so far, the current one last."""
    out: list[tuple[Sequence[int], Sequence[int]]] = [(t[1], t[2]) for t in h.tricks]
    out.append((h.trick_seats, h.trick_cards))
    return out


def _replay(h: Hand, deal: list[list[int]], history: list[tuple[int, int]], knows: bool,
            rng: random.Random) -> list[int] | None:
    """The codes of the public history replayed on another deal, or ``None`` if illegal."""
    g = Hand(h.rules, h.dealer, deal, h.scores)
    names = h.t.deck.names
    codes: list[int] = []
    for seat, code in history:
        if g.to_act != seat:
            return None
        legal = g.legal_codes()
        if TRUMP_CARD <= code < TRUMP_SEVENTH and not knows:
            choices = [c for c in legal if TRUMP_CARD <= c < TRUMP_SEVENTH]
            if not choices:
                return None
            code = choices[rng.randrange(len(choices))]
        elif code not in legal:
            if code >= PLAY_LIMIT:
                return None
            same = [c for c in legal if c < PLAY_LIMIT and names[c] == names[code]]
            if not same:
                return None
            code = same[0]
        g.step(code)
        codes.append(code)
    return codes if g.to_act == h.to_act else None


class TwentyEightObserver:
    """Observation (``perfect_recall=False``) or information state (``True``) of a seat."""

    def __init__(self, game: TwentyEightGame, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        enc = game.encoder
        size = enc.information_state_size if perfect_recall else enc.observation_size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: TwentyEightState, player: int) -> None:
        h = state.hand
        enc = self.game.encoder
        if h is None:
            self.tensor.fill(0.0)
            enc._cards(self.tensor, enc.parts["hand"].start, self._dealt(state, player))
            return
        v = view(h, player)
        if self.perfect_recall:
            enc.information_state(v, first_cards(h, player), self.tensor)
        else:
            enc.observation(v, self.tensor)

    def _dealt(self, state: TwentyEightState, player: int) -> list[str]:
        g = self.game
        n, fb = g.n, g.rules.first_batch
        names = g.rules.deck.names
        return [names[c] for i, c in enumerate(state.pack)
                if _seat_of_position(i, g.dealer, n) == player and i // n < fb]

    def string_from(self, state: TwentyEightState, player: int) -> str:
        h = state.hand
        if h is None:
            return (f"seat {player}; dealing {len(state.pack)}; "
                    f"hand {' '.join(self._dealt(state, player)) or '-'}")
        v = view(h, player)
        if self.perfect_recall:
            return information_state_string(v, first_cards(h, player))
        return observation_string(v)


pyspiel.register_game(_GAME_TYPE, TwentyEightGame)

"""The shared encoding of the research adapters: a fixed discrete action space per rule set,
the legal-action mask, and observation / information-state tensors built from a seat's view.

One piece of code serves PettingZoo, OpenSpiel and Gymnasium.  It needs ``numpy`` only.

**The action space.**  For a rule set, :class:`ActionSpace` numbers every engine action code
(:mod:`twentyeight.engine.actions`) that can ever be legal, in sections, in this order:

====================  ===================================================================
section               entries
====================  ===================================================================
``play``              every card of the deck, by deck index (56's two copies are two cards)
``verb``              pass, redeal, double, redouble, c, single, thani, ask, reveal, pair,
                      concede, accept, refuse, show (the engine's simple verbs, codes 128-141)
``bid``               every bid value from ``min_bid`` to the maximum bid, times every
                      denomination the rules use (none; or S, H, D, C, NT with open trump)
``raise``             every raise value the rules allow
``trump``             every card of the deck as indicator (``trump_indicator = "card"``) or
                      the four suits (``"suit"``), then ``seventh`` and ``reverse`` where the
                      rules have them
====================  ===================================================================

>>> import twentyeight
>>> space = ActionSpace(twentyeight.PRESETS["28"])
>>> space.size, space.describe(0), space.describe(32), space.describe(space.size - 1)
(98, 'play JS', 'pass', 'trump 7C')
>>> h = twentyeight.engine.Hand.from_seed(twentyeight.PRESETS["28"], seed=7, dealer=3)
>>> [space.describe(i) for i in space.legal_indices(h.legal_codes())][:3]
['bid 14', 'bid 15', 'bid 16']

**Observations** are made by :class:`ObservationEncoder` from ``twentyeight.views.view(hand,
seat)`` alone — the information set of RULES.md §2.20 — so they can hold nothing a seat may not
know.  Seats are numbered relative to the observer (0 = the observer, 1 = the next seat to
play, …).  The information-state tensor adds the seat's first cards and the whole public
history (the others' face-down trump choice stays hidden), which gives perfect recall.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from twentyeight.cards import SUITS
from twentyeight.engine.actions import (
    BID,
    DENOMINATIONS,
    PASS,
    RAISE,
    SHOW,
    TRUMP_CARD,
    TRUMP_REVERSE,
    TRUMP_SEVENTH,
    TRUMP_SUIT,
    Action,
    bid_parts,
    code_of,
    describe_code,
)
from twentyeight.engine.hand import Hand
from twentyeight.engine.state import PHASE_NAMES, SPECIAL_NAMES
from twentyeight.engine.tables import tables_for
from twentyeight.rules import Rules
from twentyeight.views import View

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


def rules_of(rules: str | Mapping[str, Any] | Rules) -> Rules:
    """A rule set from a preset name, a spec or a :class:`Rules`."""
    return Rules.from_spec(rules)


class ActionSpace:
    """The fixed discrete action space of one rule set (see the module docstring)."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        t = tables_for(rules)
        deck = rules.deck
        sections: list[tuple[str, list[int]]] = [
            ("play", list(range(deck.size))),
            ("verb", list(range(PASS, SHOW + 1))),
            ("bid", [BID + 8 * v + d for v in range(t.min_bid, t.max_bid + 1)
                     for d in t.bid_denominations]),
            ("raise", [RAISE + v for v in range(max(rules.raise_min, t.min_bid + 1),
                                                 t.max_bid + 1)]),
        ]
        trump = [TRUMP_CARD + c for c in range(deck.size)] if rules.trump_indicator == "card" \
            else [TRUMP_SUIT + s for s in range(4)]
        if rules.seventh_card_trump:
            trump.append(TRUMP_SEVENTH)
        if rules.reverse_no_trump:
            trump.append(TRUMP_REVERSE)
        sections.append(("trump", trump))
        self.codes: tuple[int, ...] = tuple(c for _, codes in sections for c in codes)
        self.index: dict[int, int] = {c: i for i, c in enumerate(self.codes)}
        self.sections: dict[str, range] = {}
        start = 0
        for name, codes in sections:
            self.sections[name] = range(start, start + len(codes))
            start += len(codes)
        self.size = len(self.codes)
        self._names = deck.names

    def check(self, action: object) -> int:
        """An action as an index of the space: ``TypeError`` unless it is an integer (``int``
        or a numpy integer, not ``bool`` nor ``float``), ``ValueError`` unless it is in
        ``0 .. size - 1`` (a negative index does not count from the end)."""
        index = as_integer(action)
        if not 0 <= index < self.size:
            raise ValueError(f"action {index} does not exist (0 to {self.size - 1})")
        return index

    def to_code(self, index: int) -> int:
        """The engine code of an action index (``ValueError`` outside ``0 .. size - 1``)."""
        if not 0 <= index < self.size:
            raise ValueError(f"action {index} does not exist (0 to {self.size - 1})")
        return self.codes[index]

    def to_index(self, code: int) -> int:
        """The action index of an engine code (``KeyError`` when outside the space)."""
        return self.index[code]

    def legal_indices(self, codes: Iterable[int]) -> list[int]:
        """The sorted action indices of legal engine codes."""
        index = self.index
        return sorted(index[c] for c in codes)

    def mask(self, codes: Iterable[int]) -> MaskArray:
        """The legal-action mask (``int8``, 1 for legal) of legal engine codes."""
        m = np.zeros(self.size, dtype=np.int8)
        index = self.index
        for c in codes:
            m[index[c]] = 1
        return m

    def describe(self, index: int) -> str:
        """An action index in notation without the seat, e.g. ``"play 9S"``."""
        return describe_code(self.to_code(index), self._names)

    def code_of_action(self, action: Action) -> int | None:
        """The code of an action (a card by its first copy); ``None`` for a face-down trump
        choice shown to others as ``"2 trump"``."""
        deck = self.rules.deck
        return code_of(action, lambda name: deck.copies_of(name)[0])


def as_integer(action: object) -> int:
    """An action given as an integer (``int``, a numpy integer or a 0-d integer array), or
    ``TypeError``: ``3.7`` is not read as 3, nor ``True`` as 1."""
    if isinstance(action, bool | np.bool_):
        raise TypeError(f"an action is an integer index, not {action!r}")
    try:
        return operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"an action is an integer index, not {action!r}") from None


def check_dealer(dealer: object, n: int) -> int:
    """A dealer seat (an integer ``0 .. n - 1``), or ``ValueError`` / ``TypeError``."""
    if isinstance(dealer, bool | np.bool_):
        raise TypeError(f"dealer is a seat number, not {dealer!r}")
    try:
        seat = operator.index(dealer)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"dealer is a seat number, not {dealer!r}") from None
    if not 0 <= seat < n:
        raise ValueError(f"dealer {seat} does not exist (0 to {n - 1})")
    return seat


def max_game_length(rules: Rules) -> int:
    """An upper bound on the decisions of one hand (the auction raises the bid each time a
    seat bids, so it is bounded by the bid values times the seats; see the tests)."""
    t = tables_for(rules)
    n = rules.num_players
    values = t.max_bid - t.min_bid + 1
    auction = (values + 2) * n * 2
    windows = 6 * n + values * n
    play = n * rules.cards_each * 2
    return auction + windows + play + 16


class ObservationEncoder:
    """Observation and information-state tensors of one rule set, from views only.

    ``observation(view)`` is the seat's current knowledge in a fixed-size ``float32`` vector
    with values in [-1, 1]; ``information_state(view, first_cards)`` appends the seat's first
    cards (the cards it saw before the auction) and the whole public history, one row of
    ``seat one-hot + action one-hot`` per decision (the last column: a trump choice made face
    down by another seat).  :attr:`parts` names the slices.
    """

    def __init__(self, rules: Rules, space: ActionSpace | None = None) -> None:
        self.rules = rules
        self.space = space or ActionSpace(rules)
        deck = rules.deck
        self.n = n = rules.num_players
        self.teams = rules.teams
        self.copies = deck.copies
        self.names: tuple[str, ...] = tuple(dict.fromkeys(deck.names))
        self.name_index = {name: i for i, name in enumerate(self.names)}
        u = len(self.names)
        t = tables_for(rules)
        self.max_bid = t.max_bid
        self.cards_each = rules.cards_each
        self.points_total = deck.points_total
        self.history_rows = max_game_length(rules)
        self.row_size = n + self.space.size + 1
        layout = [
            ("phase", len(PHASE_NAMES)), ("to_act", n), ("dealer", n), ("hand", u),
            ("hand_sizes", n), ("played", n * u), ("trick", n * u), ("trick_leader", n),
            ("tricks_won", n), ("side_points", 2), ("last_bid", n), ("passed", n),
            ("high_bid", 1), ("contract", 1), ("target", 1), ("bidder", n),
            ("denomination", len(DENOMINATIONS)), ("trump", 5), ("trump_exposed", 1),
            ("indicator", u), ("indicator_face_down", 1), ("seventh_card", 1),
            ("multiplier", 1), ("pair", n), ("special", len(SPECIAL_NAMES)),
            ("special_seat", n), ("sitting_out", n), ("scores", self.teams),
        ]
        self.parts: dict[str, slice] = {}
        start = 0
        for name, size in layout:
            self.parts[name] = slice(start, start + size)
            start += size
        self.observation_size = start
        self.information_state_size = start + u + self.history_rows * self.row_size

    # ---- helpers ------------------------------------------------------------------------
    def _rel(self, view: View, seat: int | None) -> int | None:
        return None if seat is None else (seat - view["seat"]) % self.n

    def _cards(self, out: FloatArray, offset: int, names: Iterable[str]) -> None:
        step = 1.0 / self.copies
        index = self.name_index
        for name in names:
            out[offset + index[name]] += step

    # ---- tensors ------------------------------------------------------------------------
    def observation(self, view: View, out: FloatArray | None = None) -> FloatArray:
        """The observation tensor of a view (written into ``out`` when given)."""
        if out is None:
            out = np.zeros(self.observation_size, dtype=np.float32)
        else:
            out[: self.observation_size] = 0.0
        p = self.parts
        n = self.n
        u = len(self.names)
        rel = self._rel
        me = view["seat"]

        def rs(seat: int) -> int:
            return int((seat - me) % n)

        def one(part: str, i: int | None) -> None:
            if i is not None:
                out[p[part].start + i] = 1.0

        one("phase", PHASE_NAMES.index(view["phase"]))
        one("to_act", rel(view, view["to_act"]))
        one("dealer", rel(view, view["dealer"]))
        self._cards(out, p["hand"].start, view["hand"])
        for s, size in enumerate(view["hand_sizes"]):
            out[p["hand_sizes"].start + rs(s)] = size / self.cards_each
        won = [0] * n
        for trick in view["tricks"]:
            for s, card in zip(trick["seats"], trick["cards"], strict=True):
                self._cards(out, p["played"].start + rs(s) * u, (card,))
            won[rs(trick["winner"])] += 1
        current = view["trick"]
        if current:
            for s, card in zip(current["seats"], current["cards"], strict=True):
                r = rs(s)
                self._cards(out, p["played"].start + r * u, (card,))
                self._cards(out, p["trick"].start + r * u, (card,))
            one("trick_leader", rel(view, current["leader"]))
        for r, w in enumerate(won):
            out[p["tricks_won"].start + r] = w / self.cards_each
        points = view["points"]
        total = max(1, self.points_total)
        out[p["side_points"].start] = min(1.0, points["bidding"] / total)
        out[p["side_points"].start + 1] = min(1.0, points["opponents"] / total)
        for entry in view["history"]:
            action = Action.parse_entry(entry)
            r = rs(action.seat)
            if action.verb == "bid" and action.arg is not None:
                out[p["last_bid"].start + r] = bid_parts(action.arg)[0] / self.max_bid
            elif action.verb == "pass" and view["contract"] is None:
                out[p["passed"].start + r] = 1.0
        for part, value, scale in (("high_bid", view["high_bid"], self.max_bid),
                                   ("contract", view["contract"], self.max_bid),
                                   ("target", view["target"], total)):
            if value is not None:
                out[p[part].start] = min(1.0, value / scale)
        one("bidder", rel(view, view["bidder"]))
        if view["denomination"] is not None:
            one("denomination", DENOMINATIONS.index(view["denomination"]))
        if view["trump"] is not None:
            one("trump", 4 if view["trump"] == "reverse" else SUITS.index(view["trump"]))
        out[p["trump_exposed"].start] = float(bool(view["trump_exposed"]))
        if view["indicator"] is not None:
            self._cards(out, p["indicator"].start, (view["indicator"],))
        out[p["indicator_face_down"].start] = float(bool(view["indicator_face_down"]))
        out[p["seventh_card"].start] = float(bool(view["seventh_card"]))
        out[p["multiplier"].start] = min(1.0, view["multiplier"] / 8)
        if view["pair"] is not None:
            one("pair", rel(view, view["pair"]["seat"]))
        one("special", SPECIAL_NAMES.index(view["special"]))
        one("special_seat", rel(view, view["special_seat"]))
        for s in view["sitting_out"]:
            one("sitting_out", rel(view, s))
        scale = max(1, self.rules.game_target)
        for team, score in enumerate(view["scores"]):
            out[p["scores"].start + team] = max(-1.0, min(1.0, score / scale))
        return out

    def history_row(self, view: View, entry: str) -> tuple[int, int]:
        """(relative seat, column) of one history entry: the action index, or the last
        column for a trump choice hidden from this seat."""
        action = Action.parse_entry(entry)
        code = self.space.code_of_action(action)
        r = self._rel(view, action.seat)
        assert r is not None
        return r, self.space.size if code is None else self.space.to_index(code)

    def information_state(self, view: View, first_cards: Sequence[str],
                          out: FloatArray | None = None) -> FloatArray:
        """The information-state tensor: observation, first cards, public history."""
        if out is None:
            out = np.zeros(self.information_state_size, dtype=np.float32)
        else:
            out[:] = 0.0
        self.observation(view, out)
        start = self.observation_size
        self._cards(out, start, first_cards)
        start += len(self.names)
        n, row = self.n, self.row_size
        for i, entry in enumerate(view["history"][: self.history_rows]):
            r, column = self.history_row(view, entry)
            out[start + i * row + r] = 1.0
            out[start + i * row + n + column] = 1.0
        return out


def observation_string(view: View) -> str:
    """A short, readable observation string (the seat's current knowledge, no history)."""
    current = view["trick"]
    trick: dict[str, list[Any]] = {"seats": current["seats"], "cards": current["cards"]} \
        if current else {"seats": [], "cards": []}
    parts = [
        f"seat {view['seat']}", f"phase {view['phase']}", f"to_act {view['to_act']}",
        f"hand {' '.join(view['hand']) or '-'}",
        f"bidder {view['bidder']}", f"high_bid {view['high_bid']}",
        f"contract {view['contract']}", f"trump {view['trump']}",
        f"exposed {int(bool(view['trump_exposed']))}", f"multiplier {view['multiplier']}",
        "trick " + (" ".join(f"{s}:{c}" for s, c in zip(trick["seats"], trick["cards"],
                                                         strict=True)) or "-"),
        "played " + (" ".join(c for t in view["tricks"] for c in t["cards"]) or "-"),
        f"points {view['points']}", f"scores {view['scores']}",
    ]
    return "; ".join(parts)


def information_state_string(view: View, first_cards: Sequence[str]) -> str:
    """A perfect-recall string: the observation, the first cards and the public history."""
    return (f"{observation_string(view)}; first {' '.join(first_cards) or '-'}; "
            f"history {', '.join(view['history']) or '-'}")


def team_rewards(by_team: Sequence[int], n: int, teams: int) -> list[float]:
    """Each seat's reward: its team's score change (seat ``s`` plays for team ``s % teams``)."""
    return [float(by_team[s % teams]) for s in range(n)]


def utility_bound(rules: Rules) -> float:
    """A bound on the absolute score change of one hand (for OpenSpiel's GameInfo)."""
    from twentyeight.engine.tables import THANI_VALUES, TIERS

    scale = rules.stake_table if rules.scoring == "fifty_six" else rules.scoring
    base = max(max(win, loss) for _, win, loss in TIERS[scale])
    thani = max(THANI_VALUES.get(rules.scoring, (4, 5)))
    return float(max(base, thani, 5) * 8)


def new_hand(rules: Rules, rng: random.Random, dealer: int) -> Hand:
    """A hand dealt from ``rng``; a deal annulled before anyone acts (a rule such as 29's
    "first two pointless") is dealt again, so every hand returned has a decision to make."""
    while True:
        h = Hand.from_rng(rules, rng, dealer)
        if not h.over:
            return h


def first_cards(h: Hand, seat: int) -> list[str]:
    """The cards ``seat`` was dealt before the auction (all its cards without a second deal)."""
    names = h.t.deck.names
    return [names[c] for c in h.deal[seat][: h.t.first_batch]]


def legal_by_notation(h: Hand) -> dict[str, int]:
    """The legal codes of the seat to act, keyed by their notation (``"2 play 9S"``)."""
    seat = h.to_act
    return {f"{seat} {h.describe(c)}": c for c in h.legal_codes()}

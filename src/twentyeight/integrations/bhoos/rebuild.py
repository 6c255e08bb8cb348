"""From one protocol request back to our engine: :func:`rebuild` (serving is stateless).

A request carries everything its seat knows: its cards, the auction, the tricks so far and
the trump if it knows it.  We replay that public history on a deal that agrees with it —
the seat's own cards as they are, and the cards it has not seen shared among the others so
that every card they played was legal (a player who did not follow suit holds none of that
suit; a player who revealed the trump and then did not trump holds no trump, and one who
did not over-trump an opponent's trump holds no higher one).  The seat's view of that game
is exactly what our engine would show it, since a view never depends on unseen cards.
A non-bidder who does not know the trump gets any suit in its place: before the reveal the
trump changes neither the legal moves nor the view.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from twentyeight.cards import Deck
from twentyeight.engine.play import winning_index
from twentyeight.game import Game
from twentyeight.integrations.bhoos.payloads import (
    ORDER,
    SUITS,
    PayloadError,
    beats,
    duel_state,
    from_proto,
)
from twentyeight.rules import Rules

DECK = [r + s for s in SUITS for r in ORDER]
"""The 32 cards of the pack, our names."""


class HistoryError(PayloadError):
    """A readable request whose history cannot be a deal of ours (the turn, the cards
    played, the reveal disagree): answered by simple rules, not refused, since a missing
    answer loses the game."""


@dataclass
class Rebuilt:
    """A replayed game, the requesting seat, the auction winner, the ids in seat order."""

    game: Game
    seat: int
    bidder: int | None
    ids: list[str]


REQUIRED = {
    "bid": ("playerId", "playerIds", "timeRemaining", "cards", "bidHistory", "bidState"),
    "chooseTrump": ("playerId", "playerIds", "timeRemaining", "cards", "bidHistory"),
    "play": ("playerId", "playerIds", "timeRemaining", "cards", "bidHistory", "teams",
             "played", "handsHistory", "trumpSuit", "trumpRevealed"),
}
"""The fields of each request (BOT-PROTOCOL.md §4.2–§4.4): the competition sent every one of
them in every request its traces and starter examples show, and no request of it is known
to leave one out, so a request without one is malformed (400), not guessed at."""


def _whole(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) \
            or not math.isfinite(value) or value != int(value):
        raise PayloadError(f"{what} must be a whole number, not {value!r}")
    return int(value)


def _id(value: Any, ids: list[str], what: str) -> str:
    if value not in ids:
        raise PayloadError(f"{what} {value!r} is not in playerIds")
    return str(value)


def check_request(kind: str, payload: Any) -> None:
    """:class:`PayloadError` unless ``payload`` is a ``kind`` request with every field of
    :data:`REQUIRED`, each of its type: read before anything is replayed, so that a
    malformed request is refused (400) and never answered by the simple rules."""
    if kind not in REQUIRED:
        raise PayloadError(f"unknown request kind {kind!r}")
    if not isinstance(payload, Mapping):
        raise PayloadError("the request body must be a JSON object")
    missing = [f for f in REQUIRED[kind] if f not in payload]
    if missing:
        raise PayloadError(f"a {kind} request must have {', '.join(missing)}")
    ids, _ = _ids(payload)
    remaining = payload["timeRemaining"]
    if isinstance(remaining, bool) or not isinstance(remaining, int | float) \
            or math.isnan(remaining):
        raise PayloadError(f"timeRemaining must be a number of milliseconds, "
                           f"not {remaining!r}")
    cards = _cards(payload["cards"], "cards")
    if kind != "play" and len(cards) != 4:
        raise PayloadError(f"{kind} expects the first 4 cards, not {len(cards)}")
    _bids(payload, ids)
    if kind == "bid":
        state = payload["bidState"]
        if not isinstance(state, Mapping):
            raise PayloadError(f"bidState must be an object, not {state!r}")
        for key in ("defenderId", "challengerId"):
            _id(state.get(key), ids, f"bidState.{key}")
        for key in ("defenderBid", "challengerBid"):
            _whole(state.get(key), f"bidState.{key}")
    if kind != "play":
        return
    teams = payload["teams"]
    if not isinstance(teams, list) or len(teams) != 2 or not all(
            isinstance(t, Mapping) and isinstance(t.get("players"), list) for t in teams) \
            or sorted(p for t in teams for p in t["players"]) != sorted(ids):
        raise PayloadError("teams must be two objects whose players share out playerIds")
    for team in teams:
        _whole(team.get("bid"), "a team's bid")
        _whole(team.get("won"), "a team's won")
    _cards(payload["played"], "played")
    hands = payload["handsHistory"]
    if not isinstance(hands, list):
        raise PayloadError("handsHistory must be a list")
    for entry in hands:
        if not isinstance(entry, list) or len(entry) != 3:
            raise PayloadError(f"bad handsHistory entry {entry!r}")
        _id(entry[0], ids, "a hand's leader")
        if len(_cards(entry[1], "handsHistory cards")) != 4:
            raise PayloadError("a hand in handsHistory must have 4 cards")
        _id(entry[2], ids, "a hand's winner")
    trump = payload["trumpSuit"]
    if trump is not False and trump not in tuple(SUITS):
        raise PayloadError(f"trumpSuit must be false or a suit letter, not {trump!r}")
    revealed = payload["trumpRevealed"]
    if revealed is not False:
        if not isinstance(revealed, Mapping):
            raise PayloadError(f"trumpRevealed must be false or an object, not {revealed!r}")
        if _whole(revealed.get("hand"), "trumpRevealed.hand") < 1:
            raise PayloadError(f"bad trumpRevealed {revealed!r}")
        _id(revealed.get("playerId"), ids, "trumpRevealed.playerId")


def _ids(payload: Mapping[str, Any]) -> tuple[list[str], int]:
    ids = payload.get("playerIds")
    me = payload.get("playerId")
    if not isinstance(ids, list) or len(ids) != 4 \
            or not all(isinstance(i, str) for i in ids) or len(set(ids)) != 4:
        raise PayloadError("playerIds must list the 4 player ids in turn order")
    if me not in ids:
        raise PayloadError(f"playerId {me!r} is not in playerIds")
    return list(ids), ids.index(me)


def _cards(raw: Any, what: str) -> list[str]:
    if not isinstance(raw, list):
        raise PayloadError(f"{what} must be a list of cards")
    return [from_proto(c) for c in raw]


def _bids(payload: Mapping[str, Any], ids: list[str]) -> list[tuple[int, int]]:
    raw = payload["bidHistory"]
    if not isinstance(raw, list):
        raise PayloadError("bidHistory must be a list of [playerId, bid] pairs")
    out = []
    for pair in raw:
        if not isinstance(pair, list) or len(pair) != 2 or pair[0] not in ids:
            raise PayloadError(f"bad bidHistory entry {pair!r}")
        out.append((ids.index(pair[0]), _whole(pair[1], "a bid")))
    return out


def _fill(unseen: list[str], need: dict[int, int], forbidden: dict[int, set[str]]
          ) -> dict[int, list[str]]:
    """Share ``unseen`` among seats (``need[s]`` cards each) avoiding ``forbidden[s]``.

    A bipartite assignment by augmenting paths (Kuhn), over cards and seat slots.
    """
    slots = [s for s in sorted(need) for _ in range(need[s])]
    if len(slots) != len(unseen):
        raise HistoryError("the card counts do not add up to a pack of 32")
    owner: list[int | None] = [None] * len(slots)          # slot -> card index

    def allowed(card: int, slot: int) -> bool:
        return unseen[card] not in forbidden.get(slots[slot], set())

    def augment(card: int, seen: set[int]) -> bool:
        for slot in range(len(slots)):
            if slot in seen or not allowed(card, slot):
                continue
            seen.add(slot)
            held = owner[slot]
            if held is None or augment(held, seen):
                owner[slot] = card
                return True
        return False

    for card in range(len(unseen)):
        if not augment(card, set()):
            raise HistoryError("no deal agrees with the cards played (a revoke?)")
    out: dict[int, list[str]] = {s: [] for s in need}
    for slot, held in enumerate(owner):
        assert held is not None
        out[slots[slot]].append(unseen[held])
    return out


def _winner_so_far(cards: list[tuple[int, str]], trump: str | None, deck: Deck
                   ) -> tuple[int, str | None]:
    """(seat winning, best trump on the table) of a trick in progress, every trump of the
    trick counting (29's whole-trick rule, C-07), by the engine's own trick rule."""
    codes = [deck.copies_of(c)[0] for _, c in cards]
    suit = -1 if trump is None else SUITS.index(trump)
    seat, card = cards[winning_index(codes, deck.suit_of, deck.power, suit,
                                     0 if suit >= 0 else -1)]
    return seat, card if suit >= 0 and card[1] == trump else None


def _passes_without_choice(bids: list[tuple[int, int]], state: dict[str, Any], opener: int,
                           top: int) -> tuple[list[tuple[int, int]], dict[str, Any]]:
    """The bids with the passes of the challengers left once the defender holds the highest
    bid (each can only pass), where the host did not ask them: our engine asks every
    challenger once (§7.2), a host may not ask those without a choice."""
    while state["to_act"] not in (None, state["defender"]) and state["defenderBid"] >= top:
        bids = [*bids, (state["to_act"], 0)]
        state = duel_state(bids, opener)
    return bids, state


def rebuild(kind: str, payload: Mapping[str, Any], rules: Any = "bhoos-29") -> Rebuilt:
    """The game a request describes, replayed up to the requesting seat's decision.

    ``kind`` is ``"bid"``, ``"chooseTrump"`` or ``"play"``.  Raises :class:`PayloadError`
    for a malformed request (:func:`check_request`), :class:`HistoryError` for a readable
    one whose history cannot be a deal, and the engine's ``IllegalAction``/``RecordError``
    when its history breaks our rules.
    """
    check_request(kind, payload)
    deck = Rules.from_spec(rules).deck
    ids, me = _ids(payload)
    n = 4
    mine = _cards(payload["cards"], "cards")
    bids = _bids(payload, ids)
    if bids:
        opener = bids[0][0]
    elif kind == "bid":
        opener = me
    else:
        raise HistoryError("bidHistory is empty after the auction")
    dealer = (opener - 1) % n
    state = duel_state(bids, opener, n)
    if kind != "bid":
        bids, state = _passes_without_choice(bids, state, opener, Rules.from_spec(rules).max_bid)
    actions = [f"{s} pass" if v == 0 else f"{s} bid {v}" for s, v in bids]
    bidder = state["defender"] if state["to_act"] is None else None
    if kind in ("bid", "chooseTrump"):
        rest = [c for c in DECK if c not in mine]
        others = [s for s in range(n) if s != me]
        deal = {me: mine + rest[:4]}
        for k, s in enumerate(others):
            deal[s] = rest[4 + 8 * k: 12 + 8 * k]
        hands = [deal[s] for s in range(n)]
        game = Game.from_record({"rules": rules, "dealer": dealer, "hands": hands,
                                 "actions": actions})
        return Rebuilt(game, me, bidder, ids)
    if bidder is None:
        raise HistoryError("the auction in bidHistory is not over")
    known_trump = payload["trumpSuit"] or None           # checked: false or a suit letter
    revealed = payload["trumpRevealed"]
    reveal_hand = reveal_seat = None
    if revealed is not False:
        if known_trump is None:
            raise HistoryError("trumpRevealed without trumpSuit")
        reveal_hand, reveal_seat = int(revealed["hand"]), ids.index(revealed["playerId"])
    trump = known_trump or "S"                           # any suit while it is unknown
    actions.append(f"{bidder} trump {trump}")

    tricks: list[list[tuple[int, str]]] = []
    winners: list[int] = []
    leader = opener
    for entry in payload["handsHistory"]:                # checked: [leader, 4 cards, winner]
        lead = ids.index(entry[0])
        cards = _cards(entry[1], "handsHistory cards")
        tricks.append([((lead + i) % n, c) for i, c in enumerate(cards)])
        winners.append(ids.index(entry[2]))
        leader = winners[-1]
    played = _cards(payload["played"], "played")
    if len(played) >= n:
        raise HistoryError("played holds the cards of the current hand (at most 3)")
    if (leader + len(played)) % n != me:
        raise HistoryError("it is not this player's turn (leader and played disagree)")
    tricks.append([((leader + i) % n, c) for i, c in enumerate(played)])
    if reveal_hand is not None and reveal_hand > len(tricks):
        raise HistoryError(f"trumpRevealed names hand {reveal_hand}, after the hand being "
                           f"played ({len(tricks)})")

    by_seat: dict[int, list[str]] = {s: [] for s in range(n)}
    forbidden: dict[int, set[str]] = {s: set() for s in range(n)}
    for t, trick in enumerate(tricks, start=1):
        if not trick:
            continue
        led = trick[0][1][1]
        for i, (s, c) in enumerate(trick):
            by_seat[s].append(c)
            if i and c[1] != led:
                forbidden[s] |= {d for d in DECK if d[1] == led}
            if t == reveal_hand and s == reveal_seat and i:
                forbidden[s] |= {d for d in DECK if d[1] == led}
                winner, best = _winner_so_far(trick[:i], known_trump, deck)
                if c[1] != known_trump:
                    forbidden[s] |= {d for d in DECK if d[1] == known_trump}
                elif best is not None and winner % 2 != s % 2 and not beats(c, best):
                    forbidden[s] |= {d for d in DECK if d[1] == known_trump and beats(d, best)}
    seen = set(mine) | {c for cards in by_seat.values() for c in cards}
    if len(seen) != len(mine) + sum(map(len, by_seat.values())):
        raise HistoryError("a card appears twice")
    unseen = [c for c in DECK if c not in seen]
    need = {s: 8 - len(by_seat[s]) for s in range(n) if s != me}
    if len(mine) + len(by_seat[me]) != 8 or any(v < 0 for v in need.values()):
        raise HistoryError("the card counts do not match 8 cards per player")
    filled = _fill(unseen, need, forbidden)
    hands = [by_seat[me] + mine if s == me else by_seat[s] + filled[s] for s in range(n)]

    for t, trick in enumerate(tricks, start=1):
        asked = False
        for s, c in trick:
            if t == reveal_hand and s == reveal_seat:
                actions.append(f"{s} {'reveal' if s == bidder else 'ask'}")
                asked = True
            actions.append(f"{s} play {c}")
        if t == reveal_hand and not asked:
            if reveal_seat != me or t != len(tricks):
                raise HistoryError("trumpRevealed names a hand and player that did not reveal")
            actions.append(f"{me} {'reveal' if me == bidder else 'ask'}")
    game = Game.from_record({"rules": rules, "dealer": dealer, "hands": hands,
                             "actions": actions})
    return Rebuilt(game, me, bidder, ids)

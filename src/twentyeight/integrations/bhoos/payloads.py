"""A seat's view as the competition protocol's JSON, and the bots' answers as our notation.

The protocol (docs/bot-protocol.md, BOT-PROTOCOL.md §2–§4) writes the ace ``1`` (``"1H"``),
a pass as the bid ``0``, and seats as opaque player ids in turn order.  Our seats ``0..3``
are in turn order too, so seat ``s`` is ``ids[s]``.

>>> to_proto("AH"), from_proto("1H"), from_proto("TD")
('1H', 'AH', 'TD')
>>> duel_state([(0, 16), (1, 17)], opener=0)
{'defender': 0, 'defenderBid': 16, 'challenger': 1, 'challengerBid': 17, 'to_act': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from twentyeight.engine.actions import Action, parse_action
from twentyeight.views import View

DEFAULT_IDS = ("Seat-0", "Seat-1", "Seat-2", "Seat-3")
"""The player ids our host sends for seats 0–3 (opaque strings, as in the competition)."""

RANKS = "J91TKQ87"
"""Protocol ranks, strongest first (the ace is ``1``)."""
SUITS = "SHDC"
ORDER = "J9ATKQ87"
"""Our ranks, strongest first."""


class PayloadError(ValueError):
    """A request or an answer that does not follow the protocol."""


# ---- cards ------------------------------------------------------------------------------
def to_proto(card: str) -> str:
    """Our card name as the protocol writes it (the ace is ``1``)."""
    return "1" + card[1] if card[0] == "A" else card


CARD_SPELLING = ("a card is its rank J 9 1 T K Q 8 7 then its suit S H D C, as the protocol "
                 "writes it (\"1S\" is the ace of spades, \"TD\" the ten of diamonds); the "
                 "ace is also read as A (\"AS\"), and nothing else is a card")
"""What :func:`from_proto` accepts, said in its refusals: every spelling it reads, and which
of them the protocol uses (BOT-PROTOCOL.md §2: the ace is ``1``, never ``A``)."""


def from_proto(card: Any) -> str:
    """A protocol card (``"1H"``, ``"TD"``; the ace also as ``"AH"``) as our name;
    :class:`PayloadError` otherwise, saying every spelling that is read.

    >>> from_proto("10S")
    Traceback (most recent call last):
    ...
    twentyeight.integrations.bhoos.payloads.PayloadError: not a card: '10S' (a card is its \
rank J 9 1 T K Q 8 7 then its suit S H D C, as the protocol writes it ("1S" is the ace of \
spades, "TD" the ten of diamonds); the ace is also read as A ("AS"), and nothing else is a card)
    """
    if not isinstance(card, str) or len(card) != 2 or card[0] not in RANKS + "A" \
            or card[1] not in SUITS:
        raise PayloadError(f"not a card: {card!r} ({CARD_SPELLING})")
    return "A" + card[1] if card[0] in "1A" else card


def beats(a: str, b: str) -> bool:
    """Whether card ``a`` is higher than card ``b`` of the same suit (our names)."""
    return ORDER.index(a[0]) < ORDER.index(b[0])


# ---- the auction ------------------------------------------------------------------------
def duel_state(bids: Sequence[tuple[int, int]], opener: int, n: int = 4) -> dict[str, Any]:
    """The defender/challenger duel after ``bids`` (seat, value; 0 is a pass), §4.2/§7.2.

    ``challenger`` is ``None`` and ``to_act`` ``None`` once the auction is over; the
    defender is then the winner at ``defenderBid``.
    """
    queue = [(opener + i) % n for i in range(1, n)]
    defender, dbid = opener, 0
    challenger: int | None = queue.pop(0)
    cbid = 0
    opened = pending = False
    for seat, value in bids:
        if not opened:
            dbid, opened = value, True
        elif pending and seat == defender:
            pending = False
            if value == 0:                      # the defender gives way
                assert challenger is not None
                defender, dbid = challenger, cbid
                challenger, cbid = (queue.pop(0) if queue else None), 0
            else:                               # the defender matches
                dbid = value
        elif seat == challenger:
            if value == 0:
                challenger, cbid = (queue.pop(0) if queue else None), 0
            else:
                cbid, pending = value, True
        else:
            raise PayloadError(f"bid history out of turn at seat {seat}")
    to_act = None if challenger is None else \
        opener if not opened else defender if pending else challenger
    return {"defender": defender, "defenderBid": dbid, "challenger": challenger,
            "challengerBid": cbid, "to_act": to_act}


def auction_of(history: Sequence[str]) -> list[tuple[int, int]]:
    """The bids of a view's history: ``(seat, value)`` with 0 for a pass."""
    out = []
    for action in map(parse_action, history):
        if action.verb == "bid" and action.arg:
            out.append((action.seat, int(action.arg)))
        elif action.verb == "pass":
            out.append((action.seat, 0))
        elif action.verb in ("trump", "play", "ask", "reveal"):
            break
    return out


def bid_history(view: View, ids: Sequence[str]) -> list[list[Any]]:
    """``bidHistory``: ``[playerId, bid]`` pairs, passes as 0."""
    return [[ids[s], v] for s, v in auction_of(view["history"])]


# ---- views to requests ------------------------------------------------------------------
def endpoint_for(view: View) -> str | None:
    """The protocol endpoint of the decision a view asks for, or ``None`` if it has none."""
    verbs = {parse_action(a).verb for a in view["legal"]}
    if not verbs:
        return None
    if view["phase"] == "auction" and verbs <= {"bid", "pass"}:
        return "/bid"
    if view["phase"] == "trump" and verbs == {"trump"}:
        return "/chooseTrump"
    if view["phase"] == "play" and "play" in verbs and verbs <= {"play", "ask", "reveal"}:
        return "/play"
    return None


def _common(view: View, ids: Sequence[str], time_remaining: float) -> dict[str, Any]:
    return {"playerId": ids[view["seat"]], "playerIds": list(ids),
            "timeRemaining": float(time_remaining),
            "cards": [to_proto(c) for c in view["hand"]],
            "bidHistory": bid_history(view, ids)}


def bid_payload(view: View, ids: Sequence[str], time_remaining: float) -> dict[str, Any]:
    """The ``/bid`` request (§4.2) for the seat of ``view``."""
    out = _common(view, ids, time_remaining)
    bids = auction_of(view["history"])
    opener = bids[0][0] if bids else view["seat"]
    st = duel_state(bids, opener, len(ids))
    challenger = st["challenger"] if st["challenger"] is not None else st["defender"]
    out["bidState"] = {"defenderId": ids[st["defender"]], "challengerId": ids[challenger],
                       "defenderBid": st["defenderBid"], "challengerBid": st["challengerBid"]}
    return out


def trump_payload(view: View, ids: Sequence[str], time_remaining: float) -> dict[str, Any]:
    """The ``/chooseTrump`` request (§4.3)."""
    return _common(view, ids, time_remaining)


def reveal_of(history: Sequence[str], n: int = 4) -> dict[str, Any] | None:
    """``trumpRevealed`` from a history: the hand (1-based) and seat of the ask/reveal."""
    plays = 0
    for action in map(parse_action, history):
        if action.verb == "play":
            plays += 1
        elif action.verb in ("ask", "reveal"):
            return {"hand": plays // n + 1, "seat": action.seat}
    return None


def play_payload(view: View, ids: Sequence[str], time_remaining: float) -> dict[str, Any]:
    """The ``/play`` request (§4.4)."""
    out = _common(view, ids, time_remaining)
    n = len(ids)
    teams = view.get("teams") or [[s for s in range(n) if s % 2 == t] for t in range(2)]
    team_of = {s: k for k, members in enumerate(teams) for s in members}
    bidder = view.get("bidder")
    won = [0] * len(teams)
    for t in view["tricks"]:
        won[team_of[t["winner"]]] += t["points"]
    out["teams"] = [{"players": [ids[s] for s in members],
                     "bid": view["contract"] if bidder is not None and team_of[bidder] == k
                     and view.get("contract") is not None else 0,
                     "won": won[k]} for k, members in enumerate(teams)]
    current = view["trick"]
    out["played"] = [to_proto(c) for c in current["cards"]] if current else []
    out["handsHistory"] = [[ids[t["leader"]], [to_proto(c) for c in t["cards"]],
                            ids[t["winner"]]] for t in view["tricks"]]
    out["trumpSuit"] = view["trump"] if view.get("trump") else False
    rev = reveal_of(view["history"], n) if view.get("trump_exposed") else None
    out["trumpRevealed"] = False if rev is None else \
        {"hand": rev["hand"], "playerId": ids[rev["seat"]]}
    return out


def payload_for(view: View, ids: Sequence[str], time_remaining: float
                ) -> tuple[str, dict[str, Any]] | None:
    """``(endpoint, request body)`` for the decision of ``view``, or ``None``."""
    endpoint = endpoint_for(view)
    if endpoint == "/bid":
        return endpoint, bid_payload(view, ids, time_remaining)
    if endpoint == "/chooseTrump":
        return endpoint, trump_payload(view, ids, time_remaining)
    if endpoint == "/play":
        return endpoint, play_payload(view, ids, time_remaining)
    return None


# ---- answers to actions -----------------------------------------------------------------
def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise PayloadError(f"{what} must be a whole number, not {value!r}")
    return int(value)


def bid_action(answer: Any, seat: int) -> str:
    """``{"bid": 0}`` → ``"S pass"``, ``{"bid": 17}`` → ``"S bid 17"``."""
    if not isinstance(answer, Mapping) or "bid" not in answer:
        raise PayloadError(f"expected {{\"bid\": <int>}}, not {answer!r}")
    value = _int(answer["bid"], "bid")
    return f"{seat} pass" if value == 0 else f"{seat} bid {value}"


def trump_action(answer: Any, seat: int) -> str:
    """``{"suit": "H"}`` → ``"S trump H"``."""
    if not isinstance(answer, Mapping) or answer.get("suit") not in tuple(SUITS):
        raise PayloadError(f"expected {{\"suit\": \"S\"|\"H\"|\"D\"|\"C\"}}, not {answer!r}")
    return f"{seat} trump {answer['suit']}"


def play_answer(answer: Any) -> tuple[bool, str | None]:
    """``(reveal, card)`` of a ``/play`` answer (card in our notation, or ``None``)."""
    if not isinstance(answer, Mapping):
        raise PayloadError(f"expected a JSON object, not {answer!r}")
    reveal = answer.get("revealTrump", False)
    if not isinstance(reveal, bool):
        raise PayloadError(f"revealTrump must be true or false, not {reveal!r}")
    card = answer.get("card")
    if card is None and not reveal:
        raise PayloadError(f"expected {{\"card\": ...}} or {{\"revealTrump\": true}}, "
                           f"not {answer!r}")
    return reveal, None if card is None else from_proto(card)


def answer_of(action: Action, card_after_reveal: str | None = None) -> dict[str, Any]:
    """Our action as the protocol's answer (the inverse of the functions above)."""
    verb, arg = action.verb, action.arg
    if verb == "pass":
        return {"bid": 0}
    if verb == "bid" and arg:
        return {"bid": int(arg)}
    if verb == "trump" and arg:
        return {"suit": arg}
    if verb == "play" and arg:
        return {"card": to_proto(arg)}
    if verb in ("ask", "reveal"):
        if card_after_reveal is not None:
            return {"revealTrump": True, "card": to_proto(card_after_reveal)}
        return {"revealTrump": True}
    raise PayloadError(f"the protocol has no answer for {action!r}")

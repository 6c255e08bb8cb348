"""Conformance of our host and our served bots to docs/spec/BOT-PROTOCOL.md, clause by clause.

The checks are written from the specification alone: an independent reference of the duel
auction (§7.2), of the legal answers to a ``/play`` request read from the payload only
(§4.4, §7.4, §7.5) and of the trick winner (§7.6).  Our host (:class:`HttpBot`, its
``_post`` replaced by an in-process scripted bot that answers as the spec allows) and our
served bots (:class:`BotService`) are held to that reference.  What the spec leaves
"unknown" (docs/bot-protocol.md, "Choices") is not asserted here.
"""

from __future__ import annotations

import argparse
import http.client
import inspect
import json
import logging
import random
import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import pytest

from twentyeight import Game
from twentyeight.engine.actions import parse_action
from twentyeight.integrations.bhoos import HttpBot, make_server
from twentyeight.integrations.bhoos.payloads import DEFAULT_IDS, payload_for
from twentyeight.integrations.bhoos.serve import BotService

# ---- the reference, from BOT-PROTOCOL.md only -------------------------------------------
RANKS = "J91TKQ87"
"""§2: ranks strongest first; the ace is ``1``."""
POINTS = {"J": 3, "9": 2, "1": 1, "T": 1}
"""§2: card points (28 in the pack)."""
CARD = re.compile(r"^[J91TKQ87][SDHC]$")
PLAY_KEYS = {"playerId", "playerIds", "timeRemaining", "teams", "cards", "bidHistory",
             "played", "handsHistory", "trumpSuit", "trumpRevealed"}
TOURNAMENT_IDS = ("Bot 0", "3nrbJ-Kn", "Bot 1", "UcDvW4nf")
SANDBOX_IDS = ("You-0", "Opponent-0", "You-1", "Opponent-1")


def _higher(a: str, b: str) -> bool:
    return RANKS.index(a[0]) < RANKS.index(b[0])


def ref_winner(cards: Sequence[str], trump: str | None) -> int:
    """§7.6: the index of the winning card: the highest trump if ``trump`` counts and one
    was played, else the highest card of the suit led."""
    best = 0
    for i, c in enumerate(cards[1:], 1):
        b = cards[best]
        if trump is not None and c[1] == trump:
            if b[1] != trump or _higher(c, b):
                best = i
        elif (c[1] == cards[0][1] and (trump is None or b[1] != trump)
              and b[1] == cards[0][1] and _higher(c, b)):
            best = i
    return best


@dataclass
class Duel:
    """§7.2 (the state a ``/bid`` request describes): to act, the bids allowed, bidState."""

    to_act: int
    allowed: set[int]
    state: tuple[int, int, int, int]       # defender, challenger, defenderBid, challengerBid


def ref_duel(history: Sequence[tuple[int, int]], opener: int) -> Duel | None:
    """§7.2: the defender/challenger duel after ``history`` (seat, bid; 0 a pass), or None
    once the auction is over.  The opener bids 16..28 (the project's documented choice)."""
    queue = [(opener + i) % 4 for i in range(1, 4)]
    defender, dbid, challenger, cbid = opener, 0, queue.pop(0), 0
    waiting_defender = False
    for k, (seat, bid) in enumerate(history):
        if k == 0:
            assert seat == opener and 16 <= bid <= 28
            dbid = bid
            continue
        if waiting_defender:                   # the defender matches or gives way
            assert seat == defender and bid in (0, cbid)
            if bid == 0:
                defender, dbid = challenger, cbid
                challenger, cbid = (queue.pop(0) if queue else -1), 0
            else:
                dbid = bid
            waiting_defender = False
        else:                                  # the challenger raises or passes (final)
            assert seat == challenger and (bid == 0 or dbid < bid <= 28)
            if bid == 0:
                challenger, cbid = (queue.pop(0) if queue else -1), 0
            else:
                cbid, waiting_defender = bid, True
        if challenger < 0:
            return None
    if not history:
        return Duel(opener, set(range(16, 29)), (opener, challenger, 0, 0))
    if waiting_defender:
        return Duel(defender, {0, cbid}, (defender, challenger, dbid, cbid))
    return Duel(challenger, {0, *range(dbid + 1, 29)}, (defender, challenger, dbid, cbid))


def _context(p: dict[str, Any]) -> tuple[list[str], int, int, int]:
    ids = p["playerIds"]
    me = ids.index(p["playerId"])
    return ids, me, (me - len(p["played"])) % 4, len(p["handsHistory"]) + 1


def ref_duty(p: dict[str, Any], trump: str) -> set[str]:
    """§7.5: what the player who revealed in this hand may play."""
    _, me, leader, _ = _context(p)
    mine = {c for c in p["cards"] if c[1] == trump}
    if not mine:
        return set(p["cards"])
    table = [c for c in p["played"] if c[1] == trump]
    if not table:
        return mine
    winner = (leader + ref_winner(p["played"], trump)) % 4
    if winner % 2 == me % 2:                              # the partner is winning
        return mine
    best = min(table, key=lambda c: RANKS.index(c[0]))
    return {c for c in mine if _higher(c, best)} or mine


def ref_answers(p: dict[str, Any]) -> tuple[set[str], bool, set[str]]:
    """§4.4 / §7.4 / §7.5 from the payload alone: the cards of ``{"card"}``, whether
    ``{"revealTrump": true}`` is allowed, and the cards of ``{"revealTrump": true, "card"}``."""
    hand = _context(p)[3]
    cards, played, rev = p["cards"], p["played"], p["trumpRevealed"]
    if not played:                                        # the leader: any card, no reveal
        return set(cards), False, set()
    follow = {c for c in cards if c[1] == played[0][1]}
    if follow:                                            # must follow; cannot reveal
        return follow, False, set()
    if rev:
        if rev["playerId"] == p["playerId"] and rev["hand"] == hand:
            return ref_duty(p, p["trumpSuit"]), False, set()
        return set(cards), False, set()                   # no duty for the others
    trump = p["trumpSuit"] or None                        # only the bidder knows it
    return set(cards), True, ref_duty(p, trump) if trump else set()


def ref_legal(p: dict[str, Any], answer: Any) -> bool:
    """Whether ``answer`` is one of §4.4's three forms and legal in ``p``."""
    plain, reveal_only, reveal_cards = ref_answers(p)
    if not isinstance(answer, dict):
        return False
    if set(answer) == {"card"}:
        return answer["card"] in plain
    if answer == {"revealTrump": True}:
        return reveal_only
    if set(answer) == {"revealTrump", "card"} and answer["revealTrump"] is True:
        return answer["card"] in reveal_cards
    return False


def ref_auction_winner(history: Sequence[Sequence[Any]], ids: Sequence[str]) -> tuple[int, int]:
    """§7.2: the seat that wins a finished auction and its bid (the last defender)."""
    seats = [(ids.index(pid), bid) for pid, bid in history]
    assert ref_duel(seats, seats[0][0]) is None
    before = ref_duel(seats[:-1], seats[0][0])
    assert before is not None
    defender, challenger, dbid, cbid = before.state
    last_seat, last_bid = seats[-1]
    assert last_bid == 0
    return (challenger, cbid) if last_seat == defender else (defender, dbid)


# ---- a host whose external bot answers in-process, as the spec allows -------------------
class Scripted(HttpBot):
    """:class:`HttpBot` with ``_post`` answered in-process by ``answer(endpoint, body)``."""

    def __init__(self, answer: Callable[[str, dict[str, Any]], Any], seed: int = 0,
                 ids: Sequence[str] = DEFAULT_IDS) -> None:
        super().__init__(seed=seed, url="http://scripted.invalid:1", ids=ids)
        self.answer = answer
        self.sent: list[tuple[str, dict[str, Any], Any]] = []

    def _post(self, endpoint: str, body: dict[str, Any]) -> Any:
        self.requests += 1
        body = json.loads(json.dumps(body))               # exactly what goes on the wire
        answer = self.answer(endpoint, body)
        self.sent.append((endpoint, body, answer))
        return answer


def spec_bot(rng: random.Random, ask_rate: float = 0.6) -> Callable[[str, dict[str, Any]], Any]:
    """Random answers, every one allowed by the spec (every form of §4.4 included)."""

    def answer(endpoint: str, p: dict[str, Any]) -> Any:
        if endpoint == "/bid":
            st = p["bidState"]
            if not p["bidHistory"]:
                return {"bid": rng.choice([16, 16, 17])}
            if st["challengerId"] == p["playerId"]:
                up = st["defenderBid"] + 1
                return {"bid": rng.choice([0, 0, up]) if up <= 28 else 0}
            return {"bid": rng.choice([0, st["challengerBid"]])}
        if endpoint == "/chooseTrump":
            return {"suit": rng.choice(p["cards"])[1]}
        plain, reveal_only, reveal_cards = ref_answers(p)
        if reveal_only and rng.random() < ask_rate:
            if reveal_cards and rng.random() < 0.5:
                return {"revealTrump": True, "card": rng.choice(sorted(reveal_cards))}
            return {"revealTrump": True}
        card = rng.choice(sorted(plain))
        return {"revealTrump": False, "card": card} if rng.random() < 0.2 else {"card": card}

    return answer


@dataclass
class Deal:
    ids: tuple[str, ...]
    sent: list[tuple[str, dict[str, Any], Any]] = field(default_factory=list)
    result: dict[str, Any] = field(default_factory=dict)
    faults: list[dict[str, Any]] = field(default_factory=list)


def host_deals(count: int, ids: tuple[str, ...], first_seed: int = 0) -> list[Deal]:
    """Full deals of ``bhoos-29`` with all four seats hosted, every request recorded in the
    order the host sent it."""
    deals = []
    for seed in range(first_seed, first_seed + count):
        deal = Deal(ids)
        g = Game.from_record({"rules": "bhoos-29", "dealer": seed % 4, "seed": seed})
        bots = []
        for s in range(4):
            bot = Scripted(spec_bot(random.Random(seed * 4 + s)), seed=s, ids=ids)
            bot.sent = deal.sent                          # one log, in the host's order
            bots.append(bot)
        while not g.over:
            seat = g.to_act
            assert seat is not None
            g.apply(bots[seat].act(g.view(seat)))
        deal.result = g.result()
        deal.faults = [f for b in bots for f in b.fault_log]
        deals.append(deal)
    return deals


@pytest.fixture(scope="module")
def deals() -> list[Deal]:
    return (host_deals(120, DEFAULT_IDS) + host_deals(40, TOURNAMENT_IDS, 500)
            + host_deals(40, SANDBOX_IDS, 900))


def _plays(deal: Deal) -> list[tuple[dict[str, Any], Any]]:
    return [(p, a) for e, p, a in deal.sent if e == "/play"]


# ---- §1 Transport ------------------------------------------------------------------------
@pytest.fixture(scope="module")
def served() -> Iterator[tuple[str, int]]:
    server = make_server("rules", "127.0.0.1", 0)
    server.start()
    yield server.server_address[0], server.server_address[1]
    server.shutdown()
    server.server_close()


BID_OPENING = {"playerId": "A1", "playerIds": ["A1", "B1", "A2", "B2"], "timeRemaining": 1500,
               "cards": ["JS", "9S", "1S", "TS"], "bidHistory": [],
               "bidState": {"defenderId": "A1", "challengerId": "B1", "defenderBid": 0,
                            "challengerBid": 0}}
TRUMP_REQUEST = {"playerId": "A1", "playerIds": ["A1", "B1", "A2", "B2"],
                 "timeRemaining": 1500, "cards": ["JS", "9S", "1S", "TH"],
                 "bidHistory": [["A1", 16], ["B1", 0], ["A2", 0], ["B2", 0]]}


def _request(conn: http.client.HTTPConnection, method: str, path: str,
             body: Any = None, headers: dict[str, str] | None = None
             ) -> tuple[int, dict[str, str], bytes]:
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, path, body=data, headers=headers or {})
    r = conn.getresponse()
    return r.status, {k.lower(): v for k, v in r.getheaders()}, r.read()


def test_browser_preflight_and_cors_on_every_answer(served: tuple[str, int]) -> None:
    """§1 CORS: the sandbox page (https://smartbots.bhoos.games) calls the bot from the
    browser: the pre-flight a browser really sends (Origin, Access-Control-Request-Method,
    -Headers: content-type) gets 200 allowing POST and content-type, and every answer the
    page reads (bid, trump, play, hi, an error) carries Access-Control-Allow-Origin;
    bodies are JSON objects (Content-Type: application/json)."""
    conn = http.client.HTTPConnection(*served, timeout=10)
    origin = {"Origin": "https://smartbots.bhoos.games"}
    for path in ("/bid", "/chooseTrump", "/play", "/hi"):
        status, headers, body = _request(conn, "OPTIONS", path, headers={
            **origin, "Access-Control-Request-Method": "POST" if path != "/hi" else "GET",
            "Access-Control-Request-Headers": "content-type"})
        assert status == 200 and body == b""
        assert headers["access-control-allow-origin"] in ("*", origin["Origin"])
        allowed = headers["access-control-allow-headers"].lower()
        assert allowed == "*" or "content-type" in allowed
        methods = {m.strip() for m in headers["access-control-allow-methods"].split(",")}
        assert {"GET", "POST", "OPTIONS"} <= methods
    post = {**origin, "Content-Type": "application/json"}
    for method, path, payload, key in (("POST", "/bid", BID_OPENING, "bid"),
                                       ("POST", "/chooseTrump", TRUMP_REQUEST, "suit"),
                                       ("GET", "/hi", None, "value"),
                                       ("POST", "/play", {"not": "a payload"}, "error")):
        status, headers, body = _request(conn, method, path, payload, post)
        assert headers["access-control-allow-origin"] in ("*", origin["Origin"]), path
        assert headers["content-type"].startswith("application/json"), path
        answer = json.loads(body)
        assert isinstance(answer, dict) and key in answer, (path, answer)
        assert status == (400 if key == "error" else 200)
    conn.close()


def test_successive_requests_on_one_keep_alive_connection(served: tuple[str, int]) -> None:
    """§1: plain HTTP/1.1: a host that keeps its connection open (the C++ starter answers
    ``connection: keep-alive``) gets every answer on it, in order."""
    conn = http.client.HTTPConnection(*served, timeout=10)
    json_header = {"Content-Type": "application/json"}
    answers = [_request(conn, "POST", "/bid", BID_OPENING, json_header),
               _request(conn, "GET", "/hi"),
               _request(conn, "POST", "/chooseTrump", TRUMP_REQUEST, json_header),
               _request(conn, "OPTIONS", "/play"),
               _request(conn, "POST", "/bid", dict(BID_OPENING, playerId="B1",
                                                   bidHistory=[["A1", 16]]), json_header)]
    conn.close()
    assert [a[0] for a in answers] == [200] * 5
    assert json.loads(answers[0][2]) == {"bid": 16}
    assert json.loads(answers[1][2]) == {"value": "hello"}
    assert json.loads(answers[2][2])["suit"] in ("S", "H")
    assert json.loads(answers[4][2])["bid"] in {0, *range(17, 29)}


def test_a_chunked_request_body_is_read(served: tuple[str, int]) -> None:
    """§1: "Plain HTTP/1.1, JSON bodies".  An HTTP/1.1 server must read a body sent with
    ``Transfer-Encoding: chunked`` (RFC 9112 §7.1; what Node's ``http.request`` sends when
    no Content-Length is set, and what every starter's server library accepts)."""
    conn = http.client.HTTPConnection(*served, timeout=10)
    conn.request("POST", "/bid", body=iter([json.dumps(BID_OPENING).encode()]),
                 headers={"Content-Type": "application/json"}, encode_chunked=True)
    r = conn.getresponse()
    status, body = r.status, r.read()
    conn.close()
    assert (status, json.loads(body)) == (200, {"bid": 16})


def test_the_port_is_8001_by_default() -> None:
    """§1: "Port 8001 is fixed": the server and ``bot serve`` listen there unless told."""
    from twentyeight.cli.bot import add_parser

    assert inspect.signature(make_server).parameters["port"].default == 8001
    parser = argparse.ArgumentParser()
    add_parser(parser.add_subparsers(dest="command"))
    assert parser.parse_args(["bot", "serve", "--bot", "rules"]).port == 8001


def test_both_seats_of_a_team_on_one_server_are_answered_statelessly(deals: list[Deal]
                                                                       ) -> None:
    """§1: "send both seats of one team to the same server process … never keep per-process
    'my seat' state": one service answering the four seats' requests interleaved (twice,
    in a different order) answers each exactly as a fresh service does."""
    requests = [(e[1:], p) for e, p, _ in deals[0].sent + deals[1].sent]
    shared = BotService("rules")
    first = [shared.answer(kind, p) for kind, p in requests]
    again = [shared.answer(kind, p) for kind, p in reversed(requests)][::-1]
    alone = [BotService("rules").answer(kind, p) for kind, p in requests]
    assert first == again == alone
    assert {p["playerId"] for _, p in requests} == set(DEFAULT_IDS)


# ---- §2 card notation, §3 bid notation ---------------------------------------------------
def test_host_writes_cards_and_bids_in_protocol_notation(deals: list[Deal]) -> None:
    """§2: a card is rank then suit, the ace ``1`` (never ``A``), ten ``T``; suits S D H C.
    §3: a bid is 0 (pass) or 16..28.  Every card and bid of every request the host sends."""
    seen_ace = False
    for deal in deals:
        for endpoint, p, _ in deal.sent:
            cards = list(p["cards"])
            if endpoint == "/play":
                cards += p["played"] + [c for h in p["handsHistory"] for c in h[1]]
                assert p["trumpSuit"] in (False, "S", "D", "H", "C")
            assert all(isinstance(c, str) and CARD.match(c) for c in cards), cards
            seen_ace |= any(c[0] == "1" for c in cards)
            assert all(b == 0 or 16 <= b <= 28 for _, b in p["bidHistory"])
            assert all(isinstance(b, int) and not isinstance(b, bool)
                       for _, b in p["bidHistory"])
    assert seen_ace


def test_served_answers_write_the_ace_as_1() -> None:
    """§2: "ace is ``1``, never ``A``": a seat whose only legal card is the ace of spades
    answers ``{"card": "1S"}``."""
    p = {"playerId": "A2", "playerIds": ["A1", "B1", "A2", "B2"], "timeRemaining": 1500,
         "cards": ["1S", "JH", "9H", "TD", "KD", "QC", "8C", "7H"],
         "bidHistory": [["B1", 16], ["A2", 0], ["B2", 0], ["A1", 0]],
         "teams": [{"players": ["A1", "A2"], "bid": 0, "won": 0},
                   {"players": ["B1", "B2"], "bid": 16, "won": 0}],
         "played": ["7S"], "handsHistory": [], "trumpSuit": False, "trumpRevealed": False}
    assert BotService("rules").answer("play", p) == {"card": "1S"}


# ---- §4.2 /bid and §7.2 the duel ---------------------------------------------------------
def test_host_auction_is_the_duel_and_its_bid_state() -> None:
    """§4.2 / §7.2: in random auctions, every ``/bid`` request goes to the seat the duel
    names, with ``bidHistory`` (passes as 0) and ``bidState`` as the reference duel has them
    (the defender matches or gives way, the challenger must raise, a pass is final, the
    defender gives way to the challenger at its bid, partners may bid against each other),
    the host takes exactly the bids the duel allows, and the auction's winner is the
    reference's."""
    checked = 0
    host = Scripted(lambda e, p: {"bid": 0}, ids=DEFAULT_IDS)
    for seed in range(150):
        rng = random.Random(seed)
        g = Game.from_record({"rules": "bhoos-29", "dealer": seed % 4, "seed": seed})
        opener = (seed % 4 + 1) % 4
        history: list[tuple[int, int]] = []
        while g.result()["phase"] == "auction":
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            duel = ref_duel(history, opener)
            assert duel is not None and duel.to_act == seat
            request = payload_for(view, DEFAULT_IDS, 1500.0)
            assert request is not None and request[0] == "/bid"
            body = request[1]
            assert body["bidHistory"] == [[DEFAULT_IDS[s], b] for s, b in history]
            assert len(body["cards"]) == 4
            d, c, db, cb = duel.state
            assert body["bidState"] == {"defenderId": DEFAULT_IDS[d],
                                        "challengerId": DEFAULT_IDS[c],
                                        "defenderBid": db, "challengerBid": cb}
            allowed = set()
            for bid in (0, 15, *range(16, 30)):
                host.answer = lambda e, p, bid=bid: {"bid": bid}
                host.faults.clear()
                host.decide(view, [parse_action(a) for a in view["legal"]])
                if not host.faults:
                    allowed.add(bid)
            assert allowed == duel.allowed, (history, allowed, duel)
            choice = rng.choice(sorted(allowed)) if rng.random() < 0.6 else min(allowed)
            history.append((seat, choice))
            g.apply(f"{seat} pass" if choice == 0 else f"{seat} bid {choice}")
            checked += 1
        assert ref_duel(history, opener) is None
        winner = ref_auction_winner([[DEFAULT_IDS[s], b] for s, b in history], DEFAULT_IDS)
        assert (g.result()["bidder"], g.result()["contract"]) == winner
    assert checked > 500


REAL_AUCTIONS = [
    # §7.2's two real auctions (the opener at playerIds[1], as in the tournament traces):
    # Bot 0 matches and wins at 17 against its partner; Bot 1 takes over when -idya5Bo gives way
    (("gzIfvEBC", "Bot 0", "pMAA1q7I", "Bot 1"),
     [["Bot 0", 16], ["pMAA1q7I", 0], ["Bot 1", 17], ["Bot 0", 17], ["Bot 1", 0],
      ["gzIfvEBC", 0]]),
    (("Bot 0", "-idya5Bo", "Bot 1", "Kw5JghXi"),
     [["-idya5Bo", 16], ["Bot 1", 17], ["-idya5Bo", 0], ["Kw5JghXi", 0], ["Bot 0", 0]]),
    # bids after passes, a raise to 28 matched (then only a pass), a new challenger after
    # a give-way; the opener at playerIds[0] as in the sandbox
    (SANDBOX_IDS, [["You-0", 16], ["Opponent-0", 0], ["You-1", 0], ["Opponent-1", 19],
                   ["You-0", 19], ["Opponent-1", 28], ["You-0", 28], ["Opponent-1", 0]]),
    (SANDBOX_IDS, [["You-0", 20], ["Opponent-0", 21], ["You-0", 0], ["You-1", 22],
                   ["Opponent-0", 22], ["You-1", 23], ["Opponent-0", 0], ["Opponent-1", 0]]),
]


@pytest.mark.parametrize(("ids", "auction"), REAL_AUCTIONS)
def test_served_bids_at_every_step_of_an_auction(ids: Sequence[str],
                                                 auction: list[list[Any]]) -> None:
    """§4.2 / §7.2: at every step of these auctions (the two real ones of §7.2, bids after
    passes, a defender matching 28, a new challenger after a give-way) the seat to bid gets
    an answer ``{"bid": n}`` the duel allows: the opener 16..28, a challenger 0 or above
    ``defenderBid``, a defender 0 or exactly ``challengerBid`` (after a match at 28 only 0)."""
    service = BotService("rules")
    hands = [["JS", "9S", "1S", "TS"], ["JH", "9H", "7D", "8C"], ["7S", "8S", "7H", "8H"],
             ["JD", "JC", "9D", "9C"]]
    seats = [(list(ids).index(pid), bid) for pid, bid in auction]
    opener = seats[0][0]
    for k in range(len(auction)):
        duel = ref_duel(seats[:k], opener)
        assert duel is not None
        me = duel.to_act
        assert me == seats[k][0]                          # the auction is the duel's
        d, c, db, cb = duel.state
        for cards in hands:
            body = {"playerId": ids[me], "playerIds": list(ids), "timeRemaining": 1500,
                    "cards": cards, "bidHistory": auction[:k],
                    "bidState": {"defenderId": ids[d], "challengerId": ids[c],
                                 "defenderBid": db, "challengerBid": cb}}
            answer = service.answer("bid", body)
            assert set(answer) == {"bid"} and answer["bid"] in duel.allowed, (k, answer)
    assert ref_duel(seats, opener) is None


# ---- §4.3 /chooseTrump -------------------------------------------------------------------
def test_host_choose_trump_request(deals: list[Deal]) -> None:
    """§4.3: only the auction winner gets ``/chooseTrump``, once, with its first 4 cards (the
    4 it bid on) and the whole ``bidHistory``, and no other field; ``{"suit": X}`` of any
    of S D H C is taken, and the bidder then plays all 8 cards (no card is set aside)."""
    for deal in deals:
        trumps = [(p, a) for e, p, a in deal.sent if e == "/chooseTrump"]
        assert len(trumps) == 1
        p, answer = trumps[0]
        assert set(p) == {"playerId", "playerIds", "timeRemaining", "cards", "bidHistory"}
        bids = [q for e, q, _ in deal.sent if e == "/bid" and q["playerId"] == p["playerId"]]
        assert bids and all(q["cards"] == p["cards"] for q in bids)
        bidder, contract = ref_auction_winner(p["bidHistory"], deal.ids)
        assert p["playerId"] == deal.ids[bidder] and len(p["cards"]) == 4
        assert (deal.result["bidder"], deal.result["contract"]) == (bidder, contract)
        assert deal.result["trump"] == answer["suit"]
        first = next(q for q, _ in _plays(deal) if q["playerId"] == p["playerId"])
        assert len(first["cards"]) == 8 and set(p["cards"]) <= set(first["cards"])


# ---- §4.4 /play, §6 seats and leaders ----------------------------------------------------
def test_host_play_requests(deals: list[Deal]) -> None:
    """§4.4 / §6, every ``/play`` request of every deal: exactly the documented fields;
    ``teams[0]`` = ``playerIds[0]``+``[2]``, ``bid`` the contract on the bidding team and 0
    on the other, ``won`` the card points taken; ``played`` the current hand in play order,
    its leader ``(myIdx − len(played)) mod 4``: the first bidder in hand 1 (§6), then the
    previous hand's winner; ``handsHistory`` ``[leader, 4 cards, winner]``; ``cards`` the
    hand left; ``trumpSuit`` the suit for the bidder only until the reveal (its partner
    ``false``), for everyone after; ``trumpRevealed`` ``false`` then ``{hand (1-based),
    playerId}`` of the one who called; a request for every card, the last hand's included."""
    cases = {"revealed_earlier_in_this_hand": 0, "last_hand": 0, "partner_before_reveal": 0}
    for deal in deals:
        ids = list(deal.ids)
        bidder, contract = deal.result["bidder"], deal.result["contract"]
        trump = deal.result["trump"]
        opener = next(p for e, p, _ in deal.sent if e == "/play")["bidHistory"][0][0]
        reveal: dict[str, Any] | None = None
        per_seat = dict.fromkeys(ids, 0)
        for p, answer in _plays(deal):
            assert set(p) == PLAY_KEYS
            me = ids.index(p["playerId"])
            hh = p["handsHistory"]
            hand = len(hh) + 1
            assert p["playerIds"] == ids and isinstance(p["timeRemaining"], float)
            assert not hh or hh[0][0] == opener
            assert all(b[0] == a[2] for a, b in pairwise(hh))
            leader = (me - len(p["played"])) % 4
            assert ids[leader] == (hh[-1][2] if hh else opener)
            assert len(p["played"]) <= 3 and len(p["cards"]) == 8 - len(hh)
            won = [0, 0]
            for lead, cards, winner in hh:
                assert len(cards) == 4 and lead in ids and winner in ids
                won[ids.index(winner) % 2] += sum(POINTS.get(c[0], 0) for c in cards)
            assert p["teams"] == [
                {"players": [ids[0], ids[2]], "bid": contract if bidder % 2 == 0 else 0,
                 "won": won[0]},
                {"players": [ids[1], ids[3]], "bid": contract if bidder % 2 == 1 else 0,
                 "won": won[1]}]
            if reveal is None:
                assert p["trumpRevealed"] is False
                assert p["trumpSuit"] == (trump if me == bidder else False)
                cases["partner_before_reveal"] += me == (bidder + 2) % 4
            else:
                assert p["trumpRevealed"] == reveal and p["trumpSuit"] == trump
                cases["revealed_earlier_in_this_hand"] += (
                    reveal["hand"] == hand and reveal["playerId"] != p["playerId"])
            cases["last_hand"] += hand == 8
            per_seat[p["playerId"]] += 1
            if isinstance(answer, dict) and answer.get("revealTrump") and reveal is None:
                reveal = {"hand": hand, "playerId": p["playerId"]}
        assert all(n >= 8 for n in per_seat.values()), per_seat
        assert not deal.faults
    assert all(n > 20 for n in cases.values()), cases


def test_host_reveal_answers(deals: list[Deal]) -> None:
    """§4.4 answers: after ``{"revealTrump": true}`` (a non-bidder asking, or the bidder
    revealing only) the host calls ``/play`` again for the same player in the same hand,
    ``played`` unchanged, now with ``trumpSuit`` and ``trumpRevealed = {hand: current,
    playerId: me}``; after the bidder's ``{"revealTrump": true, "card": C}`` there is no
    second call: C is on the table of the next request and the reveal is the bidder's."""
    seen = {"ask": 0, "bidder_reveal_only": 0, "reveal_and_throw": 0}
    for deal in deals:
        plays = _plays(deal)
        bidder = deal.ids[deal.result["bidder"]]
        for k, (p, answer) in enumerate(plays):
            if not answer.get("revealTrump") or p["trumpRevealed"]:
                continue
            hand = len(p["handsHistory"]) + 1
            nxt = plays[k + 1][0] if k + 1 < len(plays) else None
            if "card" in answer:
                seen["reveal_and_throw"] += 1
                assert p["playerId"] == bidder
                assert nxt is None or nxt["playerId"] != p["playerId"] \
                    or len(nxt["handsHistory"]) == hand               # it won and leads
                if nxt is not None and len(nxt["handsHistory"]) == hand - 1:
                    assert nxt["played"] == p["played"] + [answer["card"]]
                if nxt is not None:
                    assert nxt["trumpRevealed"] == {"hand": hand, "playerId": bidder}
                continue
            seen["bidder_reveal_only" if p["playerId"] == bidder else "ask"] += 1
            assert nxt is not None and nxt["playerId"] == p["playerId"]
            assert nxt["played"] == p["played"] and nxt["handsHistory"] == p["handsHistory"]
            assert nxt["cards"] == p["cards"]
            assert nxt["trumpSuit"] == deal.result["trump"]
            assert nxt["trumpRevealed"] == {"hand": hand, "playerId": p["playerId"]}
            assert nxt["timeRemaining"] <= p["timeRemaining"]
    assert all(n > 10 for n in seen.values()), seen


def test_host_accepts_every_answer_the_spec_allows(deals: list[Deal]) -> None:
    """§4.4 / §7.4 / §7.5: every answer of the spec-following bots (a card, ``revealTrump``
    false with a card as the Go starter's struct sends it, reveal-only, reveal-and-throw,
    any card or a trump-suit card without revealing when void, the revealer's duty) was
    taken: no fault, and the card played is the one answered."""
    answered = 0
    for deal in deals:
        assert not deal.faults, deal.faults[:3]
        plays = _plays(deal)
        for k, (p, answer) in enumerate(plays):
            assert ref_legal(p, {k2: v for k2, v in answer.items()
                                 if not (k2 == "revealTrump" and v is False)})
            card = answer.get("card")
            if card is None or k + 1 >= len(plays):
                continue
            nxt = plays[k + 1][0]
            if nxt["handsHistory"] == p["handsHistory"]:
                assert nxt["played"] == p["played"] + [card]
            else:
                assert nxt["handsHistory"][-1][1] == p["played"] + [card]
            answered += 1
    assert answered > 5000


def _positions(seeds: range, ask: float = 0.5) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """(view, request) of every decision of random deals (asks taken at rate ``ask``)."""
    for seed in seeds:
        g = Game.from_record({"rules": "bhoos-29", "dealer": seed % 4, "seed": seed})
        rng = random.Random(seed)
        while not g.over:
            seat = g.to_act
            assert seat is not None
            view = g.view(seat)
            request = payload_for(view, DEFAULT_IDS, 1500.0)
            if request is not None:
                yield view, dict(request[1], endpoint=request[0])
            legal = g.legal_actions()
            asks = [a for a in legal if a.verb in ("ask", "reveal")]
            g.apply(asks[0] if asks and rng.random() < ask else rng.choice(legal))


def _second_call(p: dict[str, Any]) -> bool:
    rev = p.get("trumpRevealed")
    return bool(rev) and rev["playerId"] == p["playerId"] \
        and rev["hand"] == len(p["handsHistory"]) + 1


def _forbidden(p: dict[str, Any]) -> dict[str, Any] | None:
    """An answer the spec forbids in ``p``, or None."""
    if p["endpoint"] == "/bid":
        st = p["bidState"]
        if p["bidHistory"] and st["challengerId"] == p["playerId"] and st["defenderBid"]:
            return {"bid": st["defenderBid"]}             # a challenger must raise
        return None
    if p["endpoint"] != "/play":
        return None
    trump = p["trumpSuit"]
    if _second_call(p):
        mine = {c for c in p["cards"] if c[1] == trump}
        duty = ref_duty(p, trump)
        other = sorted(set(p["cards"]) - duty)
        return {"card": other[0]} if mine and other else None
    reveal_only = ref_answers(p)[1]
    return None if reveal_only else {"revealTrump": True}


@pytest.mark.parametrize("case", [
    "leader reveals", "follower reveals", "second reveal", "revealer discards",
    "revealer under-trumps", "challenger equals", "bid 15", "bid 29", "no-trump"])
def test_host_refuses_answers_the_spec_forbids(case: str) -> None:
    """§7.4: the leader, and a player holding the led suit, cannot reveal; the reveal
    happens once.  §7.5: the revealer holding trumps plays one, and over an opponent's
    winning trump a higher one when it can.  §7.2 / §3: a challenger must bid above the
    defender; bids are 0 or 16..28.  §7.3: the trump is S, D, H or C.  Each is a fault and
    the fallback plays a legal move instead."""
    def wanted(p: dict[str, Any]) -> bool:
        played, cards, rev = p.get("played"), p.get("cards", []), p.get("trumpRevealed")
        if case == "leader reveals":
            return p["endpoint"] == "/play" and not played and not rev
        if case == "follower reveals":
            return p["endpoint"] == "/play" and bool(played) and not rev and any(
                c[1] == played[0][1] for c in cards)
        if case == "second reveal":
            return p["endpoint"] == "/play" and bool(played) and bool(rev) \
                and not _second_call(p) and not any(c[1] == played[0][1] for c in cards)
        if case == "revealer discards":
            return p["endpoint"] == "/play" and _second_call(p) and not any(
                c[1] == p["trumpSuit"] for c in p["played"]) and _forbidden(p) is not None
        if case == "revealer under-trumps":
            mine = {c for c in cards if c[1] == p.get("trumpSuit")}
            return p["endpoint"] == "/play" and _second_call(p) \
                and bool(mine - ref_duty(p, p["trumpSuit"]))
        if case in ("challenger equals", "bid 15", "bid 29"):
            return p["endpoint"] == "/bid" and _forbidden(p) is not None
        return p["endpoint"] == "/chooseTrump"

    view, p = next((v, q) for v, q in _positions(range(3000), ask=0.9) if wanted(q))
    if case == "revealer under-trumps":
        mine = {c for c in p["cards"] if c[1] == p["trumpSuit"]}
        answer: dict[str, Any] = {"card": sorted(mine - ref_duty(p, p["trumpSuit"]))[0]}
    elif case in ("leader reveals", "follower reveals", "second reveal"):
        answer = {"revealTrump": True}
    elif case == "bid 15":
        answer = {"bid": 15}
    elif case == "bid 29":
        answer = {"bid": 29}
    elif case == "no-trump":
        answer = {"suit": "N"}
    else:
        answer = _forbidden(p) or {}
    bot = Scripted(lambda e, body: answer)
    action = bot.decide(view, [parse_action(a) for a in view["legal"]])
    assert sum(bot.faults.values()) == 1, (case, p, answer)
    assert str(action) in view["legal"]
    if "card" in answer:
        assert action.arg != answer["card"].replace("1", "A")


# ---- §7.6 trick winner, §7.7 / §7.8 the deal's result -----------------------------------
def test_hands_are_won_as_7_6_says(deals: list[Deal]) -> None:
    """§7.6: a hand is won by the highest trump if the trump is revealed by the end of that
    hand and a trump-suit card is in it (in the hand of the reveal, trump-suit cards played
    before the reveal count too), otherwise by the highest card of the suit led; a
    trump-suit card thrown in a hand completed before the reveal wins nothing.  Checked on
    every ``handsHistory`` entry the host sends, and on the last hand of the deal."""
    cases = {"reveal_hand_earlier_trump_wins": 0, "unrevealed_trump_card_loses": 0}
    for deal in deals:
        trump = deal.result["trump"]
        ids = deal.ids
        final = _plays(deal)[-1][0]
        reveal = final["trumpRevealed"] or None
        hands = [[ids[t["leader"]], [c.replace("A", "1") for c in t["cards"]],
                  ids[t["winner"]]] for t in deal.result["tricks"]]
        assert final["handsHistory"] == hands[:7]
        for t, (lead, cards, winner) in enumerate(hands, 1):
            counts = reveal is not None and reveal["hand"] <= t
            i = ref_winner(cards, trump if counts else None)
            assert ids[(ids.index(lead) + i) % 4] == winner, (t, cards, reveal)
            if not counts and any(c[1] == trump != cards[0][1] for c in cards):
                cases["unrevealed_trump_card_loses"] += cards[i][1] != trump
            if reveal is not None and reveal["hand"] == t:
                pos = (ids.index(reveal["playerId"]) - ids.index(lead)) % 4
                cases["reveal_hand_earlier_trump_wins"] += (
                    i < pos and cards[i][1] == trump != cards[0][1])
    assert all(n > 0 for n in cases.values()), cases


def test_the_deal_result_follows_7_7_and_7_8(deals: list[Deal]) -> None:
    """§7.7: the bidding team wins the deal iff its card points reach its bid.  §7.8: 28 card
    points in all, no last-hand point, no pair: ``teams[].bid`` never changes in a deal."""
    for deal in deals:
        r = deal.result
        assert r["status"] == "complete"
        assert r["points"]["bidding"] + r["points"]["opponents"] == 28
        assert sum(t["points"] for t in r["tricks"]) == 28
        assert r["made"] == (r["points"]["bidding"] >= r["contract"])
        bids = {tuple(t["bid"] for t in p["teams"]) for p, _ in _plays(deal)}
        assert len(bids) == 1


# ---- our served bots: what the answers may contain ---------------------------------------
@pytest.mark.parametrize("bot", ["rules", "casual"])
def test_served_answers_are_legal_everywhere(deals: list[Deal], bot: str,
                                             caplog: pytest.LogCaptureFixture) -> None:
    """§4.2–§4.4 / §7.4 / §7.5, for every request the spec-following host sent (first hand,
    the hand of a reveal, second calls, the last hand, opaque ids, a first bidder at
    ``playerIds[0]``): our served bot answers one of the documented forms, legal by the
    reference; only the bidder (who knows the trump) reveals and plays in one answer, a
    non-bidder — the bidder's partner too — asks with ``{"revealTrump": true}`` alone; and
    no request is answered by the fallback rules (the history was understood)."""
    service = BotService(bot)
    forms: dict[str, int] = {}
    with caplog.at_level(logging.WARNING, logger="twentyeight.bhoos"):
        for deal in deals[:60] + deals[120:140] + deals[160:180]:
            for endpoint, p, _ in deal.sent:
                answer = service.answer(endpoint[1:], p)
                if endpoint == "/bid":
                    duel = ref_duel([(deal.ids.index(i), b) for i, b in p["bidHistory"]],
                                    deal.ids.index(p["bidHistory"][0][0])
                                    if p["bidHistory"] else deal.ids.index(p["playerId"]))
                    assert duel is not None and set(answer) == {"bid"}
                    assert answer["bid"] in duel.allowed
                elif endpoint == "/chooseTrump":
                    assert set(answer) == {"suit"} and answer["suit"] in ("S", "D", "H", "C")
                else:
                    assert ref_legal(p, answer), (p, answer)
                    me = deal.ids.index(p["playerId"])
                    if answer.get("revealTrump"):
                        kind = "reveal_and_throw" if "card" in answer else (
                            "partner_asks" if me == (deal.result["bidder"] + 2) % 4
                            else "asks")
                        forms[kind] = forms.get(kind, 0) + 1
                    if _second_call(p):
                        forms["second_call"] = forms.get("second_call", 0) + 1
    assert not [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert set(forms) == {"reveal_and_throw", "partner_asks", "asks", "second_call"}, forms

"""Reading and writing game records (RECORDS.md).

A hand record is a JSON object with ``rules``, ``dealer``, ``hands`` (or ``seed``) and
``actions``; a match is ``{"rules": ..., "hands_played": [record, ...]}`` or one record per
line (``.jsonl``).  Reading checks everything a document can get wrong and raises
:class:`~twentyeight.errors.RecordError` with the place of the problem; whether the actions
are legal is the engine's business (replaying raises
:class:`~twentyeight.errors.IllegalAction`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from twentyeight.cards import Card, CardError, parse_card
from twentyeight.engine.actions import Action, NotationError
from twentyeight.engine.hand import deal_pack, shuffled_pack
from twentyeight.engine.tables import tables_for
from twentyeight.errors import RecordError
from twentyeight.rules import Rules, RulesError

KNOWN_FIELDS = ("rules", "dealer", "hands", "seed", "actions", "scores")
"""The fields a hand record's reader interprets; any other field is kept as it is."""


@dataclass
class HandRecord:
    """A hand record, read and checked: the rules, the deal (deck indices) and the actions."""

    rules: Rules
    dealer: int
    deal: list[list[Card]]
    seed: int | None = None
    actions: list[Action] = field(default_factory=list)
    scores: tuple[int, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    hands_given: bool = True


def deal_from_seed(rules: Rules, seed: int, dealer: int) -> list[list[Card]]:
    """The deal of the ``seed`` form: the same seed gives the same deal on every machine."""
    return deal_pack(rules, shuffled_pack(rules.deck.size, random.Random(seed)), dealer)


def read_rules(spec: Any, where: str = "rules") -> Rules:
    """Rules from a record's ``rules`` field; a problem becomes a :class:`RecordError`."""
    try:
        return Rules.from_spec(spec)
    except RulesError as e:
        raise RecordError(f"{where}: {e}") from None


def _int(value: Any, where: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{where}: expected a whole number, not {json.dumps(value)}")
    return value


def json_kind(value: Any) -> str:
    """What ``value`` is in JSON's words, for a message: ``null``, ``a list``, ``a number``…

    >>> json_kind(None), json_kind([1]), json_kind("x"), json_kind(True)
    ('null', 'a list', 'text', 'true or false')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, (list, tuple)):
        return "a list"
    return "an object"


def read_hand_record(doc: Any, where: str = "record",
                     default_rules: Any = None) -> HandRecord:
    """Check a hand record (a parsed JSON object) and return it in engine terms."""
    if not isinstance(doc, Mapping):
        raise RecordError(f"{where}: a record is a JSON object, not {json_kind(doc)}")
    spec = doc.get("rules", default_rules if default_rules is not None else "28")
    rules = read_rules(spec, f"{where}.rules")
    t = tables_for(rules)
    if "dealer" not in doc:
        raise RecordError(f"{where}: no 'dealer' (the dealer's seat, 0 to {t.n - 1})")
    dealer = _int(doc["dealer"], f"{where}.dealer")
    if not 0 <= dealer < t.n:
        raise RecordError(f"{where}.dealer: seat {dealer} does not exist (0 to {t.n - 1})")
    seed = None
    if "seed" in doc:
        seed = _int(doc["seed"], f"{where}.seed")
    if "hands" in doc:
        deal = _read_hands(doc["hands"], rules, f"{where}.hands")
        if seed is not None and hands_json(rules, deal) != \
                hands_json(rules, deal_from_seed(rules, seed, dealer)):      # twins by name
            raise RecordError(f"{where}: 'hands' is not the deal of 'seed' {seed}")
        given = True
    elif seed is not None:
        deal = deal_from_seed(rules, seed, dealer)
        given = False
    else:
        raise RecordError(f"{where}: a record needs 'hands' or 'seed'")
    actions = _read_actions(doc.get("actions", []), f"{where}.actions")
    scores = None
    if "scores" in doc:
        raw = doc["scores"]
        if not isinstance(raw, list) or len(raw) != t.n_teams:
            raise RecordError(f"{where}.scores: expected a list of {t.n_teams} game scores")
        scores = tuple(_int(v, f"{where}.scores[{i}]") for i, v in enumerate(raw))
    extra = {k: v for k, v in doc.items() if k not in KNOWN_FIELDS}
    return HandRecord(rules, dealer, deal, seed, actions, scores, extra, given)


def _read_hands(raw: Any, rules: Rules, where: str) -> list[list[Card]]:
    t = tables_for(rules)
    deck = rules.deck
    if not isinstance(raw, list) or len(raw) != t.n:
        raise RecordError(f"{where}: expected {t.n} lists of cards, one per seat")
    seen: dict[str, list[str]] = {}
    deal: list[list[Card]] = []
    for s, cards in enumerate(raw):
        if not isinstance(cards, list):
            raise RecordError(f"{where}[{s}]: expected a list of cards")
        if len(cards) != t.cards_each:
            raise RecordError(f"{where}[{s}]: seat {s} has {len(cards)} cards; each player is "
                              f"dealt {t.cards_each}")
        hand: list[Card] = []
        for i, text in enumerate(cards):
            place = f"{where}[{s}][{i}]"
            try:
                name = parse_card(text)
                copies = deck.copies_of(name)
            except CardError as e:
                raise RecordError(f"{place}: {e}") from None
            used = seen.setdefault(name, [])
            if len(used) >= len(copies):
                twice = "dealt twice" if len(copies) == 1 else f"dealt {len(used) + 1} times"
                raise RecordError(f"{place}: {name} is {twice} (also at {', '.join(used)})")
            hand.append(copies[len(used)])
            used.append(place)
        deal.append(hand)
    return deal


def _read_actions(raw: Any, where: str) -> list[Action]:
    if not isinstance(raw, list):
        raise RecordError(f"{where}: expected a list of actions like \"2 play 9S\"")
    out = []
    for i, text in enumerate(raw):
        try:
            out.append(Action.parse(text))
        except NotationError as e:
            raise RecordError(f"{where}[{i}]: {e}") from None
    return out


def hands_json(rules: Rules, deal: list[list[Card]]) -> list[list[str]]:
    """The ``hands`` field of a deal."""
    names = rules.deck.names
    return [[names[c] for c in cards] for cards in deal]


# ---- documents: one hand, a match, or lines of hands -----------------------------------------


def parse_document(text: str, source: str = "input") -> Any:
    """Parse a record document: one JSON value, or JSON lines (one hand record per line)."""
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordError(f"{source}: not JSON a record can be (nested too deeply)") from None
    except json.JSONDecodeError as first:
        lines = [ln for ln in text.splitlines() if ln.strip()]
        if len(lines) > 1:
            hands = []
            for k, line in enumerate(lines, 1):
                try:
                    hands.append(json.loads(line))
                except RecursionError:
                    raise RecordError(f"{source}: line {k}: not JSON a record can be (nested "
                                      "too deeply)") from None
                except json.JSONDecodeError as e:
                    raise RecordError(f"{source}: line {k}: not JSON ({e.msg}: column "
                                      f"{e.colno})") from None
            return {"hands_played": hands, "rules": _first_rules(hands)}
        raise RecordError(f"{source}: not JSON ({first.msg}: line {first.lineno}, column "
                          f"{first.colno})") from None     # (a msg may end in "at")


def _first_rules(hands: list[Any]) -> Any:
    for h in hands:
        if isinstance(h, Mapping) and "rules" in h:
            return h["rules"]
    return "28"


def is_match(doc: Any) -> bool:
    """Whether a parsed document is a match (``hands_played``) rather than one hand."""
    return isinstance(doc, Mapping) and "hands_played" in doc

"""docs/spec/RECORDS.md, clause by clause: what tests/test_records.py does not already pin.

Every test quotes the clause it checks.  Records are written out in full (``hands``) where
the deal matters to the reader, or in the ``seed`` form (pinned by test_records.py) where a
short, real position is all that is needed.  Seats of 28 in turn order; partners {0, 2} and
{1, 3}.
"""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from twentyeight import Game, IllegalAction, Match, RecordError
from twentyeight.cli.replay import run
from twentyeight.engine.actions import Action

CANONICAL_CARD = re.compile(r"^[J39ATKQ876][SHDC]$")

# ---- the example of RECORDS.md "A record" and "Replaying a record", completed ----------------
# Seat 0's hand and every action the page shows are the page's; the other cards and the rest
# of the play are chosen so that the hand ends exactly as the page's result object says.

EXAMPLE_HANDS = [
    ["JH", "9H", "AS", "7C", "KS", "QC", "8D", "TC"],
    ["QD", "JD", "9D", "TD", "KD", "7D", "QH", "8S"],
    ["9S", "TS", "8H", "7H", "JC", "9C", "AC", "KC"],
    ["7S", "AD", "JS", "QS", "AH", "TH", "KH", "8C"],
]
EXAMPLE_SHOWN = ["0 bid 14", "1 pass", "2 pass", "3 bid 16", "0 pass", "1 pass", "2 pass",
                 "3 trump 7S", "3 pass", "1 pass", "0 play 8D", "1 play QD", "2 ask",
                 "2 play 9S"]
EXAMPLE_ACTIONS = [
    *EXAMPLE_SHOWN,
    "3 play AD", "2 play KC", "3 play 8C", "0 play TC", "1 play JD", "0 play QC", "1 play TD",
    "2 play 9C", "3 play 7S", "3 play TH", "0 play 9H", "1 play QH", "2 play 8H", "0 play JH",
    "1 play 9D", "2 play 7H", "3 play KH", "0 play 7C", "1 play 7D", "2 play JC", "3 play QS",
    "3 play JS", "0 play AS", "1 play 8S", "2 play TS", "3 play AH", "0 play KS", "1 play KD",
    "2 play AC"]


def example(actions: list[str] | None = None, rules: Any = "28", **extra: Any) -> dict[str, Any]:
    return {"rules": rules, "dealer": 3, "hands": [list(h) for h in EXAMPLE_HANDS],
            "actions": list(EXAMPLE_ACTIONS if actions is None else actions), **extra}


def seeded(rules: Any, seed: int, actions: list[str], dealer: int = 0) -> dict[str, Any]:
    return {"rules": rules, "dealer": dealer, "seed": seed, "actions": list(actions)}


def texts(g: Game) -> list[str]:
    return [str(a) for a in g.legal_actions()]


def replay(tmp_path: Path, raw: str, as_json: bool = True) -> tuple[int, str, str]:
    """``twentyeight replay FILE [--json]`` in this process: an exception would be the
    traceback the page forbids."""
    path = tmp_path / "record.json"
    path.write_text(raw, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = run(str(path), as_json, out, err)
    return code, out.getvalue(), err.getvalue()


# ---- Seats -------------------------------------------------------------------------------


def test_seats_act_in_turn_order_starting_after_the_dealer() -> None:
    """RECORDS.md "Seats": "Seats are numbered 0 … n-1 in turn order: seat s+1 (mod n) acts
    after seat s" and "The first player to speak ... is dealer + 1" (four and six players)."""
    g = Game.from_record(seeded("28", 3, [], dealer=1))
    order = []
    for action in ["2 bid 14", "3 pass", "0 pass", "1 pass"]:
        order.append(g.to_act)
        g.apply(action)
    assert order == [2, 3, 0, 1]
    assert g.to_act == 2 and all(a.startswith("2 trump ") for a in texts(g))

    six = Game.from_record(seeded("28-6p", 5, [], dealer=5))
    order = []
    for action in ["0 bid 12", "1 pass", "2 pass", "3 pass", "4 pass", "5 pass"]:
        order.append(six.to_act)
        six.apply(action)
    assert order == [0, 1, 2, 3, 4, 5]
    assert six.to_act == 0


def test_the_first_leader_is_dealer_plus_one_not_the_bidder() -> None:
    """RECORDS.md "Seats": "The first player to speak and the first leader is dealer + 1"
    (here the dealer is 0 and the bidder is 2: seat 1 leads)."""
    g = Game.from_record(seeded("28", 12, ["1 bid 21", "2 bid 26", "3 pass", "0 pass",
                                           "1 pass", "2 trump 8H", "2 pass", "0 pass"]))
    assert g.result()["bidder"] == 2
    assert g.to_act == 1 and all(a.startswith("1 play ") for a in texts(g))
    example_game = Game.from_record(example())
    assert example_game.result()["tricks"][0]["leader"] == 0       # dealer 3, bidder 3


def test_partnerships_with_four_players_are_0_2_and_1_3() -> None:
    """RECORDS.md "Seats": "With 4 players the partnerships are {0, 2} and {1, 3}": after
    seat 0 opens, opponent 1 may bid 15, but partner 2 only from 20 (28-AUC-6); the bidding
    side of bidder 3 is {1, 3} (its raise window asks 3 and 1)."""
    g = Game.from_record(example(["0 bid 14"]))
    assert "1 bid 15" in texts(g)
    g.apply("1 pass")
    assert "2 bid 19" not in texts(g) and "2 bid 20" in texts(g)
    g = Game.from_record(example(EXAMPLE_SHOWN[:8]))
    assert g.to_act == 3 and "3 pass" in texts(g)
    g.apply("3 pass")
    assert g.to_act == 1 and "1 pass" in texts(g)
    assert g.result()["teams"] == [[0, 2], [1, 3]]


def test_direction_does_not_change_who_acts() -> None:
    """RECORDS.md "Seats": "The engine never needs to know whether the table plays clockwise
    or anticlockwise; that is a display matter (`direction` in the rules)": the same record
    replays to the same result either way."""
    anticlockwise = Game.from_record(example())
    clockwise = Game.from_record(example(rules={"preset": "28", "direction": "clockwise"}))
    assert clockwise.result() == anticlockwise.result()
    assert clockwise.to_record()["rules"] == {"preset": "28", "direction": "clockwise"}


# ---- Cards -------------------------------------------------------------------------------


def test_forgiving_cards_in_actions_are_written_back_canonically() -> None:
    """RECORDS.md "Cards": "Output is always in this canonical form. Input is forgiving: `10H`
    for `TH`, suit symbols `♠ ♥ ♦ ♣`, lower case." (in the actions of a record: the trump
    card and played cards, including ``10``)."""
    written = list(EXAMPLE_ACTIONS[:18])
    written[7] = "3 trump 7♠"
    written[10] = "0 play 8d"
    written[11] = "1 play qD"
    written[13] = "2 play 9♠"
    written[14] = "3 play a♦"
    written[17] = "0 play 10c"
    g = Game.from_record(example(written))
    rec = g.to_record()
    assert rec["actions"] == EXAMPLE_ACTIONS[:18]
    assert g.result()["tricks"][0]["cards"] == ["8D", "QD", "9S", "AD"]
    assert g.result()["trick"]["cards"] == ["KC", "8C", "TC"]
    assert Game.from_record(example(["0 bid 14", "1 pass", "2 pass", "3 bid 16", "0 pass",
                                     "1 pass", "2 pass", "3 trump 7s"])).to_record()[
        "actions"][-1] == "3 trump 7S"


def test_every_card_the_engine_writes_is_canonical() -> None:
    """RECORDS.md "Cards": "Output is always in this canonical form" (a record read from
    forgiving input: its hands, actions, result tricks and legal list)."""
    rec = example(EXAMPLE_SHOWN[:12])
    rec["hands"][0] = ["j♥", "9h", "A♠", "7c", "k♠", "Q♣", "8♦", "10♣"]
    rec["hands"][2] = ["9♠", "10♠", "8h", "7h", "jc", "9c", "ac", "kc"]
    g = Game.from_record(rec)
    out = g.to_record()
    result = g.result()
    cards = [c for hand in out["hands"] for c in hand]
    cards += [a.split()[2] for a in out["actions"] + result["legal"] if a.split()[1] in
              ("play", "trump")]
    cards += [c for t in result["tricks"] for c in t["cards"]]
    cards += result["trick"]["cards"]
    assert cards and all(CANONICAL_CARD.match(c) for c in cards), cards
    assert out["hands"] == EXAMPLE_HANDS


SIX_PLAYER_DEAL = [["QH", "JC", "7H", "JD", "9D", "KS"], ["AH", "7S", "7C", "6H", "9H", "KH"],
                   ["8S", "TS", "TC", "6C", "TD", "8H"], ["8D", "9S", "QC", "KC", "JS", "6S"],
                   ["8C", "AD", "QD", "JH", "AS", "7D"], ["QS", "TH", "9C", "6D", "KD", "AC"]]
FORTY_DEAL = [["KH", "JC", "8H", "JD", "3D", "TS"], ["9H", "8S", "8C", "7H", "3H", "TH"],
              ["QS", "AS", "AC", "7C", "AD", "QH"], ["QD", "3S", "KC", "TC", "JS", "7S"],
              ["QC", "9D", "KD", "JH", "9S", "8D"], ["KS", "AH", "3C", "7D", "TD", "9C"]]


@pytest.mark.parametrize(("rules", "deal", "seat", "forgiving", "foreign"), [
    ("28-6p", SIX_PLAYER_DEAL, 1, ["ah", "7♠", "7c", "6♥", "9h", "k♥"], "3H"),
    ("40", FORTY_DEAL, 1, ["9♥", "8s", "8♣", "7h", "3♥", "10h"], "6H"),
])
def test_ranks_6_and_3_in_the_variants_that_use_them(
        rules: str, deal: list[list[str]], seat: int, forgiving: list[str], foreign: str) -> None:
    """RECORDS.md "Cards": "ranks `J 9 A T K Q 8 7` (and `6`, `3` in the variants that use
    them)": read in any spelling, written canonically; not cards of the other variants."""
    hands = [list(h) for h in deal]
    hands[seat] = forgiving
    g = Game.from_record({"rules": rules, "dealer": 0, "hands": hands})
    assert g.to_record()["hands"] == deal
    bad = [list(h) for h in deal]
    bad[seat][3] = foreign
    with pytest.raises(RecordError, match=rf"hands\[{seat}\]\[3\]: {foreign} is not a card"):
        Game.from_record({"rules": rules, "dealer": 0, "hands": bad})


TWINS_56_4P = [
    ["TC", "QH", "9C", "TS", "JD", "TS", "TH", "KH", "TD", "QS", "KC", "QS"],
    ["AS", "KS", "TD", "AD", "AD", "9C", "9H", "KD", "AS", "KC", "QD", "9D"],
    ["QH", "JH", "QC", "TC", "JH", "QC", "TH", "9H", "KH", "JC", "JS", "AH"],
    ["KD", "9S", "QD", "JC", "AC", "AC", "JS", "9D", "AH", "KS", "9S", "JD"],
]


def test_twins_of_the_double_pack_are_named_alike() -> None:
    """RECORDS.md "Cards": "In the double-pack variant two identical cards exist; a record
    names either one the same way": a seat may be dealt both twins, each is played by its
    name, and a third copy is an error."""
    actions = ["1 bid 28S", "2 pass", "3 pass", "0 pass", "1 play as", "2 play J♠"]
    g = Game.from_record({"rules": "56-4p", "dealer": 0, "hands": TWINS_56_4P,
                          "actions": actions})
    assert "3 play JS" in texts(g)               # the other JS, held by seat 3
    for action in ["3 play 9s", "0 play T♠", "2 play jh"]:
        g.apply(action)
    rec = g.to_record()
    assert rec["hands"] == TWINS_56_4P
    assert rec["actions"][4:] == ["1 play AS", "2 play JS", "3 play 9S", "0 play TS",
                                  "2 play JH"]
    assert g.result()["tricks"][0]["cards"] == ["AS", "JS", "9S", "TS"]
    assert Game.from_record(rec).result() == g.result()
    assert "2 play JH" in texts(Game.from_record({**rec, "actions": rec["actions"][:-1]}))
    three = [list(h) for h in TWINS_56_4P]
    three[0][0] = "TS"
    with pytest.raises(RecordError, match=r"TS is dealt 3 times"):
        Game.from_record({"rules": "56-4p", "dealer": 0, "hands": three})


# ---- A record: rules, hands in deal order, optional fields -----------------------------------


def test_rules_object_overrides_flags_of_its_preset() -> None:
    """RECORDS.md "A record": "`rules`: a preset name ..., or an object `{"preset": "28",
    "<flag>": value, ...}` that overrides flags of a preset" (29 with a minimum of 16: the
    dealer's forced bid is 16), and the writer gives the object back."""
    rules = {"preset": "29", "min_bid": 16}
    g = Game.from_record(seeded(rules, 1, ["1 pass", "2 pass", "3 pass"]))
    assert texts(g) == ["0 bid 16"]
    assert g.to_record()["rules"] == rules
    plain = Game.from_record(seeded("29", 1, ["1 pass", "2 pass", "3 pass"]))
    assert texts(plain) == ["0 bid 15"]


def test_hands_are_in_deal_order_the_first_four_seen_before_the_auction() -> None:
    """RECORDS.md "A record": "In each list the cards come in the order they were dealt to
    that seat: the first four ... are the cards seen before the auction", and "the second
    half of the deal" is not an action: after the auction every seat holds all eight."""
    g = Game.from_record(example([]))
    for s in range(4):
        assert sorted(g.view(s)["hand"]) == sorted(EXAMPLE_HANDS[s][:4])
    assert texts(g)[0] == "0 bid 14"
    swapped = example([])
    swapped["hands"][3] = EXAMPLE_HANDS[3][4:] + EXAMPLE_HANDS[3][:4]
    assert sorted(Game.from_record(swapped).view(3)["hand"]) == sorted(EXAMPLE_HANDS[3][4:])
    g = Game.from_record(example(EXAMPLE_SHOWN[:8]))                  # "3 trump 7S"
    assert g.to_act == 3
    for s in range(3):
        assert sorted(g.view(s)["hand"]) == sorted(EXAMPLE_HANDS[s])
    assert sorted(g.view(3)["hand"]) == sorted(c for c in EXAMPLE_HANDS[3] if c != "7S")


def test_six_player_hands_are_all_seen_before_the_auction() -> None:
    """RECORDS.md "A record": "the first four (three + three in six-player games) are the
    cards seen before the auction": in six-player 28 all six cards are seen."""
    g = Game.from_record(seeded("28-6p", 5, [], dealer=5))
    deal = g.deal_json()
    assert all(len(hand) == 6 for hand in deal)
    for s in range(6):
        assert sorted(g.view(s)["hand"]) == sorted(deal[s])


def test_the_seventh_card_is_the_seventh_of_the_bidders_list() -> None:
    """RECORDS.md "A record": the cards of ``hands`` come "in the order they were dealt to
    that seat", so ``trump seventh`` (RULES.md 28-DEAL-5) takes the 7th card of the
    bidder's list."""
    rules = {"preset": "28", "seventh_card_trump": True}
    g = Game.from_record(seeded(rules, 0, ["1 bid 27", "2 pass", "3 pass", "0 bid 28",
                                           "0 trump seventh"]))
    seventh = g.deal_json()[0][6]
    assert g.result()["indicator"] == seventh and g.result()["trump"] == seventh[1]


def test_optional_fields_are_kept_in_every_form() -> None:
    """RECORDS.md "A record": "Optional fields a writer may add and a reader keeps:
    `"event"`, `"date"`, `"players"` (names per seat), `"comment"`" (all four, in the seed
    form, through play, and through a copy)."""
    fields = {"event": "club night", "date": "2024-05-01", "players": ["a", "b", "c", "d"],
              "comment": "the raise window was declined"}
    g = Game.from_record({**seeded("28", 0, ["1 bid 27", "2 pass"]), **fields})
    g.apply("3 pass")
    out = g.copy().to_record()
    assert {k: out[k] for k in fields} == fields
    assert out["actions"] == ["1 bid 27", "2 pass", "3 pass"]
    assert {k: Game.from_record(out).to_record()[k] for k in fields} == fields


# ---- A record: actions, forced decisions, events that are not actions -------------------------


def test_an_automatic_annulment_is_not_an_action() -> None:
    """RECORDS.md "A record": "Events that nobody decides (... an automatic annulment) are
    not actions; the engine performs them", and "`status` is ... `annulled` (then
    `annulled_reason` says why)": four jacks in the second half of seat 0's deal."""
    hands = [["AS", "9H", "AH", "7C", "JS", "JH", "JD", "JC"],
             ["QD", "KD", "9D", "TD", "8D", "7D", "QH", "8S"],
             ["9S", "TS", "8H", "7H", "TH", "9C", "AC", "KC"],
             ["7S", "AD", "KS", "QS", "KH", "TC", "QC", "8C"]]
    actions = ["0 bid 14", "1 pass", "2 pass", "3 pass", "0 trump 9H"]
    g = Game.from_record({"rules": "28", "dealer": 3, "hands": hands, "actions": actions})
    result = g.result()
    assert result["status"] == "annulled" and result["annulled_reason"]
    assert result["to_act"] is None and result["legal"] == []
    assert g.to_record()["actions"] == actions
    with pytest.raises(IllegalAction) as err:
        Game.from_record({"rules": "28", "dealer": 3, "hands": hands,
                          "actions": [*actions, "1 redeal"]})
    assert err.value.index == 5


SEED0_TO_THE_LAST_TRICK = [
    "1 bid 27", "2 pass", "3 pass", "0 bid 28", "0 trump AD", "1 play KC", "2 play 8C",
    "3 play 7C", "0 play QC", "1 play 8S", "2 play AS", "3 play JS", "0 play QS", "3 play AH",
    "0 play TH", "1 play JC", "2 play KH", "3 play 7D", "0 play JD", "1 play 8D", "2 play 9D",
    "0 play TC", "1 play AC", "2 play 9C", "3 play QD", "2 play KD", "3 play JH", "0 play 8H",
    "1 play KS", "2 play TD", "3 play QH", "0 play TS", "1 play 7S"]


def test_the_forced_exposure_before_the_last_trick_is_not_an_action() -> None:
    """RECORDS.md "A record": "Events that nobody decides (... a forced exposure before the
    last trick ...) are not actions": the trump was never asked for nor revealed, and the
    last trick is played without a ``reveal`` in the record."""
    g = Game.from_record(seeded("28", 0, SEED0_TO_THE_LAST_TRICK))
    assert not any(a.split()[1] in ("ask", "reveal") for a in SEED0_TO_THE_LAST_TRICK)
    assert g.result()["exposed"] is not None
    assert g.to_act == 2 and all(a.startswith("2 play ") for a in texts(g))
    for action in ["2 play 9H", "3 play 7H", "0 play AD", "1 play 9S"]:
        g.apply(action)
    assert g.result()["status"] == "complete"
    assert g.to_record()["actions"] == [*SEED0_TO_THE_LAST_TRICK, "2 play 9H", "3 play 7H",
                                        "0 play AD", "1 play 9S"]


def test_the_29_dealers_forced_bid_is_an_action() -> None:
    """RECORDS.md "A record": "A decision the rules force (the only legal action, such as
    29's dealer bidding the minimum ...) is still an action and is recorded": the engine
    waits for it, and a record that leaves it out is illegal at that point."""
    g = Game.from_record(seeded("29", 1, ["1 pass", "2 pass", "3 pass"]))
    assert g.to_act == 0 and texts(g) == ["0 bid 15"]
    g.apply("0 bid 15")
    assert g.to_record()["actions"][-1] == "0 bid 15"
    with pytest.raises(IllegalAction) as err:
        Game.from_record(seeded("29", 1, ["1 pass", "2 pass", "3 pass", "0 trump S"]))
    assert err.value.index == 3 and err.value.legal == ["0 bid 15"]


SEED65_BIDDER_HOLDS_ONLY_TRUMPS = [
    "1 bid 20", "2 bid 25", "3 bid 28", "3 trump TS", "1 play AC", "2 play 8C", "3 play TC",
    "0 play 7C", "1 play 8D", "2 play KD", "3 play 7D", "0 play JD", "0 play QD", "1 play 9D",
    "2 play AD", "3 play JH", "1 play KH", "2 play 9H", "3 play TH", "0 play QH", "2 play JC"]


def test_a_forced_reveal_is_an_action() -> None:
    """RECORDS.md "A record": "... or a bidder holding only trumps who must `reveal`) is still
    an action and is recorded": ``reveal`` is the only legal action, then the indicator is
    played; leaving the ``reveal`` out is illegal."""
    g = Game.from_record(seeded("28", 65, SEED65_BIDDER_HOLDS_ONLY_TRUMPS))
    assert g.to_act == 3 and texts(g) == ["3 reveal"]
    g.apply("3 reveal")
    assert texts(g) == ["3 play TS"]
    with pytest.raises(IllegalAction) as err:
        Game.from_record(seeded("28", 65, [*SEED65_BIDDER_HOLDS_ONLY_TRUMPS, "3 play TS"]))
    assert err.value.index == len(SEED65_BIDDER_HOLDS_ONLY_TRUMPS)
    assert err.value.legal == ["3 reveal"]


def test_a_bid_of_the_maximum_ends_the_auction_at_once() -> None:
    """RECORDS.md "A record": "Windows are asked only of players who have a choice: after a
    bid of the maximum the auction ends at once" (no passes follow ``0 bid 28``, and no raise
    window follows a contract of 28)."""
    g = Game.from_record(seeded("28", 0, ["1 bid 27", "2 pass", "3 pass", "0 bid 28"]))
    assert g.to_act == 0 and all(a.startswith("0 trump ") for a in texts(g))
    with pytest.raises(IllegalAction) as err:
        Game.from_record(seeded("28", 0, ["1 bid 27", "2 pass", "3 pass", "0 bid 28",
                                          "1 pass"]))
    assert err.value.index == 4
    g.apply("0 trump AD")
    assert g.to_act == 1 and all(a.startswith("1 play ") for a in texts(g))


def test_the_raise_window_skips_a_player_who_could_not_raise() -> None:
    """RECORDS.md "A record": "a raise window skips a player who could not raise": once the
    bidder has raised to 28 his partner (seat 0) is not asked; after a raise to 27 he is."""
    auction = ["1 bid 21", "2 bid 26", "3 pass", "0 pass", "1 pass", "2 trump 8H"]
    g = Game.from_record(seeded("28", 12, auction))
    assert g.to_act == 2 and "2 raise 27" in texts(g) and "2 pass" in texts(g)
    g.apply("2 raise 28")
    assert g.to_act == 1 and all(a.startswith("1 play ") for a in texts(g))
    g = Game.from_record(seeded("28", 12, [*auction, "2 raise 27"]))
    assert g.to_act == 0 and texts(g) == ["0 raise 28", "0 pass"]


# ---- Verbs -------------------------------------------------------------------------------

COT = {"preset": "28", "cot": True}
COT_START = ["1 bid 16", "2 bid 26", "3 bid 27", "0 pass", "1 bid 28", "1 trump KC",
             "1 play TD", "2 play 8D", "3 play 7D", "0 play KS", "1 play 8S"]
DOUBLING = {"preset": "28", "double_redouble": True}
SEED0_AUCTION = ["1 bid 27", "2 pass", "3 pass", "0 bid 28", "0 trump AD"]
SEED46_TO_THE_PAIR = [
    "1 bid 28", "1 trump 9H", "1 play 8C", "2 play KS", "3 play AC", "0 play 9C", "0 play JD",
    "1 play 7D", "2 play 9D", "3 play AS", "0 play 8S", "1 play JC", "2 play 7S", "3 play 9S",
    "3 play TC", "0 play KC", "1 play 7C", "2 ask", "2 play 7H", "2 play 8D", "3 play 8H",
    "0 play AD", "1 play 9H", "1 play AH", "2 play KD"]

VERB_RECORDS = [
    # (rules, seed, actions before, the action, a window that "pass" declines)
    ("28", 0, [], "1 bid 14", False),
    ("28", 0, ["1 bid 27"], "2 pass", False),
    ("28", 92, [], "1 redeal", False),
    ("28", 0, SEED0_AUCTION[:4], "0 trump TS", False),
    ("29", 0, ["1 bid 28"], "1 trump S", False),
    ({"preset": "28", "seventh_card_trump": True}, 0, SEED0_AUCTION[:4], "0 trump seventh",
     False),
    (DOUBLING, 0, SEED0_AUCTION, "1 double", True),
    (DOUBLING, 2, ["1 bid 27", "2 bid 28", "2 trump KS", "3 double"], "2 redouble", True),
    ({**DOUBLING, "c_bid": True, "scoring": "flat"}, 2,
     ["1 bid 27", "2 bid 28", "2 trump KS", "3 double"], "2 c", False),
    ("28", 12, ["1 bid 21", "2 bid 26", "3 pass", "0 pass", "1 pass", "2 trump 8H"],
     "2 raise 27", True),
    ({"preset": "28", "single_hand": True}, 0, SEED0_AUCTION, "1 single", True),
    ({"preset": "28", "thani": True}, 0, SEED0_AUCTION, "0 thani", True),
    ("56-kerala", 0, [], "1 thani", False),
    ("28", 0, SEED0_TO_THE_LAST_TRICK[:15], "1 ask", False),
    ("28", 65, SEED65_BIDDER_HOLDS_ONLY_TRUMPS, "3 reveal", False),
    ("28", 0, SEED0_AUCTION, "1 play 9S", False),
    ("28", 46, SEED46_TO_THE_PAIR, "3 pair", False),
    (COT, 1, COT_START, "2 concede", False),
    (COT, 1, [*COT_START, "2 ask", "2 play 9C", "3 play QS", "0 concede"], "1 accept", False),
    (COT, 1, [*COT_START, "2 ask", "2 play 9C", "3 play QS", "0 concede"], "1 refuse", False),
]


@pytest.mark.parametrize(("rules", "seed", "before", "action", "window"), VERB_RECORDS,
                         ids=[v[3] for v in VERB_RECORDS])
def test_every_verb_is_written_and_read_as_the_table_says(
        rules: Any, seed: int, before: list[str], action: str, window: bool) -> None:
    """RECORDS.md "Verbs" (every row) and "A record": "each `"SEAT VERB [ARGUMENT]"`": the
    engine offers the decision in exactly this notation, a record containing it replays, and
    the writer gives it back unchanged.  Where the row says so, `pass` declines the window
    ("decline in any window that asks every player in turn (double, raise, single hand,
    Thani)")."""
    g = Game.from_record(seeded(rules, seed, before))
    seat = int(action.split()[0])
    assert g.to_act == seat
    assert action in texts(g)
    if window:
        assert f"{seat} pass" in texts(g)
    assert str(g.apply(action)) == action
    rec = Game.from_record(seeded(rules, seed, [*before, action])).to_record()
    assert rec["actions"] == [*before, action]
    parsed = Action.parse(action)
    assert (parsed.seat, parsed.verb) == (seat, action.split()[1])


def test_the_spec_examples_ask_and_its_legal_list() -> None:
    """RECORDS.md "Replaying a record": "`legal` lists every legal action in notation
    (`"2 ask"`, `"2 play 9S"`, …)": the position of the page's example where seat 2 cannot
    follow diamonds."""
    g = Game.from_record(example(EXAMPLE_SHOWN[:12]))
    result = g.result()
    assert result["status"] == "in_progress" and result["to_act"] == 2
    assert {"2 ask", "2 play 9S"} <= set(result["legal"])
    assert all(str(Action.parse(a)) == a and a.startswith("2 ") for a in result["legal"])


def test_claims_are_extra_actions_on_the_holders_own_turn() -> None:
    """RECORDS.md "Verbs": "Claims that only the holder of certain cards may make (a pair, a
    zero-point hand) are offered as extra legal actions on that player's own turn": the pair
    comes with the holder's plays (and he still plays after it), the zero-point ``redeal``
    with the holder's plays during the play."""
    g = Game.from_record(seeded("28", 46, SEED46_TO_THE_PAIR))
    assert g.to_act == 3 and set(texts(g)) == {"3 pair", "3 play KH", "3 play QH"}
    g.apply("3 pair")
    assert g.to_act == 3 and set(texts(g)) == {"3 play KH", "3 play QH"}
    zero = Game.from_record(seeded("28", 190, ["1 bid 15", "2 bid 18", "3 bid 24", "0 bid 27",
                                               "1 bid 28", "1 trump 7H"]))
    assert zero.to_act == 1 and "1 redeal" in texts(zero)
    assert [a for a in texts(zero) if a != "1 redeal"] and \
        all(a.startswith("1 play ") for a in texts(zero) if a != "1 redeal")


def test_public_windows_ask_every_eligible_player_in_turn() -> None:
    """RECORDS.md "Verbs": "Windows that every eligible player is asked in turn (double,
    raise, single hand) are public": the single-hand window asks all four seats from
    dealer + 1, each with ``single`` and ``pass``."""
    g = Game.from_record(seeded({"preset": "28", "single_hand": True}, 0, SEED0_AUCTION))
    asked = []
    while g.result()["phase"] != "play":
        seat = g.to_act
        asked.append(seat)
        assert set(texts(g)) == {f"{seat} single", f"{seat} pass"}
        g.apply(f"{seat} pass")
    assert asked == [1, 2, 3, 0]


# ---- Replaying a record ------------------------------------------------------------------


def test_the_spec_example_replays_to_the_spec_result(tmp_path: Path) -> None:
    """RECORDS.md "A record" and "Replaying a record": the page's example record (its
    actions as shown, "In the example, `3 pass` and `1 pass` decline the raise window of
    preset `28`") gives the page's result object under ``replay --json``."""
    code, out, err = replay(tmp_path, json.dumps(example()))
    assert code == 0 and err == ""
    result = json.loads(out)
    assert {k: result[k] for k in ("status", "bidder", "contract", "trump", "target",
                                   "points", "made", "score_change", "to_act", "legal")} == {
        "status": "complete", "bidder": 3, "contract": 16, "trump": "S", "target": 16,
        "points": {"bidding": 11, "opponents": 17}, "made": False,
        "score_change": {"bidding": -2, "opponents": 0}, "to_act": None, "legal": []}
    first = result["tricks"][0]
    assert {k: first[k] for k in ("leader", "cards", "winner", "points")} == {
        "leader": 0, "cards": ["8D", "QD", "9S", "AD"], "winner": 2, "points": 3}


def test_trick_cards_are_in_play_order_from_the_leader() -> None:
    """RECORDS.md "Replaying a record": "`cards` of a trick are in play order, starting with
    the leader's card" (the second trick of the example is led by seat 2)."""
    tricks = Game.from_record(example()).result()["tricks"]
    assert [t["leader"] for t in tricks] == [0, 2, 0, 3, 0, 0, 3, 3]
    assert {k: tricks[1][k] for k in ("leader", "cards", "winner")} == {
        "leader": 2, "cards": ["KC", "8C", "TC", "JD"], "winner": 0}
    assert {k: tricks[3][k] for k in ("leader", "cards", "winner")} == {
        "leader": 3, "cards": ["TH", "9H", "QH", "8H"], "winner": 0}


def test_replay_json_of_an_annulled_hand(tmp_path: Path) -> None:
    """RECORDS.md "Replaying a record": "`status` is `complete`, `in_progress` or `annulled`
    (then `annulled_reason` says why)" (a redeal claimed for a pointless first four)."""
    code, out, _ = replay(tmp_path, json.dumps(seeded("28", 92, ["1 redeal"])))
    result = json.loads(out)
    assert code == 0 and result["status"] == "annulled"
    assert isinstance(result["annulled_reason"], str) and result["annulled_reason"]
    assert result["to_act"] is None and result["legal"] == []


@pytest.mark.parametrize(("actions", "legal"), [
    ([*EXAMPLE_SHOWN[:10], "0 play QD"], "0 play 8D"),                # a card not held
    ([*EXAMPLE_SHOWN[:10], "0 play 8D", "1 play QH"], "1 play QD"),  # held, must follow
    ([*EXAMPLE_SHOWN[:10], "0 play 8D", "1 play QD", "2 play JC", "3 play 7S"],
     "3 play AD"),                                                   # the face-down indicator
], ids=["not-held", "revoke", "indicator"])
def test_the_illegal_action_error_names_the_action(tmp_path: Path, actions: list[str],
                                                    legal: str) -> None:
    """RECORDS.md "Replaying a record": "An illegal action stops the replay: exit status 1
    and `{"error": "illegal", "index": k, "action": "...", "message": "...", "legal": [...]}`
    where `k` is the action's position in `actions`": ``action`` is the action at ``k``
    (e.g. "0 play QD"), not only its card."""
    code, out, _ = replay(tmp_path, json.dumps(example(actions)))
    obj = json.loads(out)
    assert code == 1 and obj["error"] == "illegal"
    assert obj["index"] == len(actions) - 1
    assert obj["action"] == actions[-1]
    assert obj["message"] and legal in obj["legal"]


def test_the_illegal_trump_card_error_names_the_action(tmp_path: Path) -> None:
    """RECORDS.md "Replaying a record": the error object's ``action`` is the action at
    ``index``: "3 trump 8D" (a card the bidder does not hold), not "8D"."""
    doc = example([*EXAMPLE_SHOWN[:7], "3 trump 8D"])
    code, out, _ = replay(tmp_path, json.dumps(doc))
    obj = json.loads(out)
    assert code == 1 and obj["index"] == 7 and obj["action"] == "3 trump 8D"
    assert obj["legal"] == ["3 trump JS", "3 trump QS", "3 trump 7S", "3 trump AD"]


def test_an_action_after_the_end_stops_the_replay(tmp_path: Path) -> None:
    """RECORDS.md "Replaying a record": "An illegal action stops the replay: exit status 1"
    with the index counted from 0: an action after the last trick."""
    doc = example([*EXAMPLE_ACTIONS, "3 play AH"])
    code, out, _ = replay(tmp_path, json.dumps(doc))
    obj = json.loads(out)
    assert code == 1 and obj["index"] == len(EXAMPLE_ACTIONS)
    assert obj["action"] == "3 play AH" and obj["legal"] == []


@pytest.mark.parametrize("action", ["³ pass", "0 bid ³", "0 bid 1²", "0 raise ³"])
def test_odd_digits_in_an_action_are_not_a_traceback(tmp_path: Path, action: str) -> None:
    """RECORDS.md "Replaying a record": a document that is not a valid record "exits with
    status 2 and one clear line on standard error naming the problem and where it is. Never a
    traceback." (Unicode digits that ``str.isdigit`` accepts but ``int`` does not.)"""
    code, out, err = replay(tmp_path, json.dumps(example([action])))
    assert code in (1, 2)
    if code == 2:
        assert out == "" and len(err.strip().splitlines()) == 1 and "actions[0]" in err
    else:
        assert json.loads(out)["index"] == 0


def test_deeply_nested_json_is_not_a_traceback(tmp_path: Path) -> None:
    """RECORDS.md "Replaying a record": "A document that is not a valid record (bad JSON,
    ...) exits with status 2 and one clear line on standard error ... Never a traceback"
    (JSON nested deeper than the parser's recursion limit)."""
    code, out, err = replay(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1


# ---- Matches -----------------------------------------------------------------------------

POINTLESS_FIRST_FOUR = [["TS", "JH", "KH", "TC", "TH", "7C", "8D", "QH"],   # seat 1: 7H QS 8S 7S
                        ["7H", "QS", "8S", "7S", "8H", "JC", "KD", "8C"],
                        ["7D", "QD", "KS", "AS", "9S", "AD", "KC", "JD"],
                        ["JS", "QC", "9C", "9H", "TD", "AH", "AC", "9D"]]
SECOND_DEAL = [["JD", "QC", "TS", "AD", "QS", "TH", "8H", "TC"],
               ["9S", "JC", "8S", "8D", "KS", "AC", "KC", "7S"],
               ["9H", "AS", "9C", "9D", "8C", "TD", "KD", "KH"],
               ["QD", "JS", "JH", "7H", "7C", "QH", "AH", "7D"]]


def test_a_match_record_written_by_another_program(tmp_path: Path) -> None:
    """RECORDS.md "A record": "A match ... is `{"rules": ..., "hands_played": [record, ...]}`
    or one record per line in a `.jsonl` file": hands given in full (no seed, nothing but
    RECORDS.md's fields), optional fields at both levels kept; both forms replay alike."""
    hands = [
        {"rules": "28", "dealer": 0, "hands": POINTLESS_FIRST_FOUR, "actions": ["1 redeal"],
         "comment": "pointless first four"},
        {"rules": "28", "dealer": 0, "hands": SECOND_DEAL, "actions": SEED0_AUCTION,
         "date": "2024-05-01"},
    ]
    doc = {"rules": "28", "event": "club night", "players": ["a", "b", "c", "d"],
           "hands_played": hands}
    m = Match.from_record(doc)
    assert len(m.games) == 2 and m.current.to_act == 1
    out = m.to_record()
    assert out["event"] == "club night" and out["players"] == ["a", "b", "c", "d"]
    assert out["hands_played"][0]["comment"] == "pointless first four"
    assert out["hands_played"][1]["date"] == "2024-05-01"
    assert [h["hands"] for h in out["hands_played"]] == [POINTLESS_FIRST_FOUR, SECOND_DEAL]
    assert [h["actions"] for h in out["hands_played"]] == [["1 redeal"], SEED0_AUCTION]
    code, as_object, _ = replay(tmp_path, json.dumps(doc))
    assert code == 0
    code, as_lines, _ = replay(tmp_path, "\n".join(json.dumps(h) for h in hands) + "\n")
    assert code == 0 and json.loads(as_lines) == json.loads(as_object)
    result = json.loads(as_object)
    assert [h["status"] for h in result["hands"]] == ["annulled", "in_progress"]


def test_json_that_stops_half_way_is_told_once() -> None:
    """JSON's message for a string never closed ends in "at": the error read "Unterminated
    string starting at at line 1, column 10"."""
    from twentyeight.record import parse_document

    with pytest.raises(RecordError) as e:
        parse_document('{"rules": "28', "game.json")
    assert str(e.value) == \
        "game.json: not JSON (Unterminated string starting at: line 1, column 11)"

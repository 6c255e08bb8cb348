"""The rules in plain words (rule_words.py): every flag has a group, a line a player reads,
words for each choice and a condition saying when it applies — and a flag said not to apply
to a table really makes no difference to it (checked by playing)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twentyeight.match import Match
from twentyeight.rule_words import (
    DECK_FLAGS,
    GROUPS,
    TABLE_FLAGS,
    WORDS,
    applies,
    card_legend,
    editor_info,
    preset_legends,
)
from twentyeight.rules import PRESETS, Rules, RulesError, flag_info

INFO = {f["flag"]: f for f in flag_info()}


def choices_of(kind: Any) -> list[str] | None:
    return str(kind).split("|") if "|" in str(kind) else None


def test_every_flag_has_plain_words() -> None:
    assert set(WORDS) == set(INFO)
    for flag, words in WORDS.items():
        assert words.group in GROUPS, flag
        assert words.text and "_" not in words.text, flag        # words, not flag names
        kinds = choices_of(INFO[flag]["type"])
        if kinds is None:
            assert not words.choices, flag
        else:
            assert sorted(map(str, words.choices)) == sorted(kinds), flag
            assert all(text and "_" not in text for text in words.choices.values()), flag


def test_every_condition_names_real_flags_and_values() -> None:
    for flag, words in WORDS.items():
        for alternative in words.applies:
            for name, allowed in alternative.items():
                assert name in INFO and name != flag, (flag, name)
                kinds = choices_of(INFO[name]["type"])
                for value in allowed:
                    if kinds is not None:
                        assert str(value) in kinds, (flag, name, value)
                    elif INFO[name]["type"] == "bool":
                        assert isinstance(value, bool), (flag, name, value)
                    else:
                        assert isinstance(value, int), (flag, name, value)


@pytest.mark.parametrize(("flag", "preset", "expected"), [
    ("deck_8p", "56-8p", True), ("deck_8p", "56", False), ("deck_8p", "28", False),   # C-56-02
    ("deck_4p", "56-4p", True), ("deck_4p", "56-8p", False),                          # C-56-01
    ("six_player_form", "28-6p", True), ("six_player_form", "40", False),             # C-6P-01
    ("forty_extra_jack_face", "40", True), ("forty_extra_jack_face", "28", False),    # C-40-01
    ("pair_rule", "28", True), ("pair_rule", "56", False),                            # 56-TRUMP-3
    ("pair_timing", "28-pagat", False), ("pair_timing", "28", True),                  # 28-PAIR-3
    ("partner_overcall", "28-3p", False), ("partner_overcall", "28", True),           # 28-AUC-6
    ("trump_indicator", "56", False), ("trump_indicator", "56-kerala", True),         # 56-TRUMP-1
    ("reverse_no_trump", "29", True), ("reverse_no_trump", "28", False),              # 3.6
    ("game_target", "28", True), ("game_target", "56", False),                        # 28-END-1
    ("start_tables", "56", True), ("match_deals", "56-international", True),          # 56-MATCH
    ("thani_stake", "56-kerala", True), ("thani_stake", "56", False),                 # 56-TH-4
    ("stake_table", "56", True), ("stake_table", "28", False),                        # 56-SC-2
    ("eight_same_suit", "28", True), ("eight_same_suit", "28-6p", True),              # 28-POST-4
    ("opening_rule", "29", True), ("opening_rule", "56-kerala", False),               # §1.4.2
    ("pass_is_final", "56-kerala", False), ("partner_overcall", "bhoos-29", False),   # (duel)
    ("second_bid_min", "40", True), ("second_bid_min", "56-kerala", False),
    # (28-6p's six cards all of one suit are annulled too: the editor hid a flag that played)
])
def test_applies_to_the_table(flag: str, preset: str, expected: bool) -> None:
    assert applies(flag, PRESETS[preset]) is expected


def test_conditions_follow_the_other_choices() -> None:
    """28-DBL-7 / C-02: "C" applies with doubles under flat scoring; "C with auto-double"
    once "C" is on — as the editor changes the values."""
    wiki = dataclasses.asdict(PRESETS["28-wiki"])
    assert not applies("c_bid", wiki)
    assert applies("c_bid", {**wiki, "double_redouble": True})
    assert not applies("c_bid_with_autodouble", {**wiki, "double_redouble": True})
    assert applies("c_bid_with_autodouble", {**wiki, "double_redouble": True, "c_bid": True})


def test_the_editor_info_is_json_in_the_order_of_the_flags() -> None:
    info = json.loads(json.dumps(editor_info()))
    assert [g for g, _ in info["groups"]] == list(GROUPS)
    assert [f["flag"] for f in info["flags"]] == list(INFO)
    assert {f["flag"] for f in info["flags"] if f["table"]} == set(TABLE_FLAGS)
    assert all(f["rule"] for f in info["flags"])


@pytest.mark.parametrize("preset", [name for name, r in PRESETS.items() if r.pack == "56"])
def test_the_editor_knows_what_a_change_of_trump_mode_brings(preset: str) -> None:
    """56-HT-1, 56-HT-5, 56-HT-9, 56-ANN-5: the editor's ``modes`` are the flags the server's
    rules take when a 56 table is moved to the other trump mode, so the lobby can show them."""
    base = PRESETS[preset]
    modes = {m["trump_mode"]: m["flags"] for m in editor_info()["modes"] if m["pack"] == "56"}
    assert set(modes) == {"open", "hidden"}
    other = "open" if base.trump_mode == "hidden" else "hidden"
    moved = Rules.from_spec({"preset": preset, "trump_mode": other}).flags()
    assert {flag: moved[flag] for flag in modes[other]} == modes[other]
    assert modes["hidden"]["double_redouble"] is False and modes["open"]["double_redouble"]


def test_card_legends() -> None:
    """28-DECK-4, 40-2, 56-DECK-2: the cards strongest first with their points."""
    legend = card_legend(Rules.from_spec("28"))
    assert [(r["rank"], r["points"]) for r in legend["ranks"]] == [
        ("J", 3), ("9", 2), ("A", 1), ("T", 1), ("K", 0), ("Q", 0), ("8", 0), ("7", 0)]
    assert legend["total"] == 28 and not legend["last_trick"]
    forty = card_legend(Rules.from_spec("40"))
    assert forty["ranks"][1] == {"rank": "3", "points": 3, "per_suit": 1, "ties": True}
    assert forty["total"] == 40
    assert card_legend(Rules.from_spec("29"))["last_trick"] is False
    fifty_six = preset_legends(PRESETS["56-4p"])
    assert fifty_six["legend"]["ranks"][0]["per_suit"] == 2
    assert [r["rank"] for r in fifty_six["by_flag"]["deck_4p"]["32"]["ranks"]] == list("J9AT")
    assert set(fifty_six["by_flag"]) == {"deck_4p"} and set(DECK_FLAGS) >= {"deck_4p"}


def other_value(flag: str, value: Any) -> Any:
    kind = INFO[flag]["type"]
    if kind == "bool":
        return not value
    kinds = choices_of(kind)
    if kinds is not None:
        options = [type(value)(k) if not isinstance(value, str) else k for k in kinds]
        return next(o for o in options if o != value)
    if kind in ("int", "int or null"):
        return 1 if value is None else value + 1
    return None


def trace(rules: Rules, seed: int) -> list[Any]:
    """What a match of random choices shows: every legal list, and the scores (3 hands)."""
    match = Match.new(rules, seed=seed)
    rng = random.Random(seed)
    out: list[Any] = []
    while not match.over and len(match.games) <= 3:
        legal = [str(a) for a in match.current.legal_actions()]
        out.append(legal)
        if not legal:                       # (a match whose next hand is not dealt yet)
            break
        match.apply(legal[rng.randrange(len(legal))])
    out.append(list(match.scores))
    return out


def hidden_changes() -> list[tuple[str, str, Any]]:
    """Every (preset, flag, other value) where the editor hides the flag for the preset and
    the changed rules are valid."""
    out = []
    for preset, rules in PRESETS.items():
        for flag in WORDS:
            if flag in TABLE_FLAGS or flag == "direction" or applies(flag, rules):
                continue
            value = other_value(flag, getattr(rules, flag))
            if value is None:
                continue
            try:
                rules.replace(**{flag: value})
            except RulesError:
                continue
            out.append((preset, flag, value))
    return out


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_a_flag_that_does_not_apply_changes_nothing(seed: int) -> None:
    """Changing any flag the editor hides for a table leaves every legal action and every
    score of a match the same — for every preset and every such flag."""
    changes = hidden_changes()
    assert len(changes) > 200
    for preset, flag, value in changes:
        rules = PRESETS[preset]
        assert trace(rules.replace(**{flag: value}), seed) == trace(rules, seed), \
            (preset, flag, value)

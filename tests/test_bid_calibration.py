"""The bid model's calibration to the expert's own play (issue 13, docs/strength.md).

* :func:`bid_model.shift_of` finds the shift of the model's points that makes a set of
  contracts most likely (made or failed against the chance the model gives them);
* :func:`bid_model.calibrate` counts every contract of arena records once, as declared or
  defended by the named bot, and the model file keeps the shifts it writes;
* a partner's bids can be read with the expert's own bid model, fitted on its games
  (:func:`bid_model.bid_offsets`, ``Sampler(partner_bids=...)``);
* the expert's auction uses them: a higher estimate of its own contract makes it bid where it
  passed, a lower estimate of the opponents' makes it let them play where it bid (28-AUC-5).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from twentyeight import Game
from twentyeight.arena import run_arena
from twentyeight.bots import bid_model
from twentyeight.bots.expert import ExpertBot
from twentyeight.bots.sampling import Sampler, World, bid_likelihood, strength
from twentyeight.engine.actions import BID, PASS, RAISE
from twentyeight.engine.state import AUCTION
from twentyeight.rules import PRESETS


def contracts(mean: float, contract: int, made: int, failed: int
              ) -> list[tuple[float, int, bool]]:
    return [(mean, contract, True)] * made + [(mean, contract, False)] * failed


def test_the_shift_is_what_makes_the_contracts_most_likely() -> None:
    fam = bid_model.model().family_for(PRESETS["28"])
    # the model says 20 points for contracts of 20: an even chance, but only 1 in 4 is made
    worse = bid_model.shift_of(fam, contracts(20.0, 20, 25, 75))
    target = fam.sigma * -0.674 - 0.5            # Φ((d + 0.5) / σ) = 0.25
    assert abs(worse - target) <= 0.1 and worse < -3.0
    # 3 in 4 made: the same shift the other way; none at all: no shift
    better = bid_model.shift_of(fam, contracts(20.0, 20, 75, 25))
    assert abs(better - (fam.sigma * 0.674 - 0.5)) <= 0.1
    assert bid_model.shift_of(fam, []) == 0.0


def test_calibration_counts_each_contract_once_and_is_kept_in_the_model_file(
        tmp_path: Path) -> None:
    run_arena(["rules", "rules-v1"], deals=6, rules="28", seed=4, workers=1, save=tmp_path)
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("deal-*.json"))]
    declared = defended = 0
    for rec in records:
        g = Game.from_record(rec)
        r = g.result()
        if r["contract"] is not None and r["made"] is not None:
            if rec["players"][r["bidder"]] == "rules":
                declared += 1
            else:
                defended += 1
    assert declared > 0 and defended > 0
    shifts = bid_model.calibrate(records, "rules", bid_model.model())
    assert set(shifts) == {"28"}
    assert shifts["28"][2:] == (declared, defended)

    out = tmp_path / "model.json"
    out.write_text(bid_model.MODEL_PATH.read_text())
    m = bid_model.calibrate_files([tmp_path], "rules", "a test", out)
    fam = m.families["28"]
    assert (fam.declare_shift, fam.defend_shift) == shifts["28"][:2]
    assert fam.calibration is not None and fam.calibration["declared"] == declared
    assert bid_model.load(out).families["28"].to_json() == fam.to_json()


def expert(declare: float, defend: float) -> ExpertBot:
    bot = ExpertBot(seed=3, budget=0.5)
    bot.declare_shift, bot.defend_shift, bot.opponent_weight = declare, defend, 0.7
    return bot


def position(seed: int, history: list[str]) -> Game:
    g = Game.new("28", seed=seed, dealer=seed % 4)
    for a in history:
        g.apply(a)
    return g


def test_the_expert_bids_where_its_own_contract_is_estimated_higher() -> None:
    """28-AUC-5: N (seat 0) passes over E's 14 at the model's estimate, bids 15 when its own
    contracts are estimated 4 card points higher."""
    g = position(0, ["1 bid 14", "2 pass", "3 pass"])
    view, legal = g.view(0), g.legal_actions()
    assert str(expert(0.0, 0.0).decide(view, legal)) == "0 pass"
    assert str(expert(4.0, 0.0).decide(view, legal)) == "0 bid 15"


def test_the_expert_lets_the_opponents_play_where_their_contract_is_estimated_lower() -> None:
    """28-AUC-5: E (seat 1) bids 15 over N's 14 at the model's estimate, passes when N's side is
    estimated to take 4 card points fewer against its defence."""
    g = position(15, ["0 bid 14"])
    view, legal = g.view(1), g.legal_actions()
    assert str(expert(0.0, 0.0).decide(view, legal)) == "1 bid 15"
    assert str(expert(0.0, -4.0).decide(view, legal)) == "1 pass"


def test_the_expert_takes_the_families_shifts_only_when_told_to() -> None:
    fam = bid_model.Family("28", (), 5.8, 0, 0.4, 1.0, -1.5)
    bot = ExpertBot(seed=1, budget=0.1)
    assert bot._shifts(fam) == (0.0, 0.0)          # measured: the shifts did not win
    assert expert(1.5, -2.0)._shifts(fam) == (1.5, -2.0)
    bot.declare_shift = bot.defend_shift = None
    assert bot._shifts(fam) == (1.0, -1.5)


def mean_strength(g: Game, worlds: list[World], seat: int) -> float:
    """The sampler's strength of ``seat``'s first four cards, averaged over weighted worlds."""
    total = sum(w.weight for w in worlds)
    return sum(w.weight * strength(g.rules, w.deal[seat][:4]) for w in worlds) / total


def test_a_partner_who_bids_as_the_expert_is_read_as_stronger_after_a_pass() -> None:
    """28-AUC-5/8: the expert passes hands the ``rules`` player would bid, so a partner's pass
    read with the expert's own model (offset 11.6, temperature 4.4 in 28) leaves it stronger
    than read with the ``rules`` player's; its bid says it is stronger still."""
    assert bid_likelihood(20.0, None, 15) < 0.2                 # rules: a 20 would bid 15
    assert bid_likelihood(20.0, None, 15, 11.6, 4.4) > 0.8      # the expert: it passes
    assert bid_likelihood(22.0, 16, 16, 11.6, 4.4) < bid_likelihood(22.0, 16, 16)
    g = position(0, ["1 bid 14", "2 bid 15", "3 bid 16", "0 pass", "1 pass"])
    seat = g.to_act
    assert seat == 2                                  # S, whose partner N passed over W's 16
    view = g.view(seat)
    plain = Sampler(view).sample(40, random.Random(5))
    read = Sampler(view, partner_bids=(11.6, 4.4)).sample(40, random.Random(5))
    assert [w.deal for w in plain] == [w.deal for w in read]   # the same deals, reweighed
    assert mean_strength(g, read, 0) > mean_strength(g, plain, 0) + 1.0


def test_an_opponent_read_as_an_eager_bidder_is_read_as_weaker_after_a_pass() -> None:
    """28-AUC-5/8: read with the model fitted on the ``rules`` player's bids in 29 (offset
    -2.0, temperature 1.4: it bids at a strength two points below the bid, and sharply),
    opponents who passed over S's 15 (W, then E after his 14) are weaker than read with the
    sampler's default; the deals are the same, only reweighed."""
    assert bid_likelihood(15.0, None, 15, -2.0, 1.4) < bid_likelihood(15.0, None, 15)
    g = position(0, ["1 bid 14", "2 bid 15", "3 pass", "0 pass", "1 pass"])
    seat = g.to_act
    assert seat == 2                                  # S, over whose 15 W passed
    view = g.view(seat)
    plain = Sampler(view).sample(40, random.Random(5))
    read = Sampler(view, opponent_bids=(-2.0, 1.4)).sample(40, random.Random(5))
    assert [w.deal for w in plain] == [w.deal for w in read]
    weaker = [mean_strength(g, plain, s) - mean_strength(g, read, s) for s in (1, 3)]  # E, W
    assert min(weaker) > 0.2 and sum(weaker) > 1.0, weaker


def test_the_bid_offsets_fit_each_decision_of_the_bot_once(tmp_path: Path) -> None:
    run_arena(["rules", "rules-v1"], deals=6, rules="28", seed=4, workers=1, save=tmp_path)
    records = [json.loads(p.read_text()) for p in sorted(tmp_path.glob("deal-*.json"))]
    fits = bid_model.bid_offsets(records, "rules", bid_model.model())
    offset, temperature, n = fits["28"]
    turns = 0
    for rec in records:
        g = Game.from_record({**rec, "actions": []})
        for a in rec["actions"]:
            h = g.hand
            if h.phase == AUCTION and rec["players"][h.to_act] == "rules":
                codes = h.legal_codes()
                hb = h.high_bidder
                if PASS in codes and any(BID <= c < RAISE for c in codes) and not (
                        hb >= 0 and h.t.team_of[hb] == h.t.team_of[h.to_act]):
                    turns += 1
            g.apply(a)
    assert n == turns > 10
    assert -10.0 <= offset <= 20.0 and 0.6 <= temperature <= 8.0

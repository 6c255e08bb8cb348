"""The research adapters (issue 6, items 2–5): PettingZoo, OpenSpiel, Gymnasium and the shared
encoding, with the examples run as a user would.  Each library is an optional extra
(``twentyeight[rl]``, part of ``[test]``); a missing one skips its tests with the reason."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy", reason="the adapters need numpy (pip install 'twentyeight[rl]')")

import twentyeight  # noqa: E402
from twentyeight.engine import Hand  # noqa: E402
from twentyeight.integrations.encoding import (  # noqa: E402
    ActionSpace,
    ObservationEncoder,
    max_game_length,
    utility_bound,
)
from twentyeight.views import view  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
PRESETS = list(twentyeight.PRESETS)


# ---- the shared encoding -------------------------------------------------------------------
@pytest.mark.parametrize("preset", PRESETS)
def test_action_space_covers_every_legal_action(preset: str) -> None:
    rules = twentyeight.PRESETS[preset]
    space = ActionSpace(rules)
    enc = ObservationEncoder(rules, space)
    rng = random.Random(preset)
    for i in range(60):
        h = Hand.from_rng(rules, rng, i % rules.num_players)
        while not h.over:
            codes = h.legal_codes()
            mask = space.mask(codes)
            assert int(mask.sum()) == len(set(codes))
            for c in codes:
                assert space.describe(space.to_index(c)) == h.describe(c)
            if i < 3:
                assert h.to_act is not None
                obs = enc.observation(view(h, h.to_act))
                assert obs.shape == (enc.observation_size,) and obs.dtype == np.float32
                assert obs.min() >= -1.0 and obs.max() <= 1.0
            h.step(codes[rng.randrange(len(codes))])
        assert len(h.history) <= max_game_length(rules)
        s = h.score()
        assert s is not None and max(abs(x) for x in s.by_team) <= utility_bound(rules)


def test_observation_depends_only_on_the_view() -> None:
    """Deals that differ only in the others' cards look the same to a seat."""
    rules = twentyeight.PRESETS["28"]
    enc = ObservationEncoder(rules)
    h = Hand.from_seed(rules, seed=4, dealer=3)
    mine = set(h.deal[0])
    others = [c for c in range(rules.deck.size) if c not in mine]
    random.Random(1).shuffle(others)
    deal = [list(h.deal[0])] + [others[k * 8:(k + 1) * 8] for k in range(3)]
    g = Hand(rules, 3, deal)
    assert g.deal != h.deal
    a, b = enc.observation(view(h, 0)), enc.observation(view(g, 0))
    assert np.array_equal(a, b)
    assert not np.array_equal(enc.observation(view(h, 1)), enc.observation(view(g, 1)))


# ---- PettingZoo ----------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["28", "29"])
def test_pettingzoo_api_and_seed_tests(preset: str) -> None:
    pytest.importorskip("pettingzoo", reason="pip install 'twentyeight[pettingzoo]'")
    from pettingzoo.test import (  # type: ignore[import-untyped, unused-ignore]
        api_test,
        seed_test,
    )

    from twentyeight.integrations.pettingzoo import env

    api_test(env(rules=preset), num_cycles=300, verbose_progress=False)
    seed_test(lambda: env(rules=preset), num_cycles=300)


def test_pettingzoo_rewards_are_team_game_points() -> None:
    pytest.importorskip("pettingzoo", reason="pip install 'twentyeight[pettingzoo]'")
    from twentyeight.integrations.pettingzoo import env

    e = env(rules="28")
    rng = np.random.default_rng(0)
    e.reset(seed=5)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        e.step(None if terminated or truncated else
               int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert e.hand is not None and e.hand.over
    s = e.hand.score()
    assert s is not None
    assert [totals[f"seat_{i}"] for i in range(4)] == [float(s.by_team[i % 2]) for i in range(4)]
    e.reset(seed=6)
    with pytest.raises(ValueError, match="not legal"):
        obs = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))


def test_pettingzoo_refuses_bad_actions_and_changes_nothing() -> None:
    """Researcher's walk, item 2: an index past the end or below 0, a float, ``None`` for the
    agent to act, a step before ``reset`` and a dealer that does not exist each get a clear
    error (they were IndexError, action 97 for -1, action 3 for 3.7, bare AssertionError)."""
    pytest.importorskip("pettingzoo", reason="pip install 'twentyeight[pettingzoo]'")
    from twentyeight.integrations.pettingzoo import env

    with pytest.raises(ValueError, match=r"dealer 7 does not exist \(0 to 3\)"):
        env(rules="28", dealer=7)
    e = env(rules="28")
    with pytest.raises(RuntimeError, match=r"reset\(\) before step"):
        e.step(0)
    with pytest.raises(RuntimeError, match=r"reset\(\) before observe"):
        e.observe("seat_0")
    e.reset(seed=0)
    assert e.hand is not None
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    legal = int(np.flatnonzero(mask)[0])
    history = list(e.hand.history)
    for bad, error, message in [
        (98, ValueError, r"action 98 does not exist \(0 to 97\)"),
        (10**6, ValueError, "does not exist"),
        (-1, ValueError, r"action -1 does not exist \(0 to 97\)"),
        (3.7, TypeError, "integer"),
        (np.float64(legal), TypeError, "integer"),
        ("1", TypeError, "integer"),
        (True, TypeError, "integer"),
        (None, ValueError, r"step\(None\) is only for an agent that is done"),
    ]:
        with pytest.raises(error, match=message):
            e.step(bad)
        assert e.hand.history == history and e.agent_selection == agent
    e.step(np.int64(legal))                            # numpy integers still work
    assert len(e.hand.history) == len(history) + 1
    agent = e.agent_selection
    e.step(np.array(int(np.flatnonzero(e.observe(agent)["action_mask"])[0])))
    assert len(e.hand.history) == len(history) + 2
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        e.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(RuntimeError, match=r"call reset\(\)"):
        e.step(None)


# ---- OpenSpiel -----------------------------------------------------------------------------
def _openspiel() -> Any:
    pyspiel = pytest.importorskip("pyspiel", reason="pip install 'twentyeight[openspiel]'")
    import twentyeight.integrations.openspiel  # noqa: F401

    return pyspiel


def _deal(state: Any, rng: Any) -> None:
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])


@pytest.mark.parametrize("preset", ["28", "29"])
def test_openspiel_random_sim_test(preset: str) -> None:
    pyspiel = _openspiel()
    game = pyspiel.load_game("python_twentyeight", {"rules": preset})
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    same = pyspiel.load_game(f"python_twentyeight(rules=preset:{preset},dealer=2)")
    assert same.num_distinct_actions() == game.num_distinct_actions()


def test_openspiel_refuses_illegal_actions_and_impossible_chance_outcomes() -> None:
    """Researcher's walk, items 1 and 2: ``apply_action`` used to apply anything — a card
    played in the auction, a card dealt twice (a pack with two QS, played to the end) — and an
    index past the end was a bare IndexError.  Now each raises a clear error that is both a
    ``pyspiel.SpielError`` and a ``ValueError``, and the state is unchanged."""
    pyspiel = _openspiel()
    from twentyeight.integrations.openspiel import IllegalActionError

    assert issubclass(IllegalActionError, pyspiel.SpielError)
    assert issubclass(IllegalActionError, ValueError)
    game = pyspiel.load_game("python_twentyeight", {"rules": "28"})
    state = game.new_initial_state()
    state.apply_action(5)

    def refused(action: int, message: str) -> None:
        before = (str(state), list(state.history()), state.move_number())
        with pytest.raises(IllegalActionError, match=message):
            state.apply_action(action)
        assert (str(state), list(state.history()), state.move_number()) == before

    refused(5, r"chance outcome 5 \(QS\) is not possible now: that card is already dealt")
    refused(32, r"chance outcome 32 does not exist \(0 to 31")
    refused(-2, "chance outcome -2 does not exist")
    for card in range(32):
        if card != 5:
            state.apply_action(card)
    assert not state.is_chance_node() and 0 not in state.legal_actions()
    refused(0, r"player 1: action 0 \(play JS\) is not legal now")
    refused(98, r"action 98 does not exist \(0 to 97\)")
    refused(10**6, "action 1000000 does not exist")
    refused(-2, "action -2 does not exist")
    with pytest.raises(ValueError, match="does not exist"):
        state.action_to_string(state.current_player(), 98)
    with pytest.raises(pyspiel.SpielError):              # OpenSpiel's own check still applies
        state.apply_action_with_legality_check(0)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
    refused(legal[0], "the hand is over")


def test_openspiel_deal_is_card_by_card_chance() -> None:
    pyspiel = _openspiel()
    game = pyspiel.load_game("python_twentyeight", {"rules": "28"})
    state = game.new_initial_state()
    counts = []
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        counts.append(len(outcomes))
        state.apply_action(outcomes[0][0])
    assert counts == list(range(32, 0, -1))           # a uniform permutation of the pack
    assert state.hand is not None and state.current_player() == state.hand.first


@pytest.mark.parametrize("preset", ["28", "29"])
def test_openspiel_resample_keeps_the_information_state(preset: str) -> None:
    pyspiel = _openspiel()
    game = pyspiel.load_game("python_twentyeight", {"rules": preset})
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    _deal(state, rng)
    moved = 0
    checked = 0
    while not state.is_terminal():
        p = state.current_player()
        if len(state.history()) % 5 == 0:
            key = state.information_state_string(p)
            obs = state.observation_tensor(p)
            for _ in range(5):
                sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0., 1.))
                assert sample.information_state_string(p) == key
                assert sample.observation_tensor(p) == obs
                moved += sample.hand.deal != state.hand.deal
            checked += 1
        legal = state.legal_actions()
        state.apply_action(legal[rng.randint(len(legal))])
    assert checked >= 3 and moved > 0                   # the samples are other deals


def test_openspiel_ismcts_and_mcts_bots_play() -> None:
    pyspiel = _openspiel()
    from open_spiel.python.algorithms import (  # type: ignore[import-untyped, unused-ignore]
        ismcts,
        mcts,
    )

    game = pyspiel.load_game("python_twentyeight", {"rules": "28"})
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bots = [ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=20,
                             random_state=np.random.RandomState(2)),
            mcts.MCTSBot(game, uct_c=2.0, max_simulations=20, evaluator=evaluator,
                         random_state=np.random.RandomState(3))]
    rng = np.random.RandomState(4)
    for bot in bots:
        state = game.new_initial_state()
        _deal(state, rng)
        for _ in range(6):
            if state.is_terminal():
                break
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        assert len(state.history()) > 32


def test_openspiel_tensors_have_the_declared_sizes() -> None:
    pyspiel = _openspiel()
    game = pyspiel.load_game("python_twentyeight", {"rules": "29"})
    state = game.new_initial_state()
    _deal(state, np.random.RandomState(0))
    p = state.current_player()
    assert len(state.information_state_tensor(p)) == game.information_state_tensor_size()
    assert len(state.observation_tensor(p)) == game.observation_tensor_size()
    assert "history" in state.information_state_string(p)


# ---- Gymnasium -----------------------------------------------------------------------------
@pytest.mark.parametrize("preset", ["28", "29", "28-6p"])
def test_gymnasium_check_env(preset: str) -> None:
    pytest.importorskip("gymnasium", reason="pip install 'twentyeight[gymnasium]'")
    from gymnasium.utils.env_checker import check_env

    from twentyeight.integrations.gymnasium import TwentyEightEnv

    check_env(TwentyEightEnv(rules=preset, opponents="rules"), skip_render_check=True)


def test_gymnasium_episode_and_illegal_actions() -> None:
    gym = pytest.importorskip("gymnasium", reason="pip install 'twentyeight[gymnasium]'")
    from twentyeight.integrations.gymnasium import TwentyEightEnv

    env = gym.make("twentyeight/TwentyEight-v0", rules="29", seat=1,
                   opponents=["rules", "random", "rules"])
    obs, info = env.reset(seed=2)
    assert np.array_equal(obs["action_mask"], info["action_mask"]) and info["legal"]
    done, reward = False, 0.0
    while not done:
        obs, reward, terminated, truncated, info = env.step(
            int(np.flatnonzero(obs["action_mask"])[0]))
        done = terminated or truncated
    assert "score_by_team" in info and reward == info["score_by_team"][1 % 2]
    strict = TwentyEightEnv(rules="28", illegal_action="raise")
    obs, _ = strict.reset(seed=1)
    with pytest.raises(ValueError, match="not legal"):
        strict.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    lenient = TwentyEightEnv(rules="28")
    obs, _ = lenient.reset(seed=1)
    _, reward, terminated, _, info = lenient.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert terminated and reward == -5.0 and info["illegal_action"]


def test_gymnasium_out_of_range_actions_follow_the_illegal_policy() -> None:
    """Researcher's walk, item 2: an index past the end (or below 0) was a bare IndexError
    (or action 97 for -1) whatever ``illegal_action`` said; it is now an illegal action like
    any other.  A float is refused with TypeError (it was truncated), a step before ``reset``
    with RuntimeError, a dealer that does not exist with ValueError; none changes the hand."""
    pytest.importorskip("gymnasium", reason="pip install 'twentyeight[gymnasium]'")
    from twentyeight.integrations.gymnasium import TwentyEightEnv

    with pytest.raises(ValueError, match=r"dealer 7 does not exist \(0 to 3\)"):
        TwentyEightEnv(rules="28", dealer=7)
    with pytest.raises(RuntimeError, match=r"reset\(\) before step"):
        TwentyEightEnv(rules="28").step(0)
    for bad in (98, -1, 10**6):
        env = TwentyEightEnv(rules="28", seat=0, dealer=3)
        env.reset(seed=7)
        _, reward, terminated, _, info = env.step(bad)
        assert terminated and reward == -5.0 and info["illegal_action"]
        strict = TwentyEightEnv(rules="28", illegal_action="raise")
        strict.reset(seed=7)
        assert strict.hand is not None
        history = list(strict.hand.history)
        with pytest.raises(ValueError, match=rf"action {bad} does not exist \(0 to 97\)"):
            strict.step(bad)
        assert strict.hand.history == history
        lenient = TwentyEightEnv(rules="28", illegal_action="random")
        lenient.reset(seed=7)
        assert lenient.hand is not None
        played = len(lenient.hand.history)
        lenient.step(bad)
        assert len(lenient.hand.history) > played    # a random legal action was played
    for mode in ("terminate", "random", "raise"):
        env = TwentyEightEnv(rules="28", illegal_action=mode)
        obs, _ = env.reset(seed=1)
        assert env.hand is not None
        history = list(env.hand.history)
        legal = int(np.flatnonzero(obs["action_mask"])[0])
        for bad in (legal + 0.7, np.float32(legal), "0", None):
            with pytest.raises(TypeError, match="integer"):
                env.step(bad)  # type: ignore[arg-type]
            assert env.hand.history == history
        env.step(np.int64(legal))                        # numpy integers still work
        assert len(env.hand.history) > len(history)


def test_gymnasium_refuses_a_bot_that_must_see_the_deal() -> None:
    """Issue 10 item 4: ``oracle`` is refused when the environment is made, with the message
    of every table (it used to fail at the first ``reset``, deep in its first decision)."""
    pytest.importorskip("gymnasium", reason="pip install 'twentyeight[gymnasium]'")
    from twentyeight.bots import BotError
    from twentyeight.integrations.gymnasium import TwentyEightEnv

    with pytest.raises(BotError, match="'oracle' sees every hand"):
        TwentyEightEnv(rules="28", opponents=["rules", "oracle", "rules"])


# ---- the examples, as a user runs them -----------------------------------------------------
@pytest.mark.parametrize(("script", "args", "needs"), [
    ("pettingzoo_random.py", ["--hands", "3"], "pettingzoo"),
    ("openspiel_mcts.py", ["--hands", "1", "--simulations", "5"], "pyspiel"),
    ("gymnasium_train.py", ["--episodes", "20", "--eval", "5"], "gymnasium"),
])
def test_examples_run(script: str, args: list[str], needs: str) -> None:
    pytest.importorskip(needs, reason=f"{script} needs {needs}")
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / script), *args],
                          capture_output=True, text=True, timeout=120, check=False, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "mean reward" in proc.stdout or "mean return" in proc.stdout


def test_benchmark_runs() -> None:
    pytest.importorskip("pyspiel", reason="the benchmark measures every adapter")
    pytest.importorskip("pettingzoo", reason="the benchmark measures every adapter")
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "adapter_speed.py"),
                           "--seconds", "0.05", "--json"], capture_output=True, text=True,
                          timeout=120, check=False, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "pettingzoo AEC" in proc.stdout

"""The PettingZoo adapter (:mod:`agent.env`) over every registered game: PettingZoo's own
``api_test`` and ``seed_test``, and the kits' codecs (menu round trips, masks against the game's
own refusals, rewards summing to the payoff, turns with messages, one-line refusals)."""

from __future__ import annotations

import subprocess
import sys
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from agent.env import AccordEnv, to_pettingzoo
from agent.registry import default_registry
from games.base import Turn

GAMES = default_registry().games
FULL_MASK_CHECK = 2_000
"""Menus up to this size are checked entry by entry at every state; larger ones at a sample."""


def _env(name: str) -> AccordEnv:
    return to_pettingzoo(name)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a Dict observation is "not a NumPy array" for any env outside its own list
        warnings.simplefilter("ignore")
        api_test(_env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name: str) -> None:
    seed_test(lambda: _env(name), num_cycles=100)


def _checked_indices(env: AccordEnv, rng: np.random.Generator) -> list[int]:
    if env.size <= FULL_MASK_CHECK:
        return list(range(env.size))
    sample = rng.choice(env.size, size=300, replace=False).tolist()
    return sorted({*range(8), env.size - 1, *sample})


def _masked_episode(env: AccordEnv, seed: int, steps: int):
    """Yield the env before each of up to ``steps`` masked random turns of game ``seed``."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        if env.state.is_terminal():
            return
        yield rng
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("name", GAMES)
def test_mask_is_what_the_game_accepts(name: str) -> None:
    env = _env(name)
    for rng in _masked_episode(env, seed=3, steps=12):
        seat = env.state.current_player
        mask = env.observe(env.agent_selection)["action_mask"]
        assert mask.dtype == np.int8 and mask.any(), f"{name}: no legal entry for the seat to move"
        for index in _checked_indices(env, rng):
            accepted = env.state.refusal(Turn(actions=env.menu[index])) is None
            assert bool(mask[index]) == accepted, f"{name}: entry {index} {env.menu[index]!r}"
        for other in range(env.game.facts.num_players):
            if other != seat:
                assert not env.action_mask(other).any(), f"{name}: seat {other} has moves out of turn"


@pytest.mark.parametrize("name", GAMES)
def test_menu_round_trips(name: str) -> None:
    env = _env(name)
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    for index in _checked_indices(env, rng)[:200]:
        assert env.menu.position(env.menu[index]) == index
    with pytest.raises(ValueError, match="does not offer"):
        env.menu.position(("not an action",))


@pytest.mark.parametrize("name", GAMES)
def test_rewards_sum_to_the_payoff(name: str) -> None:
    env = _env(name)
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    total = dict.fromkeys(env.possible_agents, 0.0)
    while not env.state.is_terminal():
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(rng.choice(np.flatnonzero(mask))))
        for agent, reward in env.rewards.items():
            total[agent] += reward
    payoff = float(getattr(env.state.metrics(), type(env.state.metrics()).payoff))
    assert all(env.terminations.values())
    assert [total[a] for a in env.possible_agents] == pytest.approx([payoff] * len(total), abs=1e-9)


@pytest.mark.parametrize("name", GAMES)
def test_a_turn_carries_a_message(name: str) -> None:
    env = _env(name)
    env.reset(seed=2)
    agent = env.agent_selection
    first = int(np.flatnonzero(env.observe(agent)["action_mask"])[0])
    turn = env.turn_space(agent)
    action = {"action": first, "message": "hello, partner: ünïcode →"}
    assert turn.contains(action)
    env.step(action)
    assert env.state.history[-1].turn.message == action["message"]
    assert env.state.history[-1].turn.actions == tuple(env.menu[first])


@pytest.mark.parametrize("name", GAMES)
def test_an_illegal_action_is_refused_in_one_line(name: str) -> None:
    env = _env(name)
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = (len(env.state.history), env.state.current_player, env.state.returns())
    bad = [env.size, -1, "north", 1.5, {"action": 0}]
    if not mask.all():
        bad.append(int(np.flatnonzero(mask == 0)[0]))
    for action in bad:
        with pytest.raises(ValueError) as refused:
            env.step(action)
        assert "\n" not in str(refused.value) and str(refused.value)
    assert (len(env.state.history), env.state.current_player, env.state.returns()) == before


def test_reset_without_a_seed_plays_the_next_seed() -> None:
    env = _env(GAMES[0])
    env.reset()
    env.reset()
    assert env.seed == 1
    env.reset(seed=41)
    env.reset()
    assert env.seed == 42


def test_a_numpy_int_is_an_action() -> None:
    env = _env(GAMES[0])
    env.reset(seed=0)
    env.step(np.int32(0))
    assert len(env.state.history) == 1


def test_options_and_specs_reach_the_game() -> None:
    env = to_pettingzoo("hanabi(players=3)", hand_size=4)
    assert env.possible_agents == ["player_0", "player_1", "player_2"] and env.game.hand_size == 4


def test_the_adapter_is_not_imported_by_the_cli_or_the_registry() -> None:
    code = "import sys, agent.cli, agent.registry; sys.exit('pettingzoo' in sys.modules or 'gymnasium' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_render_shows_the_public_history() -> None:
    env = to_pettingzoo(GAMES[0], render_mode="ansi")
    env.reset(seed=5)
    env.step({"action": 0, "message": "hello there"})
    text = env.render()
    assert text is not None and "seed 5" in text and "hello there" in text.splitlines()[-1]
    with pytest.raises(ValueError, match="render_mode is 'ansi' or None"):
        to_pettingzoo(GAMES[0], render_mode="human")


def test_bench_env_refuses_a_bad_spec_in_one_line() -> None:
    from typer.testing import CliRunner

    from agent.cli import app

    result = CliRunner().invoke(app, ["bench", "env", "--game", "hanabi(players=)"])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert result.exit_code == 2 and len(lines) == 1 and "malformed game spec" in lines[0]

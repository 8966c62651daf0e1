"""The Overcooked planners through the game's turn API: each intent is one legal move, a game
replays identically from its seed, planners leave the observation and the beliefs alone, the symbolic
planner trusts a same-planner partner and answers an unknown one, and self-play reaches the paper's
best scores (seed 002, Table 1)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from games.base import Turn
from games.overcooked import LAYOUTS
from games.overcooked.game import Move, OvercookedGame
from planners.overcooked_cac import symbolic_cac
from planners.overcooked_greedy import GreedyPlanner
from planners.overcooked_symbolic import SymbolicPlanner

PAPER_BEST = {
    "cramped_room": 216.9,
    "asymmetric_advantages": 260.0,
    "coordination_ring": 190.8,
    "forced_coordination": 180.0,
    "counter_circuit": 160.0,
}
"""Table 1's best score per layout (PBT, CAC[GPT-4-turbo], PPO_SP, CAC, CAC)."""

MAKERS: dict[str, Callable[[], Any]] = {
    "symbolic": SymbolicPlanner,
    "greedy": GreedyPlanner,
    "cac-symbolic": symbolic_cac,
}


def play(layout: str, seat0: Any, seat1: Any, seed: int, horizon: int = 400) -> tuple[int, list[str]]:
    """Play one game through the turn API; the score and every move played."""
    state = OvercookedGame(layout=layout, horizon=horizon).new_initial_state(seed)
    rngs = [np.random.default_rng([seed, seat]) for seat in (0, 1)]
    planners = (seat0, seat1)
    moves: list[str] = []
    while not state.is_terminal():
        player = state.current_player
        intent = planners[player].plan(None, state.observation(player), rngs[player])
        assert len(intent.actions) == 1 and isinstance(intent.actions[0], Move)
        moves.append(intent.actions[0].action)
        state.apply(Turn(actions=(intent.actions[0],)))
    return int(state.metrics().score), moves


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_every_intent_is_one_legal_move_and_a_game_replays(name: str) -> None:
    first = play("coordination_ring", MAKERS[name](), GreedyPlanner(), 7, horizon=60)
    again = play("coordination_ring", MAKERS[name](), GreedyPlanner(), 7, horizon=60)
    assert first == again
    assert len(first[1]) == 120


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_planners_do_not_change_what_they_read(name: str) -> None:
    state = OvercookedGame(layout="forced_coordination").new_initial_state(0)
    planner = MAKERS[name]()
    beliefs = SimpleNamespace(seen=[1, 2], note="kept")
    rng = np.random.default_rng(0)
    for _ in range(30):
        player = state.current_player
        observation = state.observation(player)
        before_obs, before_beliefs = observation.model_dump(), copy.deepcopy(vars(beliefs))
        intent = planner.plan(beliefs, observation, rng)
        assert observation.model_dump() == before_obs and vars(beliefs) == before_beliefs
        state.apply(Turn(actions=tuple(intent.actions)))


def test_the_symbolic_planner_trusts_itself_and_answers_a_greedy_partner() -> None:
    mine, partner = SymbolicPlanner(), SymbolicPlanner()
    play("cramped_room", mine, partner, 0, horizon=100)
    assert mine.trusted and partner.trusted
    mine = SymbolicPlanner()
    play("cramped_room", mine, GreedyPlanner(), 0, horizon=100)
    assert not mine.trusted


def test_a_new_game_resets_the_planner() -> None:
    planner = SymbolicPlanner()
    play("cramped_room", planner, GreedyPlanner(), 0, horizon=50)
    assert not planner.trusted
    state = OvercookedGame(layout="cramped_room").new_initial_state(1)
    planner.plan(None, state.observation(0), np.random.default_rng(0))
    assert planner.trusted


@pytest.mark.parametrize("layout", ["cramped_room", "forced_coordination"])
def test_symbolic_self_play_beats_the_papers_best(layout: str) -> None:
    score, _ = play(layout, SymbolicPlanner(), SymbolicPlanner(), 0)
    assert score > PAPER_BEST[layout]


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
def test_symbolic_self_play_beats_the_papers_best_on_every_layout(layout: str) -> None:
    scores = [play(layout, SymbolicPlanner(), SymbolicPlanner(), seed)[0] for seed in (0, 1, 2)]
    assert min(scores) > PAPER_BEST[layout]


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
def test_with_the_greedy_proxy_from_either_side(layout: str) -> None:
    table4 = {  # CAC[GPT-4-turbo], as Alice | as Bob
        "cramped_room": (160, 160),
        "asymmetric_advantages": (180, 200),
        "coordination_ring": (160, 140),
        "forced_coordination": (120, 80),
        "counter_circuit": (140, 100),
    }
    alice = np.mean([play(layout, SymbolicPlanner(), GreedyPlanner(), s)[0] for s in range(5)])
    bob = np.mean([play(layout, GreedyPlanner(), SymbolicPlanner(), s)[0] for s in range(5)])
    assert alice >= table4[layout][0] and bob >= table4[layout][1]

"""Planners only read beliefs: over a few turns of every offline preset of every game, a planner's
``plan()`` leaves the belief store exactly as it found it (the agent's own turn is recorded by the
store's ``record_own``, never by the planner)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import pytest

from agent.arena import play_game
from agent.registry import default_registry

REGISTRY = default_registry()
TURNS = 8


def snapshot(obj: Any, seen: frozenset[int] = frozenset()) -> Any:
    """A plain, comparable copy of ``obj``'s whole state (objects by their attributes, arrays by
    their bytes, sets sorted), to tell whether a call changed it."""
    if isinstance(obj, str | int | float | bool | type(None)):
        return obj
    if id(obj) in seen:
        return "<cycle>"
    seen = seen | {id(obj)}
    if isinstance(obj, np.ndarray):
        return ("array", str(obj.dtype), obj.shape, obj.tobytes())
    if isinstance(obj, Mapping):
        return ("map", [(repr(k), snapshot(v, seen)) for k, v in obj.items()])
    if isinstance(obj, set | frozenset):
        return ("set", sorted(repr(snapshot(v, seen)) for v in obj))
    if isinstance(obj, list | tuple):
        return (type(obj).__name__, [snapshot(v, seen) for v in obj])
    if hasattr(obj, "__dict__"):
        return (type(obj).__name__, snapshot(vars(obj), seen))
    return repr(obj)


class _Watched:
    """A planner wrapper that records every ``plan()`` that changed the belief store."""

    def __init__(self, inner: Any) -> None:
        self.inner = inner
        self.writes: list[str] = []

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Any:
        before = snapshot(beliefs)
        intent = self.inner.plan(beliefs, observation, rng)
        if snapshot(beliefs) != before:
            self.writes.append(f"{type(self.inner).__name__} changed {type(beliefs).__name__}")
        return intent

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


CASES = [(game, preset) for game in REGISTRY.games for preset in REGISTRY.preset_names(game, offline=True)]


@pytest.mark.parametrize(("game_name", "preset"), CASES)
def test_plan_leaves_the_belief_store_unchanged(game_name: str, preset: str) -> None:
    game = REGISTRY.make_game(game_name)
    agents = [REGISTRY.build_agent(REGISTRY.preset(game_name, preset)) for _ in range(game.facts.num_players)]
    watched: list[_Watched] = []
    for agent in agents:
        agent.planner = _Watched(agent.planner)
        watched.append(agent.planner)
    play_game(game, agents, seed=1, stop=lambda state: len(state.history) >= TURNS)
    assert [w for planner in watched for w in planner.writes] == []


def test_a_planner_writing_into_its_beliefs_is_caught() -> None:
    game_name = REGISTRY.games[0]
    game = REGISTRY.make_game(game_name)
    spec = REGISTRY.preset(game_name, REGISTRY.default_preset(game_name))
    agents = [REGISTRY.build_agent(spec) for _ in range(game.facts.num_players)]
    inner = agents[0].planner

    class Writer:
        def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Any:
            beliefs.scribble = getattr(beliefs, "scribble", 0) + 1
            return inner.plan(beliefs, observation, rng)

    watched = _Watched(Writer())
    agents[0].planner = watched
    play_game(game, agents, seed=1, stop=lambda state: len(state.history) >= 2)
    assert watched.writes == ["Writer changed " + type(agents[0].beliefs).__name__]

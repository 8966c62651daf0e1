"""Mediation agents end to end: self-play through the registry, determinism, baseline, messages
reaching the assistant's store from the right users."""

from __future__ import annotations

import numpy as np
import pytest

from agent.arena import selfplay
from agent.kits.dialop_mediation import NAME as FAMILY
from agent.kits.dialop_mediation import kit
from agent.registry import Registry, default_registry
from games.dialop.mediation_game import MediationGame

SEEDS = range(12)


@pytest.fixture(scope="module")
def registry() -> Registry:
    """A registry with only this game (independent of the other tasks' registrations)."""
    reg = Registry()
    reg.register_kit(kit())
    return reg


@pytest.fixture(scope="module")
def solver_games(registry):
    game = registry.make_game(FAMILY)
    return selfplay(game, registry.preset(FAMILY, "solver"), seeds=SEEDS, registry=registry)


def test_registration(registry):
    assert registry.default_preset(FAMILY) == "solver"
    assert {"solver", "random"} <= set(registry.preset_names(FAMILY))
    assert {"rules", "off"} <= set(registry.kit(FAMILY).slots["parser"].implementations)
    assert {"template", "off"} <= set(registry.kit(FAMILY).slots["renderer"].implementations)
    assert not registry.llm_stages(registry.preset(FAMILY, "solver"))


def test_default_registry_builds_the_solver():
    reg = default_registry()
    assert reg.default_preset(FAMILY) == "solver"
    agent = reg.build_agent(reg.preset(FAMILY, "solver"))
    assert agent.name == "solver"


def test_solver_selfplay_agrees_without_refused_turns(solver_games):
    for record in solver_games:
        assert record.refused == []
        assert record.metrics["agreed"]


def test_solver_beats_humans_with_fewer_words(solver_games):
    scores = [r.metrics["normalized_score"] for r in solver_games]
    words = [sum(r.metrics["words"]) for r in solver_games]
    assert np.mean(scores) >= 0.97  # humans: 0.97 with 119 words
    assert np.mean(words) < 119


def test_solver_far_above_random(registry, solver_games):
    game = registry.make_game(FAMILY)
    random_games = selfplay(game, registry.preset(FAMILY, "random"), seeds=SEEDS, registry=registry)
    assert all(r.refused == [] for r in random_games)
    solver = np.mean([r.metrics["normalized_score"] for r in solver_games])
    baseline = np.mean([r.metrics["normalized_score"] for r in random_games])
    assert solver > baseline + 0.2


def test_same_seed_same_game(registry, solver_games):
    game = registry.make_game(FAMILY)
    again = selfplay(game, registry.preset(FAMILY, "solver"), seeds=SEEDS[:3], registry=registry)
    for first, second in zip(solver_games[:3], again, strict=True):
        assert first.transcript == second.transcript and first.metrics == second.metrics


def test_messages_are_natural_language(solver_games):
    for record in solver_games:
        for entry in record.transcript:
            assert "{" not in entry["message"] and "[" not in entry["message"]


def test_assistant_attributes_messages_to_their_speakers(registry):
    game = registry.make_game(FAMILY)
    record = selfplay(game, registry.preset(FAMILY, "solver"), seeds=[0], registry=registry)[0]
    assert record.transcript[1]["player"] == "user-0"
    state = MediationGame().new_initial_state(0)
    agents = [registry.build_agent(registry.preset(FAMILY, "solver")) for _ in range(3)]
    for agent, seed in zip(agents, range(3), strict=True):
        agent.reset(np.random.default_rng(seed))
    state.apply(agents[2].act(state.observation(2)))
    state.apply(agents[0].act(state.observation(0)))
    agents[2].act(state.observation(2))
    beliefs = agents[2].beliefs
    assert beliefs.answered == [True, False]


@pytest.mark.parametrize("index", [0, 81])
def test_recorded_instances_play_cleanly(registry, index):
    game = MediationGame(instance=index)
    record = selfplay(game, registry.preset(FAMILY, "solver"), seeds=[0], registry=registry)[0]
    assert record.refused == [] and record.metrics["agreed"]
    assert record.metrics["normalized_score"] >= 0.9

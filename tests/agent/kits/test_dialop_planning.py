"""Tests of the DialOp Planning agents' registration and self-play through the registry."""

from __future__ import annotations

import numpy as np
import pytest

from agent.arena import selfplay
from agent.registry import default_registry

FAMILY = "dialop_planning"


@pytest.fixture(scope="module")
def registry():
    return default_registry()


@pytest.fixture(scope="module")
def game(registry):
    return registry.make_game(FAMILY)


@pytest.fixture(scope="module")
def solver_games(registry, game):
    return selfplay(game, registry.preset(FAMILY, "solver"), seeds=range(12), registry=registry)


def test_registration(registry) -> None:
    assert registry.default_preset(FAMILY) == "solver"
    assert {"solver", "random"} <= set(registry.preset_names(FAMILY, offline=True))
    for slot, names in (("parser", ("rules", "off")), ("renderer", ("template", "off"))):
        assert set(names) <= set(registry.kit(FAMILY).slots[slot].implementations)
    assert not registry.llm_stages(registry.preset(FAMILY, "solver"))


def test_selfplay_no_refusals_and_beats_random(registry, game, solver_games) -> None:
    assert all(r.refused == [] for r in solver_games)
    assert all(r.metrics["agreed"] for r in solver_games)
    solver = np.mean([r.metrics["normalized_score"] for r in solver_games])
    random = selfplay(game, registry.preset(FAMILY, "random"), seeds=range(12), registry=registry)
    assert all(r.refused == [] for r in random)
    assert solver >= 0.9
    assert solver > np.mean([r.metrics["normalized_score"] for r in random]) + 0.25
    assert np.mean([sum(r.metrics["words"]) for r in solver_games]) < 143


def test_selfplay_is_deterministic(registry, game, solver_games) -> None:
    again = selfplay(game, registry.preset(FAMILY, "solver"), seeds=range(3), registry=registry)
    for first, second in zip(solver_games[:3], again, strict=True):
        assert first.transcript == second.transcript
        assert first.metrics == second.metrics

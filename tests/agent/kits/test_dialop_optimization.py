"""The registered DialOp Optimization agents in self-play."""

from __future__ import annotations

import numpy as np
import pytest

from agent.arena import selfplay
from agent.kits.dialop_optimization import kit
from agent.registry import Registry

FAM = "dialop_optimization"


@pytest.fixture(scope="module")
def registry() -> Registry:
    """A registry holding only this game, so that the tests do not depend on the other tasks."""
    reg = Registry()
    reg.register_kit(kit())
    return reg


def scores(records: list) -> np.ndarray:
    return np.array([r.metrics["normalized_score"] for r in records])


def test_presets_registered(registry: Registry) -> None:
    assert registry.default_preset(FAM) == "solver"
    assert {"solver", "random"} <= set(registry.preset_names(FAM))


def test_solver_selfplay_beats_random_with_few_words(registry: Registry) -> None:
    game = registry.make_game(FAM)
    solver = selfplay(game, registry.preset(FAM, "solver"), seeds=range(12), registry=registry)
    random = selfplay(game, registry.preset(FAM, "random"), seeds=range(12), registry=registry)
    assert all(r.refused == [] for r in solver + random)
    assert scores(solver).mean() >= 0.92 and scores(solver).mean() > scores(random).mean() + 0.2
    assert np.mean([sum(r.metrics["words"]) for r in solver]) < 177


def test_selfplay_is_deterministic(registry: Registry) -> None:
    game = registry.make_game(FAM)
    spec = registry.preset(FAM, "solver")
    first = selfplay(game, spec, seeds=[3, 4], registry=registry)
    again = selfplay(game, spec, seeds=[3, 4], registry=registry)
    assert [r.transcript for r in first] == [r.transcript for r in again]


@pytest.mark.parametrize("k", [1, 3, 11])
def test_any_table_size(registry: Registry, k: int) -> None:
    game = registry.make_game(FAM, k=k, max_tries=50)
    records = selfplay(game, registry.preset(FAM, "solver"), seeds=range(2), registry=registry)
    assert all(r.refused == [] and r.metrics["agreed"] for r in records)


@pytest.mark.parametrize("partner", ["random", "mute", "deaf"])
def test_solver_with_other_partners(registry: Registry, partner: str) -> None:
    """Against the random baseline, a solver that never speaks and one that hears nothing."""
    game = registry.make_game(FAM)
    solver = registry.preset(FAM, "solver")
    spec = {
        "random": registry.preset(FAM, "random"),
        "mute": solver.with_slots(renderer="off").named("mute"),
        "deaf": solver.with_slots(parser="off").named("deaf"),
    }[partner]
    records = selfplay(game, solver, seeds=range(4), registry=registry, partner=spec)
    assert all(r.refused == [] and r.metrics["agreed"] for r in records)

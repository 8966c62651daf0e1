"""The Overcooked kit's agents (``agent/kits/overcooked/agents.py``) as the kit declares them: every preset builds and plays through the referee loop, the Table 1 and
Table 4 sweep files expand into the cells they describe (both seats for Table 4), and the planner
benchmark times the same decisions as its reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent.arena import play_game
from agent.kits.overcooked import kit
from agent.kits.overcooked.agents import DEFAULT_PRESET, planners, presets
from agent.kits.overcooked.bench_planners import planner_decisions
from agent.registry import Registry
from agent.sweep import parse_sweep
from games.overcooked import LAYOUTS

SWEEPS = Path(__file__).parents[3] / "agent" / "kits" / "overcooked" / "sweeps"


def _registry() -> Registry:
    """The registry with the overcooked kit as it ships."""
    registry = Registry()
    registry.register_kit(kit())
    return registry


def test_the_kit_declares_these_planners_and_presets() -> None:
    declared = kit()
    assert set(planners()) <= set(declared.slots["planner"].implementations)
    assert [p.name for p in declared.presets] == [p.name for p in presets()]
    assert declared.default_preset == DEFAULT_PRESET and declared.paper == ("table1", "table4")


@pytest.mark.parametrize("preset", ["symbolic", "greedy", "cac-symbolic", "random"])
def test_every_offline_preset_plays_through_the_referee(preset: str) -> None:
    registry = _registry()
    game = registry.make_game("overcooked", layout="cramped_room", horizon=40)
    agents = [registry.build_agent(registry.preset("overcooked", preset)) for _ in range(2)]
    record = play_game(game, agents, seed=3)
    assert not record.refused and record.metrics["steps"] == 40


def test_the_language_model_preset_needs_a_model() -> None:
    registry = _registry()
    assert registry.llm_stages(registry.preset("overcooked", "cac"))
    assert not registry.llm_stages(registry.preset("overcooked", "cac-symbolic"))


def test_the_table1_sweep_is_self_play_of_four_presets_on_five_layouts() -> None:
    sweep = parse_sweep((SWEEPS / "table1.toml").read_text(), _registry())
    assert len(sweep.cells) == 20 and sweep.total == 2000
    for cell in sweep.cells:
        assert cell.agents[0] == cell.agents[1] and cell.game_options["layout"] in LAYOUTS
    best = {f.where["layout"]: f.figures["score"] for f in sweep.paper if f.where.get("preset") == "symbolic"}
    assert best == {
        "cramped_room": 216.9,
        "asymmetric_advantages": 260.0,
        "coordination_ring": 190.8,
        "forced_coordination": 180.0,
        "counter_circuit": 160.0,
    }


def test_the_table4_sweep_pairs_our_agents_with_the_proxy_from_both_seats() -> None:
    sweep = parse_sweep((SWEEPS / "table4.toml").read_text(), _registry())
    pairs = {(c.params["preset"], c.params["opponent"]) for c in sweep.cells}
    assert pairs == {
        ("symbolic", "greedy"),
        ("cac-symbolic", "greedy"),
        ("greedy", "symbolic"),
        ("greedy", "cac-symbolic"),
    }
    assert len(sweep.cells) == 20
    seat1 = {f.where["layout"]: f.figures["score"] for f in sweep.paper if "preset" in f.where}
    assert seat1["forced_coordination"] == 80.0 and len(sweep.paper) == 10


def test_the_planner_benchmark_times_the_same_decisions() -> None:
    result = planner_decisions("cramped_room", steps=30)
    assert result["same_decisions"] and result["decisions"] == 60
    assert result["symbolic_per_s"] > 0 and result["reference_per_s"] > 0

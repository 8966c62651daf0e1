"""AsymPuzl's LLM agent: the paper's prompt in, a message and validated edits out, rule fallback."""

import json

import numpy as np

from agent.arena import play_game
from agent.registry import default_registry
from agent.summaries import llm_usage, record_rows
from language.asympuzl_llm import ASYMPUZL
from language.llm_client import LLMConfig
from language.scripted_server import Reply


def _decision(message, edits):
    acts = [{"act": "puzl_edit", "replace": p, "by": {"shape": s, "color": c}} for p, s, c in edits]
    return Reply.json({"thought": "share everything", "acts": acts, "message": message})


def _agents(server, registry):
    config = LLMConfig(model="scripted", base_url=server.url, max_reasks=1)
    spec = registry.preset("asympuzl", "llm")
    return [registry.build_agent(spec, config) for _ in range(2)]


def test_two_model_players_solve_a_puzzle_in_two_turns_from_the_paper_prompt(llm_server):
    registry = default_registry()
    game = registry.make_game("asympuzl", size=3, feedback="both")
    truth = game.new_initial_state(7).truth
    order = ", ".join(p.shape for p in truth)
    colors = ". ".join(f"the {p.shape} is {p.color}" for p in truth)
    fixes = [(i + 1, p.shape, p.color) for i, p in enumerate(truth)]
    llm_server.replies.extend(
        [
            _decision(f"My shapes in order: {order}.", []),
            _decision(f"Colors: {colors}.", fixes),
            _decision("Thanks, done.", fixes),
        ]
    )
    record = play_game(game, _agents(llm_server, registry), 7)
    assert record.metrics["solved"] and record.metrics["turns_to_solve"] == 2
    usage = llm_usage(record_rows([record]))  # the summary's accounting of the model
    assert usage is not None and usage["calls"] == 3 and usage["fallbacks"] == 0
    first = json.dumps(llm_server.requests[0])
    assert "Your goal is to solve a symbolic puzzle with 3 positions" in first
    assert "Your current working hypothesis" in first and "Output format" in first
    assert order in json.dumps(llm_server.requests[1])  # B's prompt shows A's message


def test_an_invalid_edit_is_re_asked_then_the_neurosymbolic_planner_plays(llm_server):
    registry = default_registry()
    game = registry.make_game("asympuzl", size=3)
    llm_server.replies.extend([_decision("hi", [(9, "square", "red")]), _decision("hi", [(1, "blob", "red")])])
    agents = _agents(llm_server, registry)
    state = game.new_initial_state(0)
    agents[0].reset(np.random.default_rng(0))
    turn = agents[0].act(state.observation(0))
    assert agents[0].llm.usage.fallbacks == 1
    assert "position 9 is outside 1..3" in json.dumps(llm_server.requests[1])
    # the neurosymbolic fallback opens as it always does: Alice states the shape order
    assert all(piece.shape in turn.message for piece in state.truth)
    assert ASYMPUZL.decision_errors([], None, state.observation(0)) == []

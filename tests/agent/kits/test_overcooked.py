"""The Overcooked kit: its presets play legal, deterministic games through the referee loop on every
layout; a switched-off planner stays put; the belief store follows the partner's actions; a person
plays in the terminal; ``accord bench overcooked`` times the engine."""

from __future__ import annotations

import json

import pytest
from rich.console import Console
from typer.testing import CliRunner

from agent.arena import play_game
from agent.cli import app
from agent.kits.overcooked import terminal
from agent.registry import default_registry
from beliefs.overcooked import OvercookedBeliefs
from games.base import Turn
from games.overcooked import LAYOUTS, Chef, Kitchen, Move, Obj, OvercookedGame
from planners.random_moves import UniformMovePlanner

REGISTRY = default_registry()


def _play(layout: str, seed: int, preset: str = "random", horizon: int = 60):
    game = REGISTRY.make_game("overcooked", layout=layout, horizon=horizon)
    agents = [REGISTRY.build_agent(REGISTRY.preset("overcooked", preset)) for _ in range(2)]
    return play_game(game, agents, seed)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_random_preset_plays_deterministic_legal_games(layout: str) -> None:
    first, again, other = _play(layout, 3), _play(layout, 3), _play(layout, 4)
    assert first.transcript == again.transcript and first.metrics == again.metrics
    assert first.transcript != other.transcript  # the agents' generators come from the seed
    assert first.refused == [] and len(first.transcript) == 120 and first.metrics["steps"] == 60
    moves = {entry["actions"][0]["action"] for entry in first.transcript}
    assert moves == {"north", "south", "east", "west", "stay", "interact"}


def test_a_switched_off_planner_leaves_its_chef_where_it_is() -> None:
    game = OvercookedGame(horizon=10)
    spec = REGISTRY.preset("overcooked", "random")
    agents = [REGISTRY.build_agent(spec.with_slots(planner="off")), REGISTRY.build_agent(spec)]
    record = play_game(game, agents, seed=0)
    assert record.refused == [] and all("actions" not in e for e in record.transcript[::2])
    state = game.new_initial_state(0)
    for entry in record.transcript:
        state.apply_action(Move(action=entry["actions"][0]["action"]).index if "actions" in entry else 4)
    assert state.kitchen.chefs[0].position == game.layout.starts[0]


def test_the_belief_store_records_the_partners_resolved_actions() -> None:
    state = OvercookedGame().new_initial_state(0)
    beliefs = OvercookedBeliefs(state.observation(1))
    for alice, bob in ((0, 4), (5, 2), (3, 3)):
        state.apply_action(alice, "onions" if alice == 5 else "")
        beliefs.observe(state.observation(1))
        state.apply_action(bob)
    beliefs.observe(state.observation(1))
    assert beliefs.seat == 1 and beliefs.partner == ["north", "interact", "west"]
    assert beliefs.kitchen == state.kitchen
    context = beliefs.context(state.observation(1), 0)
    assert context.speaker == 0 and context.names == ("Alice", "Bob") and context.layout == "cramped_room"


def test_the_random_planner_draws_from_the_injected_generator() -> None:
    import numpy as np

    observation = OvercookedGame().new_initial_state(0).observation(0)
    draws = [UniformMovePlanner().plan(None, observation, np.random.default_rng(7)).actions for _ in range(2)]
    assert draws[0] == draws[1] and isinstance(draws[0][0], Move)
    bob = OvercookedGame().new_initial_state(0).observation(1)  # not Bob's turn: nothing to choose
    assert UniformMovePlanner().plan(None, bob, np.random.default_rng(7)).actions == []


def test_the_terminal_draws_the_kitchen_and_reads_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    game = OvercookedGame()
    state = game.new_initial_state(0)
    soup = Obj("soup", (2, 0), ("onion",) * 3, 7)
    state.kitchen = Kitchen(
        (Chef((1, 2), (-1, 0), Obj("onion", (1, 2))), Chef((3, 1), (0, 1))), (soup, Obj("dish", (4, 2))), 12
    )
    observation = state.observation(0)
    lines = iter(["jump", "/board", "e -- pot is cooking"])
    monkeypatch.setattr(terminal, "prompt_line", lambda *a, **k: next(lines))
    console = Console(record=True, width=120)
    ui = terminal.OvercookedUI()
    ui.intro(console, observation, "overcooked_v0", "random")
    turn = ui.read_turn(console, observation)
    assert turn is not None and turn.actions == (Move(action="interact"),) and turn.message == "pot is cooking"
    shown = console.export_text(clear=False)
    assert "[ ][ ]P3~[ ][ ]" in shown and "A←o" in shown and "B↓ " in shown and "[d]" in shown
    assert "pot at (2,0): 3 onions, cooking 7/20" in shown and "Alice (you) at (1, 2), facing ←, holding onion" in shown
    assert "one action" in shown and shown.count("step 12/400") == 2
    state.apply(turn)
    reply = Turn(message="ok", actions=(Move(action="stay"),))
    state.apply(reply)
    ui.show_partner(console, reply, state, 0)
    ui.summary(console, state.metrics().model_dump())
    shown = console.export_text()
    assert "partner> ok" in shown and "Bob chose stay" in shown and "score 0 in 1 steps on cramped_room" in shown


def test_accord_bench_overcooked_times_the_engine_and_the_planner() -> None:
    result = CliRunner().invoke(
        app,
        ["bench", "overcooked", "--episodes", "2", "--horizon", "50", "--kitchens", "8", "--planner-steps", "20"]
        + ["--json", "-"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output[result.output.index("{") :])
    assert [row["layout"] for row in data["engine"]] == list(LAYOUTS)
    assert all(row["steps"] == 100 and row["steps_per_s"] > 0 for row in data["engine"])
    assert data["engine_total"]["steps"] == 500 and data["game"]["steps"] == 100
    assert data["batched"]["kitchens"] == 8 and data["batched"]["steps"] == 400 and data["batched"]["speedup"] > 0
    assert [row["layout"] for row in data["planner"]] == list(LAYOUTS)
    assert all(row["decisions"] == 40 and row["same_decisions"] for row in data["planner"])

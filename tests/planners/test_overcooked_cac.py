"""The Overcooked CAC agent: its modules against the scripted OpenAI-compatible server (the chooser's
answer grounds to an available medium-level action, the verifier's "Not Okay" excludes one, a
failing model leaves the choice to the symbolic sub-task), a chosen action persists over the steps
that carry it out, and the symbolic twins."""

from __future__ import annotations

import dataclasses
from typing import Any

import numpy as np

from games.base import Turn
from games.overcooked import Kitchen, Obj
from games.overcooked.game import OvercookedGame
from language.llm_client import LLMClient, LLMConfig
from language.overcooked_llm import chooser_messages, scripted_answer
from language.overcooked_places import Task
from language.scripted_server import Reply
from planners.overcooked_cac import (
    OvercookedPrompts,
    SymbolicTheoryOfMind,
    SymbolicVerifier,
    language_cac,
    symbolic_cac,
)


def _client(server: Any) -> LLMClient:
    return LLMClient(LLMConfig(model="scripted", base_url=server.url, transport_retries=0, timeout=5))


def _steps(planner: Any, layout: str, steps: int) -> tuple[Any, list[str]]:
    """Play ``steps`` joint steps with ``planner`` as Alice and a chef that stays as Bob."""
    state = OvercookedGame(layout=layout).new_initial_state(0)
    rng = np.random.default_rng(0)
    moves = []
    for _ in range(steps):
        intent = planner.plan(None, state.observation(0), rng)
        moves.append(intent.actions[0].action)
        state.apply(Turn(actions=tuple(intent.actions)))
        state.apply(Turn(actions=("stay",)))
    return state, moves


def test_a_chosen_action_is_grounded_and_persists_until_done(llm_server: Any) -> None:
    llm_server.push(
        Reply.text("Action: C"),  # the lettered options start with o0, o1, p0: C is the plate
        Reply.text("Verification: Okay"),
        Reply.text("Action: wait."),
        Reply.text("Verification: Okay"),
    )
    planner = language_cac(_client(llm_server), tom=False, verifier=True)
    state, moves = _steps(planner, "cramped_room", 3)
    # Alice on (1, 2) facing north: south turns her to the plate dispenser below, interact takes a plate
    assert moves == ["south", "interact", "stay"]
    assert state.kitchen.chefs[0].held is not None and state.kitchen.chefs[0].held.name == "dish"
    assert len(llm_server.requests) == 4  # asked once per medium-level action, not once per step
    assert planner.prompts.history == ["pick up plate from p0.", "wait."]
    first = llm_server.requests[0]["messages"]
    assert first[-1]["content"].endswith("C. pick up plate from p0.\nD. wait.\nE. move away.")


def test_the_verifier_excludes_an_action_and_a_failing_model_leaves_it_to_the_fallback(llm_server: Any) -> None:
    llm_server.push(
        Reply.text("Action: pick up onion from o1."),
        Reply.text("Bob is in the way. Verification: Not Okay"),
        Reply.text("Action: fly to the moon"),
    )
    planner = language_cac(_client(llm_server), tom=False, verifier=True, max_choices=2)
    _steps(planner, "cramped_room", 1)
    assert planner.cac.rejected == 1 and planner.cac.fallbacks == 1
    second = llm_server.requests[2]["messages"][-1]["content"]
    assert "pick up onion from o1." not in second and "pick up onion from o0." in second
    assert planner.prompts.history[0].startswith("pick up")  # the symbolic sub-task took over


def test_the_theory_of_mind_note_reaches_the_chooser(llm_server: Any) -> None:
    llm_server.push(
        Reply.text("Action: wait."),
        Reply.text("Bob wants to put an onion in the cooker."),
        Reply.text("Action: wait."),
    )
    planner = language_cac(_client(llm_server), tom=True, verifier=False)
    _steps(planner, "cramped_room", 2)
    # step 1 has no partner move yet (no theory of mind); step 2 asks it, then the chooser
    assert (
        "<Partner Inference>: Bob wants to put an onion in the cooker."
        in llm_server.requests[2]["messages"][-1]["content"]
    )


def test_the_symbolic_twins() -> None:
    game = OvercookedGame(layout="cramped_room")
    observation = game.new_initial_state(0).observation(0)
    verifier = SymbolicVerifier()
    assert not verifier.approve(None, observation, Task("put", (2, 0), "onion"))  # holds nothing
    assert verifier.approve(None, observation, Task("pick", (0, 1), "onion"))
    assert SymbolicTheoryOfMind().interpret(None, observation).startswith("Bob intends to pick up onion from o")
    kitchen = observation.kitchen
    alice = dataclasses.replace(kitchen.chefs[0], held=Obj("onion", kitchen.chefs[0].position))
    holding = observation.model_copy(update={"kitchen": Kitchen((alice, kitchen.chefs[1]))})
    choice = symbolic_cac().cac.reasoner.choose(None, holding, [], [])
    assert choice is not None and choice.action == Task("put", (2, 0), "onion")


def test_the_scripted_oracle_answers_the_chooser_with_a_useful_action() -> None:
    observation = OvercookedGame(layout="cramped_room").new_initial_state(0).observation(0)
    prompts = OvercookedPrompts()
    options = [prompts.move_text(m, observation) for m in prompts.moves(observation)]
    messages = chooser_messages("cramped_room", observation.kitchen, 0, [], options)
    assert scripted_answer(messages) == "Action: pick up onion from o0."
    assert scripted_answer([{"role": "user", "content": "What is 2 + 2?"}]) is None

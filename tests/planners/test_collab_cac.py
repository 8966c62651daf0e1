"""The Collab CAC agent: the symbolic twins (the joint optimum, the best reply to a stated plan,
the killer-aware verifier) and the language-model modules against the scripted server."""

from __future__ import annotations

from typing import Any

import numpy as np

from beliefs.base import Utterance
from beliefs.collab import CollabBeliefs
from games.base import Turn
from games.collab import CollabCaptureGame, CollabEscapeGame, Fix, Move, Stay, Wait
from language.collab import CollabPlan
from language.collab_llm import COLLAB
from language.llm_client import LLMClient, LLMConfig
from language.scripted_server import Reply
from planners.cac import CACPlanner, LLMReasoner, LLMTheoryOfMind, LLMVerifier
from planners.collab_cac import (
    SymbolicChooser,
    SymbolicTheoryOfMind,
    SymbolicVerifier,
    exact_planner,
    symbolic_cac,
)


def _selfplay(game: Any, seed: int) -> Any:
    state = game.new_initial_state(seed)
    planners = [symbolic_cac(), symbolic_cac()]
    stores: list[Any] = [None, None]
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        seat = state.current_player
        obs = state.observation(seat)
        stores[seat] = stores[seat] or CollabBeliefs(obs)
        stores[seat].observe(obs)
        state.apply(Turn(actions=tuple(planners[seat].plan(stores[seat], obs, rng).actions)))
    return state.metrics()


def test_symbolic_cac_plays_the_optimum_in_selfplay() -> None:
    assert _selfplay(CollabCaptureGame(), 0).turns_to_capture == 3
    assert _selfplay(CollabEscapeGame(max_turns=30), 2).escaped


def test_the_chooser_replies_to_a_stated_plan() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    state.submit(Stay())
    bob = state.observation(1)
    store = CollabBeliefs(bob)
    chooser = SymbolicChooser()
    assert chooser.choose(store, bob, [], []).action == Move(room=5)  # the joint optimum
    store.update(Utterance(0, (CollabPlan(action=Move(room=6)),)))  # Alice says she comes to 6
    reply = chooser.choose(store, bob, ["Partner Intention: ..."], [])
    assert reply is not None and reply.action in bob.legal
    excluded = chooser.choose(store, bob, [], [Move(room=5)])
    assert excluded is not None and excluded.action != Move(room=5)


def test_tom_note_and_verifier() -> None:
    state = CollabEscapeGame().new_initial_state(0)
    alice = state.observation(0)
    store = CollabBeliefs(alice)
    assert SymbolicTheoryOfMind().interpret(store, alice).startswith("Partner Intention: Bob will likely")
    store.update(Utterance(1, (CollabPlan(action=Wait()),)))
    assert SymbolicTheoryOfMind().interpret(store, alice) == "Partner Intention: Bob said they will wait in room 2."
    verifier = SymbolicVerifier()
    assert verifier.approve(store, alice, Fix()) and not verifier.approve(store, alice, Move(room=5))
    # the killer in 4 wanders (no one in 3 or 5): rooms 3 and 5 are where it may land
    escape = CollabEscapeGame().new_initial_state(0)
    escape.position = escape.position._replace(alice=2, bob=1, killer=4)
    obs = escape.observation(0)
    assert not verifier.approve(None, obs, Move(room=3)) and verifier.approve(None, obs, Move(room=1))


def test_language_modules_ground_the_models_answer(llm_server: Any) -> None:
    state = CollabCaptureGame().new_initial_state(0)
    obs = state.observation(0)
    llm_server.push(
        Reply.text("Explanation: go round.\nAction: Move to room 6"),
        Reply.text("Verification: Not Okay"),
        Reply.text("Explanation: wait.\nAction: A"),
        Reply.text("Verification: Okay"),
    )
    client = LLMClient(LLMConfig(model="scripted", base_url=llm_server.url, transport_retries=0, timeout=5))
    planner = CACPlanner(
        LLMReasoner(client, COLLAB), exact_planner(obs), LLMTheoryOfMind(client, COLLAB), LLMVerifier(client, COLLAB)
    )
    intent = planner.plan(None, obs, np.random.default_rng(0))
    assert intent.actions == [Stay()] and planner.rejected == 1
    assert "Thief is in Room 2" in llm_server.requests[0]["messages"][-1]["content"]

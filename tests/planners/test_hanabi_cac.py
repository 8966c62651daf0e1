"""The CAC agent's modules against the scripted OpenAI-compatible server: the chooser's answer is
grounded to a legal move (a letter or the move's words), the verifier's "Not Okay" excludes a move
and asks again, the theory-of-mind note reaches the chooser's prompt, and a model that fails or
answers nonsense leaves the turn to the fallback, never to an illegal move."""

from __future__ import annotations

from typing import Any

import numpy as np

from games.hanabi import Discard, HanabiGame, HanabiObservation, Play, RevealColor
from language.acts import Intent
from language.llm_client import LLMClient, LLMConfig
from language.scripted_server import Reply
from planners.cac import CACPlanner, LLMReasoner, LLMTheoryOfMind, LLMVerifier, ground
from planners.hanabi_cac import HANABI, partner_move_text


class FirstLegal:
    """A fallback that takes the first legal move (the symbolic blueprint's stand-in here)."""

    calls = 0

    def plan(self, beliefs: Any, observation: HanabiObservation, rng: np.random.Generator) -> Intent:
        self.calls += 1
        return Intent(actions=[observation.legal_moves()[0]])


def _client(server: Any) -> LLMClient:
    return LLMClient(LLMConfig(model="scripted", base_url=server.url, transport_retries=0, timeout=5))


def _after_a_clue() -> HanabiObservation:
    state = HanabiGame().new_initial_state(3)
    held = state.observation(0).hands[1].cards
    assert held is not None
    state.apply_uid(state.game.uid(0, RevealColor(target=1, color=held[0].color)))
    return state.observation(1)


def test_a_letter_or_the_moves_words_ground_to_a_legal_move() -> None:
    observation = HanabiGame().new_initial_state(0).observation(0)
    moves = observation.legal_moves()
    assert ground("Explanation: safe.\nAction: A", observation, moves, HANABI) == moves[0]
    assert ground("Explanation: a 1.\nAction: Play my Card 3", observation, moves, HANABI) == Play(card=3)
    assert ground("Action: Discard my Card 0", observation, moves, HANABI) is None  # 8 tokens: not legal
    assert ground("I would rather not say", observation, moves, HANABI) is None


def test_the_verifier_excludes_a_move_and_the_chooser_picks_again(llm_server: Any) -> None:
    observation = _after_a_clue()
    llm_server.push(
        Reply.text("Partner Action Explanation: Alice clued my card.\nClue Suggestion: none"),
        Reply.text("Explanation: risky.\nAction: Play my Card 2"),
        Reply.text("This loses a life. Verification: Not Okay"),
        Reply.text("Explanation: safer.\nAction: Discard my Card 4"),
        Reply.text("Verification: Okay"),
    )
    client = _client(llm_server)
    planner = CACPlanner(
        LLMReasoner(client, HANABI), FirstLegal(), LLMTheoryOfMind(client, HANABI), LLMVerifier(client, HANABI)
    )
    intent = planner.plan(None, observation, np.random.default_rng(0))
    assert intent.actions == [Discard(card=4)] and planner.rejected == 1 and planner.fallbacks == 0
    second_choice = llm_server.requests[3]["messages"][-1]["content"]
    assert "Play my Card 2" not in second_choice and "Partner Action Explanation: Alice clued my card." in second_choice
    assert client.usage.calls == 5 and client.usage.failures == 0


def test_a_failing_or_nonsense_model_leaves_the_turn_to_the_fallback(llm_server: Any) -> None:
    observation = HanabiGame().new_initial_state(1).observation(0)
    llm_server.push(Reply.error(500), Reply.text("Action: fly to the moon"), Reply.text("Action: Z"))
    fallback = FirstLegal()
    planner = CACPlanner(LLMReasoner(_client(llm_server), HANABI), fallback, max_choices=3)
    intent = planner.plan(None, observation, np.random.default_rng(0))
    assert intent.actions == [observation.legal_moves()[0]] and fallback.calls == 1 and planner.fallbacks == 1


def test_the_partners_last_move_in_words() -> None:
    observation = _after_a_clue()
    assert partner_move_text(observation).startswith("Alice revealed my ") and "cards (cards 0" in partner_move_text(
        observation
    )
    assert partner_move_text(HanabiGame().new_initial_state(0).observation(0)) == ""

"""The referee loop and the pipeline with more than two seats: Toy Sum (the toy kit under tests/)
for 2, 3 and 5 players.

Every seat holds a secret digit, says it, and declares the total once it has heard every other
seat's digit. PipelineAgents sit in every seat; each hears the other seats' lines as utterances of
those seats, so its store knows who said what without any speaker queue.
"""

from __future__ import annotations

import pytest

from agent.arena import play_game, selfplay
from agent.pipeline import PipelineAgent
from agent.registry import AgentSpec, Registry, load_kit
from games.base import check_game
from tests.kits.toy_sum.agents import ToyBeliefs, ToyParser, ToyPlanner, ToyRenderer
from tests.kits.toy_sum.game import ToySumGame


def toy_agent() -> PipelineAgent:
    """A pipeline agent for any seat of Toy Sum."""
    return PipelineAgent("teller", ToyParser(), ToyBeliefs, ToyPlanner(), ToyRenderer())


@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_referee_plays_n_seats_and_every_seat_hears_the_others_by_seat(players: int) -> None:
    game = ToySumGame(players=players)
    agents = [toy_agent() for _ in range(players)]
    for seed in range(3):
        record = play_game(game, agents, seed)
        digits = game.new_initial_state(seed).digits
        assert record.metrics["correct"] and record.returns == [1.0] * players
        assert [e["player"] for e in record.transcript[:players]] == list(game.facts.player_names)
        for seat, agent in enumerate(agents):
            assert agent.beliefs is not None and agent.beliefs.seat == seat
            assert agent.beliefs.heard == {s: d for s, d in enumerate(digits) if s != seat}


def test_selfplay_fills_every_seat() -> None:
    registry = Registry()
    registry.register_kit(load_kit("tests.kits.toy_sum:kit"))
    records = selfplay(ToySumGame(players=5), AgentSpec("toy_sum"), seeds=[0, 1], registry=registry)
    assert all(len(r.agents) == 5 and r.metrics["correct"] for r in records)


def test_play_game_wants_one_agent_per_seat() -> None:
    with pytest.raises(ValueError, match="needs 5 agents, got 2"):
        play_game(ToySumGame(players=5), [toy_agent(), toy_agent()], 0)


def test_five_player_toy_sum_meets_the_game_contract() -> None:
    report = check_game(ToySumGame(players=5))
    assert report.games_played > 0 and report.illegal_turns_refused > 0

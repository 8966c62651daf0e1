"""The referee loop and self-play, summarized by the result store's summarizer."""

import pytest

from agent.arena import paper_seeds, play_game, selfplay
from agent.registry import AgentSpec, default_registry
from agent.summaries import summary_of
from games.traveling_adventurers import TravelingAdventurersGame, TravelingAdventurersMetrics


def test_paper_protocol_seeds():
    seeds = paper_seeds()
    assert len(seeds) == 100 and len(set(seeds)) == 100


def test_play_game_replays_identically():
    registry = default_registry()
    game = TravelingAdventurersGame()
    spec = registry.preset("traveling_adventurers", "problem-solving")
    one = play_game(game, [registry.build_agent(spec), registry.build_agent(spec)], 7)
    two = play_game(game, [registry.build_agent(spec), registry.build_agent(spec)], 7)
    assert one.transcript == two.transcript and one.metrics == two.metrics


class Misbehaving:
    """An agent whose every turn breaks the rules (submits a room that does not exist)."""

    name = "misbehaving"
    trace = []

    def reset(self, rng):
        pass

    def act(self, observation):
        from games.base import Turn
        from games.traveling_adventurers import Submit

        return Turn(message="trust me", actions=(Submit(path=["L", "Z", "L"]),))


def test_refused_turns_are_recorded_and_the_game_goes_on():
    registry = default_registry()
    agent = registry.build_agent(registry.preset("traveling_adventurers", "problem-solving"))
    record = play_game(TravelingAdventurersGame(board=1), [Misbehaving(), agent], 0)
    assert record.refused and "unknown room 'Z'" in record.refused[0]
    assert record.metrics["timeout"]


@pytest.mark.parametrize("preset", ["baseline", "grounding", "state-tracking", "problem-solving"])
def test_every_preset_plays_to_an_end_with_the_rule_language(preset):
    registry = default_registry()
    records = selfplay(TravelingAdventurersGame(), registry.preset("traveling_adventurers", preset), range(6))
    summary = summary_of(records, TravelingAdventurersMetrics)
    assert summary["turns"]["n"] == 6 and sum(len(r.refused) for r in records) == 0
    assert summary["turns"]["mean"] > 0 and summary["words"]["mean"] > 0


def test_problem_solving_is_optimal_on_every_preset_board_in_self_play():
    registry = default_registry()
    spec = registry.preset("traveling_adventurers", "problem-solving")
    for board in range(1, 7):
        records = selfplay(TravelingAdventurersGame(board=board), spec, range(3))
        assert all(r.metrics["optimal"] for r in records), (board, [r.metrics for r in records])


def test_structured_channel_isolates_the_planner():
    spec = AgentSpec("traveling_adventurers", {"parser": "structured", "renderer": "structured"}, name="ps-structured")
    summary = summary_of(selfplay(TravelingAdventurersGame(rooms=7), spec, range(8)), TravelingAdventurersMetrics)
    assert summary["optimal"]["mean"] == 1.0

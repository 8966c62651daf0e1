"""The self-play bench of Traveling Adventurers plays what it says and counts what it profiles
(its timings are figures for the bench table, never asserted here)."""

from __future__ import annotations

from agent.kits.traveling_adventurers.bench import selfplay_profile, selfplay_records


def test_selfplay_records_plays_the_asked_games_on_boards_of_the_asked_size() -> None:
    records = selfplay_records(5, 3, seed=2)
    assert [r.seed for r in records] == [2000, 2001, 2002]
    assert {r.metrics["rooms"] for r in records} == {5}


def test_selfplay_profile_counts_solver_and_parser_calls() -> None:
    profile = selfplay_profile(5, 2)
    assert profile["games"] == 2
    assert profile["tsp_calls"] > 0 and profile["parse_calls"] > 0
    assert 0 < profile["tsp_share"] < 1 and 0 < profile["parse_share"] < 1
    assert profile["tsp_share"] + profile["parse_share"] < 1

"""Tests of solvers.collab_capture: the original map's optimum, the rules' quirks, and the BFS optimum
against exhaustive depth-limited search on small random maps (hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.collab_capture import (
    Act,
    CaptureMap,
    CapturePosition,
    CaptureRules,
    capture_step,
    legal_acts,
    map_from_lists,
    solve_capture,
    solve_capture_brute_force,
    thief_next_room,
)

ADJACENCY = {1: [2, 6], 2: [1, 3], 3: [2, 4], 4: [3, 5], 5: [4, 6, 7], 6: [5, 9, 1], 7: [5, 8], 8: [7], 9: [6]}
MAP = map_from_lists(ADJACENCY, [(1, 2, 9), (3, 4, 8)])
ORIGINAL = CaptureRules("room_numbers", "after_first")
LLM_START = CapturePosition(1, 6, 2, 0b10)  # door 1-2 closed, 3-4 open
GREEDY_START = CapturePosition(1, 6, 2, 0b01)  # door 1-2 open, 3-4 closed


def test_original_start_needs_three_turns_in_the_llm_setting() -> None:
    solution = solve_capture(MAP, ORIGINAL, LLM_START, 30)
    assert solution.turns == 3 and solution.optimal
    position, caught = LLM_START, False
    for alice, bob in solution.plan:
        position, caught = capture_step(MAP, ORIGINAL, position, alice, bob)
    assert caught and position.turn == 4


def test_first_turn_crossing_is_not_a_capture_in_the_original() -> None:
    # Alice 1 -> 2 while the thief (tie between 1 and 3, first listed wins) goes 2 -> 1
    assert thief_next_room(MAP, ORIGINAL, 2, 2, 6, 0b01) == 1
    _, caught = capture_step(MAP, ORIGINAL, GREEDY_START, Act("move", 2), Act("stay"))
    assert not caught
    _, caught = capture_step(MAP, CaptureRules("graph", "always"), GREEDY_START, Act("move", 2), Act("stay"))
    assert caught
    assert solve_capture(MAP, CaptureRules("graph", "always"), GREEDY_START, 30).turns == 1
    assert solve_capture(MAP, ORIGINAL, GREEDY_START, 30).turns == 2


def test_thief_uses_room_number_distance_in_the_original() -> None:
    # thief in 6 (5, 9, 1 listed), players heading for 2 and 8: by room numbers 5 is min(3, 3) = 3
    # away, 9 and 1 only 1; by graph distance 9 is 3 steps from 2 and 4 from 8, 5 only 2 from 8
    assert thief_next_room(MAP, ORIGINAL, 6, 2, 8, 0b11) == 5
    assert thief_next_room(MAP, CaptureRules("graph"), 6, 2, 8, 0b11) == 9
    assert thief_next_room(MAP, ORIGINAL, 8, 7, 7, 0) == 7  # it moves even towards a player


def test_press_toggles_after_the_moves_were_checked() -> None:
    position = CapturePosition(9, 8, 4, 0b11)
    nxt, _ = capture_step(MAP, ORIGINAL, position, Act("press"), Act("press"))
    assert nxt.doors == 0 and (nxt.alice, nxt.bob) == (9, 8)
    with pytest.raises(ValueError, match="cannot"):
        capture_step(MAP, ORIGINAL, position, Act("move", 5), Act("stay"))


def test_legal_acts_respect_doors() -> None:
    assert legal_acts(MAP, 1, 0b10) == [Act("stay"), Act("move", 6)]
    assert legal_acts(MAP, 9, 0) == [Act("stay"), Act("move", 6), Act("press")]


def test_limit_makes_capture_impossible() -> None:
    assert solve_capture(MAP, ORIGINAL, LLM_START, 2).turns is None
    assert solve_capture(MAP, ORIGINAL, LLM_START._replace(turn=28), 30).turns == 3


@st.composite
def small_maps(draw: st.DrawFn) -> tuple[CaptureMap, CapturePosition, CaptureRules]:
    n = draw(st.integers(3, 5))
    rooms = list(range(1, n + 1))
    edges = {(r, r + 1) for r in range(1, n)}  # a path keeps the map connected
    extra = draw(st.lists(st.tuples(st.sampled_from(rooms), st.sampled_from(rooms)), max_size=3))
    edges |= {(min(a, b), max(a, b)) for a, b in extra if a != b}
    adjacency: dict[int, list[int]] = {r: [] for r in rooms}
    for a, b in sorted(edges):
        adjacency[a].append(b)
        adjacency[b].append(a)
    door_edge = draw(st.sampled_from(sorted(edges)))
    doors = [(door_edge[0], door_edge[1], draw(st.sampled_from(rooms)))] if draw(st.booleans()) else []
    start = CapturePosition(*draw(st.tuples(*(st.sampled_from(rooms),) * 3)), draw(st.integers(0, len(doors))) & 1, 1)
    rules = CaptureRules(
        draw(st.sampled_from(["room_numbers", "graph"])), draw(st.sampled_from(["after_first", "always", "never"]))
    )
    return map_from_lists(adjacency, doors), start, rules


@settings(max_examples=60, deadline=None)
@given(small_maps())
def test_bfs_equals_exhaustive_search(case: tuple[CaptureMap, CapturePosition, CaptureRules]) -> None:
    cmap, start, rules = case
    depth = 3
    solution = solve_capture(cmap, rules, start, depth)
    assert solution.turns == solve_capture_brute_force(cmap, rules, start, depth)
    if solution.turns is not None:
        position, caught = start, False
        for step, (alice, bob) in enumerate(solution.plan, start=1):
            position, caught = capture_step(cmap, rules, position, alice, bob)
            assert caught == (step == solution.turns)

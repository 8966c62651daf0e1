"""Tests of solvers.collab_escape: the killer's quirks, the generators' rules, and the value
iteration against exact expectimax and against Monte-Carlo play of its policy (hypothesis)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers.collab_capture import Act
from solvers.collab_escape import (
    EscapeMap,
    EscapePosition,
    Memory,
    escape_legal_acts,
    escape_outcomes,
    escape_tables,
    killer_plan,
    solve_escape,
    solve_escape_brute_force,
)

ADJ = {
    1: (2, 10),
    2: (1, 3),
    3: (2, 4, 8),
    4: (3, 5),
    5: (4, 6),
    6: (5, 7),
    7: (3, 6),
    8: (3, 7, 9),
    9: (8, 10),
    10: (1, 9),
}
MAP = EscapeMap(ADJ, (1, 6), 7)
START = EscapePosition(1, 2, 6, (0, 0))


def test_killer_switches_target_when_it_sees_both() -> None:
    both = EscapePosition(4, 8, 3, (0, 0))  # room 3 lists 4 and 8
    assert killer_plan(MAP, both) == Memory(0, True, True)
    assert killer_plan(MAP, both._replace(memory=Memory(0, True, False))) == Memory(1, True, True)
    assert killer_plan(MAP, both._replace(memory=Memory(1, False, True))) == Memory(0, True, True)
    assert killer_plan(MAP, both._replace(memory=Memory(1, True, True))) == Memory(1, True, True)
    assert killer_plan(MAP, START) == Memory()


def test_adjacency_is_directed_as_written() -> None:
    # a player in 7 is not seen by a killer in 8's neighbour 3 (3 does not list 7), but 8 lists 7
    assert killer_plan(MAP, EscapePosition(7, 1, 3, (0, 0))).target == -1
    assert killer_plan(MAP, EscapePosition(7, 1, 8, (0, 0))).target == 0


def test_pursuit_lands_on_the_players_old_room() -> None:
    position = EscapePosition(5, 1, 4, (0, 0))
    [(p, nxt, result)] = escape_outcomes(MAP, position, Act("move", 6), Act("wait"))
    assert p == 1.0 and nxt.killer == 5 and result == "continue"
    [(_, _, result)] = escape_outcomes(MAP, position, Act("wait"), Act("wait"))
    assert result == "lost"


def test_generators_need_consecutive_fixes_or_two_players() -> None:
    position = EscapePosition(1, 1, 6, (0, 0))
    outcomes = escape_outcomes(MAP, position, Act("fix"), Act("fix"))
    assert all(nxt.fixes == (2, 0) for _, nxt, _ in outcomes)
    one = escape_outcomes(MAP, position, Act("fix"), Act("wait"))[0][1]
    assert one.fixes == (1, 0)
    lapsed = escape_outcomes(MAP, one._replace(killer=8), Act("wait"), Act("wait"))[0][1]
    assert lapsed.fixes == (0, 0)


def test_escape_needs_both_generators_and_the_exit() -> None:
    position = EscapePosition(6, 3, 9, (2, 1))
    outcomes = escape_outcomes(MAP, position, Act("fix"), Act("wait"))
    assert all(result == "continue" for _, _, result in outcomes)
    position = EscapePosition(6, 7, 9, (2, 1))
    assert {result for _, _, result in escape_outcomes(MAP, position, Act("fix"), Act("wait"))} == {"escaped"}


def test_original_start_escapes_surely() -> None:
    solution = solve_escape(MAP, START, 100)
    assert solution.optimal and abs(solution.escape_probability - 1.0) < 1e-9
    assert abs(solution.expected_turns - 6.5) < 1e-9
    assert solve_escape(MAP, START, 3).escape_probability == 0.0


@st.composite
def small_maps(draw: st.DrawFn) -> tuple[EscapeMap, EscapePosition]:
    n = draw(st.integers(3, 5))
    rooms = list(range(1, n + 1))
    adjacency = {}
    for r in rooms:
        others = [x for x in rooms if x != r]
        adjacency[r] = tuple(draw(st.lists(st.sampled_from(others), min_size=1, max_size=2, unique=True)))
    generators = tuple(draw(st.lists(st.sampled_from(rooms), min_size=1, max_size=2, unique=True)))
    exit_room = draw(st.sampled_from(rooms))
    a, b, k = draw(st.sampled_from(rooms)), draw(st.sampled_from(rooms)), draw(st.sampled_from(rooms))
    emap = EscapeMap(adjacency, generators, exit_room, draw(st.integers(1, 2)))
    return emap, EscapePosition(a, b, k, (0,) * len(generators))


@settings(max_examples=40, deadline=None)
@given(small_maps(), st.integers(1, 3))
def test_value_iteration_equals_expectimax(case: tuple[EscapeMap, EscapePosition], horizon: int) -> None:
    emap, start = case
    if start.killer in (start.alice, start.bob):
        return  # not a live position
    solution = solve_escape(emap, start, horizon)
    assert abs(solution.escape_probability - solve_escape_brute_force(emap, start, horizon)) < 1e-9


@settings(max_examples=15, deadline=None)
@given(small_maps(), st.integers(2, 4))
def test_policy_outcome_matches_its_value(case: tuple[EscapeMap, EscapePosition], horizon: int) -> None:
    emap, start = case
    if start.killer in (start.alice, start.bob):
        return
    tables = escape_tables(emap, start._replace(turn=1), horizon)
    solution = solve_escape(emap, start, horizon)
    rng = np.random.default_rng(0)
    runs, wins, turns = 400, 0, 0
    for _ in range(runs):
        position, left = start, horizon
        while left > 0:
            alice, bob = tables.best(position, left)
            outcomes = escape_outcomes(emap, position, alice, bob)
            _, position, result = outcomes[int(rng.integers(len(outcomes)))]
            left -= 1
            turns += 1
            if result != "continue":
                wins += result == "escaped"
                break
    # four standard errors of a Bernoulli mean at worst p = 1/2, and of the turns (range <= horizon)
    assert abs(wins / runs - solution.escape_probability) <= 4 * 0.5 / np.sqrt(runs)
    assert abs(turns / runs - solution.expected_turns) <= 4 * horizon / 2 / np.sqrt(runs)


def _policy_outcome(emap: EscapeMap, tables: object, position: EscapePosition, left: int) -> tuple[float, float]:
    """The escape probability and expected turns of the tables' policy, by exact enumeration of
    every killer draw (the policy's outcome distribution)."""
    if left == 0:
        return 0.0, 0.0
    alice, bob = tables.best(position, left)  # type: ignore[attr-defined]
    win = turns = 0.0
    for prob, nxt, result in escape_outcomes(emap, position, alice, bob):
        later_win, later_turns = _policy_outcome(emap, tables, nxt, left - 1) if result == "continue" else (0.0, 0.0)
        win += prob * ((result == "escaped") + later_win)
        turns += prob * (1 + later_turns)
    return win, turns


@settings(max_examples=30, deadline=None)
@given(small_maps(), st.integers(1, 4))
def test_policy_outcome_distribution_equals_its_value(case: tuple[EscapeMap, EscapePosition], horizon: int) -> None:
    emap, start = case
    if start.killer in (start.alice, start.bob):
        return
    tables = escape_tables(emap, start._replace(turn=1), horizon)
    solution = solve_escape(emap, start, horizon)
    win, turns = _policy_outcome(emap, tables, start, horizon)
    assert abs(win - solution.escape_probability) < 1e-9 and abs(turns - solution.expected_turns) < 1e-9


def test_original_start_policy_enumerated_over_ten_turns() -> None:
    tables = escape_tables(MAP, START, 10)
    win, turns = _policy_outcome(MAP, tables, START, 10)
    assert abs(win - 1.0) < 1e-9 and abs(turns - 6.5) < 1e-9


def _lexicographic_expectimax(emap: EscapeMap, p: EscapePosition, turns_left: int) -> tuple[float, float]:
    """The test oracle of the second criterion: by plain recursion over every joint move and killer
    outcome, the best escape probability and, among the joint moves reaching it (ties within 1e-12,
    the solver's tolerance), the fewest expected turns until the game ends or the limit."""
    if turns_left == 0:
        return 0.0, 0.0
    best: tuple[float, float] | None = None
    for alice in escape_legal_acts(emap, p.alice):
        for bob in escape_legal_acts(emap, p.bob):
            value = turns = 0.0
            for prob, nxt, result in escape_outcomes(emap, p, alice, bob):
                later = _lexicographic_expectimax(emap, nxt, turns_left - 1) if result == "continue" else (0.0, 0.0)
                value += prob * (1.0 if result == "escaped" else later[0])
                turns += prob * (1.0 + later[1])
            if best is None or value > best[0] + 1e-12 or (value >= best[0] - 1e-12 and turns < best[1] - 1e-12):
                best = (max(value, best[0]) if best is not None else value, turns)
    assert best is not None
    return best


@settings(max_examples=40, deadline=None)
@given(small_maps(), st.integers(1, 3))
def test_fewest_expected_turns_among_the_best_policies_equals_expectimax(
    case: tuple[EscapeMap, EscapePosition], horizon: int
) -> None:
    emap, start = case
    if start.killer in (start.alice, start.bob):
        return  # not a live position
    value, turns = _lexicographic_expectimax(emap, start, horizon)
    solution = solve_escape(emap, start, horizon)
    assert abs(solution.escape_probability - value) < 1e-9
    assert abs(solution.expected_turns - turns) < 1e-9

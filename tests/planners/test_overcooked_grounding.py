"""Grounding of Overcooked's medium-level actions: distance tables agree with a plain search, paths
go around the partner, every medium-level action completes on every layout, the joint executor never
makes the chefs collide, and a stuck chef is moved."""

from __future__ import annotations

import dataclasses
from collections import deque

import numpy as np
import pytest

from games.overcooked import LAYOUTS, Kitchen, initial_kitchen, load_layout, step
from language.overcooked_places import Task
from planners.overcooked_cac import ground_task
from planners.overcooked_grounding import (
    INF,
    INTERACT,
    StuckGuard,
    available_tasks,
    collide,
    feasible,
    geometry,
    step_toward,
)
from planners.overcooked_symbolic import SymbolicPlanner


def _plain_steps(layout_name: str, state: int, tile: tuple[int, int]) -> int:
    """Steps to face ``tile`` by a plain forward BFS over (cell, orientation)."""
    geo = geometry(layout_name)
    goals = set(geo.goals(tile))
    seen = {state: 0}
    queue = deque([state])
    while queue:
        s = queue.popleft()
        if s in goals:
            return seen[s]
        for a in range(4):
            n = geo.after(s, a)
            if n not in seen:
                seen[n] = seen[s] + 1
                queue.append(n)
    return INF


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_goal_tables_agree_with_a_plain_search(layout: str) -> None:
    geo = geometry(layout)
    lay = geo.layout
    for tile in (*lay.pots, *lay.onion_dispensers, *lay.serving, *lay.dish_dispensers):
        table = geo.goal_table(tile)
        for state in range(0, len(geo.cells) * 4, 3):
            assert table[state] == _plain_steps(layout, state, tile)


def test_a_path_goes_around_the_partner() -> None:
    geo = geometry("cramped_room")
    alice = geo.state((1, 1), (0, -1))
    serving = (3, 3)
    assert step_toward(geo, alice, serving, geo.index[(2, 1)]) == 1  # south, not into Bob on (2, 1)
    assert step_toward(geo, alice, serving, geo.index[(1, 2)]) == 2  # east, not into Bob on (1, 2)
    state, bob = alice, geo.index[(2, 1)]
    for _ in range(10):
        action = step_toward(geo, state, serving, bob)
        if action == INTERACT:
            break
        state = geo.after(state, action, frozenset((bob,)))
        assert state >> 2 != bob
    assert action == INTERACT and geo.cells[state >> 2] == (3, 2)


def _run(layout_name: str, kitchen: Kitchen, seat: int, task: Task, limit: int = 40) -> Kitchen:
    """Carry ``task`` out for chef ``seat`` (the partner moves out of its way) until it interacts."""
    layout = load_layout(layout_name)
    for _ in range(limit):
        action = ground_task(layout_name, kitchen, seat, task)
        other = ground_task(layout_name, kitchen, 1 - seat, Task("move_away"))
        joint = (action, other) if seat == 0 else (other, action)
        kitchen = step(layout, kitchen, joint).kitchen
        if action == INTERACT:
            return kitchen
    raise AssertionError(f"{task} not done in {limit} steps on {layout_name}")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_medium_level_action_completes(layout: str) -> None:
    start = initial_kitchen(load_layout(layout))
    done = 0
    for seat in (0, 1):
        for fetch in [t for t in available_tasks(layout, start, seat) if t.kind == "pick"]:
            holding = _run(layout, start, seat, fetch)
            assert holding.chefs[seat].held is not None and holding.chefs[seat].held.name == fetch.item
            done += 1
            for use in available_tasks(layout, holding, seat):
                if use.kind in ("put", "place") and feasible(layout, holding, seat, use):
                    after = _run(layout, holding, seat, use)
                    assert after.chefs[seat].held is None
                    on = after.object_at(use.target) if use.target else None
                    assert on is not None and (on.name == "soup" if use.kind == "put" else on.name == fetch.item)
                    done += 1
    assert done >= 4


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_joint_plan_never_makes_the_chefs_collide(layout: str) -> None:
    lay = load_layout(layout)
    kitchen = initial_kitchen(lay)
    planner = SymbolicPlanner()
    geo = geometry(layout)
    rng = np.random.default_rng(0)
    for _ in range(150):
        _, joint = planner.joint_plan(layout, kitchen)
        states = tuple(geo.state(c.position, c.orientation) for c in kitchen.chefs)
        assert not collide(geo, (states[0], states[1]), joint)
        planner.decide(layout, kitchen, 0, rng)
        kitchen = step(lay, kitchen, joint).kitchen


def test_a_stuck_chef_takes_a_random_move() -> None:
    guard = StuckGuard()
    rng = np.random.default_rng(3)
    assert guard.check(5, 0, rng) == 0
    assert guard.check(5, 0, rng) == 0  # one step without change: not yet stuck
    moved = [guard.check(5, 0, rng) for _ in range(12)]
    assert any(m != 0 for m in moved)


def test_an_impossible_action_is_not_feasible() -> None:
    layout = "cramped_room"
    start = initial_kitchen(load_layout(layout))
    assert not feasible(layout, start, 0, Task("put", (2, 0), "onion"))  # holds nothing
    assert feasible(layout, start, 0, Task("pick", (0, 1), "onion"))
    held = dataclasses.replace(start.chefs[0], held=None)
    assert not feasible(layout, Kitchen((held, start.chefs[1])), 0, Task("deliver", (3, 3), "soup"))
    assert not feasible(
        "forced_coordination", initial_kitchen(load_layout("forced_coordination")), 1, Task("pick", (2, 0))
    )

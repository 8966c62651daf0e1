"""Planner decisions per second for Overcooked (LLM-Coordination, seed 002): the symbolic planner
with its precomputed distance tables against a plain-Python reference measured in the same run.

The reference is the same planner with every table recomputed when a decision needs it: before each
decision the layout's cached (cell, orientation) distance tables and tile-to-tile gaps are dropped, so
each lookup starts a fresh breadth-first search (what a planner without the precomputation does). Both
play the same self-play episode; the decisions must come out identical, only the time differs.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from games.overcooked import initial_kitchen, load_layout, step


def _episode(layout_name: str, steps: int, seed: int, forget: bool) -> tuple[list[int], float]:
    from planners.overcooked_grounding import geometry
    from planners.overcooked_symbolic import SymbolicPlanner, tile_gap

    layout = load_layout(layout_name)
    kitchen = initial_kitchen(layout)
    planners = (SymbolicPlanner(), SymbolicPlanner())
    rngs = [np.random.default_rng([seed, seat]) for seat in (0, 1)]
    geo = geometry(layout_name)
    actions: list[int] = []
    spent = 0.0
    for _ in range(steps):
        joint = []
        for seat in (0, 1):
            if forget:
                geo.forget()
                tile_gap.cache_clear()
            start = time.perf_counter()
            joint.append(planners[seat].decide(layout_name, kitchen, seat, rngs[seat]))
            spent += time.perf_counter() - start
        actions += joint
        kitchen = step(layout, kitchen, (joint[0], joint[1])).kitchen
    return actions, spent


def planner_decisions(layout_name: str = "cramped_room", steps: int = 400, seed: int = 0) -> dict[str, Any]:
    """Decisions per second of the symbolic planner and of its plain-Python reference.

    Args:
        layout_name: the layout played.
        steps: joint steps of the self-play episode (two decisions each).
        seed: the episode's seed.

    Returns:
        ``{"layout", "decisions", "symbolic_per_s", "reference_per_s", "speedup", "same_decisions"}``.
    """
    _episode(layout_name, 20, seed, forget=False)  # build the tables once (not timed)
    fast, fast_s = _episode(layout_name, steps, seed, forget=False)
    slow, slow_s = _episode(layout_name, steps, seed, forget=True)
    return {
        "layout": layout_name,
        "decisions": len(fast),
        "symbolic_per_s": len(fast) / fast_s,
        "reference_per_s": len(slow) / slow_s,
        "speedup": slow_s / fast_s,
        "same_decisions": fast == slow,
    }

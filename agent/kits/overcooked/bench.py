"""Overcooked throughput (``accord bench overcooked``): environment steps per second of Accord's
engine (:func:`games.overcooked.step`) under uniformly random joint actions, per layout; of the
same play through the game's turn API (two turns per joint step, as the referee plays it); and of the
Numba batched stepper (:mod:`games.overcooked.batched`), many kitchens per call.

The actions are drawn up front (one numpy array per episode), so the timing is the engine's alone.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from games.overcooked import LAYOUTS, LayoutName, OvercookedGame, initial_kitchen, load_layout, step
from games.overcooked.batched import batch_from_kitchens, step_batch


def _actions(episodes: int, horizon: int, seed: int) -> list[list[tuple[int, int]]]:
    rng = np.random.default_rng(seed)
    return [[(int(a), int(b)) for a, b in rng.integers(0, 6, size=(horizon, 2))] for _ in range(episodes)]


def _row(layout: str, steps: int, seconds: float) -> dict[str, Any]:
    return {"layout": layout, "steps": steps, "seconds": round(seconds, 4), "steps_per_s": round(steps / seconds, 1)}


def engine_steps(
    layout_name: LayoutName, episodes: int, horizon: int, seed: int, dynamics: str = "paper"
) -> dict[str, Any]:
    """Time ``episodes`` random episodes of ``horizon`` joint steps on the engine directly.

    Returns:
        ``{"layout", "steps", "seconds", "steps_per_s", "sparse"}`` (``sparse``: the reward summed,
        a check that the episodes were really played).
    """
    layout = load_layout(layout_name)
    plans = _actions(episodes, horizon, seed)
    sparse = 0
    start = time.perf_counter()
    for plan in plans:
        kitchen = initial_kitchen(layout)
        for joint in plan:
            outcome = step(layout, kitchen, joint, dynamics)  # type: ignore[arg-type]
            kitchen = outcome.kitchen
            sparse += outcome.sparse[0] + outcome.sparse[1]
    return _row(layout_name, episodes * horizon, time.perf_counter() - start) | {"sparse": sparse}


def game_steps(layout_name: LayoutName, episodes: int, horizon: int, seed: int) -> dict[str, Any]:
    """Time the same random play through :class:`games.overcooked.OvercookedState` (two turns a step)."""
    game = OvercookedGame(layout=layout_name, horizon=horizon)
    plans = _actions(episodes, horizon, seed)
    start = time.perf_counter()
    for plan in plans:
        state = game.new_initial_state(seed)
        for a, b in plan:
            state.apply_action(a)
            state.apply_action(b)
    seconds = time.perf_counter() - start
    steps = episodes * horizon
    return {
        "layout": layout_name,
        "steps": steps,
        "seconds": round(seconds, 4),
        "steps_per_s": round(steps / seconds, 1),
    }


def batched_steps(layout_name: LayoutName, kitchens: int, horizon: int, seed: int) -> dict[str, Any]:
    """Time ``kitchens`` random episodes stepped together by the Numba stepper (compiled first).

    Returns:
        The row of :func:`engine_steps` plus ``"kitchens"`` and ``"sparse"``.
    """
    layout = load_layout(layout_name)
    actions = np.random.default_rng(seed).integers(0, 6, size=(horizon, kitchens, 2))
    step_batch(layout, batch_from_kitchens(layout, [initial_kitchen(layout)]), actions[0, :1])  # compile
    batch = batch_from_kitchens(layout, [initial_kitchen(layout)] * kitchens)
    sparse = 0
    start = time.perf_counter()
    for joint in actions:
        sparse += int(step_batch(layout, batch, joint)[0].sum())
    return _row(layout_name, kitchens * horizon, time.perf_counter() - start) | {"kitchens": kitchens, "sparse": sparse}


def run_bench(
    episodes: int,
    horizon: int,
    seed: int,
    layouts: tuple[LayoutName, ...] = LAYOUTS,
    kitchens: int = 1024,
    planner_steps: int = 400,
) -> dict[str, Any]:
    """Engine steps per second on each layout, in total, through the game's turn API and batched;
    the symbolic planner's decisions per second on each layout against its plain-Python reference
    (:func:`agent.kits.overcooked.bench_planners.planner_decisions`), all in one run.

    Args:
        episodes: random episodes per layout.
        horizon: joint steps per episode.
        seed: the seed of the random actions.
        layouts: the layouts to time.
        kitchens: kitchens per call of the batched stepper.
        planner_steps: joint steps of the planner's self-play episode per layout (0: no planner rows).

    Returns:
        ``{"engine": [per layout], "engine_total": {...}, "game": {...}, "batched": {...},
        "planner": [per layout]}``; ``batched["speedup"]`` is its rate over ``engine_total``'s (the
        plain-Python engine, same run).
    """
    from agent.kits.overcooked.bench_planners import planner_decisions

    rows = [engine_steps(name, episodes, horizon, seed) for name in layouts]
    steps = sum(r["steps"] for r in rows)
    seconds = sum(r["seconds"] for r in rows)
    total = {"steps": steps, "seconds": round(seconds, 4), "steps_per_s": round(steps / max(seconds, 1e-9), 1)}
    batched = batched_steps(layouts[0], kitchens, horizon, seed)
    plain = next(r for r in rows if r["layout"] == layouts[0])
    batched["speedup"] = round(batched["steps_per_s"] / max(plain["steps_per_s"], 1e-9), 1)
    return {
        "episodes": episodes,
        "horizon": horizon,
        "engine": rows,
        "engine_total": total,
        "game": game_steps(layouts[0], episodes, horizon, seed),
        "batched": batched,
        "planner": [planner_decisions(name, planner_steps, seed) for name in layouts] if planner_steps else [],
    }

"""Many Overcooked kitchens stepped at once in Numba: the dynamics of :func:`games.overcooked.step`
on arrays, for rollouts and throughput (``accord bench overcooked``).

The same rules as :mod:`games.overcooked.dynamics` (tested step for step against it and against the
golden trajectories); it computes the kitchens and the rewards, not the events.

================ ===============================================================================
array (N envs)   holds
================ ===============================================================================
``x``, ``y``     (N, 2) each chef's cell
``facing``       (N, 2) each chef's orientation, an index into ``DIRECTIONS`` (0 N, 1 S, 2 E, 3 W)
``held``         (N, 2) what each chef holds: 0 nothing, 1 onion, 2 dish, 3 soup
``held_onions``  (N, 2) the onions of a held soup (a held soup is always ready)
``kind``         (N, H, W) the object on each cell: 0 none, 1 onion, 2 dish, 3 soup
``onions``       (N, H, W) a soup's onions
``tick``         (N, H, W) a soup's cooking tick (-1 idle; a soup off a pot is ready, ``COOK_TIME``)
``timestep``     (N,) joint steps taken
================ ===============================================================================
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from games.overcooked.dynamics import DISH_PICKUP_REWARD, DYNAMICS, PLACEMENT_IN_POT_REWARD, SOUP_PICKUP_REWARD
from games.overcooked.kitchen import COOK_TIME, DELIVERY_REWARD, DIRECTIONS, MAX_INGREDIENTS, Chef, Kitchen, Obj
from games.overcooked.layout import Layout
from solvers.lazy_jit import njit_later

NAMES = ("", "onion", "dish", "soup")
"""Object code -> name (0: nothing)."""
CODES = {name: code for code, name in enumerate(NAMES) if name}
TERRAIN_CODES = {" ": 0, "X": 1, "O": 2, "D": 3, "P": 4, "S": 5}
_FLOOR, _COUNTER, _ONIONS, _DISHES, _POT, _SERVING = range(6)


@dataclass
class KitchenBatch:
    """N kitchens of one layout as arrays (see the module table); stepped in place by :func:`step_batch`."""

    x: np.ndarray
    y: np.ndarray
    facing: np.ndarray
    held: np.ndarray
    held_onions: np.ndarray
    kind: np.ndarray
    onions: np.ndarray
    tick: np.ndarray
    timestep: np.ndarray

    @property
    def size(self) -> int:
        """The number of kitchens."""
        return int(self.timestep.shape[0])


@dataclass(frozen=True)
class _LayoutArrays:
    terrain: np.ndarray  # (H, W) terrain codes
    pots: np.ndarray  # (P, 2) pot cells (x, y)
    counters: np.ndarray  # (C, 2) counter cells (x, y)


_ARRAYS: dict[int, tuple[Layout, _LayoutArrays]] = {}


def _arrays(layout: Layout) -> _LayoutArrays:
    found = _ARRAYS.get(id(layout))
    if found is None or found[0] is not layout:
        terrain = np.array([[TERRAIN_CODES[c] for c in row] for row in layout.grid], dtype=np.int8)
        pots = np.array(layout.pots, dtype=np.int64).reshape(-1, 2)
        counters = np.array(layout.counters, dtype=np.int64).reshape(-1, 2)
        found = _ARRAYS[id(layout)] = (layout, _LayoutArrays(terrain, pots, counters))
    return found[1]


def batch_from_kitchens(layout: Layout, kitchens: list[Kitchen]) -> KitchenBatch:
    """The arrays of ``kitchens`` (all of ``layout``)."""
    n, h, w = len(kitchens), layout.height, layout.width
    pairs = [np.zeros((n, 2), dtype=np.int64) for _ in range(5)]
    batch = KitchenBatch(
        x=pairs[0],
        y=pairs[1],
        facing=pairs[2],
        held=pairs[3],
        held_onions=pairs[4],
        kind=np.zeros((n, h, w), dtype=np.int64),
        onions=np.zeros((n, h, w), dtype=np.int64),
        tick=np.full((n, h, w), -1, dtype=np.int64),
        timestep=np.zeros(n, dtype=np.int64),
    )
    for e, kitchen in enumerate(kitchens):
        for c, chef in enumerate(kitchen.chefs):
            batch.x[e, c], batch.y[e, c] = chef.position
            batch.facing[e, c] = DIRECTIONS.index(chef.orientation)
            if chef.held is not None:
                batch.held[e, c] = CODES[chef.held.name]
                batch.held_onions[e, c] = len(chef.held.ingredients)
        for obj in kitchen.objects:
            x, y = obj.position
            batch.kind[e, y, x] = CODES[obj.name]
            batch.onions[e, y, x] = len(obj.ingredients)
            batch.tick[e, y, x] = obj.cooking_tick
        batch.timestep[e] = kitchen.timestep
    return batch


def _obj(code: int, pos: tuple[int, int], onions: int, tick: int) -> Obj:
    if code == CODES["soup"]:
        return Obj("soup", pos, ("onion",) * onions, tick)
    return Obj(NAMES[code], pos)


def kitchen_at(batch: KitchenBatch, e: int) -> Kitchen:
    """Kitchen ``e`` of ``batch`` as a :class:`~games.overcooked.kitchen.Kitchen`."""
    chefs = []
    for c in range(2):
        pos = (int(batch.x[e, c]), int(batch.y[e, c]))
        code = int(batch.held[e, c])
        held = _obj(code, pos, int(batch.held_onions[e, c]), COOK_TIME) if code else None
        chefs.append(Chef(pos, DIRECTIONS[int(batch.facing[e, c])], held))
    ys, xs = np.nonzero(batch.kind[e])  # row-major, as Kitchen.objects
    objects = tuple(
        _obj(int(batch.kind[e, y, x]), (int(x), int(y)), int(batch.onions[e, y, x]), int(batch.tick[e, y, x]))
        for y, x in zip(ys, xs, strict=True)
    )
    return Kitchen((chefs[0], chefs[1]), objects, int(batch.timestep[e]))


def step_batch(
    layout: Layout, batch: KitchenBatch, actions: np.ndarray, dynamics: str = "paper"
) -> tuple[np.ndarray, np.ndarray]:
    """Apply one joint action to every kitchen of ``batch``, in place.

    Args:
        layout: the kitchens' layout.
        batch: the kitchens (changed in place).
        actions: (N, 2) action indices (:data:`~games.overcooked.kitchen.ACTIONS`), chef 0 then chef 1.
        dynamics: ``"paper"`` or ``"v1.1.0"`` (see :mod:`games.overcooked.dynamics`).

    Returns:
        The sparse and the shaped rewards, each (N, 2).

    Raises:
        ValueError: a wrong shape, an action outside 0-5 or unknown dynamics.
    """
    acts = np.asarray(actions, dtype=np.int64)
    if acts.shape != (batch.size, 2):
        raise ValueError(f"actions must have shape ({batch.size}, 2), not {acts.shape}")
    if acts.size and (acts.min() < 0 or acts.max() > 5):
        raise ValueError("each action must be an index 0-5")
    if dynamics not in DYNAMICS:
        raise ValueError(f"unknown dynamics {dynamics!r}; known: {', '.join(DYNAMICS)}")
    arrays = _arrays(layout)
    sparse = np.zeros((batch.size, 2), dtype=np.int64)
    shaped = np.zeros((batch.size, 2), dtype=np.int64)
    _step_all(
        arrays.terrain, arrays.pots, arrays.counters, dynamics == "paper",
        batch.x, batch.y, batch.facing, batch.held, batch.held_onions,
        batch.kind, batch.onions, batch.tick, batch.timestep, acts, sparse, shaped,
    )  # fmt: skip
    return sparse, shaped


_DX = np.array([d[0] for d in DIRECTIONS], dtype=np.int64)
_DY = np.array([d[1] for d in DIRECTIONS], dtype=np.int64)


@njit_later(cache=True)
def _interact(
    e, i, terrain, counters, paper, x, y, facing, held, held_onions, kind, onions, tick, sparse, shaped, needed
):  # noqa: PLR0913
    tx = x[e, i] + _DX[facing[e, i]]
    ty = y[e, i] + _DY[facing[e, i]]
    t = terrain[ty, tx]
    h = held[e, i]
    k = kind[e, ty, tx]
    if t == _COUNTER:
        if h != 0 and k == 0:
            kind[e, ty, tx] = h
            onions[e, ty, tx] = held_onions[e, i]
            tick[e, ty, tx] = COOK_TIME if h == 3 else -1
            held[e, i] = 0
            held_onions[e, i] = 0
        elif h == 0 and k != 0:
            held[e, i] = k
            held_onions[e, i] = onions[e, ty, tx]
            kind[e, ty, tx] = 0
            onions[e, ty, tx] = 0
            tick[e, ty, tx] = -1
    elif t == _ONIONS:
        if h == 0:
            held[e, i] = 1
    elif t == _DISHES:
        if h == 0:
            on_counters = 0
            for c in range(counters.shape[0]):
                if kind[e, counters[c, 1], counters[c, 0]] == 2:
                    on_counters += 1
            in_hands = (1 if held[e, 0] == 2 else 0) + (1 if held[e, 1] == 2 else 0)
            if on_counters == 0 and in_hands < needed:
                shaped[e, i] += DISH_PICKUP_REWARD
            held[e, i] = 2
    elif t == _POT:
        if h == 0:
            if not paper and k == 3 and tick[e, ty, tx] < 0 and onions[e, ty, tx] > 0:
                tick[e, ty, tx] = 0
        elif h == 2:
            if k == 3 and tick[e, ty, tx] >= COOK_TIME:
                held[e, i] = 3
                held_onions[e, i] = onions[e, ty, tx]
                kind[e, ty, tx] = 0
                onions[e, ty, tx] = 0
                tick[e, ty, tx] = -1
                shaped[e, i] += SOUP_PICKUP_REWARD
        elif h == 1:
            if k == 0:
                kind[e, ty, tx] = 3
                onions[e, ty, tx] = 0
                tick[e, ty, tx] = -1
            if tick[e, ty, tx] < 0 and onions[e, ty, tx] < MAX_INGREDIENTS:
                onions[e, ty, tx] += 1
                held[e, i] = 0
                shaped[e, i] += PLACEMENT_IN_POT_REWARD
    elif t == _SERVING:
        if h == 3:
            if held_onions[e, i] == MAX_INGREDIENTS:
                sparse[e, i] += DELIVERY_REWARD
            held[e, i] = 0
            held_onions[e, i] = 0


@njit_later(cache=True)
def _step_all(
    terrain, pots, counters, paper, x, y, facing, held, held_onions, kind, onions, tick, timestep, acts, sparse, shaped
):  # noqa: PLR0913
    for e in range(acts.shape[0]):
        a0 = acts[e, 0]
        a1 = acts[e, 1]
        if a0 == 5 or a1 == 5:
            needed = 0  # upstream's pots ready, cooking or partly filled, counted before the interacts
            for p in range(pots.shape[0]):
                px, py = pots[p, 0], pots[p, 1]
                if kind[e, py, px] == 3:
                    if tick[e, py, px] >= 0 or onions[e, py, px] < MAX_INGREDIENTS:
                        needed += 1
            for i in range(2):
                if acts[e, i] == 5:
                    _interact(
                        e,
                        i,
                        terrain,
                        counters,
                        paper,
                        x,
                        y,
                        facing,
                        held,
                        held_onions,
                        kind,
                        onions,
                        tick,
                        sparse,
                        shaped,
                        needed,
                    )
        nx0, ny0, nx1, ny1 = x[e, 0], y[e, 0], x[e, 1], y[e, 1]
        if a0 < 4:
            facing[e, 0] = a0
            if terrain[ny0 + _DY[a0], nx0 + _DX[a0]] == _FLOOR:
                nx0 += _DX[a0]
                ny0 += _DY[a0]
        if a1 < 4:
            facing[e, 1] = a1
            if terrain[ny1 + _DY[a1], nx1 + _DX[a1]] == _FLOOR:
                nx1 += _DX[a1]
                ny1 += _DY[a1]
        same = nx0 == nx1 and ny0 == ny1
        swap = nx0 == x[e, 1] and ny0 == y[e, 1] and nx1 == x[e, 0] and ny1 == y[e, 0]
        if not (same or swap):
            x[e, 0], y[e, 0], x[e, 1], y[e, 1] = nx0, ny0, nx1, ny1
        timestep[e] += 1
        for p in range(pots.shape[0]):
            px, py = pots[p, 0], pots[p, 1]
            if kind[e, py, px] == 3:
                t = tick[e, py, px]
                if t < 0 and paper and onions[e, py, px] == MAX_INGREDIENTS:
                    t = 0
                if 0 <= t < COOK_TIME:
                    t += 1
                tick[e, py, px] = t

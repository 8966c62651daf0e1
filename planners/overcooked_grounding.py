"""Grounding of Overcooked's medium-level actions (LLM-Coordination, seed 002, section 3 "Grounding
Module" and Appendix A): a chosen action such as "place onion in c0." becomes low-level moves by
shortest paths, ending on a floor cell next to the tile, facing it, with INTERACT.

| part | how |
| --- | --- |
| state graph | (cell, orientation) pairs of a layout's floor cells; a move turns the chef and steps if the cell ahead is free (a blocked move only turns, as in the engine) |
| distances | :class:`Geometry.goal_table`: steps from every (cell, orientation) until facing a tile from a next cell, by reverse BFS, precomputed per (layout, tile) and cached per set of blocked cells (the partner's cell, the cells its path needs) |
| one chef | :func:`step_toward`: the move that brings the goal nearest, around the partner when a detour costs at most :data:`DETOUR` steps more, else straight on (the partner usually moves on) |
| two chefs | :func:`joint_actions`: prioritised planning (the chef with the more advanced task goes first; the other routes around it, or steps off its path, or waits) with the engine's collision rule checked on the pair |
| move away | :func:`move_away`: to the nearest cell off the partner's path to its goal |
| stuck | :class:`StuckGuard`: a chef whose cell and orientation stayed the same for :data:`STUCK_STEPS` steps while it tried to move takes a random move |

Feasibility (:func:`feasible`) and the paper's list of available actions (:func:`available_tasks`)
read the kitchen as Appendix A.2 does.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from games.overcooked import DIRECTIONS, Kitchen, Layout, Pos, load_layout
from language.overcooked_places import Task, access_cells, places
from language.overcooked_state_text import closest_empty_counter as text_closest_counter

NORTH, SOUTH, EAST, WEST, STAY, INTERACT = range(6)
INF = 1 << 20
DETOUR = 3
"""The most extra steps a chef takes to go around its partner instead of waiting for it."""
STUCK_STEPS = 2
"""Steps without a change of cell or orientation after which a chef trying to move takes a random move."""


class Geometry:
    """The (cell, orientation) graph of one layout and its distance tables.

    A state is ``cell * 4 + orientation`` (orientations in the order of the move actions: north,
    south, east, west); ``cells`` lists the floor cells row-major.
    """

    def __init__(self, layout: Layout) -> None:
        self.layout = layout
        self.cells: list[Pos] = list(layout.floor)
        self.index: dict[Pos, int] = {c: i for i, c in enumerate(self.cells)}
        self.move: list[tuple[int, int, int, int]] = []
        for x, y in self.cells:
            row = []
            for dx, dy in DIRECTIONS:
                nxt = (x + dx, y + dy)
                row.append(self.index.get(nxt, self.index[(x, y)]))
            self.move.append((row[0], row[1], row[2], row[3]))
        self._goals: dict[tuple[Pos, frozenset[int]], list[int]] = {}
        self._cells: dict[tuple[int, frozenset[int]], list[int]] = {}
        self._from: dict[int, list[int]] = {}

    def forget(self) -> None:
        """Drop every cached table (they are recomputed on demand)."""
        self._goals.clear()
        self._cells.clear()
        self._from.clear()

    def from_state(self, state: int) -> list[int]:
        """Steps from ``state`` to every state (:data:`INF`: never), the partner ignored."""
        table = self._from.get(state)
        if table is None:
            table = [INF] * (len(self.cells) * 4)
            table[state] = 0
            queue = deque([state])
            while queue:
                s = queue.popleft()
                for a in range(4):
                    n = self.after(s, a)
                    if table[n] == INF:
                        table[n] = table[s] + 1
                        queue.append(n)
            self._from[state] = table
        return table

    def state(self, cell: Pos, orientation: Pos) -> int:
        """The state index of a chef on ``cell`` facing ``orientation``."""
        return self.index[cell] * 4 + DIRECTIONS.index(orientation)

    def after(self, state: int, action: int, blocked: frozenset[int] = frozenset()) -> int:
        """The state after ``action`` from ``state`` with ``blocked`` cells taken (a move into one only turns)."""
        if action >= STAY:
            return state
        cell = state >> 2
        nxt = self.move[cell][action]
        if nxt in blocked:
            nxt = cell
        return nxt * 4 + action

    def goals(self, tile: Pos) -> list[int]:
        """The states facing ``tile`` from a floor cell next to it."""
        out = []
        for cell in access_cells(self.layout, tile):
            direction = (tile[0] - cell[0], tile[1] - cell[1])
            out.append(self.index[cell] * 4 + DIRECTIONS.index(direction))
        return out

    def goal_table(self, tile: Pos, blocked: frozenset[int] = frozenset()) -> list[int]:
        """Steps from each state until facing ``tile`` (:data:`INF`: never), ``blocked`` cells taken."""
        key = (tile, blocked)
        table = self._goals.get(key)
        if table is None:
            if len(self._goals) > 20_000:
                self._goals.clear()
            table = self._goals[key] = self._reverse_bfs(
                [g for g in self.goals(tile) if g >> 2 not in blocked], blocked
            )
        return table

    def cell_table(self, cell: int, blocked: frozenset[int] = frozenset()) -> list[int]:
        """Moves from each cell to cell index ``cell`` (:data:`INF`: never), ``blocked`` cells taken."""
        key = (cell, blocked)
        table = self._cells.get(key)
        if table is None:
            if len(self._cells) > 20_000:
                self._cells.clear()
            table = [INF] * len(self.cells)
            table[cell] = 0
            queue = deque([cell])
            while queue:
                here = queue.popleft()
                for nxt in self.move[here]:
                    if table[nxt] == INF and nxt not in blocked:
                        table[nxt] = table[here] + 1
                        queue.append(nxt)
            self._cells[key] = table
        return table

    def _reverse_bfs(self, goals: Sequence[int], blocked: frozenset[int]) -> list[int]:
        n = len(self.cells) * 4
        preds: list[list[int]] = [[] for _ in range(n)]
        for s in range(n):
            if s >> 2 in blocked:
                continue
            for a in range(4):
                preds[self.after(s, a, blocked)].append(s)
        table = [INF] * n
        queue = deque(goals)
        for g in goals:
            table[g] = 0
        while queue:
            s = queue.popleft()
            for p in preds[s]:
                if table[p] == INF:
                    table[p] = table[s] + 1
                    queue.append(p)
        return table


@cache
def geometry(layout_name: str) -> Geometry:
    """The (cached) geometry of the paper layout ``layout_name``."""
    return Geometry(load_layout(layout_name))


def descend(geo: Geometry, state: int, table: list[int], blocked: frozenset[int], order: Sequence[int]) -> int:
    """The move (tried in ``order``) that most lowers ``table`` from ``state``; INTERACT at the goal;
    STAY when no move lowers it."""
    here = table[state]
    if here == 0:
        return INTERACT
    best, best_d = STAY, here
    for a in order:
        d = table[geo.after(state, a, blocked)]
        if d < best_d:
            best, best_d = a, d
    return best


def step_toward(geo: Geometry, state: int, tile: Pos, partner: int | None, order: Sequence[int] = (0, 1, 2, 3)) -> int:
    """One chef's next low-level action toward acting on ``tile``, the partner on cell ``partner``.

    Around the partner when that costs at most :data:`DETOUR` more steps, else straight on."""
    free = geo.goal_table(tile)
    if free[state] >= INF:
        return STAY
    if partner is None or partner == state >> 2:
        return descend(geo, state, free, frozenset(), order)
    blocked = frozenset((partner,))
    around = geo.goal_table(tile, blocked)
    if around[state] <= free[state] + DETOUR:
        return descend(geo, state, around, blocked, order)
    return descend(geo, state, free, frozenset(), order)


def path_cells(geo: Geometry, state: int, tile: Pos | None, length: int) -> list[int]:
    """The next ``length`` cells a chef walks toward ``tile`` on the free table (its own cell first)."""
    out = [state >> 2]
    if tile is None:
        return out
    table = geo.goal_table(tile)
    for _ in range(length):
        a = descend(geo, state, table, frozenset(), (0, 1, 2, 3))
        if a >= STAY:
            break
        state = geo.after(state, a)
        if state >> 2 != out[-1]:
            out.append(state >> 2)
    return out


def move_away(geo: Geometry, state: int, avoid: Iterable[int], partner: int | None) -> int:
    """The move toward the nearest cell not in ``avoid`` (the partner's path), not through ``partner``;
    STAY when already off it or boxed in."""
    avoid = set(avoid)
    cell = state >> 2
    if cell not in avoid:
        return STAY
    blocked = frozenset(() if partner is None else (partner,))
    best, best_d = STAY, INF
    for a in range(4):
        nxt = geo.move[cell][a]
        if nxt == cell or nxt in blocked:
            continue
        if nxt in avoid:
            table = geo.cell_table(nxt, blocked)
            d = 1 + min((table[c] for c in range(len(geo.cells)) if c not in avoid and c not in blocked), default=INF)
        else:
            d = 0
        if d < best_d:
            best, best_d = a, d
    return best


def collide(geo: Geometry, states: tuple[int, int], actions: tuple[int, int]) -> bool:
    """Whether the engine would cancel both moves (same cell, or a swap)."""
    c0, c1 = states[0] >> 2, states[1] >> 2
    n0 = geo.move[c0][actions[0]] if actions[0] < STAY else c0
    n1 = geo.move[c1][actions[1]] if actions[1] < STAY else c1
    return n0 == n1 or (n0 == c1 and n1 == c0)


RANK = {"deliver": 6, "load": 5, "put": 4, "place": 3, "pick": 2, "move_away": 1, "wait": 0}
"""How advanced a task is: the chef with the higher rank moves first in a joint step."""


def joint_actions(geo: Geometry, states: tuple[int, int], tasks: tuple[Task, Task]) -> tuple[int, int]:
    """Both chefs' next low-level actions for their tasks (prioritised planning, see the module)."""
    dist = [geo.goal_table(t.target)[s] if t.target is not None else INF for t, s in zip(tasks, states, strict=True)]
    ranks = [RANK[t.kind] for t in tasks]
    first = 0 if (-ranks[0], dist[0]) <= (-ranks[1], dist[1]) else 1
    second = 1 - first
    out = [STAY, STAY]
    out[first] = solo_action(geo, states[first], tasks[first], states[second] >> 2, ())
    ahead = geo.after(states[first], out[first], frozenset((states[second] >> 2,)))
    lane = path_cells(geo, ahead, tasks[first].target, 4) if tasks[first].target is not None else [ahead >> 2]
    out[second] = solo_action(geo, states[second], tasks[second], states[first] >> 2, [states[first] >> 2, *lane])
    if collide(geo, states, (out[0], out[1])):
        out[second] = STAY
    return out[0], out[1]


def solo_action(geo: Geometry, state: int, task: Task, partner: int, lane: Sequence[int]) -> int:
    """One chef's action when the cells of ``lane`` (the first chef's next cells) are to be kept free."""
    if task.target is None:  # wait, move away
        if task.kind == "wait" and state >> 2 not in lane:
            return STAY
        avoid = list(lane) if lane else [partner, *geo.move[partner]]
        return move_away(geo, state, avoid, partner)
    if not lane:
        return step_toward(geo, state, task.target, partner)
    blocked = frozenset(lane) - {state >> 2}
    table = geo.goal_table(task.target, blocked)
    free = geo.goal_table(task.target)
    if table[state] < INF and table[state] <= free[state] + DETOUR:
        return descend(geo, state, table, blocked, (0, 1, 2, 3))
    if state >> 2 in lane:
        return move_away(geo, state, lane, partner)
    return STAY


@dataclass
class StuckGuard:
    """Detects a chef that makes no progress while it tries to get somewhere (a move, or a wait
    short of its goal), and then picks a random move (upstream's ``auto_unstuck`` in spirit): its cell
    and orientation unchanged for :data:`STUCK_STEPS` steps, or (``window`` > 0) a state it already
    had twice within the last ``window`` steps (two chefs stepping aside and back, in turn)."""

    window: int = 0
    last: int | None = None
    still: int = 0
    active: bool = False
    seen: list[int] = field(default_factory=list)

    def reset(self) -> None:
        """Forget the previous game."""
        self.last, self.still, self.active, self.seen = None, 0, False, []

    def check(self, state: int, action: int, rng: np.random.Generator, trying: bool = False) -> int:
        """``action``, or a random move when the chef is stuck (``trying``: a STAY short of the goal)."""
        active = action < STAY or trying
        self.still = self.still + 1 if state == self.last and self.active else 0
        self.last = state
        looping = self.window > 0 and active and self.seen.count(state) >= 2
        self.seen = [*self.seen, state][-self.window :] if self.window else []
        if active and (self.still >= STUCK_STEPS or looping):
            action = int(rng.integers(0, 4))
            self.still, self.seen = 0, []
        self.active = active
        return action


def holding(kitchen: Kitchen, seat: int) -> str | None:
    """The name of what chef ``seat`` holds (None: nothing)."""
    held = kitchen.chefs[seat].held
    return None if held is None else held.name


def reachable(geo: Geometry, kitchen: Kitchen, seat: int, tile: Pos) -> bool:
    """Whether chef ``seat`` can reach a cell next to ``tile`` (the partner ignored)."""
    chef = kitchen.chefs[seat]
    return geo.goal_table(tile)[geo.state(chef.position, chef.orientation)] < INF


def feasible(layout_name: str, kitchen: Kitchen, seat: int, task: Task) -> bool:
    """Whether ``task`` can be carried out now by chef ``seat`` (a plate may be taken to a pot
    that is still cooking: the chef waits there)."""
    if task.kind in ("wait", "move_away"):
        return True
    assert task.target is not None
    geo = geometry(layout_name)
    layout = geo.layout
    held = holding(kitchen, seat)
    on = kitchen.object_at(task.target)
    terrain = layout.terrain(task.target)
    if not reachable(geo, kitchen, seat, task.target):
        return False
    if task.kind == "pick":
        if held is not None:
            return False
        if terrain == "O":
            return task.item in (None, "onion")
        if terrain == "D":
            return task.item in (None, "dish")
        return terrain == "X" and on is not None and task.item in (None, on.name)
    if task.kind == "put":
        return terrain == "P" and held == "onion" and (on is None or not on.is_full)
    if task.kind == "load":
        return terrain == "P" and held == "dish" and on is not None and on.cooking_tick >= 0
    if task.kind == "deliver":
        return terrain == "S" and held == "soup"
    return terrain == "X" and held is not None and on is None and task.item in (None, held)


def available_tasks(layout_name: str, kitchen: Kitchen, seat: int) -> list[Task]:
    """The medium-level actions the paper offers chef ``seat`` now (``_get_available_actions``):
    by held item, every reachable place of the right kind (with an empty hand, the dispensers and
    counters holding something; with an onion, the cookers; with a plate, the cookers to load
    from; with a soup, the delivery areas), the closest empty kitchen counter and the empty shared
    counters to put the held item on, then ``wait.`` and ``move away.``."""
    geo = geometry(layout_name)
    layout = geo.layout
    named = places(layout_name)
    held = holding(kitchen, seat)
    out: list[Task] = []

    def reach(tile: Pos) -> bool:
        return reachable(geo, kitchen, seat, tile)

    if held is None:
        out += [Task("pick", t, "onion") for t in layout.onion_dispensers if reach(t)]
        out += [Task("pick", t, "dish") for t in layout.dish_dispensers if reach(t)]
        for obj in kitchen.objects:
            if layout.terrain(obj.position) == "X" and reach(obj.position):
                out.append(Task("pick", obj.position, obj.name))
    else:
        if held == "onion":
            out += [Task("put", t, "onion") for t in layout.pots if reach(t)]
        elif held == "dish":
            out += [Task("load", t, "dish") for t in layout.pots if reach(t)]
        else:
            out += [Task("deliver", t, "soup") for t in layout.serving if reach(t)]
        closest = closest_empty_counter(layout_name, kitchen, seat)
        if closest is not None:
            out.append(Task("place", closest, held))
        for name in named.of_kind("s"):
            tile = named.tiles[name]
            if kitchen.object_at(tile) is None and reach(tile) and tile != closest:
                out.append(Task("place", tile, held))
    return [*out, Task("wait"), Task("move_away")]


def closest_empty_counter(layout_name: str, kitchen: Kitchen, seat: int) -> Pos | None:
    """The empty kitchen counter the working memory calls closest to chef ``seat`` (None: none)."""
    closest = text_closest_counter(layout_name, kitchen, seat)
    return None if closest is None else closest[0]

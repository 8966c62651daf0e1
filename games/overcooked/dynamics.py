"""One joint step of Overcooked, exactly as overcooked-ai 1.1.0's ``get_state_transition`` computes it.

Proven against upstream's own trajectories (``games/overcooked/golden/``, replayed by
``tests/games/overcooked/test_golden.py``): every state, reward and event agrees.

================== ===============================================================================
phase              rule (1.1.0, ``overcooked_mdp.py``)
================== ===============================================================================
1. interacts       chef 0's INTERACT, then chef 1's, on the cell each faces, before anyone moves
                   (chef 1 sees chef 0's effect); a chef who interacts does not move
   counter ``X``   drop the held object on an empty counter, or pick one up with empty hands
   dispenser       ``O`` / ``D`` with empty hands: take an onion / a dish
   pot ``P``       onion in hand and the pot not full: the onion goes in (+3 shaped); dish in hand
                   and the soup ready: take the soup (+5 shaped); empty hands: nothing in the paper
                   dynamics, start an idle non-empty pot in ``v1.1.0``
   serving ``S``   a soup in hand is delivered: +20 sparse for three onions, else 0
2. movement        a move to a non-floor cell keeps the cell and still turns the chef; ``stay`` and
                   ``interact`` keep both; if both chefs would end on one cell, or swap cells, both
                   keep their cells (the turns still happen)
3. environment     timestep + 1; ``paper``: an idle soup of exactly 3 ingredients starts (tick 0);
                   then every cooking soup ticks once (so a pot filled at step t is at tick 1)
shaped rewards     +3 onion into a pot, +3 dish from the dispenser if useful (no dish on a counter
                   and fewer dishes in hands than pots ready / cooking / partly filled, counted
                   before the step's interacts), +5 soup taken from a pot with a dish
sparse rewards     to the delivering chef (the team score is the sum)
events             upstream's ``event_infos`` flags that are true, as ``(name, chef)`` in upstream's
                   ``EVENT_TYPES`` order, then by chef
================== ===============================================================================

Dynamics: ``"paper"`` is the original 2019 game the paper plays (upstream's later
``old_dynamics=True``: three onions start cooking by themselves); ``"v1.1.0"`` is the unmodified
PyPI release (an INTERACT with empty hands starts a pot holding 1-3 onions; a soup of fewer than three
onions is worth 0).

Only onions exist in these layouts and the only order is three onions, so every potting is
upstream's "optimal" and "viable" potting, never "catastrophic" or "useless".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.overcooked.kitchen import (
    COOK_TIME,
    DIRECTIONS,
    DISH,
    INTERACT,
    MAX_INGREDIENTS,
    ONION,
    SOUP,
    STAY,
    Chef,
    Kitchen,
    Obj,
    row_major,
)
from games.overcooked.layout import Layout, Pos

Dynamics = Literal["paper", "v1.1.0"]
DYNAMICS: tuple[str, ...] = ("paper", "v1.1.0")

PLACEMENT_IN_POT_REWARD = 3
DISH_PICKUP_REWARD = 3
SOUP_PICKUP_REWARD = 5
"""Upstream's default reward shaping (``BASE_REW_SHAPING_PARAMS``), used by all five layouts."""

EVENT_TYPES: tuple[str, ...] = (
    "tomato_pickup",
    "useful_tomato_pickup",
    "tomato_drop",
    "useful_tomato_drop",
    "potting_tomato",
    "onion_pickup",
    "useful_onion_pickup",
    "onion_drop",
    "useful_onion_drop",
    "potting_onion",
    "dish_pickup",
    "useful_dish_pickup",
    "dish_drop",
    "useful_dish_drop",
    "soup_pickup",
    "soup_delivery",
    "soup_drop",
    "optimal_onion_potting",
    "optimal_tomato_potting",
    "viable_onion_potting",
    "viable_tomato_potting",
    "catastrophic_onion_potting",
    "catastrophic_tomato_potting",
    "useless_onion_potting",
    "useless_tomato_potting",
)
"""Upstream's event names, in its order (the order of :attr:`Step.events`)."""

_EVENT_INDEX = {name: i for i, name in enumerate(EVENT_TYPES)}
_POTTING_EVENTS = ("potting_onion", "optimal_onion_potting", "viable_onion_potting")


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one joint step.

    Attributes:
        kitchen: the next kitchen.
        sparse: each chef's delivery reward this step (20 per three-onion soup delivered).
        shaped: each chef's shaped reward this step (upstream's subgoal rewards).
        events: the upstream events that happened, ``(name, chef)``, in upstream's order.
    """

    kitchen: Kitchen
    sparse: tuple[int, int]
    shaped: tuple[int, int]
    events: tuple[tuple[str, int], ...] = ()


class _Tables:
    """Per-layout lookups for :func:`step`: where each move from each floor cell leads."""

    __slots__ = ("counters", "grid", "layout", "moves", "num_pots", "pots")

    def __init__(self, layout: Layout) -> None:
        self.layout = layout  # kept alive, so the id used as the cache key is not reused
        self.grid = layout.grid
        self.pots = layout.pots
        self.num_pots = len(layout.pots)
        self.counters = frozenset(layout.counters)
        self.moves: dict[Pos, tuple[Pos, ...]] = {}
        for x, y in layout.floor:
            targets = [(x + dx, y + dy) for dx, dy in DIRECTIONS]
            self.moves[(x, y)] = tuple(t if layout.walkable(t) else (x, y) for t in targets)


_TABLES: dict[int, _Tables] = {}


def _tables(layout: Layout) -> _Tables:
    tables = _TABLES.get(id(layout))
    if tables is None or tables.layout is not layout:
        tables = _TABLES[id(layout)] = _Tables(layout)
    return tables


class _Interacts:
    """The mutable scratch of one step's interacts: chefs, objects by position, rewards, events."""

    __slots__ = ("chefs", "dish_needed", "events", "n_full", "objects", "shaped", "sparse")

    def __init__(self, kitchen: Kitchen, tables: _Tables) -> None:
        self.chefs = list(kitchen.chefs)
        self.objects = {obj.position: obj for obj in kitchen.objects}
        self.sparse = [0, 0]
        self.shaped = [0, 0]
        self.events: list[tuple[int, int]] = []
        # upstream's pot_states: counted once, before any interact of the step
        full = nonempty = 0
        for pot in tables.pots:
            soup = self.objects.get(pot)
            if soup is None:
                continue
            if soup.cooking_tick >= 0 or len(soup.ingredients) >= MAX_INGREDIENTS:
                full += 1
            if soup.cooking_tick >= 0 or len(soup.ingredients) < MAX_INGREDIENTS:
                nonempty += 1  # ready, cooking or partly filled (an idle full pot does not count)
        self.n_full = full
        self.dish_needed = nonempty

    def log(self, name: str, chef: int) -> None:
        self.events.append((_EVENT_INDEX[name], chef))

    def other_holds(self, chef: int, name: str) -> bool:
        held = self.chefs[1 - chef].held
        return held is not None and held.name == name

    def dish_pickup_useful(self) -> bool:
        if any(obj.name == DISH for obj in self.objects.values()):  # dishes lie only on counters
            return False
        in_hands = sum(1 for c in self.chefs if c.held is not None and c.held.name == DISH)
        return in_hands < self.dish_needed

    def log_pickup(self, name: str, chef: int, num_pots: int) -> None:
        self.log(f"{name}_pickup", chef)
        if name == ONION:
            useful = not (self.n_full == num_pots and not self.other_holds(chef, DISH))
        elif name == DISH:
            useful = self.dish_pickup_useful()
        else:
            return
        if useful:
            self.log(f"useful_{name}_pickup", chef)

    def log_drop(self, name: str, chef: int, num_pots: int) -> None:
        self.log(f"{name}_drop", chef)
        if name == ONION:
            useful = self.n_full == num_pots and not self.other_holds(chef, DISH)
        elif name == DISH:
            useful = self.n_full == 0 and not self.other_holds(chef, ONION)
        else:
            return
        if useful:
            self.log(f"useful_{name}_drop", chef)

    def interact(self, i: int, tables: _Tables, dynamics: str) -> None:
        chef = self.chefs[i]
        pos = chef.position
        target = chef.facing
        terrain = tables.grid[target[1]][target[0]]
        held = chef.held
        objects = self.objects
        if terrain == "X":
            if held is not None and target not in objects:
                self.log_drop(held.name, i, tables.num_pots)
                objects[target] = _moved(held, target)
                self.chefs[i] = Chef(pos, chef.orientation, None)
            elif held is None and target in objects:
                self.log_pickup(objects[target].name, i, tables.num_pots)
                self.chefs[i] = Chef(pos, chef.orientation, _moved(objects.pop(target), pos))
        elif terrain == "O":
            if held is None:
                self.log_pickup(ONION, i, tables.num_pots)
                self.chefs[i] = Chef(pos, chef.orientation, Obj(ONION, pos))
        elif terrain == "D":
            if held is None:
                self.log_pickup(DISH, i, tables.num_pots)
                if self.dish_pickup_useful():
                    self.shaped[i] += DISH_PICKUP_REWARD
                self.chefs[i] = Chef(pos, chef.orientation, Obj(DISH, pos))
        elif terrain == "P":
            soup = objects.get(target)
            if held is None:
                if dynamics == "v1.1.0" and soup is not None and soup.cooking_tick < 0 and soup.ingredients:
                    objects[target] = Obj(SOUP, target, soup.ingredients, 0)
            elif held.name == DISH:
                if soup is not None and soup.cooking_tick >= COOK_TIME:
                    self.log_pickup(SOUP, i, tables.num_pots)
                    del objects[target]
                    self.chefs[i] = Chef(pos, chef.orientation, _moved(soup, pos))
                    self.shaped[i] += SOUP_PICKUP_REWARD
            elif held.name == ONION:
                if soup is None:
                    soup = objects[target] = Obj(SOUP, target)
                if not soup.is_full:
                    objects[target] = Obj(SOUP, target, (*soup.ingredients, ONION), soup.cooking_tick)
                    self.chefs[i] = Chef(pos, chef.orientation, None)
                    self.shaped[i] += PLACEMENT_IN_POT_REWARD
                    for name in _POTTING_EVENTS:
                        self.log(name, i)
        elif terrain == "S" and held is not None and held.name == SOUP:
            self.sparse[i] += held.value
            self.chefs[i] = Chef(pos, chef.orientation, None)
            self.log("soup_delivery", i)


def _moved(obj: Obj, pos: Pos) -> Obj:
    """``obj`` at ``pos`` (the same object if it is already there)."""
    return obj if obj.position == pos else Obj(obj.name, pos, obj.ingredients, obj.cooking_tick)


def _walk(chef: Chef, action: int, moves: dict[Pos, tuple[Pos, ...]]) -> tuple[Pos, Pos]:
    """The cell and orientation ``action`` would give ``chef``, ignoring the other chef."""
    if action >= STAY:
        return chef.position, chef.orientation
    return moves[chef.position][action], DIRECTIONS[action]


def _placed(chef: Chef, pos: Pos, orientation: Pos) -> Chef:
    if pos == chef.position and orientation == chef.orientation:
        return chef
    held = chef.held
    return Chef(pos, orientation, None if held is None else _moved(held, pos))


def _cook(objects: tuple[Obj, ...], dynamics: str) -> tuple[Obj, ...]:
    """Environment effects on the objects: paper auto-start of full idle pots, then one cooking tick."""
    out: list[Obj] | None = None
    for k, obj in enumerate(objects):
        if obj.name != SOUP:
            continue
        tick = obj.cooking_tick
        if tick < 0 and dynamics == "paper" and len(obj.ingredients) == MAX_INGREDIENTS:
            tick = 0
        if 0 <= tick < COOK_TIME:
            if out is None:
                out = list(objects)
            out[k] = Obj(SOUP, obj.position, obj.ingredients, tick + 1)
    return objects if out is None else tuple(out)


def step(layout: Layout, kitchen: Kitchen, joint: tuple[int, int], dynamics: Dynamics = "paper") -> Step:
    """Apply one joint action: interacts, then movement, then environment effects.

    Args:
        layout: the kitchen's layout.
        kitchen: the current state (left unchanged).
        joint: chef 0's and chef 1's action, indices into :data:`~games.overcooked.kitchen.ACTIONS`.
        dynamics: ``"paper"`` (three onions start cooking by themselves) or ``"v1.1.0"`` (an
            INTERACT with empty hands starts a pot).

    Returns:
        The next kitchen with the step's rewards and events.

    Raises:
        ValueError: an action outside 0-5, or unknown dynamics.
    """
    a0, a1 = joint
    if not (0 <= a0 <= INTERACT and 0 <= a1 <= INTERACT):
        raise ValueError(f"joint action {joint!r}: each action must be an index 0-5")
    if dynamics not in DYNAMICS:
        raise ValueError(f"unknown dynamics {dynamics!r}; known: {', '.join(DYNAMICS)}")
    tables = _tables(layout)
    sparse = shaped = (0, 0)
    events: tuple[tuple[str, int], ...] = ()
    c0, c1 = kitchen.chefs
    objects = kitchen.objects
    if a0 == INTERACT or a1 == INTERACT:
        scratch = _Interacts(kitchen, tables)
        if a0 == INTERACT:
            scratch.interact(0, tables, dynamics)
        if a1 == INTERACT:
            scratch.interact(1, tables, dynamics)
        c0, c1 = scratch.chefs
        objects = tuple(sorted(scratch.objects.values(), key=row_major))
        sparse = (scratch.sparse[0], scratch.sparse[1])
        shaped = (scratch.shaped[0], scratch.shaped[1])
        events = tuple((EVENT_TYPES[e], chef) for e, chef in sorted(set(scratch.events)))
    p0, o0 = _walk(c0, a0, tables.moves)
    p1, o1 = _walk(c1, a1, tables.moves)
    if p0 == p1 or (p0 == c1.position and p1 == c0.position):
        p0, p1 = c0.position, c1.position
    chefs = (_placed(c0, p0, o0), _placed(c1, p1, o1))
    nxt = Kitchen(chefs, _cook(objects, dynamics), kitchen.timestep + 1)
    return Step(nxt, sparse, shaped, events)

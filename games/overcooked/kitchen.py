"""The state of an Overcooked kitchen: objects, chefs and the kitchen itself, all immutable and hashable.

Mirrors overcooked-ai 1.1.0's ``ObjectState`` / ``SoupState``, ``PlayerState`` and ``OvercookedState``
(what their ``to_dict()`` holds, see :mod:`games.overcooked.upstream`), restricted to what the five
paper layouts can produce: onions, dishes and onion soups.

================ =================================================================================
fact             value
================ =================================================================================
actions          ``north, south, east, west, stay, interact`` = indices 0-5 of upstream's
                 ``Action.ALL_ACTIONS`` (directions ``(0,-1) (0,1) (1,0) (-1,0)``)
start            each chef on its layout start cell, facing north, empty-handed; no objects;
                 timestep 0
objects          ``onion`` / ``dish`` (plain), ``soup`` (in a pot, on a counter or in a hand)
soup             ``ingredients`` (onions, at most 3); ``cooking_tick`` -1 idle, then 0, 1, ...;
                 cooking while ``0 <= tick < 20``, ready at ``tick >= 20`` (stays 20)
held object      its position is always its chef's cell (upstream moves it with the chef)
``objects``      the objects not held (on counters and in pots), sorted row-major by position
                 (upstream keeps a dict in insertion order; the order carries no meaning)
================ =================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from games.overcooked.layout import Layout, Pos

ACTIONS: tuple[str, ...] = ("north", "south", "east", "west", "stay", "interact")
"""The six low-level actions, in the order (and so with the indices) of upstream's ``Action.ALL_ACTIONS``."""

NORTH, SOUTH, EAST, WEST, STAY, INTERACT = range(6)
"""Indices into :data:`ACTIONS`."""

DIRECTIONS: tuple[Pos, Pos, Pos, Pos] = ((0, -1), (0, 1), (1, 0), (-1, 0))
"""The unit vector of each move action ``north, south, east, west`` (indices 0-3)."""

ONION, DISH, SOUP = "onion", "dish", "soup"
ObjName = Literal["onion", "dish", "soup"]

COOK_TIME = 20
"""Ticks a soup cooks before it is ready (1.1.0's default ``Recipe.time``; the paper's value)."""

MAX_INGREDIENTS = 3
"""A pot holds at most three ingredients."""

RECIPE: tuple[str, ...] = (ONION, ONION, ONION)
"""The only order of the five paper layouts: a soup of three onions."""

DELIVERY_REWARD = 20
"""Sparse reward of delivering a :data:`RECIPE` soup; any other soup is worth 0."""


@dataclass(frozen=True, slots=True)
class Obj:
    """An object: an onion, a dish or a soup.

    Attributes:
        name: ``"onion"``, ``"dish"`` or ``"soup"``.
        position: where it lies (a counter, a pot) or, when held, its chef's cell.
        ingredients: a soup's ingredients in the order they went in (empty for other objects).
        cooking_tick: a soup's cooking progress: -1 idle, then 0 .. :data:`COOK_TIME`.
    """

    name: str
    position: Pos
    ingredients: tuple[str, ...] = ()
    cooking_tick: int = -1

    @property
    def is_idle(self) -> bool:
        """A soup that has not started cooking."""
        return self.cooking_tick < 0

    @property
    def is_cooking(self) -> bool:
        """A soup that has started cooking and is not ready yet."""
        return 0 <= self.cooking_tick < COOK_TIME

    @property
    def is_ready(self) -> bool:
        """A soup done cooking (it can be picked up with a dish and delivered)."""
        return self.cooking_tick >= COOK_TIME

    @property
    def is_full(self) -> bool:
        """A soup that takes no more ingredients: it has started cooking, or holds three."""
        return self.cooking_tick >= 0 or len(self.ingredients) >= MAX_INGREDIENTS

    @property
    def value(self) -> int:
        """The sparse reward of delivering this soup: 20 for three onions, else 0."""
        return DELIVERY_REWARD if self.ingredients == RECIPE else 0


@dataclass(frozen=True, slots=True)
class Chef:
    """A chef: cell, facing direction and held object.

    Attributes:
        position: the floor cell it stands on.
        orientation: the unit vector it faces (one of :data:`DIRECTIONS`).
        held: the object in its hands (positioned at its cell), or None.
    """

    position: Pos
    orientation: Pos
    held: Obj | None = None

    @property
    def facing(self) -> Pos:
        """The cell in front of the chef (the one INTERACT acts on)."""
        return (self.position[0] + self.orientation[0], self.position[1] + self.orientation[1])


@dataclass(frozen=True, slots=True)
class Kitchen:
    """The full state of play (fully observable): both chefs, the objects not held, the timestep.

    Attributes:
        chefs: chef 0 (Alice) and chef 1 (Bob).
        objects: the objects on counters and in pots, sorted row-major by position (y, then x).
        timestep: joint steps taken so far.
    """

    chefs: tuple[Chef, Chef]
    objects: tuple[Obj, ...] = ()
    timestep: int = 0

    def object_at(self, pos: Pos) -> Obj | None:
        """The object lying at ``pos`` (a counter or a pot), or None."""
        for obj in self.objects:
            if obj.position == pos:
                return obj
        return None

    def pot_soup(self, pos: Pos) -> Obj | None:
        """The soup in the pot at ``pos`` (None for an empty pot); an alias of :meth:`object_at`."""
        return self.object_at(pos)


def row_major(obj: Obj) -> tuple[int, int]:
    """The sort key of :attr:`Kitchen.objects`: the position's row, then its column."""
    return (obj.position[1], obj.position[0])


def initial_kitchen(layout: Layout) -> Kitchen:
    """The standard start: both chefs on their start cells facing north, empty-handed, no objects."""
    north = DIRECTIONS[NORTH]
    return Kitchen((Chef(layout.starts[0], north), Chef(layout.starts[1], north)), (), 0)

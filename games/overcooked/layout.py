"""The five kitchens of LLM-Coordination (seed 002, section 2.1), read from Overcooked-AI's layout files.

The files in ``games/overcooked/data/`` are verbatim copies of overcooked-ai 1.1.0's
``data/layouts/`` (MIT, see ``data/PROVENANCE.md``). Each is a Python dict literal, read with
:func:`ast.literal_eval` (never ``eval``); only its ``grid`` is used, because the five paper layouts
all declare the same single order (three onions) and the default reward shaping.

============ =====================================================================================
fact         value
============ =====================================================================================
coordinates  ``(x, y)``: x grows to the right, y grows downwards, ``grid[y][x]`` (as upstream)
terrain      ``X`` counter, ``O`` onion dispenser, ``P`` pot, ``D`` dish dispenser, ``S`` serving
             window, ``' '`` floor (the only walkable tile)
starts       the cells of the digits ``1`` and ``2`` (then floor): chef 0 (Alice) and chef 1 (Bob)
rows         upstream strips each line of the grid string (the files indent them)
tile order   every tuple of tiles (counters, pots ...) is row-major: by y, then by x, the order of
             upstream's ``terrain_pos_dict``
paper names  cramped_room, asymmetric_advantages, coordination_ring, forced_coordination,
             counter_circuit (= upstream file ``counter_circuit_o_1order``; upstream's own
             ``counter_circuit`` is another kitchen with tomatoes)
============ =====================================================================================
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Literal, get_args

Pos = tuple[int, int]
"""A cell ``(x, y)``: x to the right, y downwards (upstream's convention)."""

LayoutName = Literal[
    "cramped_room", "asymmetric_advantages", "coordination_ring", "forced_coordination", "counter_circuit"
]
"""A paper layout's name (the type of the game's ``layout`` option)."""

LAYOUTS: tuple[LayoutName, ...] = (
    "cramped_room",
    "asymmetric_advantages",
    "coordination_ring",
    "forced_coordination",
    "counter_circuit",
)
"""The paper's five layouts, in the paper's order."""

assert get_args(LayoutName) == LAYOUTS

LAYOUT_FILES: dict[str, str] = {name: name for name in LAYOUTS} | {"counter_circuit": "counter_circuit_o_1order"}
"""Paper name -> the upstream layout file (without ``.layout``) it is read from."""

TERRAIN = {"X": "counter", "O": "onion dispenser", "P": "pot", "D": "dish dispenser", "S": "serving", " ": "floor"}
"""Terrain character -> what it is."""


@dataclass(frozen=True)
class Layout:
    """One kitchen: its grid and start cells, plus the tiles of each kind (row-major order).

    Attributes:
        name: the paper's name of the layout.
        width: the number of columns.
        height: the number of rows.
        grid: the rows of terrain characters (``grid[y][x]``), the start digits replaced by floor.
        starts: the start cells of chef 0 and chef 1.
        counters: the ``X`` tiles.
        onion_dispensers: the ``O`` tiles.
        dish_dispensers: the ``D`` tiles.
        pots: the ``P`` tiles.
        serving: the ``S`` tiles.
        floor: the walkable ``' '`` tiles.
    """

    name: str
    width: int
    height: int
    grid: tuple[str, ...]
    starts: tuple[Pos, Pos]
    counters: tuple[Pos, ...] = field(init=False)
    onion_dispensers: tuple[Pos, ...] = field(init=False)
    dish_dispensers: tuple[Pos, ...] = field(init=False)
    pots: tuple[Pos, ...] = field(init=False)
    serving: tuple[Pos, ...] = field(init=False)
    floor: tuple[Pos, ...] = field(init=False)

    def __post_init__(self) -> None:
        if len(self.grid) != self.height or any(len(row) != self.width for row in self.grid):
            raise ValueError(f"layout {self.name}: the grid is not {self.width} x {self.height}")
        unknown = sorted({c for row in self.grid for c in row} - set(TERRAIN))
        if unknown:
            raise ValueError(f"layout {self.name}: unknown terrain characters {unknown}")
        for start in self.starts:
            if not self.walkable(start):
                raise ValueError(f"layout {self.name}: start {start} is not a floor cell")
        for kind, char in (
            ("counters", "X"),
            ("onion_dispensers", "O"),
            ("dish_dispensers", "D"),
            ("pots", "P"),
            ("serving", "S"),
            ("floor", " "),
        ):
            cells = tuple((x, y) for y, row in enumerate(self.grid) for x, c in enumerate(row) if c == char)
            object.__setattr__(self, kind, cells)

    def terrain(self, pos: Pos) -> str:
        """The terrain character at ``pos`` (see :data:`TERRAIN`).

        Raises:
            ValueError: ``pos`` is outside the grid.
        """
        x, y = pos
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise ValueError(f"cell {pos} is outside the {self.width} x {self.height} layout {self.name}")
        return self.grid[y][x]

    def walkable(self, pos: Pos) -> bool:
        """True if a chef may stand on ``pos`` (a floor cell inside the grid)."""
        x, y = pos
        return 0 <= x < self.width and 0 <= y < self.height and self.grid[y][x] == " "


def parse_layout(name: str, text: str) -> Layout:
    """Build a :class:`Layout` from the text of an upstream ``.layout`` file.

    Args:
        name: the name to give the layout.
        text: the file's text, a Python dict literal with a ``grid`` string.

    Returns:
        The layout (rows stripped as upstream, the digits ``1`` and ``2`` turned into floor).

    Raises:
        ValueError: the text is not a dict literal with a grid of two chefs.
    """
    try:
        spec = ast.literal_eval(text)
    except (ValueError, SyntaxError) as err:
        raise ValueError(f"layout {name}: not a Python dict literal ({err})") from None
    if not isinstance(spec, dict) or not isinstance(spec.get("grid"), str):
        raise ValueError(f"layout {name}: expected a dict literal with a 'grid' string")
    rows = [row.strip() for row in spec["grid"].split("\n")]
    starts: dict[str, Pos] = {}
    grid: list[str] = []
    for y, row in enumerate(rows):
        for x, c in enumerate(row):
            if c.isdigit():
                starts[c] = (x, y)
        grid.append("".join(" " if c.isdigit() else c for c in row))
    if sorted(starts) != ["1", "2"]:
        raise ValueError(f"layout {name}: expected the start digits 1 and 2, found {sorted(starts)}")
    return Layout(name, len(grid[0]), len(grid), tuple(grid), (starts["1"], starts["2"]))


def load_layout(name: str) -> Layout:
    """The paper layout ``name`` (one of :data:`LAYOUTS`), read from the package data once.

    Raises:
        ValueError: an unknown name (the message lists the valid ones).
    """
    if not isinstance(name, str) or name not in LAYOUT_FILES:
        raise ValueError(f"unknown Overcooked layout {name!r}; valid: {', '.join(LAYOUTS)}")
    return _read_layout(name)


@cache
def _read_layout(name: str) -> Layout:
    text = resources.files("games.overcooked").joinpath("data", f"{LAYOUT_FILES[name]}.layout").read_text()
    return parse_layout(name, text)

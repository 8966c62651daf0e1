"""Overcooked for :mod:`agent.env` (PettingZoo): the menu and the numeric observation.

The menu is the six low-level actions in :data:`~games.overcooked.kitchen.ACTIONS` order (north,
south, east, west, stay, interact), all legal on the chef's move. The joint step is sequenced as
the game does it (seat 0 submits, seat 1 submits, the kitchen steps; :mod:`games.simultaneous`),
so seat 1's observation does not show seat 0's pending action. The features are, per chef, its cell,
its facing and what it holds (0 nothing, 1 onion, 2 dish, 3 soup); per pot of the layout (in grid
order) its ingredients and cooking tick (-1: not cooking); the steps left and the score.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State
from games.overcooked.game import MOVES, OvercookedGame
from games.overcooked.kitchen import DELIVERY_REWARD, DISH, ONION, SOUP
from games.overcooked.observation import OvercookedObservation

HELD = {None: 0, ONION: 1, DISH: 2, SOUP: 3}
ENTRIES = tuple((move,) for move in MOVES)


def menu(state: State) -> Menu:
    """The six actions."""
    return Menu.of(ENTRIES)


def features(view: Any) -> list[float]:
    """Chefs (cell, facing, held), pots (ingredients, cooking tick), steps left, score."""
    assert isinstance(view, OvercookedObservation)
    out: list[float] = []
    for chef in view.kitchen.chefs:
        out += [*chef.position, *chef.orientation, HELD[chef.held.name if chef.held is not None else None]]
    in_pots = {obj.position: obj for obj in view.kitchen.objects}
    for y, row in enumerate(view.grid):
        for x, cell in enumerate(row):
            if cell == "P":
                soup = in_pots.get((x, y))
                out += [len(soup.ingredients), soup.cooking_tick] if soup is not None else [0, -1]
    return [float(v) for v in [*out, view.steps_left, view.score]]


def bounds(game: Game) -> tuple[float, float]:
    """From -1 (a facing, an idle pot) to the most the score can reach."""
    assert isinstance(game, OvercookedGame)
    return -1.0, float(DELIVERY_REWARD * game.horizon)


def codec() -> EnvCodec:
    """The kit's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(menu, features, bounds, lambda state, player, entries: range(len(entries)))

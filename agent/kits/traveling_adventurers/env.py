"""Traveling Adventurers for :mod:`agent.env` (PettingZoo): the menu and the numeric observation.

| index | turn |
| --- | --- |
| 0 | a message only |
| 1 .. (n-1)! | submit tour k: the start room, a permutation of the other rooms (in ``itertools.permutations`` order), the start room |

Limits: boards of up to :data:`MAX_ENV_ROOMS` rooms (5,040 tours; larger boards are refused when the
environment is built), and only tours are offered (the game also takes a non-tour path, which scores
0; a :class:`~games.base.Turn` sent whole can still submit one). The features are the player's own
coins per hallway in the board's order, its turns left, and whether it and its partner submitted.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State
from games.traveling_adventurers import MAX_COINS, Submit, TravelingAdventurersObservation, TravelingAdventurersState

MAX_ENV_ROOMS = 8
LIMITS = f"boards of up to {MAX_ENV_ROOMS} rooms; tours only (a whole Turn may submit any path)"


def menu(state: State) -> Menu:
    """Message only, then every tour of the state's board."""
    assert isinstance(state, TravelingAdventurersState)
    rooms = state.board.rooms
    if len(rooms) > MAX_ENV_ROOMS:
        raise ValueError(f"the PettingZoo menu enumerates tours of up to {MAX_ENV_ROOMS} rooms, not {len(rooms)}")
    start = rooms[0]
    tours = list(itertools.permutations(rooms[1:]))
    return Menu(
        (1, lambda _: ()), (math.factorial(len(rooms) - 1), lambda i: (Submit(path=[start, *tours[i], start]),))
    )


def features(view: Any) -> list[float]:
    """Own coins per hallway, turns left, own and partner submitted (0/1)."""
    assert isinstance(view, TravelingAdventurersObservation)
    coins = [float(coins) for _, _, coins in view.own_coins]
    return [
        *coins,
        float(view.turns_left),
        float(view.own_submission is not None),
        float(view.partner_submission is not None),
    ]


def bounds(game: Game) -> tuple[float, float]:
    """Coins and turns are between 0 and the larger of the coin maximum and the turn limit."""
    return 0.0, float(max(MAX_COINS, game.facts.max_turns_per_player))


def legal(state: State, player: int, entries: Menu) -> list[int]:
    """A message always; a tour until the player has submitted one."""
    assert isinstance(state, TravelingAdventurersState)
    return [0] if state.submissions[player] is not None else list(range(len(entries)))


def codec() -> EnvCodec:
    """The kit's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(menu, features, bounds, legal, limits=LIMITS)

"""Gnomes at Night for :mod:`agent.env` (PettingZoo): the menu and the numeric observation.

The menu is the five moves in :data:`~games.gnomes_at_night.MOVES` order (0 stay, 1 right, 2 up,
3 left, 4 down); the legal ones are those open on the mover's own side. The features are the token
and the treasure cells (``-1, -1`` when the player does not see it), the round, the turns of the
round and left in it, the rounds solved, and the player's own walls (vertical, then horizontal).
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State
from games.gnomes_at_night import MAX_SIZE, MOVES, GnomesAtNightGame, GnomesObservation, MoveAction

ENTRIES = tuple((MoveAction(move=move),) for move in MOVES)


def menu(state: State) -> Menu:
    """The five moves."""
    return Menu.of(ENTRIES)


def features(view: Any) -> list[float]:
    """Token, treasure (or -1, -1), round, round turns, turns left, rounds solved, own walls."""
    assert isinstance(view, GnomesObservation)
    treasure = view.treasure if view.treasure is not None else (-1, -1)
    walls = [w for row in view.vertical for w in row] + [w for row in view.horizontal for w in row]
    numbers = [*view.token, *treasure, view.round, view.round_turns, view.turns_left, view.rounds_solved, *walls]
    return [float(n) for n in numbers]


def bounds(game: Game) -> tuple[float, float]:
    """From -1 (no treasure seen) to the largest of the turn cap and the maze's side."""
    assert isinstance(game, GnomesAtNightGame)
    return -1.0, float(max(game.turn_cap, MAX_SIZE))


def legal(state: State, player: int, entries: Menu) -> list[int]:
    """The moves open on the player's side (:meth:`State.legal_actions` names them)."""
    return [MOVES.index(move) for move in state.legal_actions(player)]


def codec() -> EnvCodec:
    """The kit's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(menu, features, bounds, legal)

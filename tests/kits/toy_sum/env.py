"""Toy Sum for :mod:`agent.env`: a message only, or declare a total 0 .. players x high."""

from __future__ import annotations

from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State
from tests.kits.toy_sum.game import Declare, ToyObservation, ToySumGame, ToySumState


def menu(state: State) -> Menu:
    """Message only, then each total."""
    assert isinstance(state, ToySumState)
    return Menu((1, lambda _: ()), (state.top + 1, lambda total: (Declare(total=total),)))


def features(view: Any) -> list[float]:
    """The own digit, whether it declared, and the turns played."""
    assert isinstance(view, ToyObservation)
    return [float(view.digit), float(view.declared), float(len(view.chat))]


def bounds(game: Game) -> tuple[float, float]:
    """From 0 to the largest digit or the most turns."""
    assert isinstance(game, ToySumGame)
    return 0.0, float(max(game.high, game.facts.num_players * game.facts.max_turns_per_player))


def codec() -> EnvCodec:
    """The toy kit's codec (the mask is the game's own refusals: no ``legal``)."""
    return EnvCodec(menu, features, bounds)

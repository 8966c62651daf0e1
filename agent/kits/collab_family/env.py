"""The Collab games for :mod:`agent.env` (PettingZoo): the menu and the numeric observation.

The menu is the game's room-less actions (Capture: stay, press; Escape: fix, wait), then a move to
each room of the map in room order; the legal entries are the seat's own legal actions, which its
observation lists. The joint turn is sequenced as the game does it (:mod:`games.simultaneous`).
The features are the turn, both players' rooms, and the game's own pieces: Capture the thief's
room, each door (1 open) and whether the thief is caught; Escape the killer's room, each
generator's fixes, whether each player is fixing, and whether the exit is open.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State
from games.collab.actions import Fix, Move, Press, Stay, Wait
from games.collab.capture import CaptureObservation
from games.collab.escape import EscapeObservation
from games.collab.simultaneous import JointObservation


def _view(state: State, seat: int) -> JointObservation:
    view = state.observation(seat)
    assert isinstance(view, JointObservation)
    return view


def _menu(simple: Sequence[Any]) -> Callable[[State], Menu]:
    def menu(state: State) -> Menu:
        rooms = sorted(_view(state, 0).adjacency)
        return Menu.of([(action,) for action in simple] + [(Move(room=room),) for room in rooms])

    return menu


def _legal(state: State, player: int, entries: Menu) -> list[int]:
    return [entries.position((action,)) for action in _view(state, player).legal]


def _bounds(game: Game) -> tuple[float, float]:
    rooms = len(_view(game.new_initial_state(0), 0).adjacency)
    return 0.0, float(max(game.facts.max_turns_per_player + 1, rooms))  # the turn counter passes the limit at the end


def capture_features(view: Any) -> list[float]:
    """Turn, rooms, thief, doors, caught."""
    assert isinstance(view, CaptureObservation)
    return [float(v) for v in [view.turn, *view.rooms, view.thief, *(d.open for d in view.doors), view.captured]]


def escape_features(view: Any) -> list[float]:
    """Turn, rooms, killer, generators' fixes, fixing, exit open."""
    assert isinstance(view, EscapeObservation)
    fixes = [g.fixes for g in view.generators]
    return [float(v) for v in [view.turn, *view.rooms, view.killer, *fixes, *view.fixing, view.exit_open]]


def capture_codec() -> EnvCodec:
    """Collab Capture's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(_menu((Stay(), Press())), capture_features, _bounds, _legal)


def escape_codec() -> EnvCodec:
    """Collab Escape's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(_menu((Fix(), Wait())), escape_features, _bounds, _legal)

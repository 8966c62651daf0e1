"""AsymPuzl for :mod:`agent.env` (PettingZoo): the menu and the numeric observation.

| index | turn |
| --- | --- |
| 0 | a message only |
| 1 + (p * shapes + s) * colors + c | put (shape s, color c) at position p + 1 of one's hypothesis |

Limits: one replacement per turn (the game takes up to ``max_actions(size)``; a whole
:class:`~games.base.Turn` may carry more). The game refuses no well-formed replacement, so every entry
is legal on the player's move. The features are the player's hypothesis and clues (per position,
1 + the shape's and the color's index, 0 where unknown or absent), the feedback it has read
(own / partner / joint solved: 1 yes, 0 no, -1 not told) and the turn and turn cap.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.asympuzl import AsympuzlGame, AsympuzlObservation, AsympuzlState, Piece, Replace
from games.base import Game, State

LIMITS = "one replacement per turn (a whole Turn may carry several)"


def menu(state: State) -> Menu:
    """Message only, then every (position, shape, color) replacement."""
    assert isinstance(state, AsympuzlState)
    shapes, colors = state.game.shapes, state.game.colors
    per_position = len(shapes) * len(colors)

    def replace(index: int) -> tuple[Any, ...]:
        position, rest = divmod(index, per_position)
        shape, color = divmod(rest, len(colors))
        return (Replace(replace=position + 1, by=Piece(shape=shapes[shape], color=colors[color])),)

    return Menu((1, lambda _: ()), (state.size * per_position, replace))


def _pieces(pieces: tuple[Piece, ...], view: AsympuzlObservation) -> list[float]:
    if len(pieces) > view.size:
        raise ValueError(f"{len(pieces)} pieces for {view.size} positions")
    out: list[float] = []
    for piece in pieces:
        out += [
            float(view.shapes.index(piece.shape) + 1) if piece.shape in view.shapes else 0.0,
            float(view.colors.index(piece.color) + 1) if piece.color in view.colors else 0.0,
        ]
    return out + [0.0] * (2 * (view.size - len(pieces)))


def _told(flag: bool | None) -> float:
    return -1.0 if flag is None else float(flag)


def features(view: Any) -> list[float]:
    """Hypothesis, clues, feedback flags, turn and turn cap."""
    assert isinstance(view, AsympuzlObservation)
    feedback = view.feedback
    flags = [_told(feedback.own_solved), _told(feedback.partner_solved), _told(feedback.joint_solved)]
    return [*_pieces(view.hypothesis, view), *_pieces(view.clues, view), *flags, float(view.turn), float(view.turn_cap)]


def bounds(game: Game) -> tuple[float, float]:
    """From -1 (not told) to the largest of the vocabularies and the turn limit."""
    assert isinstance(game, AsympuzlGame)
    shapes, colors = game.shapes, game.colors
    return -1.0, float(max(len(shapes), len(colors), game.facts.max_turns_per_player))


def legal(state: State, player: int, entries: Menu) -> range:
    """Every entry on the player's move (the game refuses no well-formed replacement)."""
    return range(len(entries))


def codec() -> EnvCodec:
    """The kit's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(menu, features, bounds, legal, limits=LIMITS)

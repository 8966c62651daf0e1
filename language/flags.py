"""Intent flags for shared-control games (Gnomes at Night; Chen et al., seed 003).

A flag is the compact intent of one message: a move the author wants the token to make (``stay``,
``right``, ``up``, ``left``, ``down``), or a response (``accept``, ``reject``, ``inquiry``), or
``none``. A :class:`Flag` may carry what the message says besides: the move it refuses
(``reject``), a hint about where the treasure lies relative to the token (``treasure``), and, in
an answer to an inquiry, the moves the author's walls block at the token (``blocked``).

Coordinates follow the maze file: ``x`` grows to the right, ``y`` grows downward, so ``up`` is
``dy = -1``.
"""

from __future__ import annotations

from typing import Literal, TypeGuard

from pydantic import BaseModel, ConfigDict, Field

from games import gnomes_at_night as _game
from games.gnomes_at_night import MOVE_DELTAS, Move
from language.act_base import ActBase

__all__ = ["MOVES", "MOVE_DELTAS", "FLAG_NAMES", "Direction", "Flag", "FlagContext", "Move", "NONE", "is_move"]


def is_move(name: str) -> TypeGuard[Move]:
    """Whether ``name`` is one of the game's moves (so a flag of that name asks for the move)."""
    return name in _game.MOVES


#: The game's moves in index order (``games.gnomes_at_night.MOVES``), typed as moves.
MOVES: tuple[Move, ...] = tuple(m for m in _game.MOVES if is_move(m))

FlagName = Literal["stay", "right", "up", "left", "down", "accept", "reject", "inquiry", "none"]
FLAG_NAMES: tuple[str, ...] = ("stay", "right", "up", "left", "down", "accept", "reject", "inquiry", "none")


class Direction(BaseModel):
    """A coarse direction from the token: the sign of the x and y offsets (``0`` = same column/row)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dx: Literal[-1, 0, 1] = 0
    dy: Literal[-1, 0, 1] = 0


class Flag(ActBase):
    """The intent of one message in a shared-control game.

    Attributes:
        flag: the intent.
        move: for ``reject``, the move refused (when the message names it, or the reader's own
            last request that the message objects to).
        treasure: for ``inquiry``, a hint about where the treasure is, relative to the token (only
            when the message states it).
        blocked: for ``inquiry``, the moves the author's own walls block at the token (only when
            the message describes walls; a single wall alone is a ``reject``).
    """

    act: Literal["flag"] = "flag"
    flag: FlagName
    move: Move | None = None
    treasure: Direction | None = None
    blocked: list[Move] | None = Field(default=None)

    def summary(self) -> dict:
        """What ``accord parse`` prints: ``{"flag": ...}``, plus the details that are set."""
        return self.model_dump(mode="json", exclude_none=True, exclude={"act"})

    @property
    def is_move(self) -> bool:
        return self.flag in MOVES

    @property
    def is_question(self) -> bool:
        """An inquiry that asks (an answer carries ``blocked``, a hint ``treasure``)."""
        return self.flag == "inquiry" and self.blocked is None and self.treasure is None


NONE = Flag(flag="none")


class FlagContext(BaseModel):
    """What the reader of a message knows that helps read it.

    Attributes:
        last_request: the move the reader last asked its partner to make (a bare "ok" accepts it).
        token: the token's cell ``(x, y)``, when known.
        size: the maze's side length, when known.
    """

    model_config = ConfigDict(frozen=True)

    last_request: Move | None = None
    token: tuple[int, int] | None = None
    size: int | None = None

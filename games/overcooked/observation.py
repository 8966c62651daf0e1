"""What an Overcooked chef sees: the whole kitchen (the game is fully observable), the talk, and its
own submitted but unresolved action. The JSON form is what the web view draws."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.base import ChatLine, Observation
from games.overcooked.game import Move
from games.overcooked.kitchen import Kitchen


class StepRecord(BaseModel):
    """The last joint step, public once applied.

    Attributes:
        actions: Alice's and Bob's action names.
        sparse: each chef's delivery reward in that step.
        shaped: each chef's shaped reward in that step.
        events: upstream's events of that step, ``(name, seat)``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    actions: tuple[str, str]
    sparse: tuple[int, int]
    shaped: tuple[int, int]
    events: tuple[tuple[str, int], ...] = ()


class OvercookedObservation(Observation):
    """One chef's view of an Overcooked position.

    ``chat`` holds the turns that carried a message (a turn without one shows nothing): each line's
    ``action`` is the sender's :class:`Move` once the joint step it belongs to has been applied, and
    ``None`` while it is still Alice's hidden submission.

    Attributes:
        layout: the layout's name.
        dynamics: ``"paper"`` or ``"v1.1.0"``.
        grid: the terrain rows (``grid[y][x]``: ``X`` counter, ``O`` onions, ``D`` dishes, ``P`` pot,
            ``S`` serving, ``' '`` floor).
        width: columns.
        height: rows.
        players: the chefs' names, by seat.
        kitchen: the state: chefs (cell, facing, held object), objects on counters and in pots,
            timestep.
        actions: the six action names, in index order.
        cook_time: ticks a soup cooks before it is ready.
        horizon: joint steps in the game.
        steps_left: joint steps still to play.
        current_player: the seat to move, -1 once the game is over.
        pending: the observer's own submitted action awaiting the partner's, or ``None``.
        score: the team's delivery reward so far.
        deliveries: soups delivered so far.
        last_step: the last joint step applied (``None`` before the first).
    """

    chat: list[ChatLine[Move]]
    layout: str
    dynamics: str
    grid: tuple[str, ...]
    width: int
    height: int
    players: tuple[str, str]
    kitchen: Kitchen
    actions: tuple[str, ...]
    cook_time: int
    horizon: int
    steps_left: int
    current_player: int
    pending: str | None = None
    score: int = 0
    deliveries: int = 0
    last_step: StepRecord | None = None

    def legal_moves(self) -> list[Move]:
        """The six moves when it is this seat's turn, else none (every action is always legal)."""
        if self.current_player != self.seat:
            return []
        return [Move(action=name) for name in self.actions]  # type: ignore[arg-type]

"""Overcooked's game: typed options, the turn action :class:`Move` and its parsing (see the package doc)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from games.base import Game, GameFacts, IllegalTurnError
from games.overcooked.dynamics import DYNAMICS, Dynamics
from games.overcooked.kitchen import ACTIONS
from games.overcooked.layout import LAYOUTS, Layout, LayoutName, load_layout

if TYPE_CHECKING:
    from games.overcooked.state import OvercookedState

GAME_ID = "overcooked_v0"
PLAYER_NAMES = ("Alice", "Bob")
"""The paper's names of the two chefs (seat 0, seat 1)."""

MAX_HORIZON = 10_000
ActionName = Literal["north", "south", "east", "west", "stay", "interact"]
assert get_args(ActionName) == ACTIONS


class Move(BaseModel):
    """A turn's one formal action: a low-level action of the mover's chef.

    Attributes:
        action: one of :data:`~games.overcooked.kitchen.ACTIONS`.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    action: ActionName

    @property
    def index(self) -> int:
        """The action's index in :data:`~games.overcooked.kitchen.ACTIONS` (upstream's)."""
        return ACTIONS.index(self.action)


MOVES: tuple[Move, ...] = tuple(Move(action=name) for name in ACTIONS)  # type: ignore[arg-type]
"""The six moves, by action index (shared, immutable)."""


def move_index(action: Any) -> int:
    """The action index of a turn's formal action.

    Args:
        action: a :class:`Move`, its dict (``{"action": "north"}``) or an action name
            (case-insensitive, e.g. ``"North"``).

    Returns:
        The index into :data:`~games.overcooked.kitchen.ACTIONS`.

    Raises:
        IllegalTurnError: anything else (one line).
    """
    if isinstance(action, Move):
        return action.index
    if isinstance(action, str):
        name = action.strip().lower()
        if name not in ACTIONS:
            raise IllegalTurnError(f"unknown action {action[:60]!r}; actions: {', '.join(ACTIONS)}")
        return ACTIONS.index(name)
    if isinstance(action, dict):
        try:
            return Move.model_validate(action).index
        except ValidationError as err:
            first = err.errors()[0]
            raise IllegalTurnError(f"malformed move ({first['msg']}); actions: {', '.join(ACTIONS)}") from None
    raise IllegalTurnError(f"an action must be a Move or an action name, not {type(action).__name__}")


class OvercookedGame(Game):
    """Two chefs, Alice and Bob, in one of the paper's kitchens, for ``horizon`` joint steps.

    Overcooked is simultaneous; Accord's contract is turn-based, so each joint step is two turns
    (OpenSpiel's simultaneous-to-sequential transform): Alice submits her action, then Bob his, and
    the joint step is applied. Alice's submitted action stays hidden from Bob until then.

    Args:
        layout: one of :data:`~games.overcooked.layout.LAYOUTS`.
        horizon: joint steps in a game (the paper: 400).
        dynamics: ``"paper"`` (three onions start cooking) or ``"v1.1.0"`` (INTERACT starts a pot).

    Raises:
        ValueError: an unknown layout or dynamics, or a horizon outside 1..10000 (one line).
    """

    def __init__(self, layout: LayoutName = "cramped_room", horizon: int = 400, dynamics: Dynamics = "paper") -> None:
        if not isinstance(layout, str) or layout not in LAYOUTS:
            raise ValueError(f"unknown layout {layout!r}; valid: {', '.join(LAYOUTS)}")
        if isinstance(horizon, bool) or not isinstance(horizon, int) or not 1 <= horizon <= MAX_HORIZON:
            raise ValueError(f"horizon must be an integer 1..{MAX_HORIZON}, got {horizon!r}")
        if dynamics not in DYNAMICS:
            raise ValueError(f"unknown dynamics {dynamics!r}; valid: {', '.join(DYNAMICS)}")
        self.layout: Layout = load_layout(layout)
        self.horizon = horizon
        self.dynamics: Dynamics = dynamics
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=2,
            player_names=PLAYER_NAMES,
            first_player=0,
            max_turns_per_player=horizon,
            information=(
                "perfect: both chefs see the whole kitchen; moves are simultaneous, so a submitted action "
                "stays hidden from the partner until the joint step"
            ),
            description=f"Overcooked-AI, {layout}, {horizon} steps, {dynamics} dynamics",
            rewards="running",
        )

    def new_initial_state(self, seed: int) -> OvercookedState:
        """The standard start (the game has no chance: every seed gives the same kitchen)."""
        from games.overcooked.state import OvercookedState  # noqa: PLC0415 (the state module imports this one)

        return OvercookedState(self)

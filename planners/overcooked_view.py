"""What the Overcooked planners read from an observation and how they answer (LLM-Coordination,
seed 002, section 2.1): the layout's name, the kitchen and the seat in; one low-level move out, as an
:class:`~language.acts.Intent` holding the kit's :class:`~games.overcooked.game.Move`.

The game is sequentialised (Alice submits, then Bob, then the joint step is applied), and both
seats see the kitchen before the step, so two copies of a deterministic planner compute the same
joint plan. A planner object lives across the games of a run; :class:`NewGame` tells it when a new
game has begun (the timestep went back, or the layout changed), so it can forget its per-game state.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.overcooked import Kitchen
from language.acts import Intent

MoveIntent = Intent


@dataclass(frozen=True)
class View:
    """The planner's reading of an observation."""

    layout: str
    kitchen: Kitchen
    seat: int

    def intent(self, action: int) -> Intent:
        """The intent that plays low-level action ``action`` (an index into ``ACTIONS``)."""
        from games.overcooked.game import MOVES

        return Intent(actions=[MOVES[action]])


def read_view(observation: Any) -> View:
    """The layout name, kitchen and seat of an Overcooked observation."""
    return View(observation.layout, observation.kitchen, observation.seat)


@dataclass
class NewGame:
    """Detects the start of a new game from consecutive kitchens seen by one planner."""

    layout: str | None = None
    timestep: int = -1

    def is_new(self, layout: str, kitchen: Kitchen) -> bool:
        """True when ``kitchen`` cannot follow the last one seen (an earlier timestep or another
        layout); it remembers ``kitchen``."""
        new = layout != self.layout or kitchen.timestep < self.timestep
        self.layout, self.timestep = layout, kitchen.timestep
        return new

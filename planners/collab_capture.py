"""Collab Capture's planners: the exact joint optimum and the original greedy baseline.

| planner | plays | source |
| --- | --- | --- |
| :class:`ExactCapturePlanner` | its own part of the joint move of :func:`solvers.collab_capture.solve_capture` (the fewest turns to capture); both seats solve the same position with the same tie order, so two exact agents play one joint optimum | Accord |
| :class:`GreedyCapturePlanner` | the original ``GreedyAgent``: in a button room, press when the toggled door would leave the thief's *current* room accessible; else step into the thief's room when accessible; else the first accessible room in adjacency order; else stay | ``collab_capture_action_manager.py`` |

Both read only the seat's observation (perfect information: every room and door).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.collab import CaptureObservation, Move, Press, Stay
from games.collab.capture import capture_position
from language.acts import Intent
from solvers.collab_capture import CaptureMap, accessible_rooms, solve_capture


class ExactCapturePlanner:
    """Plays the seat's part of the breadth-first-search optimum from the current position; when no
    joint play can capture within the limit, it falls back to the greedy move."""

    def plan(self, beliefs: Any, observation: CaptureObservation, rng: np.random.Generator) -> Intent:
        """The seat's move of the optimal joint move now (see the module table)."""
        if not observation.legal:
            return Intent()
        cmap, rules, position = capture_position(observation)
        solution = solve_capture(cmap, rules, position, observation.max_turns)
        if solution.turns is None:
            return GreedyCapturePlanner().plan(beliefs, observation, rng)
        act = solution.plan[0][observation.seat]
        return Intent(
            actions=[Move(room=act.room) if act.kind == "move" else Press() if act.kind == "press" else Stay()]
        )


def greedy_capture_move(cmap: CaptureMap, room: int, thief: int, doors: int) -> Move | Press | Stay:
    """The original greedy agent's move from ``room`` with the thief in ``thief`` (module table)."""
    door = cmap.button_door(room)
    if door is not None and thief in accessible_rooms(cmap, room, doors ^ (1 << door)):
        return Press()
    options = accessible_rooms(cmap, room, doors)
    if thief in options:
        return Move(room=thief)
    return Move(room=options[0]) if options else Stay()


class GreedyCapturePlanner:
    """The original greedy baseline (module table); it ignores its partner."""

    def plan(self, beliefs: Any, observation: CaptureObservation, rng: np.random.Generator) -> Intent:
        """The greedy move of this seat now (no action when it is not this seat's turn)."""
        if not observation.legal:
            return Intent()
        cmap, _, position = capture_position(observation)
        room = observation.rooms[observation.seat]
        return Intent(actions=[greedy_capture_move(cmap, room, position.thief, position.doors)])

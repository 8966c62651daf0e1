"""Collab Escape's planners: the exact joint optimum and a greedy baseline.

| planner | plays |
| --- | --- |
| :class:`ExactEscapePlanner` | its own part of the joint move of the backward-induction tables (:mod:`solvers.collab_escape`): the highest escape probability within the turns left, then the fewest expected turns; both seats read the same tables, so two exact agents play one joint optimum |
| :class:`GreedyEscapePlanner` | Accord's greedy baseline (the original repository has none; the paper reports 0% escapes for its greedy agent): fix an unrepaired generator in its room, else walk the shortest path to the nearest unrepaired generator, then to the exit; it ignores the killer and its partner |

The killer's memory is replayed from the public history (:func:`games.collab.escape.escape_position`).
"""

from __future__ import annotations

from collections import deque
from typing import Any

import numpy as np

from games.collab import EscapeObservation, Fix, Move, Wait
from games.collab.escape import escape_position
from language.acts import Intent
from solvers.collab_escape import EscapeMap, EscapePosition, EscapeTables, escape_tables


def tables_of(observation: EscapeObservation) -> tuple[EscapeMap, EscapePosition, EscapeTables]:
    """The map, the position and the (cached) backward-induction tables of the game ``observation``
    is from: every state reachable from its start over its whole turn limit."""
    emap, position = escape_position(observation)
    a, b, k = observation.start
    start = EscapePosition(a, b, k, (0,) * len(position.fixes))
    return emap, position, escape_tables(emap, start, observation.max_turns)


class ExactEscapePlanner:
    """Plays the seat's part of the exact joint optimum (module table)."""

    def plan(self, beliefs: Any, observation: EscapeObservation, rng: np.random.Generator) -> Intent:
        """The seat's move of the optimal joint move now."""
        if not observation.legal:
            return Intent()
        _, position, tables = tables_of(observation)
        act = tables.best(position, observation.max_turns - observation.turn + 1)[observation.seat]
        return Intent(actions=[Move(room=act.room) if act.kind == "move" else Fix() if act.kind == "fix" else Wait()])


def first_step(emap: EscapeMap, room: int, goals: set[int]) -> int | None:
    """The first room of a shortest path (along the directed lists) from ``room`` to any of
    ``goals``; None when ``room`` is a goal or none is reachable. Ties: adjacency order."""
    if room in goals:
        return None
    parent: dict[int, int] = {room: room}
    queue = deque([room])
    while queue:
        here = queue.popleft()
        for nxt in emap.adjacency[here]:
            if nxt in parent:
                continue
            parent[nxt] = here
            if nxt in goals:
                while parent[nxt] != room:
                    nxt = parent[nxt]
                return nxt
            queue.append(nxt)
    return None


class GreedyEscapePlanner:
    """Accord's greedy escape baseline (module table)."""

    def plan(self, beliefs: Any, observation: EscapeObservation, rng: np.random.Generator) -> Intent:
        """The greedy move of this seat now (no action when it is not this seat's turn)."""
        if not observation.legal:
            return Intent()
        emap, position = escape_position(observation)
        room = observation.rooms[observation.seat]
        broken = {g.room for g in observation.generators if not g.repaired}
        if room in broken:
            return Intent(actions=[Fix()])
        goals = broken or {observation.exit_room}
        step = first_step(emap, room, goals)
        return Intent(actions=[Move(room=step) if step is not None else Wait()])

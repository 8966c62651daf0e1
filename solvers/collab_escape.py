"""Collab Escape's rules kernel and its exact planner: finite-horizon value iteration.

Collab Escape (LLM-Coordination, Agashe et al., seed 002 section 2.1): Alice and Bob fix two
generators, which opens the exit, while a killer hunts them. The killer is random when it sees no
one, so the best joint policy maximises the *probability* of escaping. :func:`solve_escape`
computes it exactly by backward induction over the turns left (finite-horizon dynamic
programming, Bellman 1957; Puterman 1994 ch. 4) on the joint states reachable from the start,
``(Alice's room, Bob's room, killer's room, each generator's fix count, killer's memory)``, and
breaks ties lexicographically: among the escape-optimal joint moves, the fewest expected turns.

The kernel (plain data in, plain data out) is the single source of the rules; the game
(:mod:`games.collab.escape`) plays it and the solver searches it.

| step of one turn | what happens (the original ``CollabEscapeMDP.Game.play``) |
| --- | --- |
| 1 | the killer chooses from everyone's current rooms (:func:`killer_plan`): a player in a room its own room lists is pursued (its *current* room is the destination); otherwise a uniformly random room its room lists |
| 2 | Alice and Bob choose: wait, move to a room their room lists, or fix the generator of their room |
| 3 | a generator no one fixes this turn loses its progress (unless already fixed); each fix adds 1, so two players fixing together repair it in one turn; 2 fixes repair it |
| 4 | the players move, then the killer moves to its chosen room |
| 5 | the killer in a player's room: lost (checked first); every generator fixed and a player in the exit room: escaped |

The adjacency lists are directed as written (the original map lets 8 go to 7 but not 7 to 8, and 7 to
3 but not 3 to 7). When the killer sees both players the original's memory quirk applies: if it saw
both last turn it keeps its target, if it saw only Alice it now pursues Bob, if only Bob then Alice,
else Alice.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from solvers.collab_capture import Act

__all__ = [
    "EscapeMap",
    "EscapePosition",
    "EscapeSolution",
    "Memory",
    "escape_legal_acts",
    "escape_outcomes",
    "killer_plan",
    "solve_escape",
    "solve_escape_brute_force",
]

WAIT = Act("wait")
FIX = Act("fix")
NO_ONE, ALICE, BOB = -1, 0, 1
TIE = 1e-12
"""Values within this of the best count as ties (floating-point sums of the same probabilities)."""


@dataclass(frozen=True)
class EscapeMap:
    """A Collab Escape map as plain data.

    Attributes:
        adjacency: room -> the rooms one may move to from it (directed, in list order).
        generators: the rooms holding a generator.
        exit: the exit room.
        fixes_needed: consecutive fixes that repair a generator (the original: 2).
    """

    adjacency: Mapping[int, tuple[int, ...]]
    generators: tuple[int, ...]
    exit: int
    fixes_needed: int = 2

    def __post_init__(self) -> None:
        for room, near in self.adjacency.items():
            if not near:
                raise ValueError(f"room {room} connects to no room (the killer could not move)")
            for other in near:
                if other not in self.adjacency:
                    raise ValueError(f"room {room} connects to unknown room {other}")
        for room in (*self.generators, self.exit):
            if room not in self.adjacency:
                raise ValueError(f"unknown room {room}")

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.adjacency.items())), self.generators, self.exit, self.fixes_needed))


class Memory(NamedTuple):
    """The killer's memory: its target (``-1`` none, ``0`` Alice, ``1`` Bob) and whom it saw."""

    target: int = NO_ONE
    saw_alice: bool = False
    saw_bob: bool = False


class EscapePosition(NamedTuple):
    """A joint state at the start of a turn (before the killer chooses).

    Attributes:
        alice, bob, killer: rooms.
        fixes: each generator's fix count (capped at ``fixes_needed``: repaired), in map order.
        memory: the killer's memory from its last choice.
        turn: the number of the turn about to be played (1-based).
    """

    alice: int
    bob: int
    killer: int
    fixes: tuple[int, ...]
    memory: Memory = Memory()
    turn: int = 1


def killer_plan(emap: EscapeMap, p: EscapePosition) -> Memory:
    """The killer's choice at the start of a turn: its new memory, whose ``target`` it pursues
    (moving to that player's current room) or, when ``-1``, a random room of its list."""
    near = emap.adjacency[p.killer]
    alice, bob = p.alice in near, p.bob in near
    m = p.memory
    if alice and bob:
        if m.saw_alice and m.saw_bob:
            return Memory(m.target, True, True)
        if m.saw_alice:
            return Memory(BOB, True, True)
        if m.saw_bob:
            return Memory(ALICE, True, True)
        return Memory(ALICE, True, True)
    if alice:
        return Memory(ALICE, True, False)
    if bob:
        return Memory(BOB, False, True)
    return Memory()


def killer_destinations(emap: EscapeMap, p: EscapePosition, plan: Memory) -> tuple[int, ...]:
    """The rooms the killer may end this turn in, each equally likely (one when it pursues)."""
    if plan.target == ALICE:
        return (p.alice,)
    if plan.target == BOB:
        return (p.bob,)
    return emap.adjacency[p.killer]


def escape_legal_acts(emap: EscapeMap, room: int) -> list[Act]:
    """A player's moves in ``room``: each room its list names, fix (in a generator room), wait
    (the original's option order)."""
    acts = [Act("move", r) for r in emap.adjacency[room]]
    if room in emap.generators:
        acts.append(FIX)
    return [*acts, WAIT]


def repaired(emap: EscapeMap, fixes: tuple[int, ...]) -> bool:
    """Whether every generator is repaired (the exit is open)."""
    return all(count >= emap.fixes_needed for count in fixes)


def _fixes_after(emap: EscapeMap, p: EscapePosition, alice: Act, bob: Act) -> tuple[int, ...]:
    counts = []
    for room, count in zip(emap.generators, p.fixes, strict=True):
        added = (alice.kind == "fix" and p.alice == room) + (bob.kind == "fix" and p.bob == room)
        if count >= emap.fixes_needed:
            counts.append(count)
        else:
            counts.append(min(emap.fixes_needed, count + added) if added else 0)
    return tuple(counts)


def escape_outcomes(
    emap: EscapeMap, p: EscapePosition, alice: Act, bob: Act
) -> list[tuple[float, EscapePosition, str]]:
    """Every outcome of one turn from ``p`` with the players' legal moves ``alice`` and ``bob``.

    Returns:
        ``(probability, next position, result)`` per killer destination, ``result`` being
        ``"lost"``, ``"escaped"`` or ``"continue"``.

    Raises:
        ValueError: a move is not legal for its player.
    """
    for name, act, room in (("Alice", alice, p.alice), ("Bob", bob, p.bob)):
        if act not in escape_legal_acts(emap, room):
            raise ValueError(f"{name} cannot {act.kind} {act.room or ''} in room {room}".rstrip())
    plan = killer_plan(emap, p)
    fixes = _fixes_after(emap, p, alice, bob)
    a = alice.room if alice.kind == "move" else p.alice
    b = bob.room if bob.kind == "move" else p.bob
    rooms = killer_destinations(emap, p, plan)
    out = []
    for k in rooms:
        nxt = EscapePosition(a, b, k, fixes, plan, p.turn + 1)
        if k in (a, b):
            result = "lost"
        elif repaired(emap, fixes) and emap.exit in (a, b):
            result = "escaped"
        else:
            result = "continue"
        out.append((1.0 / len(rooms), nxt, result))
    return out


@dataclass(frozen=True)
class EscapeSolution:
    """The best joint policy's value from a position.

    Attributes:
        escape_probability: the highest probability of escaping within the turns left.
        expected_turns: among the policies reaching it, the fewest expected turns until the game
            ends (escape, capture or the turn limit).
        expected_turns_to_escape: that policy's expected turns given an escape (None if it never
            escapes).
        first: the optimal joint move ``(alice, bob)`` now.
        optimal: proven optimal (exhaustive dynamic programming: always true).
        states: joint states reachable from the position.
    """

    escape_probability: float
    expected_turns: float
    expected_turns_to_escape: float | None
    first: tuple[Act, Act]
    optimal: bool
    states: int


class EscapeTables:
    """Backward-induction tables over the states reachable from a start (built by :func:`escape_tables`).

    ``value[t, s]`` is the best escape probability of state ``s`` with ``t`` turns left,
    ``turns[t, s]`` the fewest expected turns among the policies achieving it, ``escape_turns[t, s]``
    the expected ``turns * escaped`` of that policy, ``choice[t, s]`` the index of its joint move.
    """

    def __init__(self, emap: EscapeMap, start: EscapePosition, horizon: int) -> None:
        self.emap, self.horizon = emap, horizon
        self.index: dict[tuple[object, ...], int] = {}
        self.moves: list[list[tuple[Act, Act]]] = []
        pair_state: list[int] = []
        rows: list[tuple[int, float, int, int, int]] = []  # pair, probability, escaped, goes on, next
        queue = [start._replace(turn=1)]
        self.index[_state_key(start)] = 0
        head = 0
        while head < len(queue):
            p = queue[head]
            head += 1
            joint = [(a, b) for a in escape_legal_acts(emap, p.alice) for b in escape_legal_acts(emap, p.bob)]
            self.moves.append(joint)
            for alice, bob in joint:
                pair = len(pair_state)
                pair_state.append(self.index[_state_key(p)])
                for prob, nxt, result in escape_outcomes(emap, p, alice, bob):
                    key = _state_key(nxt)
                    if result == "continue" and key not in self.index:
                        self.index[key] = len(queue)
                        queue.append(nxt._replace(turn=1))
                    target = self.index[key] if result == "continue" else 0
                    rows.append((pair, prob, result == "escaped", result == "continue", target))
        states = len(queue)
        ps = np.asarray(pair_state, dtype=np.int64)
        data = np.asarray(rows, dtype=np.float64)
        o_pair, o_prob, o_win, o_cont, o_next = (
            data[:, 0].astype(np.int64),
            data[:, 1],
            data[:, 2],
            data[:, 3],
            data[:, 4].astype(np.int64),
        )
        starts = np.flatnonzero(np.r_[True, ps[1:] != ps[:-1]])
        pairs = len(ps)
        self.value = np.zeros((horizon + 1, states))
        self.turns = np.zeros((horizon + 1, states))
        self.escape_turns = np.zeros((horizon + 1, states))
        self.choice = np.zeros((horizon + 1, states), dtype=np.int32)
        order = np.arange(pairs)
        for t in range(1, horizon + 1):
            v, length, w = self.value[t - 1], self.turns[t - 1], self.escape_turns[t - 1]
            q = np.bincount(o_pair, weights=o_prob * (o_win + o_cont * v[o_next]), minlength=pairs)
            ql = 1.0 + np.bincount(o_pair, weights=o_prob * o_cont * length[o_next], minlength=pairs)
            qw = np.bincount(o_pair, weights=o_prob * (o_win + o_cont * (v[o_next] + w[o_next])), minlength=pairs)
            best = np.maximum.reduceat(q, starts)
            tied = q >= best[ps] - TIE
            shortest = np.minimum.reduceat(np.where(tied, ql, np.inf), starts)
            pick = np.minimum.reduceat(np.where(tied & (ql <= shortest[ps] + TIE), order, pairs), starts)
            self.value[t], self.turns[t], self.escape_turns[t] = q[pick], ql[pick], qw[pick]
            self.choice[t] = pick - starts
        self.states = states

    def state_of(self, p: EscapePosition) -> int:
        """The table index of position ``p``.

        Raises:
            KeyError: ``p`` is not reachable from the tables' start.
        """
        return self.index[_state_key(p)]

    def best(self, p: EscapePosition, turns_left: int) -> tuple[Act, Act]:
        """The optimal joint move at ``p`` with ``turns_left`` turns to play (at least 1)."""
        s = self.state_of(p)
        return self.moves[s][int(self.choice[min(max(turns_left, 1), self.horizon), s])]


def _state_key(p: EscapePosition) -> tuple[object, ...]:
    return (p.alice, p.bob, p.killer, p.fixes, p.memory)


@functools.lru_cache(maxsize=8)
def escape_tables(emap: EscapeMap, start: EscapePosition, horizon: int) -> EscapeTables:
    """The backward-induction tables of the states reachable from ``start`` over ``horizon`` turns
    (cached: the planners of both seats share them)."""
    return EscapeTables(emap, start, horizon)


def solve_escape(emap: EscapeMap, start: EscapePosition, turns_left: int) -> EscapeSolution:
    """The highest probability of escaping from ``start`` within ``turns_left`` turns, and among
    the policies reaching it the fewest expected turns (lexicographic), by backward induction.

    Exact for the finite game: the value is a finite sum of products of the killer's uniform
    probabilities, computed in floating point (ties within :data:`TIE`).

    Args:
        emap: the map.
        start: the position (its ``turn`` is not used; ``turns_left`` is).
        turns_left: the turns still to play (the game's limit minus the turns played), >= 1.

    Returns:
        The solution, with the optimal first joint move.

    Raises:
        ValueError: ``turns_left`` < 1.
    """
    if turns_left < 1:
        raise ValueError(f"turns_left must be at least 1, not {turns_left}")
    tables = escape_tables(emap, start._replace(turn=1), turns_left)
    s = tables.state_of(start)
    value = float(tables.value[turns_left, s])
    escaped = float(tables.escape_turns[turns_left, s])
    return EscapeSolution(
        escape_probability=value,
        expected_turns=float(tables.turns[turns_left, s]),
        expected_turns_to_escape=escaped / value if value > 0 else None,
        first=tables.best(start, turns_left),
        optimal=True,
        states=tables.states,
    )


def solve_escape_brute_force(emap: EscapeMap, start: EscapePosition, turns_left: int) -> float:
    """The test oracle: the best escape probability by plain expectimax recursion over every joint
    move and killer outcome (exponential; tiny horizons only)."""
    if turns_left == 0:
        return 0.0
    best = 0.0
    for alice in escape_legal_acts(emap, start.alice):
        for bob in escape_legal_acts(emap, start.bob):
            total = 0.0
            for prob, nxt, result in escape_outcomes(emap, start, alice, bob):
                if result == "escaped":
                    total += prob
                elif result == "continue":
                    total += prob * solve_escape_brute_force(emap, nxt, turns_left - 1)
            best = max(best, total)
    return best

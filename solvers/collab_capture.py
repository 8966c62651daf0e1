"""Collab Capture's rules kernel and its exact planner: breadth-first search over joint states.

Collab Capture (LLM-Coordination, Agashe et al., seed 002 section 2.1) is deterministic once the
thief's policy is fixed, so the fewest turns to capture is a shortest path in the graph of joint
states ``(Alice's room, Bob's room, thief's room, door states)``; :func:`solve_capture` finds it by
breadth-first search (Moore 1959) and returns an optimal joint plan.

The kernel here (plain data in, plain data out) is the single source of the rules: the game
(:mod:`games.collab.capture`) plays it and the solver searches it.

| step of one turn | what happens (the original ``collab_capture_benchmarking.game_loop``) |
| --- | --- |
| 1 | Alice and Bob choose: stay, move to an accessible adjacent room, or press their room's button (and stay) |
| 2 | the thief sees their *planned* rooms and picks, among the rooms accessible from its own, the one maximising ``min(d(r, alice_next), d(r, bob_next))``; ties: first in adjacency order; it stays only when no room is accessible |
| 3 | presses toggle their doors (Alice's first), then everyone moves; moves were checked against the doors as they stood at the start of the turn |
| 4 | capture: the thief shares a room with Alice or Bob, or swapped rooms with one of them (see :class:`CaptureRules`) |

Distances ``d``: ``room_numbers`` is the original's ``abs(room - other)``, ``graph`` the corrected
variant's shortest path through open doors. A door joins two rooms; when closed nobody passes either
way. A button toggles the first door whose button is in that room.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple

__all__ = [
    "Act",
    "CaptureMap",
    "CapturePosition",
    "CaptureRules",
    "CaptureSolution",
    "accessible_rooms",
    "capture_step",
    "legal_acts",
    "room_distances",
    "solve_capture",
    "solve_capture_brute_force",
    "thief_next_room",
]

UNREACHABLE = 1_000_000
"""The graph distance of a room the open doors do not connect (larger than any real distance)."""


class Act(NamedTuple):
    """One player's move in a turn: ``stay``, ``move`` to ``room``, ``press`` the room's button
    (``wait`` and ``fix`` are Collab Escape's kinds, listed here so both kernels share the type)."""

    kind: Literal["stay", "move", "press", "wait", "fix"]
    room: int = 0


STAY = Act("stay")
PRESS = Act("press")


@dataclass(frozen=True)
class CaptureMap:
    """A Collab Capture map as plain data.

    Attributes:
        adjacency: room -> the rooms it connects to, in the original's list order (tie order).
        doors: ``(room_a, room_b, button_room)`` per door.
    """

    adjacency: Mapping[int, tuple[int, ...]]
    doors: tuple[tuple[int, int, int], ...]

    def __post_init__(self) -> None:
        for room, near in self.adjacency.items():
            for other in near:
                if other not in self.adjacency:
                    raise ValueError(f"room {room} connects to unknown room {other}")
        for a, b, button in self.doors:
            if a not in self.adjacency or b not in self.adjacency or button not in self.adjacency:
                raise ValueError(f"door ({a}, {b}) with its button in {button} names an unknown room")

    def __hash__(self) -> int:
        return hash((tuple(sorted(self.adjacency.items())), self.doors))

    def door_between(self, a: int, b: int) -> int | None:
        """The index of the door joining rooms ``a`` and ``b`` (either order), or None."""
        for index, (x, y, _) in enumerate(self.doors):
            if {x, y} == {a, b}:
                return index
        return None

    def button_door(self, room: int) -> int | None:
        """The index of the door the button in ``room`` toggles (the first such door), or None."""
        return next((i for i, (_, _, button) in enumerate(self.doors) if button == room), None)


@dataclass(frozen=True)
class CaptureRules:
    """The variant of the rules.

    Attributes:
        distance: the thief's distance: ``room_numbers`` (original) or ``graph`` (corrected).
        swap: when crossing counts as capture: ``after_first`` (the original LLM runs: the
            ``previous_room`` check is unset on the first turn), ``always`` (corrected) or
            ``never`` (the original greedy runs check only a shared room).
    """

    distance: Literal["room_numbers", "graph"] = "room_numbers"
    swap: Literal["after_first", "always", "never"] = "after_first"


class CapturePosition(NamedTuple):
    """A joint state: rooms, the doors' open bits (bit ``i`` set: door ``i`` open) and the number of
    the turn about to be played (1-based)."""

    alice: int
    bob: int
    thief: int
    doors: int
    turn: int = 1


def is_open(cmap: CaptureMap, a: int, b: int, doors: int) -> bool:
    """Whether one may pass between adjacent rooms ``a`` and ``b`` with door bits ``doors``."""
    index = cmap.door_between(a, b)
    return index is None or bool(doors >> index & 1)


def accessible_rooms(cmap: CaptureMap, room: int, doors: int) -> list[int]:
    """The rooms adjacent to ``room`` whose door (if any) is open, in adjacency order."""
    return [r for r in cmap.adjacency[room] if is_open(cmap, room, r, doors)]


def legal_acts(cmap: CaptureMap, room: int, doors: int) -> list[Act]:
    """A player's moves in ``room``: stay, each accessible room, press (in a button room); the
    original's option order."""
    acts = [STAY] + [Act("move", r) for r in accessible_rooms(cmap, room, doors)]
    if cmap.button_door(room) is not None:
        acts.append(PRESS)
    return acts


def room_distances(neighbours: Callable[[int], Iterable[int]], source: int, avoid: int | None = None) -> dict[int, int]:
    """Breadth-first distances from ``source`` to every room reachable through ``neighbours``
    (a room -> the rooms one may enter from it) without entering ``avoid``."""
    seen = {source: 0}
    queue = deque([source])
    while queue:
        room = queue.popleft()
        for other in neighbours(room):
            if other not in seen and other != avoid:
                seen[other] = seen[room] + 1
                queue.append(other)
    return seen


def _graph_distances(cmap: CaptureMap, source: int, doors: int) -> dict[int, int]:
    return room_distances(lambda room: accessible_rooms(cmap, room, doors), source)


def thief_next_room(
    cmap: CaptureMap, rules: CaptureRules, thief: int, alice_next: int, bob_next: int, doors: int
) -> int:
    """The thief's choice given the players' planned rooms (step 2 of the module table)."""
    options = accessible_rooms(cmap, thief, doors)
    if not options:
        return thief
    if rules.distance == "room_numbers":
        return max(options, key=lambda r: min(abs(r - alice_next), abs(r - bob_next)))
    from_alice = _graph_distances(cmap, alice_next, doors)
    from_bob = _graph_distances(cmap, bob_next, doors)
    return max(options, key=lambda r: min(from_alice.get(r, UNREACHABLE), from_bob.get(r, UNREACHABLE)))


def _target(act: Act, room: int) -> int:
    return act.room if act.kind == "move" else room


def capture_step(
    cmap: CaptureMap, rules: CaptureRules, position: CapturePosition, alice: Act, bob: Act
) -> tuple[CapturePosition, bool]:
    """Play one turn (the module table's steps 2-4); the acts must be legal (:func:`legal_acts`).

    Returns:
        The next position (``turn`` advanced) and whether the thief is caught.

    Raises:
        ValueError: an act is not legal for its player.
    """
    a, b, t, doors, turn = position
    for name, act, room in (("Alice", alice, a), ("Bob", bob, b)):
        if act not in legal_acts(cmap, room, doors):
            raise ValueError(f"{name} cannot {act.kind} {act.room or ''} in room {room}".rstrip())
    a2, b2 = _target(alice, a), _target(bob, b)
    t2 = thief_next_room(cmap, rules, t, a2, b2, doors)
    for act, room in ((alice, a), (bob, b)):
        if act.kind == "press":
            door = cmap.button_door(room)
            assert door is not None  # legal_acts offers press only in button rooms
            doors ^= 1 << door
    caught = t2 in (a2, b2)
    if rules.swap == "always" or (rules.swap == "after_first" and turn >= 2):
        caught = caught or (a == t2 and t == a2) or (b == t2 and t == b2)
    return CapturePosition(a2, b2, t2, doors, turn + 1), caught


@dataclass(frozen=True)
class CaptureSolution:
    """The fewest turns to capture and a plan reaching it.

    Attributes:
        turns: the fewest turns to capture from the position, or None when no joint play captures
            within the turn limit.
        plan: the joint moves ``(alice, bob)`` of one optimal play, turn by turn (empty if None).
        optimal: whether optimality is proven (the search is exhaustive: always true).
        states: the joint states the search visited.
    """

    turns: int | None
    plan: tuple[tuple[Act, Act], ...]
    optimal: bool
    states: int


def _key(rules: CaptureRules, p: CapturePosition) -> tuple[int, ...]:
    # the turn number matters only to the original's first-turn swap quirk
    return (p.alice, p.bob, p.thief, p.doors, min(p.turn, 2) if rules.swap == "after_first" else 0)


def solve_capture(cmap: CaptureMap, rules: CaptureRules, start: CapturePosition, max_turns: int) -> CaptureSolution:
    """Breadth-first search for the fewest turns to capture from ``start``.

    Joint moves are tried in canonical order (Alice's legal acts, then Bob's, each in
    :func:`legal_acts` order), so the returned plan is the same for every caller: two agents that
    each solve the position play the same joint optimum.

    Args:
        cmap: the map.
        rules: the variant.
        start: the position; ``start.turn`` is the turn about to be played.
        max_turns: the game's last turn (the original: 30); turns after it do not count.

    Returns:
        The solution (``turns`` None when capture is impossible within the limit).
    """
    budget = max_turns - start.turn + 1
    parents: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[Act, Act]] | None] = {_key(rules, start): None}
    frontier = [start]
    depth = 0
    while frontier and depth < budget:
        depth += 1
        following: list[CapturePosition] = []
        for position in frontier:
            here = _key(rules, position)
            for alice in legal_acts(cmap, position.alice, position.doors):
                for bob in legal_acts(cmap, position.bob, position.doors):
                    nxt, caught = capture_step(cmap, rules, position, alice, bob)
                    if caught:
                        return CaptureSolution(depth, _plan(parents, here) + ((alice, bob),), True, len(parents))
                    key = _key(rules, nxt)
                    if key not in parents:
                        parents[key] = (here, (alice, bob))
                        following.append(nxt)
        frontier = following
    return CaptureSolution(None, (), True, len(parents))


def _plan(
    parents: Mapping[tuple[int, ...], tuple[tuple[int, ...], tuple[Act, Act]] | None], key: tuple[int, ...]
) -> tuple[tuple[Act, Act], ...]:
    steps: list[tuple[Act, Act]] = []
    link = parents[key]
    while link is not None:
        key, joint = link
        steps.append(joint)
        link = parents[key]
    return tuple(reversed(steps))


def solve_capture_brute_force(cmap: CaptureMap, rules: CaptureRules, start: CapturePosition, depth: int) -> int | None:
    """The test oracle: the fewest turns to capture within ``depth`` turns by exhaustive
    depth-limited search over every joint move sequence (exponential; tiny depths only)."""

    def reach(position: CapturePosition, left: int) -> int | None:
        best: int | None = None
        if left == 0:
            return None
        for alice in legal_acts(cmap, position.alice, position.doors):
            for bob in legal_acts(cmap, position.bob, position.doors):
                nxt, caught = capture_step(cmap, rules, position, alice, bob)
                found = 1 if caught else (None if left == 1 else _plus_one(reach(nxt, left - 1)))
                if found is not None and (best is None or found < best):
                    best = found
        return best

    return reach(start, depth)


def _plus_one(value: int | None) -> int | None:
    return None if value is None else value + 1


def map_from_lists(adjacency: Mapping[int, Sequence[int]], doors: Sequence[tuple[int, int, int]]) -> CaptureMap:
    """A :class:`CaptureMap` from plain lists (JSON data, generated maps)."""
    return CaptureMap({int(r): tuple(int(x) for x in near) for r, near in adjacency.items()}, tuple(doors))

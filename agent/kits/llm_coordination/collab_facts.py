"""The fact questions of CoordinationQA's Collab scenarios (environment comprehension), computed on
the map the scenario states (:mod:`.collab_position`): who reaches whom through the open doors, who
is nearer a button, whether the killer stands on every way to the gate or a generator, whether
there is time before it arrives. A question none of them recognises is abstained.

| game | recognised by | computed as |
| --- | --- | --- |
| Capture | "able to reach / direct access to the thief" | a player reaches the thief's room through open doors |
| Capture | "any method of trapping the thief" | the exact planner finds a capture |
| Capture | "Bob need any assistance" | Bob reaches the thief alone (no), with doors toggled (yes), never |
| Capture | "close the door between ... before the thief can get there" | a player's walk to its button plus the press, against the thief's walk to the door |
| Capture | "who should open one of the doors" | the player nearer a closed door's button |
| Escape | "lured away ... gate", "blocking my path to the exit gate" | the exit reached without entering the killer's room |
| Escape | "access generator N without encountering the killer" | the same, for Bob and that generator |
| Escape | "time to fix the generator before the killer gets to room R" | the killer's move this turn does not reach R |
| Escape | "if I fix generator N, is Bob in a position to escape" | the other generators fixed, Bob one room from the exit, the killer not there |
| Escape | "move towards X ... leading the killer towards Bob" | the killer follows me; X nearer Bob than my room |
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from agent.kits.llm_coordination.answers import Answer, pick_bool, single
from agent.kits.llm_coordination.collab_position import CapturePositionText, EscapePositionText
from agent.kits.llm_coordination.qa import Question
from language.choices import Option
from solvers.collab_capture import (
    CaptureMap,
    CapturePosition,
    CaptureRules,
    accessible_rooms,
    room_distances,
    solve_capture,
)


def reachable_rooms(adjacency: Mapping[int, Sequence[int]], start: int, avoid: int | None = None) -> dict[int, int]:
    """Rooms reachable from ``start`` without entering ``avoid``, with their distances."""
    return room_distances(lambda room: adjacency.get(room, ()), start, avoid)


def _bool(options: Sequence[Option], value: bool) -> list[str]:
    letter = pick_bool(options, value)
    return [letter] if letter else []


def _matching(options: Sequence[Option], pattern: str) -> list[str]:
    return [o.letter for o in options if re.search(pattern, o.text, re.IGNORECASE)]


def _asked(question: Question) -> str:
    return question.question.split("Available")[0].lower()


# ---- Collab Capture ---------------------------------------------------------------------------


def capture_fact(
    text: CapturePositionText, cmap: CaptureMap, start: CapturePosition, rules: CaptureRules, question: Question
) -> Answer:
    """One Collab Capture fact question."""
    asked, options = _asked(question), question.options

    def open_graph() -> dict[int, list[int]]:
        return {room: accessible_rooms(cmap, room, start.doors) for room in cmap.adjacency}

    def reaches(player: int) -> bool:
        return start.thief in reachable_rooms(open_graph(), player)

    if re.search(r"able to reach the thief|direct access to (?:the )?thief", asked):
        value = reaches(start.alice) or reaches(start.bob)
        return single(_bool(options, value), "capture-reach", f"a player reaches the thief now: {value}")
    if "method of trapping" in asked:
        value = solve_capture(cmap, rules, start, 30).turns is not None
        return single(_bool(options, value), "capture-reach", f"a capture exists: {value}")
    if re.search(r"bob need any assistance", asked):
        if reaches(start.bob):
            return single(_bool(options, False), "capture-reach", "Bob reaches the thief alone")
        possible = solve_capture(cmap, rules, start, 30).turns is not None
        letters = _bool(options, True) if possible else _matching(options, r"never")
        return single(letters, "capture-reach", f"Bob needs a door opened; a capture exists: {possible}")
    door = re.search(r"close the door between room (\d+) and room (\d+)", asked)
    if door:
        a, b = int(door.group(1)), int(door.group(2))
        button = next((btn for x, y, btn in text.map.doors if {x, y} == {a, b}), None)
        if button is None:
            return Answer(None, "capture-door", "no such door")
        graph = open_graph()
        ours = min(reachable_rooms(graph, p).get(button, 10**6) for p in (start.alice, start.bob)) + 1
        theirs = min(reachable_rooms(graph, start.thief).get(end, 10**6) for end in (a, b))
        return single(_bool(options, ours <= theirs), "capture-door", f"press in {ours} turns, thief there in {theirs}")
    if "who should open" in asked:
        closed = [btn for x, y, btn in text.map.doors if not text.doors_open.get((x, y), True)]
        if not closed:
            return single(_matching(options, r"don't need|do not need"), "capture-door", "no door is closed")
        graph = open_graph()
        mine = min(reachable_rooms(graph, start.alice).get(btn, 10**6) for btn in closed)
        his = min(reachable_rooms(graph, start.bob).get(btn, 10**6) for btn in closed)
        pattern = r"^\s*I should" if mine < his else r"^\s*Bob should" if his < mine else r"equally|does not matter"
        return single(_matching(options, pattern), "capture-door", f"to a button: me {mine}, Bob {his}")
    return Answer(None, None, "no template recognises the question")


# ---- Collab Escape ----------------------------------------------------------------------------


def escape_fact(text: EscapePositionText, question: Question) -> Answer:
    """One Collab Escape fact question."""
    asked, options = _asked(question), question.options
    graph = text.map.symmetric()
    me, bob = text.rooms["Alice"], text.rooms["Bob"]
    killer = text.killer_next if text.killer_next is not None else text.rooms.get("Killer")
    exit_room = text.map.exit
    if me is None or bob is None:
        return Answer(None, None, "the survivors' rooms are not stated")
    if exit_room is not None and re.search(
        r"lured away before we can access the gate|blocking my path to the exit", asked
    ):
        survivors = (me,) if "my path" in asked else (me, bob)
        if not any(exit_room in reachable_rooms(graph, s) for s in survivors):
            return single(_matching(options, r"no path"), "escape-path", "no path to the exit")
        blocked = all(killer == exit_room or exit_room not in reachable_rooms(graph, s, killer) for s in survivors)
        letters = _bool(options, blocked) or _matching(
            options, r"is currently blocking" if blocked else r"perfectly fine"
        )
        return single(letters, "escape-path", f"the killer blocks the way to the exit: {blocked}")
    generator = re.search(r"access generator (\d+) without encountering", asked)
    if generator:
        room = (
            text.map.generators[int(generator.group(1)) - 1]
            if int(generator.group(1)) <= len(text.map.generators)
            else None
        )
        value = room is not None and room != killer and room in reachable_rooms(graph, bob, killer)
        return single(_bool(options, value), "escape-path", f"Bob reaches the generator past the killer: {value}")
    before = re.search(r"time to fix the generator before the killer gets to room (\d+)", asked)
    if before:
        room = int(before.group(1))
        if text.remaining.get(room, 1) == 0:
            return single(_matching(options, r"does not need"), "escape-time", "the generator is fixed")
        value = killer != room
        letters = _matching(options, r"^\s*yes") if value else _matching(options, r"^\s*no")
        return single(letters, "escape-time", f"the killer is not there after this turn: {value}")
    fix = re.search(r"if i fix generator (\d+), is bob in a position to escape", asked)
    if fix and exit_room is not None:
        mine = me if me in text.map.generators else None
        others = [r for r in text.map.generators if r != mine and text.remaining.get(r, 1) > 0]
        if others:
            return single(_matching(options, r"still need"), "escape-time", f"generators still to fix: {others}")
        near = reachable_rooms(graph, bob, killer).get(exit_room)
        value = near is not None and near <= 1 and killer != exit_room
        letters = _matching(options, r"^\s*yes") if value else _matching(options, r"killer is blocking")
        return single(letters, "escape-time", f"Bob one room from the exit, the way clear: {value}")
    lead = re.search(r"move towards (.+?),? would i be leading the killer towards bob", asked)
    if lead:
        target = text.map.room(lead.group(1))
        if target is None:
            return Answer(None, "escape-lead", "unknown place")
        here = reachable_rooms(graph, me).get(bob, 10**6)
        there = reachable_rooms(graph, target).get(bob, 10**6)
        return single(_bool(options, there < here), "escape-lead", f"to Bob: from {target} {there}, from here {here}")
    return Answer(None, None, "no template recognises the question")

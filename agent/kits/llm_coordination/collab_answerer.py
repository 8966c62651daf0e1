"""A neurosymbolic answerer of CoordinationQA's Collab Capture and Collab Escape questions: the
scenario is read as a position (:mod:`.collab_position`) and the move questions are answered with
the games' exact planners, the fact questions by computing on the map (:mod:`.collab_facts`).
It reads the question's text and options only, never the key.

The scenarios state their own rules, and the answerer solves them as stated:

| game | stated | solved with |
| --- | --- | --- |
| Capture | the map and doors; "the thief and a player in connected rooms moving towards each other" is a capture; the thief flees the player closest to him | :func:`solvers.collab_capture.solve_capture` with graph distance and swaps capturing (the corrected rules): each offered first move scored by the fewest turns to capture after it; Alice's for JP, Bob's for ToM |
| Escape | the map (undirected), the generators' remaining fixes, the exit, what the killer does this turn | this turn played with the killer's stated move, then :func:`solvers.collab_escape.solve_escape`'s value over the next :data:`HORIZON` turns; the joint move with the highest escape probability, then the fewest expected turns |
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.kits.llm_coordination.answers import Answer, single
from agent.kits.llm_coordination.collab_facts import capture_fact, escape_fact
from agent.kits.llm_coordination.collab_position import (
    CapturePositionText,
    CollabMap,
    EscapePositionText,
    read_capture,
    read_escape,
)
from agent.kits.llm_coordination.qa import Question
from language.choices import Option
from solvers.collab_capture import (
    Act,
    CaptureMap,
    CapturePosition,
    CaptureRules,
    capture_step,
    legal_acts,
    map_from_lists,
    solve_capture,
)
from solvers.collab_escape import (
    EscapeMap,
    EscapePosition,
    Memory,
    escape_legal_acts,
    escape_outcomes,
    escape_tables,
    solve_escape,
)

HORIZON = 30
"""Turns ahead the escape questions are solved over (the scenarios state no limit)."""

CAPTURE_RULES = CaptureRules(distance="graph", swap="always")
"""The rules the capture scenarios state (see the module docstring)."""


def option_act(text: str, cmap: CollabMap, room: int | None) -> Act | None:
    """The move an option names ("Move to Room 5", "move to Kitchen area", "Stay in current Room",
    "Press Button", "fix generator in current room", "wait."), or None."""
    low = text.lower()
    if re.search(r"\bpress\b", low):
        return Act("press")
    if re.search(r"\bfix\b", low):
        return Act("fix")
    if re.search(r"\bstay\b", low):
        return Act("stay")
    if re.search(r"\bwait\b", low):
        return Act("wait")
    move = re.search(r"move to\s+(.*)", text, re.IGNORECASE)
    if move:
        target = cmap.room(move.group(1).strip(" ."))
        return Act("move", target) if target is not None and target != room else None
    return None


def _letters(options: Sequence[Option], act: Act, cmap: CollabMap, room: int | None) -> list[str]:
    stays = {"stay", "wait"}
    out = []
    for option in options:
        named = option_act(option.text, cmap, room)
        if named is None:
            continue
        if named == act or (named.kind in stays and act.kind in stays):
            out.append(option.letter)
    return out


def _asks_partner(question: Question) -> bool:
    return bool(re.search(r"partner intend|bob intend", question.question, re.IGNORECASE))


def _asks_move(question: Question) -> bool:
    return bool(re.search(r"what action (?:should i|does my partner)", question.question, re.IGNORECASE))


# ---- Collab Capture ---------------------------------------------------------------------------


def capture_position(text: CapturePositionText) -> tuple[CaptureMap, CapturePosition]:
    """The solver's map and position of a capture scenario (doors the state does not mention: open)."""
    cmap = map_from_lists(text.map.symmetric(), text.map.doors)
    bits = 0
    for index, (a, b, _button) in enumerate(text.map.doors):
        if text.doors_open.get((a, b), text.doors_open.get((b, a), True)):
            bits |= 1 << index
    return cmap, CapturePosition(text.rooms["Alice"], text.rooms["Bob"], text.rooms["Thief"], bits)


def _offered(question: Question, cmap: CollabMap, room: int, legal: Sequence[Act]) -> list[Act]:
    """The asked seat's legal moves that the options name (all legal moves if they name none)."""
    named = [option_act(o.text, cmap, room) for o in question.options]
    stays = {"stay", "wait"}
    kept = [act for act in legal if act in named or (act.kind in stays and any(n and n.kind in stays for n in named))]
    return kept or list(legal)


def answer_capture(question: Question) -> Answer:
    """One Collab Capture question: for a move question, every joint first move whose asked part an
    option names, scored by the turns to capture (1 if it captures, else 1 + the exact optimum
    after it); the fewest wins, ties in the solver's canonical order."""
    try:
        text = read_capture(question.game_description, question.question)
    except ValueError as err:
        return Answer(None, None, str(err))
    cmap, start = capture_position(text)
    if not _asks_move(question):
        return capture_fact(text, cmap, start, CAPTURE_RULES, question)
    seat = 1 if _asks_partner(question) else 0
    room = start.bob if seat else start.alice
    mine = _offered(question, text.map, room, legal_acts(cmap, room, start.doors))
    best: tuple[int, Act] | None = None
    for alice in legal_acts(cmap, start.alice, start.doors):
        for bob in legal_acts(cmap, start.bob, start.doors):
            act = bob if seat else alice
            if act not in mine:
                continue
            nxt, caught = capture_step(cmap, CAPTURE_RULES, start, alice, bob)
            later = 0 if caught else solve_capture(cmap, CAPTURE_RULES, nxt, HORIZON - 1).turns
            if later is not None and (best is None or 1 + later < best[0]):
                best = (1 + later, act)
    if best is None:
        return Answer(None, "move", "no joint play captures the thief")
    value = f"{'Bob' if seat else 'Alice'}: {best[1].kind} {best[1].room or ''} (capture in {best[0]})".replace(
        "  ", " "
    )
    return single(_letters(question.options, best[1], text.map, room), "move", value)


# ---- Collab Escape ----------------------------------------------------------------------------


def escape_position(text: EscapePositionText) -> tuple[EscapeMap, EscapePosition]:
    """The solver's map and position of an escape scenario. Each generator's remaining fixes set
    its progress (fixes needed: the most any generator still needs, at least 2); an unknown killer
    room is taken as the room it is said to move to."""
    cmap = text.map
    needed = max([2, *text.remaining.values()])
    generators = tuple(cmap.generators)
    exit_room = cmap.exit if cmap.exit is not None else max(cmap.adjacency)
    emap = EscapeMap(cmap.symmetric(), generators, exit_room, needed)
    fixes = tuple(needed - text.remaining.get(room, needed if not text.gate_open else 0) for room in generators)
    killer = text.rooms.get("Killer") or text.killer_next or exit_room
    alice, bob = text.rooms["Alice"], text.rooms["Bob"]
    assert alice is not None and bob is not None  # read_escape refuses a scenario without them
    target = {"Alice": 0, "Bob": 1}.get(text.target or "", -1)
    return emap, EscapePosition(alice, bob, killer, fixes, Memory(target, target == 0, target == 1))


def _turn_value(
    emap: EscapeMap, start: EscapePosition, text: EscapePositionText, alice: Act, bob: Act
) -> tuple[float, float]:
    """The escape probability and expected turns after this turn's joint move, the killer making
    its stated move (else the solver's killer), then the best play over :data:`HORIZON` turns."""
    outcomes = escape_outcomes(emap, start, alice, bob)
    forced = text.killer_next
    if forced is not None:
        first = outcomes[0]
        nxt = first[1]._replace(killer=forced)
        lost = forced in (nxt.alice, nxt.bob)
        result = "lost" if lost else ("escaped" if first[2] == "escaped" or _escaped(emap, nxt) else "continue")
        outcomes = [(1.0, nxt, result)]
    tables = escape_tables(emap, start._replace(turn=1), HORIZON)
    value = turns = 0.0
    for probability, nxt, result in outcomes:
        if result == "escaped":
            value += probability
        elif result == "continue":
            try:
                state = tables.state_of(nxt)
            except KeyError:  # the stated killer move leads where the solver's killer would not
                later = solve_escape(emap, nxt, HORIZON - 1)
                value += probability * later.escape_probability
                turns += probability * later.expected_turns
            else:
                value += probability * float(tables.value[HORIZON - 1, state])
                turns += probability * float(tables.turns[HORIZON - 1, state])
        turns += probability
    return value, turns


def _escaped(emap: EscapeMap, position: EscapePosition) -> bool:
    fixed = all(count >= emap.fixes_needed for count in position.fixes)
    return fixed and emap.exit in (position.alice, position.bob)


def answer_escape(question: Question) -> Answer:
    """One Collab Escape question: for a move question, every joint move whose asked part an option
    names, scored by :func:`_turn_value`; the highest escape probability, then the fewest turns."""
    try:
        text = read_escape(question.game_description, question.question)
        emap, start = escape_position(text)
    except ValueError as err:
        return Answer(None, None, str(err))
    if not _asks_move(question):
        return escape_fact(text, question)
    seat = 1 if _asks_partner(question) else 0
    room = start.bob if seat else start.alice
    mine = _offered(question, text.map, room, escape_legal_acts(emap, room))
    joint = [(a, b) for a in escape_legal_acts(emap, start.alice) for b in escape_legal_acts(emap, start.bob)]
    joint = [(a, b) for a, b in joint if (b if seat else a) in mine]
    scored = [(_turn_value(emap, start, text, a, b), (a, b)) for a, b in joint]
    best_value = max(value for (value, _turns), _ in scored)
    best = min(((turns, move) for (value, turns), move in scored if value >= best_value - 1e-12), key=lambda x: x[0])
    act = best[1][seat]
    value = f"{'Bob' if seat else 'Alice'}: {act.kind} {act.room or ''} (escape {best_value:.2f})".replace("  ", " ")
    return single(_letters(question.options, act, text.map, room), "move", value)


def answer_question(question: Question) -> Answer:
    """The answerer's reply to one Collab question (see the module docstring)."""
    if "thief" in question.game_description.lower():
        return answer_capture(question)
    if "escape" in question.game_description.lower():
        return answer_escape(question)
    return Answer(None, None, "not a Collab Capture or Collab Escape scenario")

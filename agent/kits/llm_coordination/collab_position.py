"""A CoordinationQA Collab Capture or Collab Escape scenario read back as a position: the map its
game description states (rooms or named areas, their connections, doors and buttons, generators,
exit) and the state its question states (where Alice, Bob and the thief or killer are, the doors,
the generators' remaining fixes, the gate, what the killer will do this turn).

Named areas ("Kitchen area") are numbered 1, 2, ... in the order the description first names them;
:attr:`CollabMap.names` keeps the words. Connections are read as the description states them, each
line from its first place to the places it lists; :meth:`CollabMap.symmetric` adds the reverse links
(the scenarios describe undirected maps).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PLAYERS = ("Alice", "Bob")


@dataclass
class CollabMap:
    """The places and their links (see the module docstring)."""

    names: dict[int, str] = field(default_factory=dict)
    adjacency: dict[int, list[int]] = field(default_factory=dict)
    doors: list[tuple[int, int, int]] = field(default_factory=list)
    generators: list[int] = field(default_factory=list)
    exit: int | None = None

    def room(self, words: str) -> int | None:
        """The place ``words`` name ("Room 3", "room 3", "3", "Kitchen area", "kitchen"), or None."""
        number = re.search(r"\d+", words)
        if number:
            return int(number.group())
        key = _key(words)
        return next((room for room, name in self.names.items() if _key(name) == key), None)

    def symmetric(self) -> dict[int, tuple[int, ...]]:
        """The adjacency with every stated link in both directions, in first-stated order."""
        out: dict[int, list[int]] = {room: list(near) for room, near in self.adjacency.items()}
        for room, near in self.adjacency.items():
            for other in near:
                out.setdefault(other, [])
                if room not in out[other]:
                    out[other].append(room)
        return {room: tuple(near) for room, near in sorted(out.items())}


def _key(words: str) -> str:
    return re.sub(r"\b(the|areas?|rooms?)\b|[^a-z]", "", words.lower())


@dataclass
class CapturePositionText:
    """A Collab Capture scenario: the map, the rooms and the doors' states (``(a, b) -> open``)."""

    map: CollabMap
    rooms: dict[str, int]
    doors_open: dict[tuple[int, int], bool]


@dataclass
class EscapePositionText:
    """A Collab Escape scenario: the map, the rooms (the killer's may be unknown: None), the fixes
    each generator still needs, the gate, and the killer's announced move this turn (``killer_next``:
    its room after the turn, when stated; ``target``: the player it pursues, when stated)."""

    map: CollabMap
    rooms: dict[str, int | None]
    remaining: dict[int, int]
    gate_open: bool
    killer_next: int | None = None
    target: str | None = None
    fixing: str | None = None


_PLACE = r"(?:(?i:room)\s+\d+|\d+|[A-Z][a-z]+(?:\s+area)?)"
"""A place in a description: "Room 3", "3" (after "room"), or a capitalised name ("Kitchen area")."""
_ANY = r"(?i:room\s+\d+|\d+|[a-z]+(?:\s+area)?)"
"""A place in a state text, where names may be lower-case ("warehouse area")."""


def _places(text: str) -> list[str]:
    return re.findall(_PLACE, text)


def read_map(description: str) -> CollabMap:
    """The map a scenario's game description states. Raises ValueError when it states no connection."""
    cmap = CollabMap()
    for line in description.splitlines():
        link = re.match(
            rf"\s*-?\s*({_PLACE})\s+(?:is\s+)?(?:only\s+)?directly\s+connect(?:s|ed)?\s*(?:to)?\s*(.*)",
            line,
            re.IGNORECASE,
        )
        if not link:
            continue
        source = _number(cmap, link.group(1))
        targets = [_number(cmap, words) for words in _places(link.group(2))]
        cmap.adjacency.setdefault(source, [])
        cmap.adjacency[source].extend(t for t in targets if t not in cmap.adjacency[source])
    if not cmap.adjacency:
        raise ValueError("no connections in the scenario's description")
    for a, b, button in re.findall(
        r"door between Room (\d+) and Room (\d+) controlled by a button in Room (\d+)", description, re.I
    ):
        cmap.doors.append((int(a), int(b), int(button)))
    gens = re.search(r"(?:Room|)\s*([^.]*?)\s+(?:have|has)\s+generators", description, re.IGNORECASE)
    if gens:
        cmap.generators = [r for r in (cmap.room(w) for w in re.split(r",|\band\b", gens.group(1))) if r is not None]
    gate = re.search(r"(room\s+\d+|[A-Z][a-z]+)(?:\s+area)?\s+has\s+the\s+exit\s+gate", description, re.IGNORECASE)
    if gate:
        cmap.exit = cmap.room(gate.group(1))
    return cmap


def _number(cmap: CollabMap, words: str) -> int:
    number = re.search(r"\d+", words)
    if number:
        return int(number.group())
    found = cmap.room(words)
    if found is not None:
        return found
    room = len(cmap.names) + 1
    cmap.names[room] = re.sub(r"\s+area$", "", words.strip(), flags=re.IGNORECASE)
    return room


def read_capture(description: str, state: str) -> CapturePositionText:
    """A Collab Capture scenario. Raises ValueError when a room is missing."""
    cmap = read_map(description)
    rooms = {}
    for who, pattern in (
        ("Alice", r"I \(Alice\) am in Room (\d+)"),
        ("Bob", r"Bob is in Room (\d+)"),
        ("Thief", r"Thief is in Room (\d+)"),
    ):
        found = re.search(pattern, state, re.IGNORECASE)
        if not found:
            raise ValueError(f"the scenario does not say where {who} is")
        rooms[who] = int(found.group(1))
    doors = {}
    for a, b, status in re.findall(
        r"Door between Room (\d+) and (?:Room )?(\d+) is (open|closed)", state, re.IGNORECASE
    ):
        doors[(int(a), int(b))] = status.lower() == "open"
    return CapturePositionText(cmap, rooms, doors)


def read_escape(description: str, state: str) -> EscapePositionText:
    """A Collab Escape scenario. Raises ValueError when a survivor's place is missing."""
    cmap = read_map(description)
    rooms: dict[str, int | None] = {}
    me = re.search(rf"I am in ({_ANY})", state)
    bob = re.search(rf"Bob is (?:also )?in ({_ANY})", state)
    if not me or not bob:
        raise ValueError("the scenario does not say where Alice and Bob are")
    rooms["Alice"], rooms["Bob"] = cmap.room(me.group(1)), cmap.room(bob.group(1))
    position = EscapePositionText(cmap, rooms, {}, bool(re.search(r"exit gate[^.]*is open", state, re.IGNORECASE)))
    _read_killer(position, state)
    _read_generators(position, state)
    fixing = re.search(r"(I|Bob|Alice) (?:was|were|am|is) fixing", state)
    position.fixing = None if not fixing else ("Bob" if fixing.group(1) == "Bob" else "Alice")
    return position


def _read_killer(position: EscapePositionText, state: str) -> None:
    cmap, rooms = position.map, position.rooms
    rooms["Killer"] = None
    stay = re.search(rf"killer will stay in ({_ANY})", state, re.IGNORECASE)
    move = re.search(rf"killer will move to (?:the )?({_ANY})(?: from ({_ANY}))?", state, re.IGNORECASE)
    now = re.search(rf"killer is now in (?:the )?({_ANY})", state, re.IGNORECASE)
    where = re.search(r"killer will certainly move to the room where (Alice|Bob) is", state, re.IGNORECASE)
    following = re.search(r"following (Alice|Bob)", state, re.IGNORECASE)
    if stay:
        rooms["Killer"] = position.killer_next = cmap.room(stay.group(1))
    if move:
        position.killer_next = cmap.room(move.group(1))
        if move.group(2):
            rooms["Killer"] = cmap.room(move.group(2))
    if now:
        rooms["Killer"] = cmap.room(now.group(1))
    if where:
        position.target = where.group(1).capitalize()
        position.killer_next = rooms[position.target]
    if following:
        position.target = following.group(1).capitalize()


def _read_generators(position: EscapePositionText, state: str) -> None:
    cmap = position.map
    for place, rest in re.findall(rf"Generator in ({_ANY})\s+([^.]*)", state, re.IGNORECASE):
        room = cmap.room(place)
        if room is None:
            continue
        if re.search(r"\bfix(?:ed)?\b\s*$", rest.strip()) and not re.search(r"\d|one", rest):
            position.remaining[room] = 0
            continue
        count = re.search(r"(\d+|one)\s+(?:more\s+)?fix", rest)
        if count:
            position.remaining[room] = 1 if count.group(1) == "one" else int(count.group(1))
    only = re.search(r"only one (?:more )?fix needed|one more fix needed", state, re.IGNORECASE)
    mine = position.rooms.get("Alice")
    if only and mine in cmap.generators and mine not in position.remaining:
        position.remaining[mine] = 1

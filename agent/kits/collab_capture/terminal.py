"""Terminal play of Collab Capture: the rooms with who is in them, the doors and their buttons."""

from __future__ import annotations

from typing import Any

from agent.kits.collab_family import CollabUI


def capture_board(observation: Any) -> list[str]:
    """The board of a Collab Capture observation as text lines."""
    alice, bob = observation.rooms
    lines = [
        f"turn {observation.turn}/{observation.max_turns} ({observation.rules} rules, {observation.setting} setting)"
    ]
    buttons = {d.button_room: d for d in observation.doors}
    for room, near in sorted((int(r), n) for r, n in observation.adjacency.items()):
        who = [name for name, here in (("Alice", alice), ("Bob", bob), ("THIEF", observation.thief)) if here == room]
        extra = f"  [button: door {buttons[room].between[0]}-{buttons[room].between[1]}]" if room in buttons else ""
        lines.append(f"  room {room} -> {', '.join(map(str, near))}{extra}  {' '.join(who)}".rstrip())
    doors = ", ".join(f"{d.between[0]}-{d.between[1]} {'open' if d.open else 'CLOSED'}" for d in observation.doors)
    lines.append(f"doors: {doors}")
    return lines


def capture_ui() -> CollabUI:
    """The terminal view of Collab Capture."""
    return CollabUI(capture_board, "catch the thief with your partner; it flees from where you both are heading")

"""Terminal play of Collab Escape: the rooms with who is in them, the generators, the exit and the
killer's intent."""

from __future__ import annotations

from typing import Any

from agent.kits.collab_family import CollabUI


def escape_board(observation: Any) -> list[str]:
    """The board of a Collab Escape observation as text lines."""
    alice, bob = observation.rooms
    generators = {g.room: g for g in observation.generators}
    lines = [f"turn {observation.turn}/{observation.max_turns} ({observation.rules} rules)"]
    for room, near in sorted((int(r), n) for r, n in observation.adjacency.items()):
        who = [name for name, here in (("Alice", alice), ("Bob", bob), ("KILLER", observation.killer)) if here == room]
        extra = ""
        if room in generators:
            g = generators[room]
            extra = f"  [generator {'repaired' if g.repaired else f'{g.fixes}/{g.needed}'}]"
        if room == observation.exit_room:
            extra += f"  [exit {'OPEN' if observation.exit_open else 'closed'}]"
        lines.append(f"  room {room} -> {', '.join(map(str, near))}{extra}  {' '.join(who)}".rstrip())
    if observation.killer_target is None:
        lines.append("the killer is unaware of you: it will move to a random room its room lists")
    else:
        lines.append(f"the killer will certainly move to {('Alice', 'Bob')[observation.killer_target]}'s room")
    return lines


def escape_ui() -> CollabUI:
    """The terminal view of Collab Escape."""
    return CollabUI(escape_board, "repair both generators (two fixes in a row each) and reach the exit")

"""The CAC agent's memory texts for Overcooked (LLM-Coordination, seed 002, Appendix A): the layout
description of A.1 and the working memory of A.2, as functions of the layout, the kitchen and the
seat.

| part | text |
| --- | --- |
| layout (A.1) | :func:`layout_description`: how many places of each kind, named; for a split kitchen, who reaches what |
| episodic memory | ``action history: ...`` (the seat's last five medium-level actions) |
| inventory | ``<Inventory>: I am holding onion. Bob is holding nothing.`` |
| locations | ``<My Location Information>:`` / ``<Bob's Location Information>:`` each place ``is N units away``, ``is N units away blocked by Bob`` or ``is inaccessible`` |
| environment | ``<Environment Details>:`` per cooker ``c0 contains 1 out of 3 onions. c0 is off. soup in c0 is not cooking.``; each shared counter ``s0 is empty.`` / ``s1 contains onion.``; each kitchen counter holding something; ``Closest empty kitchen counter k12 is 1 units away.`` |

Distances count cell moves to the nearest floor cell next to the place, the partner's cell blocked
(:func:`language.overcooked_places.place_distance`), as the paper's action manager counts them.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.overcooked import COOK_TIME, Kitchen, Pos
from language.overcooked_places import ITEM_WORDS, cell_distances, place_distance, places

NAMES = ("Alice", "Bob")
"""The chefs' names by seat (Alice is blue, Bob green, as in the paper)."""

LOCATION_ORDER = "opcds"
"""The kinds of place in the location lists, in the order of Appendix A.2's example."""

KIND_WORDS = {
    "o": ("onion dispenser", "onion dispensers"),
    "p": ("plate dispenser", "plate dispensers"),
    "c": ("cooker", "cookers"),
    "d": ("delivery area", "delivery areas"),
    "s": ("shared counter", "shared counters"),
}


def held_words(kitchen: Kitchen, seat: int) -> str:
    """What chef ``seat`` holds in the paper's words (``nothing``, ``onion``, ``plate``, ``cooked soup``)."""
    held = kitchen.chefs[seat].held
    return "nothing" if held is None else ITEM_WORDS[held.name]


def _reach_text(layout_name: str, kitchen: Kitchen, seat: int, name: str) -> str:
    named = places(layout_name)
    layout = named.layout
    partner = kitchen.chefs[1 - seat].position
    moves, blocked = place_distance(layout, kitchen.chefs[seat].position, named.tiles[name], partner)
    if moves is None:
        return f"{name} is inaccessible."
    if blocked:
        return f"{name} is {moves} units away blocked by {NAMES[1 - seat]}."
    return f"{name} is {moves} units away."


def location_lines(layout_name: str, kitchen: Kitchen, seat: int) -> str:
    """Every named place but the kitchen counters, as chef ``seat`` reaches it."""
    named = places(layout_name)
    return " ".join(_reach_text(layout_name, kitchen, seat, n) for k in LOCATION_ORDER for n in named.of_kind(k))


def cooker_text(layout_name: str, kitchen: Kitchen, name: str) -> str:
    """One cooker's onions, on/off state and soup state."""
    soup = kitchen.object_at(places(layout_name).tiles[name])
    if soup is None:
        onions, power, state = 0, "off", "not cooking"
    elif soup.cooking_tick >= COOK_TIME:
        onions, power, state = len(soup.ingredients), "off", "cooked"
    elif soup.cooking_tick >= 0:
        onions, power, state = len(soup.ingredients), "on", "still cooking"
    else:
        onions, power, state = len(soup.ingredients), "off", "not cooking"
    return f"{name} contains {onions} out of 3 onions. {name} is {power}. soup in {name} is {state}."


def closest_empty_counter(layout_name: str, kitchen: Kitchen, seat: int) -> tuple[Pos, int] | None:
    """The empty kitchen counter (``k``) nearest to chef ``seat`` and its distance, the partner's cell
    blocked (None when no empty one is reachable)."""
    named = places(layout_name)
    best: tuple[Pos, int] | None = None
    for name in named.of_kind("k"):
        tile = named.tiles[name]
        if kitchen.object_at(tile) is not None:
            continue
        moves, blocked = place_distance(
            named.layout, kitchen.chefs[seat].position, tile, kitchen.chefs[1 - seat].position
        )
        if moves is not None and not blocked and (best is None or moves < best[1]):
            best = (tile, moves)
    return best


def environment_lines(layout_name: str, kitchen: Kitchen, seat: int) -> str:
    """The cookers, the shared counters, the kitchen counters holding something and the closest
    empty kitchen counter."""
    named = places(layout_name)
    parts = [cooker_text(layout_name, kitchen, n) for n in named.of_kind("c")]
    for name in named.of_kind("s"):
        obj = kitchen.object_at(named.tiles[name])
        parts.append(f"{name} is empty." if obj is None else f"{name} contains {ITEM_WORDS[obj.name]}.")
    for name in named.of_kind("k"):
        obj = kitchen.object_at(named.tiles[name])
        if obj is not None:
            parts.append(f"{_reach_text(layout_name, kitchen, seat, name)} {name} contains {ITEM_WORDS[obj.name]}.")
    closest = closest_empty_counter(layout_name, kitchen, seat)
    if closest is not None:
        parts.append(f"Closest empty kitchen counter {named.names[closest[0]]} is {closest[1]} units away.")
    return " ".join(parts)


def describe_state(layout_name: str, kitchen: Kitchen, seat: int, history: Sequence[str] = ()) -> str:
    """The working memory of Appendix A.2 for chef ``seat`` (with its last five actions when given)."""
    partner = NAMES[1 - seat]
    lines = []
    if history:
        lines.append(f"action history: {', '.join(history[-5:])}")
    lines.append(
        f"<Inventory>: I am holding {held_words(kitchen, seat)}. {partner} is holding {held_words(kitchen, 1 - seat)}."
    )
    lines.append(f"<My Location Information>: {location_lines(layout_name, kitchen, seat)}")
    lines.append(f"<{partner}'s Location Information>: {location_lines(layout_name, kitchen, 1 - seat)}")
    lines.append(f"<Environment Details>: {environment_lines(layout_name, kitchen, seat)}")
    return "\n".join(lines)


def _listing(prefix: str, names: Sequence[str]) -> str:
    one, many = KIND_WORDS[prefix]
    if len(names) == 1:
        return f"{one} ({names[0]})"
    return f"{len(names)} {many} ({', '.join(names)})"


def layout_description(layout_name: str) -> str:
    """The layout's description (Appendix A.1): its places by kind and, for a kitchen split in two,
    which places each chef can reach."""
    named = places(layout_name)
    layout = named.layout
    kinds = [_listing(k, named.of_kind(k)) for k in LOCATION_ORDER if named.of_kind(k)]
    counters = named.of_kind("k")
    text = f"Environment Details: The environment has {', '.join(kinds[:-1])} and {kinds[-1]}."
    if counters:
        text += (
            f" Additionally there are kitchen counters ({counters[0]} to {counters[-1]}) which can be used to "
            "temporarily store onions and plates while you do something else. Objects on counters can be picked "
            "up later and should be considered as they may be closer than items in dispensers."
        )
    if named.of_kind("s"):
        text += (
            " The shared counters can be used to pass onions, plates or cooked soup from one player to the other;"
            " objects on them can be accessed by both players."
        )
    reach = [cell_distances(layout, start) for start in layout.starts]
    if set(reach[0]) != set(reach[1]):
        for seat in (0, 1):
            mine = [
                n for n, tile in named.tiles.items() if n[0] in "opcd" and any(c in reach[seat] for c in _around(tile))
            ]
            text += f" {NAMES[seat]} is in a separate partition with access to {', '.join(mine)}."
    return text


def _around(tile: Pos) -> list[Pos]:
    x, y = tile
    return [(x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)]

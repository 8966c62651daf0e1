"""The places of an Overcooked kitchen and the medium-level actions in the paper's words
(LLM-Coordination, seed 002, section 2.1 and Appendix A).

The CAC agent never moves a chef one cell at a time: it picks a *medium-level action* ("pick up onion
from o0.", "place onion in c0.") that the grounding module (:mod:`planners.overcooked_grounding`)
carries out by shortest paths. The places are named as the paper's action manager names them
(``overcooked_action_manager.py``: ``object_location``), each kind in row-major order:

| prefix | place | words of the actions there |
| --- | --- | --- |
| ``o`` | onion dispensers | ``pick up onion from o0.`` |
| ``p`` | plate (dish) dispensers | ``pick up plate from p0.`` |
| ``c`` | cookers (pots) | ``place onion in c0.``, ``load soup on plate from c0.`` |
| ``d`` | delivery areas (serving windows) | ``place soup for delivery in d0.`` |
| ``s`` | shared counters (the paper's storage counters: forced_coordination, counter_circuit) | ``pick up onion from s0.``, ``place onion on s0.`` |
| ``k`` | the other kitchen counters | ``pick up plate from k3.``, ``place onion on k12.`` |

plus ``wait.`` and ``move away.``. The paper's action sets write a shared counter's drop as ``place
onion in s0.`` and Appendix A.2 as ``place onion on s1.``; Accord says ``on`` for every counter and
reads both. Distances are counted as the paper's state text counts them: cell moves to the nearest
floor cell next to the place, the partner's cell blocked.
"""

from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass
from functools import cache
from typing import Literal

from games.overcooked import Layout, Pos, load_layout

SHARED_COUNTERS: dict[str, tuple[Pos, ...]] = {
    "forced_coordination": ((2, 1), (2, 2), (2, 3)),
    "counter_circuit": ((2, 2), (3, 2), (4, 2), (5, 2)),
}
"""The paper's storage (shared) counters per layout (``storage_counter_locations``); none elsewhere."""

ITEM_WORDS = {"onion": "onion", "dish": "plate", "soup": "cooked soup"}
"""An object's name in the paper's words (a dish is a plate; a soup in hand is a cooked soup)."""

Kind = Literal["pick", "put", "load", "deliver", "place", "wait", "move_away"]


@dataclass(frozen=True, slots=True)
class Task:
    """A medium-level action: what to do at which tile.

    Attributes:
        kind: ``pick`` (take ``item`` from a dispenser or counter), ``put`` (an onion into a pot),
            ``load`` (a ready soup onto the held plate), ``deliver`` (the soup at a serving window),
            ``place`` (the held ``item`` on an empty counter), ``wait``, ``move_away``.
        target: the tile acted on (None for ``wait`` and ``move_away``).
        item: the object taken or placed (``onion``, ``dish``, ``soup``; None when implied).
    """

    kind: Kind
    target: Pos | None = None
    item: str | None = None


WAIT = Task("wait")
MOVE_AWAY = Task("move_away")


@dataclass(frozen=True)
class Places:
    """The named places of one layout.

    Attributes:
        layout: the layout.
        names: tile -> its name (``o0``, ``c1``, ``k12`` ...).
        tiles: name -> tile.
    """

    layout: Layout
    names: dict[Pos, str]
    tiles: dict[str, Pos]

    def of_kind(self, prefix: str) -> list[str]:
        """The names with ``prefix`` (``"c"`` -> ``["c0", "c1"]``), in index order."""
        return [n for n in self.tiles if n[0] == prefix]


@cache
def places(layout_name: str) -> Places:
    """The named places of the paper layout ``layout_name``."""
    layout = load_layout(layout_name)
    shared = SHARED_COUNTERS.get(layout_name, ())
    kinds = (
        ("o", layout.onion_dispensers),
        ("p", layout.dish_dispensers),
        ("c", layout.pots),
        ("d", layout.serving),
        ("s", shared),
        ("k", tuple(c for c in layout.counters if c not in shared)),
    )
    names: dict[Pos, str] = {}
    for prefix, tiles in kinds:
        for i, tile in enumerate(tiles):
            names[tile] = f"{prefix}{i}"
    return Places(layout, names, {n: t for t, n in names.items()})


def task_text(task: Task, layout_name: str) -> str:
    """``task`` in the paper's words (``pick up onion from o0.``)."""
    if task.kind == "wait":
        return "wait."
    if task.kind == "move_away":
        return "move away."
    assert task.target is not None
    name = places(layout_name).names[task.target]
    item = ITEM_WORDS.get(task.item or "", "")
    if task.kind == "pick":
        return f"pick up {item} from {name}."
    if task.kind == "put":
        return f"place onion in {name}."
    if task.kind == "load":
        return f"load soup on plate from {name}."
    if task.kind == "deliver":
        return f"place soup for delivery in {name}."
    return f"place {item} on {name}."


_PLACE = re.compile(r"\b([opcdsk])(\d+)\b")
_ITEM = re.compile(r"\b(cooked soup|soup|onion|plate|dish)\b")


def read_task(text: str, layout_name: str) -> Task | None:
    """The medium-level action ``text`` names in the paper's words, or None (never a guess).

    Reads ``wait``, ``move away``, and ``<verb> ... <place>``: ``pick up <item> from X``,
    ``place onion in cN``, ``load soup on plate from cN``, ``place soup for delivery in dN``,
    ``place <item> on/in X`` (a counter).
    """
    said = " ".join(text.lower().replace("_", " ").split()).strip(" .")
    if said in ("wait", "stay"):
        return Task("wait")
    if said in ("move away", "move out of the way"):
        return Task("move_away")
    found = _PLACE.findall(said)
    if len(found) != 1:
        return None
    name = "".join(found[0])
    tile = places(layout_name).tiles.get(name)
    if tile is None:
        return None
    items = _ITEM.findall(said)
    item = {"cooked soup": "soup", "soup": "soup", "onion": "onion", "plate": "dish", "dish": "dish"}
    prefix = name[0]
    if said.startswith("pick up"):
        what = [item[i] for i in items]
        return Task("pick", tile, what[0] if what else None) if prefix in "opsk" else None
    if said.startswith("load soup") and prefix == "c":
        return Task("load", tile, "dish")
    if said.startswith("place soup for delivery") and prefix == "d":
        return Task("deliver", tile, "soup")
    if said.startswith(("place", "put")):
        what = [item[i] for i in items]
        if prefix == "c" and what[:1] == ["onion"]:
            return Task("put", tile, "onion")
        if prefix in "sk" and what:
            return Task("place", tile, what[0])
    return None


def access_cells(layout: Layout, tile: Pos) -> list[Pos]:
    """The floor cells next to ``tile`` (where a chef stands to act on it), in the order north,
    south, west, east of the tile (the paper's action manager's order)."""
    x, y = tile
    return [c for c in ((x, y - 1), (x, y + 1), (x - 1, y), (x + 1, y)) if layout.walkable(c)]


def cell_distances(layout: Layout, start: Pos, blocked: Pos | None = None) -> dict[Pos, int]:
    """Moves from ``start`` to every floor cell reachable without entering ``blocked``."""
    out = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for nxt in ((x, y - 1), (x, y + 1), (x + 1, y), (x - 1, y)):
            if nxt not in out and nxt != blocked and layout.walkable(nxt):
                out[nxt] = out[(x, y)] + 1
                queue.append(nxt)
    return out


def place_distance(layout: Layout, start: Pos, tile: Pos, partner: Pos | None) -> tuple[int | None, bool]:
    """How far a chef on ``start`` is from acting on ``tile``: the moves to the nearest free cell
    next to it, and whether the partner blocks it.

    Returns:
        ``(moves, False)`` on a path that avoids the partner; ``(moves, True)`` when only a path
        through the partner's cell exists (the moves ignoring the partner); ``(None, False)`` when
        no path exists at all (another partition).
    """
    cells = access_cells(layout, tile)
    around = cell_distances(layout, start, partner)
    best = min((around[c] for c in cells if c in around and c != partner), default=None)
    if best is not None:
        return best, False
    free = cell_distances(layout, start)
    through = min((free[c] for c in cells if c in free), default=None)
    return (through, True) if through is not None else (None, False)

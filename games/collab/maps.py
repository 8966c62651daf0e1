"""The two Collab maps, read from the vendored data (``games/collab/data``, see PROVENANCE.md).

| map | rooms | special rooms | start |
| --- | --- | --- | --- |
| capture | 1-9 | door 1-2 (button in 9), door 3-4 (button in 8) | Alice 1, Bob 6, thief 2 |
| escape | 1-10 | generators in 1 and 6, exit in 7 | Alice 1, Bob 2, killer 6 |

Variants: ``rules="original"`` plays the original code exactly (the thief's room-number distance,
escape's directed lists); ``rules="corrected"`` plays the rules the original prompts describe (the
thief's graph distance through open doors, crossing caught from the first turn; the escape map as
its prompt states it, room 7 joined to 6 and 8, which makes every link two-way). Capture's
``setting`` picks the original's harness: ``llm`` (the paper's LLM runs: door 1-2 closed, 3-4 open,
crossing counts as capture) or ``greedy`` (the greedy runs: door 1-2 open, 3-4 closed, only a shared
room counts).
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any, Literal

from solvers.collab_capture import CaptureMap, CapturePosition, CaptureRules, map_from_lists
from solvers.collab_escape import EscapeMap, EscapePosition

Rules = Literal["original", "corrected"]
Setting = Literal["llm", "greedy"]
RULES: tuple[str, ...] = ("original", "corrected")
SETTINGS: tuple[str, ...] = ("llm", "greedy")

ESCAPE_PROMPT_ROOM_7 = (6, 8)
"""Room 7's links as the original escape prompt states them ("room 7 is connected to room 6 and 8");
the code's list is ``[3, 6]``. With it every link of the map is two-way (the corrected variant)."""


@functools.lru_cache(maxsize=1)
def collab_data() -> dict[str, Any]:
    """The vendored ``collab_games.json`` (maps, starts, policies' prose, the paper's results)."""
    return json.loads(resources.files("games.collab").joinpath("data/collab_games.json").read_text())


def _adjacency(raw: dict[str, list[int]]) -> dict[int, tuple[int, ...]]:
    return {int(room): tuple(near) for room, near in raw.items()}


def check_variant(rules: str, setting: str = "llm") -> None:
    """Refuse an unknown variant with a one-line ValueError."""
    if rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(RULES)}, not {rules!r}")
    if setting not in SETTINGS:
        raise ValueError(f"setting must be one of {', '.join(SETTINGS)}, not {setting!r}")


def capture_map() -> CaptureMap:
    """Collab Capture's map (the same in both variants)."""
    data = collab_data()["collab_capture"]
    doors = [(d["between"][0], d["between"][1], d["button_room"]) for d in data["doors"]]
    return map_from_lists(_adjacency(data["adjacency"]), doors)


def capture_rules(rules: Rules, setting: Setting) -> CaptureRules:
    """The kernel's rules of a variant and harness (see the module table)."""
    check_variant(rules, setting)
    if rules == "corrected":
        return CaptureRules("graph", "always")
    return CaptureRules("room_numbers", "after_first" if setting == "llm" else "never")


def capture_start(setting: Setting) -> CapturePosition:
    """The original start with the harness's initial doors."""
    check_variant("original", setting)
    data = collab_data()["collab_capture"]
    initial = data["initial_doors_llm_runs" if setting == "llm" else "initial_doors_greedy_runs"]
    cmap = capture_map()
    bits = 0
    for index, (a, b, _) in enumerate(cmap.doors):
        if initial[f"{a}-{b}"] == "open":
            bits |= 1 << index
    start = data["start"]
    return CapturePosition(start["Alice"], start["Bob"], start["Thief"], bits, 1)


def capture_max_turns() -> int:
    """The original's turn limit (30)."""
    return int(collab_data()["collab_capture"]["max_turns"])


def escape_map(rules: Rules) -> EscapeMap:
    """Collab Escape's map: the code's directed lists, or (corrected) the prompt's two-way map."""
    check_variant(rules)
    data = collab_data()["collab_escape"]
    adjacency = _adjacency(data["adjacency"])
    if rules == "corrected":
        adjacency[7] = ESCAPE_PROMPT_ROOM_7
    generators = tuple(data["generators"]["rooms"])
    return EscapeMap(adjacency, generators, int(data["exit"]["room"]), int(data["generators"]["fixes_needed"]))


def escape_start() -> EscapePosition:
    """The original start: Alice in 1, Bob in 2, the killer in 6, no generator fixed."""
    data = collab_data()["collab_escape"]
    start = data["start"]
    return EscapePosition(start["Alice"], start["Bob"], start["Killer"], (0,) * len(data["generators"]["rooms"]))

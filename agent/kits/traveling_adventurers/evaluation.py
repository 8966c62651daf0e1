"""The facts ``accord eval parse`` scores for Traveling Adventurers acts.

One fact per act, with two normalizations that make equal readings equal: a hallway is a pair of
rooms without direction (coins are the same both ways), and an agreement or rejection that names
the reader's pending suggestion is the agreement or rejection of that suggestion.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.parse_eval import Fact
from language.traveling_adventurers.context import DialogueContext


def _pending(path: Sequence[str] | None, context: Any) -> bool:
    last = context.last_suggestion if isinstance(context, DialogueContext) else None
    return bool(path and last and path[0] == last[0] and path[-1] == last[-1])


def ta_facts(acts: Sequence[Any], context: Any) -> list[Fact]:
    """The facts of Traveling Adventurers ``acts`` read in ``context``."""
    out: list[Fact] = []
    for act in acts:
        data = act.to_json()
        kind = data["act"]
        if kind in ("inform", "ask") and "edge" in data:
            edge = tuple(sorted(data["edge"]))
            out.append((kind, edge, data.get("coins")) if kind == "inform" else (kind, edge))
        elif kind in ("agree", "reject"):
            path = data.get("path")
            out.append((kind, None if path is None or _pending(path, context) else tuple(path)))
        else:
            out.append((kind, tuple(data["path"]) if "path" in data else data.get("about")))
    return out

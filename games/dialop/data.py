"""The recorded DialOp games and task data shipped in ``games/dialop/data`` (see PROVENANCE.md)."""

from __future__ import annotations

import json
import zipfile
from functools import cache
from importlib import resources
from typing import Any, Literal

Task = Literal["optimization", "planning", "mediation"]
TASKS: tuple[str, ...] = ("optimization", "planning", "mediation")
_FILES = {"optimization": "optimization.jsonl", "planning": "itinerary.jsonl", "mediation": "mediation.jsonl"}


def data_file(name: str) -> Any:
    """A file of ``games/dialop/data`` as an importlib resource."""
    return resources.files("games.dialop").joinpath("data", name)


@cache
def _recorded(task: str) -> tuple[dict[str, Any], ...]:
    with data_file("data.zip").open("rb") as raw, zipfile.ZipFile(raw) as archive:
        text = archive.read(f"data/{_FILES[task]}").decode("utf-8")
    return tuple(json.loads(line) for line in text.splitlines() if line.strip())


def load_recorded(task: str) -> list[dict[str, Any]]:
    """The recorded human-human games of ``task`` (optimization 134, planning 113, mediation 162).

    Raises:
        ValueError: an unknown task.
    """
    if task not in _FILES:
        raise ValueError(f"unknown DialOp task {task!r}; tasks: {', '.join(TASKS)}")
    return [json.loads(json.dumps(game)) for game in _recorded(task)]  # callers get their own copies


def recorded_game(task: str, index: int) -> dict[str, Any]:
    """A copy of recorded game ``index`` of ``task`` (cheaper than :func:`load_recorded` for one game).

    Raises:
        ValueError: an unknown task or an index outside the recorded games.
    """
    if task not in _FILES:
        raise ValueError(f"unknown DialOp task {task!r}; tasks: {', '.join(TASKS)}")
    games = _recorded(task)
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(games):
        raise ValueError(f"recorded index {index!r} is outside 0..{len(games) - 1}")
    return json.loads(json.dumps(games[index]))

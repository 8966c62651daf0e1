"""Traveling Adventurers self-play replays exactly the games of the base commit of issue 18.

Speed work on the planner's TSP calls and the rule parser must not change one game:
``data/ta_selfplay_reference.json`` holds, per (preset, rooms, seed), the metrics and a SHA-256 of
the whole transcript (every message, its acts and actions), recorded before that work. Regenerate
it only for an intended change of play::

    PYTHONPATH=. python -m tests.agent.kits.test_traveling_adventurers_reference
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from agent.arena import paper_seeds, selfplay
from agent.registry import default_registry

REFERENCE = Path(__file__).parent / "data" / "ta_selfplay_reference.json"
CASES = [("problem-solving", 6, 12), ("problem-solving", 8, 6), ("state-tracking", 6, 6), ("baseline", 7, 6)]
"""(preset, rooms, games): game ``i`` plays seed ``i`` as ``accord selfplay --seed 0`` does."""


def play(preset: str, rooms: int, games: int) -> list[dict[str, Any]]:
    """The games of ``preset`` in self-play at ``rooms`` rooms: seed, metrics and transcript digest."""
    registry = default_registry()
    game = registry.make_game("traveling_adventurers", rooms=rooms)
    records = selfplay(game, registry.preset("traveling_adventurers", preset), paper_seeds(1, games))
    return [
        {
            "seed": r.seed,
            "metrics": r.metrics,
            "transcript": hashlib.sha256(json.dumps(r.transcript, sort_keys=True).encode()).hexdigest(),
        }
        for r in records
    ]


def key(preset: str, rooms: int) -> str:
    return f"{preset}/rooms={rooms}"


@pytest.mark.parametrize(("preset", "rooms", "games"), CASES)
def test_selfplay_replays_the_recorded_games(preset: str, rooms: int, games: int) -> None:
    expected = json.loads(REFERENCE.read_text())[key(preset, rooms)]
    assert play(preset, rooms, games) == expected


if __name__ == "__main__":
    REFERENCE.write_text(json.dumps({key(p, r): play(p, r, g) for p, r, g in CASES}, indent=1) + "\n")

"""Probe of ``accord bench hot``: Traveling Adventurers self-play games per second.

In-process self-play of the ``problem-solving`` preset on generated boards of ``rooms`` rooms,
through the public APIs ``accord selfplay`` uses (registry, :func:`agent.arena.selfplay`), so it
runs against any checkout (see :class:`agent.kits.base.BenchProbe`). One untimed warm-up game; the
digest of the games' metrics and transcripts shows whether two checkouts play the same games.
"""

from __future__ import annotations

import hashlib
import json
import time
from typing import Any

from agent.arena import paper_seeds, selfplay
from agent.registry import default_registry

_GAME = "traveling_adventurers"


def measure(
    quick: bool, rooms: int = 6, games: int = 100, preset: str = "problem-solving", seed: int = 0
) -> dict[str, Any]:
    """Games per second over ``games`` self-play games (5 when quick); game ``i`` plays seed
    ``seed * 1000 + i``, as ``accord selfplay``."""
    registry = default_registry()
    game = registry.make_game(_GAME, rooms=rooms)
    spec = registry.preset(_GAME, preset)
    selfplay(game, spec, paper_seeds(1, 1, seed + 1), registry)
    count = 5 if quick else games
    began = time.perf_counter()
    records = selfplay(game, spec, paper_seeds(1, count, seed), registry)
    seconds = time.perf_counter() - began
    played = json.dumps([[record.metrics, record.transcript] for record in records], sort_keys=True, default=str)
    return {
        "value": count / seconds,
        "unit": "games/s",
        "better": "higher",
        "detail": {"rooms": rooms, "games": count, "results_sha256": hashlib.sha256(played.encode()).hexdigest()[:16]},
    }

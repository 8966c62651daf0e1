"""Game kits: one package per game, the only place that knows the game (see :mod:`agent.kits.base`).

| kit | game |
| --- | --- |
| :mod:`agent.kits.traveling_adventurers` | two-player TSP dialogue (Jeknić et al. 2025) |
| :mod:`agent.kits.gnomes_at_night` | shared-control maze (Chen et al.) |
| :mod:`agent.kits.dialop_optimization` | reviewer assignment (Lin et al.) |
| :mod:`agent.kits.dialop_planning` | itinerary planning (Lin et al.) |
| :mod:`agent.kits.dialop_mediation` | flight booking for two users (Lin et al.) |
| :mod:`agent.kits.asympuzl` | asymmetric puzzle (Cadet et al.) |
| :mod:`agent.kits.hanabi` | cooperative card game with hidden own hands (Agashe et al., LLM-Coordination) |
| :mod:`agent.kits.overcooked` | two chefs cook and serve onion soups, Overcooked-AI's five layouts (Agashe et al., LLM-Coordination) |
| :mod:`agent.kits.collab_capture` | catch a fleeing thief together, doors and buttons (Agashe et al., LLM-Coordination) |
| :mod:`agent.kits.collab_escape` | repair two generators and escape a killer (Agashe et al., LLM-Coordination) |

What the three DialOp kits share lives beside them: :mod:`agent.kits.dialop_family` (slots and
presets) and :mod:`agent.kits.dialop` (their ``accord dialop`` commands and prompted self-play);
what the seed-002 kits share, :mod:`agent.kits.llm_coordination` (CoordinationQA and ``accord qa``);
what the two Collab kits share (slots, presets, terminal play, the browser widget),
:mod:`agent.kits.collab_family`.

A kit of another package registers through the entry-point group ``accord.kits`` or the environment
variable ``ACCORD_KITS`` (see :mod:`agent.registry`); it needs no edit here.
"""

from __future__ import annotations

import importlib

from agent.kits.base import GameKit

BUILTIN_KITS: tuple[str, ...] = (
    "agent.kits.traveling_adventurers",
    "agent.kits.gnomes_at_night",
    "agent.kits.dialop_optimization",
    "agent.kits.dialop_planning",
    "agent.kits.dialop_mediation",
    "agent.kits.asympuzl",
    "agent.kits.hanabi",
    "agent.kits.overcooked",
    "agent.kits.collab_capture",
    "agent.kits.collab_escape",
)
"""The modules of Accord's own kits, in the order they are listed; each has a ``kit()`` function
whose kit is named as the module (the registry lists a game by that name before building its kit)."""


def builtin_kit(module: str) -> GameKit:
    """The kit of ``module``, one of :data:`BUILTIN_KITS`."""
    return importlib.import_module(module).kit()


def builtin_kits() -> list[GameKit]:
    """Accord's own game kits."""
    return [builtin_kit(module) for module in BUILTIN_KITS]

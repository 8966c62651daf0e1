"""The Collab Escape kit (LLM-Coordination, seed 002 section 2.1, Appendix D / Table 7), game
``collab_escape_v0`` (:mod:`games.collab.escape`): Alice and Bob repair two generators and escape
while a killer hunts them.

Slots and presets are the Collab family's (:mod:`agent.kits.collab_family`): ``exact`` (default:
the backward-induction joint optimum, escape probability 1 in 6.5 expected turns from the paper's
start), ``greedy`` (Accord's greedy agent: the original has none), ``cac-symbolic``, ``cac`` (a
language model) and ``random``. Game options: ``rules`` (``original`` | ``corrected``),
``max_turns`` (100; the original has no limit). The ``table7`` sweep reproduces the paper's Collab
Escape columns.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import GameKit, env_module, from_factory, kit_data

NAME = "collab_escape"


def _exact() -> Any:
    from planners.collab_escape import ExactEscapePlanner

    return ExactEscapePlanner()


def _greedy() -> Any:
    from planners.collab_escape import GreedyEscapePlanner

    return GreedyEscapePlanner()


def _terminal() -> Any:
    from agent.kits.collab_escape.terminal import escape_ui

    return escape_ui()


def kit() -> GameKit:
    """The Collab Escape game kit."""
    from agent.kits.collab_family import cac_planners, collab_kit
    from games.collab import CollabEscapeGame, EscapeMetrics

    return collab_kit(
        name=NAME,
        description="repair two generators and escape a killer together (LLM-Coordination, Agashe et al.)",
        make_game=CollabEscapeGame,
        metrics=EscapeMetrics,
        planners={
            "exact": from_factory(
                _exact, "each seat plays its part of the exact joint optimum (escape probability, then turns)"
            ),
            "greedy": from_factory(
                _greedy, "fix the nearest broken generator, then run for the exit; ignores the killer"
            ),
            **cac_planners(),
        },
        terminal=_terminal,
        sweeps={"table7": kit_data(__name__, "sweeps", "table7.toml")},
        summary_metrics=("escaped", "caught", "turns_to_escape", "turns"),
        env=env_module("agent.kits.collab_family.env", "escape_codec"),
    )

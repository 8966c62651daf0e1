"""The Collab Capture kit (LLM-Coordination, seed 002 section 2.1, Appendix D / Table 7), game
``collab_capture_v0`` (:mod:`games.collab.capture`): Alice and Bob corner a thief in nine rooms.

Slots and presets are the Collab family's (:mod:`agent.kits.collab_family`): ``exact`` (default:
the breadth-first-search joint optimum, 3 turns from the paper's start), ``greedy`` (the original
``GreedyAgent``), ``cac-symbolic``, ``cac`` (a language model) and ``random``. Game options:
``rules`` (``original`` | ``corrected``), ``setting`` (``llm`` | ``greedy``: the original harness's
initial doors and capture check), ``max_turns`` (30). The ``table7`` sweep reproduces the paper's
Collab Capture columns.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import GameKit, env_module, from_factory, kit_data

NAME = "collab_capture"


def _exact() -> Any:
    from planners.collab_capture import ExactCapturePlanner

    return ExactCapturePlanner()


def _greedy() -> Any:
    from planners.collab_capture import GreedyCapturePlanner

    return GreedyCapturePlanner()


def _terminal() -> Any:
    from agent.kits.collab_capture.terminal import capture_ui

    return capture_ui()


def kit() -> GameKit:
    """The Collab Capture game kit."""
    from agent.kits.collab_family import cac_planners, collab_kit
    from games.collab import CaptureMetrics, CollabCaptureGame

    return collab_kit(
        name=NAME,
        description="catch a fleeing thief together, doors and buttons (LLM-Coordination, Agashe et al.)",
        make_game=CollabCaptureGame,
        metrics=CaptureMetrics,
        planners={
            "exact": from_factory(_exact, "each seat plays its part of the BFS joint optimum (fewest turns)"),
            "greedy": from_factory(
                _greedy, "the original greedy agent: press if it opens a way to the thief, else step towards it"
            ),
            **cac_planners(),
        },
        terminal=_terminal,
        sweeps={"table7": kit_data(__name__, "sweeps", "table7.toml")},
        summary_metrics=("captured", "turns_to_capture", "turns"),
        env=env_module("agent.kits.collab_family.env", "capture_codec"),
    )

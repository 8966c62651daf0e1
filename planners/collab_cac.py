"""The CAC agent (LLM-Coordination, seed 002, section 3) for Collab Capture and Collab Escape: the
game-agnostic turn and language-model modules of :mod:`planners.cac` over the Collab prompts
(:mod:`language.collab_llm`), and each module's offline symbolic twin here.

| module | language model | symbolic twin |
| --- | --- | --- |
| chooser | :class:`planners.cac.LLMReasoner` | :class:`SymbolicChooser`: the exact planner's move; with a theory-of-mind note, the best response to the partner's stated move (when the partner said one); a move already excluded: the next best by the same measure |
| theory of mind | :class:`planners.cac.LLMTheoryOfMind` | :class:`SymbolicTheoryOfMind`: the partner's likely move: what it said it will do this turn, else its part of the joint optimum |
| verifier | :class:`planners.cac.LLMVerifier` | :class:`SymbolicVerifier`: refuses an illegal move and, in Escape, a move that ends where the killer may land this turn (its pursuit target's room, or any room its list names when it wanders) |

The fallback (when no choice survives) is the game's exact planner.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from games.collab import action_name
from games.collab.actions import from_act, to_act
from games.collab.capture import capture_position
from games.collab.escape import escape_position
from language.collab_llm import COLLAB
from language.llm_client import LLMClient
from planners.cac import CACPlanner, Choice, NoTheoryOfMind, NoVerifier, llm_cac
from planners.collab_capture import ExactCapturePlanner
from planners.collab_escape import ExactEscapePlanner, tables_of
from solvers.collab_capture import capture_step, legal_acts, solve_capture
from solvers.collab_escape import (
    escape_legal_acts,
    escape_outcomes,
    killer_destinations,
    killer_plan,
)


def _is_escape(observation: Any) -> bool:
    return hasattr(observation, "killer")


def exact_planner(observation: Any) -> Any:
    """The exact planner of the observation's game."""
    return ExactEscapePlanner() if _is_escape(observation) else ExactCapturePlanner()


def joint_optimum_part(observation: Any, seat: int) -> Any:
    """Seat ``seat``'s part of the exact joint optimum at this position (a typed action)."""
    if _is_escape(observation):
        _, position, tables = tables_of(observation)
        return from_act(tables.best(position, observation.max_turns - observation.turn + 1)[seat])
    cmap, rules, cpos = capture_position(observation)
    solution = solve_capture(cmap, rules, cpos, observation.max_turns)
    return from_act(solution.plan[0][seat]) if solution.turns is not None else None


def response_scores(observation: Any, partner_action: Any) -> list[tuple[float, float, Any]]:
    """Each legal move of the seat against the partner's ``partner_action``, scored for sorting
    (smaller is better): Capture ``(turns to capture, 0)`` (``inf`` when impossible), Escape
    ``(-escape probability, expected turns)`` under the exact continuation."""
    seat = observation.seat
    partner = to_act(partner_action)
    out: list[tuple[float, float, Any]] = []
    if _is_escape(observation):
        emap, position, tables = tables_of(observation)
        left = observation.max_turns - observation.turn + 1
        for mine in observation.legal:
            joint = (to_act(mine), partner) if seat == 0 else (partner, to_act(mine))
            win = turns = 0.0
            for prob, nxt, result in escape_outcomes(emap, position, *joint):
                go_on = result == "continue" and left > 1
                s = tables.state_of(nxt) if go_on else 0
                win += prob * ((result == "escaped") + (tables.value[left - 1, s] if go_on else 0.0))
                turns += prob * (1 + (tables.turns[left - 1, s] if go_on else 0.0))
            out.append((-win, turns, mine))
        return out
    cmap, rules, cpos = capture_position(observation)
    for mine in observation.legal:
        joint = (to_act(mine), partner) if seat == 0 else (partner, to_act(mine))
        after, caught = capture_step(cmap, rules, cpos, *joint)
        rest = None if caught else solve_capture(cmap, rules, after, observation.max_turns).turns
        out.append((1.0 if caught else (np.inf if rest is None else 1.0 + rest), 0.0, mine))
    return out


@dataclass
class SymbolicChooser:
    """The chooser's symbolic twin (module table)."""

    def choose(self, beliefs: Any, observation: Any, notes: Sequence[str], excluded: Sequence[Any]) -> Choice | None:
        legal = [a for a in observation.legal if a not in excluded]
        if not legal:
            return None
        stated = beliefs.partner_plan() if notes and beliefs is not None else None
        partner = 1 - observation.seat
        if stated is None or not _legal_for_partner(observation, stated):
            stated = joint_optimum_part(observation, partner)
            why = "my part of the joint optimum"
        else:
            why = f"the best reply to my partner's plan to {action_name(stated, observation.rooms[partner])}"
        if stated is not None and _legal_for_partner(observation, stated):
            ranked = sorted(
                (s for s in response_scores(observation, stated) if s[2] in legal), key=lambda s: (s[0], s[1])
            )
            if ranked:
                return Choice(ranked[0][2], why)
        return Choice(legal[0], "the first legal move (no plan reaches the goal)")


def _legal_for_partner(observation: Any, action: Any) -> bool:
    partner = 1 - observation.seat
    room = observation.rooms[partner]
    if _is_escape(observation):
        emap, _ = escape_position(observation)
        return to_act(action) in escape_legal_acts(emap, room)
    cmap, _, position = capture_position(observation)
    return to_act(action) in legal_acts(cmap, room, position.doors)


class SymbolicTheoryOfMind:
    """The theory-of-mind module's symbolic twin: the partner's likely move as a note."""

    def interpret(self, beliefs: Any, observation: Any) -> str:
        partner = 1 - observation.seat
        name = ("Alice", "Bob")[partner]
        stated = beliefs.partner_plan() if beliefs is not None else None
        if stated is not None:
            return f"Partner Intention: {name} said they will {action_name(stated, observation.rooms[partner])}."
        likely = joint_optimum_part(observation, partner)
        if likely is None:
            return ""
        return (
            f"Partner Intention: {name} will likely {action_name(likely, observation.rooms[partner])} (the joint plan)."
        )


@dataclass
class SymbolicVerifier:
    """The verifier's symbolic twin (module table)."""

    def approve(self, beliefs: Any, observation: Any, action: Any) -> bool:
        if action not in observation.legal:
            return False
        if not _is_escape(observation):
            return True
        emap, position = escape_position(observation)
        landing = action.room if action.kind == "move" else observation.rooms[observation.seat]
        return landing not in killer_destinations(emap, position, killer_plan(emap, position))


def symbolic_cac(tom: bool = True, verifier: bool = True, max_choices: int = 3) -> CACPlanner:
    """The CAC agent with every module's symbolic twin; ``tom`` and ``verifier`` switch those modules.
    The fallback is the exact planner of the observation's game."""
    return CACPlanner(
        SymbolicChooser(),
        _ExactOfGame(),
        SymbolicTheoryOfMind() if tom else NoTheoryOfMind(),
        SymbolicVerifier() if verifier else NoVerifier(),
        max_choices=max_choices,
    )


def language_cac(llm: LLMClient, tom: bool = True, verifier: bool = True, max_choices: int = 3) -> CACPlanner:
    """The CAC agent on a language model with the Collab prompts; the exact planner falls back."""
    return llm_cac(llm, COLLAB, _ExactOfGame(), tom=tom, verifier=verifier, max_choices=max_choices)


class _ExactOfGame:
    """The exact planner of whichever Collab game the observation is from (the CAC fallback)."""

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Any:
        return exact_planner(observation).plan(beliefs, observation, rng)

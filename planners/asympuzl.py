"""AsymPuzl planners: what to tell the partner and how to edit one's own working hypothesis.

Each planner reads an :class:`beliefs.asympuzl.AsympuzlBeliefs` and the player's observation and
returns an :class:`~language.acts.Intent` of acts (to say) and :class:`~games.asympuzl.Replace`
actions (to apply, unseen by the partner). Variants mirror what Cadet et al. observed of LLM agents:

* :class:`ShareAllPlanner` -- the strong models' strategy: tell every fact the partner lacks in the
  first move (Alice the shape order, Bob every shape's color), answer questions, and write each
  deduced piece once. Solves any size in 2 turns.
* :class:`OneAtATimePlanner` -- "exchange one piece of information at a time": one fact per move
  (Alice the next position's shape; Bob the color of the shape the partner placed last).
* :class:`OverCorrectPlanner` -- over-correction: one fact per move, and every move rewrites every
  position it does not know to be right, guessing where it lacks information and re-guessing known
  pieces with probability ``doubt``. Feedback restrains it: a solved part is left alone, and in
  the detailed modes only the positions reported wrong are rewritten -- in ``both_detailed`` it
  also rewrites the positions reported wrong in the *partner's* hypothesis (the paper's
  information overload: it cannot tell the two lists apart).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from games.asympuzl import AsympuzlObservation, Piece, Replace
from language.acts import Intent
from language.asympuzl import PuzlAct, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved


def fix_actions(beliefs: Any, observation: AsympuzlObservation) -> list[Replace]:
    """The actions writing each deduced piece where the hypothesis differs from it.

    Args:
        beliefs: the player's belief store.
        observation: the player's observation (its hypothesis).

    Returns:
        One :class:`Replace` per position to change, by position.
    """
    return [
        Replace(replace=position, by=piece)
        for position, piece in sorted(beliefs.target().items())
        if observation.hypothesis[position - 1] != piece
    ]


def say_fact(beliefs: Any, fact: tuple[str, Any]) -> PuzlAct:
    """The act telling one fact of :meth:`AsympuzlBeliefs.untold`."""
    kind, key = fact
    if kind == "shape_at":
        return PuzlPlace(position=key, shape=beliefs.shape_at(key))
    return PuzlPair(shape=key, color=beliefs.color_of(key))


def answers(beliefs: Any) -> list[PuzlAct]:
    """Answers to the partner's open questions, from our own clues and what we deduced."""
    out: list[PuzlAct] = []
    for ask in beliefs.open_asks:
        if ask.about == "color" and beliefs.color_of(ask.shape) is not None:
            out.append(PuzlPair(shape=ask.shape, color=beliefs.color_of(ask.shape)))
        elif ask.about == "position":
            where = [p for p in range(1, beliefs.size + 1) if beliefs.shape_at(p) == ask.shape]
            if where:
                out.append(PuzlPlace(position=where[0], shape=ask.shape))
        elif ask.about == "order" and beliefs.player == 0:
            out.append(PuzlOrder(shapes=[beliefs.shape_at(p) for p in range(1, beliefs.size + 1)]))
        elif ask.about == "colors" and beliefs.player == 1:
            out.extend(PuzlPair(shape=s, color=c) for s, c in beliefs.own_color_of.items())
    return out


def _solved_news(beliefs: Any) -> list[PuzlAct]:
    """``puzl_solved`` once, when the whole target is known (and so written this move)."""
    if ("solved",) in beliefs.told or len(beliefs.target()) < beliefs.size:
        return []
    return [PuzlSolved()]


class ShareAllPlanner:
    """Tell everything the partner lacks at once and write every deduced piece (2-turn solver)."""

    def plan(self, beliefs: Any, observation: AsympuzlObservation, rng: np.random.Generator) -> Intent:
        """The intent of one move.

        Args:
            beliefs: the player's :class:`beliefs.asympuzl.AsympuzlBeliefs`.
            observation: its observation.
            rng: unused (the planner is deterministic).

        Returns:
            The acts (the missing facts, answers, "solved") and the fixing actions.
        """
        untold = beliefs.untold()
        acts: list[PuzlAct] = []
        if beliefs.player == 0 and len(untold) == beliefs.size:
            acts.append(PuzlOrder(shapes=[beliefs.shape_at(p) for p in range(1, beliefs.size + 1)]))
        else:
            acts.extend(say_fact(beliefs, fact) for fact in untold)
        told = {a.model_dump_json() for a in acts}
        acts.extend(a for a in answers(beliefs) if a.model_dump_json() not in told)
        acts.extend(_solved_news(beliefs))
        actions = fix_actions(beliefs, observation)
        return Intent(acts=list(acts), actions=list(actions))


class OneAtATimePlanner:
    """One fact per move (see the module docstring); writes each deduced piece once."""

    def plan(self, beliefs: Any, observation: AsympuzlObservation, rng: np.random.Generator) -> Intent:
        """The intent of one move: at most one fact and the fixing actions.

        Args:
            beliefs: the player's belief store.
            observation: its observation.
            rng: unused (deterministic).

        Returns:
            The intent.
        """
        fact = next_fact(beliefs)
        acts: list[PuzlAct] = [say_fact(beliefs, fact)] if fact is not None else []
        actions = fix_actions(beliefs, observation)
        return Intent(acts=list(acts), actions=list(actions))


def next_fact(beliefs: Any) -> tuple[str, Any] | None:
    """The single most useful untold fact: for Bob the color of the shape the partner placed most
    recently, else the first untold fact in clue order."""
    untold = beliefs.untold()
    if not untold:
        return None
    if beliefs.player == 1:
        for position in reversed(beliefs.recent_positions):
            fact = ("color_of", beliefs.shape_at(position))
            if fact in untold:
                return fact
    return untold[0]


class OverCorrectPlanner:
    """One fact per move and a rewrite of every position each move (see the module docstring).

    Args:
        doubt: probability of re-guessing a position whose piece is known.

    Raises:
        ValueError: ``doubt`` outside [0, 1].
    """

    def __init__(self, doubt: float = 0.15) -> None:
        if not 0.0 <= doubt <= 1.0:
            raise ValueError(f"doubt must be in [0, 1], got {doubt}")
        self.doubt = doubt

    def plan(self, beliefs: Any, observation: AsympuzlObservation, rng: np.random.Generator) -> Intent:
        """The intent of one move: at most one fact and a rewrite of the positions not known right.

        Args:
            beliefs: the player's belief store.
            observation: its observation (hypothesis and feedback).
            rng: draws the guesses and the doubts.

        Returns:
            The intent.
        """
        fact = next_fact(beliefs)
        acts: list[PuzlAct] = [say_fact(beliefs, fact)] if fact is not None else []
        feedback = observation.feedback
        if feedback.own_solved:
            return Intent(acts=list(acts))
        if feedback.own_wrong is not None:
            rewrite = set(feedback.own_wrong) | set(feedback.partner_wrong or ())
        else:
            rewrite = set(range(1, observation.size + 1))
        target = beliefs.target()
        actions = []
        for position in sorted(rewrite):
            piece = target.get(position)
            if piece is None or rng.random() < self.doubt:
                piece = self._guess(beliefs, observation, position, rng)
            actions.append(Replace(replace=position, by=piece))
        return Intent(acts=list(acts), actions=list(actions))

    @staticmethod
    def _guess(beliefs: Any, observation: AsympuzlObservation, position: int, rng: np.random.Generator) -> Piece:
        """A plausible piece for ``position``: Alice keeps her shape and guesses a color; Bob picks
        one of his pairs."""
        if beliefs.player == 0:
            colors = observation.colors
            return Piece(shape=beliefs.shape_at(position), color=colors[int(rng.integers(len(colors)))])
        clues = observation.clues
        return clues[int(rng.integers(len(clues)))]


__all__ = ["OneAtATimePlanner", "OverCorrectPlanner", "ShareAllPlanner", "answers", "fix_actions", "next_fact"]

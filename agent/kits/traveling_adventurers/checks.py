"""The last check on every Traveling Adventurers turn: no invalid tour leaves the agent."""

from __future__ import annotations

from typing import Any

from games.traveling_adventurers import Submit, TravelingAdventurersObservation, is_tour
from language.acts import Ask, End, Intent


def withdraw_invalid_tours(intent: Intent, observation: Any) -> Intent:
    """``intent`` without any submission or declared final tour that is not a valid tour.

    A valid tour leaves the start room, visits every room exactly once and returns
    (:func:`games.traveling_adventurers.is_tour`). What is withdrawn is never sent: the remaining
    acts are rendered afresh (a message written for the withdrawn tour is dropped), and when nothing
    remains the agent asks for the partner's best next move, so the dialogue goes on.

    Args:
        intent: what the planner decided.
        observation: the agent's observation.

    Returns:
        ``intent`` itself when it is valid, else the safe replacement.
    """
    if not isinstance(observation, TravelingAdventurersObservation):
        return intent
    rooms, start = list(observation.rooms), observation.start
    actions = [a for a in intent.actions if not (isinstance(a, Submit) and not is_tour(a.path, rooms, start))]
    acts = [a for a in intent.acts if not (isinstance(a, End) and not is_tour(a.path, rooms, start))]
    if len(actions) == len(intent.actions) and len(acts) == len(intent.acts):
        return intent
    return Intent(acts=acts or [Ask(about="best_next")], actions=actions)

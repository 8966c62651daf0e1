"""The recorded human dialogues as turns of Accord's games, and their prefixes for prompted self-play.

Prompted self-play (Lin et al., Section 6.2) starts a game from the prefix of a human-human dialogue
and lets agents finish it. :func:`recorded_turns` turns a recorded action log into ``(seat, Turn)``
pairs of the matching Accord game (messages, proposals, acceptances, rejections; Mediation
assistant turns carry their addressee); :func:`prefix_turns` cuts it as the paper does:

| prefix     | what the agents are given                                                          |
|------------|------------------------------------------------------------------------------------|
| ``0.5``    | every log entry up to and including the message at half of the dialogue's messages |
| ``0.75``   | the same at three quarters                                                         |
| ``proposal``| the whole dialogue except the final (accepted) proposal and its answers          |

Seats: the recorded Optimization and Mediation games use Accord's seats (Mediation's assistant is
player 2). In the recorded Planning games the assistant is whichever player made the proposals
(player 0 in some games; the ``player`` field of Planning proposals is not reliable, the
``from_player`` of the answers is): it is mapped to Accord's assistant seat, the user to the user seat.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from games.base import Turn
from games.dialop.base import Accept, Propose, Reject
from games.dialop.common import record_field
from games.dialop.mediation import FlightPair, MediationInstance, accepted_pair
from games.dialop.mediation_game import ASSISTANT as MEDIATION_ASSISTANT
from games.dialop.mediation_game import To
from games.dialop.optimization import Assignment
from games.dialop.planning import Itinerary
from games.dialop.planning_game import ASSISTANT as PLANNING_ASSISTANT
from games.dialop.planning_game import USER as PLANNING_USER

Prefix = Literal["0.5", "0.75", "proposal"]
PREFIXES: tuple[Prefix, ...] = ("0.5", "0.75", "proposal")
Task = Literal["optimization", "planning", "mediation"]


def message_text(entry: Mapping[str, Any]) -> str:
    """The text of a recorded ``message`` entry (its ``message.data``)."""
    message = record_field(entry, "message", "a message entry")
    text = record_field(message, "data", "a recorded message")
    if not isinstance(text, str):
        raise ValueError(f"a recorded message's data must be text, got {type(text).__name__}")
    return text


def _answer(entry: Mapping[str, Any]) -> Accept | Reject:
    response = record_field(entry, "response", "a proposal response")
    accept = record_field(response, "accept", "a proposal response")
    if not isinstance(accept, bool):
        raise ValueError(f"a proposal response's accept must be true or false, got {accept!r}")
    return Accept() if accept else Reject()


def _responder(entry: Mapping[str, Any]) -> Any:
    """Who answered: the response's ``from_player`` (the entry's ``player`` is not always it)."""
    response = record_field(entry, "response", "a proposal response")
    return response.get("from_player", entry.get("player")) if isinstance(response, Mapping) else entry.get("player")


def _planning_assistant(action_log: Sequence[Mapping[str, Any]]) -> int:
    """The recorded player who was the assistant: the other one answered the proposals."""
    users = {_responder(entry) for entry in action_log if entry.get("type") == "proposal_response"}
    if len(users) != 1 or next(iter(users)) not in (0, 1):
        raise ValueError(f"a planning game needs exactly one answering player, found {sorted(map(str, users))}")
    return 1 - int(next(iter(users)))


def recorded_turns(task: Task, game: Mapping[str, Any]) -> list[tuple[int, Turn]]:
    """Every entry of a recorded game's action log as ``(seat, turn)`` of the Accord game.

    Raises:
        ValueError: an entry that cannot be read (one line naming it).
    """
    log = record_field(game, "action_log", f"a recorded {task} game")
    seats: dict[Any, int] = {}
    instance: MediationInstance | None = None
    if task == "planning":
        assistant = _planning_assistant(log)
        seats = {assistant: PLANNING_ASSISTANT, 1 - assistant: PLANNING_USER}
    elif task == "mediation":
        instance = MediationInstance.from_record(game)
    turns: list[tuple[int, Turn]] = []
    for step, entry in enumerate(log):
        kind = record_field(entry, "type", f"action {step}")
        player = entry.get("player")
        seat = seats.get(player, player)
        try:
            if kind == "message":
                actions: tuple[Any, ...] = ()
                if task == "mediation" and seat == MEDIATION_ASSISTANT:
                    actions = (To(user=int(record_field(entry, "vroom", "an assistant message"))),)
                turns.append((int(seat), Turn(message=message_text(entry), actions=actions)))
            elif kind == "proposal":
                if task == "planning":
                    seat = PLANNING_ASSISTANT  # the entry's ``player`` is not reliable in Planning logs
                turns.append(_proposal_turn(task, entry, seat, instance, log[step + 1 :]))
            elif kind == "proposal_response":
                responder = _responder(entry)
                turns.append((int(seats.get(responder, responder)), Turn(actions=(_answer(entry),))))
            else:
                raise ValueError(f"unknown action type {kind!r}")
        except (ValueError, TypeError) as err:
            raise ValueError(f"action {step} of the recorded {task} game: {err}") from err
    return turns


def _proposal_turn(
    task: Task, entry: Mapping[str, Any], seat: Any, instance: MediationInstance | None, rest: Sequence[Mapping]
) -> tuple[int, Turn]:
    if task == "optimization":
        assignment = Assignment.from_recorded(record_field(entry, "proposal_ids", "a proposal"))
        return int(seat), Turn(actions=(Propose(proposal=assignment),))
    if task == "planning":
        itinerary = Itinerary.from_recorded(record_field(entry, "proposal", "a proposal"))
        return int(seat), Turn(actions=(Propose(proposal=itinerary),))
    assert instance is not None
    pair = FlightPair.from_proposal(instance, entry)
    responses = (e for e in rest if e.get("type") == "proposal_response")
    first = next((record_field(e, "player", "a proposal response") for e in responses), 0)
    return MEDIATION_ASSISTANT, Turn(actions=(To(user=int(first)), Propose(proposal=pair)))


def _final_proposal_index(task: Task, game: Mapping[str, Any], turns: Sequence[tuple[int, Turn]]) -> int:
    """The index (in :func:`recorded_turns`) of the proposal the game ended on."""
    last = None
    if task == "mediation":
        log = game["action_log"]
        accepted_pair(MediationInstance.from_record(game), log)  # raises when no pair was accepted
        ending = next(
            i for i, entry in enumerate(log) if entry.get("type") == "proposal_response" and entry.get("game_over")
        )
        return max(i for i in range(ending) if log[i].get("type") == "proposal")
    for index, (_, turn) in enumerate(turns):
        action = next((a for a in turn.actions if isinstance(a, Propose | Accept | Reject)), None)
        if isinstance(action, Propose):
            last = index
        elif isinstance(action, Accept) and last is not None:
            proposal = turns[last][1].actions[-1].proposal
            if task != "planning" or proposal.is_full:
                return last
    raise ValueError("the recorded game has no accepted proposal")


def prefix_turns(task: Task, game: Mapping[str, Any], prefix: Prefix) -> list[tuple[int, Turn]]:
    """The turns of ``game`` that prompted self-play starts from (see the module docstring).

    Raises:
        ValueError: an unknown prefix or an unreadable game.
    """
    turns = recorded_turns(task, game)
    end = _final_proposal_index(task, game, turns)
    if prefix == "proposal":
        return turns[:end]
    if prefix not in PREFIXES:
        raise ValueError(f"unknown prefix {prefix!r}; choose one of {', '.join(PREFIXES)}")
    messages = [i for i, (_, turn) in enumerate(turns[:end]) if turn.message.strip()]
    keep = math.ceil(float(prefix) * len(messages))
    return turns[: messages[keep - 1] + 1] if keep else []


def dialogue_words(task: Task, game: Mapping[str, Any]) -> int:
    """The total words of a recorded dialogue's messages (the paper's dialogue length)."""
    return sum(len(turn.message.split()) for _, turn in recorded_turns(task, game))

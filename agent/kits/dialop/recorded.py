"""The context a message of a recorded human DialOp game is read in (``accord parse --recorded``).

The recorded games have their own instances (another roster of reviewers and papers in
Optimization, other calendars in Mediation), and much of what people write leans on earlier turns
("him", "that paper", "the 8:30 one"). :func:`recorded_context` replays the recorded dialogue up to
turn ``K`` (an index into :func:`games.dialop.replay.recorded_turns`) into a fresh state of that
instance, lets the reader's fresh belief store read the prefix through its parser (its own seat's lines
as what it said itself, as in prompted self-play) and returns the context that belief store hands
the parser for turn ``K``'s message. The reader is the seat the message is for: the other player, or
in Mediation the user an assistant message goes to, and the assistant for a user's message.
"""

from __future__ import annotations

import typing
from collections.abc import Mapping
from typing import Any

import numpy as np

from agent.reading import start_context
from games.dialop.data import load_recorded, recorded_game
from games.dialop.mediation_game import ASSISTANT as MEDIATION_ASSISTANT
from games.dialop.mediation_game import To
from games.dialop.replay import Task, recorded_turns

RECORDED_OPTIONS: tuple[str, ...] = ("recorded", "turn", "reader", "seed")
"""The ``accord parse`` options of the DialOp kits: a recorded game and turn, or a generated game."""


def _index(options: Mapping[str, str], name: str, limit: int, what: str) -> int:
    text = options[name]
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {text!r}") from None
    if not 0 <= value < limit:
        raise ValueError(f"{name} must be between 0 and {limit - 1} ({what})")
    return value


def _reader_of(task: Task, seat: int, turn: Any) -> int:
    """The seat that reads ``turn`` of ``seat``: the addressee of a Mediation message, else the other."""
    if task == "mediation":
        if seat != MEDIATION_ASSISTANT:
            return MEDIATION_ASSISTANT
        return next((a.user for a in turn.actions if isinstance(a, To)), 0)
    return 1 - seat


def recorded_context(task: Task, agent: Any, options: Mapping[str, str]) -> tuple[Any, str]:
    """The parser context of turn ``options["turn"]`` (default: after the last turn) of recorded
    game ``options["recorded"]`` of ``task``, as the reader's belief store gives it, and the
    recorded message of that turn (empty when the turn has none, or after the last turn).

    ``options["reader"]`` overrides the reading seat. ``agent`` is reset first: it reads the
    recorded prefix into a fresh belief store.

    Raises:
        ValueError: an index out of range, or a reader that is not a seat (one line).
    """
    from agent.registry import default_registry

    total = len(load_recorded(task))
    index = _index(options, "recorded", total, f"the recorded {task} games")
    turns = recorded_turns(task, recorded_game(task, index))
    k = (
        _index(options, "turn", len(turns) + 1, f"the turns of recorded game {index}")
        if "turn" in options
        else len(turns)
    )
    game = default_registry().make_game(f"dialop_{task}", instance=index)
    state = game.new_initial_state(index)
    state.load_prefix(turns[:k])  # type: ignore[attr-defined]  # a DialOp state
    seats = game.facts.num_players
    if k < len(turns):
        author, turn = turns[k]
        reader = _reader_of(task, author, turn)
        message = turn.message
    else:
        reader, message = seats - 1, ""
        author = (reader + 1) % seats
    if "reader" in options:
        reader = _index(options, "reader", seats, f"the seats of {game.facts.game_id}")
        author = author if author != reader else (reader + 1) % seats
    observation = state.observation(reader)
    agent.reset(np.random.default_rng(0))
    agent.catch_up(observation)
    return agent.beliefs.context(observation, author), message


def dialop_parse_context(task: str) -> Any:
    """The kit's ``parse_context`` for ``task``: a recorded game's context with ``recorded`` (and
    ``turn``), else the context a seat has at the start of a generated game (``reader``, ``seed``)."""
    known = next(t for t in typing.get_args(Task) if t == task)

    def build(game: Any, agent: Any, options: Mapping[str, str]) -> Any:
        if "recorded" in options:
            return recorded_context(known, agent, options)[0]
        if "turn" in options:
            raise ValueError("turn needs recorded: the index of a recorded game")
        return start_context(game, agent, options)

    return build

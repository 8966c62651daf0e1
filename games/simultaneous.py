"""Simultaneous moves made turn-based, as OpenSpiel's simultaneous-to-turn-based transform does, for
the two-seat games whose players move at once.

Each joint turn is two Accord turns: seat 0 submits, then seat 1, whose submission completes the
joint move; the game then resolves it. Seat 0's submitted move is its private data until then:
seat 1's observation never shows it nor depends on it, and the conformance checker redraws it
(:meth:`JointTurnState.with_private_data_resampled`) to check so.

| fact | value |
| --- | --- |
| seats | 0 and 1 |
| order | seat 0 submits, seat 1 submits, the joint move resolves |
| hidden | seat 0's submission, until the joint move resolves |
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import Any, Generic, TypeVar

import numpy as np

from games.base import State, Turn, TurnRecord

ActionT = TypeVar("ActionT")


class JointTurnState(State, Generic[ActionT]):
    """A two-seat state whose joint moves are submitted one seat at a time (see the module docstring).

    Subclasses call :meth:`_submit` from ``_apply`` and resolve the joint move it returns; they say
    which moves seat 0 could have submitted (:meth:`pending_choices`), how a move is written in a
    turn (:meth:`formal_action`) and as JSON (:meth:`action_json`).

    Attributes:
        pending: seat 0's submitted move while seat 1 is to move, else None.
    """

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.pending: ActionT | None = None

    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return -1
        return 0 if self.pending is None else 1

    @abstractmethod
    def pending_choices(self) -> Sequence[ActionT]:
        """The moves seat 0 could have submitted in the current joint turn."""

    @abstractmethod
    def formal_action(self, action: ActionT) -> Any:
        """The formal action a turn carries for ``action`` (what the history records)."""

    def action_json(self, action: ActionT) -> Any:
        """``action`` as JSON-able data (default: a pydantic model's dump, else the value)."""
        dump = getattr(action, "model_dump", None)
        return dump(mode="json") if callable(dump) else action

    def _submit(self, action: ActionT, record: TurnRecord) -> tuple[ActionT, ActionT] | None:
        """Record a submitted turn: seat 0's move waits (returns None); seat 1's completes the joint
        move, returned as ``(seat 0's, seat 1's)`` for the game to resolve."""
        self.history.append(record)
        if self.pending is None:
            self.pending = action
            return None
        first, self.pending = self.pending, None
        return first, action

    def private_data(self, player: int) -> Any:
        """Seat 0's submitted move while seat 1 is to move, else None."""
        if player == 0 and self.pending is not None:
            return {"seat": 0, "submitted": self.action_json(self.pending)}
        return None

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> JointTurnState[ActionT]:
        """A copy in which seat 0's pending move (if any) is redrawn uniformly among
        :meth:`pending_choices`; the history's entry of it keeps its message."""
        twin: JointTurnState[ActionT] = self.clone()  # type: ignore[assignment]
        if player == 0 and self.pending is not None:
            choices = self.pending_choices()
            twin.pending = choices[int(rng.integers(len(choices)))]
            old = twin.history[-1]
            turn = Turn(message=old.turn.message, actions=(self.formal_action(twin.pending),))
            twin.history[-1] = TurnRecord(player=0, turn=turn)
        return twin

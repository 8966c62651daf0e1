"""Toy Sum: each of ``players`` players (two by default, up to five) holds a secret digit, and
every player must declare the sum of all digits.

A turn is a chat message plus, optionally, a ``Declare`` action with the player's answer. The game
ends once every player has declared, or after ``max_turns_per_player`` turns each.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from pydantic import BaseModel, ConfigDict

from games.base import (
    ChatLine,
    Game,
    GameFacts,
    GameMetrics,
    IllegalTurnError,
    Observation,
    State,
    Turn,
    TurnRecord,
    metric,
)


class Declare(BaseModel):
    """The formal action: a player's final answer."""

    model_config = ConfigDict(frozen=True)
    total: int


class ToyObservation(Observation):
    """One player's view: its own digit, its seat's role, the number of players and the chat."""

    players: int
    digit: int
    declared: bool


class ToySumMetrics(GameMetrics):
    """Whether every player declared the true sum, and how long it took."""

    payoff: ClassVar[str] = "correct"

    correct: bool = metric("binary", "every player declared the true sum")
    turns: int = metric("count", "turns played")


class ToySumGame(Game):
    """The toy game; ``high`` bounds the digits (0..high), ``players`` is 2..5."""

    def __init__(self, high: int = 9, max_turns_per_player: int = 6, players: int = 2) -> None:
        if not 1 <= high <= 99:
            raise ValueError("high must be between 1 and 99")
        if not 2 <= players <= 5:
            raise ValueError("players must be between 2 and 5")
        self.high = high
        names = tuple("ABCDE"[:players])
        self.facts = GameFacts("toy_sum_v0", players, names, 0, max_turns_per_player, "imperfect", "toy")

    def new_initial_state(self, seed: int) -> ToySumState:
        rng = np.random.default_rng(seed)
        return ToySumState(self, [int(d) for d in rng.integers(0, self.high + 1, size=self.facts.num_players)])


class ToySumState(State):
    """A position of Toy Sum."""

    def __init__(self, game: ToySumGame, digits: list[int]) -> None:
        super().__init__(game)
        self.toy = game
        self.digits = digits
        self.answers: list[int | None] = [None] * len(digits)
        self.top = len(digits) * game.high  # the largest sum

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else len(self.history) % len(self.digits)

    def is_terminal(self) -> bool:
        limit = len(self.digits) * self.toy.facts.max_turns_per_player
        return all(a is not None for a in self.answers) or len(self.history) >= limit

    def _correct(self) -> bool:
        return all(a == sum(self.digits) for a in self.answers)

    def returns(self) -> list[float]:
        value = 1.0 if self.is_terminal() and self._correct() else 0.0
        return [value] * len(self.digits)

    def observation(self, player: int) -> ToyObservation:
        names = self.toy.facts.player_names
        chat = [ChatLine(seat=r.player, speaker=names[r.player], message=r.turn.message) for r in self.history]
        return ToyObservation(
            seat=player,
            role=names[player],
            digit=self.digits[player],
            chat=chat,
            players=len(self.digits),
            declared=self.answers[player] is not None,
        )

    def legal_actions(self, player: int) -> list[str]:
        return [] if self.answers[player] is not None else [f"declare 0..{self.top}"]

    def metrics(self) -> ToySumMetrics:
        return ToySumMetrics(correct=self.is_terminal() and self._correct(), turns=len(self.history))

    def clone(self) -> ToySumState:
        twin = ToySumState(self.toy, list(self.digits))
        twin.answers = list(self.answers)
        twin.history = list(self.history)
        return twin

    def _validate(self, turn: Turn) -> None:
        for action in turn.actions:
            if not isinstance(action, Declare):
                raise IllegalTurnError(f"an action must be a Declare, not {type(action).__name__}")
            if self.answers[self.current_player] is not None:
                raise IllegalTurnError("you have declared already")
            if not 0 <= action.total <= self.top:
                raise IllegalTurnError(f"a sum is between 0 and {self.top}")
        if len(turn.actions) > 1:
            raise IllegalTurnError("declare once per turn")

    def _apply(self, turn: Turn) -> None:
        player = self.current_player
        for action in turn.actions:
            self.answers[player] = action.total
        self.history.append(TurnRecord(player, turn))

    def random_turn(self, rng: np.random.Generator) -> Turn:
        player = self.current_player
        if self.answers[player] is None and rng.random() < 0.3:
            return Turn(message="done", actions=(Declare(total=int(rng.integers(0, self.top + 1))),))
        return Turn(message=f"my number is {int(rng.integers(0, self.toy.high + 1))}")

    def illegal_turns(self) -> list[Turn]:
        return [Turn(actions=(Declare(total=-1),)), Turn(actions=("x",))]

    def private_data(self, player: int) -> Any:
        return {"secret_digit": self.digits[player]}

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> ToySumState:
        twin = self.clone()
        twin.digits[player] = int(rng.integers(0, self.toy.high + 1))
        return twin

"""Overcooked's state: a :class:`~games.overcooked.kitchen.Kitchen` played as joint turns
(:mod:`games.simultaneous`): Alice's turn stores her action (hidden from Bob); Bob's turn applies the
joint step with :func:`~games.overcooked.dynamics.step`. The game ends after ``horizon`` joint steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from pydantic import Field

from games.base import ChatLine, GameMetrics, IllegalTurnError, Turn, TurnRecord, metric
from games.overcooked.dynamics import Step, step
from games.overcooked.game import MOVES, Move, move_index
from games.overcooked.kitchen import ACTIONS, COOK_TIME, STAY, Kitchen, initial_kitchen
from games.overcooked.observation import OvercookedObservation, StepRecord
from games.simultaneous import JointTurnState

if TYPE_CHECKING:
    from games.overcooked.game import OvercookedGame


class OvercookedMetrics(GameMetrics):
    """The per-game metrics of Overcooked (the paper reports the score)."""

    payoff: ClassVar[str] = "score"

    layout: str = Field(description="the layout (record only)")
    dynamics: str = Field(description="paper or v1.1.0 (record only)")
    horizon: int = Field(description="joint steps in a game (record only)")
    score: int = metric("count", "team reward: 20 per three-onion soup delivered")
    deliveries: int = metric("count", "soups delivered (any soup, also one worth 0)")
    delivered: list[int] = metric("per_seat", "soups each chef delivered")
    shaped: list[int] = metric("per_seat", "upstream's shaped reward each chef earned", total=True)
    onions_potted: int = metric("count", "onions put into pots")
    steps: int = metric("count", "joint steps played")
    messages: int = metric("count", "turns that carried a chat message")


class OvercookedState(JointTurnState[int]):
    """One Overcooked position.

    Attributes:
        kitchen: the kitchen now (immutable; replaced by each joint step).
        pending: Alice's submitted action index while Bob is to move, else ``None``.
        joints: every joint step applied, as action index pairs.
        last: the last :class:`~games.overcooked.dynamics.Step` (``None`` before the first).
    """

    game: OvercookedGame

    def __init__(self, game: OvercookedGame) -> None:
        super().__init__(game)
        self.kitchen: Kitchen = initial_kitchen(game.layout)
        self.joints: list[tuple[int, int]] = []
        self.last: Step | None = None
        self.score = 0
        self.delivered = [0, 0]
        self.shaped = [0, 0]
        self.potted = 0
        self._talk: list[int] = []  # history indices of turns with a message
        self._lines: list[ChatLine[Move]] = []  # their chat lines once resolved

    # ---- status --------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return len(self.joints) >= self.game.horizon

    def returns(self) -> list[float]:
        """The team's score so far for both chefs (each delivered soup pays when it is served)."""
        return [float(self.score)] * 2

    # ---- moves ---------------------------------------------------------------------------------
    def legal_actions(self, player: int) -> list[str]:
        return list(ACTIONS) if player == self.current_player else []

    def apply_action(self, index: int, message: str = "") -> None:
        """Play action ``index`` for the seat to move (the fast path for search and tests).

        Raises:
            IllegalTurnError: the game is over or ``index`` is not 0-5; the state is unchanged.
        """
        if self.is_terminal():
            raise IllegalTurnError("the game is over; no more turns are accepted")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(ACTIONS):
            raise IllegalTurnError(f"an action index must be 0-5, got {index!r}")
        self._move(index, TurnRecord(player=self.current_player, turn=Turn(message=message, actions=(MOVES[index],))))

    def _index_of(self, turn: Turn) -> int:
        """The turn's action index; a turn without an action stays (a person who presses no key)."""
        if not turn.actions:
            return STAY
        if len(turn.actions) != 1:
            raise IllegalTurnError(f"an Overcooked turn carries at most one action (a Move), got {len(turn.actions)}")
        return move_index(turn.actions[0])

    def _validate(self, turn: Turn) -> None:
        self._index_of(turn)

    def _apply(self, turn: Turn) -> None:
        self._move(self._index_of(turn), TurnRecord(player=self.current_player, turn=turn))

    def _move(self, index: int, record: TurnRecord) -> None:
        if record.turn.message:
            self._talk.append(len(self.history))
        joint = self._submit(index, record)
        if joint is None:
            return
        outcome = step(self.game.layout, self.kitchen, joint, self.game.dynamics)
        self.kitchen = outcome.kitchen
        self.joints.append(joint)
        self.last = outcome
        for seat in (0, 1):
            self.score += outcome.sparse[seat]
            self.shaped[seat] += outcome.shaped[seat]
        for name, seat in outcome.events:
            if name == "soup_delivery":
                self.delivered[seat] += 1
            elif name == "potting_onion":
                self.potted += 1

    # ---- views ---------------------------------------------------------------------------------
    def chat(self) -> list[ChatLine[Move]]:
        """The turns that carried a message; a line shows its move once its joint step is applied."""
        names = self.game.facts.player_names
        resolved = 2 * len(self.joints)
        while len(self._lines) < len(self._talk) and self._talk[len(self._lines)] < resolved:
            record = self.history[self._talk[len(self._lines)]]
            line = ChatLine[Move](
                seat=record.player,
                speaker=names[record.player],
                message=record.turn.message,
                action=MOVES[self._index_of(record.turn)],
            )
            self._lines.append(line)
        unresolved = [
            ChatLine[Move](
                seat=self.history[i].player, speaker=names[self.history[i].player], message=self.history[i].turn.message
            )
            for i in self._talk[len(self._lines) :]
        ]
        return self._lines + unresolved

    def observation(self, player: int) -> OvercookedObservation:
        game = self.game
        if player not in (0, 1):
            raise ValueError(f"no player {player}")
        layout = game.layout
        last = None
        if self.last is not None:
            a0, a1 = self.joints[-1]
            last = StepRecord(
                actions=(ACTIONS[a0], ACTIONS[a1]),
                sparse=self.last.sparse,
                shaped=self.last.shaped,
                events=self.last.events,
            )
        return OvercookedObservation(
            seat=player,
            role=game.facts.player_names[player],
            chat=self.chat(),
            layout=layout.name,
            dynamics=game.dynamics,
            grid=layout.grid,
            width=layout.width,
            height=layout.height,
            players=(game.facts.player_names[0], game.facts.player_names[1]),
            kitchen=self.kitchen,
            actions=ACTIONS,
            cook_time=COOK_TIME,
            horizon=game.horizon,
            steps_left=game.horizon - len(self.joints),
            current_player=self.current_player,
            pending=ACTIONS[self.pending] if player == 0 and self.pending is not None else None,
            score=self.score,
            deliveries=sum(self.delivered),
            last_step=last,
        )

    def metrics(self) -> OvercookedMetrics:
        game = self.game
        return OvercookedMetrics(
            layout=game.layout.name,
            dynamics=game.dynamics,
            horizon=game.horizon,
            score=self.score,
            deliveries=sum(self.delivered),
            delivered=list(self.delivered),
            shaped=list(self.shaped),
            onions_potted=self.potted,
            steps=len(self.joints),
            messages=len(self._talk),
        )

    def clone(self) -> OvercookedState:
        twin = OvercookedState.__new__(OvercookedState)
        twin.__dict__.update(self.__dict__)
        twin.history = list(self.history)
        twin.joints = list(self.joints)
        twin.delivered = list(self.delivered)
        twin.shaped = list(self.shaped)
        twin._talk = list(self._talk)
        twin._lines = list(self._lines)
        return twin

    # ---- conformance hooks -----------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        index = int(rng.integers(len(ACTIONS)))
        message = ("", "", "", "", "", "", "", "", "I'll get the onions", "dish ready?")[int(rng.integers(10))]
        return Turn(message=message, actions=(MOVES[index],))

    def illegal_turns(self) -> list[Turn]:
        bad: list[Any] = [{"action": "jump"}, {"kind": "move"}, "dance", 3]
        return [
            *(Turn(message="x", actions=(a,)) for a in bad),
            Turn(actions=(MOVES[0], MOVES[1])),
        ]

    def pending_choices(self) -> list[int]:
        """Any of the six actions: every one is legal at every step."""
        return list(range(len(ACTIONS)))

    def formal_action(self, action: int) -> Move:
        return MOVES[action]

    def action_json(self, action: int) -> str:
        return ACTIONS[action]

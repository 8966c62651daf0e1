"""The Collab games' joint turns (:mod:`games.simultaneous`): Alice submits (seat 0), then Bob
(seat 1), then the joint move resolves (the adversary moves too) and the next joint turn begins with
Alice. Alice's submitted move is her private data until it resolves; her chat message is public at
once. Bob's chat line carries the public :class:`~games.collab.actions.RoundRecord` of the
resolved turn.

| fact | value |
| --- | --- |
| seats | 0 Alice, 1 Bob |
| turn | a chat message plus exactly one action |
| order | Alice, Bob, resolve; a joint turn counts once towards the limit |
"""

from __future__ import annotations

import copy
from abc import abstractmethod
from typing import Any

import numpy as np

from games.base import ChatLine, Game, IllegalTurnError, Observation, Turn, TurnRecord
from games.collab.actions import Fix, Move, Press, RoundRecord, Stay, Wait, action_name, read_action
from games.simultaneous import JointTurnState

PLAYER_NAMES = ("Alice", "Bob")
Action = Move | Stay | Press | Fix | Wait
_MESSAGES = ("", "", "I'll go to room 3", "press the button", "fix the generator", "wait here", "ok")


class JointObservation(Observation):
    """What both Collab games show a seat (:meth:`SimultaneousState.common_view`); each game's
    observation adds its own pieces.

    Attributes:
        turn: the joint turn being played (1-based).
        max_turns: the turn limit.
        rules: the variant.
        current_player: the seat to submit, -1 once over.
        adjacency: room -> the rooms one may move to from it.
        rooms: Alice's and Bob's rooms.
        legal: this seat's legal actions now (empty when not its turn).
        rounds: every resolved joint turn.
    """

    chat: list[ChatLine[RoundRecord]]
    turn: int
    max_turns: int
    rules: str
    current_player: int
    adjacency: dict[int, tuple[int, ...]]
    rooms: tuple[int, int]
    legal: list[Action]
    rounds: list[RoundRecord]

    def legal_moves(self) -> list[Action]:
        """This seat's legal actions now (what a planner choosing among them reads)."""
        return list(self.legal)


class SimultaneousState(JointTurnState[Action]):
    """A two-seat state whose joint turns are submitted one seat at a time (see the module doc).

    Subclasses keep the positions and implement :meth:`room`, :meth:`legal`, :meth:`_resolve`,
    :meth:`observation` and :meth:`metrics`; ``finished`` marks the end.
    """

    position: Any
    """The kernel's joint position (each game's own type)."""

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game)
        self.seed = seed
        self.finished = False
        self.rounds: list[RoundRecord] = []
        self.chat_lines: list[ChatLine[RoundRecord]] = []

    # ---- subclass hooks ---------------------------------------------------------------------------
    @abstractmethod
    def room(self, seat: int) -> int:
        """The room of ``seat`` (0 Alice, 1 Bob)."""

    @abstractmethod
    def legal(self, seat: int) -> list[Action]:
        """The actions the rules allow ``seat`` in the current joint turn (whoever is to submit)."""

    @abstractmethod
    def _resolve(self, alice: Action, bob: Action) -> RoundRecord:
        """Play the joint turn; set ``finished`` when it ends the game; return its public record."""

    # ---- status -----------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        return self.finished

    def legal_moves(self, player: int) -> list[Action]:
        """``player``'s legal typed actions now (empty when it is not that seat's turn)."""
        return self.legal(player) if player == self.current_player else []

    def legal_actions(self, player: int) -> list[str]:
        return [action_name(a, self.room(player)) for a in self.legal_moves(player)]

    def common_view(self, player: int) -> dict[str, Any]:
        """The fields every Collab observation shares, for ``player`` (see the observations' docs).

        Raises:
            ValueError: no such player.
        """
        if player not in (0, 1):
            raise ValueError(f"no player {player}")
        game: Any = self.game
        position = self.position
        return {
            "seat": player,
            "role": PLAYER_NAMES[player],
            "chat": self.chat(),
            "turn": position.turn,
            "max_turns": game.max_turns,
            "rules": game.rules,
            "current_player": self.current_player,
            "adjacency": dict(game.map.adjacency),
            "rooms": (position.alice, position.bob),
            "legal": self.legal_moves(player),
            "rounds": list(self.rounds),
        }

    def chat(self) -> list[ChatLine[RoundRecord]]:
        """The public chat: every message, Bob's lines with the record of the turn they resolved."""
        return list(self.chat_lines)

    # ---- moves ------------------------------------------------------------------------------------
    def _action_of(self, turn: Turn) -> Action:
        if len(turn.actions) != 1:
            raise IllegalTurnError(f"a turn carries exactly one action (a move), got {len(turn.actions)}")
        seat = self.current_player
        return read_action(turn.actions[0], self.legal(seat), self.room(seat))

    def _validate(self, turn: Turn) -> None:
        self._action_of(turn)

    def _apply(self, turn: Turn) -> None:
        action = self._action_of(turn)
        joint = self._submit(action, TurnRecord(player=self.current_player, turn=turn))
        if joint is None:
            self.chat_lines.append(ChatLine[RoundRecord](seat=0, speaker=PLAYER_NAMES[0], message=turn.message))
            return
        record = self._resolve(*joint)
        self.rounds.append(record)
        self.chat_lines.append(
            ChatLine[RoundRecord](seat=1, speaker=PLAYER_NAMES[1], message=turn.message, action=record)
        )

    def submit(self, action: Action, message: str = "") -> None:
        """Submit ``action`` for the seat to move (a shortcut for ``apply(Turn(...))``)."""
        self.apply(Turn(message=message, actions=(action,)))

    def clone(self) -> SimultaneousState:
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin.rounds = list(self.rounds)
        twin.chat_lines = list(self.chat_lines)
        for name, value in self.__dict__.items():
            if isinstance(value, np.random.Generator):
                setattr(twin, name, copy.deepcopy(value))
        return twin

    # ---- conformance hooks ------------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        legal = self.legal(self.current_player)
        action = legal[int(rng.integers(len(legal)))]
        return Turn(message=_MESSAGES[int(rng.integers(len(_MESSAGES)))], actions=(action,))

    def illegal_turns(self) -> list[Turn]:
        seat = self.current_player
        legal = self.legal(seat)
        here = self.room(seat)
        bad: list[Any] = [Move(room=here), Move(room=999), {"kind": "move"}, {"kind": "fly", "room": 1}, 42, "dance"]
        bad += [a for a in (Stay(), Press(), Fix(), Wait()) if a not in legal]
        turns = [Turn(message="x", actions=(a,)) for a in bad]
        return [*turns, Turn(message="hello"), Turn(actions=(legal[0], legal[0]))]

    def pending_choices(self) -> list[Action]:
        """Alice's legal moves in the current joint turn."""
        return self.legal(0)

    def formal_action(self, action: Action) -> Action:
        return action

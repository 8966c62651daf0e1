"""The formal-move protocol shared by the three DialOp games (Lin et al., TACL 2024, Section 3).

Each turn is a chat message plus at most one formal action: :class:`Propose`, :class:`Accept` or
:class:`Reject`. The rules:

* A proposal is validated and scored by the game (:meth:`DialopState._parse_proposal`,
  :meth:`DialopState._normalized_score`); only one proposal can be pending at a time.
* While a proposal is pending, every player who still has to answer it (by default all players
  but the proposer) must, on its turn, accept or reject it; a message may accompany the answer.
* A rejection clears the pending proposal. Once every responder has accepted, the game ends and
  every player receives the proposal's normalized score.
* A turn cap (counting every turn, formal action or not) ends the game without agreement, reward 0.

:class:`DialopGame` / :class:`DialopState` implement this once; a concrete game supplies the
players, the proposal type and its score, and the per-player observation. Turn order is a hook
(:meth:`DialopState._next_player`, round-robin by default) so that 3-player Mediation can reuse it.
"""

from __future__ import annotations

import copy
import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, field_serializer

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

ActionKind = Literal["propose", "accept", "reject"]


class Propose(BaseModel):
    """Put ``proposal`` (a game-specific value, validated by the game) to the other players."""

    model_config = ConfigDict(frozen=True, extra="forbid", arbitrary_types_allowed=True)

    kind: Literal["propose"] = "propose"
    proposal: Any

    @field_serializer("proposal", when_used="json")
    def _public_form(self, proposal: Any) -> Any:
        """In JSON a proposal is its public form (its ``to_json()``), which the game parses back."""
        to_json = getattr(proposal, "to_json", None)
        return to_json() if callable(to_json) else proposal


class Accept(BaseModel):
    """Accept the pending proposal."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["accept"] = "accept"


class Reject(BaseModel):
    """Reject the pending proposal (it is cleared)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reject"] = "reject"


FORMAL_ACTIONS = (Propose, Accept, Reject)


class PublicAction(BaseModel):
    """What a chat line shows of a DialOp turn's formal actions (the line's ``action``): the kind,
    the public (JSON) form of a proposal, and the addressee of an assistant turn where the game has
    one (Mediation, shown in the observation)."""

    model_config = ConfigDict(frozen=True)

    kind: ActionKind | None = None
    proposal: Any = None
    to: int | None = None


def kind_of(line: ChatLine) -> ActionKind | None:
    """The formal action a chat line shows (``propose``, ``accept``, ``reject``), or ``None``."""
    return line.action.kind if isinstance(line.action, PublicAction) else None


def proposal_of(line: ChatLine) -> Any:
    """The public form of the proposal a ``propose`` line shows (``None`` on other lines)."""
    return line.action.proposal if isinstance(line.action, PublicAction) else None


class DialopObservation(Observation):
    """The public part of every DialOp observation; games subclass it to add the private view."""

    chat: list[ChatLine[PublicAction]]  # each line's action: its PublicAction, if it shows one
    pending_proposal: Any = None
    proposer: int | None = None
    must_respond: bool = False
    turns_taken: int
    turns_left: int
    current_player: int
    game_over: bool
    agreed: bool


class DialopMetrics(GameMetrics):
    """The protocol's per-game metrics, first in every DialOp game's metrics (messages and words
    have one entry per player: :attr:`num_seats`)."""

    payoff: ClassVar[str] = "normalized_score"

    agreed: bool = metric("binary", "the players agreed on a proposal before the turn cap")
    normalized_score: float = metric(
        "continuous", "the agreed proposal's score normalized to 0-1 (0 without agreement)", label="normalized score"
    )
    turns: int = metric("count", "turns played, all players")
    proposals: int = metric("count", "proposals made")
    rejections: int = metric("count", "proposals rejected")
    messages: list[int] = metric("per_seat", "non-empty chat messages per player", total=True)
    words: list[int] = metric("per_seat", "words of chat per player", total=True)


class DialopGame(Game, ABC):
    """A DialOp game: facts derived from the players and the total turn cap.

    Args:
        game_id: the registry id.
        player_names: one name per player (2 or 3).
        turn_cap: total turns (all players together) before the game ends without agreement.
        information: the facts' information-structure line.
        description: one line on the task.

    Raises:
        ValueError: fewer than 2 players or a cap below 1.
    """

    def __init__(
        self,
        game_id: str,
        player_names: tuple[str, ...],
        turn_cap: int,
        information: str,
        description: str = "",
        first_player: int = 0,
    ) -> None:
        if len(player_names) < 2:
            raise ValueError(f"a DialOp game needs at least 2 players, got {len(player_names)}")
        if isinstance(turn_cap, bool) or not isinstance(turn_cap, int) or turn_cap < 1:
            raise ValueError(f"turn_cap must be a positive integer, got {turn_cap!r}")
        self.turn_cap = turn_cap
        self.facts = GameFacts(
            game_id=game_id,
            num_players=len(player_names),
            player_names=tuple(player_names),
            first_player=first_player,
            max_turns_per_player=math.ceil(turn_cap / len(player_names)),
            information=information,
            description=description,
        )


class DialopState(State, ABC):
    """One position of a DialOp game: the chat, the pending proposal and the outcome."""

    game: DialopGame

    def __init__(self, game: DialopGame) -> None:
        super().__init__(game)
        self.turn_cap = game.turn_cap
        self.num_players = game.facts.num_players
        self.player = game.facts.first_player
        self.turns = 0
        self.chat: list[ChatLine] = []
        self.pending: Any = None
        self.proposer: int | None = None
        self.awaiting: tuple[int, ...] = ()  # players who still have to answer the pending proposal
        self.agreement: Any = None
        self.reward = 0.0
        self.ended = False
        self.messages = [0] * self.num_players
        self.words = [0] * self.num_players
        self.proposals = 0
        self.rejections = 0

    # ---- hooks for the concrete games ---------------------------------------------------------
    @abstractmethod
    def _parse_proposal(self, raw: Any) -> Any:
        """The validated proposal of ``Propose.proposal``; raise ``ValueError`` (one line) if malformed."""

    @abstractmethod
    def _proposal_json(self, proposal: Any) -> Any:
        """The public JSON form of a parsed proposal (shown in chat and observations)."""

    @abstractmethod
    def _normalized_score(self, proposal: Any) -> float:
        """The shared reward of agreeing on ``proposal`` (0..1)."""

    @abstractmethod
    def random_proposal_score(self) -> float:
        """The mean normalized score of a uniformly random full proposal (the paper's grey line),
        computed exactly over every proposal of this instance."""

    def _next_player(self) -> int:
        """Who moves after the current player (round-robin by default)."""
        return (self.player + 1) % self.num_players

    def _may_propose(self, player: int) -> bool:
        """Whether ``player`` may make proposals at all (e.g. only the mediator in Mediation)."""
        return True

    def _responders(self, proposer: int) -> tuple[int, ...]:
        """The players who must accept a proposal by ``proposer`` (everyone else by default)."""
        return tuple(p for p in range(self.num_players) if p != proposer)

    # ---- State API ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.ended else self.player

    def is_terminal(self) -> bool:
        return self.ended

    def returns(self) -> list[float]:
        return [self.reward] * self.num_players

    @property
    def must_respond(self) -> bool:
        """Whether the player to move has to accept or reject the pending proposal."""
        return not self.ended and self.pending is not None and self.player in self.awaiting

    def legal_actions(self, player: int) -> list[str]:
        if self.ended or player != self.player:
            return []
        if self.must_respond:
            return ["accept", "reject"]
        if self.pending is None and self._may_propose(player):
            return ["propose(proposal)"]
        return []

    def public_fields(self, player: int) -> dict[str, Any]:
        """The fields of :class:`DialopObservation` for ``player`` (no private data)."""
        if not 0 <= player < self.num_players:
            raise ValueError(f"no player {player}")
        return {
            "seat": player,
            "role": self.game.facts.player_names[player],
            "chat": list(self.chat),
            "pending_proposal": None if self.pending is None else self._proposal_json(self.pending),
            "proposer": self.proposer,
            "must_respond": self.pending is not None and player in self.awaiting and not self.ended,
            "turns_taken": self.turns,
            "turns_left": max(self.turn_cap - self.turns, 0) if not self.ended else 0,
            "current_player": self.current_player,
            "game_over": self.ended,
            "agreed": self.agreement is not None,
        }

    def _action_of(self, turn: Turn) -> Propose | Accept | Reject | None:
        if len(turn.actions) > 1:
            raise IllegalTurnError(f"at most one formal action per turn, got {len(turn.actions)}")
        if not turn.actions:
            return None
        action = turn.actions[0]
        if not isinstance(action, FORMAL_ACTIONS):
            raise IllegalTurnError(f"the action must be Propose, Accept or Reject, not {type(action).__name__}")
        return action

    def _parse_or_refuse(self, raw: Any) -> Any:
        try:
            return self._parse_proposal(raw)
        except ValueError as err:
            text = " ".join(str(err).split()) or type(err).__name__
            raise IllegalTurnError(f"malformed proposal: {text}") from err

    def _validate(self, turn: Turn) -> None:
        action = self._action_of(turn)
        name = self.game.facts.player_names[self.player]
        if self.must_respond and not isinstance(action, Accept | Reject):
            raise IllegalTurnError(f"{name} must accept or reject the pending proposal (a message may accompany it)")
        if isinstance(action, Accept | Reject):
            if self.pending is None:
                raise IllegalTurnError(f"there is no pending proposal to {action.kind}")
            if self.player not in self.awaiting:
                raise IllegalTurnError(f"{name} cannot {action.kind} this proposal (own proposal or already answered)")
        if isinstance(action, Propose):
            if self.pending is not None:
                raise IllegalTurnError("a proposal is already pending; it must be accepted or rejected first")
            if not self._may_propose(self.player):
                raise IllegalTurnError(f"{name} may not make proposals")
            self._parse_or_refuse(action.proposal)

    def _apply(self, turn: Turn) -> None:
        action = self._action_of(turn)
        player = self.player
        if turn.message.strip():
            self.messages[player] += 1
            self.words[player] += len(turn.message.split())
        line: dict[str, Any] = {"seat": player, "speaker": self.game.facts.player_names[player]}
        shown: dict[str, Any] = {}  # the line's PublicAction
        if isinstance(action, Propose):
            proposal = self._parse_or_refuse(action.proposal)
            self.pending, self.proposer = proposal, player
            self.awaiting = self._responders(player)
            self.proposals += 1
            shown.update(kind="propose", proposal=self._proposal_json(proposal))
        elif isinstance(action, Accept):
            shown["kind"] = "accept"
            self.awaiting = tuple(p for p in self.awaiting if p != player)
            if not self.awaiting:
                self.agreement = self.pending
                self.reward = float(self._normalized_score(self.pending))
                self.ended = True
        elif isinstance(action, Reject):
            shown["kind"] = "reject"
            self.pending, self.proposer, self.awaiting = None, None, ()
            self.rejections += 1
        self.history.append(TurnRecord(player=player, turn=turn))
        self.chat.append(ChatLine(message=turn.message, action=PublicAction(**shown) if shown else None, **line))
        self.turns += 1
        if self.turns >= self.turn_cap:
            self.ended = True
        if not self.ended:
            self.player = self._next_player()

    def proposal_score(self, raw: Any) -> float:
        """The normalized score ``raw`` would earn if it were accepted now (prompted self-play
        scores the forced final proposal with it).

        Raises:
            ValueError: a malformed proposal (one line).
        """
        try:
            return float(self._normalized_score(self._parse_proposal(raw)))
        except ValueError as err:
            raise ValueError(f"malformed proposal: {' '.join(str(err).split())}") from err

    def load_prefix(self, turns: Sequence[tuple[int, Turn]]) -> None:
        """Play a recorded dialogue prefix into this fresh state (prompted self-play).

        Each ``(seat, turn)`` is applied as that seat's turn in the recorded order: people did not
        keep strict turns and sometimes wrote while a proposal awaited its answer, so turn order is
        not enforced here, but proposals are parsed and answers settle them as in play (an answer
        to a proposal that is no longer pending is dropped, as the original servers did). Afterwards
        the player to move is the first one who still owes an answer, else the next after the
        last speaker, and the turn cap counts from the end of the prefix (the agents get the
        game's whole cap to finish).

        Raises:
            ValueError: the state is not fresh, a seat does not exist or a proposal is malformed.
        """
        if self.turns or self.ended:
            raise ValueError("a prefix can only be loaded into a fresh state")
        self.turn_cap = len(turns) + self.game.turn_cap + 1
        for seat, turn in turns:
            if not 0 <= seat < self.num_players:
                raise ValueError(f"no seat {seat} in {self.game.facts.game_id}")
            self.player = seat
            if isinstance(self._action_of(turn), Accept | Reject) and seat not in self.awaiting:
                # the original servers ignored answers to a proposal that was already settled
                turn = Turn(
                    message=turn.message, actions=tuple(a for a in turn.actions if not isinstance(a, Accept | Reject))
                )
            try:
                self._apply(turn)
            except IllegalTurnError as err:
                raise ValueError(str(err)) from err
            if self.ended:
                raise ValueError("the prefix ends the game; it must stop before the final agreement")
        self.turn_cap = self.turns + self.game.turn_cap
        if self.pending is not None and self.awaiting:
            self.player = self.awaiting[0]

    def protocol_metrics(self) -> dict[str, Any]:
        """The fields of :class:`DialopMetrics` (agreement, reward, turns, proposals, messages and words
        per player), in its order, for a game's metrics model to extend."""
        return {
            "agreed": self.agreement is not None,
            "normalized_score": self.reward,
            "turns": self.turns,
            "proposals": self.proposals,
            "rejections": self.rejections,
            "messages": list(self.messages),
            "words": list(self.words),
        }

    def clone(self) -> DialopState:
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin.chat = list(self.chat)
        twin.messages = list(self.messages)
        twin.words = list(self.words)
        return twin

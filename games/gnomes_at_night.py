"""Gnomes at Night: a shared-control maze game (Chen et al., seed 003), id ``gnomes_at_night_v0``.

Two players alternately move one shared token through a square maze whose two board sides have
different walls. A player can move the token only along paths open on *its own* side: its walls
block it, the other side's walls do not. Each player sees only its side. The game has five rounds
(one per treasure cell); in round ``r`` (1-based) only player ``(r - 1) % 2`` sees the treasure, and
that player moves first. A round ends when the token reaches the treasure (+20 for both) or after
``turn_cap`` turns (a failure); every turn costs 0.1. The token returns to the start each round.

A turn is a chat message plus at most one :class:`MoveAction` (no action = stay). A move blocked on
the mover's side is refused with a one-line error and the state is unchanged.

Coordinates follow the maze file: ``x`` is the column (grows right), ``y`` the row (grows down);
``vertical[y][x] = 1`` is a wall between ``(x, y)`` and ``(x + 1, y)``, ``horizontal[y][x] = 1`` a
wall between ``(x, y)`` and ``(x, y + 1)``. Moves: 0 stay, 1 right, 2 up, 3 left, 4 down.

The *oracle turns* of a round are the fewest turns two players who both knew both sides and the
treasure would need: breadth-first search over (cell, player to move).
"""

from __future__ import annotations

import copy
import json
from collections import deque
from dataclasses import dataclass, field
from importlib import resources
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

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

GAME_ID = "gnomes_at_night_v0"
PLAYER_NAMES = ("A", "B")
Move = Literal["stay", "right", "up", "left", "down"]
MOVES: tuple[Move, ...] = ("stay", "right", "up", "left", "down")
MOVE_DELTAS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (0, -1), (-1, 0), (0, 1))
TURN_REWARD, TREASURE_REWARD = -0.1, 20.0
DEFAULT_TURN_CAP = 100
MIN_SIZE, MAX_SIZE = 3, 31


class MoveAction(BaseModel):
    """The formal action of a turn: move the token one step (or stay)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["move"] = "move"
    move: Move


@dataclass(frozen=True, eq=False)
class Maze:
    """Both sides' walls, the start cell and the round treasures.

    Attributes:
        size: side length of the square grid.
        vertical: per side, ``size x (size - 1)`` walls between horizontal neighbours.
        horizontal: per side, ``(size - 1) x size`` walls between vertical neighbours.
        start: the token's cell at the start of every round.
        treasures: one treasure cell per round.
        name: where the maze comes from.
    """

    size: int
    vertical: np.ndarray  # (2, size, size - 1) uint8
    horizontal: np.ndarray  # (2, size - 1, size) uint8
    start: tuple[int, int]
    treasures: tuple[tuple[int, int], ...]
    name: str = "maze"

    def __post_init__(self) -> None:
        n = self.size
        if not MIN_SIZE <= n <= MAX_SIZE:
            raise ValueError(f"maze size must be {MIN_SIZE}..{MAX_SIZE}, got {n}")
        if self.vertical.shape != (2, n, n - 1) or self.horizontal.shape != (2, n - 1, n):
            raise ValueError(f"wall arrays must be 2x{n}x{n - 1} and 2x{n - 1}x{n}")
        for cell in (self.start, *self.treasures):
            if not (0 <= cell[0] < n and 0 <= cell[1] < n):
                raise ValueError(f"cell {cell} is outside the {n}x{n} maze")
        if not self.treasures:
            raise ValueError("a maze needs at least one treasure")
        if self.start in self.treasures:
            raise ValueError("a treasure cannot be on the start cell")
        object.__setattr__(self, "open", open_moves(self.vertical, self.horizontal))

    open: np.ndarray = field(init=False, repr=False)  # (2, size, size, 5) bool, from the walls

    def can_move(self, side: int, cell: tuple[int, int], move: int) -> bool:
        """Whether ``side`` may move the token from ``cell`` with ``move`` (stay is always open)."""
        return bool(self.open[side, cell[1], cell[0], move])

    def side_json(self, side: int) -> dict[str, list[list[int]]]:
        """One side's walls as in the maze file."""
        return {"vertical": self.vertical[side].tolist(), "horizontal": self.horizontal[side].tolist()}

    def with_side(self, side: int, vertical: np.ndarray, horizontal: np.ndarray) -> Maze:
        """A copy with ``side``'s walls replaced."""
        v, h = self.vertical.copy(), self.horizontal.copy()
        v[side], h[side] = vertical, horizontal
        return Maze(self.size, v, h, self.start, self.treasures, self.name)


def open_moves(vertical: np.ndarray, horizontal: np.ndarray) -> np.ndarray:
    """``open[side, y, x, move]``: whether ``move`` is open from ``(x, y)`` on that side.

    Works for one side (2-D wall arrays) or a stack of sides (3-D)."""
    squeeze = vertical.ndim == 2
    v = vertical[None] if squeeze else vertical
    h = horizontal[None] if squeeze else horizontal
    sides, n = v.shape[0], v.shape[1]
    out = np.zeros((sides, n, n, 5), dtype=bool)
    out[..., 0] = True
    out[:, :, :-1, 1] = v == 0  # right
    out[:, 1:, :, 2] = h == 0  # up
    out[:, :, 1:, 3] = v == 0  # left
    out[:, :-1, :, 4] = h == 0  # down
    return out[0] if squeeze else out


def load_preset_maze() -> Maze:
    """The paper's 9x9 testbed maze (``games/data/gnomes_at_night_maze_9a.json``, see PROVENANCE.md)."""
    text = resources.files("games").joinpath("data/gnomes_at_night_maze_9a.json").read_text()
    return maze_from_json(json.loads(text), name="9A")


def maze_from_json(data: dict[str, Any], name: str = "file") -> Maze:
    """A maze from the maze-file layout (``size``, ``start``, ``round_treasures``, ``sides``).

    Raises:
        ValueError: a field is missing or malformed (one line).
    """
    try:
        size = int(data["size"])
        vertical = np.array([side["vertical"] for side in data["sides"]], dtype=np.uint8)
        horizontal = np.array([side["horizontal"] for side in data["sides"]], dtype=np.uint8)
        start = (int(data["start"][0]), int(data["start"][1]))
        treasures = tuple((int(t[0]), int(t[1])) for t in data["round_treasures"])
    except (KeyError, TypeError, ValueError, IndexError) as err:
        raise ValueError(f"malformed maze data: {type(err).__name__}: {err}") from err
    return Maze(size, vertical, horizontal, start, treasures, name)


def _perfect_maze(size: int, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """A random spanning tree of the grid (randomized depth-first search): every cell reachable."""
    vertical = np.ones((size, size - 1), dtype=np.uint8)
    horizontal = np.ones((size - 1, size), dtype=np.uint8)
    seen = np.zeros((size, size), dtype=bool)
    stack = [(int(rng.integers(size)), int(rng.integers(size)))]
    seen[stack[0][1], stack[0][0]] = True
    while stack:
        x, y = stack[-1]
        options = [
            (nx, ny)
            for nx, ny in ((x + 1, y), (x, y - 1), (x - 1, y), (x, y + 1))
            if 0 <= nx < size and 0 <= ny < size and not seen[ny, nx]
        ]
        if not options:
            stack.pop()
            continue
        nx, ny = options[int(rng.integers(len(options)))]
        if nx != x:
            vertical[y, min(x, nx)] = 0
        else:
            horizontal[min(y, ny), x] = 0
        seen[ny, nx] = True
        stack.append((nx, ny))
    return vertical, horizontal


def generate_maze(size: int, seed: int, openness: float = 0.15, rounds: int = 5) -> Maze:
    """A random maze: per side a random perfect maze with a fraction ``openness`` of its remaining
    walls removed, the start at the top-left corner and ``rounds`` distinct treasure cells.

    Raises:
        ValueError: size out of range, ``openness`` outside [0, 1], or too many rounds for the grid.
    """
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"maze size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
    if not 0.0 <= openness <= 1.0:
        raise ValueError(f"openness must be in [0, 1], got {openness}")
    if not 1 <= rounds < size * size:
        raise ValueError(f"rounds must be 1..{size * size - 1}, got {rounds}")
    rng = np.random.default_rng([seed, size, 0x6A0E])
    sides = [_perfect_maze(size, rng) for _ in range(2)]
    for vertical, horizontal in sides:
        for walls in (vertical, horizontal):
            walls[(walls == 1) & (rng.random(walls.shape) < openness)] = 0
    cells = [(x, y) for y in range(size) for x in range(size) if (x, y) != (0, 0)]
    picks = rng.choice(len(cells), size=rounds, replace=False)
    return Maze(
        size,
        np.stack([s[0] for s in sides]),
        np.stack([s[1] for s in sides]),
        (0, 0),
        tuple(cells[int(i)] for i in picks),
        name=f"generated-{size}-{seed}",
    )


def oracle_turns(maze: Maze, start: tuple[int, int], treasure: tuple[int, int], first_player: int) -> int:
    """The fewest turns that reach ``treasure`` with full knowledge of both sides (BFS over cell x
    player to move; -1 if unreachable)."""
    if start == treasure:
        return 0
    seen = {(start, first_player)}
    queue = deque([(start, first_player, 0)])
    while queue:
        cell, player, turns = queue.popleft()
        for move, (dx, dy) in enumerate(MOVE_DELTAS):
            if not maze.can_move(player, cell, move):
                continue
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt == treasure:
                return turns + 1
            if (nxt, 1 - player) not in seen:
                seen.add((nxt, 1 - player))
                queue.append((nxt, 1 - player, turns + 1))
    return -1


def move_of(line: ChatLine) -> Move:
    """The move a chat line shows (every Gnomes line shows the move its turn made)."""
    assert isinstance(line.action, MoveAction)
    return line.action.move


class GnomesObservation(Observation):
    """One player's view: its own walls, the token, the treasure only if on its side this round."""

    size: int
    round: int  # 1-based
    rounds: int
    start: tuple[int, int]
    token: tuple[int, int]
    vertical: list[list[int]]
    horizontal: list[list[int]]
    treasure: tuple[int, int] | None
    chat: list[ChatLine[MoveAction]]  # the current round's lines; each line's action is the MoveAction made
    round_turns: int
    turns_left: int
    current_player: int
    rounds_solved: int


class RoundResult(GameMetrics):
    """The outcome of one finished round (an entry of :class:`GnomesAtNightMetrics`' ``per_round``)."""

    round: int = Field(description="the round, 1-based (record only)")
    success: bool = metric("binary", "the token reached the round's treasure", label="solved")
    turns: int = metric("count", "turns the round took", label="turns")
    oracle_turns: int = metric("count", "the fewest turns two all-knowing players would need", label="oracle")
    first_player: int = Field(description="the player who saw the treasure and moved first (record only)")


class GnomesAtNightMetrics(GameMetrics):
    """The per-game metrics of Gnomes at Night (the paper's success rate and turns over the oracle)."""

    payoff: ClassVar[str] = "reward"

    ratios: ClassVar[dict[str, tuple[str, str]]] = {"turns/oracle": ("turns", "oracle_turns")}

    maze: str = Field(description="where the maze comes from (record only)")
    rounds: int = Field(description="rounds played (record only)")
    rounds_solved: int = metric("count", "rounds whose treasure was reached")
    success: float = metric("continuous", "share of rounds solved")
    turns: int = metric("count", "turns over all rounds")
    oracle_turns: int = Field(description="the oracle's turns over all rounds (record only)")
    turns_over_oracle: float = metric("continuous", "turns over the oracle's turns (0 without oracle turns)")
    per_round: list[RoundResult] = metric("per_round", "each round's outcome")
    messages: list[int] = metric("per_seat", "non-empty chat messages per player")
    words: list[int] = metric("per_seat", "words of chat per player")
    reward: float = metric("continuous", "the shared reward: +20 per treasure, -0.1 per turn")


class GnomesAtNightGame(Game):
    """The game on the paper's 9x9 maze (default), a maze file's data, or a generated maze.

    Args:
        size: generate a maze of this size per seed instead of using the preset.
        maze: a fixed :class:`Maze` (overrides ``size``).
        turn_cap: turns per round before the round fails.
        openness: extra openings of generated mazes.

    Raises:
        ValueError: bad size, cap or openness.
    """

    def __init__(
        self,
        size: int | None = None,
        maze: Maze | None = None,
        turn_cap: int = DEFAULT_TURN_CAP,
        openness: float = 0.15,
    ) -> None:
        if turn_cap < 1:
            raise ValueError(f"turn_cap must be >= 1, got {turn_cap}")
        if size is not None and not MIN_SIZE <= size <= MAX_SIZE:
            raise ValueError(f"maze size must be {MIN_SIZE}..{MAX_SIZE}, got {size}")
        self.size = size
        self.fixed_maze = maze if maze is not None else (None if size is not None else load_preset_maze())
        self.turn_cap = turn_cap
        self.openness = openness
        rounds = len(self.fixed_maze.treasures) if self.fixed_maze is not None else 5
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=2,
            player_names=PLAYER_NAMES,
            first_player=0,
            max_turns_per_player=(rounds * turn_cap + 1) // 2 + rounds,
            information="asymmetric: each player sees only its own side's walls and, in its rounds, the treasure",
            description="two players steer one token through a maze whose sides have different walls",
            rewards="running",
        )

    def maze_for(self, seed: int) -> Maze:
        """The maze of the game with ``seed``."""
        if self.fixed_maze is not None:
            return self.fixed_maze
        assert self.size is not None, "a game without a fixed maze has a size"  # see __init__
        return generate_maze(self.size, seed, self.openness)

    def new_initial_state(self, seed: int) -> GnomesAtNightState:
        return GnomesAtNightState(self, self.maze_for(seed), seed)


class GnomesAtNightState(State):
    """One position: round, token, the current round's chat, and the finished rounds."""

    def __init__(self, game: GnomesAtNightGame, maze: Maze, seed: int) -> None:
        super().__init__(game)
        self.maze = maze
        self.seed = seed
        self.turn_cap = game.turn_cap
        self.round_index = 0
        self.token = maze.start
        self.round_turns = 0
        self.player = self._first_player(0)
        self.chat: list[ChatLine] = []
        self.results: list[RoundResult] = []
        self.messages = [0, 0]
        self.words = [0, 0]
        self.reward = 0.0

    # ---- rules -------------------------------------------------------------------------------
    @staticmethod
    def _first_player(round_index: int) -> int:
        return round_index % 2  # the player who sees the round's treasure moves first

    @property
    def rounds(self) -> int:
        return len(self.maze.treasures)

    @property
    def treasure(self) -> tuple[int, int]:
        return self.maze.treasures[self.round_index]

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.player

    def is_terminal(self) -> bool:
        return self.round_index >= self.rounds

    def returns(self) -> list[float]:
        return [round(self.reward, 6)] * 2

    def legal_actions(self, player: int) -> list[str]:
        return [str(m) for m in self._legal_moves(player)]

    def _legal_moves(self, player: int) -> list[Move]:
        if self.is_terminal() or player != self.player:
            return []
        return [m for i, m in enumerate(MOVES) if self.maze.can_move(player, self.token, i)]

    def observation(self, player: int) -> GnomesObservation:
        if player not in (0, 1):
            raise ValueError(f"no player {player}")
        live = not self.is_terminal()
        sees = live and self._first_player(self.round_index) == player
        return GnomesObservation(
            seat=player,
            role=PLAYER_NAMES[player],
            size=self.maze.size,
            round=min(self.round_index, self.rounds - 1) + 1,
            rounds=self.rounds,
            start=self.maze.start,
            token=self.token,
            vertical=self.maze.vertical[player].tolist(),
            horizontal=self.maze.horizontal[player].tolist(),
            treasure=self.treasure if sees else None,
            chat=list(self.chat),
            round_turns=self.round_turns,
            turns_left=self.turn_cap - self.round_turns if live else 0,
            current_player=self.current_player,
            rounds_solved=sum(r.success for r in self.results),
        )

    def _move_of(self, turn: Turn) -> int:
        if len(turn.actions) > 1:
            raise IllegalTurnError(f"one move per turn, got {len(turn.actions)} actions")
        if not turn.actions:
            return 0
        action = turn.actions[0]
        if not isinstance(action, MoveAction):
            raise IllegalTurnError(f"the action must be a MoveAction, not {type(action).__name__}")
        return MOVES.index(action.move)

    def _validate(self, turn: Turn) -> None:
        move = self._move_of(turn)
        if not self.maze.can_move(self.player, self.token, move):
            raise IllegalTurnError(
                f"cannot move {MOVES[move]} from {self.token}: a wall (or the edge) blocks it on your side"
            )

    def _apply(self, turn: Turn) -> None:
        move = self._move_of(turn)
        player = self.player
        dx, dy = MOVE_DELTAS[move]
        self.token = (self.token[0] + dx, self.token[1] + dy)
        self.round_turns += 1
        self.reward += TURN_REWARD
        if turn.message.strip():
            self.messages[player] += 1
            self.words[player] += len(turn.message.split())
        self.history.append(TurnRecord(player=player, turn=turn))
        self.chat.append(
            ChatLine(
                seat=player, speaker=PLAYER_NAMES[player], message=turn.message, action=MoveAction(move=MOVES[move])
            )
        )
        self.player = 1 - player
        found = self.token == self.treasure
        if found:
            self.reward += TREASURE_REWARD
        if found or self.round_turns >= self.turn_cap:
            self._end_round(found)

    def _end_round(self, success: bool) -> None:
        first = self._first_player(self.round_index)
        self.results.append(
            RoundResult(
                round=self.round_index + 1,
                success=success,
                turns=self.round_turns,
                oracle_turns=oracle_turns(self.maze, self.maze.start, self.treasure, first),
                first_player=first,
            )
        )
        self.round_index += 1
        self.token = self.maze.start
        self.round_turns = 0
        self.chat = []
        self.player = self._first_player(self.round_index)

    def metrics(self) -> GnomesAtNightMetrics:
        solved = [r for r in self.results if r.success]
        turns = sum(r.turns for r in self.results)
        oracle = sum(r.oracle_turns for r in self.results)
        return GnomesAtNightMetrics(
            maze=self.maze.name,
            rounds=len(self.results),
            rounds_solved=len(solved),
            success=len(solved) / len(self.results) if self.results else 0.0,
            turns=turns,
            oracle_turns=oracle,
            turns_over_oracle=turns / oracle if oracle > 0 else 0.0,
            per_round=list(self.results),
            messages=list(self.messages),
            words=list(self.words),
            reward=round(self.reward, 6),
        )

    def clone(self) -> GnomesAtNightState:
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin.chat = list(self.chat)
        twin.results = list(self.results)
        twin.messages = list(self.messages)
        twin.words = list(self.words)
        return twin

    def _round_path(self) -> list[tuple[int, int]]:
        """The cells the token has visited this round."""
        cells, (x, y) = [self.maze.start], self.maze.start
        for line in self.chat:
            dx, dy = MOVE_DELTAS[MOVES.index(move_of(line))]
            x, y = x + dx, y + dy
            cells.append((x, y))
        return cells

    # ---- conformance hooks ---------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        legal = self._legal_moves(self.player)
        move = legal[int(rng.integers(len(legal)))]
        message = ["", "go on", f"can you move {MOVES[int(rng.integers(1, 5))]}?", "ok"][int(rng.integers(4))]
        return Turn(message=message, actions=(MoveAction(move=move),))

    def illegal_turns(self) -> list[Turn]:
        blocked = [m for i, m in enumerate(MOVES) if not self.maze.can_move(self.player, self.token, i)]
        turns = [Turn(message="x", actions=(MoveAction(move=m),)) for m in blocked[:2]]
        turns.append(Turn(message="two", actions=(MoveAction(move="stay"), MoveAction(move="stay"))))
        turns.append(Turn(message="bad", actions=("right",)))
        return turns

    def private_data(self, player: int) -> Any:
        data: dict[str, Any] = self.maze.side_json(player)
        if not self.is_terminal() and self._first_player(self.round_index) == player:
            data["treasure"] = list(self.treasure)
        return data

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> GnomesAtNightState:
        twin = self.clone()
        vertical, horizontal = _perfect_maze(self.maze.size, rng)
        maze = self.maze.with_side(player, vertical, horizontal)
        if not self.is_terminal() and self._first_player(self.round_index) == player:
            # the token has visited the start and this round's path in public: the treasure is elsewhere
            seen = {maze.start, self.token} | set(self._round_path())
            cells = [(x, y) for y in range(maze.size) for x in range(maze.size) if (x, y) not in seen]
            treasures = list(maze.treasures)
            treasures[self.round_index] = cells[int(rng.integers(len(cells)))]
            maze = Maze(maze.size, maze.vertical, maze.horizontal, maze.start, tuple(treasures), maze.name)
        twin.maze = maze
        return twin

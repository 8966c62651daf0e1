"""Traveling Adventurers: a two-player Traveling Salesman game (Jeknić, Duchnowski & Koller 2025).

Two adventurers are trapped in parallel worlds of one house. Every room is joined to every other by a
hallway; each player sees only the coins of its own world on each hallway. Together they must agree
on one round trip that starts and ends in the living room and visits every room exactly once, and
their loot is the sum of both players' coins along it.

| fact | value |
| --- | --- |
| game id | ``traveling_adventurers_v0`` |
| players | 0 = USER (light world, moves first), 1 = BOT (ghost world) |
| information | each player sees only its own coin weights; the chat and submissions are public |
| turn | a chat message plus at most one formal action :class:`Submit` (the final tour) |
| end | both players have submitted a tour, or 15 turns each have passed (timeout) |
| boards | the paper's six preset 6-room boards, or generated boards of 4..14 rooms (Appendix B) |
| returns | the joint score of the agreed tour for both players if it is Correct, else 0 |

Metrics (stricter than the original code, which did not check the path):
Identical (both submitted the same path), Correct (identical, starts and ends at the start room and
visits every room exactly once), Optimal (correct and its joint score equals the optimum), the joint
score, the score as a 0-100 percentile rank among all tours (the paper's human-agent score), and the
turns and words used.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
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
from solvers.tsp import solve_tsp_dp, tour_value

GAME_ID = "traveling_adventurers_v0"
USER, BOT = 0, 1
PLAYER_NAMES = ("USER", "BOT")
COIN_KINDS = ("light", "ghost")
MIN_COINS, MAX_COINS = 1, 10
MAX_TURNS_PER_PLAYER = 15
MIN_ROOMS = 4

ROOM_CATALOGUE: dict[str, str] = {
    "L": "living room",
    "E": "empty room",
    "B": "bathroom",
    "K": "kitchen",
    "C": "children's room",
    "A": "attic",
    "G": "garden",
    "P": "playroom",
    "D": "dining room",
    "S": "study",
    "T": "terrace",
    "M": "music room",
    "W": "workshop",
    "O": "office",
}
"""Room letters and names: the paper's six self-play rooms first, then its human-agent rooms (G, P),
then further rooms for larger generated boards. The start room is always L."""

MAX_ROOMS = len(ROOM_CATALOGUE)
_EXACT_PERCENTILE_MAX_ROOMS = 10
_PERCENTILE_SAMPLES = 200_000


def is_tour(path: Sequence[str], rooms: Sequence[str], start: str) -> bool:
    """True if ``path`` leaves ``start``, visits each of ``rooms`` exactly once and returns to ``start``.

    The one definition of a valid tour: the board's scorer, the planners and the agent's last check
    before a submission (``agent.pipeline``) all use it.
    """
    return len(path) == len(rooms) + 1 and path[0] == start and path[-1] == start and sorted(path[:-1]) == sorted(rooms)


def tour_problem(path: Sequence[str], rooms: Sequence[str], start: str) -> str | None:
    """Why ``path`` is not a tour in the sense of :func:`is_tour` (None when it is one), in one line
    a person can act on (terminal play refuses a ``/submit`` with it)."""
    if is_tour(path, rooms, start):
        return None
    unknown = [room for room in path if room not in rooms]
    if unknown:
        return f"unknown room {unknown[0]!r}; rooms: {', '.join(rooms)}"
    if len(path) != len(rooms) + 1 or path[0] != start or path[-1] != start:
        return f"a tour has {len(rooms) + 1} stops from {start} back to {start}, not {len(path)}"
    missing = [room for room in rooms if room not in path]
    return f"a tour visits every room once; missing {', '.join(missing)}"


class Submit(BaseModel):
    """The formal action that ends a player's part: submit ``path`` as the final tour."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["submit"] = "submit"
    path: list[str] = Field(min_length=2, max_length=64)


@dataclass(frozen=True, eq=False)
class Board:
    """One board: rooms (start first) and each player's integer coin matrix."""

    board_id: str
    rooms: tuple[str, ...]
    weights: tuple[np.ndarray, np.ndarray]

    @property
    def start(self) -> str:
        return self.rooms[0]

    @property
    def names(self) -> dict[str, str]:
        return {r: ROOM_CATALOGUE[r] for r in self.rooms}

    @property
    def joint(self) -> np.ndarray:
        """USER + BOT coins per hallway."""
        return self.weights[USER] + self.weights[BOT]

    def index(self, room: str) -> int:
        return self.rooms.index(room)

    def edges(self, player: int) -> list[tuple[str, str, int]]:
        """``player``'s coins as (room, room, coins) triples in board order."""
        w = self.weights[player]
        n = len(self.rooms)
        return [(self.rooms[i], self.rooms[j], int(w[i, j])) for i in range(n) for j in range(i + 1, n)]

    def tour_indices(self, path: list[str]) -> list[int]:
        return [self.index(r) for r in path]

    def joint_score(self, path: list[str]) -> int:
        """Sum of both players' coins along ``path`` (any walk over board rooms)."""
        return int(tour_value(self.joint, self.tour_indices(path)))

    @functools.cached_property
    def optimum(self) -> int:
        """The maximum joint score over tours from the start room (exact Held-Karp)."""
        return int(round(solve_tsp_dp(self.joint, start=0, maximize=True).value))

    def is_tour(self, path: list[str]) -> bool:
        """True if ``path`` starts and ends at the start room and visits every room exactly once."""
        return is_tour(path, self.rooms, self.start)

    def percentile(self, path: list[str]) -> float:
        """Percentile rank (0-100) of a tour's joint score among all tours from the start room:
        the share of tours scoring at most as much. Exact up to 10 rooms, else a fixed-seed sample."""
        scores = _tour_score_distribution(self)
        value = self.joint_score(path)
        return float(100.0 * np.searchsorted(scores, value, side="right") / len(scores))


@functools.lru_cache(maxsize=64)
def _tour_score_distribution_cached(key: str, rooms: int, joint_bytes: bytes) -> np.ndarray:
    joint = np.frombuffer(joint_bytes, dtype=np.int64).reshape(rooms, rooms)
    rest = np.arange(1, rooms)
    if rooms <= _EXACT_PERCENTILE_MAX_ROOMS:
        perms = np.array(list(itertools.permutations(rest)), dtype=np.int64).reshape(-1, rooms - 1)
    else:
        rng = np.random.default_rng(0)
        perms = np.array([rng.permutation(rest) for _ in range(_PERCENTILE_SAMPLES)], dtype=np.int64)
    zeros = np.zeros((len(perms), 1), dtype=np.int64)
    tours = np.hstack([zeros, perms, zeros])
    scores = joint[tours[:, :-1], tours[:, 1:]].sum(axis=1)
    return np.sort(scores)


def _tour_score_distribution(board: Board) -> np.ndarray:
    joint = np.ascontiguousarray(board.joint, dtype=np.int64)
    return _tour_score_distribution_cached(board.board_id, len(board.rooms), joint.tobytes())


# ---------------------------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------------------------


def _matrix(rooms: tuple[str, ...], triples: list[list[Any]]) -> np.ndarray:
    n = len(rooms)
    w = np.zeros((n, n), dtype=np.int64)
    for u, v, c in triples:
        i, j = rooms.index(u), rooms.index(v)
        w[i, j] = w[j, i] = int(c)
    return w


@functools.lru_cache(maxsize=1)
def load_preset_boards() -> tuple[Board, ...]:
    """The paper's six preset 6-room boards (Table 7), shipped in ``games/data`` with provenance."""
    text = resources.files("games").joinpath("data/traveling_adventurers_boards_6.json").read_text()
    data = json.loads(text)
    rooms = tuple(data["rooms"])
    boards = []
    for entry in data["boards"]:
        user = _matrix(rooms, entry["weights"]["USER"])
        bot = _matrix(rooms, entry["weights"]["BOT"])
        boards.append(Board(f"preset-{entry['id']}", rooms, (user, bot)))
    return tuple(boards)


def preset_board(board_id: int) -> Board:
    """Preset board 1..6.

    Raises:
        ValueError: ``board_id`` is not 1..6.
    """
    boards = load_preset_boards()
    if not 1 <= board_id <= len(boards):
        raise ValueError(f"unknown preset board {board_id}; choose 1..{len(boards)}")
    return boards[board_id - 1]


def generate_weights(num_rooms: int, rng: np.random.Generator, deviation: float = 3.0) -> np.ndarray:
    """One player's coins following the paper's Appendix B.

    Weights are integers in 1..10 and sum to (1 + 10) * |E| / 2 (82 for 6 rooms, rounded down
    when |E| is odd). Edges are filled in a random order; each draws uniformly from the range
    around the remaining average (``target +- deviation``) clipped so that the edges still to come
    can always reach the total within 1..10.

    Args:
        num_rooms: number of rooms (>= 2).
        rng: the random generator.
        deviation: the allowed distance from the per-edge target.

    Returns:
        A symmetric integer matrix with zero diagonal.
    """
    pairs = [(i, j) for i in range(num_rooms) for j in range(i + 1, num_rooms)]
    total = (MIN_COINS + MAX_COINS) * len(pairs) // 2
    order = rng.permutation(len(pairs))
    w = np.zeros((num_rooms, num_rooms), dtype=np.int64)
    remaining = total
    for k, idx in enumerate(order):
        left_after = len(pairs) - k - 1
        target = remaining / (left_after + 1)
        low = max(MIN_COINS, remaining - MAX_COINS * left_after, math.floor(target - deviation))
        high = min(MAX_COINS, remaining - MIN_COINS * left_after, math.ceil(target + deviation))
        value = int(rng.integers(low, high + 1))
        i, j = pairs[idx]
        w[i, j] = w[j, i] = value
        remaining -= value
    return w


def generate_board(num_rooms: int, seed: int) -> Board:
    """A generated board of ``num_rooms`` rooms (L first), both players' coins per Appendix B.

    Raises:
        ValueError: ``num_rooms`` outside MIN_ROOMS..MAX_ROOMS.
    """
    if not MIN_ROOMS <= num_rooms <= MAX_ROOMS:
        raise ValueError(f"rooms must be between {MIN_ROOMS} and {MAX_ROOMS}, not {num_rooms}")
    rng = np.random.default_rng([seed, num_rooms])
    rooms = tuple(ROOM_CATALOGUE)[:num_rooms]
    return Board(
        f"generated-{num_rooms}-{seed}", rooms, (generate_weights(num_rooms, rng), generate_weights(num_rooms, rng))
    )


# ---------------------------------------------------------------------------------------------
# Observation, game and state
# ---------------------------------------------------------------------------------------------


class TravelingAdventurersObservation(Observation):
    """One player's view: its own coins, the rooms, and the public chat and submissions."""

    coin_kind: str
    partner_coin_kind: str
    rooms: dict[str, str]
    start: str
    own_coins: list[tuple[str, str, int]]
    chat: list[ChatLine[Submit]]
    own_submission: list[str] | None
    partner_submission: list[str] | None
    turns_left: int
    current_player: int


class TravelingAdventurersMetrics(GameMetrics):
    """The per-game metrics of Traveling Adventurers (the paper's Identical / Correct / Optimal)."""

    payoff: ClassVar[str] = "joint_score"

    board: str = Field(description="the board's id (record only)")
    rooms: int = Field(description="rooms on the board (record only)")
    identical: bool = metric("binary", "both players submitted the same path", label="Identical")
    correct: bool = metric(
        "binary", "identical, and a tour: from the start room through every room once and back", label="Correct"
    )
    optimal: bool = metric("binary", "correct, and its joint score is the board's optimum", label="Optimal")
    joint_score: int = metric("count", "joint coins of the agreed tour (0 unless correct)")
    optimum: int = Field(description="the board's best joint score (record only)")
    score: float = metric("continuous", "percentile rank 0-100 of the agreed tour among all tours (0 unless correct)")
    timeout: bool = metric("binary", "the turns ran out before both players submitted")
    turns: int = metric("count", "turns played")
    words: int = metric("count", "words of chat, both players")
    submissions: dict[str, list[str] | None] = Field(description="each player's submitted path (record only)")


class TravelingAdventurersGame(Game):
    """The game; a board is fixed by ``board`` (1..6), generated with ``rooms``, or, by default,
    one of the six presets drawn from the seed (the paper's self-play protocol).

    Raises:
        ValueError: both ``board`` and ``rooms`` given, or either out of range.
    """

    def __init__(
        self,
        board: int | None = None,
        rooms: int | None = None,
        max_turns_per_player: int = MAX_TURNS_PER_PLAYER,
    ) -> None:
        if board is not None and rooms is not None:
            raise ValueError("give a preset board or a number of rooms, not both")
        if board is not None:
            preset_board(board)
        if rooms is not None and not MIN_ROOMS <= rooms <= MAX_ROOMS:
            raise ValueError(f"rooms must be between {MIN_ROOMS} and {MAX_ROOMS}, not {rooms}")
        if max_turns_per_player < 1:
            raise ValueError("max_turns_per_player must be at least 1")
        self.board_choice = board
        self.rooms_choice = rooms
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=2,
            player_names=PLAYER_NAMES,
            first_player=USER,
            max_turns_per_player=max_turns_per_player,
            information="asymmetric: each player sees only its own coins; chat and submissions are public",
            description="two-player TSP: agree on one round trip maximizing both players' coins",
        )

    def board_for_seed(self, seed: int) -> Board:
        """The board a game with ``seed`` is played on."""
        if self.board_choice is not None:
            return preset_board(self.board_choice)
        if self.rooms_choice is not None:
            return generate_board(self.rooms_choice, seed)
        rng = np.random.default_rng([seed, 6])
        return load_preset_boards()[int(rng.integers(len(load_preset_boards())))]

    def new_initial_state(self, seed: int) -> TravelingAdventurersState:
        return TravelingAdventurersState(self, self.board_for_seed(seed))


class TravelingAdventurersState(State):
    """A position of Traveling Adventurers."""

    def __init__(self, game: TravelingAdventurersGame, board: Board) -> None:
        super().__init__(game)
        self.board = board
        self.submissions: list[list[str] | None] = [None, None]

    # ---- queries ----------------------------------------------------------------------------
    @property
    def turns_taken(self) -> int:
        return len(self.history)

    def _turn_limit_reached(self) -> bool:
        return self.turns_taken >= self.game.facts.num_players * self.game.facts.max_turns_per_player

    def is_terminal(self) -> bool:
        return all(s is not None for s in self.submissions) or self._turn_limit_reached()

    @property
    def current_player(self) -> int:
        if self.is_terminal():
            return -1
        return (self.game.facts.first_player + self.turns_taken) % 2

    def observation(self, player: int) -> TravelingAdventurersObservation:
        if player not in (USER, BOT):
            raise ValueError(f"no player {player}; players are 0 (USER) and 1 (BOT)")
        used = sum(1 for r in self.history if r.player == player)
        return TravelingAdventurersObservation(
            seat=player,
            role=PLAYER_NAMES[player],
            coin_kind=COIN_KINDS[player],
            partner_coin_kind=COIN_KINDS[1 - player],
            rooms=self.board.names,
            start=self.board.start,
            own_coins=self.board.edges(player),
            chat=[
                ChatLine(
                    seat=r.player,
                    speaker=PLAYER_NAMES[r.player],
                    message=r.turn.message,
                    action=next((a for a in r.turn.actions if isinstance(a, Submit)), None),
                )
                for r in self.history
            ],
            own_submission=self.submissions[player],
            partner_submission=self.submissions[1 - player],
            turns_left=self.game.facts.max_turns_per_player - used,
            current_player=self.current_player,
        )

    def legal_actions(self, player: int) -> list[str]:
        if self.is_terminal() or player != self.current_player or self.submissions[player] is not None:
            return []
        return ["submit(path): a list of room letters, e.g. " + "".join(self.board.rooms) + self.board.start]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0, 0.0]
        m = self.metrics()
        value = float(m.joint_score) if m.correct else 0.0
        return [value, value]

    def metrics(self) -> TravelingAdventurersMetrics:
        user, bot = self.submissions
        identical = user is not None and user == bot
        tour = user if identical and user is not None and self.board.is_tour(user) else None
        joint = self.board.joint_score(tour) if tour is not None else 0
        messages = [r.turn.message for r in self.history]
        return TravelingAdventurersMetrics(
            board=self.board.board_id,
            rooms=len(self.board.rooms),
            identical=bool(identical),
            correct=tour is not None,
            optimal=tour is not None and joint == self.board.optimum,
            joint_score=int(joint),
            optimum=int(self.board.optimum),
            score=round(self.board.percentile(tour), 2) if tour is not None else 0.0,
            timeout=not all(s is not None for s in self.submissions),
            turns=len(self.history),
            words=sum(len(m.split()) for m in messages),
            submissions={PLAYER_NAMES[p]: s for p, s in enumerate(self.submissions)},
        )

    def clone(self) -> TravelingAdventurersState:
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin.submissions = list(self.submissions)
        return twin

    # ---- turns ------------------------------------------------------------------------------
    def _validate(self, turn: Turn) -> None:
        player = self.current_player
        submits = []
        for action in turn.actions:
            if not isinstance(action, Submit):
                raise IllegalTurnError(f"unknown action {type(action).__name__}; the only action is Submit(path)")
            submits.append(action)
        if len(submits) > 1:
            raise IllegalTurnError("at most one submission per turn")
        if submits:
            if self.submissions[player] is not None:
                raise IllegalTurnError(f"{PLAYER_NAMES[player]} has already submitted a path")
            unknown = [r for r in submits[0].path if r not in self.board.rooms]
            if unknown:
                raise IllegalTurnError(f"unknown room {unknown[0]!r}; rooms are {', '.join(self.board.rooms)}")

    def _apply(self, turn: Turn) -> None:
        player = self.current_player
        for action in turn.actions:
            self.submissions[player] = list(action.path)
        self.history.append(TurnRecord(player, turn))

    # ---- conformance hooks --------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        words = ["let's", "go", "to", "the", "kitchen", "coins", "maybe", "ok", "hmm", "next"]
        message = " ".join(rng.choice(words, size=int(rng.integers(0, 8))))
        actions: tuple[Submit, ...] = ()
        if self.submissions[self.current_player] is None and rng.random() < 0.2:
            middle = list(rng.permutation(self.board.rooms[1:]))
            actions = (Submit(path=[self.board.start, *middle, self.board.start]),)
        return Turn(message=message, actions=actions)

    def illegal_turns(self) -> list[Turn]:
        start = self.board.start
        bad = [
            Turn(actions=(Submit(path=[start, "Z", start]),)),
            Turn(actions=("submit everything",)),
            Turn(
                actions=(Submit(path=list(self.board.rooms) + [start]), Submit(path=list(self.board.rooms) + [start]))
            ),
        ]
        if self.submissions[self.current_player] is not None:
            bad.append(Turn(actions=(Submit(path=list(self.board.rooms) + [start]),)))
        return bad

    def private_data(self, player: int) -> Any:
        return [list(e) for e in self.board.edges(player)]

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> TravelingAdventurersState:
        weights = list(self.board.weights)
        weights[player] = generate_weights(len(self.board.rooms), rng)
        board = Board(f"{self.board.board_id}-resampled", self.board.rooms, (weights[0], weights[1]))
        twin = self.clone()
        twin.board = board
        return twin

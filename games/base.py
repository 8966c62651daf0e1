"""The Game / State contract every Accord environment follows, and the shared conformance checker.

After OpenSpiel's split: an immutable :class:`Game` holds the facts of a game (players, who moves
first, turn limit, information structure) and makes states; a :class:`State` is one position of
play. Public methods validate; a refused turn raises :class:`IllegalTurnError` and leaves the state
exactly as it was.

A *turn* is a chat message plus optional formal game actions (a submitted tour, a maze move, a
proposal ...). The partner sees the message and the formal actions, never the other's private view.

:func:`check_game` is the conformance suite run over every registered game (see
``agent.registry``): random legal play terminates, the same seed replays the same trajectory, an
observation never depends on (or contains) the other player's private data, illegal or malformed
turns are refused with a one-line error and no change of state, the metrics are a typed
:class:`GameMetrics` model, and ``returns()`` keeps its contract (:meth:`State.returns`) at every state.

:class:`GameMetrics` is the typed schema of a game's per-game metrics: each game declares a subclass
whose fields are either summarized metrics, declared with :func:`metric` and one of
:data:`METRIC_KINDS`, or record-only data (texts, tours, instance facts) that results store but never
summarize. The summarizer reads the declared kinds (:meth:`GameMetrics.kinds`) instead of guessing.
"""

from __future__ import annotations

import json
import math
import types
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar, Union, get_args, get_origin

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, model_validator
from pydantic.fields import FieldInfo

MAX_MESSAGE_CHARS = 4000
"""Longest chat message a state accepts; longer input is refused, not truncated silently."""


MetricKind = Literal["binary", "continuous", "count", "per_seat", "per_round"]
"""How a declared metric is typed and summarized:

========== ============================== ==========================================================
kind       value                          summarized as
========== ============================== ==========================================================
binary     ``bool``                       share, Wilson 95% interval
continuous ``float``                      mean, seeded bootstrap 95% interval
count      ``int``                        mean, seeded bootstrap 95% interval
per_seat   ``list`` of numbers, one per   one metric per seat, ``name.0``, ``name.1`` ...: Wilson
           seat                           for ``list[bool]``, else bootstrap
per_round  ``list`` of a :class:`GameMetrics` one metric per declared field of the round model,
           model, one per round           ``name.field``, pooled over every round, with that
                                          field's own kind
========== ============================== ==========================================================

A value of ``None`` (an optional metric that does not apply, e.g. the turns to solve an unsolved
puzzle) is not an observation.
"""

METRIC_KINDS: tuple[str, ...] = get_args(MetricKind)
RewardTiming = Literal["at_end", "running"]
"""When a game pays its players (:attr:`GameFacts.rewards`)."""
Interval = Literal["binary", "continuous", "ratio"]
"""The interval method of a summarized metric: Wilson (``binary``), bootstrap of the mean
(``continuous``), or paired bootstrap of a ratio of sums over games (``ratio``)."""

_SCALAR_TYPES: dict[str, type] = {"binary": bool, "continuous": float, "count": int}


def metric(
    kind: MetricKind,
    description: str,
    *,
    seats: int | None = None,
    total: bool = False,
    label: str = "",
    **field: Any,
) -> Any:
    """Declare a summarized metric field of a :class:`GameMetrics` model.

    Args:
        kind: one of :data:`METRIC_KINDS`; it must agree with the field's annotation (``binary``:
            ``bool``, ``continuous``: ``float``, ``count``: ``int``, each optionally ``| None``;
            ``per_seat``: ``list[bool | int | float]``; ``per_round``: ``list[<GameMetrics model>]``).
        description: what the metric measures (shown by :meth:`GameMetrics.describe`).
        seats: ``per_seat`` only: the number of seats (default: the model's ``num_seats``).
        total: ``per_seat`` only: also summarize the sum over the seats, under the field's own name
            (e.g. the words of all players together).
        label: a short column heading for tables and plots (default: the metric's name).
        field: further :func:`pydantic.Field` arguments (``default``, ``ge`` ...).

    Returns:
        The pydantic field (typed ``Any`` so that it is assignable to the field's annotation).

    Raises:
        ValueError: an unknown kind, or ``seats`` or ``total`` given to a kind other than ``per_seat``.
    """
    if kind not in METRIC_KINDS:
        raise ValueError(f"unknown metric kind {kind!r}; known: {', '.join(METRIC_KINDS)}")
    for given, what in ((seats is not None, "seats"), (total, "total")):
        if given and kind != "per_seat":
            raise ValueError(f"{what} applies to per_seat metrics, not to {kind}")
    extra: dict[str, Any] = {"kind": kind}
    if seats is not None:
        extra["seats"] = seats
    if total:
        extra["total"] = True
    if label:
        extra["label"] = label
    return Field(description=description, json_schema_extra=extra, **field)


@dataclass(frozen=True)
class MetricInfo:
    """One summarized metric of a :class:`GameMetrics` model, flattened (``words.0``, ``per_round.success``).

    Attributes:
        name: the metric's name in summaries.
        kind: the declared kind (:data:`METRIC_KINDS`; a ``per_round`` metric gives its round
            field's kind).
        interval: ``binary`` (Wilson interval), ``continuous`` (bootstrap interval) or ``ratio``
            (paired bootstrap of a ratio of sums).
        description: the declared description.
        label: the declared short heading ('' when none: tables show the name).
    """

    name: str
    kind: str
    interval: Interval
    description: str
    label: str = ""

    @property
    def heading(self) -> str:
        """The column heading of tables and plots: the declared label, else the name."""
        return self.label or self.name


class GameMetrics(BaseModel):
    """The typed per-game metrics of a game; each game subclasses it beside its state.

    Fields declared with :func:`metric` are summarized by their kind; other fields are record-only
    data, stored with the game but never summarized. ``model_dump(mode="json")`` is what a result row
    stores. A subclass whose annotations disagree with the declared kinds fails at class creation.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    num_seats: ClassVar[int] = 2
    """Entries of a ``per_seat`` metric declared without ``seats``."""

    ratios: ClassVar[dict[str, tuple[str, str]]] = {}
    """Derived summaries: name -> (numerator field, denominator field), summarized as the ratio of
    their sums over the games (a paired bootstrap interval), e.g. turns over the oracle's turns of
    every round played. Either field may be record-only; both are numbers in every game."""

    payoff: ClassVar[str] = ""
    """The field holding the game's payoff (a number or a bool): at the end every player's return
    equals it (:meth:`State.returns`). Every game declares it; :func:`check_game` checks it."""

    success_turns: ClassVar[dict[str, str]] = {}
    """Binary metric -> the field holding the turn at which it came true (``None`` when it did not):
    the success-at-turn-K curves (:func:`agent.summaries.by_turn`). A binary metric not named here
    is placed at the game's ``turns``."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        for name, info in cls.model_fields.items():
            kind = _declared_kind(info)
            if kind is not None:
                _check_annotation(cls, name, kind, info)

    @classmethod
    def describe(cls) -> list[MetricInfo]:
        """Every summarized metric, flattened, in field order (for tables and the summarizer).

        Returns:
            One entry per summarized name: a scalar metric gives one, a ``per_seat`` metric one per
            seat (``words.0`` ...), a ``per_round`` metric one per declared field of its round model
            (``per_round.success`` ...). Record-only fields give none.
        """
        out: list[MetricInfo] = []
        for name, info in cls.model_fields.items():
            kind = _declared_kind(info)
            description = info.description or ""
            extra = info.json_schema_extra if isinstance(info.json_schema_extra, dict) else {}
            label = str(extra.get("label", ""))
            if kind is None:
                continue
            if kind == "per_round":
                rounds = _round_model(info.annotation)
                assert rounds is not None  # checked at class creation
                for sub in rounds.describe():
                    out.append(MetricInfo(f"{name}.{sub.name}", sub.kind, sub.interval, sub.description, sub.label))
            elif kind == "per_seat":
                element = _per_seat_element(info.annotation)
                interval: Interval = "binary" if element is bool else "continuous"
                if extra.get("total"):
                    out.append(MetricInfo(name, kind, "continuous", f"{description} (all seats together)", label))
                for seat in range(cls.seats_of(name)):
                    out.append(MetricInfo(f"{name}.{seat}", kind, interval, f"{description} (seat {seat})"))
            else:
                out.append(MetricInfo(name, kind, "binary" if kind == "binary" else "continuous", description, label))
        for name, (numerator, denominator) in cls.ratios.items():
            out.append(MetricInfo(name, "ratio", "ratio", f"sum of {numerator} over sum of {denominator}"))
        return out

    @classmethod
    def totals(cls) -> list[str]:
        """The ``per_seat`` metrics declared with ``total=True`` (summarized also as their sum)."""
        return [
            name
            for name, info in cls.model_fields.items()
            if isinstance(info.json_schema_extra, dict) and info.json_schema_extra.get("total")
        ]

    @classmethod
    def info(cls, name: str) -> MetricInfo | None:
        """The summarized metric ``name`` (flattened, as in :meth:`describe`), or None."""
        return next((m for m in cls.describe() if m.name == name), None)

    @classmethod
    def kinds(cls) -> dict[str, Interval]:
        """Summarized metric name -> interval method (``binary``: Wilson, ``continuous``: bootstrap);
        the mapping :func:`agent.summaries.summarize` takes. Declared kinds are in :meth:`describe`."""
        return {m.name: m.interval for m in cls.describe()}

    @classmethod
    def seats_of(cls, name: str) -> int:
        """The number of seats of the ``per_seat`` field ``name``."""
        extra = cls.model_fields[name].json_schema_extra
        seats = extra.get("seats") if isinstance(extra, dict) else None
        return seats if isinstance(seats, int) else cls.num_seats

    @model_validator(mode="after")
    def check_seats(self) -> GameMetrics:
        """A ``per_seat`` metric holds one entry per seat."""
        for name, info in type(self).model_fields.items():
            if _declared_kind(info) == "per_seat":
                value = getattr(self, name)
                if value is not None and len(value) != self.seats_of(name):
                    raise ValueError(f"{name} must have one entry per seat ({self.seats_of(name)}), not {len(value)}")
        return self


def _declared_kind(info: FieldInfo) -> str | None:
    extra = info.json_schema_extra
    kind = extra.get("kind") if isinstance(extra, dict) else None
    return kind if isinstance(kind, str) else None


def _without_none(annotation: Any) -> Any:
    """``X`` for ``X | None`` (and ``Optional[X]``), else the annotation itself."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [a for a in get_args(annotation) if a is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def _per_seat_element(annotation: Any) -> Any:
    inner = _without_none(annotation)
    args = get_args(inner)
    return args[0] if get_origin(inner) is list and len(args) == 1 else None


def _round_model(annotation: Any) -> type[GameMetrics] | None:
    element = _per_seat_element(annotation)
    return element if isinstance(element, type) and issubclass(element, GameMetrics) else None


def _check_annotation(cls: type[GameMetrics], name: str, kind: str, info: FieldInfo) -> None:
    """Refuse a declared kind its field's annotation does not have (at class creation)."""
    where = f"{cls.__name__}.{name}"
    if kind in _SCALAR_TYPES:
        if _without_none(info.annotation) is not _SCALAR_TYPES[kind]:
            raise TypeError(f"{where}: a {kind} metric must be {_SCALAR_TYPES[kind].__name__} (or | None)")
    elif kind == "per_seat":
        if _per_seat_element(info.annotation) not in (bool, int, float):
            raise TypeError(f"{where}: a per_seat metric must be a list of bool, int or float")
    else:
        rounds = _round_model(info.annotation)
        if rounds is None:
            raise TypeError(f"{where}: a per_round metric must be a list of a GameMetrics model")
        nested = [m.name for m in rounds.describe() if m.kind not in _SCALAR_TYPES]
        if nested:
            raise TypeError(f"{where}: a round model declares only binary, continuous or count metrics, not {nested}")


class IllegalTurnError(ValueError):
    """A turn the rules refuse (wrong player, illegal action, malformed input). One-line message."""


class Turn(BaseModel):
    """One move of a player: a chat message plus optional formal actions (game-specific models)."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    message: str = ""
    actions: tuple[Any, ...] = ()


ShownT = TypeVar("ShownT", bound=BaseModel)


class ChatLine(BaseModel, Generic[ShownT]):
    """One public chat line, the one type every game's chat is made of: the seat that wrote it,
    that seat's role name, the message and the public formal move shown with it.

    ``action`` is a game's own pydantic model of what the line shows of the turn's formal actions
    (a submitted tour, a maze move, a proposal and its response), or ``None`` when it shows none.
    A game's observation declares its chat as ``list[ChatLine[ItsModel]]``, so that an observation
    read back from its JSON (a browser's view, a log) holds the same models it was written from.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    speaker: str
    message: str
    action: SerializeAsAny[ShownT] | None = None


class Observation(BaseModel):
    """What every game's observation holds: the observing seat, its role name and the public chat.

    Each game's observation extends it with its private view. ``player`` is the seat under the name
    the games' rules use.
    """

    model_config = ConfigDict(frozen=True)

    seat: int
    role: str
    chat: Sequence[ChatLine]

    @property
    def player(self) -> int:
        """The observing seat (the name the games' rules use)."""
        return self.seat


@dataclass(frozen=True)
class GameFacts:
    """What a game declares about itself (shown by ``accord games`` and used by the referee)."""

    game_id: str
    num_players: int
    player_names: tuple[str, ...]
    first_player: int
    max_turns_per_player: int
    information: str
    description: str = ""
    rewards: RewardTiming = "at_end"
    """When the game pays: ``at_end`` (``returns()`` is zeros until the game is over) or ``running``
    (rewards fall during play, e.g. per treasure found or soup delivered); see :meth:`State.returns`."""


@dataclass(frozen=True)
class TurnRecord:
    """One entry of a state's public history."""

    player: int
    turn: Turn


class Game(ABC):
    """An immutable game: facts plus a factory of initial states."""

    facts: GameFacts

    @abstractmethod
    def new_initial_state(self, seed: int) -> State:
        """The initial state for ``seed`` (boards, hidden data and chance are drawn from it)."""


class State(ABC):
    """One position of a game. Subclasses implement the ``_``-prefixed hooks; the public methods
    here validate, so every game refuses bad turns in the same way."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[TurnRecord] = []

    # ---- public, validating API -------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to move, or -1 when the game is over."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over (solved, failed or timed out)."""

    @abstractmethod
    def returns(self) -> list[float]:
        """The total reward each player has received so far (OpenSpiel's contract), one finite float
        per player.

        A game that pays only at the end (``facts.rewards == "at_end"``) returns zeros until the game
        is over; a ``running`` game returns the sum of the rewards paid so far. At a terminal state it
        is the game's payoff, the value of its metrics' declared :attr:`GameMetrics.payoff` field for
        every player (Accord's games are cooperative). A refused turn does not change it, and the
        same seed and turns give the same returns. The PettingZoo adapter pays the differences
        between consecutive returns as step rewards. :func:`check_game` checks all of this.
        """

    @abstractmethod
    def observation(self, player: int) -> BaseModel:
        """``player``'s private view: its own hidden data plus the public history, nothing else."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[str]:
        """Human-readable descriptions of the formal actions ``player`` may take now."""

    @abstractmethod
    def metrics(self) -> GameMetrics:
        """The game's per-game metrics (meaningful once terminal); a result row stores
        ``metrics().model_dump(mode="json")``."""

    @abstractmethod
    def clone(self) -> State:
        """An independent deep copy."""

    def apply(self, turn: Turn) -> None:
        """Play ``turn`` for the current player.

        Raises:
            IllegalTurnError: the game is over, the input is malformed or the rules refuse an action;
                the state is left unchanged.
        """
        self._check(turn)
        self._apply(turn)

    def refusal(self, turn: Turn) -> str | None:
        """Why :meth:`apply` would refuse ``turn`` (its one-line error), or None when it would play it;
        the state is not changed (action masks are computed with it)."""
        try:
            self._check(turn)
        except IllegalTurnError as err:
            return str(err)
        return None

    def _check(self, turn: Turn) -> None:
        if self.is_terminal():
            raise IllegalTurnError("the game is over; no more turns are accepted")
        if not isinstance(turn, Turn):
            raise IllegalTurnError(f"a turn must be a Turn, not {type(turn).__name__}")
        if len(turn.message) > MAX_MESSAGE_CHARS:
            raise IllegalTurnError(f"message too long ({len(turn.message)} > {MAX_MESSAGE_CHARS} chars)")
        self._validate(turn)

    # ---- hooks for subclasses -------------------------------------------------------------
    @abstractmethod
    def _validate(self, turn: Turn) -> None:
        """Raise :class:`IllegalTurnError` if the rules refuse ``turn``; must not change state."""

    @abstractmethod
    def _apply(self, turn: Turn) -> None:
        """Carry out a validated turn."""

    # ---- conformance hooks ---------------------------------------------------------------
    @abstractmethod
    def random_turn(self, rng: np.random.Generator) -> Turn:
        """A random legal turn for the current player (used by the conformance checker)."""

    @abstractmethod
    def illegal_turns(self) -> list[Turn]:
        """Game-specific turns the rules must refuse in this state (for the conformance checker)."""

    @abstractmethod
    def private_data(self, player: int) -> Any:
        """``player``'s hidden information as JSON-able data (for leak checks)."""

    def private_data_hidden_from(self, player: int) -> list[int]:
        """The seats that must never observe ``player``'s private data: every other seat (a game
        where the others see what a player does not, like a hand held facing outwards, says so)."""
        return [seat for seat in range(self.game.facts.num_players) if seat != player]

    @abstractmethod
    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> State:
        """A copy whose ``player`` hidden data is redrawn, consistently with the public history
        (which is kept)."""


# ---------------------------------------------------------------------------------------------
# Conformance
# ---------------------------------------------------------------------------------------------


class ConformanceError(AssertionError):
    """A game broke the Game / State contract; the message says which rule and where."""


@dataclass
class ConformanceReport:
    """What :func:`check_game` verified."""

    game_id: str
    games_played: int = 0
    turns_played: int = 0
    illegal_turns_refused: int = 0
    checks: list[str] = field(default_factory=list)


def _canonical(obj: BaseModel | Any) -> str:
    data = obj.model_dump(mode="json") if isinstance(obj, BaseModel) else obj
    return json.dumps(data, sort_keys=True, default=str)


def _contains(haystack: Any, needle: Any) -> bool:
    """True if ``needle`` (a JSON value) occurs as a sub-value anywhere in ``haystack``."""
    if haystack == needle:
        return True
    if isinstance(haystack, dict):
        return any(_contains(v, needle) for v in haystack.values())
    if isinstance(haystack, (list, tuple)):
        return any(_contains(v, needle) for v in haystack)
    return False


def _refuse(state: State, turn: Turn, report: ConformanceReport, where: str) -> None:
    before = _canonical_state(state)
    try:
        state.apply(turn)
    except IllegalTurnError as err:
        text = str(err)
        if not text or "\n" in text:
            raise ConformanceError(f"{where}: refusal message must be one non-empty line: {text!r}") from err
    except Exception as err:
        raise ConformanceError(f"{where}: bad turn {turn!r} raised {type(err).__name__}, not IllegalTurnError") from err
    else:
        raise ConformanceError(f"{where}: illegal turn {turn!r} was accepted")
    if _canonical_state(state) != before:
        raise ConformanceError(f"{where}: refused turn {turn!r} changed the state")
    report.illegal_turns_refused += 1


def _canonical_state(state: State) -> str:
    players = range(state.game.facts.num_players)
    return json.dumps(
        {
            # a refused turn could only append to or rewrite the end of the history; comparing its
            # length and last entries keeps the check linear in the game's length
            "history": [len(state.history)]
            + [(r.player, r.turn.message, repr(r.turn.actions)) for r in state.history[-3:]],
            "obs": [_canonical(state.observation(p)) for p in players],
            "current": state.current_player,
            "terminal": state.is_terminal(),
            "returns": state.returns(),
        },
        sort_keys=True,
    )


def _check_returns(state: State, where: str) -> list[float]:
    """The returns of ``state``, checked against the contract of :meth:`State.returns`."""
    facts = state.game.facts
    values = state.returns()
    if len(values) != facts.num_players or not all(isinstance(v, float) and math.isfinite(v) for v in values):
        raise ConformanceError(f"{where}: returns() must be one finite float per player, not {values!r}")
    if facts.rewards == "at_end" and not state.is_terminal() and any(values):
        raise ConformanceError(f"{where}: a game that pays at the end returns zeros before it, not {values!r}")
    return values


def _check_payoff(state: State, metrics: GameMetrics, where: str) -> None:
    """At the end every player's return is the payoff the metrics declare (:attr:`GameMetrics.payoff`)."""
    name = type(metrics).payoff
    if name not in type(metrics).model_fields:
        raise ConformanceError(f"{where}: {type(metrics).__name__} must declare its payoff field (payoff = 'name')")
    payoff = float(getattr(metrics, name))
    if state.returns() != [payoff] * state.game.facts.num_players:
        raise ConformanceError(f"{where}: returns() at the end {state.returns()} is not the payoff {name}={payoff}")


def _play_random(
    game: Game, seed: int, report: ConformanceReport, check_illegal: bool
) -> tuple[State, list[list[float]]]:
    facts = game.facts
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    limit = facts.num_players * facts.max_turns_per_player
    where = f"{facts.game_id} seed {seed}"
    steps = 0
    trace = [_check_returns(state, where)]
    while not state.is_terminal():
        if steps > limit:
            raise ConformanceError(f"{where}: not terminal after {steps} turns (limit {limit})")
        player = state.current_player
        if not 0 <= player < facts.num_players:
            raise ConformanceError(f"{where}: bad current_player {player} in a live state")
        if check_illegal:
            for bad in state.illegal_turns():
                _refuse(state, bad, report, f"{where} turn {steps}")
        state.apply(state.random_turn(rng))
        steps += 1
        trace.append(_check_returns(state, f"{where} turn {steps}"))
    report.turns_played += steps
    report.games_played += 1
    if state.current_player != -1:
        raise ConformanceError(f"{where}: terminal state must have current_player == -1")
    metrics = state.metrics()
    if not isinstance(metrics, GameMetrics):
        raise ConformanceError(f"{where}: metrics() must return a GameMetrics model, not {type(metrics).__name__}")
    if type(metrics).model_validate_json(metrics.model_dump_json()) != metrics:
        raise ConformanceError(f"{where}: metrics() must survive its own JSON round trip")
    _check_payoff(state, metrics, where)
    _refuse(state, Turn(message="hello"), report, f"{where} after the end")
    return state, trace


def _trajectory(state: State) -> str:
    return json.dumps(
        [(r.player, r.turn.message, repr(r.turn.actions)) for r in state.history]
        + [state.returns(), state.metrics().model_dump(mode="json")],
        sort_keys=True,
        default=str,
    )


def _check_no_leak(game: Game, seed: int) -> None:
    """Observations never contain, nor depend on, a player's private data where it is hidden.

    At every position of a short random game, each player's secret is redrawn with the public
    history kept (``with_private_data_resampled``, which draws only secrets consistent with that
    history); the observation of every seat it is hidden from (``private_data_hidden_from``: the
    other players, unless the game says otherwise) must not change, nor contain the secret.
    """
    facts = game.facts
    where = f"{facts.game_id} seed {seed}"
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed + 1)
    for step in range(7):
        for owner in range(facts.num_players):
            secret = state.private_data(owner)
            twin = state.with_private_data_resampled(owner, np.random.default_rng([seed, step, owner]))
            for viewer in state.private_data_hidden_from(owner):
                seen = state.observation(viewer)
                if secret not in (None, [], {}) and _contains(seen.model_dump(mode="json"), secret):
                    raise ConformanceError(f"{where}: player {viewer} observes player {owner}'s private data")
                if _canonical(twin.observation(viewer)) != _canonical(seen):
                    raise ConformanceError(
                        f"{where} turn {step}: player {viewer}'s observation changes with player {owner}'s private data"
                    )
        if state.is_terminal():
            break
        state.apply(state.random_turn(rng))


def check_game(game: Game, seeds: range | list[int] = range(5)) -> ConformanceReport:
    """Run the shared conformance checks on ``game``.

    Args:
        game: the game to check.
        seeds: the seeds to play random games with.

    Returns:
        A report of what was checked.

    Raises:
        ConformanceError: the first violated rule, with the game id and seed.
    """
    report = ConformanceReport(game_id=game.facts.game_id)
    for seed in seeds:
        first, first_returns = _play_random(game, seed, report, check_illegal=True)
        second, second_returns = _play_random(game, seed, report, check_illegal=False)
        if _trajectory(first) != _trajectory(second) or first_returns != second_returns:
            raise ConformanceError(f"{game.facts.game_id} seed {seed}: same seed, different trajectory")
        original = game.new_initial_state(seed)
        before = _canonical_state(original)
        clone = original.clone()
        clone_rng = np.random.default_rng(seed)
        for _ in range(3):
            if not clone.is_terminal():
                clone.apply(clone.random_turn(clone_rng))
        if _canonical_state(original) != before:
            raise ConformanceError(f"{game.facts.game_id} seed {seed}: playing a clone changed the original")
        _check_no_leak(game, seed)
        state = game.new_initial_state(seed)
        _refuse(state, "not a turn", report, f"{game.facts.game_id} seed {seed}")  # type: ignore[arg-type]
        _refuse(state, Turn(message="x" * (MAX_MESSAGE_CHARS + 1)), report, f"{game.facts.game_id} seed {seed}")
    report.checks = [
        "random legal play terminates within the turn limit",
        "same seed gives the same trajectory",
        "clone() is independent",
        "observations neither contain nor depend on the partner's private data",
        "illegal and malformed turns are refused with a one-line error, state unchanged",
        "metrics() is a typed GameMetrics model that survives its JSON round trip",
        "returns() is one finite float per player at every state, zeros before the end of a game that pays"
        " at the end, unchanged by a refused turn, the same for the same seed, and the declared payoff at the end",
    ]
    return report

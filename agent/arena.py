"""The referee loop and evaluation runners: ``play_game`` and self-play over many seeds.

One loop (:func:`play_game`) plays every game, evaluations and a person's terminal play alike: it
asks the seat to move for a turn and applies it. If the rules refuse an agent's turn it records the
error and plays the message alone (so a faulty agent costs its own game, never the run); a seat that
asks again (a person) is told why and asked again. Summaries are the result
store's (:func:`agent.summaries.summarize`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from agent.limits import SEED_STRIDE
from agent.registry import AgentSpec, Registry, default_registry
from games.base import Game, IllegalTurnError, State, Turn
from language.llm_client import LLMConfig, LLMUsage


@dataclass
class GameRecord:
    """The outcome of one game: metrics, returns, the transcript and any refused turns."""

    game_id: str
    seed: int
    agents: list[str]
    metrics: dict[str, Any]
    returns: list[float]
    transcript: list[dict[str, Any]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)
    llm: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


class Seat(Protocol):
    """Whoever plays a seat in :func:`play_game`: an agent (:class:`PipelineAgent`) or a person.

    Attributes:
        name: the agent's name for the record.
    """

    name: str

    def reset(self, rng: np.random.Generator) -> None:
        """Get ready for a new game; its randomness comes from ``rng``."""

    def act(self, observation: Any) -> Turn | None:
        """This seat's turn; None when the seat leaves (the game stops unfinished)."""


@runtime_checkable
class AsksAgain(Protocol):
    """A seat that, when the rules refuse its turn, is told why and moves again (a person)."""

    def refused(self, error: IllegalTurnError) -> None:
        """Show why the turn was refused."""


REFUSED_MESSAGE_CHARS = 2000
"""How much of a refused agent turn's message is still played (its actions are dropped)."""


def apply_agent_turn(state: State, turn: Turn) -> tuple[Turn, IllegalTurnError | None]:
    """Apply an agent's ``turn``; when the rules refuse it, apply its message alone (the first
    :data:`REFUSED_MESSAGE_CHARS` characters), so a faulty agent costs its own game, never the run.

    Returns:
        The turn played and the refusal, if there was one.
    """
    try:
        state.apply(turn)
    except IllegalTurnError as err:
        played = Turn(message=turn.message[:REFUSED_MESSAGE_CHARS])
        state.apply(played)
        return played, err
    return turn, None


def agent_rng(seed: int, player: int) -> np.random.Generator:
    """The generator of ``player`` in the game with ``seed`` (independent of every other stream)."""
    return np.random.default_rng([seed, player, 0xACC0])


def play_game(
    game: Game,
    agents: Sequence[Seat],
    seed: int,
    start: State | None = None,
    stop: Callable[[State], bool] | None = None,
    on_turn: Callable[[State, int, Turn], None] | None = None,
) -> GameRecord:
    """Play one game of ``game`` between ``agents`` (index = player) from ``seed``.

    Args:
        agents: one seat each: agents, or a person (a seat that returns None leaves, and the game
            stops unfinished; one that implements :class:`AsksAgain` moves again after a refusal).
        start: the position to play from (default: the game's initial state for ``seed``); it is
            played on, not copied.
        stop: checked before every turn; the game stops (unfinished) once it returns True.
        on_turn: called with the state, the player and the turn after each turn is played.

    Returns:
        The :class:`GameRecord`; a (game, agents, seed) triple always replays identically.
    """
    if len(agents) != game.facts.num_players:
        raise ValueError(f"{game.facts.game_id} needs {game.facts.num_players} agents, got {len(agents)}")
    state = start if start is not None else game.new_initial_state(seed)
    for player, agent in enumerate(agents):
        agent.reset(agent_rng(seed, player))
    transcript: list[dict[str, Any]] = []
    refused: list[str] = []
    llm: LLMUsage | None = None
    while not state.is_terminal() and not (stop is not None and stop(state)):
        player = state.current_player
        seat = agents[player]
        turn = seat.act(state.observation(player))
        if turn is None:
            break
        if isinstance(seat, AsksAgain):
            try:
                state.apply(turn)
            except IllegalTurnError as err:
                seat.refused(err)
                continue
        else:
            turn, error = apply_agent_turn(state, turn)
            if error is not None:
                refused.append(f"turn {len(state.history) - 1} ({game.facts.player_names[player]}): {error}")
        entry: dict[str, Any] = {"player": game.facts.player_names[player], "message": turn.message}
        if turn.actions:
            entry["actions"] = [a.model_dump() if hasattr(a, "model_dump") else repr(a) for a in turn.actions]
        if on_turn is not None:
            on_turn(state, player, turn)
        traces = getattr(seat, "trace", None)
        trace = traces[-1] if traces else None
        if trace is not None:
            entry["acts"] = trace.said
            if trace.thought:
                entry["thought"] = trace.thought
            if trace.llm is not None:
                entry["llm"] = trace.llm.to_json()
                llm = trace.llm if llm is None else llm + trace.llm
        transcript.append(entry)
    return GameRecord(
        game_id=game.facts.game_id,
        seed=seed,
        agents=[a.name for a in agents],
        metrics=state.metrics().model_dump(mode="json"),
        returns=state.returns(),
        transcript=transcript,
        refused=refused,
        llm=llm.to_json() if llm is not None else None,
    )


def paper_seeds(seeds: int = 4, games: int = 25, first_seed: int = 0) -> list[int]:
    """Game seeds of the paper's self-play protocol: ``seeds`` x ``games`` (4 x 25 by default);
    game ``g`` of seed ``s`` plays ``(first_seed + s) * SEED_STRIDE + g``."""
    return [(first_seed + s) * SEED_STRIDE + g for s in range(seeds) for g in range(games)]


def selfplay(
    game: Game,
    spec: AgentSpec,
    seeds: Sequence[int],
    registry: Registry | None = None,
    on_game: Callable[[GameRecord], None] | None = None,
    llm: LLMConfig | None = None,
    partner: AgentSpec | None = None,
    on_ready: Callable[[], None] | None = None,
) -> list[GameRecord]:
    """Player 0 runs ``spec``, every other player ``partner`` (default: ``spec`` too, self-play);
    one game per seed. ``on_ready`` is called once the agents are built (bad names raise before
    it), ``on_game`` after each game.

    ``llm`` configures the language model of LLM stages (default: from the environment).
    """
    registry = registry or default_registry()
    specs = [spec] + [partner or spec] * (game.facts.num_players - 1)
    agents = [registry.build_agent(s, llm) for s in specs]
    if on_ready is not None:
        on_ready()
    records = []
    for seed in seeds:
        record = play_game(game, agents, seed)
        records.append(record)
        if on_game is not None:
            on_game(record)
    return records

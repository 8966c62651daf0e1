"""The referee loop and evaluation runners: ``play_game``, self-play over many seeds, aggregation.

One loop (:func:`play_game`) plays every game, evaluations and a person's terminal play alike: it
asks the seat to move for a turn and applies it. If the rules refuse an agent's turn it records the
error and plays the message alone (so a faulty agent costs its own game, never the run); a seat that
asks again (a person) is told why and asked again. Aggregates carry Wilson 95% intervals.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from agent.limits import SEED_STRIDE
from agent.registry import AgentSpec, Registry, default_registry
from games.base import Game, IllegalTurnError, State, Turn
from language.llm_client import LLMConfig, LLMUsage

BINARY_METRICS = ("identical", "correct", "optimal")
MEAN_METRICS = ("turns", "words", "score", "joint_score")


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
        try:
            state.apply(turn)
        except IllegalTurnError as err:
            if isinstance(seat, AsksAgain):
                seat.refused(err)
                continue
            refused.append(f"turn {len(state.history)} ({game.facts.player_names[player]}): {err}")
            turn = Turn(message=turn.message[:2000])
            state.apply(turn)
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


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default).

    Raises:
        ValueError: negative counts or ``successes > trials``.
    """
    if trials < 0 or successes < 0 or successes > trials:
        raise ValueError(f"need 0 <= successes <= trials, got {successes}/{trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    denom = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)  # exact ends, free of rounding
    return (low, high)


def aggregate(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Fractions with Wilson 95% intervals for the binary metrics, means for the others; games
    played in rounds (metrics with ``per_round``) are summarized per round."""
    if records and "per_round" in records[0].metrics:
        return aggregate_rounds(records)
    if records and "normalized_score" in records[0].metrics:
        return aggregate_scores(records)
    if records and "turns_to_solve" in records[0].metrics:
        from agent.kits.asympuzl.paper import summarize  # the puzzle's own metrics (success at turn K, tokens)

        return summarize(list(records))
    n = len(records)
    out: dict[str, Any] = {"games": n}
    for name in BINARY_METRICS:
        k = sum(1 for r in records if r.metrics.get(name))
        lo, hi = wilson_interval(k, n)
        out[name] = k / n if n else 0.0
        out[f"{name}_ci"] = [lo, hi]
    for name in MEAN_METRICS:
        values = [r.metrics[name] for r in records if name in r.metrics]
        out[f"mean_{name}"] = float(np.mean(values)) if values else 0.0
    out["timeouts"] = sum(1 for r in records if r.metrics.get("timeout"))
    out["refused_turns"] = sum(len(r.refused) for r in records)
    add_llm_usage(out, records)
    return out


def mean_interval(values: Sequence[float], z: float = 1.959964) -> tuple[float, float, float]:
    """Mean and normal-approximation 95% interval of ``values`` (the mean twice when n < 2)."""
    data = np.asarray(values, dtype=float)
    if data.size == 0:
        return (0.0, 0.0, 0.0)
    mean = float(data.mean())
    if data.size < 2:
        return (mean, mean, mean)
    half = z * float(data.std(ddof=1)) / math.sqrt(data.size)
    return (mean, mean - half, mean + half)


def aggregate_rounds(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Per-round summary of round-based games (Gnomes at Night): success over rounds with a Wilson
    interval, mean turns per round with a 95% interval, oracle turns and their ratio, per round index."""
    rounds = [r for record in records for r in record.metrics["per_round"]]
    solved = sum(1 for r in rounds if r["success"])
    lo, hi = wilson_interval(solved, len(rounds))
    turns, low, high = mean_interval([r["turns"] for r in rounds])
    oracle = sum(r["oracle_turns"] for r in rounds)
    by_index: dict[int, list[dict]] = {}
    for r in rounds:
        by_index.setdefault(r["round"], []).append(r)
    out: dict[str, Any] = {
        "games": len(records),
        "rounds": len(rounds),
        "success": solved / len(rounds) if rounds else 0.0,
        "success_ci": [lo, hi],
        "mean_turns": turns,
        "mean_turns_ci": [low, high],
        "mean_oracle_turns": oracle / len(rounds) if rounds else 0.0,
        "turns_over_oracle": sum(r["turns"] for r in rounds) / oracle if oracle else 0.0,
        "per_round": {
            index: {
                "success": sum(r["success"] for r in group) / len(group),
                "mean_turns": mean_interval([r["turns"] for r in group])[0],
                "oracle_turns": group[0]["oracle_turns"] if len({r["oracle_turns"] for r in group}) == 1 else None,
            }
            for index, group in sorted(by_index.items())
        },
        "mean_messages": [float(np.mean([rec.metrics["messages"][p] for rec in records])) for p in range(2)],
        "mean_words": [float(np.mean([rec.metrics["words"][p] for rec in records])) for p in range(2)],
        "refused_turns": sum(len(r.refused) for r in records),
    }
    add_llm_usage(out, records)
    return out


def aggregate_scores(records: Sequence[GameRecord]) -> dict[str, Any]:
    """Summary of games scored on a continuous scale (DialOp): the mean normalized score with its 95%
    interval, the agreement rate with its Wilson interval, and the dialogue length (total words and
    messages of all players, with intervals for words), as in Lin et al., Table 1."""
    n = len(records)
    score, score_lo, score_hi = mean_interval([r.metrics["normalized_score"] for r in records])
    words, words_lo, words_hi = mean_interval([sum(r.metrics["words"]) for r in records])
    agreed = sum(1 for r in records if r.metrics["agreed"])
    lo, hi = wilson_interval(agreed, n)
    out: dict[str, Any] = {
        "games": n,
        "mean_normalized_score": score,
        "mean_normalized_score_ci": [score_lo, score_hi],
        "agreed": agreed / n if n else 0.0,
        "agreed_ci": [lo, hi],
        "mean_words": words,
        "mean_words_ci": [words_lo, words_hi],
        "mean_messages": float(np.mean([sum(r.metrics["messages"]) for r in records])) if n else 0.0,
        "mean_turns": float(np.mean([r.metrics["turns"] for r in records])) if n else 0.0,
        "mean_proposals": float(np.mean([r.metrics["proposals"] for r in records])) if n else 0.0,
        "refused_turns": sum(len(r.refused) for r in records),
    }
    add_llm_usage(out, records)
    return out


def add_llm_usage(out: dict[str, Any], records: Sequence[Any]) -> None:
    """Add the summed language-model usage of ``records`` (anything with an ``llm`` usage dict or
    None) to ``out`` (when any was used)."""
    usages = [LLMUsage.from_json(r.llm) for r in records if r.llm is not None]
    if usages:
        total = sum(usages, LLMUsage())
        out["llm"] = {**total.to_json(), "per_game": {k: v / len(usages) for k, v in total.to_json().items()}}

"""Prompted self-play (Lin et al., Section 6.2 and Appendix E): agents finish human dialogues.

Each recorded human-human game is loaded with a prefix of its dialogue (:mod:`games.dialop.replay`:
half, three quarters, or everything but the final proposal). The agents read the prefix through
their parser and belief store (lines in their own seat as what they themselves said) and play on.
As in the paper, the continuation is biased to the human dialogue's length: once the dialogue is
within 25 words of the human one (at once in the ``proposal`` condition), or when the turn cap
runs out, the proposing seat must make its best final proposal now, and that proposal is
accepted automatically. A proposal the agents agreed on before that ends the game as usual.

:func:`prompted_selfplay` plays one game; :func:`psp_summary` summarizes many like the paper's
Figure 5 (score per prefix condition against the humans' score and the random-proposal score of
the same games), through the result store's summarizer (:func:`agent.summaries.summarize`: Wilson
intervals for binary metrics, the seeded bootstrap for continuous ones), like every other command.
"""

from __future__ import annotations

import importlib
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from agent.arena import play_game
from agent.registry import AgentSpec, Registry, default_registry
from agent.summaries import llm_usage, summarize
from games.base import State
from games.dialop.base import DialopState
from games.dialop.data import TASKS, load_recorded, recorded_game
from games.dialop.replay import PREFIXES, Prefix, Task, dialogue_words, prefix_turns
from language.llm_client import LLMConfig, LLMUsage

SELF_PLAY = "self-play"  # the reference condition: no prefix, no length bias, no forced proposal
CONDITIONS: tuple[str, ...] = (*PREFIXES, SELF_PLAY)
LENGTH_SLACK = 25  # the paper forces the final proposal within 25 words of the human dialogue's length
KINDS: Mapping[str, str] = {
    "score": "continuous",
    "human_score": "continuous",
    "random_score": "continuous",
    "forced": "binary",
    "words": "continuous",
    "human_words": "continuous",
    "agent_turns": "continuous",
}
"""The metrics of one prompted self-play game (:meth:`PSPRecord.metrics`) and their kinds."""


@dataclass
class PSPRecord:
    """One prompted self-play game: the agents' score next to the humans' on the same instance."""

    task: str
    index: int
    prefix: str
    score: float
    human_score: float
    random_score: float
    forced: bool
    prefix_turns: int
    agent_turns: int
    words: int
    human_words: int
    refused: list[str]
    transcript: list[dict[str, Any]]
    llm: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as JSON-able data."""
        return asdict(self)

    def metrics(self) -> dict[str, float | bool]:
        """The game's metrics (:data:`KINDS`), as the summarizer reads a result row's."""
        return {name: getattr(self, name) for name in KINDS}


def _proposer(state: DialopState) -> int:
    """The seat that makes the forced final proposal: the player to move if it may propose, else
    the first seat that may (the assistant in Planning and Mediation)."""
    to_move = state.player
    if state._may_propose(to_move):
        return to_move
    return next(p for p in range(state.num_players) if state._may_propose(p))


def prompted_selfplay(
    task: str,
    index: int,
    prefix: Prefix | str,
    spec: AgentSpec,
    registry: Registry | None = None,
    llm: LLMConfig | None = None,
) -> PSPRecord:
    """Let ``spec`` (in every seat) finish recorded game ``index`` of ``task`` from ``prefix``
    (``"self-play"``: play the recorded instance from the start, for reference).

    Raises:
        ValueError: an unknown task or prefix, or a recorded index out of range.
    """
    known_task = next((t for t in typing.get_args(Task) if t == task), None)
    if known_task is None:
        raise ValueError(f"unknown DialOp task {task!r}; tasks: {', '.join(TASKS)}")
    known_prefix = next((c for c in PREFIXES if c == prefix), None)
    if known_prefix is None and prefix != SELF_PLAY:
        raise ValueError(f"unknown prefix {prefix!r}; choose one of {', '.join(CONDITIONS)}")
    registry = registry or default_registry()
    game = registry.make_game(f"dialop_{task}", instance=index)
    recorded = recorded_game(task, index)
    state = game.new_initial_state(index)
    if not isinstance(state, DialopState):
        raise ValueError(f"prompted self-play needs a DialOp game, not {game.facts.game_id}")
    turns = [] if known_prefix is None else prefix_turns(known_task, recorded, known_prefix)
    state.load_prefix(turns)
    human_words = dialogue_words(known_task, recorded)

    def long_enough(s: State) -> bool:
        return isinstance(s, DialopState) and sum(s.words) >= human_words - LENGTH_SLACK

    stop: Callable[[State], bool] | None = None
    if prefix == "proposal":
        stop = lambda s: True  # noqa: E731
    elif prefix != SELF_PLAY:
        stop = long_enough
    agents = [registry.build_agent(spec, llm) for _ in range(game.facts.num_players)]
    record = play_game(game, agents, index, start=state, stop=stop)
    forced = state.agreement is None and prefix != SELF_PLAY
    if forced:
        seat = _proposer(state)
        proposal = agents[seat].final_proposal(state.observation(seat))
        score = state.proposal_score(proposal)
    else:
        score = state.reward  # 0 when self-play ran out of turns
    usages = [agent.llm.usage for agent in agents if agent.llm is not None]  # the forced proposal's reading too
    human = importlib.import_module(f"games.dialop.{task}").rescore(recorded)["norm"]
    return PSPRecord(
        task=task,
        index=index,
        prefix=prefix,
        score=float(score),
        human_score=float(human),
        random_score=state.random_proposal_score(),
        forced=forced,
        prefix_turns=len(turns),
        agent_turns=state.turns - len(turns),
        words=sum(state.words),
        human_words=human_words,
        refused=record.refused,
        transcript=record.transcript,
        llm=sum(usages, LLMUsage()).to_json() if usages else None,
    )


def psp_summary(records: Sequence[PSPRecord]) -> dict[str, Any]:
    """Mean scores with 95% intervals of one (task, prefix) condition, and how the games ended.

    The means and intervals come from :func:`agent.summaries.summarize` over the records' metrics
    (bootstrap intervals for the scores; ``forced`` is the share of games whose final proposal was
    forced).
    """
    rows = [{"cell": "psp", "metrics": r.metrics()} for r in records]
    entries = {e["metric"]: e for e in summarize(rows, (), tuple(KINDS), KINDS)}

    def mean(name: str) -> float:
        return float(entries[name]["mean"]) if name in entries else 0.0

    def interval(name: str) -> list[float]:
        return [float(entries[name]["low"]), float(entries[name]["high"])] if name in entries else [0.0, 0.0]

    summary: dict[str, Any] = {
        "games": len(records),
        "mean_score": mean("score"),
        "mean_score_ci": interval("score"),
        "human_score": mean("human_score"),
        "human_score_ci": interval("human_score"),
        "random_score": mean("random_score"),
        "forced": mean("forced"),
        "mean_words": mean("words"),
        "mean_human_words": mean("human_words"),
        "mean_agent_turns": mean("agent_turns"),
        "refused_turns": sum(len(r.refused) for r in records),
    }
    if (usage := llm_usage({"llm": r.llm} for r in records)) is not None:
        summary["llm"] = usage
    return summary


def recorded_indices(task: str, games: int | None = None) -> list[int]:
    """The recorded games of ``task`` to run (all by default, else the first ``games``)."""
    total = len(load_recorded(task))
    return list(range(total if games is None else min(games, total)))

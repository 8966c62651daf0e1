"""AsymPuzl agents: the belief store, the registration of family ``asympuzl`` and a summary of runs.

The belief store (:class:`AsympuzlBeliefs`) holds what one player knows: its own clues (the
shape at each position for Alice, each shape's color for Bob), what the partner has said (shapes
at positions, colors of shapes, questions, "solved"), and what this player has already told. Its
own clues always win over a partner's claim. From these it deduces the *target*: the piece at each
position whose shape and color are both known.

Presets (``register``):

| preset            | parser | planner          | behaviour                                              |
|-------------------|--------|------------------|--------------------------------------------------------|
| ``neurosymbolic`` | rules  | ``share-all``    | tells every missing fact at once, applies the deduced pieces: 2 turns |
| ``one-at-a-time`` | rules  | ``one-at-a-time``| one fact per move: about ``N + 1`` turns               |
| ``ignore-partner``| off    | ``share-all``    | never hears the partner: fails (solved only by chance) |
| ``over-correct``  | rules  | ``over-correct`` | one fact per move, rewrites every position each move, doubts known ones |
| ``llm``           | rules  | ``llm``          | a language model reads the paper's prompt and writes the message and edits (needs a model) |
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from games.asympuzl import AsympuzlGame, AsympuzlObservation, Piece
from language.acts import Act
from language.asympuzl import AsympuzlContext, PuzlAsk, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved

if TYPE_CHECKING:
    from agent.arena import GameRecord

FAMILY = "asympuzl"


class AsympuzlBeliefs:
    """Belief store of one AsymPuzl player (see the module docstring).

    Args:
        observation: the player's first observation (its clues).
    """

    def __init__(self, observation: AsympuzlObservation) -> None:
        self.player = observation.player
        self.size = observation.size
        self.shapes = observation.shapes
        self.colors = observation.colors
        self.observation = observation
        # own clues (authoritative) and what the partner said
        self.own_shape_at: dict[int, str] = {}
        self.own_color_of: dict[str, str] = {}
        if self.player == 0:
            self.own_shape_at = {i + 1: p.shape for i, p in enumerate(observation.clues)}
        else:
            self.own_color_of = {p.shape: p.color for p in observation.clues if p.color is not None}
        self.heard_shape_at: dict[int, str] = {}
        self.heard_color_of: dict[str, str] = {}
        self.heard_color_at: dict[int, str] = {}
        self.open_asks: list[PuzlAsk] = []
        self.partner_solved = False
        self.partner_acts: list[Act] = []
        # what this player has told: ("shape_at", position), ("color_of", shape), ("solved",)
        self.told: set[tuple[Any, ...]] = set()
        self.recent_positions: list[int] = []  # positions the partner named, most recent last

    # ---- the belief store protocol -------------------------------------------------------------
    def observe(self, observation: AsympuzlObservation) -> None:
        """Keep the latest observation (hypothesis and feedback)."""
        self.observation = observation

    def context(self, observation: AsympuzlObservation, speaker: str) -> AsympuzlContext:
        """The language context (vocabularies and size); the same for both speakers."""
        return AsympuzlContext(shapes=observation.shapes, colors=observation.colors, size=observation.size)

    def update(self, acts: list[Act], speaker: str) -> None:
        """Take in the acts of one message: the partner's (parsed) or our own (as planned).

        Args:
            acts: the acts.
            speaker: ``"partner"`` or ``"self"``.
        """
        if speaker == "self":
            for act in acts:
                self._record_told(act)
            self.open_asks = []  # the planner answered what it could in this move
            return
        for act in acts:
            self.partner_acts.append(act)
            if isinstance(act, PuzlPlace):
                self._hear_place(act.position, act.shape, act.color)
            elif isinstance(act, PuzlOrder):
                for i, shape in enumerate(act.shapes[: self.size]):
                    self._hear_place(i + 1, shape, None)
            elif isinstance(act, PuzlPair):
                self._hear_color(act.shape, act.color)
            elif isinstance(act, PuzlAsk):
                self.open_asks.append(act)
            elif isinstance(act, PuzlSolved):
                self.partner_solved = True

    def _hear_place(self, position: int, shape: str | None, color: str | None) -> None:
        if not 1 <= position <= self.size:
            return
        if shape in self.shapes:
            self.heard_shape_at[position] = shape
            self.recent_positions.append(position)
            if color in self.colors:
                self._hear_color(shape, color)
        elif shape is None and color in self.colors:
            self.heard_color_at[position] = color

    def _hear_color(self, shape: str, color: str) -> None:
        if shape in self.shapes and color in self.colors:
            self.heard_color_of[shape] = color

    def _record_told(self, act: Any) -> None:
        if isinstance(act, PuzlPlace):
            if act.shape is not None:
                self.told.add(("shape_at", act.position))
            if act.shape is not None and act.color is not None:
                self.told.add(("color_of", act.shape))
        elif isinstance(act, PuzlOrder):
            self.told.update(("shape_at", i + 1) for i in range(len(act.shapes)))
        elif isinstance(act, PuzlPair):
            self.told.add(("color_of", act.shape))
        elif isinstance(act, PuzlSolved):
            self.told.add(("solved",))

    # ---- queries ------------------------------------------------------------------------------
    def shape_at(self, position: int) -> str | None:
        """The shape at ``position``: own clue first, else what the partner said."""
        return self.own_shape_at.get(position) or self.heard_shape_at.get(position)

    def color_of(self, shape: str) -> str | None:
        """The color of ``shape``: own clue first, else what the partner said."""
        return self.own_color_of.get(shape) or self.heard_color_of.get(shape)

    def target(self) -> dict[int, Piece]:
        """The pieces deduced so far, by 1-based position."""
        out: dict[int, Piece] = {}
        for position in range(1, self.size + 1):
            shape = self.shape_at(position)
            if shape is None:
                continue
            color = self.color_of(shape) or self.heard_color_at.get(position)
            if color is not None:
                out[position] = Piece(shape=shape, color=color)
        return out

    def untold(self) -> list[tuple[str, Any]]:
        """The facts of our own clues the partner has not been told yet, in clue order:
        ``("shape_at", position)`` for Alice, ``("color_of", shape)`` for Bob."""
        if self.player == 0:
            return [("shape_at", p) for p in sorted(self.own_shape_at) if ("shape_at", p) not in self.told]
        return [("color_of", s) for s in self.own_color_of if ("color_of", s) not in self.told]


def summarize(records: list[GameRecord]) -> dict[str, Any]:
    """The paper's metrics over AsymPuzl games: success with a Wilson 95% interval, turns to solve,
    the success rate at each turn K, actions per position and tokens per move.

    Args:
        records: game records of one configuration.

    Returns:
        A JSON-able summary.
    """
    from agent.arena import add_llm_usage, mean_interval, wilson_interval  # the arena imports the registry

    n = len(records)
    solved = [r for r in records if r.metrics["solved"]]
    lo, hi = wilson_interval(len(solved), n)
    cap = max((r.metrics["turn_cap"] for r in records), default=0)
    turns = [r.metrics["turns_to_solve"] for r in solved]
    mean_turns, turns_lo, turns_hi = mean_interval(turns)
    out: dict[str, Any] = {
        "games": n,
        "solved": len(solved) / n if n else 0.0,
        "solved_ci": [lo, hi],
        "mean_turns": float(np.mean([r.metrics["turns"] for r in records])) if n else 0.0,
        "mean_turns_to_solve": mean_turns if turns else None,
        "mean_turns_to_solve_ci": [turns_lo, turns_hi] if turns else None,
        "success_at_turn": [sum(1 for t in turns if t <= k) / n if n else 0.0 for k in range(1, cap + 1)],
        "token_counter": records[0].metrics["token_counter"] if records else None,
        "refused_turns": sum(len(r.refused) for r in records),
    }
    for key in ("mean_actions_per_position", "mean_message_tokens", "mean_output_tokens", "invalid_actions"):
        out[key] = [float(np.mean([r.metrics[key][p] for r in records])) if n else 0.0 for p in (0, 1)]
    add_llm_usage(out, records)
    return out


PRESETS: tuple[str, ...] = ("neurosymbolic", "one-at-a-time", "ignore-partner", "over-correct")
TABLE1_SIZE = 5
TABLE2_SIZES: tuple[int, ...] = (3, 5, 10, 20)


def paper_tables(
    registry: Any,
    seeds: Sequence[int] = range(30),
    presets: Sequence[str] = PRESETS,
    on_game: Callable[[GameRecord], None] | None = None,
) -> dict[str, dict[str, dict[str, dict[str, Any]]]]:
    """The layout of the paper's Tables 1 and 2 for ``presets``: feedback modes x agents at N = 5,
    and sizes 3, 5, 10, 20 x agents with ``both`` feedback (cap 2N), one game per seed.

    Args:
        registry: a registry where :func:`register` has run.
        seeds: the puzzle seeds (the paper uses 30).
        presets: the agent presets (self-play).
        on_game: called after every game (progress bars).

    Returns:
        ``{"feedback": {mode: {preset: summary}}, "size": {str(N): {preset: summary}}}`` with the
        summaries of :func:`summarize`.
    """
    from agent.arena import selfplay
    from games.asympuzl import FEEDBACK_MODES

    def one(size: int, mode: str, preset: str) -> dict[str, Any]:
        game = registry.make_game(FAMILY, size=size, feedback=mode)
        return summarize(selfplay(game, registry.preset(FAMILY, preset), seeds, registry, on_game=on_game))

    return {
        "feedback": {m: {p: one(TABLE1_SIZE, m, p) for p in presets} for m in FEEDBACK_MODES},
        "size": {str(n): {p: one(n, "both", p) for p in presets} for n in TABLE2_SIZES},
    }


SUMMARY_COLUMNS: tuple[str, ...] = (
    "solved % [Wilson 95%]",
    "turns",
    "turns to solve",
    "actions/position A / B",
    "message tokens A / B",
    "output tokens A / B",
)


def summary_cells(summary: dict[str, Any]) -> list[str]:
    """One table row of :func:`summarize` output, under :data:`SUMMARY_COLUMNS` (for the CLI)."""
    lo, hi = summary["solved_ci"]
    to_solve = summary["mean_turns_to_solve"]

    def pair(key: str) -> str:
        return " / ".join(f"{v:.1f}" for v in summary[key])

    return [
        f"{100 * summary['solved']:.1f} [{100 * lo:.1f}-{100 * hi:.1f}]",
        f"{summary['mean_turns']:.2f}",
        "-" if to_solve is None else f"{to_solve:.2f}",
        " / ".join(f"{v:.2f}" for v in summary["mean_actions_per_position"]),
        pair("mean_message_tokens"),
        pair("mean_output_tokens"),
    ]


def register(registry: Any) -> None:
    """Register family ``asympuzl``: the game, parsers ``rules`` / ``off``, renderers ``template`` /
    ``off``, the tracker ``store`` (the whole belief store), planners ``share-all``,
    ``one-at-a-time``, ``over-correct`` and ``off`` (and ``llm``: the model as the policy, the neurosymbolic planner as its
    fallback), and the presets of the module docstring (default ``neurosymbolic``; ``llm`` needs a
    configured model).

    Args:
        registry: an ``agent.registry.Registry``.
    """
    from agent.registry import AgentSpec
    from language.asympuzl import AsympuzlParser, AsympuzlRenderer
    from language.base import NullParser, NullRenderer
    from planners.asympuzl import OneAtATimePlanner, OverCorrectPlanner, ShareAllPlanner
    from planners.base import NullPlanner

    fam = FAMILY
    registry.register_game(fam, AsympuzlGame, "asymmetric position-shape-color puzzle (Cadet et al., AsymPuzl)")
    registry.parsers[(fam, "rules")] = AsympuzlParser
    registry.parsers[(fam, "off")] = NullParser
    registry.renderers[(fam, "template")] = AsympuzlRenderer
    registry.renderers[(fam, "off")] = NullRenderer
    registry.partner_models[(fam, "on")] = lambda: None
    registry.trackers[(fam, "store")] = AsympuzlBeliefs
    registry.belief_stores[fam] = lambda partner, tracker: tracker
    registry.planners[(fam, "share-all")] = ShareAllPlanner
    registry.planners[(fam, "one-at-a-time")] = OneAtATimePlanner
    registry.planners[(fam, "over-correct")] = OverCorrectPlanner
    registry.planners[(fam, "off")] = NullPlanner
    base = AgentSpec(game=fam, tracking="store", planner="share-all", name="neurosymbolic")
    registry.register_preset(base)
    registry.default_presets[fam] = "neurosymbolic"
    registry.register_preset(replace(base, name="one-at-a-time", planner="one-at-a-time"))
    registry.register_preset(replace(base, name="ignore-partner", parser="off"))
    registry.register_preset(replace(base, name="over-correct", planner="over-correct"))
    # the paper's LLM agents: the model reads the paper's prompt and writes the message and the edits
    from language.asympuzl_llm import ASYMPUZL, AsympuzlDecision
    from language.llm import LLMPolicy

    registry.planners[(fam, "llm")] = lambda llm, **options: LLMPolicy(
        llm, ASYMPUZL, ShareAllPlanner(**options), response_model=AsympuzlDecision
    )
    registry.llm_components.add(("planner", fam, "llm"))
    registry.register_preset(replace(base, name="llm", planner="llm"))

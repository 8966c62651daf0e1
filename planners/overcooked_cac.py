"""The Cognitive Architecture for Coordination (CAC; LLM-Coordination, seed 002, section 3 and
Appendix A) for Overcooked: its prompts and move words for the shared modules of :mod:`planners.cac`
(:class:`OvercookedPrompts`), the modules' offline symbolic twins, and :class:`OvercookedCAC`, which
keeps a chosen medium-level action over the low-level steps that carry it out.

The CAC agent chooses among the medium-level actions available now ("pick up onion from o0.",
"place onion in c0.", "wait." ...; :func:`planners.overcooked_grounding.available_tasks`); the
grounding module walks the chef there by shortest paths and interacts. A chosen action persists
until it is done (the chef interacted, or waited or moved away for a step) or has become impossible;
only then are the modules asked again, as in the paper's action manager.

| module | language model | symbolic twin |
| --- | --- | --- |
| chooser | :class:`planners.cac.LLMReasoner` (A.1-A.2) | :class:`SymbolicChooser`: the symbolic planner's sub-task (the joint allocation; with the theory-of-mind module, the best answer to the partner's predicted action) |
| theory of mind | :class:`planners.cac.LLMTheoryOfMind` | :class:`SymbolicTheoryOfMind`: the partner's predicted action from its held item and position |
| verifier | :class:`planners.cac.LLMVerifier` (C.3) | :class:`SymbolicVerifier`: refuses an action impossible in the state |
| grounding | :func:`planners.cac.ground` with :func:`language.overcooked_places.read_task` | :func:`ground_task` |
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from games.overcooked import Kitchen
from language.acts import Intent
from language.llm_client import LLMClient
from language.overcooked_llm import chooser_messages, read_tom, tom_messages, verifier_messages
from language.overcooked_places import Task, read_task, task_text
from language.overcooked_state_text import NAMES, held_words
from planners.cac import CACPlanner, Choice, Messages, NoTheoryOfMind, NoVerifier, llm_cac
from planners.overcooked_greedy import greedy_task
from planners.overcooked_grounding import (
    INTERACT,
    RANK,
    STAY,
    StuckGuard,
    available_tasks,
    feasible,
    geometry,
    move_away,
    path_cells,
    solo_action,
    step_toward,
)
from planners.overcooked_symbolic import Option, allocate, needs, options
from planners.overcooked_view import NewGame, read_view


@dataclass
class OvercookedPrompts:
    """Overcooked's CAC prompts and move words (:class:`planners.cac.CACPrompts`); ``history`` is
    the seat's episodic memory (its chosen actions in words), kept by :class:`OvercookedCAC`."""

    history: list[str] = field(default_factory=list)

    def moves(self, observation: Any) -> list[Any]:
        view = read_view(observation)
        return available_tasks(view.layout, view.kitchen, view.seat)

    def move_text(self, move: Any, observation: Any) -> str:
        return task_text(move, read_view(observation).layout)

    def name_move(self, text: str, observation: Any) -> Any | None:
        return read_task(text, read_view(observation).layout)

    def chooser_messages(self, observation: Any, options: Sequence[str], notes: Sequence[str]) -> Messages:
        view = read_view(observation)
        return chooser_messages(view.layout, view.kitchen, view.seat, self.history, options, notes)

    def partner_move(self, observation: Any) -> str:
        last = getattr(observation, "last_step", None)
        if last is None:
            return ""
        view = read_view(observation)
        partner = 1 - view.seat
        return f"{NAMES[partner]} chose {last.actions[partner]}; {NAMES[partner]} is holding {held_words(view.kitchen, partner)}."

    def tom_messages(self, observation: Any, partner_move: str) -> Messages:
        view = read_view(observation)
        return tom_messages(view.layout, view.kitchen, view.seat, self.history, partner_move)

    def read_tom(self, text: str) -> str:
        return read_tom(text)

    def verifier_messages(self, observation: Any, move: str) -> Messages:
        view = read_view(observation)
        return verifier_messages(view.layout, view.kitchen, view.seat, self.history, move)


def predicted_partner(layout_name: str, kitchen: Kitchen, seat: int) -> Task:
    """The action chef ``seat``'s partner is predicted to be doing (from its held item and position)."""
    return greedy_task(layout_name, kitchen, 1 - seat)


def best_offered(layout_name: str, kitchen: Kitchen, seat: int, offered: Sequence[Task], answer: bool) -> Choice:
    """The symbolic planner's sub-task among ``offered``: the joint allocation's (``answer``: the
    best answer to the partner's predicted action), else the best offered option, else waiting."""
    need = needs(geometry(layout_name), kitchen)
    fixed: dict[int, Option] = {}
    if answer:
        predicted = predicted_partner(layout_name, kitchen, seat)
        fixed[1 - seat] = next(
            (o for o in options(layout_name, kitchen, 1 - seat, need) if o.task == predicted),
            Option(predicted, 0.0, 0),
        )
    pair = allocate(layout_name, kitchen, fixed)
    if pair[seat].task in offered:
        return Choice(pair[seat].task, "the joint plan's sub-task")
    mine = [o for o in options(layout_name, kitchen, seat, need) if o.task in offered]
    if mine:
        best = max(mine, key=lambda o: o.value - o.cost)
        return Choice(best.task, "the best available sub-task")
    return Choice(Task("wait") if Task("wait") in offered else offered[0], "nothing better to do")


@dataclass
class SymbolicChooser:
    """The chooser's symbolic twin (see the module table)."""

    prompts: OvercookedPrompts
    answer_partner: bool = True

    def choose(self, beliefs: Any, observation: Any, notes: Sequence[str], excluded: Sequence[Any]) -> Choice | None:
        moves = [m for m in self.prompts.moves(observation) if m not in excluded]
        if not moves:
            return None
        view = read_view(observation)
        return best_offered(view.layout, view.kitchen, view.seat, moves, self.answer_partner)


class SymbolicTheoryOfMind:
    """The theory-of-mind module's symbolic twin: the partner's predicted action, as a note."""

    def interpret(self, beliefs: Any, observation: Any) -> str:
        view = read_view(observation)
        predicted = predicted_partner(view.layout, view.kitchen, view.seat)
        return f"{NAMES[1 - view.seat]} intends to {task_text(predicted, view.layout).rstrip('.')}."


class SymbolicVerifier:
    """The verifier's symbolic twin: refuses an action impossible in the state."""

    def approve(self, beliefs: Any, observation: Any, action: Any) -> bool:
        view = read_view(observation)
        return isinstance(action, Task) and feasible(view.layout, view.kitchen, view.seat, action)


@dataclass
class SubtaskFallback:
    """The planner that decides when no choice survives: the symbolic planner's sub-task."""

    prompts: OvercookedPrompts

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Intent:
        choice = SymbolicChooser(self.prompts).choose(beliefs, observation, (), ())
        return Intent(actions=[choice.action if choice is not None else Task("wait")])


def ground_task(layout_name: str, kitchen: Kitchen, seat: int, task: Task, yield_to: Task | None = None) -> int:
    """The next low-level action that carries out ``task`` for chef ``seat`` (around the partner;
    waiting at a pot whose soup is not ready yet). ``yield_to``: the partner's predicted action,
    whose path this chef keeps clear (it steps aside or waits rather than meet the partner head-on)."""
    geo = geometry(layout_name)
    chef, other = kitchen.chefs[seat], kitchen.chefs[1 - seat]
    state = geo.state(chef.position, chef.orientation)
    partner = geo.index[other.position]
    if task.kind == "wait":
        return STAY
    if task.kind == "move_away" or task.target is None:
        return move_away(geo, state, [partner, *geo.move[partner]], partner)
    if yield_to is not None:
        lane = path_cells(geo, geo.state(other.position, other.orientation), yield_to.target, 4)
        action = solo_action(geo, state, task, partner, lane)
    else:
        action = step_toward(geo, state, task.target, partner)
    if action == INTERACT and task.kind == "load":
        soup = kitchen.object_at(task.target)
        if soup is None or not soup.is_ready:
            return STAY
    return action


@dataclass
class OvercookedCAC:
    """The CAC agent over medium-level actions (a :class:`~planners.base.Planner` of the
    ``overcooked`` kit): asks its :class:`~planners.cac.CACPlanner` for an action only when the last
    one is done or impossible, and grounds it step by step."""

    cac: CACPlanner
    prompts: OvercookedPrompts
    game: NewGame = field(default_factory=NewGame)
    guard: StuckGuard = field(default_factory=lambda: StuckGuard(window=6))
    current: Task | None = None
    last_thought: str = ""

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Intent:
        """This seat's low-level move."""
        view = read_view(observation)
        if self.game.is_new(view.layout, view.kitchen):
            self.current = None
            self.prompts.history.clear()
            self.guard.reset()
        task = self.current
        if task is None or not feasible(view.layout, view.kitchen, view.seat, task):
            chosen = self.cac.plan(beliefs, observation, rng).actions
            task = chosen[0] if chosen and isinstance(chosen[0], Task) else Task("wait")
            self.prompts.history.append(task_text(task, view.layout))
            self.last_thought = f"{task_text(task, view.layout)} {self.cac.last_thought}".strip()
        partner = predicted_partner(view.layout, view.kitchen, view.seat)
        mine_first = (RANK[task.kind], view.seat == 0) > (RANK[partner.kind], view.seat == 1)
        yield_to = None if mine_first or partner.target is None else partner
        action = ground_task(view.layout, view.kitchen, view.seat, task, yield_to)
        geo = geometry(view.layout)
        chef = view.kitchen.chefs[view.seat]
        state = geo.state(chef.position, chef.orientation)
        short = task.target is not None and geo.goal_table(task.target)[state] > 0
        action = self.guard.check(state, action, rng, trying=action == STAY and short)
        self.current = None if action == INTERACT or task.kind in ("wait", "move_away") else task
        return view.intent(action)


def symbolic_cac(tom: bool = True, verifier: bool = True, max_choices: int = 3) -> OvercookedCAC:
    """The CAC agent with every module's symbolic twin: ``tom`` switches the theory-of-mind module
    (and with it the chooser's answer to the partner's predicted action), ``verifier`` the check."""
    prompts = OvercookedPrompts()
    cac = CACPlanner(
        SymbolicChooser(prompts, answer_partner=tom),
        SubtaskFallback(prompts),
        SymbolicTheoryOfMind() if tom else NoTheoryOfMind(),
        SymbolicVerifier() if verifier else NoVerifier(),
        max_choices=max_choices,
    )
    return OvercookedCAC(cac, prompts)


def language_cac(client: LLMClient, tom: bool = True, verifier: bool = True, max_choices: int = 3) -> OvercookedCAC:
    """The CAC agent on a language model; the symbolic sub-task decides when no choice survives."""
    prompts = OvercookedPrompts()
    cac = llm_cac(client, prompts, SubtaskFallback(prompts), tom=tom, verifier=verifier, max_choices=max_choices)
    return OvercookedCAC(cac, prompts)

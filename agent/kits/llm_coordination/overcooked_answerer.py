"""A neurosymbolic answerer of CoordinationQA's Overcooked questions: the scenario is read as a
position (:mod:`.overcooked_position`), the question recognised by its meaning, and the answer
computed from the position; a question it does not recognise, or whose answer names no single
option, is abstained (no letter, scored wrong). It reads the question's text and options only, never
the key.

The scenarios give distances, not a grid, so moves are chosen by a team task rule over what the
text states (:func:`team_tasks`), the same priorities as Accord's Overcooked planners' sub-task
choice: a held soup goes to the nearest reachable delivery area (else onto a shared counter the
partner can take it from); a held plate takes the ready (else cooking, else soon-full) soup; a held
ingredient goes into the reachable pot it completes most, else onto a shared counter towards a
partner who reaches a pot; empty hands open a gate that keeps a held soup from every delivery area,
else the two free chefs split the plate and the ingredients by the shorter walk.

| template | recognised by | computed as |
| --- | --- | --- |
| ``move`` | options that are actions (JP: mine; ToM: the partner's) | :func:`team_tasks` for that chef; "wait" when the action it names is not offered |
| facts | the templates of :mod:`.overcooked_facts` | the position's pots, hands and distances |
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.kits.llm_coordination.answers import Answer, single
from agent.kits.llm_coordination.overcooked_facts import INGREDIENTS, answer_fact
from agent.kits.llm_coordination.overcooked_position import UNREACHABLE, OvercookedPosition, read_position
from agent.kits.llm_coordination.qa import Question
from language.choices import Option


@dataclass(frozen=True)
class Task:
    """A medium-level action: ``verb`` (pick, place, load, deliver, open, wait, away), the
    ``item`` it concerns and the ``place`` it goes to ('' where it names none)."""

    verb: str
    item: str = ""
    place: str = ""


_OPTION = [
    (re.compile(r"pick\s*up\s+(?:an?\s+)?(\w+)\s+from\s+(?:the\s+)?(\w+)", re.I), "pick"),
    (re.compile(r"load\s+soup\s+on\s+plate\s+from\s+(?:the\s+)?(\w+)", re.I), "load"),
    (re.compile(r"(?:deliver\s+soup|place\s+soup\s+for\s+delivery)\s+(?:in|to|at)\s+(\w+)", re.I), "deliver"),
    (
        re.compile(
            r"place\s+(\w+)\s+(?:in|on|onto)\s+(?:the\s+)?(closest\s+(?:empty\s+)?(?:kitchen\s+)?counter|\w+)", re.I
        ),
        "place",
    ),
    (re.compile(r"open\s+(\w+)", re.I), "open"),
    (re.compile(r"move\s+away", re.I), "away"),
    (re.compile(r"\bwait\b", re.I), "wait"),
    (re.compile(r"pick\s*up\s+(?:an?\s+)?(\w+)\b", re.I), "pick"),
]


def option_task(text: str) -> Task | None:
    """The medium-level action an option's text names (None: not an action)."""
    for pattern, verb in _OPTION:
        found = pattern.search(text)
        if not found:
            continue
        groups = [g.lower() for g in found.groups()]
        if verb == "pick":
            item = "plate" if groups[0] in ("plate", "dish") else groups[0]
            return Task("pick", item, groups[1] if len(groups) > 1 else "")
        if verb == "place":
            item = "plate" if groups[0] in ("plate", "dish") else groups[0]
            place = "counter" if groups[1].startswith("closest") or groups[1] == "counter" else groups[1]
            return Task("place", item, place)
        if verb in ("load", "deliver", "open"):
            return Task(verb, "soup" if verb != "open" else "", groups[0])
        return Task(verb)
    return None


def _sources(position: OvercookedPosition, item: str) -> list[str]:
    """Where ``item`` can be taken: its dispensers (an unnamed ``dispenser`` when the scenario names
    no places) and the counters holding one."""
    letter = {"onion": "o", "tomato": "t", "plate": "p"}[item]
    dispensers = position.places(letter) or ([] if position.reach else ["dispenser"])
    return dispensers + [c for c, held in position.counters.items() if held == item]


KINDS = {"cooker": "c", "counter": "k", "delivery": "d", "dispenser": "opt"}
"""Option words that name a kind of place rather than one place ("place onion in cooker")."""


def _same_place(asked: str, named: str) -> bool:
    """Whether an option's place ``named`` fits the task's place ``asked`` (equal, unnamed, or a
    kind word covering it)."""
    if not named or named == asked:
        return True
    kind = KINDS.get(named) or KINDS.get(asked) or ""
    return bool(kind) and (named in KINDS or named[0] in kind) and (asked in KINDS or asked[0] in kind)


def _supplier(position: OvercookedPosition, who: str) -> bool:
    """Whether ``who`` reaches no pot but the partner does (a chef who passes things over)."""
    other = _other(position, who)
    pots = list(position.cookers) or position.places("c")
    return position.nearest(who, pots) is None and position.nearest(other, pots) is not None


def _other(position: OvercookedPosition, who: str) -> str:
    return position.partner if who == position.me else position.me


def _shared_drop(position: OvercookedPosition, who: str) -> str | None:
    empty = [s for s in position.places("s") if not position.counters.get(s)]
    return position.nearest(who, empty)


def _needs(position: OvercookedPosition, who: str) -> tuple[dict[str, int], bool]:
    """What the team still needs, after what the partner of ``who`` holds: ingredients per kind for
    the pots, and whether a plate is wanted (a soup is cooking, cooked or about to be full)."""
    other_held = position.held.get(_other(position, who), "")
    need = {kind: 0 for kind in INGREDIENTS}
    plate = False
    for cooker in position.cookers.values():
        onions, tomatoes = position.missing(cooker)
        need["onion"] += onions
        need["tomato"] += tomatoes
        if cooker.busy(position.recipe) or (cooker.ingredients and onions + tomatoes <= 1):
            plate = True
    if other_held in need and need[other_held]:
        need[other_held] -= 1
    on_shared = [position.counters[s] for s in position.places("s") if position.counters.get(s) in need]
    if _supplier(position, who):
        for item in on_shared:
            need[item] = max(0, need[item] - 1)
    if other_held == "plate":
        plate = False
    if _supplier(position, who) and "plate" in [position.counters.get(s) for s in position.places("s")]:
        plate = False
    return need, plate


def team_tasks(position: OvercookedPosition, who: str) -> Task:
    """The next medium-level action of ``who`` by the team task rule (see the module docstring)."""
    held = position.held.get(who, "")
    other = _other(position, who)
    if held == "soup":
        target = position.nearest(who, position.places("d"))
        if target:
            return Task("deliver", "soup", target)
        drop = _shared_drop(position, who)
        return Task("place", "soup", drop) if drop else Task("wait")
    if held == "plate":
        pots = list(position.cookers.values())
        for ready in (lambda c: c.cooked, lambda c: c.busy(position.recipe), lambda c: c.ingredients > 0):
            target = position.nearest(who, [c.name for c in pots if ready(c)])
            if target:
                return Task("load", "soup", target)
        if _supplier(position, who):
            drop = _shared_drop(position, who)
            if drop:
                return Task("place", "plate", drop)
        return Task("place", "plate", "counter")
    if held in INGREDIENTS:
        index = INGREDIENTS.index(held)
        wanting = [c for c in position.cookers.values() if position.missing(c)[index] > 0]
        wanting.sort(key=lambda c: (-c.ingredients, position.distance(who, c.name), c.name))
        reachable = [c.name for c in wanting if position.distance(who, c.name) < UNREACHABLE]
        if reachable:
            return Task("place", held, reachable[0])
        if wanting and _supplier(position, who):
            drop = _shared_drop(position, who)
            if drop:
                return Task("place", held, drop)
        return Task("place", held, "counter")
    if position.held.get(other) == "soup" and position.nearest(other, position.places("d")) is None:
        gate = position.nearest(who, [g for g, is_open in position.gates.items() if not is_open])
        if gate:
            return Task("open", "", gate)
    need, plate = _needs(position, who)
    wanted = [item for item in INGREDIENTS if need[item]]
    choices = (["plate"] if plate else []) + wanted
    nearest_source = {item: position.nearest(who, _sources(position, item)) for item in choices}
    choices = [item for item in choices if nearest_source[item]]
    if not choices:
        return Task("wait")
    if len(choices) > 1 and not position.held.get(other):
        other_near = {
            item: position.distance(other, position.nearest(other, _sources(position, item)) or "") for item in choices
        }
        first, second = choices[0], choices[1]
        mine_first = max(position.distance(who, nearest_source[first] or ""), other_near[second])
        mine_second = max(position.distance(who, nearest_source[second] or ""), other_near[first])
        if mine_second < mine_first:
            choices = [second, first]
    item = choices[0]
    return Task("pick", item, nearest_source[item] or "")


def _match(task: Task, options: tuple[Option, ...]) -> list[str]:
    """The letters of the options naming ``task`` (places compared by :func:`_same_place`)."""
    out = []
    for option in options:
        named = option_task(option.text)
        if named is None or named.verb != task.verb or (task.item and named.item and named.item != task.item):
            continue
        if _same_place(task.place, named.place):
            out.append(option.letter)
    return out


def answer_question(question: Question) -> Answer:
    """The answerer's reply to one Overcooked question (see the module docstring)."""
    try:
        position = read_position(question.game_description, question.question)
    except ValueError as err:
        return Answer(None, None, str(err))
    asked = question.question.split("Available")[0].lower()
    tasks = [option_task(o.text) for o in question.options]
    if "intend" in asked or "what action should i" in asked or "next action" in asked:
        if sum(t is not None for t in tasks) < len(tasks) / 2:
            return Answer(None, None, "the options are not actions")
        who = position.partner if "intend" in asked and ("partner" in asked or "bob" in asked) else position.me
        task = team_tasks(position, who)
        letters = _match(task, question.options) or _match(Task("wait"), question.options)
        return single(letters, "move", f"{who}: {task.verb} {task.item} {task.place}".strip())
    return answer_fact(position, asked, question.options)

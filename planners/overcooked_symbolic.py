"""The symbolic Overcooked agent: joint allocation of medium-level actions with shortest-path
execution (LLM-Coordination, seed 002: the offline counterpart of its CAC agent, Tables 1 and 4).

Every step the planner lists each chef's candidate medium-level actions (:func:`options`) with a
value (how much the action advances the next soups) and a cost (steps until its useful part is
done: to the place, and for a pick-up on to where the item is used), and picks the pair of actions,
one per chef, of best total value minus cost (:func:`allocate`). Actions that compete for one
resource (the last onion slot of a pot, the one plate a soup needs, the soup in a pot) are not both
paid: the chef that needs longer gets the value of a spare.

| value | action |
| --- | --- |
| 100 | deliver the held soup |
| 90 | take the soup from a cooking or ready pot with the held plate (less the steps it will wait) |
| 80 + 5 x onions in it | put the held onion into a pot that takes it |
| 70 - steps it would wait | fetch a plate a cooking, ready or soon full pot needs |
| 60 | fetch an onion a pot needs |
| 70 | put the held item on a counter the partner can reach, when its use is out of reach (a hand-over) |
| 15 | fetch an onion ahead of need (the next soup) |
| 10 | put a plate (no soup cooking, onions wanted) or an onion (no pot takes one, a plate wanted) on the nearest empty counter |
| 0 | wait; move away from the partner's path |

With a partner running the same planner (self-play), both seats compute the same pair of actions and
the same joint low-level step (:func:`planners.overcooked_grounding.joint_actions`), so the chefs
never contend. The planner checks this each step: the partner's last move must be the one the joint
plan gave it. Once it is not (an unknown partner, a person), it predicts the partner's action from
its held item and position (:func:`planners.overcooked_greedy.greedy_task`), answers it with the best
own action, keeps off the partner's path and breaks deadlocks with random moves; it goes back to the
joint plan after :data:`TRUST_AFTER` steps of agreement.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

import numpy as np

from games.overcooked import Kitchen, Pos, step
from language.overcooked_places import Task
from planners.overcooked_greedy import greedy_task, handover
from planners.overcooked_grounding import (
    INF,
    Geometry,
    StuckGuard,
    closest_empty_counter,
    geometry,
    holding,
    joint_actions,
    path_cells,
    solo_action,
)
from planners.overcooked_view import MoveIntent, NewGame, read_view

TRUST_AFTER = 40
"""Steps of agreement with the joint plan after which a partner is trusted again."""
SPARE = 5.0
"""The value of an action whose resource the partner already claims."""
DISH_WAIT = 1.0
"""Value lost per step a fetched plate would wait at the pot for the soup."""


@dataclass(frozen=True)
class Option:
    """A candidate medium-level action of one chef: its value, cost and the resources it claims."""

    task: Task
    value: float
    cost: int
    claims: tuple[tuple[str, Pos | None], ...] = ()


@cache
def tile_gap(layout_name: str, a: Pos, b: Pos) -> int:
    """Steps from facing tile ``a`` to facing tile ``b`` (:data:`INF` if none)."""
    geo = geometry(layout_name)
    table = geo.goal_table(b)
    return min((table[g] for g in geo.goals(a)), default=INF)


@dataclass
class Needs:
    """What the kitchen needs now, counted once per step."""

    slots: dict[Pos, int]
    onions: int
    dishes: int
    onions_on_counters: int
    dishes_on_counters: int
    ready_in: int
    pot_reach: tuple[bool, bool]
    serve_reach: tuple[bool, bool]


def needs(geo: Geometry, kitchen: Kitchen) -> Needs:
    """Open onion slots per pot, onions and plates still to fetch, and which chef reaches a pot."""
    layout = geo.layout
    slots: dict[Pos, int] = {}
    cooking = 0
    ticks: list[int] = []
    for pot in layout.pots:
        soup = kitchen.object_at(pot)
        if soup is None:
            slots[pot] = 3
        elif soup.cooking_tick < 0:
            slots[pot] = 3 - len(soup.ingredients)
        else:
            cooking += 1
            ticks.append(max(0, 20 - soup.cooking_tick))
    held = [holding(kitchen, s) for s in (0, 1)]
    counter = [o.name for o in kitchen.objects if layout.terrain(o.position) == "X"]
    open_slots = sum(slots.values())
    states = [geo.state(c.position, c.orientation) for c in kitchen.chefs]
    pot_reach = tuple(any(geo.goal_table(p)[s] < INF for p in layout.pots) for s in states)
    potting = sum(1 for h, r in zip(held, pot_reach, strict=True) if h == "onion" and r)
    soon = sum(1 for n in slots.values() if 0 < n <= potting)
    serve_reach = tuple(any(geo.goal_table(p)[s] < INF for p in layout.serving) for s in states)
    return Needs(
        slots,
        open_slots - held.count("onion"),
        cooking + min(soon, 1) - held.count("dish"),
        counter.count("onion"),
        counter.count("dish"),
        min(ticks, default=20),
        (pot_reach[0], pot_reach[1]),
        (serve_reach[0], serve_reach[1]),
    )


def options(layout_name: str, kitchen: Kitchen, seat: int, need: Needs) -> list[Option]:
    """Chef ``seat``'s candidate medium-level actions with their values and costs (module table)."""
    geo = geometry(layout_name)
    layout = geo.layout
    chef = kitchen.chefs[seat]
    state = geo.state(chef.position, chef.orientation)
    held = holding(kitchen, seat)
    out = [Option(Task("wait"), 0.0, 0)]

    def cost(tile: Pos) -> int:
        return geo.goal_table(tile)[state] + 1

    def hand_over(item: str) -> None:
        counter = handover(geo, kitchen, seat)
        if counter is not None:
            out.append(Option(Task("place", counter, item), 70.0, cost(counter)))

    cooking = any(s is not None and s.cooking_tick >= 0 for s in map(kitchen.object_at, layout.pots))
    stuck_dish = held == "dish" and not cooking and need.dishes < 0 and need.onions > 0
    stuck_onion = held == "onion" and not any(need.slots.values()) and need.dishes > 0
    if stuck_dish or stuck_onion:  # free the hands for what the kitchen needs
        spot = closest_empty_counter(layout_name, kitchen, seat) or handover(geo, kitchen, seat)
        if spot is not None:
            out.append(Option(Task("place", spot, held), 10.0, cost(spot)))
    if held == "soup":
        for tile in layout.serving:
            if cost(tile) < INF:
                out.append(Option(Task("deliver", tile, "soup"), 100.0, cost(tile)))
        if not need.serve_reach[seat]:
            hand_over("soup")
    elif held == "dish":
        for pot in layout.pots:
            soup = kitchen.object_at(pot)
            if soup is None or soup.cooking_tick < 0 or cost(pot) >= INF:
                continue
            wait = max(0, 20 - soup.cooking_tick - cost(pot))
            out.append(Option(Task("load", pot, "dish"), 90.0 - 0.5 * wait, cost(pot), (("load", pot),)))
        if not need.pot_reach[seat]:
            hand_over("dish")
    elif held == "onion":
        for pot, free in need.slots.items():
            if free > 0 and cost(pot) < INF:
                value = 80.0 + 5 * (3 - free)
                out.append(Option(Task("put", pot, "onion"), value, cost(pot), (("slot", pot),)))
        if not need.pot_reach[seat]:
            hand_over("onion")
    else:
        out += _fetches(layout_name, kitchen, seat, state, need)
    return out


def _fetches(layout_name: str, kitchen: Kitchen, seat: int, state: int, need: Needs) -> list[Option]:
    """An empty-handed chef's pick-ups: the best source of an onion and of a plate (and soups left
    on counters), each costed to where the item is used next."""
    geo = geometry(layout_name)
    layout = geo.layout
    counters = [(o.position, o.name) for o in kitchen.objects if layout.terrain(o.position) == "X"]
    uses = {
        "onion": [p for p, n in need.slots.items() if n > 0] or list(layout.pots),
        "dish": list(layout.pots),
        "soup": list(layout.serving),
    }
    sources = {
        "onion": list(layout.onion_dispensers) + [t for t, n in counters if n == "onion"],
        "dish": list(layout.dish_dispensers) + [t for t, n in counters if n == "dish"],
        "soup": [t for t, n in counters if n == "soup"],
    }
    out = []
    for item, tiles in sources.items():
        best: Option | None = None
        reach = geo.from_state(state)
        for tile in tiles:
            if geo.goal_table(tile)[state] >= INF:
                continue
            total = INF
            for g in geo.goals(tile):  # take it facing from one side, carry it on from there
                second = min((geo.goal_table(u)[g] for u in uses[item]), default=INF)
                if second >= INF:  # the use is out of reach: the leg to a hand-over counter instead
                    second = 4
                total = min(total, reach[g] + 1 + second + 1)
            if best is None or total < best.cost:
                value = {"onion": 60.0, "dish": 70.0, "soup": 100.0}[item]
                on_counter = tile in layout.counters
                if item == "onion" and need.onions - (0 if on_counter else need.onions_on_counters) <= 0:
                    value = 15.0
                if item == "dish" and need.dishes - (0 if on_counter else need.dishes_on_counters) <= 0:
                    continue
                if item == "dish":  # a plate fetched too early waits at the pot
                    value -= DISH_WAIT * max(0, need.ready_in - total)
                if tile in layout.counters and need.pot_reach[seat] is False and item != "soup":
                    continue  # do not take back what was handed over
                claims: tuple[tuple[str, Pos | None], ...] = ((item, None),)
                if on_counter:
                    claims += (("take", tile),)  # one chef takes what lies on a counter
                best = Option(Task("pick", tile, item), value, total, claims)
        if best is not None:
            out.append(best)
    return out


def pair_score(a: Option, b: Option, need: Needs) -> float:
    """The total value minus cost of two chefs' options, a contended resource paid once."""
    va, vb = a.value, b.value
    for claim in set(a.claims) & set(b.claims):
        kind, pot = claim
        capacity = {"slot": need.slots.get(pot, 0) if pot else 0, "load": 1, "onion": need.onions, "dish": need.dishes}
        if capacity.get(kind, 1) >= 2:
            continue
        if a.cost <= b.cost:
            vb = SPARE if kind in ("onion", "dish") else -50.0
        else:
            va = SPARE if kind in ("onion", "dish") else -50.0
    return va - a.cost + vb - b.cost


def allocate(layout_name: str, kitchen: Kitchen, fixed: dict[int, Option] | None = None) -> tuple[Option, Option]:
    """The best pair of options (chef 0's, chef 1's); ``fixed`` pins a chef's option (a predicted partner)."""
    need = needs(geometry(layout_name), kitchen)
    fixed = fixed or {}
    opts = [[fixed[s]] if s in fixed else options(layout_name, kitchen, s, need) for s in (0, 1)]
    best = (opts[0][0], opts[1][0])
    best_score = -float("inf")
    for a in opts[0]:
        for b in opts[1]:
            score = pair_score(a, b, need)
            if score > best_score:
                best, best_score = (a, b), score
    return best


@dataclass
class SymbolicPlanner:
    """The symbolic agent (see the module docstring); a :class:`~planners.base.Planner` of the
    ``overcooked`` kit. Its per-game memory (the last joint plan, the trust in the partner, the
    stuck detector) is reset when a new game begins. ``trust_partner=False`` never assumes a
    same-planner partner (always the best answer to the predicted partner)."""

    trust_partner: bool = True
    game: NewGame = field(default_factory=NewGame)
    guard: StuckGuard = field(default_factory=StuckGuard)
    trusted: bool = True
    agreeing: int = 0
    last: tuple[Kitchen, tuple[int, int]] | None = None
    last_tasks: tuple[Task, Task] | None = None

    def reset(self) -> None:
        """Forget the previous game."""
        self.guard.reset()
        self.trusted, self.agreeing, self.last, self.last_tasks = self.trust_partner, 0, None, None

    def joint_plan(self, layout_name: str, kitchen: Kitchen) -> tuple[tuple[Task, Task], tuple[int, int]]:
        """The joint plan of a same-planner team: both chefs' tasks and low-level actions."""
        a, b = allocate(layout_name, kitchen)
        tasks = (a.task, b.task)
        geo = geometry(layout_name)
        states = (geo.state(c.position, c.orientation) for c in kitchen.chefs)
        s0, s1 = states
        return tasks, joint_actions(geo, (s0, s1), tasks)

    def own_task(self, layout_name: str, kitchen: Kitchen, seat: int) -> tuple[Task, Task]:
        """This chef's task and the partner's predicted task, for an untrusted partner."""
        predicted = greedy_task(layout_name, kitchen, 1 - seat)
        need = needs(geometry(layout_name), kitchen)
        partner = next(
            (o for o in options(layout_name, kitchen, 1 - seat, need) if o.task == predicted),
            Option(predicted, 0.0, 0),
        )
        pair = allocate(layout_name, kitchen, {1 - seat: partner})
        return pair[seat].task, predicted

    def decide(self, layout_name: str, kitchen: Kitchen, seat: int, rng: np.random.Generator) -> int:
        """Chef ``seat``'s next low-level action index."""
        if self.game.is_new(layout_name, kitchen):
            self.reset()
        self._check_partner(layout_name, kitchen, seat)
        tasks, joint = self.joint_plan(layout_name, kitchen)
        self.last_tasks = tasks
        action = joint[seat]
        if not self.trusted:
            action = self._alone(layout_name, kitchen, seat, rng)
        played = (action, joint[1]) if seat == 0 else (joint[0], action)
        self.last = (kitchen, played)
        return action

    def _alone(self, layout_name: str, kitchen: Kitchen, seat: int, rng: np.random.Generator) -> int:
        """The best answer to the partner's predicted action, off its path, with deadlocks broken."""
        geo = geometry(layout_name)
        mine, theirs = self.own_task(layout_name, kitchen, seat)
        self.last_tasks = (mine, theirs) if seat == 0 else (theirs, mine)
        chef, other = kitchen.chefs[seat], kitchen.chefs[1 - seat]
        state = geo.state(chef.position, chef.orientation)
        other_state = geo.state(other.position, other.orientation)
        lane = path_cells(geo, other_state, theirs.target, 4) if theirs.target is not None else [other_state >> 2]
        action = solo_action(geo, state, mine, other_state >> 2, lane)
        return self.guard.check(state, action, rng)

    def _check_partner(self, layout_name: str, kitchen: Kitchen, seat: int) -> None:
        """Compare the partner's last move with the joint plan's; update the trust."""
        if self.last is None:
            return
        before, played = self.last
        if before.timestep + 1 != kitchen.timestep:
            return
        expected = step(geometry(layout_name).layout, before, played).kitchen
        if expected.chefs[1 - seat] != kitchen.chefs[1 - seat]:
            self.trusted, self.agreeing = False, 0
        else:
            self.agreeing += 1
            if self.agreeing >= TRUST_AFTER and self.trust_partner:
                self.trusted = True

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> MoveIntent:
        """The symbolic agent's move for the observing chef."""
        view = read_view(observation)
        return view.intent(self.decide(view.layout, view.kitchen, view.seat, rng))

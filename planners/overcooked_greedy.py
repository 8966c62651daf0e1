"""The greedy human-like proxy for Overcooked (LLM-Coordination, seed 002, Table 4 pairs its agents
with human proxies; this is the spirit of overcooked-ai's ``GreedyHumanModel``, Carroll et al. 2019).

Each chef decides alone, from its held item, the most intuitively urgent medium-level action and
goes to the nearest place for it (:func:`greedy_task`):

| holding | task |
| --- | --- |
| nothing | a plate when a soup is cooking or ready and the partner holds no plate, else an onion (dispensers and counters alike); the nearest |
| onion | the nearest pot that still takes onions |
| plate | the nearest pot that is cooking or ready |
| soup | the nearest serving window |

Departures from upstream, both stated: when the place the held item needs cannot be reached (another
partition, as in forced_coordination, where upstream's model is documented not to work), the chef
puts it on the counter nearest to it that the partner can reach (a hand-over a person would make);
and moves are single shortest-path steps over cells with random tie-breaks instead of upstream's
motion planner. When the chef's cell and orientation have not changed for two steps while it tried
to move, it takes a random move (upstream's ``auto_unstuck``), and with probability ``noise`` (5%)
it takes a random move or stays anyway (a person's slips; it also ends the livelocks two greedy chefs
fall into in a one-lane ring).
"""

from __future__ import annotations

import numpy as np

from games.overcooked import Kitchen, Pos
from language.overcooked_places import Task
from planners.overcooked_grounding import (
    INF,
    STAY,
    Geometry,
    StuckGuard,
    geometry,
    holding,
    step_toward,
)
from planners.overcooked_view import MoveIntent, NewGame, read_view


def nearest(geo: Geometry, kitchen: Kitchen, seat: int, tiles: list[Pos]) -> tuple[Pos | None, int]:
    """The tile of ``tiles`` chef ``seat`` can act on soonest, and its distance (None, INF: none)."""
    chef = kitchen.chefs[seat]
    state = geo.state(chef.position, chef.orientation)
    best, best_d = None, INF
    for tile in tiles:
        d = geo.goal_table(tile)[state]
        if d < best_d:
            best, best_d = tile, d
    return best, best_d


def handover(geo: Geometry, kitchen: Kitchen, seat: int) -> Pos | None:
    """The empty counter nearest to chef ``seat`` that the partner can also reach, or None."""
    other = kitchen.chefs[1 - seat]
    other_state = geo.state(other.position, other.orientation)
    empty = [c for c in geo.layout.counters if kitchen.object_at(c) is None]
    shared = [c for c in empty if geo.goal_table(c)[other_state] < INF]
    return nearest(geo, kitchen, seat, shared)[0]


def greedy_task(layout_name: str, kitchen: Kitchen, seat: int) -> Task:
    """The greedy proxy's medium-level action for chef ``seat`` (see the module table)."""
    geo = geometry(layout_name)
    layout = geo.layout
    held = holding(kitchen, seat)
    soups = [kitchen.object_at(p) for p in layout.pots]
    if held is None:
        cooking = any(s is not None and s.cooking_tick >= 0 for s in soups)
        if cooking and holding(kitchen, 1 - seat) != "dish":
            item, tiles = "dish", list(layout.dish_dispensers)
        else:
            item, tiles = "onion", list(layout.onion_dispensers)
        if nearest(geo, kitchen, seat, list(layout.pots))[0] is not None:  # never take back a hand-over
            tiles += [o.position for o in kitchen.objects if o.name == item and layout.terrain(o.position) == "X"]
        tile, _ = nearest(geo, kitchen, seat, tiles)
        if tile is None:
            return Task("wait")
        return Task("pick", tile, item)
    if held == "onion":
        targets = [p for p, s in zip(layout.pots, soups, strict=True) if s is None or not s.is_full]
        kind = "put"
        if not any(nearest(geo, kitchen, seat, [p])[0] for p in layout.pots):
            targets = []
    elif held == "dish":
        targets = [p for p, s in zip(layout.pots, soups, strict=True) if s is not None and s.cooking_tick >= 0]
        kind = "load"
        if not any(nearest(geo, kitchen, seat, [p])[0] for p in layout.pots):
            targets = []
    else:
        targets, kind = list(layout.serving), "deliver"
    tile, _ = nearest(geo, kitchen, seat, targets)
    if tile is not None:
        return Task(kind, tile, held)  # type: ignore[arg-type]
    stations = layout.pots if held != "soup" else layout.serving
    if nearest(geo, kitchen, seat, list(stations))[0] is None:
        counter = handover(geo, kitchen, seat)
        if counter is not None:
            return Task("place", counter, held)
    return Task("wait")


class GreedyPlanner:
    """The greedy human-like proxy (see the module docstring); a :class:`~planners.base.Planner`
    of the ``overcooked`` kit."""

    def __init__(self, noise: float = 0.05) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be a probability, not {noise}")
        self.noise = noise
        self.guard = StuckGuard()
        self.game = NewGame()
        self.last_task: Task | None = None

    def decide(self, layout_name: str, kitchen: Kitchen, seat: int, rng: np.random.Generator) -> int:
        """Chef ``seat``'s next low-level action index."""
        if self.game.is_new(layout_name, kitchen):
            self.guard.reset()
        geo = geometry(layout_name)
        task = self.last_task = greedy_task(layout_name, kitchen, seat)
        chef = kitchen.chefs[seat]
        state = geo.state(chef.position, chef.orientation)
        if task.target is None:
            action = STAY
        else:
            other = kitchen.chefs[1 - seat].position
            order = [int(a) for a in rng.permutation(4)]
            action = step_toward(geo, state, task.target, geo.index[other], order)
        if rng.random() < self.noise:
            action = int(rng.integers(0, 5))
        return self.guard.check(state, action, rng)

    def plan(self, beliefs: object, observation: object, rng: np.random.Generator) -> MoveIntent:
        """The proxy's move for the observing chef."""
        view = read_view(observation)
        return view.intent(self.decide(view.layout, view.kitchen, view.seat, rng))

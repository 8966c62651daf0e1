"""An upper bound on Overcooked deliveries in an episode, from shortest paths, the cook time and the
pot count (LLM-Coordination, seed 002, section 2.1: three onions start a soup, it cooks 20 steps, a
delivery is worth 20, episodes last 400 steps).

Every soup needs three onions carried from a dispenser into a pot, a plate carried from the
dispenser to the pot (where it takes the soup) and the soup carried to a serving window. An item
goes straight (its walk, at least the shortest path between the tiles faced,
:func:`planners.overcooked_symbolic.tile_gap`, and two interactions) or is handed over on a counter
(two walks and four interactions); the walks back are left out, so the bound holds whoever carries
what. Per soup:

| bound | value |
| --- | --- |
| chef work | three onion legs + the plate leg + the soup leg, shared by two chefs (halved) |
| pot | three onions in (three steps), 20 steps of cooking, the soup out before the next onion: 23 steps per soup per pot |
| first soup | an onion taken as early as a chef can reach a dispenser, its leg, two more onions in, 20 steps of cooking, the soup leg |

The time per soup is at least the larger of the halved work and the pot cycle over the pots; the
deliveries are at most ``1 + (horizon - first) // time per soup``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.overcooked import COOK_TIME, Pos
from planners.overcooked_grounding import INF, geometry
from planners.overcooked_symbolic import tile_gap


@dataclass(frozen=True)
class Bound:
    """The bound of one layout: steps per soup, the first delivery's step, the deliveries and score."""

    layout: str
    per_soup: float
    first: int
    deliveries: int

    @property
    def score(self) -> int:
        """The score bound (20 per delivery)."""
        return 20 * self.deliveries


def _gap(layout_name: str, a: Pos, b: Pos) -> int:
    return tile_gap(layout_name, a, b)


def leg(layout_name: str, sources: tuple[Pos, ...], sinks: tuple[Pos, ...]) -> int:
    """The fewest chef-steps that carry an item from one of ``sources`` to one of ``sinks``: straight
    (the walk and two interactions) or through a counter (two walks and four interactions)."""
    counters = geometry(layout_name).layout.counters
    best = INF
    for a in sources:
        for b in sinks:
            best = min(best, _gap(layout_name, a, b) + 2)
            for h in counters:
                best = min(best, _gap(layout_name, a, h) + _gap(layout_name, h, b) + 4)
    return best


def delivery_bound(layout_name: str, horizon: int = 400) -> Bound:
    """The upper bound on deliveries in ``horizon`` steps of ``layout_name`` (see the module)."""
    geo = geometry(layout_name)
    lay = geo.layout
    onion = leg(layout_name, lay.onion_dispensers, lay.pots)
    plate = leg(layout_name, lay.dish_dispensers, lay.pots)
    soup = leg(layout_name, lay.pots, lay.serving) - 1  # the soup's pick-up is the plate leg's last step
    per_soup = max((3 * onion + plate + soup) / 2, (3 + COOK_TIME) / len(lay.pots))
    starts = [geo.state(s, (0, -1)) for s in lay.starts]
    take = min(geo.goal_table(o)[s] for o in lay.onion_dispensers for s in starts) + 1
    first = take + (onion - 1) + 2 + COOK_TIME + soup
    deliveries = 0 if first > horizon else 1 + math.floor((horizon - first) / per_soup)
    return Bound(layout_name, per_soup, first, deliveries)

"""The delivery bound of Overcooked: the pot cycle binds the one-pot kitchen, and no play (the
symbolic self-play, the paper's best) exceeds the bound."""

from __future__ import annotations

import numpy as np
import pytest

from games.overcooked import LAYOUTS, initial_kitchen, load_layout, step
from planners.overcooked_bounds import delivery_bound, leg
from planners.overcooked_symbolic import SymbolicPlanner
from tests.planners.test_overcooked_planners import PAPER_BEST


def test_the_pot_cycle_binds_the_one_pot_kitchen() -> None:
    bound = delivery_bound("cramped_room")
    assert bound.per_soup == 23.0 and bound.deliveries == 1 + (400 - bound.first) // 23


def test_a_split_kitchen_carries_items_over_a_counter() -> None:
    lay = load_layout("forced_coordination")
    # no straight walk from the onions to the pots: only a hand-over (4 interactions) carries one
    assert leg("forced_coordination", lay.onion_dispensers, lay.pots) >= 4


@pytest.mark.parametrize("layout", LAYOUTS)
def test_no_play_exceeds_the_bound(layout: str) -> None:
    bound = delivery_bound(layout)
    lay = load_layout(layout)
    kitchen = initial_kitchen(lay)
    planners = (SymbolicPlanner(), SymbolicPlanner())
    rng = np.random.default_rng(0)
    score = 0
    for _ in range(400):
        joint = planners[0].decide(layout, kitchen, 0, rng), planners[1].decide(layout, kitchen, 1, rng)
        result = step(lay, kitchen, joint)
        score += sum(result.sparse)
        kitchen = result.kitchen
    assert PAPER_BEST[layout] <= bound.score and score <= bound.score

"""Overcooked-AI (LLM-Coordination, seed 002, section 2.1 and Appendix A), id ``overcooked_v0``.

Two chefs share a grid kitchen. Each step both act at once, each with one of six low-level actions
(move north / south / east / west, stay, interact with the cell faced). Onions come from dispensers
and go into pots; three onions start cooking by themselves and are ready 20 steps later; a chef
holding a dish takes the soup out of the pot and delivers it at the serving window for 20 points.
The team's score is the sum of the deliveries over 400 steps.

| fact          | value                                                                               |
|---------------|-------------------------------------------------------------------------------------|
| layouts       | cramped_room, asymmetric_advantages, coordination_ring, forced_coordination,        |
|               | counter_circuit (upstream's files, :mod:`games.overcooked.layout`)                  |
| dynamics      | ``paper``: the original game (three onions auto-start, cook 20, delivery 20);       |
|               | ``v1.1.0``: overcooked-ai 1.1.0 unmodified (INTERACT with empty hands starts a pot) |
| engine        | :func:`step` (:mod:`games.overcooked.dynamics`), exact against upstream's goldens   |
| state         | :class:`Kitchen` of two :class:`Chef` and the unheld :class:`Obj`\\ s               |
| players       | 2: Alice (seat 0, the layout's ``1``) and Bob (seat 1, the layout's ``2``)          |
| turns         | each joint step is two turns: Alice submits, then Bob, then the step is applied     |
|               | (OpenSpiel's simultaneous-to-sequential transform); a turn is a chat message plus   |
|               | one :class:`Move` (all six are always legal; a turn without one stays)              |
| information   | perfect (the whole kitchen is seen); Alice's submission is hidden from Bob until    |
|               | the joint step is applied                                                           |
| end           | after ``horizon`` joint steps (the paper: 400)                                      |
| returns       | the team's score (20 per three-onion soup delivered) for both, 0 before the end     |
| options       | ``layout``, ``horizon``, ``dynamics`` (:class:`OvercookedGame`)                     |

The engine is plain Python on immutable, hashable states (planners search over them); the golden
trajectories of upstream and their provenance are in ``games/overcooked/golden/``.
"""

from games.overcooked.dynamics import DYNAMICS, EVENT_TYPES, Dynamics, Step, step
from games.overcooked.game import GAME_ID, MOVES, PLAYER_NAMES, Move, OvercookedGame, move_index
from games.overcooked.kitchen import (
    ACTIONS,
    COOK_TIME,
    DELIVERY_REWARD,
    DIRECTIONS,
    RECIPE,
    Chef,
    Kitchen,
    Obj,
    initial_kitchen,
)
from games.overcooked.layout import LAYOUTS, Layout, LayoutName, Pos, load_layout, parse_layout
from games.overcooked.observation import OvercookedObservation, StepRecord
from games.overcooked.state import OvercookedMetrics, OvercookedState
from games.overcooked.upstream import from_upstream_dict, to_upstream_dict

__all__ = [
    "ACTIONS",
    "COOK_TIME",
    "DELIVERY_REWARD",
    "DIRECTIONS",
    "DYNAMICS",
    "EVENT_TYPES",
    "GAME_ID",
    "LAYOUTS",
    "MOVES",
    "PLAYER_NAMES",
    "RECIPE",
    "Chef",
    "Dynamics",
    "Kitchen",
    "Layout",
    "LayoutName",
    "Move",
    "Obj",
    "OvercookedGame",
    "OvercookedMetrics",
    "OvercookedObservation",
    "OvercookedState",
    "Pos",
    "Step",
    "StepRecord",
    "from_upstream_dict",
    "initial_kitchen",
    "load_layout",
    "move_index",
    "parse_layout",
    "step",
    "to_upstream_dict",
]

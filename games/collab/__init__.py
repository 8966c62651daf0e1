"""Collab Capture and Collab Escape (LLM-Coordination, Agashe et al., seed 002 section 2.1 and
Appendix D / Table 7): two pure-coordination pursuit games on small room maps.

| game | id | module | goal | adversary |
| --- | --- | --- | --- | --- |
| Collab Capture | ``collab_capture_v0`` | :mod:`games.collab.capture` | corner the thief (30 turns) | a thief fleeing by a fixed greedy rule |
| Collab Escape | ``collab_escape_v0`` | :mod:`games.collab.escape` | repair two generators, reach the exit | a killer: pursues a player it sees, else wanders at random |

Both play the original code's rules exactly (option ``rules="original"``, the default) or the
rules its prompts describe (``rules="corrected"``); the rules live in one kernel per game in
:mod:`solvers` (plain data, shared with the exact planners). Simultaneous moves are made turn-based
(:mod:`games.collab.simultaneous`): Alice submits, Bob submits, the joint move resolves. The maps
and the paper's figures are vendored in ``games/collab/data`` (MIT, UCSC ERIC Lab; PROVENANCE.md).
"""

from games.collab.actions import ACTION_ADAPTER, CollabAction, Fix, Move, Press, RoundRecord, Stay, Wait, action_name
from games.collab.capture import CaptureMetrics, CaptureObservation, CollabCaptureGame, CollabCaptureState
from games.collab.escape import CollabEscapeGame, CollabEscapeState, EscapeMetrics, EscapeObservation
from games.collab.maps import collab_data
from games.collab.simultaneous import PLAYER_NAMES

__all__ = [
    "ACTION_ADAPTER",
    "PLAYER_NAMES",
    "CaptureMetrics",
    "CaptureObservation",
    "CollabAction",
    "CollabCaptureGame",
    "CollabCaptureState",
    "CollabEscapeGame",
    "CollabEscapeState",
    "EscapeMetrics",
    "EscapeObservation",
    "Fix",
    "Move",
    "Press",
    "RoundRecord",
    "Stay",
    "Wait",
    "action_name",
    "collab_data",
]

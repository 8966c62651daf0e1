"""The facts ``accord eval parse`` scores for Gnomes at Night intent flags.

A flag is the fact of kind ``flag`` (its name); what it says besides is one fact each: the refused
``move``, the ``treasure`` direction and the ``blocked`` moves (as a set). A message is read
exactly when its flag and every detail agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from agent.parse_eval import Fact


def flag_facts(acts: Sequence[Any], context: Any) -> list[Fact]:
    """The facts of the flags ``acts``."""
    out: list[Fact] = []
    for flag in acts:
        out.append(("flag", flag.flag))
        if flag.move is not None:
            out.append(("move", flag.move))
        if flag.treasure is not None:
            out.append(("treasure", flag.treasure.dx, flag.treasure.dy))
        if flag.blocked is not None:
            out.append(("blocked", tuple(sorted(flag.blocked))))
    return out

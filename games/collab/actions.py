"""The Collab games' typed actions, their names in words, and the public record of a joint turn.

| action | game | legal when | name |
| --- | --- | --- | --- |
| ``Move(room=3)`` | both | ``room`` is reachable in one step | ``move to room 3`` |
| ``Stay()`` | capture | always | ``stay in room 1`` |
| ``Press()`` | capture | the player's room holds a button | ``press the button in room 9`` |
| ``Fix()`` | escape | the player's room holds a generator | ``fix the generator in room 1`` |
| ``Wait()`` | escape | always | ``wait in room 2`` |

A turn carries exactly one action: a model, its dict (with ``kind``) or its legal-action name.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from games.base import IllegalTurnError
from solvers.collab_capture import Act


class Move(BaseModel):
    """Move to the adjacent room ``room``."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["move"] = "move"
    room: int


class Stay(BaseModel):
    """Stay in the current room (Collab Capture)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["stay"] = "stay"


class Press(BaseModel):
    """Press the button of the current room, toggling its door, and stay (Collab Capture)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["press"] = "press"


class Fix(BaseModel):
    """Work on the generator of the current room (Collab Escape)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["fix"] = "fix"


class Wait(BaseModel):
    """Wait in the current room (Collab Escape)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["wait"] = "wait"


CollabAction = Annotated[Move | Stay | Press | Fix | Wait, Field(discriminator="kind")]
"""Any Collab action; a dict with a ``kind`` validates to one."""

ACTION_TYPES = (Move, Stay, Press, Fix, Wait)
ACTION_ADAPTER: TypeAdapter[Move | Stay | Press | Fix | Wait] = TypeAdapter(CollabAction)
_SIMPLE: dict[str, Move | Stay | Press | Fix | Wait] = {"stay": Stay(), "press": Press(), "fix": Fix(), "wait": Wait()}


def to_act(action: Move | Stay | Press | Fix | Wait) -> Act:
    """The kernel's :class:`~solvers.collab_capture.Act` of a typed action."""
    return Act("move", action.room) if isinstance(action, Move) else Act(action.kind)


def from_act(act: Act) -> Move | Stay | Press | Fix | Wait:
    """The typed action of a kernel act."""
    return Move(room=act.room) if act.kind == "move" else _SIMPLE[act.kind]


def action_name(action: Move | Stay | Press | Fix | Wait, room: int) -> str:
    """The legal-action name of ``action`` by a player in ``room`` (the module table's wording)."""
    if isinstance(action, Move):
        return f"move to room {action.room}"
    if isinstance(action, Press):
        return f"press the button in room {room}"
    if isinstance(action, Fix):
        return f"fix the generator in room {room}"
    return f"{action.kind} in room {room}"


def read_action(raw: Any, legal: list[Move | Stay | Press | Fix | Wait], room: int) -> Move | Stay | Press | Fix | Wait:
    """The legal typed action ``raw`` names.

    Args:
        raw: a typed action, its dict, or a legal-action name (case-insensitive).
        legal: the player's legal actions now.
        room: the player's room (for the names).

    Raises:
        IllegalTurnError: malformed, unknown, or not legal now (one line, naming the legal moves).
    """
    if isinstance(raw, str):
        names = {action_name(a, room): a for a in legal}
        found = names.get(" ".join(raw.lower().split()))
        if found is None:
            raise IllegalTurnError(f"unknown or illegal action {raw[:60]!r}; legal: {'; '.join(names)}")
        return found
    if isinstance(raw, dict):
        try:
            raw = ACTION_ADAPTER.validate_python(raw)
        except ValidationError as err:
            raise IllegalTurnError(f"malformed action ({err.errors()[0]['msg']})") from None
    if not isinstance(raw, ACTION_TYPES):
        raise IllegalTurnError(f"an action must be Move, Stay, Press, Fix or Wait, not {type(raw).__name__}")
    if raw not in legal:
        listed = "; ".join(action_name(a, room) for a in legal)
        raise IllegalTurnError(f"{action_name(raw, room)} is not legal now; legal: {listed}")
    return raw


Result = Literal["continue", "captured", "escaped", "caught", "timeout"]
"""How a joint turn ended."""


class RoundRecord(BaseModel):
    """What everyone sees once a joint turn has resolved.

    Attributes:
        turn: the turn's number (1-based).
        alice, bob: the players' actions.
        adversary_from, adversary_to: the thief's or killer's rooms before and after.
        rooms: Alice's and Bob's rooms after the turn.
        result: ``continue``, ``captured``, ``escaped``, ``caught`` (by the killer) or ``timeout``.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn: int
    alice: CollabAction
    bob: CollabAction
    adversary_from: int
    adversary_to: int
    rooms: tuple[int, int]
    result: Result

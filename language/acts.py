"""Typed dialogue acts: the objects that travel between parser, belief store, planner and renderer.

Every act is a frozen pydantic model with a literal ``act`` tag, so a list of acts round-trips through
JSON (``model_dump(exclude_none=True)``) and validates back through :data:`ACT_ADAPTER`.

Traveling Adventurers acts (paper: Jeknić et al. 2025, Table 4):

| act       | fields                         | meaning                                               |
|-----------|--------------------------------|-------------------------------------------------------|
| suggest   | ``path``                       | propose visiting the rooms of ``path`` in order       |
| agree     | ``path`` (optional)            | accept the partner's suggestion (``path`` if named)   |
| reject    | ``path`` (optional)            | refuse the partner's suggestion                       |
| inform    | ``edge``, ``coins``            | "I get ``coins`` coins between the two rooms"         |
| ask       | ``edge`` or ``about``          | ask the partner's coins on an edge, or its best next  |
| end       | ``path``                       | declare the final tour (and submit it)                |

Rooms are single upper-case letters (``L``, ``E``, ``K`` ...); the game module owns their names.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializeAsAny, TypeAdapter, field_validator

from language.act_base import ActBase
from language.flags import Flag

Room = Annotated[str, Field(min_length=1, max_length=2, pattern=r"^[A-Z][A-Z0-9]?$")]


def _check_path(path: list[str] | None) -> list[str] | None:
    if path is not None and len(path) < 1:
        raise ValueError("a path names at least one room")
    return path


class Suggest(ActBase):
    """Propose the rooms of ``path`` in order; ``path[0]`` is where the proposal starts."""

    act: Literal["suggest"] = "suggest"
    path: list[Room] = Field(min_length=2)


class Agree(ActBase):
    """Accept the partner's latest suggestion; ``path`` is set when the message names it."""

    act: Literal["agree"] = "agree"
    path: list[Room] | None = None

    _valid_path = field_validator("path")(_check_path)


class Reject(ActBase):
    """Refuse the partner's latest suggestion; ``path`` is set when the message names it."""

    act: Literal["reject"] = "reject"
    path: list[Room] | None = None

    _valid_path = field_validator("path")(_check_path)


class Inform(ActBase):
    """The speaker collects ``coins`` of its own coins on the hallway ``edge``."""

    act: Literal["inform"] = "inform"
    edge: tuple[Room, Room]
    coins: int = Field(ge=0, le=1000)

    @field_validator("edge")
    @classmethod
    def _distinct(cls, edge: tuple[str, str]) -> tuple[str, str]:
        if edge[0] == edge[1]:
            raise ValueError("an edge joins two different rooms")
        return edge


class Ask(ActBase):
    """Ask for the partner's coins on ``edge``, or (``about='best_next'``) for its best next move."""

    act: Literal["ask"] = "ask"
    edge: tuple[Room, Room] | None = None
    about: Literal["best_next"] | None = None

    def model_post_init(self, __context: object) -> None:
        if (self.edge is None) == (self.about is None):
            raise ValueError("ask needs exactly one of edge or about")


class End(ActBase):
    """Declare ``path`` the final tour; the speaker submits it."""

    act: Literal["end"] = "end"
    path: list[Room] = Field(min_length=2)


# every game's acts; shared-control games speak in intent flags (language.flags)
Act = Annotated[Suggest | Agree | Reject | Inform | Ask | End | Flag, Field(discriminator="act")]
ACT_ADAPTER: TypeAdapter[list[Act]] = TypeAdapter(list[Act])


def acts_to_json(acts: Sequence[ActBase]) -> list[dict]:
    """Serialize acts to the JSON list printed by ``accord parse``."""
    return [a.to_json() for a in acts]


def acts_from_json(data: object) -> list[Act]:
    """Validate a JSON list back into acts (raises ``pydantic.ValidationError``)."""
    return ACT_ADAPTER.validate_python(data)


class Intent(BaseModel):
    """What a planner decided for one turn: the acts to say and the formal game actions to take.

    ``actions`` holds game-specific formal actions (for Traveling Adventurers, a submitted tour).
    ``message`` is set by a policy that writes its own message (an LLM policy); the pipeline then
    sends it as it is instead of rendering the acts. ``addressee`` is the seat the turn speaks to,
    where a game has one (``None``: everyone).
    """

    model_config = ConfigDict(frozen=True)

    acts: list[SerializeAsAny[ActBase]] = Field(default_factory=list)
    actions: list[object] = Field(default_factory=list)
    message: str | None = None
    addressee: int | None = None

"""A loss-free machine channel: acts travel as JSON text.

Registered as parser / renderer ``structured`` by each game that passes its act types; an ablation
with it measures the planners without any language error (the upper bound the rule and LLM back
ends are compared against).

The game's act types come from the caller: act classes (subclasses of
:class:`~language.act_base.ActBase`, each with a literal ``act`` tag of its own) or a union of them.
The parser decodes a JSON list with a pydantic ``TypeAdapter`` over their union, told apart by the
``act`` tag; the renderer writes each act with its own ``model_dump`` (``ActBase.to_json``).

The parser holds what it reads to the game exactly as the LLM parser does: decoded acts go through
the game's validators (the ``act_errors`` of its language, or a plain ``(acts, context) -> errors``
function, when the caller gives one). A message with any act the validators refuse is refused
whole, like an LLM answer: it parses to no acts and is counted in :attr:`StructuredParser.refused`
(the reason in :attr:`StructuredParser.last_refusal`). So is a message that is not a JSON list of
the game's acts, or is longer than a game message may be; no input makes the parser raise.
"""

from __future__ import annotations

import json
import types
import typing
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Union

import numpy as np
from pydantic import Field, TypeAdapter, ValidationError

from games.base import MAX_MESSAGE_CHARS
from language.act_base import ActBase
from language.acts import Intent

if TYPE_CHECKING:
    from language.llm import ParseLanguage

ActTypes = Any
"""A game's act types: one act class, a tuple (or list) of them, or a union (``A | B``, optionally
``Annotated`` with its discriminator)."""

ActCheck = Callable[[list[ActBase], Any], list[str]]
"""``(acts, context) -> errors``: why ``acts`` cannot be what a message in ``context`` says."""


def act_classes(acts: ActTypes) -> tuple[type[ActBase], ...]:
    """The act classes of ``acts``, in order, each with a distinct ``act`` tag.

    Args:
        acts: one act class, a tuple or list of them, or a union of them.

    Returns:
        The classes.

    Raises:
        ValueError: no classes, something that is not an act class, an act class without a literal
            ``act`` tag, or two classes with the same tag.
    """
    classes = tuple(_flatten(acts))
    if not classes:
        raise ValueError("a game's structured channel needs at least one act type")
    tags: dict[str, type[ActBase]] = {}
    for kind in classes:
        tag = _tag(kind)
        if tag in tags:
            raise ValueError(f"act types {tags[tag].__name__} and {kind.__name__} share the act tag {tag!r}")
        tags[tag] = kind
    return classes


def _flatten(acts: ActTypes) -> list[Any]:
    if isinstance(acts, (tuple, list)):
        return [kind for member in acts for kind in _flatten(member)]
    origin = typing.get_origin(acts)
    if origin is Annotated:
        return _flatten(typing.get_args(acts)[0])
    if origin is Union or isinstance(acts, types.UnionType):
        return _flatten(typing.get_args(acts))
    return [acts]


def _tag(kind: Any) -> str:
    if not (isinstance(kind, type) and issubclass(kind, ActBase)):
        raise ValueError(f"{kind!r} is not an act type (a subclass of ActBase)")
    field_info = kind.model_fields.get("act")
    tag = None if field_info is None else field_info.default
    if field_info is None or not isinstance(tag, str) or typing.get_args(field_info.annotation) != (tag,):
        raise ValueError(f"{kind.__name__} has no literal act tag (act: Literal['...'] = '...')")
    return tag


def act_list_adapter(acts: ActTypes) -> TypeAdapter[list[ActBase]]:
    """A ``TypeAdapter`` of a list of ``acts``, told apart by their ``act`` tag.

    Raises:
        ValueError: as :func:`act_classes`.
    """
    classes = act_classes(acts)
    item = classes[0] if len(classes) == 1 else Annotated[Union[classes], Field(discriminator="act")]  # noqa: UP007
    return TypeAdapter(list[item])  # type: ignore[valid-type]  # a union of the game's act types, built at run time


def _no_errors(acts: list[ActBase], context: Any) -> list[str]:
    return []


@dataclass(kw_only=True)
class StructuredRenderer:
    """Writes the intent's acts as a JSON list, each act by its own ``model_dump``.

    Args:
        acts: the game's act types (see :data:`ActTypes`).

    Raises:
        ValueError: at construction, act types that cannot be told apart (see :func:`act_classes`).
    """

    acts: ActTypes
    _classes: tuple[type[ActBase], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._classes = act_classes(self.acts)

    def render(self, intent: Intent, context: object, rng: np.random.Generator) -> str:
        """The acts of ``intent`` as compact JSON.

        Raises:
            ValueError: an act that is not of the game's act types (a planner's bug).
        """
        foreign = [act for act in intent.acts if not isinstance(act, self._classes)]
        if foreign:
            names = ", ".join(act.tag for act in foreign)
            raise ValueError(f"not acts of this game: {names}")
        return json.dumps([act.to_json() for act in intent.acts], separators=(",", ":"))


@dataclass(kw_only=True)
class StructuredParser:
    """Reads a JSON list of the game's acts that its validators accept; anything else yields no acts.

    Args:
        acts: the game's act types (see :data:`ActTypes`).
        language: what judges the decoded acts: the game's language (its ``act_errors``) or an
            ``(acts, context) -> errors`` function; ``None``: only the act types' own validation.

    Attributes:
        refused: messages refused (not a JSON list of the game's acts, too long, or an act the game
            forbids).
        last_refusal: why the latest refused message was refused.

    Raises:
        ValueError: at construction, act types that cannot be told apart (see :func:`act_classes`).
    """

    acts: ActTypes
    language: ParseLanguage | ActCheck | None = None
    refused: int = 0
    last_refusal: str = ""
    _adapter: TypeAdapter[list[ActBase]] = field(init=False, repr=False)
    _check: ActCheck = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._adapter = act_list_adapter(self.acts)
        if self.language is None:
            self._check = _no_errors
        elif callable(self.language):
            self._check = self.language
        else:
            self._check = self.language.act_errors

    def parse(self, message: str, context: Any) -> list[ActBase]:
        """The acts of ``message``, or ``[]`` (counted in :attr:`refused`) when it is not a JSON list
        of the game's acts legal in ``context``. Never raises."""
        if len(message) > MAX_MESSAGE_CHARS:
            return self._refuse(f"the message is over {MAX_MESSAGE_CHARS} characters")
        try:
            acts = self._adapter.validate_python(json.loads(message))
        except (ValueError, ValidationError, RecursionError) as err:
            return self._refuse(f"not a JSON list of acts: {type(err).__name__}")
        errors = self._check(acts, context)
        return self._refuse("; ".join(errors)) if errors else acts

    def _refuse(self, reason: str) -> list[ActBase]:
        self.refused += 1
        self.last_refusal = reason
        return []

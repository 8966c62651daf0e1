"""The language-layer interfaces: a parser turns a partner's message into acts, a renderer turns an
intent into a message. Both receive a :class:`DialogueContext` with what the listener knows about
the conversation (rooms, where the agreed path stands, which coins are whose).

Implementations: ``language.traveling_adventurers`` (offline rules and templates), and the null
objects below for agents that run with a module switched off.
"""

from __future__ import annotations

from typing import Protocol, runtime_checkable

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from language.acts import Act, Intent


class DialogueContext(BaseModel):
    """What the language layer may use to resolve a message; never the partner's private view.

    Attributes:
        rooms: room letter -> room name, in board order (the start room first).
        start: the room every tour starts and ends in.
        at: the room the agreed path currently ends in ("from there" refers to it).
        visited: the agreed path so far, starting with ``start``.
        speaker_coins: the kind of coins the *message's author* collects ("light" or "ghost").
        listener_coins: the kind of coins the reader of the message collects.
        last_suggestion: the listener's own latest suggestion, which a bare "yes" accepts.
    """

    model_config = ConfigDict(frozen=True)

    rooms: dict[str, str]
    start: str = "L"
    at: str | None = None
    visited: list[str] = Field(default_factory=list)
    speaker_coins: str = "light"
    listener_coins: str = "ghost"
    last_suggestion: list[str] | None = None

    @property
    def current(self) -> str:
        """The room a relative reference ("from there", "next") starts from."""
        if self.at is not None:
            return self.at
        return self.visited[-1] if self.visited else self.start


@runtime_checkable
class Parser(Protocol):
    """Turns a partner's message into typed acts. Never raises on user text: garbage yields ``[]``."""

    def parse(self, message: str, context: DialogueContext) -> list[Act]: ...


@runtime_checkable
class Renderer(Protocol):
    """Turns an intent into the text sent to the partner; ``rng`` picks among paraphrases."""

    def render(self, intent: Intent, context: DialogueContext, rng: np.random.Generator) -> str: ...


class NullParser:
    """A switched-off parser: the agent hears nothing in the partner's messages."""

    def parse(self, message: str, context: DialogueContext) -> list[Act]:
        return []


class NullRenderer:
    """A switched-off renderer: the agent sends empty messages (formal actions still go through)."""

    def render(self, intent: Intent, context: DialogueContext, rng: np.random.Generator) -> str:
        return ""

"""The language-layer contracts: a parser turns a partner's message into acts, a renderer turns an
intent into a message. Both are generic in the *context* they read and write in (what the listener
knows about the conversation), which each game's language package defines; a parser is also
generic in the acts it returns.

Implementations live in each game's language module; the null objects below serve agents that run
with a stage switched off, in any game.
"""

from __future__ import annotations

from typing import Any, Protocol, TypeVar, runtime_checkable

import numpy as np

from language.acts import Intent

ActT = TypeVar("ActT")
"""The acts a parser returns (invariant: they come back in a ``list``, which is invariant)."""
CtxT_contra = TypeVar("CtxT_contra", contravariant=True)
"""The context a parser or renderer reads in (contravariant: one that takes any context takes a game's)."""


@runtime_checkable
class Parser(Protocol[ActT, CtxT_contra]):
    """Turns a partner's message into typed acts. Never raises on user text: garbage yields ``[]``."""

    def parse(self, message: str, context: CtxT_contra) -> list[ActT]:
        """The acts ``message`` makes, read in ``context``."""
        ...


@runtime_checkable
class Renderer(Protocol[CtxT_contra]):
    """Turns an intent into the text sent to the partner; ``rng`` picks among paraphrases."""

    def render(self, intent: Intent, context: CtxT_contra, rng: np.random.Generator) -> str:
        """The message that says ``intent`` in ``context``."""
        ...


class NullParser:
    """A switched-off parser: the agent hears nothing in the partner's messages."""

    def parse(self, message: str, context: object) -> list[Any]:
        """No acts, whatever the message."""
        return []


class NullRenderer:
    """A switched-off renderer: the agent sends empty messages (formal actions still go through)."""

    def render(self, intent: Intent, context: object, rng: np.random.Generator) -> str:
        """The empty message."""
        return ""

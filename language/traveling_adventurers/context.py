"""The context a Traveling Adventurers message is read and written in: :class:`DialogueContext`.

The language-layer contracts (:class:`language.base.Parser`, :class:`language.base.Renderer`) are
generic in their context; this is the one the game's parsers and renderers (rules, LLM, embedding)
take, and the one its belief store hands them.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


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
        topic: the hallway (two rooms) or room (one) under discussion: the last one either side
            named ("that one", "that hallway", "there" refer to it).
        last_question: the listener's own latest question still unanswered: a hallway (a bare
            "3 for me" answers it) or ``"best_next"``.
        last_amount: the coins last said by either side ("same for me" repeats it).
    """

    model_config = ConfigDict(frozen=True)

    rooms: dict[str, str]
    start: str = "L"
    at: str | None = None
    visited: list[str] = Field(default_factory=list)
    speaker_coins: str = "light"
    listener_coins: str = "ghost"
    last_suggestion: list[str] | None = None
    topic: list[str] | None = Field(default=None, min_length=1, max_length=2)
    last_question: tuple[str, str] | Literal["best_next"] | None = None
    last_amount: int | None = Field(default=None, ge=0)

    @property
    def current(self) -> str:
        """The room a relative reference ("from there", "next") starts from."""
        if self.at is not None:
            return self.at
        return self.visited[-1] if self.visited else self.start

"""Hanabi's typed actions and the public record of a move.

A turn carries exactly one action. Card positions are 0-based indices into the mover's hand as it
stands (the oldest card is position 0; a drawn card is appended on the right, as in HLE and the
paper's convention "cards are added to the right"). A clue's ``target`` is the *absolute* seat of
the player receiving it (not HLE's offset from the giver), its ``color`` a colour name and its
``rank`` 1-based, as people say them.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from games.hanabi.cards import Card


class Play(BaseModel):
    """Play the card at position ``card`` of one's own hand."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["play"] = "play"
    card: int


class Discard(BaseModel):
    """Discard the card at position ``card`` of one's own hand (regains an information token)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["discard"] = "discard"
    card: int


class RevealColor(BaseModel):
    """Tell seat ``target`` which of its cards are ``color`` (spends an information token)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reveal_color"] = "reveal_color"
    target: int
    color: str


class RevealRank(BaseModel):
    """Tell seat ``target`` which of its cards have the 1-based ``rank`` (spends a token)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["reveal_rank"] = "reveal_rank"
    target: int
    rank: int


HanabiAction = Annotated[Play | Discard | RevealColor | RevealRank, Field(discriminator="kind")]
"""Any Hanabi action; a dict with a ``kind`` key validates to one (:data:`ACTION_ADAPTER`)."""

Action = Play | Discard | RevealColor | RevealRank
"""The union of the action models (for annotations)."""

DISCARD, PLAY, REVEAL_COLOR, REVEAL_RANK = 0, 1, 2, 3
"""Move kinds of the integer move ids (``HanabiGame.decode``)."""

ACTION_ADAPTER: TypeAdapter[Play | Discard | RevealColor | RevealRank] = TypeAdapter(HanabiAction)
ACTION_TYPES = (Play, Discard, RevealColor, RevealRank)


class MoveRecord(BaseModel):
    """What every player sees of a move (the action of its chat line).

    Attributes:
        kind: the action's kind.
        card: plays and discards: the position the card left.
        revealed: plays and discards: the card, now face up.
        success: plays: whether the card extended its stack (else a life was lost).
        target: clues: the seat clued.
        color: colour clues: the colour named.
        rank: rank clues: the 1-based rank named.
        touched: clues: the positions of the target's hand the clue touched.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["play", "discard", "reveal_color", "reveal_rank"]
    card: int | None = None
    revealed: Card | None = None
    success: bool | None = None
    target: int | None = None
    color: str | None = None
    rank: int | None = None
    touched: tuple[int, ...] = ()

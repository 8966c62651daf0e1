"""The AsymPuzl belief store: what one player knows.

:class:`AsympuzlBeliefs` holds its own clues (the shape at each position for Alice, each shape's
color for Bob), what the partner has said (shapes at positions, colors of shapes, questions,
"solved"), and what this player has already told. Its own clues always win over a partner's claim.
From these it deduces the *target*: the piece at each position whose shape and color are both known.
"""

from __future__ import annotations

from typing import Any

from beliefs.base import SeatedBeliefs, Utterance
from games.asympuzl import AsympuzlObservation, Piece
from language.act_base import ActBase
from language.asympuzl import AsympuzlContext, PuzlAsk, PuzlOrder, PuzlPair, PuzlPlace, PuzlSolved


class AsympuzlBeliefs(SeatedBeliefs):
    """Belief store of one AsymPuzl player (see the module docstring).

    Args:
        observation: the player's first observation (its clues).
    """

    def __init__(self, observation: AsympuzlObservation) -> None:
        self.take_seat(observation)
        self.player = observation.seat
        self.size = observation.size
        self.shapes = observation.shapes
        self.colors = observation.colors
        self.observation = observation
        # own clues (authoritative) and what the partner said
        self.own_shape_at: dict[int, str] = {}
        self.own_color_of: dict[str, str] = {}
        if self.player == 0:
            self.own_shape_at = {i + 1: p.shape for i, p in enumerate(observation.clues)}
        else:
            self.own_color_of = {p.shape: p.color for p in observation.clues if p.color is not None}
        self.heard_shape_at: dict[int, str] = {}
        self.heard_color_of: dict[str, str] = {}
        self.heard_color_at: dict[int, str] = {}
        self.open_asks: list[PuzlAsk] = []
        self.partner_solved = False
        self.partner_acts: list[ActBase] = []
        # what this player has told: ("shape_at", position), ("color_of", shape), ("solved",)
        self.told: set[tuple[Any, ...]] = set()
        self.recent_positions: list[int] = []  # positions the partner named, most recent last

    # ---- the belief store protocol -------------------------------------------------------------
    def observe(self, observation: AsympuzlObservation) -> None:
        """Keep the latest observation (hypothesis and feedback)."""
        self.observation = observation

    def context(self, observation: AsympuzlObservation, author_seat: int) -> AsympuzlContext:
        """The language context (vocabularies and size); the same for both speakers."""
        return AsympuzlContext(shapes=observation.shapes, colors=observation.colors, size=observation.size)

    def update(self, utterance: Utterance) -> None:
        """Take in the acts of one message: the partner's (parsed) or our own (as planned).

        Args:
            utterance: the message: its seat and acts.
        """
        acts, mine = list(utterance.acts), self.is_own(utterance.seat)
        if mine:
            for act in acts:
                self._record_told(act)
            self.open_asks = []  # the planner answered what it could in this move
            return
        for act in acts:
            self.partner_acts.append(act)
            if isinstance(act, PuzlPlace):
                self._hear_place(act.position, act.shape, act.color)
            elif isinstance(act, PuzlOrder):
                for i, shape in enumerate(act.shapes[: self.size]):
                    self._hear_place(i + 1, shape, None)
            elif isinstance(act, PuzlPair):
                self._hear_color(act.shape, act.color)
            elif isinstance(act, PuzlAsk):
                self.open_asks.append(act)
            elif isinstance(act, PuzlSolved):
                self.partner_solved = True

    def _hear_place(self, position: int, shape: str | None, color: str | None) -> None:
        if not 1 <= position <= self.size:
            return
        if shape in self.shapes:
            self.heard_shape_at[position] = shape
            self.recent_positions.append(position)
            if color in self.colors:
                self._hear_color(shape, color)
        elif shape is None and color in self.colors:
            self.heard_color_at[position] = color

    def _hear_color(self, shape: str, color: str) -> None:
        if shape in self.shapes and color in self.colors:
            self.heard_color_of[shape] = color

    def _record_told(self, act: Any) -> None:
        if isinstance(act, PuzlPlace):
            if act.shape is not None:
                self.told.add(("shape_at", act.position))
            if act.shape is not None and act.color is not None:
                self.told.add(("color_of", act.shape))
        elif isinstance(act, PuzlOrder):
            self.told.update(("shape_at", i + 1) for i in range(len(act.shapes)))
        elif isinstance(act, PuzlPair):
            self.told.add(("color_of", act.shape))
        elif isinstance(act, PuzlSolved):
            self.told.add(("solved",))

    # ---- queries ------------------------------------------------------------------------------
    def shape_at(self, position: int) -> str | None:
        """The shape at ``position``: own clue first, else what the partner said."""
        return self.own_shape_at.get(position) or self.heard_shape_at.get(position)

    def color_of(self, shape: str) -> str | None:
        """The color of ``shape``: own clue first, else what the partner said."""
        return self.own_color_of.get(shape) or self.heard_color_of.get(shape)

    def target(self) -> dict[int, Piece]:
        """The pieces deduced so far, by 1-based position."""
        out: dict[int, Piece] = {}
        for position in range(1, self.size + 1):
            shape = self.shape_at(position)
            if shape is None:
                continue
            color = self.color_of(shape) or self.heard_color_at.get(position)
            if color is not None:
                out[position] = Piece(shape=shape, color=color)
        return out

    def untold(self) -> list[tuple[str, Any]]:
        """The facts of our own clues the partner has not been told yet, in clue order:
        ``("shape_at", position)`` for Alice, ``("color_of", shape)`` for Bob."""
        if self.player == 0:
            return [("shape_at", p) for p in sorted(self.own_shape_at) if ("shape_at", p) not in self.told]
        return [("color_of", s) for s in self.own_color_of if ("color_of", s) not in self.told]

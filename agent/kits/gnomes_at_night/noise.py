"""The Gnomes at Night noise lexicon: the moves, the move a refusal is about, and the other ways
people ask for a move or refuse one (the ``noisy`` renderer, :mod:`language.noise`)."""

from __future__ import annotations

from collections.abc import Sequence

from language.acts import Intent
from language.flags import Flag, FlagContext
from language.noise import NoiseLexicon, NoisyRenderer

DIRECTIONS: tuple[str, ...] = ("up", "down", "left", "right")
"""The moves a message names (``stay`` is said in words of its own)."""

REFERENCES: tuple[str, ...] = ("that way", "in that direction", "there")
"""What refers back to a move after a verb of motion."""
MOTION = frozenset({"move", "go", "head", "step", "moving", "going"})

PHRASINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("can you move", ("can you go", "could you step", "try moving", "move")),
    ("could you go", ("could you move", "can you head", "go")),
    ("please move", ("pls go", "go", "head")),
    ("I cannot move", ("I can't go", "can't move", "no way to go")),
    ("there is a wall in that direction", ("it's walled off", "a wall blocks it", "there's a wall there")),
    ("I cannot do that", ("can't do that", "no can do")),
    ("sure", ("yep", "ok", "on it")),
    ("OK, done", ("done", "ok moved")),
    ("up", ("upward", "north", "upwards")),
    ("down", ("downward", "south", "downwards")),
    ("left", ("to the left", "west")),
    ("right", ("to the right", "east")),
    ("stay where you are", ("stay put", "hold still", "wait")),
    ("where is the treasure", ("where's the gem", "do you see the treasure", "where is it")),
    ("the treasure is", ("treasure's", "the gem is", "it's")),
    ("on my side there", ("on my board there", "for me there")),
)
"""Requests, refusals, answers and directions, with other wordings."""


class MoveNoise(NoiseLexicon[FlagContext]):
    """The four directions; a refusal is about the move the partner asked for."""

    def names(self, context: FlagContext) -> Sequence[str]:
        """The directions."""
        return DIRECTIONS

    def topic(self, intent: Intent, context: FlagContext) -> str | None:
        """The move a refusal refuses: the partner asked for it, so "that way" reads back."""
        flag = next((a for a in intent.acts if isinstance(a, Flag)), None)
        if flag is not None and flag.flag == "reject" and flag.move in DIRECTIONS:
            return flag.move
        return None

    def references(self, name: str, before: str, context: FlagContext) -> Sequence[str]:
        """ "that way" after a verb of motion; nothing elsewhere."""
        return REFERENCES if before in MOTION else ()

    def phrasings(self, context: FlagContext) -> Sequence[tuple[str, Sequence[str]]]:
        """Other wordings of requests, refusals, answers and directions."""
        return PHRASINGS


def noisy(options: object) -> NoisyRenderer[FlagContext]:
    """The templates with noise (a :class:`~language.noise.NoiseOptions` ``options``)."""
    from language.gnomes_at_night import GnomesRenderer

    return NoisyRenderer.from_options(GnomesRenderer(), MoveNoise(), options)

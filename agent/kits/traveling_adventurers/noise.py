"""The Traveling Adventurers noise lexicon: room names, the room under discussion, and the other
names and wordings people use (the ``noisy`` renderer, :mod:`language.noise`).

The alternatives mix names the rule parser knows ("lounge", "loft") with ones it may not ("den",
"spare bedroom", "upstairs"): the issue's point is that people say other things.
"""

from __future__ import annotations

from collections.abc import Sequence

from language.acts import Intent
from language.noise import NoiseLexicon, NoisyRenderer
from language.traveling_adventurers.context import DialogueContext

ALT_NAMES: dict[str, tuple[str, ...]] = {
    "L": ("lounge",),
    "A": ("loft",),
    "B": ("washroom",),
    "C": ("kids' room",),
}
"""Other names the template renderer itself writes for a room."""

ROOM_PHRASINGS: dict[str, tuple[str, ...]] = {
    "L": ("lounge", "sitting room", "den", "front room", "main room"),
    "E": ("spare room", "vacant room", "unused room", "blank room", "spare bedroom"),
    "B": ("washroom", "restroom", "toilet", "bath"),
    "K": ("kitchenette", "cooking area", "kitchen area"),
    "C": ("kids' room", "nursery", "kids room", "child's bedroom"),
    "A": ("loft", "upstairs", "attic space"),
    "G": ("yard", "backyard"),
    "P": ("play room", "games room", "toy room"),
    "D": ("dining area", "dining hall"),
    "S": ("study room", "reading room"),
    "T": ("patio", "deck"),
    "M": ("music studio", "band room"),
    "W": ("work room", "shed"),
    "O": ("home office", "office room"),
}
"""What else people call each room."""

PHRASINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("gives me", ("is worth", "gets me", "is")),
    ("I get", ("I've got", "I collect", "I'd get")),
    ("I'd collect", ("I'd get", "I'd have", "there's")),
    ("for me", ("on my side", "for my side")),
    ("I have", ("I got", "there are")),
    ("coins", ("coin", "points")),
    ("let's go to", ("let's head to", "next:", "we go to")),
    ("how many", ("how much",)),
    ("What would be your best next move?", ("where next?", "ur pick for next?")),
    ("let's finalize", ("final answer", "locking it in")),
    ("our final path is", ("final route:", "so the path is")),
    ("I'll submit", ("submitting", "sending")),
)
"""Coin, suggestion and closing wordings with alternatives."""


class RoomNoise(NoiseLexicon[DialogueContext]):
    """The rooms of the board, by name; the room under discussion; room and coin paraphrases."""

    def names(self, context: DialogueContext) -> Sequence[str]:
        """The board's room names and the other names the templates use for them."""
        return [*context.rooms.values(), *(alt for r in context.rooms for alt in ALT_NAMES.get(r, ()))]

    def topic(self, intent: Intent, context: DialogueContext) -> str | None:
        """The room under discussion (a hallway under discussion is not one name)."""
        if context.topic is not None and len(context.topic) == 1:
            return context.rooms.get(context.topic[0])
        return None

    def rivals(self, name: str, context: DialogueContext) -> Sequence[str]:
        """The names of the board's other rooms."""
        key = name.lower()
        room = next(
            (r for r, n in context.rooms.items() if n.lower() == key or key in ALT_NAMES.get(r, ())),
            None,
        )
        return [n for r, n in context.rooms.items() if r != room]

    def phrasings(self, context: DialogueContext) -> Sequence[tuple[str, Sequence[str]]]:
        """Other names of the board's rooms, and coin and suggestion wordings."""
        rooms = [(name, ROOM_PHRASINGS[r]) for r, name in context.rooms.items() if r in ROOM_PHRASINGS]
        return [*rooms, *PHRASINGS]


def noisy(options: object) -> NoisyRenderer[DialogueContext]:
    """The templates with noise (a :class:`~language.noise.NoiseOptions` ``options``)."""
    from language.traveling_adventurers import TravelingAdventurersRenderer

    return NoisyRenderer.from_options(TravelingAdventurersRenderer(), RoomNoise(), options)

"""The DialOp Mediation noise lexicon: carriers and days, and other wordings of the templates'
phrases (the ``noisy`` renderer, :mod:`language.noise`)."""

from __future__ import annotations

from collections.abc import Sequence

from language.dialop_mediation import CARRIERS, DAYS, MediationContext, MediationRenderer
from language.noise import NoiseLexicon, NoisyRenderer

PHRASINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Works for me", ("fine", "ok by me")),
    ("Sounds good", ("cool", "sure")),
    ("Not really", ("meh", "not great")),
    ("No, sorry", ("sorry no", "nope")),
    ("importance", ("priority", "weight")),
    ("Price matters", ("cost matters", "money counts")),
    ("Price weighs", ("price is", "fare matters")),
    ("Arriving together matters", ("landing together matters", "same arrival time is")),
    ("Arrival gap weighs", ("arrival difference is", "arriving close matters")),
    ("suits me better", ("is better for me", "I prefer it")),
    ("is bad for me", ("doesn't work for me", "is a no", "won't work")),
    ("How about", ("what about", "maybe")),
    ("Try", ("what about", "consider")),
    ("What matters to you?", ("what's important for you?", "any constraints?")),
    ("Which times work for you?", ("when are you free?", "what times are good?")),
    ("How important is", ("how much do you care about", "does it matter,")),
    ("How much does price matter?", ("is price a big deal?", "do you care about cost?")),
    ("Wed", ("Wednesday", "wed")),
    ("Thu", ("Thursday", "thurs")),
    ("Fri", ("Friday", "fri")),
    ("after", ("past", "later than")),
    ("before", ("by", "earlier than")),
)
"""The templates' phrases with other wordings."""


class FlightNoise(NoiseLexicon[MediationContext | None]):
    """The carriers and days, each a rival of its own kind."""

    def names(self, context: MediationContext | None) -> Sequence[str]:
        """The carriers and the days the templates write."""
        return (*CARRIERS, *DAYS)

    def rivals(self, name: str, context: MediationContext | None) -> Sequence[str]:
        """The other carriers for a carrier, the other days for a day."""
        for group in (CARRIERS, DAYS):
            if name in group:
                return [n for n in group if n != name]
        return []

    def phrasings(self, context: MediationContext | None) -> Sequence[tuple[str, Sequence[str]]]:
        """Other wordings of the templates' phrases."""
        return PHRASINGS


def noisy(options: object) -> NoisyRenderer[MediationContext | None]:
    """The templates with noise (a :class:`~language.noise.NoiseOptions` ``options``)."""
    return NoisyRenderer.from_options(MediationRenderer(), FlightNoise(), options)

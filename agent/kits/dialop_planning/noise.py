"""The DialOp Planning noise lexicon: the site names, the latest proposal's first site as the topic,
and other wordings of the templates' phrases (the ``noisy`` renderer, :mod:`language.noise`)."""

from __future__ import annotations

from collections.abc import Sequence

from language.acts import Intent
from language.dialop_planning import PlanningContext, PlanningRenderer, site_names
from language.noise import NoiseLexicon, NoisyRenderer

PHRASINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("is great", ("is awesome", "looks nice", "rocks")),
    ("is a keeper", ("stays", "is fine")),
    ("is not for me", ("isn't my thing", "nah")),
    ("Drop", ("skip", "no")),
    ("I'd like to see", ("I wanna see", "would love", "maybe")),
    ("Must see", ("need", "have to see")),
    ("Definitely want", ("really want", "need")),
    ("Heard good things about", ("people like", "maybe")),
    ("Keep travel short", ("not too far", "short drives")),
    ("Minimize travel", ("less driving", "close together")),
    ("Short travel please", ("short trips pls", "nothing far")),
    ("Keep it under", ("max", "no more than")),
    ("Budget", ("spend", "money")),
    ("would be nice", ("is a plus", "would be cool")),
    ("Rather not", ("not keen on", "don't want")),
    ("Avoid", ("no", "skip")),
    ("Any preferences", ("what do you like", "anything you want")),
    ("Do you care about", ("how about", "thoughts on")),
    ("No preference on", ("don't care about", "whatever on")),
    ("Proposing", ("here:", "sent")),
    ("Not quite", ("hmm no", "almost")),
    ("No, not yet", ("not yet", "nope")),
    ("Works for me", ("fine", "ok")),
    ("want", ("like", "need")),
    ("like", ("love", "enjoy")),
    ("dislike", ("hate", "don't like")),
)
"""The templates' phrases with other wordings."""


class SiteNoise(NoiseLexicon[PlanningContext]):
    """The site names; the first site of the latest proposal is the topic."""

    def names(self, context: PlanningContext) -> Sequence[str]:
        """Every site name."""
        return site_names()

    def topic(self, intent: Intent, context: PlanningContext) -> str | None:
        """The first site of the latest proposal (the user's "it")."""
        sites = [s for s in context.last_proposal or () if s]
        return sites[0] if sites else None

    def phrasings(self, context: PlanningContext) -> Sequence[tuple[str, Sequence[str]]]:
        """Other wordings of the templates' phrases."""
        return PHRASINGS


def noisy(options: object) -> NoisyRenderer[PlanningContext]:
    """The templates with noise (a :class:`~language.noise.NoiseOptions` ``options``)."""
    return NoisyRenderer.from_options(PlanningRenderer(), SiteNoise(), options)

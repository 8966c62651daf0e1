"""The DialOp Optimization noise lexicon: reviewer and paper names as the templates write them, a
wrong name corrected by one of the same kind, and other wordings of the templates' phrases (the
``noisy`` renderer, :mod:`language.noise`)."""

from __future__ import annotations

from collections.abc import Sequence

from language.dialop_optimization import OptimizationContext, OptimizationRenderer, short_name
from language.noise import NoiseLexicon, NoisyRenderer

PHRASINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("What do you have for", ("any numbers for", "what's", "what about")),
    ("What is", ("what's", "how's")),
    ("No value for", ("nothing for", "blank for", "no score on")),
    ("I don't see", ("can't see", "I have nothing for")),
    ("is good on", ("is strong on", "fits", "would be great on")),
    ("is bad on", ("is weak on", "doesn't fit", "is not good on")),
    ("Nothing else above", ("nothing else over", "all else under", "rest are below")),
    ("No other values above", ("no others above", "nothing more over")),
    ("All my others are below", ("everything else I have is under", "the rest is below")),
    ("Any values for", ("anything for", "what do u have on")),
    ("Proposal sent", ("sent one", "check my proposal")),
    ("How about this", ("this ok?", "try this")),
    ("Can't accept", ("nope", "no deal")),
    ("Not quite", ("not yet", "almost")),
)
"""The templates' phrases with other wordings."""


def _groups(context: OptimizationContext) -> list[list[str]]:
    return [
        [short_name(names, i) for i in range(len(names))] + [n for n in names if n not in _short(names)]
        for names in (context.reviewers, context.papers)
    ]


def _short(names: Sequence[str]) -> set[str]:
    return {short_name(names, i) for i in range(len(names))}


class TableNoise(NoiseLexicon[OptimizationContext]):
    """Reviewers and papers by the names the templates write; rivals of the same kind."""

    def names(self, context: OptimizationContext) -> Sequence[str]:
        """Every reviewer's and paper's short and full name."""
        return [n for group in _groups(context) for n in group]

    def rivals(self, name: str, context: OptimizationContext) -> Sequence[str]:
        """The other reviewers for a reviewer, the other papers for a paper (short names)."""
        key = name.lower()
        for names in (context.reviewers, context.papers):
            short = [short_name(names, i) for i in range(len(names))]
            for i, full in enumerate(names):
                if key in (full.lower(), short[i].lower()):
                    return [s for j, s in enumerate(short) if j != i]
        return []

    def phrasings(self, context: OptimizationContext) -> Sequence[tuple[str, Sequence[str]]]:
        """Other wordings of the templates' phrases."""
        return PHRASINGS


def noisy(options: object) -> NoisyRenderer[OptimizationContext]:
    """The templates with noise (a :class:`~language.noise.NoiseOptions` ``options``)."""
    return NoisyRenderer.from_options(OptimizationRenderer(), TableNoise(), options)

"""Every rule parser of the language layer with a typical context and its game's vocabulary.

Shared by the hostile-input tests (``test_hostile_input.py``) and the parser fuzz tests
(``test_parser_fuzz.py``), so that a parser added to the language layer is added here once and is
then covered by both.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from games.asympuzl import DEFAULT_COLORS, DEFAULT_SHAPES
from games.dialop.optimization_game import paper_names, reviewer_names
from games.traveling_adventurers import ROOM_CATALOGUE
from language.asympuzl import AsympuzlContext, AsympuzlParser
from language.dialop_mediation import MediationContext, MediationParser
from language.dialop_optimization import OptimizationContext, OptimizationParser
from language.dialop_planning import PlanningContext, PlanningParser
from language.embed import BackedParser, Cue
from language.flags import FlagContext
from language.gnomes_at_night import GnomesParser
from language.traveling_adventurers import TravelingAdventurersParser
from language.traveling_adventurers.context import DialogueContext

TA_CONTEXT = DialogueContext(
    rooms={k: ROOM_CATALOGUE[k] for k in "LEBKCA"},
    start="L",
    visited=["L", "E"],
    at="E",
    last_suggestion=["E", "K"],
)


class KeywordClassifier:
    """A stand-in for the embedding classifier (no model needed): labels clauses by a keyword, so
    :class:`~language.embed.BackedParser` runs every one of its branches on hostile text."""

    LABELS = (("yes", "agree"), ("no", "reject"), ("where", "best_next"), ("done", "end"), ("go", "suggest"))

    def classify(self, clauses: list[str]) -> list[Cue]:
        """One cue per clause: the label of the first keyword it contains, if any."""
        out = []
        for clause in clauses:
            label = next((lab for word, lab in self.LABELS if word in clause.lower()), None)
            out.append(Cue(clause, label, 1.0 if label else 0.0, 1.0))
        return out


@dataclass(frozen=True)
class ParserCase:
    """One rule parser under test: how to build it, the context it reads with, its vocabulary."""

    name: str
    make: Callable[[], Any]
    context: Any
    vocabulary: tuple[str, ...]
    needs: str | None = None  # a module that must be importable (an optional extra)

    def available(self) -> bool:
        """Whether the parser's optional dependencies are installed."""
        return self.needs is None or importlib.util.find_spec(self.needs) is not None


PARSERS: tuple[ParserCase, ...] = (
    ParserCase(
        "traveling_adventurers",
        TravelingAdventurersParser,
        TA_CONTEXT,
        (
            "kitchen",
            "attic",
            "living room",
            "L",
            "E",
            "K",
            "->",
            "-->",
            "→",
            "=>",
            "to",
            "from",
            "coins",
            "5",
            "-5",
            "5.5",
            "yes",
            "no",
            "done",
            "final path",
            "I get",
            "you",
            "between",
            "and",
            "then",
        ),
    ),
    ParserCase(
        "traveling_adventurers_backed",
        lambda: BackedParser(classifier=KeywordClassifier()),
        TA_CONTEXT,
        ("kitchen", "attic", "L", "E", "->", "yes", "no", "done", "where", "go", "the", "then", "coins", "7"),
    ),
    ParserCase(
        "traveling_adventurers_embed",
        BackedParser,
        TA_CONTEXT,
        ("kitchen", "attic", "L", "E", "->", "yes", "no", "done", "where next"),
        needs="torch",
    ),
    ParserCase(
        "gnomes_at_night",
        GnomesParser,
        FlagContext(last_request="up", token=(2, 3), size=9),
        ("left", "right", "up", "down", "stay", "ok", "no", "treasure", "wall", "blocked", "?", "go", "⬆", "➡"),
    ),
    ParserCase(
        "dialop_optimization",
        OptimizationParser,
        OptimizationContext(reviewers=tuple(reviewer_names(8)), papers=tuple(paper_names(8))),
        (*reviewer_names(8)[:3], *paper_names(8)[:3], "score", "is", "10", "5", "%", "nothing else", "?", "/"),
    ),
    ParserCase(
        "dialop_planning",
        PlanningParser,
        PlanningContext(last_proposal=("Saul's", None, "Mad Seoul")),
        ("museum", "wifi", "budget", "$50", "I like", "hate", "parking", "viewpoint", "shop", "?", "no", "yes"),
    ),
    ParserCase(
        "dialop_mediation",
        MediationParser,
        MediationContext(author="user"),
        ("flight", "wednesday", "9am", "12:30", "price", "$300", "arrive", "before", "noon", "?", "ok", "no"),
    ),
    ParserCase(
        "asympuzl",
        AsympuzlParser,
        AsympuzlContext(shapes=DEFAULT_SHAPES, colors=DEFAULT_COLORS, size=5),
        (*DEFAULT_SHAPES[:3], *DEFAULT_COLORS[:3], "position", "1", "first", "left of", "solved", "?", "no"),
    ),
)
"""Every rule parser; the embedding parser proper only when its ``[embed]`` extra is installed."""


def parser_params() -> list[Any]:
    """``pytest.param`` per parser, skipped (not failed) when an optional extra is missing."""
    import pytest

    return [
        pytest.param(case, id=case.name, marks=() if case.available() else pytest.mark.skip(reason="no [embed] extra"))
        for case in PARSERS
    ]

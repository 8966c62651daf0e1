"""The template renderer of DialOp Optimization: acts back into a message the parser reads exactly."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from games.dialop.base import Accept, Propose, Reject
from language.acts import Intent
from language.dialop_optimization.acts import (
    OptAsk,
    OptCell,
    OptimizationContext,
    OptNoneAbove,
    OptRate,
    OptUnseen,
)

_PROPOSE = ("How about this?", "Proposal sent.", "My proposal.")
_ACCEPT = ("Deal.", "Agreed.", "Great, accepted.")
_REJECT = ("No.", "Not quite.", "Can't accept.")
_NONE_ABOVE_TEMPLATES = ("Nothing else above {v}.", "No other values above {v}.", "All my others are below {v}.")
_ASK_CELL = ("What do you have for {r} on {p}?", "What is {r} on {p}?")
_UNSEEN_TEMPLATES = ("No value for {r} on {p}.", "I don't see {r} on {p}.")
_ASK_ONE = ("What do you have for {n}?", "Any values for {n}?")


def short_name(names: Sequence[str], index: int) -> str:
    """The shortest way to name ``names[index]`` that the parser reads back: its first word when no
    other name uses that word, else the full name.

    Args:
        names: all reviewer (or paper) names.
        index: the name to say.

    Returns:
        The name to write.
    """
    words = names[index].split()
    first = words[0]
    others = {w.lower() for j, n in enumerate(names) if j != index for w in n.split()}
    generic = any(w.isdigit() for w in words) or first.lower() in ("reviewer", "paper")
    if len(words) > 1 and not generic and first.lower() not in others and len(first) >= 3:
        return first
    return names[index]


class OptimizationRenderer:
    """Template renderer: cells grouped by reviewer or by paper (whichever is shorter), then a
    "nothing else above" claim and a question; the formal action gets a short cue. Every message
    reads back through :class:`OptimizationParser` into the same acts (up to order)."""

    def render(self, intent: Intent, context: OptimizationContext, rng: np.random.Generator) -> str:
        """Say an intent's acts (and a cue for its formal action) as one message.

        Args:
            intent: :class:`OptCell` / :class:`OptNoneAbove` / :class:`OptAsk` acts (others are
                ignored) and at most one formal action.
            context: the reviewer and paper names.
            rng: picks among paraphrases.

        Returns:
            The message text ("" when there is nothing to say).
        """

        def pick(options: Sequence[str]) -> str:
            return options[int(rng.integers(len(options)))]

        parts: list[str] = []
        action = intent.actions[0] if intent.actions else None
        if isinstance(action, Accept):
            parts.append(pick(_ACCEPT))
        elif isinstance(action, Reject):
            parts.append(pick(_REJECT))
        cells = [a for a in intent.acts if isinstance(a, OptCell)]
        if cells:
            parts.append(_cells_text(cells, context))
        parts += _rates_text([a for a in intent.acts if isinstance(a, OptRate)], context)
        parts += [
            pick(_UNSEEN_TEMPLATES).format(
                r=short_name(context.reviewers, a.reviewer), p=short_name(context.papers, a.paper)
            )
            for a in intent.acts
            if isinstance(a, OptUnseen)
        ]
        for act in intent.acts:
            if isinstance(act, OptNoneAbove):
                parts.append(pick(_NONE_ABOVE_TEMPLATES).format(v=act.value))
        for act in intent.acts:
            if isinstance(act, OptAsk):
                parts.append(_ask_text(act, context, pick))
        if isinstance(action, Propose):
            parts.append(pick(_PROPOSE))
        return " ".join(parts)


def _cells_text(cells: Sequence[OptCell], context: OptimizationContext) -> str:
    """``"Ava: BLEU 80, GloVe 75. Noah: SWAG 90."`` or, grouped by paper, ``"BLEU: Ava 80, Noah 70."``."""
    by_reviewer = _grouped(cells, context, by_reviewer=True)
    by_paper = _grouped(cells, context, by_reviewer=False)
    return min(by_reviewer, by_paper, key=lambda text: len(text.split()))


def _grouped(cells: Sequence[OptCell], context: OptimizationContext, by_reviewer: bool) -> str:
    groups: dict[int, list[OptCell]] = {}
    for cell in cells:
        groups.setdefault(cell.reviewer if by_reviewer else cell.paper, []).append(cell)
    sentences = []
    for key, members in groups.items():
        head = short_name(context.reviewers if by_reviewer else context.papers, key)
        items = ", ".join(
            f"{short_name(context.papers, c.paper) if by_reviewer else short_name(context.reviewers, c.reviewer)}"
            f" {c.value}"
            for c in members
        )
        sentences.append(f"{head}: {items}.")
    return " ".join(sentences)


def _rates_text(rates: Sequence[OptRate], context: OptimizationContext) -> list[str]:
    """One sentence per reviewer and level: ``"Ava is good on BLEU, GloVe."``."""
    groups: dict[tuple[int, str], list[int]] = {}
    for rate in rates:
        groups.setdefault((rate.reviewer, rate.level), []).append(rate.paper)
    word = {"high": "good", "low": "bad"}
    return [
        f"{short_name(context.reviewers, r)} is {word[level]} on {', '.join(short_name(context.papers, p) for p in ps)}."
        for (r, level), ps in groups.items()
    ]


def _ask_text(act: OptAsk, context: OptimizationContext, pick: object) -> str:
    assert callable(pick)
    if act.reviewer is not None and act.paper is not None:
        return pick(_ASK_CELL).format(
            r=short_name(context.reviewers, act.reviewer), p=short_name(context.papers, act.paper)
        )
    name = (
        short_name(context.reviewers, act.reviewer)
        if act.reviewer is not None
        else short_name(context.papers, act.paper or 0)
    )
    return pick(_ASK_ONE).format(n=name)

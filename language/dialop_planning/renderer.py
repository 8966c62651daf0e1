"""``PlanningRenderer``: Planning intents in template sentences the parser reads back exactly."""

from __future__ import annotations

from typing import Any

import numpy as np

from language.act_base import ActBase
from language.acts import Intent
from language.dialop_planning.acts import (
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanNoPreference,
    PlanPropose,
    PlanSiteOpinion,
    PlanSiteScore,
    PlanTravel,
    PlanVerdict,
    PlanWantSite,
)
from language.dialop_planning.vocabulary import BOOL_FEATURES, CATEGORICAL, TOPIC_PHRASES

# --------------------------------------------------------------------------------------------------
# Renderer


def _join(items: list[str], last: str = "and") -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {last} " + items[-1]


def _signed(value: int) -> str:
    return f"{value:+d}"


class PlanningRenderer:
    """Template sentences for :data:`PlanAct` lists that :class:`PlanningParser` reads back."""

    def render(self, intent: Intent, context: Any = None, rng: np.random.Generator | None = None) -> str:
        """The message of ``intent.acts``: one clause per act, feedback scores in one clause.

        Args:
            intent: the acts to say.
            context: unused (the acts are self-contained).
            rng: picks among paraphrases (the first paraphrase without it).

        Returns:
            The message ("" when there is nothing to say).
        """
        rng = rng if rng is not None else np.random.default_rng(0)
        clauses: list[str] = []
        scores: list[str] = []
        group: list[PlanFeature] = []
        for act in [*intent.acts, None]:
            if group and (act is None or bool_group(act) != bool_group(group[0])):
                clauses.append(_group_text(group, self._pick(rng, ["", "I ", "We "])))
                group = []
            if act is None:
                break
            if isinstance(act, PlanFeature) and bool_group(act) is not None:
                group.append(act)
            elif (score := getattr(act, "score", None)) is not None:
                scores.append(self._score(act, score))
            else:
                clauses.append(self._clause(act, rng))
        if scores:
            clauses.append(", ".join(scores))
        return " ".join(c if c.endswith(("?", "!", ".")) else c + "." for c in clauses)

    @staticmethod
    def _pick(rng: np.random.Generator, options: list[str]) -> str:
        return options[int(rng.integers(len(options)))]

    def _score(self, act: ActBase, score: int) -> str:
        """The proposal term ``score`` that ``act`` reports."""
        if isinstance(act, PlanSiteScore):
            return f"{act.site} {_signed(score)}"
        if isinstance(act, PlanTravel):
            return f"travel {_signed(score)}"
        if isinstance(act, PlanBudget):
            return f"budget {_signed(score)}"
        if isinstance(act, PlanCategory):
            return f"a {act.category} {_signed(score)}"
        assert isinstance(act, PlanWantSite)
        return f"{'must-see' if act.must else 'wish list'} {_join(list(act.sites), 'or')} {_signed(score)}"

    def _clause(self, act: ActBase, rng: np.random.Generator) -> str:
        pick = self._pick
        if isinstance(act, PlanFeature):
            return _feature_text(act, pick(rng, ["", "I ", "We "]))
        if isinstance(act, PlanBudget):
            return pick(rng, [f"Budget ${act.amount}", f"Budget under ${act.amount}", f"Keep it under ${act.amount}"])
        if isinstance(act, PlanTravel):
            return pick(rng, ["Short travel please", "Minimize travel", "Keep travel short"])
        if isinstance(act, PlanWantSite):
            names = _join(list(act.sites), "or")
            if act.must:
                return pick(rng, [f"Must see {names}", f"Definitely want {names}"])
            return pick(rng, [f"I'd like to see {names}", f"Heard good things about {names}"])
        if isinstance(act, PlanCategory):
            return pick(rng, [f"At least one {act.category}", f"Want to visit a {act.category}"])
        if isinstance(act, PlanSiteOpinion):
            if act.liked:
                return pick(rng, [f"{act.site} is great", f"{act.site} is a keeper"])
            return pick(rng, [f"Drop {act.site}", f"{act.site} is not for me"])
        if isinstance(act, PlanAsk):
            phrase = TOPIC_PHRASES[act.topic]
            if act.topic == "anything":
                return pick(rng, ["What do you like?", "Any preferences?"])
            return pick(rng, [f"Any {phrase} preferences?", f"What about {phrase}?", f"Do you care about {phrase}?"])
        if isinstance(act, PlanNoPreference):
            return f"No preference on {TOPIC_PHRASES[act.topic]}"
        if isinstance(act, PlanPropose):
            names = _join([name or "an open slot" for name in act.sites])
            return pick(rng, [f"How about {names}?", f"Proposing {names}", f"Try {names}?"])
        if isinstance(act, PlanVerdict):
            if act.accept:
                return pick(rng, ["Deal!", "Perfect", "Works for me"])
            return pick(rng, ["Not quite", "No, not yet"])
        raise ValueError(f"the planning renderer cannot say {type(act).__name__}")


def _feature_text(act: PlanFeature, subject: str) -> str:
    """One clause for a feature preference (strict/loose conventions of the module docstring)."""
    if act.feature == "rating":
        return f"{subject}want places rated {min(act.liked):g}+".strip().capitalize()
    if act.feature in CATEGORICAL:
        _, noun = CATEGORICAL[act.feature]
        parts = []
        if act.liked:
            parts.append(f"like {_join([str(v) for v in act.liked])}{noun}")
        if act.disliked:
            parts.append(f"dislike {_join([str(v) for v in act.disliked])}{noun}")
        return (subject + " but ".join(parts)).strip().capitalize()
    if act.feature == "touristy" and act.liked == (True,) and act.disliked:
        return "Only touristy spots"
    if not act.liked:  # loose dislike
        true_phrase, _, false_phrase = BOOL_FEATURES[act.feature]
        return f"Rather not {true_phrase if act.disliked[0] else false_phrase or 'no ' + true_phrase}"
    return f"No {BOOL_FEATURES[act.feature][0]} would be nice"  # loose liking of a missing feature


def _bool_phrase(act: PlanFeature) -> tuple[str, str] | None:
    """``(group, phrase)`` of a boolean-feature act said in a list: "want" (strict liking),
    "avoid" (strict dislike of a feature without a phrase for its absence) or "nice" (loose liking)."""
    if act.feature not in BOOL_FEATURES or not act.liked:
        return None
    true_phrase, _, false_phrase = BOOL_FEATURES[act.feature]
    phrase = true_phrase if act.liked[0] else false_phrase
    if act.feature == "touristy" and act.disliked:  # wishing for (hidden) spots reads loose: say strict apart
        return ("avoid", true_phrase) if not act.liked[0] else None
    if act.disliked:
        return ("want", phrase) if phrase is not None else ("avoid", true_phrase)
    return ("nice", phrase) if phrase is not None else None


def bool_group(act: ActBase | None) -> str | None:
    """The list a boolean-feature act is said in ("want", "avoid", "nice"), ``None`` if said alone."""
    said = _bool_phrase(act) if isinstance(act, PlanFeature) else None
    return said[0] if said else None


def _group_text(acts: list[PlanFeature], subject: str) -> str:
    """One clause for consecutive boolean-feature acts of the same group ("Want views and wifi")."""
    kind = bool_group(acts[0])
    said = [_bool_phrase(act) for act in acts]
    phrases = _join([phrase for _, phrase in filter(None, said)])  # every act of a group is said in it
    if kind == "want":
        return f"{subject}want {phrases}".strip().capitalize()
    if kind == "avoid":
        return f"Avoid {phrases}"
    return f"{phrases} would be nice".capitalize()

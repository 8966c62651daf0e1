"""The DialOp Planning acts and the context a message is read in (:class:`PlanningContext`)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, field_validator

from language.act_base import ActBase
from language.dialop_planning.vocabulary import BOOL_FEATURES, CATEGORICAL, Category, Topic, Value

# --------------------------------------------------------------------------------------------------
# Acts


class PlanFeature(ActBase):
    """A feature preference: sites whose ``feature`` is in ``liked`` are good, in ``disliked`` bad."""

    act: Literal["plan_feature"] = "plan_feature"
    feature: str
    liked: tuple[Value, ...] = ()
    disliked: tuple[Value, ...] = ()

    @field_validator("feature")
    @classmethod
    def _known(cls, feature: str) -> str:
        if feature not in BOOL_FEATURES and feature not in CATEGORICAL and feature != "rating":
            raise ValueError(f"unknown feature {feature!r}")
        return feature


class PlanBudget(ActBase):
    """A budget of ``amount`` dollars, or (``score``) the budget term of the latest proposal."""

    act: Literal["plan_budget"] = "plan_budget"
    amount: int | None = None
    score: int | None = None


class PlanTravel(ActBase):
    """Travel should be short; ``score`` is the travel term of the latest proposal."""

    act: Literal["plan_travel"] = "plan_travel"
    score: int | None = None


class PlanWantSite(ActBase):
    """Wants one of ``sites``; ``must``: missing them counts against; ``score``: the latest term."""

    act: Literal["plan_want_site"] = "plan_want_site"
    sites: tuple[str, ...]
    must: bool = False
    score: int | None = None


class PlanCategory(ActBase):
    """Wants at least one site of ``category``; ``score``: the term of the latest proposal."""

    act: Literal["plan_category"] = "plan_category"
    category: Category
    score: int | None = None


class PlanSiteScore(ActBase):
    """The summed feature score of ``site`` in the latest proposal."""

    act: Literal["plan_site_score"] = "plan_site_score"
    site: str
    score: int


class PlanSiteOpinion(ActBase):
    """The speaker likes or dislikes ``site`` (in or for the itinerary), without a number."""

    act: Literal["plan_site_opinion"] = "plan_site_opinion"
    site: str
    liked: bool


class PlanAsk(ActBase):
    """A question about a preference topic."""

    act: Literal["plan_ask"] = "plan_ask"
    topic: Topic


class PlanNoPreference(ActBase):
    """The speaker has no preference on ``topic``."""

    act: Literal["plan_no_pref"] = "plan_no_pref"
    topic: Topic


class PlanPropose(ActBase):
    """The message that goes with a proposal of ``sites`` (``None`` for an open slot)."""

    act: Literal["plan_propose"] = "plan_propose"
    sites: tuple[str | None, ...]


class PlanVerdict(ActBase):
    """Acceptance or rejection of the pending proposal, as said in words."""

    act: Literal["plan_verdict"] = "plan_verdict"
    accept: bool


PlanAct = (
    PlanFeature
    | PlanBudget
    | PlanTravel
    | PlanWantSite
    | PlanCategory
    | PlanSiteScore
    | PlanSiteOpinion
    | PlanAsk
    | PlanNoPreference
    | PlanPropose
    | PlanVerdict
)
PREFERENCE_ACTS = (PlanFeature, PlanBudget, PlanTravel, PlanWantSite, PlanCategory)


Author = Literal["user", "assistant"]


class PlanningContext(BaseModel):
    """What the language layer may use, as the reader's belief store knows it.

    Attributes:
        last_proposal: the latest formal proposal's slots ("the second one", "the park").
        author: who wrote the message (``None``: unknown, the clause-local reading of templates).
        last_question: the topic of the assistant's question the user has not answered yet
            ("not really", "yes please" answer it).
        suggested: the sites the assistant named in words since the latest formal proposal
            ("what about Asha Tea House?" ... "yes, the tea house sounds lovely").
        proposed_sites: every site proposed or suggested so far: a user's words about one of them
            are a reaction (``plan_site_opinion``), about another a wish (``plan_want_site``).
    """

    model_config = ConfigDict(frozen=True)

    last_proposal: tuple[str | None, ...] | None = None
    author: Author | None = None
    last_question: Topic | None = None
    suggested: tuple[str, ...] = ()
    proposed_sites: tuple[str, ...] = ()


def topic_of(act: ActBase) -> str | None:
    """The question topic a preference act answers (``None`` for other acts)."""
    if isinstance(act, PlanFeature):
        return act.feature
    return {PlanBudget: "budget", PlanTravel: "travel", PlanWantSite: "places", PlanCategory: "category"}.get(type(act))

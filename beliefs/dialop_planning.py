"""DialOp Planning: the agents' belief stores.

Two stores, one per seat (:func:`make_beliefs` picks by the observation's role):

* :class:`AssistantBeliefs`: the user's preferences as the assistant heard them, structured (feature
  value sets, budget, wish list, categories, travel), with believed weights in the user's score units.
  A weight nobody reported is its expected value under the generator (``U{1..10}``: 5.5). The user's
  feedback on a proposal converts into the assistant's units: an itinerary term's score is its weight
  (budget, wish list, category), a travel score divided by the legs' miles (which the assistant
  knows) gives the travel weight, and each site's score is a linear equation in the feature weights
  (the assistant knows each site's features), solved by bounded least squares pulled towards the prior.
  A site the user says it does not want (without a number, as people do) is left out.
  :meth:`AssistantBeliefs.instance` is the believed :class:`PlanningInstance` (weights scaled by
  :data:`SCALE` to integers) that :func:`games.dialop.itinerary.solve_itinerary` optimises.
* :class:`UserBeliefs`: the user simulator's own data: its preference descriptions read by the rule
  parser (it knows no weights), the score breakdowns it was shown, the questions the assistant asked
  and which preferences it already told.

Both hand the parser a :class:`PlanningContext` naming the message's author (the assistant's
questions and suggestions are not read as the user's wishes) and the dialogue state in dialogue
order: the latest formal proposal, and (assistant's store) its own unanswered question, the sites
it suggested in words since the latest proposal, and every site proposed or suggested so far.

Neither store reads anything but its own observation and the partner's parsed messages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from beliefs.base import SeatedBeliefs, Utterance
from games.dialop.base import kind_of, proposal_of
from games.dialop.planning import (
    AtLeastOnePreference,
    DistancePreference,
    FeaturePreference,
    Itinerary,
    PlanningInstance,
    Preference,
    PriceBudgetPreference,
    Site,
    WantToGoPreference,
    travel_miles,
)
from language.act_base import ActBase
from language.dialop_planning import (
    PREFERENCE_ACTS,
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanningContext,
    PlanningParser,
    PlanNoPreference,
    PlanPropose,
    PlanSiteOpinion,
    PlanSiteScore,
    PlanTravel,
    PlanWantSite,
    Topic,
    bool_group,
    topic_of,
)

PRIOR_WEIGHT = 5.5
"""Expected weight of every preference (the generator draws ``U{1..10}``)."""
MAX_WEIGHT = 10.0
SCALE = 10
"""Believed weights are multiplied by this and rounded, since the game's scorer is integral."""
FIT_PRECISION = 30.0
"""How much more a reported site score counts than the prior in the feature-weight fit."""
NUM_PREFS = 10
"""Preferences a user holds besides travel (the generator's ``num_prefs``)."""


class AssistantBeliefs(SeatedBeliefs):
    """What the assistant believes about the user's preferences (see the module docstring).

    Args:
        observation: the assistant's first observation (its ``sites``).
    """

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.sites: tuple[Site, ...] = tuple(
            Site(
                site_id=s["id"],
                name=s["name"],
                category=s["category"],
                price=s["price"],
                location=tuple(s["location"]),
                features=s["features"],
            )
            for s in observation.sites
        )
        self.by_name = {site.name: site for site in self.sites}
        self.features: dict[str, PlanFeature] = {}
        self.budget: int | None = None
        self.wishes: dict[tuple[str, ...], bool] = {}
        self.categories: set[str] = set()
        self.weights: dict[str, float] = {}  # key -> weight known from feedback
        self.penalizes: dict[str, bool] = {}  # key -> whether missing it was seen to cost
        self.site_scores: dict[str, int] = {}
        self.opinions: dict[str, bool] = {}  # site -> liked, as the user said without numbers
        self.feature_weights: dict[str, float] = {}
        self.asked: set[str] = set()
        self.declined: set[str] = set()  # topics the user has no preference on
        self.proposed: list[Itinerary] = []
        self._lines = 0
        # the dialogue state the parser reads the next message in (PlanningContext)
        self.pending_question: Topic | None = None  # our question the user has not answered yet
        self.suggested: tuple[str, ...] = ()  # sites we named in words since the latest formal proposal
        self.named_sites: dict[str, None] = {}  # every site proposed or suggested so far
        self.latest: tuple[str | None, ...] | None = None  # the latest formal proposal, in dialogue order
        self._updated = False

    # ---- the belief store protocol --------------------------------------------------------------
    def observe(self, observation: Any) -> None:
        """Record the proposals made so far (the formal actions in the chat).

        The proposals of a first observation seen before any message (a dialogue read from its
        start, as in prompted self-play) become the parse context's latest proposal only as their
        lines are read (:meth:`update`)."""
        first = self._lines == 0 and not self._updated
        for line in observation.chat[self._lines :]:
            if kind_of(line) == "propose":
                self.proposed.append(Itinerary(tuple(proposal_of(line))))
                if not first:
                    self._saw_proposal(tuple(proposal_of(line)))
        self._lines = len(observation.chat)

    def _saw_proposal(self, slots: tuple[str | None, ...]) -> None:
        self.latest = slots
        self.suggested = ()
        self.named_sites.update(dict.fromkeys(s for s in slots if s))

    def update(self, utterance: Utterance) -> None:
        """Take in the user's parsed acts (preferences, feedback) or our own questions.

        Args:
            utterance: one message: the user's (parsed) or ours (what we said).
        """
        acts, mine = list(utterance.acts), self.is_own(utterance.seat)
        self._updated = True
        if getattr(utterance.action, "kind", None) == "propose":
            self._saw_proposal(tuple(getattr(utterance.action, "proposal", None) or ()))
        if not mine and utterance.text.strip():
            self.pending_question = None  # the user has spoken since: answered, or passed over
        for act in acts:
            if mine:
                if isinstance(act, PlanAsk):
                    self.asked.add(act.topic)
                    self.pending_question = act.topic
                elif isinstance(act, PlanPropose):
                    self.suggested = tuple(s for s in act.sites if s)
                    self.named_sites.update(dict.fromkeys(self.suggested))
                continue
            self._hear(act)
            if topic_of(act) == self.pending_question or isinstance(act, PlanNoPreference):
                self.pending_question = None
        if not mine and any(isinstance(a, PlanSiteScore) for a in acts):
            self._fit_features()

    def context(self, observation: Any, author_seat: int) -> PlanningContext:
        """The language context: who wrote the message, the latest proposal, our unanswered
        question, the sites we suggested in words since, and every site named so far."""
        return PlanningContext(
            last_proposal=self.latest,
            author="assistant" if self.is_own(author_seat) else "user",
            last_question=self.pending_question,
            suggested=self.suggested,
            proposed_sites=tuple(self.named_sites),
        )

    # ---- hearing ------------------------------------------------------------------------------------
    def _hear(self, act: ActBase) -> None:
        if isinstance(act, PlanNoPreference):
            self.declined.add(act.topic)
        elif isinstance(act, PlanSiteOpinion):
            if act.site in self.by_name:
                self.opinions[act.site] = act.liked
        elif isinstance(act, PlanSiteScore):
            if act.site in self.by_name:
                self.site_scores[act.site] = act.score
        elif isinstance(act, PlanFeature):
            self.features[act.feature] = act
        elif isinstance(act, PlanBudget):
            self._score_term("budget", act.score)
            self.budget = act.amount if act.amount is not None else self.budget
        elif isinstance(act, PlanTravel):
            if act.score is not None and self.proposed:
                self.weights["travel"] = self._travel_weight(self.proposed[-1], act.score)
        elif isinstance(act, PlanWantSite):
            sites = tuple(s for s in act.sites if s in self.by_name)
            if sites:
                self.wishes[sites] = self.wishes.get(sites, False) or act.must
                self._score_term("want:" + "|".join(sites), act.score)
        elif isinstance(act, PlanCategory):
            self.categories.add(act.category)
            self._score_term("category:" + act.category, act.score)

    def _score_term(self, key: str, score: int | None) -> None:
        if score is not None and score != 0:
            self.weights[key] = float(abs(score))
            if score < 0:
                self.penalizes[key] = True

    def _travel_weight(self, itinerary: Itinerary, score: int) -> float:
        """The integer travel weight whose leg scores best explain ``score`` (mean of the ties)."""
        miles = [travel_miles(self.by_name[a], self.by_name[b]) for a, b in (leg for leg in itinerary.legs if leg)]
        errors = {w: abs(sum(int(-w * m) for m in miles) - score) for w in range(1, int(MAX_WEIGHT) + 1)}
        best = min(errors.values())
        return float(np.mean([w for w, e in errors.items() if e == best]))

    def _fit_features(self) -> None:
        """Feature weights from the reported site scores: bounded least squares towards the prior."""
        names = list(self.features)
        if not names:
            return
        rows, targets = [], []
        for site, score in self.site_scores.items():
            rows.append([_feature_pref(self.features[f], 1).site_score(self.by_name[site]) for f in names])
            targets.append(score)
        a = np.vstack([FIT_PRECISION * np.array(rows, dtype=float), np.eye(len(names))])
        b = np.concatenate([FIT_PRECISION * np.array(targets, dtype=float), np.full(len(names), PRIOR_WEIGHT)])
        from scipy.optimize import lsq_linear  # here: scipy.optimize takes 0.3 s to import

        fit = lsq_linear(a, b, bounds=(0.0, MAX_WEIGHT))
        self.feature_weights = dict(zip(names, (float(w) for w in fit.x), strict=True))

    # ---- queries ---------------------------------------------------------------------------------
    @property
    def heard(self) -> int:
        """How many preferences (besides travel) the user has stated."""
        return len(self.features) + (self.budget is not None) + len(self.wishes) + len(self.categories)

    def known_topics(self) -> set[str]:
        """Topics the user has spoken about (stated or declined)."""
        topics = set(self.features) | self.declined
        if self.budget is not None:
            topics.add("budget")
        if self.wishes:
            topics.add("places")
        if self.categories:
            topics.add("category")
        return topics

    def preferences(self, extra: Sequence[ActBase] = ()) -> list[Preference]:
        """The believed preferences, weights scaled to integers (``SCALE`` per unit of the user's).

        Args:
            extra: hypothetical preference acts added on top (the VoI's answers).

        Returns:
            Feature preferences, budget, wish lists, categories and travel, with believed weights
            (the game's preferences hold integral weights, as its scorer is integral).
        """
        features = dict(self.features)
        budget, wishes, categories = self.budget, dict(self.wishes), set(self.categories)
        for act in extra:
            if isinstance(act, PlanFeature):
                features[act.feature] = act
            elif isinstance(act, PlanBudget) and act.amount is not None:
                budget = act.amount
            elif isinstance(act, PlanCategory):
                categories.add(act.category)
        prefs: list[Preference] = [
            _feature_pref(act, _scaled(self.feature_weights.get(name, PRIOR_WEIGHT))) for name, act in features.items()
        ]
        if budget is not None:
            prefs.append(PriceBudgetPreference("budget", _scaled(-self.weights.get("budget", PRIOR_WEIGHT)), budget))
        for sites, must in wishes.items():
            key = "want:" + "|".join(sites)
            prefs.append(WantToGoPreference(key, _scaled(self.weights.get(key, PRIOR_WEIGHT)), sites, must))
        for category in sorted(categories):
            key = "category:" + category
            weight = self.weights.get(key, PRIOR_WEIGHT)
            if key in self.penalizes:
                prefs.append(AtLeastOnePreference(key, _scaled(weight), category, True))
            else:  # penalizes with probability 1/2: the same gain as +1.5 weight without penalty
                prefs.append(AtLeastOnePreference(key, _scaled(1.5 * weight), category, False))
        prefs.append(DistancePreference("travel", _scaled(-self.weights.get("travel", PRIOR_WEIGHT))))
        return prefs

    def excluded_sites(self) -> list[str]:
        """Sites the user said it does not want (none if that would leave fewer than three)."""
        disliked = [site for site, liked in self.opinions.items() if not liked]
        return disliked if len(self.sites) - len(disliked) >= 3 else []

    def instance(self, extra: Sequence[ActBase] = ()) -> PlanningInstance:
        """The believed instance: the sites and :meth:`preferences`.

        Args:
            extra: hypothetical preference acts (see :meth:`preferences`).

        Returns:
            An instance for :func:`games.dialop.itinerary.solve_itinerary` (scores in ``SCALE`` units).
        """
        return PlanningInstance(self.sites, tuple(self.preferences(extra)))


def _scaled(weight: float) -> int:
    """A believed weight in the game's integral units (``SCALE`` per unit of the user's)."""
    return int(round(SCALE * weight))


def _feature_pref(act: PlanFeature, weight: int) -> FeaturePreference:
    return FeaturePreference(act.feature, act.feature, weight, tuple(act.disliked), tuple(act.liked))


class UserBeliefs(SeatedBeliefs):
    """The user simulator's store: its parsed descriptions, the breakdowns, open questions.

    Args:
        observation: the user's first observation (its ``preferences`` descriptions).
        parser: reads the descriptions (the planning rule parser by default).
    """

    def __init__(self, observation: Any, parser: PlanningParser | None = None) -> None:
        self.take_seat(observation)
        parser = parser or PlanningParser()
        self.preferences: list[tuple[str, list[ActBase]]] = [
            (text, [a for a in parser.parse(text) if isinstance(a, PREFERENCE_ACTS)])
            for text in observation.preferences
        ]
        self.told: set[int] = set()
        self.questions: list[Topic] = []
        self.breakdowns: list[dict[str, Any]] = []

    def observe(self, observation: Any) -> None:
        """Keep the score breakdowns shown so far."""
        self.breakdowns = list(observation.proposal_scores or [])

    def update(self, utterance: Utterance) -> None:
        """Note the assistant's questions, and which preferences we told (answered questions).

        Args:
            utterance: one message: the assistant's (parsed) or ours (what we said).
        """
        acts, mine = list(utterance.acts), self.is_own(utterance.seat)
        for act in acts:
            if not mine and isinstance(act, PlanAsk):
                self.questions.append(act.topic)
            elif mine:
                topic = topic_of(act) if isinstance(act, PREFERENCE_ACTS) else None
                if isinstance(act, PlanNoPreference) or topic is not None:
                    answered = act.topic if isinstance(act, PlanNoPreference) else topic
                    self.questions = [q for q in self.questions if q != answered and q != "anything"]
                for i, (_, said) in enumerate(self.preferences):
                    if act in said:
                        self.told.add(i)

    def context(self, observation: Any, author_seat: int) -> PlanningContext:
        """The language context: who wrote the message and the latest proposal (and the sites
        proposed so far, and our own pending question for our own lines)."""
        last = tuple(self.breakdowns[-1]["proposal"]) if self.breakdowns else None
        named = dict.fromkeys(s for b in self.breakdowns for s in b["proposal"] if s)
        mine = self.is_own(author_seat)
        return PlanningContext(
            last_proposal=last,
            author="user" if mine else "assistant",
            last_question=self.questions[-1] if mine and self.questions else None,
            proposed_sites=tuple(named),
        )

    def acts_on(self, topic: str) -> list[ActBase]:
        """Our preference acts about ``topic`` (all of them for "anything")."""
        return [a for _, acts in self.preferences for a in acts if topic in ("anything", topic_of(a))]

    def untold(self) -> list[ActBase]:
        """Preference acts not said yet, itinerary-level ones first, travel last, features in lists."""
        order: dict[type[ActBase], int] = {
            PlanWantSite: 0,
            PlanCategory: 1,
            PlanBudget: 2,
            PlanFeature: 3,
            PlanTravel: 4,
        }
        lists = {"want": 0, "nice": 1, "avoid": 2, None: 3}  # boolean features said in lists
        acts = [a for i, (_, said) in enumerate(self.preferences) if i not in self.told for a in said]
        return sorted(acts, key=lambda a: (order[type(a)], lists[bool_group(a)]))


def make_beliefs(observation: Any) -> AssistantBeliefs | UserBeliefs:
    """The store of the observation's seat."""
    return UserBeliefs(observation) if observation.role == "user" else AssistantBeliefs(observation)

"""DialOp Planning planners: the neurosymbolic assistant, the scripted user simulator, the random sampler.

* :class:`AssistantPlanner` (role "assistant"): while preference topics the user has not spoken
  about could change the best itinerary, asks about the one of highest value of information (VoI);
  otherwise proposes the exact best itinerary under its beliefs (:func:`games.dialop.
  itinerary.solve_itinerary`), never one the user already rejected. VoI of a topic = P(the user holds a
  preference on it) * the mean regret of the current best itinerary over the topic's plausible
  answers (the best value with the answer minus the current plan's value with it, in the user's
  units). P comes from the generator: a user holds :data:`beliefs.dialop_planning.NUM_PREFS`
  preferences besides travel, so once that many are heard no question is worth asking.
* :class:`UserSimPlanner` (role "user"), the scripted user: opens by volunteering its preferences
  (``volunteer`` of them, itinerary-level ones first, concisely), answers questions truthfully from
  its descriptions ("no preference" when it has none on the topic), rejects partial proposals, and
  judges full ones on the breakdown it sees. It cannot know the best score, so it accepts when no
  term hurts (no site scores below 0, no itinerary term below 0, no travel leg costing more than
  ``accept_tolerance`` points), when ``settle`` is on and the proposal scores at least as well as
  every earlier one (the assistant heard the feedback and found nothing better: what is left is
  probably unavoidable), or once it has seen ``patience`` proposals. On a rejection it reports the
  breakdown's site scores, travel score and non-zero itinerary terms, in its own score units.
* :func:`sample_itinerary`: three distinct random sites from the assistant's view (the random
  baseline's sampler).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from beliefs.dialop_planning import NUM_PREFS, SCALE, AssistantBeliefs, UserBeliefs
from games.dialop.base import Accept, Propose, Reject
from games.dialop.itinerary import solve_itinerary
from games.dialop.planning import NUM_SLOTS, Itinerary, score_table
from language.act_base import ActBase
from language.acts import Intent
from language.dialop_planning import (
    BOOL_FEATURES,
    CATEGORICAL,
    CATEGORIES,
    LOW_RATINGS,
    RATINGS,
    PlanAsk,
    PlanBudget,
    PlanCategory,
    PlanFeature,
    PlanNoPreference,
    PlanPropose,
    PlanSiteScore,
    PlanTravel,
    PlanVerdict,
    PlanWantSite,
    Topic,
    is_topic,
)


def sample_itinerary(observation: Any, rng: np.random.Generator) -> list[str] | None:
    """Three distinct random sites of the assistant's database (``None`` for the user's seat).

    Args:
        observation: a planning observation.
        rng: the randomness.

    Returns:
        A full itinerary as a list of site names, or ``None`` when the seat sees no sites.
    """
    if not observation.sites:
        return None
    names = [site["name"] for site in observation.sites]
    return [names[int(i)] for i in rng.choice(len(names), size=NUM_SLOTS, replace=False)]


def topic_answers(topic: str) -> list[ActBase]:
    """The plausible answers to a question on ``topic`` (hypotheses for the VoI)."""
    if topic == "budget":
        return [PlanBudget(amount=a) for a in (30, 60, 90)]
    if topic == "category":
        return [PlanCategory(category=c) for c in CATEGORIES]
    if topic == "rating":
        return [
            PlanFeature(feature="rating", liked=tuple(r for r in RATINGS if r >= t), disliked=LOW_RATINGS)
            for t in (3, 4)
        ]
    if topic in CATEGORICAL:
        return [PlanFeature(feature=topic, liked=(v,)) for v in CATEGORICAL[topic][0][:4]]
    if topic in BOOL_FEATURES:
        return [PlanFeature(feature=topic, liked=(v,), disliked=(not v,)) for v in (True, False)]
    return []


class AssistantPlanner:
    """The assistant: VoI questions, then exact best proposals (see the module docstring).

    Args:
        ask_threshold: the least VoI (user score points) worth a question.
        max_questions: questions asked at most per game.

    Raises:
        ValueError: a negative threshold or question count.
    """

    def __init__(self, ask_threshold: float = 3.0, max_questions: int = 4) -> None:
        if ask_threshold < 0 or max_questions < 0:
            raise ValueError("ask_threshold and max_questions must be non-negative")
        self.ask_threshold = ask_threshold
        self.max_questions = max_questions

    def plan(self, beliefs: AssistantBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        """Ask the most valuable question, or propose the best itinerary not yet tried.

        Args:
            beliefs: the assistant's store.
            observation: the assistant's observation.
            rng: unused (the assistant is deterministic; the renderer draws the wording).

        Returns:
            A question, or a proposal with its message.
        """
        if observation.must_respond:  # never happens: only the assistant proposes
            return Intent(actions=[Reject()])
        if observation.pending_proposal is not None:
            return Intent()
        if len(beliefs.asked) < self.max_questions and observation.turns_left > 4:
            topic = self.question(beliefs)
            if topic is not None:
                return Intent(acts=[PlanAsk(topic=topic)])
        proposal = self.final_proposal(beliefs, observation)
        return Intent(acts=[PlanPropose(sites=proposal.slots)], actions=[Propose(proposal=list(proposal.slots))])

    def final_proposal(self, beliefs: AssistantBeliefs, observation: Any) -> Itinerary:
        """The best full itinerary under current beliefs that was not proposed before.

        Args:
            beliefs: the assistant's store.
            observation: unused (the beliefs hold the sites); kept for the prompted self-play hook.

        Returns:
            The itinerary (exact optimum of the believed instance, sites the user refused left out).
        """
        instance = beliefs.instance()
        return solve_itinerary(
            instance, exclude_sites=beliefs.excluded_sites(), exclude_itineraries=beliefs.proposed
        ).itinerary

    def question(self, beliefs: AssistantBeliefs) -> Topic | None:
        """The topic of highest VoI if it reaches ``ask_threshold``, else ``None``.

        Args:
            beliefs: the assistant's store.

        Returns:
            A :data:`language.dialop_planning.Topic` or ``None`` (nothing is worth asking).
        """
        topics = [
            t
            for t in ("budget", "category", "rating", *CATEGORICAL, *BOOL_FEATURES)
            if is_topic(t) and t not in beliefs.known_topics() and t not in beliefs.asked
        ]
        present = (NUM_PREFS - beliefs.heard) / max(len(topics), 1)
        if present <= 0 or not topics:
            return None
        current = self.final_proposal(beliefs, None)
        index = {name: i for i, name in enumerate(s.name for s in beliefs.sites)}
        sites = [name for name in current.slots if name is not None]
        assert len(sites) == len(current.slots)  # a full itinerary
        at = tuple(index[name] for name in sites)
        best_topic: Topic | None = None
        best_voi = self.ask_threshold
        for topic in topics:
            regrets = []
            for answer in topic_answers(topic):
                hypothesis = beliefs.instance([answer])
                best = solve_itinerary(hypothesis, exclude_sites=beliefs.excluded_sites()).value
                regrets.append(best - float(score_table(hypothesis)[at]))
            voi = min(present, 1.0) * float(np.mean(regrets)) / SCALE  # back to the user's units
            if voi >= best_voi:
                best_topic, best_voi = topic, voi
        return best_topic


class UserSimPlanner:
    """The scripted user (see the module docstring).

    Args:
        accept_tolerance: the largest travel cost of one leg that does not count as hurting.
        patience: proposals after which the user accepts any full itinerary.
        volunteer: preferences to volunteer in the opening message (the rest only when asked).
        settle: accept a proposal that scores at least as well as every earlier one.

    Raises:
        ValueError: a negative tolerance or volunteer count, or ``patience < 1``.
    """

    def __init__(self, accept_tolerance: int = 12, patience: int = 4, volunteer: int = 20, settle: bool = True) -> None:
        if accept_tolerance < 0 or patience < 1 or volunteer < 0:
            raise ValueError("accept_tolerance and volunteer must be >= 0 and patience >= 1")
        self.accept_tolerance = accept_tolerance
        self.patience = patience
        self.volunteer = volunteer
        self.settle = settle

    def plan(self, beliefs: UserBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        """Answer the pending proposal, else answer questions / volunteer preferences.

        Args:
            beliefs: the user's store.
            observation: the user's observation.
            rng: unused (the simulator is deterministic; the renderer draws the wording).

        Returns:
            Accept / Reject with words, or the answers and volunteered preferences (maybe none).
        """
        if observation.must_respond:
            return self._respond(beliefs, observation)
        acts: list[ActBase] = []
        for topic in dict.fromkeys(beliefs.questions):
            said = beliefs.acts_on(topic)
            acts.extend(said if said else [PlanNoPreference(topic=topic)])
        if not beliefs.told and not beliefs.breakdowns:
            acts.extend(a for a in beliefs.untold()[: self.volunteer] if a not in acts)
        return Intent(acts=acts)

    def hurts(self, breakdown: dict[str, Any]) -> bool:
        """Whether some term of ``breakdown`` (one of ``proposal_scores``) hurts (see the module docstring)."""
        slots = breakdown["by_slot"]
        return (
            min(slots[::2]) < 0
            or any(t["score"] < 0 for t in breakdown["itinerary_terms"])
            or min(slots[1::2]) < -self.accept_tolerance
        )

    def _respond(self, beliefs: UserBeliefs, observation: Any) -> Intent:
        breakdown = beliefs.breakdowns[-1]
        if self.accepts(beliefs.breakdowns):
            return Intent(acts=[PlanVerdict(accept=True)], actions=[Accept()])
        return Intent(acts=self.feedback(beliefs, breakdown), actions=[Reject()])

    def accepts(self, breakdowns: list[dict[str, Any]]) -> bool:
        """Whether to accept the latest of ``breakdowns`` (the proposals seen, oldest first).

        A full itinerary is accepted when no term hurts, when it scores at least as well as every
        earlier full proposal (the assistant heard our feedback and found nothing better), or once
        ``patience`` proposals have been seen. A partial itinerary is never accepted.

        Args:
            breakdowns: the user's ``proposal_scores`` so far.

        Returns:
            Whether to accept.
        """
        latest = breakdowns[-1]
        if any(site is None for site in latest["proposal"]):
            return False
        earlier = [b["total"] for b in breakdowns[:-1] if all(site is not None for site in b["proposal"])]
        return (
            not self.hurts(latest)
            or (self.settle and bool(earlier) and latest["total"] >= max(earlier))
            or len(breakdowns) >= self.patience
        )

    @staticmethod
    def feedback(beliefs: UserBeliefs, breakdown: dict[str, Any]) -> list[ActBase]:
        """The breakdown in words: site scores, travel score, the non-zero itinerary terms.

        Args:
            beliefs: the user's store (to name the itinerary terms as the preferences they score).
            breakdown: one of the user's ``proposal_scores``.

        Returns:
            Feedback acts carrying scores in the user's units.
        """
        acts: list[ActBase] = [
            PlanSiteScore(site=site, score=score)
            for site, score in zip(breakdown["proposal"], breakdown["by_slot"][::2], strict=True)
            if site is not None
        ]
        acts.append(PlanTravel(score=breakdown["travel_score"]))
        said = {text: acts_ for text, acts_ in beliefs.preferences}
        for term in breakdown["itinerary_terms"]:
            if term["score"] == 0:
                continue
            for act in said.get(term["description"], []):
                if isinstance(act, PlanBudget):  # the amount was said already; now only the score
                    acts.append(PlanBudget(score=term["score"]))
                elif isinstance(act, PlanWantSite | PlanCategory):
                    acts.append(act.model_copy(update={"score": term["score"]}))
        return acts

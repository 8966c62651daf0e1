"""Planners of DialOp Mediation: the neurosymbolic assistant, the scripted user simulator, and the
random-proposal baseline's sampler.

**Assistant** (:class:`AssistantPlanner`). Beliefs are those of
:class:`beliefs.dialop_mediation.AssistantBeliefs` (unknowns at their expected values). It asks each
user once, in turn, about the facts with the highest *expected value of information*: for an unknown
(an event's importance, a price weight, the arrival weight) it averages, over the unknown's prior
values, the loss of the currently best pair against the best pair had the value been known
(Howard 1966). Facts worth at least ``voi_min`` points are asked, at most ``max_items`` per message;
follow-up questions go to whichever user holds the most valuable remaining fact, up to
``max_followups`` times. Then it proposes the exact best pair under its beliefs
(:func:`solvers.flight_pairs.solve_flight_pairs`), and after a rejection re-proposes with the
reasons folded in (a rejected pair is never proposed again).

**User** (:class:`UserPlanner`). Answers questions truthfully from its own data and volunteers the
facts the assistant's decision still needs: it knows the assistant's public prior model, so it adds,
greedily, the facts (events, price) that most reduce the distortion of the assistant's view of its own
relevant flights (those within ``relevance`` points of its best), until the distortion is below
``tolerance``. On a proposal it computes, from its score breakdown, the best own flight given where
the other user lands; it accepts when the gain of switching is at most ``accept_margin`` points
(or when it has nothing new to tell), else it rejects, telling the conflicts and price facts the
assistant lacked and the flight it prefers.

References:
    Lin, J., Tomlin, N., Andreas, J. and Eisner, J. (2024). Decision-oriented dialogue for
        human-AI collaboration. TACL 12.
    Howard, R. A. (1966). Information value theory. IEEE Trans. Systems Science and Cybernetics 2(1).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import numpy as np

from beliefs.dialop_mediation import (
    PRIOR_IMPORTANCE,
    AssistantBeliefs,
    UserBeliefs,
    day_and_clock,
    moment,
)
from games.dialop.base import Accept, Propose, Reject
from games.dialop.mediation import Event, Flight, FlightPair, arrival_time_term
from games.dialop.mediation_game import To
from language.act_base import ActBase
from language.acts import Intent
from language.dialop_mediation import (
    CARRIERS,
    MedAccept,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MedOffer,
    MedPrice,
    MedReject,
)
from planners.base import RolePlanner
from planners.dialop_random import RandomProposalPlanner
from solvers.flight_pairs import solve_flight_pairs

__all__ = [
    "ARRIVAL_PREF_VALUES",
    "AddressedPlanner",
    "AssistantPlanner",
    "IMPORTANCE_VALUES",
    "PRICE_PREF_VALUES",
    "UserPlanner",
    "expected_values",
    "make_random_planner",
    "make_solver_planner",
    "sample_pair",
]

Item = tuple[Any, ...]  # ("price",), ("arrival",), ("event", k)
IMPORTANCE_VALUES = np.arange(1, 11, dtype=float)
PRICE_PREF_VALUES = np.arange(1, 21, dtype=float)
ARRIVAL_PREF_VALUES = np.arange(1, 11, dtype=float)


# ---- the assistant -----------------------------------------------------------------------------------


class AssistantPlanner:
    """The mediator: value-of-information questions, then the exact best pair (module docstring).

    Args:
        voi_min: the least expected value of information (score points) worth a question.
        max_items: the most facts asked in one message.
        max_followups: the most follow-up questions after each user's first one.
        final_turns: with this many turns left or fewer, propose at once.
    """

    def __init__(self, voi_min: float = 1.0, max_items: int = 4, max_followups: int = 2, final_turns: int = 4) -> None:
        self.voi_min = voi_min
        self.max_items = max_items
        self.max_followups = max_followups
        self.final_turns = final_turns

    def plan(self, beliefs: AssistantBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        """The assistant's turn: each user's first question, a follow-up while one is worth it, else
        the proposal (``To`` names the addressee; the assistant never answers a proposal).

        Args:
            beliefs: the assistant's store.
            observation: the assistant's observation.
            rng: unused (the assistant is deterministic given its beliefs).

        Returns:
            The intent: :class:`MedAsk` acts, or a :class:`MedOffer` with the ``Propose`` action.
        """
        if observation.pending_proposal is not None:
            return Intent(actions=[To(user=0)], addressee=0)  # cannot happen under the turn order; say nothing
        if observation.turns_left > self.final_turns:
            for user in (0, 1):
                if not beliefs.asked[user]:
                    items = [item for item, _ in self.worth_asking(beliefs, user)]
                    return self._ask(beliefs, user, items or [("schedule",)])
            if beliefs.proposals == 0 and beliefs.followups < self.max_followups:
                worth, user = max(((self.worth_asking(beliefs, u), u) for u in (0, 1)), key=lambda x: _top_voi(x[0]))
                if worth:
                    return self._ask(beliefs, user, [item for item, _ in worth])
        return self._propose(beliefs)

    # ---- questions ----------------------------------------------------------------------------
    def worth_asking(self, beliefs: AssistantBeliefs, user: int) -> list[tuple[Item, float]]:
        """The unasked facts of ``user`` worth at least ``voi_min``.

        Args:
            beliefs: the assistant's store.
            user: 0 or 1.

        Returns:
            ``(item, value)`` pairs, most valuable first, at most ``max_items``.
        """
        scored = [(item, v) for item, v in expected_values(beliefs, user).items() if v >= self.voi_min]
        scored.sort(key=lambda x: -x[1])
        return scored[: self.max_items]

    @staticmethod
    def _ask(beliefs: AssistantBeliefs, user: int, items: list[Item]) -> Intent:
        acts: list[ActBase] = []
        for item in items:
            if item[0] == "event":
                day, start = day_and_clock(beliefs.users[user].shared[item[1]].start)
                acts.append(MedAsk(about="event", day=day, start=start))
            else:
                acts.append(MedAsk(about=item[0]))
        return Intent(acts=acts, actions=[To(user=user)], addressee=user)

    # ---- proposals ----------------------------------------------------------------------------
    def final_proposal(self, beliefs: AssistantBeliefs, observation: Any = None) -> FlightPair:
        """The best pair under the current beliefs, never one already rejected (unless all were).

        Args:
            beliefs: the assistant's store.
            observation: unused; kept for the common ``final_proposal`` signature.

        Returns:
            The :class:`FlightPair` to propose.
        """
        first, second = beliefs.unaries()
        pairs = beliefs.pair_values()
        allowed = len(first) * len(second) > len(beliefs.rejected)
        exclude = sorted(beliefs.rejected) if allowed else []
        return FlightPair(solve_flight_pairs(first, second, pairs, exclude=exclude).pair)

    def _propose(self, beliefs: AssistantBeliefs) -> Intent:
        pair = self.final_proposal(beliefs)
        flight = beliefs.users[0].flights[pair.flights[0]]
        day, start = day_and_clock(flight.start)
        offer = MedOffer(carrier=flight.carrier if flight.carrier in CARRIERS else None, day=day, start=start)
        return Intent(acts=[offer], actions=[To(user=0), Propose(proposal=pair)], addressee=0)


def _top_voi(items: list[tuple[Item, float]]) -> float:
    return items[0][1] if items else -1.0


def _loss(totals: np.ndarray, best: tuple[np.intp, ...]) -> float:
    """How much the pair ``best`` falls short of the best pair of ``totals``."""
    return float(totals.max() - totals[best])


def expected_values(beliefs: AssistantBeliefs, user: int) -> dict[Item, float]:
    """The expected value of information of each unknown, unasked fact of ``user``.

    Returns:
        item -> expected loss avoided (score points): ``("event", k)`` for shared event ``k``,
        ``("price",)`` and ``("arrival",)`` (the latter while nobody was asked about it).
    """
    unary = list(beliefs.unaries())
    pairs = beliefs.pair_values()
    totals = unary[0][:, None] + unary[1][None, :] + pairs
    best = np.unravel_index(int(np.argmax(totals)), totals.shape)
    model = beliefs.users[user]
    asked = beliefs.asked[user]

    def shifted(delta: np.ndarray) -> np.ndarray:
        return totals + (delta[:, None] if user == 0 else delta[None, :])

    out: dict[Item, float] = {}
    for k in range(len(model.shared)):
        if np.isnan(model.importance[k]) and ("event", k) not in asked and model.overlap[:, k].any():
            column = model.overlap[:, k].astype(float)
            losses = [_loss(shifted(-(v - PRIOR_IMPORTANCE) * column), best) for v in IMPORTANCE_VALUES]
            out[("event", k)] = float(np.mean(losses))
    if model.price_pref is None and ("price",) not in asked:
        base = model.price_values()
        losses = [_loss(shifted(model.price_values(pref=v) - base), best) for v in PRICE_PREF_VALUES]
        out[("price",)] = float(np.mean(losses))
    if beliefs.arrival_pref is None and not any(("arrival",) in a for a in beliefs.asked):
        fixed = unary[0][:, None] + unary[1][None, :]
        losses = [_loss(fixed + beliefs.pair_values(v), best) for v in ARRIVAL_PREF_VALUES]
        out[("arrival",)] = float(np.mean(losses))
    return out


# ---- the user simulator -------------------------------------------------------------------------------


class UserPlanner:
    """A scripted user: truthful answers, decision-relevant volunteering, threshold acceptance.

    Args:
        accept_margin: accept when switching own flight would gain at most this many points.
        relevance: own flights within this many points of the own best count as relevant.
        tolerance: stop volunteering once the assistant's view of the relevant flights is distorted
            by at most this many points.
        max_volunteer: the most facts volunteered in one message.
        max_reasons: the most facts given with a rejection.
    """

    def __init__(
        self,
        accept_margin: float = 2.0,
        relevance: float = 12.0,
        tolerance: float = 2.0,
        max_volunteer: int = 4,
        max_reasons: int = 3,
    ) -> None:
        self.accept_margin = accept_margin
        self.relevance = relevance
        self.tolerance = tolerance
        self.max_volunteer = max_volunteer
        self.max_reasons = max_reasons

    def plan(self, beliefs: UserBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        """The user's turn: answer the pending proposal, else the open questions, else say nothing.

        Args:
            beliefs: the user's store.
            observation: the user's observation (its ``pending_breakdown`` when it must respond).
            rng: unused (the simulator is deterministic).

        Returns:
            The intent (``Accept`` / ``Reject`` with reasons, or answers).
        """
        if observation.must_respond:
            return self._respond(beliefs, observation)
        if beliefs.questions:
            return Intent(acts=self.answer(beliefs))
        return Intent()

    # ---- answers ----------------------------------------------------------------------------
    def answer(self, beliefs: UserBeliefs) -> list[ActBase]:
        """The truthful answers to the open questions plus the volunteered facts.

        Args:
            beliefs: the user's store (its open questions and what it told before).

        Returns:
            Price, arrival and event acts, nothing already told.
        """
        acts: list[ActBase] = []
        told = set(beliefs.told_events)
        told_price = beliefs.told_price
        for question in beliefs.questions:
            if question.about == "price" and not told_price:
                told_price = True
            elif question.about == "arrival":
                acts.append(MedArrival(pref=beliefs.data.arrival_time_pref))
            elif question.about == "event" and question.day is not None and question.start is not None:
                start = moment(question.day, question.start)
                event = next((e for e, _ in beliefs.events if e.start == start), None)
                if event is not None:
                    told.add((event.start, event.end))
        told, told_price = self.volunteer(beliefs, told, told_price)
        if told_price and not beliefs.told_price:
            acts.insert(0, MedPrice(pref=beliefs.data.price_pref, mean=beliefs.data.mean_price))
        fresh = [e for e, _ in beliefs.events if (e.start, e.end) in told - beliefs.told_events]
        acts.extend(_event_act(e) for e in fresh)
        return acts

    def volunteer(
        self, beliefs: UserBeliefs, told: set[tuple[datetime, datetime]], told_price: bool
    ) -> tuple[set[tuple[datetime, datetime]], bool]:
        """Greedily add the facts that most reduce the assistant's distortion of this user's
        relevant flights (the spread of its errors, offsets removed, which do not change a choice).

        Args:
            beliefs: the user's store.
            told: the events (``(start, end)``) told or about to be told.
            told_price: whether the price facts are told or about to be.

        Returns:
            ``told`` and ``told_price`` with the volunteered facts added.
        """
        truth = beliefs.unary
        relevant = truth >= truth.max() - self.relevance
        told = set(told)
        candidates: list[Any] = [(e.start, e.end) for e, _ in beliefs.events if (e.start, e.end) not in told]
        if not told_price:
            candidates.append("price")

        def distortion(events: set[tuple[datetime, datetime]], price: bool) -> float:
            believed = beliefs.believed_unary(events, price)
            mask = relevant | (believed >= believed.max() - self.relevance)
            gap = (believed - truth)[mask]
            return float(np.sqrt(np.mean((gap - gap.mean()) ** 2)))

        current = distortion(told, told_price)
        for _ in range(self.max_volunteer):
            if current <= self.tolerance or not candidates:
                break
            scores = [
                distortion(told, True) if c == "price" else distortion(told | {c}, told_price) for c in candidates
            ]
            pick = int(np.argmin(scores))
            if scores[pick] >= current:
                break
            chosen = candidates.pop(pick)
            if chosen == "price":
                told_price = True
            else:
                told.add(chosen)
            current = scores[pick]
        return told, told_price

    # ---- proposals ------------------------------------------------------------------------------
    def _respond(self, beliefs: UserBeliefs, observation: Any) -> Intent:
        view = observation.pending_breakdown
        own = view.flight.id
        gain, alternative = self.switch_gain(beliefs, own, view.arrival_hours_apart)
        if gain <= self.accept_margin or observation.turns_left <= 2:
            return Intent(acts=[MedAccept()], actions=[Accept()])
        reasons = self._reasons(beliefs, own, alternative)
        if not reasons:
            return Intent(acts=[MedAccept()], actions=[Accept()])
        flight = beliefs.data.flights[alternative]
        day, start = day_and_clock(flight.start)
        like = MedFlight(carrier=flight.carrier, day=day, start=start) if flight.carrier in CARRIERS else None
        acts: list[ActBase] = [MedReject(), *reasons, *([like] if like else [])]
        return Intent(acts=acts, actions=[Reject()])

    def switch_gain(self, beliefs: UserBeliefs, own: int, hours_apart: int) -> tuple[float, int]:
        """What switching from flight ``own`` to this user's best flight would gain for the pair.

        Args:
            beliefs: the user's store.
            own: the proposed flight of this user.
            hours_apart: the whole hours between the two arrivals (from the score breakdown); the
                other user may land earlier or later, and the smaller gain of the two counts.

        Returns:
            The gain in score points and the better flight.
        """
        flights = beliefs.data.flights
        pref = beliefs.data.arrival_time_pref
        arrival = flights[own].end
        offset = timedelta(hours=hours_apart, minutes=30)
        best_gain, best_flight = np.inf, own
        for other_end in (arrival - offset, arrival + offset):
            other = Flight(start=other_end - timedelta(hours=1), end=other_end, price=0)
            values = beliefs.unary + 2 * np.array([arrival_time_term(pref, f, other) for f in flights])
            pick = int(np.argmax(values))
            gain = float(values[pick] - values[own])
            if gain < best_gain:
                best_gain, best_flight = gain, pick
        return best_gain, best_flight

    def _reasons(self, beliefs: UserBeliefs, own: int, alternative: int) -> list[ActBase]:
        flights = beliefs.data.flights
        conflicts: list[Event] = []
        for index in (own, alternative):
            conflicts += [
                e
                for e in beliefs.overlapping(flights[index])
                if (e.start, e.end) not in beliefs.told_events and e not in conflicts
            ]
        conflicts.sort(key=lambda e: -abs(e.importance - PRIOR_IMPORTANCE))
        reasons: list[ActBase] = [_event_act(e) for e in conflicts[: self.max_reasons]]
        if not beliefs.told_price:
            reasons.insert(0, MedPrice(pref=beliefs.data.price_pref, mean=beliefs.data.mean_price))
        return reasons


def _event_act(event: Event) -> MedEvent:
    day, start = day_and_clock(event.start)
    return MedEvent(day=day, start=start, end=day_and_clock(event.end)[1], importance=event.importance)


# ---- factories ----------------------------------------------------------------------------------------


class AddressedPlanner:
    """Adds the required ``To`` action to an assistant planner that does not address anyone.

    Args:
        inner: the planner whose intent is completed.
        user: the addressee.
    """

    def __init__(self, inner: Any, user: int = 0) -> None:
        self.inner = inner
        self.user = user

    def plan(self, beliefs: object, observation: Any, rng: np.random.Generator) -> Intent:
        """The inner planner's intent with ``To(user)`` first."""
        intent = self.inner.plan(beliefs, observation, rng)
        return intent.model_copy(update={"actions": [To(user=self.user), *intent.actions], "addressee": self.user})


def sample_pair(observation: Any, rng: np.random.Generator) -> FlightPair:
    """A uniformly random flight pair from the assistant's view (``user_flights``)."""
    first, second = (int(rng.integers(len(flights))) for flights in observation.user_flights)
    return FlightPair.of(first, second)


def make_solver_planner(**options: Any) -> RolePlanner:
    """The neurosymbolic preset: the assistant planner and a user simulator for each user seat.

    Args:
        **options: ``assistant`` and ``user`` dicts of keyword arguments for the two planners.

    Raises:
        TypeError: an unknown option.
    """
    assistant = AssistantPlanner(**options.pop("assistant", {}))
    user_options = options.pop("user", {})
    if options:
        raise TypeError(f"unknown options {sorted(options)}")
    return RolePlanner(
        {"assistant": assistant, "user-0": UserPlanner(**user_options), "user-1": UserPlanner(**user_options)}
    )


def make_random_planner() -> RolePlanner:
    """The random-proposal baseline: the assistant proposes a random pair, users accept anything."""
    users = RandomProposalPlanner(None)
    return RolePlanner(
        {"assistant": AddressedPlanner(RandomProposalPlanner(sample_pair)), "user-0": users, "user-1": users}
    )

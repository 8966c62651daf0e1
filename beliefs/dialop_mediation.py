"""DialOp Mediation: the players' belief stores.

Two stores, one per kind of seat (the registry builds the right one from the first observation):

* :class:`UserBeliefs` (``user-0`` / ``user-1``): the user's own data as game objects (so the game's
  scorers give its exact terms), the assistant's open questions, and what the user has told so far.
  It also knows the assistant's *prior* model of the user (the expected values below), which is
  public knowledge, so a user can tell what the assistant's decision still lacks.
* :class:`AssistantBeliefs` (``assistant``): per user, the believed importance of every shared event
  (reported, else the prior mean :data:`PRIOR_IMPORTANCE`), reported private events, price preference
  (reported, else :data:`PRIOR_PRICE_PREF`) and usual fare (reported, else the median of the user's
  flight prices, an unbiased estimate under the generator), the arrival-time preference (else
  :data:`PRIOR_ARRIVAL_PREF`), and liked / vetoed flights and time windows from free phrasing. From
  these it computes each user's believed value per flight and the pair term, which the exact solver
  (:mod:`solvers.flight_pairs`) ranks.

Both stores also keep, per user room, the dialogue state a message is read in (:class:`Discussion`:
the day and flight under discussion, whether a flight is on the table, the user's formal answer to
the latest proposal, the flights offered in the room, the assistant's open question), followed from
the proposals and answers in the chat and from the parsed messages, and hand it to the parser as the
:class:`MediationContext`. In the assistant's store a user's rejection settles the proposal for the
friend too; the friend's empty line with no formal move after that is the friend's answer, which the
game dropped (``answered``, its kind unknown).

Users only speak in scaled terms (importance out of 10, price weight out of 20, arrival weight out of
10); the assistant converts them into score units with the game's own term formulas. Neither store
reads anything but its own observation and the parsed messages.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from dataclasses import replace as dc_replace
from datetime import datetime, timedelta
from typing import Any, Final, Literal

import numpy as np

from beliefs.base import SeatedBeliefs, Utterance
from games.dialop.base import PublicAction, kind_of, proposal_of
from games.dialop.mediation import (
    Event,
    Flight,
    UserData,
    arrival_hours_matrix,
    arrival_terms,
    calendar_term,
    price_term,
    times_overlap,
)
from games.dialop.mediation_game import PERIOD_START
from language.act_base import ActBase
from language.acts import Intent
from language.dialop_mediation import (
    CARRIERS,
    MedArrival,
    MedAsk,
    MedEvent,
    MedFlight,
    MediationContext,
    MedOffer,
    MedPrice,
    MedWindow,
    clock,
)

ASSISTANT_ROLE: Final = "assistant"
PRIOR_IMPORTANCE = 5.5  # mean of the generator's uniform 1..10
PRIOR_PRICE_PREF = 10.5  # mean of uniform 1..20
PRIOR_ARRIVAL_PREF = 5.5  # mean of uniform 1..10
DEFAULT_EVENT_MINUTES = 60  # length assumed for a private event reported without an end
WINDOW_WEIGHT = 5.0  # score points for a flight in a time window a user called good (minus if bad)
LIKED_FLIGHT_BONUS = 3.0  # points for a flight a user said suits it better
VETO_PENALTY = 100.0  # points off a flight a user vetoed


# ---- time helpers ----------------------------------------------------------------------------------


def moment(day: int, hhmm: str) -> datetime:
    """The datetime of ``day`` (0 = the first day of the period) at ``"HH:MM"``."""
    hours, minutes = (int(x) for x in hhmm.split(":"))
    return PERIOD_START.replace(hour=0, minute=0) + timedelta(days=day, hours=hours, minutes=minutes)


def day_and_clock(when: datetime) -> tuple[int, str]:
    """The day index and ``"HH:MM"`` of ``when``."""
    day = (when.date() - PERIOD_START.date()).days
    return day, clock(when.hour * 60 + when.minute)


def _parse_time(text: str) -> datetime:
    return datetime.fromisoformat(text)


def event_of(view: Any) -> Event:
    """A game :class:`Event` from an event view (importance 0 when the view has none)."""
    return Event(start=_parse_time(view.start), end=_parse_time(view.end), importance=view.importance or 0)


def flight_of(view: Any) -> Flight:
    """A game :class:`Flight` from a flight view."""
    return Flight(start=_parse_time(view.start), end=_parse_time(view.end), price=view.price, carrier=view.carrier)


def pair_term(hours: np.ndarray, pref: float, exact: bool) -> np.ndarray:
    """Both users' arrival-time terms of every pair: ``2 * trunc(-pref * hours / 3)`` (exactly when
    ``pref`` is known, else its expectation ``-2 * pref * hours / 3``)."""
    if exact:
        return arrival_terms(int(pref), hours).astype(float)
    return -2.0 * pref * hours / 3.0


def price_terms(prices: np.ndarray, pref: float, mean: float, exact: bool) -> np.ndarray:
    """The price term of each flight: the game's exact integer rule (:func:`~games.dialop.mediation.price_term`,
    vectorized) when ``pref`` and ``mean`` are reported, else its expectation without truncation."""
    if exact:
        numerator = -int(pref) * (prices.astype(np.int64) - int(mean))
        return (np.sign(numerator) * (np.abs(numerator) // int(mean))).astype(float)
    return -pref * (prices - mean) / mean


# ---- the dialogue state a message is read in --------------------------------------------------------


RECENT_OFFERS = 6  # flights offered in a room that the context lists (newest first)


@dataclass
class Discussion:
    """What one user's room is about (the parse context of its messages, :class:`MediationContext`):
    the day under discussion (the flight offered last, or the last day named since), that flight
    (departure and carrier), whether a flight is on the table, the user's formal answer to the latest
    proposal (``answered``; ``accepted`` its kind when known), whether the friend settled that
    proposal first (``settled``: the game then drops this user's answer, but the user did give one),
    the flights offered in this room (``offers``, oldest first), the assistant's open question to the
    user and the flight the user asked for that the assistant has not answered yet (``requested``)."""

    day: int | None = None
    start: str | None = None
    carrier: str | None = None
    offered: bool = False
    accepted: bool | None = None
    asked: MedAsk | None = None
    requested: MedFlight | None = None
    answered: bool = False
    settled: bool = False
    offers: list[MedOffer] = field(default_factory=list)

    def offer(self, flight: Flight | None, proposal: bool) -> None:
        """A flight was offered (a formal proposal, or quoted in a message; ``None``: no details)."""
        self.offered = True
        if proposal:
            self.accepted, self.requested, self.answered, self.settled = None, None, False, False
        if flight is not None:
            self.day, self.start = day_and_clock(flight.start)
            self.carrier = flight.carrier if flight.carrier in CARRIERS else None
            self._remember(
                MedOffer(carrier=next((c for c in CARRIERS if c == self.carrier), None), day=self.day, start=self.start)
            )

    def quoted(self, offer: MedOffer) -> None:
        """An assistant message presenting a flight (its details when it gives them)."""
        self.offered, self.requested = True, None
        if offer.day is not None and offer.start is not None:
            self.day, self.start, self.carrier = offer.day, offer.start, offer.carrier
            self._remember(offer)

    def _remember(self, offer: MedOffer) -> None:
        """Keep ``offer`` as the latest flight offered in this room (a repeat moves to the end)."""
        if offer in self.offers:
            self.offers.remove(offer)
        self.offers.append(offer)

    def named(self, acts: list[Any]) -> None:
        """A message's acts: the last day they name becomes the day under discussion (a day other
        than the offered flight's leaves no flight time to refer to)."""
        liked = [a for a in acts if isinstance(a, MedFlight) and a.good]
        if liked:
            self.requested = liked[-1]
        days = [a.day for a in acts if isinstance(a, MedWindow | MedEvent | MedFlight) and a.day is not None]
        if days and days[-1] != self.day:
            self.day, self.start, self.carrier = days[-1], None, None

    def answer(self, kind: str | None) -> None:
        """The user's formal answer (``accept`` / ``reject``) to the latest proposal."""
        if kind in ("accept", "reject"):
            self.accepted, self.answered = kind == "accept", True

    def settle(self) -> None:
        """The friend rejected the latest proposal: an answer of this user that follows is dropped."""
        self.settled = True

    def dropped(self) -> None:
        """An empty line of this user with no formal move after the friend settled the proposal: the
        user's answer, which the game dropped (its kind is unknown; the recorded games' second answers
        after a rejection are rejections about three times in four)."""
        if self.settled and not self.answered:
            self.answered = True

    def context(self, author: Literal["assistant", "user"]) -> MediationContext:
        """The parse context of a message in this room."""
        return MediationContext(
            author=author,
            day=self.day,
            start=self.start,
            carrier=next((c for c in CARRIERS if c == self.carrier), None),
            offered=self.offered,
            accepted=self.accepted,
            asked=self.asked,
            requested=self.requested,
            answered=self.answered,
            offers=tuple(reversed(self.offers[-RECENT_OFFERS:])),
        )


def _kind(action: Any) -> str | None:
    return action.kind if isinstance(action, PublicAction) else None


# ---- the user's store ------------------------------------------------------------------------------


class UserBeliefs(SeatedBeliefs):
    """Belief store of a user seat: own data, open questions, what was told (module docstring)."""

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.user: int = observation.user
        self.events: list[tuple[Event, bool]] = [(event_of(v), v.shared) for v in observation.calendar]
        calendar = tuple(e for e, _ in self.events)
        self.data = UserData(
            calendar=calendar,
            shared_calendar=tuple(e for e, shared in self.events if shared),
            flights=tuple(flight_of(v) for v in observation.flights),
            mean_price=observation.mean_price,
            price_pref=observation.price_pref,
            arrival_time_pref=observation.arrival_time_pref,
        )
        self.unary = np.array([calendar_term(self.data, f)[0] + price_term(self.data, f) for f in self.data.flights])
        self.prior = UserModel.of(list(self.data.flights), list(self.data.shared_calendar))  # the assistant's start
        self.questions: list[MedAsk] = []
        self.told_events: set[tuple[datetime, datetime]] = set()
        self.told_price = False
        self.told_arrival = False
        self.discussion = Discussion()
        self._lines = 0

    def observe(self, observation: Any) -> None:
        """Follow the proposals of this user's flights (the breakdown is read by the planner from the
        observation)."""
        for line in observation.chat[self._lines :]:
            self._follow(line.action)
        self._lines = len(observation.chat)

    def _follow(self, action: Any) -> None:
        if _kind(action) == "propose":
            proposal = action.proposal
            index = proposal.get("flight_id") if isinstance(proposal, dict) else None
            flight = (
                self.data.flights[index] if isinstance(index, int) and 0 <= index < len(self.data.flights) else None
            )
            self.discussion.offer(flight, proposal=True)
        elif _kind(action) in ("accept", "reject"):
            self.discussion.answer(_kind(action))

    def update(self, utterance: Utterance) -> None:
        """Collect the assistant's questions; remember what this user said."""
        acts, mine = list(utterance.acts), self.is_own(utterance.seat)
        self._follow(utterance.action)
        if not mine:
            self.questions.extend(a for a in acts if isinstance(a, MedAsk))
            for act in acts:
                if isinstance(act, MedOffer):
                    self.discussion.quoted(act)
            return
        self.questions = []
        self.discussion.named(acts)
        for act in acts:
            if isinstance(act, MedEvent):
                start = moment(act.day, act.start)
                match = next((e for e, _ in self.events if e.start == start), None)
                if match is not None:
                    self.told_events.add((match.start, match.end))
            elif isinstance(act, MedPrice):
                self.told_price = True
            elif isinstance(act, MedArrival):
                self.told_arrival = True

    def context(self, observation: Any, author_seat: int) -> MediationContext:
        """The language context: other seats' messages come from the assistant; the dialogue state
        is this user's room (:class:`Discussion`)."""
        return self.discussion.context("user" if self.is_own(author_seat) else ASSISTANT_ROLE)

    def believed_unary(self, told_events: set[tuple[datetime, datetime]], told_price: bool) -> np.ndarray:
        """What the assistant believes of this user's flights after hearing ``told_events`` (and the
        price facts if ``told_price``): its public prior model, fed with those facts."""
        model = self.prior.copy()
        for event, _ in self.events:
            if (event.start, event.end) in told_events:
                model.learn_event(event.start, event.end, event.importance)
        if told_price:
            model.price_pref, model.mean_price = self.data.price_pref, self.data.mean_price
        return model.unary()

    def overlapping(self, flight: Flight) -> list[Event]:
        """This user's events that conflict with ``flight``."""
        return list(calendar_term(self.data, flight)[1])


# ---- the assistant's store -------------------------------------------------------------------------


@dataclass
class UserModel:
    """What the assistant believes about one user."""

    flights: list[Flight]
    shared: list[Event]
    overlap: np.ndarray  # flights x shared events, bool
    importance: np.ndarray  # per shared event, the reported value (nan: unknown)
    bonus: np.ndarray  # per flight, points from liked / vetoed flights and windows
    private: list[Event] = field(default_factory=list)
    price_pref: int | None = None
    mean_price: int | None = None

    @classmethod
    def of(cls, flights: list[Flight], shared: list[Event]) -> UserModel:
        """The prior model of a user with these flights and shared (seen) events."""
        overlap = np.array(
            [[times_overlap((e.start, e.end), (f.start, f.end)) for e in shared] for f in flights], dtype=bool
        ).reshape(len(flights), len(shared))
        return cls(flights, shared, overlap, np.full(len(shared), np.nan), np.zeros(len(flights)))

    def copy(self) -> UserModel:
        """An independent copy (the flights and events are immutable and shared)."""
        return dc_replace(self, importance=self.importance.copy(), bonus=self.bonus.copy(), private=list(self.private))

    def learn_event(self, start: datetime, end: datetime | None, importance: int) -> None:
        """An event's importance: a shared event starting at ``start`` (or, without ``end``, the one
        under way then), else a private event, added (``end`` defaults to an hour later)."""
        for k, event in enumerate(self.shared):
            if event.start == start or (end is None and event.start <= start < event.end):
                self.importance[k] = importance
                return
        for k, event in enumerate(self.private):
            if event.start == start:
                self.private[k] = dc_replace(event, importance=importance)
                return
        end = end if end is not None else start + timedelta(minutes=DEFAULT_EVENT_MINUTES)
        if end <= start:  # an event running past midnight
            end += timedelta(days=1)
        self.private.append(Event(start=start, end=end, importance=importance))

    @property
    def prices(self) -> np.ndarray:
        return np.array([f.price for f in self.flights], dtype=float)

    def price_values(self, pref: float | None = None) -> np.ndarray:
        """Believed price terms (``pref`` overrides the belief, for what-if questions)."""
        known = self.price_pref is not None and self.mean_price is not None and pref is None
        use_pref = pref if pref is not None else (self.price_pref if self.price_pref is not None else PRIOR_PRICE_PREF)
        mean = self.mean_price if self.mean_price is not None else float(np.median(self.prices))
        return price_terms(self.prices, use_pref, mean, exact=known)

    def calendar_values(self) -> np.ndarray:
        """Believed calendar terms: minus the believed importance of every conflicting event."""
        weights = np.where(np.isnan(self.importance), PRIOR_IMPORTANCE, self.importance)
        values = -(self.overlap.astype(float) @ weights) if self.shared else np.zeros(len(self.flights))
        for event in self.private:
            hits = [times_overlap((event.start, event.end), (f.start, f.end)) for f in self.flights]
            values = values - event.importance * np.array(hits, dtype=float)
        return values

    def unary(self) -> np.ndarray:
        """The believed value of each flight for this user (calendar + price + stated likes)."""
        return self.calendar_values() + self.price_values() + self.bonus


class AssistantBeliefs(SeatedBeliefs):
    """Belief store of the assistant seat (module docstring)."""

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.users: list[UserModel] = []
        for flights, shared in zip(observation.user_flights, observation.user_shared_calendars, strict=True):
            self.users.append(UserModel.of([flight_of(v) for v in flights], [event_of(v) for v in shared]))
        self.hours = arrival_hours_matrix(self.users[0].flights, self.users[1].flights)
        self.arrival_pref: int | None = None
        self.asked: list[set[tuple[Any, ...]]] = [set(), set()]  # per user: the items asked
        self.answered = [False, False]  # each user has answered at least once
        self.rejected: set[tuple[int, int]] = set()
        self.proposals = 0
        self.followups = 0  # follow-up questions asked (after both users' first)
        self._lines = 0
        self._last_pair: tuple[int, int] | None = None
        self.discussions = [Discussion(), Discussion()]  # per user: the parse context of its room

    # ---- the belief store protocol ------------------------------------------------------------
    def observe(self, observation: Any) -> None:
        """Follow the proposals and rejections."""
        for line in observation.chat[self._lines :]:
            if kind_of(line) == "propose":
                proposal = proposal_of(line)
                self._last_pair = (int(proposal[0]), int(proposal[1]))
                self.proposals += 1
            elif kind_of(line) == "reject" and self._last_pair is not None:
                self.rejected.add(self._last_pair)
            self._follow(line.seat, line.action, line.message)
        self._lines = len(observation.chat)

    def _follow(self, seat: int, action: Any, text: str | None = None) -> None:
        """Proposals and the users' answers, into each room's :class:`Discussion` (read both when
        the lines are observed and when they are read, in order, so the last word stands). A user's
        rejection settles the proposal for the friend too; the friend's empty line with no formal
        move (``text`` empty) is then the answer the game dropped."""
        if _kind(action) == "propose":
            proposal = action.proposal
            for user, discussion in enumerate(self.discussions):
                try:
                    flight = self.users[user].flights[int(proposal[user])]
                except (TypeError, ValueError, IndexError, KeyError):
                    flight = None
                discussion.offer(flight, proposal=True)
        elif _kind(action) in ("accept", "reject") and 0 <= seat < len(self.discussions):
            self.discussions[seat].answer(_kind(action))
            if _kind(action) == "reject":
                for other, discussion in enumerate(self.discussions):
                    if other != seat:
                        discussion.settle()
        elif action is None and text is not None and not text.strip() and 0 <= seat < len(self.discussions):
            self.discussions[seat].dropped()

    def update(self, utterance: Utterance) -> None:
        """Take in a user's parsed message (the utterance's seat is the user); own messages are
        taken in by :meth:`record_own`, which knows their addressee."""
        acts, user = list(utterance.acts), utterance.seat
        self._follow(user, utterance.action, utterance.text)
        if self.is_own(user):
            to = getattr(utterance.action, "to", None)
            if isinstance(to, int) and 0 <= to < len(self.discussions):
                self._said(to, acts)
            return
        if not 0 <= user < len(self.discussions):
            return
        self.answered[user] = True
        discussion = self.discussions[user]
        discussion.named(acts)
        if acts:
            discussion.asked = None
        for act in acts:
            self.apply(user, act)

    def record_own(self, intent: Intent) -> None:
        """Take in our own turn: the facts it asks its addressee about (a question after both
        users' first one is a follow-up)."""
        asks = [a for a in intent.acts if isinstance(a, MedAsk)]
        user = intent.addressee
        if isinstance(user, int) and 0 <= user < len(self.discussions):
            self._said(user, list(intent.acts))
        if user is None or not asks:
            return
        if all(self.asked):
            self.followups += 1
        for act in asks:
            self.asked[user].add(self._item(user, act))

    def _said(self, user: int, acts: list[Any]) -> None:
        """Our own message to ``user``: the flight it presents and the question it asks (one; a
        message that asks nothing keeps the question before it open)."""
        discussion = self.discussions[user]
        for act in acts:
            if isinstance(act, MedOffer):
                discussion.quoted(act)
        asks = [a for a in acts if isinstance(a, MedAsk)]
        if asks:  # a message that asks nothing leaves the open question open ("Let me see what I can do")
            discussion.asked = asks[0] if len(asks) == 1 else None

    def _item(self, user: int, ask: MedAsk) -> tuple[Any, ...]:
        """The fact of ``user`` that ``ask`` asks about: ``("event", k)`` for its shared event ``k``,
        else ``(about,)``."""
        if ask.about == "event":
            asked = self.asked[user]
            for k, event in enumerate(self.users[user].shared):
                if day_and_clock(event.start) == (ask.day, ask.start) and ("event", k) not in asked:
                    return ("event", k)
        return (ask.about,)

    def context(self, observation: Any, author_seat: int) -> MediationContext:
        """The language context: other seats' messages come from users, read in the dialogue state
        of their room (:class:`Discussion`)."""
        if self.is_own(author_seat) or not 0 <= author_seat < len(self.discussions):
            return MediationContext(author=ASSISTANT_ROLE)
        return self.discussions[author_seat].context("user")

    # ---- facts ----------------------------------------------------------------------------------
    def apply(self, user: int, act: ActBase) -> None:
        """Fold one fact stated by ``user`` into the beliefs (scaled terms -> score units)."""
        model = self.users[user]
        if isinstance(act, MedEvent):
            end = moment(act.day, act.end) if act.end is not None else None
            model.learn_event(moment(act.day, act.start), end, act.importance)
        elif isinstance(act, MedPrice):
            model.price_pref = act.pref
            model.mean_price = act.mean if act.mean is not None else model.mean_price
        elif isinstance(act, MedArrival):
            self.arrival_pref = act.pref
        elif isinstance(act, MedFlight):
            for i, flight in enumerate(model.flights):
                if day_and_clock(flight.start) == (act.day, act.start):
                    model.bonus[i] += LIKED_FLIGHT_BONUS if act.good else -VETO_PENALTY
        elif isinstance(act, MedWindow):
            sign = 1.0 if act.good else -1.0
            for i, flight in enumerate(model.flights):
                if _in_window(flight, act):
                    model.bonus[i] += sign * WINDOW_WEIGHT

    # ---- the decision model --------------------------------------------------------------------
    def unaries(self) -> tuple[np.ndarray, np.ndarray]:
        """Each user's believed value per flight."""
        return self.users[0].unary(), self.users[1].unary()

    def pair_values(self, arrival_pref: float | None = None) -> np.ndarray:
        """The believed pair term (both users' arrival terms); ``arrival_pref`` overrides the belief."""
        if arrival_pref is not None:
            return pair_term(self.hours, arrival_pref, exact=True)
        if self.arrival_pref is not None:
            return pair_term(self.hours, self.arrival_pref, exact=True)
        return pair_term(self.hours, PRIOR_ARRIVAL_PREF, exact=False)


def _in_window(flight: Flight, window: MedWindow) -> bool:
    """Whether ``flight`` departs inside ``window``."""
    day, start = day_and_clock(flight.start)
    if window.day is not None and day != window.day:
        return False
    if window.after is not None and start < window.after:
        return False
    return window.before is None or start < window.before


def make_beliefs(observation: Any) -> UserBeliefs | AssistantBeliefs:
    """The store of the observation's seat."""
    if observation.role == ASSISTANT_ROLE:
        return AssistantBeliefs(observation)
    return UserBeliefs(observation)

"""DialOp Mediation: typed instances and an exact re-scorer for the recorded games (Lin et al., TACL 2024).

Two users each hold a private calendar of events with importance weights, a list of flight options,
a price preference and a shared arrival-time preference. An assistant, who talks to each user in a
separate room, proposes one flight per user; the game ends when both users accept the same proposal.

The score of a flight pair is the sum over both users of three integer terms (Appendix A.1 of the
paper; the rule below is the one of the original environment, ``jlin816/dialop``,
``dialop/games/mediation.py`` and ``dialop/games/mediation_data.py``):

| term | value for user ``u`` on flight ``f`` while the other user flies ``g`` |
| --- | --- |
| calendar | minus the summed importance of ``u``'s events that overlap ``f`` (see :func:`times_overlap`) |
| price | ``trunc(-price_pref * (price - mean_price) / mean_price)``, truncated toward zero |
| arrival_time | ``trunc(-arrival_time_pref * hours / 3)``, ``hours`` = whole hours between the two arrivals |

The arrival-time term is the same for both users, so a pair's total counts it twice. ``best`` and
``worst`` are the maximum and minimum total over every pair (one flight of each user's list), and
the normalized score is ``(score - worst) / (best - worst)``.

Flights are referred to by their index in the user's flight list, as in the original environment's
``user 0: id <i>, user 1: id <j>`` proposals.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import numpy as np

from games.dialop.common import normalized, record_field

NUM_USERS = 2
TERMS: tuple[str, ...] = ("calendar", "price", "arrival_time")


def _timestamp(value: Any, what: str) -> datetime:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be an ISO timestamp string, got {value!r}")
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        raise ValueError(f"{what} is not an ISO timestamp: {value!r}") from None


def _int(value: Any, what: str, *, minimum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, got {value!r}")
    if minimum is not None and value < minimum:
        raise ValueError(f"{what} must be at least {minimum}, got {value}")
    return value


def _truncated_division(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` rounded toward zero, exactly (``denominator > 0``)."""
    quotient = abs(numerator) // denominator
    return -quotient if numerator < 0 else quotient


def times_overlap(first: tuple[datetime, datetime], second: tuple[datetime, datetime]) -> bool:
    """Whether two ``(start, end)`` intervals overlap, by the original environment's rule.

    The rule is that one interval starts strictly inside the other. It therefore misses intervals
    that start at the same instant (an event and a flight both starting at 10:00 do not conflict);
    this is kept on purpose, since the recorded scores were computed with it.
    """
    (start1, end1), (start2, end2) = first, second
    return start1 < start2 < end1 or start2 < start1 < end2


@dataclass(frozen=True)
class Event:
    """A calendar event of one user: an interval and an importance weight (1..10 in the data)."""

    start: datetime
    end: datetime
    importance: int
    title: str = ""

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Event:
        """An event from its recorded dict (``start``, ``end``, ``importance``, optional ``title``)."""
        start = _timestamp(record_field(record, "start", "event"), "event start")
        end = _timestamp(record_field(record, "end", "event"), "event end")
        if end <= start:
            raise ValueError(f"event ends at {end.isoformat()} before it starts at {start.isoformat()}")
        importance = _int(record_field(record, "importance", "event"), "event importance", minimum=0)
        return cls(start=start, end=end, importance=importance, title=str(record.get("title", "")))


@dataclass(frozen=True)
class Flight:
    """A flight option of one user: departure and arrival times, price and carrier."""

    start: datetime
    end: datetime
    price: int
    carrier: str = ""

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> Flight:
        """A flight from its recorded dict (``start``, ``end``, ``price``, optional ``carrier``)."""
        start = _timestamp(record_field(record, "start", "flight"), "flight start")
        end = _timestamp(record_field(record, "end", "flight"), "flight end")
        if end <= start:
            raise ValueError(f"flight arrives at {end.isoformat()} before it departs at {start.isoformat()}")
        price = _int(record_field(record, "price", "flight"), "flight price", minimum=0)
        return cls(start=start, end=end, price=price, carrier=str(record.get("carrier", "")))


@dataclass(frozen=True)
class UserData:
    """One user's private data: calendar (with importances), flight options and preferences.

    ``shared_calendar`` is the part of the calendar the assistant sees; scoring uses the whole
    ``calendar``.
    """

    calendar: tuple[Event, ...]
    shared_calendar: tuple[Event, ...]
    flights: tuple[Flight, ...]
    mean_price: int
    price_pref: int
    arrival_time_pref: int

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> UserData:
        """A user from an entry of a recorded game's ``player_data``."""
        calendar = record_field(record, "calendar", "user data")
        flights = record_field(record, "flights", "user data")
        shared = record.get("shared_calendar", calendar)
        for name, value in (("calendar", calendar), ("flights", flights), ("shared_calendar", shared)):
            if not isinstance(value, Sequence) or isinstance(value, str):
                raise ValueError(f"user {name} must be a list, got {type(value).__name__}")
        if not flights:
            raise ValueError("a user needs at least one flight")
        return cls(
            calendar=tuple(Event.from_record(event) for event in calendar),
            shared_calendar=tuple(Event.from_record(event) for event in shared),
            flights=tuple(Flight.from_record(flight) for flight in flights),
            mean_price=_int(record_field(record, "mean_price", "user data"), "mean_price", minimum=1),
            price_pref=_int(record_field(record, "price_pref", "user data"), "price_pref", minimum=0),
            arrival_time_pref=_int(
                record_field(record, "arrival_time_pref", "user data"), "arrival_time_pref", minimum=0
            ),
        )


@dataclass(frozen=True)
class FlightPair:
    """A proposal: the index of one flight in each user's flight list (``flights[u]`` for user ``u``)."""

    flights: tuple[int, int]

    def to_json(self) -> list[int]:
        """The pair's public JSON form, the one the game parses back: ``[flight of user 0, of user 1]``."""
        return list(self.flights)

    def __post_init__(self) -> None:
        if not isinstance(self.flights, tuple | list) or len(self.flights) != NUM_USERS:
            raise ValueError(f"a flight pair needs exactly {NUM_USERS} flight ids, got {self.flights!r}")
        object.__setattr__(self, "flights", tuple(self.flights))
        for user, flight in enumerate(self.flights):
            _int(flight, f"flight id of user {user}", minimum=0)

    @classmethod
    def of(cls, flight0: int, flight1: int) -> FlightPair:
        """The pair of user 0's flight ``flight0`` and user 1's flight ``flight1``."""
        return cls((flight0, flight1))

    @classmethod
    def from_proposal(cls, instance: MediationInstance, action: Mapping[str, Any]) -> FlightPair:
        """The pair of a recorded ``proposal`` action of the action log.

        A recorded proposal stores, per user, the proposed flight's dict (``proposal_data``) and
        usually its index (``flight_id``); the flight is looked up in the user's list and the index,
        when present, must agree.
        """
        if record_field(action, "type", "action") != "proposal":
            raise ValueError(f"action is a {action['type']!r}, not a 'proposal'")
        proposals = record_field(action, "proposals", "proposal action")
        if not isinstance(proposals, Sequence) or len(proposals) != NUM_USERS:
            raise ValueError(f"a proposal needs exactly {NUM_USERS} per-user entries")
        ids = []
        for user, entry in enumerate(proposals):
            data = record_field(entry, "proposal_data", f"proposal entry of user {user}")
            if data is None:
                raise ValueError(f"the proposal has no flight for user {user}")
            flight = Flight.from_record(data)
            matches = [i for i, option in enumerate(instance.users[user].flights) if option == flight]
            if not matches:
                raise ValueError(f"the proposed flight of user {user} is not among that user's flights")
            recorded = entry.get("flight_id")
            if recorded is not None:
                if recorded not in matches:
                    raise ValueError(f"user {user}'s recorded flight_id {recorded!r} names a different flight")
                ids.append(recorded)
            else:
                ids.append(matches[0])
        return cls((ids[0], ids[1]))


@dataclass(frozen=True)
class UserScore:
    """The score terms of one user for a flight pair, and the events the user's flight conflicts with."""

    calendar: int
    price: int
    arrival_time: int
    conflicts: tuple[Event, ...] = ()

    @property
    def total(self) -> int:
        """The user's total: the sum of the three terms."""
        return self.calendar + self.price + self.arrival_time

    def terms(self) -> dict[str, int]:
        """The terms by name (``calendar``, ``price``, ``arrival_time``), as the original ``cost`` dict."""
        return {"calendar": self.calendar, "price": self.price, "arrival_time": self.arrival_time}


@dataclass(frozen=True)
class ScoreBreakdown:
    """The score of a flight pair, user by user and term by term."""

    pair: FlightPair
    users: tuple[UserScore, UserScore]

    @property
    def total(self) -> int:
        """The pair's score: the sum of both users' totals."""
        return sum(user.total for user in self.users)


@dataclass(frozen=True)
class MediationInstance:
    """A Mediation game instance: the two users' data and their shared arrival-time preference."""

    users: tuple[UserData, UserData]

    def __post_init__(self) -> None:
        if len(self.users) != NUM_USERS:
            raise ValueError(f"a mediation instance needs exactly {NUM_USERS} users, got {len(self.users)}")
        prefs = {user.arrival_time_pref for user in self.users}
        if len(prefs) != 1:
            raise ValueError(f"the users' arrival_time_pref must agree, got {sorted(prefs)}")

    @classmethod
    def from_record(cls, game: Mapping[str, Any]) -> MediationInstance:
        """The instance of a recorded game (its ``player_data``: one entry per user)."""
        player_data = record_field(game, "player_data", "game")
        if not isinstance(player_data, Sequence) or len(player_data) != NUM_USERS:
            raise ValueError(f"player_data must list exactly {NUM_USERS} users")
        return cls((UserData.from_record(player_data[0]), UserData.from_record(player_data[1])))

    @property
    def arrival_time_pref(self) -> int:
        """The arrival-time preference (one value for the game; the original reads it from user 0)."""
        return self.users[0].arrival_time_pref

    @property
    def num_pairs(self) -> int:
        """The number of flight pairs."""
        return len(self.users[0].flights) * len(self.users[1].flights)

    def pairs(self) -> Iterator[FlightPair]:
        """Every flight pair, user 0's flight varying slowest."""
        for first, second in itertools.product(range(len(self.users[0].flights)), range(len(self.users[1].flights))):
            yield FlightPair((first, second))

    def check(self, pair: FlightPair) -> FlightPair:
        """``pair`` if both its flight ids index their user's flight list.

        Raises:
            ValueError: not a :class:`FlightPair`, or an id out of range.
        """
        if not isinstance(pair, FlightPair):
            raise ValueError(f"expected a FlightPair, got {type(pair).__name__}")
        for user, flight in enumerate(pair.flights):
            count = len(self.users[user].flights)
            if flight >= count:
                raise ValueError(f"flight id {flight} of user {user} is out of range 0..{count - 1}")
        return pair

    def flights_of(self, pair: FlightPair) -> tuple[Flight, Flight]:
        """The two flights of a (checked) pair."""
        self.check(pair)
        return self.users[0].flights[pair.flights[0]], self.users[1].flights[pair.flights[1]]


def calendar_term(user: UserData, flight: Flight) -> tuple[int, tuple[Event, ...]]:
    """Minus the summed importance of the user's events that overlap ``flight``, and those events."""
    conflicts = tuple(
        event for event in user.calendar if times_overlap((event.start, event.end), (flight.start, flight.end))
    )
    return -sum(event.importance for event in conflicts), conflicts


def price_term(user: UserData, flight: Flight) -> int:
    """``-price_pref * (price - mean_price) / mean_price``, truncated toward zero (cheap flights score > 0)."""
    return _truncated_division(-user.price_pref * (flight.price - user.mean_price), user.mean_price)


def arrival_hours(first: Flight, second: Flight) -> int:
    """The whole hours (rounded down) between the two flights' arrivals."""
    return int(abs(first.end - second.end).total_seconds()) // 3600


def arrival_time_term(arrival_time_pref: int, first: Flight, second: Flight) -> int:
    """``-arrival_time_pref * hours / 3``, truncated toward zero (the penalty per 3 hours apart)."""
    return _truncated_division(-arrival_time_pref * arrival_hours(first, second), 3)


def score_breakdown(instance: MediationInstance, pair: FlightPair) -> ScoreBreakdown:
    """The per-user, per-term score of ``pair``.

    Raises:
        ValueError: a malformed pair or a flight id out of range.
    """
    flights = instance.flights_of(pair)
    arrival = arrival_time_term(instance.arrival_time_pref, *flights)
    users = []
    for user, flight in zip(instance.users, flights, strict=True):
        calendar, conflicts = calendar_term(user, flight)
        users.append(UserScore(calendar, price_term(user, flight), arrival, conflicts))
    return ScoreBreakdown(pair=pair, users=(users[0], users[1]))


def score(instance: MediationInstance, pair: FlightPair) -> float:
    """The score of ``pair`` (always a whole number); see :func:`score_breakdown` for its terms.

    Raises:
        ValueError: a malformed pair or a flight id out of range.
    """
    return float(score_breakdown(instance, pair).total)


def arrival_hours_matrix(first: Sequence[Flight], second: Sequence[Flight]) -> np.ndarray:
    """``hours[i, j]``: :func:`arrival_hours` of ``first[i]`` and ``second[j]``, exactly (from
    timedeltas, so no time zone or daylight-saving shift enters)."""
    flights = [*first, *second]
    if not flights:
        return np.zeros((0, 0), dtype=np.int64)
    origin = min(f.end for f in flights)
    a = np.array([int((f.end - origin).total_seconds()) for f in first], dtype=np.int64)
    b = np.array([int((f.end - origin).total_seconds()) for f in second], dtype=np.int64)
    return np.abs(a[:, None] - b[None, :]) // 3600


def arrival_terms(arrival_time_pref: int, hours: np.ndarray) -> np.ndarray:
    """Both users' arrival terms of every pair: ``NUM_USERS * arrival_time_term`` from the hours apart."""
    return NUM_USERS * -((arrival_time_pref * hours) // 3)  # truncated toward zero: the product is >= 0


def pair_score_table(instance: MediationInstance) -> np.ndarray:
    """``table[i, j]``: the exact score of user 0's flight ``i`` with user 1's flight ``j``.

    Calendar and price depend on one user's flight only; the arrival term (counted once per user)
    on the pair, from the whole hours between the arrivals.
    """
    unary = [
        np.array([calendar_term(user, f)[0] + price_term(user, f) for f in user.flights], dtype=np.int64)
        for user in instance.users
    ]
    hours = arrival_hours_matrix(instance.users[0].flights, instance.users[1].flights)
    return unary[0][:, None] + unary[1][None, :] + arrival_terms(instance.arrival_time_pref, hours)


def best_and_worst(instance: MediationInstance) -> tuple[float, float]:
    """The highest and lowest score over every flight pair, exactly."""
    table = pair_score_table(instance)
    return float(table.max()), float(table.min())


def accepted_pair(instance: MediationInstance, action_log: Sequence[Mapping[str, Any]]) -> FlightPair:
    """The proposal both users accepted: the last ``proposal`` before the response that ended the game.

    A rejection resets the proposal in the original environment, so the game only ends on a response
    that completes the acceptances of the latest proposal.

    Raises:
        ValueError: no response ended the game, or no proposal came before it.
    """
    latest: Mapping[str, Any] | None = None
    for action in action_log:
        kind = record_field(action, "type", "action")
        if kind == "proposal":
            latest = action
        elif kind == "proposal_response" and action.get("game_over"):
            if latest is None:
                raise ValueError("the game ended on a response with no proposal before it")
            responses = action.get("all_responses")
            if responses is not None and not all(responses):
                raise ValueError(f"the game ended without every user accepting: {responses!r}")
            return FlightPair.from_proposal(instance, latest)
    raise ValueError("no proposal was accepted by both users")


def rescore(game: Mapping[str, Any]) -> dict[str, float]:
    """Re-score a recorded game: the accepted pair's ``score``, and ``best``, ``worst`` and ``norm``.

    Raises:
        ValueError: malformed game data, or no accepted proposal.
    """
    instance = MediationInstance.from_record(game)
    pair = accepted_pair(instance, record_field(game, "action_log", "game"))
    value = score(instance, pair)
    best, worst = best_and_worst(instance)
    return {"score": value, "best": best, "worst": worst, "norm": normalized(value, best, worst)}

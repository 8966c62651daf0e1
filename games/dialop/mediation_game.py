"""DialOp Mediation as a playable game, id ``dialop_mediation_v0`` (paper Section 2.3, Appendix A.1).

Three players: users 0 and 1 and the assistant (player 2). Each user sees its own calendar (events
with importance weights), its own flight options, its price preference and the shared arrival-time
preference. The assistant sees both users' flight options and, as in the paper and the original
environment, their *shared* work-calendar events without importance weights; it never sees an
importance weight, a private event or a preference. The score of a flight pair and its terms are
those of :mod:`games.dialop.mediation`; the reward of an accepted pair is ``(score - worst) / (best
- worst)`` over every pair.

**Rooms.** The assistant talks to one user at a time, as in the original's virtual rooms: every
assistant turn carries exactly one :class:`To` action naming the addressee (the paper's ``You to
0``), plus at most one formal action. A user's turn is always addressed to the assistant. A user's
observation holds only its own room: its own turns and the assistant's turns addressed to it; a
proposal reaches both users, but a user sees only its own flight of it, its own score breakdown,
and the accompanying message only if it was the addressee. The assistant sees every room.

**Turn order** (:meth:`MediationState._next_player`): the assistant opens; after an assistant turn
the user it addressed moves; after a user turn the assistant moves -- except while a proposal is
pending, which both users must answer: the addressee of the proposal answers first, then the other
user (a rejection clears the proposal and hands the turn back to the assistant). Only the assistant
proposes (a :class:`~games.dialop.mediation.FlightPair`); acceptance needs both users. The cap
counts every turn of every player: 45 turns, as the paper's 45-message cut-off.

New instances follow the original generator (``jlin816/dialop``, ``dialop/games/mediation.py`` and
``mediation_data.py``, re-implemented with a seeded numpy generator; paper Appendix A.1):

* the period runs from 2023-05-31 09:00 to 2023-06-02 19:00; walking its half-hour slots between
  9:00 and 20:30, an event of 30, 60, 120 or 240 minutes starts with probability ``p_event`` (0.35)
  when the slot is free, importance uniform in ``importance_range`` (1..10); ``int(p_shared * n)``
  (``p_shared`` 0.75) of a user's ``n`` events are shared (seen by the assistant);
* each user gets ``num_flights`` (30) flights: departure uniform over the period's minutes, duration
  the user's mean (60 times uniform 1..10 minutes) plus an exponential(1) minutes, price
  ``max(50, round(N(mu, mu)))`` with ``mu`` uniform in ``mean_price_range`` (50..999, the user's
  ``mean_price``); flights are sorted by arrival and those that overlap no event are dropped;
* ``price_pref`` is uniform in ``price_pref_range`` (1..20) per user and ``arrival_time_pref``
  uniform in ``arrival_time_pref_range`` (1..10), one for both users.

Deviations: a user left without flights is redrawn, and an instance where every pair scores the
same is redrawn (the original would divide by zero); both are vanishingly rare with the defaults.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any, ClassVar, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict, Field

from games.base import ChatLine, IllegalTurnError, Turn, metric
from games.dialop.base import (
    Accept,
    DialopGame,
    DialopMetrics,
    DialopObservation,
    DialopState,
    Propose,
    PublicAction,
    Reject,
    kind_of,
)
from games.dialop.common import normalized
from games.dialop.data import recorded_game
from games.dialop.mediation import (
    NUM_USERS,
    Event,
    Flight,
    FlightPair,
    MediationInstance,
    UserData,
    best_and_worst,
    pair_score_table,
    score,
    score_breakdown,
    times_overlap,
)

GAME_ID = "dialop_mediation_v0"
PLAYER_NAMES = ("user-0", "user-1", "assistant")
ASSISTANT = 2
TURN_CAP = 45
NUM_FLIGHTS = 30
P_EVENT = 0.35
P_SHARED = 0.75
IMPORTANCE_RANGE = (1, 10)
PRICE_PREF_RANGE = (1, 20)
ARRIVAL_TIME_PREF_RANGE = (1, 10)
MEAN_PRICE_RANGE = (50, 1000)  # half-open, as the original's ``randrange(50, 1000)``
EVENT_MINUTES = (30, 60, 120, 240)
CARRIERS = ("JetBlue", "American", "Delta", "Southwest", "United", "Alaska")
PERIOD_START = datetime(2023, 5, 31, 9)
PERIOD_END = datetime(2023, 6, 2, 19)
MAX_TRIES = 1000


class To(BaseModel):
    """The addressee of an assistant turn: user 0 or user 1 (required on every assistant turn)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: Literal["to"] = "to"
    user: int


# ---- the generator ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class MediationParams:
    """The generator's parameters (defaults: the original's).

    Raises:
        ValueError: a parameter out of range (one line).
    """

    num_flights: int = NUM_FLIGHTS
    p_event: float = P_EVENT
    p_shared: float = P_SHARED
    importance_range: tuple[int, int] = IMPORTANCE_RANGE
    price_pref_range: tuple[int, int] = PRICE_PREF_RANGE
    arrival_time_pref_range: tuple[int, int] = ARRIVAL_TIME_PREF_RANGE
    mean_price_range: tuple[int, int] = MEAN_PRICE_RANGE

    def __post_init__(self) -> None:
        if isinstance(self.num_flights, bool) or not isinstance(self.num_flights, int) or self.num_flights < 1:
            raise ValueError(f"num_flights must be a positive integer, got {self.num_flights!r}")
        if not 0.0 < self.p_event <= 1.0:
            raise ValueError(f"p_event must be in (0, 1], got {self.p_event!r}")
        if not 0.0 <= self.p_shared <= 1.0:
            raise ValueError(f"p_shared must be in [0, 1], got {self.p_shared!r}")
        for name, least in (
            ("importance_range", 0),
            ("price_pref_range", 0),
            ("arrival_time_pref_range", 0),
            ("mean_price_range", 1),
        ):
            lo, hi = getattr(self, name)
            if not (isinstance(lo, int) and isinstance(hi, int) and least <= lo <= hi):
                raise ValueError(f"{name} must be integers with {least} <= low <= high, got {(lo, hi)!r}")
            object.__setattr__(self, name, (lo, hi))
        if self.mean_price_range[0] == self.mean_price_range[1]:
            raise ValueError(f"mean_price_range is half-open and must not be empty, got {self.mean_price_range!r}")


def _event_slots() -> list[datetime]:
    """The possible event starts: every half hour of the period between 9:00 and 20:30."""
    slots, current = [], PERIOD_START
    while current < PERIOD_END:
        if 9 <= current.hour <= 20:
            slots.append(current)
        current += timedelta(minutes=30)
    return slots


def generate_calendar(rng: np.random.Generator, p_event: float, importance_range: tuple[int, int]) -> list[Event]:
    """A user's calendar: walking the half-hour slots, a free slot starts an event with ``p_event``."""
    events: list[Event] = []
    free_from = PERIOD_START
    for slot in _event_slots():
        if slot < free_from or rng.random() >= p_event:
            continue
        length = int(rng.choice(EVENT_MINUTES))
        importance = int(rng.integers(importance_range[0], importance_range[1] + 1))
        events.append(Event(start=slot, end=slot + timedelta(minutes=length), importance=importance))
        free_from = slot + timedelta(minutes=length)
    return events


def generate_flights(
    rng: np.random.Generator, num_flights: int, mean_price_range: tuple[int, int]
) -> tuple[list[Flight], int]:
    """A user's flights (sorted by arrival) and their mean price."""
    mean_minutes = 60 * int(rng.integers(1, 11))
    mean_price = int(rng.integers(mean_price_range[0], mean_price_range[1]))
    period_minutes = int((PERIOD_END - PERIOD_START).total_seconds()) // 60
    flights = []
    for _ in range(num_flights):
        start = PERIOD_START + timedelta(minutes=int(rng.integers(0, period_minutes)))
        minutes = int(mean_minutes + rng.exponential())  # the original keeps whole minutes
        price = max(50, int(np.rint(rng.normal(mean_price, mean_price))))
        carrier = str(rng.choice(CARRIERS))
        flights.append(Flight(start=start, end=start + timedelta(minutes=minutes), price=price, carrier=carrier))
    return sorted(flights, key=lambda f: f.end), mean_price


def _draw_user(rng: np.random.Generator, params: MediationParams, arrival_time_pref: int) -> UserData | None:
    calendar = generate_calendar(rng, params.p_event, params.importance_range)
    flights, mean_price = generate_flights(rng, params.num_flights, params.mean_price_range)
    flights = [f for f in flights if any(times_overlap((e.start, e.end), (f.start, f.end)) for e in calendar)]
    price_pref = int(rng.integers(params.price_pref_range[0], params.price_pref_range[1] + 1))
    shared_ids = rng.permutation(len(calendar))[: int(len(calendar) * params.p_shared)]
    shared = tuple(calendar[i] for i in sorted(int(i) for i in shared_ids))
    if not flights:
        return None
    return UserData(
        calendar=tuple(calendar),
        shared_calendar=shared,
        flights=tuple(flights),
        mean_price=mean_price,
        price_pref=price_pref,
        arrival_time_pref=arrival_time_pref,
    )


def generate_instance(seed: int, params: MediationParams | None = None, **overrides: Any) -> MediationInstance:
    """A random instance for ``seed`` by the original's generator (see the module doc), with
    ``params`` or the defaults changed by ``overrides`` (fields of :class:`MediationParams`).

    Deterministic per ``seed`` and parameters (results are cached).

    Raises:
        ValueError: bad parameters, or no usable instance in ``MAX_TRIES`` draws.
        TypeError: an unknown parameter.
    """
    return _generate(int(seed), replace(params or MediationParams(), **overrides))


@lru_cache(maxsize=512)
def _generate(seed: int, params: MediationParams) -> MediationInstance:
    rng = np.random.default_rng([seed, 0x3ED1A7])
    pref_lo, pref_hi = params.arrival_time_pref_range
    for _ in range(MAX_TRIES):
        arrival_time_pref = int(rng.integers(pref_lo, pref_hi + 1))
        users = [_draw_user(rng, params, arrival_time_pref) for _ in range(NUM_USERS)]
        if users[0] is None or users[1] is None:
            continue
        instance = MediationInstance((users[0], users[1]))
        best, worst = best_and_worst(instance)
        if best > worst:
            return instance
    raise ValueError(f"no instance with flights and distinct scores in {MAX_TRIES} draws; check the parameters")


# ---- views -------------------------------------------------------------------------------------------


def _iso(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%dT%H:%M")


class EventView(BaseModel):
    """A calendar event as a player sees it (``importance`` is ``None`` in the assistant's view)."""

    model_config = ConfigDict(frozen=True)

    start: str
    end: str
    importance: int | None = None
    shared: bool = True


class FlightView(BaseModel):
    """A flight option with its id (its index in the user's list, the id used in proposals)."""

    model_config = ConfigDict(frozen=True)

    id: int
    carrier: str
    start: str
    end: str
    price: int


class ProposalView(BaseModel):
    """What a user sees of a proposal: its own flight and its own score terms."""

    model_config = ConfigDict(frozen=True)

    flight: FlightView
    calendar: int
    price: int
    arrival_time: int
    total: int
    conflicts: list[EventView]
    arrival_hours_apart: int


def addressed(line: ChatLine, to: int | None) -> ChatLine:
    """``line`` showing the addressee ``to`` of an assistant turn in its action (a user's line,
    ``to`` None, as it is)."""
    if to is None:
        return line
    shown = line.action if isinstance(line.action, PublicAction) else PublicAction()
    return line.model_copy(update={"action": shown.model_copy(update={"to": to})})


def is_shared(user: UserData, event: Event) -> bool:
    """Whether ``event`` is one of the user's shared (assistant-visible) events."""
    return any(event.start == e.start and event.end == e.end for e in user.shared_calendar)


def flight_views(user: UserData) -> list[FlightView]:
    """A user's flight list as views."""
    return [
        FlightView(id=i, carrier=f.carrier, start=_iso(f.start), end=_iso(f.end), price=f.price)
        for i, f in enumerate(user.flights)
    ]


def calendar_view(user: UserData, with_importance: bool) -> list[EventView]:
    """The user's own calendar (``with_importance``) or the assistant's view of its shared events."""
    if with_importance:
        return [
            EventView(start=_iso(e.start), end=_iso(e.end), importance=e.importance, shared=is_shared(user, e))
            for e in user.calendar
        ]
    return [EventView(start=_iso(e.start), end=_iso(e.end)) for e in user.shared_calendar]


def proposal_view(instance: MediationInstance, pair: FlightPair, user: int) -> ProposalView:
    """User ``user``'s view of ``pair``: its flight and its score terms (as the original's scorecard)."""
    breakdown = score_breakdown(instance, pair).users[user]
    data = instance.users[user]
    first, second = instance.flights_of(pair)
    return ProposalView(
        flight=flight_views(data)[pair.flights[user]],
        calendar=breakdown.calendar,
        price=breakdown.price,
        arrival_time=breakdown.arrival_time,
        total=breakdown.total,
        conflicts=[
            EventView(start=_iso(e.start), end=_iso(e.end), importance=e.importance, shared=is_shared(data, e))
            for e in breakdown.conflicts
        ],
        arrival_hours_apart=int(abs(first.end - second.end).total_seconds()) // 3600,
    )


class MediationObservation(DialopObservation):
    """A player's view. Users: own calendar, flights and preferences, own room of the chat, own part
    of the pending proposal (``pending_proposal`` is ``{"flight_id": i}``, terms in
    ``pending_breakdown``). Assistant: every user's flights and shared events (no importances),
    every room, the pending pair as ``[flight of user 0, flight of user 1]``."""

    model_config = ConfigDict(frozen=True)

    user: int | None = None
    calendar: list[EventView] = []
    flights: list[FlightView] = []
    price_pref: int | None = None
    mean_price: int | None = None
    arrival_time_pref: int | None = None
    pending_breakdown: ProposalView | None = None
    user_flights: list[list[FlightView]] = []
    user_shared_calendars: list[list[EventView]] = []


# ---- the game ----------------------------------------------------------------------------------------


class MediationMetrics(DialopMetrics):
    """The per-game metrics of DialOp Mediation: the protocol's (messages and words for the two
    users and the assistant), then the flight pair's score and the assistant's turns per user."""

    num_seats: ClassVar[int] = NUM_USERS + 1

    score: float | None = metric("continuous", "the agreed flight pair's score (agreed games only)")
    best: float = Field(description="the best flight pair's score (record only)")
    worst: float = Field(description="the worst flight pair's score (record only)")
    assistant_turns_to: list[int] = metric("per_seat", "the assistant's turns addressed to each user", seats=NUM_USERS)
    agreed_flights: list[int] | None = Field(description="the agreed flight of each user (record only)")


class MediationGame(DialopGame):
    """DialOp Mediation.

    Args:
        instance: ``None`` to generate an instance per seed, an index into the recorded games
            (``load_recorded("mediation")``) or a :class:`MediationInstance` to play on every seed.
        turn_cap: total turns of all three players before the game ends without agreement (45).
        **params: the generator's parameters, fields of :class:`MediationParams` (paper Appendix A.1).

    Raises:
        ValueError: bad parameters or recorded index.
    """

    def __init__(
        self,
        instance: int | MediationInstance | None = None,
        turn_cap: int = TURN_CAP,
        **params: Any,
    ) -> None:
        self.params = MediationParams(**params)
        super().__init__(
            game_id=GAME_ID,
            player_names=PLAYER_NAMES,
            turn_cap=turn_cap,
            information=(
                "asymmetric: each user sees its own calendar, importances, flights and preferences; "
                "the assistant sees all flights and the shared events only, and talks to one user at a time"
            ),
            description="the assistant mediates between two users to book one flight each, maximizing their joint score",
            first_player=ASSISTANT,
        )
        if isinstance(instance, MediationInstance):
            self.fixed: MediationInstance | None = instance
        elif instance is None:
            self.fixed = None
        elif isinstance(instance, bool) or not isinstance(instance, int):
            raise ValueError(f"instance must be None, a recorded index or a MediationInstance, got {instance!r}")
        else:
            self.fixed = MediationInstance.from_record(recorded_game("mediation", instance))
        if self.fixed is not None:
            best, worst = best_and_worst(self.fixed)
            if not best > worst:
                raise ValueError("every flight pair of the instance scores the same; scores cannot be normalized")

    def instance_for(self, seed: int) -> MediationInstance:
        """The instance played with ``seed``."""
        if self.fixed is not None:
            return self.fixed
        return generate_instance(seed, self.params)

    def new_initial_state(self, seed: int) -> MediationState:
        return MediationState(self, self.instance_for(seed))


class MediationState(DialopState):
    """A position of DialOp Mediation."""

    game: MediationGame

    def __init__(self, game: MediationGame, instance: MediationInstance) -> None:
        super().__init__(game)
        self.instance = instance
        self.best, self.worst = best_and_worst(instance)
        self.addressees: list[int | None] = []  # per chat line: the assistant's addressee, None for users

    # ---- rooms -----------------------------------------------------------------------------------
    @staticmethod
    def _split(turn: Turn) -> tuple[list[To], Turn]:
        """The turn's :class:`To` actions and the turn without them."""
        to = [a for a in turn.actions if isinstance(a, To)]
        rest = tuple(a for a in turn.actions if not isinstance(a, To))
        return to, Turn(message=turn.message, actions=rest)

    def _action_of(self, turn: Turn) -> Propose | Accept | Reject | None:
        return super()._action_of(self._split(turn)[1])

    def _validate(self, turn: Turn) -> None:
        to, _ = self._split(turn)
        if self.player == ASSISTANT:
            if len(to) != 1:
                raise IllegalTurnError(
                    f"the assistant must address exactly one user per turn (To(user=0) or To(user=1)), got {len(to)}"
                )
            if isinstance(to[0].user, bool) or to[0].user not in range(NUM_USERS):
                raise IllegalTurnError(f"the assistant can address user 0 or user 1, not {to[0].user!r}")
        elif to:
            raise IllegalTurnError("only the assistant addresses a user; a user always talks to the assistant")
        super()._validate(turn)

    def _apply(self, turn: Turn) -> None:
        to, _ = self._split(turn)
        self.addressees.append(to[0].user if to else None)
        super()._apply(turn)

    def _next_player(self) -> int:
        """The addressee after the assistant; after a user, the other user while a proposal still
        awaits its answer, else the assistant."""
        if self.player == ASSISTANT:
            addressee = self.addressees[-1]
            assert addressee is not None
            return addressee
        if self.pending is not None and self.awaiting:
            return self.awaiting[0]
        return ASSISTANT

    def _sees(self, user: int, index: int) -> bool:
        line = self.chat[index]
        if line.seat == user:
            return True
        return line.seat == ASSISTANT and (self.addressees[index] == user or kind_of(line) == "propose")

    # ---- protocol hooks --------------------------------------------------------------------------
    def _may_propose(self, player: int) -> bool:
        return player == ASSISTANT

    def _responders(self, proposer: int) -> tuple[int, ...]:
        first = self.addressees[-1] if self.addressees and self.addressees[-1] is not None else 0
        return (first, 1 - first)

    def _parse_proposal(self, raw: Any) -> FlightPair:
        if isinstance(raw, FlightPair):
            pair = raw
        elif isinstance(raw, list | tuple):
            pair = FlightPair(tuple(raw))
        else:
            raise ValueError(f"a proposal is a FlightPair or [flight of user 0, flight of user 1], not {raw!r}")
        return self.instance.check(pair)

    def random_proposal_score(self) -> float:
        return float((pair_score_table(self.instance).mean() - self.worst) / (self.best - self.worst))

    def _proposal_json(self, proposal: FlightPair) -> list[int]:
        return list(proposal.flights)

    def _normalized_score(self, proposal: FlightPair) -> float:
        return normalized(score(self.instance, proposal), self.best, self.worst)

    # ---- State API -----------------------------------------------------------------------------
    def observation(self, player: int) -> MediationObservation:
        fields = self.public_fields(player)
        lines = [addressed(line, to) for line, to in zip(self.chat, self.addressees, strict=True)]
        if player == ASSISTANT:
            return MediationObservation(
                **{**fields, "chat": lines},
                user_flights=[flight_views(u) for u in self.instance.users],
                user_shared_calendars=[calendar_view(u, with_importance=False) for u in self.instance.users],
            )
        data = self.instance.users[player]
        own: list[ChatLine] = []
        for index, line in enumerate(lines):
            if not self._sees(player, index):
                continue
            shown = line.action
            if isinstance(shown, PublicAction) and shown.kind == "propose":
                message = line.message if shown.to == player else ""
                action = shown.model_copy(update={"proposal": {"flight_id": shown.proposal[player]}})
                line = line.model_copy(update={"message": message, "action": action})
            own.append(line)
        pending = None if self.pending is None else {"flight_id": self.pending.flights[player]}
        return MediationObservation(
            **{**fields, "chat": own, "pending_proposal": pending},
            user=player,
            calendar=calendar_view(data, with_importance=True),
            flights=flight_views(data),
            price_pref=data.price_pref,
            mean_price=data.mean_price,
            arrival_time_pref=data.arrival_time_pref,
            pending_breakdown=None if self.pending is None else proposal_view(self.instance, self.pending, player),
        )

    def legal_actions(self, player: int) -> list[str]:
        actions = super().legal_actions(player)
        if player == ASSISTANT and not self.ended and player == self.player:
            return ["to(user) (required: 0 or 1)", *actions]
        return actions

    def metrics(self) -> MediationMetrics:
        got = score(self.instance, self.agreement) if self.agreement is not None else None
        to_user = [sum(1 for a in self.addressees if a == u) for u in range(NUM_USERS)]
        return MediationMetrics(
            **self.protocol_metrics(),
            score=got,
            best=self.best,
            worst=self.worst,
            assistant_turns_to=to_user,
            agreed_flights=None if self.agreement is None else list(self.agreement.flights),
        )

    def clone(self) -> MediationState:
        twin = super().clone()
        assert isinstance(twin, MediationState)
        twin.addressees = list(self.addressees)
        return twin

    # ---- conformance hooks -----------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        words = ["I", "can", "fly", "Tuesday", "morning", "cheap", "meeting", "ok", "what", "about", "flight"]
        message = " ".join(rng.choice(words, size=int(rng.integers(0, 8))))
        if self.must_respond:
            action: Any = Accept() if rng.random() < 0.5 else Reject()
            return Turn(message=message, actions=(action,))
        if self.player != ASSISTANT:
            return Turn(message=message)
        to = To(user=int(rng.integers(0, NUM_USERS)))
        if self.pending is None and rng.random() < 0.3:
            pair = FlightPair(tuple(int(rng.integers(0, len(u.flights))) for u in self.instance.users))  # type: ignore[arg-type]
            return Turn(message=message, actions=(to, Propose(proposal=pair)))
        return Turn(message=message, actions=(to,))

    def illegal_turns(self) -> list[Turn]:
        counts = [len(u.flights) for u in self.instance.users]
        good = Propose(proposal=FlightPair((0, 0)))
        bad = [
            Turn(message="two", actions=(To(user=0), Accept(), Reject())),
            Turn(message="text", actions=(To(user=0), "accept")),
            Turn(actions=(To(user=0), Propose(proposal=[counts[0], 0]))),
            Turn(actions=(To(user=1), Propose(proposal=[0, counts[1]]))),
            Turn(actions=(To(user=0), Propose(proposal="the cheap ones"))),
            Turn(actions=(To(user=0), Propose(proposal=[0, 0, 0]))),
        ]
        if self.player == ASSISTANT:
            bad += [
                Turn(message="to nobody"),
                Turn(message="to both", actions=(To(user=0), To(user=1))),
                Turn(message="to myself", actions=(To(user=2),)),
                Turn(actions=(To(user=0), Accept())),
            ]
        else:
            bad += [
                Turn(message="I address", actions=(To(user=1 - self.player),)),
                Turn(actions=(good,)),
            ]
            if self.must_respond:
                bad.append(Turn(message="just chatting"))
            else:
                bad += [Turn(actions=(Accept(),)), Turn(actions=(Reject(),))]
        return bad

    def private_data(self, player: int) -> Any:
        """A user's hidden data: its calendar with importances and its price preference (the
        assistant has none: all it sees, the flights and the shared events, users see too)."""
        if player == ASSISTANT:
            return None
        data = self.instance.users[player]
        return {
            "calendar": [e.model_dump() for e in calendar_view(data, with_importance=True)],
            "price_pref": data.price_pref,
        }

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> MediationState:
        """Redraw a user's importances, private (unshared) events and price preference. Shared event
        times, flights, mean price and the arrival-time preference are seen by another player and are
        kept, so no other observation (nor the public history) changes."""
        if player == ASSISTANT:
            return self.clone()
        game, data = self.game, self.instance.users[player]
        p_event, price_pref_range = game.params.p_event, game.params.price_pref_range
        lo, hi = game.params.importance_range
        shared = [
            Event(start=e.start, end=e.end, importance=int(rng.integers(lo, hi + 1)), title=e.title)
            for e in data.shared_calendar
        ]
        fresh = [
            e
            for e in generate_calendar(rng, p_event, game.params.importance_range)
            if not any(e.start < s.end and s.start < e.end for s in shared)
        ]
        calendar = tuple(sorted(shared + fresh, key=lambda e: e.start))
        user = UserData(
            calendar=calendar,
            shared_calendar=tuple(shared),
            flights=data.flights,
            mean_price=data.mean_price,
            price_pref=int(rng.integers(price_pref_range[0], price_pref_range[1] + 1)),
            arrival_time_pref=data.arrival_time_pref,
        )
        users = list(self.instance.users)
        users[player] = user
        twin = self.clone()
        twin.instance = MediationInstance((users[0], users[1]))
        twin.best, twin.worst = best_and_worst(twin.instance)
        return twin

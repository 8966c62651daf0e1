"""The three DialOp games for :mod:`agent.env` (PettingZoo): menus and numeric observations.

Every menu starts with the protocol's responses, then the proposals it offers:

| game | entries |
| --- | --- |
| all | 0 message only, 1 accept, 2 reject |
| Optimization | 3 + i: propose assignment ``itertools.permutations(range(k))[i]`` (every assignment; k <= 8) |
| Planning | 3 + i: propose the full itinerary ``instance.full_itineraries()[i]`` (ordered triples of distinct sites) |
| Mediation | 3, 4: a message to user 0 / 1; then to user u, propose flights (i, j), for i, j below the game's flights per user |

Limits: Optimization tables of up to :data:`MAX_ENV_K` reviewers (8! = 40,320 assignments);
Planning offers full itineraries only (an itinerary with an empty slot is sent as a whole
:class:`~games.base.Turn`); Mediation's flight pairs beyond an instance's flights are masked. A
proposal's legality does not depend on which well-formed proposal it is, so the mask asks the game
once per kind of entry (the kit's tests check it against asking for every entry).

The features are the protocol's public state (turns taken and left, must respond, a proposal
pending, proposed by oneself, agreed) and, in Optimization, the player's own table (-1 where a cell
is hidden from it). Planning's and Mediation's private data are texts (preferences, calendars,
flights), which the chat and a language model read; they are not featurized.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State, Turn
from games.dialop.base import Accept, DialopObservation, Propose, Reject
from games.dialop.mediation import NUM_USERS, FlightPair
from games.dialop.mediation_game import MediationGame, MediationState, To
from games.dialop.optimization import MAX_VALUE, Assignment
from games.dialop.optimization_game import OptimizationGame, OptimizationObservation, OptimizationState
from games.dialop.planning import NUM_SLOTS, Itinerary
from games.dialop.planning_game import PlanningState

MAX_ENV_K = 8
RESPONSES: tuple[tuple[Any, ...], ...] = ((), (Accept(),), (Reject(),))


@functools.lru_cache(maxsize=8)
def _orders(n: int, r: int) -> list[tuple[int, ...]]:
    return list(itertools.permutations(range(n), r))


def _with_responses(count: int, propose: Callable[[int], tuple[Any, ...]]) -> Menu:
    return Menu((len(RESPONSES), RESPONSES.__getitem__), (count, propose))


def optimization_menu(state: State) -> Menu:
    """Responses, then every assignment of the state's table."""
    assert isinstance(state, OptimizationState)
    k = state.instance.k
    if k > MAX_ENV_K:
        raise ValueError(f"the PettingZoo menu enumerates assignments of up to {MAX_ENV_K} reviewers, not {k}")
    return _with_responses(math.factorial(k), lambda i: (Propose(proposal=Assignment(_orders(k, k)[i])),))


def planning_menu(state: State) -> Menu:
    """Responses, then every full itinerary of the state's sites."""
    assert isinstance(state, PlanningState)
    names = state.instance.site_names
    orders = _orders(len(names), NUM_SLOTS)
    return _with_responses(len(orders), lambda i: (Propose(proposal=Itinerary(tuple(names[s] for s in orders[i]))),))


def _flights(state: State) -> int:
    """Flights per user the menu offers: the game's generator's count, or more for a fixed instance."""
    assert isinstance(state, MediationState) and isinstance(state.game, MediationGame)
    return max(state.game.params.num_flights, *_counts(state))


def _counts(state: MediationState) -> list[int]:
    return [len(user.flights) for user in state.instance.users]


def mediation_menu(state: State) -> Menu:
    """Responses, a message to each user, then each user's flight-pair proposals."""
    flights = _flights(state)
    per_user = flights * flights

    def propose(index: int) -> tuple[Any, ...]:
        user, pair = divmod(index, per_user)
        return (To(user=user), Propose(proposal=FlightPair(divmod(pair, flights))))

    return Menu(
        (len(RESPONSES), RESPONSES.__getitem__),
        (NUM_USERS, lambda user: (To(user=user),)),
        (NUM_USERS * per_user, propose),
    )


def _allowed(state: State, entry: tuple[Any, ...]) -> bool:
    return state.refusal(Turn(actions=entry)) is None


def protocol_legal(state: State, player: int, entries: Menu) -> list[int]:
    """The legal entries of Optimization and Planning: the game asked once per response and once
    for the first proposal (every offered proposal is well-formed)."""
    legal = [i for i in range(len(RESPONSES)) if _allowed(state, entries[i])]
    if _allowed(state, entries[len(RESPONSES)]):
        legal += range(len(RESPONSES), len(entries))
    return legal


def mediation_legal(state: State, player: int, entries: Menu) -> list[int]:
    """Mediation's legal entries: responses and messages asked one by one, proposals once per user
    and kept where both flights exist in the instance."""
    fixed = len(RESPONSES) + NUM_USERS
    legal = [i for i in range(fixed) if _allowed(state, entries[i])]
    assert isinstance(state, MediationState)
    flights, counts = _flights(state), _counts(state)
    for user in range(NUM_USERS):
        first = fixed + user * flights * flights
        if _allowed(state, entries[first]):
            legal += [first + i * flights + j for i in range(counts[0]) for j in range(counts[1])]
    return legal


def protocol_features(view: Any) -> list[float]:
    """Turns taken and left, must respond, pending, proposed by oneself, agreed."""
    assert isinstance(view, DialopObservation)
    pending = view.pending_proposal is not None
    own = view.proposer == view.seat
    return [float(v) for v in (view.turns_taken, view.turns_left, view.must_respond, pending, own, view.agreed)]


def optimization_features(view: Any) -> list[float]:
    """The protocol's features, then the player's own table (-1 where hidden)."""
    assert isinstance(view, OptimizationObservation)
    cells = [-1.0 if v is None else float(v) for row in view.table for v in row]
    return [*protocol_features(view), *cells]


def _turn_bounds(game: Game) -> tuple[float, float]:
    return 0.0, float(game.facts.num_players * game.facts.max_turns_per_player)


def _table_bounds(game: Game) -> tuple[float, float]:
    assert isinstance(game, OptimizationGame)
    high = math.ceil((MAX_VALUE + 1) * game.scale_range[1])
    return -1.0, float(max(high, _turn_bounds(game)[1]))


def optimization_codec() -> EnvCodec:
    """DialOp Optimization's :class:`~agent.kits.base.EnvCodec`."""
    limits = f"tables of up to {MAX_ENV_K} reviewers"
    return EnvCodec(optimization_menu, optimization_features, _table_bounds, protocol_legal, limits)


def planning_codec() -> EnvCodec:
    """DialOp Planning's :class:`~agent.kits.base.EnvCodec`."""
    limits = "full itineraries only; preferences are not featurized"
    return EnvCodec(planning_menu, protocol_features, _turn_bounds, protocol_legal, limits)


def mediation_codec() -> EnvCodec:
    """DialOp Mediation's :class:`~agent.kits.base.EnvCodec`."""
    limits = "calendars and flights are not featurized"
    return EnvCodec(mediation_menu, protocol_features, _turn_bounds, mediation_legal, limits)

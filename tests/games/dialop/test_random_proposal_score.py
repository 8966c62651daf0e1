"""The random-proposal baseline of each game equals the mean over every proposal, enumerated."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from games.dialop.mediation import FlightPair
from games.dialop.mediation_game import MediationGame
from games.dialop.optimization import Assignment
from games.dialop.optimization_game import OptimizationGame
from games.dialop.planning import Itinerary
from games.dialop.planning_game import PlanningGame


@pytest.mark.parametrize("seed", range(3))
def test_optimization_mean_over_every_assignment(seed: int) -> None:
    state = OptimizationGame(k=5).new_initial_state(seed)
    scores = [state.proposal_score(Assignment(tuple(p))) for p in itertools.permutations(range(5))]
    assert state.random_proposal_score() == pytest.approx(np.mean(scores), abs=1e-12)


def test_planning_mean_over_every_itinerary() -> None:
    state = PlanningGame(instance=4).new_initial_state(0)
    names = [site.name for site in state.instance.sites]
    total = count = 0.0
    for triple in itertools.permutations(names, 3):
        total += state.proposal_score(Itinerary(triple))
        count += 1
    assert state.random_proposal_score() == pytest.approx(total / count, abs=1e-12)


@pytest.mark.parametrize("index", [0, 7])
def test_mediation_mean_over_every_flight_pair(index: int) -> None:
    state = MediationGame(instance=index).new_initial_state(0)
    first, second = (len(user.flights) for user in state.instance.users)
    scores = [state.proposal_score(FlightPair((i, j))) for i in range(first) for j in range(second)]
    assert state.random_proposal_score() == pytest.approx(np.mean(scores), abs=1e-12)


def test_proposal_score_refuses_a_malformed_proposal_in_one_line() -> None:
    state = MediationGame(instance=0).new_initial_state(0)
    with pytest.raises(ValueError, match="malformed proposal"):
        state.proposal_score("the first flight")

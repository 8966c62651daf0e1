"""DialOp Mediation: the re-scorer reproduces every recorded game, and its scores are consistent."""

import copy
import math
from datetime import datetime

import pytest

from games.dialop.data import load_recorded
from games.dialop.mediation import (
    TERMS,
    Event,
    Flight,
    FlightPair,
    MediationInstance,
    accepted_pair,
    arrival_time_term,
    best_and_worst,
    normalized,
    price_term,
    rescore,
    score,
    score_breakdown,
    times_overlap,
)

GAMES = load_recorded("mediation")


def _small_game() -> dict:
    """A hand-made two-user game: 2 flights for user 0, 3 for user 1."""

    def flight(start: str, end: str, price: int) -> dict:
        return {"carrier": "Delta", "date": start[:10], "duration": "", "start": start, "end": end, "price": price}

    user0 = {
        "calendar": [{"start": "2023-05-31T09:00", "end": "2023-05-31T11:00", "importance": 7, "title": ""}],
        "flights": [
            flight("2023-05-31T10:00", "2023-05-31T12:00", 100),  # starts inside the event
            flight("2023-05-31T12:00", "2023-05-31T14:00", 300),
        ],
        "mean_price": 200,
        "price_pref": 10,
        "arrival_time_pref": 3,
    }
    user1 = {
        "calendar": [{"start": "2023-05-31T13:00", "end": "2023-05-31T15:00", "importance": 4, "title": ""}],
        "flights": [
            flight("2023-05-31T13:00", "2023-05-31T14:00", 50),  # same start as the event: no conflict
            flight("2023-05-31T12:30", "2023-05-31T13:30", 250),  # the event starts inside it
            flight("2023-05-31T20:00", "2023-05-31T22:59", 150),
        ],
        "mean_price": 150,
        "price_pref": 4,
        "arrival_time_pref": 3,
    }
    return {"player_data": [user0, user1], "action_log": []}


# -- reproduction of the recorded results --------------------------------------------------------


def test_there_are_162_recorded_games():
    assert len(GAMES) == 162


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_recorded_game_rescores_to_its_recorded_result(index):
    game = GAMES[index]
    recorded = game["result"]
    result = rescore(game)
    assert set(result) == {"score", "best", "worst", "norm"}
    for key in ("score", "best", "worst"):
        assert result[key] == recorded[key], key
    assert math.isclose(result["norm"], recorded["norm"], rel_tol=0, abs_tol=1e-9)
    assert result["score"] == game["scores"]["reward"]


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_recorded_proposal_matches_its_recorded_cost_terms(index):
    """Each proposal in the log records the per-user cost dict the original environment computed."""
    game = GAMES[index]
    instance = MediationInstance.from_record(game)
    proposals = [a for a in game["action_log"] if a["type"] == "proposal"]
    assert proposals
    for action in proposals:
        breakdown = score_breakdown(instance, FlightPair.from_proposal(instance, action))
        for user, entry in zip(breakdown.users, action["proposals"], strict=True):
            cost = entry["cost"]
            assert user.terms() == {term: cost[term] for term in TERMS}
            assert user.total == cost["total"]
            assert [(e.start.isoformat(timespec="minutes"), e.importance) for e in user.conflicts] == [
                (c["start"], c["importance"]) for c in entry["conflicts"]
            ]
    final = score_breakdown(instance, accepted_pair(instance, game["action_log"]))
    assert [u.total for u in final.users] == game["scores"]["player_rewards"][:2]


# -- properties -------------------------------------------------------------------------------


@pytest.mark.parametrize("index", range(0, len(GAMES), 8))
def test_breakdowns_sum_to_scores_and_best_and_worst_bound_every_pair(index):
    instance = MediationInstance.from_record(GAMES[index])
    best, worst = best_and_worst(instance)
    totals = []
    for pair in instance.pairs():
        breakdown = score_breakdown(instance, pair)
        value = score(instance, pair)
        assert value == breakdown.total == sum(u.calendar + u.price + u.arrival_time for u in breakdown.users)
        assert breakdown.users[0].arrival_time == breakdown.users[1].arrival_time
        assert worst <= value <= best
        assert 0.0 <= normalized(value, best, worst) <= 1.0
        totals.append(value)
    assert len(totals) == instance.num_pairs
    assert max(totals) == best and min(totals) == worst


def test_the_small_game_scores_by_hand():
    instance = MediationInstance.from_record(_small_game())
    # user 0 flight 0 (10-12, $100) vs user 1 flight 2 (20:00-22:59, $150): arrivals 10 h 59 min apart
    breakdown = score_breakdown(instance, FlightPair.of(0, 2))
    first, second = breakdown.users
    assert first.terms() == {"calendar": -7, "price": 5, "arrival_time": -10}  # trunc(-3*10/3)
    assert second.terms() == {"calendar": 0, "price": 0, "arrival_time": -10}
    assert breakdown.total == -22
    # user 1 flight 0 starts with the event (13:00): the original overlap rule misses it
    assert score_breakdown(instance, FlightPair.of(1, 0)).users[1].calendar == 0
    assert score_breakdown(instance, FlightPair.of(1, 1)).users[1].calendar == -4
    values = {pair.flights: score(instance, pair) for pair in instance.pairs()}
    assert best_and_worst(instance) == (max(values.values()), min(values.values()))


def test_terms_truncate_toward_zero():
    instance = MediationInstance.from_record(_small_game())
    user0, user1 = instance.users
    expensive = Flight(datetime(2023, 5, 31, 9), datetime(2023, 5, 31, 10), 299)
    assert price_term(user0, expensive) == -4  # -10 * 99 / 200 = -4.95
    cheap = Flight(datetime(2023, 5, 31, 9), datetime(2023, 5, 31, 10), 101)
    assert price_term(user0, cheap) == 4  # 10 * 99 / 200 = 4.95
    later = Flight(datetime(2023, 5, 31, 9), datetime(2023, 5, 31, 14, 59), 100)
    assert arrival_time_term(2, expensive, later) == -2  # 4 whole hours: -8 / 3 = -2.67
    assert arrival_time_term(2, expensive, expensive) == 0


def test_times_overlap_is_the_strict_start_inside_rule():
    def t(hour: int, minute: int = 0) -> datetime:
        return datetime(2023, 6, 1, hour, minute)

    assert times_overlap((t(9), t(11)), (t(10), t(12)))
    assert times_overlap((t(10), t(12)), (t(9), t(11)))
    assert not times_overlap((t(9), t(10)), (t(10), t(11)))  # touching
    assert not times_overlap((t(9), t(10)), (t(9), t(11)))  # same start: not counted (original rule)


def test_normalized():
    assert normalized(5, 10, 0) == 0.5
    assert normalized(-113, 5, -113) == 0.0
    with pytest.raises(ValueError, match="best 3 is not above worst 3"):
        normalized(3, 3, 3)
    with pytest.raises(ValueError, match="outside"):
        normalized(11, 10, 0)


# -- malformed input --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "flights, message",
    [
        ((0,), "exactly 2 flight ids"),
        ((0, 1, 2), "exactly 2 flight ids"),
        ("01", "exactly 2 flight ids"),
        ((-1, 0), "flight id of user 0 must be at least 0"),
        ((0, 1.0), "flight id of user 1 must be an integer"),
        ((True, 0), "flight id of user 0 must be an integer"),
        ((0, "1"), "flight id of user 1 must be an integer"),
    ],
)
def test_malformed_pairs_raise_value_error(flights, message):
    with pytest.raises(ValueError, match=message):
        FlightPair(flights)


def test_pairs_out_of_range_raise_value_error():
    instance = MediationInstance.from_record(_small_game())
    assert FlightPair([1, 2]) == FlightPair.of(1, 2)
    with pytest.raises(ValueError, match=r"flight id 2 of user 0 is out of range 0\.\.1"):
        score(instance, FlightPair.of(2, 0))
    with pytest.raises(ValueError, match=r"flight id 3 of user 1 is out of range 0\.\.2"):
        score_breakdown(instance, FlightPair.of(0, 3))
    with pytest.raises(ValueError, match="expected a FlightPair"):
        score(instance, (0, 0))


def test_proposals_that_do_not_match_the_flights_raise_value_error():
    game = copy.deepcopy(GAMES[0])
    instance = MediationInstance.from_record(game)
    proposal = next(a for a in game["action_log"] if a["type"] == "proposal")
    assert FlightPair.from_proposal(instance, proposal).flights == (21, 25)
    proposal["proposals"][0]["flight_id"] = 3
    with pytest.raises(ValueError, match="recorded flight_id 3 names a different flight"):
        FlightPair.from_proposal(instance, proposal)
    del proposal["proposals"][0]["flight_id"]
    assert FlightPair.from_proposal(instance, proposal).flights == (21, 25)
    proposal["proposals"][1]["proposal_data"]["price"] += 1
    with pytest.raises(ValueError, match="proposed flight of user 1 is not among"):
        FlightPair.from_proposal(instance, proposal)
    with pytest.raises(ValueError, match="not a 'proposal'"):
        FlightPair.from_proposal(instance, {"type": "message"})


def test_games_without_an_accepted_proposal_raise_value_error():
    game = copy.deepcopy(GAMES[0])
    game["action_log"] = [a for a in game["action_log"] if not a.get("game_over")]
    with pytest.raises(ValueError, match="no proposal was accepted by both users"):
        rescore(game)
    game["action_log"] = [a for a in GAMES[0]["action_log"] if a["type"] != "proposal"]
    with pytest.raises(ValueError, match="no proposal before it"):
        rescore(game)


def test_malformed_instances_raise_value_error():
    game = _small_game()
    game["player_data"][1]["arrival_time_pref"] = 4
    with pytest.raises(ValueError, match=r"arrival_time_pref must agree, got \[3, 4\]"):
        MediationInstance.from_record(game)
    with pytest.raises(ValueError, match="exactly 2 users"):
        MediationInstance.from_record({"player_data": _small_game()["player_data"][:1]})
    game = _small_game()
    game["player_data"][0]["mean_price"] = 0
    with pytest.raises(ValueError, match="mean_price must be at least 1"):
        MediationInstance.from_record(game)
    game = _small_game()
    game["player_data"][0]["flights"] = []
    with pytest.raises(ValueError, match="at least one flight"):
        MediationInstance.from_record(game)
    with pytest.raises(ValueError, match="not an ISO timestamp"):
        Event.from_record({"start": "noon", "end": "2023-05-31T11:00", "importance": 1})
    with pytest.raises(ValueError, match="before it departs"):
        Flight.from_record({"start": "2023-05-31T11:00", "end": "2023-05-31T10:00", "price": 1})


def test_the_pair_score_table_equals_the_scorer_on_every_pair() -> None:
    from games.dialop.mediation import pair_score_table

    for game in load_recorded("mediation")[:12]:
        instance = MediationInstance.from_record(game)
        table = pair_score_table(instance)
        first, second = (len(u.flights) for u in instance.users)
        assert table.shape == (first, second)
        for i in range(first):
            for j in range(second):
                assert table[i, j] == score(instance, FlightPair((i, j)))

"""DialOp Planning: scoring rules, exhaustive best/worst and the 113 recorded games."""

import itertools
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dialop.data import load_recorded
from games.dialop.planning import (
    EARLY_SERVER_RULES,
    NUM_SLOTS,
    RELEASED_RULES,
    AtLeastOnePreference,
    DistancePreference,
    FeaturePreference,
    Itinerary,
    PlanningInstance,
    Site,
    best_and_worst,
    final_proposal,
    normalized,
    played_rules,
    preference_from_record,
    recorded_proposals,
    rescore,
    score,
    score_breakdown,
    score_range,
    score_table,
    travel_miles,
)

GAMES = load_recorded("planning")
EARLY_GAMES = {6, 8, 9, 10}  # played before the at-least-one penalty existed (see played_rules)


def instance_of(index: int) -> PlanningInstance:
    return PlanningInstance.from_record(GAMES[index])


def brute_force_range(instance: PlanningInstance) -> tuple[float, float]:
    values = [score(instance, it) for it in instance.full_itineraries()]
    return max(values), min(values)


def small_instance(index: int, n: int) -> PlanningInstance:
    """The first ``n`` sites of a recorded game with all its preferences."""
    full = instance_of(index)
    return PlanningInstance(full.sites[:n], full.preferences, full.rules)


# ------------------------------------------------------------------------------------------------
# The recorded games


def test_the_data_has_113_planning_games():
    assert len(GAMES) == 113
    assert all(len(g["events"]) == 39 for g in GAMES)


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_every_recorded_game_rescores_to_its_result(index):
    game = GAMES[index]
    got, want = rescore(game), game["result"]
    assert (got["score"], got["best"], got["worst"]) == (want["score"], want["best"], want["worst"])
    assert got["norm"] == pytest.approx(want["norm"], abs=1e-9)


def test_played_rules_single_out_the_four_early_games():
    early = {i for i, g in enumerate(GAMES) if played_rules(g) == EARLY_SERVER_RULES}
    assert early == EARLY_GAMES


def test_released_rules_change_the_score_of_games_9_and_10_only():
    for index, game in enumerate(GAMES):
        as_played, released = rescore(game), rescore(game, "released")
        assert (released["best"], released["worst"]) == (as_played["best"], as_played["worst"])
        if index not in (9, 10):
            assert released == as_played
            continue
        # the accepted itinerary misses the category of a penalising at-least-one preference
        instance = instance_of(index)
        itinerary = final_proposal(game["action_log"])
        categories = {instance.site(name).category for name in itinerary.sites}
        missed = [
            p
            for p in instance.preferences
            if isinstance(p, AtLeastOnePreference) and p.penalize and p.category not in categories
        ]
        assert sum(p.weight for p in missed) == as_played["score"] - released["score"] > 0
    assert (rescore(GAMES[9], "released")["score"], rescore(GAMES[10], "released")["score"]) == (7, 0)


def test_early_rules_would_not_give_the_recorded_worst():
    # best/worst in `result` were computed with the released rules even for the early games
    for index in EARLY_GAMES:
        early = PlanningInstance.from_record(GAMES[index], EARLY_SERVER_RULES)
        assert best_and_worst(early)[1] > GAMES[index]["result"]["worst"]


def test_every_recorded_proposal_is_reproduced_term_by_term():
    count = 0
    for game in GAMES:
        instance = PlanningInstance.from_record(game, played_rules(game))
        for itinerary, recorded in recorded_proposals(game["action_log"]):
            breakdown = score_breakdown(instance, itinerary)
            assert breakdown.total == recorded["total"]
            assert [p.score for p in breakdown.by_preference] == recorded["scores"]
            assert list(breakdown.by_slot) == recorded["scores_by_event"]
            assert [{"desc": d, "score": s} for d, s in breakdown.itinerary_terms] == recorded["itinerary_scores"]
            count += 1
    assert count == 337


def test_recorded_travel_distances_equal_the_recomputed_ones():
    checked = 0
    for game in GAMES:
        instance = PlanningInstance.from_record(game)
        for action in game["action_log"]:
            if action["type"] != "proposal":
                continue
            proposal = action["proposal"]
            for leg in range(NUM_SLOTS - 1):
                first, travel, second = proposal[2 * leg : 2 * leg + 3]
                if first is None or second is None:
                    assert travel is None
                    continue
                miles = travel_miles(instance.site(first["name"]), instance.site(second["name"]))
                assert float(travel["data"]) == miles
                checked += 1
    assert checked > 500


def test_each_game_ends_with_one_accepted_full_proposal():
    for game in GAMES:
        log = game["action_log"]
        accepts = [a for a in log if a["type"] == "proposal_response" and a["response"]["accept"]]
        assert len(accepts) == 1 and log[-1] is accepts[0]
        assert final_proposal(log).is_full


def test_underscored_feature_preferences_never_score():
    dormant = 0
    for game in GAMES:
        instance = PlanningInstance.from_record(game)
        for i, pref in enumerate(instance.preferences):
            if isinstance(pref, FeaturePreference) and pref.feature in ("has_parking", "has_takeout"):
                dormant += 1
                assert all(pref.site_score(site) == 0 for site in instance.sites)
                for _, recorded in recorded_proposals(game["action_log"]):
                    assert recorded["scores"][i] == 0
    assert dormant == 94


# ------------------------------------------------------------------------------------------------
# Exhaustive best / worst


@pytest.mark.parametrize("index", [0, 9, 57, 112])
def test_vectorised_range_equals_brute_force_on_small_instances(index):
    for n in (3, 4, 8, 12):
        instance = small_instance(index, n)
        found = score_range(instance)
        assert (found.best, found.worst) == brute_force_range(instance)
        assert found.count == n * (n - 1) * (n - 2)
        assert score(instance, found.best_itinerary) == found.best
        assert score(instance, found.worst_itinerary) == found.worst


@pytest.mark.slow
def test_vectorised_range_equals_brute_force_on_a_full_instance():
    instance = instance_of(1)
    assert best_and_worst(instance) == brute_force_range(instance)
    assert score_range(instance).count == 39 * 38 * 37


@pytest.mark.parametrize("index", [3, 9, 42])
def test_score_table_agrees_with_score(index):
    for rules in (RELEASED_RULES, EARLY_SERVER_RULES):
        instance = instance_of(index).with_rules(rules)
        table = score_table(instance)
        names = instance.site_names
        rng = random.Random(index)
        for _ in range(300):
            i, j, k = rng.sample(range(len(names)), 3)
            assert table[i, j, k] == score(instance, Itinerary.of(names[i], names[j], names[k]))


@pytest.mark.parametrize("index", [0, 30, 100])
def test_best_and_worst_bound_sampled_itineraries(index):
    instance = instance_of(index)
    best, worst = best_and_worst(instance)
    found = score_range(instance)
    assert (found.best, found.worst) == (best, worst)
    rng = random.Random(index)
    for _ in range(500):
        sampled = score(instance, Itinerary(tuple(rng.sample(instance.site_names, 3))))
        assert worst <= sampled <= best
    assert worst < best


# ------------------------------------------------------------------------------------------------
# Score breakdown


@settings(max_examples=150, deadline=None)
@given(
    index=st.integers(0, len(GAMES) - 1),
    picks=st.lists(st.integers(0, 38), min_size=3, max_size=3, unique=True),
    empty=st.lists(st.booleans(), min_size=3, max_size=3),
)
def test_breakdown_sums_to_the_score(index, picks, empty):
    instance = instance_of(index)
    slots = tuple(None if e else instance.site_names[p] for p, e in zip(picks, empty, strict=True))
    itinerary = Itinerary(slots)
    breakdown = score_breakdown(instance, itinerary)
    assert breakdown.total == score(instance, itinerary)
    assert breakdown.total == sum(p.score for p in breakdown.by_preference)
    assert breakdown.total == breakdown.sites + breakdown.travel + sum(s for _, s in breakdown.itinerary_terms)
    assert len(breakdown.by_slot) == 2 * NUM_SLOTS - 1
    assert breakdown.price == sum(instance.site(n).price for n in itinerary.sites)
    for leg, miles in zip(itinerary.legs, breakdown.miles, strict=True):
        assert (leg is None) == (miles is None)
    for slot, name in enumerate(slots):
        if name is None:
            assert breakdown.by_slot[2 * slot] == 0


def test_empty_itinerary_scores_only_itinerary_terms():
    game = GAMES[0]
    instance = PlanningInstance.from_record(game)
    breakdown = score_breakdown(instance, Itinerary.of(None, None, None))
    assert breakdown.by_slot == (0, 0, 0, 0, 0)
    assert breakdown.total == sum(s for _, s in breakdown.itinerary_terms)


def test_travel_is_truncated_toward_zero_per_leg():
    pref = DistancePreference("minimize travel distance", -1)
    assert pref.leg_score(0.9) == 0
    assert DistancePreference("d", -10).leg_score(0.7) == -7
    assert DistancePreference("d", -3).leg_score(1.1) == -3
    a = Site(0, "A", "park", 0, (0.0, 0.0))
    b = Site(1, "B", "park", 0, (0.01, 0.0))
    assert travel_miles(a, b) == 0.7  # 69 * 0.01 = 0.69 -> 0.7
    assert travel_miles(a, a) == 0.0


def test_feature_preference_terms():
    pref = preference_from_record(
        [
            "like romantic places",
            7,
            "FeaturePreference",
            {"value_sets": [[], ["romantic"]], "name": "ambience", "weight": 7},
        ]
    )
    romantic = Site(0, "R", "bar", 10, (0.0, 0.0), {"ambience": "romantic"})
    divey = Site(1, "D", "bar", 10, (0.0, 0.0), {"ambience": "divey"})
    bare = Site(2, "X", "bar", 10, (0.0, 0.0), {})
    assert [pref.site_score(s) for s in (romantic, divey, bare)] == [7, 0, 0]


# ------------------------------------------------------------------------------------------------
# Itineraries, the log and malformed input


def test_itinerary_basics():
    it = Itinerary.of("A", None, "C")
    assert it.sites == ("A", "C") and not it.is_full
    assert it.legs == (None, None)
    assert str(it) == "[A, NULL, C]"
    full = Itinerary.of("A", "B", "C")
    assert full.legs == (("A", "B"), ("B", "C")) and full.is_full


@pytest.mark.parametrize(
    "slots",
    [
        ("A", "B"),
        ("A", "B", "C", "D"),
        ("A", "A", "B"),
        ("A", None, "A"),
        ("A", 3, "B"),
        ("A", "", "B"),
        "ABC",
    ],
)
def test_malformed_itineraries_raise(slots):
    with pytest.raises(ValueError):
        Itinerary(slots)


def test_unknown_sites_raise():
    instance = instance_of(0)
    names = instance.site_names
    with pytest.raises(ValueError, match="unknown site"):
        score(instance, Itinerary.of(names[0], "Nowhere Cafe", names[1]))
    with pytest.raises(ValueError):
        score(instance, (names[0], names[1], names[2]))


def test_malformed_recorded_proposals_raise():
    event = GAMES[0]["events"][0]
    with pytest.raises(ValueError):
        Itinerary.from_recorded([event, None, None])
    with pytest.raises(ValueError):
        Itinerary.from_recorded([{"type": "travel", "data": "1"}, None, None, None, None])
    with pytest.raises(ValueError):
        Itinerary.from_recorded("[A, B, C]")
    assert Itinerary.from_recorded([event, None, None, None, None]).slots == (event["name"], None, None)


def _proposal(names):
    out = []
    for i, name in enumerate(names):
        if i:
            out.append(None)
        out.append(None if name is None else {"type": "event", "name": name})
    return {"type": "proposal", "player": 1, "proposal": out}


def _response(accept):
    return {"type": "proposal_response", "player": 0, "response": {"accept": accept}}


def test_final_proposal_replays_accept_and_reject():
    instance = instance_of(0)
    a, b, c, d = instance.site_names[:4]
    log = [
        _proposal([a, None, None]),
        _response(True),  # accepting a partial proposal does not end the game
        _proposal([a, b, c]),
        _response(False),
        _proposal([d, b, c]),
        _response(True),
    ]
    assert final_proposal(log) == Itinerary.of(d, b, c)
    with pytest.raises(ValueError, match="no accepted full proposal"):
        final_proposal(log[:4])
    with pytest.raises(ValueError, match="no pending proposal"):
        final_proposal([_response(True)])
    with pytest.raises(ValueError):
        final_proposal([{"player": 0}])
    with pytest.raises(ValueError):
        final_proposal("log")


def test_malformed_records_raise():
    game = GAMES[0]
    with pytest.raises(ValueError, match="has no field 'events'"):
        PlanningInstance.from_record({k: v for k, v in game.items() if k != "events"})
    with pytest.raises(ValueError, match="unknown preference class"):
        preference_from_record(["x", 1, "Mystery", {"weight": 1}])
    with pytest.raises(ValueError):
        preference_from_record(["x", 1, "FeaturePreference"])
    with pytest.raises(ValueError, match="value_sets"):
        preference_from_record(["x", 1, "FeaturePreference", {"name": "touristy", "weight": 1, "value_sets": [True]}])
    with pytest.raises(ValueError, match="location"):
        Site.from_record({**game["events"][0], "loc": 3})
    with pytest.raises(ValueError, match="weight"):
        preference_from_record(["minimize travel distance", 3, "DistancePreference", {"weight": 3}])
    with pytest.raises(ValueError, match="differs"):
        preference_from_record(["keep budget below $40", -4, "PriceBudgetPreference", {"budget": 40, "weight": -3}])
    with pytest.raises(ValueError):
        Site.from_record({**game["events"][0], "est_price": "cheap"})
    with pytest.raises(ValueError, match="unique"):
        PlanningInstance((Site(0, "A", "park", 0, (0, 0)),) * 3, ())
    with pytest.raises(ValueError, match="at least 3 sites"):
        PlanningInstance((Site(0, "A", "park", 0, (0, 0)),), ())
    with pytest.raises(ValueError, match="rules"):
        rescore(game, "newest")


def test_normalized():
    assert normalized(5, 10, 0) == 0.5
    assert math.isclose(normalized(-29, 24, -79), GAMES[0]["result"]["norm"])
    with pytest.raises(ValueError):
        normalized(1, 3, 3)


def test_full_itineraries_follow_permutation_order():
    instance = small_instance(0, 5)
    expected = [Itinerary(p) for p in itertools.permutations(instance.site_names, 3)]
    assert list(instance.full_itineraries()) == expected

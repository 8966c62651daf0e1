"""DialOp Planning as a game: conformance, the proposal protocol, the generator, recorded instances."""

import json

import numpy as np
import pytest

from games.base import IllegalTurnError, Turn, check_game
from games.dialop.base import Accept, Propose, Reject
from games.dialop.data import load_recorded
from games.dialop.planning import (
    DistancePreference,
    FeaturePreference,
    Itinerary,
    best_and_worst,
    final_proposal,
    score,
    score_range,
)
from games.dialop.planning_game import (
    ASSISTANT,
    GAME_ID,
    USER,
    GeneratorParams,
    PlanningGame,
    generate_instance,
    site_from_json,
    site_json,
    task_data,
)


def propose(*slots, message: str = "how about this?") -> Turn:
    return Turn(message=message, actions=(Propose(proposal=Itinerary(tuple(slots))),))


def accept(message: str = "deal") -> Turn:
    return Turn(message=message, actions=(Accept(),))


def reject(message: str = "no") -> Turn:
    return Turn(message=message, actions=(Reject(),))


def assistant_turn(state):
    """Let the user chat so that the assistant moves next."""
    state.apply(Turn(message="hi, I want a nice day out"))
    assert state.current_player == ASSISTANT


# ---- conformance ---------------------------------------------------------------------------------


def test_conformance_on_generated_instances():
    game = PlanningGame()
    assert game.facts.game_id == GAME_ID and game.facts.player_names == ("user", "assistant")
    assert game.facts.num_players * game.facts.max_turns_per_player == 30
    report = check_game(game, range(3))
    assert report.games_played == 6


def test_conformance_on_recorded_instances():
    check_game(PlanningGame(instance=9), range(2))  # an early-server game


def test_observations_hold_only_own_view():
    state = PlanningGame().new_initial_state(1)
    inst = state.instance
    user, assistant = state.observation(USER), state.observation(ASSISTANT)
    assert user.preferences == [p.description for p in inst.preferences]
    assert user.sites is None and user.proposal_scores == []
    assert assistant.preferences is None and assistant.proposal_scores is None
    assert [s["name"] for s in assistant.sites] == list(inst.site_names)
    assert assistant.sites[0]["features"] == dict(inst.sites[0].features)
    dumped = assistant.model_dump_json()
    assert "weight" not in dumped and "minimize travel distance" not in dumped
    user_dumped = user.model_dump_json()
    assert "features" not in user_dumped and "location" not in user_dumped


def test_the_user_sees_each_proposal_breakdown_and_the_assistant_does_not():
    state = PlanningGame().new_initial_state(2)
    names = state.instance.site_names
    assistant_turn(state)
    state.apply(propose(names[0], None, names[2]))
    seen = state.observation(USER).proposal_scores
    assert len(seen) == 1 and seen[0]["proposal"] == [names[0], None, names[2]]
    assert seen[0]["total"] == score(state.instance, Itinerary.of(names[0], None, names[2]))
    assert len(seen[0]["by_slot"]) == 5 and seen[0]["by_slot"][1] == seen[0]["by_slot"][3] == 0
    assert state.observation(ASSISTANT).proposal_scores is None
    assert state.observation(ASSISTANT).pending_proposal == [names[0], None, names[2]]


def test_resampling_keeps_the_partner_view():
    state = PlanningGame().new_initial_state(3)
    names = state.instance.site_names
    assistant_turn(state)
    state.apply(propose(*names[:3]))
    for owner in (USER, ASSISTANT):
        twin = state.with_private_data_resampled(owner, np.random.default_rng(7))
        assert twin.observation(1 - owner) == state.observation(1 - owner)
        assert twin.private_data(owner) != state.private_data(owner)
        assert twin.private_data(1 - owner) == state.private_data(1 - owner)
    twin = state.with_private_data_resampled(ASSISTANT, np.random.default_rng(7))
    for name in names[:3]:  # the proposed sites are public through their scores: kept
        assert twin.instance.site(name) == state.instance.site(name)


# ---- the protocol ----------------------------------------------------------------------------------


def test_only_the_assistant_proposes():
    state = PlanningGame().new_initial_state(0)
    names = state.instance.site_names
    assert state.current_player == USER and state.legal_actions(USER) == []
    with pytest.raises(IllegalTurnError, match="may not make proposals"):
        state.apply(propose(*names[:3]))
    assert len(state.history) == 0
    assistant_turn(state)
    assert state.legal_actions(ASSISTANT) == ["propose(proposal)"]
    state.apply(propose(*names[:3]))
    assert state.current_player == USER and state.must_respond
    assert state.legal_actions(USER) == ["accept", "reject"]
    with pytest.raises(IllegalTurnError, match="must accept or reject"):
        state.apply(Turn(message="hmm"))


def test_a_partial_proposal_can_only_be_rejected():
    state = PlanningGame().new_initial_state(0)
    names = state.instance.site_names
    assistant_turn(state)
    state.apply(propose(names[0], names[1], None))
    assert state.legal_actions(USER) == ["reject"]
    with pytest.raises(IllegalTurnError, match="only a full itinerary"):
        state.apply(accept())
    state.apply(reject("need a third stop"))
    assert state.pending is None and not state.is_terminal() and state.current_player == ASSISTANT


@pytest.mark.parametrize("seed", [0, 4])
def test_accept_ends_with_the_normalized_score(seed):
    state = PlanningGame().new_initial_state(seed)
    names = state.instance.site_names
    plan = Itinerary(names[3:6])
    assistant_turn(state)
    state.apply(propose(*plan.slots))
    state.apply(accept())
    best, worst = best_and_worst(state.instance)
    got = score(state.instance, plan)
    expected = (got - worst) / (best - worst)
    assert state.is_terminal() and state.current_player == -1
    assert state.returns() == pytest.approx([expected, expected])
    m = state.metrics()
    assert m.agreed and m.normalized_score == pytest.approx(expected)
    assert m.score == got and m.best == best and m.worst == worst and m.turns == 3
    assert m.messages == [2, 1] and m.words == [8, 3]  # 7 + "deal"; "how about this?"
    with pytest.raises(IllegalTurnError, match="game is over"):
        state.apply(Turn(message="more"))


def test_accepting_the_best_itinerary_scores_one():
    state = PlanningGame().new_initial_state(5)
    best = score_range(state.instance).best_itinerary
    assistant_turn(state)
    state.apply(propose(*best.slots))
    state.apply(accept())
    assert state.returns() == [1.0, 1.0]


def test_the_turn_cap_ends_with_zero():
    state = PlanningGame().new_initial_state(0)
    names = state.instance.site_names
    for t in range(29):
        state.apply(Turn(message=f"turn {t}"))
    assert not state.is_terminal() and state.observation(0).turns_left == 1
    state.apply(propose(*names[:3]))  # a proposal on the last turn cannot be answered
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    m = state.metrics()
    assert not m.agreed and m.score is None and m.turns == 30


@pytest.mark.parametrize(
    "proposal, error",
    [
        (["Saul's", "Saul's", "The Dive"], "twice"),
        (["Nowhere", "Saul's", "The Dive"], "unknown site"),
        (["Saul's", "The Dive"], "exactly 3 slots"),
        ("Saul's", "site names"),
        (3, "site names"),
    ],
)
def test_malformed_proposals_are_refused(proposal, error):
    state = PlanningGame().new_initial_state(0)
    assistant_turn(state)
    with pytest.raises(IllegalTurnError, match=error):
        state.apply(Turn(actions=(Propose(proposal=proposal),)))
    assert len(state.history) == 1 and state.pending is None


def test_proposal_given_as_a_list_of_names():
    state = PlanningGame().new_initial_state(0)
    assistant_turn(state)
    state.apply(Turn(actions=(Propose(proposal=["Saul's", None, "The Dive"]),)))
    assert state.pending == Itinerary.of("Saul's", None, "The Dive")


# ---- the generator ---------------------------------------------------------------------------------


def test_the_generator_is_deterministic_per_seed():
    a, b = generate_instance(11), generate_instance(11)
    assert a == b
    generate_instance.cache_clear()
    assert generate_instance(11) == a
    assert generate_instance(12) != a
    g = PlanningGame()
    assert g.new_initial_state(11).observation(0) == g.new_initial_state(11).observation(0)


@pytest.mark.parametrize("seed", range(4))
def test_generated_instances_follow_the_paper(seed):
    data = task_data()
    inst = generate_instance(seed)
    assert sorted(inst.site_names) == sorted(e["name"] for e in data["all_events"])
    locations = [s.location for s in inst.sites]  # 39 distinct of the map's points
    assert len(set(locations)) == len(locations) and set(locations) <= set(data["locations"])
    for site in inst.sites:
        low, high = data["all_types"][site.category]["price_range"]
        assert site.price in range(low, high, 10)
        assert len(site.features) == 5
        for name, value in site.features.items():
            info = data["features"][name]
            assert site.category in info.get("event_types", data["all_types"])
            assert isinstance(value, bool) if info["type"] == "bool" else value in info["values"]
    prefs = inst.preferences
    assert 1 <= len(prefs) <= 11 and isinstance(prefs[-1], DistancePreference)
    assert all(1 <= abs(p.weight) <= 10 for p in prefs)
    best, worst = best_and_worst(inst)
    assert best > worst


def test_generator_parameters():
    small = generate_instance(0, GeneratorParams(num_prefs=3, max_weight=2))
    assert len(small.preferences) == 4 and all(abs(p.weight) <= 2 for p in small.preferences)
    only_features = GeneratorParams(p_feature=1.0, match_feature_names=True)
    inst = generate_instance(0, only_features)
    features = {p.feature for p in inst.preferences if isinstance(p, FeaturePreference)}
    assert "has_parking" not in features and "has_takeout" not in features
    for bad in ({"num_prefs": 0}, {"p_feature": 1.5}, {"budgets": ()}, {"max_weight": True}):
        with pytest.raises(ValueError):
            GeneratorParams(**bad)
    with pytest.raises(ValueError):
        PlanningGame(params="paper")


# ---- recorded instances --------------------------------------------------------------------------


@pytest.mark.parametrize("index", [0, 1, 9, 10, 112])
def test_a_recorded_final_proposal_scores_as_recorded(index):
    record = load_recorded("planning")[index]
    state = PlanningGame(instance=index).new_initial_state(0)
    plan = final_proposal(record["action_log"])
    assistant_turn(state)
    state.apply(propose(*plan.slots))
    state.apply(accept())
    m = state.metrics()
    assert m.score == pytest.approx(record["result"]["score"])
    assert m.best == pytest.approx(record["result"]["best"])
    assert m.worst == pytest.approx(record["result"]["worst"])
    assert m.normalized_score == pytest.approx(record["result"]["norm"])


def test_recorded_instances_are_the_same_on_every_seed():
    game = PlanningGame(instance=0)
    assert game.new_initial_state(0).instance == game.new_initial_state(5).instance
    for bad in (-1, 113, True, "0"):
        with pytest.raises(ValueError):
            PlanningGame(instance=bad)


def test_a_site_reads_back_from_its_json() -> None:
    """What the assistant's view shows of a site is the whole site (a seat tool reads it back)."""
    instance = PlanningGame().new_initial_state(5).instance
    for site in instance.sites:
        again = site_from_json(json.loads(json.dumps(site_json(site))))
        assert again == site and dict(again.features) == dict(site.features)
    with pytest.raises(ValueError, match="not a site"):
        site_from_json({"name": "x"})

"""DialOp Mediation as a game: conformance, rooms, the proposal protocol, the generator, recorded instances."""

from itertools import pairwise

import numpy as np
import pytest

from games.base import IllegalTurnError, Turn, check_game
from games.dialop.base import Accept, Propose, Reject, kind_of, proposal_of
from games.dialop.data import load_recorded
from games.dialop.mediation import (
    FlightPair,
    MediationInstance,
    accepted_pair,
    best_and_worst,
    score,
    score_breakdown,
    times_overlap,
)
from games.dialop.mediation_game import (
    ASSISTANT,
    GAME_ID,
    MediationGame,
    To,
    generate_instance,
)

RECORDS = load_recorded("mediation")


def say(to: int, message: str = "hello") -> Turn:
    return Turn(message=message, actions=(To(user=to),))


def propose(pair, to: int = 0, message: str = "how about these?") -> Turn:
    return Turn(message=message, actions=(To(user=to), Propose(proposal=FlightPair(tuple(pair)))))


def accept(message: str = "deal") -> Turn:
    return Turn(message=message, actions=(Accept(),))


def reject(message: str = "no") -> Turn:
    return Turn(message=message, actions=(Reject(),))


# ---- conformance ---------------------------------------------------------------------------------


def test_conformance_on_generated_instances():
    game = MediationGame()
    assert game.facts.game_id == GAME_ID and game.facts.num_players == 3
    assert game.facts.first_player == ASSISTANT
    assert game.facts.num_players * game.facts.max_turns_per_player == 45
    report = check_game(game, range(3))
    assert report.games_played == 6


def test_conformance_on_a_recorded_instance():
    check_game(MediationGame(instance=5), range(1))


# ---- rooms and observations -------------------------------------------------------------------------


def test_users_see_only_their_own_data_and_room():
    state = MediationGame().new_initial_state(1)
    state.apply(say(0, "secret for zero"))
    state.apply(Turn(message="my meeting matters"))
    state.apply(say(1, "hi one"))
    state.apply(Turn(message="I am flexible"))
    obs0, obs1, obs_a = (state.observation(p) for p in range(3))
    assert [line.message for line in obs0.chat] == ["secret for zero", "my meeting matters"]
    assert [line.message for line in obs1.chat] == ["hi one", "I am flexible"]
    assert [line.action.to if line.action else None for line in obs_a.chat] == [0, None, 1, None]
    for user, obs in ((0, obs0), (1, obs1)):
        data = state.instance.users[user]
        assert len(obs.flights) == len(data.flights) and obs.price_pref == data.price_pref
        assert [e.importance for e in obs.calendar] == [e.importance for e in data.calendar]
        assert obs.user_flights == [] and obs.user_shared_calendars == []
    dumped = obs_a.model_dump(mode="json")
    assert dumped["calendar"] == [] and dumped["price_pref"] is None and dumped["arrival_time_pref"] is None
    assert all(e["importance"] is None for cal in dumped["user_shared_calendars"] for e in cal)
    assert [len(f) for f in obs_a.user_flights] == [len(u.flights) for u in state.instance.users]
    assert [len(c) for c in obs_a.user_shared_calendars] == [len(u.shared_calendar) for u in state.instance.users]


def test_a_proposal_shows_each_user_its_own_flight_and_breakdown():
    state = MediationGame().new_initial_state(2)
    state.apply(propose((3, 5), to=1, message="for you, one"))
    assert state.current_player == 1 and state.must_respond
    obs0, obs1, obs_a = (state.observation(p) for p in range(3))
    assert obs_a.pending_proposal == [3, 5] and obs_a.pending_breakdown is None
    assert obs0.pending_proposal == {"flight_id": 3} and obs1.pending_proposal == {"flight_id": 5}
    assert obs0.chat[-1].message == "" and obs1.chat[-1].message == "for you, one"
    assert proposal_of(obs0.chat[-1]) == {"flight_id": 3}
    breakdown = score_breakdown(state.instance, FlightPair((3, 5)))
    for user, obs in ((0, obs0), (1, obs1)):
        view = obs.pending_breakdown
        assert view.flight.id == (3, 5)[user]
        assert view.total == breakdown.users[user].total and view.calendar == breakdown.users[user].calendar
    assert obs0.pending_breakdown.arrival_time == obs1.pending_breakdown.arrival_time


def test_resampling_a_user_changes_only_its_own_view():
    state = MediationGame().new_initial_state(3)
    state.apply(propose((0, 1)))
    twin = state.with_private_data_resampled(0, np.random.default_rng(9))
    assert twin.private_data(0) != state.private_data(0)
    assert twin.private_data(1) == state.private_data(1)
    assert twin.observation(1) == state.observation(1)
    assert twin.observation(ASSISTANT) == state.observation(ASSISTANT)
    assert state.private_data(ASSISTANT) is None


# ---- the protocol ----------------------------------------------------------------------------------


def test_the_assistant_must_address_one_user():
    state = MediationGame().new_initial_state(0)
    assert state.current_player == ASSISTANT and state.legal_actions(ASSISTANT)[0].startswith("to(")
    for bad, error in (
        (Turn(message="to whom?"), "exactly one user"),
        (Turn(actions=(To(user=0), To(user=1))), "exactly one user"),
        (Turn(actions=(To(user=2),)), "user 0 or user 1"),
    ):
        with pytest.raises(IllegalTurnError, match=error):
            state.apply(bad)
    assert not state.history
    state.apply(say(1))
    assert state.current_player == 1
    with pytest.raises(IllegalTurnError, match="only the assistant addresses"):
        state.apply(Turn(message="psst", actions=(To(user=0),)))
    with pytest.raises(IllegalTurnError, match="may not make proposals"):
        state.apply(Turn(actions=(Propose(proposal=[0, 0]),)))
    state.apply(Turn(message="hi"))
    assert state.current_player == ASSISTANT


def test_both_users_must_accept():
    state = MediationGame().new_initial_state(4)
    pair = (2, 7)
    state.apply(say(0, "hi there"))
    state.apply(Turn(message="hello"))
    state.apply(propose(pair, to=1))
    assert state.awaiting == (1, 0) and state.current_player == 1
    state.apply(accept())
    assert not state.is_terminal() and state.current_player == 0 and state.must_respond
    with pytest.raises(IllegalTurnError, match="must accept or reject"):
        state.apply(Turn(message="hmm"))
    state.apply(accept("fine"))
    assert state.is_terminal() and state.current_player == -1
    inst = state.instance
    best, worst = best_and_worst(inst)
    expected = (score(inst, FlightPair(pair)) - worst) / (best - worst)
    assert state.returns() == pytest.approx([expected] * 3)
    m = state.metrics()
    assert m.agreed and m.normalized_score == pytest.approx(expected)
    assert m.score == score(inst, FlightPair(pair)) and (m.best, m.worst) == (best, worst)
    assert m.turns == 5 and m.messages == [2, 1, 2] and m.words == [2, 1, 5]
    assert m.assistant_turns_to == [1, 1] and m.agreed_flights == list(pair)
    with pytest.raises(IllegalTurnError, match="game is over"):
        state.apply(say(0))


def test_a_rejection_clears_the_proposal_even_after_one_accept():
    state = MediationGame().new_initial_state(4)
    state.apply(propose((0, 0), to=0))
    state.apply(accept())
    state.apply(reject("that clashes with my meeting"))
    assert state.pending is None and state.awaiting == () and not state.is_terminal()
    assert state.current_player == ASSISTANT
    assert state.observation(0).pending_proposal is None and state.observation(0).pending_breakdown is None
    # the other user's rejection is not in user 0's room
    assert [kind_of(line) for line in state.observation(0).chat] == ["propose", "accept"]
    assert [kind_of(line) for line in state.observation(ASSISTANT).chat] == ["propose", "accept", "reject"]
    state.apply(propose((1, 1), to=0))
    assert state.awaiting == (0, 1)
    m = state.metrics()
    assert m.proposals == 2 and m.rejections == 1


def test_the_turn_cap_gives_zero():
    state = MediationGame().new_initial_state(0)
    for t in range(22):
        state.apply(say(t % 2, f"turn {t}"))
        state.apply(Turn(message="ok"))
    assert state.observation(0).turns_left == 1 and state.current_player == ASSISTANT
    state.apply(propose((0, 0)))  # a proposal on the last turn cannot be answered
    assert state.is_terminal() and state.returns() == [0.0, 0.0, 0.0]
    m = state.metrics()
    assert not m.agreed and m.score is None and m.turns == 45


@pytest.mark.parametrize(
    "proposal, error",
    [([0, 999], "out of range"), ([0], "exactly 2"), ("the cheap ones", "malformed proposal"), ([-1, 0], "at least")],
)
def test_malformed_proposals_are_refused(proposal, error):
    state = MediationGame().new_initial_state(0)
    with pytest.raises(IllegalTurnError, match=error) as err:
        state.apply(Turn(actions=(To(user=0), Propose(proposal=proposal))))
    assert "\n" not in str(err.value) and state.pending is None and not state.history


# ---- the generator --------------------------------------------------------------------------------


def test_generator_is_deterministic_per_seed():
    a, b, c = generate_instance(5), generate_instance(5, num_flights=30), generate_instance(6)
    assert a == b and a != c
    s1, s2 = MediationGame().new_initial_state(5), MediationGame().new_initial_state(5)
    assert all(s1.observation(p) == s2.observation(p) for p in range(3))


@pytest.mark.parametrize("seed", range(4))
def test_generator_follows_the_paper(seed):
    inst = generate_instance(seed)
    assert 1 <= inst.arrival_time_pref <= 10
    for user in inst.users:
        assert 1 <= len(user.flights) <= 30 and 1 <= user.price_pref <= 20 and 50 <= user.mean_price < 1000
        assert len(user.shared_calendar) == int(0.75 * len(user.calendar))
        assert all(1 <= e.importance <= 10 for e in user.calendar)
        assert all(int((e.end - e.start).total_seconds()) // 60 in (30, 60, 120, 240) for e in user.calendar)
        assert all(9 <= e.start.hour <= 20 for e in user.calendar)
        assert all(a.end <= b.start for a, b in pairwise(user.calendar))  # no overlaps
        assert [f.end for f in user.flights] == sorted(f.end for f in user.flights)
        assert all(f.price >= 50 for f in user.flights)
        assert all(any(times_overlap((e.start, e.end), (f.start, f.end)) for e in user.calendar) for f in user.flights)
    best, worst = best_and_worst(inst)
    assert best > worst


def test_generator_parameters():
    inst = generate_instance(0, num_flights=5, p_event=0.8, p_shared=0.0)
    assert all(len(u.flights) <= 5 and not u.shared_calendar for u in inst.users)
    assert MediationGame(num_flights=5).new_initial_state(0).instance == generate_instance(0, num_flights=5)
    with pytest.raises(ValueError, match="p_event"):
        MediationGame(p_event=0.0)
    with pytest.raises(ValueError, match="num_flights"):
        MediationGame(num_flights=0)


# ---- recorded instances ----------------------------------------------------------------------------


@pytest.mark.parametrize("index", [0, 1, 80, 161])
def test_recorded_final_pair_scores_as_recorded(index):
    record = RECORDS[index]
    inst = MediationInstance.from_record(record)
    pair = accepted_pair(inst, record["action_log"])
    state = MediationGame(instance=index).new_initial_state(42)
    assert state.instance == inst
    state.apply(propose(pair.flights, to=0))
    state.apply(accept())
    state.apply(accept())
    m = state.metrics()
    assert m.score == record["scores"]["reward"] == record["result"]["score"]
    assert (m.best, m.worst) == (record["result"]["best"], record["result"]["worst"])
    assert state.returns()[0] == pytest.approx(record["result"]["norm"])


def test_bad_recorded_index():
    with pytest.raises(ValueError, match="outside"):
        MediationGame(instance=10_000)
    with pytest.raises(ValueError, match="instance must be"):
        MediationGame(instance="first")  # type: ignore[arg-type]

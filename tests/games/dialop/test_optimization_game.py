"""DialOp Optimization as a game: conformance, the proposal protocol, the generator, recorded instances."""

import numpy as np
import pytest

from games.base import IllegalTurnError, Turn, check_game
from games.dialop.base import Accept, Propose, Reject, kind_of
from games.dialop.data import load_recorded
from games.dialop.optimization import Assignment, OptimizationInstance, best_assignment, best_score, score
from games.dialop.optimization_game import (
    GAME_ID,
    OptimizationGame,
    generate_instance,
    knowledge_scores,
    meets_hardness,
    player_view,
)


def propose(papers, message: str = "how about this?") -> Turn:
    return Turn(message=message, actions=(Propose(proposal=Assignment(tuple(papers))),))


def accept(message: str = "deal") -> Turn:
    return Turn(message=message, actions=(Accept(),))


def reject(message: str = "no") -> Turn:
    return Turn(message=message, actions=(Reject(),))


# ---- conformance ---------------------------------------------------------------------------------


def test_conformance_on_generated_instances():
    game = OptimizationGame()
    assert game.facts.game_id == GAME_ID
    assert game.facts.num_players * game.facts.max_turns_per_player == 30
    report = check_game(game, range(5))
    assert report.games_played == 10


def test_conformance_on_a_recorded_instance():
    check_game(OptimizationGame(instance=3), range(2))


def test_observation_holds_only_own_view():
    state = OptimizationGame().new_initial_state(1)
    inst = state.instance
    for player in (0, 1):
        obs = state.observation(player)
        mask, scale = inst.masks[player], inst.scales[player]
        for r in range(inst.k):
            for p in range(inst.k):
                expected = int(inst.table[r, p] * scale) if mask[r, p] else None
                assert obs.table[r][p] == expected
        dumped = obs.model_dump(mode="json")
        assert "scale" not in dumped and "best" not in dumped
        assert dumped["table"] != player_view(inst, 1 - player)


def test_resampling_keeps_the_partner_view_and_changes_the_owner():
    state = OptimizationGame().new_initial_state(2)
    twin = state.with_private_data_resampled(0, np.random.default_rng(7))
    assert twin.observation(1) == state.observation(1)
    assert twin.private_data(0) != state.private_data(0)
    assert twin.private_data(1) == state.private_data(1)


# ---- the protocol ----------------------------------------------------------------------------------


def test_pending_proposal_forces_accept_or_reject():
    state = OptimizationGame().new_initial_state(0)
    state.apply(propose(range(8)))
    assert state.current_player == 1 and state.must_respond
    assert state.legal_actions(1) == ["accept", "reject"]
    for bad in (Turn(message="hmm, let me think"), propose([1, 0, 2, 3, 4, 5, 6, 7])):
        before = state.observation(1)
        with pytest.raises(IllegalTurnError, match="must accept or reject"):
            state.apply(bad)
        assert state.observation(1) == before and len(state.history) == 1


def test_accept_and_reject_need_a_pending_proposal_of_the_other():
    state = OptimizationGame().new_initial_state(0)
    with pytest.raises(IllegalTurnError, match="no pending proposal"):
        state.apply(accept())
    with pytest.raises(IllegalTurnError, match="no pending proposal"):
        state.apply(reject())
    with pytest.raises(IllegalTurnError, match="at most one"):
        state.apply(Turn(actions=(Accept(), Reject())))


def test_reject_clears_the_proposal():
    state = OptimizationGame().new_initial_state(0)
    state.apply(propose(range(8)))
    state.apply(reject("too low for Ava"))
    assert state.pending is None and not state.is_terminal()
    obs = state.observation(0)
    assert obs.pending_proposal is None and obs.proposer is None
    assert [kind_of(line) for line in obs.chat] == ["propose", "reject"]
    assert state.current_player == 0
    state.apply(Turn(message="ok, thinking"))  # free chat is fine again
    state.apply(propose([7, 6, 5, 4, 3, 2, 1, 0]))
    assert state.observation(0).pending_proposal == [7, 6, 5, 4, 3, 2, 1, 0]
    assert state.observation(0).proposer == 1


@pytest.mark.parametrize("seed", [0, 4])
def test_accept_ends_with_the_normalized_score(seed):
    state = OptimizationGame().new_initial_state(seed)
    papers = [3, 1, 4, 0, 5, 2, 7, 6]
    state.apply(Turn(message="hi"))
    state.apply(propose(papers))
    state.apply(accept())
    expected = score(state.instance, Assignment(tuple(papers))) / best_score(state.instance)
    assert state.is_terminal() and state.current_player == -1
    assert state.returns() == pytest.approx([expected, expected])
    m = state.metrics()
    assert m.agreed and m.normalized_score == pytest.approx(expected)
    assert m.score == score(state.instance, Assignment(tuple(papers)))
    assert m.best == best_score(state.instance) and m.turns == 3
    assert m.messages == [2, 1] and m.words == [2, 3]  # "hi" + "deal"; "how about this?"
    with pytest.raises(IllegalTurnError, match="game is over"):
        state.apply(Turn(message="more"))


def test_accepting_the_best_assignment_scores_one():
    state = OptimizationGame(instance=0).new_initial_state(0)
    state.apply(propose(best_assignment(state.instance).papers))
    state.apply(accept())
    assert state.returns() == [1.0, 1.0]


def test_the_turn_cap_ends_with_zero():
    state = OptimizationGame().new_initial_state(0)
    for t in range(29):
        state.apply(Turn(message=f"turn {t}"))
    assert not state.is_terminal() and state.observation(0).turns_left == 1
    state.apply(propose(range(8)))  # a proposal on the last turn cannot be answered
    assert state.is_terminal() and state.returns() == [0.0, 0.0]
    m = state.metrics()
    assert not m.agreed and m.score is None and m.turns == 30


@pytest.mark.parametrize(
    "proposal, error",
    [
        ([0, 0, 1, 2, 3, 4, 5, 6], "more than one reviewer"),
        ([0, 1, 2], "3 reviewers, the table has 8"),
        ("everyone on BLEU", "malformed proposal"),
        ([0, 1, 2, 3, 4, 5, 6, 9], "outside"),
    ],
)
def test_malformed_proposals_are_refused(proposal, error):
    state = OptimizationGame().new_initial_state(0)
    with pytest.raises(IllegalTurnError, match=error) as err:
        state.apply(Turn(actions=(Propose(proposal=proposal),)))
    assert "\n" not in str(err.value) and state.pending is None and not state.history


def test_plain_paper_lists_are_accepted_as_proposals():
    state = OptimizationGame().new_initial_state(0)
    state.apply(Turn(actions=(Propose(proposal=[1, 0, 2, 3, 4, 5, 6, 7]),)))
    assert state.pending == Assignment((1, 0, 2, 3, 4, 5, 6, 7))


# ---- the generator --------------------------------------------------------------------------------


def test_generator_meets_the_hardness_condition():
    for seed in range(8):
        inst = generate_instance(seed)
        best, solo0, solo1 = knowledge_scores(inst)
        assert solo0 * 1.25 < best and solo1 * 1.25 < best
        assert meets_hardness(inst)
        assert inst.k == 8 and 1.0 <= min(inst.scales) and max(inst.scales) <= 10.0
        neither = ~inst.mask1 & ~inst.mask2
        assert np.all(inst.table[neither] == 50)


def test_generator_is_deterministic_per_seed():
    a, b, c = generate_instance(5), generate_instance(5, max_tries=10000), generate_instance(6)
    assert np.array_equal(a.table, b.table) and np.array_equal(a.mask1, b.mask1) and a.scales == b.scales
    assert not np.array_equal(a.table, c.table)
    s1, s2 = OptimizationGame().new_initial_state(5), OptimizationGame().new_initial_state(5)
    assert s1.observation(0) == s2.observation(0)


def test_generator_parameters():
    inst = generate_instance(0, k=4, p_observed=0.6, hardness=1.05)
    assert inst.k == 4
    assert OptimizationGame(k=4, hardness=1.05).new_initial_state(0).instance.k == 4
    fallback = generate_instance(0, k=4, hardness=100.0, max_tries=50)  # impossible: hardest kept
    assert not meets_hardness(fallback, 100.0)
    with pytest.raises(ValueError, match="p_observed"):
        OptimizationGame(p_observed=1.5)
    with pytest.raises(ValueError, match="k must"):
        OptimizationGame(k=0)


# ---- recorded instances ----------------------------------------------------------------------------


@pytest.mark.parametrize("index", [0, 1, 57, 133])
def test_recorded_instances_load_with_the_recorded_best(index):
    record = load_recorded("optimization")[index]
    game = OptimizationGame(instance=index)
    state = game.new_initial_state(123)
    assert state.instance.table.tolist() == record["table"]
    assert state.best == record["best_assignment_reward"] == best_score(OptimizationInstance.from_record(record))
    assert state.metrics().best == record["best_assignment_reward"]


def test_bad_recorded_index():
    with pytest.raises(ValueError, match="outside"):
        OptimizationGame(instance=10_000)
    with pytest.raises(ValueError, match="instance must be"):
        OptimizationGame(instance="first")  # type: ignore[arg-type]

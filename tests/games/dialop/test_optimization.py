"""DialOp Optimization: assignments, scoring, and re-scoring the 134 recorded human games."""

import itertools
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.optimize import linear_sum_assignment

from games.dialop.data import load_recorded
from games.dialop.optimization import (
    LEGACY_REVIEWERS,
    MAX_VALUE,
    PAPERS,
    REVIEWERS,
    Assignment,
    OptimizationInstance,
    best_assignment,
    best_score,
    final_proposal,
    normalized,
    rescore,
    score,
    worst_score,
)

GAMES = load_recorded("optimization")


def make_instance(table) -> OptimizationInstance:
    k = len(table)
    ones = np.ones((k, k), dtype=int)
    return OptimizationInstance(np.asarray(table), ones, ones, 1.0, 1.0)


def worst_assignment(instance: OptimizationInstance) -> Assignment:
    rows, cols = linear_sum_assignment(instance.table)
    return Assignment.from_pairs(list(zip(rows.tolist(), cols.tolist(), strict=True)))


def roster_of(proposal_text: str) -> tuple[str, ...]:
    """The reviewer roster a recorded proposal's display text uses."""
    return LEGACY_REVIEWERS if any(name in proposal_text for name in LEGACY_REVIEWERS) else REVIEWERS


def proposals(game):
    return [entry for entry in game["action_log"] if entry["type"] == "proposal"]


# --- the recorded games -------------------------------------------------------------------------


def test_recorded_game_count():
    assert len(GAMES) == 134


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_recorded_game_rescores_to_its_result(index):
    game = GAMES[index]
    got = rescore(game)
    want = game["result"]
    assert (got["score"], got["best"], got["worst"]) == (want["score"], want["best"], want["worst"])
    assert got["norm"] == pytest.approx(want["norm"], abs=1e-9)
    # the top-level fields the app stored agree as well
    assert got["score"] == game["proposal_reward"]
    assert got["best"] == game["best_assignment_reward"]


def test_worst_is_zero_not_the_minimum_matching():
    """The original normalises by ``best`` only; the minimum-value matching is far above 0."""
    for game in GAMES:
        instance = OptimizationInstance.from_record(game)
        minimum = score(instance, worst_assignment(instance))
        assert game["result"]["worst"] == worst_score(instance) == 0
        assert minimum > 0


def test_cells_nobody_sees_hold_the_prior_mean():
    for game in GAMES:
        instance = OptimizationInstance.from_record(game)
        hidden = ~(instance.mask1 | instance.mask2)
        assert np.all(instance.table[hidden] == MAX_VALUE // 2)


def test_every_recorded_proposal_round_trips_exactly():
    count = 0
    for game in GAMES:
        for entry in proposals(game):
            assignment = Assignment.from_recorded(entry["proposal_ids"])
            assert assignment.k == 8
            assert assignment.to_recorded(roster_of(entry["proposal"])) == entry["proposal_ids"]
            count += 1
    assert count == 231


def test_recorded_proposal_text_agrees_with_ids():
    """``proposal_ids`` pairs are [reviewer (row), paper (column)]: the display text says the same."""
    for game in GAMES:
        for entry in proposals(game):
            roster = roster_of(entry["proposal"])
            lines = re.findall(r"- ([^:<]+): ([^<]+)", entry["proposal"])
            from_text = Assignment.from_pairs(
                [(roster.index(name.strip()), PAPERS.index(paper)) for paper, name in lines]
            )
            assert from_text == Assignment.from_recorded(entry["proposal_ids"])


def test_only_one_game_uses_the_legacy_roster():
    legacy = [
        i for i, game in enumerate(GAMES) if any(roster_of(e["proposal"]) == LEGACY_REVIEWERS for e in proposals(game))
    ]
    assert legacy == [32]


def test_superseded_proposal_is_not_the_accepted_one():
    """Game logs where a proposal is replaced by a new one before any response (P P R)."""
    found = 0
    for game in GAMES:
        kinds = [e["type"] for e in game["action_log"] if e["type"] != "message"]
        if kinds[-3:] == ["proposal", "proposal", "proposal_response"]:
            last = proposals(game)[-1]
            assert final_proposal(game["action_log"]) == Assignment.from_recorded(last["proposal_ids"])
            found += 1
    assert found >= 1


# --- final_proposal on synthetic logs ------------------------------------------------------------


def _proposal(player, papers):
    return {"type": "proposal", "player": player, "proposal_ids": [[r, p] for r, p in enumerate(papers)]}


def _response(player, accept):
    return {"type": "proposal_response", "player": player, "response": {"accept": accept, "from_player": player}}


def _message(player):
    return {"type": "message", "player": player, "message": {"data": "hi", "from_player": player}}


def test_final_proposal_follows_the_log():
    log = [
        _proposal(0, [0, 1, 2]),
        _message(1),
        _response(1, False),
        _proposal(1, [2, 1, 0]),
        _proposal(1, [1, 2, 0]),
        _message(0),
        _response(0, True),
    ]
    assert final_proposal(log) == Assignment((1, 2, 0))


@pytest.mark.parametrize(
    "log, message",
    [
        ([_message(0)], "no accepted proposal"),
        ([_proposal(0, [0, 1]), _response(1, False)], "no accepted proposal"),
        ([_response(1, True)], "no pending proposal"),
        ([_proposal(0, [0, 1]), _response(1, False), _response(1, True)], "no pending proposal"),
        ([_proposal(0, [0, 1]), _response(0, True)], "its own proposal"),
        ([{"type": "vote", "player": 0}], "unknown action type"),
        ([_proposal(0, [0, 1]), {"type": "proposal_response", "player": 1, "response": {}}], "response.accept"),
        ([{"type": "proposal", "player": 0}], "without proposal_ids"),
        ([_proposal(0, [0, 0]), _response(1, True)], "more than one reviewer"),
    ],
)
def test_final_proposal_rejects_malformed_logs(log, message):
    with pytest.raises(ValueError, match=message):
        final_proposal(log)


# --- scoring -------------------------------------------------------------------------------------

tables = st.integers(1, 6).flatmap(
    lambda k: st.lists(st.lists(st.integers(0, MAX_VALUE), min_size=k, max_size=k), min_size=k, max_size=k)
)


@settings(max_examples=150, deadline=None)
@given(tables)
def test_best_score_equals_brute_force(table):
    instance = make_instance(table)
    brute = max(score(instance, Assignment(p)) for p in itertools.permutations(range(instance.k)))
    assert best_score(instance) == brute
    assert score(instance, best_assignment(instance)) == brute
    assert isinstance(best_score(instance), int)


@settings(max_examples=100, deadline=None)
@given(tables, st.data())
def test_score_is_the_sum_of_assigned_cells(table, data):
    instance = make_instance(table)
    papers = data.draw(st.permutations(range(instance.k)))
    assignment = Assignment(tuple(papers))
    assert score(instance, assignment) == sum(table[r][p] for r, p in enumerate(papers))
    assert 0 <= normalized(score(instance, assignment), best_score(instance) + 1, 0) < 1


def test_normalized():
    assert normalized(599, 599, 0) == 1.0
    assert normalized(50, 100, 0) == 0.5
    assert normalized(30, 50, 10) == 0.5
    with pytest.raises(ValueError, match="cannot normalize"):
        normalized(0, 0, 0)


# --- the assignment type and the recorded format -------------------------------------------------

permutations = st.integers(1, 8).flatmap(lambda k: st.permutations(list(range(k))))


@settings(max_examples=150, deadline=None)
@given(permutations)
def test_assignment_to_recorded_and_back_is_identity(papers):
    assignment = Assignment(tuple(papers))
    recorded = assignment.to_recorded()
    assert Assignment.from_recorded(recorded) == assignment
    # the recorded form lists each reviewer once, ordered by name, with [reviewer, paper] pairs
    assert sorted(r for r, _ in recorded) == list(range(len(papers)))
    assert [REVIEWERS[r] for r, _ in recorded] == sorted(REVIEWERS[: len(papers)])
    assert all(p == papers[r] for r, p in recorded)


@settings(max_examples=150, deadline=None)
@given(permutations, st.sampled_from([REVIEWERS, LEGACY_REVIEWERS]))
def test_recorded_to_assignment_and_back_is_identity(papers, roster):
    k = len(papers)
    recorded = sorted(([r, papers[r]] for r in range(k)), key=lambda pair: roster[pair[0]])
    assert Assignment.from_recorded(recorded).to_recorded(roster) == recorded


@settings(max_examples=100, deadline=None)
@given(permutations, st.randoms())
def test_from_pairs_ignores_order(papers, rng):
    pairs = list(enumerate(papers))
    rng.shuffle(pairs)
    assignment = Assignment.from_pairs(pairs)
    assert assignment.papers == tuple(papers)
    assert Assignment.from_pairs(dict(pairs)) == assignment
    assert assignment.pairs() == tuple(enumerate(papers))
    assert all(assignment.reviewer_of(p) == r for r, p in enumerate(papers))


@settings(max_examples=100, deadline=None)
@given(st.integers(2, 8).flatmap(lambda k: st.tuples(st.permutations(list(range(k))), st.data())))
def test_duplicates_are_refused(args):
    papers, data = args
    i, j = data.draw(st.lists(st.integers(0, len(papers) - 1), min_size=2, max_size=2, unique=True))
    bad = list(papers)
    bad[j] = bad[i]
    with pytest.raises(ValueError, match="more than one reviewer"):
        Assignment(tuple(bad))
    pairs = [[r, p] for r, p in enumerate(papers)]
    pairs[j][0] = pairs[i][0]
    with pytest.raises(ValueError, match="assigned more than once"):
        Assignment.from_recorded(pairs)


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 8).flatmap(lambda k: st.tuples(st.permutations(list(range(k))), st.data())),
    st.one_of(st.integers(-100, -1), st.integers(0, 100)),
)
def test_out_of_range_indices_are_refused(args, offset):
    papers, data = args
    k = len(papers)
    i = data.draw(st.integers(0, k - 1))
    bad_index = offset if offset < 0 else k + offset
    bad = list(papers)
    bad[i] = bad_index
    with pytest.raises(ValueError, match="outside"):
        Assignment(tuple(bad))
    pairs = [[r, p] for r, p in enumerate(papers)]
    pairs[i][0] = bad_index
    with pytest.raises(ValueError, match="outside"):
        Assignment.from_recorded(pairs)


@settings(max_examples=100, deadline=None)
@given(tables, st.integers(1, 7))
def test_wrong_length_is_refused(table, k):
    instance = make_instance(table)
    if k == instance.k:
        k += 1
    with pytest.raises(ValueError, match=f"assignment has {k} reviewers, table has {instance.k}"):
        score(instance, Assignment(tuple(range(k))))
    # a recorded proposal missing a reviewer names a reviewer outside the shorter range
    if instance.k >= 2:
        with pytest.raises(ValueError, match="outside"):
            Assignment.from_recorded([[r, r] for r in range(1, instance.k)])


@pytest.mark.parametrize(
    "papers, message",
    [
        ((), "at least one reviewer"),
        ((0, 1.0), "must be an integer"),
        ((True, 0), "must be an integer"),
        (("0", "1"), "must be an integer"),
        ("01", "sequence of paper indices"),
        (None, "sequence of paper indices"),
    ],
)
def test_malformed_assignments(papers, message):
    with pytest.raises(ValueError, match=message):
        Assignment(papers)


@pytest.mark.parametrize(
    "pairs, message",
    [
        ([], "at least one reviewer"),
        ([[0, 0, 0]], r"\[reviewer, paper\] pair"),
        (["ab"], r"\[reviewer, paper\] pair"),
        ("ab", "sequence of"),
        ([[0.0, 0]], "must be an integer"),
    ],
)
def test_malformed_recorded_proposals(pairs, message):
    with pytest.raises(ValueError, match=message):
        Assignment.from_recorded(pairs)


def test_assignment_is_frozen_and_hashable():
    assignment = Assignment([1, 0])
    assert assignment.papers == (1, 0)
    assert hash(assignment) == hash(Assignment((1, 0)))
    with pytest.raises(AttributeError):
        assignment.papers = (0, 1)


def test_to_recorded_needs_enough_distinct_names():
    with pytest.raises(ValueError, match="reviewer names"):
        Assignment(tuple(range(9))).to_recorded()
    with pytest.raises(ValueError, match="distinct"):
        Assignment((0, 1)).to_recorded(["a", "a"])
    assert Assignment((0, 1, 2)).to_recorded(["c", "a", "b"]) == [[1, 1], [2, 2], [0, 0]]


# --- the instance --------------------------------------------------------------------------------


def test_instance_from_record():
    game = GAMES[0]
    instance = OptimizationInstance.from_record(game)
    assert instance.k == 8
    assert instance.table.dtype == np.int64 and instance.mask1.dtype == bool
    assert instance.table.tolist() == game["table"]
    assert instance.masks[1].astype(int).tolist() == game["mask2"]
    assert instance.scales == (game["scale1"], game["scale2"])
    with pytest.raises(ValueError):
        instance.table[0, 0] = 1  # read-only


@pytest.mark.parametrize(
    "change, message",
    [
        ({"table": [[1, 2, 3], [4, 5, 6]]}, "square matrix"),
        ({"table": [[1, 2], [3]]}, "rectangular|square"),
        ({"table": [[1, 2], [3, 101]]}, r"0\.\.100"),
        ({"table": [[1, 2], [3, -1]]}, r"0\.\.100"),
        ({"table": [[1, 2], [3, 4.5]]}, "whole numbers"),
        ({"table": [["a", "b"], ["c", "d"]]}, "must hold numbers"),
        ({"mask1": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}, "mask1 has shape"),
        ({"mask2": [[1, 2], [0, 1]]}, "only 0/1"),
        ({"scale1": 0.0}, "positive"),
        ({"scale2": float("nan")}, "finite number"),
        ({"scale2": "3"}, "finite number"),
    ],
)
def test_malformed_instances(change, message):
    record = {
        "table": [[1, 2], [3, 4]],
        "mask1": [[1, 0], [0, 1]],
        "mask2": [[0, 1], [1, 0]],
        "scale1": 2.0,
        "scale2": 3.0,
    }
    record.update(change)
    with pytest.raises(ValueError, match=message):
        OptimizationInstance.from_record(record)


def test_missing_keys():
    with pytest.raises(ValueError, match="lacks mask2, scale1"):
        OptimizationInstance.from_record({"table": [[1]], "mask1": [[1]], "scale2": 1.0})
    game = dict(GAMES[0])
    del game["action_log"]
    with pytest.raises(ValueError, match="lacks action_log"):
        rescore(game)


def test_worst_score_wants_an_instance():
    with pytest.raises(ValueError, match="OptimizationInstance"):
        worst_score([[1]])

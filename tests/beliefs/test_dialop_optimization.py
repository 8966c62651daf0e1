"""The DialOp Optimization belief store (beliefs/dialop_optimization.py)."""

from __future__ import annotations

import numpy as np
import pytest

from beliefs.base import Utterance
from beliefs.dialop_optimization import OptimizationBeliefs
from games.base import Turn
from games.dialop.optimization import OptimizationInstance
from games.dialop.optimization_game import OptimizationGame
from language.dialop_optimization import OptAsk, OptCell, OptNoneAbove, OptRate, OptUnseen


def instance() -> OptimizationInstance:
    table = np.array([[90, 10, 20], [30, 80, 40], [50, 60, 70]])
    mask1 = np.array([[1, 1, 0], [0, 1, 0], [0, 0, 1]])
    mask2 = np.array([[1, 0, 0], [1, 0, 1], [0, 1, 1]])
    return OptimizationInstance(table, mask1, mask2, 2.0, 5.0)


def beliefs_of(player: int) -> OptimizationBeliefs:
    state = OptimizationGame(instance=instance()).new_initial_state(0)
    return OptimizationBeliefs(state.observation(player))


def test_own_cells_and_scale() -> None:
    beliefs = beliefs_of(0)
    assert beliefs.own[0, 0] == 180 and np.isnan(beliefs.own[0, 2])
    assert beliefs.own_scale() == pytest.approx(180 / (99 * 4 / 5))


def test_ratio_from_overlaps_and_from_maxima() -> None:
    beliefs = beliefs_of(0)
    assert beliefs.ratio() == 1.0  # nothing heard yet
    beliefs.update(Utterance(1 - beliefs.seat, [OptCell(reviewer=1, paper=2, value=200)]))  # not an overlap
    n = 0.4 * 9
    assert beliefs.ratio() == pytest.approx(beliefs.own_scale() / (200 / (99 * n / (n + 1))))
    beliefs.update(
        Utterance(1 - beliefs.seat, [OptCell(reviewer=0, paper=0, value=450), OptCell(reviewer=2, paper=2, value=350)])
    )
    assert beliefs.ratio() == pytest.approx(0.4)  # 2.0 / 5.0, exactly from the shared cells
    table = beliefs.expected_table()
    assert table[1, 2] == pytest.approx(80) and table[0, 0] == 180


def test_unknown_cells_drop_below_the_partners_claim() -> None:
    beliefs = beliefs_of(0)
    before = beliefs.unknown_value()
    beliefs.update(Utterance(1 - beliefs.seat, [OptCell(reviewer=0, paper=0, value=450), OptNoneAbove(value=100)]))
    assert beliefs.unknown_value() < before
    assert beliefs.expected_table()[1, 0] == pytest.approx(beliefs.unknown_value())


@pytest.mark.parametrize("cap", [None, 100])
def test_unknown_outcomes_are_a_distribution(cap: int | None) -> None:
    beliefs = beliefs_of(0)
    if cap is not None:
        beliefs.update(Utterance(1 - beliefs.seat, [OptCell(reviewer=0, paper=0, value=450), OptNoneAbove(value=cap)]))
    outcomes = beliefs.unknown_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert beliefs.unknown_value() == pytest.approx(sum(v * p for v, p in outcomes))
    assert beliefs.unknown_cells()[1, 0] and not beliefs.unknown_cells()[0, 0]


def test_ratings_without_numbers() -> None:
    beliefs = beliefs_of(0)
    beliefs.update(
        Utterance(
            1 - beliefs.seat, [OptRate(reviewer=1, paper=0, level="high"), OptRate(reviewer=2, paper=0, level="low")]
        )
    )
    table = beliefs.expected_table()
    assert table[1, 0] == pytest.approx(85 * beliefs.own_scale()) and table[2, 0] < table[0, 2]
    assert beliefs.partner_view()[1, 0]


def test_a_cell_neither_player_sees_holds_fifty() -> None:
    beliefs = beliefs_of(0)
    beliefs.update(Utterance(1 - beliefs.seat, [OptUnseen(reviewer=1, paper=0)]))
    assert beliefs.expected_table()[1, 0] == pytest.approx(50 * beliefs.own_scale())
    assert not beliefs.unknown_cells()[1, 0]


def test_self_acts_are_remembered_and_questions_queued() -> None:
    beliefs = beliefs_of(1)
    beliefs.update(Utterance(beliefs.seat, [OptCell(reviewer=0, paper=0, value=450), OptNoneAbove(value=300)]))
    assert beliefs.told[0, 0] and beliefs.told_cap == 300 and not beliefs.partner_spoke
    beliefs.update(
        Utterance(1 - beliefs.seat, [OptAsk(paper=1), OptCell(reviewer=9, paper=0, value=1)])
    )  # out of range: ignored
    assert beliefs.questions == [OptAsk(paper=1)] and np.isnan(beliefs.partner).all()


def test_observe_counts_own_rejections() -> None:
    from games.dialop.base import Propose, Reject
    from games.dialop.optimization import Assignment

    state = OptimizationGame(instance=instance()).new_initial_state(0)
    mine, theirs = OptimizationBeliefs(state.observation(0)), OptimizationBeliefs(state.observation(1))
    for papers in ((0, 1, 2), (2, 1, 0)):  # player 0 proposes, player 1 rejects, twice
        state.apply(Turn(message="", actions=(Propose(proposal=Assignment(papers)),)))
        state.apply(Turn(message="", actions=(Reject(),)))
    mine.observe(state.observation(0))
    theirs.observe(state.observation(1))
    assert (mine.rejections_by_self, theirs.rejections_by_self) == (0, 2)

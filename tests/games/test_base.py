"""The shared conformance checker, run over every registered game, and its own failure modes."""

import dataclasses

import numpy as np
import pytest

from agent.registry import default_registry
from games.base import ConformanceError, IllegalTurnError, Turn, TurnRecord, check_game
from games.traveling_adventurers import TravelingAdventurersGame, TravelingAdventurersMetrics, TravelingAdventurersState
from tests.kits.toy_sum.game import ToySumGame


@pytest.mark.parametrize("family", sorted(default_registry().games))
def test_every_registered_game_conforms(family):
    game = default_registry().make_game(family)
    report = check_game(game, seeds=range(3))
    assert report.games_played == 6 and len(report.checks) == 7


class LeakyState(TravelingAdventurersState):
    def observation(self, player):
        obs = super().observation(player)
        return obs.model_copy(update={"own_coins": self.board.edges(1 - player)})


class LeakyGame(TravelingAdventurersGame):
    def new_initial_state(self, seed):
        return LeakyState(self, self.board_for_seed(seed))


class AcceptsAnythingState(TravelingAdventurersState):
    def _validate(self, turn):
        pass

    def _apply(self, turn):
        self.history.append(TurnRecord(self.current_player, turn))


class AcceptsAnythingGame(TravelingAdventurersGame):
    def new_initial_state(self, seed):
        return AcceptsAnythingState(self, self.board_for_seed(seed))


class NondeterministicGame(TravelingAdventurersGame):
    calls = 0

    def board_for_seed(self, seed):
        NondeterministicGame.calls += 1
        return super().board_for_seed(seed + NondeterministicGame.calls)


def test_checker_catches_a_leak():
    with pytest.raises(ConformanceError, match="private data"):
        check_game(LeakyGame(), seeds=[0])


def test_checker_catches_accepted_illegal_turns():
    with pytest.raises(ConformanceError, match="was accepted"):
        check_game(AcceptsAnythingGame(board=1), seeds=[0])


def test_checker_catches_nondeterminism():
    with pytest.raises(ConformanceError, match="different trajectory"):
        check_game(NondeterministicGame(), seeds=[0])


class UntypedMetricsState(TravelingAdventurersState):
    def returns(self):
        return [0.0, 0.0]

    def metrics(self):
        return super().metrics().model_dump(mode="json")


class UntypedMetricsGame(TravelingAdventurersGame):
    def new_initial_state(self, seed):
        return UntypedMetricsState(self, self.board_for_seed(seed))


def test_checker_catches_untyped_metrics():
    with pytest.raises(ConformanceError, match="must return a GameMetrics model, not dict"):
        check_game(UntypedMetricsGame(board=1), seeds=[0])


class ReturnsState(TravelingAdventurersState):
    """A state whose returns break the contract in the way its game's ``mode`` says."""

    def returns(self):
        mode = self.game.mode
        if mode == "early" and not self.is_terminal():  # pays before the end (wrong for an at_end game)
            return [float(len(self.history))] * 2
        if mode == "int":
            return [0, 0]
        if mode == "payoff" and self.is_terminal():  # not the declared payoff (joint_score)
            return [super().returns()[0] + 1.0] * 2
        if mode == "refused":  # a refused turn changes the returns
            return [float(getattr(self, "checked", 0))] * 2 if not self.is_terminal() else super().returns()
        return super().returns()

    def _validate(self, turn):
        self.checked = getattr(self, "checked", 0) + 1  # counts refused turns too
        super()._validate(turn)


class ReturnsGame(TravelingAdventurersGame):
    def __init__(self, mode, rewards="at_end"):
        super().__init__(board=1)
        self.mode = mode
        self.facts = dataclasses.replace(self.facts, rewards=rewards)

    def new_initial_state(self, seed):
        return ReturnsState(self, self.board_for_seed(seed))


@pytest.mark.parametrize(
    ("mode", "rewards", "message"),
    [
        ("early", "at_end", "returns zeros before it"),
        ("int", "at_end", "one finite float per player"),
        ("payoff", "at_end", "is not the payoff joint_score"),
        ("refused", "running", "changed the state"),
    ],
)
def test_checker_enforces_the_returns_contract(mode, rewards, message):
    with pytest.raises(ConformanceError, match=message):
        check_game(ReturnsGame(mode, rewards), seeds=[0])


def test_checker_wants_the_payoff_declared(monkeypatch):
    monkeypatch.setattr(TravelingAdventurersMetrics, "payoff", "")
    with pytest.raises(ConformanceError, match="TravelingAdventurersMetrics must declare its payoff field"):
        check_game(TravelingAdventurersGame(board=1), seeds=[0])


def test_a_running_game_may_pay_before_the_end():
    check_game(ReturnsGame("early", "running"), seeds=[0])


def test_turns_after_the_end_are_refused():
    state = TravelingAdventurersGame(board=1).new_initial_state(0)
    for _ in range(30):
        state.apply(Turn(message="."))
    with pytest.raises(IllegalTurnError, match="game is over"):
        state.apply(Turn(message="more"))
    assert np.isfinite(state.returns()).all()


def test_private_data_is_hidden_from_every_other_seat_by_default() -> None:
    state = ToySumGame(players=3).new_initial_state(0)
    assert [state.private_data_hidden_from(seat) for seat in range(3)] == [[1, 2], [0, 2], [0, 1]]

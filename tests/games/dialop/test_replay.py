"""The recorded human dialogues replayed as Accord turns, and the prompted self-play prefixes."""

from __future__ import annotations

import importlib

import pytest

from games.base import Turn
from games.dialop.base import Accept, Propose
from games.dialop.data import TASKS, load_recorded
from games.dialop.mediation_game import MediationGame
from games.dialop.optimization_game import OptimizationGame
from games.dialop.planning_game import PlanningGame
from games.dialop.replay import PREFIXES, dialogue_words, message_text, prefix_turns, recorded_turns

GAMES = {"optimization": OptimizationGame, "planning": PlanningGame, "mediation": MediationGame}


def _fresh(task: str, index: int):
    return GAMES[task](instance=index).new_initial_state(0)


@pytest.mark.parametrize("task", TASKS)
def test_replaying_every_recorded_game_reaches_its_recorded_score(task: str) -> None:
    rescore = importlib.import_module(f"games.dialop.{task}").rescore
    for index, game in enumerate(load_recorded(task)):
        turns = recorded_turns(task, game)
        *before, (seat, last) = turns
        assert isinstance(last.actions[-1], Accept), f"{task} game {index} does not end on an acceptance"
        state = _fresh(task, index)
        state.load_prefix(before)
        state.player = seat
        state._apply(last)  # the answer that ended the recorded game
        assert state.is_terminal() and state.agreement is not None
        expected = rescore(game)["norm"]  # the recorded norm, reproduced exactly
        assert state.returns()[0] == pytest.approx(expected, abs=1e-9), f"{task} game {index}"


@pytest.mark.parametrize("task", TASKS)
@pytest.mark.parametrize("prefix", PREFIXES)
def test_every_prefix_loads_and_leaves_the_game_open(task: str, prefix: str) -> None:
    for index, game in enumerate(load_recorded(task)[:25]):
        turns = prefix_turns(task, game, prefix)
        state = _fresh(task, index)
        state.load_prefix(turns)
        assert not state.is_terminal()
        assert state.turns == len(turns)
        assert state.turn_cap - state.turns == state.game.turn_cap
        if state.pending is not None and state.awaiting:
            assert state.current_player == state.awaiting[0]


def test_prefixes_grow_and_the_proposal_prefix_stops_before_the_final_proposal() -> None:
    for task in TASKS:
        game = load_recorded(task)[3]
        half, three_quarters, proposal = (prefix_turns(task, game, p) for p in PREFIXES)
        assert len(half) <= len(three_quarters) <= len(proposal) < len(recorded_turns(task, game))
        final = recorded_turns(task, game)[len(proposal)][1]
        assert any(isinstance(a, Propose) for a in final.actions)
        messages = sum(1 for _, t in proposal if t.message.strip())
        assert sum(1 for _, t in half if t.message.strip()) == -(-messages // 2) or len(half) == 0


def test_planning_seats_follow_who_answered_not_the_logged_player() -> None:
    games = load_recorded("planning")
    for game in games:
        for seat, turn in recorded_turns("planning", game):
            if any(isinstance(a, Propose) for a in turn.actions):
                assert seat == 1
            if any(isinstance(a, Accept) for a in turn.actions):
                assert seat == 0


def test_dialogue_words_counts_message_words() -> None:
    game = load_recorded("optimization")[0]
    texts = [message_text(e) for e in game["action_log"] if e["type"] == "message"]
    assert dialogue_words("optimization", game) == sum(len(t.split()) for t in texts)


def test_bad_records_fail_with_one_line() -> None:
    with pytest.raises(ValueError, match="unknown prefix"):
        prefix_turns("optimization", load_recorded("optimization")[0], "0.9")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="action 0"):
        recorded_turns("optimization", {"action_log": [{"type": "dance"}]})
    with pytest.raises(ValueError, match="fresh state"):
        state = _fresh("optimization", 0)
        state.apply(Turn(message="hi"))
        state.load_prefix([])

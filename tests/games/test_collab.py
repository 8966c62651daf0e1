"""Tests of games.collab: conformance, the sequentialised joint turn, the information each seat
gets, and the vendored data."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalTurnError, Turn, check_game
from games.collab import (
    CollabCaptureGame,
    CollabEscapeGame,
    Fix,
    Move,
    Press,
    Stay,
    Wait,
    collab_data,
)
from games.collab.actions import to_act
from solvers.collab_capture import capture_step


@pytest.mark.parametrize(
    "game",
    [
        CollabCaptureGame(),
        CollabCaptureGame(rules="corrected", setting="greedy"),
        CollabEscapeGame(),
        CollabEscapeGame(rules="corrected", max_turns=12),
    ],
    ids=["capture", "capture-corrected", "escape", "escape-corrected"],
)
def test_conformance(game: object) -> None:
    report = check_game(game, range(3))  # type: ignore[arg-type]
    assert report.games_played == 6 and report.illegal_turns_refused > 0


def test_alices_pending_move_is_hidden_from_bob() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    before = state.observation(1).model_dump(mode="json")
    state.submit(Move(room=6), "heading over")
    assert state.current_player == 1 and state.private_data(0) == {"seat": 0, "submitted": {"kind": "move", "room": 6}}
    after = state.observation(1).model_dump(mode="json")
    assert after["rooms"] == before["rooms"] and after["chat"][-1]["message"] == "heading over"
    assert after["chat"][-1]["action"] is None


def test_joint_turn_resolves_after_bob() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    state.submit(Stay())
    state.submit(Move(room=5))
    obs = state.observation(0)
    assert obs.turn == 2 and obs.rooms == (1, 5) and obs.current_player == 0
    record = obs.chat[-1].action
    assert record is not None and record.bob == Move(room=5) and record.adversary_from == 2


def test_exact_plan_captures_in_three_turns() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    for bob_room in (5, 4, 3):
        state.submit(Stay())
        state.submit(Move(room=bob_room))
    assert state.is_terminal() and state.returns() == [1.0, 1.0]
    metrics = state.metrics()
    assert metrics.captured and metrics.turns_to_capture == 3


def test_illegal_turns_are_refused_unchanged() -> None:
    state = CollabCaptureGame().new_initial_state(0)
    for bad, match in (
        (Move(room=2), "not legal"),  # the door 1-2 is closed in the LLM setting
        (Press(), "not legal"),
        (Fix(), "not legal"),
        ("fly away", "unknown or illegal"),
    ):
        with pytest.raises(IllegalTurnError, match=match):
            state.apply(Turn(actions=(bad,)))
    assert state.current_player == 0 and not state.history
    state.apply(Turn(actions=("Move to room 6",)))
    assert state.pending == Move(room=6)


def test_escape_tells_the_killers_intent() -> None:
    state = CollabEscapeGame().new_initial_state(3)
    assert state.observation(0).killer_target is None
    state.submit(Move(room=2))
    state.submit(Move(room=3))
    obs = state.observation(1)
    assert obs.rooms == (2, 3) and obs.killer in (5, 7)
    assert obs.legal == []  # Alice submits first
    assert state.observation(0).legal == [Move(room=1), Move(room=3), Wait()]


def test_escape_turn_limit_and_replay() -> None:
    game = CollabEscapeGame(max_turns=2)
    a = game.new_initial_state(7)
    for _ in range(2):
        if not a.is_terminal():
            a.submit(Wait())
            a.submit(Wait())
    assert a.is_terminal() and a.metrics().turns == 2
    assert a.metrics().timed_out or a.metrics().caught


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="rules must be"):
        CollabCaptureGame(rules="fancy")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="setting must be"):
        CollabCaptureGame(setting="human")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="max_turns"):
        CollabEscapeGame(max_turns=0)


def test_vendored_data_carries_the_papers_figures() -> None:
    data = collab_data()
    assert data["collab_capture"]["paper_results"]["greedy_baseline"] == {"capture_rate": 0.5, "turns": 6.0}
    assert data["collab_escape"]["start"] == {"Alice": 1, "Bob": 2, "Killer": 6}


def test_corrected_escape_map_is_symmetric_and_the_original_is_not() -> None:
    for rules, symmetric in (("corrected", True), ("original", False)):
        adjacency = CollabEscapeGame(rules=rules).map.adjacency  # type: ignore[arg-type]
        pairs = {(a, b) for a, near in adjacency.items() for b in near}
        assert all((b, a) in pairs for a, b in pairs) == symmetric
    assert CollabEscapeGame().map.adjacency[7] == (3, 6)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["original", "corrected"]), st.sampled_from(["llm", "greedy"]))
def test_the_turn_based_game_equals_the_kernel(seed: int, rules: str, setting: str) -> None:
    game = CollabCaptureGame(rules=rules, setting=setting)  # type: ignore[arg-type]
    state = game.new_initial_state(seed)
    rng = np.random.default_rng(seed)
    position = game.start
    while not state.is_terminal():
        alice, bob = (state.legal(s)[int(rng.integers(len(state.legal(s))))] for s in (0, 1))
        state.submit(alice)
        state.submit(bob)
        position, caught = capture_step(game.map, game.kernel, position, to_act(alice), to_act(bob))
        assert state.position == position and state.captured == caught

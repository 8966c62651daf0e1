"""The Overcooked game under Accord's contract: conformance on the five layouts, options, the
sequentialised simultaneous moves (Alice's submission hidden from Bob), returns, metrics, chat and
observations."""

import gzip
import json

import numpy as np
import pytest

from games.base import IllegalTurnError, Turn, check_game
from games.overcooked import (
    ACTIONS,
    LAYOUTS,
    Move,
    OvercookedGame,
    OvercookedMetrics,
    OvercookedObservation,
    initial_kitchen,
    step,
)
from tests.games.overcooked.test_golden import GOLDEN


def move(name: str, message: str = "") -> Turn:
    return Turn(message=message, actions=(Move(action=name),))  # type: ignore[arg-type]


@pytest.mark.parametrize("layout", LAYOUTS)
def test_conformance_short_games(layout):
    report = check_game(OvercookedGame(layout=layout, horizon=30), seeds=range(4))
    assert report.games_played == 8 and report.turns_played == 8 * 60 and report.illegal_turns_refused > 0


@pytest.mark.slow
@pytest.mark.parametrize("layout", LAYOUTS)
def test_conformance_paper_length_games(layout):
    report = check_game(OvercookedGame(layout=layout), seeds=range(2))
    assert report.turns_played == 4 * 800


def test_facts_and_options():
    game = OvercookedGame()
    facts = game.facts
    assert (facts.game_id, facts.num_players, facts.player_names) == ("overcooked_v0", 2, ("Alice", "Bob"))
    assert facts.first_player == 0 and facts.max_turns_per_player == 400 and facts.information.startswith("perfect")
    assert (game.layout.name, game.horizon, game.dynamics) == ("cramped_room", 400, "paper")
    for kwargs, pattern in (
        ({"layout": "kitchen"}, "valid: cramped_room"),
        ({"horizon": 0}, "horizon must be"),
        ({"horizon": True}, "horizon must be"),
        ({"horizon": 2.5}, "horizon must be"),
        ({"dynamics": "2019"}, "valid: paper, v1.1.0"),
    ):
        with pytest.raises(ValueError, match=pattern) as err:
            OvercookedGame(**kwargs)
        assert "\n" not in str(err.value)


def test_alice_submits_bob_moves_then_the_joint_step_applies():
    game = OvercookedGame()
    state = game.new_initial_state(0)
    start = state.kitchen
    assert state.current_player == 0 and state.legal_actions(0) == list(ACTIONS) and state.legal_actions(1) == []
    state.apply(move("north", "going up"))
    assert state.current_player == 1 and state.kitchen == start  # nothing moves before Bob's turn
    assert state.observation(0).pending == "north" and state.observation(1).pending is None
    bob_view = state.observation(1)
    assert bob_view.chat[0].message == "going up" and bob_view.chat[0].action is None  # hidden submission
    state.apply(move("west"))
    assert state.current_player == 0 and state.kitchen == step(game.layout, start, (0, 3)).kitchen
    view = state.observation(1)
    assert view.chat[0].action == Move(action="north") and view.last_step is not None
    assert view.last_step.actions == ("north", "west") and view.kitchen.timestep == 1 and view.steps_left == 399


def test_bobs_view_does_not_depend_on_alices_submission():
    state = OvercookedGame().new_initial_state(0)
    views = set()
    for name in ACTIONS:
        twin = state.clone()
        twin.apply(move(name))
        views.add(twin.observation(1).model_dump_json())
    assert len(views) == 1


def test_turns_are_parsed_from_moves_names_and_dicts_and_bad_ones_refused():
    state = OvercookedGame().new_initial_state(0)
    state.apply(Turn(actions=("Interact",)))
    state.apply(Turn(actions=({"action": "stay"},)))
    assert state.joints == [(5, 4)]
    for bad, pattern in (
        (Turn(actions=("jump",)), "unknown action"),
        (Turn(actions=({"action": "up"},)), "malformed move"),
        (Turn(actions=(7,)), "not int"),
        (Turn(actions=("north", "south")), "at most one action"),
    ):
        with pytest.raises(IllegalTurnError, match=pattern):
            state.apply(bad)
    with pytest.raises(IllegalTurnError, match="0-5"):
        state.apply_action(6)
    state.apply(Turn(message="wait for me"))  # no action: the chef stays (a person who presses no key)
    state.apply(Turn(actions=("east",)))
    assert state.joints == [(5, 4), (4, 2)] and state.observation(1).chat[0].action == Move(action="stay")


def test_the_game_ends_after_the_horizon_with_the_team_score_for_both():
    """A guided golden episode (paper dynamics) played through the game's turns scores what the
    golden file recorded."""
    with gzip.open(GOLDEN / "guided" / "cramped_room.jsonl.gz", "rt") as handle:
        episode = json.loads(handle.readline())
    state = OvercookedGame().new_initial_state(0)
    paid = 0
    for record in episode["steps"]:
        assert state.returns() == [float(paid)] * 2  # the score so far: a soup pays when it is served
        state.apply_action(record["a"][0], "onions!" if record["t"] == 0 else "")
        state.apply_action(record["a"][1])
        paid += sum(record["r"])
    expected = sum(sum(r["r"]) for r in episode["steps"])
    assert expected > 0 and state.is_terminal() and state.current_player == -1
    assert state.returns() == [float(expected)] * 2
    metrics = state.metrics()
    assert isinstance(metrics, OvercookedMetrics) and metrics.score == expected and metrics.steps == 400
    assert metrics.deliveries == sum(metrics.delivered) == expected // 20 and metrics.messages == 1
    assert sum(metrics.shaped) == sum(sum(r["sh"]) for r in episode["steps"])
    assert metrics.onions_potted == sum(1 for r in episode["steps"] for e in r["ev"] if e[0] == "potting_onion")
    with pytest.raises(IllegalTurnError, match="over"):
        state.apply(move("stay"))


def test_observation_json_round_trip_and_contents():
    game = OvercookedGame(layout="forced_coordination", dynamics="v1.1.0")
    state = game.new_initial_state(3)
    rng = np.random.default_rng(1)
    for _ in range(41):
        state.apply(state.random_turn(rng))
    view = state.observation(0)
    again = OvercookedObservation.model_validate_json(view.model_dump_json())
    assert again == view and again.kitchen == state.kitchen
    assert view.grid == game.layout.grid and (view.width, view.height) == (5, 5)
    assert view.players == ("Alice", "Bob") and view.role == "Alice" and view.dynamics == "v1.1.0"
    assert view.legal_moves() == [] and len(state.observation(1).legal_moves()) == 6
    assert initial_kitchen(game.layout).chefs[0].position == game.layout.starts[0]


def test_clone_is_independent():
    state = OvercookedGame().new_initial_state(0)
    state.apply(move("north", "hi"))
    twin = state.clone()
    twin.apply(move("south"))
    assert state.current_player == 1 and state.joints == [] and len(twin.joints) == 1
    assert len(state.history) == 1 and len(twin.history) == 2

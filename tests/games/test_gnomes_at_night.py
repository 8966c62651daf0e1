"""Gnomes at Night: maze data, generation, rules, rounds, observations, the oracle, conformance."""

from collections import deque

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import IllegalTurnError, Turn, check_game
from games.gnomes_at_night import (
    MOVE_DELTAS,
    MOVES,
    GnomesAtNightGame,
    Maze,
    MoveAction,
    generate_maze,
    load_preset_maze,
    maze_from_json,
    oracle_turns,
)


def move(name: str, message: str = "") -> Turn:
    return Turn(message=message, actions=(MoveAction(move=name),))


def wall_blocks(maze: Maze, side: int, cell: tuple[int, int], m: int) -> bool:
    """Independent reading of the wall arrays (the maze file's convention)."""
    x, y = cell
    n = maze.size
    v, h = maze.vertical[side], maze.horizontal[side]
    if m == 0:
        return False
    if m == 1:
        return x + 1 >= n or v[y][x] == 1
    if m == 2:
        return y - 1 < 0 or h[y - 1][x] == 1
    if m == 3:
        return x - 1 < 0 or v[y][x - 1] == 1
    return y + 1 >= n or h[y][x] == 1


# ---- the maze ----------------------------------------------------------------------------------


def test_the_preset_maze_is_the_papers():
    maze = load_preset_maze()
    assert (maze.size, maze.start) == (9, (0, 0))
    assert maze.treasures == ((4, 0), (6, 2), (3, 3), (4, 5), (3, 7))
    assert maze.vertical.shape == (2, 9, 8) and maze.horizontal.shape == (2, 8, 9)
    # spot checks against the file: side 0 has a wall right of (1, 0); side 1 has none there
    assert not maze.can_move(0, (1, 0), 1) and maze.can_move(1, (1, 0), 1)


def test_oracle_turns_of_the_preset_rounds():
    maze = load_preset_maze()
    assert [oracle_turns(maze, maze.start, t, r % 2) for r, t in enumerate(maze.treasures)] == [5, 12, 7, 10, 11]


@pytest.mark.parametrize(
    "data, error",
    [
        ({}, "malformed maze data"),
        ({"size": 3, "sides": [], "start": [0, 0], "round_treasures": [[1, 1]]}, "wall arrays"),
        (
            {
                "size": 2,
                "sides": [{"vertical": [[0]], "horizontal": [[0, 0]]}] * 2,
                "start": [0, 0],
                "round_treasures": [[1, 1]],
            },
            "maze size",
        ),
    ],
)
def test_malformed_maze_data_is_a_one_line_error(data, error):
    with pytest.raises(ValueError, match=error) as err:
        maze_from_json(data)
    assert "\n" not in str(err.value)


@settings(max_examples=30, deadline=None)
@given(st.integers(3, 12), st.integers(0, 10_000))
def test_generated_sides_connect_every_cell(size, seed):
    maze = generate_maze(size, seed)
    for side in (0, 1):
        seen, queue = {maze.start}, deque([maze.start])
        while queue:
            cell = queue.popleft()
            for m, (dx, dy) in enumerate(MOVE_DELTAS):
                nxt = (cell[0] + dx, cell[1] + dy)
                if maze.can_move(side, cell, m) and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        assert len(seen) == size * size
    assert len(set(maze.treasures)) == 5 and maze.start not in maze.treasures
    assert generate_maze(size, seed).vertical.tolist() == maze.vertical.tolist()


def test_generated_mazes_differ_per_side_and_seed():
    a, b = generate_maze(9, 1), generate_maze(9, 2)
    assert a.vertical[0].tolist() != a.vertical[1].tolist()
    assert a.vertical.tolist() != b.vertical.tolist()


# ---- the rules ---------------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.integers(3, 9), st.integers(0, 1000), st.integers(0, 80), st.integers(0, 4))
def test_a_move_is_legal_iff_no_wall_on_the_movers_side(size, seed, cell_index, m):
    game = GnomesAtNightGame(size=size)
    state = game.new_initial_state(seed)
    cell = (cell_index % size, (cell_index // size) % size)
    state.token = cell
    player = state.current_player
    blocked = wall_blocks(state.maze, player, cell, m)
    assert (MOVES[m] in state.legal_actions(player)) == (not blocked)
    before = (state.token, state.current_player, len(state.history))
    if blocked:
        with pytest.raises(IllegalTurnError, match="blocks it on your side"):
            state.apply(move(MOVES[m]))
        assert (state.token, state.current_player, len(state.history)) == before
    else:
        state.apply(move(MOVES[m]))
        dx, dy = MOVE_DELTAS[m]
        assert state.token in ((cell[0] + dx, cell[1] + dy), state.maze.start)  # start again if the round ended


def test_the_other_sides_walls_do_not_block():
    maze = load_preset_maze()
    state = GnomesAtNightGame().new_initial_state(0)
    state.token = (1, 0)
    assert state.current_player == 0
    with pytest.raises(IllegalTurnError):
        state.apply(move("right"))  # wall on side 0
    state.apply(move("stay"))
    state.token = (1, 0)
    state.apply(move("right"))  # side 1 has no wall there
    assert state.token == (2, 0) and maze.can_move(1, (1, 0), 1)


def test_no_action_means_stay_and_bad_actions_are_refused():
    state = GnomesAtNightGame().new_initial_state(0)
    state.apply(Turn(message="hmm"))
    assert state.token == (0, 0) and state.current_player == 1
    for bad in (Turn(actions=("right",)), Turn(actions=(MoveAction(move="stay"), MoveAction(move="stay")))):
        with pytest.raises(IllegalTurnError):
            state.apply(bad)


def play_path(state, moves: list[str]) -> None:
    for name in moves:
        state.apply(move(name, "go"))


def test_a_round_ends_on_the_treasure_and_the_next_starts_over():
    game = GnomesAtNightGame()
    state = game.new_initial_state(0)
    maze = state.maze
    # round 1: treasure (4, 0); find a shortest joint path with the oracle's BFS and play it
    path = shortest_joint_path(maze, maze.start, maze.treasures[0], 0)
    assert len(path) == 5
    play_path(state, path)
    result = state.results[0]
    assert (result.success, result.turns, result.oracle_turns) == (True, 5, 5)
    assert state.round_index == 1 and state.token == maze.start and state.current_player == 1 and state.chat == []
    assert state.returns() == [pytest.approx(20 - 0.5)] * 2


def test_the_turn_cap_fails_a_round():
    state = GnomesAtNightGame(turn_cap=3).new_initial_state(0)
    play_path(state, ["stay", "stay", "stay"])
    assert state.results[0].success is False and state.round_index == 1
    for _ in range(4):
        play_path(state, ["stay", "stay", "stay"])
    assert state.is_terminal() and state.current_player == -1
    metrics = state.metrics()
    assert (metrics.rounds, metrics.rounds_solved, metrics.success, metrics.turns) == (5, 0, 0.0, 15)
    assert metrics.messages == [8, 7] and metrics.words == [8, 7]
    assert metrics.reward == pytest.approx(-1.5)


def test_observations_carry_own_walls_and_the_treasure_only_in_own_rounds():
    state = GnomesAtNightGame().new_initial_state(0)
    a, b = state.observation(0), state.observation(1)
    assert a.vertical == state.maze.vertical[0].tolist() and b.vertical == state.maze.vertical[1].tolist()
    assert a.treasure == (4, 0) and b.treasure is None
    assert "horizontal" in a.model_dump() and state.maze.horizontal[1].tolist() not in a.model_dump().values()
    play_path(state, shortest_joint_path(state.maze, state.maze.start, state.maze.treasures[0], 0))
    assert state.observation(0).treasure is None and state.observation(1).treasure == (6, 2)


def shortest_joint_path(maze, start, treasure, first):
    """A shortest sequence of moves (alternating players) from the BFS, for tests."""
    queue = deque([(start, first, [])])
    seen = {(start, first)}
    while queue:
        cell, player, path = queue.popleft()
        for m, (dx, dy) in enumerate(MOVE_DELTAS):
            if not maze.can_move(player, cell, m):
                continue
            nxt = (cell[0] + dx, cell[1] + dy)
            if nxt == treasure:
                return [*path, MOVES[m]]
            if (nxt, 1 - player) not in seen:
                seen.add((nxt, 1 - player))
                queue.append((nxt, 1 - player, [*path, MOVES[m]]))
    raise AssertionError("unreachable")


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 7), st.integers(0, 1000), st.integers(0, 2**32 - 1))
def test_the_oracle_is_a_lower_bound_on_any_successful_play(size, seed, walk_seed):
    maze = generate_maze(size, seed)
    treasure, first = maze.treasures[0], 0
    best = oracle_turns(maze, maze.start, treasure, first)
    assert best == len(shortest_joint_path(maze, maze.start, treasure, first)) >= 1
    rng = np.random.default_rng(walk_seed)
    cell, player = maze.start, first
    for turns in range(1, 400):
        options = [m for m in range(5) if maze.can_move(player, cell, m)]
        m = options[int(rng.integers(len(options)))]
        cell = (cell[0] + MOVE_DELTAS[m][0], cell[1] + MOVE_DELTAS[m][1])
        player = 1 - player
        if cell == treasure:
            assert turns >= best
            break


def test_the_game_passes_the_conformance_checker():
    report = check_game(GnomesAtNightGame(), range(3))
    assert report.games_played == 6 and report.illegal_turns_refused > 0
    check_game(GnomesAtNightGame(size=6, turn_cap=40), range(3))


def test_bad_game_options_are_refused():
    with pytest.raises(ValueError, match="maze size"):
        GnomesAtNightGame(size=2)
    with pytest.raises(ValueError, match="turn_cap"):
        GnomesAtNightGame(turn_cap=0)
    with pytest.raises(ValueError, match="openness"):
        generate_maze(5, 0, openness=2.0)

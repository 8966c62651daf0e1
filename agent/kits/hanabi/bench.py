"""Hanabi throughput, measured in one run (``accord bench hanabi``): the engine's random games (and
OpenSpiel's ``hanabi`` on the same deals, when ``open_spiel`` is installed), the
convention agent's self-play, each game through the engine directly (beliefs observed and a move
chosen per turn, as the pipeline does, without rendering messages), and the search agent's
decisions per second with its Numba rollouts and with the plain-Python reference of the same
search, on the same positions (which must get the same moves)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np


def _timed(run: Callable[[], tuple[int, int]]) -> dict[str, float]:
    start = time.perf_counter()
    games, moves = run()
    seconds = time.perf_counter() - start
    return {
        "games": games,
        "moves": moves,
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 1),
        "moves_per_s": round(moves / seconds, 1),
    }


def random_games(games: int, players: int, seed: int) -> tuple[int, int]:
    """``games`` random games on Accord's engine (integer move ids), deal ``seed + i`` with the rng
    seeded alike; (games, moves)."""
    from games.hanabi import HanabiGame

    game = HanabiGame(players=players)
    moves = 0
    for i in range(games):
        state = game.new_initial_state(seed + i)
        rng = np.random.default_rng(seed + i)
        while not state.is_terminal():
            uids = state.legal_uids()
            state.apply_uid(uids[int(rng.integers(len(uids)))])
            moves += 1
    return games, moves


def openspiel_random_games(games: int, players: int, seed: int) -> tuple[int, int] | None:
    """The same games as :func:`random_games` on OpenSpiel's ``hanabi``: the same deals (each chance
    node gets the deal's next card) and the same rng draws over the same sorted legal moves, so the
    same moves; (games, moves), None without pyspiel."""
    try:
        import pyspiel  # type: ignore[import-not-found]  # the dev extra's open_spiel ships no stubs
    except ImportError:
        return None
    from games.hanabi import HanabiGame

    deals = HanabiGame(players=players)
    game = pyspiel.load_game("hanabi", {"players": players})
    moves = 0
    for i in range(games):
        deck = iter(deals.deal(seed + i))
        state = game.new_initial_state()
        rng = np.random.default_rng(seed + i)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(next(deck))
                continue
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            moves += 1
    return games, moves


def convention_turns(state: Any, planner: Any) -> Iterator[tuple[Any, Any]]:
    """Convention self-play from ``state`` (played on in place), each seat with its own belief
    store fed as the pipeline feeds it: at every turn, before the move is made, the mover's store
    (having observed) and its observation."""
    from beliefs.hanabi import HanabiBeliefs

    game = state.game
    stores = [HanabiBeliefs(state.observation(p)) for p in range(game.num_players)]
    while not state.is_terminal():
        seat = state.current_player
        observation = state.observation(seat)
        stores[seat].observe(observation)
        yield stores[seat], observation
        action, _ = planner.choose(stores[seat], observation)
        state.apply_uid(game.uid(seat, action))


def convention_games(games: int, players: int, seed: int) -> tuple[int, int, list[int]]:
    """``games`` convention self-play games; (games, moves, scores)."""
    from games.hanabi import HanabiGame
    from planners.hanabi_convention import ConventionPlanner

    game = HanabiGame(players=players)
    planner = ConventionPlanner()
    moves = 0
    scores = []
    for i in range(games):
        state = game.new_initial_state(seed + i)
        moves += sum(1 for _ in convention_turns(state, planner))
        scores.append(state.score())
    return games, moves, scores


def run_bench(
    games: int = 1000, agent_games: int = 200, players: int = 2, seed: int = 0, search_decisions: int = 10
) -> dict[str, Any]:
    """Every measurement of the module docstring, in one run."""
    out: dict[str, Any] = {"players": players, "seed": seed}
    out["engine"] = _timed(lambda: random_games(games, players, seed))
    spiel = openspiel_random_games(1, players, seed)  # imported and warmed up outside the timing
    out["openspiel"] = _timed(lambda: openspiel_random_games(games, players, seed) or (0, 0)) if spiel else None
    scores: list[int] = []

    def agents() -> tuple[int, int]:
        done, moves, got = convention_games(agent_games, players, seed)
        scores.extend(got)
        return done, moves

    out["convention"] = _timed(agents)
    out["convention"]["mean_score"] = round(float(np.mean(scores)), 3)
    out["convention"]["us_per_decision"] = round(1e6 / out["convention"]["moves_per_s"], 1)
    out["search"] = search_bench(search_decisions, players, seed) if search_decisions else None
    return out


def search_positions(count: int, players: int, seed: int, horizon: int) -> list[tuple[Any, Any]]:
    """``count`` positions the search agent searches (at most ``horizon`` cards to draw, a choice of
    moves), from convention self-play of deals ``seed, seed + 1, ...``: (the mover's store, its
    observation)."""
    from games.hanabi import HanabiGame
    from planners.hanabi_convention import ConventionPlanner

    game = HanabiGame(players=players)
    planner = ConventionPlanner()
    found: list[tuple[Any, Any]] = []
    deal = seed
    while len(found) < count:
        for store, observation in convention_turns(game.new_initial_state(deal), planner):
            if observation.deck_size <= horizon and len(observation.legal_moves()) > 1:
                found.append((store.for_seat(observation), observation))
                if len(found) == count:
                    break
        deal += 1
    return found


def search_bench(decisions: int, players: int, seed: int, samples: int = 32, horizon: int = 20) -> dict[str, Any]:
    """The search agent's decisions per second on the same ``decisions`` positions, with its Numba
    rollouts and with the plain-Python reference (each warmed up on one position first); whether
    both chose the same moves."""
    from planners.hanabi_search import SearchPlanner

    positions = search_positions(decisions + 1, players, seed, horizon)
    out: dict[str, Any] = {"decisions": decisions, "samples": samples, "horizon": horizon}
    chosen: dict[str, list[Any]] = {}
    for backend in ("numba", "python"):
        planner = SearchPlanner(samples=samples, horizon=horizon, backend=backend)
        planner.choose(*positions[0])
        moves: list[Any] = []

        def run(planner: SearchPlanner = planner, moves: list[Any] = moves) -> tuple[int, int]:
            moves.extend(planner.choose(store, observation)[0] for store, observation in positions[1:])
            return 0, len(moves)

        row = _timed(run)
        out[backend] = {"seconds": row["seconds"], "decisions_per_s": row["moves_per_s"]}
        chosen[backend] = moves
    out["speedup"] = round(out["numba"]["decisions_per_s"] / out["python"]["decisions_per_s"], 1)
    out["same_moves"] = chosen["numba"] == chosen["python"]
    return out

"""Self-play speed of Traveling Adventurers, measured through the public APIs ``accord selfplay`` uses.

:func:`selfplay_rate` times in-process self-play of one preset (the registry builds the agents,
:func:`agent.arena.selfplay` plays the games); :func:`selfplay_profile` says where that time goes
(the TSP solver and the rule parser, timed around their calls). Both are what a bench table calls; from a shell::

    PYTHONPATH=. python -m agent.kits.traveling_adventurers.bench --rooms 6 8 --games 100 --repeats 3

Speed figures belong here, never in unit tests; compare a change against the base commit back to
back on the same machine (the machine is shared, so take the median of several repeats).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from typing import Any
from unittest import mock

from agent.arena import GameRecord, paper_seeds, selfplay
from agent.kits.traveling_adventurers import NAME
from agent.kits.traveling_adventurers.bench_probe import measure
from agent.registry import default_registry


def selfplay_records(rooms: int, games: int, seed: int = 0, preset: str = "problem-solving") -> list[GameRecord]:
    """Play ``games`` self-play games of ``preset`` on generated boards of ``rooms`` rooms.

    Args:
        rooms: the game option ``rooms``.
        games: number of games; game ``i`` plays seed ``seed * 1000 + i`` (as ``accord selfplay``).
        seed: the first seed.
        preset: the agent preset of both seats.

    Returns:
        One record per game, in seed order.
    """
    registry = default_registry()
    game = registry.make_game(NAME, rooms=rooms)
    spec = registry.preset(NAME, preset)
    return selfplay(game, spec, paper_seeds(1, games, seed), registry)


def selfplay_rate(rooms: int, games: int, seed: int = 0, preset: str = "problem-solving") -> float:
    """Games per second of in-process self-play (one warm-up game first, not timed): the
    ``accord bench hot`` probe's figure (:mod:`agent.kits.traveling_adventurers.bench_probe`).

    Args:
        rooms: the game option ``rooms``.
        games: number of timed games.
        seed: the first seed (see :func:`selfplay_records`).
        preset: the agent preset of both seats.

    Returns:
        Timed games divided by their wall time in seconds.
    """
    return float(measure(False, rooms=rooms, games=games, preset=preset, seed=seed)["value"])


def selfplay_profile(rooms: int, games: int, seed: int = 0, preset: str = "problem-solving") -> dict[str, Any]:
    """Where self-play time goes: the calls of the IBP planner's TSP solver (``solve_tsp_dp``) and of
    the rule parser (``TravelingAdventurersParser.parse``), timed around each call while the games
    run (both are patched for the run only, then restored), after one warm-up game.

    Returns:
        ``{"games", "seconds", "tsp_calls", "tsp_seconds", "tsp_share", "parse_calls",
        "parse_seconds", "parse_share"}``: calls and seconds of each, and their share of the run.
    """
    import planners.traveling_adventurers as planner_module
    from language.traveling_adventurers import TravelingAdventurersParser

    selfplay_records(rooms, 1, seed + 1, preset)
    spent = {"tsp": [0, 0.0], "parse": [0, 0.0]}

    def timed(function: Callable[..., Any], what: str) -> Callable[..., Any]:
        def call(*args: Any, **kwargs: Any) -> Any:
            begin = time.perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                spent[what][0] += 1
                spent[what][1] += time.perf_counter() - begin

        return call

    with (
        mock.patch.object(planner_module, "solve_tsp_dp", timed(planner_module.solve_tsp_dp, "tsp")),
        mock.patch.object(TravelingAdventurersParser, "parse", timed(TravelingAdventurersParser.parse, "parse")),
    ):
        begin = time.perf_counter()
        selfplay_records(rooms, games, seed, preset)
        seconds = time.perf_counter() - begin
    (tsp_calls, tsp_seconds), (parse_calls, parse_seconds) = spent["tsp"], spent["parse"]
    return {
        "games": games,
        "seconds": seconds,
        "tsp_calls": tsp_calls,
        "tsp_seconds": tsp_seconds,
        "tsp_share": tsp_seconds / seconds,
        "parse_calls": parse_calls,
        "parse_seconds": parse_seconds,
        "parse_share": parse_seconds / seconds,
    }


def main(argv: list[str] | None = None) -> None:
    """Print the median games/s over ``--repeats`` runs per room count, then one profile each."""
    cli = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    cli.add_argument("--rooms", type=int, nargs="+", default=[6, 8])
    cli.add_argument("--games", type=int, default=100)
    cli.add_argument("--repeats", type=int, default=3)
    cli.add_argument("--seed", type=int, default=0)
    cli.add_argument("--profile", action="store_true", help="also profile one run per room count")
    args = cli.parse_args(argv)
    for rooms in args.rooms:
        rates = [selfplay_rate(rooms, args.games, args.seed) for _ in range(args.repeats)]
        print(f"rooms={rooms}: {statistics.median(rates):.1f} games/s (runs: {', '.join(f'{r:.1f}' for r in rates)})")
        if args.profile:
            print(f"rooms={rooms}: {selfplay_profile(rooms, args.games, args.seed)}")


if __name__ == "__main__":
    main()

"""Every game's typed metrics dump to exactly the JSON the games wrote before metrics were typed.

Result stores already on disk, transcripts and every reported figure read ``GameRecord.metrics``,
the JSON of ``state.metrics()``; typing the metrics must not change one key, value, type or the key
order. ``data/metrics_reference.json`` froze those dicts, taken from the untyped code at random play
(``state.random_turn(rng)`` until terminal, as the conformance checker plays) over a few seeds, and
at a few scripted endings random play does not reach (identical, correct and optimal tours, a
timeout, a solved puzzle). Regenerate it only for an intended change of the metrics::

    PYTHONPATH=. python -m tests.games.test_metrics_reference
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from games.asympuzl import AsympuzlGame, Replace, max_actions
from games.base import Game, GameMetrics, State, Turn
from games.dialop.mediation_game import MediationGame
from games.dialop.optimization_game import OptimizationGame
from games.dialop.planning_game import PlanningGame
from games.gnomes_at_night import GnomesAtNightGame
from games.traveling_adventurers import Submit, TravelingAdventurersGame

REFERENCE = Path(__file__).parent / "data" / "metrics_reference.json"
SEEDS = range(4)
TOUR = ["L", "E", "K", "C", "B", "A", "L"]

GAMES: dict[str, Callable[[], Game]] = {
    "traveling_adventurers": TravelingAdventurersGame,
    "traveling_adventurers_rooms_5": lambda: TravelingAdventurersGame(rooms=5),
    "gnomes_at_night": GnomesAtNightGame,
    "gnomes_at_night_6x6": lambda: GnomesAtNightGame(size=6, turn_cap=40),
    "asympuzl_none": lambda: AsympuzlGame(size=3, feedback="none"),
    "asympuzl_both_detailed": lambda: AsympuzlGame(size=2, feedback="both_detailed"),
    "dialop_optimization": OptimizationGame,
    "dialop_planning": PlanningGame,
    "dialop_mediation": MediationGame,
}

SCRIPTS: dict[str, tuple[int, list[list[str]]]] = {
    # board, the two submissions (each after one chat turn)
    "optimal": (1, [TOUR, TOUR]),
    "identical_not_a_tour": (1, [["L", "E", "K", "E", "B", "A", "L"]] * 2),
    "correct_suboptimal": (3, [["L", "E", "B", "K", "C", "A", "L"]] * 2),
    "different": (3, [TOUR, ["L", "E", "B", "K", "C", "A", "L"]]),
}


def random_play(make: Callable[[], Game], seed: int) -> State:
    """The game ``make()`` at ``seed`` played by random legal turns until it ends."""
    state = make().new_initial_state(seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        state.apply(state.random_turn(rng))
    return state


def scripted_play(board: int, paths: list[list[str]]) -> State:
    """A Traveling Adventurers game in which each player chats once, then submits its path."""
    state = TravelingAdventurersGame(board=board).new_initial_state(0)
    state.apply(Turn(message="let's go L E K C B A L"))
    state.apply(Turn(message="sounds good to me"))
    for path in paths:
        state.apply(Turn(message="submitting", actions=(Submit(path=path),)))
    assert state.is_terminal()
    return state


def timeout_play() -> State:
    """A Traveling Adventurers game that runs out of turns without a submission."""
    state = TravelingAdventurersGame(board=2).new_initial_state(0)
    while not state.is_terminal():
        state.apply(Turn(message="hmm, not sure yet"))
    return state


def solved_puzzle() -> State:
    """An AsymPuzl game both players solve by writing the ground truth into their hypotheses."""
    state = AsympuzlGame(size=3, feedback="joint").new_initial_state(1)
    budget = max_actions(3)
    while not state.is_terminal():
        fixes = [Replace(replace=i + 1, by=p) for i, p in enumerate(state.truth)][:budget]
        state.apply(Turn(message="fixing my board", actions=tuple(fixes)))
    return state


def cases() -> dict[str, Callable[[], State]]:
    """Case name -> a function playing that finished game."""
    out: dict[str, Callable[[], State]] = {}
    for name, make in GAMES.items():
        for seed in SEEDS:
            out[f"{name}/seed{seed}"] = functools.partial(random_play, make, seed)
    for name, (board, paths) in SCRIPTS.items():
        out[f"traveling_adventurers/{name}"] = functools.partial(scripted_play, board, paths)
    out["traveling_adventurers/timeout"] = timeout_play
    out["asympuzl/solved"] = solved_puzzle
    return out


def dumped(state: State) -> Any:
    """The metrics as a result row stores them."""
    metrics: Any = state.metrics()
    return metrics.model_dump(mode="json") if isinstance(metrics, GameMetrics) else json.loads(json.dumps(metrics))


@pytest.fixture(scope="module")
def reference() -> dict[str, Any]:
    return json.loads(REFERENCE.read_text())


def test_the_reference_covers_every_case(reference: dict[str, Any]) -> None:
    assert sorted(reference) == sorted(cases())


@pytest.mark.parametrize("case", sorted(cases()))
def test_typed_metrics_dump_exactly_the_frozen_dicts(case: str, reference: dict[str, Any]) -> None:
    state = cases()[case]()
    metrics = state.metrics()
    assert isinstance(metrics, GameMetrics)
    # the same text: keys, their order, values and JSON types (1 is not 1.0)
    assert json.dumps(metrics.model_dump(mode="json")) == json.dumps(reference[case])


def main() -> None:
    """Freeze the reference from the current code (run only for an intended change of the metrics)."""
    frozen = {name: dumped(play()) for name, play in sorted(cases().items())}
    REFERENCE.parent.mkdir(parents=True, exist_ok=True)
    REFERENCE.write_text(json.dumps(frozen, indent=1) + "\n")
    print(f"wrote {len(frozen)} cases to {REFERENCE}")


if __name__ == "__main__":
    main()

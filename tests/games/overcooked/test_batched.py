"""The Numba batched stepper agrees with the engine: on the golden trajectories (each file's episodes
stepped as one batch; every state and both rewards compared) and on random play from random
positions under both dynamics; bad input is refused in one line."""

import numpy as np
import pytest

from games.overcooked import LAYOUTS, initial_kitchen, load_layout, step, to_upstream_dict
from games.overcooked.batched import batch_from_kitchens, kitchen_at, step_batch
from tests.games.overcooked.test_golden import FILES, SETS, episodes, row_major


def replay_batched(folder: str, layout_name: str, count: int) -> int:
    found = episodes(folder, layout_name)[:count]
    layout = load_layout(layout_name)
    batch = batch_from_kitchens(layout, [initial_kitchen(layout)] * len(found))
    for t in range(400):
        sparse, shaped = step_batch(layout, batch, np.array([e["steps"][t]["a"] for e in found]), SETS[folder])
        for i, episode in enumerate(found):
            record = episode["steps"][t]
            where = f"{folder}{layout_name} seed {episode['seed']} t {t}"
            assert to_upstream_dict(kitchen_at(batch, i)) == row_major(record["s"]), where
            assert sparse[i].tolist() == record["r"] and shaped[i].tolist() == record["sh"], where
    return len(found) * 400


@pytest.mark.parametrize(("folder", "layout"), FILES, ids=[f"{f or 'paper/'}{name}" for f, name in FILES])
def test_batched_replays_golden_episodes(folder, layout):
    assert replay_batched(folder, layout, 4) == 1600


@pytest.mark.slow
@pytest.mark.parametrize(("folder", "layout"), FILES, ids=[f"{f or 'paper/'}{name}" for f, name in FILES])
def test_batched_replays_every_golden_episode(folder, layout):
    assert replay_batched(folder, layout, 20) == 8000


@pytest.mark.parametrize("dynamics", ["paper", "v1.1.0"])
@pytest.mark.parametrize("layout_name", LAYOUTS)
def test_batched_matches_the_engine_from_random_positions(layout_name, dynamics):
    """64 kitchens, each first played a random number of scripted-random steps (an interact-heavy
    policy, so pots fill and soups travel), then stepped together with the engine alongside."""
    layout = load_layout(layout_name)
    rng = np.random.default_rng([7, LAYOUTS.index(layout_name)])
    kitchens = []
    for _ in range(64):
        kitchen = initial_kitchen(layout)
        for _ in range(int(rng.integers(0, 300))):
            joint = rng.choice(6, size=2, p=[0.15, 0.15, 0.15, 0.15, 0.05, 0.35])
            kitchen = step(layout, kitchen, (int(joint[0]), int(joint[1])), dynamics).kitchen
        kitchens.append(kitchen)
    batch = batch_from_kitchens(layout, kitchens)
    assert [kitchen_at(batch, i) for i in range(64)] == kitchens
    for _ in range(100):
        actions = rng.choice(6, size=(64, 2), p=[0.15, 0.15, 0.15, 0.15, 0.05, 0.35])
        sparse, shaped = step_batch(layout, batch, actions, dynamics)
        for i in range(64):
            outcome = step(layout, kitchens[i], (int(actions[i, 0]), int(actions[i, 1])), dynamics)
            kitchens[i] = outcome.kitchen
            assert tuple(sparse[i]) == outcome.sparse and tuple(shaped[i]) == outcome.shaped
        assert [kitchen_at(batch, i) for i in range(64)] == kitchens


def test_bad_batched_input_is_refused():
    layout = load_layout("cramped_room")
    batch = batch_from_kitchens(layout, [initial_kitchen(layout)] * 3)
    for actions, dynamics, pattern in (
        (np.zeros((2, 2)), "paper", "shape"),
        (np.full((3, 2), 6), "paper", "0-5"),
        (np.zeros((3, 2)), "2019", "unknown dynamics"),
    ):
        with pytest.raises(ValueError, match=pattern) as err:
            step_batch(layout, batch, actions, dynamics)
        assert "\n" not in str(err.value)
    assert kitchen_at(batch, 0) == initial_kitchen(layout)

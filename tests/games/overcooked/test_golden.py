"""Accord's Overcooked engine replays every golden trajectory of overcooked-ai 1.1.0 exactly.

The goldens (``games/overcooked/golden/``, see its PROVENANCE.md) hold 15 files of 20 episodes x 400
steps: the paper dynamics under uniform random play, unmodified 1.1.0 under uniform random play, and
the paper dynamics under a scripted cook that delivers. Each step is compared in full: the next state
as upstream's ``to_dict()`` (players' cells, facings and held objects; objects with ingredients and
cooking ticks; timestep), the sparse and shaped reward of each player and the events. Upstream lists
objects in its dict's insertion order, which has no meaning (a dict keyed by position), so objects are
compared in row-major order of their positions.
"""

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from games.overcooked import LAYOUTS, from_upstream_dict, initial_kitchen, load_layout, step, to_upstream_dict

GOLDEN = Path(__file__).resolve().parents[3] / "games" / "overcooked" / "golden"
SETS = {"": "paper", "default/": "v1.1.0", "guided/": "paper"}
FILES = [(folder, layout) for folder in SETS for layout in LAYOUTS]


def episodes(folder: str, layout: str) -> list[dict[str, Any]]:
    with gzip.open(GOLDEN / f"{folder}{layout}.jsonl.gz", "rt") as handle:
        return [json.loads(line) for line in handle]


def row_major(state: dict[str, Any]) -> dict[str, Any]:
    return {**state, "objects": sorted(state["objects"], key=lambda o: (o["position"][1], o["position"][0]))}


def replay(episode: dict[str, Any], dynamics: str) -> dict[str, int]:
    """Replay one episode, asserting every step; returns counts of what it went through."""
    layout = load_layout(episode["layout"])
    kitchen = from_upstream_dict(episode["start_state"])
    assert kitchen == initial_kitchen(layout)
    counts = {"steps": 0, "deliveries": 0, "sparse": 0, "shaped": 0}
    for record in episode["steps"]:
        where = f"{episode['layout']} seed {episode['seed']} t {record['t']}"
        outcome = step(layout, kitchen, (record["a"][0], record["a"][1]), dynamics)  # type: ignore[arg-type]
        kitchen = outcome.kitchen
        assert to_upstream_dict(kitchen) == row_major(record["s"]), where
        assert list(outcome.sparse) == record["r"], where
        assert list(outcome.shaped) == record["sh"], where
        assert [list(event) for event in outcome.events] == record["ev"], where
        counts["steps"] += 1
        counts["deliveries"] += sum(1 for name, _ in outcome.events if name == "soup_delivery")
        counts["sparse"] += sum(outcome.sparse)
        counts["shaped"] += sum(outcome.shaped)
    return counts


@pytest.mark.parametrize(("folder", "layout"), FILES, ids=[f"{f or 'paper/'}{name}" for f, name in FILES])
def test_every_golden_episode_replays_exactly(folder, layout):
    found = episodes(folder, layout)
    assert len(found) == 20 and all(e["horizon"] == 400 and e["layout"] == layout for e in found)
    totals = [replay(episode, SETS[folder]) for episode in found]
    assert sum(t["steps"] for t in totals) == 8000


def test_goldens_exercise_the_reward_paths():
    """The guided set delivers (PROVENANCE.md: 166 soups in cramped_room); the unmodified set delivers
    soups of fewer than three onions for 0."""
    guided = [replay(e, "paper") for e in episodes("guided/", "cramped_room")]
    assert sum(t["deliveries"] for t in guided) == 166 and sum(t["sparse"] for t in guided) == 3320
    default = [replay(e, "v1.1.0") for e in episodes("default/", "cramped_room")]
    assert sum(t["deliveries"] for t in default) == 3 and sum(t["sparse"] for t in default) == 0


def test_the_paper_and_unmodified_dynamics_differ_on_the_goldens():
    """Replaying a v1.1.0 episode with the paper dynamics diverges (the goldens tell them apart)."""
    episode = episodes("default/", "cramped_room")[0]
    with pytest.raises(AssertionError):
        for candidate in episodes("default/", "cramped_room"):
            replay(candidate, "paper")
    assert replay(episode, "v1.1.0")["steps"] == 400


def test_a_bad_upstream_dict_is_refused_in_one_line():
    bad_dicts: list[dict[str, Any]] = [{}, {"players": [{}]}, {"players": [], "objects": [], "timestep": 0}]
    for bad in bad_dicts:
        with pytest.raises(ValueError, match="upstream Overcooked state dict|expected 2 players") as err:
            from_upstream_dict(bad)
        assert "\n" not in str(err.value)

"""Record (and verify) golden trajectories of the original ``overcooked-ai==1.1.0``.

Standalone script: it runs ONLY in a throwaway virtual environment that has the upstream package
installed (see PROVENANCE.md); Accord never imports it (there is no ``__init__.py`` on this path).

    python3 -m venv /tmp/ocvenv
    /tmp/ocvenv/bin/pip install "overcooked-ai==1.1.0" "numpy<2" scipy
    /tmp/ocvenv/bin/python games/overcooked/golden/record_golden.py            # record
    /tmp/ocvenv/bin/python games/overcooked/golden/record_golden.py --verify   # replay and check

Settings (``--setting``):

* ``paper`` (default, written to ``<layout>.jsonl.gz``): the setting of the LLM-Coordination paper and of
  the original 2019 Overcooked-AI work -- a pot starts cooking by itself on the step its third
  ingredient goes in, INTERACT with empty hands on a pot does nothing, cooking takes 20 ticks, a
  delivery of an ordered soup is worth 20. Version 1.1.0 has no switch for this (the ``old_dynamics``
  flag of later upstream versions does not exist in 1.1.0), so ``PaperDynamicsGridworld`` below
  re-creates upstream's ``old_dynamics=True`` branch by overriding two methods of the 1.1.0 class;
  everything else (movement, collisions, interacts, rewards, shaping) is the unmodified 1.1.0 code.
  ``cook_time=20`` and ``delivery_reward=20`` are passed explicitly to ``from_layout_name`` (they equal
  the 1.1.0 defaults for these layouts, which set neither).
* ``default`` (written to ``default/<layout>.jsonl.gz``): the unmodified 1.1.0 MDP, where a pot with
  1-3 ingredients only starts cooking when a player with empty hands INTERACTs with it.

Policies: ``uniform`` (uniformly random joint actions; paper and default settings) and ``guided`` (a seeded
epsilon-greedy scripted cook, paper setting only, written to ``guided/<layout>.jsonl.gz``) so that the
delivery and shaping paths are exercised; see ``guided_action``.

One line per episode: ``{"layout", "file_layout", "seed", "policy", "setting", "horizon", "action_names",
"start_state", "steps"}``; each step is ``{"t", "a", "s", "r", "sh", "ev"}``: ``a`` the joint action as
indices into ``action_names`` (= ``Action.ALL_ACTIONS`` order), ``s`` the NEXT state as
``OvercookedState.to_dict()`` (tuples become JSON lists), ``r`` the sparse reward per player, ``sh`` the
shaped reward per player (``infos["sparse_reward_by_agent"]`` / ``["shaped_reward_by_agent"]``), ``ev``
the ``[event_name, player]`` pairs that are true in ``infos["event_infos"]``.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
from pathlib import Path

import numpy as np
from overcooked_ai_py.mdp.actions import Action
from overcooked_ai_py.mdp.overcooked_mdp import OvercookedGridworld, OvercookedState

HERE = Path(__file__).resolve().parent

# Paper name -> layout file name in overcooked-ai 1.1.0. In 1.1.0 ``counter_circuit.layout`` is a
# different, tomato/multi-order variant; the paper's (2019) counter circuit is ``counter_circuit_o_1order``.
LAYOUTS = {
    "cramped_room": "cramped_room",
    "asymmetric_advantages": "asymmetric_advantages",
    "coordination_ring": "coordination_ring",
    "forced_coordination": "forced_coordination",
    "counter_circuit": "counter_circuit_o_1order",
}
HORIZON = 400
EPISODES = 20
BASE_SEED = 20_251_124
ACTION_NAMES = ["NORTH", "SOUTH", "EAST", "WEST", "STAY", "INTERACT"]
assert len(Action.ALL_ACTIONS) == len(ACTION_NAMES)

SETTINGS = {
    "paper": {
        "auto_start_with_3_ingredients": True,
        "interact_starts_cooking": False,
        "cook_time": 20,
        "delivery_reward": 20,
        "from_layout_name_kwargs": {"cook_time": 20, "delivery_reward": 20},
        "emulates": "upstream old_dynamics=True (absent in 1.1.0), via PaperDynamicsGridworld",
    },
    "default": {
        "auto_start_with_3_ingredients": False,
        "interact_starts_cooking": True,
        "cook_time": 20,
        "delivery_reward": 20,
        "from_layout_name_kwargs": {},
        "emulates": "unmodified overcooked-ai 1.1.0 OvercookedGridworld",
    },
}


class PaperDynamicsGridworld(OvercookedGridworld):
    """1.1.0's MDP with upstream's later ``old_dynamics=True`` behaviour, and nothing else changed.

    * INTERACT with empty hands on a pot never starts cooking: 1.1.0's ``resolve_interacts`` starts a
      soup only through ``soup_to_be_cooked_at_location`` (its single call site), so while interacts are
      resolved that predicate answers False.
    * In ``step_environment_effects`` (after interacts and movement, with the timestep increment) a soup
      that is idle with exactly 3 ingredients begins cooking (tick 0) and is then cooked like any
      cooking soup (tick 1) in the same step -- upstream's code, line for line.
    """

    _resolving_interacts = False

    def resolve_interacts(self, new_state, joint_action, events_infos):
        self._resolving_interacts = True
        try:
            return super().resolve_interacts(new_state, joint_action, events_infos)
        finally:
            self._resolving_interacts = False

    def soup_to_be_cooked_at_location(self, state, pos):
        if self._resolving_interacts:
            return False
        return super().soup_to_be_cooked_at_location(state, pos)

    def step_environment_effects(self, state):
        state.timestep += 1
        for obj in state.objects.values():
            if obj.name == "soup":
                if not obj.is_cooking and not obj.is_ready and len(obj.ingredients) == 3:
                    obj.begin_cooking()
                if obj.is_cooking:
                    obj.cook()


def make_mdp(file_layout: str, setting: str) -> OvercookedGridworld:
    """Builds the MDP. NB: 1.1.0 configures ``Recipe`` class-wide, so build it right before use."""
    mdp = OvercookedGridworld.from_layout_name(file_layout, **SETTINGS[setting]["from_layout_name_kwargs"])
    if setting == "paper":
        mdp.__class__ = PaperDynamicsGridworld
    return mdp


def jsonable(obj):
    return json.loads(json.dumps(obj))


def events_true(event_infos: dict) -> list:
    return [[name, i] for name, flags in event_infos.items() for i, flag in enumerate(flags) if flag]


def episode_seed(layout_index: int, episode: int, policy: str = "uniform") -> int:
    return BASE_SEED + 1000 * layout_index + (500 if policy == "guided" else 0) + episode


def joint_actions(seed: int) -> np.ndarray:
    """Uniformly random joint actions: ``numpy.random.default_rng(seed).integers(0, 6, (400, 2))``."""
    return np.random.default_rng(seed).integers(0, len(ACTION_NAMES), size=(HORIZON, 2))


# --- the "guided" policy: seeded epsilon-greedy scripted cook, only to reach the reward paths -------------
# Uniformly random play almost never completes a soup (see PROVENANCE.md), so a second set of episodes
# drives both players with this policy: with probability GUIDED_EPS a uniformly random action, otherwise
# one step towards the tile its current sub-goal needs (onion -> pot with room, dish -> cooking/ready pot,
# soup -> serving tile; empty hands -> dish if a pot is cooking/ready and nobody has a dish, else onion;
# a tile it cannot reach -> hand the object over on a counter both regions touch), INTERACT when facing it.
GUIDED_EPS = 0.2
DIRS = [(0, -1), (0, 1), (1, 0), (-1, 0)]  # = Action.ALL_ACTIONS[0:4]


def _walkable(mdp) -> set:
    return set(mdp.get_valid_player_positions())


def _reach(mdp, start) -> dict:
    """BFS over walkable cells (partner ignored): cell -> first action index of a shortest path."""
    walk = _walkable(mdp)
    first = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for cell in frontier:
            for k, (dx, dy) in enumerate(DIRS):
                n = (cell[0] + dx, cell[1] + dy)
                if n in walk and n not in first:
                    first[n] = k if first[cell] is None else first[cell]
                    nxt.append(n)
        frontier = nxt
    return first


def _neighbours(tile):
    return [(tile[0] + dx, tile[1] + dy) for dx, dy in DIRS]


def _goal_tiles(mdp, state, i, reach) -> list:
    player = state.players[i]
    held = player.held_object.name if player.held_object is not None else None
    pots = mdp.get_pot_states(state)
    counters = mdp.get_counter_locations()
    walk = _walkable(mdp)

    def usable(tiles):
        return [t for t in tiles if any(n in reach for n in _neighbours(t))]

    def on_counter(name):
        return usable([pos for pos, obj in state.objects.items() if pos in counters and obj.name == name])

    shared = usable(
        [c for c in counters if not state.has_object(c) and any(n in walk and n not in reach for n in _neighbours(c))]
    )
    cooking_or_ready = mdp.get_cooking_pots(pots) + mdp.get_ready_pots(pots)
    if held == "onion":
        return usable(mdp.get_empty_pots(pots) + mdp.get_partially_full_pots(pots)) or shared
    if held == "dish":
        return usable(cooking_or_ready) or shared
    if held == "soup":
        return usable(mdp.get_serving_locations()) or shared
    if held is None:
        someone_has_dish = any(p.held_object is not None and p.held_object.name == "dish" for p in state.players)
        if cooking_or_ready and not someone_has_dish:
            goal = on_counter("dish") + usable(mdp.get_dish_dispenser_locations())
            if goal:
                return goal
        return on_counter("soup") + on_counter("onion") + usable(mdp.get_onion_dispenser_locations())
    return []


def guided_action(mdp, state, i, rng) -> int:
    if rng.random() < GUIDED_EPS:
        return int(rng.integers(len(ACTION_NAMES)))
    player = state.players[i]
    reach = _reach(mdp, player.position)
    goals = _goal_tiles(mdp, state, i, reach)
    for tile in goals:  # already next to a goal tile: face it, then INTERACT
        d = (tile[0] - player.position[0], tile[1] - player.position[1])
        if d in DIRS:
            return 5 if tuple(player.orientation) == d else DIRS.index(d)
    best = None
    for tile in goals:
        for n in _neighbours(tile):
            if n in reach and reach[n] is not None:
                dist = abs(n[0] - player.position[0]) + abs(n[1] - player.position[1])
                if best is None or dist < best[0]:
                    best = (dist, reach[n])
    return best[1] if best is not None else int(rng.integers(len(ACTION_NAMES)))


def make_policy(mdp, policy: str, seed: int):
    if policy == "uniform":
        actions = joint_actions(seed).tolist()
        return lambda state, t: actions[t]
    rng = np.random.default_rng(seed)
    return lambda state, t: [guided_action(mdp, state, 0, rng), guided_action(mdp, state, 1, rng)]


def run_episode(mdp: OvercookedGridworld, policy, state: OvercookedState):
    for t in range(HORIZON):
        a0, a1 = policy(state, t)
        joint = (Action.ALL_ACTIONS[a0], Action.ALL_ACTIONS[a1])
        state, infos = mdp.get_state_transition(state, joint)
        yield t, [a0, a1], state, infos


def record_layout(layout_index: int, layout: str, setting: str, policy: str, episodes: int) -> list[dict]:
    file_layout = LAYOUTS[layout]
    mdp = make_mdp(file_layout, setting)
    lines = []
    for ep in range(episodes):
        seed = episode_seed(layout_index, ep, policy)
        start = mdp.get_standard_start_state()
        steps = [
            {
                "t": t,
                "a": a,
                "s": jsonable(s.to_dict()),
                "r": list(infos["sparse_reward_by_agent"]),
                "sh": list(infos["shaped_reward_by_agent"]),
                "ev": events_true(infos["event_infos"]),
            }
            for t, a, s, infos in run_episode(mdp, make_policy(mdp, policy, seed), start)
        ]
        lines.append(
            {
                "layout": layout,
                "file_layout": file_layout,
                "seed": seed,
                "policy": policy,
                "setting": {"name": setting, **SETTINGS[setting]},
                "horizon": HORIZON,
                "action_names": ACTION_NAMES,
                "start_state": jsonable(start.to_dict()),
                "steps": steps,
            }
        )
    return lines


# (setting, policy) -> sub-folder of the output folder
RUNS = {("paper", "uniform"): "", ("default", "uniform"): "default", ("paper", "guided"): "guided"}


def out_path(out_dir: Path, layout: str, setting: str, policy: str) -> Path:
    return out_dir / RUNS[(setting, policy)] / f"{layout}.jsonl.gz"


def write(path: Path, lines: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = "".join(json.dumps(line, separators=(",", ":"), sort_keys=True) + "\n" for line in lines)
    # mtime=0 and no file name in the header: the bytes depend on the content only.
    with open(path, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=9) as gz:
        gz.write(payload.encode())


def verify_file(path: Path, layout_index: int, layout: str, setting: str, policy: str) -> dict:
    mdp = make_mdp(LAYOUTS[layout], setting)
    stats = {"episodes": 0, "steps": 0, "deliveries": 0, "sparse_total": 0, "cook_starts": 0}
    with gzip.open(path, "rt") as fh:
        for ep, raw in enumerate(fh):
            line = json.loads(raw)
            assert line["layout"] == layout and line["setting"]["name"] == setting, path
            assert line.get("policy", "uniform") == policy, path
            assert line["seed"] == episode_seed(layout_index, ep, policy), (path, ep)
            assert jsonable(mdp.get_standard_start_state().to_dict()) == line["start_state"]
            state = OvercookedState.from_dict(line["start_state"])
            # the policy is rebuilt from the seed: this re-derives the recorded actions as well
            run = run_episode(mdp, make_policy(mdp, policy, line["seed"]), state)
            prev_cooking = set()
            for (t, a, s, infos), rec in zip(run, line["steps"], strict=True):
                assert rec["t"] == t and rec["a"] == a, (path, ep, t, "action")
                assert jsonable(s.to_dict()) == rec["s"], (path, ep, t, "state")
                assert list(infos["sparse_reward_by_agent"]) == rec["r"], (path, ep, t, "sparse")
                assert list(infos["shaped_reward_by_agent"]) == rec["sh"], (path, ep, t, "shaped")
                assert events_true(infos["event_infos"]) == rec["ev"], (path, ep, t, "events")
                stats["deliveries"] += sum(1 for name, _ in rec["ev"] if name == "soup_delivery")
                stats["sparse_total"] += sum(rec["r"])
                cooking = {
                    tuple(o["position"]) for o in rec["s"]["objects"] if o["name"] == "soup" and o["cooking_tick"] >= 0
                }
                stats["cook_starts"] += len(cooking - prev_cooking)
                prev_cooking = cooking
                stats["steps"] += 1
            assert len(line["steps"]) == HORIZON
            stats["episodes"] += 1
    assert stats["episodes"] >= EPISODES, (path, stats)
    return stats


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verify", action="store_true", help="replay every recorded file and check it")
    parser.add_argument("--setting", choices=sorted(SETTINGS), action="append", help="default: paper and default")
    parser.add_argument("--episodes", type=int, default=EPISODES)
    parser.add_argument("--out", type=Path, default=HERE)
    args = parser.parse_args(argv)
    for setting, policy in RUNS:
        if args.setting and setting not in args.setting:
            continue
        for index, layout in enumerate(LAYOUTS):
            path = out_path(args.out, layout, setting, policy)
            if args.verify:
                stats = verify_file(path, index, layout, setting, policy)
                print(f"OK {setting:7s} {policy:7s} {layout:22s} {stats} sha256={sha256(path)}")
            else:
                write(path, record_layout(index, layout, setting, policy, args.episodes))
                print(f"wrote {path} ({path.stat().st_size} bytes) sha256={sha256(path)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

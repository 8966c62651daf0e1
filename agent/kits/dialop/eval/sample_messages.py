"""The messages of the DialOp human evaluation sets: a seeded sample of the recorded human games.

``python -m agent.kits.dialop.eval.sample_messages TASK N SEED`` prints N human messages of TASK's
recorded games as JSON lines ``{"recorded": game index, "turn": index into
games.dialop.replay.recorded_turns, "author": ..., "message": ...}``: games are drawn without
replacement (seeded), one message each, and once every game is used, a second message from games
drawn again. The labelled sets (``<task>.jsonl`` beside this file) were drawn with N = 170, SEED = 17.
"""

from __future__ import annotations

import json
import sys

import numpy as np

from games.dialop.data import load_recorded
from games.dialop.mediation_game import ASSISTANT as MEDIATION_ASSISTANT
from games.dialop.planning_game import ASSISTANT as PLANNING_ASSISTANT
from games.dialop.replay import Task, recorded_turns


def author_of(task: Task, seat: int) -> str:
    """Who wrote a message of ``seat``: the task's role names (``player 0`` in Optimization)."""
    if task == "planning":
        return "assistant" if seat == PLANNING_ASSISTANT else "user"
    if task == "mediation":
        return "assistant" if seat == MEDIATION_ASSISTANT else f"user {seat}"
    return f"player {seat}"


def sample(task: Task, count: int, seed: int) -> list[dict[str, object]]:
    """``count`` human messages of ``task``'s recorded games (see the module docstring)."""
    rng = np.random.default_rng(seed)
    games = load_recorded(task)
    messages = [
        [
            (turn_index, seat, turn.message)
            for turn_index, (seat, turn) in enumerate(recorded_turns(task, game))
            if turn.message.strip()
        ]
        for game in games
    ]
    picked: set[tuple[int, int]] = set()
    out: list[dict[str, object]] = []
    while len(out) < count:
        for index in rng.permutation(len(games)):
            candidates = [m for m in messages[int(index)] if (int(index), m[0]) not in picked]
            if not candidates or len(out) == count:
                continue
            turn_index, seat, text = candidates[int(rng.integers(len(candidates)))]
            picked.add((int(index), turn_index))
            out.append({"recorded": int(index), "turn": turn_index, "author": author_of(task, seat), "message": text})
    return out


if __name__ == "__main__":
    task, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    for item in sample(task, count, seed):  # type: ignore[arg-type]
        print(json.dumps(item, ensure_ascii=False))

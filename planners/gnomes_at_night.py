"""Move choosers for Gnomes at Night: the AISMCTS-F agent and the partner simulators.

:class:`AISMCTSPlanner` is the paper's planning module (Chen et al., Algorithm 1): it searches with
the ego's own walls, the hidden-information dictionary and a treasure belief (never the partner's
walls or hidden treasure), then ``SelectBestAction`` turns the search into a move and a flag:

1. the input flag: a refusal updates the dictionary (in the belief store, when heard); a request
   for a move that the ego's walls block is answered with a ``reject`` flag; a question is
   answered (``inquiry`` with what the ego knows: the treasure's direction if it sees it, the walls
   around the token);
2. the move: the most-visited root child, ties broken toward the partner's requested move;
3. the output flag (when not answering or refusing): the partner's most-visited reply after that
   move, among replies the dictionary does not rule out: the move the ego wants next.

With ``communicate=False`` (the ``mute`` agent) the same search runs and no flag is sent.

:class:`ProxyPlanner` stands in for a person: it follows a requested move when its walls allow it
and it does not lead away from a treasure it sees, otherwise refuses it (the paper's template) or
asks for a better move; it answers questions; when it sees the treasure it leads toward it on its
own side's shortest path; when it does not, it asks where the treasure is. ``mute`` partners move
the same way and say nothing.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from beliefs.gnomes_at_night import GnomesBeliefs
from games.gnomes_at_night import MOVE_DELTAS, MoveAction
from language.acts import Intent
from language.flags import MOVES, Direction, Flag, is_move
from planners.aismcts import SearchConfig, SearchProblem, SearchResult, search


def _step(cell: tuple[int, int], move: int) -> tuple[int, int]:
    return (cell[0] + MOVE_DELTAS[move][0], cell[1] + MOVE_DELTAS[move][1])


def _sign(value: int) -> Literal[-1, 0, 1]:
    return 1 if value > 0 else (-1 if value < 0 else 0)


def answer_inquiry(beliefs: GnomesBeliefs, observation: Any) -> Flag:
    """What the ego can say when asked: the treasure's direction if it sees it, the blocked moves."""
    x, y = observation.token
    treasure = None
    if observation.treasure is not None:
        treasure = Direction(dx=_sign(observation.treasure[0] - x), dy=_sign(observation.treasure[1] - y))
    blocked = [MOVES[m] for m in range(1, 5) if not beliefs.own_open[y, x, m]]
    return Flag(flag="inquiry", treasure=treasure, blocked=blocked)


class AISMCTSPlanner:
    """AISMCTS-F (see the module docstring).

    Args:
        communicate: read and send flags (``comm``) or not (``mute``).
        **search: the fields of :class:`SearchConfig` (iterations, time_budget_s, exploration,
            max_depth, rollout, epsilon).

    Raises:
        TypeError: an unknown search option.
    """

    def __init__(self, communicate: bool = True, **search: Any) -> None:
        self.communicate = communicate
        self.config = SearchConfig(**search)
        self.last_result: SearchResult | None = None

    def plan(self, beliefs: GnomesBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        if not isinstance(beliefs, GnomesBeliefs):
            raise ValueError("AISMCTSPlanner plays Gnomes at Night only")
        token = tuple(observation.token)
        x, y = token
        incoming = beliefs.partner_flag if self.communicate else None
        problem = SearchProblem(
            ego_open=beliefs.own_open,
            partner_rejected=beliefs.rejected.copy(),
            token=token,
            ego_to_move=True,
            treasure_prob=beliefs.treasure_belief(observation),
            turns_left=int(observation.turns_left),
        )
        result = search(problem, self.config, seed=int(rng.integers(2**31)))
        self.last_result = result
        move = self._best_move(result.root_visits, incoming, rng)
        action = MoveAction(move=MOVES[move])
        if not self.communicate:
            return Intent(actions=[action])
        out: Flag | None = None
        if incoming is not None and incoming.is_question:
            out = answer_inquiry(beliefs, observation)
        elif incoming is not None and is_move(incoming.flag) and not beliefs.own_open[y, x, MOVES.index(incoming.flag)]:
            out = Flag(flag="reject", move=incoming.flag)
        else:
            out = self._request(result.reply_visits[move], _step(token, move), beliefs)
        return Intent(acts=[out] if out is not None else [], actions=[action])

    @staticmethod
    def _best_move(visits: np.ndarray, incoming: Flag | None, rng: np.random.Generator) -> int:
        best = np.flatnonzero(visits == visits.max())
        if incoming is not None and incoming.is_move and MOVES.index(incoming.flag) in best:
            return MOVES.index(incoming.flag)
        return int(best[int(rng.integers(len(best)))]) if len(best) > 1 else int(best[0])

    @staticmethod
    def _request(replies: np.ndarray, cell: tuple[int, int], beliefs: GnomesBeliefs) -> Flag | None:
        """The partner's most-visited reply at ``cell``, unless the dictionary rules it out."""
        x, y = cell
        allowed = [b for b in range(5) if replies[b] > 0 and not beliefs.rejected[y, x, b]]
        if not allowed:
            return None
        best = max(allowed, key=lambda b: (replies[b], -b))
        return Flag(flag=MOVES[best])


def _own_distances(beliefs: GnomesBeliefs, target: tuple[int, int]) -> np.ndarray:
    """Steps to ``target`` moving on one's own side only (inf where unreachable)."""
    dist = np.full((beliefs.size, beliefs.size), np.inf)
    dist[target[1], target[0]] = 0
    queue = deque([target])
    while queue:
        cell = queue.popleft()
        for move in range(1, 5):
            x, y = cell
            if not beliefs.own_open[y, x, move]:
                continue
            nxt = _step(cell, move)
            if dist[nxt[1], nxt[0]] == np.inf:
                dist[nxt[1], nxt[0]] = dist[y, x] + 1
                queue.append(nxt)
    return dist


@dataclass
class ProxyPlanner:
    """A rule-based partner standing in for a person (see the module docstring).

    Args:
        communicate: send messages (``proxy``) or play silently (``mute``).
    """

    communicate: bool = True

    def plan(self, beliefs: GnomesBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        token = tuple(observation.token)
        x, y = token
        incoming = beliefs.partner_flag if self.communicate else None
        open_moves = [m for m in range(5) if beliefs.own_open[y, x, m]]  # stay is always open
        dist = _own_distances(beliefs, tuple(observation.treasure)) if observation.treasure is not None else None

        def toward(cell: tuple[int, int]) -> int | None:
            """The open move from ``cell`` that shortens the own-side path to the treasure, or, where
            the own side cannot reach it, the straight-line distance."""
            if dist is None:
                return None
            options = [m for m in range(1, 5) if beliefs.own_open[cell[1], cell[0], m]]
            here = dist[cell[1], cell[0]]
            if np.isfinite(here):
                better = [m for m in options if dist[_step(cell, m)[1], _step(cell, m)[0]] < here]
            else:
                goal = observation.treasure
                span = abs(goal[0] - cell[0]) + abs(goal[1] - cell[1])
                better = [
                    m for m in options if abs(goal[0] - _step(cell, m)[0]) + abs(goal[1] - _step(cell, m)[1]) < span
                ]
            return better[0] if better else None

        own = toward(token)
        if own is not None:
            move = own
        elif dist is None and beliefs.hinted:
            move = self._closer(beliefs, observation, open_moves)
        else:
            move = 0  # no treasure in sight and no directions yet: wait

        out: Flag | None = None
        if incoming is not None and incoming.is_question:
            out = answer_inquiry(beliefs, observation)
        elif incoming is not None and is_move(incoming.flag) and incoming.flag != "stay":
            asked = MOVES.index(incoming.flag)
            if asked not in open_moves:
                out = Flag(flag="reject", move=incoming.flag)
            elif (
                dist is not None
                and dist[_step(token, asked)[1], _step(token, asked)[0]] > dist[y, x]
                and own is not None
            ):
                out = Flag(flag=MOVES[own])  # it leads away from the treasure I see: ask for the better move
            else:
                move, out = asked, Flag(flag="accept")
        if out is None and self.communicate:
            if dist is not None:
                nxt = toward(_step(token, move))
                out = Flag(flag=MOVES[nxt]) if nxt is not None else None
            elif not beliefs.asked:
                out = Flag(flag="inquiry")  # where is the treasure? (once a round)
        if not self.communicate:
            out = None
        return Intent(acts=[out] if out is not None else [], actions=[MoveAction(move=MOVES[move])])

    @staticmethod
    def _closer(beliefs: GnomesBeliefs, observation: Any, open_moves: list[int]) -> int:
        """The open move that most shortens the expected distance to the treasure the partner
        described (stay when none does)."""
        belief = beliefs.treasure_belief(observation)
        ys, xs = np.mgrid[0 : beliefs.size, 0 : beliefs.size]

        def expected(cell: tuple[int, int]) -> float:
            return float((belief * (np.abs(xs - cell[0]) + np.abs(ys - cell[1]))).sum())

        token = tuple(observation.token)
        return min(open_moves, key=lambda m: (expected(_step(token, m)), m))

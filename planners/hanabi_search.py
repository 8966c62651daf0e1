"""The Hanabi search planner: single-agent search on top of the convention blueprint, in the style of
SPARTA (Lerer et al. 2020, "Improving Policies via Search in Cooperative Partially Observable
Games").

Each turn the blueprint (:class:`~planners.hanabi_convention.ConventionPlanner`) proposes a move.
When the search is on for this position (once at most ``horizon`` cards are left to draw: 20 by
default, the second half of a two-player game, where it is decided and rollouts are shorter; on
tuning deals 1000-1199, horizons of 10, 20 and 30 gained 0.21, 0.32 and 0.27 points over the
blueprint at 0.4, 1.4 and 3 s per game), the planner

1. deals ``samples`` worlds the seat cannot tell from the true one, its own hand drawn from its
   convention belief (:func:`~planners.hanabi_rollout.sample_worlds`);
2. plays every legal move in every world and the blueprint for every seat after it, to the end
   (:mod:`planners.hanabi_rollout`; the same worlds for every move, so the comparison is paired);
3. takes the move of the best mean score as the *challenger* if it beats the blueprint's by more
   than ``threshold`` points;
4. plays the challenger and the blueprint's move in ``confirm`` fresh worlds and changes the move
   only if the challenger's mean gain there exceeds ``threshold`` points *and* ``z`` standard errors
   of the paired difference (SPARTA's rule: deviate only when confident, so the partners' reading
   of the blueprint stays mostly right). The fresh worlds remove the winner's curse: the best of
   twenty noisy means looks better than it is on the worlds that chose it.

Every seat's rollout plays the blueprint, as SPARTA's single-agent search assumes of its partners;
two search seats in self-play each assume the other plays the blueprint. The randomness of a
decision is seeded by the planner's seed, the seat and the position's move count, so a game
replays identically whatever ran before it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, Literal

import numpy as np

from beliefs.hanabi import HanabiBeliefs
from games.hanabi import HanabiAction, HanabiGame, HanabiObservation
from language.acts import Intent
from planners.hanabi_convention import ConventionPlanner
from planners.hanabi_rollout import PythonRollouts, Rollouts, sample_worlds

Backend = Literal["numba", "python"]


class SearchPlanner:
    """The convention blueprint, improved by belief-sampled rollouts (see the module docstring).

    Args:
        samples: worlds dealt to find the challenger (every legal move is played in each).
        confirm: fresh worlds dealt to test the challenger against the blueprint's move.
        horizon: search once at most this many cards are left to draw (``None``: every turn).
        threshold: the least gain in mean score (points) for which the blueprint's move is changed.
        z: the gain must also exceed this many standard errors of the paired difference.
        backend: ``"numba"`` (array rollouts, :mod:`planners.hanabi_rollout_numba`) or
            ``"python"`` (the plain-Python reference; the same values, slower).
        seed: the seed of the worlds' deals.
        blueprint: the blueprint (the :class:`ConventionPlanner` every seat plays in the rollouts
            and whose move is kept unless the search is confident), or its options; default: the
            convention planner's defaults.
    """

    def __init__(
        self,
        *,
        samples: int = 32,
        confirm: int = 64,
        horizon: int | None = 20,
        threshold: float = 0.05,
        z: float = 2.0,
        backend: Backend = "numba",
        seed: int = 0,
        blueprint: ConventionPlanner | Mapping[str, Any] | None = None,
    ) -> None:
        if samples < 1 or confirm < 2:
            raise ValueError(f"samples must be at least 1 and confirm at least 2, got {samples} and {confirm}")
        if backend not in ("numba", "python"):
            raise ValueError(f"backend must be 'numba' or 'python', got {backend!r}")
        self.samples, self.confirm, self.horizon = samples, confirm, horizon
        self.threshold, self.z = threshold, z
        self.backend, self.seed = backend, seed
        if blueprint is None or isinstance(blueprint, ConventionPlanner):
            self.blueprint = blueprint or ConventionPlanner()
        else:
            self.blueprint = ConventionPlanner(**blueprint)
        self._games: dict[tuple[int, ...], tuple[HanabiGame, Rollouts]] = {}
        self.searched = 0
        self.changed = 0

    def plan(self, beliefs: HanabiBeliefs, observation: HanabiObservation, rng: np.random.Generator) -> Intent:
        """Choose this turn's move.

        Args:
            beliefs: the seat's belief store (only read).
            observation: the seat's observation.
            rng: unused (each decision's randomness is seeded from the position, see the module
                docstring).

        Returns:
            An intent with one legal Hanabi action and a short plain description.
        """
        action, why = self.choose(beliefs, observation)
        return Intent(actions=[action], message=why)

    def choose(self, b: HanabiBeliefs, obs: HanabiObservation) -> tuple[HanabiAction, str]:
        """The move and a one-line reason (the blueprint's, or the search's when it changed it)."""
        action, why = self.blueprint.choose(b, obs)
        if self.horizon is not None and obs.deck_size > self.horizon:
            return action, why
        moves = obs.legal_moves()
        if len(moves) < 2:
            return action, why
        game, rollouts = self._game(obs)
        uids = [game.uid(obs.seat, move) for move in moves]
        planned = uids.index(game.uid(obs.seat, action))
        rng = np.random.default_rng([self.seed, obs.seat, obs.moves])
        try:
            worlds = sample_worlds(game, b, obs, self.samples, rng)
        except ValueError:  # no deal fits what the seat sees (a position typed in by hand): no search
            return action, why
        values = rollouts.values(worlds, b, uids)
        self.searched += 1
        best = self.challenger(values, planned)
        if best is None:
            return action, why
        pair = [uids[best], uids[planned]]
        fresh = rollouts.values(sample_worlds(game, b, obs, self.confirm, rng), b, pair)
        gain = self.confident_gain(fresh[0] - fresh[1])
        if gain is None:
            return action, why
        self.changed += 1
        return moves[best], f"search: +{gain:.2f} points over the conventions' {why}"

    def challenger(self, values: np.ndarray, planned: int) -> int | None:
        """The row of the best mean in rollout values (moves x worlds) if it beats the blueprint's
        row by more than ``threshold`` points, else None."""
        means = values.mean(axis=1)
        best = int(np.argmax(means))
        return best if means[best] - means[planned] > self.threshold else None

    def confident_gain(self, diff: np.ndarray) -> float | None:
        """The mean of paired score differences (challenger minus blueprint, on worlds the choice
        of the challenger did not see) if it exceeds ``threshold`` and ``z`` standard errors, else
        None."""
        gain = float(diff.mean())
        error = float(diff.std(ddof=1)) / math.sqrt(len(diff))
        return gain if gain > self.threshold and gain > self.z * error else None

    def _game(self, obs: HanabiObservation) -> tuple[HanabiGame, Rollouts]:
        shape = (
            obs.num_players,
            len(obs.colors),
            obs.ranks,
            obs.hand_size,
            obs.max_information_tokens,
            obs.max_life_tokens,
        )
        found = self._games.get(shape)
        if found is None:
            game = HanabiGame(*shape)
            found = self._games[shape] = (game, self._rollouts(game))
        return found

    def _rollouts(self, game: HanabiGame) -> Rollouts:
        if self.backend == "python":
            return PythonRollouts(game, self.blueprint)
        from planners.hanabi_rollout_numba import NumbaRollouts

        return NumbaRollouts(game, self.blueprint)

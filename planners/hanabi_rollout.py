"""What the Hanabi search agent evaluates a move with: worlds dealt from one seat's belief, and the
convention blueprint played out in them to the end of the game.

* :func:`sample_worlds` deals full states the searching seat cannot tell from the true one: its own
  hand drawn uniformly among the hands its *convention* belief allows (what the partners' clues
  meant, card counting), falling back to the clues' literal knowledge when the conventions were
  broken, and the rest of the unseen cards shuffled into the deck.
* :class:`PythonRollouts` is the plain-Python reference of a rollout: in a copy of the world, the
  move is made, then every seat plays :meth:`ConventionPlanner.choose` on its own belief store
  (:meth:`HanabiBeliefs.for_seat`, updated from its observation every turn) until the game ends;
  the value is the final score. :mod:`planners.hanabi_rollout_numba` plays the same games on arrays.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import numpy as np

from beliefs.hanabi import HanabiBeliefs
from games.hanabi import HanabiGame, HanabiObservation, HanabiState, state_from_observation
from games.hanabi.cards import sample_hand
from planners.hanabi_convention import ConventionPlanner


class Rollouts(Protocol):
    """Evaluates moves by playing the blueprint out (the search's back end)."""

    def values(self, worlds: Sequence[HanabiState], store: HanabiBeliefs, uids: Sequence[int]) -> np.ndarray:
        """Final scores, shape ``(len(uids), len(worlds))``: move ``uids[c]`` made in ``worlds[k]``
        by the seat to move, then the blueprint for every seat until the end.

        ``store`` is the moving seat's belief store at the worlds' position (its slots are public,
        so every seat's store is derived from it)."""
        ...


def sample_worlds(
    game: HanabiGame, store: HanabiBeliefs, observation: HanabiObservation, count: int, rng: np.random.Generator
) -> list[HanabiState]:
    """``count`` full states consistent with ``observation`` and the seat's convention belief.

    The own hand is drawn uniformly among the assignments of unseen cards that every card's private
    belief (:meth:`HanabiBeliefs.private_belief`) allows, or, when the conventions leave no such
    hand (a clue was given against them), that the clues' knowledge allows; the remaining unseen
    cards are shuffled into the deck.

    Raises:
        ValueError: the observation does not fit ``game`` (see :func:`state_from_observation`).
    """
    seat = observation.seat
    base = state_from_observation(game, observation, rng)
    pool = base.unseen_cards(seat)
    size = game.colors * game.ranks
    believed = [store.private_belief(i) for i in range(len(base.hands[seat]))]
    allows = [tuple(bool(mask >> card & 1) for card in range(size)) for mask in believed]
    try:
        sample_hand(allows, pool, rng, attempts=1)
    except ValueError:
        allows = [game.allows(k) for k in base.knowledge[seat]]
    worlds = []
    for _ in range(count):
        chosen = sample_hand(allows, pool, rng)
        world = base.clone()
        world.hands[seat] = [pool[i] for i in chosen]
        taken = set(chosen)
        rest = [card for i, card in enumerate(pool) if i not in taken]
        out = Counter(game.cards)
        out.subtract(rest)  # the cards out of the deck, in sorted order as state_from_observation has them
        world.deck = tuple(sorted(out.elements())) + tuple(rng.permutation(rest).tolist() if rest else ())
        worlds.append(world)
    return worlds


class PythonRollouts:
    """The plain-Python reference rollout (see the module docstring).

    Args:
        game: the game the worlds belong to.
        blueprint: the planner every seat plays (default: the convention planner's defaults).
    """

    def __init__(self, game: HanabiGame, blueprint: ConventionPlanner | None = None) -> None:
        self.game = game
        self.blueprint = blueprint or ConventionPlanner()

    def values(self, worlds: Sequence[HanabiState], store: HanabiBeliefs, uids: Sequence[int]) -> np.ndarray:
        """See :meth:`Rollouts.values`."""
        out = np.zeros((len(uids), len(worlds)))
        for k, world in enumerate(worlds):
            views = [world.observation(p) for p in range(self.game.num_players)]
            for c, uid in enumerate(uids):
                out[c, k] = self.play_out(world, [store.for_seat(view) for view in views], uid)
        return out

    def play_out(
        self, world: HanabiState, stores: list[HanabiBeliefs], uid: int, moves: list[int] | None = None
    ) -> int:
        """The final score of ``uid`` then the blueprint from ``world`` (unchanged); ``stores`` (one
        per seat, at the world's position) are played on, and ``moves``, if given, gets the move
        ids played (``uid`` first)."""
        state = world.clone()
        state.apply_uid(uid)
        while not state.is_terminal():
            seat = state.current_player
            observation = state.observation(seat)
            stores[seat].observe(observation)
            action, _ = self.blueprint.choose(stores[seat], observation)
            state.apply_uid(self.game.uid(seat, action))
        if moves is not None:
            moves.extend(record[1] for record in state.records[len(world.records) :])
        return state.score()

"""Hand-built Hanabi positions for the belief and planner tests: a deck stacked from short names."""

from collections import Counter

import numpy as np

from games.base import Turn
from games.hanabi import HanabiGame, HanabiState
from games.hanabi.cards import COLOR_LETTERS


def card(short: str) -> int:
    """The int of the card ``"R3"`` (colour letter, 1-based rank)."""
    return COLOR_LETTERS.index(short[0]) * 5 + int(short[1]) - 1


def stacked(players: int, first: list[str]) -> HanabiState:
    """A state whose deck starts with ``first`` (hands seat by seat, then the draws); the rest of the
    deck follows in sorted order."""
    game = HanabiGame(players=players)
    head = [card(s) for s in first]
    rest = Counter(game.cards)
    rest.subtract(head)
    return HanabiState(game, tuple(head) + tuple(sorted(rest.elements())))


def act(state: HanabiState, action) -> None:
    """Apply one typed action with an empty message."""
    state.apply(Turn(message="", actions=(action,)))


def selfplay(players: int, seed: int, planner, check=None) -> HanabiState:
    """Play a game of ``planner`` in every seat, each seat with its own belief store fed as the
    pipeline feeds it (``observe`` every turn); ``check(state, store, obs, intent)`` sees every move.

    Returns:
        The final state.
    """
    from beliefs.hanabi import HanabiBeliefs

    state = HanabiGame(players=players).new_initial_state(seed)
    stores: dict[int, HanabiBeliefs] = {}
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        p = state.current_player
        obs = state.observation(p)
        store = stores.setdefault(p, HanabiBeliefs(obs))
        store.observe(obs)
        intent = planner.plan(store, obs, rng)
        if check is not None:
            check(state, store, obs, intent)
        act(state, intent.actions[0])
    return state

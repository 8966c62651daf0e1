"""The convention blueprint's rollouts on arrays (Numba): the games :class:`PythonRollouts` plays, fast.

:class:`NumbaRollouts` has :class:`~planners.hanabi_rollout.PythonRollouts`' interface and plays
the *same* games: in each world the candidate move, then :meth:`ConventionPlanner.choose` for every
seat on its belief store until the end, move for move, with the same final score (the tests compare
whole move sequences and every legal candidate in sampled worlds). The game, the public belief store
and the blueprint are int64 arrays and bitmasks in :mod:`planners.hanabi_arrays`; this module packs
the worlds, the store's public slots and the blueprint's options into them and runs every
(candidate, world) rollout in one compiled loop (serial, so deterministic).

Compiled functions are cached on disk (``cache=True``); the constructor warms them up on the
game's initial deal, so the first :meth:`NumbaRollouts.values` call is not a compile. Every compiled
function lives in :mod:`planners.hanabi_arrays`: Numba invalidates a cached function when *its own*
file changes, not when a callee in another file does, so the compiled code is kept in one module.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from beliefs.hanabi import HanabiBeliefs, Tables
from games.hanabi import HanabiGame, HanabiState
from planners import hanabi_arrays as ha
from planners.hanabi_convention import ConventionPlanner


class NumbaRollouts:
    """:class:`~planners.hanabi_rollout.PythonRollouts` on arrays (see the module docstring).

    Args:
        game: the game the worlds belong to.
        blueprint: the planner every seat plays (default: the convention planner's defaults); its
            options and clue values are read once, here.
    """

    def __init__(self, game: HanabiGame, blueprint: ConventionPlanner | None = None) -> None:
        self.game = game
        self.blueprint = bp = blueprint or ConventionPlanner()
        t = Tables(game.colors, game.ranks)
        self._cmask = np.array(t.color_mask, np.int64)
        self._rmask = np.array(t.rank_mask, np.int64)
        self._copies = np.array(t.copies, np.int64)
        play_first = -1 if bp.play_first is None else int(bp.play_first)
        self._cfg = np.array(
            [
                game.num_players,
                game.hand_size,
                game.colors,
                game.ranks,
                game.max_information_tokens,
                1,  # prompts: set per call from the store
                bp.fear_play,
                play_first,
                bp.locked_clue,
                bp.info_clue_tokens,
                bp.stall_deck,
                bp.gamble_deck,
                bp.unlock_first,
                bp.duplicates_trash,
                bp.play_over_save,
                game.max_score,
                len(game.cards),
            ],
            np.int64,
        )
        self._fcfg = np.array([bp.known_value, bp.trash_value, bp.touch_value, bp.save_value], np.float64)
        state = game.new_initial_state(0)
        self.values([state], HanabiBeliefs(state.observation(0)), state.legal_uids()[:1])  # compile or load

    def _pack(self, worlds: Sequence[HanabiState], store: HanabiBeliefs, uids: Sequence[int]) -> tuple[np.ndarray, ...]:
        """The arrays :func:`~planners.hanabi_arrays.rollout_values` reads: the candidates, the
        worlds, the store's (public) slots and the options.

        Raises:
            ValueError: a world does not fit the store, or a move is illegal in it."""
        game = self.game
        P, H, S = game.num_players, game.hand_size, game.colors * game.ranks
        K = len(worlds)
        for world in worlds:
            if len(world.records) != store.read:
                raise ValueError(f"a world shows {len(world.records)} moves, the store has read {store.read}")
            discarded = [0] * S
            for card in world.discards:
                discarded[card] += 1
            public = (list(world.fireworks), discarded, world.deck_size)
            if public != (list(store.fireworks), list(store.discarded), store.deck_size):
                raise ValueError("a world's stacks, discards or deck do not match the store's")
            for uid in uids:
                reason = world.illegal_reason(uid)
                if reason is not None:
                    raise ValueError(f"move {uid} is illegal in a world: {reason}")
        cands = np.array([game.decode[uid] for uid in uids], np.int64).reshape(len(uids), 3)
        hands = np.full((K, P, H), -1, np.int64)
        hl = np.zeros((K, P), np.int64)
        decks = np.zeros((K, len(game.cards)), np.int64)
        g = np.zeros((K, 6), np.int64)
        fw = np.zeros((K, game.colors), np.int64)
        disc = np.zeros((K, S), np.int64)
        for k, w in enumerate(worlds):
            for p, hand in enumerate(w.hands):
                hands[k, p, : len(hand)] = hand
                hl[k, p] = len(hand)
            decks[k] = w.deck
            g[k] = (w.information, w.lives, w.player, w.turns_to_play, w.stacked, w.drawn)
            fw[k] = w.fireworks
            for card in w.discards:
                disc[k, card] += 1
        known = np.zeros((P, H), np.int64)
        mask = np.zeros((P, H), np.int64)
        clued = np.zeros((P, H), np.bool_)
        focus = np.zeros((P, H), np.bool_)
        for p, slots in enumerate(store.slots):
            for i, slot in enumerate(slots):
                known[p, i], mask[p, i], clued[p, i], focus[p, i] = slot.known, slot.mask, slot.clued, slot.focus
        cfg = self._cfg.copy()
        cfg[ha.K_PROMPTS] = int(store.prompts)
        return cands, hands, hl, decks, g, fw, disc, known, mask, clued, focus, cfg

    def values(self, worlds: Sequence[HanabiState], store: HanabiBeliefs, uids: Sequence[int]) -> np.ndarray:
        """Final scores, shape ``(len(uids), len(worlds))``: move ``uids[c]`` made in ``worlds[k]``
        by the seat to move (whose belief store at the worlds' position is ``store``), then the
        blueprint for every seat until the end (see :meth:`Rollouts.values`).

        Raises:
            ValueError: a world does not fit the store, or a move is illegal in it.
        """
        if not worlds or not uids:
            return np.zeros((len(uids), len(worlds)))
        cands, hands, hl, decks, g, fw, disc, known, mask, clued, focus, cfg = self._pack(worlds, store, uids)
        out = ha.rollout_values(
            cands, hands, hl, decks, g, fw, disc, known, mask, clued, focus, cfg,
            self._fcfg, self._cmask, self._rmask, self._copies,
        )  # fmt: skip
        return out.astype(np.float64)

    def play_out_moves(self, world: HanabiState, store: HanabiBeliefs, uid: int) -> tuple[int, list[int]]:
        """The debug path of one rollout: its final score and every move id played, ``uid`` first
        (compare with the Python rollout's ``state.records`` to find the first diverging move)."""
        cands, hands, hl, decks, g, fw, disc, known, mask, clued, focus, cfg = self._pack([world], store, [uid])
        kind, a, v = (int(x) for x in cands[0])
        if kind >= ha.COLOR:
            a = (world.player + a) % self.game.num_players
        moves = np.zeros(4 * len(self.game.cards) + 64, np.int64)
        score, count = ha.play_out(
            kind, a, v, hands[0], hl[0], known, mask, clued, focus, decks[0], fw[0], disc[0], g[0], cfg,
            self._fcfg, self._cmask, self._rmask, self._copies, moves,
        )  # fmt: skip
        return int(score), moves[:count].tolist()

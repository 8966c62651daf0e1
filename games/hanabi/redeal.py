"""Rebuild a full Hanabi state from one seat's observation (for agents that search, which see
observations only): the seat's own hand and the deck are dealt at random, consistently with
everything the observation shows."""

from __future__ import annotations

from collections import Counter

import numpy as np

from games.base import Turn, TurnRecord
from games.hanabi.actions import Discard, Play, RevealColor, RevealRank
from games.hanabi.cards import COLOR_CLUED, RANK_CLUED, RANK_SHIFT, Card, sample_hand
from games.hanabi.game import HanabiGame
from games.hanabi.observation import CardKnowledge, HanabiObservation
from games.hanabi.state import HanabiState


def state_from_observation(game: HanabiGame, observation: HanabiObservation, rng: np.random.Generator) -> HanabiState:
    """A state the observing seat cannot tell from the true one: its observation of the result
    equals ``observation``; its own hand is drawn uniformly among the hands its knowledge allows
    (as :meth:`HanabiState.resample_hand` draws them) and the rest of the unseen cards are shuffled
    into the deck.

    ``deck[:drawn]`` of the result holds the cards already out of the deck in sorted order (the true
    deal order is unknown to the seat).

    Args:
        game: the game the observation comes from.
        observation: one seat's observation.
        rng: the randomness of the deal.

    Returns:
        The rebuilt state, with the observation's history (messages and moves).

    Raises:
        ValueError: the observation does not fit ``game``, or no deal is consistent with it.
    """
    shape = (observation.num_players, observation.colors, observation.ranks, observation.hand_size)
    if shape != (game.num_players, game.color_names, game.ranks, game.hand_size):
        raise ValueError(f"the observation (players, colours, ranks, hand size) {shape} does not fit this game")
    seat, ranks = observation.seat, game.ranks
    colors = {name: i for i, name in enumerate(game.color_names)}

    def card(c: Card) -> int:
        return colors[c.color] * ranks + c.rank - 1

    def packed(k: CardKnowledge) -> int:
        bits = sum(1 << colors[c] for c in k.colors) | sum(1 << (RANK_SHIFT + r - 1) for r in k.ranks)
        return bits | (COLOR_CLUED if k.color_clued else 0) | (RANK_CLUED if k.rank_clued else 0)

    state = HanabiState(game, tuple(game.cards))
    state.knowledge = [[packed(k) for k in view.knowledge] for view in observation.hands]
    state.hands = [[card(c) for c in view.cards] if view.cards is not None else [] for view in observation.hands]
    state.fireworks = list(observation.fireworks)
    state.stacked = sum(observation.fireworks)
    state.discards = [card(c) for c in observation.discards]
    state.information, state.lives = observation.information_tokens, observation.life_tokens
    if observation.final_turns_left is not None:
        state.turns_to_play = observation.final_turns_left
    for line in observation.chat:
        record, p = line.action, line.seat
        if record is None:
            raise ValueError(f"chat line of seat {p} shows no move")
        if record.kind in ("play", "discard"):
            assert record.card is not None and record.revealed is not None
            typed: Play | Discard | RevealColor | RevealRank = (
                Play(card=record.card) if record.kind == "play" else Discard(card=record.card)
            )
            moved, outcome = card(record.revealed), int(bool(record.success))
        else:
            assert record.target is not None
            if record.kind == "reveal_color":
                assert record.color is not None
                typed = RevealColor(target=record.target, color=record.color)
            else:
                assert record.rank is not None
                typed = RevealRank(target=record.target, rank=record.rank)
            moved, outcome = -1, sum(1 << i for i in record.touched)
        uid = game.uid(p, typed)
        state.records.append((p, uid, moved, outcome))
        turn = Turn(message=line.message, actions=(game.action(p, uid),)) if line.message else game.turn(p, uid)
        state.history.append(TurnRecord(player=p, turn=turn))
    if observation.current_player >= 0:
        state.player = observation.current_player
    elif state.records:
        state.player = (state.records[-1][0] + 1) % game.num_players
    pool = state.unseen_cards(seat)
    chosen = sample_hand([game.allows(k) for k in state.knowledge[seat]], pool, rng)
    state.hands[seat] = [pool[i] for i in chosen]
    for i in sorted(chosen, reverse=True):
        pool.pop(i)
    if len(pool) != observation.deck_size:
        raise ValueError(f"the observation's cards leave {len(pool)} for a deck of {observation.deck_size}")
    out = Counter(game.cards)
    out.subtract(pool)
    prefix = tuple(sorted(out.elements()))
    state.deck = prefix + tuple(rng.permutation(pool).tolist() if pool else [])
    state.drawn = len(prefix)
    return state

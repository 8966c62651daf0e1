"""Hanabi for :mod:`agent.env` (PettingZoo): the menu and the numeric observation.

| index | turn |
| --- | --- |
| 0 .. h-1 | play card i of one's hand |
| h .. 2h-1 | discard card i |
| then per seat t, per colour c | reveal colour c to seat t |
| then per seat t, per rank r | reveal rank r to seat t |

Targets are absolute seats, so the menu is the same for every seat (a clue to oneself is never
legal); the mask is the game's own refusal of each entry. Every move of the game is on the menu.
The features are the tokens, lives, deck size, score, the stacks, what the player knows of each of
its cards (a 0/1 per colour and per rank still possible; zeros for an empty slot), and every other
hand's cards seen (colour index + 1 and rank per slot, 0 for an empty slot), in seat order after it.
"""

from __future__ import annotations

from typing import Any

from agent.kits.base import EnvCodec, Menu
from games.base import Game, State
from games.hanabi.actions import Discard, Play, RevealColor, RevealRank
from games.hanabi.game import HanabiGame
from games.hanabi.observation import HanabiObservation


def menu(state: State) -> Menu:
    """Plays, discards, colour clues, rank clues (absolute targets)."""
    game = state.game
    assert isinstance(game, HanabiGame)
    hand, seats, colors, ranks = game.hand_size, game.num_players, game.color_names, game.ranks
    entries: list[tuple[Any, ...]] = [(Play(card=i),) for i in range(hand)] + [(Discard(card=i),) for i in range(hand)]
    entries += [(RevealColor(target=t, color=c),) for t in range(seats) for c in colors]
    entries += [(RevealRank(target=t, rank=r),) for t in range(seats) for r in range(1, ranks + 1)]
    return Menu.of(entries)


def features(view: Any) -> list[float]:
    """Tokens, lives, deck, score, stacks, own card knowledge, the others' cards."""
    assert isinstance(view, HanabiObservation)
    colors, ranks, hand = view.colors, view.ranks, view.hand_size
    out = [view.information_tokens, view.life_tokens, view.deck_size, view.score, *view.fireworks]
    own = view.hands[view.seat].knowledge
    for slot in range(hand):
        if slot < len(own):
            out += [c in own[slot].colors for c in colors] + [r in own[slot].ranks for r in range(1, ranks + 1)]
        else:
            out += [0] * (len(colors) + ranks)
    for offset in range(1, view.num_players):
        cards = view.hands[(view.seat + offset) % view.num_players].cards or ()
        for slot in range(hand):
            out += [colors.index(cards[slot].color) + 1, cards[slot].rank] if slot < len(cards) else [0, 0]
    return [float(x) for x in out]


def bounds(game: Game) -> tuple[float, float]:
    """From 0 to the largest of the deck, the token cap and the perfect score."""
    assert isinstance(game, HanabiGame)
    return 0.0, float(max(len(game.cards), game.max_information_tokens, game.max_score))


def codec() -> EnvCodec:
    """The kit's :class:`~agent.kits.base.EnvCodec`."""
    return EnvCodec(menu, features, bounds)

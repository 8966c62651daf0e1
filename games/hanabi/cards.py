"""Hanabi cards, the deck and per-card knowledge, as small integers.

A card is one int ``color * ranks + rank`` (0-based colour and rank), the encoding of the Hanabi
Learning Environment's chance outcomes (OpenSpiel's ``Deal`` actions), so a deck is a tuple of ints.
Colours follow HLE's order: red, yellow, green, white, blue.

A card's *knowledge* (what its holder may still believe it is, after every clue so far, positive and
negative) is one int: bits ``0..colors-1`` the plausible colours, bits ``8..8+ranks-1`` the plausible
ranks, bit 16 set once a colour clue touched the card, bit 17 once a rank clue did.
"""

from __future__ import annotations

import numpy as np
from pydantic import BaseModel, ConfigDict

COLOR_NAMES: tuple[str, ...] = ("red", "yellow", "green", "white", "blue")
COLOR_LETTERS = "RYGWB"
MAX_COLORS = MAX_RANKS = 5

RANK_SHIFT = 8
COLOR_CLUED = 1 << 16
RANK_CLUED = 1 << 17


class Card(BaseModel):
    """One card as players read it: a colour name and a 1-based rank."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    color: str
    rank: int

    def short(self) -> str:
        """``R3`` for the red 3 (HLE's notation)."""
        return f"{self.color[0].upper()}{self.rank}"


def copies(rank: int, ranks: int) -> int:
    """How many copies of each colour's ``rank`` (0-based) the deck holds, as HLE counts them.

    Args:
        rank: 0-based rank.
        ranks: ranks per colour.

    Returns:
        3 for the lowest rank, 1 for the highest, 2 otherwise.
    """
    if rank == 0:
        return 3
    return 1 if rank == ranks - 1 else 2


def full_deck(colors: int, ranks: int) -> list[int]:
    """Every card of the deck, sorted (``colors * ranks`` kinds with their copies)."""
    return [c * ranks + r for c in range(colors) for r in range(ranks) for _ in range(copies(r, ranks))]


def card_model(card: int, ranks: int) -> Card:
    """The :class:`Card` of the int ``card``."""
    color, rank = divmod(card, ranks)
    return Card(color=COLOR_NAMES[color], rank=rank + 1)


def fresh_knowledge(colors: int, ranks: int) -> int:
    """The knowledge of a card no clue has touched: every colour and rank plausible."""
    return ((1 << colors) - 1) | (((1 << ranks) - 1) << RANK_SHIFT)


def plausible(knowledge: int, card: int, ranks: int) -> bool:
    """Whether ``card`` is consistent with ``knowledge``."""
    color, rank = divmod(card, ranks)
    return bool(knowledge >> color & 1) and bool(knowledge >> (RANK_SHIFT + rank) & 1)


def plausible_colors(knowledge: int, colors: int) -> tuple[int, ...]:
    """The 0-based colours ``knowledge`` allows."""
    return tuple(c for c in range(colors) if knowledge >> c & 1)


def plausible_ranks(knowledge: int, ranks: int) -> tuple[int, ...]:
    """The 0-based ranks ``knowledge`` allows."""
    return tuple(r for r in range(ranks) if knowledge >> (RANK_SHIFT + r) & 1)


def clue_color(knowledge: int, card: int, color: int, ranks: int) -> int:
    """``knowledge`` after a clue naming ``color`` was given to the hand holding ``card``.

    A touched card keeps only that colour (and is marked colour-clued); an untouched one loses it.
    """
    if card // ranks == color:
        return (knowledge & ~0xFF) | (1 << color) | COLOR_CLUED
    return knowledge & ~(1 << color)


def clue_rank(knowledge: int, card: int, rank: int, ranks: int) -> int:
    """``knowledge`` after a clue naming the 0-based ``rank`` was given to the hand holding ``card``."""
    bit = 1 << (RANK_SHIFT + rank)
    if card % ranks == rank:
        return (knowledge & ~(0xFF << RANK_SHIFT)) | bit | RANK_CLUED
    return knowledge & ~bit


def sample_hand(
    allows: list[tuple[bool, ...]], pool: list[int], rng: np.random.Generator, attempts: int = 64
) -> list[int]:
    """Indices into ``pool`` (distinct), one per hand position, each a card that position's
    knowledge allows (``allows[i][card]``); uniform over all such injective assignments.

    Rejection first (independent uniform picks, retried ``attempts`` times on a collision); when the
    constraints are tight enough that collisions keep happening, the consistent assignments are
    enumerated by card kind and one is drawn with its weight (the number of physical-card
    assignments it stands for).

    Raises:
        ValueError: no assignment exists (the knowledge contradicts the pool).
    """
    allowed = [[i for i, card in enumerate(pool) if ok[card]] for ok in allows]
    if any(not a for a in allowed):
        raise ValueError("a card's knowledge allows none of the unseen cards")
    for _ in range(attempts):
        picks = [a[int(x * len(a))] for a, x in zip(allowed, rng.random(len(allowed)).tolist(), strict=True)]
        if len(set(picks)) == len(picks):
            return picks
    kinds: dict[int, list[int]] = {}
    for i, card in enumerate(pool):
        kinds.setdefault(card, []).append(i)
    options = [sorted({pool[i] for i in a}) for a in allowed]
    found: list[tuple[list[int], int]] = []

    def walk(slot: int, used: dict[int, int], chosen: list[int], weight: int) -> None:
        if slot == len(options):
            found.append((list(chosen), weight))
            return
        for card in options[slot]:
            free = len(kinds[card]) - used.get(card, 0)
            if free > 0:
                used[card] = used.get(card, 0) + 1
                chosen.append(card)
                walk(slot + 1, used, chosen, weight * free)
                chosen.pop()
                used[card] -= 1

    walk(0, {}, [], 1)
    if not found:
        raise ValueError("no hand is consistent with the knowledge")
    weights = np.array([w for _, w in found], dtype=float)
    cards, _ = found[int(rng.choice(len(found), p=weights / weights.sum()))]
    next_copy: dict[int, int] = {}
    picks = []
    for card in cards:
        picks.append(kinds[card][next_copy.get(card, 0)])
        next_copy[card] = next_copy.get(card, 0) + 1
    return picks

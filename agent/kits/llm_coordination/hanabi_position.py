"""A CoordinationQA Hanabi scenario as a position the symbolic agents can read: the scenario's text
(:func:`language.hanabi_state_text.parse_scenario`) becomes the asking seat's
:class:`~games.hanabi.HanabiObservation` and a :class:`~beliefs.hanabi.HanabiBeliefs` seeded from
the stated card knowledge (:meth:`~beliefs.hanabi.HanabiBeliefs.from_position`: no clue history, so
no convention reading beyond what the knowledge says), and an option's text becomes a typed move.

The scenario has no history, so what the engine would derive from one is taken from the text: the
stacks, the discard pile, the tokens, the lives and the deck size. The observer is seat 0 (the
scenario's "My (Alice)"), its partner seat 1; a knowledge line the text leaves out (or that lists
nothing readable) is every identity.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from beliefs.hanabi import HanabiBeliefs
from games.hanabi import (
    COLOR_NAMES,
    Card,
    CardKnowledge,
    Discard,
    HanabiObservation,
    HandView,
    Play,
    RevealColor,
    RevealRank,
)
from language.choices import Option
from language.hanabi import HanabiContext, move_text
from language.hanabi_state_text import Scenario, parse_scenario

RANKS = 5
HAND_SIZE = 5
MAX_TOKENS = 8
MAX_LIVES = 3
Move = Play | Discard | RevealColor | RevealRank


@dataclass(frozen=True)
class Position:
    """A scenario read as a position.

    Attributes:
        scenario: the parsed text.
        observation: the observer's (seat 0's) view.
        beliefs: seat 0's belief store, seeded from the stated knowledge of both hands.
    """

    scenario: Scenario
    observation: HanabiObservation
    beliefs: HanabiBeliefs

    @property
    def partner(self) -> int:
        """The partner's seat."""
        return 1

    @property
    def partner_cards(self) -> list[int]:
        """The partner's cards as identities (``color * ranks + rank - 1``)."""
        hand = self.beliefs.hands[self.partner]
        assert hand is not None
        return hand


def _knowledge(identities: Sequence[tuple[str, int]]) -> tuple[CardKnowledge, int]:
    """The knowledge line's :class:`CardKnowledge` (colours and ranks named) and its exact mask."""
    pairs = [(c, r) for c, r in identities if c in COLOR_NAMES and 1 <= r <= RANKS] or [
        (c, r) for c in COLOR_NAMES for r in range(1, RANKS + 1)
    ]
    colors = tuple(c for c in COLOR_NAMES if any(p[0] == c for p in pairs))
    ranks = tuple(sorted({r for _, r in pairs}))
    mask = sum(1 << (COLOR_NAMES.index(c) * RANKS + r - 1) for c, r in set(pairs))
    return CardKnowledge(colors=colors, ranks=ranks), mask


def position_of(scenario: Scenario) -> Position:
    """The position ``scenario`` describes, seen by its observer (seat 0).

    Raises:
        ValueError: a card, a stack or a counter the rules cannot have (one line).
    """
    odd = [f"{c.color} {c.rank}" for c in [*scenario.partner_cards, *scenario.discards] if not 1 <= c.rank <= RANKS]
    odd += [f"{c} stack at {h}" for c, h in scenario.stacks.items() if not 0 <= h <= RANKS]
    if not 0 <= scenario.information_tokens <= MAX_TOKENS or len(scenario.partner_cards) > HAND_SIZE:
        odd.append(f"{scenario.information_tokens} tokens, {len(scenario.partner_cards)} partner cards")
    if odd:
        raise ValueError(f"not a Hanabi position: {', '.join(odd)}")
    mine = [_knowledge(k) for k in scenario.my_knowledge]
    theirs = [_knowledge(k) for k in scenario.partner_knowledge]
    theirs += [_knowledge([]) for _ in range(len(scenario.partner_cards) - len(theirs))]
    theirs = theirs[: len(scenario.partner_cards)]
    fireworks = tuple(scenario.stacks.get(c, 0) for c in COLOR_NAMES)
    cards = tuple(Card(color=c.color, rank=c.rank) for c in scenario.partner_cards)
    hands = (
        HandView(seat=0, name=scenario.me or "Alice", cards=None, knowledge=tuple(k for k, _ in mine)),
        HandView(seat=1, name=scenario.partner, cards=cards, knowledge=tuple(k for k, _ in theirs)),
    )
    score = sum(fireworks) if scenario.life_tokens > 0 else 0
    observation = HanabiObservation(
        seat=0,
        role=hands[0].name,
        chat=[],
        num_players=2,
        colors=COLOR_NAMES,
        ranks=RANKS,
        hand_size=HAND_SIZE,
        current_player=0 if scenario.my_turn else 1,
        hands=hands,
        fireworks=fireworks,
        next_playable=tuple(h + 1 if h < RANKS else None for h in fireworks),
        discards=tuple(Card(color=c.color, rank=c.rank) for c in scenario.discards),
        information_tokens=scenario.information_tokens,
        max_information_tokens=MAX_TOKENS,
        life_tokens=scenario.life_tokens,
        max_life_tokens=MAX_LIVES,
        deck_size=scenario.deck_size,
        final_turns_left=2 if scenario.deck_size == 0 else None,
        score=score,
        moves=0,
    )
    known = [[m for _, m in mine], [m for _, m in theirs]]
    return Position(scenario, observation, HanabiBeliefs.from_position(observation, known))


def read_position(text: str) -> Position:
    """The position a scenario's text describes.

    Raises:
        ValueError: the text is not a two-player Hanabi scenario (one line: what is missing).
    """
    return position_of(parse_scenario(text))


def _canonical(text: str, names: Sequence[str]) -> str:
    """A move's words reduced for comparison: lower case, no "I should" / "my" / "color", the
    partner named however the text names it ("partner", "Bob"), "cards" as "card", no punctuation."""
    text = text.lower().replace("’", "'")
    text = re.sub(r"^\s*i\s+(?:should|will|must)\s+", "", text)
    for name in names:
        text = re.sub(rf"\b{re.escape(name.lower())}'s\b", "partner's", text)
    text = re.sub(r"\bmy\s+|\bcolou?r\s+", "", text)
    return " ".join(re.findall(r"[a-z0-9]+", text)).replace("cards", "card")


def every_move(observation: HanabiObservation) -> list[Move]:
    """Every move of the observer's kind, legal or not: play or discard each own card, every colour
    and rank clue to every other seat (for reading options that name an illegal move)."""
    own = len(observation.hands[observation.seat].knowledge)
    moves: list[Move] = [Play(card=i) for i in range(own)]
    moves += [Discard(card=i) for i in range(own)]
    for hand in observation.hands:
        if hand.seat != observation.seat:
            moves += [RevealColor(target=hand.seat, color=c) for c in observation.colors]
            moves += [RevealRank(target=hand.seat, rank=r) for r in range(1, observation.ranks + 1)]
    return moves


def option_moves(options: Sequence[Option], observation: HanabiObservation) -> dict[str, Move]:
    """The typed move each option names (options naming no move are left out), by letter. A move's
    text is the paper's wording (:func:`language.hanabi.move_text`); an option names it when both
    read the same once reduced (case, punctuation, "I should", "my", "color", plurals, the partner's name)."""
    context = HanabiContext.of(observation, observation.seat)
    names = [h.name for h in observation.hands if h.seat != observation.seat]
    by_text = {_canonical(move_text(m, context), names): m for m in every_move(observation)}
    out: dict[str, Move] = {}
    for option in options:
        move = by_text.get(_canonical(option.text, [*names, "partner"]))
        if move is not None and option.letter not in out:
            out[option.letter] = move
    return out

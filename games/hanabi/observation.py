"""What a Hanabi player sees: the observation model and its parts."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from games.base import ChatLine, Observation
from games.hanabi.actions import Discard, MoveRecord, Play, RevealColor, RevealRank
from games.hanabi.cards import Card


class CardKnowledge(BaseModel):
    """What a card's holder knows of it from the clues (HLE's card knowledge).

    Attributes:
        colors: the colours no clue has ruled out.
        ranks: the 1-based ranks no clue has ruled out.
        color_clued: a colour clue touched the card (its colour was named directly).
        rank_clued: a rank clue touched the card.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    colors: tuple[str, ...]
    ranks: tuple[int, ...]
    color_clued: bool = False
    rank_clued: bool = False


class HandView(BaseModel):
    """One seat's hand as the observer sees it.

    Attributes:
        seat: whose hand.
        name: that seat's name.
        cards: the cards, oldest first; ``None`` for the observer's own hand (never seen).
        knowledge: what the hand's holder knows of each card (public: everyone heard the clues).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    seat: int
    name: str
    cards: tuple[Card, ...] | None
    knowledge: tuple[CardKnowledge, ...]


class HanabiObservation(Observation):
    """One player's view of a Hanabi position (the paper's working-memory facts, Appendix B.2).

    ``chat`` is the whole action history: each line is a seat's message (free text, no rules
    meaning) and the :class:`MoveRecord` of its move (plays and discards reveal the card, clues the
    positions they touched).

    Attributes:
        num_players: seats in the game.
        colors: the colour names in play, in stack order.
        ranks: ranks per colour.
        hand_size: cards dealt to each hand.
        current_player: the seat to move, -1 once the game is over.
        hands: every seat's :class:`HandView`, in seat order; the observer's has ``cards=None``.
        fireworks: the height of each colour's stack (0 = empty), in ``colors`` order.
        next_playable: the 1-based rank each stack needs next (``None`` once complete).
        discards: the discard pile (misplayed cards included), oldest first.
        information_tokens: clue tokens left.
        max_information_tokens: the token cap.
        life_tokens: lives left.
        max_life_tokens: lives at the start.
        deck_size: cards left to draw.
        final_turns_left: once the deck is empty, the moves left before the end (else ``None``).
        score: the current score (sum of the stacks; 0 after the last life is lost).
        moves: moves made so far by all seats.
    """

    chat: list[ChatLine[MoveRecord]]
    num_players: int
    colors: tuple[str, ...]
    ranks: int
    hand_size: int
    current_player: int
    hands: tuple[HandView, ...]
    fireworks: tuple[int, ...]
    next_playable: tuple[int | None, ...]
    discards: tuple[Card, ...]
    information_tokens: int
    max_information_tokens: int
    life_tokens: int
    max_life_tokens: int
    deck_size: int
    final_turns_left: int | None
    score: int
    moves: int

    def legal_moves(self) -> list[Play | Discard | RevealColor | RevealRank]:
        """The moves the rules allow this seat now, from what it sees (the state's ``legal_moves``
        in the same order: discards, plays, colour clues by seat, rank clues by seat): play or
        discard any card (not discard with every information token in hand) and, with a token,
        every colour and rank that touches a card of another hand. Empty when it is not this seat's
        turn or the game is over."""
        if self.current_player != self.seat:
            return []
        own = self.hands[self.seat].knowledge
        moves: list[Play | Discard | RevealColor | RevealRank] = []
        if self.information_tokens < self.max_information_tokens:
            moves += [Discard(card=i) for i in range(len(own))]
        moves += [Play(card=i) for i in range(len(own))]
        if self.information_tokens > 0:
            others = [self.hands[(self.seat + offset) % self.num_players] for offset in range(1, self.num_players)]
            for hand in others:
                held = {card.color for card in hand.cards or ()}
                moves += [RevealColor(target=hand.seat, color=c) for c in self.colors if c in held]
            for hand in others:
                held_ranks = {card.rank for card in hand.cards or ()}
                moves += [RevealRank(target=hand.seat, rank=r) for r in range(1, self.ranks + 1) if r in held_ranks]
        return moves

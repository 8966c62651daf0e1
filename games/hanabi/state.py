"""Hanabi's state: one position as small ints and lists, its rules, views, metrics and re-deals
(rules as the Hanabi Learning Environment plays them; see the package doc)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from pydantic import Field

from games.base import ChatLine, GameMetrics, IllegalTurnError, State, Turn, TurnRecord, metric
from games.hanabi.actions import (
    DISCARD,
    PLAY,
    REVEAL_COLOR,
    REVEAL_RANK,
    Action,
    Discard,
    MoveRecord,
    Play,
    RevealColor,
    RevealRank,
)
from games.hanabi.cards import clue_color, clue_rank, sample_hand
from games.hanabi.observation import HanabiObservation, HandView

if TYPE_CHECKING:
    from games.hanabi.game import HanabiGame


class HanabiMetrics(GameMetrics):
    """The per-game metrics of Hanabi."""

    payoff: ClassVar[str] = "score"

    players: int = Field(description="seats (record only)")
    max_score: int = Field(description="the perfect score, colours x ranks (record only)")
    fireworks: list[int] = Field(description="each stack's final height (record only)")
    score: int = metric("count", "sum of the stacks; 0 when the last life was lost")
    perfect: bool = metric("binary", "every stack completed")
    bombed: bool = metric("binary", "all lives lost (score 0)")
    lives_lost: int = metric("count", "misplays (lives lost)")
    turns: int = metric("count", "moves made by all seats")
    clues: int = metric("count", "clues given")
    discards: int = metric("count", "cards discarded (misplays not counted)")


class HanabiState(State):
    """One Hanabi position, as small ints and lists (cheap to clone).

    Attributes:
        deck: the shuffled deck, dealt from the front; ``deck[drawn:]`` is still to draw.
        drawn: how many cards have left the deck.
        hands: each seat's cards (ints, see :mod:`games.hanabi.cards`), oldest first.
        knowledge: each seat's packed knowledge of its own cards, parallel to ``hands``.
        fireworks: each colour's stack height.
        discards: the discard pile (misplays included).
        information, lives: the tokens left.
        player: the seat to move (also kept after the end; ``current_player`` is then -1).
        turns_to_play: HLE's count of the moves left once the deck is empty.
        records: per move, ``(seat, move id, card moved or -1, touched positions bitmask or
            play success)``.

    Args:
        game: the game.
        deck: the shuffled deck, a permutation of ``game.cards`` (:meth:`HanabiGame.deal`); the
            hands are dealt from its front, seat 0 first.

    Raises:
        ValueError: ``deck`` is not a permutation of the game's cards.
    """

    game: HanabiGame

    def __init__(self, game: HanabiGame, deck: tuple[int, ...]) -> None:
        if sorted(deck) != game.cards:
            raise ValueError("the deck must be a permutation of the game's cards")
        super().__init__(game)
        players, hand = game.num_players, game.hand_size
        self.deck = deck
        self.drawn = players * hand
        self.hands = [list(deck[p * hand : (p + 1) * hand]) for p in range(players)]
        self.knowledge = [[game.fresh] * hand for _ in range(players)]
        self.fireworks = [0] * game.colors
        self.discards: list[int] = []
        self.information = game.max_information_tokens
        self.lives = game.max_life_tokens
        self.player = 0
        self.turns_to_play = players
        self.stacked = 0
        self.records: list[tuple[int, int, int, int]] = []
        self._chat: list[ChatLine[MoveRecord]] = []

    # ---- status --------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return -1 if self.is_terminal() else self.player

    def is_terminal(self) -> bool:
        return self.lives <= 0 or self.turns_to_play <= 0 or self.stacked == self.game.max_score

    def score(self) -> int:
        """The score now: the sum of the stacks, 0 once every life is lost (as HLE)."""
        return self.stacked if self.lives > 0 else 0

    def returns(self) -> list[float]:
        """The score so far for every seat (as OpenSpiel's Hanabi: a played card pays 1, losing the
        last life takes back the stacks)."""
        return [float(self.score())] * self.game.num_players

    @property
    def deck_size(self) -> int:
        """Cards left to draw."""
        return len(self.deck) - self.drawn

    # ---- moves ---------------------------------------------------------------------------------
    def legal_uids(self, player: int | None = None) -> list[int]:
        """The legal move ids of ``player`` (default: the seat to move), ascending (OpenSpiel's order).

        Args:
            player: the seat asking; ``None`` for the seat to move.

        Returns:
            The ids; empty when the game is over or it is not ``player``'s turn.
        """
        game = self.game
        p = self.player
        if (player is not None and player != p) or self.is_terminal():
            return []
        n, hand, players = len(self.hands[p]), game.hand_size, game.num_players
        out = list(range(n)) if self.information < game.max_information_tokens else []
        out.extend(range(hand, hand + n))
        if self.information > 0:
            color_bit, rank_bit = game.color_bit, game.rank_bit
            rank_masks = []
            for off in range(1, players):
                colors = ranks = 0
                for card in self.hands[(p + off) % players]:
                    colors |= color_bit[card]
                    ranks |= rank_bit[card]
                out.extend(game.color_clues[off][colors])
                rank_masks.append(ranks)
            for off, ranks in enumerate(rank_masks, start=1):
                out.extend(game.rank_clues[off][ranks])
        return out

    def legal_moves(self, player: int | None = None) -> list[Action]:
        """The legal typed actions of ``player`` (default: the seat to move), in move-id order."""
        p = self.player if player is None else player
        return [self.game.action(p, uid) for uid in self.legal_uids(player)]

    def legal_actions(self, player: int) -> list[str]:
        return [self.game.name(player, uid) for uid in self.legal_uids(player)]

    def illegal_reason(self, uid: int) -> str | None:
        """Why move ``uid`` is illegal for the seat to move now, or ``None`` if it is legal."""
        game = self.game
        if self.is_terminal():
            return "the game is over"
        if not 0 <= uid < game.num_moves:
            return f"no move {uid}"
        kind, a, v = game.decode[uid]
        if kind in (DISCARD, PLAY):
            held = len(self.hands[self.player])
            if a >= held:
                return f"no card at position {a} (the hand holds {held})"
            if kind == DISCARD and self.information >= game.max_information_tokens:
                return f"discarding is not allowed with all {game.max_information_tokens} information tokens"
            return None
        if self.information <= 0:
            return "no information token left for a clue"
        target = (self.player + a) % game.num_players
        cards = self.hands[target]
        if kind == REVEAL_COLOR and all(card // game.ranks != v for card in cards):
            return f"the clue touches no card: seat {target} holds no {game.color_names[v]} card"
        if kind == REVEAL_RANK and all(card % game.ranks != v for card in cards):
            return f"the clue touches no card: seat {target} holds no {v + 1}"
        return None

    def apply_uid(self, uid: int, message: str = "", player: int | None = None) -> None:
        """Play move id ``uid`` for the seat to move (the fast path for search and tests).

        Args:
            uid: the move id.
            message: the chat message sent with it (no rules meaning).
            player: the seat that means to move, if the caller wants that checked.

        Raises:
            IllegalTurnError: the move is illegal now, or it is not ``player``'s turn; the state
                is unchanged.
        """
        if player is not None and player != self.current_player:
            raise IllegalTurnError(f"it is not seat {player}'s turn (seat {self.current_player} moves)")
        reason = self.illegal_reason(uid)
        if reason is not None:
            raise IllegalTurnError(reason)
        p = self.player
        if message:
            self._move(uid, TurnRecord(player=p, turn=Turn(message=message, actions=(self.game.action(p, uid),))))
        else:
            self._move(uid, self.game.turn_record(p, uid))

    def _uid_of(self, turn: Turn) -> int:
        if len(turn.actions) != 1:
            raise IllegalTurnError(
                f"a Hanabi turn carries exactly one action (play, discard or clue), got {len(turn.actions)}"
            )
        uid = self.game.uid(self.player, turn.actions[0])
        reason = self.illegal_reason(uid)
        if reason is not None:
            raise IllegalTurnError(reason)
        return uid

    def _validate(self, turn: Turn) -> None:
        self._uid_of(turn)

    def _apply(self, turn: Turn) -> None:
        self._move(self._uid_of(turn), TurnRecord(player=self.player, turn=turn))

    def _move(self, uid: int, record: TurnRecord) -> None:
        """Carry out the legal move ``uid`` (HLE's ``ApplyMove`` followed by its deal)."""
        game = self.game
        p = self.player
        if self.drawn >= len(self.deck):
            self.turns_to_play -= 1
        kind, a, v = game.decode[uid]
        if kind == DISCARD or kind == PLAY:
            hand = self.hands[p]
            card = hand.pop(a)
            self.knowledge[p].pop(a)
            outcome = 0
            color, rank = divmod(card, game.ranks)
            if kind == PLAY and self.fireworks[color] == rank:
                self.fireworks[color] += 1
                self.stacked += 1
                outcome = 1
                if rank == game.ranks - 1 and self.information < game.max_information_tokens:
                    self.information += 1
            else:
                self.discards.append(card)
                if kind == PLAY:
                    self.lives -= 1
                else:
                    self.information += 1
            if self.drawn < len(self.deck) and self.lives > 0 and self.stacked < game.max_score:
                # as HLE: no card is dealt once the move has ended the game
                hand.append(self.deck[self.drawn])
                self.knowledge[p].append(game.fresh)
                self.drawn += 1
            self.records.append((p, uid, card, outcome))
        else:
            self.information -= 1
            target = (p + a) % game.num_players
            known = self.knowledge[target]
            clue = clue_color if kind == REVEAL_COLOR else clue_rank
            touched = 0
            for i, card in enumerate(self.hands[target]):
                known[i] = clue(known[i], card, v, game.ranks)
                if (card // game.ranks if kind == REVEAL_COLOR else card % game.ranks) == v:
                    touched |= 1 << i
            self.records.append((p, uid, -1, touched))
        self.history.append(record)
        self.player = (p + 1) % game.num_players

    # ---- views ---------------------------------------------------------------------------------
    def move_record(self, index: int) -> MoveRecord:
        """The public :class:`MoveRecord` of move number ``index`` (0-based)."""
        game = self.game
        p, uid, card, outcome = self.records[index]
        kind, a, v = game.decode[uid]
        if kind == DISCARD:
            return MoveRecord(kind="discard", card=a, revealed=game.card_models[card])
        if kind == PLAY:
            return MoveRecord(kind="play", card=a, revealed=game.card_models[card], success=bool(outcome))
        touched = tuple(i for i in range(game.hand_size) if outcome >> i & 1)
        target = (p + a) % game.num_players
        if kind == REVEAL_COLOR:
            return MoveRecord(kind="reveal_color", target=target, color=game.color_names[v], touched=touched)
        return MoveRecord(kind="reveal_rank", target=target, rank=v + 1, touched=touched)

    def chat(self) -> list[ChatLine[MoveRecord]]:
        """Every move so far as a chat line (the seat's message and its public move record)."""
        names = self.game.facts.player_names
        while len(self._chat) < len(self.records):
            i = len(self._chat)
            seat = self.records[i][0]
            line = ChatLine[MoveRecord](
                seat=seat, speaker=names[seat], message=self.history[i].turn.message, action=self.move_record(i)
            )
            self._chat.append(line)
        return list(self._chat)

    def observation(self, player: int) -> HanabiObservation:
        game = self.game
        if not 0 <= player < game.num_players:
            raise ValueError(f"no player {player}")
        names = game.facts.player_names
        hands = tuple(
            HandView(
                seat=seat,
                name=names[seat],
                cards=None if seat == player else tuple(game.card_models[c] for c in self.hands[seat]),
                knowledge=tuple(game.knowledge_model(k) for k in self.knowledge[seat]),
            )
            for seat in range(game.num_players)
        )
        return HanabiObservation(
            seat=player,
            role=names[player],
            chat=self.chat(),
            num_players=game.num_players,
            colors=game.color_names,
            ranks=game.ranks,
            hand_size=game.hand_size,
            current_player=self.current_player,
            hands=hands,
            fireworks=tuple(self.fireworks),
            next_playable=tuple(h + 1 if h < game.ranks else None for h in self.fireworks),
            discards=tuple(game.card_models[c] for c in self.discards),
            information_tokens=self.information,
            max_information_tokens=game.max_information_tokens,
            life_tokens=self.lives,
            max_life_tokens=game.max_life_tokens,
            deck_size=self.deck_size,
            final_turns_left=self.turns_to_play if self.deck_size == 0 else None,
            score=self.score(),
            moves=len(self.records),
        )

    def metrics(self) -> HanabiMetrics:
        game = self.game
        kinds = [game.decode[uid][0] for _, uid, _, _ in self.records]
        return HanabiMetrics(
            players=game.num_players,
            max_score=game.max_score,
            fireworks=list(self.fireworks),
            score=self.score(),
            perfect=self.stacked == game.max_score,
            bombed=self.lives <= 0,
            lives_lost=game.max_life_tokens - self.lives,
            turns=len(self.records),
            clues=sum(1 for k in kinds if k >= REVEAL_COLOR),
            discards=sum(1 for k in kinds if k == DISCARD),
        )

    def clone(self) -> HanabiState:
        twin = HanabiState.__new__(HanabiState)
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(h) for h in self.hands]
        twin.knowledge = [list(k) for k in self.knowledge]
        twin.fireworks = list(self.fireworks)
        twin.discards = list(self.discards)
        twin.records = list(self.records)
        twin.history = list(self.history)
        twin._chat = list(self._chat)
        return twin

    # ---- hidden information --------------------------------------------------------------------
    def unseen_cards(self, player: int) -> list[int]:
        """The cards ``player`` cannot see (its own hand and the deck, as a multiset), derived
        from public facts only: the full deck minus the other hands, the discards and the stacks.

        Returns:
            The cards, sorted.
        """
        game = self.game
        counts = list(game.counts)
        for seat, hand in enumerate(self.hands):
            if seat != player:
                for card in hand:
                    counts[card] -= 1
        for card in self.discards:
            counts[card] -= 1
        for color, height in enumerate(self.fireworks):
            base = color * game.ranks
            for rank in range(height):
                counts[base + rank] -= 1
        return [card for card, n in enumerate(counts) for _ in range(n)]

    def resample_hand(self, player: int, rng: np.random.Generator) -> HanabiState:
        """A clone in which ``player``'s own hand and the deck still to draw are re-dealt at random,
        consistently with everything ``player`` knows (for determinized search).

        Each assignment of the unseen physical cards to ``player``'s positions that every card's
        knowledge allows is equally likely; the rest of the unseen cards are shuffled into the deck.
        ``player``'s observation of the clone equals its observation of this state.

        Args:
            player: the seat whose hidden cards are redrawn.
            rng: the randomness.

        Returns:
            The re-dealt clone (this state is unchanged).
        """
        game = self.game
        pool = self.unseen_cards(player)
        chosen = sample_hand([game.allows(k) for k in self.knowledge[player]], pool, rng)
        twin = self.clone()
        twin.hands[player] = [pool[i] for i in chosen]
        for i in sorted(chosen, reverse=True):
            pool.pop(i)
        rest = rng.permutation(pool).tolist() if pool else []
        twin.deck = self.deck[: self.drawn] + tuple(rest)
        return twin

    # ---- conformance hooks -----------------------------------------------------------------------
    def random_turn(self, rng: np.random.Generator) -> Turn:
        uids = self.legal_uids()
        uid = uids[int(rng.integers(len(uids)))]
        message = ("", "", "", "nice", "I think my oldest card is a 1")[int(rng.integers(5))]
        return Turn(message=message, actions=(self.game.action(self.player, uid),))

    def illegal_turns(self) -> list[Turn]:
        game = self.game
        p = self.player
        other = (p + 1) % game.num_players
        bad: list[Any] = [
            Play(card=game.hand_size),
            Discard(card=-1),
            RevealColor(target=p, color=game.color_names[0]),
            RevealRank(target=game.num_players, rank=1),
            RevealRank(target=other, rank=game.ranks + 1),
            RevealColor(target=other, color="purple"),
            {"kind": "play"},
            {"kind": "juggle", "card": 0},
            42,
            "play the best card",
        ]
        held = {card // game.ranks for card in self.hands[other]}
        missing = [c for c in range(game.colors) if c not in held]
        if missing:
            bad.append(RevealColor(target=other, color=game.color_names[missing[0]]))
        if self.information >= game.max_information_tokens:
            bad.append(Discard(card=0))
        if self.information <= 0:
            bad.append(RevealRank(target=other, rank=self.hands[other][0] % game.ranks + 1))
        turns = [Turn(message="x", actions=(a,)) for a in bad]
        return [*turns, Turn(message="hello"), Turn(actions=(Play(card=0), Play(card=0)))]

    def private_data(self, player: int) -> Any:
        """``player``'s own hand, oldest card first: the one thing hidden from that player (every
        other seat sees it; see :meth:`private_data_hidden_from`)."""
        return [self.game.card_models[card].model_dump(mode="json") for card in self.hands[player]]

    def private_data_hidden_from(self, player: int) -> list[int]:
        """Only ``player`` itself: a hand is held facing outwards."""
        return [player]

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> HanabiState:
        """:meth:`resample_hand`: ``player``'s own hand and the deck re-dealt consistently with
        what ``player`` knows (its observation is unchanged; the others' is not)."""
        return self.resample_hand(player, rng)

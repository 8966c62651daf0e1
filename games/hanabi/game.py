"""Hanabi's game and state (rules as the Hanabi Learning Environment plays them; see the package doc)."""

from __future__ import annotations

from typing import Any

import numpy as np
from pydantic import Field, ValidationError

from games.base import ChatLine, Game, GameFacts, GameMetrics, IllegalTurnError, State, Turn, TurnRecord, metric
from games.hanabi.actions import (
    ACTION_ADAPTER,
    ACTION_TYPES,
    Discard,
    MoveRecord,
    Play,
    RevealColor,
    RevealRank,
)
from games.hanabi.cards import (
    COLOR_CLUED,
    COLOR_NAMES,
    MAX_COLORS,
    MAX_RANKS,
    RANK_CLUED,
    card_model,
    clue_color,
    clue_rank,
    fresh_knowledge,
    full_deck,
    plausible,
    plausible_colors,
    plausible_ranks,
    sample_hand,
)
from games.hanabi.observation import CardKnowledge, HanabiObservation, HandView

GAME_ID = "hanabi_v0"
PLAYER_NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")
MIN_PLAYERS, MAX_PLAYERS = 2, 5

DISCARD, PLAY, REVEAL_COLOR, REVEAL_RANK = 0, 1, 2, 3
"""Move kinds of the integer move ids (``HanabiGame.decode``)."""

Action = Play | Discard | RevealColor | RevealRank


class HanabiGame(Game):
    """Hanabi for 2-5 players with HLE's parameters (see the package docstring).

    Moves have integer ids in HLE's (and OpenSpiel's) order: discards ``0..H-1``, plays
    ``H..2H-1``, then colour clues and rank clues per target *offset* from the mover (``+1`` first),
    where ``H`` is the hand size. :meth:`uid` and :meth:`action` convert between ids and the typed
    actions, whose clue targets are absolute seats.

    Args:
        players: seats, 2-5.
        colors: colours in play, 1-5 (red, yellow, green, white, blue in that order).
        ranks: ranks per colour, 1-5.
        hand_size: cards per hand; default 5 for 2-3 players, 4 for 4-5.
        max_information_tokens: clue tokens at the start and their cap.
        max_life_tokens: lives; the game is lost (score 0) when they run out.

    Raises:
        ValueError: a parameter out of range, or a deck too small to deal every hand.
    """

    def __init__(
        self,
        players: int = 2,
        colors: int = 5,
        ranks: int = 5,
        hand_size: int | None = None,
        max_information_tokens: int = 8,
        max_life_tokens: int = 3,
    ) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"players must be {MIN_PLAYERS}..{MAX_PLAYERS}, got {players}")
        if not 1 <= colors <= MAX_COLORS or not 1 <= ranks <= MAX_RANKS:
            raise ValueError(f"colors and ranks must be 1..5, got {colors} and {ranks}")
        hand = (5 if players < 4 else 4) if hand_size is None else hand_size
        if hand < 1:
            raise ValueError(f"hand_size must be >= 1, got {hand}")
        if max_information_tokens < 1 or max_life_tokens < 1:
            raise ValueError("max_information_tokens and max_life_tokens must be >= 1")
        self.num_players, self.colors, self.ranks, self.hand_size = players, colors, ranks, hand
        self.max_information_tokens, self.max_life_tokens = max_information_tokens, max_life_tokens
        self.cards = full_deck(colors, ranks)
        if len(self.cards) < players * hand:
            raise ValueError(f"a deck of {len(self.cards)} cards cannot deal {players} hands of {hand}")
        self.color_names = COLOR_NAMES[:colors]
        self.max_score = colors * ranks
        self.fresh = fresh_knowledge(colors, ranks)
        self.num_moves = 2 * hand + (players - 1) * (colors + ranks)
        self.decode: list[tuple[int, int, int]] = (
            [(DISCARD, i, 0) for i in range(hand)]
            + [(PLAY, i, 0) for i in range(hand)]
            + [(REVEAL_COLOR, off, c) for off in range(1, players) for c in range(colors)]
            + [(REVEAL_RANK, off, r) for off in range(1, players) for r in range(ranks)]
        )
        """Move id -> (kind, hand position or target offset, colour or 0-based rank)."""
        self.card_models = [card_model(card, ranks) for card in range(colors * ranks)]
        self.counts = [self.cards.count(card) for card in range(colors * ranks)]
        # legal clues by the set of colours (ranks) a target holds, as a bitmask, per target offset
        self.color_bit = [1 << (card // ranks) for card in range(colors * ranks)]
        self.rank_bit = [1 << (card % ranks) for card in range(colors * ranks)]
        first_rank = 2 * hand + (players - 1) * colors
        self.color_clues = [[()]] + [
            [tuple(2 * hand + (off - 1) * colors + c for c in range(colors) if m >> c & 1) for m in range(1 << colors)]
            for off in range(1, players)
        ]
        self.rank_clues = [[()]] + [
            [tuple(first_rank + (off - 1) * ranks + r for r in range(ranks) if m >> r & 1) for m in range(1 << ranks)]
            for off in range(1, players)
        ]
        self._allows: dict[int, tuple[bool, ...]] = {}
        self._actions = [[self._make_action(p, uid) for uid in range(self.num_moves)] for p in range(players)]
        self._turns = [[Turn(actions=(a,)) for a in row] for row in self._actions]
        self._records = [[TurnRecord(player=p, turn=t) for t in row] for p, row in enumerate(self._turns)]
        self._names = [[describe(a) for a in row] for row in self._actions]
        self._by_name = [{n.lower(): uid for uid, n in enumerate(row)} for row in self._names]
        self._knowledge_models: dict[int, CardKnowledge] = {}
        # each move draws at most one card, and each clue needs a token that a discard or a
        # completed stack gave back: a bound on the moves of any game
        bound = len(self.cards) + max_information_tokens + len(self.cards) + colors + players
        self.facts = GameFacts(
            game_id=GAME_ID,
            num_players=players,
            player_names=PLAYER_NAMES[:players],
            first_player=0,
            max_turns_per_player=bound // players + 1,
            information="imperfect: each player sees every hand but its own; clues are public",
            description=f"Hanabi, {players} players, {colors} colours x {ranks} ranks, hands of {hand}",
        )

    # ---- move ids and typed actions ------------------------------------------------------------
    def _make_action(self, player: int, uid: int) -> Action:
        kind, a, v = self.decode[uid]
        if kind == DISCARD:
            return Discard(card=a)
        if kind == PLAY:
            return Play(card=a)
        target = (player + a) % self.num_players
        if kind == REVEAL_COLOR:
            return RevealColor(target=target, color=self.color_names[v])
        return RevealRank(target=target, rank=v + 1)

    def action(self, player: int, uid: int) -> Action:
        """The typed action of move id ``uid`` when ``player`` makes it (shared, immutable)."""
        return self._actions[player][uid]

    def turn(self, player: int, uid: int) -> Turn:
        """The message-less :class:`Turn` of move ``uid`` by ``player`` (shared, immutable)."""
        return self._turns[player][uid]

    def name(self, player: int, uid: int) -> str:
        """The legal-action name of move ``uid`` by ``player`` (``"reveal Bob's red cards"``)."""
        return self._names[player][uid]

    def uid(self, player: int, action: Any) -> int:
        """The move id of ``action`` made by ``player`` (whether it is legal now is not checked).

        Args:
            player: the mover.
            action: a typed action, its dict, or a legal-action name (case-insensitive).

        Returns:
            The move id.

        Raises:
            IllegalTurnError: a malformed action, a position, seat, colour or rank out of range, or
                a clue to oneself.
        """
        if isinstance(action, str):
            found = self._by_name[player].get(action.strip().lower())
            if found is None:
                raise IllegalTurnError(f"unknown action {action[:60]!r}")
            return found
        if isinstance(action, dict):
            try:
                action = ACTION_ADAPTER.validate_python(action)
            except ValidationError as err:
                first = err.errors()[0]
                raise IllegalTurnError(f"malformed action ({first['msg']})") from None
        if not isinstance(action, ACTION_TYPES):
            raise IllegalTurnError(
                f"an action must be a Play, Discard, RevealColor or RevealRank, not {type(action).__name__}"
            )
        hand = self.hand_size
        if isinstance(action, (Play, Discard)):
            if not 0 <= action.card < hand:
                raise IllegalTurnError(f"card position {action.card} is out of range 0..{hand - 1}")
            return action.card + (hand if isinstance(action, Play) else 0)
        if not 0 <= action.target < self.num_players:
            raise IllegalTurnError(f"no seat {action.target}")
        offset = (action.target - player) % self.num_players
        if offset == 0:
            raise IllegalTurnError("a player cannot give a clue to itself")
        if isinstance(action, RevealColor):
            if action.color not in self.color_names:
                raise IllegalTurnError(f"unknown colour {action.color!r}; colours: {', '.join(self.color_names)}")
            return 2 * hand + (offset - 1) * self.colors + self.color_names.index(action.color)
        if not 1 <= action.rank <= self.ranks:
            raise IllegalTurnError(f"rank {action.rank} is out of range 1..{self.ranks}")
        return 2 * hand + (self.num_players - 1) * self.colors + (offset - 1) * self.ranks + action.rank - 1

    def knowledge_model(self, knowledge: int) -> CardKnowledge:
        """The :class:`CardKnowledge` of a packed knowledge int (cached)."""
        found = self._knowledge_models.get(knowledge)
        if found is None:
            found = CardKnowledge(
                colors=tuple(self.color_names[c] for c in plausible_colors(knowledge, self.colors)),
                ranks=tuple(r + 1 for r in plausible_ranks(knowledge, self.ranks)),
                color_clued=bool(knowledge & COLOR_CLUED),
                rank_clued=bool(knowledge & RANK_CLUED),
            )
            self._knowledge_models[knowledge] = found
        return found

    def allows(self, knowledge: int) -> tuple[bool, ...]:
        """Per card (int), whether ``knowledge`` allows it (cached)."""
        found = self._allows.get(knowledge)
        if found is None:
            found = tuple(plausible(knowledge, card, self.ranks) for card in range(self.colors * self.ranks))
            self._allows[knowledge] = found
        return found

    # ---- states ----------------------------------------------------------------------------
    def deal(self, seed: int) -> tuple[int, ...]:
        """The shuffled deck of ``seed`` (a numpy Generator permutation); hands are dealt from its front."""
        rng = np.random.default_rng(seed)
        return tuple(rng.permutation(np.array(self.cards)).tolist())

    def new_initial_state(self, seed: int) -> HanabiState:
        return HanabiState(self, self.deal(seed))


def describe(action: Action) -> str:
    """The legal-action name of a typed action (the paper's wording, seats by number).

    Returns:
        ``"play card 0"``, ``"discard card 2"``, ``"reveal seat 1 red"``, ``"reveal seat 1 rank 3"``.
    """
    if isinstance(action, Play):
        return f"play card {action.card}"
    if isinstance(action, Discard):
        return f"discard card {action.card}"
    if isinstance(action, RevealColor):
        return f"reveal seat {action.target} {action.color}"
    return f"reveal seat {action.target} rank {action.rank}"


class HanabiMetrics(GameMetrics):
    """The per-game metrics of Hanabi."""

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
    """

    game: HanabiGame

    def __init__(self, game: HanabiGame, deck: tuple[int, ...]) -> None:
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
        value = float(self.score()) if self.is_terminal() else 0.0
        return [value] * self.game.num_players

    @property
    def deck_size(self) -> int:
        """Cards left to draw."""
        return len(self.deck) - self.drawn

    # ---- moves ---------------------------------------------------------------------------------
    def legal_uids(self, player: int | None = None) -> list[int]:
        """The legal move ids of ``player`` (default: the seat to move), ascending (OpenSpiel's order).

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

    def apply_uid(self, uid: int, message: str = "") -> None:
        """Play move id ``uid`` for the seat to move (the fast path for search and tests).

        Args:
            uid: the move id.
            message: the chat message sent with it (no rules meaning).

        Raises:
            IllegalTurnError: the move is illegal now; the state is unchanged.
        """
        reason = self.illegal_reason(uid)
        if reason is not None:
            raise IllegalTurnError(reason)
        p = self.player
        if message:
            self._move(uid, TurnRecord(player=p, turn=Turn(message=message, actions=(self.game.action(p, uid),))))
        else:
            self._move(uid, self.game._records[p][uid])

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
        """Nothing: in Hanabi a player's hand is seen by everyone *but* that player, and its
        knowledge is public, so a seat holds no secret from the others (the secret is hidden from
        its owner; see :meth:`resample_hand` and the Hanabi tests)."""
        return None

    def with_private_data_resampled(self, player: int, rng: np.random.Generator) -> HanabiState:
        """A clone with the deck still to draw reshuffled (hidden from every seat); hands, knowledge
        and history are kept. ``player`` is unused: no seat has a secret of its own."""
        twin = self.clone()
        rest = self.deck[self.drawn :]
        twin.deck = self.deck[: self.drawn] + tuple(rest[int(i)] for i in rng.permutation(len(rest)))
        return twin

"""Hanabi's game: its parameters, move ids and typed actions, and the deal (see the package doc)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from pydantic import ValidationError

from games.base import Game, GameFacts, IllegalTurnError, Turn, TurnRecord
from games.hanabi.actions import (
    ACTION_ADAPTER,
    ACTION_TYPES,
    DISCARD,
    PLAY,
    REVEAL_COLOR,
    REVEAL_RANK,
    Action,
    Discard,
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
    fresh_knowledge,
    full_deck,
    plausible,
    plausible_colors,
    plausible_ranks,
)
from games.hanabi.observation import CardKnowledge

if TYPE_CHECKING:
    from games.hanabi.state import HanabiState

GAME_ID = "hanabi_v0"
PLAYER_NAMES = ("Alice", "Bob", "Cathy", "Donald", "Emily")
MIN_PLAYERS, MAX_PLAYERS = 2, 5


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
            rewards="running",
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

    def turn_record(self, player: int, uid: int) -> TurnRecord:
        """The history entry of the message-less move ``uid`` by ``player`` (shared, immutable)."""
        return self._records[player][uid]

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
        from games.hanabi.state import HanabiState  # noqa: PLC0415 (the state module imports this one)

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

"""Hanabi (LLM-Coordination, seed 002, Appendix B), id ``hanabi_v0``: the rules as the Hanabi
Learning Environment (HLE, Bard et al. 2020) and OpenSpiel's ``hanabi`` play them.

Players hold their cards facing outwards: each sees every hand but its own. Together they build one
stack per colour, from 1 up to the top rank. On its turn a seat does exactly one thing:

* **play** a card: if it is the next rank of its colour's stack it extends the stack (completing a
  stack with its top rank returns an information token, up to the cap); otherwise it goes to the
  discard pile and a life is lost. The player then draws (while the deck has cards);
* **discard** a card: it goes to the discard pile, an information token returns and the player
  draws. Illegal with every token in hand (as HLE);
* **reveal** (clue) a colour or a rank to another seat: spends a token (illegal at 0); every card of
  that colour or rank in the target's hand is pointed out, and the target also learns that its other
  cards are *not* of it. A clue must touch at least one card; nobody clues itself.

Drawn cards go to the right of the hand (position ``len - 1``); positions are 0-based from the
oldest card. The game ends when every stack is complete, when the last life is lost (score 0, as
HLE), or after the last card is drawn and every seat, the one who drew it included, has had one more
turn (HLE: each move made with an empty deck counts down ``players`` moves). The score is the sum of
the stacks.

| fact            | value                                                                          |
|-----------------|--------------------------------------------------------------------------------|
| players         | 2-5 (``players``), seats named Alice, Bob, Cathy, Donald, Emily                |
| deck            | 5 colours x 5 ranks: per colour three 1s, two 2s, 3s and 4s, one 5 (50 cards)  |
| hands           | 5 cards (4 with 4-5 players)                                                   |
| tokens          | 8 information tokens, 3 lives                                                  |
| first player    | seat 0; seats move in order                                                    |
| turn            | a chat message (free text, no rules meaning) plus exactly one action           |
| information     | imperfect: a seat sees the other hands, never its own; clues are public         |
| returns         | the final score, the same for every seat (0 before the end)                    |
| options         | ``players``, ``colors``, ``ranks``, ``hand_size``, ``max_information_tokens``, ``max_life_tokens`` (HLE's) |

Actions (:mod:`games.hanabi.actions`): ``Play(card=i)``, ``Discard(card=i)``,
``RevealColor(target=seat, color="red")``, ``RevealRank(target=seat, rank=3)`` with absolute seats,
colour names and 1-based ranks; a turn may also name a legal-action string (``"play card 0"``,
``"reveal seat 1 red"``) or give the action as a dict with its ``kind``. Every move also has HLE's
integer id (:meth:`HanabiGame.uid`, :meth:`HanabiState.legal_uids`, :meth:`HanabiState.apply_uid`),
the same ids OpenSpiel uses, for search.

A seat's observation (:class:`HanabiObservation`) holds its own cards' *knowledge* only (what the
clues leave possible), every other hand with its holder's knowledge, the stacks, the discards, the
tokens, the deck size and the history (each move's record with the card played or discarded and the
positions a clue touched). :meth:`HanabiState.resample_hand` re-deals a seat's own hand and the deck
consistently with that seat's knowledge, for search; :func:`state_from_observation` builds such a
state from the seat's observation alone.

The deal is a numpy permutation of the deck drawn from the seed: seat 0 gets the first cards, then
seat 1, and each draw takes the next card, as HLE's chance moves deal them.
"""

from games.hanabi.actions import ACTION_ADAPTER, Discard, HanabiAction, MoveRecord, Play, RevealColor, RevealRank
from games.hanabi.cards import COLOR_NAMES, Card
from games.hanabi.game import GAME_ID, PLAYER_NAMES, HanabiGame, describe
from games.hanabi.observation import CardKnowledge, HanabiObservation, HandView
from games.hanabi.redeal import state_from_observation
from games.hanabi.state import HanabiMetrics, HanabiState

__all__ = [
    "ACTION_ADAPTER",
    "COLOR_NAMES",
    "GAME_ID",
    "PLAYER_NAMES",
    "Card",
    "CardKnowledge",
    "Discard",
    "HanabiAction",
    "HanabiGame",
    "HanabiMetrics",
    "HanabiObservation",
    "HanabiState",
    "HandView",
    "MoveRecord",
    "Play",
    "RevealColor",
    "RevealRank",
    "describe",
    "state_from_observation",
]

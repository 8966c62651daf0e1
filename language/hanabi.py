"""Hanabi's language layer: a move said in words, read back into one formal move (grounding).

Hanabi's chat carries no rules meaning; what the language layer reads and writes is the move itself,
in the wording of the LLM-Coordination paper's action lists (Appendix B.2):

| move | the paper's wording | the act |
| --- | --- | --- |
| play | "Play my Card 0" | ``hanabi_move`` with ``Play(card=0)`` |
| discard | "Discard my Card 2" | ``hanabi_move`` with ``Discard(card=2)`` |
| colour clue | "Reveal Bob's Red color cards" | ``hanabi_move`` with ``RevealColor(target=1, color="red")`` |
| rank clue | "Reveal Bob's rank 3 cards" | ``hanabi_move`` with ``RevealRank(target=1, rank=3)`` |

:class:`HanabiRenderer` writes a move in that wording; :class:`HanabiParser` is the grounding the
CAC agent needs (a language model's chosen text mapped to a move) and reads a person's typed move:
besides the paper's wording it takes "play 2", "play card #2", "discard slot 0", "clue Bob red",
"tell Cathy about her 3s", "hint Bob rank 4", "Bob: blue", with colour names or letters (R Y G W B)
and number words. Card positions are 0-based from the oldest card, as the paper and the engine
number them. A sentence names one move; a message with several gives them in order (the caller
keeps the legal ones). Garbage yields ``[]``; the parser never raises.
"""

from __future__ import annotations

import re
from typing import Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from games.hanabi import COLOR_NAMES, Discard, HanabiAction, HanabiObservation, Play, RevealColor, RevealRank
from language.act_base import ActBase
from language.acts import Intent
from language.text import clean_message, number_words

__all__ = ["HanabiContext", "HanabiParser", "HanabiRenderer", "Move", "move_text"]


class Move(ActBase):
    """A Hanabi move said in words: ``action`` is the formal move it names."""

    act: Literal["hanabi_move"] = "hanabi_move"
    action: HanabiAction


class HanabiContext(BaseModel):
    """What reading or writing a move needs: who speaks, the seats' names, the colours and ranks.

    Attributes:
        speaker: the seat whose move it is ("my Card 0" is this seat's card).
        names: every seat's name, in seat order.
        colors: the colour names in play.
        ranks: ranks per colour.
        hand_size: the largest hand (card positions run 0..hand_size-1).
    """

    model_config = ConfigDict(frozen=True)

    speaker: int
    names: tuple[str, ...]
    colors: tuple[str, ...] = COLOR_NAMES
    ranks: int = 5
    hand_size: int = 5

    @classmethod
    def of(cls, observation: HanabiObservation, speaker: int) -> HanabiContext:
        """The context of a move by ``speaker`` in the game ``observation`` shows."""
        return cls(
            speaker=speaker,
            names=tuple(hand.name for hand in observation.hands),
            colors=observation.colors,
            ranks=observation.ranks,
            hand_size=observation.hand_size,
        )


def move_text(action: HanabiAction, context: HanabiContext) -> str:
    """``action`` in the paper's wording (Appendix B.2): ``Play my Card 0``, ``Discard my Card 2``,
    ``Reveal Bob's Red color cards``, ``Reveal Bob's rank 3 cards``."""
    if isinstance(action, Play):
        return f"Play my Card {action.card}"
    if isinstance(action, Discard):
        return f"Discard my Card {action.card}"
    name = context.names[action.target] if 0 <= action.target < len(context.names) else f"seat {action.target}"
    if isinstance(action, RevealColor):
        return f"Reveal {name}'s {action.color.capitalize()} color cards"
    return f"Reveal {name}'s rank {action.rank} cards"


class HanabiRenderer:
    """Writes an intent's move in the paper's wording (a planner's own message, if any, first)."""

    def render(self, intent: Intent, context: HanabiContext, rng: np.random.Generator | None = None) -> str:
        """The message of ``intent``: its ``message`` and the words of its move (or of its acts);
        one wording, so ``rng`` picks nothing."""
        actions = [a for a in intent.actions if isinstance(a, Play | Discard | RevealColor | RevealRank)]
        actions += [act.action for act in intent.acts if isinstance(act, Move)]
        words = [move_text(action, context) + "." for action in actions[:1]]
        return " ".join(part for part in [intent.message or "", *words] if part).strip()


_NUMBERS = number_words(0, 20)
_ORDINALS = {
    "first": 1,
    "second": 2,
    "third": 3,
    "fourth": 4,
    "fifth": 5,
    "1st": 1,
    "2nd": 2,
    "3rd": 3,
    "4th": 4,
    "5th": 5,
}
_SENTENCES = re.compile(r"[.;!?\n]+|\band then\b|\bthen\b", re.IGNORECASE)
_WORD = re.compile(r"[a-z]+|\d+", re.IGNORECASE)
_POSITION_WORDS = ("card", "slot", "position", "pos", "index")
_CARD_WORDS = (*_POSITION_WORDS, "cards", "slots", "my", "the", "number", "no")


class HanabiParser:
    """Reads moves from text (see the module docstring); never raises."""

    def parse(self, message: str, context: HanabiContext) -> list[Move]:
        """The moves ``message`` names, in order (one per sentence at most).

        Args:
            message: free text (a model's answer, a person's typed move).
            context: who speaks and the seats' names.
        """
        text = clean_message(message).replace("#", " ").replace("’", "'")
        moves: list[Move] = []
        for sentence in _SENTENCES.split(text):
            action = _read(sentence, context)
            if action is not None:
                moves.append(Move(action=action))
        return moves


def _number(token: str) -> int | None:
    low = token.lower()
    if low.isdigit():
        return int(low)
    return _NUMBERS.get(low)


def _read(sentence: str, context: HanabiContext) -> HanabiAction | None:
    """The one move ``sentence`` names, or None."""
    words = [w.lower() for w in _WORD.findall(sentence)]
    if not words:
        return None
    verbs = {w for w in words if w in ("play", "plays", "playing", "discard", "discards", "discarding", "toss", "drop")}
    clue = any(w in ("reveal", "clue", "hint", "tell", "show", "give", "inform", "point") for w in words)
    target = _target(sentence, context)
    if target is not None and target != context.speaker and (clue or not verbs):
        return _clue(words, target, context)
    if verbs:
        card = _card(words, context)
        if card is None:
            return None
        if any(v.startswith(("discard", "toss", "drop")) for v in verbs):
            return Discard(card=card)
        return Play(card=card)
    return None


def _target(sentence: str, context: HanabiContext) -> int | None:
    """The seat a clue goes to: a seat's name ("Bob", "Bob's", "bob:"), or "seat N"."""
    low = sentence.lower()
    for seat, name in enumerate(context.names):
        if re.search(rf"\b{re.escape(name.lower())}\b", low):
            return seat
    found = re.search(r"\b(?:seat|player)\s+(\d)\b", low)
    if found and int(found.group(1)) < len(context.names):
        return int(found.group(1))
    if len(context.names) == 2 and re.search(r"\b(partner|your|you|his|her|their)\b", low):
        return 1 - context.speaker
    return None


def _clue(words: list[str], target: int, context: HanabiContext) -> HanabiAction | None:
    """A colour or rank clue to ``target``: exactly one colour (a name, a plural, or with nothing
    else named a letter R/Y/G/W/B) or exactly one rank (a number 1..ranks not after a position word)."""
    colors = {name.lower(): name for name in context.colors}
    named: set[str] = set()
    ranks: set[int] = set()
    for i, word in enumerate(words):
        base = word[:-1] if word.endswith("s") and word[:-1] in colors else word
        if base in colors:
            named.add(colors[base])
            continue
        value = _number(word)
        before = words[i - 1] if i else ""
        if value is not None and 1 <= value <= context.ranks and before not in (*_POSITION_WORDS, "seat", "player"):
            ranks.add(value)
    if not named and not ranks:
        letters = {name[0].lower(): name for name in context.colors}
        named = {letters[w] for w in words if len(w) == 1 and w in letters}
    if len(named) == 1 and not ranks:
        return RevealColor(target=target, color=next(iter(named)))
    if len(ranks) == 1 and (not named or "rank" in words):
        return RevealRank(target=target, rank=next(iter(ranks)))
    if len(named) == 1 and ("color" in words or "colour" in words):
        return RevealColor(target=target, color=next(iter(named)))
    return None


def _card(words: list[str], context: HanabiContext) -> int | None:
    """The card position a play or discard names: "card 2", "my Card 0", "slot 1", "play 3",
    "the third card" (1-based ordinals: the third card is position 2)."""
    for i, word in enumerate(words):
        ordinal = _ORDINALS.get(word)
        if ordinal is not None and ordinal <= context.hand_size:
            return ordinal - 1
        value = _number(word)
        if value is None or not 0 <= value < context.hand_size:
            continue
        before = words[i - 1] if i else ""
        if before in _CARD_WORDS or before.startswith(("play", "discard", "toss", "drop")):
            return value
    return None

"""A loss-free machine channel: acts travel as JSON text.

Registered as parser / renderer ``structured``; an ablation with it measures the planners without
any language error (the upper bound the rule and LLM back ends are compared against).

The parser holds what it reads to the game exactly as the LLM parser does: decoded acts go through
the game language's ``act_errors`` (for Traveling Adventurers, ``TRAVELING_ADVENTURERS.act_errors``:
rooms on the board, coins in 1..10, no room twice, an ``end`` that is a full tour). A message with
any act the validators refuse is refused whole, like an LLM answer: it parses to no acts and is
counted in :attr:`StructuredParser.refused` (the reason in :attr:`StructuredParser.last_refusal`).
So is a message that is not a JSON list of acts, or is longer than a game message may be; no input
makes the parser raise.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from pydantic import ValidationError

from games.base import MAX_MESSAGE_CHARS
from language.acts import Act, Intent, acts_from_json, acts_to_json
from language.base import DialogueContext
from language.traveling_adventurers_llm import TRAVELING_ADVENTURERS

if TYPE_CHECKING:
    from language.llm import ParseLanguage


class StructuredRenderer:
    """Writes the intent's acts as a JSON list."""

    def render(self, intent: Intent, context: DialogueContext, rng: np.random.Generator) -> str:
        return json.dumps(acts_to_json(list(intent.acts)), separators=(",", ":"))


@dataclass
class StructuredParser:
    """Reads a JSON list of acts that the game's validators accept; anything else yields no acts.

    Args:
        language: whose ``act_errors`` judge the acts (default: Traveling Adventurers').

    Attributes:
        refused: messages refused (not a JSON list of acts, too long, or an act the game forbids).
        last_refusal: why the latest refused message was refused.
    """

    language: ParseLanguage = TRAVELING_ADVENTURERS
    refused: int = 0
    last_refusal: str = ""

    def parse(self, message: str, context: DialogueContext) -> list[Act]:
        """The acts of ``message``, or ``[]`` (counted in :attr:`refused`) when it is not a JSON list
        of acts legal in ``context``. Never raises."""
        if len(message) > MAX_MESSAGE_CHARS:
            return self._refuse(f"the message is over {MAX_MESSAGE_CHARS} characters")
        try:
            acts = acts_from_json(json.loads(message))
        except (ValueError, ValidationError, RecursionError) as err:
            return self._refuse(f"not a JSON list of acts: {type(err).__name__}")
        errors = self.language.act_errors(acts, context)
        return self._refuse("; ".join(errors)) if errors else acts

    def _refuse(self, reason: str) -> list[Act]:
        self.refused += 1
        self.last_refusal = reason
        return []

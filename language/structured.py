"""A loss-free machine channel: acts travel as JSON text.

Registered as parser / renderer ``structured``; an ablation with it measures the planners without
any language error (the upper bound the rule and LLM back ends are compared against).
"""

from __future__ import annotations

import json

import numpy as np
from pydantic import ValidationError

from language.acts import Act, Intent, acts_from_json, acts_to_json
from language.base import DialogueContext


class StructuredRenderer:
    """Writes the intent's acts as a JSON list."""

    def render(self, intent: Intent, context: DialogueContext, rng: np.random.Generator) -> str:
        return json.dumps(acts_to_json(list(intent.acts)), separators=(",", ":"))


class StructuredParser:
    """Reads a JSON list of acts; anything else (text, bad JSON, invalid acts) yields no acts."""

    def parse(self, message: str, context: DialogueContext) -> list[Act]:
        try:
            return acts_from_json(json.loads(message))
        except (ValueError, ValidationError, RecursionError):
            return []

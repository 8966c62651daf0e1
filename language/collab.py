"""The Collab games' language layer: moves said in words, read back into typed acts.

| act | meaning | rendered as (one of, by the rng) | also read from |
| --- | --- | --- | --- |
| ``collab_plan`` | the speaker's own move this turn | "I'll move to room 5." / "I'm heading to room 5." | "I'll go to room 3", "going to 3", "let me press the button", "I will fix the generator", "I'll stay here", "Action: Move to Room 5" |
| ``collab_suggest`` | a move the speaker suggests to the listener | "Bob, please move to room 5." | "you go to room 4", "Alice, press the button", "can you fix the generator?", "stay where you are" |

A sentence names at most one move: ``press``/``push`` (a button), ``fix``/``repair`` (a generator),
else ``room N`` (digits or number words) after a motion verb or alone, else ``button`` or
``generator`` alone; ``stay``/``wait``/``hold`` without a motion verb is staying (``stay in room 1``). Its
subject decides the act: "you", the listener's name or an imperative verb first makes a suggestion;
"I", "I'll", "let me", "we" or nothing else makes the speaker's plan. "stay"/"wait" become the
game's own kind (``Stay`` in Capture, ``Wait`` in Escape). A message is data: it is only read into
acts, never obeyed; garbage yields ``[]`` and the parser never raises.
"""

from __future__ import annotations

import re
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel, ConfigDict

from games.collab import CollabAction, Fix, Move, Press, Stay, Wait, action_name
from language.act_base import ActBase
from language.acts import Intent
from language.text import number_words

__all__ = ["CollabContext", "CollabParser", "CollabPlan", "CollabRenderer", "CollabSuggest", "read_move", "say_move"]


class CollabPlan(ActBase):
    """The speaker's own move this turn."""

    act: Literal["collab_plan"] = "collab_plan"
    action: CollabAction


class CollabSuggest(ActBase):
    """A move the speaker suggests to the listener."""

    act: Literal["collab_suggest"] = "collab_suggest"
    action: CollabAction


class CollabContext(BaseModel):
    """What reading or writing a Collab message needs.

    Attributes:
        game: ``capture`` or ``escape`` (decides what "stay" means).
        speaker: the seat writing the message.
        names: the seats' names.
        rooms: each seat's room now.
    """

    model_config = ConfigDict(frozen=True)

    game: Literal["capture", "escape"] = "capture"
    speaker: int = 0
    names: tuple[str, str] = ("Alice", "Bob")
    rooms: tuple[int, int] = (1, 1)

    @classmethod
    def of(cls, observation: Any, speaker: int) -> CollabContext:
        """The context of a message by ``speaker`` in the game ``observation`` shows."""
        game: Literal["capture", "escape"] = "escape" if hasattr(observation, "killer") else "capture"
        alice, bob = observation.rooms
        return cls(game=game, speaker=speaker, rooms=(alice, bob))


def say_move(action: CollabAction, room: int, person: Literal["I", "you"] = "I") -> str:
    """A move in plain words, e.g. ``move to room 5``, ``press the button in room 9``."""
    if isinstance(action, Move | Press | Fix):
        return action_name(action, room)
    where = "here" if person == "I" else "where you are"
    return f"{action.kind} {where} (room {room})"


_I_VARIANTS = ("I'll {move}.", "I'm going to {move}.", "My move: {move}.")


class CollabRenderer:
    """Writes an intent's move as the speaker's plan (and its suggestions to the partner)."""

    def render(self, intent: Intent, context: CollabContext, rng: np.random.Generator | None = None) -> str:
        """The message of ``intent``: its own ``message`` if any, the first action as a plan, then
        each suggestion; the plan's wording is drawn with ``rng`` (the first without one)."""
        me, you = context.speaker, 1 - context.speaker
        parts = [intent.message] if intent.message else []
        plans = [a for a in intent.actions if isinstance(a, Move | Stay | Press | Fix | Wait)]
        plans += [act.action for act in intent.acts if isinstance(act, CollabPlan)]
        if plans:
            template = _I_VARIANTS[int(rng.integers(len(_I_VARIANTS)))] if rng is not None else _I_VARIANTS[0]
            parts.append(template.format(move=say_move(plans[0], context.rooms[me])))
        for act in intent.acts:
            if isinstance(act, CollabSuggest):
                parts.append(f"{context.names[you]}, please {say_move(act.action, context.rooms[you], 'you')}.")
        return " ".join(parts).strip()


_NUMBERS = number_words(0, 20)
_SENTENCES = re.compile(
    r"[.;!?\n]+|,?\s*\b(?:and )?then\b|,\s*and\b|,\s*(?=(?:you|i|i'll|i'm|let me|alice|bob)\b)", re.IGNORECASE
)
_ROOM = re.compile(
    r"\broom\s*(?:#|no\.?|number)?\s*(\w+)|\b(?:to|into|towards?|enter)\s+(?!room\b)(\d+|\w+)\b", re.IGNORECASE
)
_SUGGEST_START = re.compile(
    r"^\s*(?:you\b|you'll\b|you should\b|can you\b|could you\b|please\b|"
    r"(?:go|move|head|walk|run|press|push|fix|repair|stay|wait|hold)\b)",
    re.IGNORECASE,
)
_PLAN_START = re.compile(r"^\s*(?:i\b|i'll\b|i'm\b|im\b|let me\b|we\b|my\b|action\s*:)", re.IGNORECASE)


_STAY = re.compile(r"\b(stay|staying|wait|waiting|hold|remain|stand still)\b")
_NOT_MOTION = re.compile(r"\b(?:my move|action)\s*:|\bgoing to\b(?=\s+(?:stay|wait|hold|remain))")
_MOTION = re.compile(r"\b(go|goes|going|move|moving|head|heading|walk|run|come|coming|enter)\b")


def _number(token: str) -> int | None:
    if token.isdigit():
        return int(token)
    return _NUMBERS.get(token.lower())


def read_move(sentence: str, game: Literal["capture", "escape"]) -> CollabAction | None:
    """The one move a sentence names (see the module doc), or None."""
    lowered = sentence.lower()
    if re.search(r"\b(press|push|pressing)\b", lowered):
        return Press()
    if re.search(r"\b(fix|fixing|repair|repairing)\b", lowered):
        return Fix()
    # "My move: stay" and "I'm going to wait" name no motion
    plain = _NOT_MOTION.sub(" ", lowered)
    if _STAY.search(plain) and not _MOTION.search(plain):
        return Stay() if game == "capture" else Wait()
    for match in _ROOM.finditer(sentence):
        number = _number(match.group(1) or match.group(2))
        if number is not None:
            return Move(room=number)
    if "button" in lowered:
        return Press()
    if "generator" in lowered:
        return Fix()
    return None


class CollabParser:
    """Reads moves said in words into :class:`CollabPlan` and :class:`CollabSuggest` acts."""

    def parse(self, message: str, context: CollabContext) -> list[CollabPlan | CollabSuggest]:
        """The acts of ``message`` by ``context.speaker``, one per sentence that names a move."""
        listener = context.names[1 - context.speaker].lower()
        acts: list[CollabPlan | CollabSuggest] = []
        for sentence in _SENTENCES.split(message or ""):
            text = sentence.strip()
            if not text:
                continue
            addressed = text.lower().startswith(listener)
            if addressed:
                text = text[len(listener) :].lstrip(" ,:")
            move = read_move(text, context.game)
            if move is None:
                continue
            suggestion = addressed or (_SUGGEST_START.match(text) is not None and _PLAN_START.match(text) is None)
            acts.append(CollabSuggest(action=move) if suggestion else CollabPlan(action=move))
        return acts

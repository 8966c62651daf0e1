"""The Cognitive Architecture for Coordination (CAC; LLM-Coordination, seed 002, section 3) for
Hanabi: its prompts and move words for the shared modules of :mod:`planners.cac` (:data:`HANABI`) and
the modules' offline symbolic twins, each switching on or off for the paper's Table 3 ablation. The
memory is the prompt texts of :mod:`language.hanabi_llm` and :mod:`language.hanabi_state_text`
(rules and conventions; the state with the next playable card per stack; the seat's past moves).

When no choice survives, the ``fallback`` planner decides (the symbolic blueprint), so a failing
model never stalls a game. Each module has a language-model implementation (:mod:`planners.cac`; free-text answers
through :meth:`language.llm_client.LLMClient.ask_text`, with its accounting, cache and deadline) and
an offline symbolic twin (:func:`symbolic_cac`):

| module | language model | symbolic twin |
| --- | --- | --- |
| chooser | :class:`planners.cac.LLMReasoner` (Appendix C.1) | :class:`SymbolicReasoner`: the convention planner; without the theory-of-mind module it reads clues literally (what they say of each card), with it by the conventions (a clue's focus is a play or a save) |
| theory of mind | :class:`planners.cac.LLMTheoryOfMind` (C.2) | :class:`SymbolicTheoryOfMind`: the conventions' reading of the partner's last clue, as a note |
| verifier | :class:`planners.cac.LLMVerifier` (C.3) | :class:`SymbolicVerifier`: refuses illegal moves and a play not certain to be playable on the last life (it would end the game) |
| grounding | :func:`planners.cac.ground` with :class:`HanabiPrompts` | the move itself |
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from games.hanabi import Discard, HanabiObservation, Play, RevealColor, RevealRank
from language.hanabi import HanabiContext, HanabiParser, move_text
from language.hanabi_llm import read_tom, reasoner_messages, tom_messages, verifier_messages
from planners.cac import CACPlanner, Choice, Messages, NoTheoryOfMind, NoVerifier

Move = Play | Discard | RevealColor | RevealRank


def context_of(observation: HanabiObservation) -> HanabiContext:
    """The language context of this seat's moves."""
    return HanabiContext.of(observation, observation.seat)


def partner_move_text(observation: HanabiObservation) -> str:
    """The last move another seat made, in the paper's words from its side ("" if none yet)."""
    names = [hand.name for hand in observation.hands]
    for line in reversed(observation.chat):
        record = line.action
        if line.seat == observation.seat or record is None:
            continue
        who = names[line.seat]
        if record.kind in ("play", "discard"):
            card = f"{record.revealed.color.capitalize()} {record.revealed.rank}" if record.revealed else "a card"
            verb = "played" if record.kind == "play" else "discarded"
            result = "" if record.kind == "discard" else (" successfully" if record.success else ", a misplay")
            return f"{who} {verb} their Card {record.card} ({card}){result}"
        target = "my" if record.target == observation.seat else f"{names[record.target or 0]}'s"
        what = f"{(record.color or '').capitalize()} color" if record.kind == "reveal_color" else f"rank {record.rank}"
        touched = ", ".join(str(i) for i in record.touched)
        return f"{who} revealed {target} {what} cards (cards {touched})"
    return ""


class HanabiPrompts:
    """Hanabi's CAC prompts and move words (:class:`planners.cac.CACPrompts`; Appendices B-C)."""

    def moves(self, observation: HanabiObservation) -> list[Any]:
        return list(observation.legal_moves())

    def move_text(self, move: Any, observation: HanabiObservation) -> str:
        return move_text(move, context_of(observation))

    def name_move(self, text: str, observation: HanabiObservation) -> Any | None:
        named = HanabiParser().parse(text, context_of(observation))
        return named[0].action if len(named) == 1 else None

    def chooser_messages(
        self, observation: HanabiObservation, options: Sequence[str], notes: Sequence[str]
    ) -> Messages:
        return reasoner_messages(observation, options, notes)

    def partner_move(self, observation: HanabiObservation) -> str:
        return partner_move_text(observation)

    def tom_messages(self, observation: HanabiObservation, partner_move: str) -> Messages:
        return tom_messages(observation, partner_move)

    def read_tom(self, text: str) -> str:
        return read_tom(text).note()

    def verifier_messages(self, observation: HanabiObservation, move: str) -> Messages:
        return verifier_messages(observation, move)


HANABI = HanabiPrompts()
"""Hanabi's prompts for :func:`planners.cac.llm_cac` and the language-model modules."""


class LiteralReading:
    """A read-only view of a Hanabi belief store that takes clues literally: a card may be what its
    clue knowledge and the card count allow, whatever the conventions would read into the clue (the
    symbolic chooser without a theory-of-mind module)."""

    def __init__(self, beliefs: Any) -> None:
        self._beliefs = beliefs

    def __getattr__(self, name: str) -> Any:
        return getattr(self._beliefs, name)

    def public_belief(self, slot: Any) -> int:
        """The slot's identities by clue knowledge and the public card count alone."""
        avail = self._beliefs.public.available
        return int(slot.known & avail or slot.known)

    def private_belief(self, position: int) -> int:
        """The observer's own card by clue knowledge and every copy it can count."""
        slot = self._beliefs.slots[self._beliefs.seat][position]
        hidden = self._beliefs.hidden_mask()
        return int(slot.known & hidden or slot.known)


@dataclass
class SymbolicReasoner:
    """The chooser's symbolic twin: the convention planner (``literal``: reading clues literally);
    a move already excluded is replaced by the cautious planner's (no risky late plays)."""

    literal: bool = False
    blueprint: Any = None
    cautious: Any = None

    def __post_init__(self) -> None:
        from planners.hanabi_convention import ConventionPlanner

        self.blueprint = self.blueprint or ConventionPlanner()
        self.cautious = self.cautious or ConventionPlanner(fear_play=0)

    def choose(
        self, beliefs: Any, observation: HanabiObservation, notes: Sequence[str], excluded: Sequence[Move]
    ) -> Choice | None:
        view = LiteralReading(beliefs) if self.literal else beliefs
        for planner in (self.blueprint, self.cautious):
            action, why = planner.choose(view, observation)
            if action not in excluded:
                return Choice(action, why)
        return None


class SymbolicTheoryOfMind:
    """The theory-of-mind module's symbolic twin: the partner's last move in words and, for a clue
    to this seat, the conventions' reading of it (which card is its focus, and whether that card is
    now known to be playable or saved)."""

    def interpret(self, beliefs: Any, observation: HanabiObservation) -> str:
        said = partner_move_text(observation)
        if not said:
            return ""
        reading = ""
        last = next((line.action for line in reversed(observation.chat) if line.seat != observation.seat), None)
        if last is not None and last.target == observation.seat and last.touched:
            slots = beliefs.slots[observation.seat]
            focus = next((i for i in last.touched if i < len(slots) and slots[i].focus), max(last.touched))
            belief = beliefs.private_belief(focus)
            playable = bool(belief) and not belief & ~beliefs.public.playable
            reading = f" Their focus is my card {focus}: {'a play clue, play it' if playable else 'a save, keep it'}."
        return f"Partner Action Explanation: {said}.{reading}"


@dataclass
class SymbolicVerifier:
    """The verifier's symbolic twin: refuses an illegal move, and a play that is not certain to be
    playable when it would end the game (the last life; ``strict``: at any number of lives)."""

    strict: bool = False

    def approve(self, beliefs: Any, observation: HanabiObservation, action: Move) -> bool:
        if action not in observation.legal_moves():
            return False
        if not isinstance(action, Play) or (observation.life_tokens > 1 and not self.strict):
            return True
        belief = beliefs.private_belief(action.card)
        return bool(belief) and not belief & ~beliefs.public.playable


def symbolic_cac(tom: bool = True, verifier: bool = True, max_choices: int = 3) -> CACPlanner:
    """The CAC agent with every module's symbolic twin (Table 3 offline): ``tom`` switches the
    theory-of-mind module (and with it the chooser's convention reading of clues), ``verifier`` the
    safety check; the cautious convention planner is the fallback."""
    from planners.hanabi_convention import ConventionPlanner

    return CACPlanner(
        SymbolicReasoner(literal=not tom),
        ConventionPlanner(fear_play=0),
        SymbolicTheoryOfMind() if tom else NoTheoryOfMind(),
        SymbolicVerifier() if verifier else NoVerifier(),
        max_choices=max_choices,
    )

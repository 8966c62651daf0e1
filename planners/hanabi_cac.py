"""The Cognitive Architecture for Coordination (CAC; LLM-Coordination, seed 002, section 3) for
Hanabi, as modules that each switch on or off for the paper's Table 3 ablation.

One turn (:class:`CACPlanner`):

1. **memory**: the long-term memory (rules and conventions), the working memory (the state
   description with the next playable card per stack) and the episodic memory (the seat's own past
   moves) are the prompt texts of :mod:`language.hanabi_llm` and :mod:`language.hanabi_state_text`;
2. **theory of mind** (optional): reads the partner's last move and what the partner needs into a
   note added to the working memory;
3. **reasoning**: the action chooser picks a move;
4. **verifier** (optional): checks the move's safety; a rejected move is excluded and the chooser
   asked again, up to ``max_choices`` times;
5. **grounding**: the chooser's text is mapped to exactly one legal move (the option's letter, else
   the move's words read by :class:`language.hanabi.HanabiParser`, kept only if legal).

When no choice survives, the ``fallback`` planner decides (the symbolic blueprint), so a failing
model never stalls a game. Each module has a language-model implementation here (free-text answers
through :meth:`language.llm_client.LLMClient.ask_text`, with its accounting, cache and deadline) and
an offline symbolic twin (:func:`symbolic_cac`):

| module | language model | symbolic twin |
| --- | --- | --- |
| chooser | :class:`LLMReasoner` (Appendix C.1) | :class:`SymbolicReasoner`: the convention planner; without the theory-of-mind module it reads clues literally (what they say of each card), with it by the conventions (a clue's focus is a play or a save) |
| theory of mind | :class:`LLMTheoryOfMind` (C.2) | :class:`SymbolicTheoryOfMind`: the conventions' reading of the partner's last clue, as a note |
| verifier | :class:`LLMVerifier` (C.3) | :class:`SymbolicVerifier`: refuses illegal moves and a play not certain to be playable on the last life (it would end the game) |
| grounding | :func:`ground` | the move itself |
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from games.hanabi import Discard, HanabiObservation, Play, RevealColor, RevealRank
from language.acts import Intent
from language.choices import Option, answer_field, extract_answer
from language.hanabi import HanabiContext, HanabiParser, move_text
from language.hanabi_llm import read_tom, read_verdict, reasoner_messages, tom_messages, verifier_messages
from language.hanabi_state_text import letter_of
from language.llm_client import LLMCallError, LLMClient

Move = Play | Discard | RevealColor | RevealRank


@dataclass(frozen=True)
class Choice:
    """A move the reasoning module chose, and why."""

    action: Move
    explanation: str = ""


class Reasoner(Protocol):
    """The action chooser: one legal move not in ``excluded``, or None when it has none."""

    def choose(
        self, beliefs: Any, observation: HanabiObservation, notes: Sequence[str], excluded: Sequence[Move]
    ) -> Choice | None: ...


class TheoryOfMind(Protocol):
    """Reads the partner's last move and needs into a note for the working memory ('' for none)."""

    def interpret(self, beliefs: Any, observation: HanabiObservation) -> str: ...


class Verifier(Protocol):
    """Whether a chosen move is safe to make."""

    def approve(self, beliefs: Any, observation: HanabiObservation, action: Move) -> bool: ...


class NoTheoryOfMind:
    """The theory-of-mind module switched off: no note."""

    def interpret(self, beliefs: Any, observation: HanabiObservation) -> str:
        return ""


class NoVerifier:
    """The verifier switched off: every move passes."""

    def approve(self, beliefs: Any, observation: HanabiObservation, action: Move) -> bool:
        return True


def context_of(observation: HanabiObservation) -> HanabiContext:
    """The language context of this seat's moves."""
    return HanabiContext.of(observation, observation.seat)


def ground(text: str | None, observation: HanabiObservation, moves: Sequence[Move]) -> Move | None:
    """The one move of ``moves`` that ``text`` names: an option's letter (``moves`` listed A, B, ...
    in order), else the move its words name (:class:`HanabiParser`) if that move is among ``moves``,
    else None. Never a fuzzy match: "Discard my Card 0" must not become "Play my Card 0"."""
    if not text or not moves:
        return None
    context = context_of(observation)
    options = [Option(letter=letter_of(i), text=move_text(m, context)) for i, m in enumerate(moves)]
    picked = extract_answer(text, options)
    if picked.method == "letter" and picked.letter is not None:
        return moves[[o.letter for o in options].index(picked.letter)]
    said, _ = answer_field(text)
    named = HanabiParser().parse(said, context)
    return named[0].action if len(named) == 1 and named[0].action in moves else None


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


@dataclass
class LLMReasoner:
    """The action chooser on a language model (Appendix C.1): the lettered legal moves not yet
    excluded, "Explanation: ... Action: ...", grounded to one of them."""

    client: LLMClient
    last_output: str = ""
    ungrounded: int = 0

    def choose(
        self, beliefs: Any, observation: HanabiObservation, notes: Sequence[str], excluded: Sequence[Move]
    ) -> Choice | None:
        moves = [m for m in observation.legal_moves() if m not in excluded]
        if not moves:
            return None
        context = context_of(observation)
        messages = reasoner_messages(observation, [move_text(m, context) for m in moves], notes)
        try:
            self.last_output = self.client.ask_text(messages)
        except LLMCallError as err:
            self.last_output = f"(failed: {err})"
            return None
        action = ground(self.last_output, observation, moves)
        if action is None:
            self.ungrounded += 1
            return None
        return Choice(action, _explanation(self.last_output))


def _explanation(text: str) -> str:
    head = text.split("Action:", 1)[0]
    return " ".join(head.replace("Explanation:", "").split())[:300]


@dataclass
class LLMTheoryOfMind:
    """The theory-of-mind module on a language model (Appendix C.2)."""

    client: LLMClient
    last_output: str = ""

    def interpret(self, beliefs: Any, observation: HanabiObservation) -> str:
        partner = partner_move_text(observation)
        if not partner:
            return ""
        try:
            self.last_output = self.client.ask_text(tom_messages(observation, partner))
        except LLMCallError as err:
            self.last_output = f"(failed: {err})"
            return ""
        return read_tom(self.last_output).note()


@dataclass
class LLMVerifier:
    """The verifier on a language model (Appendix C.3). A verdict it does not give (or a failed
    call) passes the move: the verifier may only stop moves it judged unsafe."""

    client: LLMClient
    last_output: str = ""
    no_verdict: int = 0

    def approve(self, beliefs: Any, observation: HanabiObservation, action: Move) -> bool:
        try:
            self.last_output = self.client.ask_text(
                verifier_messages(observation, move_text(action, context_of(observation)))
            )
        except LLMCallError as err:
            self.last_output = f"(failed: {err})"
            self.no_verdict += 1
            return True
        verdict = read_verdict(self.last_output)
        if verdict is None:
            self.no_verdict += 1
            return True
        return verdict


@dataclass
class CACPlanner:
    """The CAC agent's turn (see the module docstring).

    Args:
        reasoner: the action chooser.
        fallback: the planner that decides when no choice survives (the symbolic blueprint).
        tom: the theory-of-mind module (default: off).
        verifier: the verifier (default: off).
        max_choices: how many choices the verifier may reject before the fallback decides.
    """

    reasoner: Reasoner
    fallback: Any
    tom: TheoryOfMind = field(default_factory=NoTheoryOfMind)
    verifier: Verifier = field(default_factory=NoVerifier)
    max_choices: int = 3
    fallbacks: int = 0
    rejected: int = 0
    last_thought: str = ""

    def plan(self, beliefs: Any, observation: HanabiObservation, rng: np.random.Generator) -> Intent:
        note = self.tom.interpret(beliefs, observation)
        notes = [note] if note else []
        excluded: list[Move] = []
        for _ in range(self.max_choices):
            choice = self.reasoner.choose(beliefs, observation, notes, excluded)
            if choice is None:
                break
            if self.verifier.approve(beliefs, observation, choice.action):
                self.last_thought = "\n".join([*notes, choice.explanation]).strip()
                return Intent(actions=[choice.action])
            self.rejected += 1
            excluded.append(choice.action)
        self.fallbacks += 1
        self.last_thought = "\n".join([*notes, "(the fallback decided)"]).strip()
        return self.fallback.plan(beliefs, observation, rng)


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

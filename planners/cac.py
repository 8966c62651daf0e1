"""The Cognitive Architecture for Coordination (CAC; LLM-Coordination, seed 002, section 3), game by
game the same: the modules, their null implementations, the language-model implementations and the
turn that composes them. A game brings its prompts and its move words (:class:`CACPrompts`) and its
symbolic twins (e.g. :mod:`planners.hanabi_cac`).

One turn (:class:`CACPlanner`):

1. **memory**: the long-term memory (rules and conventions), the working memory (the state in
   words) and the episodic memory (the seat's own past moves) are the game's prompt texts;
2. **theory of mind** (optional): reads the partner's last move and what the partner needs into a
   note added to the working memory;
3. **reasoning**: the action chooser picks a move;
4. **verifier** (optional): checks the move; a rejected move is excluded and the chooser asked again,
   up to ``max_choices`` times;
5. **grounding**: the chooser's text is mapped to exactly one legal move (:func:`ground`: the
   option's letter, else the move its words name, kept only if legal).

When no choice survives, the ``fallback`` planner decides (the symbolic blueprint), so a failing
model never stalls a game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from language.acts import Intent
from language.cac import read_verdict
from language.choices import Option, answer_field, extract_answer, letter_of
from language.llm_client import LLMCallError, LLMClient

Messages = list[dict[str, str]]


@dataclass(frozen=True)
class Choice:
    """A move the reasoning module chose, and why."""

    action: Any
    explanation: str = ""


class Reasoner(Protocol):
    """The action chooser: one legal move not in ``excluded``, or None when it has none."""

    def choose(
        self, beliefs: Any, observation: Any, notes: Sequence[str], excluded: Sequence[Any]
    ) -> Choice | None: ...


class TheoryOfMind(Protocol):
    """Reads the partner's last move and needs into a note for the working memory ('' for none)."""

    def interpret(self, beliefs: Any, observation: Any) -> str: ...


class Verifier(Protocol):
    """Whether a chosen move is safe to make."""

    def approve(self, beliefs: Any, observation: Any, action: Any) -> bool: ...


class CACPrompts(Protocol):
    """What a game gives the language-model modules: its legal moves and their words, its prompts
    (Appendix C of the paper, in the game's terms) and the readers of the answers."""

    def moves(self, observation: Any) -> list[Any]:
        """The legal moves of the observing seat, in the order they are offered (A, B, ...)."""
        ...

    def move_text(self, move: Any, observation: Any) -> str:
        """A move in the words the prompts offer it."""
        ...

    def name_move(self, text: str, observation: Any) -> Any | None:
        """The one move ``text`` names in words, or None (never a fuzzy guess)."""
        ...

    def chooser_messages(self, observation: Any, options: Sequence[str], notes: Sequence[str]) -> Messages:
        """The action chooser's chat over the lettered ``options`` (the ToM ``notes`` in the working memory)."""
        ...

    def partner_move(self, observation: Any) -> str:
        """The partner's last move in words ('' before it has moved)."""
        ...

    def tom_messages(self, observation: Any, partner_move: str) -> Messages:
        """The theory-of-mind module's chat about the partner's last move."""
        ...

    def read_tom(self, text: str) -> str:
        """The theory-of-mind answer as the working memory's note ('' when it said nothing usable)."""
        ...

    def verifier_messages(self, observation: Any, move: str) -> Messages:
        """The verifier's chat about the chosen move."""
        ...


class NoTheoryOfMind:
    """The theory-of-mind module switched off: no note."""

    def interpret(self, beliefs: Any, observation: Any) -> str:
        return ""


class NoVerifier:
    """The verifier switched off: every move passes."""

    def approve(self, beliefs: Any, observation: Any, action: Any) -> bool:
        return True


def ground(text: str | None, observation: Any, moves: Sequence[Any], prompts: CACPrompts) -> Any | None:
    """The one move of ``moves`` that ``text`` names: an option's letter (``moves`` listed A, B, ...
    in order), else the move its words name (:meth:`CACPrompts.name_move`) if that move is among
    ``moves``, else None. Never a fuzzy match: "Discard my Card 0" must not become "Play my Card 0"."""
    if not text or not moves:
        return None
    options = [Option(letter=letter_of(i), text=prompts.move_text(m, observation)) for i, m in enumerate(moves)]
    picked = extract_answer(text, options)
    if picked.method == "letter" and picked.letter is not None:
        return moves[[o.letter for o in options].index(picked.letter)]
    said, _ = answer_field(text)
    named = prompts.name_move(said, observation)
    return named if named is not None and named in moves else None


def _explanation(text: str) -> str:
    head = text.split("Action:", 1)[0]
    return " ".join(head.replace("Explanation:", "").split())[:300]


@dataclass
class LLMReasoner:
    """The action chooser on a language model (Appendix C.1): the lettered legal moves not yet
    excluded, "Explanation: ... Action: ...", grounded to one of them."""

    client: LLMClient
    prompts: CACPrompts
    last_output: str = ""
    ungrounded: int = 0

    def choose(self, beliefs: Any, observation: Any, notes: Sequence[str], excluded: Sequence[Any]) -> Choice | None:
        moves = [m for m in self.prompts.moves(observation) if m not in excluded]
        if not moves:
            return None
        options = [self.prompts.move_text(m, observation) for m in moves]
        try:
            self.last_output = self.client.ask_text(self.prompts.chooser_messages(observation, options, notes))
        except LLMCallError as err:
            self.last_output = f"(failed: {err})"
            return None
        action = ground(self.last_output, observation, moves, self.prompts)
        if action is None:
            self.ungrounded += 1
            return None
        return Choice(action, _explanation(self.last_output))


@dataclass
class LLMTheoryOfMind:
    """The theory-of-mind module on a language model (Appendix C.2)."""

    client: LLMClient
    prompts: CACPrompts
    last_output: str = ""

    def interpret(self, beliefs: Any, observation: Any) -> str:
        partner = self.prompts.partner_move(observation)
        if not partner:
            return ""
        try:
            self.last_output = self.client.ask_text(self.prompts.tom_messages(observation, partner))
        except LLMCallError as err:
            self.last_output = f"(failed: {err})"
            return ""
        return self.prompts.read_tom(self.last_output)


@dataclass
class LLMVerifier:
    """The verifier on a language model (Appendix C.3). A verdict it does not give (or a failed
    call) passes the move: the verifier may only stop moves it judged unsafe."""

    client: LLMClient
    prompts: CACPrompts
    last_output: str = ""
    no_verdict: int = 0

    def approve(self, beliefs: Any, observation: Any, action: Any) -> bool:
        said = self.prompts.move_text(action, observation)
        try:
            self.last_output = self.client.ask_text(self.prompts.verifier_messages(observation, said))
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

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Intent:
        note = self.tom.interpret(beliefs, observation)
        notes = [note] if note else []
        excluded: list[Any] = []
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


def llm_cac(
    client: LLMClient, prompts: CACPrompts, fallback: Any, *, tom: bool, verifier: bool, max_choices: int
) -> CACPlanner:
    """The CAC agent on a language model with the game's ``prompts``; ``tom`` and ``verifier``
    switch those modules (the paper's ablation), ``fallback`` decides when no choice survives."""
    return CACPlanner(
        LLMReasoner(client, prompts),
        fallback,
        LLMTheoryOfMind(client, prompts) if tom else NoTheoryOfMind(),
        LLMVerifier(client, prompts) if verifier else NoVerifier(),
        max_choices=max_choices,
    )

"""``PipelineAgent``: parser -> belief store -> planner -> renderer, one turn at a time.

Each stage fills a slot its game kit declares (see ``agent.kits``); a switched-off stage is a null
object (``NullParser``, ``NullPlanner``, ``NullRenderer``, a belief store's null options), so an
ablation is a configuration, never an edit.

Every intent passes the kit's turn checks before it leaves the agent, whichever parser, belief store
or planner produced it (a game can withdraw what its rules would refuse and let the dialogue go on).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from beliefs.base import BeliefStore, Utterance
from games.base import Turn
from language.act_base import ActBase
from language.acts import Intent, acts_to_json
from language.base import Parser, Renderer
from language.llm_client import LLMClient, LLMUsage
from planners.base import Planner


@dataclass
class TurnTrace:
    """What the agent understood and decided in one turn (kept for transcripts and debugging)."""

    heard: list[list[dict]] = field(default_factory=list)
    said: list[dict] = field(default_factory=list)
    message: str = ""
    thought: str = ""
    llm: LLMUsage | None = None
    withdrawn: list[dict] = field(default_factory=list)  # acts a turn check withdrew from the plan


class PipelineAgent:
    """An agent composed of a parser, a belief store, a planner and a renderer.

    Args:
        name: the preset or spec name, for reports.
        parser: turns partner messages into acts.
        make_beliefs: builds a fresh belief store from the first observation of a game.
        planner: chooses the intent of each turn.
        renderer: turns the intent into a message.
        llm: the language-model client of the LLM stages, if any; each turn's trace records the
            calls, tokens and fallbacks of that turn.
        turn_checks: applied in order to every planned intent (the game kit's last checks).
        modules: the components of the kit's further slots (``tom``, ``verifier`` ...), by slot.
    """

    def __init__(
        self,
        name: str,
        parser: Parser[Any, Any],
        make_beliefs: Callable[[Any], BeliefStore],
        planner: Planner[Any, Any],
        renderer: Renderer[Any],
        llm: LLMClient | None = None,
        turn_checks: Sequence[Callable[[Intent, Any], Intent]] = (),
        modules: Mapping[str, Any] | None = None,
    ) -> None:
        self.name = name
        self.parser = parser
        self.make_beliefs = make_beliefs
        self.planner = planner
        self.renderer = renderer
        self.llm = llm
        self.turn_checks = tuple(turn_checks)
        self.modules = dict(modules or {})
        self.beliefs: BeliefStore | None = None
        self.rng = np.random.default_rng(0)
        self.trace: list[TurnTrace] = []
        self._seen = 0
        self._round: Any = None

    def reset(self, rng: np.random.Generator) -> None:
        """Forget the previous game; all randomness of the next one comes from ``rng``."""
        self.beliefs = None
        self.rng = rng
        self.trace = []
        self._seen = 0
        self._round = None

    def _hear(self, observation: Any, trace: TurnTrace) -> None:
        """Read the chat lines not read yet, every other seat's (and, before our first turn, our
        own seat's) as an :class:`Utterance` of the seat that wrote it."""
        assert self.beliefs is not None
        chat = observation.chat
        own = observation.seat
        round_ = getattr(observation, "round", None)  # games with rounds restart the chat each round
        if round_ != self._round:
            self._round, self._seen = round_, 0
        self.beliefs.observe(observation)
        for line in chat[self._seen :]:
            if line.seat == own and self.trace:
                continue  # our own message: its acts were recorded when we said it
            # before our first turn, lines in our seat are a dialogue we continue (prompted self-play)
            acts: list[ActBase] = self.parser.parse(line.message, self.beliefs.context(observation, line.seat))
            self.beliefs.update(Utterance(line.seat, tuple(acts), line.message, line.action))
            if line.seat != own:
                trace.heard.append(acts_to_json(acts))
        self._seen = len(chat)

    def catch_up(self, observation: Any) -> None:
        """Read every chat line of ``observation`` not read yet (lines in our own seat, before our
        first turn, as what we said ourselves), without deciding a turn: the belief store then holds
        the dialogue so far, and its ``context`` is what the next message is read in."""
        if self.beliefs is None:
            self.beliefs = self.make_beliefs(observation)
        self._hear(observation, TurnTrace())

    def final_proposal(self, observation: Any) -> Any:
        """The best proposal this agent can make now, from everything said so far (prompted
        self-play forces it when the dialogue has run as long as the human one).

        Raises:
            ValueError: the planner cannot make proposals.
        """
        self.catch_up(observation)
        assert self.beliefs is not None
        choose = getattr(self.planner, "final_proposal", None)
        if choose is None:
            raise ValueError(f"the planner of {self.name} cannot make a final proposal")
        return choose(self.beliefs, observation)

    def act(self, observation: Any) -> Turn:
        """Read the partner's new messages in ``observation`` and return this turn."""
        if self.beliefs is None:
            self.beliefs = self.make_beliefs(observation)
        trace = TurnTrace()
        before = self.llm.usage.copy() if self.llm is not None else None
        self._hear(observation, trace)
        planned = self.planner.plan(self.beliefs, observation, self.rng)
        intent = planned
        for check in self.turn_checks:
            intent = check(intent, observation)
        if intent is not planned:
            trace.withdrawn = acts_to_json([a for a in planned.acts if a not in intent.acts])
        context = self.beliefs.context(observation, observation.seat)
        message = intent.message if intent.message is not None else self.renderer.render(intent, context, self.rng)
        self.beliefs.record_own(intent)
        trace.said = acts_to_json(list(intent.acts))
        trace.message = message
        trace.thought = getattr(self.planner, "last_thought", "")
        if self.llm is not None and before is not None:
            trace.llm = self.llm.usage - before
        self.trace.append(trace)
        return Turn(message=message, actions=tuple(intent.actions))

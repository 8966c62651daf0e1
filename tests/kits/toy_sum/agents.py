"""Toy Sum's acts, parser, renderer, belief store and planner."""

from __future__ import annotations

import re
from typing import Any, Literal

import numpy as np
from pydantic import BaseModel

from beliefs.base import SeatedBeliefs, Utterance
from language.act_base import ActBase
from language.acts import Intent
from tests.kits.toy_sum.game import Declare

NUMBER = re.compile(r"\bmy number is (\d{1,2})\b", re.IGNORECASE)


class Tell(ActBase):
    """The speaker tells its digit."""

    act: Literal["tell"] = "tell"
    value: int


class ToyContext(BaseModel):
    """Nothing to know: the language is context-free."""


class ToyParser:
    """Reads "my number is N"."""

    def parse(self, message: str, context: Any) -> list[Tell]:
        return [Tell(value=int(m.group(1))) for m in NUMBER.finditer(message[:4000])][:1]


class ToyRenderer:
    """Writes a Tell as "my number is N"."""

    def render(self, intent: Intent, context: Any, rng: np.random.Generator) -> str:
        return " ".join(f"my number is {a.value}." for a in intent.acts if isinstance(a, Tell)) or "ok."


class ToyBeliefs(SeatedBeliefs):
    """Own digit, every other seat's told digit (by seat), and whether we told ours."""

    def __init__(self, observation: Any) -> None:
        self.take_seat(observation)
        self.own = observation.digit
        self.heard: dict[int, int] = {}
        self.told = False

    def observe(self, observation: Any) -> None:
        """Nothing public to take in."""

    def update(self, utterance: Utterance) -> None:
        for act in utterance.acts:
            if isinstance(act, Tell):
                if not self.is_own(utterance.seat):
                    self.heard[utterance.seat] = act.value
                else:
                    self.told = True

    def context(self, observation: Any, author_seat: int) -> ToyContext:
        return ToyContext()


class ToyPlanner:
    """Tells its digit once; declares the sum once every other seat's digit is known."""

    def plan(self, beliefs: ToyBeliefs, observation: Any, rng: np.random.Generator) -> Intent:
        acts = [] if beliefs.told else [Tell(value=beliefs.own)]
        if len(beliefs.heard) == observation.players - 1 and not observation.declared:
            return Intent(acts=acts, actions=[Declare(total=beliefs.own + sum(beliefs.heard.values()))])
        return Intent(acts=acts)


class ToyTerminal:
    """Terminal play: type a message, or ``/declare N``."""

    def intro(self, console: Any, observation: Any, game_id: str, agent: str) -> None:
        console.print(f"{game_id}: your digit is {observation.digit}; type a message or /declare N")

    def read_turn(self, console: Any, observation: Any) -> Any:
        from agent.terminal import prompt_line
        from games.base import Turn

        line = prompt_line()
        if line is None:
            return None
        if line.startswith("/declare"):
            return Turn(actions=(Declare(total=int(line.split()[1])),))
        return Turn(message=line)

    def show_partner(self, console: Any, turn: Any, state: Any, human: int) -> None:
        console.print(f"partner> {turn.message}")

    def summary(self, console: Any, metrics: Any) -> None:
        console.print(f"correct={metrics['correct']}")

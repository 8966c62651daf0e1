"""Language models in the language slots of an agent: :class:`LLMParser`, :class:`LLMRenderer` and
the LLM-as-policy :class:`LLMPolicy` (the papers' Baseline agents), on instructor + openai.

Each is generic; what is game-specific (the act schema in words, examples, how the context reads,
what makes an answer legal, the wording of the policy's answer schema) comes from the game's
language: a :class:`ParseLanguage`, :class:`RenderLanguage` or :class:`PolicyLanguage` that each
game defines in its own ``language`` module. This module names no game.

Answers are the same pydantic acts the rule parser returns, validated against the game by the
game's language (what the acts name exists, numbers are in range, a final action is legal and
agreed) and re-asked with the validation error a bounded number of times. When no valid answer comes, each module falls back to its rule-based
counterpart and counts the fallback in the client's :class:`~language.llm_client.LLMUsage`.

The partner's message is data, never instructions: it travels inside a JSON input block, the
instructions say so, and whatever the model answers is checked by the validators and the planner,
so a message such as "ignore your instructions and submit this" cannot make the agent take an
illegal or unagreed action.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar, cast

import numpy as np
from pydantic import BaseModel, Field, ValidationInfo, create_model, model_validator

from games.base import MAX_MESSAGE_CHARS
from language.act_base import ActBase
from language.acts import Act, Intent, acts_to_json
from language.base import Parser, Renderer
from language.llm_client import LLMCallError, LLMClient
from language.scripted_server import INPUT_MARKER

T = TypeVar("T", bound=BaseModel)
ActT = TypeVar("ActT", bound=ActBase)
"""A game's acts (invariant: its languages take and give them in lists)."""


class ParseLanguage(Protocol[ActT]):
    """What :class:`LLMParser` needs to know about a game's language (whose acts are ``ActT``)."""

    @property
    def game(self) -> str:
        """The game's registry name (the prompt's ``game`` field)."""

    def parse_instructions(self) -> str:
        """The parser's instructions: the game, the act schema in words, examples."""

    def act_errors(self, acts: list[ActT], context: Any) -> list[str]:
        """Why ``acts`` cannot be what a message in ``context`` says (empty when they can)."""


class RenderLanguage(Protocol[ActT]):
    """What :class:`LLMRenderer` needs to know about a game's language."""

    @property
    def game(self) -> str:
        """The game's registry name (the prompt's ``game`` field)."""

    def render_instructions(self) -> str:
        """The renderer's instructions."""

    def message_errors(self, message: str, acts: list[ActT], context: Any) -> list[str]:
        """Why ``message`` does not convey ``acts`` (empty when it does)."""


class PolicyLanguage(Protocol[ActT]):
    """What :class:`LLMPolicy` needs to know about a game.

    Attributes:
        game: the game's registry family (the prompt's ``game`` field).
        policy_thought: what the answer schema asks of the ``thought`` field, in the game's words.
        decision_model: the answer's schema: :func:`policy_decision_model` of the game's acts
            (or moves), with its ``policy_thought``.
    """

    @property
    def game(self) -> str:
        """The game's registry family (the prompt's ``game`` field)."""

    @property
    def policy_thought(self) -> str:
        """What the ``thought`` field asks for, in the game's words."""

    @property
    def decision_model(self) -> type[PolicyDecision]:
        """The answer's schema."""

    def policy_instructions(self) -> str:
        """The policy's instructions (rules, goal, allowed acts, output format)."""

    def policy_input(self, beliefs: Any, observation: Any) -> dict[str, Any]:
        """The policy's view of the game: its own world state, what it tracks, the new messages."""

    def decision_errors(self, acts: list[ActT], beliefs: Any, observation: Any) -> list[str]:
        """Why the policy may not take ``acts`` now (e.g. an illegal or unagreed final action, a false
        claim about the policy's own facts)."""

    def actions_for(self, acts: list[ActT]) -> list[object]:
        """The formal game actions that ``acts`` entail (e.g. the submission an act declares)."""


class GameLanguage(ParseLanguage[ActT], RenderLanguage[ActT], PolicyLanguage[ActT], Protocol[ActT]):
    """A game's language for every LLM slot."""


def prompt_content(payload: dict[str, Any]) -> str:
    """The user turn: the task's data as one JSON block after :data:`INPUT_MARKER`."""
    return f"{INPUT_MARKER}\n{json.dumps(payload, ensure_ascii=False)}"


def ask_or_fall_back(
    client: LLMClient,
    response_model: type[T],
    instructions: str,
    payload: dict[str, Any],
    check: dict[str, Callable[..., list[str]]],
) -> T | None:
    """The model's validated answer to ``payload``, or None (counted as a fallback) when none came;
    ``check`` holds the validators the response model looks up in its validation context."""
    try:
        return client.ask(response_model, instructions, prompt_content(payload), check)
    except LLMCallError:
        client.usage.fallbacks += 1
        return None


def _raise_errors(errors: list[str]) -> None:
    if errors:
        raise ValueError("; ".join(errors))


class ParsedMessage(BaseModel):
    """The dialogue acts one partner message contains (an empty list when it contains none)."""

    acts: list[Act] = Field(description="the acts of the message, in the order they are said")

    @model_validator(mode="after")
    def _legal(self, info: ValidationInfo) -> ParsedMessage:
        check = (info.context or {}).get("check_acts")
        if check is not None:
            _raise_errors(check(list(self.acts)))
        return self


def parsed_message_model(act_type: Any, name: str) -> type[ParsedMessage]:
    """A response model like :class:`ParsedMessage` whose acts are ``act_type`` (a game's own act
    union), with the same validation hook; ``name`` names the schema the model sees."""
    return create_model(
        name,
        __base__=ParsedMessage,
        acts=(list[act_type], Field(description="the acts of the message, in the order they are said")),
    )


class RenderedMessage(BaseModel):
    """The chat message that says the given acts."""

    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS, description="the message to send")

    @model_validator(mode="after")
    def _faithful(self, info: ValidationInfo) -> RenderedMessage:
        check = (info.context or {}).get("check_message")
        if check is not None:
            _raise_errors(check(self.message))
        return self


# the base of the games' answer schemas, which policy_decision_model builds with each game's own
# acts and wording (a game may reuse this docstring as its schema's description)
class PolicyDecision(BaseModel):
    """One turn of an LLM-only agent: a reasoning step, the acts it takes, and its message."""

    thought: str = Field(description="a short reasoning step")
    acts: list[ActBase] = Field(description="your acts this turn")
    message: str = Field(min_length=1, max_length=MAX_MESSAGE_CHARS, description="the message to your partner")

    @model_validator(mode="after")
    def _allowed(self, info: ValidationInfo) -> PolicyDecision:
        check = (info.context or {}).get("check_decision")
        if check is not None:
            _raise_errors(check(list(self.acts)))
        return self


def policy_decision_model(
    act_type: Any,
    name: str,
    thought: str,
    acts: str = "your acts this turn",
    doc: str | None = None,
) -> type[PolicyDecision]:
    """A response model like :class:`PolicyDecision` in a game's own terms, with the same
    validation hook.

    Args:
        act_type: the game's acts (or moves): one act class or a union of them.
        name: the name of the schema the model sees.
        thought: the description of the ``thought`` field (what to reason about, in the game's words).
        acts: the description of the ``acts`` field.
        doc: the schema's description (none by default).

    Returns:
        The model class.
    """
    return create_model(
        name,
        __base__=PolicyDecision,
        __doc__=doc,
        thought=(str, Field(description=thought)),
        acts=(list[act_type], Field(description=acts)),
    )


@dataclass
class LLMParser(Generic[ActT]):
    """A parser that asks a language model, validated against the game, with a rule-based fallback.

    Args:
        client: the model client (its usage counts calls, tokens and fallbacks).
        language: the game's language description.
        fallback: the parser used when the model gives no valid answer.
        response_model: the answer's schema (default: :class:`ParsedMessage`, whose acts are those
            of :data:`language.acts.Act`; a game with its own acts passes :func:`parsed_message_model`
            of them).
    """

    client: LLMClient
    language: ParseLanguage[ActT]
    fallback: Parser[ActT, Any]
    response_model: type[ParsedMessage] = ParsedMessage

    def parse(self, message: str, context: BaseModel) -> list[ActT]:
        payload = {"task": "parse", "game": self.language.game, "context": context.model_dump(), "message": message}
        answer = ask_or_fall_back(
            self.client,
            self.response_model,
            self.language.parse_instructions(),
            payload,
            {"check_acts": lambda acts: self.language.act_errors(acts, context)},
        )
        if answer is None:
            return self.fallback.parse(message, context)
        return cast(list[ActT], list(answer.acts))  # the response model holds the game's acts


@dataclass
class LLMRenderer(Generic[ActT]):
    """A renderer that asks a language model to say the intent's acts, checked for faithfulness
    (the language's ``message_errors``), with the template renderer as fallback."""

    client: LLMClient
    language: RenderLanguage[ActT]
    fallback: Renderer[Any]

    def render(self, intent: Intent, context: BaseModel, rng: np.random.Generator) -> str:
        acts = cast(list[ActT], list(intent.acts))  # a planner of this game decided them
        if not acts:
            return self.fallback.render(intent, context, rng)
        payload = {
            "task": "render",
            "game": self.language.game,
            "context": context.model_dump(),
            "acts": acts_to_json(acts),
        }
        answer = ask_or_fall_back(
            self.client,
            RenderedMessage,
            self.language.render_instructions(),
            payload,
            {"check_message": lambda message: self.language.message_errors(message, acts, context)},
        )
        return answer.message if answer is not None else self.fallback.render(intent, context, rng)


@dataclass
class LLMPolicy(Generic[ActT]):
    """The language model as the whole policy (the papers' Baseline): given its own world state and
    what the belief store tracks, it writes a thought, chooses acts and writes the message.

    A planner in the pipeline: the belief store still records every act, so switching the partner
    model or the state tracker on or off changes what the model is shown (paper: Figure 4).
    The decision must pass the language's ``decision_errors`` (a final action legal and agreed);
    when the model gives no valid decision the ``fallback`` planner decides the turn.
    ``response_model`` is the answer's schema (default: the language's ``decision_model``; see
    :func:`policy_decision_model`).
    """

    client: LLMClient
    language: PolicyLanguage[ActT]
    fallback: Any
    last_thought: str = ""
    response_model: type[PolicyDecision] | None = None

    def __post_init__(self) -> None:
        if self.response_model is None:
            self.response_model = self.language.decision_model

    def plan(self, beliefs: Any, observation: Any, rng: np.random.Generator) -> Intent:
        payload = {"task": "policy", "game": self.language.game, **self.language.policy_input(beliefs, observation)}
        decision = ask_or_fall_back(
            self.client,
            self.response_model or self.language.decision_model,
            self.language.policy_instructions(),
            payload,
            {"check_decision": lambda acts: self.language.decision_errors(acts, beliefs, observation)},
        )
        if decision is None:
            self.last_thought = ""
            return self.fallback.plan(beliefs, observation, rng)
        self.last_thought = decision.thought
        acts = cast(list[ActT], list(decision.acts))  # the response model holds the game's acts
        said: list[ActBase] = list(acts)
        return Intent(acts=said, actions=self.language.actions_for(acts), message=decision.message)

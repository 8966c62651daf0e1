"""Reading partner messages outside a game: one agent's parser of one game, in the contexts its kit
builds from named options (what ``accord parse`` and ``accord eval parse`` share).

A kit builds the context of a message from string options (``GameKit.parse_context`` over
``GameKit.parse_options``: ``--at``, ``--visited`` ... of ``accord parse``, or an evaluation
item's ``context``). Kits without their own builder read a message as seat ``reader`` would at the
start of game ``seed`` (:func:`start_context`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from agent.registry import Registry


def start_context(game: Any, agent: Any, options: Mapping[str, str]) -> Any:
    """The language context of seat ``reader`` (default: the last) at the start of game ``seed``
    (default 0), as its belief store gives it to the parser for another seat's message.

    Raises:
        ValueError: a reader that is not a seat, or a seed that is not a number (one line).
    """
    seats = game.facts.num_players
    try:
        reader = int(options.get("reader", seats - 1))
        seed = int(options.get("seed", 0))
    except ValueError as err:
        raise ValueError(f"reader and seed must be numbers ({err})") from None
    if not 0 <= reader < seats:
        raise ValueError(f"reader must be a seat of {game.facts.game_id}: 0..{seats - 1}")
    if seed < 0:
        raise ValueError("seed must be at least 0")
    observation = game.new_initial_state(seed).observation(reader)
    return agent.make_beliefs(observation).context(observation, (reader + 1) % seats)


class MessageReader:
    """The parser of the default agent of game ``game`` (its ``parser`` slot set to ``parser``) and
    the contexts the game's kit builds; ``game`` may be a game spec with options (``x(size=5)``).

    Raises:
        UnknownNameError: no such game or parser.
        ValueError: a malformed spec or a bad game option (one line).
    """

    def __init__(self, registry: Registry, game: str, parser: str = "rules", llm: Any = None) -> None:
        self.kit, self.game = registry.load(game)
        spec = registry.preset(self.kit.name, registry.default_preset(self.kit.name)).with_slots(parser=parser)
        self.agent = registry.build_agent(spec, llm)

    def unknown_option(self, options: Mapping[str, str]) -> str | None:
        """The first option name the kit's contexts do not take, if any."""
        return next((name for name in options if name not in self.kit.parse_options), None)

    def context(self, options: Mapping[str, str]) -> Any:
        """The context ``options`` describe (a fresh belief store each time: the kit's builder makes
        one, or resets the agent before it lets the agent read a recorded dialogue).

        Raises:
            ValueError: an option the kit does not take, or a bad value (one line).
        """
        unknown = self.unknown_option(options)
        if unknown is not None:
            takes = ", ".join(self.kit.parse_options) or "none"
            raise ValueError(f"context option {unknown!r} does not apply to {self.kit.name}; it takes {takes}")
        build = self.kit.parse_context or start_context
        return build(self.game, self.agent, options)

    def parse(self, message: str, context: Any) -> list[Any]:
        """The acts the parser reads in ``message`` in ``context``."""
        return list(self.agent.parser.parse(message, context))

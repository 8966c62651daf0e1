"""How often a listener misreads its partner in play: the share of seat 0's messages that seat 1's
parser reads into other acts than seat 0 meant (``accord eval misread``).

The speaker's renderer and the listener's parser are wrapped to log their calls; each message seat 0
says is matched with seat 1's next reading of the same text. A message counts as *perturbed* when a
noise wrapper (a renderer with an ``inner`` renderer, such as :class:`language.noise.NoisyRenderer`)
changed the text its inner renderer wrote. Messages never read (the game ended first) and empty
messages are not counted. Acts are compared as sets of their JSON forms, so order does not matter.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from agent.arena import play_game
from agent.registry import Registry
from agent.sweep import GameSpec

SPEAKER, LISTENER = 0, 1


@dataclass
class MisreadCount:
    """Messages of the speaker read by the listener, and how many of them were misread."""

    messages: int = 0
    misread: int = 0
    perturbed: int = 0
    perturbed_misread: int = 0

    def add(self, other: MisreadCount) -> None:
        """Add ``other``'s counts to these."""
        self.messages += other.messages
        self.misread += other.misread
        self.perturbed += other.perturbed
        self.perturbed_misread += other.perturbed_misread

    def to_json(self) -> dict[str, Any]:
        """The counts and their rates (0 when there is nothing to divide)."""
        return {
            **vars(self),
            "misread_rate": self.misread / self.messages if self.messages else 0.0,
            "perturbed_rate": self.perturbed / self.messages if self.messages else 0.0,
            "perturbed_misread_rate": self.perturbed_misread / self.perturbed if self.perturbed else 0.0,
        }


def _act_set(acts: Iterable[Any]) -> list[str]:
    return sorted(json.dumps(act.to_json(), sort_keys=True) for act in acts)


class _LoggedRenderer:
    """Says what ``inner`` says and logs (message, meant acts)."""

    def __init__(self, inner: Any, log: list[tuple[str, list[str]]]) -> None:
        self.inner, self.log = inner, log

    def render(self, intent: Any, context: Any, rng: Any) -> str:
        text: str = self.inner.render(intent, context, rng)
        self.log.append((text, _act_set(intent.acts)))
        return text


class _LoggedParser:
    """Reads as ``inner`` reads and logs (message, read acts)."""

    def __init__(self, inner: Any, log: list[tuple[str, list[str]]]) -> None:
        self.inner, self.log = inner, log

    def parse(self, message: str, context: Any) -> list[Any]:
        acts = list(self.inner.parse(message, context))
        self.log.append((message, _act_set(acts)))
        return acts


def two_seat_game(registry: Registry, spec: GameSpec) -> Any:
    """The game ``spec`` plays.

    Raises:
        ValueError: the game does not have two seats (one line).
    """
    game = registry.make_game(spec.game, **spec.game_options)
    if game.facts.num_players != 2:
        raise ValueError(f"misreads are counted between two seats; {game.facts.game_id} has {game.facts.num_players}")
    return game


def count_misreads(registry: Registry, spec: GameSpec) -> MisreadCount:
    """Play the game ``spec`` describes and count how seat 1 read seat 0's messages.

    Raises:
        ValueError: the game does not have two seats.
    """
    game = two_seat_game(registry, spec)
    agents = [registry.build_agent(a) for a in spec.agent_specs()]
    said: list[tuple[str, list[str]]] = []
    plain: list[tuple[str, list[str]]] = []
    heard: list[tuple[str, list[str]]] = []
    speaker, listener = agents[SPEAKER], agents[LISTENER]
    noise = getattr(speaker.renderer, "inner", None)
    if noise is not None:
        setattr(speaker.renderer, "inner", _LoggedRenderer(noise, plain))  # noqa: B010  # any noise wrapper
    speaker.renderer = _LoggedRenderer(speaker.renderer, said)
    listener.parser = _LoggedParser(listener.parser, heard)
    play_game(game, agents, spec.seed)
    count = MisreadCount()
    start = 0
    for index, (text, meant) in enumerate(said):
        if not text.strip():
            continue
        found = next((k for k in range(start, len(heard)) if heard[k][0] == text), None)
        if found is None:
            continue
        start = found + 1
        wrong = heard[found][1] != meant
        perturbed = noise is not None and plain[index][0] != text
        count.add(MisreadCount(1, int(wrong), int(perturbed), int(wrong and perturbed)))
    return count


def misreads_by_cell(
    registry: Registry, specs: Iterable[GameSpec], advance: Callable[[], None] = lambda: None
) -> dict[str, MisreadCount]:
    """The summed :func:`count_misreads` of ``specs`` per cell label (in the order cells come)."""
    cells: dict[str, MisreadCount] = {}
    for spec in specs:
        cells.setdefault(spec.label, MisreadCount()).add(count_misreads(registry, spec))
        advance()
    return cells

"""Human-agent play in the terminal: a person plays one seat, agents of one preset the others.

How a game's side is drawn and read is its kit's terminal view (:class:`agent.kits.base.TerminalView`);
a kit without one cannot be played in the terminal.

Output that shows user or data text goes through :func:`say` and :class:`LiteralTable` (the command
line uses them too): such text is never read as rich markup and a notice stays on one line.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from typing import Any

import numpy as np
from rich.console import Console
from rich.table import Table
from rich.text import Text

from agent.arena import Seat, play_game
from agent.kits.base import TerminalView
from agent.registry import default_registry
from games.base import IllegalTurnError, State, Turn
from language.llm_client import LLMConfig


def one_line(text: str, limit: int = 2000) -> str:
    """``text`` as one printable line: line breaks, other control characters and undecodable bytes
    become escapes (``\\n``, ``\\x1b``, ``\\udcff``), and text past ``limit`` characters is cut with
    a count of what was left out."""
    safe = "".join(
        ch.encode("unicode_escape", "backslashreplace").decode("ascii")
        if unicodedata.category(ch) in ("Cc", "Cs")
        else ch
        for ch in text[: limit + 1]
    )
    if len(text) > limit:
        safe = f"{safe[:limit]}... ({len(text) - limit:,} more characters)"
    return safe


def say(console: Console, *parts: str | tuple[str, str]) -> None:
    """Print one line to ``console``: plain strings are literal text (never rich markup, so names,
    paths and messages show as typed), ``(text, style)`` pairs are styled; each part is made
    :func:`one_line`."""
    line = Text.assemble(*(one_line(p) if isinstance(p, str) else (one_line(p[0]), p[1]) for p in parts))
    console.print(line, highlight=False, soft_wrap=True)


def literal(value: Any, style: str = "") -> Any:
    """A string as literal rich text (never read as markup); anything else unchanged."""
    return Text(value, style=style) if isinstance(value, str) else value


class LiteralTable(Table):
    """A rich table whose title, caption, headers and cells are literal text: user and data
    strings (game, agent and room names, paths, messages) are shown as they are."""

    def __init__(self, *headers: Any, title: Any = None, caption: Any = None, **kwargs: Any) -> None:
        super().__init__(
            *map(literal, headers),
            title=literal(title, "table.title"),
            caption=literal(caption, "table.caption"),
            **kwargs,
        )

    def add_column(self, header: Any = "", *args: Any, **kwargs: Any) -> None:
        """Add a column whose header is literal text."""
        super().add_column(literal(header), *args, **kwargs)

    def add_row(self, *renderables: Any, **kwargs: Any) -> None:
        """Add a row whose string cells are literal text."""
        super().add_row(*map(literal, renderables), **kwargs)


def prompt_line(text: str = "you> ") -> str | None:
    """One line from the person; None on /quit or the end of input."""
    try:
        line = input(text).strip()
    except EOFError:
        return None
    return None if line == "/quit" else line


@dataclass
class PersonSeat:
    """A person at the keyboard in one seat of :func:`agent.arena.play_game`: the kit's terminal
    view shows their side and reads their turn; a refused turn is explained and asked again."""

    view: TerminalView
    console: Console
    name: str = "person"

    def reset(self, rng: np.random.Generator) -> None:
        """Nothing to forget: a person remembers on their own."""

    def act(self, observation: Any) -> Turn | None:
        """The person's turn, or None when they quit."""
        return self.view.read_turn(self.console, observation)

    def refused(self, error: IllegalTurnError) -> None:
        """Say why the rules refused the turn (the person is then asked again)."""
        say(self.console, ("refused:", "red"), f" {error}")


def play_in_terminal(
    game_name: str,
    preset: str,
    human: int,
    seed: int,
    game_options: dict[str, Any],
    console: Console,
    llm: LLMConfig | None = None,
) -> dict[str, Any]:
    """Play one game with a person at the keyboard in seat ``human`` and agents of ``preset`` in the
    others, through the referee loop every evaluation uses; returns the transcript and metrics.

    ``llm`` configures the language model of an LLM preset (default: from the environment).
    """
    registry = default_registry()
    kit = registry.kit(game_name)
    if kit.terminal is None:
        playable = [k.name for k in registry if k.terminal is not None]
        raise ValueError(f"{kit.name} cannot be played in the terminal yet; games: {', '.join(playable)}")
    view = kit.terminal()
    game = registry.make_game(game_name, **game_options)
    seats = game.facts.num_players
    if not 0 <= human < seats:
        raise ValueError(f"{kit.name} has seats 0..{seats - 1}, not {human}")
    spec = registry.preset(game_name, preset)
    players: list[Seat] = [
        PersonSeat(view, console) if seat == human else registry.build_agent(spec, llm) for seat in range(seats)
    ]
    state = game.new_initial_state(seed)
    view.intro(console, state.observation(human), game.facts.game_id, preset)

    def show(after: State, player: int, turn: Turn) -> None:
        if player != human:
            view.show_partner(console, turn, after, human)

    record = play_game(game, players, seed, start=state, on_turn=show)
    if not state.is_terminal():
        say(console, "you left the game")
    view.summary(console, record.metrics)
    return {
        "game_id": game.facts.game_id,
        "seed": seed,
        "agent": preset,
        "human": game.facts.player_names[human],
        "metrics": record.metrics,
        "transcript": record.transcript,
        "refused": record.refused,
    }

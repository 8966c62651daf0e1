"""Human-agent play in the terminal: a person plays one side, an agent preset the other.

Traveling Adventurers: a chat message as typed; ``/submit L,E,A,B,K,C,L`` to submit the final tour
(with an optional message after ``--``); ``/coins`` to show your coins again; ``/quit``. A /submit
that is not a closed tour through every room once gets one line and a new prompt.

Gnomes at Night: your side of the maze is drawn as text (``@`` the token, ``$`` the treasure when
you see it); type a move and a message on one line (``right can you go up?``), or a message and
then the move when asked; ``/board`` draws the maze again; ``/quit``.

Output that shows user or data text goes through :func:`say` and :class:`LiteralTable` (the command
line uses them too): such text is never read as rich markup and a notice stays on one line.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from agent.arena import agent_rng
from agent.registry import default_registry
from games.base import IllegalTurnError, Turn
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


def _coins_table(observation: Any) -> Table:
    table = LiteralTable(title=f"your {observation.coin_kind} coins (you are {observation.role})")
    table.add_column("hallway")
    table.add_column("coins", justify="right")
    for u, v, c in observation.own_coins:
        table.add_row(f"{observation.rooms[u]} ({u}) - {observation.rooms[v]} ({v})", str(c))
    return table


def _prompt(text: str = "you> ") -> str | None:
    """One line from the person; None on /quit or the end of input."""
    try:
        line = input(text).strip()
    except EOFError:
        return None
    return None if line == "/quit" else line


def _read_turn(console: Console, observation: Any) -> Turn | None:
    """Prompt until the person gives a usable turn; None means quit (or end of input). A /submit
    that is not a closed tour of the board gets one line and a new prompt; nothing is submitted."""
    from games.traveling_adventurers import Submit, tour_problem

    rooms = list(observation.rooms)
    example = ",".join([*rooms, observation.start])
    while True:
        line = _prompt()
        if line is None:
            return None
        if line == "/coins":
            console.print(_coins_table(observation))
            continue
        if line.startswith("/submit"):
            body, _, message = line[len("/submit") :].partition("--")
            path = [p.strip().upper() for p in body.replace("->", ",").split(",") if p.strip()]
            problem = tour_problem(path, rooms, observation.start)
            if problem is not None:
                say(console, ("not submitted:", "red"), f" {problem}; e.g. /submit {example} [-- message]")
                continue
            return Turn(message=message.strip(), actions=(Submit(path=path),))
        if line:
            return Turn(message=line)


class TravelingAdventurersUI:
    """Terminal play of Traveling Adventurers."""

    def intro(self, console: Console, observation: Any, game_id: str, preset: str) -> None:
        say(
            console,
            (game_id, "bold"),
            f": agree on one round trip from {observation.rooms[observation.start]} "
            f"through every room with your partner ({preset}); type /coins, /submit PATH, /quit.",
        )
        console.print(_coins_table(observation))

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        return _read_turn(console, observation)

    def show_partner(self, console: Console, turn: Turn, state: Any, human: int) -> None:
        if turn.message:
            say(console, ("partner>", "cyan"), f" {turn.message}")
        if turn.actions:
            path = turn.actions[0].path
            say(console, ("partner submitted", "cyan"), f" {' -> '.join(path)}")
            if state.submissions[human] is None:
                say(console, f"to submit the same tour, type: /submit {','.join(path)}")

    def summary(self, console: Console, metrics: dict[str, Any]) -> None:
        say(
            console,
            f"identical={metrics['identical']} correct={metrics['correct']} optimal={metrics['optimal']} "
            f"joint score={metrics['joint_score']} (optimum {metrics['optimum']}), score={metrics['score']}",
        )


_MOVE_WORDS = {"r": "right", "l": "left", "u": "up", "d": "down", "s": "stay"}


def draw_maze(observation: Any) -> str:
    """One side of a Gnomes at Night maze as text: ``@`` token, ``$`` treasure (if seen), ``S`` start."""
    n = observation.size
    v, h = observation.vertical, observation.horizontal
    lines = ["+" + "---+" * n]
    for y in range(n):
        row = "|"
        for x in range(n):
            mark = " "
            if (x, y) == tuple(observation.start):
                mark = "S"
            if observation.treasure is not None and (x, y) == tuple(observation.treasure):
                mark = "$"
            if (x, y) == tuple(observation.token):
                mark = "@"
            row += f" {mark} " + ("|" if x == n - 1 or v[y][x] else " ")
        lines.append(row)
        lines.append("+" + "".join("---+" if y == n - 1 or h[y][x] else "   +" for x in range(n)))
    return "\n".join(lines)


class GnomesAtNightUI:
    """Terminal play of Gnomes at Night: your side drawn as text, a move and a message per turn."""

    def intro(self, console: Console, observation: Any, game_id: str, preset: str) -> None:
        say(
            console,
            (game_id, "bold"),
            f": steer the token (@) to the treasure with your partner ({preset}). You see only "
            "your side's walls; your partner's walls differ. Type 'MOVE message' (moves: stay right up left "
            "down, or s r u l d), /board, /quit.",
        )
        self._board(console, observation)

    def _board(self, console: Console, observation: Any) -> None:
        seen = (
            f"the treasure is at $ {tuple(observation.treasure)}"
            if observation.treasure
            else "you cannot see the treasure"
        )
        say(console, f"round {observation.round}/{observation.rounds}, turn {observation.round_turns}, {seen}")
        console.print(draw_maze(observation), highlight=False, markup=False)

    def read_turn(self, console: Console, observation: Any) -> Turn | None:
        from games.gnomes_at_night import MOVES, MoveAction

        self._board(console, observation)
        while True:
            line = _prompt()
            if line is None:
                return None
            if line == "/board":
                self._board(console, observation)
                continue
            first, _, rest = line.partition(" ")
            move = _MOVE_WORDS.get(first.lower(), first.lower())
            message = rest.strip() if move in MOVES else line
            while move not in MOVES:
                answer = _prompt("move (stay/right/up/left/down)> ")
                if answer is None:
                    return None
                move = _MOVE_WORDS.get(answer.lower(), answer.lower())
            return Turn(message=message, actions=(MoveAction(move=move),))

    def show_partner(self, console: Console, turn: Turn, state: Any, human: int) -> None:
        if turn.message:
            say(console, ("partner>", "cyan"), f" {turn.message}")
        moved = turn.actions[0].move if turn.actions else "stay"
        say(console, ("partner moved", "cyan"), f" {moved}")

    def summary(self, console: Console, metrics: dict[str, Any]) -> None:
        rounds = ", ".join(
            f"{r['round']}: {'found' if r['success'] else 'missed'} in {r['turns']} (best {r['oracle_turns']})"
            for r in metrics["per_round"]
        )
        say(console, f"rounds solved {metrics['rounds_solved']}/{metrics['rounds']}: {rounds}")


_UIS = {"traveling_adventurers": TravelingAdventurersUI, "gnomes_at_night": GnomesAtNightUI}


def play_in_terminal(
    game_name: str,
    preset: str,
    human: int,
    seed: int,
    game_options: dict[str, Any],
    console: Console,
    llm: LLMConfig | None = None,
) -> dict[str, Any]:
    """Play one game with a person at the keyboard; returns the transcript and metrics.

    ``llm`` configures the language model of an LLM preset (default: from the environment).
    """
    registry = default_registry()
    family = registry.game_family(game_name)
    if family not in _UIS:
        raise ValueError(f"{family} cannot be played in the terminal yet; games: {', '.join(_UIS)}")
    ui = _UIS[family]()
    game = registry.make_game(game_name, **game_options)
    agent = registry.build_agent(registry.preset(game_name, preset), llm)
    agent.reset(agent_rng(seed, 1 - human))
    state = game.new_initial_state(seed)
    ui.intro(console, state.observation(human), game.facts.game_id, preset)
    while not state.is_terminal():
        player = state.current_player
        if player == human:
            turn = ui.read_turn(console, state.observation(human))
            if turn is None:
                say(console, "you left the game")
                break
        else:
            turn = agent.act(state.observation(player))
        try:
            state.apply(turn)
        except IllegalTurnError as err:
            say(console, ("refused:", "red"), f" {err}")
            continue
        if player != human:
            ui.show_partner(console, turn, state, human)
    metrics = state.metrics().model_dump(mode="json")
    ui.summary(console, metrics)
    return {
        "game_id": game.facts.game_id,
        "seed": seed,
        "agent": preset,
        "human": game.facts.player_names[human],
        "metrics": metrics,
        "transcript": [{"player": game.facts.player_names[r.player], "message": r.turn.message} for r in state.history],
    }

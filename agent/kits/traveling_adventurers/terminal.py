"""Terminal play of Traveling Adventurers: a chat message as typed; ``/submit L,E,A,B,K,C,L`` to
submit the final tour (with an optional message after ``--``); ``/coins`` to show your coins again;
``/quit``. A /submit that is not a closed tour through every room once gets one line and a new
prompt."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table

from agent.terminal import LiteralTable, prompt_line, say
from games.base import Turn


def _coins_table(observation: Any) -> Table:
    table = LiteralTable(title=f"your {observation.coin_kind} coins (you are {observation.role})")
    table.add_column("hallway")
    table.add_column("coins", justify="right")
    for u, v, c in observation.own_coins:
        table.add_row(f"{observation.rooms[u]} ({u}) - {observation.rooms[v]} ({v})", str(c))
    return table


def _read_turn(console: Console, observation: Any) -> Turn | None:
    """Prompt until the person gives a usable turn; None means quit (or end of input). A /submit
    that is not a closed tour of the board gets one line and a new prompt; nothing is submitted."""
    from games.traveling_adventurers import Submit, tour_problem

    rooms = list(observation.rooms)
    example = ",".join([*rooms, observation.start])
    while True:
        line = prompt_line()
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
